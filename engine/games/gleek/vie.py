"""Gleek's vie of the ruff, its gleeks, mournivals and Tyde, and the calls and payments of
a deal (a part of the partie).

:class:`VieTable` is the partie of a game with a vie: the deal's calls as the view shows
them, the payments between players and into the pot or the bank (every one a ledger
entry in tokens naming its rule), the cards shown, each seat's ruff, and the vie itself
as a :class:`_Vie` dialogue in four stages: the declarations from the eldest (vie or
pass), the answers to a vie (let it go, see it, revie it), the contest of two (revie by
2 or yield) and the show after a yield; all passing stakes 2 coins each into a pot. Then
the gleeks and mournivals, and the Tyde (a :class:`_Tyde` dialogue when it may be kept back).
:class:`~engine.games.gleek.state.GleekState` builds on it.
"""

from __future__ import annotations

from typing import Any, NamedTuple

from engine.cards import Card, Suit
from engine.errors import IllegalActionError
from engine.actions import Named
from engine.game import Action
from engine.i18n import N_, Text, _, ngettext
from engine.games.gleek import advice
from engine.games.gleek.rules import (
    ANSWER, CONTEST, DECLARE, DONE, KEEP_TYDE, NO_SHOW, PASS, SHOW_TYDE, SHOWDOWN, TYDE, VIE_KINDS, four_of_trumps,
    gleek_share,
    sets_of, PLAYERS, REVIE, SEE, SHOW, VIE, VIE_CALL, YIELD, GleekRules, Ruff, coins_said, order_of_play,
    ruff_of, ruff_winner, tokens_said,
)
from engine.partie import Partie
from engine.phases import Dialogue
from engine.rules import implements


__all__ = ["VieTable", "Call", "Shown", "SHOW_TYDE_ACT", "KEEP_TYDE_ACT", "VIE_RULES", "DECLARE", "ANSWER", "CONTEST", "SHOWDOWN", "DONE", "PASS_ACT"]

VIE_RULES = {DECLARE: "gleek.vie.order", ANSWER: "gleek.vie.responses", CONTEST: "gleek.vie.revie",
             SHOWDOWN: "gleek.vie.show-after-yield", DONE: "gleek.vie.responses"}
PASS_ACT, VIE_ACT, SEE_ACT, REVIE_ACT = Action(PASS), Action(VIE_CALL), Action(SEE), Action(REVIE)
YIELD_ACT, SHOW_ACT, NO_SHOW_ACT = Action(YIELD), Action(SHOW), Action(NO_SHOW)
SHOW_TYDE_ACT, KEEP_TYDE_ACT = Action(SHOW_TYDE), Action(KEEP_TYDE)
STAGE_CALLS = {DECLARE: [VIE_ACT, PASS_ACT], ANSWER: [PASS_ACT, SEE_ACT, REVIE_ACT], CONTEST: [REVIE_ACT, YIELD_ACT],
               SHOWDOWN: [SHOW_ACT, NO_SHOW_ACT], DONE: []}
LIMIT_ROUNDS = 3
Owed = tuple[int, str, str, tuple[Any, ...]]
"""A payment owed for the ruff: coins, rule, the reason's template and its arguments (the coins follow)."""
THE_RUFF = N_("the ruff: {}")
"""The reason of the ruff's base payment (the coins)."""
RUFF_WORDS = (N_("Seat {} shows a ruff of {} in spades: {}."), N_("Seat {} shows a ruff of {} in hearts: {}."),
              N_("Seat {} shows a ruff of {} in diamonds: {}."), N_("Seat {} shows a ruff of {} in clubs: {}."))
"""A ruff shown, by its suit's index: the seat, its sum, the cards."""
SET_WORDS = {("gleek", 11): N_("a gleek of jacks"), ("gleek", 12): N_("a gleek of queens"),
             ("gleek", 13): N_("a gleek of kings"), ("gleek", 14): N_("a gleek of aces"),
             ("mournival", 11): N_("a mournival of jacks"), ("mournival", 12): N_("a mournival of queens"),
             ("mournival", 13): N_("a mournival of kings"), ("mournival", 14): N_("a mournival of aces")}
"""A gleek or mournival shown, by kind and rank."""


NO_RUFF = Ruff(0, Suit.SPADES, False)
"""A place-holder among the ruffs compared, for a seat not in the comparison."""


