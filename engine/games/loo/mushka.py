"""Мушка (Розалиев, «Карточные игры России», No. 52): what it adds to the loo skeleton.

Two to six players; 32 cards for three or four, 52 for more; a record of 25;
the holder of the ace of spades may not pass, and the ace writes off 5 more
(10 when spades are trumps) with a trick, or costs 10 without one (by the
other reading, 5 and the ace's value: 15 when spades are trumps); taking
more tricks than the record needed starts it again.  Everything else is the
shared skeleton of :mod:`engine.games.loo.state`.

>>> state = SPEC.new_game({"players": 4}, seed=2)
>>> len(state.pack), state.records
(32, [25, 25, 25, 25])
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import ClassVar

from engine.cards import Card, Rank, Suit, deck_32, deck_52, format_cards
from engine.game import GameSpec
from engine.i18n import N_, Text
from engine.games.loo.state import LooState
from engine.games.loo.rules import TRICKS_PER_DEAL, LooRules, LooVariant, one_suit, settlement
from engine.games.loo.rules import five_of, tricks_word
from engine.readings import number, reading
from engine.rules import implements
from engine.tricks import SUIT_ELSE_TRUMP, PlayRule, Strength

__all__ = ["MushkaRules", "MushkaState", "SPEC", "RULES", "ACE_OF_SPADES", "mushka_pack", "may_pass",
           "ace_of_spades_strength", "ace_of_spades_bonus", "ace_of_spades_penalty", "deal_score", "five_of_a_suit"]

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


@implements("mushka.setup.deck")
def mushka_pack(players: int, pack_for_two: Callable[[], list[Card]] = deck_32) -> list[Card]:
    """32 cards (seven to ace) for three or four players, 52 for five or six;
    for two, ``pack_for_two`` (by the reading of ``setup.deck``)."""
    if players == 2:
        return pack_for_two()
    return deck_32() if players in (3, 4) else deck_52()


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


@implements("mushka.score.ace-of-spades-bonus")
def ace_of_spades_bonus(trump: Suit) -> int:
    """What the ace of spades writes off with a trick: 5, or 10 when spades are trumps."""
    return 10 if trump is Suit.SPADES else 5


@implements("mushka.score.ace-of-spades-penalty")
def ace_of_spades_penalty(trump: Suit, five_plus_ace: bool = False) -> int:
    """What the holder of the ace of spades writes up when he takes no trick,
    in place of the ordinary 5: 10 whatever the trumps (the ``ten`` reading),
    or 5 and the ace's value, as in Рамс (``five_plus_ace``, the ``five-plus-ace``
    reading: 10, or 15 when spades are trumps).

    >>> ace_of_spades_penalty(Suit.SPADES), ace_of_spades_penalty(Suit.SPADES, five_plus_ace=True)
    (10, 15)
    """
    return _ace_of_spades_penalty(trump, five_plus_ace)


def _ace_of_spades_penalty(trump: Suit, five_plus_ace: bool) -> int:
    return 5 + ace_of_spades_bonus(trump) if five_plus_ace else 10


@implements("mushka.score.trick", "mushka.score.no-trick", "mushka.end.overshoot")
def deal_score(record: int, tricks: int, ace_of_spades: bool, trump: Suit, played: bool = True,
               per_surplus_trick: bool = False, five_plus_ace: bool = False) -> list[tuple[int, str, Text]]:
    """One player's entries ``(points, rule, why)`` for a deal: each trick
    writes off one; no trick adds 5 (with the ace of spades, its penalty by
    ``five_plus_ace``, the reading of ``score.ace-of-spades-penalty``); the ace of
    spades with a trick writes off 5 more (10 when spades are trumps); tricks
    beyond the record restart it at 25 with its penalty (5 for each surplus trick
    by ``per_surplus_trick``, the reading of ``end.overshoot``); a record that the
    ace's bonus alone would take below nothing ends at nothing.

    >>> sum(p for p, _, _ in deal_score(20, 1, True, Suit.SPADES))
    -11
    """
    return _deal_score(record, tricks, ace_of_spades, trump, played, per_surplus_trick, five_plus_ace)


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


@implements("mushka.setup.players")
@dataclass(frozen=True)
class MushkaRules(LooVariant):
    """The rules of Мушка: each option once, a contested rule's field holding what its
    reading means to the rule code.

    >>> MushkaRules.from_options(ace_of_spades_penalty="five-plus-ace").five_plus_ace
    True
    """

    game_id = GAME_ID
    RULES: ClassVar[LooRules] = RULES

    players: int = number(4, rule="mushka.setup.players", values=(2, 3, 4, 5, 6), doc="Number of players.")
    pack_for_two: Callable[[], list[Card]] = reading("mushka.setup.deck", {"thirty-two": deck_32,
                                                                          "fifty-two": deck_52})
    """The pack of two players."""
    ace_strength: Strength | None = reading("mushka.play.ace-of-spades-power", {
        "ordinary": None, "beats-trump-ace": ace_of_spades_strength})
    """The kernel strength hook of the ace of spades (none when it is an ordinary spade)."""
    five_plus_ace: bool = reading("mushka.score.ace-of-spades-penalty", {"ten": False, "five-plus-ace": True})
    """Whether the ace of spades without a trick costs 5 and the ace's value (rather than 10)."""
    per_surplus_trick: bool = reading("mushka.end.overshoot", {"once": False, "per-surplus-trick": True})
    """Whether taking too many tricks costs 5 for each surplus trick (rather than 5 once)."""
    five_wins_game: bool | None = reading("mushka.special.five-of-a-suit", {"off": None, "wins-game": True,
                                                                            "wins-deal": False})
    """Whether five of a suit shown wins the game (``True``) or the deal (``False``), or counts
    for nothing (``None``) (Памфил's rule of the same readings, in Памфил)."""
    fixed_sum: bool = reading("mushka.settle.systems", {"points": False, "fixed": True})
    """Whether each loser pays the agreed sum (rather than his record times the stake)."""
    stake: int = number(1, rule="mushka.settle.systems", doc="What one point of a record is worth in the settlement.")
    agreed_sum: int = number(25, rule="mushka.settle.systems",
                             doc="The sum each loser pays under the agreed-sum settlement.")
    MIN_PLAYERS: ClassVar[int] = 2
    MAX_PLAYERS: ClassVar[int] = 6
    WHOLE_NUMBERS = {"stake": (0, None), "agreed_sum": (0, None)}


class MushkaState(LooState):
    """A game of Мушка."""

    game_id = GAME_ID
    variant: MushkaRules
    RULES = RULES
    params: MushkaRules

    def make_pack(self) -> list[Card]:
        return mushka_pack(self.variant.players, self.params.pack_for_two)

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
    min_players=MushkaRules.MIN_PLAYERS,
    max_players=MushkaRules.MAX_PLAYERS,
    variant_class=MushkaRules,
    state_class=MushkaState,
    summary=("The Russian loo: five cards, a turned trump, pass, stand or buy; each trick writes one off a record "
             "of 25, a blank adds five, and the ace of spades may not pass."),
    measures="engine.games.loo.measures:MushkaMeasures",
    examples="engine.games.loo.examples:RUNNERS",
    seen="engine.games.loo.seen:LooSeen",
    order=4,
    bench_players=4,
)
