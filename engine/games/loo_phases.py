"""The loo family's phases as objects (:data:`PHASES`, the table every loo game has): the
bidding (pass, stand or buy, a dialogue), a buyer's discards and draw (an exchange), and the
trick play.  Each holds no state: the deal lives in the :class:`~engine.games.loo.LooState`,
and a game adds its own (Памфил's lay-out and declaration, Рамс's dealer's exchange).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from engine.cards import Card
from engine.errors import IllegalActionError
from engine.game import Action
from engine.games.loo_rules import BID, DISCARD, PLAY
from engine.i18n import N_, Text
from engine.partie import Partie
from engine.phases import Dialogue, Exchange, Phase, TrickPlay, TrickRules

if TYPE_CHECKING:
    from engine.games.loo import LooState

__all__ = ["PHASES"]


_BIDS = {choice: Action(choice) for choice in ("pass", "stand", "buy")}
"""Each bid's action, made once (actions are values)."""


class _Bidding(Dialogue):
    """The bidding: each player in turn from the dealer's left passes, stands or buys
    (a buyer's discards and draw are an exchange, after which the bidding goes on); a
    seat whose only choice is to stand stands without being asked."""

    def calls(self, state: Partie, seat: int) -> list[Action]:
        return [_BIDS[choice] for choice in cast("LooState", state).bid_options(seat)]

    def call(self, state: Partie, seat: int, action: Action) -> None:
        cast("LooState", state)._bid(seat, action)

    def automatic(self, state: Partie, seat: int) -> bool:
        loo = cast("LooState", state)
        if loo.bid_options(seat) != ["stand"]:
            return False
        self.note(state, seat, Action("stand"), loo._stand_rule(seat))
        return loo.stands_unasked(seat)

    def said(self, state: Partie, seat: int, action: Action, viewer: int | None) -> str:
        return cast("LooState", state).bid_word(seat) or action.kind

    def close(self, state: Partie) -> None:
        cast("LooState", state)._end_bidding()

    def advice(self, state: Partie, seat: int, legal: list[Action]) -> Action:
        return cast("LooState", state).bid_advice(seat, {a.kind for a in legal})


class _Buying(Exchange):
    """A buyer lays aside the cards he does not want, one at a time (no more than the
    stock holds), then draws as many."""

    def offered(self, state: Partie, seat: int) -> list[Card]:
        return cast("LooState", state).hands[seat]

    def given(self, state: Partie, seat: int) -> list[Card]:
        return cast("LooState", state).pending

    def most(self, state: Partie, seat: int) -> int:
        return len(cast("LooState", state).stock)

    def complete(self, state: Partie, seat: int) -> bool:
        loo = cast("LooState", state)
        return len(loo.pending) >= len(loo.stock) or not loo.hands[seat]

    def finish_action(self, state: Partie, seat: int) -> Action:
        return Action("draw", value=len(cast("LooState", state).pending))

    def give_card(self, state: Partie, seat: int, card: Card) -> None:
        loo = cast("LooState", state)
        loo.hands[seat].remove(card)
        loo.known.pop(card, None)
        loo.pending.append(card)

    def done(self, state: Partie, seat: int) -> None:
        cast("LooState", state)._draw(seat)

    def act(self, state: Partie, seat: int, action: Action) -> None:
        pending = len(cast("LooState", state).pending)
        if action.kind == "draw" and pending and action.value is not None and str(action.value) != str(pending):
            raise IllegalActionError(self.rule_id(state), action,
                                     Text(DRAWS_AS_MANY, seat, pending, action.value, plural=(DRAWS_AS_MANY, pending)),
                                     seat)
        super().act(state, seat, action)

    def form_reason(self, state: Partie, seat: int) -> Text:
        return Text("seat {} is buying: discard a card ('discard <card>') or 'draw'", seat)

    def early_refusal(self, state: Partie, seat: int, action: Action) -> IllegalActionError:
        return IllegalActionError(self.rule_id(state), action,
                                  Text("a buyer first lays aside the cards he does not want: discard at least one"),
                                  seat)

    def full_refusal(self, state: Partie, seat: int, action: Action) -> IllegalActionError:
        stock = len(cast("LooState", state).stock)
        return IllegalActionError(cast("LooState", state).RULES.stock_limit, action,
                                  Text(STOCK_HOLDS_ONLY, stock, plural=(STOCK_HOLDS_ONLY, stock)), seat)

    def advice(self, state: Partie, seat: int, legal: list[Action]) -> Action:
        return cast("LooState", state).discard_advice(seat)


DRAWS_AS_MANY = N_("seat {} has discarded {} card(s) and draws as many, not {}")
STOCK_HOLDS_ONLY = N_("the stock holds only {} card(s): no more discards")
"""Refusals with a count (Russian: its forms; English: "card(s)" whatever the count)."""


def _play_advice(state: LooState, seat: int, cards: list[Card]) -> Action:
    return state.play_advice(seat, cards)


PHASES: dict[str, Phase] = Partie.PHASES | {  # the phases every loo game has, a rule by its name in ``RULES``
    BID: _Bidding(BID, "bid", N_("Seat {seat}: bid"), choices=True, verb=N_("bid"), waiting=N_("waiting to bid"),
                  vocabulary=("pass", "stand", "buy")),
    DISCARD: _Buying("discard", N_("Seat {seat}: lay aside up to {most} unwanted cards, one at a time, "
                                   "then draw as many"), give="discard", finish="draw"),
    PLAY: TrickPlay(TrickRules(follow="follow", hand="follow", winner="winner", form="follow"),
                    N_("Seat {seat}: play to trick {trick}, led by seat {leader}"),
                    cases={"lead": ("lead", N_("Seat {seat}: lead to the first trick")),
                           "next_lead": ("lead", N_("Seat {seat} won the last trick: lead to trick {trick}"))},
                    advice=_play_advice),
}
"""The loo family's phases: the partie's own, the bidding, the buying and the play."""
