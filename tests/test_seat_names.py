"""The table's seat names in the engine's sentences (issue 25, "one language layer").

A request's ``seat_names`` (engine/i18n.py ``SeatNames``) names the seats: every template of
the engine with a seat field (the field after the seat's noun: ``seat {}``, ``игрока {}``,
``об игроке {}``, ``seats {}``, ``стороне {}`` …) is written, in English and in Russian, with the
seat's name in the case its noun declares and no seat number left; a refusal says the reader's
seat "you" with the verb in the second person; without names every sentence is as it was.
"""

from __future__ import annotations

import json
import re
import string
from typing import Any

import pytest

from engine import bridge, i18n
from engine.i18n import SECOND_PERSON, SeatNames, naming, tr, using



RU_FORMS = {
    1: {"name": "Запад", "gen": "Запада", "dat": "Западу", "ins": "Западом", "prep": "Западе"},
    2: {"name": "Север", "gen": "Севера", "dat": "Северу", "ins": "Севером", "prep": "Севере"},
    3: {"name": "Восток", "gen": "Востока", "dat": "Востоку", "ins": "Востоком", "prep": "Востоке"},
    0: {"name": "Юг (вы)", "gen": "Юга (вы)", "dat": "Югу (вы)", "ins": "Югом (вы)", "prep": "Юге (вы)"},
}
RU = {"seats": [RU_FORMS[s] for s in range(4)], "reader": 0, "sides": [[0, 2], [1, 3]]}
EN = {"seats": [{"name": "South (you)", "you": "you", "your": "your"}, {"name": "West"}, {"name": "North"},
                {"name": "East"}], "reader": 0, "sides": [[0, 2], [1, 3]]}
SEAT = re.compile(r"(?<![\w])(?:seats?|sides?|partners|игрок\w*|сторон\w*) $", re.IGNORECASE)
"""A literal ending with a seat's noun: the field after it is a seat (or a side, or a list of seats)."""
LEFT = re.compile(r"\b(?:[Ss]eats?|[Ss]ides?|[Ии]грок\w*|[Сс]торон\w*) \d")
UNCHANGED = {"must", "cannot", "can", "may", "won", "bought", "took", "has", "is", "to", "and", "or", "tie", "first",
             "together", "the", "of", "in", "at", "for", "with", "by", "on", "would", "did", "had", "will", "led",
             "declared", "dealt", "played", "passed", "dropped", "named", "shall", "should"}


def templates() -> dict[str, str]:
    """Every template the engine marks that names a seat, with its Russian."""
    import sys
    from pathlib import Path

    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
    import messages as tool

    merged, _problems = tool.catalogue("ru")
    out: dict[str, str] = {}
    for msgid in tool.extracted():
        if msgid.startswith("\x00") or not seat_fields(msgid):
            continue
        message = merged.get(msgid)
        string_ = message.string if message is not None else ""
        out[msgid] = string_[0] if isinstance(string_, (list, tuple)) else string_
    return out


def seat_fields(template: str) -> list[tuple[str, str]]:
    """The fields of ``template`` that follow a seat's noun: (field, noun)."""
    found, auto = [], 0
    for literal, field, _spec, _conversion in string.Formatter().parse(template):
        if field is None:
            continue
        if field == "":
            field, auto = str(auto), auto + 1
        match = SEAT.search(literal)
        if match:
            found.append((field, match.group().strip()))
    return found


def arguments(template: str) -> tuple[list[Any], dict[str, Any]]:
    """Arguments for ``template``: seat 1 (or the list "1 and 3") at each seat field, words elsewhere."""
    args: list[Any] = []
    kwargs: dict[str, Any] = {}
    seats = dict(seat_fields(template))
    auto = 0
    for _literal, field, _spec, _conversion in string.Formatter().parse(template):
        if field is None:
            continue
        if field == "":
            field, auto = str(auto), auto + 1
        noun = seats.get(field, "")
        value: Any = ("1 and 3" if noun.lower() == "seats" else 1) if noun else "~"
        if field.isdigit():
            args.extend(["~"] * (int(field) + 1 - len(args)))
            args[int(field)] = value
        else:
            kwargs[field] = value
    return args, kwargs


ALL = templates()


def test_there_are_seat_bearing_templates_and_each_has_its_russian():
    assert len(ALL) > 150, len(ALL)
    assert not [msgid for msgid, russian in ALL.items() if not russian]


@pytest.mark.parametrize("msgid", sorted(ALL))
def test_every_seat_template_names_its_seats_in_both_languages(msgid):
    args, kwargs = arguments(msgid)
    with using("en"):
        plain = tr(msgid, *args, **kwargs)
        with naming(SeatNames.read(EN)):
            english = tr(msgid, *args, **kwargs)
    assert not LEFT.search(english), (msgid, english)
    assert "West" in english and english != plain, (msgid, english)
    with using("ru"):
        plain_ru = tr(msgid, *args, **kwargs)
        with naming(SeatNames.read(RU)):
            russian = tr(msgid, *args, **kwargs)
    assert not LEFT.search(russian), (msgid, plain_ru, russian)
    # the name in the case the Russian noun declares: "игрока 1" -> "Запада", "об игроке 1" -> "о Западе"
    for noun, number in re.findall(r"(?<![\w])([Ии]грок\w*|[Сс]торон\w*) (\d)", plain_ru):
        case = i18n._NOUNS[noun.lower()]
        assert RU_FORMS[int(number)][case] in russian or noun.lower().startswith("сторон"), (msgid, noun, russian)


