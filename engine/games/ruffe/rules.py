"""Ruffe and Trumps: the variant and the pure rules (after Willughby): the deal's
configuration by the number of players, the ruff's value, who takes the head, the
count, the game's end, the follow rule.  :class:`RuffeRules` declares each option once,
with the rule it sets and what each reading means (the parameter the state reads), and
what the rules fix for every game of them (the configuration, the sides, the count's
words).  The state and its phases are in :mod:`engine.games.ruffe.state`.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass
from functools import cached_property
from collections.abc import Callable, Sequence
from operator import attrgetter, itemgetter
from typing import NamedTuple, TypeVar, cast

from engine.cards import ALL_CARDS, Card, Rank, Suit
from engine.errors import VariantError
from engine.game import Action, setting_refused
from engine.i18n import N_, Text
from engine.phases.trick import PLAY_BY_INDEX as _PLAY_BY_INDEX
from engine.readings import Rules, flag, number, reading
from engine.rules import implements
from engine.tricks import (
    FREE,
    OBLIGED,
    PlayRule,
    card_bits,
)
__all__ = [
    "GAME_ID",
    "RuffeRules",
    "TieBreak",
    "DealConfig",
    "ruff_value",
    "best_ruff",
    "ruff_winners",
    "head_taker",
    "count_points",
    "deal_config",
    "game_winner",
    "RUFF_POINTS",
]

GAME_ID = "ruffe-and-trumps"

RUFF = "ruff"
HEAD = "head"
PLAY = "play"
OVER = "over"

_SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_IN_SUIT = (N_("in spades"), N_("in hearts"), N_("in diamonds"), N_("in clubs"))
"""A suit as Ruffe's sentences name a ruff's ("34 in hearts"), by suit index: templates
translated where they are written."""


# --------------------------------------------------------------------------
# The rules: one field per option, each contested rule's readings with their meanings
# --------------------------------------------------------------------------

_HAND_SIZES = {4: (12,), 3: (16, 12), 2: (24, 12)}
_HAND_SIZE_RULE = {
    4: "ruffe-and-trumps.deal.packets",
    3: "ruffe-and-trumps.config.three-sixteen",
    2: "ruffe-and-trumps.config.two-twenty-four",
}


@implements("ruffe-and-trumps.ruff.tie")
def _eldest_wins(tied: list[int], sides: list[list[int]] | None) -> list[int]:
    """The ``eldest`` reading: of the tied players, the first in turn from the dealer's left."""
    return tied[:1]


@implements("ruffe-and-trumps.ruff.tie")
def _void_unless_partners(tied: list[int], sides: list[list[int]] | None) -> list[int]:
    """The ``void`` reading: nobody, unless all the tied players are partners,
    whose side scores it once, shown by the eldest of them."""
    one_side = sides is not None and any(all(seat in side for seat in tied) for side in sides)
    return tied[:1] if one_side else []


class TieBreak(NamedTuple):
    """A reading of ``ruff.tie``: who of the players tied at the best ruff scores it
    (``pick``: the tied seats, eldest first, and the sides -> the seat, or nobody), and
    where it goes in the log's words (templates translated where they are written)."""

    pick: Callable[[list[int], list[list[int]] | None], list[int]]
    to_seat: str
    to_nobody: str


ELDEST = TieBreak(_eldest_wins, N_("by the 'eldest' reading the ruff goes to seat {}"),
                  N_("by the 'eldest' reading the ruff goes to nobody"))
VOID = TieBreak(_void_unless_partners, N_("by the 'void' reading the ruff goes to seat {}"),
                N_("by the 'void' reading the ruff goes to nobody"))


@implements("ruffe-and-trumps.players.count", "ruffe-and-trumps.players.partnerships",
            "ruffe-and-trumps.play.follow", "ruffe-and-trumps.deck.rank-order")
