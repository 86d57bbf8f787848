"""Piquet's deal (:data:`FLOW`) and its phases as objects, typed to the game (:data:`PHASES`
names them, the partie's table): carte blanche claimed as dealt, the elder's and the younger's exchanges, the younger's look at the cards left, the
declarations (:mod:`engine.games.piquet.declarations`), the open capot, the play, the end.
Each holds no state: the deal lives in the :class:`~engine.games.piquet.state.PiquetState`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.cards import Card
from engine.errors import IllegalActionError
from engine.game import Action
from engine.i18n import N_, Text, _, ngettext, tr
from engine.games.piquet import advice
from engine.games.piquet import declarations
from engine.games.piquet.declarations import DECLARATIONS, LATE
from engine.games.piquet.rules import (CAPOT, CARTE_BLANCHE, DECLARE, ELDER_EXCHANGE, LOOK, PLAY,
                                       YOUNGER_EXCHANGE)
from engine.partie import Partie
from engine.phases import Dialogue, Exchange, Over, Phase, TrickPlay, TrickRules
from engine.phases.base import Flow

if TYPE_CHECKING:
    from engine.games.piquet.state import PiquetState

__all__ = ["FLOW", "PHASES", "CLAIM_DIALOGUE", "ELDERS_EXCHANGE", "YOUNGERS_EXCHANGE", "LOOK_DIALOGUE",
           "CAPOT_DIALOGUE", "PLAY_TRICKS"]

_DRAW = Action("draw")


class _Claim(Dialogue["PiquetState"]):
    """Carte blanche dealt (the dealt-hand reading): its holder claims it at once (the
    elder saying how many cards he will exchange) or keeps it back."""

    sampled = False

    def calls(self, state: PiquetState, seat: int) -> list[Action]:
        return state.claim_calls(seat)

    def call(self, state: PiquetState, seat: int, action: Action) -> None:
        if action not in self.calls(state, seat):
            raise declarations.refusal(state, seat, action)
        state.claim(seat, action)
        self.advance(state)

    def automatic(self, state: PiquetState, seat: int) -> bool:
        calls = self.calls(state, seat)
        if len(calls) == 1:
            state.claim(seat, calls[0], asked=False)
            return True
        return False

    def close(self, state: PiquetState) -> None:
        state.after_claim()

    def label(self, state: PiquetState, action: Action) -> str:
        if action.kind == "claim":
            return (tr("Claim carte blanche, exchanging {}", action.value) if action.value is not None
                    else _("Claim carte blanche"))
        return _("Keep it back")

    def advice(self, state: PiquetState, seat: int, legal: list[Action]) -> Action:
        return advice.claim(state, seat, legal)


class _Exchange(Exchange["PiquetState"]):
    """A player's exchange: he lays out cards one at a time, then draws as many from the top
    of the talon (the elder up to five, the younger up to the rest)."""

    sampled = False  # (each playout would run the whole deal: the advice lays out)

    def __init__(self, elder: bool, text: str) -> None:
        super().__init__("piquet.exchange.limits", text, give="discard", finish="draw")
        self.elder = elder

    def offered(self, state: PiquetState, seat: int) -> list[Card]:
        return state.hands[seat]

    def legal(self, state: PiquetState, seat: int) -> list[Action]:
        least, most = state.exchange_bounds(self.elder)  # (once for both: most, and may_finish's least)
        laid_out = len(state.pending)
        gives = self._gives  # (by card index: a dict keyed by cards would hash each in Python)
        acts = [gives[c.index] for c in state.hands[seat]] if laid_out < most else []
        return acts + [_DRAW] if laid_out >= least else acts

    def given(self, state: PiquetState, seat: int) -> list[Card]:
        return state.pending

    def most(self, state: PiquetState, seat: int) -> int:
        return state.exchange_bounds(self.elder)[1]

    def least(self, state: PiquetState, seat: int) -> int:
        return state.exchange_bounds(self.elder)[0]

    def give_card(self, state: PiquetState, seat: int, card: Card) -> None:
        state.lay_out(seat, card)

    def done(self, state: PiquetState, seat: int) -> None:
        state.exchanged(seat)

    def early_refusal(self, state: PiquetState, seat: int, action: Action) -> IllegalActionError:
        least = self.least(state, seat)
        rule = "piquet.exchange.minimum" if self.elder and not state.blanche_count else "piquet.exchange.limits"
        return IllegalActionError(rule, action, Text("seat {} must lay out at least {} card(s) first", seat, least,
                                                     plural=("seat {} must lay out at least {} card(s) first", least)),
                                  seat)

    def fields(self, state: PiquetState) -> dict[str, Any]:
        seat = state.current_player()
        return {"most": self.most(state, seat) - len(state.pending) if seat is not None else 0}

    def label(self, state: PiquetState, action: Action) -> str:
        if action.kind == "draw":
            n = len(state.pending)
            if not n:
                return _("Keep these cards (exchange none)")
            if state.deferred and not self.elder:
                return ngettext("Draw {} card after the elder's exchange", "Draw {} cards after the elder's exchange",
                                n).format(n)
            return ngettext("Draw {} card", "Draw {} cards", n).format(n)
        return action.label

    def advice(self, state: PiquetState, seat: int, legal: list[Action]) -> Action:
        return advice.exchange(state, seat, legal)


class _Look(Dialogue["PiquetState"]):
    """The younger looks at the cards left in the talon, or leaves them unseen."""

    sampled = False

    def calls(self, state: PiquetState, seat: int) -> list[Action]:
        return [Action("look"), Action("leave")]

    def call(self, state: PiquetState, seat: int, action: Action) -> None:
        state.look(seat, action.kind == "look")
        self.advance(state)

    def close(self, state: PiquetState) -> None:
        declarations.start(state)

    def label(self, state: PiquetState, action: Action) -> str:
        return _("Look at them") if action.kind == "look" else _("Leave them unseen")

    def fields(self, state: PiquetState) -> dict[str, Any]:
        return {"left": len(state.talon)}

    def advice(self, state: PiquetState, seat: int, legal: list[Action]) -> Action:
        return Action("look")


class _Capot(Dialogue["PiquetState"]):
    """Before the first lead each player may announce an open capot."""

    sampled = False

    def calls(self, state: PiquetState, seat: int) -> list[Action]:
        return [Action("announce", value="capot"), Action("pass")]

    def call(self, state: PiquetState, seat: int, action: Action) -> None:
        state.capot_call(seat, action)
        self.advance(state)

    def automatic(self, state: PiquetState, seat: int) -> bool:
        if state.announced is None:
            return False
        state.call_said(seat, "pass", Text("plays on against the open capot"), "piquet.play.open-capot")
        return True

    def act(self, state: PiquetState, seat: int, action: Action) -> None:
        if action.kind in LATE:
            raise state.late(seat, action)
        super().act(state, seat, action)

    def close(self, state: PiquetState) -> None:
        state.start_play()

    def label(self, state: PiquetState, action: Action) -> str:
        return _("Announce an open capot") if action.kind == "announce" else _("Play without announcing")

    def advice(self, state: PiquetState, seat: int, legal: list[Action]) -> Action:
        return Action("announce", value="capot") if advice.sure_capot(state, seat) else Action("pass")


class _Play(TrickPlay["PiquetState"]):
    """Trick play: a declaration made now is too late."""

    def refuse_form(self, state: PiquetState, seat: int, action: Action) -> IllegalActionError:
        if action.kind in LATE:
            return state.late(seat, action)
        return super().refuse_form(state, seat, action)

    act = TrickPlay.apply


class _Over(Over):
    """The partie's end (a drawn partie names no winner)."""

    def __init__(self) -> None:
        super().__init__()
        self.cases = {"drawn": ("outcome", N_("The game is over, drawn: {reason}."))}

    def fields(self, state: Partie) -> dict[str, Any]:
        outcome = state.outcome()
        return {"case": "drawn"} if outcome is not None and not outcome.winners else {}


