"""Ruffe and Trumps (after Willughby): the game's state, rules, phases, view, advice, measures and examples."""

from engine.games.ruffe.state import SPEC

__all__ = ["SPEC"]