class Call(NamedTuple):
    """A call of the deal's dialogues, in the game's words (the view's ``calls``)."""

    seat: int
    kind: str
    text: Text
    rule: str


class Shown(NamedTuple):
    """Cards shown to the table: a ruff, a gleek or mournival, the Tyde (the view's ``shows``)."""

    seat: int
    kind: str
    cards: tuple[Card, ...]
    value: int | None
    text: Text
    rule: str


class _Vie(Dialogue["VieTable"]):
    """The vie of the ruff: declarations from the eldest, the answers to a vie, the
    contest of two, the show after a yield (the stage is the partie's ``vie_stage``)."""

    def calls(self, state: VieTable, seat: int) -> list[Action]:
        return list(STAGE_CALLS[state.vie_stage])

    def act(self, state: VieTable, seat: int, action: Action) -> None:
        open_calls = self.calls(state, seat)
        if action not in open_calls:
            stage = state.vie_stage
            raise IllegalActionError(VIE_RULES[stage], action, Text(_STAGE_WORDS[stage], seat, Named(open_calls)),
                                     seat)
        self.call(state, seat, action)

    def call(self, state: VieTable, seat: int, action: Action) -> None:
        state.vie_call(seat, action)

    def close(self, state: VieTable) -> None:
        if state.vie_stage == DECLARE:
            state.all_passed()
        else:
            state.vie_unanswered()

    def label(self, state: VieTable, action: Action) -> str:
        stake = state.stake + 2 if state.vie_stage == CONTEST else 4
        if action.kind == PASS:
            return _("Let it go") if state.vie_stage == ANSWER else _("Pass")
        if action.kind == REVIE:
            return ngettext("Revie (to {} coins)", "Revie (to {} coins)", stake).format(stake)
        return _({VIE_CALL: N_("Vie the ruff"), SEE: N_("See it"), YIELD: N_("Yield"), SHOW: N_("Show the ruffs"),
                  NO_SHOW: N_("No show")}[action.kind])

    def fields(self, state: VieTable) -> dict[str, Any]:
        return {"case": state.vie_stage, "stake": str(coins_said(state.stake))}

    def advice(self, state: VieTable, seat: int, legal: list[Action]) -> Action:
        return advice.vie(state, seat, legal)


_STAGE_WORDS = {DECLARE: N_("seat {} is to vie the ruff or pass: {}"), ANSWER: N_("seat {} is to answer the vie: {}"),
                CONTEST: N_("seat {} is to revie or yield: {}"),
                SHOWDOWN: N_("seat {} is to call for the show or not: {}"),
                DONE: N_("seat {} is to wait: the vie is over: {}")}
"""The refusal of a call the vie's stage does not open, by stage: the seat, the calls open."""



class _Tyde(Dialogue["VieTable"]):
    """When the holder may keep the Tyde back: each player in turn shows it (if he holds
    it) or shows none, so that no one learns where it is from being asked."""

    def calls(self, state: VieTable, seat: int) -> list[Action]:
        held = four_of_trumps(state.trump) in state.hands[seat]
        return [SHOW_TYDE_ACT, KEEP_TYDE_ACT] if held else [KEEP_TYDE_ACT]

    def call(self, state: VieTable, seat: int, action: Action) -> None:
        state.tyde_call(seat, action)
        self.advance(state)

    def automatic(self, state: VieTable, seat: int) -> bool:
        return state.tyde_paid is not None  # shown: nobody else can hold it

    def close(self, state: VieTable) -> None:
        state.tyde_done()

    def label(self, state: VieTable, action: Action) -> str:
        return _("Show the Tyde") if action.kind == SHOW_TYDE else _("Show no Tyde")

    def advice(self, state: VieTable, seat: int, legal: list[Action]) -> Action:
        return SHOW_TYDE_ACT


VIE_DIALOGUE = _Vie(VIE, "gleek.vie.order", N_("Seat {seat}: vie the ruff or pass"),
                    cases={"answer": ("gleek.vie.responses", N_("Seat {seat}: the ruff is vied at {stake}")),
                           "contest": ("gleek.vie.revie", N_("Seat {seat}: the contest for the ruff stands at {stake}")),
                           "showdown": ("gleek.vie.show-after-yield", N_("Seat {seat}: the contest has been yielded"))},
                    choices=True, verb="speak", vocabulary=VIE_KINDS)
