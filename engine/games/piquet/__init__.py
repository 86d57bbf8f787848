"""Piquet (after Шевцов): the game's state, rules, phases, declarations, view, advice, measures and examples."""

from engine.games.piquet.state import SPEC

__all__ = ["SPEC"]
