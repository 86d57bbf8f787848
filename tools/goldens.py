"""Playthrough goldens: whole seeded games by the heuristic bots, one line per decision.

A golden is a JSON-lines file under ``tests/goldens/<game>/<name>.jsonl``:

* line 1, the header: ``{"golden": 1, "game", "players", "variant" (every option with its
  value), "options" (the options this golden sets, the rest at their defaults), "seed",
  "bots": "heuristic", "bot_seeds" (one per seat), "cap"}``;
* line 2, ``{"n": 0, "deal": 1, "log": [...]}``: what the new game did before the first decision
  (the draw for seats, the first deal's trump), in the fields below;
* one line per decision: ``{"n", "deal", "phase", "seat", "legal", "action"}`` and, when the
  action caused them, ``"score"`` (the score-sheet entries it added: ``side``, ``points``,
  ``rule``, or ``void`` and ``rule`` for a deal written off as void), ``"payments"`` (the
  change of each seat's payments outside the score: the view's ``ledger.accounts`` of unit
  ``payment``, Памфил's) and ``"log"``
  (the log entries it added, as ``[seat, rule]``);
* the last line, the end: ``{"end": "over", "decisions", "deals", "winners", "scores"}`` (and
  ``"settlement"``, ``"payments"`` for a game whose view's ``ledger.accounts`` has a
  ``settlement`` at the end: the loo games; payments all nothing where none was made), or ``{"end": "cap", ...}`` when the
  game was stopped after ``cap`` decisions (no golden of today's engine needs it).

Everything is read through the public state API only (``current_player``, ``legal_actions``,
``apply``, ``phase``, ``log``, ``view(None)``, ``is_over``, ``outcome``), actions and legal
actions as their text (``str(action)``: ``play 7H``, ``announce 34``), log entries by their seat
and rule id (never their English text), score entries by side, points and rule id (never
their ``why``). ``phase`` is the state's ``phase`` string as today's engine names it
(``ruff``, ``head``, ``play``; ``bid``, ``discard``, ``draw``, ``dealer_exchange``, ``lay_out``,
``declare`` …): a port must keep mapping its phases to these names.

Run ``python tools/goldens.py --write`` (``make goldens``) to record every golden again, and
``python tools/goldens.py --check`` to compare them with the engine (what
``tests/test_goldens.py`` does). Through a port the goldens must stay identical: any change
is a bug unless the commit that regenerates them says which rule it corrects.

Which games are recorded: every game of the registry (``engine.games``), at every player count
it allows with its default readings, then, for every option, each value not yet recorded (an
int option without listed values: its default and the value of :data:`OTHER_VALUES`), set
alone where it bites (:data:`CONTEXTS`), then the configurations of :data:`EXTRA`, then one
game with every option at its last value (``mixed``; an option the rules refuse in that
combination, as Gleek's fractional par, at its default).
"""

from __future__ import annotations

import argparse
import json
import sys
import zlib
from collections.abc import Callable, Iterator, Mapping
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT) not in sys.path:
    sys.path.insert(0, str(ROOT))

from engine import games  # noqa: E402
from engine.bots import make_bot  # noqa: E402
from engine.errors import VariantError  # noqa: E402
from engine.table_view import account_totals  # noqa: E402

GOLDENS = ROOT / "tests" / "goldens"
FORMAT = 1
CAP = 5000
"""Decisions after which a recorded game is stopped (its end line then says ``cap``).
The longest golden game of today's engine takes about 1,500 decisions; every one is whole."""

OTHER_VALUES: dict[str, int] = {
    "stake": 2,             # a point of the record worth two in the settlement
    "agreed_sum": 10,       # each loser pays ten under the agreed-sum settlement
    "pamphil_payment": 2,   # the pamphil's declarer receives two from each other player
    "start_record": 10,     # Петух: a shorter record than the usual fifteen
    "deals": 6,             # Gleek: a game of six deals, each player dealing twice
}
"""For an int option without listed values: the value recorded beside its default."""

