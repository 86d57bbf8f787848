"""Piquet's phases as objects (:data:`PHASES`, the partie's table): carte blanche claimed as
dealt, the elder's and the younger's exchanges, the younger's look at the cards left, the
declarations (:mod:`engine.games.piquet_declarations`), the open capot, the play, the end.
Each holds no state: the deal lives in the :class:`~engine.games.piquet.PiquetState`."""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from engine.cards import Card
from engine.errors import IllegalActionError
from engine.game import Action
from engine.i18n import N_, Text, _, ngettext, tr
from engine.games import piquet_advice as advice, piquet_declarations as declarations
from engine.games.piquet_declarations import LATE, Declarations
from engine.games.piquet_rules import (CAPOT, CARTE_BLANCHE, DECLARE, ELDER_EXCHANGE, LOOK, PACK, PLAY, REPLY_KINDS,
                                       YOUNGER_EXCHANGE)
from engine.partie import Partie
from engine.phases import Dialogue, Exchange, Over, Phase, TrickPlay, TrickRules

if TYPE_CHECKING:
    from engine.games.piquet import PiquetState

__all__ = ["PHASES"]

_DISCARD = {c: Action("discard", c) for c in PACK}
_DRAW = Action("draw")


def _p(state: Partie) -> PiquetState:
    return cast("PiquetState", state)


class _Claim(Dialogue):
    """Carte blanche dealt (the dealt-hand reading): its holder claims it at once (the
    elder saying how many cards he will exchange) or keeps it back."""

    sampled = False

    def calls(self, state: Partie, seat: int) -> list[Action]:
        return _p(state).claim_calls(seat)

    def call(self, state: Partie, seat: int, action: Action) -> None:
        if action not in self.calls(state, seat):
            raise declarations.refusal(_p(state), seat, action)
        _p(state).claim(seat, action)
        self.advance(state)

    def automatic(self, state: Partie, seat: int) -> bool:
        calls = self.calls(state, seat)
        if len(calls) == 1:
            _p(state).claim(seat, calls[0], asked=False)
            return True
        return False

    def close(self, state: Partie) -> None:
        _p(state).after_claim()

    def label(self, state: Partie, action: Action) -> str:
        if action.kind == "claim":
            return (tr("Claim carte blanche, exchanging {}", action.value) if action.value is not None
                    else _("Claim carte blanche"))
        return _("Keep it back")

    def advice(self, state: Partie, seat: int, legal: list[Action]) -> Action:
        return advice.claim(_p(state), seat, legal)


class _Exchange(Exchange):
    """A player's exchange: he lays out cards one at a time, then draws as many from the top
    of the talon (the elder up to five, the younger up to the rest)."""

    sampled = False  # (each playout would run the whole deal: the advice lays out)

    def __init__(self, elder: bool, text: str) -> None:
        super().__init__("piquet.exchange.limits", text, give="discard", finish="draw")
        self.elder = elder

    def offered(self, state: Partie, seat: int) -> list[Card]:
        return _p(state).hands[seat]

    def legal(self, state: Partie, seat: int) -> list[Action]:
        piquet = _p(state)
        acts = [_DISCARD[c] for c in piquet.hands[seat]] if len(piquet.pending) < self.most(state, seat) else []
        return acts + [_DRAW] if self.may_finish(state, seat) else acts

    def given(self, state: Partie, seat: int) -> list[Card]:
        return _p(state).pending

    def most(self, state: Partie, seat: int) -> int:
        return _p(state).exchange_bounds(self.elder)[1]

    def least(self, state: Partie, seat: int) -> int:
        return _p(state).exchange_bounds(self.elder)[0]

    def give_card(self, state: Partie, seat: int, card: Card) -> None:
        piquet = _p(state)
        piquet.hands[seat].remove(card)
        piquet.pending.append(card)
        piquet._combos = {k: v for k, v in piquet._combos.items() if k[1] == "keep"}

    def done(self, state: Partie, seat: int) -> None:
        _p(state).exchanged(seat)

    def early_refusal(self, state: Partie, seat: int, action: Action) -> IllegalActionError:
        least = self.least(state, seat)
        rule = "piquet.exchange.minimum" if self.elder and not _p(state).blanche_count else "piquet.exchange.limits"
        return IllegalActionError(rule, action, Text("seat {} must lay out at least {} card(s) first", seat, least,
                                                     plural=("seat {} must lay out at least {} card(s) first", least)),
                                  seat)

    def fields(self, state: Partie) -> dict[str, Any]:
        seat = state._to_act
        return {"most": self.most(state, seat) - len(_p(state).pending) if seat is not None else 0}

    def label(self, state: Partie, action: Action) -> str:
        if action.kind == "draw":
            n = len(_p(state).pending)
            if not n:
                return _("Keep these cards (exchange none)")
            if _p(state).deferred and not self.elder:
                return ngettext("Draw {} card after the elder's exchange", "Draw {} cards after the elder's exchange",
                                n).format(n)
            return ngettext("Draw {} card", "Draw {} cards", n).format(n)
        return action.label

    def advice(self, state: Partie, seat: int, legal: list[Action]) -> Action:
        return advice.exchange(_p(state), seat, legal)


