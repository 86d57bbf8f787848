"""Gleek (after Willughby): the game's state, rules, the vie, view, advice, measures and examples."""

from engine.games.gleek.state import SPEC

__all__ = ["SPEC"]
