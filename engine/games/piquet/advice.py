"""A sensible Piquet player, phase by phase (the heuristic bot's advice; the sampling bot
plays its playouts with it): what to claim, what to lay out in the exchange (keep aces,
kings, runs, sets and the long suit), what to declare and answer (everything held, truly:
it never sinks), when to announce an open capot (only when every card it holds is a
master), and what to play (a master when it has one, else low from the long suit; win a
trick as cheaply as it can, else throw low).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import TYPE_CHECKING

from engine.cards import Card
from engine.game import Action
from engine.games.piquet.rules import PACK, sequences_of, sets_of

if TYPE_CHECKING:
    from engine.games.piquet.state import PiquetState

__all__ = ["keep_values", "claim", "exchange", "declare", "sure_capot", "play"]

_BASE = {14: 10, 13: 8, 12: 6, 11: 5, 10: 4, 9: 2, 8: 1, 7: 0}
_THRESHOLD = {True: 7, False: 5}
_PLAY = {c: Action("play", c) for c in PACK}
"""A card worth less than this is laid out (by the elder, by the younger)."""


def keep_values(hand: Iterable[Card]) -> dict[Card, int]:
    """How much each card is worth keeping: its rank, and more in a run, a set or a long suit."""
    cards = list(hand)
    value = {c: _BASE[c.rank_value] for c in cards}
    lengths = {s: sum(1 for c in cards if c.suit is s) for s in {c.suit for c in cards}}
    for combo in sequences_of(cards):
        for c in combo.cards:
            value[c] += 6
    for combo in sets_of(cards):
        for c in combo.cards:
            value[c] += 5
    for c in cards:
        value[c] += 2 * max(0, lengths[c.suit] - 3)
    return value


def claim(state: PiquetState, seat: int, legal: list[Action]) -> Action:
    """Claim carte blanche; the elder says he will exchange his weak cards."""
    claims = [a for a in legal if a.kind == "claim"]
    if not claims:
        return legal[0]
    weak = sum(1 for v in keep_values(state.hands[seat]).values() if v < _THRESHOLD[True])
    return min(claims, key=lambda a: abs(int(a.value or 0) - weak))


def exchange(state: PiquetState, seat: int, legal: list[Action]) -> Action:
    """Lay out the weakest card while it is weak (or while the exchange asks for more), then draw
    (the cards' worth reckoned once, on the hand the exchange began with)."""
    value = state.memo(seat, "keep", lambda: keep_values(state.hands[seat] + state.pending))
    discards = [a for a in legal if a.kind == "discard" and a.card is not None]
    finish = [a for a in legal if a.kind != "discard"]
    if discards:
        worst = min(discards, key=lambda a: (value[a.card], a.card.index))  # type: ignore[index,union-attr]
        assert worst.card is not None  # (a discard names its card)
        if not finish or value[worst.card] < _THRESHOLD[seat == state.elder]:
            return worst
    return finish[0] if finish else legal[0]


def declare(state: PiquetState, seat: int, legal: list[Action]) -> Action:
    """Declare everything and answer truly: never keep a combination back."""
    return next((a for a in legal if a.kind not in ("sink", "good")), legal[0])


_SUIT_BITS = tuple(sum(1 << c.index for c in PACK if c.suit_index == i) for i in range(4))


def _tops(state: PiquetState, seat: int) -> list[int]:
    """Per suit index, the highest rank ``seat`` has not seen (0 when he has seen them all)."""
    seen = state.played_bits | state.hand_bits(seat)
    for c in state.discards[seat]:
        seen |= 1 << c.index
    for c in state.trick:
        seen |= 1 << c.index
    tops = [0, 0, 0, 0]
    for i, suit in enumerate(_SUIT_BITS):
        unseen = suit & ~seen
        if unseen:  # (the lowest index is the highest rank)
            tops[i] = 14 - ((unseen & -unseen).bit_length() - 1) % 13
    return tops


def sure_capot(state: PiquetState, seat: int) -> bool:
    """Every card held is a master (and the younger, who does not lead first, holds every suit)."""
    tops = _tops(state, seat)
    hand = state.hands[seat]
    if not all(c.rank_value > tops[c.suit_index] for c in hand):
        return False
    return seat == state.elder or len({c.suit for c in hand}) == 4


def play(state: PiquetState, seat: int, cards: list[Card]) -> Action:
    """Lead a master of the long suit, else low from it; follow with the cheapest winner, else low;
    void, throw the lowest card of a short suit, keeping masters."""
    trick = state.trick
    if trick:
        led = trick[0]
        follow = [c for c in cards if c.suit_index == led.suit_index]
        if follow:
            winning = [c for c in follow if c.rank_value > led.rank_value]
            return _PLAY[min(winning or follow, key=_RANK)]
    tops = _tops(state, seat)
    length = [0, 0, 0, 0]
    for c in state.hands[seat]:
        length[c.suit_index] += 1
    if not trick:
        masters = [c for c in cards if c.rank_value > tops[c.suit_index]]
        if masters:
            return _PLAY[max(masters, key=lambda c: (length[c.suit_index], c.rank_value))]
        return _PLAY[min(cards, key=lambda c: (-length[c.suit_index], c.rank_value))]
    return _PLAY[min(cards, key=lambda c: (c.rank_value > tops[c.suit_index], length[c.suit_index], c.rank_value))]


def _RANK(card: Card) -> int:
    return card.rank_value
