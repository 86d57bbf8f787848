"""Ruffe and Trumps, after the Russian retelling of Willughby's *Book of Games*.

A deal follows the text's order: cards dealt four at a time, the rest (or
its top four) is the *head*, whose top card is turned for trumps; each
player in turn announces his *ruff* (his best suit counted: pips at face
value, courts 10, ace 11, the turned card added to the trump suit) and the
best ruff scores 12; the holder of the trump ace (the dealer, if the ace was
turned) takes the head and discards four; *after this* the ruff's winner
proves it by showing the suit he counted; the tricks are played, first lead
from the dealer's left; each side then counts its cards above those dealt.
Game to 52 (40, 36 in the smaller configurations).

Every rule of ``engine/catalogue/ruffe-and-trumps.toml`` is implemented
below under ``@implements`` with its id; each contested rule is an option of
:class:`RuffeVariant` whose values are the catalogue's reading ids.

>>> from engine.games.ruffe import SPEC
>>> state = SPEC.new_game(seed=1)
>>> state.phase, state.current_player(), len(state.view(0)["hands"][0])
('ruff', 0, 12)
"""

from __future__ import annotations

import functools
import random
from dataclasses import dataclass
from collections.abc import Callable, Iterable, Sequence
from operator import attrgetter, itemgetter
from typing import Any, NamedTuple, TypeVar, cast

from engine.cards import ALL_CARDS, Card, Rank, Suit, place_cards
from engine.errors import IllegalActionError, VariantError, brief
from engine.game import Action, GameSpec, Option, Variant, fact, side_words
from engine.partie import Partie, log_text
from engine.phases import Dialogue, Exchange, TrickPlay, TrickRules, TrickTable
from engine.phases.trick import PLAY_BY_INDEX as _PLAY_BY_INDEX
from engine.readings import Readings
from engine.rules import implements
from engine.tricks import (
    FREE,
    OBLIGED,
    PlayRule,
    card_bits,
    trick_winner,
)

__all__ = [
    "GAME_ID",
    "RuffeVariant",
    "RuffeState",
    "DealConfig",
    "SPEC",
    "ruff_value",
    "best_ruff",
    "ruff_winners",
    "head_taker",
    "count_points",
    "deal_config",
    "game_winner",
    "play_rule",
    "RUFF_POINTS",
]

GAME_ID = "ruffe-and-trumps"

RUFF = "ruff"
HEAD = "head"
PLAY = "play"
OVER = "over"

_SUIT_ORDER = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
_SUIT_NAMES = ("spades", "hearts", "diamonds", "clubs")


# --------------------------------------------------------------------------
# The variant: one option per contested rule, values = the catalogue's reading ids
# --------------------------------------------------------------------------

_HAND_SIZES = {4: (12,), 3: (16, 12), 2: (24, 12)}
_HAND_SIZE_RULE = {
    4: "ruffe-and-trumps.deal.packets",
    3: "ruffe-and-trumps.config.three-sixteen",
    2: "ruffe-and-trumps.config.two-twenty-four",
}


# the contested rules: each option's values, default and description are the catalogue's readings
_COUNT = Option.from_rule("ruffe-and-trumps.count.method", "count")
_COUNT_BASELINE = Option.from_rule("ruffe-and-trumps.count.baseline", "count_baseline")
_FOLLOW = Option.from_rule("ruffe-and-trumps.play.follow", "follow")
_RUFF_TIE = Option.from_rule("ruffe-and-trumps.ruff.tie", "ruff_tie")
_HEAD_DISCARDS = Option.from_rule("ruffe-and-trumps.head.discards-count", "head_discards")
_HEAD_WITHOUT_ACE = Option.from_rule("ruffe-and-trumps.head.no-holder", "head_without_ace")
_TWO_PLAYER_TARGET = Option.from_rule("ruffe-and-trumps.config.two-target", "two_player_target")


@implements("ruffe-and-trumps.players.count", "ruffe-and-trumps.players.partnerships")
@dataclass(frozen=True)
class RuffeVariant(Variant):
    """The options of Ruffe and Trumps (each the reading of a rule).

    ``partnerships`` and ``hand_size`` default by the number of players
    (4: partners, 12 cards; 3: each for himself, 16; 2: 24).

    >>> RuffeVariant.from_options(players=2).hand_size
    24
    >>> RuffeVariant.from_options(players=3, partnerships=True)
    Traceback (most recent call last):
    ...
    engine.errors.VariantError: variant option 'partnerships' (rule ruffe-and-trumps.players.partnerships): True is not allowed with 3 players; allowed values: False (partnerships are two against two, four players)
    """

    game_id = GAME_ID

    players: int = 4
    partnerships: bool | None = None
    hand_size: int | None = None
    count: str = _COUNT.default
    count_baseline: str = _COUNT_BASELINE.default
    follow: str = _FOLLOW.default
    ruff_tie: str = _RUFF_TIE.default
    head_discards: str = _HEAD_DISCARDS.default
    head_without_ace: str = _HEAD_WITHOUT_ACE.default
    two_player_target: str = _TWO_PLAYER_TARGET.default

    OPTIONS = (
        Option("players", int, 4, (2, 3, 4), "Number of players.", "ruffe-and-trumps.players.count"),
        Option("partnerships", bool, None, (True, False),
               "Two against two, partners opposite (four players only); default: true with four players, else false.",
               "ruffe-and-trumps.players.partnerships"),
        Option("hand_size", int, None, (12, 16, 24),
               "Cards dealt to each player: 4 players 12; 3 players 16 or 12; 2 players 24 or 12 (default: 12, 16, 24).",
               "ruffe-and-trumps.config.short-deal"),
        _COUNT, _COUNT_BASELINE, _FOLLOW, _RUFF_TIE, _HEAD_DISCARDS, _HEAD_WITHOUT_ACE, _TWO_PLAYER_TARGET,
    )

    def __post_init__(self) -> None:
        players = self.players
        if players not in _HAND_SIZES:
            raise VariantError(
                f"variant option 'players' (rule ruffe-and-trumps.players.count): {brief(players)} is not allowed; "
                f"allowed values: 2, 3, 4", rule="ruffe-and-trumps.players.count", option="players")
        if self.partnerships is None:
            object.__setattr__(self, "partnerships", players == 4)
        elif self.partnerships and players != 4:
            raise VariantError(
                f"variant option 'partnerships' (rule ruffe-and-trumps.players.partnerships): True is not allowed "
                f"with {players} players; allowed values: False (partnerships are two against two, four players)",
                rule="ruffe-and-trumps.players.partnerships", option="partnerships")
        allowed = _HAND_SIZES[players]
        if self.hand_size is None:
            object.__setattr__(self, "hand_size", allowed[0])
        elif self.hand_size not in allowed:
            rule = _HAND_SIZE_RULE[players]
            raise VariantError(
                f"variant option 'hand_size' (rule {rule}): {self.hand_size!r} is not allowed with {players} "
                f"players; allowed values: {', '.join(map(str, allowed))}", rule=rule, option="hand_size")
        for opt in self.OPTIONS[3:]:  # the readings: direct construction bypasses from_options
            if getattr(self, opt.name) not in opt.values:  # type: ignore[operator]
                raise opt.refusal(getattr(self, opt.name))


