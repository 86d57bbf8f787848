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
from engine.i18n import using

GOLDENS = Path(__file__).resolve().parent / "goldens"
DATA_PATHS = re.compile(r"\.action\.value: |^\.played\.text: ")
"""Sentence keys that hold an action's data here, not a sentence: a legal action's ``value``
(``point``, ``capot``) and the text of the action played (``play 7H``, what a caller sends)."""


def _readings(game: str) -> list[tuple[str, dict[str, Any], int]]:
    """Each golden's name, variant and seed: every reading of the game the goldens play."""
    found = []
    for path in sorted((GOLDENS / game).glob("*.jsonl")):
        with path.open(encoding="utf-8") as handle:
            header = json.loads(handle.readline())
        found.append((path.stem, header["variant"], header["seed"]))
    return found


def _english_left(game: str, seed: int, variant: dict[str, Any] | None, monkeypatch: pytest.MonkeyPatch) -> list[str]:
    if variant is not None:
        ask = russian_play.ask

        def with_variant(request: dict[str, Any], lang: str) -> dict[str, Any]:
            return ask({**request, "variant": variant} if request["op"] == "new" else request, lang)

        monkeypatch.setattr(russian_play, "ask", with_variant)
    left = russian_play.english_left(russian_play.play_whole(game, seed, "ru"))
    return [line for line in left if not DATA_PATHS.search(line)]


RULES = {"gleek": ("gleek.stock.raise", "gleek.vie.order", "gleek.settle.par"),
         "piquet": ("piquet.declare.replies", "piquet.bonus.repique", "piquet.score.difference")}
"""The rules whose sentences a whole game of each writes (its auction or declarations, its count)."""
GAMES = [pytest.param(game, seed, None, marks=pytest.mark.rule(*RULES[game]), id=f"{game}-seed{seed}")
         for game in RULES for seed in (1, 2, 3)]
GAMES += [pytest.param(game, seed, variant, id=f"{game}-{name}") for game in RULES
          for name, variant, seed in _readings(game)]


@pytest.mark.parametrize(("game", "seed", "variant"), GAMES)
def test_a_whole_game_is_all_in_russian(game: str, seed: int, variant: dict[str, Any] | None,
                                        monkeypatch: pytest.MonkeyPatch) -> None:
    """Under the default readings (three seeds) and under every reading the goldens play."""
    assert _english_left(game, seed, variant, monkeypatch) == []


def test_the_sources_words_are_used() -> None:
    """The Russian is the sources' own: the auction for the stock, the declarations answered
    «Годится»; and the same game in English is unchanged in its words."""
    new = {"op": "new", "game": "piquet", "seed": 1, "seats": ["heuristic", "heuristic"]}
    with using("ru"):
        ru = bridge.dispatch({**new, "lang": "ru"})
    en = bridge.dispatch({**new, "lang": "en"})
    assert "сток" in " ".join(e["text"] for e in ru["view"]["log"])
    assert "talon" in " ".join(e["text"] for e in en["view"]["log"])
    gleek = bridge.dispatch({"op": "new", "game": "gleek", "seed": 1, "seats": ["heuristic"] * 3, "lang": "ru"})
    assert gleek["view"]["prompt"]["text"].startswith("Игрок 1: повысьте ставку за сток (12 токенов)")
    for answer in (ru, en, gleek):
        bridge.dispatch({"op": "close", "id": answer["id"]})