class _Look(Dialogue):
    """The younger looks at the cards left in the talon, or leaves them unseen."""

    sampled = False

    def calls(self, state: Partie, seat: int) -> list[Action]:
        return [Action("look"), Action("leave")]

    def call(self, state: Partie, seat: int, action: Action) -> None:
        _p(state).look(seat, action.kind == "look")
        self.advance(state)

    def close(self, state: Partie) -> None:
        declarations.start(_p(state))

    def label(self, state: Partie, action: Action) -> str:
        return _("Look at them") if action.kind == "look" else _("Leave them unseen")

    def fields(self, state: Partie) -> dict[str, Any]:
        return {"left": len(_p(state).talon)}

    def advice(self, state: Partie, seat: int, legal: list[Action]) -> Action:
        return Action("look")


class _Capot(Dialogue):
    """Before the first lead each player may announce an open capot."""

    sampled = False

    def calls(self, state: Partie, seat: int) -> list[Action]:
        return [Action("announce", value="capot"), Action("pass")]

    def call(self, state: Partie, seat: int, action: Action) -> None:
        _p(state).capot_call(seat, action)
        self.advance(state)

    def automatic(self, state: Partie, seat: int) -> bool:
        piquet = _p(state)
        if piquet.announced is None:
            return False
        piquet.call_said(seat, "pass", Text("plays on against the open capot"), "piquet.play.open-capot")
        return True

    def act(self, state: Partie, seat: int, action: Action) -> None:
        if action.kind in LATE:
            raise _p(state).late(seat, action)
        super().act(state, seat, action)

    def close(self, state: Partie) -> None:
        _p(state).start_play()

    def label(self, state: Partie, action: Action) -> str:
        return _("Announce an open capot") if action.kind == "announce" else _("Play without announcing")

    def advice(self, state: Partie, seat: int, legal: list[Action]) -> Action:
        return Action("announce", value="capot") if advice.sure_capot(_p(state), seat) else Action("pass")


class _Play(TrickPlay):
    """Trick play: a declaration made now is too late."""

    def refuse_form(self, state: Partie, seat: int, action: Action) -> IllegalActionError:
        if action.kind in LATE:
            return _p(state).late(seat, action)
        return super().refuse_form(state, seat, action)

    act = TrickPlay.apply


class _Over(Over):
    """The partie's end (a drawn partie names no winner)."""

    def __init__(self) -> None:
        super().__init__()
        self.cases = {"drawn": ("outcome", N_("The game is over, drawn: {reason}."))}

    def fields(self, state: Partie) -> dict[str, Any]:
        outcome = state._outcome
        return {"case": "drawn"} if outcome is not None and not outcome.winners else {}


def _play_advice(state: PiquetState, seat: int, cards: list[Card]) -> Action:
    return advice.play(state, seat, cards)




PHASES: dict[str, Phase] = Partie.PHASES | {
    "over": _Over(),
    CARTE_BLANCHE: _Claim(CARTE_BLANCHE, "piquet.carte-blanche.procedure",
                          N_("Seat {seat}, dealt no court card: claim carte blanche, or keep it back"), choices=True,
                          verb=N_("claim carte blanche"), vocabulary=("claim", "sink")),
    ELDER_EXCHANGE: _Exchange(True, N_("Seat {seat} (elder): lay out up to {most} more card(s), one at a time, then "
                                       "draw as many from the talon")),
    YOUNGER_EXCHANGE: _Exchange(False, N_("Seat {seat} (younger): lay out up to {most} more card(s), one at a time, "
                                          "then draw as many from the talon")),
    LOOK: _Look(LOOK, "piquet.exchange.look-at-left",
                N_("Seat {seat} (younger): look at the {left} card(s) left in the talon, or leave them unseen"),
                choices=True, verb=N_("look or leave"), vocabulary=("look", "leave")),
    DECLARE: Declarations(DECLARE, "piquet.declare.order", N_("Seat {seat}: declare"),
                           cases={"claim": ("piquet.carte-blanche.procedure",
                                            N_("Seat {seat}: claim carte blanche (no court card), or keep it back")),
                                  "announce": ("piquet.declare.voluntary",
                                               N_("Seat {seat} (elder): declare your {what}, or keep it back")),
                                  "own": ("piquet.declare.voluntary", N_("Seat {seat} (younger): the elder "
                                                                         "declared no {what}; declare yours, or "
                                                                         "keep it back")),
                                  "reply": ("piquet.declare.replies", N_("Seat {seat} (younger): answer the "
                                                                         "elder's {what}")),
                                  "reply2": ("piquet.declare.combination-replies",
                                             N_("Seat {seat} (younger): answer the elder's {what}, now named in full"))},
                           choices=True, verb=N_("declare or answer"),
                           vocabulary=("claim", "sink", "declare", *REPLY_KINDS.values())),
    CAPOT: _Capot(CAPOT, "piquet.play.open-capot",
                  N_("Seat {seat}: announce an open capot (all twelve tricks) before the first lead, or play"),
                  choices=True, verb=N_("announce a capot or pass"), vocabulary=("announce", "pass")),
    PLAY: _Play(TrickRules(follow="piquet.play.follow-suit", hand="piquet.play.follow-suit",
                           winner="piquet.play.trick-winner", form="piquet.play.follow-suit"),
                N_("Seat {seat}: play to trick {trick}, led by seat {leader}"),
                cases={"lead": ("piquet.play.first-lead", N_("Seat {seat} (elder): lead to the first trick")),
                       "next_lead": ("piquet.play.trick-winner",
                                     N_("Seat {seat} won the last trick: lead to trick {trick}"))},
                advice=_play_advice),
}
