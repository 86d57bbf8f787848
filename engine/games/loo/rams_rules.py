"""Рамс's rules (Розалиев, No. 53): the rule ids the loo skeleton names for it, the
rules (:class:`RamsRules`: each option once, a contested rule's field holding what its
reading means) and the pure rule functions of what Рамс adds (the aces' values, the trump ace's duty, the
deal's score, five of a suit, a *Rams*, the jacks, the dealer's exchange, the exposed buy,
the revoke).  The state is in :mod:`engine.games.loo.rams`.

>>> from engine.cards import parse_cards
>>> ace_values(parse_cards("AS AH 7C")), rams_hand(parse_cards("AS AH AD AC 7H"), 40)
(25, 0)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, ClassVar, NamedTuple

from engine.cards import SUITS, Card, Rank, Suit, deck_32, deck_52, format_cards
from engine.errors import IllegalActionError
from engine.game import Action
from engine.games.loo.rules import LooRules, LooVariant, jacks_held, one_suit, tricks_word
from engine.i18n import N_, Text
from engine.readings import number, reading
from engine.rules import implements
from engine.tricks import BitConstraint, Constraint

__all__ = ["GAME_ID", "RULES", "ACE_VALUES", "RamsRules", "AceDuty", "ANY_ACE", "rams_pack",
           "may_pass", "ace_values", "deal_score", "five_of_a_suit", "rams_hand", "rams_show",
           "jacks_value", "jacks_at_discard", "jacks_finish", "dealer_takes_turned", "exposed_buy", "revoke"]

GAME_ID = "rams"
ACE_VALUES = {Suit.SPADES: 5, Suit.CLUBS: 10, Suit.DIAMONDS: 15, Suit.HEARTS: 20}

RULES = LooRules(
    game=GAME_ID,
    players="rams.setup.players",
    deck="rams.setup.deck",
    seats="rams.setup.first-dealer",
    first_dealer="rams.setup.first-dealer",
    rotation="rams.deal.rotation",
    deal="rams.deal.five-and-trump",
    trump="rams.deal.five-and-trump",
    bid="rams.bid.options",
    order="rams.bid.options",
    must_play="rams.bid.ace-may-not-pass",
    discard="rams.buy.discard-first",
    stock_limit="rams.buy.discard-first",
    all_pass="rams.bid.all-pass",
    lead="rams.play.lead",
    follow="rams.play.follow-else-trump",
    free="rams.play.free-discard",
    winner="rams.play.trick-winner",
    start="rams.score.start",
    trick="rams.score.trick",
    no_trick="rams.score.no-trick",
    end="rams.end.winner",
    tie="rams.end.winner",
    misdeal="rams.deal.misdeal",
    settle="rams.settle.remaining-records",
)


@implements("rams.setup.deck")
def rams_pack(players: int) -> list[Card]:
    """52 cards for four or more players, 32 (seven to ace) for three."""
    return deck_52() if players >= 4 else deck_32()


@implements("rams.bid.ace-may-not-pass")
def may_pass(dealt: list[Card], trump: Suit, ace_duty: AceDuty | None = None) -> bool:
    """A player who received an ace in the deal may not pass: by the reading
    (:attr:`RamsRules.ace_duty`), any ace (:data:`ANY_ACE`, the default), the
    trump ace, or the ace of spades."""
    return not (ace_duty or ANY_ACE).received(dealt, trump)


class AceDuty(NamedTuple):
    """Which aces received in the deal forbid passing: whether a hand as dealt
    holds one (``received(dealt, trump)``), and why he may not pass (a template written when read)."""

    received: Callable[[list[Card], Suit], bool]
    words: str


ANY_ACE = AceDuty(lambda dealt, trump: any(c.rank is Rank.ACE for c in dealt), N_("he received an ace in the deal"))
_TRUMP_ACE = AceDuty(lambda dealt, trump: Card(Rank.ACE, trump) in dealt, N_("he received the ace of trumps in the deal"))
_SPADE_ACE = AceDuty(lambda dealt, trump: Card(Rank.ACE, Suit.SPADES) in dealt,
                     N_("he received the ace of spades in the deal"))


@implements("rams.score.ace-values")
def ace_values(aces: list[Card]) -> int:
    """Spades 5, clubs 10, diamonds 15, hearts 20, whatever the trump."""
    return sum(ACE_VALUES[c.suit] for c in aces if c.rank is Rank.ACE)


_ACE_OF = {suit: Card(Rank.ACE, suit) for suit in Suit}
"""The ace of each suit (the trump ace looked up, not built, on every card of the play)."""


@implements("rams.play.trump-ace-lead", "rams.play.trump-ace-cover")
def _trump_ace_duty(hand: Any, trick: Any, trump: Suit | None, legal: list[Card], anywhere: bool) -> list[Card]:
    """The holder of the trump ace must lead it when he has the lead; on
    another's lead he must play it on a trump king, queen or jack (the card
    led, or, ``anywhere`` (the 'in-trick' reading), any such card in the
    trick, when he may play a trump)."""
    if trump is None:
        return legal
    ace = _ACE_OF[trump]
    if ace not in legal:
        return legal
    if not trick:
        return [ace]
    courts = (Rank.KING, Rank.QUEEN, Rank.JACK)
    candidates = trick if anywhere else trick[:1]
    if any(c.suit is trump and c.rank in courts for c in candidates):
        return [ace]
    return legal


_ACE_BIT = tuple(1 << Card(Rank.ACE, suit).index for suit in SUITS)
"""The trump ace as a bit (bit ``card.index``), by the trump's suit index."""
_COURT_BITS = tuple(sum(1 << Card(rank, suit).index for rank in (Rank.KING, Rank.QUEEN, Rank.JACK)) for suit in SUITS)
"""The trump king, queen and jack as bits, by the trump's suit index."""


