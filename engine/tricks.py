"""The trick-taking kernel shared by every game of the edition.

Games compose three things from here and copy none of them:

* a :class:`PlayRule` says which cards a hand may play to a trick: a *follow
  policy* (:data:`SUIT` must follow suit, else any card — Piquet, Gleek;
  :data:`SUIT_ELSE_TRUMP` follow, else trump, else any — Ruffe as obliged,
  Мушка, Рамс; :data:`SUIT_OR_TRUMP` follow or trump at will — Ruffe as
  free), an optional *heading* duty (beat the best card so far when able),
  and an optional *constraint* hook for a game's own restriction (Рамс: the
  trump ace must cover a trump K, Q or J);
* :func:`trick_winner` finds who wins a trick with a trump suit and an
  optional *special* strength hook (Памфил: the jack of clubs beats
  everything; Мушка: the ace of spades beats the trump ace, but only when
  another card was led);
* :class:`Trick` records one trick (leader, seats, cards, winner) and
  :func:`next_seat` / :func:`seats_from` give the order of play.

Cards are :class:`engine.cards.Card`; a trick is given leader first.

>>> from engine.cards import parse_cards, Suit
>>> hand = parse_cards("AS 7H 2D 9C")
>>> [str(c) for c in legal_plays(hand, parse_cards("KD"), Suit.CLUBS)]
['2D']
>>> [str(c) for c in legal_plays(hand, parse_cards("KH"), Suit.CLUBS, OBLIGED)]
['7H']
>>> [str(c) for c in legal_plays(parse_cards("AS 2D 9C"), parse_cards("KH"), Suit.CLUBS, OBLIGED)]
['9C']
>>> trick_winner(parse_cards("KH AH 2C 3S"), Suit.CLUBS)
2
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.cards import ALL_CARDS, Card, Suit

__all__ = [
    "BitConstraint",
    "SUIT",
    "SUIT_ELSE_TRUMP",
    "SUIT_OR_TRUMP",
    "FOLLOW_POLICIES",
    "PlayRule",
    "FOLLOW_SUIT",
    "OBLIGED",
    "FREE",
    "Strength",
    "Constraint",
    "SuitOf",
    "legal_plays",
    "SUIT_BITS",
    "card_bits",
    "follow_bits",
    "follow_masks",
    "card_strength",
    "strength_table",
    "trick_winner",
    "beats",
    "winning_index_so_far",
    "voids_shown",
    "Trick",
    "next_seat",
    "seats_from",
]

SUIT = "suit"
"""Follow suit if able, else play any card (Piquet, Gleek)."""

SUIT_ELSE_TRUMP = "suit-else-trump"
"""Follow suit if able, else trump if able, else any card (Мушка, Рамс, Ruffe "obliged")."""

SUIT_OR_TRUMP = "suit-or-trump"
"""Follow suit or trump, at will; if neither is possible, any card (Ruffe "free")."""

FOLLOW_POLICIES = (SUIT, SUIT_ELSE_TRUMP, SUIT_OR_TRUMP)

Strength = Callable[[Card, int, Sequence[Card], "Suit | None"], "int | None"]
"""A special-card hook: ``(card, position, trick, trump) -> strength or None``.

``position`` is the card's index in the trick (0 = the lead).  Return an
integer to override the card's ordinary strength (see :func:`card_strength`:
plain led-suit cards are 100 + rank, trumps 200 + rank, so 300 beats every
ordinary card), or ``None`` to leave it ordinary.
"""

SuitOf = Callable[[Card, "Suit | None"], Suit]
"""A card's suit for following, where a game changes it: ``(card, trump) -> suit``
(Памфил: the jack of clubs is a trump, not a club, when it is led or followed)."""

Constraint = Callable[[Sequence[Card], Sequence[Card], "Suit | None", list[Card]], list[Card]]
"""A game's own restriction: ``(hand, trick, trump, legal) -> legal``.