@dataclass(frozen=True)
class RuffeRules(Rules):
    """The rules of a game of Ruffe and Trumps: each option once, a contested rule's
    field holding its reading's meaning.

    ``partnerships`` and ``hand_size`` default by the number of players
    (4: partners, 12 cards; 3: each for himself, 16; 2: 24).  ``play`` is the
    kernel's play rule of ``play.follow``: ``obliged`` — follow suit, else trump,
    else any card; ``free`` — follow suit or trump at will, any card only when
    neither is possible; ranks run ace high, K Q J 10 … 2 (the kernel's order).

    >>> RuffeRules.from_options(players=2).hand_size
    24
    >>> RuffeRules.from_options(follow="free").play.follow, RuffeRules().to_json()["follow"]
    ('suit-or-trump', 'obliged')
    >>> RuffeRules.from_options(players=3, partnerships=True)
    Traceback (most recent call last):
    ...
    engine.errors.VariantError: variant option 'partnerships' (rule ruffe-and-trumps.players.partnerships): True is not allowed with 3 players; allowed values: False (partnerships are two against two, four players)
    """

    game_id = GAME_ID

    players: int = number(4, rule="ruffe-and-trumps.players.count", doc="Number of players.", values=(2, 3, 4))
    partnerships: bool | None = flag(
        None, rule="ruffe-and-trumps.players.partnerships", values=(True, False),
        doc="Two against two, partners opposite (four players only); default: true with four players, else false.")
    hand_size: int | None = number(
        None, rule="ruffe-and-trumps.config.short-deal", values=(12, 16, 24),
        doc="Cards dealt to each player: 4 players 12; 3 players 16 or 12; 2 players 24 or 12 (default: 12, 16, 24).")
    count_tricks: bool = reading("ruffe-and-trumps.count.method", {"cards": False, "tricks": True})
    """Whether a side scores its tricks rather than its cards."""
    fixed_baseline: int | None = reading("ruffe-and-trumps.count.baseline", {"dealt": None, "twelve": 12})
    """The cards per player above which the card count scores (``None``: the number dealt to each)."""
    play: PlayRule = reading("ruffe-and-trumps.play.follow", {"obliged": OBLIGED, "free": FREE})
    tie_break: TieBreak = reading("ruffe-and-trumps.ruff.tie", {"eldest": ELDEST, "void": VOID})
    discards_count: bool = reading("ruffe-and-trumps.head.discards-count", {"dead": False, "count": True})
    """Whether the head-taker's four discards count as cards he won."""
    dealer_takes_unheld_head: bool = reading("ruffe-and-trumps.head.no-holder", {"dealer": True, "nobody": False})
    """Whether the dealer takes a head whose trump ace no player holds."""
    two_player_target: int = reading("ruffe-and-trumps.config.two-target", {"52": 52, "36": 36})
    """The target of two players dealt 24."""

    def __post_init__(self) -> None:
        players = self.players
        if players not in _HAND_SIZES:
            raise setting_refused("players", "ruffe-and-trumps.players.count", players, "2, 3, 4")
        if self.partnerships is None:
            object.__setattr__(self, "partnerships", players == 4)
        elif self.partnerships and players != 4:
            raise VariantError(
                Text("variant option 'partnerships' (rule ruffe-and-trumps.players.partnerships): True is not allowed "
                     "with {} players; allowed values: False (partnerships are two against two, four players)", players),
                rule="ruffe-and-trumps.players.partnerships", option="partnerships")
        allowed = _HAND_SIZES[players]
        if self.hand_size is None:
            object.__setattr__(self, "hand_size", allowed[0])
        elif self.hand_size not in allowed:
            rule = _HAND_SIZE_RULE[players]
            raise VariantError(
                Text("variant option 'hand_size' (rule {}): {!r} is not allowed with {} players; allowed values: {}",
                     rule, self.hand_size, players, ", ".join(map(str, allowed))), rule=rule, option="hand_size")
        super().__post_init__()  # the readings: direct construction bypasses from_options

    # what the rules fix for every game of them, worked out once (read only)

    @cached_property
    def config(self) -> DealConfig:
        """The deal's configuration (:func:`deal_config`)."""
        return deal_config(self)

    @cached_property
    def sides(self) -> list[list[int]]:
        """The sides, each a list of seats (:func:`sides_for`)."""
        return sides_for(self.players, bool(self.partnerships))

    @cached_property
    def side_of(self) -> list[int]:
        """The side of each seat."""
        side_of = [0] * self.players
        for i, side in enumerate(self.sides):
            for seat in side:
                side_of[seat] = i
        return side_of

    @cached_property
    def next_seat(self) -> tuple[int, ...]:
        """The next seat of each seat."""
        n = self.players
        return tuple((seat + 1) % n for seat in range(n))

    @cached_property
    def baseline(self) -> int:
        """The cards per player above which the card count scores."""
        return self.config.hand_size if self.fixed_baseline is None else self.fixed_baseline

    @cached_property
    def count_texts(self) -> list[tuple[str, str, int, Text | str]]:
        """Per side: the rule of its count, the score-sheet reason's template (the count, the cards
        dealt and ``{partners}``), the cards dealt to it, and its partners' words (or "")."""
        by_tricks = self.count_tricks
        return [
            ("ruffe-and-trumps.score.partnership" if len(side) > 1 else
             "ruffe-and-trumps.count.method" if by_tricks else "ruffe-and-trumps.count.baseline",
             N_("{} tricks{partners}") if by_tricks else N_("{} cards won, {} dealt{partners}"),
             self.baseline * len(side),
             Text(" (partners {} and {} together)", *side) if len(side) > 1 else "")
            for side in self.sides
        ]


