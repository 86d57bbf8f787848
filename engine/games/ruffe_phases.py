"""Ruffe and Trumps' phases as objects (:data:`PHASES`, the partie's table): the ruff (each
player in turn announces his best ruff, a dialogue), the head (its taker lays out four
cards, an exchange) and the play.  Each holds no state: the deal lives in the
:class:`~engine.games.ruffe.RuffeState`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, cast

from engine.cards import Card
from engine.errors import IllegalActionError
from engine.game import Action
from engine.i18n import N_, Text, tr
from engine.games import ruffe_advice as advice
from engine.games import ruffe_view
from engine.games.ruffe_rules import HEAD, PLAY, RUFF, _TRICK_RULE, _announcement
from engine.partie import Partie
from engine.phases import Dialogue, Exchange, Phase, TrickPlay, TrickRules

if TYPE_CHECKING:
    from engine.games.ruffe import RuffeState

__all__ = ["PHASES"]


class _RuffAnnouncement(Dialogue):
    """The ruff: each player in turn from the dealer's left announces his best ruff (its
    value; the suit stays his own until the proof); when all have, the best scores and
    the head is taken."""

    def calls(self, state: Partie, seat: int) -> list[Action]:
        return [_announcement(cast("RuffeState", state)._ruffs[seat][1])]

    def call(self, state: Partie, seat: int, action: Action) -> None:
        ruffe = cast("RuffeState", state)
        suit, value = ruffe._ruffs[seat]
        if action != _announcement(value):  # the one listed action: 'announce <his best ruff>'
            raise IllegalActionError("ruffe-and-trumps.ruff.announce", action,
                                     Text("a player announces his best ruff, 'announce {}': seat {}'s is {}",
                                          value, seat, value), seat)
        ruffe._announce(seat, suit, value)
        self.advance(state)

    def close(self, state: Partie) -> None:
        ruffe = cast("RuffeState", state)
        ruffe._award_ruff()
        ruffe._start_head()

    def label(self, state: Partie, action: Action) -> str:
        return tr("Announce a ruff of {}", action.value)

    def said(self, state: Partie, seat: int, action: Action, viewer: int | None) -> str:
        return ruffe_view.said(cast("RuffeState", state), seat, action, viewer)


class _HeadDiscard(Exchange):
    """The head: its taker adds it to his hand and lays out four cards, one at a time."""

    def offered(self, state: Partie, seat: int) -> list[Card]:
        return cast("RuffeState", state).hand_cards(seat)

    def given(self, state: Partie, seat: int) -> list[Card]:
        return cast("RuffeState", state).discards

    def most(self, state: Partie, seat: int) -> int:
        return 4

    def give_card(self, state: Partie, seat: int, card: Card) -> None:
        ruffe = cast("RuffeState", state)
        ruffe.take_card(seat, card)
        ruffe.discards.append(card)

    def done(self, state: Partie, seat: int) -> None:
        cast("RuffeState", state)._discarded()

    def form_reason(self, state: Partie, seat: int) -> Text:
        return Text("seat {} has taken the head and must discard a card ('discard <card>'), {} more to go",
                    seat, 4 - len(self.given(state, seat)))

    def advice(self, state: Partie, seat: int, legal: list[Action]) -> Action:
        return advice.discard(cast("RuffeState", state), seat)

    def taken(self, state: Partie, seat: int) -> tuple[list[Card], str] | None:
        return ruffe_view.taken(cast("RuffeState", state))


PHASES: dict[str, Phase] = Partie.PHASES | {
    RUFF: _RuffAnnouncement(RUFF, "ruffe-and-trumps.ruff.announce", N_("Seat {seat}: announce the best ruff in hand"),
                            verb=N_("announce a ruff")),
    HEAD: _HeadDiscard("ruffe-and-trumps.head.discard", N_("Seat {seat} took the head: lay out {left}, face down"),
                       give="discard"),
    PLAY: TrickPlay(TrickRules(follow="ruffe-and-trumps.play.follow", hand="ruffe-and-trumps.play.all-cards",
                               winner=_TRICK_RULE, form="ruffe-and-trumps.play.all-cards"),
                    N_("Seat {seat}: play to trick {trick}, led by seat {leader}"),
                    cases={"lead": ("ruffe-and-trumps.play.first-lead",
                                    N_("Seat {seat}: lead any card to the first trick")),
                           "next_lead": ("ruffe-and-trumps.play.next-lead",
                                         N_("Seat {seat} won the last trick: lead any card to trick {trick}"))},
                    advice=advice.play),
}
"""The phases of a deal of Ruffe and Trumps, in the text's order, and the partie's own."""
