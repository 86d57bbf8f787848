"""One determinization for every game: what a seat cannot see, redealt at random
within what it knows.

A bot that samples (:class:`~engine.bots.SamplingBot`) plays out copies of the game in
which the cards hidden from its seat are dealt afresh.  A game says what is hidden from a
seat and what the seat knows of it (:meth:`~engine.partie.Partie.hidden_from`, a
:class:`Hidden`): the places it cannot see (other hands, a stock, a head, discards), the
cards now there, the cards it knows to lie in some of them only (shown, or implied by who
took what), and the suits each hand has shown it lacks.  :func:`redeal` deals the pooled
cards back into places of the same sizes, honouring all of it (the voids dropped, in the
last attempts, when no deal honours them), and the game writes the new deal into its copy
(:meth:`~engine.partie.Partie.place_hidden`).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field

from engine.cards import Card, Suit, place_cards

__all__ = ["Hidden", "redeal"]


@dataclass
class Hidden:
    """What a seat cannot see, and what it knows of it (see the module).

    ``places``: each place as ``(kind, seat)`` (``seat`` -1 for a place of no seat);
    ``cards``: the cards at each place now; ``fixed``: a card the seat knows to be at one of
    the given places (their indexes); ``voids``: for a hand's place, the suits (bit i: suit
    index i) its holder has shown he lacks; ``suit_of``: a card's suit as following sees it;
    ``attempts`` deals are tried, the first ``strict`` of them honouring the voids.
    """

    places: list[tuple[str, int]] = field(default_factory=list)
    cards: list[list[Card]] = field(default_factory=list)
    fixed: dict[Card, list[int]] = field(default_factory=dict)
    voids: dict[int, int] = field(default_factory=dict)
    suit_of: Callable[[Card], Suit] | None = None
    attempts: int = 40
    strict: int = 30

    def add(self, kind: str, seat: int, cards: list[Card]) -> None:
        """A place the seat cannot see, with the cards there now."""
        self.places.append((kind, seat))
        self.cards.append(cards)

    def index(self, kind: str, seat: int = -1) -> int | None:
        """The index of a place, or None when it is not among them."""
        try:
            return self.places.index((kind, seat))
        except ValueError:
            return None


def redeal(hidden: Hidden, rng: random.Random) -> list[list[Card]] | None:
    """The hidden cards dealt afresh into places of the same sizes, within what the seat
    knows (each place's new cards, in the order of :attr:`Hidden.places`); None when
    nothing is hidden or no deal was found.

    >>> from engine.cards import parse_cards
    >>> h = Hidden()
    >>> h.add("hand", 1, parse_cards("AS KH"))
    >>> h.add("stock", -1, parse_cards("2C"))
    >>> h.voids[0] = 1 << Suit.CLUBS.index          # seat 1 showed no clubs
    >>> new = redeal(h, random.Random(3))
    >>> [str(c) for c in new[1]], len(new[0])
    (['2C'], 2)
    """
    pool = [c for cards in hidden.cards for c in cards]
    if not pool:
        return None
    capacity = [len(cards) for cards in hidden.cards]
    everywhere = list(range(len(hidden.places)))
    fixed, voids = hidden.fixed, hidden.voids
    suit_of = hidden.suit_of

    def allowed(card: Card, strict: bool) -> list[int]:
        places = fixed.get(card, everywhere)
        if not strict or not voids:
            return places
        bit = 1 << (suit_of(card) if suit_of is not None else card.suit).index
        return [i for i in places if not voids.get(i, 0) & bit]

    for attempt in range(hidden.attempts):
        strict = attempt < hidden.strict
        assignment = place_cards(pool, capacity, lambda c: allowed(c, strict), rng)
        if assignment is not None:
            return assignment
    return None
