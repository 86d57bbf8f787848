"""The map from rule to tests (``engine/rule_tests.json``), made at build time by
``tools/rule_tests.py`` and only read by the engine (``engine/rule_index.py``).

The packaged file must equal a fresh build (else: the command that makes it again); the
scan must find every rule-marked test that pytest collects; and an engine without the
file lists only the worked examples' tests and says so.
"""

from __future__ import annotations

import json
import re
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from engine import bridge, catalogue, cli, games, rule_index
from engine.errors import CatalogueError

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import rule_tests  # noqa: E402  (tools/rule_tests.py)

MAP = ROOT / "engine" / rule_index.MAP_FILE
GAME = "ruffe-and-trumps"
EXAMPLE_TEST = "tests/test_examples.py::test_worked_example["


def test_the_packaged_map_is_current() -> None:
    where = MAP.relative_to(ROOT)
    assert MAP.is_file(), f"{where} is missing: run `{rule_index.REBUILD}` (make does it before the wheel and the site)"
    text = MAP.read_text(encoding="utf-8")
    stored, fresh = rule_index.parse_map(text), rule_tests.build()
    changed = sorted(r for r in stored.keys() | fresh.keys() if stored.get(r) != fresh.get(r))
    assert not changed, (f"{where} is stale for {len(changed)} rule(s), e.g. {changed[:5]}: "
                         f"run `{rule_index.REBUILD}`")
    assert text == rule_tests.render(fresh), f"{where} is not as the tool writes it: run `{rule_index.REBUILD}`"


def proven_rules(item: pytest.Item) -> list[str]:
    """The rule ids a collected test proves: its ``rule`` marks; a worked example, its rule."""
    ids = [str(a) for mark in item.iter_markers(name="rule") for a in mark.args]
    if item.nodeid.startswith(EXAMPLE_TEST):
        ids.append(item.callspec.params["rule_id"])  # type: ignore[attr-defined]
    return ids


def test_the_map_holds_every_collected_rule_test(request: pytest.FixtureRequest) -> None:
    """Each test collected in this run that proves a rule is in that rule's list: by its node
    id (parametrized), its node id without parameters, or its module (a ``pytestmark``)."""
    stored = rule_index.parse_map(MAP.read_text(encoding="utf-8"))
    missing = []
    for item in request.session.items:
        names = {item.nodeid, re.sub(r"\[.*\]$", "", item.nodeid), item.nodeid.split("::")[0]}
        missing += [f"{item.nodeid} ({rule_id})" for rule_id in proven_rules(item)
                    if not names & set(stored.get(rule_id, []))]
    assert not missing, f"tests proving a rule that tools/rule_tests.py did not list: {missing[:10]}"


def test_example_test_ids_name_the_worked_example_tests() -> None:
    from test_examples import EXAMPLES  # the parametrization of tests/test_examples.py

    listed = {t for rule in catalogue.all_rules() for t in rule_index.example_test_ids(rule)}
    assert listed == {f"{EXAMPLE_TEST}{rule_id}/{example_id}]" for rule_id, example_id in EXAMPLES}
    only_catalogued = [r for r in catalogue.all_rules() if catalogue.game_of(r["id"]) not in games.ids()]
    assert all(rule_index.example_test_ids(r) == [] for r in only_catalogued), "a game without an engine runs no example"


def test_scan_reads_marks_on_functions_classes_and_modules(tmp_path: Path) -> None:
    tests = tmp_path / "tests"
    (tests / "deep").mkdir(parents=True)
    (tests / "test_a.py").write_text(
        "import pytest\n"
        "@pytest.mark.rule('g.t.one', 'g.t.two')\n"
        "def test_f(): pass\n"
        "@pytest.mark.parametrize('x', [pytest.param(1, marks=pytest.mark.rule('g.t.three'))])\n"
        "def test_p(x): pass\n"
        "@pytest.mark.rule('g.t.one')\n"
        "class TestC:\n"
        "    @pytest.mark.rule('g.t.two')\n"
        "    def test_m(self): pass\n"
        "    def helper(self): pass\n"
        "def test_unmarked(): pass\n", encoding="utf-8")
    (tests / "deep" / "test_b.py").write_text("import pytest\npytestmark = [pytest.mark.rule('g.t.two')]\n",
                                              encoding="utf-8")
    (tests / "helpers.py").write_text("import pytest\n@pytest.mark.rule('g.t.four')\ndef test_x(): pass\n",
                                      encoding="utf-8")
    assert rule_tests.scan(tests) == {
        "g.t.one": ["tests/test_a.py::test_f", "tests/test_a.py::TestC::test_m"],
        "g.t.two": ["tests/deep/test_b.py", "tests/test_a.py::test_f", "tests/test_a.py::TestC::test_m"],
        "g.t.three": ["tests/test_a.py::test_p"],
    }


