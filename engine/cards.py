"""Playing cards: suits, ranks, cards, decks and seeded shuffles.

Cards are interned: there is exactly one :class:`Card` object for each of
the 52 cards, so ``Card(Rank.ACE, Suit.SPADES) is Card.parse("AS")``; they
compare by identity, hash to their index 0..51, and carry precomputed
integers (``rank_value``, ``index``) for the engine's hot paths.

>>> Card.parse("10H"), Card.parse("TH"), Card.parse("as")
(Card(Rank.TEN, Suit.HEARTS), Card(Rank.TEN, Suit.HEARTS), Card(Rank.ACE, Suit.SPADES))
>>> str(Card.parse("th")), Card.parse("10h").symbol
('10H', '10♥')
>>> [str(c) for c in parse_cards("AS KS 10H")]
['AS', 'KS', '10H']
>>> len(deck_52()), len(deck_44()), len(deck_36()), len(deck_32())
(52, 44, 36, 32)
>>> shuffled(deck_52(), 7) == shuffled(deck_52(), 7)
True
"""

from __future__ import annotations

import enum
import functools
import random
from math import floor
from collections.abc import Callable, Iterable
from typing import Any, TypeVar

from engine.errors import EngineError, InvalidInputError, brief
from engine.i18n import N_, Text

T = TypeVar("T")

__all__ = [
    "Suit",
    "Rank",
    "Card",
    "SUITS",
    "RANKS",
    "ALL_CARDS",
    "parse_cards",
    "format_cards",
    "deck_52",
    "deck_44",
    "deck_36",
    "deck_32",
    "place_cards",
    "deck_without",
    "deck",
    "shuffled",
    "sort_hand",
]


class Suit(enum.Enum):
    """The four French suits, written ``S H D C``.

    >>> Suit.parse("h"), Suit.HEARTS.symbol, str(Suit.CLUBS)
    (Suit.HEARTS, '♥', 'C')
    """

    SPADES = "S"
    HEARTS = "H"
    DIAMONDS = "D"
    CLUBS = "C"

    @property
    def symbol(self) -> str:
        """The suit's sign: ♠ ♥ ♦ ♣."""
        return _SUIT_SYMBOLS[self]

    @property
    def name_en(self) -> str:
        """The English plural name: ``spades``."""
        return self.name.lower()

    @property
    def words(self) -> Text:
        """The plural name in the reader's language, written when read: ``spades`` (``пики``).

        >>> str(Suit.HEARTS.words)
        'hearts'
        """
        return Text(_SUIT_WORDS[self])

    @property
    def index(self) -> int:
        """Position in the order S H D C (0..3)."""
        return _SUIT_INDEX[self]

    @classmethod
    def parse(cls, text: str | Suit) -> Suit:
        """A suit from its letter (``S H D C``, any case) or its sign."""
        if isinstance(text, Suit):
            return text
        suit = _SUIT_BY_TEXT.get(text.strip().upper()) if isinstance(text, str) else None
        if suit is None:
            raise InvalidInputError(Text("unknown suit {}: expected one of S H D C (or ♠ ♥ ♦ ♣)",
                                         brief(text)))
        return suit

    def __str__(self) -> str:
        return self.value

    def __repr__(self) -> str:
        return f"Suit.{self.name}"


_SUIT_SYMBOLS = {Suit.SPADES: "♠", Suit.HEARTS: "♥", Suit.DIAMONDS: "♦", Suit.CLUBS: "♣"}
_SUIT_INDEX = {suit: i for i, suit in enumerate(Suit)}
_SUIT_WORDS = {Suit.SPADES: N_("spades"), Suit.HEARTS: N_("hearts"), Suit.DIAMONDS: N_("diamonds"),
               Suit.CLUBS: N_("clubs")}
_SUIT_BY_TEXT = {s.value: s for s in Suit} | {sym: s for s, sym in _SUIT_SYMBOLS.items()}
_SUIT_BY_TEXT |= {"♤": Suit.SPADES, "♡": Suit.HEARTS, "♢": Suit.DIAMONDS, "♧": Suit.CLUBS}

SUITS: tuple[Suit, ...] = tuple(Suit)


