"""A sensible Ruffe and Trumps player (the heuristic bot's advice), knowing only its own
hand and the tricks on the table.

- The head: its taker lays out the lowest plain cards, a short suit's before a long
  one's, keeping trumps and aces.
- The tricks: lead a plain ace (or, with only trumps, the top trump when it is the ace),
  else low from the longest plain suit; let a partner's winning card stand when it is safe
  (the last to play, a trump, a king or an ace); otherwise win as cheaply as possible,
  trumping when void, and throw the lowest card, keeping trumps.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards import Card, Rank, Suit
from engine.game import Action
from engine.games.ruffe.rules import _DISCARD, _PLAY
from engine.tricks import trick_winner

if TYPE_CHECKING:
    from engine.games.ruffe.state import RuffeState

__all__ = ["discard", "play"]


def discard(state: RuffeState, seat: int) -> Action:
    """The head-taker's discard: the weakest non-trumps, shortest suits first."""
    trump = state.trump
    hand = state.hand_cards(seat)
    lengths = [0, 0, 0, 0]
    for c in hand:
        lengths[c.suit_index] += 1

    def keep_value(c: Card) -> tuple[int, int, int]:
        is_trump = c.suit is trump
        return (1 if is_trump else 0, 1 if c.rank is Rank.ACE else 0, c.rank_value * 4 + lengths[c.suit_index])
    return _DISCARD[min(hand, key=keep_value)]


def play(state: RuffeState, seat: int, cards: list[Card]) -> Action:
    """A sensible card: let a partner's winning card stand, win as cheaply as
    possible, trump a trick when void and no partner has it, and otherwise throw
    the lowest card, keeping trumps."""
    trump = state.trump
    trick = state.trick

    def cheap(c: Card) -> tuple[int, int]:
        return (1 if c.suit is trump else 0, c.rank_value)

    if not trick:
        # lead: cash a plain ace (or the top trump); else low from the longest plain suit
        aces = [c for c in cards if c.rank is Rank.ACE and c.suit is not trump]
        if aces:
            return _PLAY[aces[0]]
        plain = [c for c in cards if c.suit is not trump]
        if not plain:
            return _PLAY[max(cards, key=lambda c: c.rank_value)] if Card(Rank.ACE, trump) in cards \
                else _PLAY[min(cards, key=cheap)]
        lengths = [0, 0, 0, 0]
        for c in plain:
            lengths[c.suit_index] += 1
        return _PLAY[min(plain, key=lambda c: (-lengths[c.suit_index], c.rank_value))]
    n = state.num_players
    best_i = trick_winner(trick, trump)
    winner_seat = (state.leader + best_i) % n
    last_to_play = len(trick) == n - 1
    partner_winning = state.side_of(winner_seat) == state.side_of(seat) and winner_seat != seat
    if partner_winning:
        best_card = trick[best_i]
        safe = last_to_play or best_card.suit is trump or best_card.rank_value >= 13
        if safe:
            return _PLAY[min(cards, key=cheap)]
    winning = [c for c in cards if _wins(c, trick, best_i, trump)]
    if winning:
        return _PLAY[min(winning, key=cheap)]
    return _PLAY[min(cards, key=cheap)]


def _wins(card: Card, trick: list[Card], best_i: int, trump: Suit) -> bool:
    best = trick[best_i]
    if card.suit is best.suit:
        return card.rank_value > best.rank_value
    return card.suit is trump