# --------------------------------------------------------------------------
# Configurations
# --------------------------------------------------------------------------


class DealConfig(NamedTuple):
    """What a configuration deals and plays to: cards per hand, head, cards set
    aside, tricks per deal, and the game's target."""

    hand_size: int
    head: int
    aside: int
    tricks: int
    target: int

    def to_json(self) -> dict[str, int]:
        return self._asdict()


@implements(
    "ruffe-and-trumps.game.target",
    "ruffe-and-trumps.config.three-sixteen",
    "ruffe-and-trumps.config.two-twenty-four",
    "ruffe-and-trumps.config.two-target",
    "ruffe-and-trumps.config.short-deal",
)
def deal_config(rules: RuffeRules) -> DealConfig:
    """The configuration: four players 12 cards each, target 52; three 16
    cards, target 40; two 24 cards, target 52 (or 36 by ``two_player_target``);
    three or two dealt 12: the head is the top four of the remainder, the rest
    set aside, targets 40 and 36.

    >>> deal_config(RuffeRules.from_options(players=2, hand_size=12))
    DealConfig(hand_size=12, head=4, aside=24, tricks=12, target=36)
    """
    n, size = rules.players, rules.hand_size
    two_target = rules.two_player_target
    assert size is not None
    remainder = 52 - n * size
    head = 4
    aside = remainder - head
    if n == 4:
        target = 52
    elif n == 3:
        target = 40  # 16 cards (config.three-sixteen) and 12 cards (config.short-deal) alike
    elif size == 24:
        target = two_target
    else:
        target = 36
    return DealConfig(size, head, aside, size, target)


# --------------------------------------------------------------------------
# Pure rule functions (also used by the worked-example runners)
# --------------------------------------------------------------------------

RUFF_POINTS: tuple[int, ...] = tuple(
    11 if c.rank is Rank.ACE else 10 if c.rank_value >= 10 else c.rank_value for c in ALL_CARDS
)
"""The ruff value of each card by index: ace 11, K Q J 10 ten, others their pips."""


@implements("ruffe-and-trumps.ruff.value", "ruffe-and-trumps.ruff.turned-card")
def ruff_value(hand: list[Card], suit: Suit, trump: Suit, turned: Card | None) -> int:
    """A hand's ruff in one suit: ace 11, court cards 10, the rest their pips;
    in the trump suit the turned card is added.

    >>> from engine.cards import parse_cards, Card
    >>> ruff_value(parse_cards("AS KS 7S 2H"), Suit.SPADES, Suit.SPADES, Card.parse("5S"))
    33
    >>> ruff_value(parse_cards("AS KS 7S 2H"), Suit.SPADES, Suit.HEARTS, Card.parse("5H"))
    28
    """
    value = 0
    for c in hand:
        if c.suit is suit:
            value += RUFF_POINTS[c.index]
    if suit is trump and turned is not None and turned.suit is trump:
        value += RUFF_POINTS[turned.index]
    return value


