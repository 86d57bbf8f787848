"""The rule catalogue: seven games, every rule well formed and grounded in a passage.

Read straight from ``engine/catalogue/<game>.toml`` with ``tomllib`` (as the site reads
it), so a broken file is reported with its own name even if the engine cannot load it.
"""

from __future__ import annotations

import json
import re
import tomllib
from pathlib import Path

import pytest

from engine import games

ROOT = Path(__file__).resolve().parents[1]
CATALOGUE = ROOT / "engine" / "catalogue"
GAME_IDS = games.ids()  # (the games registry's)
STATUSES = {"attested", "inferred", "supplied", "contested"}
NAME = r"[a-z0-9]+(?:-[a-z0-9]+)*"
RULE_ID = re.compile(rf"(?P<game>{NAME})\.(?P<topic>{NAME})\.(?P<name>{NAME})")
PASSAGE_ID = re.compile(r"(?P<key>[a-z]+)\.p\d{2,3}")


def passages() -> dict[str, dict]:
    found = {}
    for path in sorted((ROOT / "sources").glob("*/source.json")):
        for passage in json.loads(path.read_text(encoding="utf-8"))["passages"]:
            found[passage["id"]] = passage
    return found


def load(game_id: str) -> dict:
    path = CATALOGUE / f"{game_id}.toml"
    assert path.is_file(), f"{path.relative_to(ROOT)} is missing"
    try:
        return tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        pytest.fail(f"{path.relative_to(ROOT)} does not parse: {exc}")


def rules_of(game_id: str) -> list[dict]:
    rules = load(game_id).get("rules")
    assert isinstance(rules, list) and rules, f"{game_id}.toml has no [[rules]]"
    return rules


def test_a_catalogue_for_every_game_and_a_game_for_every_catalogue() -> None:
    present = sorted(p.stem for p in CATALOGUE.glob("*.toml"))
    assert present == sorted(GAME_IDS), f"catalogues present {present}, expected {sorted(GAME_IDS)}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_game_table(game_id: str) -> None:
    game = load(game_id).get("game")
    assert isinstance(game, dict), f"{game_id}.toml has no [game] table"
    assert game.get("id") == game_id, f"{game_id}.toml: [game] id is {game.get('id')!r}"
    for name in ("name", "name_original", "summary"):
        assert isinstance(game.get(name), str) and game[name].strip(), f"{game_id}.toml: [game] {name} is missing"
    players = game.get("players")
    assert isinstance(players, list) and players and all(isinstance(n, int) and 2 <= n <= 7 for n in players), \
        f"{game_id}.toml: [game] players {players!r}"
    known_sources = {p.parent.name for p in (ROOT / "sources").glob("*/source.json")}
    assert game.get("sources") and set(game["sources"]) <= known_sources, \
        f"{game_id}.toml: [game] sources {game.get('sources')!r}, known {sorted(known_sources)}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_rule_ids_are_well_formed_and_unique(game_id: str) -> None:
    seen: set[str] = set()
    for index, rule in enumerate(rules_of(game_id), start=1):
        rule_id = rule.get("id")
        match = RULE_ID.fullmatch(rule_id or "")
        assert match, f"{game_id}.toml: rule #{index} id {rule_id!r} is not '<game>.<topic>.<name>' (lowercase, hyphens)"
        assert match["game"] == game_id, f"{game_id}.toml: rule {rule_id} belongs to game {match['game']!r}"
        assert rule_id not in seen, f"{game_id}.toml: rule id {rule_id} is used twice"
        seen.add(rule_id)
        for name in ("title", "statement"):
            assert isinstance(rule.get(name), str) and rule[name].strip(), f"{game_id}.toml: rule {rule_id}: {name} is missing"


