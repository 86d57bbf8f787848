"""Shared by the tests of the engine in Russian (issue 15): whole games played by bots through the
bridge with ``"lang": "ru"``, every sentence of every answer collected, and the English left in them.

>>> english_in("Игрок 2 берёт взятку A♠ (ruffe-and-trumps.play.follow), 10H")
[]
>>> english_in("Игрок 2 passes")
['passes']
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from typing import Any

from engine import bridge, games

SENTENCE_KEYS = frozenset(("label", "note", "reason", "text", "title", "value", "waiting_text", "why", "message",
                           "caption", "summary"))
"""The fields of the bridge's answers that hold sentences for a reader (others are data: ids, kinds, cards)."""
RULE_ID = re.compile(r"\b[a-z0-9]+(?:-[a-z0-9]+)*(?:\.[a-z0-9]+(?:-[a-z0-9]+)*)+\b")
CARD = re.compile(r"\b(?:10|[2-9AKQJT])[SHDC]\b|\b[AKQJ](?=[♠♥♦♣])")
LATIN = re.compile(r"[A-Za-z]{2,}")
ACTION_TEXT = re.compile(r"(?:\.(?:legal|unavailable)\[\d+\]|\.played(?:\[\d+\])?)$")
PLAYERS = {spec.id: int(spec.default_variant().players) for spec in games.in_order()}
"""The seats of each game's whole games here: its default variant's, for every game of the registry."""


def english_in(text: str) -> list[str]:
    """The Latin words (two letters or more) of a sentence, once its rule ids and card codes are set aside."""
    return LATIN.findall(CARD.sub(" ", RULE_ID.sub(" ", text)))


def sentences(answer: Any, where: str = "") -> Iterator[tuple[str, str]]:
    """Every ``(path, sentence)`` of an answer (see :data:`SENTENCE_KEYS`; an action's own text, listed or
    played, is data)."""
    if isinstance(answer, dict):
        for key, value in answer.items():
            if key in SENTENCE_KEYS and isinstance(value, str):
                if not (key == "text" and ACTION_TEXT.search(where)):  # an action's own text is data
                    yield f"{where}.{key}", value
            elif key not in ("variant", "readings", "template", "args", "traceback", "record"):  # (a record is data)
                yield from sentences(value, f"{where}.{key}")
    elif isinstance(answer, list):
        for i, value in enumerate(answer):
            yield from sentences(value, f"{where}[{i}]")


def ask(request: dict[str, Any], lang: str) -> dict[str, Any]:
    return bridge.dispatch({**request, "lang": lang})


def play_whole(game: str, seed: int, lang: str = "ru", players: int | None = None,
               max_moves: int = 3000, variant: dict[str, Any] | None = None) -> list[dict[str, Any]]:
    """A whole game by the heuristic bots, seen from seat 0, with a refused action tried at each of
    seat 0's decisions: every answer (views after each move, refusals, the record at the end).
    ``variant``: the game's options (readings), besides ``players``."""
    seats = ["heuristic"] * (players or PLAYERS[game])
    options = dict(variant or {})
    if players:
        options["players"] = players
    new = ask({"op": "new", "game": game, "seed": seed, "seats": seats, **({"variant": options} if options else {})},
              lang)
    assert new["ok"], new
    answers = [new]
    for _ in range(max_moves):
        view = answers[-1].get("view") or {}
        if view.get("unavailable"):
            bad = ask({"op": "act", "id": new["id"], "action": view["unavailable"][0]["action"]}, lang)
            answers.append(bad)
        moved = ask({"op": "bot", "id": new["id"], "seat": 0}, lang)
        assert moved["ok"], moved
        answers.append(moved)
        if moved["over"]:
            break
    else:
        raise AssertionError(f"{game} seed {seed}: not over after {max_moves} moves")
    answers.append(ask({"op": "record", "id": new["id"]}, lang))
    answers.append(ask({"op": "act", "id": new["id"], "action": "pass"}, lang))  # the game is over
    ask({"op": "close", "id": new["id"]}, lang)
    return answers


def english_left(answers: list[dict[str, Any]]) -> list[str]:
    """``path: sentence`` for each sentence of the answers with English in it (each sentence once)."""
    seen: dict[str, str] = {}
    for answer in answers:
        for where, text in sentences(answer):
            if text not in seen and english_in(text):
                seen[text] = where
    return [f"{where}: {text}" for text, where in seen.items()]
