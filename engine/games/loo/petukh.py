"""Петух (Розалиев): what it adds to the loo skeleton.

Two to five players with 36 cards (six with a reduced pack); a record agreed
beforehand (usually 15); nobody passes, each may exchange cards instead of
buying, except near the end of the record; *boys* (two jacks of a colour,
more with a trump jack, most with all four) write off extra with a trick; a
blank costs 5 only while the record is 10 or less; with six players the
dealer's last card, shown, names trumps.

>>> state = SPEC.new_game({"players": 3}, seed=1)
>>> len(state.pack), state.records
(36, [15, 15, 15])
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from engine.view_types import Pile
from engine.cards import Card, Rank, Suit, deck_36, format_cards
from engine.game import Action, GameSpec
from engine.games.loo.state import LooState
from engine.games.loo.rules import LooRules, LooVariant, jacks_held
from engine.games.loo.rules import tricks_word
from engine.i18n import N_, Text, _
from engine.readings import number, reading
from engine.rules import implements
from engine.table_view import pile

__all__ = ["PetukhRules", "PetukhState", "SPEC", "RULES", "petukh_pack", "trump_card", "may_exchange", "boys",
           "deal_score"]

GAME_ID = "petukh"

RULES = LooRules(
    game=GAME_ID,
    players="petukh.setup.players",
    deck="petukh.setup.deck",
    seats="petukh.setup.first-dealer",
    first_dealer="petukh.setup.first-dealer",
    rotation="petukh.deal.rotation",
    deal="petukh.deal.five-singly",
    trump="petukh.deal.turned-trump",
    bid="petukh.exchange.order",
    order="petukh.exchange.order",
    must_play="petukh.bid.no-pass",
    discard="petukh.exchange.order",
    stock_limit="petukh.exchange.stock-limit",
    all_pass=None,
    lead="petukh.play.lead",
    follow="petukh.play.follow-else-trump",
    free="petukh.play.free-discard",
    winner="petukh.play.trick-winner",
    start="petukh.setup.start",
    trick="petukh.score.trick",
    no_trick="petukh.score.no-trick",
    end="petukh.end.winner",
    tie="petukh.end.winner",
    misdeal="petukh.deal.rotation",
    settle="petukh.settle.remaining-records",
)


@implements("petukh.setup.players")
@dataclass(frozen=True)
class PetukhRules(LooVariant):
    """The rules of Петух: the six-player pack (contested) and the agreed record.

    >>> PetukhRules.from_options(six_player_pack="thirty-four").without_sixes
    False
    """

    game_id = GAME_ID
    RULES: ClassVar[LooRules] = RULES

    players: int = number(4, rule="petukh.setup.players", values=(2, 3, 4, 5, 6), doc="Number of players.")
    without_sixes: bool = reading("petukh.setup.six-players", {"thirty": True, "thirty-four": False})
    """Whether six players' pack also lacks the sixes."""
    start_record: int = number(15, rule="petukh.setup.start", doc="The record agreed before the game (usually 15).")
    stake: int = number(1, rule="petukh.settle.remaining-records",
                        doc="What one point of a record is worth in the settlement.")
    MIN_PLAYERS: ClassVar[int] = 2
    MAX_PLAYERS: ClassVar[int] = 6
    WHOLE_NUMBERS = {"stake": (0, None), "start_record": (1, 500)}


@implements("petukh.setup.deck", "petukh.setup.six-players")
def petukh_pack(players: int, without_sixes: bool = True) -> list[Card]:
    """36 cards (six to ace) for two to five players; for six, without the
    black sevens, and by default (``without_sixes``, the ``thirty`` reading of
    ``setup.six-players``) without the sixes as well (30 cards)."""
    cards = deck_36()
    if players < 6:
        return cards
    black_sevens = (Card(Rank.SEVEN, Suit.SPADES), Card(Rank.SEVEN, Suit.CLUBS))
    cards = [c for c in cards if c not in black_sevens]
    if without_sixes:
        cards = [c for c in cards if c.rank is not Rank.SIX]
    return cards


@implements("petukh.deal.six-player-trump")
def trump_card(dealer_hand: list[Card]) -> Card:
    """With six players the trump is the last card dealt to the dealer, which
    he shows; it stays in his hand."""
    return dealer_hand[-1]


@implements("petukh.exchange.two-short", "petukh.exchange.one-point", "petukh.bid.no-pass")
def may_exchange(records: list[int], seat: int) -> bool:
    """Nobody exchanges while any record stands at 1; a player whose record
    stands at 2 plays the cards dealt to him."""
    if any(r == 1 for r in records):
        return False
    return records[seat] != 2


@implements("petukh.boys.pair", "petukh.boys.trump-jack", "petukh.boys.four-jacks")
def boys(hand: list[Card], trump: Suit) -> int:
    """'Boys': two jacks of one colour write off 5, 10 if one of them is a
    trump; all four jacks, 15."""
    count, pairs = jacks_held(hand)
    if count == 4:
        return 15
    return max((10 if trump in colour else 5 for colour in pairs), default=0)


