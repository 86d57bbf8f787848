"""Readings declared once: the options of contested rules come from the catalogue.

Every contested rule of every implemented game is exactly one option whose values are its
reading ids and whose default is its default reading; no option restates values that differ
from the catalogue; each reading's meaning to the code is declared once, with the field of the
game's :class:`engine.readings.Rules` that holds it; the rule code reads those meanings, never
a reading id; and an unknown reading is refused everywhere with a :class:`VariantError` naming
the option, its rule and the readings allowed.
"""

from __future__ import annotations

import dataclasses
import re
import sys
from pathlib import Path
from types import ModuleType
from typing import Any, Callable

import pytest

from engine import catalogue, games
from engine.cards import Card, Suit, parse_cards
from engine.errors import CatalogueError, VariantError
from engine.tricks import FREE
from engine.game import Option
from engine.games.gleek import state as gleek
from engine.games.loo import mushka
from engine.games.loo import pamphil
from engine.games.loo import petukh
from engine.games.piquet import state as piquet
from engine.games.loo import rams
from engine.games.loo import rams_rules
from engine.games.ruffe import state as ruffe
from engine.games.ruffe import rules as ruffe_rules
from engine.readings import Rules, reading

SPECS = games.all()
GAME_MODULES: dict[str, ModuleType] = {spec.id: sys.modules[spec.state_class.__module__] for spec in SPECS}
"""Each game's module (its state's), for every game of the registry."""
ENGINE = Path(__file__).resolve().parents[1] / "engine"


def contested_rules(game_id: str) -> list[dict[str, Any]]:
    return [r for r in catalogue.load(game_id).rules if r.get("readings")]


def reading_options() -> dict[str, catalogue.Contested]:
    """Every contested rule of every catalogue, by rule id."""
    return {r["id"]: catalogue.contested(r["id"]) for g in catalogue.games() for r in contested_rules(g)}


def test_every_implemented_game_has_a_module_here() -> None:
    assert sorted(GAME_MODULES) == sorted(spec.id for spec in SPECS)


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.id)
def test_every_contested_rule_is_exactly_one_option_with_its_readings(spec: Any) -> None:
    rules = contested_rules(spec.id)
    assert rules, f"{spec.id}: no contested rule in its catalogue"
    for rule in rules:
        readings = rule["readings"]
        name = readings[0]["option"]
        ids = tuple(str(r["id"]) for r in readings)
        default = next(str(r["id"]) for r in readings if r.get("default"))
        matching = [o for o in spec.variant_class.OPTIONS if o.values == ids and o.default == default]
        assert len(matching) == 1, f"{spec.id}: rule {rule['id']}: {len(matching)} options with values {ids}"
        option = matching[0]
        assert (option.name, option.rule, option.type) == (name, rule["id"], str), (spec.id, option)
        assert option.doc == rule["statement"], f"{spec.id}: option {name}: its description is not the rule's"


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.id)
def test_no_option_restates_readings_that_differ_from_the_catalogue(spec: Any) -> None:
    contested = reading_options()
    own = {c.option: c for c in contested.values() if catalogue.game_of(c.rule) == spec.id}
    for option in spec.variant_class.OPTIONS:
        if option.name in own:  # the option a reading of this game's catalogue names
            assert option.rule == own[option.name].rule, (spec.id, option.name, option.rule)
        if option.rule not in contested:
            continue
        entry = contested[option.rule]
        if option.values is None:  # a free number filed under a contested rule (the stake of a settlement)
            assert option.type is int and option.name != entry.option, (spec.id, option)
            continue
        assert option == Option.from_rule(option.rule), f"{spec.id}: option {option.name} restates rule " \
                                                        f"{option.rule} with values {option.values}"


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.id)
def test_the_variant_fields_are_the_options_with_their_defaults(spec: Any) -> None:
    """A variant's fields are its options; a :class:`Rules`' fields hold their values' meanings:
    each field's default is the meaning of its option's default (a reading's, or the value)."""
    assert issubclass(spec.variant_class, Rules), spec.id
    fields = {f.name: f.default for f in dataclasses.fields(spec.variant_class)}
    settings = spec.variant_class.SETTINGS
    assert sorted(fields) == sorted(field for field, _ in settings.values()), spec.id
    assert fields == {field: setting.meaning(setting.option.default) if setting.option.default is not None else None
                      for field, setting in settings.values()}, spec.id
    assert list(settings) == [o.name for o in spec.variant_class.OPTIONS], spec.id
    assert spec.variant_class() == spec.default_variant(), spec.id


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.id)
def test_every_contested_option_has_its_meanings_with_its_field(spec: Any) -> None:
    """Each reading means one thing to the code, declared with the field that holds it: one
    meaning per reading, in the catalogue's order, the default's the field's default, and the
    JSON form of each meaning its reading id (a game that adopts another's readings declares
    them under its own rule: Памфил's five of a suit, with Мушка's meanings)."""
    for option in spec.variant_class.OPTIONS:
        if option.rule not in reading_options() or option.values is None:
            continue
        field, setting = spec.variant_class.SETTINGS[option.name]
        assert setting.option is option and setting.meanings is not None, (spec.id, option.name)
        assert tuple(r for r, _ in setting.meanings) == option.values, (spec.id, option.name)
        assert getattr(spec.default_variant(), field) is dict(setting.meanings)[option.default], (spec.id, option.name)
        for reading_id, meaning in setting.meanings:
            rules = spec.variant_class.from_mapping({option.name: reading_id})
            assert getattr(rules, field) is meaning and rules.to_json()[option.name] == reading_id, (spec.id, reading_id)


