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

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from engine.cards import Card, Rank, Suit, deck_32, deck_52, format_cards
from engine.game import GameSpec, Option
from engine.games.loo import TRICKS_PER_DEAL, LooRules, LooState, LooVariant, one_suit, settlement
from engine.rules import implements
from engine.tricks import SUIT_ELSE_TRUMP, PlayRule, Strength

__all__ = ["MushkaVariant", "MushkaState", "SPEC", "RULES", "ACE_OF_SPADES", "mushka_pack", "may_pass",
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


@implements("mushka.setup.players")
@dataclass(frozen=True)
class MushkaVariant(LooVariant):
    """The options of Мушка (each contested one the reading of a rule)."""

    game_id = GAME_ID
    RULES: ClassVar[LooRules] = RULES

    players: int = 4
    two_player_pack: str = "thirty-two"
    ace_of_spades_power: str = "ordinary"
    ace_of_spades_penalty: str = "ten"
    overshoot_penalty: str = "once"
    five_of_a_suit: str = "off"
    settlement: str = "points"
    stake: int = 1
    agreed_sum: int = 25

    OPTIONS: ClassVar[tuple[Option, ...]] = (
        Option("players", int, 4, (2, 3, 4, 5, 6), "Number of players.", "mushka.setup.players"),
        Option("two_player_pack", str, "thirty-two", ("thirty-two", "fifty-two"),
               "The pack for two players: 32 cards, or the full 52.", "mushka.setup.deck"),
        Option("ace_of_spades_power", str, "ordinary", ("ordinary", "beats-trump-ace"),
               "The ace of spades is an ordinary spade, or (some companies) beats the trump ace on another's lead.",
               "mushka.play.ace-of-spades-power"),
        Option("ace_of_spades_penalty", str, "ten", ("ten", "five-plus-ace"),
               "The holder of the ace of spades who takes no trick writes up 10, whatever the trumps; or 5 and the "
               "ace's value, 10, or 15 when spades are trumps.",
               "mushka.score.ace-of-spades-penalty"),
        Option("overshoot_penalty", str, "once", ("once", "per-surplus-trick"),
               "Taking more tricks than the record needed: restart at 25 + 5, or 25 + 5 for each surplus trick.",
               "mushka.end.overshoot"),
        Option("five_of_a_suit", str, "off", ("off", "wins-game", "wins-deal"),
               "Five cards of one suit after the buying (some companies): nothing, win the game, or win the deal.",
               "mushka.special.five-of-a-suit"),
        Option("settlement", str, "points", ("points", "fixed"),
               "Each loser pays the winner his remaining record times the stake, or the agreed sum.",
               "mushka.settle.systems"),
        Option("stake", int, 1, None, "What one point of a record is worth in the settlement.",
               "mushka.settle.systems"),
        Option("agreed_sum", int, 25, None, "The sum each loser pays under the agreed-sum settlement.",
               "mushka.settle.systems"),
    )
    MIN_PLAYERS: ClassVar[int] = 2
    MAX_PLAYERS: ClassVar[int] = 6
    WHOLE_NUMBERS = {"stake": (0, None), "agreed_sum": (0, None)}


@implements("mushka.setup.deck")
def mushka_pack(players: int, two_player_pack: str = "thirty-two") -> list[Card]:
    """32 cards (seven to ace) for three or four players, 52 for five or six;
    for two, by the ``two_player_pack`` reading."""
    if players in (3, 4) or (players == 2 and two_player_pack == "thirty-two"):
        return deck_32()
    return deck_52()


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
def ace_of_spades_penalty(trump: Suit, reading: str = "ten") -> int:
    """What the holder of the ace of spades writes up when he takes no trick,
    in place of the ordinary 5: 10 whatever the trumps (the ``ten`` reading),
    or 5 and the ace's value, as in Рамс (``five-plus-ace``: 10, or 15 when
    spades are trumps).

    >>> ace_of_spades_penalty(Suit.SPADES), ace_of_spades_penalty(Suit.SPADES, "five-plus-ace")
    (10, 15)
    """
    if reading == "five-plus-ace":
        return 5 + ace_of_spades_bonus(trump)
    return 10


@implements("mushka.score.trick", "mushka.score.no-trick", "mushka.end.overshoot")
def deal_score(record: int, tricks: int, ace_of_spades: bool, trump: Suit, played: bool = True,
               overshoot_penalty: str = "once", ace_penalty: str = "ten") -> list[tuple[int, str, str]]:
    """One player's entries ``(points, rule, why)`` for a deal: each trick
    writes off one; no trick adds 5 (with the ace of spades, its penalty by
    the ``ace_penalty`` reading); the ace of spades with a trick writes off 5
    more (10 when spades are trumps); tricks beyond the record restart it at
    25 with its penalty; a record that the ace's bonus alone would take below
    nothing ends at nothing.

    >>> sum(p for p, _, _ in deal_score(20, 1, True, Suit.SPADES))
    -11
    """
    if not played:
        return []
    if tricks == 0:
        if ace_of_spades:
            penalty = ace_of_spades_penalty(trump, ace_penalty)
            why = "held the ace of spades and took no trick"
            if ace_penalty == "five-plus-ace":
                why += f" (5 and the ace's {penalty - 5}{', spades are trumps' if trump is Suit.SPADES else ''})"
            return [(penalty, "mushka.score.ace-of-spades-penalty", why)]
        return [(5, "mushka.score.no-trick", "took no trick")]
    entries = [(-tricks, "mushka.score.trick", f"{tricks} trick{'s' if tricks != 1 else ''}")]
    left = record - tricks
    if left < 0:
        surplus = -left
        restart = START + (5 * surplus if overshoot_penalty == "per-surplus-trick" else 5)
        entries.append((restart - left, "mushka.end.overshoot",
                        f"{surplus} trick{'s' if surplus != 1 else ''} more than the record needed: "
                        f"it starts again at {START} with {restart - START} penalty"))
        return entries
    if ace_of_spades:
        bonus = ace_of_spades_bonus(trump)
        entries.append((-bonus, "mushka.score.ace-of-spades-bonus",
                        f"the ace of spades with a trick{' (spades are trumps)' if bonus == 10 else ''}"))
        if left - bonus < 0:
            entries.append((bonus - left, "mushka.end.overshoot",
                            "the ace's bonus takes the record no lower than nothing"))
    return entries


@implements("mushka.special.five-of-a-suit", "pamphil.special.five-of-a-suit")
def five_of_a_suit(hand: list[Card]) -> bool:
    """Five cards of one suit (the pamphil counts as the club it is)."""
    return one_suit(hand)


class MushkaState(LooState):
    """A game of Мушка."""

    game_id = GAME_ID
    variant: MushkaVariant
    RULES = RULES

    def make_pack(self) -> list[Card]:
        return mushka_pack(self.variant.players, self.variant.two_player_pack)

    @implements("mushka.score.start")
    def starting_record(self) -> int:
        """Each player writes down 25."""
        return START

    def play_rule(self) -> PlayRule:
        return PlayRule(SUIT_ELSE_TRUMP, strength=self.strength_hook())

    def strength_hook(self) -> Strength | None:
        return ace_of_spades_strength if self.variant.ace_of_spades_power == "beats-trump-ace" else None

    def may_pass(self, seat: int) -> bool:
        return may_pass(self.hands[seat])  # the hand he holds when he declares (the bidding precedes the buying)

    def must_play_reason(self, seat: int) -> str:
        return "he holds the ace of spades"

    def _before_play(self) -> None:
        self.ace_holder = next((s for s in self.active if ACE_OF_SPADES in self.hands[s]), None)
        super()._before_play()

    def shows(self) -> bool:
        if self.variant.five_of_a_suit == "off":
            return False
        rule = type(self.variant).option("five_of_a_suit").rule
        for seat in self.active:
            hand = self.hands[seat]
            if not five_of_a_suit(hand):
                continue
            self.show(seat, "five-of-a-suit", hand, None, rule)
            if self.variant.five_of_a_suit == "wins-game":
                self.write(seat, -self.records[seat], rule, f"five {hand[0].suit.name_en} shown: he wins the game")
                self._close_sheet()
                self._end([seat], f"seat {seat} showed five {hand[0].suit.name_en} and won the game")
                return True
            self.tricks[seat] = TRICKS_PER_DEAL
            self._say(rule, seat, "Seat {} shows five {} ({}) and takes the deal's five tricks without play.",
                      seat, hand[0].suit.name_en, format_cards(hand, symbols=True))
            for points, entry_rule, why in self.deal_entries(seat):
                self.write(seat, points, entry_rule, why)
            self._close_sheet()
            self._end_or_next()
            return True
        return False

    def deal_entries(self, seat: int) -> list[tuple[int, str, str]]:
        held = getattr(self, "ace_holder", None) == seat
        return deal_score(self.records[seat], self.tricks[seat], held, self.trump, True,
                          self.variant.overshoot_penalty, self.variant.ace_of_spades_penalty)

    def settlement(self) -> list[int | float]:
        v = self.variant
        return settlement(self.records, v.stake, v.settlement, v.agreed_sum)

    # ----- a sensible player -----
    def no_trick_cost(self, seat: int) -> int:
        if ACE_OF_SPADES in self.hands[seat]:
            return ace_of_spades_penalty(self.trump, self.variant.ace_of_spades_penalty)
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
)
