"""Gleek and Piquet in Russian (issue 15): whole games by the bots through the bridge with
``"lang": "ru"``, under the default readings and under every reading the goldens play (each
golden's variant and seed), leave no English in any sentence the table shows; the words of
the sources (сток, руф, глик, мурнивал, тайд; прикупка, хвалёж, пуэн, терц, «Годится», репик).
"""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest

import russian_play
from engine import bridge

GOLDENS = Path(__file__).resolve().parent / "goldens"
DATA_PATHS = re.compile(r"\.action\.value: ")
"""Sentence keys that hold an action's data here, not a sentence: a legal action's ``value``
(``point``, ``capot``: what a caller sends)."""


def _readings(game: str) -> list[tuple[str, dict[str, Any], int]]:
    """Each golden's name, variant and seed: every reading of the game the goldens play."""
    found = []
    for path in sorted((GOLDENS / game).glob("*.jsonl")):
        with path.open(encoding="utf-8") as handle:
            header = json.loads(handle.readline())
        found.append((path.stem, header["variant"], header["seed"]))
    return found


def _english_left(game: str, seed: int, variant: dict[str, Any] | None) -> list[str]:
    left = russian_play.english_left(russian_play.play_whole(game, seed, "ru", variant=variant))
    return [line for line in left if not DATA_PATHS.search(line)]


def _cases(game: str) -> list[Any]:
    """Three seeds under the default readings, then every reading the goldens play."""
    return ([pytest.param(seed, None, id=f"seed{seed}") for seed in (1, 2, 3)]
            + [pytest.param(seed, variant, id=name) for name, variant, seed in _readings(game)])


# (the rules each game's whole game writes the sentences of: its auction or declarations, its count)
@pytest.mark.rule("gleek.stock.raise", "gleek.vie.order", "gleek.settle.par")
@pytest.mark.parametrize(("seed", "variant"), _cases("gleek"))
def test_a_whole_game_of_gleek_is_all_in_russian(seed: int, variant: dict[str, Any] | None) -> None:
    assert _english_left("gleek", seed, variant) == []


@pytest.mark.rule("piquet.declare.replies", "piquet.bonus.repique", "piquet.score.difference")
@pytest.mark.parametrize(("seed", "variant"), _cases("piquet"))
def test_a_whole_game_of_piquet_is_all_in_russian(seed: int, variant: dict[str, Any] | None) -> None:
    assert _english_left("piquet", seed, variant) == []


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