CONTEXTS: dict[tuple[str, str], dict[str, Any]] = {
    # Four players are dealt twelve, where "dealt" and "twelve" agree: three dealt sixteen differ.
    ("ruffe-and-trumps", "count_baseline"): {"players": 3, "hand_size": 16},
    # The two-handed target only exists for two players dealt twenty-four.
    ("ruffe-and-trumps", "two_player_target"): {"players": 2, "hand_size": 24},
    # The 32- or 52-card question is only open for two players.
    ("mushka", "two_player_pack"): {"players": 2},
    ("pamphil", "two_player_pack"): {"players": 2},
    # The agreed sum is only paid under the agreed-sum settlement.
    ("mushka", "agreed_sum"): {"settlement": "fixed"},
    ("pamphil", "agreed_sum"): {"settlement": "fixed"},
    # The offset only arises when the jack variant is played.
    ("rams", "jacks_no_trick"): {"jacks": "jacks"},
    # The reduced pack only exists for six players.
    ("petukh", "six_player_pack"): {"players": 6},
}
"""Where an option's readings bite: the options set beside it (the others at their defaults)."""

EXTRA: dict[str, list[dict[str, Any]]] = {
    "ruffe-and-trumps": [
        {"players": 4, "partnerships": False},   # four players each for himself
        {"players": 3, "hand_size": 12},         # the short deal of three
        {"players": 2, "hand_size": 12},         # the short deal of two
    ],
}
"""Configurations recorded besides those the rules above give."""


# --------------------------------------------------------------------------- configurations

class GoldenError(ValueError):
    """The tables above cannot give a golden (an option without values, a refused configuration)."""


def option_values(game_id: str, option: Mapping[str, Any]) -> list[Any]:
    """The values of ``option`` (one entry of ``spec.options()``) the goldens must play."""
    if option["values"] is not None:
        return list(option["values"])
    if option["type"] == "int" and option["name"] in OTHER_VALUES:
        return [option["default"], OTHER_VALUES[option["name"]]]
    raise GoldenError(f"{game_id}: option {option['name']!r} has no listed values and no entry in "
                     "OTHER_VALUES of tools/goldens.py: say which value to record beside its default")


def _name(options: Mapping[str, Any]) -> str:
    """``p4``, ``p3_hand_size-12``, ``p6_six_player_pack-thirty-four``."""
    parts = [f"p{options['players']}"]
    parts += [f"{k}-{str(v).lower()}" for k, v in options.items() if k != "players"]
    return "_".join(parts)


def _seed(game_id: str, name: str) -> int:
    """A seed of its own for each golden, stable when others are added."""
    return zlib.crc32(f"{game_id}/{name}".encode()) % 10_000


def configurations(spec: Any) -> list[dict[str, Any]]:
    """The goldens of one game: ``{"name", "options", "variant"}`` each, in a fixed order."""
    counts = list(range(spec.min_players, spec.max_players + 1))
    chosen: list[dict[str, Any]] = []
    seen: set[str] = set()

    def add(options: dict[str, Any], name: str | None = None) -> bool:
        try:
            variant = spec.make_variant(**options)
        except VariantError:
            return False
        name = name or _name(options)
        if name not in seen:
            seen.add(name)
            chosen.append({"name": name, "options": options, "variant": variant})
        return True

    def covered(option: str, value: Any) -> bool:
        return any(c["variant"].to_json()[option] == value for c in chosen)

    for players in counts:
        add({"players": players})
    options = [o for o in spec.options() if o["name"] != "players"]
    for option in options:
        name = option["name"]
        for value in option_values(spec.id, option):
            if covered(name, value):
                continue
            context = CONTEXTS.get((spec.id, name), {})
            if "players" in context:
                tables = [context["players"]]
            else:  # spread the readings over the table sizes, stably
                start = zlib.crc32(f"{name}={value}".encode()) % len(counts)
                tables = counts[start:] + counts[:start]
            if not any(add({"players": p, **{k: v for k, v in context.items() if k != "players"}, name: value})
                       for p in tables):
                raise GoldenError(f"{spec.id}: no table accepts {name}={value!r} (context {context})")
    for extra in EXTRA.get(spec.id, []):
        if not add(dict(extra)):
            raise GoldenError(f"{spec.id}: EXTRA configuration {extra} is refused by the variant")
    last = {o["name"]: option_values(spec.id, o)[-1] for o in options}
    for _ in options:  # a combination no table accepts (Gleek's fractional par): the option it names goes back
        refusals = _refusals(spec, counts, last)
        named = [e.option for e in refusals if e.option in last and last[e.option] != _default(options, e.option)]
        if not refusals or not named:
            break
        last[named[0]] = _default(options, named[0])
    if not any(add({"players": p, **last}, f"p{p}_mixed") for p in reversed(counts)):
        raise GoldenError(f"{spec.id}: no table accepts every option at its last value {last}")
    for option in options:
        for value in option_values(spec.id, option):
            if not covered(option["name"], value):
                raise GoldenError(f"{spec.id}: {option['name']}={value!r} is in no golden")
    return chosen