# --------------------------------------------------------------------------
# Configurations
# --------------------------------------------------------------------------


TWO_PLAYER_TARGET: Readings[int] = Readings(_TWO_PLAYER_TARGET, {"52": 52, "36": 36})
"""The target of two players dealt 24, by the reading of ``config.two-target``."""


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
def deal_config(variant: RuffeVariant) -> DealConfig:
    """The configuration: four players 12 cards each, target 52; three 16
    cards, target 40; two 24 cards, target 52 (or 36 by ``two_player_target``);
    three or two dealt 12: the head is the top four of the remainder, the rest
    set aside, targets 40 and 36.

    >>> deal_config(RuffeVariant.from_options(players=2, hand_size=12))
    DealConfig(hand_size=12, head=4, aside=24, tricks=12, target=36)
    """
    n, size = variant.players, variant.hand_size
    two_target = TWO_PLAYER_TARGET[variant.two_player_target]
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
def _eldest_wins(tied: list[int], sides: list[list[int]] | None) -> list[int]:
    """The ``eldest`` reading: of the tied players, the first in turn from the dealer's left."""
    return tied[:1]


@implements("ruffe-and-trumps.ruff.tie")
def _void_unless_partners(tied: list[int], sides: list[list[int]] | None) -> list[int]:
    """The ``void`` reading: nobody, unless all the tied players are partners,
    whose side scores it once, shown by the eldest of them."""
    one_side = sides is not None and any(all(seat in side for seat in tied) for side in sides)
    return tied[:1] if one_side else []


TieBreak = Callable[[list[int], list[list[int]] | None], list[int]]

RUFF_TIE: Readings[TieBreak] = Readings(_RUFF_TIE, {"eldest": _eldest_wins, "void": _void_unless_partners})
"""Who of the players tied at the best ruff scores it, by the reading of ``ruff.tie``."""


@implements("ruffe-and-trumps.ruff.tie")
def ruff_winners(values: list[int], dealer: int, ruff_tie: str = _RUFF_TIE.default,
                 sides: list[list[int]] | None = None) -> list[int]:
    """The seat that scores the ruff (a list of one seat, or empty), given
    each seat's announced value.

    The best value wins.  Ties by ``ruff_tie``: ``eldest`` — the tied player
    first in turn from the dealer's left; ``void`` — nobody, unless all the
    tied players are partners (``sides``), whose side then scores it once,
    shown by the eldest of them.

    >>> ruff_winners([30, 34, 34, 12], dealer=3)
    [1]
    >>> ruff_winners([30, 34, 34, 12], dealer=1), ruff_winners([30, 34, 34, 12], 3, "void")
    ([2], [])
    >>> ruff_winners([34, 30, 34, 12], 3, "void", sides=[[0, 2], [1, 3]])
    [0]
    """
    return _ruff_winners(values, dealer, RUFF_TIE[ruff_tie], sides)


def _ruff_winners(values: list[int], dealer: int, tie_break: TieBreak, sides: list[list[int]] | None) -> list[int]:
    """:func:`ruff_winners` with the tie broken by ``tie_break`` (a reading of :data:`RUFF_TIE`)."""
    n = len(values)
    best = max(values)
    if values.count(best) == 1:
        return [values.index(best)]
    return tie_break([seat for seat in ((dealer + 1 + i) % n for i in range(n)) if values[seat] == best], sides)


def head_taker(hands: list[list[Card]], dealer: int, turned: Card,
               head_without_ace: str = _HEAD_WITHOUT_ACE.default) -> tuple[int | None, str]:
    """Who takes the head, and by which rule: the holder of the trump ace
    (``head.ace-holder``); the dealer when the turned card is that ace
    (``head.turned-ace``); otherwise (the ace lies in the head or among the
    cards set aside) the dealer or nobody, by ``head_without_ace``
    (``head.no-holder``).

    >>> from engine.cards import parse_cards, Card
    >>> head_taker([parse_cards("2H"), parse_cards("AH")], 0, Card.parse("5H"))
    (1, 'ruffe-and-trumps.head.ace-holder')
    >>> head_taker([parse_cards("2H"), parse_cards("KH")], 0, Card.parse("AH"))
    (0, 'ruffe-and-trumps.head.turned-ace')
    >>> head_taker([parse_cards("2H"), parse_cards("KH")], 0, Card.parse("5H"), "nobody")
    (None, 'ruffe-and-trumps.head.no-holder')
    """
    dealer_takes = DEALER_TAKES_UNHELD_HEAD[head_without_ace]
    ace = ALL_CARDS[turned.suit_index * 13]  # the ace heads its suit in deck order
    holder = next((seat for seat, hand in enumerate(hands) if ace in hand), None)
    return _head_rule(holder, dealer, turned is ace, dealer_takes)


DEALER_TAKES_UNHELD_HEAD: Readings[bool] = Readings(_HEAD_WITHOUT_ACE, {"dealer": True, "nobody": False})
"""Whether the dealer takes a head whose trump ace no player holds, by the reading of ``head.no-holder``."""