class Rank(enum.IntEnum):
    """Ranks, valued 2..14 so that the ace is high.

    >>> Rank.parse("10"), Rank.parse("T"), str(Rank.QUEEN), int(Rank.ACE)
    (Rank.TEN, Rank.TEN, 'Q', 14)
    """

    TWO = 2
    THREE = 3
    FOUR = 4
    FIVE = 5
    SIX = 6
    SEVEN = 7
    EIGHT = 8
    NINE = 9
    TEN = 10
    JACK = 11
    QUEEN = 12
    KING = 13
    ACE = 14

    @property
    def text(self) -> str:
        """How the rank is written in card names: ``A K Q J 10 9 … 2``."""
        return _RANK_TEXT[self]

    @classmethod
    def parse(cls, text: str | int | Rank) -> Rank:
        """A rank from ``A K Q J 10 (or T) 9 … 2`` or its value 2..14."""
        if isinstance(text, Rank):
            return text
        if isinstance(text, int) and not isinstance(text, bool):
            if 2 <= text <= 14:
                return cls(text)
        else:
            rank = _RANK_BY_TEXT.get(str(text).strip().upper())
            if rank is not None:
                return rank
        raise InvalidInputError(Text("unknown rank {}: expected one of A K Q J 10 9 8 7 6 5 4 3 2",
                                     brief(text)))

    def __str__(self) -> str:
        return _RANK_TEXT[self]

    def __repr__(self) -> str:
        return f"Rank.{self.name}"

    def __format__(self, format_spec: str) -> str:
        return object.__format__(self, format_spec)  # so f"{rank}" is "Q", not "12"


_RANK_TEXT = {r: (str(r.value) if r.value <= 10 else "JQKA"[r.value - 11]) for r in Rank}
_RANK_BY_TEXT = {text: r for r, text in _RANK_TEXT.items()} | {"T": Rank.TEN}

RANKS: tuple[Rank, ...] = tuple(sorted(Rank, reverse=True))
"""Ranks from the ace down to the two."""


class Card:
    """A playing card; immutable and interned (one object per card).

    ``rank`` and ``suit`` are the enum members; ``rank_value`` (2..14),
    ``suit_index`` (0..3 in S H D C order) and ``index`` (0..51) are plain
    integers for fast comparisons.

    >>> c = Card(Rank.QUEEN, Suit.DIAMONDS)
    >>> c, str(c), c.symbol, c is Card.parse("QD")
    (Card(Rank.QUEEN, Suit.DIAMONDS), 'QD', 'Q♦', True)
    >>> Card.of("K", "S") is Card.parse("KS"), Card.from_index(0)
    (True, Card(Rank.ACE, Suit.SPADES))
    """

    __slots__ = ("rank", "suit", "rank_value", "suit_index", "index", "_text", "_symbol")

    rank: Rank
    suit: Suit
    rank_value: int
    suit_index: int
    index: int
    _text: str
    _symbol: str

    def __new__(cls, rank: Rank | str | int, suit: Suit | str) -> Card:
        rank = Rank.parse(rank)
        suit = Suit.parse(suit)
        return _INTERNED[(rank, suit)]

    @classmethod
    def _make(cls, rank: Rank, suit: Suit) -> Card:
        card = object.__new__(cls)
        setter = object.__setattr__
        setter(card, "rank", rank)
        setter(card, "suit", suit)
        setter(card, "rank_value", int(rank))
        setter(card, "suit_index", _SUIT_INDEX[suit])
        setter(card, "index", _SUIT_INDEX[suit] * 13 + (14 - int(rank)))
        setter(card, "_text", f"{_RANK_TEXT[rank]}{suit.value}")
        setter(card, "_symbol", f"{_RANK_TEXT[rank]}{_SUIT_SYMBOLS[suit]}")
        return card

    @classmethod
    def parse(cls, text: str | Card) -> Card:
        """A card from ``AS``, ``10H``, ``TH``, ``qd`` or ``A♠``."""
        if isinstance(text, Card):
            return text
        card = _BY_TEXT.get(text) if isinstance(text, str) else None
        if card is not None:
            return card
        if not isinstance(text, str):
            raise InvalidInputError(Text("cannot read a card from {}: expected text such as 'AS' or '10H'",
                                         brief(text)))
        norm = text.strip().upper()
        card = _BY_TEXT.get(norm)
        if card is None and len(norm) >= 2:
            try:
                card = _INTERNED[(Rank.parse(norm[:-1]), Suit.parse(norm[-1]))]
            except EngineError:
                card = None
        if card is None:
            raise InvalidInputError(
                Text("unknown card {}: write the rank (A K Q J 10/T 9 … 2) then the suit (S H D C), e.g. 'AS', "
                     "'10H', 'QD'",
                     brief(text))
            )
        return card

    @classmethod
    def of(cls, rank: Rank | str | int, suit: Suit | str) -> Card:
        """The card of that rank and suit, each given as enum, text or value."""
        return cls(rank, suit)

    @classmethod
    def from_index(cls, index: int) -> Card:
        """The card with that index (0 = A♠, 12 = 2♠, 13 = A♥, …, 51 = 2♣)."""
        if not 0 <= index < 52:
            raise InvalidInputError(Text("card index {} is out of range 0..51", brief(index)))
        return ALL_CARDS[index]

    @property
    def symbol(self) -> str:
        """The card with its suit sign: ``10♥``."""
        return self._symbol

    @property
    def color(self) -> str:
        """``"red"`` for hearts and diamonds, ``"black"`` for spades and clubs."""
        return "red" if self.suit in (Suit.HEARTS, Suit.DIAMONDS) else "black"

    def __str__(self) -> str:
        return self._text

    def __repr__(self) -> str:
        return f"Card({self.rank!r}, {self.suit!r})"

    def __hash__(self) -> int:
        return self.index

    # Equality is identity, exact because cards are interned.  It is spelled out
    # because __lt__ below makes Python route every comparison of cards
    # through the class; inherited, ``==`` and ``in`` would cost twice as much.
    def __eq__(self, other: object) -> bool:
        if self is other:
            return True
        return False if type(other) is Card else NotImplemented

    def __ne__(self, other: object) -> bool:
        if self is other:
            return False
        return True if type(other) is Card else NotImplemented

    def __lt__(self, other: Card) -> bool:
        """Cards order by the deck order A♠ K♠ … 2♠ A♥ … 2♣ (for sorting only)."""
        if not isinstance(other, Card):
            return NotImplemented
        return self.index < other.index

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"Card is immutable: cannot set {name!r}")

    def __delattr__(self, name: str) -> None:
        raise AttributeError(f"Card is immutable: cannot delete {name!r}")

    def __reduce__(self) -> tuple[Any, ...]:
        return (Card, (self.rank, self.suit))

    def __copy__(self) -> Card:
        return self

    def __deepcopy__(self, memo: dict[int, Any]) -> Card:
        return self