def test_pamphil_adopts_mushkas_five_of_a_suit_meanings_under_its_own_rule() -> None:
    option = pamphil.PamphilRules.option("five_of_a_suit")
    assert option.rule == "pamphil.special.five-of-a-suit"
    assert option.values == mushka.MushkaRules.option("five_of_a_suit").values
    assert pamphil.PamphilRules.meanings("five_of_a_suit") == mushka.MushkaRules.meanings("five_of_a_suit")
    variant = pamphil.PamphilRules.from_options(five_of_a_suit="wins-deal")
    assert variant.five_wins_game is False and variant.to_json()["five_of_a_suit"] == "wins-deal"
    refused(lambda: pamphil.PamphilRules.from_options(five_of_a_suit="wins"), "five_of_a_suit", option.rule)


# ---------------------------------------------------------------- no string comparison at the places that use them

def comparisons(source: str, words: set[str]) -> list[str]:
    """Lines of ``source`` that compare something with one of ``words`` written as a string."""
    quoted = "|".join(re.escape(w) for w in sorted(words, key=len, reverse=True))
    literal = rf"""["']({quoted})["']"""
    pattern = re.compile(rf"(==|!=)\s*{literal}|{literal}\s*(==|!=)|\bin\s*\([^)]*{literal}")
    return [line.strip() for line in source.splitlines() if pattern.search(line)]


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.id)
def test_the_rule_code_compares_no_reading_id(spec: Any) -> None:
    options = [o for o in spec.variant_class.OPTIONS if o.rule in reading_options()]
    ids = {str(v) for o in options for v in o.values or ()}
    names = "|".join(o.name for o in options)
    module = Path(GAME_MODULES[spec.id].__file__ or "")
    # the game's module and the rule modules beside it (ruffe_rules.py, loo_rules.py, loo.py), and the
    # phases and the advice of the game and of the loo family (ruffe_phases.py, loo_advice.py, …)
    family = [module.parent / f"{stem}{part}.py" for stem in (module.stem, "loo") for part in ("", "_phases", "_advice")]
    paths = [module, *sorted(module.parent.glob("*_rules.py")), *(p for p in family if p.is_file())]
    source = "\n".join(p.read_text(encoding="utf-8") for p in dict.fromkeys(paths))
    assert not comparisons(source, ids), f"{spec.id}: reading ids compared as strings"
    compared = re.findall(rf"variant\.({names})\b\s*(?:==|!=|\bin\b)", source)
    assert not compared, f"{spec.id}: the rule code compares the variant's {sorted(set(compared))}"


def test_the_comparison_finder_finds_comparisons() -> None:
    found = comparisons('if x == "void":\n    y = "void"\nif "free" != f:\nif c in ("a", "free"):\n', {"void", "free"})
    assert found == ['if x == "void":', 'if "free" != f:', 'if c in ("a", "free"):']


# ---------------------------------------------------------------- an unknown reading is refused everywhere

def refused(call: Callable[[], Any], option: str, rule: str) -> VariantError:
    with pytest.raises(VariantError) as caught:
        call()
    error = caught.value
    assert (error.option, error.rule) == (option, rule), str(error)
    allowed = catalogue.contested(rule).readings
    assert all(repr(r) in str(error) for r in allowed), str(error)
    return error


HAND = parse_cards("AS KS 7S 2H 3D")


@pytest.mark.rule("ruffe-and-trumps.ruff.tie", "ruffe-and-trumps.head.no-holder", "ruffe-and-trumps.count.method",
                  "ruffe-and-trumps.count.baseline", "ruffe-and-trumps.play.follow",
                  "ruffe-and-trumps.config.two-target", "ruffe-and-trumps.head.discards-count")