@implements("ruffe-and-trumps.head.ace-holder", "ruffe-and-trumps.head.turned-ace", "ruffe-and-trumps.head.no-holder")
def _head_rule(holder: int | None, dealer: int, ace_turned: bool, dealer_takes: bool) -> tuple[int | None, str]:
    """:func:`head_taker` given the seat holding the trump ace (``None`` if
    no player does), whether the ace is the turned card, and whether the
    dealer takes the head when no player holds the ace (:data:`DEALER_TAKES_UNHELD_HEAD`)."""
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
    count: str = _COUNT.default,
    count_baseline: str = _COUNT_BASELINE.default,
) -> list[int]:
    """Points per side at the end of a deal.

    ``count="cards"`` (the retelling): one point for every card a side won
    above its baseline, never below zero; the baseline is the number of
    cards dealt to each of its players (``count_baseline="dealt"``) or twelve
    each (``"twelve"``), so 20 cards against twelve dealt score 8.  Partners'
    cards are counted together.  ``count="tricks"`` (Willughby as written):
    one point per trick won.

    >>> count_points([20, 8, 12, 8], [5, 2, 3, 2], [[0], [1], [2], [3]], 12)
    [8, 0, 0, 0]
    >>> count_points([20, 8, 12, 8], [5, 2, 3, 2], [[0, 2], [1, 3]], 12)
    [8, 0]
    >>> count_points([20, 8, 12, 8], [5, 2, 3, 2], [[0, 2], [1, 3]], 12, count="tricks")
    [8, 4]
    """
    by_tricks = COUNT_TRICKS[count]
    baseline = BASELINE[count_baseline]
    return _count_points(won, tricks, sides, by_tricks, hand_size if baseline is None else baseline)


COUNT_TRICKS: Readings[bool] = Readings(_COUNT, {"cards": False, "tricks": True})
"""Whether a side scores its tricks rather than its cards, by the reading of ``count.method``."""

BASELINE: Readings[int | None] = Readings(_COUNT_BASELINE, {"dealt": None, "twelve": 12})
"""The cards per player above which the card count scores, by the reading of
``count.baseline`` (``None``: the number dealt to each)."""


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


@implements("ruffe-and-trumps.play.follow", "ruffe-and-trumps.deck.rank-order")
def play_rule(follow: str) -> PlayRule:
    """The kernel's play rule for a ``follow`` reading: ``obliged`` — follow
    suit, else trump, else any card; ``free`` — follow suit or trump at will,
    any card only when neither is possible.  Ranks run ace high, K Q J 10 … 2
    (the kernel's order).

    >>> play_rule("free").follow
    'suit-or-trump'
    """
    return FOLLOW[follow]


FOLLOW: Readings[PlayRule] = Readings(_FOLLOW, {"obliged": OBLIGED, "free": FREE})
"""The kernel's play rule of each reading of ``play.follow``."""


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


DISCARDS_COUNT: Readings[bool] = Readings(_HEAD_DISCARDS, {"dead": False, "count": True})
"""Whether the head-taker's four discards count as cards he won, by the reading of ``head.discards-count``."""


@dataclass(frozen=True)
class RuffeParams:
    """What a variant fixes for every game of it, read once at construction
    (shared by every game of the variant, read only): the configuration, the
    play rule, the sides, the side of each seat, the next seat of each seat,
    per side the count's rule, the template of its "why" for the score sheet
    (filled with the count and the cards dealt) and its baseline; and the
    parameter of each other reading: who of tied best ruffs scores, whether
    the dealer takes a head nobody's ace claims, whether the head-taker's
    discards count for him, and whether tricks are counted rather than cards."""

    config: DealConfig
    play: PlayRule
    sides: list[list[int]]
    side_of: list[int]
    next_seat: tuple[int, ...]
    count_texts: list[tuple[str, str, int]]
    tie_break: TieBreak
    dealer_takes_unheld_head: bool
    discards_count: bool
    count_tricks: bool
    baseline: int


@functools.cache
def params_of(variant: RuffeVariant) -> RuffeParams:
    """The :class:`RuffeParams` of a variant (each reading turned into its parameter once)."""
    n = variant.players
    config = deal_config(variant)
    rule = FOLLOW[variant.follow]
    assert rule.plain  # Ruffe's follow readings have no heading and no constraint
    sides = sides_for(n, bool(variant.partnerships))
    side_of = [0] * n
    for i, side in enumerate(sides):
        for seat in side:
            side_of[seat] = i
    fixed = BASELINE[variant.count_baseline]
    baseline = config.hand_size if fixed is None else fixed
    by_tricks = COUNT_TRICKS[variant.count]
    count_texts = [
        ("ruffe-and-trumps.score.partnership" if len(side) > 1 else
         "ruffe-and-trumps.count.method" if by_tricks else "ruffe-and-trumps.count.baseline",
         ("{} tricks" if by_tricks else "{} cards won, {} dealt")
         + (f" (partners {' and '.join(map(str, side))} together)" if len(side) > 1 else ""),
         baseline * len(side))
        for side in sides
    ]
    return RuffeParams(config, rule, sides, side_of, tuple((seat + 1) % n for seat in range(n)), count_texts,
                      RUFF_TIE[variant.ruff_tie], DEALER_TAKES_UNHELD_HEAD[variant.head_without_ace],
                      DISCARDS_COUNT[variant.head_discards], by_tricks, baseline)


# --------------------------------------------------------------------------
# The state
# --------------------------------------------------------------------------

_Counted = tuple[int, int, Suit, Card, int | None, tuple[int, ...], tuple[int, ...], tuple[int, ...],
                 tuple[int, list[Card], int, tuple[int, ...]] | None, tuple[tuple[int, Suit, int], ...], tuple[int, ...], str | None, int]
"""A deal at its count: number, dealer, trump, turned card, head-taker, cards and tricks won
per seat, points per side, the last trick, the ruffs announced, the ruff's winner, the
rule the head went by and the number of discards."""


class _RuffAnnouncement(Dialogue):
    """The ruff: each player in turn from the dealer's left announces his best ruff (its
    value; the suit stays his own until the proof); when all have, the best scores and
    the head is taken."""

    def calls(self, state: Partie, seat: int) -> list[Action]:
        return [_announcement(cast("RuffeState", state)._ruffs[seat][1])]

    def call(self, state: Partie, seat: int, action: Action) -> None:
        ruffe = cast("RuffeState", state)
        suit, value = ruffe._ruffs[seat]
        if action != _announcement(value):  # the one listed action: 'announce <his best ruff>'
            raise IllegalActionError("ruffe-and-trumps.ruff.announce", action,
                                     f"a player announces his best ruff, 'announce {value}': seat {seat}'s "
                                     f"is {value}", seat)
        ruffe._announce(seat, suit, value)
        self.advance(state)

    def close(self, state: Partie) -> None:
        ruffe = cast("RuffeState", state)
        ruffe._award_ruff()
        ruffe._start_head()

    def label(self, state: Partie, action: Action) -> str:
        return f"Announce a ruff of {action.value}"


