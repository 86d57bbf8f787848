"""What the fuzzer reads of a Piquet state (``tools/fuzzing/seen.py``, named by ``SPEC.seen``).

Read from the state's own attributes, apart from the game's own account of what a seat sees
(:mod:`engine.determinize`), so that the two can be held against each other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards import Card

if TYPE_CHECKING:
    from engine.games.piquet.state import PiquetState

__all__ = ["PiquetSeen"]


class PiquetSeen:
    """Piquet's hooks: where every card lies, what a seat may not see."""

    @staticmethod
    def zones(state: PiquetState, played: list[Card]) -> dict[str, list[Card]]:
        """Every card of the deal in progress by where it lies (the cards played, those of the
        trick among them, are the state's own list)."""
        out = {f"hand{p}": list(h) for p, h in enumerate(state.hands)}
        out |= {f"discards{p}": list(c) for p, c in enumerate(state.discards)}
        return out | {"talon": list(state.talon), "pending": list(state.pending), "played": list(state.played)}

    @staticmethod
    def hidden(state: PiquetState, seat: int) -> set[str]:
        """The cards of the deal in progress that ``seat`` may not see: the other hand (but its
        cards shown), his discards, the talon's unseen cards."""
        other = 1 - seat
        public = {str(c) for c in state.known} | {c for show in state.shown for c in show["cards"]}
        secret = {str(c) for c in state.hands[other]}
        secret.update(str(c) for c in state.discards[other])
        if state.current_player() == other:
            secret.update(str(c) for c in state.pending)
        seen = set(state.visible_talon(seat))
        secret.update(str(c) for c in state.talon if c not in seen)
        return secret - public

    @staticmethod
    def check(state: PiquetState, played: list[Card]) -> str | None:
        """What else is wrong with the deal's cards (nothing, here)."""
        return None
