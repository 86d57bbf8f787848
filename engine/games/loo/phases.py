"""The loo family's deal (:data:`FLOW`) and its phases as objects, typed to the game
(:data:`PHASES` names them, the table every loo game has): the bidding (pass, stand or buy, a
dialogue, :data:`BIDDING`), a buyer's discards and draw (an exchange, :data:`BUYING`), and the
trick play (:data:`PLAY_TRICKS`).  Each holds no state: the deal lives in the :class:`~engine.games.loo.state.LooState`,
and a game adds its own (Памфил's lay-out and declaration, Рамс's dealer's exchange).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.cards import Card
from engine.errors import IllegalActionError
from engine.game import Action
from engine.games.loo.rules import BID, DISCARD, PLAY
from engine.i18n import N_, Text
from engine.partie import Partie
from engine.phases import Dialogue, Exchange, Phase, TrickPlay, TrickRules
from engine.phases.base import Flow

if TYPE_CHECKING:
    from engine.games.loo.state import LooState

__all__ = ["FLOW", "PHASES", "BIDDING", "BUYING", "PLAY_TRICKS", "flow_with"]


_BIDS = {choice: Action(choice) for choice in ("pass", "stand", "buy")}
"""Each bid's action, made once (actions are values)."""
_DRAWS = tuple(Action("draw", value=n) for n in range(53))
"""A buyer's draw of n cards, made once for each n (the legal list of every discard step offers it)."""


class _Bidding(Dialogue["LooState"]):
    """The bidding: each player in turn from the dealer's left passes, stands or buys
    (a buyer's discards and draw are an exchange, after which the bidding goes on); a
    seat whose only choice is to stand stands without being asked."""

    def calls(self, state: LooState, seat: int) -> list[Action]:
        return [_BIDS[choice] for choice in state.bid_options(seat)]

    def call(self, state: LooState, seat: int, action: Action) -> None:
        state.bid(seat, action)

    def automatic(self, state: LooState, seat: int) -> bool:
        if state.bid_options(seat) != ["stand"]:
            return False
        self.note(state, seat, _BIDS["stand"], state.stand_rule(seat))
        return state.stands_unasked(seat, asked=True)

    def said(self, state: LooState, seat: int, action: Action, viewer: int | None) -> str:
        return state.bid_word(seat) or action.kind

    def close(self, state: LooState) -> None:
        state.end_bidding()

    def advice(self, state: LooState, seat: int, legal: list[Action]) -> Action:
        return state.bid_advice(seat, {a.kind for a in legal})


