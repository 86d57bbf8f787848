"""The reference edition's rules engine: cards, the trick-taking kernel, games.

Standard library only; runs unchanged in CPython >= 3.11 and in Pyodide.

>>> import engine
>>> state = engine.new_game("ruffe-and-trumps", seed=3)
>>> state.phase
'ruff'
"""

from __future__ import annotations

from typing import Any

from engine.cards import Card, Rank, Suit, parse_cards
from engine.errors import (
    CatalogueError,
    EngineError,
    IllegalActionError,
    InvalidActionError,
    InvalidInputError,
    RecordError,
    UnknownGameError,
    VariantError,
)
from engine.game import Action, GameSpec, GameState, Outcome, Variant

__version__ = "0.1.0"

__all__ = [
    "Card",
    "Rank",
    "Suit",
    "parse_cards",
    "Action",
    "Outcome",
    "GameState",
    "GameSpec",
    "Variant",
    "EngineError",
    "IllegalActionError",
    "InvalidActionError",
    "InvalidInputError",
    "VariantError",
    "RecordError",
    "UnknownGameError",
    "CatalogueError",
    "new_game",
    "__version__",
]


def new_game(game_id: str, variant: dict[str, Any] | None = None, seed: int = 0) -> GameState:
    """A new game by id, with variant options given as a dict."""
    from engine import games

    spec = games.get(game_id)
    return spec.new_game(spec.variant_from({} if variant is None else variant), seed=seed)