def _trump_ace_duty_bits(allowed: int, trick: Any, trump: int, anywhere: bool) -> int:
    """:func:`_trump_ace_duty` on bit sets (``allowed``: the cards the follow rule allows;
    ``trump``: a suit index, -1 for none)."""
    if trump < 0:
        return allowed
    ace = _ACE_BIT[trump]
    if not allowed & ace:
        return allowed
    if not trick:
        return ace
    courts = _COURT_BITS[trump]
    for card in (trick if anywhere else trick[:1]):
        if courts >> card.index & 1:
            return ace
    return allowed


def _cover_led_cards(hand: Any, trick: Any, trump: Suit | None, legal: list[Card]) -> list[Card]:
    return _trump_ace_duty(hand, trick, trump, legal, False)


def _cover_in_trick_cards(hand: Any, trick: Any, trump: Suit | None, legal: list[Card]) -> list[Card]:
    return _trump_ace_duty(hand, trick, trump, legal, True)


_cover_led = BitConstraint(_cover_led_cards, lambda allowed, trick, trump: _trump_ace_duty_bits(allowed, trick, trump, False))
"""The trump ace covers a trump court led (on cards and on bit sets: trick play's fast path)."""
_cover_in_trick = BitConstraint(_cover_in_trick_cards,
                                lambda allowed, trick, trump: _trump_ace_duty_bits(allowed, trick, trump, True))
"""The trump ace covers a trump court anywhere in the trick (on cards and on bit sets)."""


@implements("rams.score.trick", "rams.score.aces-with-trick", "rams.score.no-trick", "rams.jacks.pass",
            "rams.jacks.no-trick")
def deal_score(record: int, tricks: int, aces: list[Card], played: bool, jacks: int = 0,
               jacks_spare: bool = True) -> list[tuple[int, str, Text]]:
    """One player's entries ``(points, rule, why)`` for a deal, the jacks
    shown at the discard first: each trick writes off one and, with a trick,
    the aces held write off their values; no trick writes up 5 and the aces'
    values (with jacks: no 5 for two, unless ``jacks_spare`` is false, the ``offset``
    reading of ``jacks.no-trick``); the record stops at nothing.

    >>> from engine.cards import parse_cards
    >>> sum(p for p, _, _ in deal_score(60, 0, parse_cards("AS AH"), True))
    30
    """
    return _deal_score(record, tricks, aces, played, jacks, jacks_spare)


def _deal_score(record: int, tricks: int, aces: list[Card], played: bool, jacks: int,
                jacks_spare: bool) -> list[tuple[int, str, Text]]:
    """:func:`deal_score` by the parameter of its reading."""
    entries: list[tuple[int, str, Text]] = []
    if jacks:
        entries.append((-jacks, "rams.jacks.at-discard", Text("jacks shown at the discard ({})", jacks)))
    if played:
        value = ace_values(aces)
        names = format_cards(aces, symbols=True)
        if tricks:
            entries.append((-tricks, "rams.score.trick", tricks_word(tricks)))
            if value:
                entries.append((-value, "rams.score.aces-with-trick", Text("aces held with a trick ({})", names)))
        else:
            if jacks and jacks_spare:
                if jacks >= 10:
                    entries.append((5, "rams.jacks.no-trick", Text("no trick: four jacks write five 'in plus'")))
                else:
                    entries.append((0, "rams.jacks.no-trick",
                                    Text("no trick, but two jacks were shown: nothing written")))
            else:
                entries.append((5, "rams.score.no-trick", Text("took no trick")))
            if value:
                entries.append((value, "rams.score.no-trick", Text("no trick: the aces held are paid ({})", names)))
    total = record + sum(p for p, _, _ in entries)
    if total < 0:
        entries.append((-total, "rams.end.winner", Text("the record stops at nothing")))
    return entries