def _play_advice(state: PiquetState, seat: int, cards: list[Card]) -> Action:
    return advice.play(state, seat, cards)




CLAIM_DIALOGUE = _Claim(CARTE_BLANCHE, "piquet.carte-blanche.procedure",
                        N_("Seat {seat}, dealt no court card: claim carte blanche, or keep it back"), choices=True,
                        verb=N_("claim carte blanche"), vocabulary=("claim", "sink"))
ELDERS_EXCHANGE = _Exchange(True, N_("Seat {seat} (elder): lay out up to {most} more card(s), one at a time, then "
                                     "draw as many from the talon"))
YOUNGERS_EXCHANGE = _Exchange(False, N_("Seat {seat} (younger): lay out up to {most} more card(s), one at a time, "
                                        "then draw as many from the talon"))
LOOK_DIALOGUE = _Look(LOOK, "piquet.exchange.look-at-left",
                      N_("Seat {seat} (younger): look at the {left} card(s) left in the talon, or leave them unseen"),
                      choices=True, verb=N_("look or leave"), vocabulary=("look", "leave"))
CAPOT_DIALOGUE = _Capot(CAPOT, "piquet.play.open-capot",
                        N_("Seat {seat}: announce an open capot (all twelve tricks) before the first lead, or play"),
                        choices=True, verb=N_("announce a capot or pass"), vocabulary=("announce", "pass"))