def test_rule_ids_are_unique_across_games() -> None:
    ids = [rule["id"] for game_id in GAME_IDS if (CATALOGUE / f"{game_id}.toml").exists() for rule in rules_of(game_id)]
    duplicates = sorted({i for i in ids if ids.count(i) > 1})
    assert not duplicates, f"rule ids used twice: {duplicates}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_statuses_and_passages(game_id: str) -> None:
    known = passages()
    sources = set(load(game_id)["game"].get("sources") or [])
    for rule in rules_of(game_id):
        rule_id, status = rule["id"], rule.get("status")
        assert status in STATUSES, f"{game_id}.toml: rule {rule_id}: status {status!r} is not one of {sorted(STATUSES)}"
        cited = rule.get("passages", [])
        assert isinstance(cited, list), f"{game_id}.toml: rule {rule_id}: passages must be a list"
        if status != "supplied":
            assert cited, f"{game_id}.toml: rule {rule_id} ({status}) cites no passage"
        for passage_id in cited:
            assert passage_id in known, f"{game_id}.toml: rule {rule_id} cites passage {passage_id!r}, which does not exist"
            key = PASSAGE_ID.fullmatch(passage_id)["key"]
            assert key in sources, f"{game_id}.toml: rule {rule_id} cites {passage_id} from source {key!r}, not one of the game's sources {sorted(sources)}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_readings_only_on_contested_rules(game_id: str) -> None:
    """Readings belong to contested rules; an attested rule may carry comparison readings
    (CONTRIBUTING.md, section 2): its default reading is the text's, every other one is marked
    ``comparison = true`` (a standard game named for comparison, not a reading of the text).
    A contested rule's readings are readings of the text: none is a comparison."""
    for rule in rules_of(game_id):
        rule_id, readings = rule["id"], rule.get("readings", [])
        status = rule.get("status")
        compared = [r.get("id") for r in readings if r.get("comparison") is True]
        if status == "attested" and readings:
            texts = [r.get("id") for r in readings if r.get("comparison") is not True]
            assert len(texts) == 1 and any(r.get("default") is True and r.get("id") == texts[0] for r in readings), \
                f"{game_id}.toml: attested rule {rule_id}: one reading, the default, must be the text's; the others comparison = true"
        elif status != "contested":
            assert not readings, f"{game_id}.toml: rule {rule_id} is {status} but has readings"
            continue
        else:
            assert not compared, f"{game_id}.toml: contested rule {rule_id} marks readings {compared} as comparison"
        assert all(isinstance(r.get("comparison", False), bool) for r in readings), \
            f"{game_id}.toml: rule {rule_id}: comparison must be true or false"
        assert len(readings) >= 2, f"{game_id}.toml: rule {rule_id} has {len(readings)} reading(s), needs at least 2"
        ids = [r.get("id") for r in readings]
        assert all(isinstance(i, str) and i for i in ids) and len(set(ids)) == len(ids), \
            f"{game_id}.toml: rule {rule_id}: reading ids {ids} must be present and distinct"
        defaults = [r["id"] for r in readings if r.get("default") is True]
        assert len(defaults) == 1, f"{game_id}.toml: rule {rule_id} has defaults {defaults}, needs exactly one"
        options = {r.get("option") for r in readings}
        assert len(options) == 1 and None not in options, \
            f"{game_id}.toml: rule {rule_id}: readings name options {sorted(map(str, options))}, need one"
        for reading in readings:
            for name in ("statement", "rationale"):
                assert isinstance(reading.get(name), str) and reading[name].strip(), \
                    f"{game_id}.toml: rule {rule_id}, reading {reading['id']}: {name} is missing"
            assert isinstance(reading.get("held_by", []), list), f"{game_id}.toml: rule {rule_id}, reading {reading['id']}: held_by must be a list"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_rule_has_a_worked_example(game_id: str) -> None:
    for rule in rules_of(game_id):
        examples = rule.get("examples", [])
        assert examples, f"{game_id}.toml: rule {rule['id']} has no worked example"
        ids = [e.get("id") for e in examples]
        assert len(set(ids)) == len(ids) and all(ids), f"{game_id}.toml: rule {rule['id']}: example ids {ids}"
        for example in examples:
            where = f"{game_id}.toml: rule {rule['id']}, example {example.get('id')}"
            assert isinstance(example.get("description"), str) and example["description"].strip(), f"{where}: no description"
            assert isinstance(example.get("run"), str) and example["run"], f"{where}: no runner ('run')"
            assert "given" in example, f"{where}: no 'given'"
            assert ("expected" in example) != ("expected_error" in example), f"{where}: needs exactly one of expected / expected_error"
            if "expected_error" in example:
                assert RULE_ID.fullmatch(str(example["expected_error"])), f"{where}: expected_error {example['expected_error']!r} is not a rule id"
            variant = example.get("variant", {})
            assert isinstance(variant, dict), f"{where}: variant must be a table"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_example_variants_name_real_readings(game_id: str) -> None:
    readings: dict[str, set[str]] = {}
    for rule in rules_of(game_id):
        for reading in rule.get("readings", []):
            readings.setdefault(reading["option"], set()).add(str(reading["id"]))
    for rule in rules_of(game_id):
        for example in rule.get("examples", []):
            for option, value in (example.get("variant") or {}).items():
                if option in readings and isinstance(value, str):
                    assert value in readings[option], (
                        f"{game_id}.toml: rule {rule['id']}, example {example['id']}: "
                        f"{option} = {value!r} is not one of the readings {sorted(readings[option])}")