@pytest.mark.parametrize("msgid", sorted(m for m in ALL if m.lower().startswith(("seat {", "seat {seat}"))
                                         or re.search(r"\bseat \{[^}]*\} \w", m)))
def test_said_to_the_reader_his_seat_is_you_with_the_verb_in_the_second_person(msgid):
    """Every word after a seat field is a verb the table of second persons knows, or one that does
    not change after "you" (a modal, a past tense, a preposition)."""
    for word in re.findall(r"[Ss]eat \{[^}]*\} ([\w']+)", msgid):
        assert word in SECOND_PERSON or word in UNCHANGED or not word.endswith("s"), (msgid, word)
    args, kwargs = arguments(msgid)
    args = [0 if a == 1 else a for a in args]
    kwargs = {k: 0 if v == 1 else v for k, v in kwargs.items()}
    with using("en"), naming(SeatNames.read(EN).said_to_reader()):
        said = tr(msgid, *args, **kwargs)
    assert re.search(r"\b[Yy]ou(r)?\b", said) and "South" not in said, (msgid, said)
    for verb, second in SECOND_PERSON.items():
        assert not re.search(rf"\b[Yy]ou {re.escape(verb)}\b", said), (msgid, said)


def test_a_refusal_said_to_the_reader_and_the_log_with_the_table_s_names():
    new = bridge.dispatch({"op": "new", "game": "ruffe-and-trumps", "seed": 7, "seat_names": EN,
                           "seats": ["human", "heuristic", "heuristic", "heuristic"]})
    assert new["ok"] and new["view"]["prompt"]["text"] == "South (you): announce the best ruff in hand"
    assert new["view"]["log"][0]["text"].startswith("Deal 1: East deals 12 cards each"), new["view"]["log"]
    refused = bridge.dispatch({"op": "act", "id": new["id"], "action": "play 2C", "seat_names": EN})
    assert refused["error"]["reason"].startswith("you are to announce a ruff"), refused["error"]
    russian = bridge.dispatch({"op": "act", "id": new["id"], "action": "play 2C", "seat_names": RU, "lang": "ru"})
    assert "Юг (вы) должен" in russian["error"]["reason"], russian["error"]
    view = bridge.dispatch({"op": "view", "id": new["id"], "seat_names": RU, "lang": "ru"})
    assert view["view"]["log"][0]["text"].startswith("Сдача 1: сдаёт Восток, "), view["view"]["log"][0]
    plain = bridge.dispatch({"op": "view", "id": new["id"]})
    assert plain["view"]["log"][0]["text"].startswith("Deal 1: seat 3 deals"), plain["view"]["log"][0]
    bridge.dispatch({"op": "close", "id": new["id"]})


@pytest.mark.parametrize("names, field", [
    ("South", "seat_names"),
    ({"seats": []}, "seat_names.seats"),
    ({"seats": [{"name": "S"}] * 9}, "seat_names.seats"),
    ({"seats": [{"nom": "S"}]}, "seat_names.seats[0]"),
    ({"seats": [{"name": "S", "you": "you"}]}, "seat_names.seats[0]"),
    ({"seats": [{"name": "S", "dat": "x" * 41}]}, "seat_names.seats[0].dat"),
    ({"seats": [{"name": "{0}"}]}, "seat_names.seats[0].name"),
    ({"seats": [{"name": "S"}], "reader": 1}, "seat_names.reader"),
    ({"seats": [{"name": "S"}], "sides": [[0, 1]]}, "seat_names.sides"),
    ({"seats": [{"name": "S"}], "names": []}, "seat_names"),
])
def test_bad_seat_names_are_refused_naming_the_field(names, field):
    answer = bridge.dispatch({"op": "games", "seat_names": names})
    assert not answer["ok"] and answer["error"]["type"] == "InvalidInputError", answer
    assert answer["error"]["message"].startswith(f"field '{field}'"), answer["error"]["message"]
    assert "Traceback" not in json.dumps(answer)


def test_he_in_a_sentence_about_the_reader_alone_is_you():
    """"he"/"his"/"him" of a template (or of a reason inside it) about the reader's seat alone are
    said "you"/"your"/"you", the verb after "you" in the second person; about another seat, or
    in the log's third person, they stay."""
    from engine.i18n import Text

    names = SeatNames.read(EN)
    with using("en"), naming(names.said_to_reader()):
        assert tr("seat {} may not pass: {}", 0, Text("he holds the ace of spades")) == \
            "you may not pass: you hold the ace of spades"
        assert tr("seat {} may not buy: {}", 0, Text("his record stands at 2, so he plays the cards dealt to him")) == \
            "you may not buy: your record stands at 2, so you play the cards dealt to you"
        assert tr("Seat {} keeps his cards.", 0) == "You keep your cards."
        assert tr("seat {} may not pass: {}", 1, Text("he holds the ace of spades")) == \
            "West may not pass: he holds the ace of spades"
    with using("en"), naming(names):
        assert tr("Seat {} keeps his cards.", 0) == "South (you) keeps his cards."