class _HeadDiscard(Exchange):
    """The head: its taker adds it to his hand and lays out four cards, one at a time."""

    def offered(self, state: Partie, seat: int) -> list[Card]:
        return cast("RuffeState", state).hand_cards(seat)

    def given(self, state: Partie, seat: int) -> list[Card]:
        return cast("RuffeState", state).discards

    def most(self, state: Partie, seat: int) -> int:
        return 4

    def give_card(self, state: Partie, seat: int, card: Card) -> None:
        ruffe = cast("RuffeState", state)
        ruffe.take_card(seat, card)
        ruffe.discards.append(card)

    def done(self, state: Partie, seat: int) -> None:
        cast("RuffeState", state)._discarded()

    def form_reason(self, state: Partie, seat: int) -> str:
        return (f"seat {seat} has taken the head and must discard a card ('discard <card>'), "
                f"{4 - len(self.given(state, seat))} more to go")

    def advice(self, state: Partie, seat: int, legal: list[Action]) -> Action:
        return cast("RuffeState", state).discard_advice(seat)


def _play_advice(state: RuffeState, seat: int, cards: list[Card]) -> Action:
    return state.play_advice(seat, cards)


class RuffeState(TrickTable, Partie):
    """A whole game of Ruffe and Trumps, deal after deal, to the target.

    The phases of a deal, in the text's order: ``ruff`` (each player in turn
    from the dealer's left announces his best ruff; the best scores 12),
    ``head`` (the taker adds the head and discards four, one card an action),
    then the proof of the ruff (automatic, no action), then ``play`` (the
    tricks); the count and the next deal follow the last trick.

    >>> s = SPEC.new_game({"players": 3}, seed=5)
    >>> s.num_players, s.config.target, [len(h) for h in s.hands]
    (3, 40, [16, 16, 16])
    """

    game_id = GAME_ID
    variant: RuffeVariant
    keeps_bits = True  # each hand is kept as a bit set and its play actions from the deal on

    PARTIE_RULES = {"deck": "ruffe-and-trumps.deck.full", "first_dealer": "ruffe-and-trumps.deal.first-dealer",
                    "rotation": "ruffe-and-trumps.deal.rotation", "end": "ruffe-and-trumps.game.end"}

    PHASES = Partie.PHASES | {
        RUFF: _RuffAnnouncement(RUFF, "ruffe-and-trumps.ruff.announce", "Seat {seat}: announce the best ruff in hand",
                                verb="announce a ruff"),
        HEAD: _HeadDiscard("ruffe-and-trumps.head.discard", "Seat {seat} took the head: lay out {left}, face down",
                           give="discard"),
        PLAY: TrickPlay(TrickRules(follow="ruffe-and-trumps.play.follow", hand="ruffe-and-trumps.play.all-cards",
                                   winner=_TRICK_RULE, form="ruffe-and-trumps.play.all-cards"),
                        "Seat {seat}: play to trick {trick}, led by seat {leader}",
                        cases={"lead": ("ruffe-and-trumps.play.first-lead",
                                        "Seat {seat}: lead any card to the first trick"),
                               "next_lead": ("ruffe-and-trumps.play.next-lead",
                                             "Seat {seat} won the last trick: lead any card to trick {trick}")},
                        advice=_play_advice),
    }

    def __init__(self, variant: RuffeVariant, seed: int = 0, decks: Iterable[Iterable[str | Card]] | None = None,
                 first_dealer: int | None = None) -> None:
        self.params = params = params_of(variant)
        self.config, self.rule, self._sides, self._side_of = params.config, params.play, params.sides, params.side_of
        self._next_seat, self._count_texts = params.next_seat, params.count_texts
        self.tricks_per_deal = self.config.tricks
        self._counted: list[_Counted] = []  # each deal at its count: what ``previous_deal`` and
        # ``deal_summary`` tell (tuples, never changed, so a clone shares them)
        super().__init__(variant, seed, decks, first_dealer)

    # ----- setup -----------------------------------------------------------
    @implements("ruffe-and-trumps.deck.full")
    def make_pack(self) -> list[Card]:
        """The full pack of 52 (shuffled in card-index order)."""
        return list(ALL_CARDS)

    @implements("ruffe-and-trumps.deal.first-dealer")
    def default_first_dealer(self) -> int:
        """The last seat deals first, so seat 0 is eldest (real play cuts for it);
        a record, or one deal replayed under another reading, may name another seat."""
        return self.num_players - 1

    @implements("ruffe-and-trumps.deal.rotation")
    def next_dealer(self) -> int:
        """The deal passes to the left: the next seat."""
        return (self.dealer + 1) % self.num_players

    def deal(self, cards: list[Card]) -> None:
        self._deal([c.index for c in cards])
        self._begin_deal()

    @implements("ruffe-and-trumps.deal.packets", "ruffe-and-trumps.deal.head", "ruffe-and-trumps.deal.trump")
    def _deal(self, deck: list[int]) -> None:
        """Four cards at a time to each player from the dealer's left; the next
        four are the head (the rest, in a short deal, set aside); the head's
        top card is turned and its suit is trumps.  (``deck``: card indexes.)"""
        n, config = self.num_players, self.config
        first = (self.dealer + 1) % n
        # each hand as its play actions in deck order, and as a bit set (``hands`` reads the cards)
        acts: list[list[Action]] = [[]] * n  # (each seat's list is replaced below)
        bits = [0] * n
        self._acts, self._bits = acts, bits
        for i, packets in enumerate(_packets(n, config.hand_size)):  # the i-th player from the dealer's left
            seat = (first + i) % n
            dealt = itemgetter(*sorted(packets(deck)))  # (itemgetter: the fastest way to look up many indexes)
            acts[seat] = list(dealt(_PLAY_BY_INDEX))
            bits[seat] = sum(dealt(_BIT))
        pos = n * config.hand_size
        self.head = [ALL_CARDS[i] for i in deck[pos:pos + config.head]]
        self.aside = [ALL_CARDS[i] for i in deck[pos + config.head:]]
        self.turned = turned = self.head[0]
        self.trump = turned.suit
        self._trump_index = turned.suit_index

    def _begin_deal(self) -> None:
        k = self.deal_number - 1
        n = self.num_players
        self._say("ruffe-and-trumps.deal.trump", None,
                  "Deal {}: seat {} deals {} cards each, four at a time; the head's top card {} is turned: {} are trumps.",
                  k + 1, self.dealer, self.config.hand_size, self.turned._symbol, _SUIT_NAMES[self._trump_index])
        trump, with_turned = self._trump_index, RUFF_POINTS[self.turned.index]  # the turned card is a trump
        self._ruffs = [_best_ruff_bits(b, trump, with_turned) for b in self._bits]
        self.announcements: list[tuple[int, Suit, int]] = []
        self.ruff_winners_: list[int] = []
        self._ruff_cards: list[Card] = []  # the winner's counted suit as he announced it, shown at the proof
        self.proofs: list[dict[str, Any]] = []
        self.head_taker_: int | None = None
        self.head_rule: str | None = None
        self.head_taken = False
        self.head_cards: list[Card] = []
        self.discards: list[Card] = []
        self.trick: list[Card] = []
        self.leader = (self.dealer + 1) % n
        self.last_trick = None
        self.won = [0] * n
        self.tricks_won = [0] * n
        self.tricks_played = 0
        self.voids = [0] * n  # bit i: suit with index i shown void
        self._allowed = 0  # in play: the cards the seat to act may play, as a bit set (TrickTable)
        self._phase = RUFF
        cast(_RuffAnnouncement, self.PHASES[RUFF]).open(self, [(self.dealer + 1 + i) % n for i in range(n)])

    # ----- GameState interface (phase, current_player, is_over, outcome: the base's) ----
    def sides(self) -> list[list[int]]:
        return [list(s) for s in self._sides]

    def side_of(self, seat: int) -> int:
        return self._side_of[seat]

    @property
    def hands(self) -> list[list[Card]]:
        """Each seat's cards, in deck order (fresh lists, built when read: the
        state keeps a hand as its actions and as a bit set)."""
        return [_cards_of(acts) for acts in self._acts]

    @property
    def target(self) -> int:
        return self.config.target

    # ----- ruff ------------------------------------------------------------
    @implements("ruffe-and-trumps.ruff.announce")
    def _announce(self, seat: int, suit: Suit, value: int) -> None:
        """Each player in turn from the dealer's left announces his best ruff
        (its value; the suit stays his own until the proof)."""
        self.history.append((seat, _announcement(value)))
        self.announcements.append((seat, suit, value))
        self._say("ruffe-and-trumps.ruff.announce", seat, "Seat {} announces a ruff of {}.", seat, value)

    @implements("ruffe-and-trumps.ruff.award")
    def _award_ruff(self) -> None:
        """The best ruff scores 12 for its side as soon as all have announced;
        the suit it was counted in is noted, as it stands, for the proof."""
        values = [0] * self.num_players
        for seat, _suit, value in self.announcements:
            values[seat] = value
        winners = _ruff_winners(values, self.dealer, self.params.tie_break, self._sides)
        self.ruff_winners_ = winners
        best = max(values)
        if values.count(best) > 1:
            tied = [s for s in range(self.num_players) if values[s] == best]
            self._say("ruffe-and-trumps.ruff.tie", None,
                      "Seats {} tie at {}; by the '{}' reading the ruff goes to {}.",
                      ", ".join(map(str, tied)), best, self.variant.ruff_tie,
                      f"seat {winners[0]}" if winners else "nobody")
        if winners:
            seat = winners[0]
            self._ruff_cards = _cards_of(_suit_run(self._acts[seat], self._bits[seat], self._ruffs[seat][0]))
            self._score(self._side_of[seat], 12, "ruffe-and-trumps.ruff.award", f"Ruff: {best}, seat {seat}", seat)

    @implements("ruffe-and-trumps.ruff.proof")
    def _prove_ruff(self) -> None:
        """After the head is taken and the discards made, the ruff's winner
        shows the suit he counted, as it stood when he announced it (with the
        turned card when it is trumps); cards of it he has laid out since are
        shown from his discards."""
        for seat in self.ruff_winners_:
            suit = self._ruffs[seat][0]
            counted = self._ruff_cards
            in_hand = self._bits[seat]
            laid_out = [c for c in counted if not in_hand >> c.index & 1]  # (only the head's taker discards)
            with_turned = suit is self.trump
            self.proofs.append({
                "seat": seat, "suit": suit.value, "value": self._ruffs[seat][1],
                "cards": [c._text for c in counted], "from_discards": [c._text for c in laid_out],
                "turned": self.turned._text if with_turned else None,
            })
            self._say("ruffe-and-trumps.ruff.proof", seat, "Seat {} shows {}{}{}: a ruff of {} in {}.",
                      seat, counted,
                      f" with the turned {self.turned._symbol}" if with_turned else "",
                      f" ({log_text('{}', (tuple(laid_out),))} from his discards)" if laid_out else "",
                      self._ruffs[seat][1], _SUIT_NAMES[suit.index])

    # ----- head ------------------------------------------------------------
    def _start_head(self) -> None:
        ace = self._trump_index * 13  # the trump ace's index (it heads its suit)
        holder = next((seat for seat, bits in enumerate(self._bits) if bits >> ace & 1), None)
        taker, rule = _head_rule(holder, self.dealer, self.turned.index == ace, self.params.dealer_takes_unheld_head)
        self.head_taker_ = taker
        self.head_rule = rule
        if taker is None:
            self._say(rule, None, "Nobody holds the trump ace: the head ({} cards) is set aside untaken.", len(self.head))
            self._prove_ruff()
            self._start_play()
            return
        if rule == "ruffe-and-trumps.head.ace-holder":
            why = f"seat {taker} holds the ace of trumps"
        elif rule == "ruffe-and-trumps.head.turned-ace":
            why = "the turned card is the ace of trumps, so the dealer"
        else:
            why = "no player holds the ace of trumps, so the dealer"
        self._say(rule, taker, "The head goes to seat {}: {}; he adds its {} cards and discards four.",
                  taker, why, len(self.head))
        self.head_taken = True
        self.head_cards, self.head = self.head, []
        hand = _cards_of(self._acts[taker]) + self.head_cards
        hand.sort(key=_INDEX)
        self._bits[taker] |= card_bits(self.head_cards)
        self._acts[taker] = [_PLAY_BY_INDEX[c.index] for c in hand]
        self._phase = HEAD
        self._to_act = taker

    @implements("ruffe-and-trumps.head.discard")
    def _discarded(self) -> None:
        """The head-taker has discarded four cards, one at a time, face down; then the
        ruff is proved and the play begins."""
        self._say("ruffe-and-trumps.head.discard", self.head_taker_, "Seat {} has discarded four cards.",
                  self.head_taker_)
        self._prove_ruff()
        self._start_play()

    # ----- play ------------------------------------------------------------
    @implements("ruffe-and-trumps.play.first-lead")
    def _start_play(self) -> None:
        """The player on the dealer's left leads to the first trick."""
        self._phase = PLAY
        self.start_tricks((self.dealer + 1) % self.num_players, list(range(self.num_players)))

    @implements("ruffe-and-trumps.play.trick-winner", "ruffe-and-trumps.play.next-lead",
                "ruffe-and-trumps.play.all-cards")
    def trick_taken(self, winner: int, trick: list[Card]) -> None:
        """The highest trump, else the highest card of the suit led, takes the
        trick (trick play's :class:`~engine.phases.TrickPlay`); its winner leads next;
        play goes on until every card is played.  Its cards are his."""
        self.won[winner] += len(trick)

    def tricks_done(self) -> None:
        self._count()

    def trick_rule(self) -> PlayRule:
        return self.rule

    def hand_cards(self, seat: int) -> list[Card]:
        return _cards_of(self._acts[seat])

    # ----- count and game end ----------------------------------------------
    @implements("ruffe-and-trumps.head.discards-count")
    def _cards_won(self) -> list[int]:
        """Cards won per seat; by the ``count`` reading of head_discards the
        head-taker's four discards count as cards he won."""
        won = list(self.won)
        if self.params.discards_count and self.head_taker_ is not None:
            won[self.head_taker_] += len(self.discards)
        return won

    def _count(self) -> None:
        params = self.params
        won = self._cards_won()
        points = _count_points(won, self.tricks_won, self._sides, params.count_tricks, params.baseline)
        counts = self.tricks_won if params.count_tricks else won
        for i, side in enumerate(self._sides):
            rule, template, dealt = self._count_texts[i]
            self._score(i, points[i], rule, template.format(sum([counts[s] for s in side]), dealt))
        self.ledger.close_deal()
        self._counted.append((self.deal_number, self.dealer, self.trump, self.turned, self.head_taker_, tuple(won),
                              tuple(self.tricks_won), tuple(points), self.last_trick,  # (the next deal starts new lists)
                              tuple(self.announcements), tuple(self.ruff_winners_), self.head_rule,
                              len(self.discards)))
        totals = self.totals()
        winner = game_winner(totals, self.config.target)
        if winner is not None:
            self._end(winner)
            return
        top = max(totals)
        if top >= self.config.target:
            self._say("ruffe-and-trumps.game.end", None, "Tie at the top ({}): another deal.", top)
        self.next_deal()

    @property
    def previous_deal(self) -> dict[str, Any] | None:
        """A summary of the deal just counted (for the table), or ``None``
        before the first count: deal, dealer, trump, turned card, head-taker,
        cards and tricks won per seat, points per side, and the last trick."""
        if not self._counted:
            return None
        deal, dealer, trump, turned, taker, won, tricks, points, last = self._counted[-1][:9]
        assert last is not None  # (a deal is counted after its last trick)
        lead, cards, winner, seats = last
        return {
            "deal": deal, "dealer": dealer, "trump": trump.value, "turned_card": turned._text, "head_taker": taker,
            "won": list(won), "tricks": list(tricks), "points": list(points),
            "last_trick": {"cards": [{"seat": s, "card": c._text} for s, c in zip(seats, cards)],
                           "leader": lead, "winner": winner},
        }

    def deal_summary(self, deal: int) -> dict[str, Any]:
        """What happened in a counted deal (the shape of :meth:`GameState.deal_summary`):
        for each side its ruffs announced, the ruff won, the head taken, its tricks
        and cards counted, and its points; for the deal its trumps, ruff and head."""
        row = self._finished_deal(deal)
        (_, _, trump, turned, taker, won, tricks, points, _, announced, ruff_won, head_rule,
         discarded) = self._counted[deal - 1]
        values = {seat: value for seat, _suit, value in announced}
        best = max(values.values(), default=0)
        side_facts: list[list[dict[str, Any]]] = []
        side_texts: list[str] = []
        for side, seats in enumerate(self._sides):
            took = sum(tricks[s] for s in seats)
            did = [f"{took} trick{'s' if took != 1 else ''} ({sum(won[s] for s in seats)} cards counted)"]
            among = len(seats) > 1  # name the partner who did it
            if ruff_won and ruff_won[0] in seats:
                did.append(f"{f'seat {ruff_won[0]} ' if among else ''}won the ruff with {best}")
            if taker is not None and taker in seats:
                did.append(f"{f'seat {taker} ' if among else ''}took the head (his {discarded} discards "
                           f"{'counted' if self.params.discards_count else 'dead'})")
            amount = sum(e["points"] for e in row["entries"] if e["side"] == side)
            side_texts.append(f"{side_words(seats)}: {', '.join(did)}; {amount} point{'s' if amount != 1 else ''}")
            side_facts.append([
                fact("Ruffs announced", ", ".join(f"seat {s}: {values[s]}" for s in seats if s in values),
                     "ruffe-and-trumps.ruff.announce"),
                fact("Tricks", took, "ruffe-and-trumps.play.trick-winner"),
                fact("Cards counted", sum(won[s] for s in seats)),
                fact(f"Points for the {'tricks' if self.params.count_tricks else 'cards'}", points[side],
                     self._count_texts[side][0])])
        if ruff_won:
            ruff = fact("The ruff", f"seat {ruff_won[0]} with {best}", "ruffe-and-trumps.ruff.award")
        else:
            tied = [s for s, v in values.items() if v == best]
            ruff = fact("The ruff", f"seats {' and '.join(map(str, tied))} tie at {best}: nobody scores it",
                        "ruffe-and-trumps.ruff.tie")
        laid = "counted as cards he won" if self.params.discards_count else "dead"
        head = (fact("The head", f"taken by seat {taker}, his {discarded} discards {laid}", head_rule)
                if taker is not None
                else fact("The head", "nobody holds the ace of trumps: set aside untaken", head_rule))
        facts = [fact("Trumps", f"{_SUIT_NAMES[trump.index]}: {turned._text} turned", "ruffe-and-trumps.deal.trump"),
                 ruff, head]
        outcome = self._outcome
        ending = ("ruffe-and-trumps.game.end", outcome.reason) if outcome and deal == self.deal_number else None
        return self._summary(row, side_facts, side_texts, facts, ending)

    def _end(self, side: int) -> None:
        seats = tuple(self._sides[side])
        who = f"seats {' and '.join(map(str, seats))}" if len(seats) > 1 else f"seat {seats[0]}"
        reason = (f"{who} reached {self.totals()[side]} of {self.config.target} "
                  f"after {self.deal_number} deal{'s' if self.deal_number != 1 else ''}")
        self._say("ruffe-and-trumps.game.end", None, "Game: {}.", reason)
        self.end(seats, reason, "ruffe-and-trumps.game.end")

    def _score(self, side: int, points: int, rule: str, why: str, seat: int | None = None) -> None:
        entry = self.score(side, points, rule, why, seat)
        self._say(rule, seat, "Side {} scores {}: {} (total {}).", side, points, why, entry.after)

    _say = Partie.say


    # ----- copies ------------------------------------------------------------
    def determinize(self, seat: int, rng: random.Random) -> RuffeState:
        """A copy in which every card ``seat`` cannot see is redealt at random
        among the places it cannot see (other hands, the untaken head, the cards
        set aside, another player's discards), keeping their sizes and what
        ``seat`` knows: suits a player showed void, the ruff-winner's shown
        cards (in his hand, or in his discards when shown from them), the
        turned card, and the trump ace's whereabouts implied by who took the
        head.  Later deals are reshuffled from ``rng``.  (The values announced
        for the ruff are not enforced on the redealt hands; before the proof
        the winner's suit in the copy is the best of his redealt cards.)
        """
        self.check_seat(seat, allow_none=False)
        new = self.clone()
        new._decks = None
        new._future_seed = f"determinized/{rng.getrandbits(64)}"
        if self._phase == OVER:
            return new
        n = self.num_players
        taker = self.head_taker_ if self.head_taken else None
        # locations: ("hand", p) for p != seat; ("head",); ("aside",); ("discards",)
        locations: list[tuple[str, int]] = [("hand", p) for p in range(n) if p != seat]
        head_known: list[Card] = []
        if self.head:  # untaken head: its turned top card is public
            locations.append(("head", -1))
            head_known = [self.turned]
        if self.aside:
            locations.append(("aside", -1))
        if taker is not None and taker != seat and self.discards:
            locations.append(("discards", -1))

        hands = self.hands  # (fresh lists: the copy's hands are redealt in them)

        def cards_at(loc: tuple[str, int]) -> list[Card]:
            kind, p = loc
            if kind == "hand":
                return hands[p]
            if kind == "head":
                return [c for c in self.head if c is not self.turned]
            if kind == "aside":
                return self.aside
            return self.discards

        pool: list[Card] = []
        capacity: list[int] = []
        for loc in locations:
            cards = cards_at(loc)
            pool.extend(cards)
            capacity.append(len(cards))
        if not pool:
            return new
        loc_index = {loc: i for i, loc in enumerate(locations)}
        all_locs = list(range(len(locations)))

        # what seat knows about particular cards
        fixed: dict[Card, list[int]] = {}

        def only(card: Card, places: list[tuple[str, int]]) -> None:
            allowed = [loc_index[p] for p in places if p in loc_index]
            if allowed:
                fixed[card] = allowed

        in_pool = set(pool)
        for proof in self.proofs:
            w = proof["seat"]
            if w == seat:
                continue
            laid_out = set(proof["from_discards"])
            for text in proof["cards"]:
                card = Card.parse(text)
                if card in in_pool:
                    only(card, [("discards", -1)] if text in laid_out else [("hand", w)])
        if taker is not None and taker != seat:
            if self.turned in in_pool:
                only(self.turned, [("hand", taker), ("discards", -1)])
            ace = Card(Rank.ACE, self.trump)
            if ace in in_pool and ace is not self.turned:
                if self.head_rule == "ruffe-and-trumps.head.ace-holder":
                    only(ace, [("hand", taker), ("discards", -1)])
                elif self.head_rule == "ruffe-and-trumps.head.no-holder":
                    only(ace, [("hand", taker), ("discards", -1), ("aside", -1)])
        elif self.head_rule == "ruffe-and-trumps.head.no-holder" and taker is None and self.head_taker_ is None \
                and self._phase != RUFF:
            ace = Card(Rank.ACE, self.trump)
            if ace in in_pool:
                only(ace, [("head", -1), ("aside", -1)])

        def allowed_for(card: Card, use_voids: bool) -> list[int]:
            places = fixed.get(card, all_locs)
            if not use_voids:
                return places
            bit = 1 << card.suit_index
            return [i for i in places if locations[i][0] != "hand" or not self.voids[locations[i][1]] & bit]

        assignment = None
        for attempt in range(40):
            assignment = place_cards(pool, capacity, lambda c: allowed_for(c, attempt < 30), rng)
            if assignment is not None:
                break
        if assignment is None:
            return new  # the true deal is the only arrangement found; keep it
        for i, loc in enumerate(locations):
            cards = assignment[i]
            kind, p = loc
            if kind == "hand":
                cards.sort(key=_INDEX)
                hands[p] = cards
            elif kind == "head":
                new.head = head_known + cards
            elif kind == "aside":
                new.aside = cards
            else:
                new.discards = cards
        new._acts = [[_PLAY_BY_INDEX[c.index] for c in hand] for hand in hands]
        new._bits = [card_bits(hand) for hand in hands]
        if self._phase == RUFF:
            new._ruffs = [best_ruff(h, new.trump, new.turned) if p != seat else self._ruffs[p]
                          for p, h in enumerate(hands)]
            # announcements already made stand as made
        elif self._phase == HEAD and self.ruff_winners_ and self.ruff_winners_[0] != seat:
            # the proof is still to come and its suit is hidden from seat: in the copy the ruff's
            # winner will show the best suit of his redealt cards
            w = self.ruff_winners_[0]
            cards = hands[w] + (new.discards if w == taker else [])
            suit = best_ruff(cards, new.trump, new.turned)[0]
            new._ruffs = self._ruffs[:]
            new._ruffs[w] = (suit, self._ruffs[w][1])
            new._ruff_cards = [c for c in cards if c.suit is suit]
        if new._phase == PLAY and new._to_act is not None:
            new._allowed = new.allowed_bits(new._to_act)
        return new

    # ----- views -------------------------------------------------------------
    def prompt_fields(self) -> dict[str, Any]:
        left = 4 - len(self.discards)
        return super().prompt_fields() | {"left": f"{left}{' more' if self.discards else ''} card{'s' if left != 1 else ''}"}

    def view(self, seat: int | None) -> dict[str, Any]:
        self.check_seat(seat)
        omniscient = seat is None
        hands: list[Any] = []
        for p, acts in enumerate(self._acts):
            if omniscient or p == seat:
                hands.append([str(a.card) for a in acts])
            else:
                hands.append({"count": len(acts)})
        taker = self.head_taker_ if self.head_taken else None
        head: dict[str, Any] = {"count": len(self.head) if not self.head_taken else len(self.head_cards),
                                "taken_by": taker}
        if omniscient:
            head["cards"] = [str(c) for c in (self.head if not self.head_taken else self.head_cards)]
        elif self.head_taken and seat == taker:
            head["cards"] = [str(c) for c in self.head_cards]
        aside: dict[str, Any] = {"count": len(self.aside)}
        if omniscient:
            aside["cards"] = [str(c) for c in self.aside]
        discards: dict[str, Any] = {"count": len(self.discards), "by": taker}
        if omniscient or (taker is not None and seat == taker):
            discards["cards"] = [str(c) for c in self.discards]
        winners = set(self.ruff_winners_) if self.proofs else set()
        announcements = []
        for s, suit, value in self.announcements:
            show_suit = omniscient or s == seat or s in winners
            announcements.append({"seat": s, "suit": suit.value if show_suit else None, "value": value})
        to_act = self._to_act
        v: dict[str, Any] = self.view_header(seat) | {
            "trump": self.trump.value,
            "turned_card": str(self.turned),
            "hand_size": self.config.hand_size,
            "hands": hands,
            "head": head,
            "aside": aside,
            "discards": discards,
            **self.trick_view(),
            "won": list(self.won),
            "tricks": list(self.tricks_won),
            "ruff": {
                "announcements": announcements,
                "winners": list(self.ruff_winners_),
                "shown": _shown(self.proofs[0]) if self.proofs else None,
                "proofs": [_shown(p) for p in self.proofs],
            },
            "totals": self.totals(),
            "target": self.config.target,
            "log": [dict(e) for e in self.log_from(-40)],
            "legal": self.legal_json() if to_act is not None and (omniscient or seat == to_act) else [],
            "over": self._phase == OVER,
            "outcome": self._outcome.to_json() if self._outcome is not None else None,
            "previous_deal": self.previous_deal,
        }
        return v

    # ----- a sensible player ---------------------------------------------------
    def discard_advice(self, seat: int) -> Action:
        """The head-taker's discard: the weakest non-trumps, shortest suits first."""
        trump = self.trump
        hand = _cards_of(self._acts[seat])
        lengths = [0, 0, 0, 0]
        for c in hand:
            lengths[c.suit_index] += 1

        def keep_value(c: Card) -> tuple[int, int, int]:
            is_trump = c.suit is trump
            return (1 if is_trump else 0, 1 if c.rank is Rank.ACE else 0, c.rank_value * 4 + lengths[c.suit_index])
        return _DISCARD[min(hand, key=keep_value)]

    def play_advice(self, seat: int, cards: list[Card]) -> Action:
        """A sensible card: let a partner's winning card stand, win as cheaply as
        possible, trump a trick when void and no partner has it, and otherwise throw
        the lowest card, keeping trumps."""
        trump = self.trump
        trick = self.trick

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
        n = self.num_players
        best_i = _winning_index(trick, trump)
        winner_seat = (self.leader + best_i) % n
        last_to_play = len(trick) == n - 1
        partner_winning = self._side_of[winner_seat] == self._side_of[seat] and winner_seat != seat
        if partner_winning:
            best_card = trick[best_i]
            safe = last_to_play or best_card.suit is trump or best_card.rank_value >= 13
            if safe:
                return _PLAY[min(cards, key=cheap)]
        winning = [c for c in cards if _wins(c, trick, best_i, trump)]
        if winning:
            return _PLAY[min(winning, key=cheap)]
        return _PLAY[min(cards, key=cheap)]