@implements("rams.special.five-of-a-suit")
def five_of_a_suit(hands: list[list[Card]], trump: Suit, others_pay: Callable[[list[Card]], int] | None = None,
                   seats: list[int] | None = None) -> tuple[list[int], list[int]]:
    """Who shows five of a suit, and the change to each seat's record: the
    holder writes off 5 and the value of his suit's ace if he holds it;
    every other player in the deal writes up 5 and (by the reading,
    :attr:`RamsRules.five_of_a_suit_others`: what he writes up given his aces)
    his aces' values (the default), 5 more per ace, or nothing more."""
    return _five_of_a_suit(hands, others_pay or _five_and_ace_values, seats)


def _five_and_ace_values(aces: list[Card]) -> int:
    return 5 + ace_values(aces)


def _five_flat(aces: list[Card]) -> int:
    return 5


def _five_per_ace(aces: list[Card]) -> int:
    return 5 + 5 * len(aces)


def _five_of_a_suit(hands: list[list[Card]], others_pay: Callable[[list[Card]], int],
                    seats: list[int] | None) -> tuple[list[int], list[int]]:
    """:func:`five_of_a_suit` with what the others write up given by ``others_pay``."""
    seats = list(range(len(hands))) if seats is None else seats
    showers = [s for s in seats if one_suit(hands[s])]
    changes = [0] * len(hands)
    if not showers:
        return showers, changes
    for s in seats:
        aces = [c for c in hands[s] if c.rank is Rank.ACE]
        changes[s] = -(5 + ace_values(aces)) if s in showers else others_pay(aces)
    return showers, changes


@implements("rams.special.rams")
def rams_hand(hand: list[Card], record: int) -> int:
    """Four aces, a *Rams*: the holder writes off his whole record."""
    return 0 if sum(1 for c in hand if c.rank is Rank.ACE) == 4 else record


@implements("rams.special.rams")
def rams_show(hands: list[list[Card]], records: list[int], others_write: int = 0,
              seats: list[int] | None = None) -> tuple[int | None, list[int]]:
    """Who shows a Rams, and the change to each seat's record: the holder
    writes off his whole record; every other player in the deal writes
    ``others_write``: nothing (the ``nothing`` reading) or 5 up (``five-up``, as for five
    of a suit: the four aces being in one hand, no one else has an ace to pay for).

    >>> from engine.cards import parse_cards
    >>> rams_show([parse_cards("AS AH AD AC 7H"), parse_cards("KS 7C")], [40, 60], 5)
    (0, [-40, 5])
    """
    return _rams_show(hands, records, others_write, seats)


def _rams_show(hands: list[list[Card]], records: list[int], others_write: int,
               seats: list[int] | None) -> tuple[int | None, list[int]]:
    """:func:`rams_show` with what the others write up given as ``others_write``."""
    seats = list(range(len(hands))) if seats is None else seats
    shower = next((s for s in seats if rams_hand(hands[s], records[s]) == 0), None)
    changes = [0] * len(hands)
    if shower is None:
        return None, changes
    for s in seats:
        changes[s] = -records[s] if s == shower else others_write
    return shower, changes


@implements("rams.variant.jacks", "rams.jacks.value", "rams.jacks.cancelled")
def jacks_value(hand: list[Card], jacks: bool = True, cancelled: bool = False) -> int:
    """Jack variant (``jacks``): two black or two red jacks are worth 5, all four 10;
    nothing in plain Рамс, or when another showed five of a suit or a Rams."""
    if not jacks or cancelled:
        return 0
    return _jacks_worth(hand)


@implements("rams.jacks.value")
def _jacks_worth(hand: list[Card]) -> int:
    """What a hand's jacks are worth in the jack variant: a pair of a colour 5, all four 10."""
    count, pairs = jacks_held(hand)
    if count == 4:
        return 10
    return 5 if pairs else 0