@pytest.mark.parametrize("call, option", [
    (lambda: ruffe_rules.RuffeRules.from_options(ruff_tie="all"), "ruff_tie"),
    (lambda: ruffe_rules.RuffeRules.from_options(head_without_ace="holder"), "head_without_ace"),
    (lambda: ruffe_rules.RuffeRules.from_options(count="points"), "count"),
    (lambda: ruffe_rules.RuffeRules.from_options(count="tricks", count_baseline="ten"), "count_baseline"),
    (lambda: ruffe_rules.RuffeRules.from_options(follow="suit-else-trump"), "follow"),
    (lambda: ruffe_rules.RuffeRules.from_options(follow=None), "follow"),
    (lambda: ruffe_rules.RuffeRules.from_mapping({"two_player_target": 40}), "two_player_target"),
    # built directly: a field must hold one of its readings' meanings, never a reading id
    (lambda: ruffe_rules.RuffeRules(players=2, two_player_target=40), "two_player_target"),
    (lambda: ruffe_rules.RuffeRules(discards_count="count"), "head_discards"),  # type: ignore[arg-type]
    (lambda: ruffe_rules.RuffeRules(tie_break="void"), "ruff_tie"),  # type: ignore[arg-type]
    (lambda: ruffe_rules.RuffeRules(dealer_takes_unheld_head=1), "head_without_ace"),  # 1 == True, not a meaning
])
def test_ruffe_refuses_an_unknown_reading(call: Callable[[], Any], option: str) -> None:
    refused(call, option, ruffe_rules.RuffeRules.option(option).rule)


def test_ruffe_rules_hold_meanings_and_write_reading_ids() -> None:
    """The field is the typed parameter; the JSON form (records, the bridge) keeps the reading ids."""
    options = {"count": "tricks", "count_baseline": "twelve", "follow": "free", "ruff_tie": "void",
               "head_discards": "count", "head_without_ace": "nobody"}
    rules = ruffe_rules.RuffeRules.from_mapping(options)
    assert (rules.count_tricks, rules.fixed_baseline, rules.play, rules.tie_break, rules.discards_count,
            rules.dealer_takes_unheld_head) == (True, 12, FREE, ruffe_rules.VOID, True, False)
    assert rules.to_json() == {"players": 4, "partnerships": True, "hand_size": 12, **options,
                               "two_player_target": "52"}
    assert ruffe_rules.RuffeRules.from_mapping(rules.to_json()) == rules and hash(rules) == hash(rules.replace())
    assert rules.readings()["ruffe-and-trumps.ruff.tie"] == "void"


@pytest.mark.rule("mushka.setup.deck", "mushka.score.ace-of-spades-penalty", "mushka.end.overshoot",
                  "mushka.special.five-of-a-suit", "mushka.settle.systems", "pamphil.special.five-of-a-suit")
@pytest.mark.parametrize("call, option, rule", [
    (lambda: mushka.MushkaRules.from_options(two_player_pack="thirty-six"), "two_player_pack", "mushka.setup.deck"),
    (lambda: mushka.MushkaRules.from_options(ace_of_spades_penalty="fifteen"), "ace_of_spades_penalty",
     "mushka.score.ace-of-spades-penalty"),
    (lambda: mushka.MushkaRules.from_options(overshoot_penalty="twice"), "overshoot_penalty", "mushka.end.overshoot"),
    (lambda: mushka.MushkaRules(five_plus_ace="five-plus-ace"), "ace_of_spades_penalty",  # type: ignore[arg-type]
     "mushka.score.ace-of-spades-penalty"),
    (lambda: mushka.MushkaRules.from_options(settlement="agreed"), "settlement", "mushka.settle.systems"),
    (lambda: mushka.MushkaRules(fixed_sum="fixed"), "settlement", "mushka.settle.systems"),  # type: ignore[arg-type]
    (lambda: pamphil.PamphilRules.from_options(five_of_a_suit="wins"), "five_of_a_suit",
     "pamphil.special.five-of-a-suit"),
    (lambda: pamphil.PamphilRules(five_wins_game="wins"), "five_of_a_suit",  # type: ignore[arg-type]
     "pamphil.special.five-of-a-suit"),
])
def test_mushka_and_pamphil_refuse_an_unknown_reading(call: Callable[[], Any], option: str, rule: str) -> None:
    refused(call, option, rule)


@pytest.mark.rule("rams.bid.ace-may-not-pass", "rams.play.trump-ace-cover", "rams.special.five-of-a-suit",
                  "rams.special.rams", "rams.variant.jacks", "rams.jacks.no-trick", "rams.score.start",
                  "petukh.setup.six-players")
