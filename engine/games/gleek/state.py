"""Gleek, after the Russian retelling of Willughby's *Book of Games*: three players, 44
cards, an auction for the stock, the vie of the ruff, gleeks and mournivals, the Tyde,
twelve tricks, and a count of cards and honours settled against a par of 22.

A deal follows the text's stages (:func:`~engine.games.gleek.rules.stages`): twelve
cards each, four at a time, and a stock of eight whose top card is turned for trumps;
the ``auction`` (a dialogue: a compulsory 12 tokens, raises, dropping out for good), the
buyer's ``exchange`` (seven cards put out one at a time), the ``vie`` of the ruff (a
dialogue: vie or pass from the eldest, the answers, the contest and the show), the
gleeks and mournivals and the Tyde (paid at once; a dialogue, ``tyde``, when the holder
may keep it back), the twelve tricks (``play``), the count and the settlement through
the bank.  Every payment is a ledger entry in tokens with its payer, payee and rule.

>>> state = SPEC.new_game(seed=1)
>>> state.phase, state.current_player() == (state.dealer + 1) % 3, len(state.hands[0])
('auction', True, 12)
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any, NamedTuple

from engine.view_types import Calls, Contest, LedgerView, Pile, SeatCount, Show, Taken, View
from engine.cards import Card, Suit, shuffled
from engine.determinize import Hidden
from engine.errors import IllegalActionError
from engine.game import Action, GameSpec
from engine.i18n import N_, Text, _, ngettext
from engine.games.gleek import advice
from engine.games.gleek import view as gleek_view
from engine.games.gleek.rules import (
    AUCTION, DISCARD, EXCHANGE, KEEP_TYDE, OPENING_BID, PASS, PLAY, PLAYERS, RAISE, SHOW_TYDE, STOCK_TAKEN,
    TAKE, TRICKS, TRUMPS_WORDS, TYDE, VIE, VIE_KINDS, Cuts, Side, GleekRules, bid_split, count_points, deal_hands, four_of_trumps,
    gleek_pack, order_of_play, settle, share_leftover, tokens_said,
)
from engine.games.gleek.vie import DONE, PASS_ACT, TYDE_DIALOGUE, VIE_DIALOGUE, VIE_RULES, VieTable
from engine.partie import Partie
from engine.phases import Dialogue, Exchange, TrickPlay, TrickRules, TrickTable
from engine.phases.base import Flow
from engine.rules import implements
from engine.tricks import PlayRule

__all__ = ["GleekState", "GleekRules", "SPEC", "DealRecord"]



class DealRecord(NamedTuple):
    """A finished deal, as its summary and the measures read it (never changed)."""

    deal: int
    dealer: int
    trump: Suit
    turned: Card
    buyer: int
    price: int
    raises: int
    vier: int | None
    challenger: int | None
    ruff_winner: int | None
    vie_end: str
    stake: int
    rounds: int
    gleeks: tuple[int, ...]
    tyde: int | None
    tyde_paid: str | None
    points: tuple[int, ...]
    cards: tuple[int, ...]
    honours: tuple[int, ...]
    tricks: tuple[int, ...]
    net: tuple[int, ...]
    residue: int
    """What the deal's payments left off the players (into the bank or the pot: negative),
    before the shares of what was left at the end of the game."""
    bank: int
    pot: int


# ---------------------------------------------------------------- the phases

class _Auction(Dialogue["GleekState"]):
    """The auction for the stock: after the compulsory opening bid, each player still in,
    in turn, raises or drops out for good, until one is left."""

    def calls(self, state: GleekState, seat: int) -> list[Action]:
        return [*state.params.raises, PASS_ACT]

    def call(self, state: GleekState, seat: int, action: Action) -> None:
        state.bid(seat, action)

    def apply(self, state: GleekState, seat: int, action: Action) -> None:
        if action == PASS_ACT or action in state.params.raises:  # (the hot path of a playout)
            state.bid(seat, action)
        else:
            raise self.refuse(state, seat, action)

    def close(self, state: GleekState) -> None:
        state.sell_stock()

    def label(self, state: GleekState, action: Action) -> str:
        if action.kind == RAISE:
            step = 1 if action.value is None else int(action.value)
            bid = state.bids[-1][1] + step
            return ngettext("Raise to {} tokens", "Raise to {} tokens", bid).format(bid)
        return _("Drop out")

    def fields(self, state: GleekState) -> dict[str, Any]:
        return {"bid": str(tokens_said(state.bids[-1][1]))}

    def advice(self, state: GleekState, seat: int, legal: list[Action]) -> Action:
        return advice.bid(state, seat, legal)


class _Exchange(Exchange["GleekState"]):
    """The buyer puts out seven cards, one at a time, and takes the stock but its turned card."""

    def offered(self, state: GleekState, seat: int) -> list[Card]:
        return list(state.hands[seat])

    def legal(self, state: GleekState, seat: int) -> list[Action]:
        return [advice.DISCARD_BY_INDEX[c.index] for c in state.hands[seat]]

    def given(self, state: GleekState, seat: int) -> list[Card]:
        return state.discards

    def most(self, state: GleekState, seat: int) -> int:
        return STOCK_TAKEN

    def least(self, state: GleekState, seat: int) -> int:
        return STOCK_TAKEN

    def give_card(self, state: GleekState, seat: int, card: Card) -> None:
        state.hands[seat].remove(card)
        state.discards.append(card)

    def done(self, state: GleekState, seat: int) -> None:
        state.exchanged()

    def act(self, state: GleekState, seat: int, action: Action) -> None:
        card = action.card
        if action.kind == DISCARD and card is not None:
            if card is state.turned:
                raise IllegalActionError("gleek.stock.turned-card", action, Text(
                    "{} is the turned card: it stays face up on the table and the buyer never holds it", card), seat)
            if card in state.stock:
                raise IllegalActionError("gleek.stock.exchange-order", action, Text(
                    "{} is a card of the stock: the buyer puts out seven cards of his dealt hand before he takes the "
                    "stock", card), seat)
        super().act(state, seat, action)

    def early_refusal(self, state: GleekState, seat: int, action: Action) -> IllegalActionError:
        put = len(self.given(state, seat))
        return IllegalActionError("gleek.stock.exchange", action, Text(
            "the buyer puts out {} cards for the {} of the stock: {} put out so far", STOCK_TAKEN, STOCK_TAKEN, put),
            seat)

    def form_reason(self, state: GleekState, seat: int) -> Text:
        return Text("seat {} bought the stock and puts out a card: 'discard <card>'", seat)

    def fields(self, state: GleekState) -> dict[str, Any]:
        left = STOCK_TAKEN - len(state.discards)
        words = (ngettext("{} more card", "{} more cards", left) if state.discards
                 else ngettext("{} card", "{} cards", left))
        return {"left": words.format(left),
                "case": "" if state.params.discard_first else "taken"}

    def advice(self, state: GleekState, seat: int, legal: list[Action]) -> Action:
        return advice.discard(state, seat, legal)


def _play_advice(state: GleekState, seat: int, cards: list[Card]) -> Action:
    return advice.play(state, seat, cards)


class _Play(TrickPlay["GleekState"]):
    """The tricks; a call of the vie or of the Tyde is refused under the rule that ended it."""

    def refuse_form(self, state: GleekState, seat: int, action: Action) -> IllegalActionError:
        if action.kind in VIE_KINDS or action.kind in (SHOW_TYDE, KEEP_TYDE):
            return state.refusal_for(seat, action)
        return super().refuse_form(state, seat, action)


AUCTION_DIALOGUE = _Auction(AUCTION, "gleek.stock.raise", N_("Seat {seat}: raise the bid of {bid} for the stock or "
                                                              "drop out"), choices=True, verb="bid",
                            vocabulary=(RAISE, PASS))
STOCK_EXCHANGE = _Exchange("gleek.stock.exchange", N_("Seat {seat} bought the stock: put out {left}, face down"),
                           give=DISCARD, finish=TAKE)
PLAY_TRICKS = _Play(TrickRules(follow="gleek.play.follow", hand="gleek.play.tricks",
                               winner="gleek.play.trick-winner", form="gleek.play.tricks"),
                    N_("Seat {seat}: play to trick {trick}, led by seat {leader}"),
                    cases={"lead": ("gleek.play.lead", N_("Seat {seat}, the eldest: lead to the first trick")),
                           "next_lead": ("gleek.play.lead",
                                         N_("Seat {seat} won the last trick: lead to trick {trick}"))},
                    advice=_play_advice)

FLOW = Flow(AUCTION, EXCHANGE, VIE, TYDE, PLAY, exits={
    "the Tyde paid before the tricks, turned, or held by nobody: the tricks at once": (VIE, PLAY),
})
"""A deal of Gleek: the auction for the stock, the buyer's exchange, the vie of the ruff, the
gleeks and mournivals (shown and paid, no action), the Tyde (asked when its holder may keep
it back), the tricks; the deal is settled after the last."""


# ---------------------------------------------------------------- the state

class GleekState(TrickTable, VieTable):
    """A whole game of Gleek: a number of deals agreed beforehand (three by default),
    each settled on its own; the player with the most money at the end wins."""

    game_id = "gleek"
    variant: GleekRules
    params: GleekRules
    """The rules, under the name the rule code reads them by (the variant itself)."""
    UNIT = "tokens"
    tricks_per_deal = TRICKS
    PARTIE_RULES = {"deck": "gleek.deck.cards", "first_dealer": "gleek.deal.dealer", "rotation": "gleek.deal.dealer",
                    "end": "gleek.game.length"}
    FLOW = FLOW
    PHASES = Partie.PHASES | {AUCTION: AUCTION_DIALOGUE, EXCHANGE: STOCK_EXCHANGE, VIE: VIE_DIALOGUE,
                              TYDE: TYDE_DIALOGUE, PLAY: PLAY_TRICKS}

    def __init__(self, variant: GleekRules, seed: int = 0, decks: Iterable[Iterable[str | Card]] | None = None,
                 first_dealer: int | None = None) -> None:
        variant.check()  # (rules altered behind their validation are refused, never played)
        self.params = variant
        super().__init__(variant, seed, decks, first_dealer)

    def setup(self) -> None:
        self.pot = 0
        self.bank = 0
        self.deal_records: list[DealRecord] = []
        self.cut: list[list[str]] = []

    def sides(self) -> list[list[int]]:
        return [[0], [1], [2]]

    def make_pack(self) -> list[Card]:
        return gleek_pack()

    @implements("gleek.deal.dealer")
    def default_first_dealer(self) -> int:
        """The players cut (a pack shuffled from the game's seed); the lowest card deals, a
        tie cutting again."""
        pack = shuffled(self.pack, random.Random(f"{self.seed}/cut"))
        cuts: list[list[Card]] = [[] for _ in range(PLAYERS)]
        seats, pos = list(range(PLAYERS)), 0
        while len(seats) > 1:
            for seat in seats:
                cuts[seat].append(pack[pos])
                pos += 1
            low = min(cuts[s][-1].rank_value for s in seats)
            seats = [s for s in seats if cuts[s][-1].rank_value == low]
        self.cut = [[str(c) for c in cut] for cut in cuts]
        self.say("gleek.deal.dealer", None, N_("The players cut for the deal: {}; the lowest, seat {}, deals first."),
                 Cuts(tuple((s, tuple(cut)) for s, cut in enumerate(cuts))), seats[0])
        return seats[0]

    @implements("gleek.deal.dealer")
    def next_dealer(self) -> int:
        """The deal passes to the left."""
        return (self.dealer + 1) % PLAYERS

    # ----- the deal -----------------------------------------------------------------
    def deal(self, deck: list[Card]) -> None:
        hands, rest = deal_hands(deck, self.dealer)
        self.hands = hands
        self.turned, self.stock = rest[0], rest[1:]
        self.trump = self.turned.suit
        self.bids: list[tuple[int, int]] = []
        self.in_auction = [True] * PLAYERS
        self.buyer: int | None = None
        self.price = 0
        self.discards: list[Card] = []
        self.taken: list[Card] = []
        self._reset_vie()
        self.gleek_values = [0] * PLAYERS
        self.tyde_paid: str | None = None
        self.tyde_holder: int | None = None
        self._tyde_due = False
        self.taken_tricks: list[tuple[tuple[int, ...], tuple[Card, ...], int]] = []
        self.points: list[int] | None = None
        self.trick = []
        self.leader = (self.dealer + 1) % PLAYERS
        self.last_trick = None
        self.tricks_won = [0] * PLAYERS
        self.tricks_played = 0
        self.voids = [0] * PLAYERS
        self._allowed = 0
        self.ceilings = [-1] * PLAYERS  # the heuristic's bid ceilings, worked out when first asked
        self.say("gleek.deal.stock", None, N_("Deal {}: seat {} deals twelve each, four at a time; the stock's top "
                                              "card {} is turned: {}."), self.deal_number, self.dealer, [self.turned],
                 Text(TRUMPS_WORDS[self.trump.index]))
        self._start_auction()

    # ----- the auction ----------------------------------------------------------------
    @implements("gleek.stock.opener")
    def _start_auction(self) -> None:
        """The dealer (or the eldest) opens with a compulsory 12 tokens; the next bids next."""
        opener = (self.dealer + self.params.opener_offset) % PLAYERS
        self.bids.append((opener, OPENING_BID))
        self._call(opener, "open", Text("opens the auction for the stock at {}", tokens_said(OPENING_BID)),
                   "gleek.stock.opener")
        self.enter(AUCTION)
        AUCTION_DIALOGUE.open(self, [(opener + 1) % PLAYERS])

    @implements("gleek.stock.raise", "gleek.stock.drop-out")
    def bid(self, seat: int, action: Action) -> None:
        """A raise (one token, or 1 to 12 by the reading) or dropping out for good; the
        next player still in speaks, until only one is left."""
        if action.kind == RAISE:
            if action not in self.params.raises:
                words = (N_("a raise is 'raise' (one token)") if len(self.params.raises) == 1
                         else N_("a raise is 'raise N', N from 1 to 12 tokens"))
                raise IllegalActionError("gleek.stock.raise", action, Text(words), seat)
            bid = self.bids[-1][1] + (1 if action.value is None else int(action.value))
            self.history.append((seat, action))
            self.bids.append((seat, bid))
            self._call(seat, RAISE, Text("raises to {} tokens", bid, plural=("raises to {} tokens", bid)), "gleek.stock.raise")
        else:
            if action != PASS_ACT:
                raise IllegalActionError("gleek.stock.drop-out", action, Text("a bidder drops out with 'pass'"), seat)
            self.history.append((seat, action))
            self.in_auction[seat] = False
            self._call(seat, PASS, Text("drops out of the auction"), "gleek.stock.drop-out")
        if sum(self.in_auction) > 1:
            self.dialogue.turns.append(next(s for s in ((seat + k) % PLAYERS for k in (1, 2)) if self.in_auction[s]))
        AUCTION_DIALOGUE.advance(self)

    @implements("gleek.stock.bid-split", "gleek.stock.drop-out")
    def sell_stock(self) -> None:
        """The last player left buys at his bid, paid to the other two in halves."""
        buyer, price = self.bids[-1]
        self.buyer, self.price = buyer, price
        last_before = self.bids[-2][0] if len(self.bids) > 1 else None
        net = bid_split(price, buyer, last_before)
        self.say("gleek.stock.bid-split", buyer, N_("Seat {} buys the stock at {}."), buyer, tokens_said(price))
        for seat in order_of_play(self.dealer):
            if seat != buyer:
                self._pay(buyer, seat, net[seat], "gleek.stock.bid-split",
                          Text("the stock bought at {}", tokens_said(price)))
        self._open_exchange(buyer)

    def _open_exchange(self, buyer: int) -> None:
        self.enter(EXCHANGE)
        self._to_act = buyer
        if not self.params.discard_first:
            self._take_stock(buyer)

    @implements("gleek.stock.exchange-order", "gleek.stock.turned-card")
    def _take_stock(self, buyer: int) -> None:
        """The buyer takes the seven face-down cards; the turned card stays on the table."""
        self.taken, self.stock = self.stock, []
        self.hands[buyer] = sorted(self.hands[buyer] + self.taken, key=_index)
        self.say("gleek.stock.turned-card", buyer, N_("Seat {} takes the {} cards of the stock; the turned {} stays "
                                                      "on the table."), buyer, len(self.taken), [self.turned])

    @implements("gleek.stock.exchange", "gleek.stock.discards")
    def exchanged(self) -> None:
        """Seven put out, face down and out of the deal; the stock taken (when discarding first)."""
        buyer = self.buyer
        assert buyer is not None  # (the exchange follows the sale)
        self.say("gleek.stock.discards", buyer, N_("Seat {} has put out {} cards, face down."), buyer,
                 len(self.discards))
        if self.params.discard_first:
            self._take_stock(buyer)
        self._start_vie()

    def _after_vie(self) -> None:
        self.vie_stage = DONE
        if self.vie_closed is None:
            self.vie_closed = ("gleek.vie.responses", Text("nobody answered the vie: it is over"))
        self._gleeks()
        if not self._tyde():
            self._start_play()

    # ----- the tricks -------------------------------------------------------------------
    @implements("gleek.play.lead", "gleek.play.tricks")
    def _start_play(self) -> None:
        """The eldest leads to the first trick; the 36 cards in hand make twelve tricks."""
        self.enter(PLAY)
        self.start_tricks((self.dealer + 1) % PLAYERS, list(range(PLAYERS)))

    @implements("gleek.play.follow")
    def trick_rule(self) -> PlayRule:
        """Follow suit; a player who cannot plays any card, or must trump, by the reading."""
        return self.params.play

    def hand_cards(self, seat: int) -> list[Card]:
        return self.hands[seat]

    def card_left_hand(self, seat: int, card: Card, i: int) -> None:
        del self.hands[seat][i]
        if self._tyde_due and card is four_of_trumps(self.trump):
            self._tyde_due = False
            self._tyde_paid(seat, 2, "gleek.tyde.payment", f"trick {self.tricks_played + 1}")

    @implements("gleek.play.trick-winner")
    def trick_taken(self, winner: int, trick: list[Card]) -> None:
        """The highest trump, else the highest card of the suit led, takes the trick (trick
        play's :class:`~engine.phases.TrickPlay`); its winner leads next."""
        assert self.last_trick is not None
        self.taken_tricks.append((self.last_trick[3], tuple(trick), winner))

    def tricks_done(self) -> None:
        self._count()

    # ----- the count and the settlement -------------------------------------------------
    def counted(self) -> tuple[list[int], list[int], list[int]]:
        """Points, cards and honour points of each seat from the tricks taken so far."""
        p = self.params
        return count_points(self.taken_tricks, self.trump, self.turned, self.dealer, p.plus_one, p.honours_to_winner,
                            p.turned_honour_to_dealer)

    @implements("gleek.settle.par", "gleek.settle.bank")
    def _count(self) -> None:
        """Each counts his cards and honours; each result against the par is paid through
        the bank, the losers first; the bank keeps what is left."""
        points, cards, honours = self.counted()
        self.points = points
        for seat in order_of_play(self.dealer):
            self.say("gleek.count.cards", seat, N_("Seat {} counts {} points: {} cards and {} for honours."), seat,
                     points[seat], cards[seat], honours[seat])
        net, kept = settle(points, self.params.coin, self.params.par)
        par = self.params.par
        for seat in sorted(range(PLAYERS), key=lambda s: net[s]):
            into = net[seat] < 0
            if par is not None:
                why = Text(N_("{} points against {}, into the bank") if into
                           else N_("{} points against {}, out of the bank"), points[seat], par)
            else:
                why = Text(N_("{} points against a third of the points scored, into the bank") if into
                           else N_("{} points against a third of the points scored, out of the bank"), points[seat])
            self._to_table(seat, net[seat], "gleek.settle.par", why)
        self.bank += kept
        self.say("gleek.settle.bank", None, N_("The bank holds {}."), tokens_said(self.bank))
        over = self.deal_number >= self.params.deals
        if over:
            self._share_leftover()
        self.deal_records.append(self._record(cards, honours))
        self.ledger.close_deal()
        if over:
            self._end()
        else:
            self.next_deal()

    @implements("gleek.settle.leftover")
    def _share_leftover(self) -> None:
        """What the bank and an unwon pot hold at the end is shared equally."""
        left = self.bank + self.pot
        for seat, tokens in enumerate(share_leftover(left, self.dealer)):
            self._to_table(seat, tokens, "gleek.settle.leftover",
                           Text("a share of the {} tokens left at the end", left,
                                plural=("a share of the {} tokens left at the end", left)))
        self.bank = self.pot = 0

    def _record(self, cards: list[int], honours: list[int]) -> DealRecord:
        assert self.buyer is not None and self.points is not None
        entries = list(self.ledger.in_deal(self.deal_number, "tokens"))
        residue = sum(e.amount for e in entries if e.rule != "gleek.settle.leftover")
        return DealRecord(self.deal_number, self.dealer, self.trump, self.turned, self.buyer, self.price,
                          len(self.bids) - 1, self.vier_, self.challenger, self.ruff_winner_, self.vie_end, self.stake,
                          self.vie_round, tuple(self.gleek_values), self.tyde_holder, self.tyde_paid,
                          tuple(self.points), tuple(cards), tuple(honours), tuple(self.tricks_won),
                          tuple(self.ledger.changes(self.deal_number, "tokens")), residue, self.bank, self.pot)

    @implements("gleek.game.length")
    def _end(self) -> None:
        """After the agreed number of deals, the player (or players) with most money wins."""
        totals = self.totals()
        best = max(totals)
        winners = tuple(s for s in range(PLAYERS) if totals[s] == best)
        ended = N_("{} ended the {} deals with the most money, {:+} tokens")  # (Russian: the verb agrees with the seats)
        reason = Text(ended, Side(winners), self.deal_number, best, plural=(ended, len(winners)))
        self.say("gleek.game.length", None, N_("Game: {}."), reason)
        self.end(winners, reason, "gleek.game.length")

    # ----- views -----------------------------------------------------------------------
    def view(self, seat: int | None) -> View:
        return gleek_view.view(self, seat)

    # ----- the table's part of the view (engine.table_view's hooks) ---------------------
    def calls_view(self, viewer: int | None) -> Calls | None:
        return gleek_view.calls(self)

    def contest_view(self, viewer: int | None) -> Contest | None:
        return gleek_view.contest(self)

    def shows_view(self, viewer: int | None) -> list[Show]:
        return gleek_view.shows(self)

    def piles_view(self, viewer: int | None) -> list[Pile]:
        return gleek_view.piles(self, viewer)

    def seat_counts_view(self, viewer: int | None) -> list[list[SeatCount]]:
        return gleek_view.seat_counts(self)

    def taken_view(self, viewer: int | None) -> Taken | None:
        return gleek_view.taken(self, viewer)

    def ledger_view(self) -> LedgerView:
        return gleek_view.ledger(self)

    def deal_summary(self, deal: int) -> dict[str, Any]:
        return gleek_view.deal_summary(self, deal)

    # ----- a worked example's position ---------------------------------------------------
    def set_position(self, hands: list[list[Card]], turned: Card | None = None, stock: list[Card] | None = None,
                     buyer: int | None = None, pot: int = 0) -> None:
        """Stand the deal at a worked example's position: these hands (of any size), the
        turned card (else a plain card no hand holds), the stock's face-down cards, the
        buyer (the auction over, nothing paid) and the pot carried in."""
        stock = list(stock or [])
        used = {c for hand in hands for c in hand} | set(stock)
        self.hands = [sorted(hand, key=_index) for hand in hands]
        self.turned = turned or next(c for c in reversed(self.pack) if 5 <= c.rank_value <= 10 and c not in used)
        self.trump, self.stock, self.pot = self.turned.suit, stock, pot
        self.buyer, self.price = (self.dealer if buyer is None else buyer), OPENING_BID

    def resume(self, stage: str) -> None:
        """Go on from :meth:`set_position` with ``stage``: ``exchange``, ``vie``, ``gleeks``
        (the gleeks, mournivals and the Tyde, then the tricks) or ``play``."""
        assert self.buyer is not None
        steps = {EXCHANGE: lambda: self._open_exchange(self._bought()), VIE: self._start_vie,
                 "gleeks": self._after_vie, PLAY: self._start_play}
        # (the position was set up, not played to: it stands where the stage is entered from)
        self.enter({EXCHANGE: AUCTION, VIE: EXCHANGE, "gleeks": VIE, PLAY: TYDE}[stage], set_up=True)
        steps[stage]()

    def _bought(self) -> int:
        assert self.buyer is not None
        return self.buyer

    # ----- refusals out of turn ---------------------------------------------------------
    def refusal_for(self, seat: int, action: Action) -> IllegalActionError:
        """Why ``seat`` may not take ``action`` now (out of turn, or a call of a stage that is
        over), naming the rule: the auction's order, the vie's stage or its end, the Tyde's timing."""
        kind, phase = action.kind, self._phase
        if phase == AUCTION:
            if not self.in_auction[seat]:
                return IllegalActionError("gleek.stock.drop-out", action, Text(
                    "seat {} has dropped out of the auction and stays out", seat), seat)
            return IllegalActionError("gleek.stock.raise", action, Text(
                "the bidding goes in turn: seat {} is to bid", self._to_act), seat)
        if kind in (SHOW_TYDE, KEEP_TYDE) and phase != TYDE:
            when = (N_("the Tyde is paid before the tricks: nothing to show or keep back now")
                    if self.params.tyde_before_tricks
                    else N_("the Tyde has been shown or kept back: nothing to show or keep back now"))
            return IllegalActionError("gleek.tyde.timing", action, Text(when), seat)
        if kind in VIE_KINDS and phase != VIE and self.vie_closed is not None:
            return IllegalActionError(self.vie_closed[0], action, self.vie_closed[1], seat)
        rule = VIE_RULES[self.vie_stage] if phase == VIE else self.prompt(None)["rule"]
        turn = (Text("it is seat {}'s turn, not seat {}'s", self._to_act, seat) if seat != self._to_act
                else Text("not now"))
        return IllegalActionError(rule, action, turn, seat)

    # ----- copies -----------------------------------------------------------------------
    def hidden_from(self, seat: int) -> Hidden:
        """What ``seat`` cannot see (the other hands, the stock, another buyer's discards)
        and what it knows: the cards shown still in their holder's hand, and in play the
        suits each hand has shown it lacks."""
        hidden = Hidden()
        for p in range(PLAYERS):
            if p != seat:
                if self._phase == PLAY:
                    hidden.voids[len(hidden.places)] = self.voids[p]
                hidden.add("hand", p, list(self.hands[p]))
        if self.stock:
            hidden.add("stock", -1, list(self.stock))
        if self.discards and seat != self.buyer:
            hidden.add("discards", -1, list(self.discards))
        for shown in self.shows:
            owner = shown.seat
            place = hidden.index("hand", owner)
            for card in shown.cards:
                if place is not None and card in self.hands[owner]:
                    hidden.fixed[card] = [place]
        return hidden

    def place_hidden(self, seat: int, hidden: Hidden, cards: list[list[Card]], rng: random.Random) -> None:
        for (kind, p), placed in zip(hidden.places, cards):
            if kind == "hand":
                self.hands[p] = sorted(placed, key=_index)
            elif kind == "stock":
                self.stock = placed
            else:
                self.discards = placed
        self.ceilings = [-1] * PLAYERS
        if self.buyer != seat:
            self.taken = []
        if self._phase == PLAY and self._to_act is not None:
            self.sync_hands()
            self._allowed = self.allowed_bits(self._to_act)

    def sampled_actions(self, seat: int, legal: list[Action]) -> list[Action]:
        """The moves the sampling bot weighs: no raise of the stock or of the ruff beyond what
        the seat's hand is worth to the heuristic (so that two sampling players' raising ends)."""
        return advice.sampled(self, seat, legal)


def _index(card: Card) -> int:
    return card.index


SPEC = GameSpec(
    id="gleek",
    name="Gleek",
    min_players=PLAYERS,
    max_players=PLAYERS,
    variant_class=GleekRules,
    state_class=GleekState,
    summary=("A seventeenth-century English gambling game for three with 44 cards: an auction for the stock, a vie "
             "for the best suit (the ruff), gleeks and mournivals, then twelve tricks counted against a par of 22."),
    measures="engine.games.gleek.measures:GleekMeasures",
    examples="engine.games.gleek.examples:RUNNERS",
    seen="engine.games.gleek.seen:GleekSeen",
    order=2,
    bench_players=3,
)
