"""What the fuzzer reads of a state of the loo family, Мушка, Памфил, Рамс and Петух
(``tools/fuzzing/seen.py``, named by each game's ``SPEC.seen``).

Read from the state's own attributes, apart from the game's own account of what a seat sees
(:mod:`engine.determinize`), so that the two can be held against each other.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards import Card

if TYPE_CHECKING:
    from engine.games.loo.state import LooState

__all__ = ["LooSeen"]


class LooSeen:
    """The loo family's hooks: where every card lies, what a seat may not see, and that the
    cards played are the deal's plays."""

    @staticmethod
    def zones(state: LooState, played: list[Card]) -> dict[str, list[Card]]:
        """Every card of the deal in progress by where it lies (the cards played are the state's own list)."""
        out = {f"hand{p}": list(h) for p, h in enumerate(state.hands)}
        out |= {f"discards{p}": list(c) for p, c in state.discards.items()}
        out |= {"stock": list(state.stock), "pending": list(state.pending), "played": list(state.played)}
        if state.turned is not None and not state.turned_taken:
            out["turned"] = [state.turned]
        return out

    @staticmethod
    def hidden(state: LooState, seat: int) -> set[str]:
        """The cards of the deal in progress that ``seat`` may not see."""
        n = state.num_players
        public = {str(c) for c in state.known}
        public.update(c for show in state.shown for c in show["cards"])
        for card in (state.turned, state.trump_card):
            if card is not None:
                public.add(str(card))
        deck, first_turned = state.deals[-1], 5 * n  # five each, then the card turned for trumps
        if state.trump_card is None and len(deck) > first_turned:
            public.add(deck[first_turned])  # (Памфил: still public once the dealer has taken it and laid out another)
        secret = {str(c) for p in range(n) if p != seat for c in state.hands[p]}
        secret.update(str(c) for c in state.stock)
        secret.update(str(c) for p, cards in state.discards.items() if p != seat for c in cards)
        if state.discarding != seat:
            secret.update(str(c) for c in state.pending)
        return secret - public

    @staticmethod
    def check(state: LooState, played: list[Card]) -> str | None:
        """The cards played must be the deal's plays in the history."""
        if state.played != played:
            return f"the cards played {state.played} are not the deal's plays in the history"
        return None
