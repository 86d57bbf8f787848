"""Рамс (Розалиев, No. 53): what it adds to the loo skeleton.

Three to seven players; 52 cards for four or more, 32 for three; a record of
100, 150 or 200; whoever received an ace may not pass; the dealer may take
the turned trump for a weak card; the ace of trumps must be led, and must
cover a trump king, queen or jack; the aces are worth spades 5, clubs 10,
diamonds 15, hearts 20, written off with a trick and paid with the 5 of a
blank; five of a suit ends the deal; four aces, a *Rams*, end the game; and
the jack variant writes off pairs of jacks.

The rule functions and the rules (:class:`RamsRules`) are in
:mod:`engine.games.loo.rams_rules` (found there by the rule registry); here are the state and the
dealer's exchange.

>>> state = SPEC.new_game({"players": 5}, seed=3)
>>> len(state.pack), state.records[0]
(52, 100)
"""

from __future__ import annotations


from engine.actions import name_kind
from engine.cards import Card, Rank
from engine.errors import IllegalActionError
from engine.game import Action, GameSpec
from engine.games.loo.state import LooState
from engine.games.loo.phases import flow_with
from engine.games.loo.rules import BID, DEALER_EXCHANGE, DISCARD, PLAY, five_of
from engine.i18n import N_, Text, _, tr
from engine.games.loo.rams_rules import (
    ACE_VALUES,
    GAME_ID,
    RULES,
    AceDuty,
    ANY_ACE,
    RamsRules,
    _deal_score,
    _five_of_a_suit,
    _jacks_finish,
    _jacks_worth,
    _rams_show,
    ace_values,
    deal_score,
    dealer_takes_turned,
    exposed_buy,
    five_of_a_suit,
    jacks_at_discard,
    jacks_finish,
    jacks_value,
    may_pass,
    rams_hand,
    rams_pack,
    rams_show,
    revoke,
)
from engine.phases import Exchange
from engine.rules import implements
from engine.tricks import SUIT_ELSE_TRUMP, PlayRule, legal_plays

__all__ = ["RamsState", "SPEC"]

for _kind, _word in (("exchange", N_("Exchange")), ("keep", N_("Keep"))):
    name_kind(_kind, _word)  # (an action's word in the reader's language, as a refusal names the action)


class _DealerExchange(Exchange["RamsState"]):
    """The dealer's exchange: a card of his hand for the turned trump, or leave it."""

    def offered(self, state: RamsState, seat: int) -> list[Card]:
        return state.hands[seat]

    def given(self, state: RamsState, seat: int) -> list[Card]:
        return []

    def most(self, state: RamsState, seat: int) -> int:
        return 1

    def least(self, state: RamsState, seat: int) -> int:
        return 0

    def complete(self, state: RamsState, seat: int) -> bool:
        return True

    def give_card(self, state: RamsState, seat: int, card: Card) -> None:
        state.take_turned(seat, card)

    def perform(self, state: RamsState, seat: int, action: Action) -> None:
        if action.kind == "keep":
            assert state.turned is not None
            state.say("rams.buy.dealer-takes-turned", seat, N_("The dealer leaves the turned {} on the table."),
                      state.turned.symbol)
        super().perform(state, seat, action)

    def done(self, state: RamsState, seat: int) -> None:
        state.before_play()

    def form_reason(self, state: RamsState, seat: int) -> Text:
        return Text("the dealer may exchange a card for the turned trump ('exchange <card>') or 'keep'")

    def advice(self, state: RamsState, seat: int, legal: list[Action]) -> Action:
        return state.exchange_advice(seat)


DEALERS_EXCHANGE = _DealerExchange("rams.buy.dealer-takes-turned",
                                   N_("Seat {seat}, the dealer: give a card of the hand for the turned {turned}, "
                                      "or leave it"), give="exchange", finish="keep")
FLOW = flow_with(BID, DISCARD, DEALER_EXCHANGE, PLAY, exits={
    "the bidding over, the dealer plays and the turned trump lies there: his exchange": (BID, DEALER_EXCHANGE),
    "the buying over, no dealer's exchange: the play": (DISCARD, PLAY),
})
"""A deal of Рамс: the loo family's bidding and buying, then the dealer's exchange for the
turned trump (when he plays and it lies there), then the play."""


