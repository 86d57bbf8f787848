"""Playthrough goldens: today's games, replayed decision by decision, must not change; and the
whole-game net (``tests/net.py``) that every check needing a whole game runs on.

Each file under ``tests/goldens/<game>/`` (written by ``python tools/goldens.py --write``,
``make goldens``) is a whole seeded game by the heuristic bots: a header line, one line per
decision (phase, seat, legal actions, the action, the score entries and log rule ids it
caused) and an end line. The tests replay every golden from its header and compare line by
line, once, with every whole-game check of the suite at each decision (tests/net.py says which); they also check that the set of goldens is the one the registry gives (every game,
every player count, every option value) and that every recorded game reached its end.
Any difference is a bug unless the commit that regenerates the goldens says which rule it
corrects (CONTRIBUTING.md, "Goldens").
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from engine import games

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import goldens  # noqa: E402
from net import check_golden  # noqa: E402

FILES = sorted(goldens.GOLDENS.glob("*/*.jsonl"))
EXPECTED = goldens.expected()


def _lines(path: Path) -> list[dict]:
    return [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]


def _id(path: Path) -> str:
    return str(path.relative_to(goldens.GOLDENS))


def test_the_goldens_are_those_the_registry_gives():
    missing = sorted(_id(p) for p in EXPECTED if not p.exists())
    stale = sorted(_id(p) for p in FILES if p not in EXPECTED)
    assert not missing, f"goldens missing (run python tools/goldens.py --write): {missing}"
    assert not stale, f"goldens that no configuration names any more: {stale}"
    for path, header in EXPECTED.items():
        stored = goldens.read_header(path)
        assert stored == header, f"{_id(path)}: header\n  stored: {stored}\n  wanted: {header}"


def test_every_game_player_count_and_option_value_is_recorded():
    variants: dict[str, list[dict]] = {}
    for path in FILES:
        header = goldens.read_header(path)
        variants.setdefault(header["game"], []).append(header["variant"])
    for spec in games.all():
        recorded = variants.get(spec.id, [])
        counts = {v["players"] for v in recorded}
        assert counts == set(range(spec.min_players, spec.max_players + 1)), f"{spec.id}: player counts {counts}"
        for option in spec.options():
            for value in goldens.option_values(spec.id, option):
                assert any(v[option["name"]] == value for v in recorded), \
                    f"{spec.id}: no golden plays {option['name']}={value!r}"


@pytest.mark.parametrize("path", FILES, ids=_id)
def test_a_golden_game_is_whole_and_numbered(path):
    header, start, *decisions, end = _lines(path)
    assert header["golden"] == goldens.FORMAT and header["bots"] == "heuristic"
    assert start["n"] == 0 and "action" not in start
    assert [d["n"] for d in decisions] == list(range(1, len(decisions) + 1))
    assert all(d["action"] in d["legal"] for d in decisions), "an action that was not among the legal ones"
    assert end["decisions"] == len(decisions)
    if end["end"] == "cap":
        assert len(decisions) == header["cap"], f"stopped after {len(decisions)} decisions, not at the cap"
    else:
        assert end["end"] == "over" and end["winners"], f"the game did not reach its outcome: {end}"
        assert len(end["scores"]) == header["players"]


@pytest.mark.parametrize("path", FILES, ids=_id)
def test_a_golden_replays_identically_and_keeps_every_rule_of_the_net(path):
    check_golden(path)
