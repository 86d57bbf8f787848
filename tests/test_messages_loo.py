"""The Russian loo family in Russian (issue 15): whole games of Мушка, Памфил, Рамс (and its jack
variant) and Петух played through the bridge in Russian leave no English, at every number of
players and under the readings that change their sentences; loo.po holds the family's sentences
once, with their fields; a few sentences side by side in both languages (English as it always was:
tests/test_loo.py and tests/test_goldens.py hold the rest)."""

from __future__ import annotations

import re
import sys
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import messages  # noqa: E402
from russian_play import english_left, play_whole, sentences  # noqa: E402

from engine.cards import Suit, parse_cards  # noqa: E402
from engine.errors import IllegalActionError  # noqa: E402
from engine.game import Action  # noqa: E402
from engine.games import mushka, petukh, rams  # noqa: E402
from engine.i18n import using  # noqa: E402

MINE = tuple(f"engine/games/{name}" for name in ("loo", "mushka.py", "pamphil.py", "petukh.py", "rams"))
"""The files whose sentences loo.po holds (loo*.py, rams*.py and the games' own)."""

TABLES: list[tuple[str, int, dict[str, Any] | None]] = (
    [(game, n, None) for game in ("mushka", "pamphil", "petukh") for n in range(2, 7)]
    + [("rams", n, None) for n in range(3, 8)]
    + [("rams", n, {"jacks": "jacks"}) for n in range(3, 8)]
)
"""Each game at each number of players it allows (Рамс also with its jack variant)."""

READINGS: list[tuple[str, int, dict[str, Any]]] = [
    ("mushka", 3, {"five_of_a_suit": "wins-game", "ace_of_spades_penalty": "five-plus-ace", "settlement": "fixed",
                   "ace_of_spades_power": "beats-trump-ace", "overshoot_penalty": "per-surplus-trick"}),
    ("mushka", 4, {"five_of_a_suit": "wins-deal", "stake": 0}),
    ("pamphil", 4, {"five_of_a_suit": "wins-deal", "pamphil_follow": "wild"}),
    ("pamphil", 3, {"five_of_a_suit": "wins-game"}),
    ("rams", 4, {"jacks": "jacks", "jacks_no_trick": "offset", "ace_must_play": "trump-ace", "rams_others": "five-up",
                 "five_of_a_suit_others": "five-per-ace", "start_record": "hundred"}),
    ("rams", 5, {"jacks": "jacks", "ace_must_play": "ace-of-spades", "trump_ace_cover": "in-trick"}),
    ("petukh", 6, {"six_player_pack": "thirty-four", "start_record": 5}),
    ("petukh", 3, {"start_record": 3}),
]
"""The readings that change the sentences: five of a suit winning the game or the deal, the ace of
spades' penalty of five and its value, the agreed sum, no stake, the wild pamphil, the jacks that
spare a blank or not, the aces that forbid passing, the six players' last card for trumps, a short
record (the exchange refused near its end)."""


def _played_in_russian(game: str, seed: int, players: int, variant: dict[str, Any] | None) -> list[dict[str, Any]]:
    answers = play_whole(game, seed, "ru", players=players, variant=variant)
    said = " ".join(text for answer in answers for _where, text in sentences(answer))
    assert "Партия окончена" in said and "Расчёт:" in said  # (the game was played to its end, in Russian)
    return answers


@pytest.mark.parametrize("game,players,variant", TABLES, ids=lambda v: str(v))
@pytest.mark.parametrize("seed", [1, 2])
def test_a_whole_loo_game_in_russian_has_no_english_left(game: str, players: int, variant: dict[str, Any] | None,
                                                         seed: int) -> None:
    assert english_left(_played_in_russian(game, seed, players, variant)) == []


@pytest.mark.parametrize("game,players,variant", READINGS, ids=lambda v: str(v))
def test_the_readings_that_change_the_sentences_leave_no_english(game: str, players: int,
                                                                 variant: dict[str, Any]) -> None:
    assert english_left(_played_in_russian(game, 1, players, variant)) == []


def test_the_loo_sentences_each_have_their_russian_once_with_their_fields() -> None:
    found = messages.extracted()
    problems = [p for p in messages.check("ru") if any(f"({path}" in p for path in MINE) or p.startswith("loo.po")]
    text = (messages.LOCALE / "ru" / "loo.po").read_text(encoding="utf-8")
    for msgid in re.findall(r'^msgid "(.+)"$', text, re.M):  # a msgid nothing in the engine marks any longer
        msgid = msgid.replace('\\"', '"')
        if msgid not in found:
            problems.append(f"loo.po: {msgid!r} is translated but nothing in the engine marks it")
    assert problems == []


@pytest.mark.rule("mushka.score.trick", "mushka.end.overshoot", "rams.score.aces-with-trick", "petukh.score.no-trick")
def test_score_entries_are_written_in_the_readers_language() -> None:
    entries = (mushka.deal_score(2, 3, False, Suit.HEARTS) + rams.deal_score(60, 1, parse_cards("AS AH"), True)
               + petukh.deal_score(12, 0))
    with using("en"):
        assert [str(why) for _points, _rule, why in entries] == [
            "3 tricks", "1 trick more than the record needed: it starts again at 25 with 5 penalty",
            "1 trick", "aces held with a trick (A♠ A♥)", "took no trick, but the record is above 10: no penalty"]
    with using("ru"):
        assert [str(why) for _points, _rule, why in entries] == [
            "3 взятки", "на 1 взятку больше, чем требовалось для выигрыша: счёт снова с 25, штраф 5",
            "1 взятка", "тузы на руках при взятке (A♠ A♥)", "не взял ни одной взятки, но запись больше 10: без штрафа"]


@pytest.mark.rule("mushka.bid.ace-of-spades-must-play")
def test_a_refusal_of_the_loo_is_said_in_both_languages() -> None:
    state = mushka.SPEC.new_game({"players": 3}, seed=4)
    while "pass" in state.bid_options(state.current_player()):  # (to the holder of the ace of spades, or past)
        state = mushka.SPEC.new_game({"players": 3}, seed=state.seed + 1)
    seat = state.current_player()
    with pytest.raises(IllegalActionError) as refused:
        state.apply(Action("pass"))
    with using("en"):
        assert str(refused.value.reason) == f"seat {seat} may not pass: he holds the ace of spades"
    with using("ru"):
        assert str(refused.value.reason) == f"игроку {seat} пасовать нельзя: у него туз пик"
        assert str(refused.value).startswith(f"недопустимый ход «Пас» игрока {seat}:")


@pytest.mark.rule("mushka.bid.all-pass")
def test_a_void_deal_is_said_in_russian_on_the_score_sheet_too() -> None:
    answers = play_whole("mushka", 28, "ru", players=2)  # (a deal every player passed)
    said = [text for answer in answers for _where, text in sentences(answer)]
    assert any(text.startswith("Все спасовали: сдача не в счёт") for text in said)  # the log and the deal summary
    assert english_left(answers) == []