def best_ruff(hand: list[Card], trump: Suit, turned: Card | None) -> tuple[Suit, int]:
    """The suit and value a player announces: his highest ruff; between equal
    suits of one hand, the trump suit first, then S H D C.

    >>> from engine.cards import parse_cards, Card
    >>> best_ruff(parse_cards("KS QS KH QH"), Suit.HEARTS, Card.parse("2H"))
    (Suit.HEARTS, 22)
    """
    with_turned = RUFF_POINTS[turned.index] if turned is not None and turned.suit is trump else 0
    return _best_ruff_bits(card_bits(hand), trump.index, with_turned)


def _suit_ruffs(first: int, count: int) -> tuple[int, ...]:
    """The ruff of every set of ``count`` neighbouring ranks of one suit, from
    the ``first`` in deck order (A K Q J 10 … 2): bit k of the set's number
    is the rank ``first + k``."""
    points = RUFF_POINTS[first:first + count]
    return tuple(sum(p for k, p in enumerate(points) if subset >> k & 1) for subset in range(1 << count))


# the ruff of every set of one suit's cards: a suit's 13 bits of a hand's bit set (A K Q … 2) as the index
_RUFF_HIGH, _RUFF_LOW = _suit_ruffs(0, 7), _suit_ruffs(7, 6)  # A K Q J 10 9 8; 7 6 5 4 3 2
_SUIT_RUFF = tuple(_RUFF_HIGH[subset & 127] + _RUFF_LOW[subset >> 7] for subset in range(1 << 13))
del _RUFF_HIGH, _RUFF_LOW


def _best_ruff_bits(bits: int, trump: int, with_turned: int) -> tuple[Suit, int]:
    """:func:`best_ruff` on a hand given as a bit set (:func:`~engine.tricks.card_bits`),
    the trump as a suit index, and the turned card's ruff value (0 when it
    does not count).

    >>> from engine.cards import parse_cards
    >>> _best_ruff_bits(card_bits(parse_cards("KS QS KH QH")), Suit.HEARTS.index, 2)
    (Suit.HEARTS, 22)
    """
    ruff = _SUIT_RUFF
    sums = [ruff[bits & 8191], ruff[bits >> 13 & 8191], ruff[bits >> 26 & 8191], ruff[bits >> 39 & 8191]]
    sums[trump] += with_turned
    best = max(sums)
    return _SUIT_ORDER[trump if sums[trump] == best else sums.index(best)], best


@implements("ruffe-and-trumps.ruff.tie")
def ruff_winners(values: list[int], dealer: int, tie_break: TieBreak = ELDEST,
                 sides: list[list[int]] | None = None) -> list[int]:
    """The seat that scores the ruff (a list of one seat, or empty), given
    each seat's announced value.

    The best value wins.  Ties by ``tie_break`` (the reading of ``ruff.tie``):
    :data:`ELDEST` — the tied player first in turn from the dealer's left;
    :data:`VOID` — nobody, unless all the tied players are partners (``sides``),
    whose side then scores it once, shown by the eldest of them.

    >>> ruff_winners([30, 34, 34, 12], dealer=3)
    [1]
    >>> ruff_winners([30, 34, 34, 12], dealer=1), ruff_winners([30, 34, 34, 12], 3, VOID)
    ([2], [])
    >>> ruff_winners([34, 30, 34, 12], 3, VOID, sides=[[0, 2], [1, 3]])
    [0]
    """
    n = len(values)
    best = max(values)
    if values.count(best) == 1:
        return [values.index(best)]
    return tie_break.pick([seat for seat in ((dealer + 1 + i) % n for i in range(n)) if values[seat] == best], sides)


