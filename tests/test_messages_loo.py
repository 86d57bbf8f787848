"""The Russian loo family in Russian (issue 15): loo.po holds the family's sentences
once, with their fields; a few sentences side by side in both languages (English as it always was:
tests/test_loo.py and tests/test_goldens.py hold the rest). A whole game of each game in Russian is
tests/test_whole_games_russian.py (Мушка's with a deal every player passed, void in Russian in the log, on the
score sheet and in the deal's summary); every golden's views (every player count and reading) in Russian, tests/net.py."""

from __future__ import annotations

import re
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import messages  # noqa: E402

from engine.cards import Suit, parse_cards  # noqa: E402
from engine.errors import IllegalActionError  # noqa: E402
from engine.game import Action  # noqa: E402
from engine.games.loo import mushka  # noqa: E402
from engine.games.loo import petukh
from engine.games.loo import rams
from engine.i18n import using  # noqa: E402

MINE = tuple(f"engine/games/{name}" for name in ("loo", "mushka.py", "pamphil.py", "petukh.py", "rams"))
"""The files whose sentences loo.po holds (loo*.py, rams*.py and the games' own)."""

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