class _Buying(Exchange["LooState"]):
    """A buyer lays aside the cards he does not want, one at a time (no more than the
    stock holds), then draws as many."""

    def offered(self, state: LooState, seat: int) -> list[Card]:
        return state.hands[seat]

    def given(self, state: LooState, seat: int) -> list[Card]:
        return state.pending

    def legal(self, state: LooState, seat: int) -> list[Action]:
        # Exchange.legal spelled out for the buyer (offered: the hand; most: the stock; least: one
        # card before the draw): the hot path of every discard step, without its six calls
        laid_aside = len(state.pending)
        gives = self._gives
        acts = [gives[c.index] for c in state.hands[seat]] if laid_aside < len(state.stock) else []
        if laid_aside >= self.least(state, seat):
            acts.append(self.finish_action(state, seat))
        return acts

    def most(self, state: LooState, seat: int) -> int:
        return len(state.stock)

    def complete(self, state: LooState, seat: int) -> bool:
        return len(state.pending) >= len(state.stock) or not state.hands[seat]

    def finish_action(self, state: LooState, seat: int) -> Action:
        n = len(state.pending)
        return _DRAWS[n] if n < len(_DRAWS) else Action("draw", value=n)

    def give_card(self, state: LooState, seat: int, card: Card) -> None:
        state.hands[seat].remove(card)
        state.known.pop(card, None)
        state.pending.append(card)

    def done(self, state: LooState, seat: int) -> None:
        state.draw(seat)

    def act(self, state: LooState, seat: int, action: Action) -> None:
        pending = len(state.pending)
        if action.kind == "draw" and pending and action.value is not None and str(action.value) != str(pending):
            raise IllegalActionError(self.rule_id(state), action,
                                     Text(DRAWS_AS_MANY, seat, pending, action.value, plural=(DRAWS_AS_MANY, pending)),
                                     seat)
        super().act(state, seat, action)

    def form_reason(self, state: LooState, seat: int) -> Text:
        return Text("seat {} is buying: discard a card ('discard <card>') or 'draw'", seat)

    def early_refusal(self, state: LooState, seat: int, action: Action) -> IllegalActionError:
        return IllegalActionError(self.rule_id(state), action,
                                  Text("a buyer first lays aside the cards he does not want: discard at least one"),
                                  seat)

    def full_refusal(self, state: LooState, seat: int, action: Action) -> IllegalActionError:
        stock = len(state.stock)
        return IllegalActionError(state.RULES.stock_limit, action,
                                  Text(STOCK_HOLDS_ONLY, stock, plural=(STOCK_HOLDS_ONLY, stock)), seat)

    def advice(self, state: LooState, seat: int, legal: list[Action]) -> Action:
        return state.discard_advice(seat)


DRAWS_AS_MANY = N_("seat {} has discarded {} card(s) and draws as many, not {}")
STOCK_HOLDS_ONLY = N_("the stock holds only {} card(s): no more discards")
"""Refusals with a count (Russian: its forms; English: "card(s)" whatever the count)."""


def _play_advice(state: LooState, seat: int, cards: list[Card]) -> Action:
    return state.play_advice(seat, cards)


BIDDING = _Bidding(BID, "bid", N_("Seat {seat}: bid"), choices=True, verb=N_("bid"), waiting=N_("waiting to bid"),
                   vocabulary=("pass", "stand", "buy"))
BUYING = _Buying("discard", N_("Seat {seat}: lay aside up to {most} unwanted cards, one at a time, "
                               "then draw as many"), give="discard", finish="draw")
PLAY_TRICKS = TrickPlay(TrickRules(follow="follow", hand="follow", winner="winner", form="follow"),
                        N_("Seat {seat}: play to trick {trick}, led by seat {leader}"),
                        cases={"lead": ("lead", N_("Seat {seat}: lead to the first trick")),
                               "next_lead": ("lead", N_("Seat {seat} won the last trick: lead to trick {trick}"))},
                        advice=_play_advice)

_BUY_EXITS = {"a buyer has drawn: the bidding goes on": (DISCARD, BID),
              "the last to speak stands or passes: the play": (BID, PLAY)}
FLOW = Flow(BID, DISCARD, PLAY, exits=_BUY_EXITS)
"""A deal of the loo family: the bidding, a buyer's discards and draw (after which the bidding
goes on; after the last seat's, the play), the play; a deal every seat passed is void, and
the next one starts.  A game adds its own (Памфил's lay-out and declaration, Рамс's dealer's
exchange) in a flow of its own (:func:`flow_with`)."""


def flow_with(*order: str, starts: tuple[str, ...] | None = None,
              exits: dict[str, tuple[str | tuple[str, ...], str]] | None = None) -> Flow:
    """A loo game's flow: ``order`` (which holds the bidding, the buying and the play), the
    buying's exits and the game's own ``exits``."""
    return Flow(*order, starts=starts, exits=_BUY_EXITS | (exits or {}))


PHASES: dict[str, Phase[Any]] = Partie.PHASES | {BID: BIDDING, DISCARD: BUYING, PLAY: PLAY_TRICKS}
"""The phases every loo game has, by name, a rule by its name in ``RULES``: the partie's own,
the bidding, the buying and the play."""
