"""Gleek and Piquet in Russian (issue 15): the words of the sources (сток, руф, глик, мурнивал, тайд; прикупка, хвалёж, пуэн, терц, «Годится», репик). A whole game of each in Russian is tests/test_whole_games_russian.py; every golden's
views (every reading) in Russian, tests/net.py.
"""

from __future__ import annotations



import russian_play
from engine import bridge

def _opening(game: str, lang: str) -> tuple[str, str]:
    """The first prompt and the log of a new game, in ``lang``."""
    seats = ["heuristic"] * russian_play.PLAYERS[game]
    answer = bridge.dispatch({"op": "new", "game": game, "seed": 1, "seats": seats, "lang": lang})
    bridge.dispatch({"op": "close", "id": answer["id"]})
    return answer["view"]["prompt"]["text"], " ".join(e["text"] for e in answer["view"]["log"])


def test_the_sources_words_are_used_and_the_english_is_unchanged() -> None:
    """Gleek's auction for the stock in tokens (сток, токены); Piquet's talon and elder
    (сток, старший); the English as it always was."""
    prompt, log = _opening("gleek", "ru")
    assert prompt.startswith("Игрок 1: повысьте ставку за сток (12 токенов) или выйдите из торгов")
    assert "козыри — " in log and "открывает торги за сток ставкой в 12 токенов" in log
    prompt, log = _opening("gleek", "en")
    assert prompt.startswith("Seat 1: raise the bid of 12 tokens for the stock or drop out — raise to 13 tokens")
    prompt, log = _opening("piquet", "ru")
    assert "в сток" in log and "старший — игрок" in log and prompt.startswith("Игрок ")
    prompt, log = _opening("piquet", "en")
    assert "eight face down for the talon" in log and "is the elder." in log
