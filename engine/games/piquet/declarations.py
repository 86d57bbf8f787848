"""Piquet's declarations as one dialogue (:class:`Declarations`): carte blanche (after the
exchange, by that reading), the point, sequences, sets, in that order, each a category in
which the elder announces his best and the younger answers good, not good or equal (and
after 'equal' the elder names it in full and the younger answers again), or declares his
own when the elder has none to declare; the better combination scores with its holder's
lesser ones and is shown; a declaration made and beaten, or equal, is written as a 0 in the
ledger, where the repique's question (:func:`~engine.games.piquet.rules.bonus_due`) finds
it; then the bonus for all cards counted.

The state of the dialogue lives in the partie: ``categories``, ``category``, ``stage``
(``claim``, ``announce``, ``reply``, ``reply2``, ``own``), the combinations ``declared``
in the category, the suit each player ``named`` first, what each ``scored``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.errors import IllegalActionError
from engine.game import Action
from engine.games.piquet import advice
from engine.games.piquet.rules import (DECLARE, EQUAL, GOOD, REPLY_KINDS, Combo, all_counted, carte_blanche,
                                       category_score, combination_value, point_suit, reply)
from engine.games.piquet.view import CATEGORY_TITLES, REPLY_SAID, Combos, call_text, category_words
from engine.i18n import N_, Text
from engine.phases import Dialogue
from engine.rules import implements

if TYPE_CHECKING:
    from engine.games.piquet.state import PiquetState

__all__ = ["Declarations", "start", "CLAIM", "SINK", "LATE"]

CLAIM, SINK = Action("claim"), Action("sink")
DECLARE_ACTIONS = {kind: Action("declare", value=kind) for kind in ("point", "sequence", "set")}
REPLY_ACTIONS = {said: Action(kind) for said, kind in REPLY_KINDS.items()}
SAID = {kind: said for said, kind in REPLY_KINDS.items()}
LATE = frozenset(("claim", "sink", "declare", *REPLY_KINDS.values()))
"""The kinds of a declaration: refused once the declarations are over."""
DECIDED = {"point": "piquet.point.length", "sequence": "piquet.sequence.rank", "set": "piquet.set.rank"}
DECLARES_NO = {"carte-blanche": N_("declares no carte blanche"), "point": N_("declares no point"),
               "sequence": N_("declares no sequences"), "set": N_("declares no sets")}
"""A player who declares nothing in a category, in words (the same whether he keeps one back)."""
SCORED = {"point": N_("Point: {}"), "sequence": N_("Sequences: {}"), "set": N_("Sets: {}")}
"""The reason of a category's score: its combinations in words."""


class Declarations(Dialogue["PiquetState"]):
    """The declarations, category by category (see the module); a call a seat has no choice
    in (nothing to declare, the one true answer) is made for it.  The sampling bot leaves
    them to the advice (declare everything, truly)."""

    sampled = False

    def calls(self, state: PiquetState, seat: int) -> list[Action]:
        return calls(state, seat)

    def act(self, state: PiquetState, seat: int, action: Action) -> None:
        """A call not open to the seat is refused in the declarations' words (this runs for a
        refusal's wording and its probe: :meth:`apply` has checked the call against the open ones,
        so :meth:`call` does not again)."""
        if action not in self.calls(state, seat):
            raise refusal(state, seat, action)
        super().act(state, seat, action)

    def call(self, state: PiquetState, seat: int, action: Action) -> None:
        state.history.append((seat, action))
        declaration(state, seat, action)
        self.advance(state)

    def automatic(self, state: PiquetState, seat: int) -> bool:
        open_calls = self.calls(state, seat)
        if len(open_calls) > 1:
            return False
        declaration(state, seat, open_calls[0] if open_calls else None)
        return True

    def close(self, state: PiquetState) -> None:
        end(state)

    def label(self, state: PiquetState, action: Action) -> str:
        return str(call_text(state, action))

    def fields(self, state: PiquetState) -> dict[str, Any]:
        return {"case": state.stage, "what": category_words(state.category)}

    def advice(self, state: PiquetState, seat: int, legal: list[Action]) -> Action:
        return advice.declare(state, seat, legal)


DECLARATIONS = Declarations(DECLARE, "piquet.declare.order", N_("Seat {seat}: declare"),
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
                            vocabulary=("claim", "sink", "declare", *REPLY_KINDS.values()))
"""The declarations (:mod:`engine.games.piquet.phases` names them in Piquet's ``PHASES``)."""


def _blank_holder(state: PiquetState) -> int | None:
    return next((s for s in (state.elder, 1 - state.elder) if carte_blanche(state.hands[s], None, state.params)), None)