def test_expected_errors_name_existing_rules() -> None:
    ids = {rule["id"] for game_id in GAME_IDS if (CATALOGUE / f"{game_id}.toml").exists() for rule in rules_of(game_id)}
    for game_id in GAME_IDS:
        if not (CATALOGUE / f"{game_id}.toml").exists():
            continue
        for rule in rules_of(game_id):
            for example in rule.get("examples", []):
                if "expected_error" in example:
                    assert example["expected_error"] in ids, (
                        f"{game_id}.toml: rule {rule['id']}, example {example['id']}: "
                        f"expected_error names unknown rule {example['expected_error']!r}")


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_supplied_rules_give_evidence(game_id: str) -> None:
    for rule in rules_of(game_id):
        if rule.get("status") == "supplied":
            evidence = rule.get("evidence", [])
            assert evidence and all(isinstance(e, str) and e.strip() for e in evidence), \
                f"{game_id}.toml: supplied rule {rule['id']} gives no evidence"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_contested_rules_give_evidence(game_id: str) -> None:
    """CONTRIBUTING.md: ``evidence`` holds the facts a supplied or contested choice rests on."""
    missing = [rule["id"] for rule in rules_of(game_id) if rule.get("status") == "contested" and not rule.get("evidence")]
    assert not missing, f"{game_id}.toml: contested rules without evidence: {missing}"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_inferred_rules_say_how(game_id: str) -> None:
    for rule in rules_of(game_id):
        if rule.get("status") == "inferred":
            assert rule.get("notes"), f"{game_id}.toml: inferred rule {rule['id']} has no notes saying how it follows"


OPTION_NAME = re.compile(r"[a-z][a-z0-9]*(?:_[a-z0-9]+)*")
VALUE = re.compile(r"[a-z0-9]+(?:[-_][a-z0-9]+)*")
KEBAB = re.compile(NAME)


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_readings_are_usable_as_variant_options(game_id: str) -> None:
    """A contested rule's readings become a variant option (``Option.from_rule``): its name is
    snake_case, its values are short lowercase words, and no two rules set the same option."""
    seen: dict[str, str] = {}
    for rule in rules_of(game_id):
        readings = rule.get("readings", [])
        if not readings:
            continue
        option = readings[0]["option"]
        assert OPTION_NAME.fullmatch(option), f"{game_id}.toml: rule {rule['id']}: option {option!r} is not snake_case"
        assert option not in seen, f"{game_id}.toml: option {option!r} is set by {seen[option]} and {rule['id']}"
        seen[option] = rule["id"]
        for reading in readings:
            assert VALUE.fullmatch(str(reading["id"])), f"{game_id}.toml: rule {rule['id']}: reading id {reading['id']!r}"