def head_taker(hands: list[list[Card]], dealer: int, turned: Card,
               dealer_takes: bool = True) -> tuple[int | None, str]:
    """Who takes the head, and by which rule: the holder of the trump ace
    (``head.ace-holder``); the dealer when the turned card is that ace
    (``head.turned-ace``); otherwise (the ace lies in the head or among the
    cards set aside) the dealer or nobody, by ``dealer_takes`` (the reading
    of ``head.no-holder``).

    >>> from engine.cards import parse_cards, Card
    >>> head_taker([parse_cards("2H"), parse_cards("AH")], 0, Card.parse("5H"))
    (1, 'ruffe-and-trumps.head.ace-holder')
    >>> head_taker([parse_cards("2H"), parse_cards("KH")], 0, Card.parse("AH"))
    (0, 'ruffe-and-trumps.head.turned-ace')
    >>> head_taker([parse_cards("2H"), parse_cards("KH")], 0, Card.parse("5H"), dealer_takes=False)
    (None, 'ruffe-and-trumps.head.no-holder')
    """
    ace = ALL_CARDS[turned.suit_index * 13]  # the ace heads its suit in deck order
    holder = next((seat for seat, hand in enumerate(hands) if ace in hand), None)
    return _head_rule(holder, dealer, turned is ace, dealer_takes)


@implements("ruffe-and-trumps.head.ace-holder", "ruffe-and-trumps.head.turned-ace", "ruffe-and-trumps.head.no-holder")
def _head_rule(holder: int | None, dealer: int, ace_turned: bool, dealer_takes: bool) -> tuple[int | None, str]:
    """:func:`head_taker` given the seat holding the trump ace (``None`` if
    no player does), whether the ace is the turned card, and whether the
    dealer takes the head when no player holds the ace (:attr:`RuffeRules.dealer_takes_unheld_head`)."""
    if ace_turned:
        return dealer, "ruffe-and-trumps.head.turned-ace"
    if holder is not None:
        return holder, "ruffe-and-trumps.head.ace-holder"
    return (dealer if dealer_takes else None), "ruffe-and-trumps.head.no-holder"


@implements("ruffe-and-trumps.players.partnerships")
def sides_for(players: int, partnerships: bool) -> list[list[int]]:
    """Partners sit opposite: seats 0 and 2 against 1 and 3; otherwise each
    player is his own side.

    >>> sides_for(4, True), sides_for(3, False)
    ([[0, 2], [1, 3]], [[0], [1], [2]])
    """
    if partnerships:
        return [[0, 2], [1, 3]]
    return [[seat] for seat in range(players)]


@implements(
    "ruffe-and-trumps.count.method",
    "ruffe-and-trumps.count.baseline",
    "ruffe-and-trumps.score.partnership",
)
def count_points(
    won: list[int],
    tricks: list[int],
    sides: list[list[int]],
    hand_size: int,
    count_tricks: bool = False,
    fixed_baseline: int | None = None,
) -> list[int]:
    """Points per side at the end of a deal.

    By cards (``count_tricks`` false, the retelling's ``cards`` reading of
    ``count.method``): one point for every card a side won above its baseline,
    never below zero; the baseline is the number of cards dealt to each of its
    players (``fixed_baseline`` ``None``, the ``dealt`` reading of
    ``count.baseline``) or twelve each (12, ``twelve``), so 20 cards against
    twelve dealt score 8.  Partners' cards are counted together.  By tricks
    (``count_tricks``, Willughby as written): one point per trick won.

    >>> count_points([20, 8, 12, 8], [5, 2, 3, 2], [[0], [1], [2], [3]], 12)
    [8, 0, 0, 0]
    >>> count_points([20, 8, 12, 8], [5, 2, 3, 2], [[0, 2], [1, 3]], 12)
    [8, 0]
    >>> count_points([20, 8, 12, 8], [5, 2, 3, 2], [[0, 2], [1, 3]], 12, count_tricks=True)
    [8, 4]
    """
    return _count_points(won, tricks, sides, count_tricks, hand_size if fixed_baseline is None else fixed_baseline)