@implements("petukh.score.trick", "petukh.score.no-trick", "petukh.boys.pair", "petukh.end.winner")
def deal_score(record: int, tricks: int, boys_value: int = 0) -> list[tuple[int, str, Text]]:
    """One player's entries ``(points, rule, why)``: a point off per trick and
    the boys' value with a trick; no trick adds 5 if the record is 10 or
    less; writing off more than was left is not punished (the record stops
    at nothing).

    >>> sum(p for p, _, _ in deal_score(10, 0))
    5
    """
    entries: list[tuple[int, str, Text]] = []
    if tricks:
        entries.append((-tricks, "petukh.score.trick", tricks_word(tricks)))
        if boys_value:
            rule = ("petukh.boys.four-jacks" if boys_value == 15 else
                    "petukh.boys.trump-jack" if boys_value == 10 else "petukh.boys.pair")
            entries.append((-boys_value, rule, Text("boys declared, with a trick")))
    elif record <= 10:
        entries.append((5, "petukh.score.no-trick", Text("took no trick (record 10 or less)")))
    else:
        entries.append((0, "petukh.score.no-trick", Text("took no trick, but the record is above 10: no penalty")))
    total = record + sum(p for p, _n, _w in entries)
    if total < 0:
        entries.append((-total, "petukh.end.winner", Text("writing off more than was left is not punished")))
    return entries


class PetukhState(LooState):
    """A game of Петух."""

    game_id = GAME_ID
    variant: PetukhRules
    RULES = RULES
    passing = False

    def make_pack(self) -> list[Card]:
        return petukh_pack(self.variant.players, self.variant.without_sixes)

    @implements("petukh.setup.start")
    def starting_record(self) -> int:
        """The agreed record (15 unless agreed otherwise)."""
        return self.variant.start_record

    def set_trump(self, rest: list[Card]) -> None:
        if self.num_players < 6:
            super().set_trump(rest)
            return
        card = trump_card(self.dealt[self.dealer])
        self.trump_card, self.trump, self.stock = card, card.suit, list(rest)
        self.turned = None
        self.show(self.dealer, "trump-card", [card], None, "petukh.deal.six-player-trump")
        self._say("petukh.deal.six-player-trump", self.dealer,
                  N_("Deal {}: seat {} deals five each; his last card, {}, is shown: {} are trumps."),
                  self.deal_number, self.dealer, card.symbol, card.suit.words)

    def deal(self, deck: list[Card]) -> None:
        self.boys: dict[int, int] = {}
        super().deal(deck)

    BID_WORDS: ClassVar[dict[str, str]] = {"pass": N_("passed"), "stand": N_("keeps his cards"),
                                           "buy": N_("exchanged {n}"), "buying": N_("exchanging: {n} out")}
    LOG_WORDS: ClassVar[dict[str, str]] = {"pass": N_("Seat {} passes."), "stand": N_("Seat {} keeps his cards."),
                                           "buy": N_("Seat {} exchanges: throws out {} and draws {}.")}

    def may_buy(self, seat: int) -> bool:
        return may_exchange(self.records, seat)

    def no_buy_rule(self, seat: int) -> str:
        return "petukh.exchange.one-point" if any(r == 1 for r in self.records) else "petukh.exchange.two-short"

    def no_buy_reason(self, seat: int) -> Text:
        if any(r == 1 for r in self.records):
            return Text("a record stands at 1, so nobody exchanges")
        return Text("his record stands at 2, so he plays the cards dealt to him")

    def shows(self) -> bool:
        for seat in self.active:
            value = boys(self.hands[seat], self.trump)
            if value:
                self.boys[seat] = value
                jacks = [c for c in self.hands[seat] if c.rank is Rank.JACK]
                rule = "petukh.boys.four-jacks" if value == 15 else (
                    "petukh.boys.trump-jack" if value == 10 else "petukh.boys.pair")
                self.show(seat, "boys", jacks, value, rule)
                self._say(rule, seat, N_("Seat {} declares boys: {} (worth {} with a trick)."), seat,
                          format_cards(jacks, symbols=True), value)
        return False

    def piles_view(self, viewer: int | None) -> list[Pile]:
        """The loo's piles, and at six the dealer's last card, shown for trumps."""
        piles = super().piles_view(viewer)
        if self.trump_card is not None:
            piles.insert(0, pile("trump-card", _("The dealer's last card"), [self.trump_card], True, face_up=True,
                                 seat=self.dealer, trump=True, rule="petukh.deal.six-player-trump"))
        return piles

    def deal_entries(self, seat: int) -> list[tuple[int, str, Text]]:
        return deal_score(self.records[seat], self.tricks[seat], self.boys.get(seat, 0))

    def action_label(self, action: Action) -> str:
        if action.kind == "stand":
            return _("Keep these cards")
        if action.kind == "buy":
            return _("Exchange (throw out, then draw)")
        return super().action_label(action)

    # ----- a sensible player -----
    def no_trick_cost(self, seat: int) -> int:
        return 5 if self.records[seat] <= 10 else 0

    def keep_card(self, seat: int, card: Card) -> bool:
        if card.rank is Rank.JACK and boys(self.hands[seat], self.trump):
            return True
        return super().keep_card(seat, card)


SPEC = GameSpec(
    id=GAME_ID,
    name="Petukh",
    min_players=PetukhRules.MIN_PLAYERS,
    max_players=PetukhRules.MAX_PLAYERS,
    variant_class=PetukhRules,
    state_class=PetukhState,
    summary=("The loo family's plainest member: 36 cards, no passing, an exchange, a record of 15, and 'boys' — "
             "pairs of jacks — that write off five, ten or fifteen."),
    measures="engine.games.loo.measures:PetukhMeasures",
    examples="engine.games.loo.examples:RUNNERS",
    seen="engine.games.loo.seen:LooSeen",
    order=7,
    bench_players=4,
)