def _shown(proof: dict[str, Any]) -> dict[str, Any]:
    """A proof as the view shows it (a copy): seat, suit, value, the counted
    cards as announced, those of them shown from the discards, and the
    turned card when it was counted."""
    return {"seat": proof["seat"], "suit": proof["suit"], "value": proof["value"], "cards": list(proof["cards"]),
            "from_discards": list(proof["from_discards"]), "turned": proof["turned"]}


def _winning_index(trick: list[Card], trump: Suit) -> int:
    return trick_winner(trick, trump)


def _wins(card: Card, trick: list[Card], best_i: int, trump: Suit) -> bool:
    best = trick[best_i]
    if card.suit is best.suit:
        return card.rank_value > best.rank_value
    return card.suit is trump


SPEC = GameSpec(
    id=GAME_ID,
    name="Ruffe and Trumps",
    min_players=2,
    max_players=4,
    variant_class=RuffeVariant,
    state_class=RuffeState,
    summary=("A seventeenth-century English trick-taking game: the best suit in hand (the ruff) scores 12, "
             "the holder of the trump ace takes the four-card head, and cards won above those dealt score; "
             "game to 52."),
    measures="engine.games.ruffe_measures:RuffeMeasures",
    examples="engine.games.ruffe_examples:RUNNERS",
)