It receives the cards the follow policy (and heading) already allow and
returns the subset the game allows; it must not return an empty list when
``legal`` is not empty.
"""


class BitConstraint:
    """A game's :data:`Constraint` that also answers on bit sets, so that a deal under it
    runs on the bit sets of trick play (:mod:`engine.phases.trick`) like a plain rule.

    ``cards`` is the constraint on cards (:data:`Constraint`); ``bits(allowed, trick,
    trump)`` the same on a hand's allowed cards as a bit set (bit ``card.index``), the
    trick as cards and ``trump`` as a suit index (-1 for none): it returns the bits the
    game allows, the same cards ``cards`` returns.  Calling the object calls ``cards``."""

    __slots__ = ("cards", "bits", "__name__")

    def __init__(self, cards: Constraint, bits: Callable[[int, Sequence[Card], int], int]) -> None:
        self.cards = cards
        self.bits = bits
        self.__name__ = getattr(cards, "__name__", type(self).__name__)

    def __call__(self, hand: Sequence[Card], trick: Sequence[Card], trump: Suit | None, legal: list[Card]) -> list[Card]:
        return self.cards(hand, trick, trump, legal)

    def __repr__(self) -> str:
        return f"<BitConstraint {self.__name__}>"


def _follow_suit(hand: Sequence[Card], led: Suit, trump: Suit | None) -> list[Card]:
    # Piquet, Gleek: the suit led if you have it; otherwise anything.
    return [c for c in hand if c.suit is led] or list(hand)


def _suit_else_trump(hand: Sequence[Card], led: Suit, trump: Suit | None) -> list[Card]:
    # Мушка, Рамс, Ruffe "obliged": the suit led; failing it, a trump; failing both, anything.
    return [c for c in hand if c.suit is led] or [c for c in hand if c.suit is trump] or list(hand)


def _suit_or_trump(hand: Sequence[Card], led: Suit, trump: Suit | None) -> list[Card]:
    # Ruffe "free": the suit led or a trump, at will; failing both, anything.
    return [c for c in hand if c.suit is led or c.suit is trump] or list(hand)


_FOLLOW_CLAUSES = {SUIT: _follow_suit, SUIT_ELSE_TRUMP: _suit_else_trump, SUIT_OR_TRUMP: _suit_or_trump}


@dataclass(frozen=True)
class PlayRule:
    """What a hand may play to a trick.

    ``follow``: one of :data:`FOLLOW_POLICIES`; ``head``: when true a player
    must beat the best card so far if any allowed card can (heading the
    trick); ``strength``: special-card hook used both for heading and for
    the winner; ``constraint``: a game's own extra restriction; ``suit_of``:
    a card's suit for following when a game changes it (:data:`SuitOf`).
    """

    follow: str = SUIT
    head: bool = False
    strength: Strength | None = None
    constraint: Constraint | None = None
    suit_of: SuitOf | None = None
    plain: bool = field(init=False, repr=False, compare=False, default=True)

    def __post_init__(self) -> None:
        if self.follow not in FOLLOW_POLICIES:
            raise ValueError(f"unknown follow policy {self.follow!r}; expected one of {', '.join(FOLLOW_POLICIES)}")
        object.__setattr__(self, "plain", not self.head and self.constraint is None and self.suit_of is None)

    def clause(self) -> Callable[[Sequence[Card], Suit, Suit | None], list[Card]]:
        """The follow clause: ``(hand, led suit, trump) -> allowed cards``."""
        return _FOLLOW_CLAUSES[self.follow]


FOLLOW_SUIT = PlayRule(SUIT)
OBLIGED = PlayRule(SUIT_ELSE_TRUMP)
FREE = PlayRule(SUIT_OR_TRUMP)


def _follow_by(suit_of: SuitOf, follow: str, hand: Sequence[Card], lead: Card, trump: Suit | None) -> list[Card]:
    """The follow clause with each card's suit given by a game's ``suit_of`` hook."""
    led = suit_of(lead, trump)
    suits = [suit_of(c, trump) for c in hand]
    same = [c for c, s in zip(hand, suits) if s is led]
    if follow == SUIT:
        return same or list(hand)
    if follow == SUIT_ELSE_TRUMP:
        return same or [c for c, s in zip(hand, suits) if s is trump] or list(hand)
    return [c for c, s in zip(hand, suits) if s is led or s is trump] or list(hand)


def legal_plays(
    hand: Sequence[Card],
    trick: Sequence[Card],
    trump: Suit | None,
    rule: PlayRule = FOLLOW_SUIT,
) -> list[Card]:
    """The cards of ``hand`` that may be played to ``trick`` (leader first),
    in hand order.

    The follow clause comes first; then heading (if the rule asks for it)
    narrows the choice to the cards that beat the trick when there are any;
    then the game's own constraint.

    >>> from engine.cards import parse_cards, Suit
    >>> hand = parse_cards("AH 5H 2C 9D")
    >>> [str(c) for c in legal_plays(hand, [], Suit.CLUBS)]
    ['AH', '5H', '2C', '9D']
    >>> [str(c) for c in legal_plays(hand, parse_cards("KH"), Suit.CLUBS, FREE)]
    ['AH', '5H', '2C']
    >>> [str(c) for c in legal_plays(hand, parse_cards("KH"), Suit.CLUBS, PlayRule(SUIT, head=True))]
    ['AH']
    """
    if not trick:
        legal = list(hand)
    elif rule.suit_of is None:
        legal = _FOLLOW_CLAUSES[rule.follow](hand, trick[0].suit, trump)
        if rule.plain:
            return legal
    else:
        legal = _follow_by(rule.suit_of, rule.follow, hand, trick[0], trump)
    if trick:
        if rule.head:
            best = max(card_strength(c, i, trick, trump, rule.strength) for i, c in enumerate(trick))
            position = len(trick)
            beating = [c for c in legal if card_strength(c, position, trick, trump, rule.strength) > best]
            if beating:
                legal = beating
    if rule.constraint is not None and legal:
        constrained = rule.constraint(hand, trick, trump, legal)
        if not constrained:
            raise ValueError("a play constraint returned no card although some were allowed")
        legal = constrained
    return legal


SUIT_BITS: tuple[int, ...] = tuple(((1 << 13) - 1) << (13 * s) for s in range(4))
"""The cards of each suit (S H D C) as a bit set: bit ``card.index`` for each card."""


_CARD_BIT = tuple(1 << i for i in range(52))


def card_bits(cards: Iterable[Card]) -> int:
    """Cards as a bit set of their indexes (bit ``card.index`` is set for each).

    >>> from engine.cards import parse_cards
    >>> bin(card_bits(parse_cards("AS 2S AH")))
    '0b11000000000001'
    """
    bits = 0
    for c in cards:
        bits |= _CARD_BIT[c.index]
    return bits


@functools.cache
def follow_masks(trump: int, follow: str) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """A follow policy as two masks per suit led, ``(first, second)``: a hand
    (a bit set, :func:`card_bits`) to which suit ``led`` was led may play its
    cards in ``first[led]`` if it has any, else those in ``second[led]`` if it
    has any, else any card — ``hand & first[led] or hand & second[led] or
    hand``, which is :func:`follow_bits`.  ``trump = -1`` for no trumps.

    >>> first, second = follow_masks(2, SUIT_ELSE_TRUMP)   # diamonds trumps: follow, else trump
    >>> first[1] == SUIT_BITS[1] and second[1] == SUIT_BITS[2]
    True
    >>> first, second = follow_masks(2, SUIT_OR_TRUMP)     # follow or trump at will
    >>> first[1] == SUIT_BITS[1] | SUIT_BITS[2] and second[1] == 0
    True
    """
    if follow not in FOLLOW_POLICIES:
        raise ValueError(f"unknown follow policy {follow!r}; expected one of {', '.join(FOLLOW_POLICIES)}")
    first, second = [], []
    for led in range(4):
        suit = SUIT_BITS[led]
        trumps = SUIT_BITS[trump] if 0 <= trump < 4 and trump != led and follow != SUIT else 0
        if follow == SUIT_OR_TRUMP:
            first.append(suit | trumps)
            second.append(0)
        else:  # SUIT (no trumps to fall back on) or SUIT_ELSE_TRUMP
            first.append(suit)
            second.append(trumps)
    return tuple(first), tuple(second)


def follow_bits(hand: int, led: int, trump: int, follow: str) -> int:
    """The follow clauses on a hand given as a bit set (:func:`card_bits`):
    the bits of the cards that may be played when suit ``led`` was led
    (suit indices 0..3 in S H D C order; ``trump = -1`` for no trumps).  The
    same answer as :func:`legal_plays` for a plain rule (no heading, no
    constraint), in a few integer operations (a game's hot path may keep the
    masks of :func:`follow_masks` for its trump and apply them inline).

    >>> from engine.cards import parse_cards
    >>> hand = card_bits(parse_cards("AS 10H 5H 3D 2C"))
    >>> follow_bits(hand, 1, 2, SUIT_ELSE_TRUMP) == card_bits(parse_cards("10H 5H"))
    True
    >>> follow_bits(hand, 1, 2, SUIT_OR_TRUMP) == card_bits(parse_cards("10H 5H 3D"))
    True
    >>> follow_bits(card_bits(parse_cards("AS 2C")), 1, 2, SUIT_ELSE_TRUMP) == card_bits(parse_cards("AS 2C"))
    True
    """
    first, second = follow_masks(trump, follow)
    return hand & first[led] or hand & second[led] or hand


@functools.cache
def strength_table(trump: int, led: int) -> tuple[int, ...]:
    """:func:`card_strength` of every card, by ``card.index``, in a trick led in
    suit ``led`` with suit ``trump`` trumps (suit indices 0..3 in S H D C
    order; ``trump = -1`` for no trumps; no special hook): 0 for a card that
    cannot win, 100 + rank for the suit led, 200 + rank for a trump.  The
    winner of a trick is the card with the highest value; a game's hot path
    may look the values up instead of calling :func:`trick_winner`.

    >>> from engine.cards import Card, Suit
    >>> table = strength_table(0, 1)                    # spades trumps, hearts led
    >>> table[Card.parse("2S").index], table[Card.parse("AH").index], table[Card.parse("AD").index]
    (202, 114, 0)
    """
    if not 0 <= led < 4 or not -1 <= trump < 4:
        raise ValueError(f"suit indexes run 0..3 (trump -1 for none); got led={led}, trump={trump}")
    return tuple(200 + c.rank_value if c.suit_index == trump else 100 + c.rank_value if c.suit_index == led else 0
                 for c in ALL_CARDS)


def card_strength(
    card: Card,
    position: int,
    trick: Sequence[Card],
    trump: Suit | None,
    strength: Strength | None = None,
) -> int:
    """How strong ``card`` is at ``position`` in ``trick``: 0 for a card that
    can't win (neither the led suit nor trump), 100 + rank for the led suit,
    200 + rank for a trump, or what the special hook says.

    >>> from engine.cards import Card
    >>> lead = [Card.parse("KH")]
    >>> card_strength(Card.parse("2S"), 1, lead, Suit.SPADES), card_strength(Card.parse("AH"), 1, lead, Suit.SPADES)
    (202, 114)
    """
    if strength is not None:
        special = strength(card, position, trick, trump)
        if special is not None:
            return special
    if card.suit is trump:
        return 200 + card.rank_value
    led = card.suit if position == 0 or not trick else trick[0].suit
    if card.suit is led:
        return 100 + card.rank_value
    return 0


def winning_index_so_far(trick: Sequence[Card], trump: Suit | None, strength: Strength | None = None) -> int:
    """The index of the card now winning a (possibly unfinished) trick."""
    if strength is None:
        # fast path: no special cards
        led = trick[0].suit
        best_i, best = 0, (200 if led is trump else 100) + trick[0].rank_value
        for i in range(1, len(trick)):
            c = trick[i]
            if c.suit is trump:
                s = 200 + c.rank_value
            elif c.suit is led:
                s = 100 + c.rank_value
            else:
                continue
            if s > best:
                best_i, best = i, s
        return best_i
    best_i = 0
    best = card_strength(trick[0], 0, trick, trump, strength)
    for i in range(1, len(trick)):
        s = card_strength(trick[i], i, trick, trump, strength)
        if s > best:
            best_i, best = i, s
    return best_i


def trick_winner(trick: Sequence[Card], trump: Suit | None, strength: Strength | None = None) -> int:
    """The index in ``trick`` (0 = the lead) of the card that wins it: the
    highest trump if any, else the highest card of the suit led; a special
    hook may override.  On equal strength the earlier card wins.

    >>> from engine.cards import parse_cards, Suit, Card
    >>> trick_winner(parse_cards("5D KD AS 2D"), Suit.HEARTS)
    1
    >>> pamphil = lambda card, pos, trick, trump: 300 if card is Card.parse("JC") else None
    >>> trick_winner(parse_cards("AH JC KH"), Suit.HEARTS, pamphil)
    1
    """
    if not trick:
        raise ValueError("an empty trick has no winner")
    return winning_index_so_far(trick, trump, strength)


def beats(card: Card, trick: Sequence[Card], trump: Suit | None, strength: Strength | None = None) -> bool:
    """Whether ``card``, played next, would win the trick as it stands.

    >>> from engine.cards import parse_cards, Card, Suit
    >>> beats(Card.parse("2S"), parse_cards("AH"), Suit.SPADES), beats(Card.parse("KH"), parse_cards("AH"), None)
    (True, False)
    """
    if not trick:
        return True
    position = len(trick)
    best = max(card_strength(c, i, trick, trump, strength) for i, c in enumerate(trick))
    return card_strength(card, position, trick, trump, strength) > best


def voids_shown(card: Card, trick: Sequence[Card], trump: Suit | None, follow: str) -> tuple[Suit, ...]:
    """The suits a player has shown he lacks by playing ``card`` to ``trick``
    under a follow policy (what every other player may infer).

    >>> from engine.cards import parse_cards, Card, Suit
    >>> voids_shown(Card.parse("2D"), parse_cards("KH"), Suit.CLUBS, SUIT_ELSE_TRUMP)
    (Suit.HEARTS, Suit.CLUBS)
    >>> voids_shown(Card.parse("2C"), parse_cards("KH"), Suit.CLUBS, SUIT_OR_TRUMP)
    ()
    """
    if not trick:
        return ()
    led = trick[0].suit
    if card.suit is led:
        return ()
    if follow == SUIT:
        return (led,)
    if follow == SUIT_ELSE_TRUMP:
        if card.suit is trump:
            return (led,)
        return (led, trump) if trump is not None and trump is not led else (led,)
    # SUIT_OR_TRUMP: trumping shows nothing; a discard shows both missing
    if card.suit is trump:
        return ()
    return (led, trump) if trump is not None and trump is not led else (led,)


def next_seat(seat: int, players: int) -> int:
    """The seat to the left (the next in turn).

    >>> next_seat(3, 4)
    0
    """
    return (seat + 1) % players


def seats_from(first: int, players: int) -> list[int]:
    """All seats in turn starting with ``first``.

    >>> seats_from(2, 4)
    [2, 3, 0, 1]
    """
    return [(first + i) % players for i in range(players)]


@dataclass
class Trick:
    """One trick: who led, the cards in order of play, who won it.

    >>> from engine.cards import parse_cards, Suit
    >>> t = Trick(leader=1, players=4)
    >>> for c in parse_cards("KH AH 2C 3S"):
    ...     t.add(c)
    >>> t.seats(), t.complete, t.finish(Suit.CLUBS), t.to_json()["winner"]
    ([1, 2, 3, 0], True, 3, 3)
    """

    leader: int
    players: int
    cards: list[Card] = field(default_factory=list)
    winner: int | None = None

    @property
    def complete(self) -> bool:
        return len(self.cards) == self.players

    @property
    def to_play(self) -> int:
        """The seat whose card comes next."""
        return (self.leader + len(self.cards)) % self.players

    def add(self, card: Card) -> None:
        if self.complete:
            raise ValueError("the trick is already complete")
        self.cards.append(card)

    def seats(self) -> list[int]:
        return [(self.leader + i) % self.players for i in range(len(self.cards))]

    def finish(self, trump: Suit | None, strength: Strength | None = None) -> int:
        """Settle the winner (a seat) of the complete trick and return it."""
        if not self.complete:
            raise ValueError(f"the trick has {len(self.cards)} of {self.players} cards")
        self.winner = (self.leader + trick_winner(self.cards, trump, strength)) % self.players
        return self.winner

    def to_json(self) -> dict[str, Any]:
        return {
            "leader": self.leader,
            "cards": [{"seat": s, "card": str(c)} for s, c in zip(self.seats(), self.cards)],
            "winner": self.winner,
        }