@implements("piquet.declare.order", "piquet.point.separate-scoring")
def start(state: PiquetState) -> None:
    """Carte blanche (after the exchange, by that reading), the point, sequences and sets,
    each its own category scored in that order (a suit in sequence scores for the point and
    for the sequence apart); then the bonus for all cards counted."""
    blank = not state.params.blanche_dealt and _blank_holder(state) is not None
    state.categories = (["carte-blanche"] if blank else []) + ["point", "sequence", "set"]
    state.enter(DECLARE)
    _begin(state, 0)
    DECLARATIONS.open(state, [_speaker(state)])


def _begin(state: PiquetState, k: int) -> None:
    state.category = state.categories[k] if k < len(state.categories) else ""
    state.stage = "claim" if state.category == "carte-blanche" else "announce"
    state.declared = {}


def _speaker(state: PiquetState) -> int:
    if state.stage == "claim":
        holder = _blank_holder(state)
        assert holder is not None  # (the category is there only for a blank hand)
        return holder
    return state.elder if state.stage == "announce" else 1 - state.elder


def true_reply(state: PiquetState, seat: int) -> str:
    """The younger's true answer to what the elder has named so far (the length first, for
    the point and sequences; a set named in full)."""
    declared = state.declared[state.elder].key
    held = state.combo(seat, state.category)
    if state.stage == "reply" and state.category != "set":
        return reply(declared[:1], held.key[:1] if held else None)
    return reply(declared, held.key if held else None)


def calls(state: PiquetState, seat: int) -> list[Action]:
    """The calls open to ``seat``: declare his best or keep it back (the compulsory reading:
    declare it), or answer good (keeping back a better one) or truly."""
    sink = [] if state.params.compulsory else [SINK]
    if state.stage == "claim":
        return [CLAIM] + sink
    if state.stage in ("announce", "own"):
        return [DECLARE_ACTIONS[state.category]] + sink if state.combo(seat, state.category) else []
    truth = true_reply(state, seat)
    return [REPLY_ACTIONS[truth]] if state.params.compulsory else [REPLY_ACTIONS[r] for r in dict.fromkeys([GOOD, truth])]


@implements("piquet.declare.voluntary")
def refusal(state: PiquetState, seat: int, action: Action) -> IllegalActionError:
    """A call the hand does not allow: under the compulsory reading a player declares his
    best and answers truly; under either he declares only what he holds."""
    open_calls = state.PHASES[state.phase].legal(state, seat)
    listed = Labels(state, tuple(open_calls))
    if state.params.compulsory and (action == SINK or action == REPLY_ACTIONS[GOOD]):
        return IllegalActionError("piquet.declare.voluntary", action,
                                  Text("declaring is compulsory: seat {} must {}", seat, listed), seat)
    rule = ("piquet.declare.replies" if action.kind in REPLY_KINDS.values() else "piquet.carte-blanche.procedure"
            if action.kind == "claim" else "piquet.declare.order")
    return IllegalActionError(rule, action, Text("seat {} may now: {}", seat, listed), seat)


class Labels:
    """The calls open to a seat, by their buttons' words, in a refusal kept for later: written
    when read, in the reader's language ("nothing" when none is open).  The labels are
    taken now, as templates: the state goes on."""

    __slots__ = ("labels",)

    def __init__(self, state: PiquetState, actions: tuple[Any, ...]) -> None:
        self.labels = tuple(call_text(state, a) for a in actions)

    def __str__(self) -> str:
        return ", ".join(map(str, self.labels)) or str(Text("nothing"))

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Labels) and self.labels == other.labels

    def __hash__(self) -> int:
        return hash(tuple(map(repr, self.labels)))


