"""One whole game of each game in Russian, through the JSON bridge with ``"lang": "ru"``, as the
table plays it: the bots move for every seat, a refused action is tried at each of seat 0's
decisions where the view offers one, the record is taken and an action after the end is refused.
No sentence of any answer has English left (``tests/russian_play.py``).

The rest of the Russian is proved without replaying whole games: every sentence the engine marks
has its Russian (``tools/messages.py check``, tests/test_messages.py), every key of the table's
words (tests/test_table_lang.py), and the views of every golden, at every player count and under
every reading, written in Russian at the net's sampled decisions (tests/net.py).

Each game's one whole game also carries the checks that once replayed games of their own: the
shared code's sentences said in Russian (a trick's log, the end in the verb's number, the deal
summary's verdict), the record taken in Russian written in English and replayed in either
language, and in Мушка a deal every player passed, void in the log, on the score sheet and in
the deal's summary.
"""

from __future__ import annotations

import re
from typing import Any

import pytest

from russian_play import PLAYERS, ask, english_left, play_whole, sentences

ENDS = {  # what the end of each game says, in Russian (the game was played to its end)
    "ruffe-and-trumps": ("Партия окончена", "Взятка 1:"),
    "mushka": ("Партия окончена", "Расчёт:"),
    "pamphil": ("Партия окончена", "Расчёт:"),
    "rams": ("Партия окончена", "Расчёт:"),
    "petukh": ("Партия окончена", "Расчёт:"),
    "gleek": ("Партия окончена",),
    "piquet": ("Партия окончена",),
}
CASES = [  # (game, seed, players, variant): Рамс with its jacks, the rest at their defaults
    ("ruffe-and-trumps", 1, 4, None),
    ("gleek", 1, None, None),
    ("piquet", 1, None, None),
    ("mushka", 28, 2, None),  # (a deal every player passed)
    ("pamphil", 1, 4, None),
    ("rams", 1, 4, {"jacks": "jacks"}),
    ("petukh", 1, 6, None),
]


CYRILLIC = re.compile(r"[А-Яа-яЁё]")
SHARED_ENGLISH = re.compile(r"did best|the deal is level|The game is over|End of the game|\(led by seat")
"""The shared code's English that its Russian replaces (the games' own sentences once named "seat N")."""


def played_in_russian(game: str) -> list[dict[str, Any]]:
    """The game's one whole game in Russian (every answer), with the checks every game shares."""
    _game, seed, players, variant = next(case for case in CASES if case[0] == game)
    answers = play_whole(game, seed, "ru", players=players, variant=variant)
    left = [line for line in english_left(answers) if ".action.value: " not in line]  # (an action's data)
    assert left == []
    said = {text for answer in answers for _where, text in sentences(answer)}
    joined = " ".join(said)
    for words in ENDS[game]:
        assert words in joined, (game, words)
    # the shared code's sentences, in Russian
    assert any(text.startswith("Взятка ") and "берёт игрок" in text for text in said)  # trick play's log
    assert any(text.startswith("Партия окончена, выиграл") for text in said)  # the end, in the verb's number
    assert any("Лучше всех сыграл" in text or "вничью" in text for text in said)  # the deal summary's verdict
    assert not any(SHARED_ENGLISH.search(text) for text in said)
    # the record taken in Russian is written in English, and replays in either language
    record = next(answer["record"] for answer in answers if "record" in answer)
    assert not CYRILLIC.search(record["outcome"]["reason"]), record["outcome"]
    for lang in ("ru", "en"):
        replayed = ask({"op": "replay", "record": record}, lang)
        assert replayed["ok"] and replayed["over"], replayed
        ask({"op": "close", "id": replayed["id"]}, lang)
    return answers


def test_every_game_is_played_here() -> None:
    assert set(ENDS) == set(PLAYERS) == {case[0] for case in CASES}


@pytest.mark.parametrize("game", ["pamphil", "rams", "petukh"])
def test_a_whole_game_in_russian_has_no_english_left(game: str) -> None:
    played_in_russian(game)


def test_a_whole_game_of_ruffe_and_trumps_is_all_in_russian_and_its_record_in_english() -> None:
    answers = played_in_russian("ruffe-and-trumps")
    record = next(answer["record"] for answer in answers if "record" in answer)
    assert " reached " in record["outcome"]["reason"]  # (English: "seats 0 and 2 reached 56 of 52 after 4 deals")


@pytest.mark.rule("mushka.bid.all-pass")
def test_a_whole_game_of_mushka_is_all_in_russian_with_a_void_deal_on_the_score_sheet_too() -> None:
    answers = played_in_russian("mushka")
    said = {(re.sub(r"\[\d+\]", "[]", where), text) for answer in answers for where, text in sentences(answer)}
    void = "все спасовали: сдача не в счёт"
    assert (".view.log[].text", "Все спасовали: сдача не в счёт, сдаёт следующий.") in said  # the log
    assert (".view.score_sheet[].void.why", void) in said  # the score sheet
    assert (".view.previous_deal.void.why", void) in said  # the deal's summary
    rows = [row for answer in answers for row in (answer.get("view") or {}).get("score_sheet") or []]
    assert any((row.get("void") or {}).get("rule") == "mushka.bid.all-pass" and row["entries"] == [] for row in rows)


# (the rules each game's whole game writes the sentences of: its auction or declarations, its count)
@pytest.mark.rule("gleek.stock.raise", "gleek.vie.order", "gleek.settle.par")
def test_a_whole_game_of_gleek_is_all_in_russian() -> None:
    played_in_russian("gleek")


@pytest.mark.rule("piquet.declare.replies", "piquet.bonus.repique", "piquet.score.difference")
def test_a_whole_game_of_piquet_is_all_in_russian() -> None:
    played_in_russian("piquet")