def _refusals(spec: Any, counts: list[int], options: dict[str, Any]) -> list[VariantError]:
    """Why each table refuses ``options`` (nothing when one accepts them)."""
    refusals = []
    for players in counts:
        try:
            spec.make_variant(players=players, **options)
            return []
        except VariantError as error:
            refusals.append(error)
    return refusals


def _default(options: list[dict[str, Any]], name: str) -> Any:
    return next(o["default"] for o in options if o["name"] == name)


def header_for(spec: Any, config: Mapping[str, Any]) -> dict[str, Any]:
    variant = config["variant"]
    players = variant.to_json()["players"]
    seed = _seed(spec.id, config["name"])
    return {
        "golden": FORMAT, "game": spec.id, "players": players, "variant": variant.to_json(),
        "options": dict(config["options"]), "seed": seed,
        "bots": "heuristic", "bot_seeds": [seed * 101 + seat for seat in range(players)], "cap": CAP,
    }


# --------------------------------------------------------------------------- recording

def _sheet_items(view: Mapping[str, Any]) -> list[dict[str, Any]]:
    """Every score-sheet entry so far (the deal in progress included), in order."""
    items: list[dict[str, Any]] = []
    for row in view.get("score_sheet") or []:
        for entry in row.get("entries", []):
            items.append({"side": entry["side"], "points": entry["points"], "rule": entry["rule"]})
        if row.get("void"):
            items.append({"void": True, "rule": row["void"]["rule"]})
    return items


def _dumps(data: Mapping[str, Any]) -> str:
    return json.dumps(data, ensure_ascii=False, separators=(",", ":"))


class _Caused:
    """What the state added since the last look: score-sheet entries, payments, log entries."""

    def __init__(self) -> None:
        self.sheet = 0
        self.payments: list[int] | None = None
        self.log = 0

    def since(self, state: Any, view: Mapping[str, Any], line: dict[str, Any]) -> None:
        items = _sheet_items(view)
        if len(items) > self.sheet:
            line["score"] = items[self.sheet:]
        self.sheet = len(items)
        now = account_totals(view, "payment")
        if now is not None and now != self.payments:
            before = self.payments or [0] * len(now)
            if any(a != b for a, b in zip(now, before)):
                line["payments"] = [a - b for a, b in zip(now, before)]
        self.payments = now
        entries = state.log_from(self.log)  # (only the new entries: a log entry is written when read)
        if entries:
            line["log"] = [[e["seat"], e["rule"]] for e in entries]
        self.log += len(entries)


Observer = Callable[[Any, Mapping[str, Any], dict[str, Any]], None]
"""``observe(state, view, line)``: called before the first decision (``line`` the start line, ``n`` 0), after
each decision is applied (``line`` that decision's, ``view`` the omniscient view just taken) and at the end."""


def record(header: Mapping[str, Any], observe: Observer | None = None) -> Iterator[str]:
    """The lines of the golden described by ``header`` (the header line first), played now; ``observe``
    sees the state at every step (the one replay that every whole-game check of the tests shares)."""
    if header.get("bots") != "heuristic":
        raise ValueError(f"goldens are played by the heuristic bots, not {header.get('bots')!r}")
    spec = games.get(header["game"])
    state = spec.new_game(spec.make_variant(**header["variant"]), seed=header["seed"])
    bots = [make_bot("heuristic", seed=s) for s in header["bot_seeds"]]
    yield _dumps(header)
    caused = _Caused()
    view = state.view(None)
    start: dict[str, Any] = {"n": 0, "deal": view["deal"]}  # what the new game did before any decision
    caused.since(state, view, start)
    if observe is not None:
        observe(state, view, start)
    yield _dumps(start)
    n = 0
    while not state.is_over() and n < header["cap"]:
        seat = state.current_player()
        line: dict[str, Any] = {"n": n + 1, "deal": view["deal"], "phase": state.phase, "seat": seat,
                                "legal": [str(a) for a in state.legal_actions()]}
        action = bots[seat].choose(state, seat)
        line["action"] = str(action)
        state.apply(action)
        n += 1
        view = state.view(None)
        caused.since(state, view, line)
        if observe is not None:
            observe(state, view, line)
        yield _dumps(line)
    end: dict[str, Any] = {"end": "over" if state.is_over() else "cap", "decisions": n, "deals": view["deal"]}
    outcome = state.outcome()
    if outcome is not None:
        end["winners"] = list(outcome.winners)
        end["scores"] = list(outcome.scores)
    else:
        end["totals"] = list(state.totals())
    settlement = account_totals(view, "settlement")
    if settlement is not None:  # a game that settles at the end: its settlement and side payments
        end["settlement"] = settlement
        end["payments"] = account_totals(view, "payment") or [0] * len(settlement)
    if observe is not None:
        observe(state, view, end)
    yield _dumps(end)