@pytest.mark.parametrize("call, option, rule", [
    (lambda: rams_rules.RamsRules.from_options(ace_must_play="king"), "ace_must_play", "rams.bid.ace-may-not-pass"),
    (lambda: rams_rules.RamsRules.from_options(trump_ace_cover="anywhere"), "trump_ace_cover", "rams.play.trump-ace-cover"),
    (lambda: rams_rules.RamsRules.from_options(five_of_a_suit_others="none"), "five_of_a_suit_others",
     "rams.special.five-of-a-suit"),
    (lambda: rams_rules.RamsRules.from_options(rams_others="ten-up"), "rams_others", "rams.special.rams"),
    (lambda: rams_rules.RamsRules.from_options(jacks="knaves"), "jacks", "rams.variant.jacks"),
    (lambda: rams_rules.RamsRules(jacks="jacks"), "jacks", "rams.variant.jacks"),  # type: ignore[arg-type]
    (lambda: rams_rules.RamsRules.from_options(jacks_no_trick="penalty"), "jacks_no_trick", "rams.jacks.no-trick"),
    (lambda: rams_rules.RamsRules.from_options(start_record="hundred-twenty"), "start_record", "rams.score.start"),
    (lambda: rams_rules.RamsRules.from_mapping({"start_record": 120}), "start_record", "rams.score.start"),
    (lambda: rams_rules.RamsRules(start_record=120), "start_record", "rams.score.start"),
    (lambda: petukh.PetukhRules.from_options(six_player_pack="thirty-two"), "six_player_pack",
     "petukh.setup.six-players"),
])
def test_rams_and_petukh_refuse_an_unknown_reading(call: Callable[[], Any], option: str, rule: str) -> None:
    refused(call, option, rule)


@pytest.mark.parametrize("spec", SPECS, ids=lambda s: s.id)
def test_a_state_refuses_a_variant_that_holds_an_unknown_reading(spec: Any) -> None:
    """A variant altered behind its validation is refused when the state turns it into
    parameters, option by option, never played under a default."""
    for option in spec.variant_class.OPTIONS:
        if option.rule not in reading_options() or option.values is None:
            continue
        variant = spec.default_variant()
        field = spec.variant_class.SETTINGS[option.name][0] if issubclass(spec.variant_class, Rules) else option.name
        object.__setattr__(variant, field, "no-such-reading")
        refused(lambda: spec.new_game(variant, seed=1), option.name, option.rule)


# ---------------------------------------------------------------- the tables and the options themselves

def test_a_reading_must_give_a_meaning_to_exactly_the_catalogues_readings() -> None:
    with pytest.raises(CatalogueError, match="ruffe-and-trumps.ruff.tie"):
        reading("ruffe-and-trumps.ruff.tie", {"eldest": 1})
    with pytest.raises(CatalogueError, match="ruffe-and-trumps.ruff.tie"):
        reading("ruffe-and-trumps.ruff.tie", {"eldest": 1, "void": 2, "all": 3})
    with pytest.raises(CatalogueError, match="mean the same"):
        reading("ruffe-and-trumps.ruff.tie", {"eldest": 1, "void": 1})
    with pytest.raises(CatalogueError, match="rams.setup.players"):
        reading("rams.setup.players", {})  # not contested: no readings
    field = reading("ruffe-and-trumps.ruff.tie", {"void": 2, "eldest": 1})
    setting = field.metadata["engine.readings"]  # type: ignore[attr-defined]
    assert field.default == 1 and setting.meanings == (("eldest", 1), ("void", 2))  # type: ignore[attr-defined]
    assert setting.meaning("void") == 2 and setting.reading(2) == "void"


def test_an_option_from_a_rule_is_read_from_the_catalogue() -> None:
    option = Option.from_rule("rams.score.start", "start_record")
    assert (option.name, option.type, option.default, option.values) == \
        ("start_record", str, "hundred", ("hundred", "hundred-fifty", "two-hundred"))
    with pytest.raises(CatalogueError, match="start"):
        Option.from_rule("rams.score.start", "starting_record")
    with pytest.raises(CatalogueError, match="rams.setup.players"):
        Option.from_rule("rams.setup.players")  # not contested: no readings
    with pytest.raises(CatalogueError, match="rams.no-such-rule"):
        Option.from_rule("rams.no-such-rule")


def test_the_state_reads_parameters_fixed_at_construction() -> None:
    state = games.get("rams").new_game({"players": 4, "trump_ace_cover": "in-trick", "start_record": "two-hundred"})
    assert state.params.trump_ace is rams_rules.RamsRules.meanings("trump_ace_cover")["in-trick"]  # type: ignore[attr-defined]
    assert state.records == [200] * 4
    assert state.clone().params is state.params  # type: ignore[attr-defined]
    first = games.get("ruffe-and-trumps").new_game({"follow": "free"})
    assert first.params is first.variant and first.params.play is FREE  # type: ignore[attr-defined]
    assert first.clone().params is first.params  # type: ignore[attr-defined]


def test_the_readings_module_doctests() -> None:
    import doctest

    import engine.readings

    failures, tried = doctest.testmod(engine.readings)
    assert tried > 0 and failures == 0