PLAY_TRICKS = _Play(TrickRules(follow="piquet.play.follow-suit", hand="piquet.play.follow-suit",
                               winner="piquet.play.trick-winner", form="piquet.play.follow-suit"),
                    N_("Seat {seat}: play to trick {trick}, led by seat {leader}"),
                    cases={"lead": ("piquet.play.first-lead", N_("Seat {seat} (elder): lead to the first trick")),
                           "next_lead": ("piquet.play.trick-winner",
                                         N_("Seat {seat} won the last trick: lead to trick {trick}"))},
                    advice=_play_advice)

FLOW = Flow(CARTE_BLANCHE, ELDER_EXCHANGE, YOUNGER_EXCHANGE, LOOK, DECLARE, CAPOT, PLAY,
            starts=(CARTE_BLANCHE, ELDER_EXCHANGE), exits={
                "the elder claims carte blanche as dealt: the younger lays out first": (CARTE_BLANCHE, YOUNGER_EXCHANGE),
                "the younger has laid out first: the elder shows his hand and exchanges": (YOUNGER_EXCHANGE,
                                                                                           ELDER_EXCHANGE),
                "the younger draws after the elder's exchange: the cards left, or the declarations":
                    (ELDER_EXCHANGE, LOOK),
                "no card left in the talon: the declarations": ((ELDER_EXCHANGE, YOUNGER_EXCHANGE), DECLARE),
                "no open capot by the reading: the play": (DECLARE, PLAY),
            })
"""A deal of Piquet: carte blanche claimed as dealt (by that reading; else the deal starts with
the elder's exchange), the elder's and the younger's exchanges, the younger's look at the
cards left, the declarations, the open capot (by the reading), the play; the count after
the last trick."""

PHASES: dict[str, Phase[Any]] = Partie.PHASES | {
    "over": _Over(),
    CARTE_BLANCHE: CLAIM_DIALOGUE,
    ELDER_EXCHANGE: ELDERS_EXCHANGE,
    YOUNGER_EXCHANGE: YOUNGERS_EXCHANGE,
    LOOK: LOOK_DIALOGUE,
    DECLARE: DECLARATIONS,
    CAPOT: CAPOT_DIALOGUE,
    PLAY: PLAY_TRICKS,
}
"""Piquet's phases by name, in the deal's order, and the partie's end."""
