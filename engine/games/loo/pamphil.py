"""Памфил (Розалиев, No. 52.a): Мушка with the jack of clubs, the *pamphil*, above every card.

Only what differs from :mod:`engine.games.loo.mushka` is here: the pamphil wins
any trick it is played to and follows as the highest trump (or, by the
'wild' reading, may be played at any time); its holder may declare it before
the buying and is paid by each other player outside the record; a dealer who
turns it up takes it and lays out a card of his own, whose suit is trumps.

>>> state = SPEC.new_game({"players": 3}, seed=1)
>>> state.game_id, state.records
('pamphil', [25, 25, 25])
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from engine.actions import name_kind
from engine.cards import Card, Rank, Suit
from engine.errors import IllegalActionError
from engine.game import Action, GameSpec
from engine.games.loo.phases import flow_with
from engine.games.loo.rules import BID, DECLARE, DISCARD, LAY_OUT, PLAY, bid_order
from engine.i18n import N_, Text, _, tr
from engine.games.loo.mushka import MushkaRules, MushkaState
from engine.phases import Dialogue, Exchange
from engine.readings import number, reading
from engine.rules import implements
from engine.tricks import SUIT_ELSE_TRUMP, PlayRule, Strength

__all__ = ["PamphilRules", "PamphilState", "SPEC", "PAMPHIL", "pamphil_strength", "pamphil_suit",
           "declare_payment", "turned_pamphil"]

GAME_ID = "pamphil"
for _kind, _word in (("declare", N_("Declare")), ("keep_quiet", N_("Keep quiet")), ("lay_out", N_("Lay out"))):
    name_kind(_kind, _word)  # (an action's word in the reader's language, as a refusal names the action)
PAMPHIL = Card(Rank.JACK, Suit.CLUBS)


@implements("pamphil.general.as-mushka")
@dataclass(frozen=True)
class PamphilRules(MushkaRules):
    """Мушка's rules (five of a suit under Памфил's own rule, with Мушка's meanings: a
    refusal names Памфил's rule), and the pamphil's own.

    >>> PamphilRules.option("five_of_a_suit").rule, PamphilRules.from_options(five_of_a_suit="wins-deal").five_wins_game
    ('pamphil.special.five-of-a-suit', False)
    """

    game_id = GAME_ID

    five_wins_game: bool | None = reading("pamphil.special.five-of-a-suit", MushkaRules.meanings("five_of_a_suit"))
    wild: bool = reading("pamphil.play.pamphil-follow", {"trump": False, "wild": True})
    """Whether the pamphil may be played to any trick at any time."""
    pamphil_payment: int = number(1, rule="pamphil.bid.declare-payment",
                                  doc="What each other player pays the declarer of the pamphil, outside the record.")

    WHOLE_NUMBERS = MushkaRules.WHOLE_NUMBERS | {"pamphil_payment": (0, None)}


@implements("pamphil.play.pamphil-highest")
def pamphil_strength(card: Card, position: int, trick: Sequence[Card], trump: Suit | None) -> int | None:
    """The pamphil beats every card and is beaten by none (a kernel strength hook)."""
    return 300 if card is PAMPHIL else None


@implements("pamphil.play.pamphil-follow")
def pamphil_suit(card: Card, trump: Suit | None) -> Suit:
    """For following, the pamphil is a trump (not a club unless clubs are
    trumps): it answers a trump lead, and led it calls for trumps."""
    if card is PAMPHIL and trump is not None:
        return trump
    return card.suit


@implements("pamphil.bid.declare-payment")
def declare_payment(players: int, declarer: int, stake: int) -> list[int]:
    """Each other player pays the declarer the agreed sum (outside the record)."""
    return [stake * (players - 1) if seat == declarer else -stake for seat in range(players)]


@implements("pamphil.deal.turned-pamphil")
def turned_pamphil(dealer_hand: list[Card], turned: Card, give: Card,
                   seat: int | None = None) -> tuple[list[Card], Card]:
    """The dealer who turns up the pamphil takes it and lays out in its place
    a card of his own, whose suit becomes trumps; returns his hand and the
    new turned card."""
    action = Action("lay_out", give)
    if turned is not PAMPHIL:
        raise IllegalActionError("pamphil.deal.turned-pamphil", action,
                                 Text("the turned card is {}, not the pamphil", turned), seat)
    if give not in dealer_hand or give is PAMPHIL:
        raise IllegalActionError("pamphil.deal.turned-pamphil", action,
                                 Text("the dealer lays out a card of his own hand, and {} is not one", give), seat)
    hand = [c for c in dealer_hand if c is not give] + [PAMPHIL]
    return hand, give


class _LayOut(Exchange["PamphilState"]):
    """The dealer who turned up the pamphil lays out a card of his own for trumps."""

    def offered(self, state: PamphilState, seat: int) -> list[Card]:
        return [c for c in state.hands[seat] if c is not PAMPHIL]

    def given(self, state: PamphilState, seat: int) -> list[Card]:
        return []

    def most(self, state: PamphilState, seat: int) -> int:
        return 1

    def act(self, state: PamphilState, seat: int, action: Action) -> None:
        if action.kind != "lay_out" or action.card is None:
            raise IllegalActionError("pamphil.deal.turned-pamphil", action,
                                     Text("seat {} turned up the pamphil and must lay out a card ('lay_out <card>')",
                                          seat), seat)
        self.perform(state, seat, action)

    def perform(self, state: PamphilState, seat: int, action: Action) -> None:
        assert action.card is not None  # (a lay-out names its card: listed, or checked by act)
        state.lay_out(seat, action.card)

    def advice(self, state: PamphilState, seat: int, legal: list[Action]) -> Action:
        cards = [a.card for a in legal if a.card is not None]
        return Action("lay_out", min(cards, key=lambda c: c.rank_value))

    def taken(self, state: PamphilState, seat: int) -> tuple[list[Card], str] | None:
        return [PAMPHIL], _("the turned pamphil")


class _Declaration(Dialogue["PamphilState"]):
    """Before the bidding every seat is asked in turn, eldest first, whether it declares the
    pamphil: its holder as dealt may declare it or say nothing; any other seat can only say
    nothing. Asking every seat alike keeps the order of play from telling who holds it."""

    def calls(self, state: PamphilState, seat: int) -> list[Action]:
        if PAMPHIL in state.hands[seat]:
            return [Action("declare"), Action("keep_quiet")]
        return [Action("keep_quiet")]

    def call(self, state: PamphilState, seat: int, action: Action) -> None:
        if action.kind == "declare" and PAMPHIL not in state.hands[seat]:
            raise IllegalActionError("pamphil.bid.declare-payment", action,
                                     Text("seat {} does not hold the pamphil ({}): only its holder as dealt may "
                                          "declare it", seat, PAMPHIL.symbol), seat)
        state.declare(seat, action)
        self.advance(state)

    def close(self, state: PamphilState) -> None:
        state.start_bidding()

    def advice(self, state: PamphilState, seat: int, legal: list[Action]) -> Action:
        return legal[0]  # (declare when he may)

    def said(self, state: PamphilState, seat: int, action: Action, viewer: int | None) -> str:
        return _("declares the pamphil") if action.kind == "declare" else _("says nothing")


LAY_OUT_EXCHANGE = _LayOut("pamphil.deal.turned-pamphil",
                           N_("Seat {seat}, the dealer, turned up the pamphil: lay out a card of the hand for trumps"),
                           give="lay_out")
DECLARATION = _Declaration(DECLARE, "pamphil.bid.declare-payment",
                           N_("Seat {seat}: declare the pamphil, if you hold it, or say nothing"), choices=True,
                           verb=N_("declare the pamphil or say nothing"), vocabulary=("declare", "keep_quiet"))
FLOW = flow_with(DECLARE, BID, DISCARD, PLAY, starts=(LAY_OUT, DECLARE), exits={
    "the pamphil turned up: the dealer lays out a card for trumps, and the bidding begins": (LAY_OUT, BID),
})
"""A deal of Памфил: the declaration (every seat asked), then Мушка's bidding, buying and
play; when the pamphil is turned up the dealer lays out a card for it, and everyone has seen
it: the bidding begins at once."""


class PamphilState(MushkaState):
    """A game of Памфил: Мушка's state with the pamphil's rules."""

    game_id = GAME_ID
    variant: PamphilRules
    ADOPTS = "pamphil.general.as-mushka"
    FLOW = FLOW
    PHASES = MushkaState.PHASES | {LAY_OUT: LAY_OUT_EXCHANGE, DECLARE: DECLARATION}
    params: PamphilRules
    ACCOUNT_LABELS = {"payment": N_("Side payments for declaring the pamphil")}

    def strength_hook(self) -> Strength | None:
        aces = super().strength_hook()
        if aces is None:
            return pamphil_strength

        def both(card: Card, position: int, trick: Sequence[Card], trump: Suit | None) -> int | None:
            special = pamphil_strength(card, position, trick, trump)
            return special if special is not None else aces(card, position, trick, trump)
        return both

    def play_rule(self) -> PlayRule:
        return PlayRule(SUIT_ELSE_TRUMP, strength=self.strength_hook(), suit_of=pamphil_suit,
                        constraint=_wild_pamphil if self.params.wild else None)

    def play_refusal(self, refusal: IllegalActionError, seat: int, action: Action, card: Card,
                     legal: list[Card]) -> IllegalActionError:
        if self.trick and PAMPHIL in (self.trick[0], card):
            return IllegalActionError("pamphil.play.pamphil-follow", action,
                                      Text("{} (the pamphil counts as a trump)", refusal.reason), seat)
        return refusal

    def playable_any_time(self, card: Card) -> bool:
        return card is PAMPHIL and self.params.wild

    # ----- the turned pamphil and the declaration -----
    def after_turn(self) -> None:
        if self.turned is PAMPHIL:
            self.enter(LAY_OUT)  # (the lay-out, an exchange of one card)
            self._to_act = self.dealer
            self.hands[self.dealer].append(PAMPHIL)
            self.hands[self.dealer].sort(key=lambda c: c.index)
            self.known[PAMPHIL] = self.dealer
            self.turned_taken = True  # in the dealer's hand until he lays out a card in its place
            self._say("pamphil.deal.turned-pamphil", self.dealer,
                      N_("The pamphil is turned up: the dealer, seat {}, takes it and lays out a card of his own."),
                      self.dealer)
            return
        self._ask_declaration()

    def _ask_declaration(self) -> None:
        """Every seat is asked, in the bidding's order, even when the pamphil lies in the stock."""
        self.enter(DECLARE)
        DECLARATION.open(self, bid_order(self.num_players, self.dealer))

    @implements("pamphil.deal.turned-pamphil")
    def lay_out(self, seat: int, card: Card) -> None:
        """The dealer who turned up the pamphil lays out a card of his hand in its place:
        its suit is trumps."""
        hand = [c for c in self.hands[seat] if c is not PAMPHIL]
        new_hand, turned = turned_pamphil(hand, PAMPHIL, card, seat)
        self.history.append((seat, Action("lay_out", card)))
        self.hands[seat] = sorted(new_hand, key=lambda c: c.index)
        self.turned, self.trump = turned, turned.suit
        self.turned_taken = False
        self._say("pamphil.deal.turned-pamphil", seat, N_("Seat {} lays out {}: {} are trumps."), seat, turned.symbol,
                  turned.suit.words)
        self.start_bidding()  # everyone saw the pamphil turned: only a holder as dealt declares it

    @implements("pamphil.bid.declare-payment")
    def declare(self, seat: int, action: Action) -> None:
        """The holder of the pamphil may declare it and receive the agreed payment from
        each other player (outside the record), or keep quiet."""
        self.history.append((seat, Action(action.kind)))
        if action.kind == "declare":
            paid = declare_payment(self.num_players, seat, self.variant.pamphil_payment)
            for payer in range(self.num_players):
                if payer != seat:
                    self.ledger.pay(self.deal_number, payer, seat, -paid[payer], "payment",
                                    "pamphil.bid.declare-payment", Text("the pamphil declared"))
            self.show(seat, "pamphil", [PAMPHIL], paid[seat], "pamphil.bid.declare-payment")
            self._say("pamphil.bid.declare-payment", seat,
                      N_("Seat {} declares the pamphil and receives {} from each other player (outside the record)."),
                      seat, self.variant.pamphil_payment)

    def card_label(self, action: Action) -> str:
        if action.kind == "lay_out" and action.card is not None:
            return tr("Lay out {}", action.card.symbol)
        if action.kind == "declare":
            return _("Declare the pamphil")
        if action.kind == "keep_quiet":
            return _("Say nothing")
        return super().card_label(action)

    def card_worth(self, card: Card) -> float:
        return 1.0 if card is PAMPHIL else super().card_worth(card)

    def keep_card(self, seat: int, card: Card) -> bool:
        return card is PAMPHIL or super().keep_card(seat, card)


def _wild_pamphil(hand: Sequence[Card], trick: Sequence[Card], trump: Suit | None, legal: list[Card]) -> list[Card]:
    """The 'wild' reading: the pamphil may be played to any trick, even by a player able to follow."""
    if PAMPHIL in hand and PAMPHIL not in legal:
        return [c for c in hand if c in legal or c is PAMPHIL]
    return legal


SPEC = GameSpec(
    id=GAME_ID,
    name="Pamphil",
    min_players=PamphilRules.MIN_PLAYERS,
    max_players=PamphilRules.MAX_PLAYERS,
    variant_class=PamphilRules,
    state_class=PamphilState,
    summary=("Мушка with the jack of clubs, the pamphil, above every card: declared before the buying it is paid "
             "for by each other player; turned up, the dealer takes it and lays out a card for trumps."),
    measures="engine.games.loo.measures:PamphilMeasures",
    examples="engine.games.loo.examples:RUNNERS",
    seen="engine.games.loo.seen:LooSeen",
    order=5,
    bench_players=4,
)
