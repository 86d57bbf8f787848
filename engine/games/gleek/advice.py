"""A sensible Gleek player (the heuristic bot's advice, phase by phase), knowing only its
own hand and what the table has seen.

- The stock: worth the seven cards it brings (their mean expected count among the cards
  the seat cannot see) less the seven it puts out; a player bids while the next bid is
  under a quarter of what that gain in the count is worth in tokens (:func:`bid_ceiling`:
  the weakest hand values the stock most, and in 450 heuristic deals its buyer still
  counted 20 points against the others' 21.6, so the gain is bid cautiously).
- The discards: the cards least likely to bring points (low plain cards), keeping trumps,
  aces, the Tyde and court cards that may make a gleek.
- The vie: vie a ruff likely to be the best (46 and over: three players' best ruff is 45
  or more about half the time; 4 less after each round of passes), see a vie with 49,
  revie with 54 or four aces, go on raising while the stake is within what the hand can
  stand (:func:`raise_cap`).
- The tricks: take honours and tricks cheaply, never throw an honour to another's trick.

:func:`sampled` narrows the sampling bot's candidates to raises within the same bounds, so
that two sampling players' raising ends.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from engine.cards import ALL_CARDS, SUITS, Card, Rank, Suit
from engine.game import Action
from engine.phases.trick import PLAY_BY_INDEX as _PLAY
from engine.games.gleek.rules import (
    ANSWER, AUCTION, CONTEST, DECLARE, DISCARD, OPENING_BID, PASS, RAISE, REVIE, SEE, SHOW, STOCK_TAKEN, VIE,
    VIE_CALL, YIELD, NO_SHOW, Ruff, four_of_trumps, gleek_pack, honour_value,
)

if TYPE_CHECKING:
    from engine.games.gleek.state import GleekState
    from engine.games.gleek.vie import VieTable

_ACT = {kind: Action(kind) for kind in (PASS, VIE_CALL, REVIE, SEE, YIELD, SHOW, NO_SHOW)}
DISCARD_BY_INDEX = tuple(Action(DISCARD, c) for c in ALL_CARDS)
"""The discard action of each card, by index (interned)."""

__all__ = ["card_worth", "stock_value", "bid_ceiling", "raise_cap", "bid", "discard", "vie", "play", "sampled"]

_PLAIN = {Rank.ACE: 2.2, Rank.KING: 1.3, Rank.QUEEN: 0.6, Rank.JACK: 0.3}
_TRUMP_TRICK = {14: 3.0, 13: 2.6, 12: 2.2, 11: 1.9, 10: 1.6, 9: 1.4, 8: 1.2, 7: 1.0, 6: 0.9, 5: 0.8, 4: 0.7}
_HONOUR_KEPT = {Rank.ACE: 1.0, Rank.KING: 0.8, Rank.QUEEN: 0.7, Rank.JACK: 0.6}
"""The share of an honour's value its holder can expect to score (the lower ones may be captured)."""


def card_worth(card: Card, trump: Suit) -> float:
    """Roughly the points (coins) a card brings its holder: tricks, honours, the Tyde.

    >>> card_worth(Card.parse("AS"), Suit.SPADES), card_worth(Card.parse("5H"), Suit.SPADES)
    (18.0, 0.1)
    """
    return _WORTH[trump.index][card.index]


def _worth(card: Card, trump: Suit) -> float:
    if card.suit is not trump:
        return _PLAIN.get(card.rank, 0.1)
    worth = _TRUMP_TRICK.get(card.rank_value, 0.7) + honour_value(card, trump) * _HONOUR_KEPT.get(card.rank, 0.0)
    return worth + (4.0 if card is four_of_trumps(trump) else 0.0)


_WORTH = tuple(tuple(_worth(c, trump) for c in ALL_CARDS) for trump in SUITS)
""":func:`card_worth` by trump (suit index) and card index."""
_PACK_WORTH = tuple(sum(row[c.index] for c in gleek_pack()) for row in _WORTH)
"""The worth of the whole pack, by trump."""


def stock_value(state: GleekState, seat: int) -> float:
    """What buying the stock adds to ``seat``'s count, in coins: seven unseen cards on
    average less its seven weakest."""
    row = _WORTH[state.trump.index]
    hand = [row[c.index] for c in state.hands[seat]]
    unseen = len(state.pack) - len(hand) - 1
    mean = (_PACK_WORTH[state.trump.index] - sum(hand) - row[state.turned.index]) / unseen
    return STOCK_TAKEN * mean - sum(sorted(hand)[:STOCK_TAKEN])


def bid_ceiling(state: GleekState, seat: int) -> int:
    """The highest bid ``seat`` makes for the stock, in tokens (kept for the deal's auction:
    the hand does not change in it)."""
    ceilings = state.ceilings
    if ceilings[seat] < 0:
        ceilings[seat] = OPENING_BID + max(0, int(stock_value(state, seat) * state.params.coin / 4))
    return ceilings[seat]


def raise_cap(ruff: Ruff) -> int:
    """The stake (coins) up to which a ruff goes on raising in the contest."""
    if ruff.four_aces:
        return 30
    return 10 if ruff.value >= 62 else 6 if ruff.value >= 55 else 4


def _step(action: Action) -> int:
    return 1 if action.value is None else int(action.value)