def _count_points(won: list[int], tricks: list[int], sides: list[list[int]], by_tricks: bool,
                  baseline: int) -> list[int]:
    """:func:`count_points` by the count's parameters: tricks or cards, and the cards per player counted from."""
    if by_tricks:
        return [sum([tricks[s] for s in side]) for side in sides]
    return [max(0, sum([won[s] for s in side]) - baseline * len(side)) for side in sides]


@implements("ruffe-and-trumps.game.end")
def game_winner(totals: list[int], target: int) -> int | None:
    """The side that has won when totals are checked at the end of a deal: the
    highest total at or above the target; an exact tie at the top (or nobody
    at the target) means another deal (``None``).

    >>> game_winner([55, 40], 52), game_winner([55, 55], 52), game_winner([50, 40], 52)
    (0, None, None)
    """
    top = max(totals)
    if top < target or totals.count(top) > 1:
        return None
    return totals.index(top)


# --------------------------------------------------------------------------
# Interned actions (the hot path never builds an Action)
# --------------------------------------------------------------------------

_DISCARD_BY_INDEX = tuple(Action("discard", c) for c in ALL_CARDS)
_PLAY = {c: _PLAY_BY_INDEX[c.index] for c in ALL_CARDS}
_DISCARD = {c: _DISCARD_BY_INDEX[c.index] for c in ALL_CARDS}
_ANNOUNCE_BY_VALUE = tuple(Action("announce", value=v) for v in range(96))  # a whole suit counts 95
_INDEX = attrgetter("index")
_BIT = tuple(1 << i for i in range(52))
_SUIT_BIT = {suit: 1 << i for i, suit in enumerate(_SUIT_ORDER)}

_TRICK_RULE = "ruffe-and-trumps.play.trick-winner"

T = TypeVar("T")


@functools.cache
def _packets(players: int, hand_size: int) -> tuple[Callable[[Sequence[int]], tuple[int, ...]], ...]:
    """For each player in turn from the dealer's left, a getter of the cards
    he is dealt from a deck (top first, as card indexes) by packets of four: player i's
    packet p is the deck's cards ``4 * (p * players + i)`` to ``+ 4``.

    >>> [str(ALL_CARDS[i]) for i in _packets(4, 12)[1](list(range(52)))]
    ['10S', '9S', '8S', '7S', '7H', '6H', '5H', '4H', '4D', '3D', '2D', 'AC']
    """
    return tuple(
        itemgetter(*[start + k for start in range(4 * i, players * hand_size, 4 * players) for k in range(4)])
        for i in range(players)
    )


def _suit_run(hand: list[T], bits: int, suit: Suit) -> list[T]:
    """The part of a hand kept in deck order (its cards, or one item per
    card) that holds the cards of ``suit``, given the hand's bit set.

    >>> from engine.cards import parse_cards
    >>> hand = parse_cards("AS 10H 5H 3D")
    >>> [str(c) for c in _suit_run(hand, card_bits(hand), Suit.HEARTS)]
    ['10H', '5H']
    """
    first = 13 * _SUIT_ORDER.index(suit)
    lo = (bits & ((1 << first) - 1)).bit_count()
    return hand[lo:lo + (bits >> first & 8191).bit_count()]


def _cards_of(acts: list[Action]) -> list[Card]:
    """The cards of a hand kept as its actions: each is a play or a discard of one of
    its cards (taken from ``_PLAY_BY_INDEX`` or ``_DISCARD_BY_INDEX``), never without one."""
    return cast("list[Card]", [a.card for a in acts])  # (a string: no alias built at each call)


def _announcement(value: int) -> Action:
    """The (interned) action announcing a ruff of ``value``."""
    if 0 <= value < len(_ANNOUNCE_BY_VALUE):
        return _ANNOUNCE_BY_VALUE[value]
    return Action("announce", value=value)


# --------------------------------------------------------------------------
# The state
# --------------------------------------------------------------------------
