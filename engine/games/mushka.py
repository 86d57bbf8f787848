"""Мушка (Розалиев, «Карточные игры России», No. 52): what it adds to the loo skeleton.

Two to six players; 32 cards for three or four, 52 for more; a record of 25;
the holder of the ace of spades may not pass, and the ace writes off 5 more
(10 when spades are trumps) with a trick, or costs 10 without one (by the
other reading, 5 and the ace's value: 15 when spades are trumps); taking
more tricks than the record needed starts it again.  Everything else is the
shared skeleton of :mod:`engine.games.loo`.

>>> state = SPEC.new_game({"players": 4}, seed=2)
>>> len(state.pack), state.records
(32, [25, 25, 25, 25])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.cards import Card, Rank, Suit, deck_32, deck_52, format_cards
from engine.game import GameSpec, Option
from engine.i18n import N_, Text
from engine.games.loo import LooState
from engine.games.loo_rules import TRICKS_PER_DEAL, LooRules, LooVariant, one_suit, settlement
from engine.games.loo_rules import five_of, tricks_word
from engine.readings import Readings
from engine.rules import implements
from engine.tricks import SUIT_ELSE_TRUMP, PlayRule, Strength

__all__ = ["MushkaVariant", "MushkaParams", "MushkaState", "SPEC", "RULES", "ACE_OF_SPADES", "mushka_pack", "may_pass",
           "ace_of_spades_strength", "ace_of_spades_bonus", "ace_of_spades_penalty", "deal_score", "five_of_a_suit",
           "PACK_FOR_TWO", "ACE_OF_SPADES_POWER", "FIVE_PLUS_ACE", "PER_SURPLUS_TRICK", "FIVE_WINS_GAME", "FIXED_SUM"]

GAME_ID = "mushka"
ACE_OF_SPADES = Card(Rank.ACE, Suit.SPADES)
START = 25

RULES = LooRules(
    game=GAME_ID,
    players="mushka.setup.players",
    deck="mushka.setup.deck",
    seats="mushka.setup.seats",
    first_dealer="mushka.setup.first-dealer",
    rotation="mushka.deal.rotation",
    deal="mushka.deal.five-singly",
    trump="mushka.deal.turned-trump",
    bid="mushka.bid.options",
    order="mushka.bid.order",
    must_play="mushka.bid.ace-of-spades-must-play",
    discard="mushka.buy.discard-first",
    stock_limit="mushka.buy.stock-limit",
    all_pass="mushka.bid.all-pass",
    lead="mushka.play.lead",
    follow="mushka.play.follow-else-trump",
    free="mushka.play.free-discard",
    winner="mushka.play.trick-winner",
    start="mushka.score.start",
    trick="mushka.score.trick",
    no_trick="mushka.score.no-trick",
    end="mushka.end.winner",
    tie="mushka.end.tie",
    misdeal="mushka.deal.misdeal",
    settle="mushka.settle.systems",
)


# the contested rules: each option's values, default and description are the catalogue's readings
_TWO_PLAYER_PACK = Option.from_rule("mushka.setup.deck", "two_player_pack")
_ACE_OF_SPADES_POWER = Option.from_rule("mushka.play.ace-of-spades-power", "ace_of_spades_power")
_ACE_OF_SPADES_PENALTY = Option.from_rule("mushka.score.ace-of-spades-penalty", "ace_of_spades_penalty")
_OVERSHOOT_PENALTY = Option.from_rule("mushka.end.overshoot", "overshoot_penalty")
_FIVE_OF_A_SUIT = Option.from_rule("mushka.special.five-of-a-suit", "five_of_a_suit")
_SETTLEMENT = Option.from_rule("mushka.settle.systems", "settlement")


@implements("mushka.setup.players")
@dataclass(frozen=True)
class MushkaVariant(LooVariant):
    """The options of Мушка (each contested one the reading of a rule)."""

    game_id = GAME_ID
    RULES: ClassVar[LooRules] = RULES

    players: int = 4
    two_player_pack: str = _TWO_PLAYER_PACK.default
    ace_of_spades_power: str = _ACE_OF_SPADES_POWER.default
    ace_of_spades_penalty: str = _ACE_OF_SPADES_PENALTY.default
    overshoot_penalty: str = _OVERSHOOT_PENALTY.default
    five_of_a_suit: str = _FIVE_OF_A_SUIT.default
    settlement: str = _SETTLEMENT.default
    stake: int = 1
    agreed_sum: int = 25

    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("players", int, 4, (2, 3, 4, 5, 6), "Number of players.", "mushka.setup.players"),
        _TWO_PLAYER_PACK, _ACE_OF_SPADES_POWER, _ACE_OF_SPADES_PENALTY, _OVERSHOOT_PENALTY, _FIVE_OF_A_SUIT,
        _SETTLEMENT,
        Option("stake", int, 1, None, "What one point of a record is worth in the settlement.",
               "mushka.settle.systems"),
        Option("agreed_sum", int, 25, None, "The sum each loser pays under the agreed-sum settlement.",
               "mushka.settle.systems"),
    )
    MIN_PLAYERS: ClassVar[int] = 2
    MAX_PLAYERS: ClassVar[int] = 6
    WHOLE_NUMBERS = {"stake": (0, None), "agreed_sum": (0, None)}


@implements("mushka.setup.deck")
def mushka_pack(players: int, two_player_pack: str = _TWO_PLAYER_PACK.default) -> list[Card]:
    """32 cards (seven to ace) for three or four players, 52 for five or six;
    for two, by the ``two_player_pack`` reading."""
    for_two = PACK_FOR_TWO[two_player_pack]
    if players == 2:
        return for_two()
    return deck_32() if players in (3, 4) else deck_52()


PACK_FOR_TWO: Readings[Callable[[], list[Card]]] = Readings(_TWO_PLAYER_PACK, {"thirty-two": deck_32,
                                                                               "fifty-two": deck_52})
"""The pack of two players, by the reading of ``setup.deck``."""


@implements("mushka.bid.ace-of-spades-must-play")
def may_pass(hand: list[Card]) -> bool:
    """The holder of the ace of spades may not pass, whatever his other cards."""
    return ACE_OF_SPADES not in hand


@implements("mushka.play.ace-of-spades-power")
def ace_of_spades_strength(card: Card, position: int, trick: Sequence[Card], trump: Suit | None) -> int | None:
    """Under the 'beats-trump-ace' reading: the ace of spades played to a
    trick another player led beats the ace of trumps, and only that card (a
    kernel strength hook: one above the trump ace when it lies in the trick)."""
    if card is ACE_OF_SPADES and position > 0 and trump is not None and trump is not Suit.SPADES:
        if Card(Rank.ACE, trump) in trick:
            return 200 + 14 + 1
    return None


ACE_OF_SPADES_POWER: Readings[Strength | None] = Readings(_ACE_OF_SPADES_POWER, {
    "ordinary": None, "beats-trump-ace": ace_of_spades_strength})
"""The kernel strength hook of the ace of spades (none when it is an ordinary
spade), by the reading of ``play.ace-of-spades-power``."""


@implements("mushka.score.ace-of-spades-bonus")
def ace_of_spades_bonus(trump: Suit) -> int:
    """What the ace of spades writes off with a trick: 5, or 10 when spades are trumps."""
    return 10 if trump is Suit.SPADES else 5


@implements("mushka.score.ace-of-spades-penalty")
def ace_of_spades_penalty(trump: Suit, reading: str = _ACE_OF_SPADES_PENALTY.default) -> int:
    """What the holder of the ace of spades writes up when he takes no trick,
    in place of the ordinary 5: 10 whatever the trumps (the ``ten`` reading),
    or 5 and the ace's value, as in Рамс (``five-plus-ace``: 10, or 15 when
    spades are trumps).

    >>> ace_of_spades_penalty(Suit.SPADES), ace_of_spades_penalty(Suit.SPADES, "five-plus-ace")
    (10, 15)
    """
    return _ace_of_spades_penalty(trump, FIVE_PLUS_ACE[reading])


FIVE_PLUS_ACE: Readings[bool] = Readings(_ACE_OF_SPADES_PENALTY, {"ten": False, "five-plus-ace": True})
"""Whether the ace of spades without a trick costs 5 and the ace's value
(rather than 10), by the reading of ``score.ace-of-spades-penalty``."""


def _ace_of_spades_penalty(trump: Suit, five_plus_ace: bool) -> int:
    return 5 + ace_of_spades_bonus(trump) if five_plus_ace else 10


@implements("mushka.score.trick", "mushka.score.no-trick", "mushka.end.overshoot")
def deal_score(record: int, tricks: int, ace_of_spades: bool, trump: Suit, played: bool = True,
               overshoot_penalty: str = _OVERSHOOT_PENALTY.default,
               ace_penalty: str = _ACE_OF_SPADES_PENALTY.default) -> list[tuple[int, str, Text]]:
    """One player's entries ``(points, rule, why)`` for a deal: each trick
    writes off one; no trick adds 5 (with the ace of spades, its penalty by
    the ``ace_penalty`` reading); the ace of spades with a trick writes off 5
    more (10 when spades are trumps); tricks beyond the record restart it at
    25 with its penalty; a record that the ace's bonus alone would take below
    nothing ends at nothing.

    >>> sum(p for p, _, _ in deal_score(20, 1, True, Suit.SPADES))
    -11
    """
    return _deal_score(record, tricks, ace_of_spades, trump, played, PER_SURPLUS_TRICK[overshoot_penalty],
                       FIVE_PLUS_ACE[ace_penalty])


PER_SURPLUS_TRICK: Readings[bool] = Readings(_OVERSHOOT_PENALTY, {"once": False, "per-surplus-trick": True})
"""Whether taking too many tricks costs 5 for each surplus trick (rather than
5 once), by the reading of ``end.overshoot``."""


def _deal_score(record: int, tricks: int, ace_of_spades: bool, trump: Suit, played: bool, per_surplus_trick: bool,
                five_plus_ace: bool) -> list[tuple[int, str, Text]]:
    """:func:`deal_score` by the parameters of its two readings."""
    if not played:
        return []
    if tricks == 0:
        if ace_of_spades:
            penalty = _ace_of_spades_penalty(trump, five_plus_ace)
            if not five_plus_ace:
                why = Text("held the ace of spades and took no trick")
            elif trump is Suit.SPADES:
                why = Text("held the ace of spades and took no trick (5 and the ace's {}, spades are trumps)", penalty - 5)
            else:
                why = Text("held the ace of spades and took no trick (5 and the ace's {})", penalty - 5)
            return [(penalty, "mushka.score.ace-of-spades-penalty", why)]
        return [(5, "mushka.score.no-trick", Text("took no trick"))]
    entries = [(-tricks, "mushka.score.trick", tricks_word(tricks))]
    left = record - tricks
    if left < 0:
        surplus = -left
        restart = START + (5 * surplus if per_surplus_trick else 5)
        entries.append((restart - left, "mushka.end.overshoot",
                        Text(_OVERSHOOT, surplus, START, restart - START, plural=(_OVERSHOOT_MANY, surplus))))
        return entries
    if ace_of_spades:
        bonus = ace_of_spades_bonus(trump)
        entries.append((-bonus, "mushka.score.ace-of-spades-bonus",
                        Text("the ace of spades with a trick (spades are trumps)") if bonus == 10
                        else Text("the ace of spades with a trick")))
        if left - bonus < 0:
            entries.append((bonus - left, "mushka.end.overshoot",
                            Text("the ace's bonus takes the record no lower than nothing")))
    return entries


_OVERSHOOT = N_("{} trick more than the record needed: it starts again at {} with {} penalty")
_OVERSHOOT_MANY = "{} tricks more than the record needed: it starts again at {} with {} penalty"


@implements("mushka.special.five-of-a-suit", "pamphil.special.five-of-a-suit")
def five_of_a_suit(hand: list[Card]) -> bool:
    """Five cards of one suit (the pamphil counts as the club it is)."""
    return one_suit(hand)


FIVE_WINS_GAME: Readings[bool | None] = Readings(_FIVE_OF_A_SUIT, {"off": None, "wins-game": True,
                                                                   "wins-deal": False})
"""Whether five of a suit shown wins the game (``True``) or the deal
(``False``), or counts for nothing (``None``), by the reading of
``special.five-of-a-suit`` (Памфил's rule of the same readings, in Памфил)."""

FIXED_SUM: Readings[bool] = Readings(_SETTLEMENT, {"points": False, "fixed": True})
"""Whether each loser pays the agreed sum (rather than his record times the
stake), by the reading of ``settle.systems``."""


@dataclass(frozen=True)
class MushkaParams:
    """What a variant of Мушка fixes, read once at construction: the ace of
    spades' strength hook, whether its penalty is 5 and its value, whether
    too many tricks cost 5 each, what five of a suit wins, and whether the
    settlement is the agreed sum."""

    ace_strength: Strength | None
    five_plus_ace: bool
    per_surplus_trick: bool
    five_wins_game: bool | None
    fixed_sum: bool

    @classmethod
    def of(cls, variant: MushkaVariant) -> MushkaParams:
        return cls(ACE_OF_SPADES_POWER.of(variant), FIVE_PLUS_ACE.of(variant), PER_SURPLUS_TRICK.of(variant),
                   FIVE_WINS_GAME.of(variant), FIXED_SUM.of(variant))


class MushkaState(LooState):
    """A game of Мушка."""

    game_id = GAME_ID
    variant: MushkaVariant
    RULES = RULES
    params: MushkaParams

    @classmethod
    def parameters(cls, variant: Any) -> MushkaParams:
        return MushkaParams.of(variant)

    def make_pack(self) -> list[Card]:
        return mushka_pack(self.variant.players, self.variant.two_player_pack)

    @implements("mushka.score.start")
    def starting_record(self) -> int:
        """Each player writes down 25."""
        return START

    def play_rule(self) -> PlayRule:
        return PlayRule(SUIT_ELSE_TRUMP, strength=self.strength_hook())

    def strength_hook(self) -> Strength | None:
        return self.params.ace_strength

    def may_pass(self, seat: int) -> bool:
        return may_pass(self.hands[seat])  # the hand he holds when he declares (the bidding precedes the buying)

    def must_play_reason(self, seat: int) -> Text:
        return Text("he holds the ace of spades")

    def before_play(self) -> None:
        self.ace_holder = next((s for s in self.active if ACE_OF_SPADES in self.hands[s]), None)
        super().before_play()

    def shows(self) -> bool:
        wins_game = self.params.five_wins_game
        if wins_game is None:
            return False
        rule = type(self.variant).option("five_of_a_suit").rule
        for seat in self.active:
            hand = self.hands[seat]
            if not five_of_a_suit(hand):
                continue
            self.show(seat, "five-of-a-suit", hand, None, rule)
            if wins_game:
                five = five_of(hand[0].suit)
                self.write(seat, -self.records[seat], rule, Text("{} shown: he wins the game", five))
                self._close_sheet()
                self._end([seat], Text("seat {} showed {} and won the game", seat, five), by=rule)
                return True
            self.tricks[seat] = TRICKS_PER_DEAL
            self._say(rule, seat, N_("Seat {} shows {} ({}) and takes the deal's five tricks without play."),
                      seat, five_of(hand[0].suit), format_cards(hand, symbols=True))
            for points, entry_rule, why in self.deal_entries(seat):
                self.write(seat, points, entry_rule, why)
            self._close_sheet()
            self._end_or_next()
            return True
        return False

    def deal_entries(self, seat: int) -> list[tuple[int, str, Text]]:
        held = getattr(self, "ace_holder", None) == seat
        params = self.params
        return _deal_score(self.records[seat], self.tricks[seat], held, self.trump, True, params.per_surplus_trick,
                           params.five_plus_ace)

    def settlement(self) -> list[int | float]:
        v = self.variant
        return settlement(self.records, v.stake, v.agreed_sum if self.params.fixed_sum else None)

    # ----- a sensible player -----
    def no_trick_cost(self, seat: int) -> int:
        if ACE_OF_SPADES in self.hands[seat]:
            return _ace_of_spades_penalty(self.trump, self.params.five_plus_ace)
        return 5

    def tricks_wanted(self, seat: int) -> int:
        return min(TRICKS_PER_DEAL, self.records[seat])

    def keep_card(self, seat: int, card: Card) -> bool:
        return card is ACE_OF_SPADES or super().keep_card(seat, card)


SPEC = GameSpec(
    id=GAME_ID,
    name="Mushka",
    min_players=MushkaVariant.MIN_PLAYERS,
    max_players=MushkaVariant.MAX_PLAYERS,
    variant_class=MushkaVariant,
    state_class=MushkaState,
    summary=("The Russian loo: five cards, a turned trump, pass, stand or buy; each trick writes one off a record "
             "of 25, a blank adds five, and the ace of spades may not pass."),
    measures="engine.games.loo_measures:MushkaMeasures",
    examples="engine.games.loo_examples:RUNNERS",
    seen="engine.games.loo_seen:LooSeen",
    order=4,
    bench_players=4,
)
