"""One whole game of each game in Russian, through the JSON bridge with ``"lang": "ru"``, as the
table plays it: the bots move for every seat, a refused action is tried at each of seat 0's
decisions where the view offers one, the record is taken and an action after the end is refused.
No sentence of any answer has English left (``tests/russian_play.py``).

The rest of the Russian is proved without replaying whole games: every sentence the engine marks
has its Russian (``tools/messages.py check``, tests/test_messages.py), every key of the table's
words (tests/test_table_lang.py), and the views of every golden, at every player count and under
every reading, written in Russian at the net's sampled decisions (tests/net.py).
"""

from __future__ import annotations

import pytest

from russian_play import PLAYERS, english_left, play_whole, sentences

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


def played_in_russian(game: str) -> None:
    _game, seed, players, variant = next(case for case in CASES if case[0] == game)
    answers = play_whole(game, seed, "ru", players=players, variant=variant)
    left = [line for line in english_left(answers) if ".action.value: " not in line]  # (an action's data)
    assert left == []
    said = " ".join(text for answer in answers for _where, text in sentences(answer))
    for words in ENDS[game]:
        assert words in said, (game, words)


def test_every_game_is_played_here() -> None:
    assert set(ENDS) == set(PLAYERS) == {case[0] for case in CASES}


@pytest.mark.parametrize("game", ["ruffe-and-trumps", "mushka", "pamphil", "rams", "petukh"])
def test_a_whole_game_in_russian_has_no_english_left(game: str) -> None:
    played_in_russian(game)


# (the rules each game's whole game writes the sentences of: its auction or declarations, its count)
@pytest.mark.rule("gleek.stock.raise", "gleek.vie.order", "gleek.settle.par")
def test_a_whole_game_of_gleek_is_all_in_russian() -> None:
    played_in_russian("gleek")


@pytest.mark.rule("piquet.declare.replies", "piquet.bonus.repique", "piquet.score.difference")
def test_a_whole_game_of_piquet_is_all_in_russian() -> None:
    played_in_russian("piquet")