def test_piquet_reading_ids_are_kebab_case() -> None:
    """The Piquet options' values are short kebab-case words (issue 11)."""
    bad = [(rule["id"], reading["id"]) for rule in rules_of("piquet") for reading in rule.get("readings", [])
           if not KEBAB.fullmatch(str(reading["id"]))]
    assert not bad, f"piquet.toml: reading ids not kebab-case: {bad}"


def options_of(game_id: str) -> dict[str, tuple[list[str], str]]:
    """option -> (its reading ids in order, the default reading)."""
    found = {}
    for rule in rules_of(game_id):
        readings = rule.get("readings", [])
        if readings:
            found[readings[0]["option"]] = ([str(r["id"]) for r in readings],
                                            next(str(r["id"]) for r in readings if r.get("default") is True))
    return found


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_reading_sets_name_one_reading_for_every_option(game_id: str) -> None:
    """``[[game.reading_sets]]``: named sets of readings a reader picks whole. Each set gives one
    existing reading for every option of the game and nothing else; at most one set is the
    default, and its readings are the catalogue's defaults."""
    sets = load(game_id)["game"].get("reading_sets", [])
    assert isinstance(sets, list), f"{game_id}.toml: [game] reading_sets must be an array of tables"
    options = options_of(game_id)
    ids = [rs.get("id") for rs in sets]
    assert len(set(ids)) == len(ids), f"{game_id}.toml: reading set ids {ids} must be distinct"
    for rs in sets:
        where = f"{game_id}.toml: reading set {rs.get('id')!r}"
        assert KEBAB.fullmatch(str(rs.get("id") or "")), f"{where}: id is not kebab-case"
        for name in ("name", "statement", "rationale"):
            assert isinstance(rs.get(name), str) and rs[name].strip(), f"{where}: {name} is missing"
        assert isinstance(rs.get("held_by"), list) and rs["held_by"], f"{where}: held_by must be a non-empty list"
        assert isinstance(rs.get("default", False), bool), f"{where}: default must be true or false"
        chosen = rs.get("readings")
        assert isinstance(chosen, dict), f"{where}: needs a readings table"
        assert set(chosen) == set(options), (f"{where}: options missing {sorted(set(options) - set(chosen))}, "
                                             f"unknown {sorted(set(chosen) - set(options))}")
        for option, value in chosen.items():
            assert value in options[option][0], f"{where}: {option} = {value!r} is not one of {options[option][0]}"
    defaults = [rs for rs in sets if rs.get("default") is True]
    assert len(defaults) <= 1, f"{game_id}.toml: reading sets {[rs['id'] for rs in defaults]} are all marked default"
    for rs in defaults:
        assert rs["readings"] == {option: default for option, (_, default) in options.items()}, \
            f"{game_id}.toml: the default reading set {rs['id']!r} differs from the catalogue's default readings"


def test_piquet_offers_the_two_reading_sets() -> None:
    """Issue 11: the edition's reading of Шевцов (the defaults) and the classic game after Cavendish."""
    sets = {rs["id"]: rs for rs in load("piquet")["game"]["reading_sets"]}
    assert sorted(sets) == ["classic", "shevtsov"]
    assert sets["shevtsov"]["default"] is True and sets["classic"]["default"] is False
    classic = sets["classic"]["readings"]
    assert classic["trick_points"] == "cavendish" and classic["last_trick"] == "one"
    assert classic["open_capot"] == "none" and classic["partie"] == "rubicon"
    assert classic["pique_seat"] == "elder-only" and classic["carte_blanche"] == "dealt-hand"
    differing = {option for option, value in classic.items() if sets["shevtsov"]["readings"][option] != value}
    assert len(differing) >= 10, f"the two sets differ only in {sorted(differing)}"