class RamsState(LooState):
    """A game of Рамс."""

    game_id = GAME_ID
    variant: RamsRules
    RULES = RULES
    redeal_by_same_dealer = False
    FLOW = FLOW
    PHASES = LooState.PHASES | {DEALER_EXCHANGE: DEALERS_EXCHANGE}
    params: RamsRules

    def make_pack(self) -> list[Card]:
        return rams_pack(self.variant.players)

    @implements("rams.score.start")
    def starting_record(self) -> int:
        """100, 150 or 200, as agreed (the ``start_record`` reading)."""
        return self.params.start_record

    def play_rule(self) -> PlayRule:
        return PlayRule(SUIT_ELSE_TRUMP, constraint=self.params.trump_ace)

    def may_pass(self, seat: int) -> bool:
        return not self.params.ace_duty.received(self.dealt[seat], self.trump)

    def must_play_reason(self, seat: int) -> Text:
        return Text(self.params.ace_duty.words)

    def deal(self, deck: list[Card]) -> None:
        self.jacks_shown: dict[int, int] = {}
        super().deal(deck)

    @implements("rams.jacks.at-discard")
    def on_bid(self, seat: int, choice: str) -> None:
        """In the jack variant a player shows his jacks, from the hand as dealt, when he discards."""
        value = _jacks_worth(self.dealt[seat]) if self.params.jacks else 0
        if not value:
            return
        jacks = [c for c in self.dealt[seat] if c.rank is Rank.JACK]
        self.jacks_shown[seat] = value
        self.show(seat, "jacks", jacks, value, "rams.jacks.at-discard")
        if _jacks_finish(self.records[seat], value):
            self.write(seat, -self.records[seat], "rams.jacks.finish",
                       Text("jacks ({}) shown with {} left: the game ends without play", value, self.records[seat]))
            self._end([seat], Text("seat {} showed his jacks with no more than their value left and ended the game",
                                   seat))
            return
        self.write(seat, -value, "rams.jacks.at-discard", Text("jacks shown at the discard"))

    def after_buying(self) -> None:
        if self.dealer in self.active and self.turned is not None and not self.turned_taken:
            self.enter(DEALER_EXCHANGE)
            self._to_act = self.dealer
            return
        self.before_play()

    @implements("rams.buy.dealer-takes-turned")
    def take_turned(self, seat: int, card: Card) -> None:
        """The dealer, if he plays, may take the turned trump for a card of his hand."""
        turned = self.turned
        assert turned is not None  # the dealer's exchange is only offered while the turned trump lies there
        hand = dealer_takes_turned(self.hands[seat], turned, card, False, seat)
        self.hands[seat] = sorted(hand, key=lambda c: c.index)
        self.discards.setdefault(seat, []).append(card)
        self.known[turned] = seat
        self._say("rams.buy.dealer-takes-turned", seat, N_("The dealer takes the turned {} for a card of his hand."),
                  turned.symbol)
        self.turned_taken = True

    def before_play(self) -> None:
        self.play_hands = {s: list(self.hands[s]) for s in self.active}
        super().before_play()

    def shows(self) -> bool:
        shower, rams_changes = _rams_show(self.hands, self.records, self.params.rams_others, self.active)
        if shower is not None:
            seat = shower
            aces = [c for c in self.hands[seat] if c.rank is Rank.ACE]
            self.show(seat, "rams", aces, self.records[seat], "rams.special.rams")
            self._cancel_jacks(seat)
            self.write(seat, rams_changes[seat], "rams.special.rams", Text("a Rams (four aces): the whole record"))
            for other in self.active:
                if other != seat and rams_changes[other]:
                    self.write(other, rams_changes[other], "rams.special.rams",
                               Text("another player showed a Rams: 5 up"))
            self._close_sheet()
            self._end([seat], Text("seat {} showed a Rams (four aces) and wrote off his whole record", seat))
            return True
        showers, changes = _five_of_a_suit(self.hands, self.params.five_of_a_suit_others, self.active)
        if not showers:
            return False
        for seat in showers:
            self.show(seat, "five-of-a-suit", self.hands[seat], -changes[seat], "rams.special.five-of-a-suit")
            self._cancel_jacks(seat)
        for seat in self.active:
            change = changes[seat]
            if seat in showers:
                self.write(seat, change, "rams.special.five-of-a-suit",
                           Text("{} shown (5, and the ace's value if held)", five_of(self.hands[seat][0].suit)))
            else:
                self.write(seat, change, "rams.special.five-of-a-suit",
                           Text("another player showed five of a suit: 5 up with the aces held") if change > 5
                           else Text("another player showed five of a suit: 5 up"))
            if self.records[seat] < 0:
                self.write(seat, -self.records[seat], "rams.end.winner", Text("the record stops at nothing"))
        self._close_sheet()
        self._end_or_next()
        return True

    def _cancel_jacks(self, shower: int) -> None:
        for seat, value in list(self.jacks_shown.items()):
            if seat != shower:
                self.write(seat, value, "rams.jacks.cancelled",
                           Text("jacks count nothing when another shows five of a suit or a Rams"))
                del self.jacks_shown[seat]

    def deal_entries(self, seat: int) -> list[tuple[int, str, Text]]:
        jacks = self.jacks_shown.get(seat, 0)
        aces = [c for c in self.play_hands.get(seat, []) if c.rank is Rank.ACE]
        record_before_jacks = self.records[seat] + jacks
        entries = _deal_score(record_before_jacks, self.tricks[seat], aces, True, jacks, self.params.jacks_spare)
        return [e for e in entries if e[1] != "rams.jacks.at-discard"]

    def play_refusal(self, refusal: IllegalActionError, seat: int, action: Action, card: Card,
                     legal: list[Card]) -> IllegalActionError:
        ace = Card(Rank.ACE, self.trump)
        followed = legal_plays(self.hands[seat], self.trick, self.trump, PlayRule(SUIT_ELSE_TRUMP))
        if legal == [ace] and card in followed:  # the follow rule allowed it: the trump ace's duty forbids it
            if not self.trick:
                return IllegalActionError("rams.play.trump-ace-lead", action,
                                          Text("seat {} holds the ace of trumps and must lead it", seat), seat)
            return IllegalActionError("rams.play.trump-ace-cover", action,
                                      Text("seat {} must cover the trump {} with the ace of trumps", seat,
                                           self._court_in_trick()), seat)
        return refusal

    def _court_in_trick(self) -> str | Text:
        courts = [c for c in self.trick if c.suit is self.trump and c.rank in (Rank.KING, Rank.QUEEN, Rank.JACK)]
        return courts[0].symbol if courts else Text("court")

    def card_label(self, action: Action) -> str:
        if action.kind == "exchange" and action.card is not None:
            if self.turned is None:
                return tr("Give {} for the turned trump", action.card.symbol)
            return tr("Give {} for the turned {}", action.card.symbol, self.turned.symbol)
        if action.kind == "keep":
            return _("Leave the turned trump")
        return super().card_label(action)

    # ----- a sensible player -----
    def no_trick_cost(self, seat: int) -> int:
        return 5 + ace_values([c for c in self.hands[seat] if c.rank is Rank.ACE])

    def exchange_advice(self, seat: int) -> Action:
        """Give the worst card for the turned trump when it is worth more."""
        assert self.turned is not None
        worst = min(self.hands[seat], key=lambda c: (self.card_worth(c), c.rank is Rank.ACE, c.rank_value))
        if self.card_worth(worst) < self.card_worth(self.turned):
            return Action("exchange", worst)
        return Action("keep")

    def keep_card(self, seat: int, card: Card) -> bool:
        return card.rank is Rank.ACE or super().keep_card(seat, card)


SPEC = GameSpec(
    id=GAME_ID,
    name="Rams",
    min_players=RamsRules.MIN_PLAYERS,
    max_players=RamsRules.MAX_PLAYERS,
    variant_class=RamsRules,
    state_class=RamsState,
    summary=("Мушка's provincial descendant: records of 100 or more, aces worth 5 to 20 written off with a trick "
             "and paid without one, the trump ace that must be led, five of a suit, and four aces that win outright."),
    measures="engine.games.loo.measures:RamsMeasures",
    examples="engine.games.loo.examples:RUNNERS",
    seen="engine.games.loo.seen:LooSeen",
    order=6,
    bench_players=5,
)
