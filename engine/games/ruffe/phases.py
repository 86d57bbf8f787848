"""Ruffe and Trumps' deal (:data:`FLOW`) and its phases as objects, typed to the game: the
ruff (each player in turn announces his best ruff, a dialogue, :data:`RUFF_DIALOGUE`), the
head (its taker lays out four cards, an exchange, :data:`HEAD_EXCHANGE`) and the play
(:data:`PLAY_TRICKS`); :data:`PHASES` names them for the views and records.  Each holds no
state: the deal lives in the :class:`~engine.games.ruffe.state.RuffeState`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.cards import Card
from engine.errors import IllegalActionError
from engine.game import Action
from engine.i18n import N_, Text, tr
from engine.games.ruffe import advice
from engine.games.ruffe import view as ruffe_view
from engine.games.ruffe.rules import HEAD, PLAY, RUFF, _TRICK_RULE, _announcement
from engine.partie import Partie
from engine.phases import Dialogue, Exchange, Phase, TrickPlay, TrickRules
from engine.phases.base import Flow

if TYPE_CHECKING:
    from engine.games.ruffe.state import RuffeState

__all__ = ["FLOW", "PHASES", "RUFF_DIALOGUE", "HEAD_EXCHANGE", "PLAY_TRICKS"]


class _RuffAnnouncement(Dialogue["RuffeState"]):
    """The ruff: each player in turn from the dealer's left announces his best ruff (its
    value; the suit stays his own until the proof); when all have, the best scores and
    the head is taken."""

    def calls(self, state: RuffeState, seat: int) -> list[Action]:
        return [_announcement(state.ruff_of(seat)[1])]

    def call(self, state: RuffeState, seat: int, action: Action) -> None:
        suit, value = state.ruff_of(seat)
        if action != _announcement(value):  # the one listed action: 'announce <his best ruff>'
            raise IllegalActionError("ruffe-and-trumps.ruff.announce", action,
                                     Text("a player announces his best ruff, 'announce {}': seat {}'s is {}",
                                          value, seat, value), seat)
        state.announce(seat, suit, value)
        self.advance(state)

    def close(self, state: RuffeState) -> None:
        state.award_ruff()
        state.start_head()

    def label(self, state: RuffeState, action: Action) -> str:
        return tr("Announce a ruff of {}", action.value)

    def said(self, state: RuffeState, seat: int, action: Action, viewer: int | None) -> str:
        return ruffe_view.said(state, seat, action, viewer)


class _HeadDiscard(Exchange["RuffeState"]):
    """The head: its taker adds it to his hand and lays out four cards, one at a time."""

    def offered(self, state: RuffeState, seat: int) -> list[Card]:
        return state.hand_cards(seat)

    def given(self, state: RuffeState, seat: int) -> list[Card]:
        return state.discards

    def most(self, state: RuffeState, seat: int) -> int:
        return 4

    def give_card(self, state: RuffeState, seat: int, card: Card) -> None:
        state.take_card(seat, card)
        state.discards.append(card)

    def done(self, state: RuffeState, seat: int) -> None:
        state.discarded()

    def form_reason(self, state: RuffeState, seat: int) -> Text:
        return Text("seat {} has taken the head and must discard a card ('discard <card>'), {} more to go",
                    seat, 4 - len(self.given(state, seat)))

    def advice(self, state: RuffeState, seat: int, legal: list[Action]) -> Action:
        return advice.discard(state, seat)

    def taken(self, state: RuffeState, seat: int) -> tuple[list[Card], str] | None:
        return ruffe_view.taken(state)


RUFF_DIALOGUE = _RuffAnnouncement(RUFF, "ruffe-and-trumps.ruff.announce", N_("Seat {seat}: announce the best ruff in hand"),
                                 verb=N_("announce a ruff"))
HEAD_EXCHANGE = _HeadDiscard("ruffe-and-trumps.head.discard", N_("Seat {seat} took the head: lay out {left}, face down"),
                             give="discard")
PLAY_TRICKS = TrickPlay(TrickRules(follow="ruffe-and-trumps.play.follow", hand="ruffe-and-trumps.play.all-cards",
                                   winner=_TRICK_RULE, form="ruffe-and-trumps.play.all-cards"),
                        N_("Seat {seat}: play to trick {trick}, led by seat {leader}"),
                        cases={"lead": ("ruffe-and-trumps.play.first-lead",
                                        N_("Seat {seat}: lead any card to the first trick")),
                               "next_lead": ("ruffe-and-trumps.play.next-lead",
                                             N_("Seat {seat} won the last trick: lead any card to trick {trick}"))},
                        advice=advice.play)

FLOW = Flow(RUFF, HEAD, PLAY, exits={
    "nobody holds the trump ace: the head is set aside, the play begins": (RUFF, PLAY),
})
"""A deal of Ruffe and Trumps, in the text's order: the ruff, the head, the play (the count and
the next deal follow the last trick); when nobody holds the trump ace the head is set aside."""

PHASES: dict[str, Phase[Any]] = Partie.PHASES | {RUFF: RUFF_DIALOGUE, HEAD: HEAD_EXCHANGE, PLAY: PLAY_TRICKS}
"""The phases of a deal of Ruffe and Trumps by name, in the text's order, and the partie's own."""