def test_scan_stops_at_a_test_file_that_does_not_parse(tmp_path: Path) -> None:
    (tmp_path / "tests").mkdir()
    (tmp_path / "tests" / "test_broken.py").write_text("def test_(:\n", encoding="utf-8")
    with pytest.raises(SystemExit, match=r"tests/test_broken.py: cannot be parsed"):
        rule_tests.scan(tmp_path / "tests")


def test_build_lists_examples_then_marked_tests_once() -> None:
    rule = next(r for r in catalogue.load(GAME).rules if r.get("examples"))
    examples = rule_index.example_test_ids(rule)
    built = rule_tests.build({rule["id"]: [examples[0], "tests/test_x.py::test_y"], "nobody.t.x": ["tests/t.py"]})
    assert built[rule["id"]] == examples + ["tests/test_x.py::test_y"]
    assert "nobody.t.x" not in built


def test_write_then_check(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "rule_tests.json"
    assert rule_tests.main(["--check"], path) == 1
    assert f"missing; run `{rule_index.REBUILD}`" in capsys.readouterr().err
    assert rule_tests.main(["--write"], path) == 0
    assert "written" in capsys.readouterr().out
    assert path.read_text(encoding="utf-8") == MAP.read_text(encoding="utf-8")
    assert rule_tests.main(["--check"], path) == 0
    path.write_text(path.read_text(encoding="utf-8").replace("tests/test_", "tests/test_old_", 1), encoding="utf-8")
    assert rule_tests.main(["--check"], path) == 1
    assert "stale" in capsys.readouterr().err


@pytest.mark.parametrize(("text", "complaint"), [
    ("{", "not JSON"),
    ('{"about": "x"}', "needs an object 'rules'"),
    ('{"rules": {"g.t.x": "tests/t.py"}}', "rule 'g.t.x': tests must be a list"),
    ('{"rules": {"g.t.x": [1]}}', "rule 'g.t.x': tests must be a list"),
])
def test_a_malformed_map_is_a_catalogue_error(text: str, complaint: str) -> None:
    with pytest.raises(CatalogueError) as caught:
        rule_index.parse_map(text)
    assert complaint in str(caught.value) and rule_index.REBUILD in str(caught.value)
    assert str(caught.value).startswith("engine/rule_tests.json: ")


@pytest.fixture
def without_the_map(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    monkeypatch.setattr(rule_index, "MAP_FILE", "absent-rule-tests.json")
    rule_index.clear_cache()
    yield
    monkeypatch.undo()
    rule_index.clear_cache()


def test_with_the_map_the_answers_are_complete() -> None:
    response = json.loads(bridge.handle(json.dumps({"op": "rules", "game": GAME})))
    assert set(response) == {"ok", "op", "rules"}
    deck = next(e for e in response["rules"] if e["id"] == "ruffe-and-trumps.deck.full")
    assert "tests/test_properties.py::test_no_card_is_created_or_lost" in deck["tests"]
    assert rule_index.tests_note() is None


def test_without_the_map_only_the_examples_and_a_note(without_the_map: None,
                                                      capsys: pytest.CaptureFixture[str]) -> None:
    entries = rule_index.rule_entries(GAME)
    assert entries and all(e["tests"] == rule_index.example_test_ids(e) for e in entries)
    note = rule_index.tests_note()
    assert note is not None and "absent-rule-tests.json is missing" in note and rule_index.REBUILD in note
    response = json.loads(bridge.handle(json.dumps({"op": "rules", "game": GAME})))
    assert response["ok"] and response["rules"] == entries and response["tests_note"] == note
    assert cli.main(["rules", "--game", GAME, "--json"]) == 0
    out, err = capsys.readouterr()
    assert json.loads(out) == entries and note in err
