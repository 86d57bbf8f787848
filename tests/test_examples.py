"""Every worked example of every implemented game's catalogue, run as a test
named ``rule-id/example-id``; and the checks that tie the catalogue, the
engine's rule registry and the tests together."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from engine import catalogue, games, rules
from engine.examples import normalize, run_example, runners_of

TESTS = Path(__file__).parent
MARK = re.compile(r"""mark\.rule\(\s*((?:["'][^"']+["']\s*,?\s*)+)\)""")


def implemented_examples() -> list[tuple[str, str]]:
    pairs = []
    for game_id in games.ids():
        for rule_id, example in catalogue.examples(game_id):
            pairs.append((rule_id, example["id"]))
    return pairs


EXAMPLES = implemented_examples()


@pytest.mark.parametrize(("rule_id", "example_id"), EXAMPLES, ids=[f"{r}/{e}" for r, e in EXAMPLES])
def test_worked_example(rule_id: str, example_id: str) -> None:
    result = run_example(rule_id, example_id)
    assert result["error"] is None, result["error"]
    assert result["passed"], f"expected {result['expected']!r}, got {result['actual']!r}"


def test_every_implemented_game_has_examples_with_runners() -> None:
    for game_id in games.ids():
        examples = catalogue.examples(game_id)
        assert examples, f"{game_id}: the catalogue has no worked examples"
        runners = runners_of(games.get(game_id))
        missing = sorted({ex.get("run") for _, ex in examples if ex.get("run") not in runners}, key=str)
        assert not missing, (f"{game_id}: examples name runners missing from those its spec names "
                             f"({games.get(game_id).examples}): {missing}")


def test_examples_are_well_formed() -> None:
    for game_id in games.ids():
        for rule_id, ex in catalogue.examples(game_id):
            where = f"{rule_id}/{ex.get('id')}"
            assert isinstance(ex.get("id"), str) and ex["id"], f"{where}: example without an id"
            assert ("expected" in ex) != ("expected_error" in ex), f"{where}: give exactly one of expected / expected_error"
            assert isinstance(ex.get("given", {}), dict), f"{where}: 'given' must be a table"
            if "expected_error" in ex:
                assert catalogue.find_rule(ex["expected_error"]) is not None, \
                    f"{where}: expected_error names unknown rule {ex['expected_error']!r}"


def _marked_in_sources() -> set[str]:
    """Rule ids named by ``mark.rule(...)`` anywhere under tests/ (so the check
    holds when only part of the suite is collected)."""
    ids: set[str] = set()
    for path in TESTS.rglob("*.py"):
        for match in MARK.finditer(path.read_text(encoding="utf-8")):
            ids.update(re.findall(r"""["']([^"']+)["']""", match.group(1)))
    return ids


def _marked_in_session(session: pytest.Session) -> set[str]:
    ids: set[str] = set()
    for item in session.items:
        for mark in item.iter_markers(name="rule"):
            ids.update(str(a) for a in mark.args)
    return ids


def test_every_implemented_rule_has_a_case(request: pytest.FixtureRequest) -> None:
    games.load_all()
    implemented = rules.registry()
    with_examples = {rule_id for game_id in games.ids() for rule_id, _ in catalogue.examples(game_id)}
    marked = _marked_in_sources() | _marked_in_session(request.session)
    uncovered = sorted(r for r in implemented if r not in with_examples and r not in marked)
    assert not uncovered, f"implemented rules with no worked example and no @pytest.mark.rule test: {uncovered}"


def test_registry_names_only_catalogue_rules() -> None:
    games.load_all()
    unknown = sorted(r for r in rules.registry() if catalogue.find_rule(r) is None)
    assert not unknown, f"the engine implements ids that no catalogue has: {unknown}"


def test_every_catalogue_rule_of_an_implemented_game_is_implemented() -> None:
    for game_id in games.ids():
        missing = [r for r in catalogue.load(game_id).ids() if not rules.is_implemented(r)]
        assert not missing, f"{game_id}: catalogue rules with no @implements in the engine: {missing}"


def test_contested_rules_are_variant_options() -> None:
    """Every rule with readings (a contested rule, or an attested one with comparison readings)
    is a variant option whose values are its readings."""
    for game_id in games.ids():
        spec = games.get(game_id)
        options = {o["name"]: o for o in spec.options()}
        for entry in catalogue.load(game_id).rules:
            readings = entry.get("readings", [])
            if not readings:
                continue
            assert len(readings) >= 2, f"{entry['id']}: a rule with readings needs two (contested, or attested with comparison readings)"
            option = readings[0]["option"]
            assert option in options, f"{entry['id']}: option {option!r} is not a variant option of {game_id}"
            assert options[option]["rule"] == entry["id"], f"{entry['id']}: option {option!r} names rule {options[option]['rule']}"
            values = {str(v).lower() for v in options[option]["values"]}
            ids = {r["id"] for r in readings}
            assert ids == values, f"{entry['id']}: readings {sorted(ids)} but option values {sorted(values)}"
            default = [r["id"] for r in readings if r.get("default")]
            assert default == [str(options[option]["default"]).lower()], \
                f"{entry['id']}: catalogue default {default} but engine default {options[option]['default']!r}"


@pytest.mark.parametrize(("given", "expected"), [("none", None), (["none", 1], [None, 1]), ((1, 2), [1, 2])])
def test_normalize_reads_toml_none(given: object, expected: object) -> None:
    assert normalize(given) == expected


def test_missing_runner_is_reported() -> None:
    from engine.games.ruffe import examples as ruffe_examples

    saved = ruffe_examples.RUNNERS.pop("ruffe.game_end")
    try:
        result = run_example("ruffe-and-trumps.game.end", "tie-at-top")
    finally:
        ruffe_examples.RUNNERS["ruffe.game_end"] = saved
    assert not result["passed"] and "no runner" in result["error"]


def test_wrong_expected_error_fails() -> None:
    result = run_example("ruffe-and-trumps.players.count", "five-refused")
    assert result["passed"] and result["actual"] == "ruffe-and-trumps.players.count"