_INTERNED: dict[tuple[Rank, Suit], Card] = {}
for _suit in Suit:
    for _rank in RANKS:
        _INTERNED[(_rank, _suit)] = Card._make(_rank, _suit)

ALL_CARDS: tuple[Card, ...] = tuple(sorted(_INTERNED.values(), key=lambda c: c.index))
"""The 52 cards in deck order: A♠ K♠ … 2♠, A♥ … 2♥, A♦ … 2♦, A♣ … 2♣."""

_BY_TEXT: dict[str, Card] = {}
for _card in ALL_CARDS:
    _BY_TEXT[str(_card)] = _card
    _BY_TEXT[_card.symbol] = _card
    if _card.rank is Rank.TEN:
        _BY_TEXT["T" + _card.suit.value] = _card
del _suit, _rank, _card


def parse_cards(text: str | Iterable[str | Card]) -> list[Card]:
    """Cards from a space- or comma-separated string, or from an iterable.

    >>> parse_cards("AS, 10h  QD")
    [Card(Rank.ACE, Suit.SPADES), Card(Rank.TEN, Suit.HEARTS), Card(Rank.QUEEN, Suit.DIAMONDS)]
    >>> parse_cards("")
    []
    """
    if isinstance(text, str):
        items: Iterable[str | Card] = text.replace(",", " ").split()
    elif isinstance(text, (list, tuple)):
        items = text
    else:
        raise InvalidInputError(Text("cannot read cards from {}: expected text such as 'AS 10H' or a list of "
                                     "cards",
                                     brief(text)))
    return [Card.parse(item) for item in items]


def format_cards(cards: Iterable[Card], symbols: bool = False) -> str:
    """Cards written back as text, separated by spaces.

    >>> format_cards(parse_cards("AS 10H")), format_cards(parse_cards("AS 10H"), symbols=True)
    ('AS 10H', 'A♠ 10♥')
    """
    return " ".join(c.symbol if symbols else str(c) for c in cards)


def deck(keep: Callable[[Card], bool] | None = None) -> list[Card]:
    """A fresh deck in deck order, optionally filtered by ``keep(card)``.

    >>> len(deck(lambda c: c.suit is Suit.HEARTS))
    13
    """
    if keep is None:
        return list(ALL_CARDS)
    return [c for c in ALL_CARDS if keep(c)]