@implements("rams.jacks.at-discard")
def jacks_at_discard(dealt: list[Card], bought: list[Card], jacks: bool = True) -> int:
    """Jacks are shown and written off at the discard, from the hand as dealt
    (cards bought do not make a pair)."""
    return jacks_value(dealt, jacks)


@implements("rams.jacks.finish")
def jacks_finish(record: int, hand: list[Card], jacks: bool = True) -> bool:
    """A player whose record is no more than his jacks' value may show them
    and end the game without play, its winner."""
    return _jacks_finish(record, jacks_value(hand, jacks))


@implements("rams.jacks.finish")
def _jacks_finish(record: int, value: int) -> bool:
    return value > 0 and record <= value


@implements("rams.buy.dealer-takes-turned")
def dealer_takes_turned(hand: list[Card], turned: Card, give: Card, passed: bool,
                        seat: int | None = None) -> list[Card]:
    """The dealer, if he plays, may after his buying exchange a card of his
    hand for the turned trump (the trump suit stays)."""
    action = Action("exchange", give)
    if passed:
        raise IllegalActionError("rams.buy.dealer-takes-turned", action,
                                 Text("the dealer passed: he cannot take the trump"), seat)
    if give not in hand:
        raise IllegalActionError("rams.buy.dealer-takes-turned", action, Text("{} is not in the dealer's hand", give),
                                 seat)
    return [c for c in hand if c is not give] + [turned]


@implements("rams.buy.exposed-card")
def exposed_buy(stock: list[Card], need: int, refuse: bool) -> tuple[list[Card], list[Card], list[Card]]:
    """A card of the buy exposed by the dealer may be refused: it is laid aside
    and the next given.  Returns (received, set aside, stock left).  (The
    engine's dealer exposes nothing; the rule is kept with its examples.)"""
    if refuse and stock:
        return stock[1:1 + need], stock[:1], stock[1 + need:]
    return stock[:need], [], stock[need:]


@implements("rams.play.revoke")
def revoke(tricks: list[int], offender: int, rightful: int) -> tuple[list[int], list[int]]:
    """A trick won by a wrong card goes to the player who should have won it;
    the offender writes up 5 and none of his tricks count.  (The engine refuses
    a wrong card, so a revoke cannot happen in its games.)"""
    result = list(tricks)
    if result[offender] > 0:
        result[rightful] += 1
        result[offender] -= 1
    penalty = [0] * len(tricks)
    penalty[offender] = 5
    result[offender] = 0
    return result, penalty


@implements("rams.setup.players")
@dataclass(frozen=True)
class RamsRules(LooVariant):
    """The rules of Рамс: each option once, a contested rule's field holding what its
    reading means to the rule code.

    >>> RamsRules.from_options(start_record="two-hundred").start_record, RamsRules().to_json()["start_record"]
    (200, 'hundred')
    """

    game_id = GAME_ID
    RULES: ClassVar[LooRules] = RULES

    players: int = number(4, rule="rams.setup.players", values=(3, 4, 5, 6, 7), doc="Number of players.")
    ace_duty: AceDuty = reading("rams.bid.ace-may-not-pass", {"any-ace": ANY_ACE, "trump-ace": _TRUMP_ACE,
                                                              "ace-of-spades": _SPADE_ACE})
    """The aces received in the deal that forbid passing."""
    trump_ace: Constraint = reading("rams.play.trump-ace-cover", {"led": _cover_led, "in-trick": _cover_in_trick})
    """The kernel constraint of the trump ace."""
    five_of_a_suit_others: Callable[[list[Card]], int] = reading("rams.special.five-of-a-suit", {
        "ace-values": _five_and_ace_values, "flat": _five_flat, "five-per-ace": _five_per_ace})
    """What each other player writes up, given his aces, when a player shows five of a suit."""
    rams_others: int = reading("rams.special.rams", {"nothing": 0, "five-up": 5})
    """What each other player still in the deal writes up when a player shows a Rams."""
    start_record: int = reading("rams.score.start", {"hundred": 100, "hundred-fifty": 150, "two-hundred": 200})
    """The record every player starts from."""
    jacks: bool = reading("rams.variant.jacks", {"plain": False, "jacks": True})
    """Whether the jack variant is played."""
    jacks_spare: bool = reading("rams.jacks.no-trick", {"no-penalty": True, "offset": False})
    """Whether jacks shown spare their holder the 5 of a blank (two jacks; four write 5 'in plus')."""
    stake: int = number(1, rule="rams.settle.remaining-records",
                        doc="What one point of a record is worth in the settlement.")
    MIN_PLAYERS: ClassVar[int] = 3
    MAX_PLAYERS: ClassVar[int] = 7