def expected() -> dict[Path, dict[str, Any]]:
    """Every golden's path and header, as the registry and the tables above give them."""
    out: dict[Path, dict[str, Any]] = {}
    for spec in games.all():
        for config in configurations(spec):
            out[GOLDENS / spec.id / f"{config['name']}.jsonl"] = header_for(spec, config)
    return out


def read_header(path: Path) -> dict[str, Any]:
    with path.open(encoding="utf-8") as f:
        return json.loads(f.readline())


def _fields(want: str, got: str | None) -> str:
    """`` (in "legal", "action")``: the keys whose values differ between two lines."""
    if got is None:
        return ""
    a, b = json.loads(want), json.loads(got)
    keys = [k for k in dict.fromkeys([*a, *b]) if a.get(k) != b.get(k)]
    return f" (in {', '.join(map(json.dumps, keys))})" if keys else ""


def first_difference(path: Path, observe: Observer | None = None) -> str | None:
    """``None`` if the golden at ``path`` replays identically from its header; else where and how it differs.
    ``observe``: as for :func:`record` (an assertion it raises is not caught here)."""
    want = path.read_text(encoding="utf-8").splitlines()
    where = path.relative_to(ROOT)
    got = record(json.loads(want[0]), observe)
    for number, expected_line in enumerate(want, start=1):
        try:
            line = next(got, None)
        except AssertionError:  # a check of the observer's: the test reports it
            raise
        except Exception as exc:  # an engine error in the replay: say where it came
            return f"{where}:{number}: the replay raised {type(exc).__name__}: {exc}\n  expected: {expected_line}"
        if line != expected_line:
            return (f"{where}:{number}: differs{_fields(expected_line, line)}\n  expected: {expected_line}\n"
                    f"  got:      {line if line is not None else '(the game ended earlier)'}")
    extra = next(got, None)
    if extra is not None:
        return f"{where}:{len(want) + 1}: the replay goes on past the golden's end\n  got: {extra}"
    return None


def write() -> list[Path]:
    """Record every golden again; remove goldens no configuration names any more."""
    wanted = expected()
    for path, header in wanted.items():
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text("\n".join(record(header)) + "\n", encoding="utf-8")
    for old in GOLDENS.glob("*/*.jsonl"):
        if old not in wanted:
            old.unlink()
    return sorted(wanted)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    mode = parser.add_mutually_exclusive_group(required=True)
    mode.add_argument("--write", action="store_true", help="record every golden again from today's engine")
    mode.add_argument("--check", action="store_true", help="replay every golden and report the first difference")
    mode.add_argument("--list", action="store_true", help="list the goldens the registry gives, with their headers")
    args = parser.parse_args(argv)
    try:
        return _run(args)
    except GoldenError as error:
        print(f"goldens: {error}", file=sys.stderr)
        return 2


def _run(args: argparse.Namespace) -> int:
    if args.write:
        paths = write()
        size = sum(p.stat().st_size for p in paths)
        print(f"wrote {len(paths)} goldens under {GOLDENS.relative_to(ROOT)} ({size / 1e6:.2f} MB)")
        return 0
    if args.list:
        for path, header in expected().items():
            print(path.relative_to(ROOT), _dumps(header["options"]), "seed", header["seed"])
        return 0
    failures = [d for d in (first_difference(p) for p in sorted(GOLDENS.glob("*/*.jsonl"))) if d]
    missing = [p for p in expected() if not p.exists()]
    for d in failures:
        print(d)
    for p in missing:
        print(f"{p.relative_to(ROOT)}: missing (run python tools/goldens.py --write)")
    return 1 if failures or missing else 0


if __name__ == "__main__":
    raise SystemExit(main())
