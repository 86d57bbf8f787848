"""The Russian loo family's one skeleton: Мушка, Памфил, Рамс and Петух.

Розалиев's four games share one shape, written here once: seats and the
first dealer drawn by cards; five cards dealt one at a time; a turned trump;
in turn from the dealer's left each player passes, stands or buys (discards
first, then draws from the stock); five tricks played among those who stay,
follow suit, else trump; and a *record* written down from a starting number,
the first to write it off winning, the others paying what is left.

A game declares only what differs, as a subclass of :class:`LooState` with
its :class:`LooVariant` options (the catalogue's readings) and a table of its
rule ids (:class:`LooRules`): its pack, who may not pass, when a player may
buy, its special cards, what it shows before play (five of a suit, a Rams,
jacks, boys) and how a deal is scored.  The shared rule functions of
:mod:`engine.games.loo.rules` (``deal_five``, ``turn_trump``, ``buy``,
``bid_order``, ``first_leader``, ``winners``, ``settlement`` …, found there
by the rule registry) are the single home of the rules the four games have in common;
each carries the ids of every game's rule it implements.  Beside the state
here: its phases (:mod:`engine.games.loo.phases`), the sensible player's
advice (:mod:`engine.games.loo.advice`, a mixin whose hooks a game
overrides) and its part of the table's view and the deal summaries
(:mod:`engine.games.loo.view`).

>>> from engine.games import get
>>> state = get("mushka").new_game({"players": 3}, seed=4)
>>> state.phase, state.current_player(), len(state.view(1)["hands"][1])
('bid', 1, 5)
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any, ClassVar

from engine.view_types import Account, HiddenHand, Pile, Show, View
from engine.cards import Card, Suit, format_cards, shuffled
from engine.errors import IllegalActionError
from engine.actions import Named
from engine.game import Action
from engine.i18n import N_, Text, _, tr
from engine.games.loo.rules import (
    BID,
    COLOURS,
    DISCARD,
    HAND_SIZE,
    LooRules,
    LooVariant,
    OVER,
    Payments,
    VOID_WHY,
    PLAY,
    TRICKS_PER_DEAL,
    after_misdeal,
    bid_order,
    buy,
    check_players,
    deal_five,
    deal_void,
    draw_for_seats,
    first_dealer_of,
    first_leader,
    jacks_held,
    next_dealer,
    and_seats,
    cards_word,
    one_suit,
    seat_order,
    settlement,
    turn_trump,
    winners,
)
from engine.determinize import Hidden
from engine.games.loo import view as loo_view
from engine.games.loo.advice import LooAdvice
from engine.games.loo.phases import BIDDING, FLOW, PHASES
from engine.partie import Partie
from engine.phases import ListHands, TrickTable
from engine.rules import implements
from engine.tricks import SUIT_ELSE_TRUMP, PlayRule

__all__ = ["LooState"]

# ---------------------------------------------------------------- the state machine

_Closed = tuple[Suit, Card | None, tuple[str | None, ...], tuple[int, ...], tuple[int, ...], tuple[int, ...],
                tuple[tuple[int, str, Text, str, int | None], ...], tuple[int, ...], tuple[int, ...], tuple[int, ...]]
"""A deal at its close: trump, turned card, each seat's bid and cards bought, the active
seats, tricks per seat, the shows (seat, rule, text, kind, value), the records before and
after, and the payments so far."""

_WROTE_OFF = (N_("{} wrote off his record of {} after {} deal"), "{} wrote off his record of {} after {} deals")
_WROTE_OFF_ALL = (N_("{} wrote off their records of {} after {} deal"), "{} wrote off their records of {} after {} deals")
"""The end of the game (one winner, several), by the number of deals played."""


class LooState(ListHands, LooAdvice, TrickTable, Partie):
    """A whole game of a loo-family game, deal after deal, to the end of the
    record.  Subclasses (one per game) declare ``game_id``, ``RULES`` and the
    hooks below; everything else is shared.

    Phases: ``lay_out`` and ``declare`` (Памфил), ``bid`` (pass, stand or
    buy), ``discard`` (a buyer's discards, then ``draw``), ``dealer_exchange``
    (Рамс), ``play``, ``over``.  Automatic steps (a seat whose only choice is
    to stand, the shows before play, the end of a trick, the scoring, the next
    deal) run inside the action that triggers them.
    """

    RULES: ClassVar[LooRules]
    variant: LooVariant
    UNIT = "record"
    FLOW = FLOW  # the deal every loo game has, and its phases (:mod:`engine.games.loo.phases`)
    PHASES = PHASES
    tricks_per_deal = TRICKS_PER_DEAL
    lower_is_better = True
    passing: ClassVar[bool] = True
    redeal_by_same_dealer: ClassVar[bool] = True
    params: Any
    """The rules (the variant itself: a :class:`LooVariant`, each reading's field holding what
    it means), under the name the rule code reads them by; a game annotates its own class."""

    def __init__(self, variant: Any, seed: int = 0, decks: Iterable[Iterable[str | Card]] | None = None,
                 first_dealer: int | None = None) -> None:
        variant.check()  # (rules altered behind their validation are refused, never played)
        self.params = variant
        super().__init__(variant, seed, decks, first_dealer)

    def partie_rule(self, name: str) -> str | None:
        return getattr(self.RULES, name, None)

    def setup(self) -> None:
        self.start_record = self.starting_record()
        self.ledger.start("record", self.start_record)
        self._closed: list[_Closed] = []  # each deal at its close, for ``deal_summary`` (tuples, never changed)
        self.seat_draws: list[str] = []

    @property
    def records(self) -> list[int]:
        """Each seat's record now (the ledger's running totals)."""
        return self.ledger.totals("record")

    def set_records(self, records: list[int]) -> None:
        """Stand the records at ``records`` (a worked example's position)."""
        self.ledger.start("record", list(records))

    @property
    def payments(self) -> list[int]:
        """What each seat has received (+) or paid (−) outside the record (Памфил)."""
        return self.ledger.totals("payment")

    # ----- what a game declares (hooks) -------------------------------------
    def make_pack(self) -> list[Card]:
        raise NotImplementedError

    def starting_record(self) -> int:
        raise NotImplementedError

    @implements("mushka.play.follow-else-trump", "mushka.play.free-discard", "rams.play.follow-else-trump",
                "rams.play.free-discard", "petukh.play.follow-else-trump", "petukh.play.free-discard")
    def play_rule(self) -> PlayRule:
        """The follow rule of the deal: follow suit, else trump, else any card
        (the kernel's suit-else-trump policy); games add their special cards."""
        return PlayRule(SUIT_ELSE_TRUMP)

    def may_pass(self, seat: int) -> bool:
        """Whether ``seat`` may pass (its dealt hand is ``self.dealt[seat]``)."""
        return self.passing

    def may_buy(self, seat: int) -> bool:
        """Whether ``seat`` may buy (beyond the stock holding a card)."""
        return True

    def after_turn(self) -> None:
        """After the trump is known and before the bidding (Памфил's turned pamphil and declaration)."""
        self.start_bidding()

    def on_bid(self, seat: int, choice: str) -> None:
        """After a seat's choice (Рамс shows jacks when he discards)."""

    def after_buying(self) -> None:
        """After the buying, before the first lead (Рамс: the dealer's exchange)."""
        self.before_play()

    def shows(self) -> bool:
        """Hands shown before the first lead; return True if the deal (or the game) ended."""
        return False

    def deal_entries(self, seat: int) -> list[tuple[int, str, Text]]:
        """The score entries ``(points, rule, why)`` of one seat for a played deal."""
        raise NotImplementedError

    def card_label(self, action: Action) -> str:
        return action.label

    # ----- set-up ------------------------------------------------------------
    def default_first_dealer(self) -> int:
        """Each player draws a card; seats go in ascending order of the cards
        (``seat_order``), so the lowest, the first dealer, sits at seat 0.  A
        record, or one deal replayed on its own, may name another seat."""
        n = self.num_players
        seats, drawn = draw_for_seats(shuffled(self.pack, random.Random(f"{self.seed}/draw")), n)
        by_seat: list[list[Card]] = [[] for _ in range(n)]
        for drawer, seat in enumerate(seats):
            by_seat[seat] = drawn[drawer]
        self.seat_draws = [" ".join(str(c) for c in d) for d in by_seat]
        dealer = first_dealer_of([d[0] for d in by_seat])  # seat 0 (its first card is lowest; ties: the earlier seat)
        ties = Text(" (players who tied drew again)") if any(len(d) > 1 for d in by_seat) else ""
        self._say(self.RULES.seats, None, N_("The players draw for seats: {}{}; seated by their cards, "
                                             "the lowest deals first: seat {}."),
                  ", ".join(format_cards(d, symbols=True) for d in by_seat), ties, dealer)
        return dealer

    def next_dealer(self) -> int:
        return next_dealer(self.num_players, self.dealer)

    def deal(self, deck: list[Card]) -> None:
        n = self.num_players
        hands, rest = deal_five(n, self.dealer, deck)
        self.dealt = [list(h) for h in hands]
        self.hands = [sorted(h, key=_hand_key) for h in hands]
        self.turned: Card | None = None
        self.turned_taken = False  # Рамс: the dealer took the turned trump into his hand
        self.trump_card: Card | None = None  # Петух for six: the dealer's last card, shown
        self.known: dict[Card, int] = {}  # cards every player knows to be in a seat's hand
        self.shown: list[dict[str, Any]] = []
        self.set_trump(rest)
        self.bids: list[str | None] = [None] * n
        self.bought = [0] * n
        self.discards: dict[int, list[Card]] = {}
        self.discarding: int | None = None
        self.pending: list[Card] = []  # the buyer's discards so far
        self.active: list[int] = []
        self.trick: list[Card] = []
        self.leader = (self.dealer + 1) % n
        self.last_trick = None
        self.tricks_won = [0] * n
        self.tricks_played = 0
        self.voids = [0] * n  # bit i: suit with index i shown void
        self.played: list[Card] = []
        self._to_act: int | None = None
        self.after_turn()

    def set_trump(self, rest: list[Card]) -> None:
        """The turned trump (Петух for six overrides: the dealer's last card)."""
        self.turned, self.trump, self.stock = turn_trump(rest)
        self._say(self.RULES.trump, None,
                  N_("Deal {}: seat {} deals five each, one at a time; {} is turned: {} are trumps."),
                  self.deal_number, self.dealer, self.turned.symbol, self.trump.words)

    # ----- the bidding -------------------------------------------------------
    def start_bidding(self) -> None:
        self.enter(BID)
        BIDDING.open(self, bid_order(self.num_players, self.dealer))

    @implements("mushka.bid.options", "rams.bid.options", "petukh.exchange.order", "petukh.bid.no-pass")
    def bid_options(self, seat: int) -> list[str]:
        """What ``seat`` may declare: pass (unless forbidden), stand, buy (if
        the stock has a card and the game allows)."""
        options = []
        if self.may_pass(seat):
            options.append("pass")
        options.append("stand")
        if self.stock and self.may_buy(seat):
            options.append("buy")
        return options

    def _next_bidder(self) -> None:
        BIDDING.advance(self)

    def stands_unasked(self, seat: int, asked: bool = False) -> bool:
        """A seat whose only choice is to stand stands without being asked (``asked``: the
        caller has just found :meth:`bid_options` to be that one choice)."""
        if not asked and self.bid_options(seat) != ["stand"]:
            return False
        self.bids[seat] = "stand"
        self.on_bid(seat, "stand")
        self._say(self.stand_rule(seat), seat, N_("Seat {} plays the cards dealt to him: {}."),
                  seat, self._stand_reason(seat))
        return True

    def stand_rule(self, seat: int) -> str:
        if not self.stock:
            return self.RULES.stock_limit
        if not self.may_buy(seat):
            return self.no_buy_rule(seat)
        return self.RULES.must_play or self.RULES.bid

    def _stand_reason(self, seat: int) -> Text:
        if not self.stock:
            return Text("the stock is empty, so nobody can buy")
        if not self.may_buy(seat):
            return self.no_buy_reason(seat)
        return Text("he may not pass")

    def no_buy_rule(self, seat: int) -> str:
        return self.RULES.bid

    def no_buy_reason(self, seat: int) -> Text:
        return Text("he may not buy")

    def bid(self, seat: int, action: Action) -> None:
        choice = action.kind
        if choice not in ("pass", "stand", "buy"):
            raise IllegalActionError(self.RULES.bid, action, Text("seat {} is to bid: {}", seat, Named(
                [Action(o) for o in self.bid_options(seat)])), seat)
        # (the bid_options test of the one choice made: a stand is always open)
        if choice == "pass" and not self.may_pass(seat):
            if not self.passing:
                raise IllegalActionError(self.RULES.must_play or self.RULES.bid, action,
                                         Text("there is no passing in this game: every player plays every deal"),
                                         seat)
            raise IllegalActionError(self.RULES.must_play or self.RULES.bid, action,
                                     Text("seat {} may not pass: {}", seat, self.must_play_reason(seat)), seat)
        if choice == "buy" and not (self.stock and self.may_buy(seat)):
            if not self.stock:
                raise IllegalActionError(self.RULES.stock_limit, action, Text("the stock is empty: nobody can buy"),
                                         seat)
            raise IllegalActionError(self.no_buy_rule(seat), action,
                                     Text("seat {} may not buy: {}", seat, self.no_buy_reason(seat)), seat)
        self.history.append((seat, action))
        if choice == "buy":
            self.bids[seat] = "buy"
            self.on_bid(seat, "buy")
            if self._phase == OVER:
                return
            self.enter(DISCARD)
            self.discarding = seat
            self.pending = []
            return
        self.bids[seat] = choice
        self._say(self.RULES.bid, seat, self.LOG_WORDS[choice], seat)
        self.on_bid(seat, choice)
        if self._phase == OVER:
            return
        self._next_bidder()

    BID_WORDS: ClassVar[dict[str, str]] = {"pass": N_("passed"), "stand": N_("stands"), "buy": N_("bought {n}"),
                                           "buying": N_("buying: {n} out")}
    """A seat's bid as the table says it (templates written when read)."""
    LOG_WORDS: ClassVar[dict[str, str]] = {"pass": N_("Seat {} passes."), "stand": N_("Seat {} stands."),
                                           "buy": N_("Seat {} buys: throws out {} and draws {}.")}
    """The log's sentence of a seat's bid (for a buy: the cards thrown out, and the number drawn)."""

    def bid_word(self, seat: int) -> str | None:
        """The seat's bid in words for the table ("passed", "stands", "bought 3"), or None before it bids."""
        choice = self.bids[seat]
        if choice is None:
            return None
        if choice == "buy" and self.discarding == seat:
            return tr(self.BID_WORDS["buying"], n=len(self.pending))
        return tr(self.BID_WORDS[choice], n=self.bought[seat])

    def must_play_reason(self, seat: int) -> Text:
        return Text("the rules forbid it")

    def draw(self, seat: int) -> None:
        discarded = self.pending
        hand = self.hands[seat] + discarded
        new_hand, self.stock = buy(hand, discarded, self.stock, self.RULES, Action("draw"), seat)
        drawn = new_hand[len(hand) - len(discarded):]
        self.hands[seat] = sorted(new_hand, key=_hand_key)
        self.discards[seat] = list(discarded)
        self.bought[seat] = len(discarded)
        self.pending = []
        self.discarding = None
        self._received(seat, drawn)
        self._say(self.RULES.discard, seat, self.LOG_WORDS["buy"], seat, cards_word(len(discarded)), len(drawn))
        self._next_bidder()

    def _received(self, seat: int, drawn: list[Card]) -> None:
        """Cards drawn from the stock (a game may expose them)."""

    def end_bidding(self) -> None:
        self._to_act = None
        self.active = [s for s in self.dialogue.turns if self.bids[s] != "pass"]
        if deal_void([b or "pass" for b in self.bids]):
            rule = self.RULES.all_pass or self.RULES.bid
            self._say(rule, None, N_("Every player passed: the deal is void and passes to the next dealer."))
            self._close_sheet(void={"rule": rule, "why": Text(VOID_WHY)})
            self._next_deal()
            return
        self.after_buying()

    def before_play(self) -> None:
        if self.shows():
            return
        self.enter(PLAY)
        leader = first_leader(self.num_players, self.dealer, self.active)
        self.start_tricks(leader, sorted(self.active))
        self._say(self.RULES.lead, self.leader, N_("Seat {} leads to the first trick."), self.leader)

    # ----- the play ------------------------------------------------------------
    @property
    def tricks(self) -> list[int]:
        """The tricks each seat has taken this deal."""
        return self.tricks_won

    def trick_rule(self) -> PlayRule:
        return self._rule

    def any_time(self, card: Card) -> bool:
        return self.playable_any_time(card)

    def playable_any_time(self, card: Card) -> bool:
        """A card a player may play even when he can follow (Памфил's wild reading)."""
        return False

    @implements("mushka.play.trick-winner", "rams.play.trick-winner", "petukh.play.trick-winner",
                "mushka.play.lead", "rams.play.lead", "petukh.play.lead")
    def tricks_done(self) -> None:
        """The highest trump, else the highest card of the suit led, takes each trick (trick
        play's :class:`~engine.phases.TrickPlay`, with the game's special cards); its winner
        leads next; after the fifth the deal is scored."""
        self._score_deal()

    # ----- scoring -------------------------------------------------------------
    def _score_deal(self) -> None:
        for seat in self.active:
            for points, rule, why in self.deal_entries(seat):
                self.write(seat, points, rule, why)
        self._close_sheet()
        self._end_or_next()

    def write(self, seat: int, points: int, rule: str, why: Text) -> None:
        """One entry of the record: ``points`` down (negative, written off) or up."""
        record = self.score(seat, points, rule, why, seat).after
        template = (N_("Seat {} writes off {}: {} (record {}).") if points < 0 else
                    N_("Seat {} writes up {}: {} (record {}).") if points > 0 else N_("Seat {} writes {}: {} (record {})."))
        self._say(rule, seat, template, seat, abs(points), why, record)

    def _close_sheet(self, void: dict[str, str | Text] | None = None) -> None:
        self.ledger.close_deal(void)
        changes = self.ledger.changes(self.deal_number, "record")
        self._closed.append((self.trump, self.turned, tuple(self.bids), tuple(self.bought), tuple(self.active),
                             tuple(self.tricks), tuple((s["seat"], s["rule"], s["text"], s["kind"], s["value"])
                                                       for s in self.shown),
                             tuple(r - c for r, c in zip(self.records, changes)), tuple(self.records),
                             tuple(self.payments)))

    def last_closed(self) -> tuple[int, list[int]] | None:
        """The last deal closed (its number) and the tricks each seat took in it; None before."""
        if not self._closed:
            return None
        return len(self._closed), list(self._closed[-1][5])

    def _end_or_next(self) -> None:
        won = winners(self.records)
        if won:
            self._end(won)
            return
        self._next_deal()

    _next_deal = Partie.next_deal

    def settlement(self) -> list[int | float]:
        return settlement(self.records, self.variant.stake)

    def _end(self, won: list[int], why: Text | None = None, by: str | None = None) -> None:
        if not self.ledger.rows[-1].complete and next(self.ledger.in_deal(self.deal_number), None):
            self._close_sheet()
        n = self.deal_number
        reason = why or (Text(_WROTE_OFF_ALL[0], and_seats(won), self.start_record, n, plural=(_WROTE_OFF_ALL[1], n))
                         if len(won) > 1 else
                         Text(_WROTE_OFF[0], and_seats(won), self.start_record, n, plural=(_WROTE_OFF[1], n)))
        rule = self.RULES.tie if len(won) > 1 else self.RULES.end
        self._say(rule, None, N_("Game: {}."), reason)
        self._say(self.RULES.settle, None, N_("Settlement: {}."), Payments(self.settlement()))
        self.end(tuple(won), reason, rule, by)

    def deal_summary(self, deal: int) -> dict[str, Any]:
        return loo_view.deal_summary(self, deal)

    # ----- GameState interface -------------------------------------------------
    @property
    def _rule(self) -> PlayRule:
        rule = self.__dict__.get("_rule_cache")
        if rule is None or rule[0] is not self.trump:
            rule = (self.trump, self.play_rule())
            self.__dict__["_rule_cache"] = rule
        return rule[1]

    def sides(self) -> list[list[int]]:
        return [[s] for s in range(self.num_players)]

    def action_label(self, action: Action) -> str:
        kind = action.kind
        if kind == "pass":
            return _("Pass")
        if kind == "stand":
            return _("Stand (play these cards)")
        if kind == "buy":
            return _("Buy (discard, then draw)")
        if kind == "draw":
            return tr("Draw {}", cards_word(int(action.value or 0)))
        return self.card_label(action)

    _say = Partie.say

    SHOW_TEXTS: ClassVar[dict[str, tuple[str, str]]] = {
        "pamphil": (N_("Seat {seat} declares the pamphil: {cards}."), N_("declares the pamphil")),
        "five-of-a-suit": (N_("Seat {seat} shows five of a suit: {cards}."), N_("shows five of a suit")),
        "rams": (N_("Seat {seat} shows a Rams, the four aces: {cards}."), N_("shows a Rams, the four aces")),
        "jacks": (N_("Seat {seat} shows jacks at the discard, worth {value}: {cards}."),
                  N_("shows jacks at the discard, worth {value}")),
        "boys": (N_("Seat {seat} declares boys, worth {value} with a trick: {cards}."),
                 N_("declares boys, worth {value} with a trick")),
        "trump-card": (N_("The dealer, seat {seat}, shows his last card for trumps: {cards}."),
                       N_("shows his last card for trumps")),
    }
    """By kind of show: the sentence the table shows, and its words in a deal's summary
    (templates with ``{seat}``, ``{value}`` and ``{cards}``, written when read)."""

    def show(self, seat: int, kind: str, cards: list[Card], value: int | None, rule: str) -> None:
        """A hand (or part of one) shown to the table; its cards become known."""
        self.shown.append({"seat": seat, "kind": kind, "cards": [str(c) for c in cards], "value": value,
                           "rule": rule, "text": Text(self.SHOW_TEXTS[kind][0], seat=seat, value=value,
                                                      cards=format_cards(cards, symbols=True))})
        for card in cards:
            if card in self.hands[seat]:
                self.known[card] = seat

    # ----- copies ------------------------------------------------------------------
    def hidden_from(self, seat: int) -> Hidden:
        """What ``seat`` cannot see (the other hands, the stock, the others' discards and
        passed hands) and what it knows: the cards shown, the turned card, and in play the
        suits a player showed he lacks."""
        hidden = Hidden(suit_of=self.effective_suit, attempts=30, strict=20)
        for p in range(self.num_players):
            if p == seat:
                continue
            if p in self.active and self._phase == PLAY:
                hidden.voids[len(hidden.places)] = self.voids[p]
            hidden.add("hand", p, [c for c in self.hands[p] if c not in self.known])
            if p in self.discards:
                hidden.add("discards", p, self.discards[p])
        hidden.add("stock", -1, self.stock)
        return hidden

    def place_hidden(self, seat: int, hidden: Hidden, cards: list[list[Card]], rng: random.Random) -> None:
        for (kind, p), placed in zip(hidden.places, cards):
            if kind == "hand":
                self.hands[p] = sorted([c for c in self.hands[p] if c in self.known] + placed, key=_hand_key)
            elif kind == "discards":
                self.discards[p] = placed
            else:
                rng.shuffle(placed)
                self.stock = placed
        if self._phase == PLAY and self._to_act is not None:  # the hands as the trick play keeps them
            self.sync_hands()
            self._allowed = self.allowed_bits(self._to_act)

    # ----- views -------------------------------------------------------------------
    def prompt_fields(self) -> dict[str, Any]:
        return super().prompt_fields() | {"turned": self.turned.symbol if self.turned else None,
                                          "most": min(len(self.stock), HAND_SIZE)}

    def view(self, seat: int | None) -> View:
        self.check_seat(seat)
        hands: list[list[str] | HiddenHand] = [
            [str(c) for c in hand] if seat is None or p == seat
            else {"count": len(hand), "known": [str(c) for c, s in self.known.items() if s == p]}
            for p, hand in enumerate(self.hands)]
        return {**self.view_header(seat), "trump": self.trump.value, "hands": hands, **self.trick_view(), "detail": {}}

    def active_seats(self) -> list[int]:
        return loo_view.active(self)

    def shows_view(self, viewer: int | None) -> list[Show]:
        return loo_view.shows(self)

    def piles_view(self, viewer: int | None) -> list[Pile]:
        return loo_view.piles(self, viewer)

    def ledger_start(self) -> tuple[int | list[int] | None, str | None]:
        return self.start_record, self.RULES.start

    def ledger_target(self) -> tuple[int | None, str | None]:
        return 0, self.RULES.end

    def final_accounts(self) -> list[Account]:
        return loo_view.accounts(self)


def _hand_key(card: Card) -> int:
    return card.index
