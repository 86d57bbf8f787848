"""What the fuzzer reads of a Ruffe state (``tools/fuzzing/seen.py``, named by ``SPEC.seen``).

The engine has no generic "where is every card" accessor: the fuzzer checks that the cards of
a deal are conserved and that no view names a card its seat may not see, reading the state's
own attributes here, apart from the game's own account of what a seat sees
(:mod:`engine.determinize`), so that the two can be held against each other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards import Card

if TYPE_CHECKING:
    from engine.games.ruffe.state import RuffeState

__all__ = ["RuffeSeen"]


class RuffeSeen:
    """Ruffe's hooks: where every card lies, what a seat may not see."""

    @staticmethod
    def zones(state: RuffeState, played: list[Card]) -> dict[str, list[Card]]:
        """Every card of the deal in progress by where it lies (``played``: the deal's plays so far)."""
        out = {f"hand{p}": [a.card for a in acts if a.card is not None] for p, acts in enumerate(state._acts)}
        return out | {"head": list(state.head), "aside": list(state.aside), "discards": list(state.discards),
                      "played": list(played)}

    @staticmethod
    def hidden(state: RuffeState, seat: int) -> set[str]:
        """The cards of the deal in progress that ``seat`` may not see."""
        public = {str(state.turned)}
        for proof in state.proofs:
            public.update(proof["cards"])
        secret = {str(a.card) for p, acts in enumerate(state._acts) if p != seat for a in acts}
        secret.update(str(c) for c in state.head)
        secret.update(str(c) for c in state.aside)
        taker = state.head_taker_ if state.head_taken else None
        if taker != seat:
            secret.update(str(c) for c in state.discards)
        return secret - public

    @staticmethod
    def check(state: RuffeState, played: list[Card]) -> str | None:
        """What else is wrong with the deal's cards (nothing, here)."""
        return None
