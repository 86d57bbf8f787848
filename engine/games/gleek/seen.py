"""What the fuzzer reads of a Gleek state (``tools/fuzzing/seen.py``, named by ``SPEC.seen``).

Read from the state's own attributes, apart from the game's own account of what a seat sees
(:mod:`engine.determinize`), so that the two can be held against each other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards import Card

if TYPE_CHECKING:
    from engine.games.gleek.state import GleekState

__all__ = ["GleekSeen"]


class GleekSeen:
    """Gleek's hooks: where every card lies, what a seat may not see."""

    @staticmethod
    def zones(state: GleekState, played: list[Card]) -> dict[str, list[Card]]:
        """Every card of the deal in progress by where it lies (``played``: the deal's plays so far)."""
        out = {f"hand{p}": list(h) for p, h in enumerate(state.hands)}
        return out | {"stock": list(state.stock), "turned": [state.turned], "discards": list(state.discards),
                      "played": list(played)}

    @staticmethod
    def hidden(state: GleekState, seat: int) -> set[str]:
        """The cards of the deal in progress that ``seat`` may not see: the turned card and every
        card shown (ruffs, gleeks, the Tyde) are public."""
        public = {str(state.turned)} | {str(c) for shown in state.shows for c in shown.cards}
        secret = {str(c) for p in range(state.num_players) if p != seat for c in state.hands[p]}
        secret.update(str(c) for c in state.stock)
        if seat != state.buyer:
            secret.update(str(c) for c in state.discards)
        return secret - public

    @staticmethod
    def check(state: GleekState, played: list[Card]) -> str | None:
        """What else is wrong with the deal's cards (nothing, here)."""
        return None