def deck_52() -> list[Card]:
    """The full pack of 52 cards."""
    return list(ALL_CARDS)


def deck_without(*ranks: Rank | str | int, cards: Iterable[Card | str] = ()) -> list[Card]:
    """The full pack without the given ranks and without the given cards.

    >>> len(deck_without("2", "3")), len(deck_without(cards=["7S", "7C"]))
    (44, 50)
    """
    drop_ranks = {Rank.parse(r) for r in ranks}
    drop_cards = {Card.parse(c) for c in cards}
    return [c for c in ALL_CARDS if c.rank not in drop_ranks and c not in drop_cards]


def deck_44() -> list[Card]:
    """44 cards: the full pack without the 2s and 3s (Gleek)."""
    return deck_without(Rank.TWO, Rank.THREE)


def deck_36() -> list[Card]:
    """36 cards: ace down to six."""
    return [c for c in ALL_CARDS if c.rank_value >= 6]


def deck_32() -> list[Card]:
    """32 cards: ace down to seven (Piquet)."""
    return [c for c in ALL_CARDS if c.rank_value >= 7]


def shuffled(cards: Iterable[T], rng: random.Random | int | str | None) -> list[T]:
    """A new list with the cards (or any items) shuffled by ``random.Random``.

    ``rng`` is a :class:`random.Random` (advanced by the shuffle) or a seed
    (int or str) for a fresh one; the same seed gives the same order in
    CPython and in Pyodide.

    >>> [str(c) for c in shuffled(deck_52(), "a seed")[:4]] == [str(ALL_CARDS[i]) for i in shuffled(range(52), "a seed")[:4]]
    True
    """
    if not isinstance(rng, random.Random):
        rng = random.Random(rng)
    result = list(cards)
    # Fisher-Yates driven by rng.random(), as random.shuffle did before 3.11,
    # several times faster than rng.shuffle; the bias (at most 52 / 2**53) is
    # far below anything a deal could show.  Position i, from the bottom up,
    # swaps with j = int(random() * (i + 1)); floor(r * float(i + 1)) is that
    # number exactly (0 <= r < 1), computed faster.
    draw = rng.random
    for i, size in _positions_up(len(result)):
        j = floor(draw() * size)
        result[i], result[j] = result[j], result[i]
    return result


@functools.cache
def _positions_up(n: int) -> tuple[tuple[int, float], ...]:
    """The shuffle's steps for ``n`` items: ``(i, float(i + 1))`` for i = n - 1 down to 1."""
    return tuple((i, float(i + 1)) for i in range(n - 1, 0, -1))


def sort_hand(cards: Iterable[Card], trump: Suit | None = None) -> list[Card]:
    """Cards sorted for display: by suit (trumps first if given), high to low.

    >>> format_cards(sort_hand(parse_cards("2H AS KH 3C"), trump=Suit.HEARTS))
    'KH 2H AS 3C'
    """
    trump_index = _SUIT_INDEX[trump] if trump is not None else -1
    return sorted(cards, key=lambda c: (c.suit_index != trump_index, c.index))


def place_cards(pool: list[Card], capacity: list[int], allowed_for: Callable[[Card], list[int]],
                rng: random.Random) -> list[list[Card]] | None:
    """Deal the cards of ``pool`` at random into places of the given
    ``capacity``, each card only where ``allowed_for(card)`` (place indexes)
    lets it go, the most constrained cards first; ``None`` when stuck.
    (Bots use it to redeal the cards a player cannot see.)

    >>> import random
    >>> places = place_cards(parse_cards("AS KS 2H"), [2, 1], lambda c: [0] if c.rank is Rank.ACE else [0, 1],
    ...                      random.Random(1))
    >>> Card.parse("AS") in places[0], [len(p) for p in places]
    (True, [2, 1])
    """
    remaining = capacity[:]
    result: list[list[Card]] = [[] for _ in capacity]
    cards = pool[:]
    rng.shuffle(cards)
    options = [(allowed_for(c), c) for c in cards]
    options.sort(key=lambda item: len(item[0]))
    for allowed, card in options:
        open_places = [i for i in allowed if remaining[i] > 0]
        if not open_places:
            return None
        weights = [remaining[i] for i in open_places]
        place = rng.choices(open_places, weights)[0]
        remaining[place] -= 1
        result[place].append(card)
    return result