@implements("piquet.point.full-tie", "piquet.sequence.equal")
def declaration(state: PiquetState, seat: int, action: Action | None) -> None:
    """One call (None: the seat has nothing to declare); the next speaker is pushed onto the
    dialogue's order.  Points equal in length and sum, or best sequences equal in length and
    top card, score nothing for either player (the lesser sequences falling with them)."""
    kind, stage, cat = action.kind if action else None, state.stage, state.category
    if stage == "claim":
        if kind == "claim":
            state.claim_blanche(seat)
        else:
            state.call_said(seat, "sink", Text("keeps carte blanche back"), "piquet.declare.voluntary")
        return _next(state)
    if stage in ("announce", "own"):
        return _announce(state, seat, kind == "declare")
    said = SAID[kind or "good"]
    rule = "piquet.declare.replies" if cat == "point" else "piquet.declare.combination-replies"
    state.call_said(seat, kind or "good", Text(REPLY_SAID[kind or "good"]), rule)
    if said != GOOD:
        held = state.combo(seat, cat)
        assert held is not None  # (only the holder of one says not good or equal)
        state.declared[seat] = held
        _name(state, seat, held)
    elder = state.elder
    if said == EQUAL and stage == "reply":
        state.stage = "reply2"
        state.call_said(elder, "name", Combos((state.declared[elder],), True), rule)
        return _push(state, seat)
    decided = "piquet.point.equal-length" if stage == "reply2" and cat == "point" else DECIDED[cat]
    title = Text(CATEGORY_TITLES[cat])
    if said == EQUAL:  # equal in full: neither scores
        tie = "piquet.point.full-tie" if cat == "point" else "piquet.sequence.equal"
        for s in (elder, seat):
            state.write(s, 0, tie, Text("{}: equal, neither scores", title))
        state.contest_line(title, Text("equal: neither scores"), tie, True)
    else:
        winner = elder if said == GOOD else seat
        if 1 - winner in state.declared:  # the loser made a declaration, and it was beaten
            state.write(1 - winner, 0, decided, Text("{}: beaten", title))
        _win(state, winner, decided)
    _next(state)


def _announce(state: PiquetState, seat: int, declares: bool) -> None:
    cat = state.category
    if not declares:
        # (the same words whether he holds one and keeps it back or has none: the table cannot tell)
        state.call_said(seat, "pass", Text(DECLARES_NO[cat]), "piquet.declare.voluntary")
        if state.stage == "announce":
            state.stage = "own"
            return _push(state, 1 - seat)
        state.contest_line(Text(CATEGORY_TITLES[cat]), Text("nobody declared"), "piquet.declare.order", True)
        return _next(state)
    combo = state.combo(seat, cat)
    assert combo is not None  # (declare is offered only to a hand that holds one)
    state.declared[seat] = combo
    _name(state, seat, combo)
    state.call_said(seat, "declare", Combos((combo,), cat == "set"), "piquet.declare.order")
    if state.stage == "announce":
        state.stage = "reply"
        return _push(state, 1 - seat)
    _win(state, seat, DECIDED[cat])
    _next(state)


def _name(state: PiquetState, seat: int, combo: Combo) -> None:
    if state.named[seat] is None and combo.suit is not None:
        state.named[seat] = combo.suit


def _win(state: PiquetState, seat: int, decided: str) -> None:
    """The better combination scores, with all its holder's lesser ones of its kind; each is
    shown."""
    cat = state.category
    # (the suit declared first matters to sequences alone: only they have a major bonus)
    first = point_suit(state.hands[seat], state.named[seat], state.params) if cat == "sequence" else None
    points, extra, combos = category_score(cat, state.hands[seat], first, state.params)
    several = len(combos) > 1
    rule = {"point": decided, "sequence": "piquet.sequence.all-lesser" if several else "piquet.sequence.values",
            "set": "piquet.set.all-lesser" if several else "piquet.set.values"}[cat]
    words = Combos(tuple(combos), True)
    state.write(seat, points, rule, Text(SCORED[cat], words))
    if extra:
        state.write(seat, extra, "piquet.sequence.major-bonus", Text("A major sequence in the suit declared first"))
    state.scored[seat][cat] = [c for combo in combos for c in combo.cards]
    for combo in combos:
        major = combo.suit is first and combo.key[1] == 14 and combo.key[0] <= 5
        state.show(seat, cat, list(combo.cards), combination_value(combo) + (extra if major else 0), rule,
                   Combos((combo,), False))
    state.contest_line(Text(CATEGORY_TITLES[cat]), Text("seat {} scores {} ({})", seat, points + extra, words), rule)


def _next(state: PiquetState) -> None:
    _begin(state, state.categories.index(state.category) + 1)
    if state.category:
        _push(state, _speaker(state))


def _push(state: PiquetState, seat: int) -> None:
    state.dialogue.turns.append(seat)


def end(state: PiquetState) -> None:
    """After the sets: 20 for a hand all of whose cards were counted; then the open capot
    (by that reading) or the play."""
    for seat in (state.elder, 1 - state.elder):
        bonus = all_counted(state.hands[seat], state.scored[seat], state.params)
        if bonus:
            state.write(seat, bonus, "piquet.declare.all-counted", Text("Every card counted"))
            state.contest_line(Text("All cards counted"), Text("seat {}: {}", seat, 20), "piquet.declare.all-counted")
    state.after_declarations()