TYDE_DIALOGUE = _Tyde(TYDE, "gleek.tyde.timing", N_("Seat {seat}: show the Tyde now, if you hold it, or keep it back"),
                      choices=True, verb=N_("show the Tyde or not"), vocabulary=(SHOW_TYDE, KEEP_TYDE))
"""The vie and the Tyde (:class:`~engine.games.gleek.state.GleekState` names them in its ``PHASES``)."""


class VieTable(Partie):
    """A partie with Gleek's vie (see the module); the game declares what follows it
    (:meth:`_after_vie`)."""

    params: GleekRules
    hands: list[list[Card]]
    turned: Card
    trump: Suit
    pot: int
    gleek_values: list[int]
    tyde_paid: str | None
    tyde_holder: int | None
    _tyde_due: bool
    calls: list[Call]
    shows: list[Shown]

    def _reset_vie(self) -> None:
        """A new deal: no call made, no card shown, nobody vying."""
        self.calls = []
        self.shows = []
        self.vie_stage = DONE
        self.vier_: int | None = None
        self.challenger: int | None = None
        self.yielder: int | None = None
        self.stake = 0
        self._own = [0] * PLAYERS
        self.vie_round = 1
        self._passed_before: list[int] = []
        self.ruff_winner_: int | None = None
        self.vie_end = ""
        self.vie_closed: tuple[str, Text] | None = None

    def _after_vie(self) -> None:
        """What follows the vie (the gleeks, the Tyde, the tricks)."""
        raise NotImplementedError

    def _start_play(self) -> None:
        """The tricks begin (after the gleeks and the Tyde)."""
        raise NotImplementedError

    def _call(self, seat: int, kind: str, text: Text, rule: str) -> None:
        self.calls.append(Call(seat, kind, text, rule))
        self.say(rule, seat, N_("Seat {} {}."), seat, text)

    def _pay(self, payer: int, payee: int, tokens: int, rule: str, why: Text) -> None:
        if tokens:
            self.ledger.pay(self.deal_number, payer, payee, tokens, "tokens", rule, why)
            self.say(rule, payer, N_("Seat {} pays seat {} {}: {}."), payer, payee,
                     Text("{} token", tokens, plural=("{} tokens", tokens)), why)

    def _to_table(self, seat: int, tokens: int, rule: str, why: Text) -> None:
        """A payment into (negative) or out of (positive) the bank or the ruff pot."""
        if tokens:
            self.score(seat, tokens, rule, why, seat)
            self.say(rule, seat, N_("Seat {} receives {}: {}.") if tokens > 0 else N_("Seat {} pays {}: {}."), seat,
                     tokens_said(abs(tokens)), why)

    @implements("gleek.stakes.units")
    def coins(self, coins: int) -> int:
        """``coins`` in tokens: a coin is 12 tokens, or one under the single unit
        (:attr:`~engine.games.gleek.rules.GleekRules.coin`); every amount is kept in tokens."""
        return coins * self.params.coin

    # ----- the vie --------------------------------------------------------------------
    @implements("gleek.vie.order")
    def _start_vie(self) -> None:
        """Beginning with the eldest, each in turn vies or passes."""
        self.vie_stage = DECLARE
        self._passed_before = []
        self.enter(VIE)
        VIE_DIALOGUE.open(self, order_of_play(self.dealer))

    @implements("gleek.ruff.in-hand", "gleek.gleeks.turned-card")
    def ruff(self, seat: int) -> Ruff:
        """``seat``'s ruff from his hand, with the turned card where it is his and the reading counts it."""
        cards = self.hands[seat]
        if self.params.turned_in_ruff and self.owns_turned(seat):
            cards = cards + [self.turned]
        return ruff_of(cards)

    def owns_turned(self, seat: int) -> bool:
        """Whether the turned card counts for ``seat``: the dealer's, or open to all."""
        return seat == self.dealer or not self.params.turned_to_dealer

    @implements("gleek.vie.order", "gleek.vie.responses", "gleek.vie.revie", "gleek.vie.yield",
                "gleek.vie.show-after-yield")
    def vie_call(self, seat: int, action: Action) -> None:
        """One call of the vie (see the phase): a vie opens the answers from the vier's left;
        the first see or revie closes them; the two contestants then raise by 2 in turn, the
        vier first, until one yields; the show after a yield by the reading."""
        self.history.append((seat, action))
        stage, kind, vie = self.vie_stage, action.kind, VIE_DIALOGUE
        if stage == DECLARE:
            if kind == PASS:
                self._passed_before.append(seat)
                self._call(seat, PASS, Text("passes"), "gleek.vie.order")
                vie.advance(self)
                return
            self.vier_, self.stake, self._own[seat] = seat, 2, 2
            self._call(seat, VIE_CALL, Text("vies the ruff"), "gleek.vie.order")
            self.vie_stage = ANSWER
            vie.open(self, [(seat + 1) % PLAYERS, (seat + 2) % PLAYERS])
        elif stage == ANSWER:
            if kind == PASS:
                self._call(seat, PASS, Text("lets it go"), "gleek.vie.responses")
                vie.advance(self)
                return
            self.challenger = seat
            if kind == SEE:
                self._call(seat, SEE, Text("sees it"), "gleek.vie.see")
                self._seen()
                return
            self.stake = self._own[seat] = 4
            self._call(seat, REVIE, Text("revies to {} coins", 4, plural=("revies to {} coins", 4)), "gleek.vie.revie")
            self.vie_stage = CONTEST
            vie.open(self, [self._vier()])
        elif stage == CONTEST:
            other = self._opponent(seat)
            if kind == REVIE:
                self.stake += 2
                self._own[seat] = self.stake
                self._call(seat, REVIE, Text("revies to {} coins", self.stake, plural=("revies to {} coins", self.stake)),
                           "gleek.vie.revie")
                vie.open(self, [other])
                return
            self.yielder = seat
            self._call(seat, YIELD, Text("yields at {} coins", self.stake, plural=("yields at {} coins", self.stake)),
                       "gleek.vie.yield")
            self.vie_stage = SHOWDOWN
            vie.open(self, [seat if self.params.show.yielder_calls else other])
        else:
            shown = kind == SHOW
            self._call(seat, kind, Text("calls for the show") if shown else Text("does not call for the show"),
                       "gleek.vie.show-after-yield")
            self._after_yield(shown)

    def _vier(self) -> int:
        assert self.vier_ is not None  # (asked only once someone has vied)
        return self.vier_

    def _opponent(self, seat: int) -> int:
        assert self.challenger is not None  # (the contest is between the vier and the revier)
        return self.challenger if seat == self.vier_ else self._vier()

    def _show_ruff(self, seat: int, rule: str = "gleek.ruff.value") -> Ruff:
        ruff = self.ruff(seat)
        cards = self.hands[seat] + ([self.turned] if self.params.turned_in_ruff and self.owns_turned(seat) else [])
        shown = [c for c in cards if (c.rank_value == 14 if ruff.four_aces else c.suit is ruff.suit)]
        if ruff.four_aces:
            self.show(seat, "ruff", shown, ruff.value, "gleek.ruff.four-aces", N_("Seat {} shows four aces: {}."), seat)
        else:
            self.show(seat, "ruff", shown, ruff.value, rule, RUFF_WORDS[ruff.suit.index], seat, ruff.value)
        return ruff

    def show(self, seat: int, kind: str, cards: list[Card], value: int | None, rule: str, template: str,
             *args: Any) -> None:
        """Cards shown to the table (a ruff, gleeks and mournivals, the Tyde): the sentence
        ``template`` with ``args``, then the cards."""
        self.shows.append(Shown(seat, kind, tuple(cards), value, Text(template, *args, list(cards)), rule))
        self.say(rule, seat, template, *args, list(cards))

    def _better(self, a: int, b: int) -> int:
        ruffs = [NO_RUFF] * PLAYERS  # (only the two shown are compared)
        for seat in sorted((a, b), key=order_of_play(self.dealer).index):
            ruffs[seat] = self._show_ruff(seat)
        return ruff_winner(ruffs, [a, b], self.dealer)

    @implements("gleek.vie.see", "gleek.vie.caught-claimant", "gleek.ruff.tie")
    def _seen(self) -> None:
        """The vier and the seer show; the better ruff wins; a seer who loses pays 4 more,
        a caught vier too by the reading."""
        vier, seer = self._vier(), self.challenger
        assert seer is not None
        winner = self._better(vier, seer)
        if winner == vier:
            owed = {seer: [(2, "gleek.vie.base-payment", THE_RUFF, ()),
                           (4, "gleek.vie.see", N_("a see that lost: {}"), ())]}
        else:
            more = ([(4, "gleek.vie.caught-claimant", N_("a vie caught by the see: {}"), ())]
                    if self.params.caught_pays_more else [])
            owed = {vier: [(2, "gleek.vie.base-payment", THE_RUFF, ()), *more]}
        self.vie_closed = ("gleek.vie.responses", Text("seat {}'s see closed the answers: the vie is over", seer))
        self._vie_won(winner, "seen", owed)

    @implements("gleek.vie.yield", "gleek.vie.show-after-yield")
    def _after_yield(self, shown: bool) -> None:
        """The yield stands (the yielder forfeits his own stake, or the stake as raised), or
        the show decides (the loser pays the stake and 2 more), or a show that does not
        decide costs the yielder 2 more."""
        yielder = self.yielder
        assert yielder is not None
        other = self._opponent(yielder)
        forfeit = self.stake if self.params.yield_as_raised else self._own[yielder]
        owed: dict[int, list[Owed]]
        if shown and self.params.show.decides:
            winner = self._better(yielder, other)
            loser = other if winner == yielder else yielder
            owed = {loser: [(self.stake + 2, "gleek.vie.show-after-yield", N_("the show after the yield at {}: {}"),
                             (self.stake,))]}
        else:
            owed = {yielder: [(forfeit, "gleek.vie.yield", N_("yielded at {} coins: {}"), (self.stake,))]}
            winner = other
            if shown:
                self._show_ruff(other, "gleek.vie.show-after-yield")
                owed[yielder].append((2, "gleek.vie.show-after-yield", N_("the show after the yield: {}"), ()))
        self.vie_closed = ("gleek.vie.show-after-yield", Text("the contest has been yielded: the vie is over"))
        self._vie_won(winner, "shown" if shown else "yielded", owed)

    def vie_unanswered(self) -> None:
        """Nobody answered the vie: the vier wins the ruff unseen."""
        self._vie_won(self._vier(), "unseen", {})

    @implements("gleek.vie.base-payment")
    def _vie_won(self, winner: int, how: str, owed: dict[int, list[Owed]]) -> None:
        """The ruff's winner is paid 2 coins by each who pays for it (a contestant's 2 are in
        what he owes; a player who passed before the vie is exempt by the reading) and
        takes the pot."""
        for seat in order_of_play(self.dealer):
            if seat == winner:
                continue
            if seat not in owed and seat in self._passed_before and not self.params.passers_pay:
                self.say("gleek.vie.base-payment", seat, N_("Seat {} passed before the vie: he pays nothing for it."),
                         seat)
                continue
            for coins, rule, why, args in owed.get(seat, [(2, "gleek.vie.base-payment", THE_RUFF, ())]):
                self._pay(seat, winner, self.coins(coins), rule, Text(why, *args, coins_said(coins)))
        self._take_pot(winner, "gleek.vie.all-pass")
        self.ruff_winner_, self.vie_end = winner, how
        self.say("gleek.vie.base-payment", winner, N_("Seat {} wins the ruff."), winner)
        self._after_vie()

    def _take_pot(self, winner: int, rule: str) -> None:
        if self.pot:
            self._to_table(winner, self.pot, rule, Text("the ruff pot of {}", tokens_said(self.pot)))
            self.pot = 0

    @implements("gleek.vie.all-pass", "gleek.vie.all-pass-limit")
    def all_passed(self) -> None:
        """All three passed: each stakes 2 coins into the pot; the declarations begin again
        (after three such rounds the best ruff shown takes the pot), or the pot waits for a
        later deal, by the reading."""
        for seat in order_of_play(self.dealer):
            self._to_table(seat, -self.coins(2), "gleek.vie.all-pass", Text("2 coins staked into the ruff pot"))
            self.pot += self.coins(2)
        if self.params.pot_carries:
            self.vie_end = "carried"
            self.vie_closed = ("gleek.vie.all-pass", Text("all passed: there is no second round of declarations in "
                                                          "this deal, the pot waits for a later deal"))
            self.say("gleek.vie.all-pass", None, N_("All pass: no ruff is won this deal; the pot of {} waits."),
                     tokens_said(self.pot))
            self._after_vie()
        elif self.vie_round >= LIMIT_ROUNDS:
            self.say("gleek.vie.all-pass-limit", None, N_("All have passed {} rounds running: the ruffs are shown."),
                     LIMIT_ROUNDS)
            for seat in order_of_play(self.dealer):
                self._show_ruff(seat, "gleek.vie.all-pass-limit")
            winner = ruff_winner([self.ruff(s) for s in range(PLAYERS)], range(PLAYERS), self.dealer)
            self._take_pot(winner, "gleek.vie.all-pass-limit")
            self.ruff_winner_, self.vie_end = winner, "limit"
            self.vie_closed = ("gleek.vie.all-pass-limit", Text("the ruffs have been shown after three rounds of passes"))
            self._after_vie()
        else:
            self.vie_round += 1
            self._passed_before = []
            VIE_DIALOGUE.open(self, order_of_play(self.dealer))

    # ----- gleeks, mournivals and the Tyde ----------------------------------------------
    @implements("gleek.gleeks.values", "gleek.gleeks.payment", "gleek.gleeks.turned-card")
    def _gleeks(self) -> None:
        """Each player's gleeks and mournivals (with the turned card where it counts for
        him) are shown and paid by the two others, shared or each in full."""
        for seat in order_of_play(self.dealer):
            cards = self.hands[seat] + ([self.turned] if self.owns_turned(seat) else [])
            found = sets_of(cards)
            for rank, same, value in found:
                kind = "mournival" if len(same) == 4 else "gleek"
                self.show(seat, kind, same, value, "gleek.gleeks.values", N_("Seat {} shows {}, worth {}: {}."), seat,
                          Text(SET_WORDS[kind, rank.value]), coins_said(value))
            total = sum(value for _, _, value in found)
            self.gleek_values[seat] = total
            for payer, tokens in gleek_share(seat, self.coins(total), self.params.gleek_from_each):
                self._pay(payer, seat, tokens, "gleek.gleeks.payment", Text(
                    "gleeks and mournivals worth {} coin", total, plural=("gleeks and mournivals worth {} coins", total)))

    @implements("gleek.tyde.payment", "gleek.tyde.turned", "gleek.tyde.timing")
    def _tyde(self) -> bool:
        """The holder of the four of trumps is paid 2 coins by each, before the tricks (or
        when he shows it, by the reading; True when the players are asked); a turned Tyde
        is its owner's, paid once or double."""
        four = four_of_trumps(self.trump)
        when = "before-tricks" if self.params.tyde_before_tricks else "gleeks"
        if self.turned is four:
            if not self.params.turned_to_dealer:
                self.say("gleek.tyde.turned", None,
                         N_("The Tyde is the turned card and in no one's hand: nothing is paid."))
                return False
            self._tyde_paid(self.dealer, 2 * self.params.turned_tyde, "gleek.tyde.turned", when)
            return False
        holder = next((s for s in range(PLAYERS) if four in self.hands[s]), None)
        if self.params.tyde_before_tricks:
            if holder is not None:
                self._tyde_paid(holder, 2, "gleek.tyde.payment", when)
            return False
        self.enter(TYDE)
        TYDE_DIALOGUE.open(self, order_of_play(self.dealer))
        return True

    def _tyde_paid(self, seat: int, coins: int, rule: str, when: str) -> None:
        self.tyde_holder, self.tyde_paid = seat, when
        self.show(seat, "tyde", [four_of_trumps(self.trump)], coins, rule, N_("Seat {} has the Tyde: {}."), seat)
        for payer in order_of_play(self.dealer):
            if payer != seat:
                self._pay(payer, seat, self.coins(coins), rule, Text("the Tyde: {}", coins_said(coins)))

    def tyde_call(self, seat: int, action: Action) -> None:
        self.history.append((seat, action))
        if action.kind == SHOW_TYDE:
            self._call(seat, SHOW_TYDE, Text("shows the Tyde"), "gleek.tyde.timing")
            self._tyde_paid(seat, 2, "gleek.tyde.payment", "gleeks")
        else:
            self._call(seat, KEEP_TYDE, Text("shows no Tyde"), "gleek.tyde.timing")

    def tyde_done(self) -> None:
        self._tyde_due = self.tyde_paid is None  # whoever plays the four of trumps is paid then
        self._start_play()