def bid(state: GleekState, seat: int, legal: list[Action]) -> Action:
    """Raise while the next bid is within :func:`bid_ceiling`, else drop out; where larger
    raises are allowed, by a third of the way to the ceiling."""
    raise_ = _raise(state, seat, legal)
    return raise_ if raise_ is not None else _ACT[PASS]


def _raise(state: GleekState, seat: int, legal: list[Action]) -> Action | None:
    """The raise :func:`bid` would make, or None."""
    raises = [a for a in legal if a.kind == RAISE]
    if not raises:
        return None
    room = bid_ceiling(state, seat) - state.bids[-1][1]
    fits = [a for a in raises if _step(a) <= max(1, room // 3)]
    if room < _step(raises[0]) or not fits:
        return None
    return fits[-1]


def discard(state: GleekState, seat: int, legal: list[Action]) -> Action:
    """Put out the card worth least to the hand: its worth, with a little for each other
    card of its rank (a gleek in the making, jacks up) and of its suit (a long ruff)."""
    row = _WORTH[state.trump.index]
    ranks, suits = [0] * 15, [0, 0, 0, 0]
    for c in state.hands[seat]:
        ranks[c.rank_value] += 1
        suits[c.suit_index] += 1

    def keep(c: Card) -> tuple[float, int]:
        gleek = 0.8 * (ranks[c.rank_value] - 1) if c.rank_value >= 11 else 0.0
        return (row[c.index] + gleek + 0.15 * suits[c.suit_index], c.index)

    return DISCARD_BY_INDEX[min((a.card for a in legal if a.card is not None), key=keep).index]


def vie(state: VieTable, seat: int, legal: list[Action]) -> Action:
    """Vie, answer, raise or yield by the strength of the seat's own ruff."""
    ruff = state.ruff(seat)
    strong, value = ruff.four_aces, ruff.value
    stage = state.vie_stage
    if stage == DECLARE:  # (after a round of passes, a lesser ruff may be the best)
        return _ACT[VIE_CALL] if strong or value >= 50 - 4 * state.vie_round else _ACT[PASS]
    if stage == ANSWER:
        if strong or value >= 54:
            return _ACT[REVIE]
        return _ACT[SEE] if value >= 49 else _ACT[PASS]
    if stage == CONTEST:
        return _ACT[REVIE] if state.stake + 2 <= raise_cap(ruff) else _ACT[YIELD]
    show = state.params.show
    if show.decides:
        return _ACT[SHOW] if strong or value >= 50 else _ACT[NO_SHOW]
    return _ACT[NO_SHOW] if show.yielder_calls else _ACT[SHOW]  # a show that decides nothing: the winner's gain


def play(state: GleekState, seat: int, cards: list[Card]) -> Action:
    """A card: lead Tib or a plain ace, else low from the longest plain suit; follow by
    winning cheaply when the trick is worth it, else throw the cheapest card that is no honour."""
    trump = state.trump
    trick = state.trick

    def cheap(c: Card) -> tuple[int, int, int]:
        return (honour_value(c, trump), 1 if c.suit is trump else 0, c.rank_value)

    if not trick:
        tib = [c for c in cards if c.suit is trump and c.rank is Rank.ACE]
        aces = [c for c in cards if c.suit is not trump and c.rank is Rank.ACE]
        if tib or aces:
            return _PLAY[((tib or aces)[0]).index]
        plain = [c for c in cards if c.suit is not trump]
        if not plain:
            return _PLAY[(min(cards, key=cheap)).index]
        length = {s: sum(1 for c in plain if c.suit is s) for s in {c.suit for c in plain}}
        return _PLAY[(min(plain, key=lambda c: (-length[c.suit], c.rank_value))).index]
    strengths, best = state._trick_strengths, state._winning_strength  # (trick play's fast tables)
    winners = [c for c in cards if strengths[c.index] > best]
    last = len(trick) == 2
    worth = sum(1 + honour_value(c, trump) for c in trick)
    if winners and (last or worth >= 4 or any(c.rank is Rank.ACE for c in winners)):
        safe = [c for c in winners if c.suit is not trump or c.rank is Rank.ACE or last] or winners
        choice = min(safe, key=cheap) if last else max(safe, key=lambda c: (c.suit is trump, c.rank_value))
        return _PLAY[choice.index]
    if winners and honour_value(min(winners, key=cheap), trump) == 0:
        return _PLAY[(min(winners, key=cheap)).index]
    losers = [c for c in cards if c not in winners] or cards
    return _PLAY[(min(losers, key=cheap)).index]


def sampled(state: GleekState, seat: int, legal: list[Action]) -> list[Action]:
    """The sampling bot's candidates: in the auction, the least raise while well within
    :func:`bid_ceiling`, dropping out beyond it, and both near it (within a fifth); in the
    contest, a revie only within :func:`raise_cap`."""
    phase = state.phase
    if phase == AUCTION:
        raise_ = _raise(state, seat, legal)
        if raise_ is None:
            return [_ACT[PASS]]
        room = bid_ceiling(state, seat) - state.bids[-1][1] - _step(raise_)
        return [raise_] if room > max(2, bid_ceiling(state, seat) // 5) else [raise_, _ACT[PASS]]
    if phase == VIE and state.vie_stage == CONTEST and state.stake + 2 > raise_cap(state.ruff(seat)):
        return [_ACT[YIELD]]
    return legal
