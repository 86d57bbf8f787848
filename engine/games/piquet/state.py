"""Piquet, after Шевцов's «Карточная игра в России»: two players, 32 cards, built on the
partie's phase layer.

A deal: the cut chooses the first dealer (he deals; the engine's players always choose
to); twelve cards each, two at a time, and a talon of eight; under the dealt-hand reading a
carte blanche is claimed at once (``carte_blanche``, with its procedure); the elder's
exchange of up to five and the younger's of the rest (``elder_exchange``,
``younger_exchange``, an exchange each), the younger then choosing whether to look at the
cards left (``look``); the declarations (``declare``, one dialogue): carte blanche, the
point, sequences and sets, the elder announcing and the younger answering good, not good or
equal, each combination shown when it scores, the bonus for all cards counted, and a
repique asked of the ledger's ordered entries; the open capot announced before the first
lead (``capot``); twelve tricks at no trumps (``play``), a point per lead and per trick,
the last trick, the leza or the capot, a pique asked of the ledger; the deal recorded as a
difference in the higher column (or both totals in full, under the rubicon), and the
partie's end.

The table never produces a false declaration: a player declares only what his hand holds
(the engine's calls are the proof), so ``piquet.declare.false`` is proved by its worked
examples and :func:`~engine.games.piquet.rules.deal_result`.

>>> state = SPEC.new_game(seed=3)
>>> state.phase, len(state.hands[0]), len(state.talon)
('elder_exchange', 12, 8)
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from typing import Any, Self, TypeVar

from engine.table_view import show as shown_item
from engine.view_types import Calls, Contest, LedgerView, Pile, SeatCount, Show, Taken, View
from engine.cards import Card, Suit, format_cards, shuffled
from engine.determinize import Hidden
from engine.errors import IllegalActionError
from engine.game import Action, GameSpec
from engine.i18n import N_, Text
from engine.games.piquet import declarations
from engine.games.piquet.declarations import CLAIM, SINK
from engine.games.piquet.phases import CAPOT_DIALOGUE, CLAIM_DIALOGUE, FLOW, LOOK_DIALOGUE, PHASES
from engine.games.piquet.rules import (CAPOT, CARTE_BLANCHE, ELDER_EXCHANGE, GAME_ID, LOOK, PLAY, PLAY_RULE, TALON,
                                       TRICKS, YOUNGER_EXCHANGE, Combo, PiquetRules, best, BonusTally, carte_blanche,
                                       deal_hands, deal_result, end_of_play, exchange_limits, first_dealer, pack,
                                       partie_result, trick_events, visible_left)
from engine.games.piquet import view as piquet_view
from engine.games.piquet.view import CATEGORY_TITLES, Combos, cards_said, deal_summary, view
from engine.ledger import Entry
from engine.partie import Partie
from engine.phases import ListHands, TrickTable
from engine.rules import implements
from engine.tricks import PlayRule

__all__ = ["PiquetState", "SPEC"]


T = TypeVar("T")


class PiquetState(ListHands, TrickTable, Partie):
    """A whole partie of Piquet (see the module)."""

    game_id = GAME_ID
    variant: PiquetRules
    UNIT = "column"
    APPEND_ONLY = Partie.APPEND_ONLY | {"shown", "said", "contest", "_closed", "columns", "cuts", "steps", "played"}
    trump = None  # type: ignore[assignment]  # (piquet has no trumps: the trick table reads None as none)
    tricks_per_deal = TRICKS
    PARTIE_RULES = {"deck": "piquet.deck.cards", "first_dealer": "piquet.deal.first-dealer",
                    "rotation": "piquet.deal.hands", "end": "piquet.partie.length"}
    FLOW = FLOW
    PHASES = PHASES

    def __init__(self, variant: PiquetRules, seed: int = 0, decks: Iterable[Iterable[str | Card]] | None = None,
                 first_dealer: int | None = None) -> None:
        variant.check()  # (rules altered behind their validation are refused, never played)
        self.params = variant  # (the rules, under the name the rule code reads them by)
        self.columns: list[tuple[int, int]] = []  # what each deal wrote in the two columns
        self._closed: list[tuple[Any, ...]] = []  # each deal at its end, for deal_summary (tuples, never changed)
        self.cuts: list[str] = []
        super().__init__(variant, seed, decks, first_dealer)

    # ----- the partie ------------------------------------------------------------
    def make_pack(self) -> list[Card]:
        return pack()

    def sides(self) -> list[list[int]]:
        return [[0], [1]]

    @implements("piquet.deal.first-dealer")
    def default_first_dealer(self) -> int:
        """Each player cuts; equal ranks cut again; the higher cut chooses, and deals."""
        rng = random.Random(f"{self.seed}/cut")
        while True:
            a, b = rng.sample(shuffled(self.pack, rng), 2)
            self.cuts.append(f"{a} {b}")
            dealer = first_dealer(a, b, winner_deals=True)
            if dealer is not None:
                break
            self.say("piquet.deal.first-dealer", None, N_("Seat 0 cuts {}, seat 1 cuts {}: equal, they cut again."),
                     a.symbol, b.symbol)
        self.say("piquet.deal.first-dealer", dealer, N_("Seat 0 cuts {}, seat 1 cuts {}: seat {} cut higher and "
                                                        "chooses to deal first."), a.symbol, b.symbol, dealer)
        return dealer

    @implements("piquet.deal.hands")
    def next_dealer(self) -> int:
        """The players deal in turn."""
        return 1 - self.dealer

    def deal(self, deck: list[Card]) -> None:
        self.elder = elder = 1 - self.dealer
        first, second, self.talon_cards = deal_hands(deck)
        self.dealt = [first, second] if elder == 0 else [second, first]
        self.hands = [sorted(h, key=lambda c: c.index) for h in self.dealt]
        self.drawn, self.taken = 0, [0, 0]  # cards drawn from the talon; by each seat
        self.exchanged_by: list[bool] = [False, False]
        self.pending: list[Card] = []
        self.discards: list[list[Card]] = [[], []]
        self.drew: list[list[Card]] = [[], []]
        self.looked: bool | None = None
        self.blanche: int | None = None  # who claimed carte blanche
        self.blanche_count: int | None = None  # the cards the elder who claimed it will exchange
        self.deferred = False  # the younger laid out first and draws after the elder (elder's blank)
        self.steps: list[str] = []
        self.said: list[dict[str, Any]] = []
        self.contest: list[dict[str, Any]] = []
        self.shown: list[dict[str, Any]] = []
        self.known: dict[Card, int] = {}  # cards both players know to be in a seat's hand
        self.blank_shown: tuple[int, tuple[Card, ...]] | None = None  # a hand shown before its exchange
        self.category, self.stage = "", ""
        self.categories: list[str] = []
        self.declared: dict[int, Combo] = {}
        self.named: list[Suit | None] = [None, None]
        self.scored: list[dict[str, list[Card]]] = [{}, {}]
        self.announced: int | None = None
        self.trick, self.leader, self.last_trick = [], elder, None
        self.tricks_won, self.tricks_played, self.voids = [0, 0], 0, [0, 0]
        self.played: list[Card] = []
        self._deal_from = len(self.ledger.entries)  # where this deal's entries begin in the ledger
        self.points = [0, 0]  # each seat's points this deal
        self.bonus_tally = BonusTally(self.params)  # the deal's entries in points, as the pique asks them
        self._combos: dict[tuple[int, str], Any] = {}  # what is reckoned of each hand as held (combo, memo)
        self.played_bits = 0  # the cards played this deal, as a bit set
        self.say("piquet.deal.hands", self.dealer, N_("Deal {}: seat {} deals twelve each, two at a time, and lays "
                                                      "eight face down for the talon; seat {} is the elder."),
                 self.deal_number, self.dealer, elder)
        holder = next((s for s in (elder, 1 - elder) if carte_blanche(self.dealt[s], self.dealt[s], self.params)),
                      None) if self.params.blanche_dealt else None
        if holder is not None:
            self.enter(CARTE_BLANCHE)
            CLAIM_DIALOGUE.open(self, [holder])
        else:
            self.start_exchange(elder)

    # ----- carte blanche dealt ------------------------------------------------------
    def claim_calls(self, seat: int) -> list[Action]:
        sink = [] if self.params.compulsory else [SINK]
        if seat == self.elder:
            least, most = exchange_limits(True, 0, self.params)
            return [Action("claim", value=n) for n in range(least, most + 1)] + sink
        return [CLAIM] + sink

    @implements("piquet.carte-blanche.procedure")
    def claim(self, seat: int, action: Action, asked: bool = True) -> None:
        """A younger who claims carte blanche shows his hand when the elder has exchanged; an
        elder who claims it says how many cards he will take, the younger lays out first, the
        elder shows his hand and exchanges, and the younger draws.  Either way it scores 10
        before anything else."""
        if asked:
            self.history.append((seat, action))
        if action.kind == "sink":
            self.call_said(seat, "sink", Text("keeps carte blanche back"), "piquet.declare.voluntary")
            return
        self.claim_blanche(seat, action.value)
        if seat == self.elder:
            self.blanche_count = int(action.value or 0)
            self.deferred = True

    def claim_blanche(self, seat: int, exchanging: Any = None) -> None:
        """Carte blanche claimed: what carte_blanche() scores, before any other score (shown at once after the
        exchange; under the dealt-hand reading when the procedure says); an elder who claims
        it as dealt says how many cards he will be ``exchanging``."""
        self.steps.append(f"{'elder' if seat == self.elder else 'younger'}-claims")
        self.blanche = seat
        said = (Text("claims carte blanche") if exchanging is None
                else Text("claims carte blanche and will exchange {}", exchanging))
        self.call_said(seat, "claim", said, "piquet.carte-blanche.procedure")
        points = self.blanche_points(seat)
        self.write(seat, points, "piquet.carte-blanche.score", Text(CATEGORY_TITLES["carte-blanche"]))
        self.contest_line(Text(CATEGORY_TITLES["carte-blanche"]), Text("seat {}: {}", seat, points),
                          "piquet.carte-blanche.score")
        if self.exchanged_by[seat]:
            self.show_blank(seat)

    def blanche_points(self, seat: int) -> int:
        """What ``seat``'s carte blanche scores (:func:`~engine.games.piquet.rules.carte_blanche`, the
        one home of its value; a claim is open only to a blank hand, so never 0 here)."""
        points = carte_blanche(self.hands[seat], self.dealt[seat], self.params)
        assert points, "carte blanche claimed or shown for a hand that is not blank"
        return points

    def after_claim(self) -> None:
        self.start_exchange(1 - self.elder if self.deferred else self.elder)

    def show_blank(self, seat: int) -> None:
        self.steps.append(f"{'elder' if seat == self.elder else 'younger'}-shows")
        if not self.exchanged_by[seat]:
            self.blank_shown = (seat, tuple(self.hands[seat]))
        self.show(seat, "carte-blanche", self.hands[seat], self.blanche_points(seat), "piquet.carte-blanche.procedure",
                  Text("shows carte blanche"))

    # ----- the exchanges ------------------------------------------------------------
    def start_exchange(self, seat: int) -> None:
        self.pending = []
        self.enter(ELDER_EXCHANGE if seat == self.elder else YOUNGER_EXCHANGE)
        self._to_act = seat
        if self.exchange_bounds(seat == self.elder)[1] == 0:  # (the elder who claimed carte blanche for none)
            self.exchanged(seat)

    def exchange_bounds(self, elder: bool) -> tuple[int, int]:
        """The fewest and most cards the elder (or the younger) lays out now."""
        if elder and self.blanche_count is not None:
            return self.blanche_count, self.blanche_count
        took = self.blanche_count if self.deferred and not self.exchanged_by[self.elder] else self.taken[self.elder]
        least, most = exchange_limits(elder, took or 0, self.params)
        return least, min(most, max(0, len(self.talon_cards) - self.drawn))  # (len(self.talon), not sliced)

    @property
    def talon(self) -> list[Card]:
        """The cards left in the talon, top first."""
        return self.talon_cards[self.drawn:]

    def exchanged(self, seat: int) -> None:
        """The exchange is made: the cards laid out, as many drawn from the top of the talon
        (a younger laying out before the elder's blank exchange draws after it)."""
        out, self.pending = self.pending, []
        self.discards[seat] = out
        younger = 1 - self.elder
        if self.deferred and seat == younger:
            self.steps.append("younger-discards")
            self.say("piquet.carte-blanche.procedure", seat, N_("Seat {} lays out {} and draws after the elder's "
                                                                "exchange."), seat, cards_said(len(out)))
            self.show_blank(self.elder)
            self.start_exchange(self.elder)
            return
        self.draw(seat, len(out))
        self.steps.append(f"{'elder' if seat == self.elder else 'younger'}-exchanges")
        if seat == self.elder:
            if self.deferred:
                self.draw(younger, len(self.discards[younger]))
                self.steps.append("younger-draws")
                self.after_exchanges()
                return
            if self.blanche == younger:
                self.show_blank(younger)  # (shown once the elder has exchanged, before his own exchange)
            self.start_exchange(younger)
            return
        self.after_exchanges()

    def lay_out(self, seat: int, card: Card) -> None:
        """``card`` laid out in ``seat``'s exchange, one at a time: from the hand to the cards
        laid out so far; what was reckoned of the hand as held goes (the advice's ``keep`` stays)."""
        self.hands[seat].remove(card)
        self.pending.append(card)
        self._combos = {k: v for k, v in self._combos.items() if k[1] == "keep"}

    def draw(self, seat: int, n: int) -> None:
        drawn = self.talon_cards[self.drawn:self.drawn + n]
        self.drawn += n
        self.taken[seat] = n
        self.drew[seat] = drawn
        self.exchanged_by[seat] = True
        self.hands[seat] = sorted(self.hands[seat] + drawn, key=lambda c: c.index)
        self._combos = {}
        self.say("piquet.exchange.limits", seat, N_("Seat {} exchanges {}; {} left in the talon."), seat,
                 cards_said(n), len(self.talon))

    def after_exchanges(self) -> None:
        if self.talon:
            self.enter(LOOK)
            LOOK_DIALOGUE.open(self, [1 - self.elder])
        else:
            declarations.start(self)

    @implements("piquet.exchange.look-at-left")
    def look(self, seat: int, looks: bool) -> None:
        self.history.append((seat, Action("look" if looks else "leave")))
        self.looked = looks
        n = len(self.talon)
        said = (Text("looks at the {} card(s) left in the talon", n, plural=("looks at the {} card(s) left in the "
                                                                             "talon", n)) if looks else
                Text("leaves unseen the {} card(s) left in the talon", n, plural=("leaves unseen the {} card(s) left "
                                                                                  "in the talon", n)))
        self.call_said(seat, "look" if looks else "leave", said, "piquet.exchange.look-at-left")

    def visible_talon(self, seat: int | None) -> list[Card]:
        """The talon's cards ``seat`` may see (all, for the omniscient view)."""
        if seat is None:
            return self.talon
        younger = self.taken[1 - self.elder] if self.exchanged_by[1 - self.elder] else None
        places = visible_left(seat == self.elder, self.taken[self.elder] if self.exchanged_by[self.elder] else
                              TALON, younger, bool(self.looked), self.tricks_played > 0 or bool(self.trick))
        if not self.exchanged_by[self.elder]:
            places = set()
        return [self.talon_cards[i] for i in range(self.drawn, TALON) if i in places]

    # ----- the declarations -----------------------------------------------------------
    def after_declarations(self) -> None:
        if self.params.open_capot:
            self.enter(CAPOT)
            CAPOT_DIALOGUE.open(self, [self.elder, 1 - self.elder])
        else:
            self.start_play()

    @implements("piquet.declare.in-time")
    def late(self, seat: int, action: Action) -> IllegalActionError:
        """Declarations are made before the first lead: one tried later is lost."""
        return IllegalActionError("piquet.declare.in-time", action, Text(
            "the declarations are over: a declaration not made in time cannot be made after the lead"), seat)

    # ----- the capot and the play -------------------------------------------------------
    def capot_call(self, seat: int, action: Action) -> None:
        self.history.append((seat, action))
        if action.kind == "announce" and self.announced is None:
            self.announced = seat
            self.call_said(seat, "announce", Text("announces an open capot"), "piquet.play.open-capot")
        else:
            self.call_said(seat, "pass", Text("plays without announcing"), "piquet.play.open-capot")

    def start_play(self) -> None:
        self.enter(PLAY)
        self.start_tricks(self.elder, [self.elder, 1 - self.elder])
        self.say("piquet.play.first-lead", self.elder, N_("Seat {} (the elder) leads to the first trick."), self.elder)

    @implements("piquet.play.follow-suit", "piquet.play.trick-winner")
    def trick_rule(self) -> PlayRule:
        """Follow suit if able, else any card; no trumps: the higher card of the suit led wins."""
        return PLAY_RULE

    def card_left_hand(self, seat: int, card: Card, i: int) -> None:
        super().card_left_hand(seat, card, i)
        self.played_bits |= 1 << card.index
        self._combos = {}

    def trick_taken(self, winner: int, trick: list[Card]) -> None:
        assert self.last_trick is not None  # (set by the trick play before this hook)
        for seat, rule, points, why in trick_events(self.tricks_played, self.last_trick[0], winner,
                                                    self.tricks_won[winner], self.params, trick[0]):
            self.write(seat, points, rule, why, in_play=True)

    def tricks_done(self) -> None:
        for seat, rule, points, why in end_of_play(self.tricks_won, self.params, self.announced):
            self.write(seat, points, rule, why, in_play=True)
        self.end_deal()

    # ----- the ledger -----------------------------------------------------------------
    def write(self, seat: int, amount: int, rule: str, why: Text, in_play: bool = False) -> None:
        """A score of the deal (in points, the ledger's ordered entries), and the repique or
        pique it brings, asked of those entries."""
        entry = self.score(seat, amount, rule, why, seat, unit="points")
        self.points[seat] += amount
        self.say(rule, seat, N_("Seat {} scores {}: {} (this deal {})."), seat, amount, why, self.points[seat])
        tally = self.bonus_tally
        if tally.settled:  # (no pique nor repique can be due any more this deal)
            return
        due = tally.due(entry, seat, self.elder, in_play)  # (bonus_due asked of the deal's entries)
        tally.add(entry)
        if due is not None:
            points, rule = due
            pique = rule == "piquet.bonus.pique"
            tally.add(self.score(seat, points, rule, Text(N_("Pique: 30 before the opponent scored") if pique else
                                                          N_("Repique: 30 before the opponent scored")), seat,
                                 unit="points"))
            self.points[seat] += points
            self.say(rule, seat, N_("Seat {}: pique! {} more (this deal {}).") if pique else
                     N_("Seat {}: repique! {} more (this deal {})."), seat, points, self.points[seat])
            self.contest_line(Text(N_("Pique") if pique else N_("Repique")), Text("seat {}: +{}", seat, points), rule)

    def clone(self) -> Self:
        new = super().clone()
        new.bonus_tally = self.bonus_tally.copy()
        return new

    def deal_points(self) -> list[int]:
        """Each seat's points in the deal in progress (or the last, once it is over)."""
        return list(self.points)

    def deal_entries(self) -> list[Entry]:
        """The deal's ledger entries in points, in the order written."""
        return [e for e in self.ledger.entries[self._deal_from:] if e.unit == "points"]

    def combo(self, seat: int, kind: str) -> Combo | None:
        """``seat``'s best combination of ``kind`` as his hand holds it now."""
        key = (seat, kind)
        if key not in self._combos:
            self._combos[key] = best(kind, self.hands[seat])
        found: Combo | None = self._combos[key]
        return found

    def memo(self, seat: int, name: str, reckon: Callable[[], T]) -> T:
        """What the advice reckons of ``seat``'s hand (``reckon()``), kept until the hand changes
        (by a draw or a card played; cards laid out in the exchange do not change it)."""
        key = (seat, name)
        if key not in self._combos:
            self._combos[key] = reckon()
        value: T = self._combos[key]
        return value

    def hand_bits(self, seat: int) -> int:
        return sum(1 << c.index for c in self.hands[seat])

    @implements("piquet.score.difference", "piquet.score.deal-total")
    def end_deal(self) -> None:
        """The deal's totals; the smaller is taken from the larger and the difference written
        in the higher column (under the rubicon both totals in full); then the partie."""
        totals = self.deal_points()
        winner, difference, _ = deal_result(totals, self.params)
        if self.params.partie.rubicon:
            for seat in (0, 1):
                self.score(seat, totals[seat], "piquet.score.deal-total",
                           Text("Deal {}: {} points, written in full", self.deal_number, totals[seat]), seat)
            self.columns.append((totals[0], totals[1]))
        elif winner is not None:
            self.score(winner, difference, "piquet.score.difference",
                       Text("{} against {}: {} to the higher column", max(totals), min(totals), difference), winner)
            self.columns.append((difference, 0) if winner == 0 else (0, difference))
        else:
            self.columns.append((0, 0))
        self.say("piquet.score.difference", winner, N_("Deal {}: {} against {}; {}."), self.deal_number, totals[0],
                 totals[1], Text("seat {} writes {}", winner, difference) if winner is not None
                 else Text("nothing is written"))
        self.ledger.close_deal()
        self._closed.append((self.elder, tuple(totals), tuple(self.tricks_won), self.announced,
                             tuple(tuple(sorted(c.items())) for c in self.contest)))
        result = partie_result(self.columns, self.params)
        if not result.finished:
            self.next_deal()
            return
        cols = self.totals()
        if result.winner is None:
            reason = Text("the columns are level at {} after {} deals: a drawn game", cols[0], result.deals)
            self.say("piquet.partie.tie", None, N_("Game: {}."), reason)
            self.end((), reason, "piquet.partie.tie")
            return
        reason = Text("seat {} wins by {} ({} to {} after {} deals)", result.winner, result.margin, cols[0], cols[1],
                      result.deals)
        self.say("piquet.partie.length", result.winner, N_("Game: {}."), reason)
        self.end((result.winner,), reason, "piquet.partie.length")

    # ----- what the table shows --------------------------------------------------------
    def call_said(self, seat: int, kind: str, text: Text | Combos, rule: str) -> None:
        """A call said at the table (its words kept as a sentence, written when read)."""
        self.said.append({"seat": seat, "kind": kind, "text": text, "rule": rule})
        self.say(rule, seat, N_("Seat {}: {}."), seat, text)

    def contest_line(self, label: Text, text: Text, rule: str, muted: bool = False) -> None:
        self.contest.append({"label": label, "text": text, "muted": muted, "rule": rule})

    def show(self, seat: int, kind: str, cards: list[Card], value: int | None, rule: str,
             text: Text | Combos) -> None:
        self.shown.append({"seat": seat, "kind": kind, "cards": [c._text for c in cards], "value": value,
                           "text": Text("Seat {}: {}: {}.", seat, text, format_cards(cards, symbols=True)),
                           "rule": rule})
        if kind != "carte-blanche" or self.exchanged_by[seat]:  # (else: in that hand or its discards)
            for card in cards:
                if card in self.hands[seat]:
                    self.known[card] = seat

    def prompt_fields(self) -> dict[str, Any]:
        fields = super().prompt_fields()
        if fields.get("winners") == []:
            del fields["winners"]  # (a drawn partie names no winner)
        return fields

    def view(self, seat: int | None) -> View:
        self.check_seat(seat)
        return view(self, seat)

    def deal_summary(self, deal: int) -> dict[str, Any]:
        return deal_summary(self, deal)

    # ----- the table's part of the view (engine.table_view's hooks) ---------------------
    def calls_view(self, viewer: int | None) -> Calls | None:
        return piquet_view.calls(self)

    def contest_view(self, viewer: int | None) -> Contest | None:
        return piquet_view.contest(self)

    def shows_view(self, viewer: int | None) -> list[Show]:
        return [shown_item(s["seat"], s["kind"], s["cards"], s["value"], s["text"], s["rule"]) for s in self.shown]

    def piles_view(self, viewer: int | None) -> list[Pile]:
        return piquet_view.piles(self, viewer)

    def seat_counts_view(self, viewer: int | None) -> list[list[SeatCount]]:
        return piquet_view.seat_counts(self)

    def taken_view(self, viewer: int | None) -> Taken | None:
        return piquet_view.taken(self, viewer)

    def ledger_view(self) -> LedgerView:
        return piquet_view.ledger(self)

    # ----- copies -------------------------------------------------------------------
    def hidden_from(self, seat: int) -> Hidden:
        """What ``seat`` cannot see (the other hand, his discards, the talon's unseen cards)
        and what it knows: cards shown, the cards it left that the other then drew, a carte
        blanche shown before its exchange (in that hand or its discards), a combination
        declared and not yet scored (kept in its declarer's hand: an approximation of the
        sampler's, not a view), and the suits the other has shown he lacks."""
        other = 1 - seat
        hidden = Hidden()
        knows = {c for c, s in self.known.items() if s == other}
        if seat == self.elder and self.exchanged_by[other]:
            left = self.talon_cards[self.taken[seat]:min(5, self.taken[seat] + self.taken[other])]
            knows |= {c for c in left if c in self.hands[other]}
        declared = self.declared.get(other)
        hidden.voids[0] = self.voids[other]
        hidden.add("hand", other, [c for c in self.hands[other] if c not in knows])
        exchanging = self._to_act == other and self._phase in (ELDER_EXCHANGE, YOUNGER_EXCHANGE)
        theirs = self.pending if exchanging else self.discards[other]
        hidden.add("discards", other, list(theirs))
        seen = set(self.visible_talon(seat))
        hidden.add("talon", -1, [c for c in self.talon if c not in seen])
        if declared is not None:
            for card in declared.cards:
                if card in hidden.cards[0]:
                    hidden.fixed[card] = [0]
        if self.blank_shown is not None and self.blank_shown[0] == other:
            for card in self.blank_shown[1]:
                if card not in knows:
                    hidden.fixed[card] = [0, 1]
        return hidden

    def place_hidden(self, seat: int, hidden: Hidden, cards: list[list[Card]], rng: random.Random) -> None:
        other = 1 - seat
        kept = [c for c in self.hands[other] if c not in hidden.cards[0]]
        self.hands[other] = sorted(kept + cards[0], key=lambda c: c.index)
        self._combos = {}
        if self._to_act == other and self._phase in (ELDER_EXCHANGE, YOUNGER_EXCHANGE):
            self.pending = cards[1]
        else:
            self.discards[other] = cards[1]
        unseen = iter(cards[2])
        seen = set(self.visible_talon(seat))
        talon = list(self.talon_cards)
        for i in range(self.drawn, TALON):
            if talon[i] not in seen:
                talon[i] = next(unseen)
        self.talon_cards = talon
        if self._phase == PLAY and self._to_act is not None:
            self.sync_hands()
            self._allowed = self.allowed_bits(self._to_act)


SPEC = GameSpec(
    id=GAME_ID,
    name="Piquet",
    min_players=2,
    max_players=2,
    variant_class=PiquetRules,
    state_class=PiquetState,
    summary=("Two-handed piquet with the 32-card pack, after Шевцов: an exchange from the talon, declarations of "
             "point, sequences and sets answered good, not good or equal, twelve tricks at no trumps, each deal "
             "recorded as the difference between the totals."),
    measures="engine.games.piquet.measures:PiquetMeasures",
    examples="engine.games.piquet.examples:RUNNERS",
    seen="engine.games.piquet.seen:PiquetSeen",
    order=3,
    bench_players=2,
)
