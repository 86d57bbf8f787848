"""A dialogue in turn: each seat of an order speaks once, with one of the calls open
to it (Ruffe's announcements, the loo bidding, Памфил's declaration; an auction or a
vie keeps the same shape, with its own calls and its own close).

The deal keeps the dialogue's state (:class:`DialogueState`, the partie's ``dialogue``, new
with each deal): the order and the position in it, the calls made; the phase
asks the seat at the position for a call, makes the calls a seat has no choice in
(:meth:`Dialogue.automatic`), and closes when the order is spoken out
(:meth:`Dialogue.close`).  A call may leave the dialogue for another phase (a loo buyer's
discards) and come back to it with :meth:`Dialogue.advance`.

Every call made is noted in the deal's :class:`DialogueState` (``calls``: seat, action, rule
and dialogue), before it takes effect, so that the view's ``calls``
(:mod:`engine.table_view`) tells the deal's dialogue in one shape for every game: each
call in the dialogue's words (:meth:`Dialogue.said`), and the seats yet to speak.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from engine.actions import Action, Named
from engine.errors import IllegalActionError
from engine.i18n import Text
from engine.phases.base import S, Phase

__all__ = ["Dialogue", "DialogueState"]


@dataclass(slots=True)
class DialogueState:
    """A deal's dialogues: the order of the one opened last and the position in it, the calls
    made this deal and where that dialogue's began among them, and its name.  The partie keeps
    one a deal (``Partie.dialogue``, begun anew by :meth:`~engine.partie.Partie.start_deal`)."""

    turns: list[int] = field(default_factory=list)
    """The order of seats of the dialogue opened last (a game may add a seat to it)."""
    turn: int = -1
    """The position in :attr:`turns` of the seat speaking (-1: none yet)."""
    calls: list[tuple[int, Action, str, str]] = field(default_factory=list)
    """The deal's calls so far: seat, action, rule and the dialogue's name."""
    calls_from: int = 0
    """Where the calls of the dialogue opened last begin in :attr:`calls`."""
    name: str = ""
    """The name of the dialogue opened last ("": none this deal)."""

    def copy(self) -> DialogueState:
        """An independent copy (a partie's clone); the calls themselves are immutable tuples."""
        return DialogueState(list(self.turns), self.turn, list(self.calls), self.calls_from, self.name)


class Dialogue(Phase[S]):
    """Calls in turn (see the module).  A game declares the calls open to a seat
    (:meth:`calls`), what a call does (:meth:`call`), the calls made for a seat that has
    no choice (:meth:`automatic`) and what follows the last (:meth:`close`).

    ``text``, ``verb`` ("announce a ruff": what a seat is to do, in its refusal and in
    ``waiting``'s default) and ``waiting`` are English templates the game marks with ``N_``
    in its own code; they are translated where they are written."""

    kind = "dialogue"

    def __init__(self, name: str, rule: str, text: str, cases: Mapping[str, tuple[str, str]] | None = None,
                 choices: bool = False, verb: str = "speak", vocabulary: tuple[str, ...] = (),
                 waiting: str | None = None) -> None:
        super().__init__(rule, text, cases, choices)
        self.name = name
        self.verb = verb
        self.vocabulary = vocabulary
        """Every call the dialogue knows: one of them not open to the seat now is refused by
        :meth:`call` in the game's words (and its rule); without it, by the open calls."""
        self.waiting_text: str | Text = waiting or Text("waiting to {}", Text(verb))
        """How a seat yet to speak is said to wait (the view's ``calls.waiting_text``): a
        template (``waiting`` marked with ``N_`` in the game's code) translated where it is
        written, or from ``verb`` (marked so too)."""

    # ----- what a game declares -------------------------------------------------------
    def calls(self, state: S, seat: int) -> list[Action]:
        """The calls open to ``seat``."""
        raise NotImplementedError

    def call(self, state: S, seat: int, action: Action) -> None:
        """What a legal call does; then, unless it left the dialogue, :meth:`advance`."""
        raise NotImplementedError

    def automatic(self, state: S, seat: int) -> bool:
        """Make the call of a seat that has no choice (and return True), else False."""
        return False

    def close(self, state: S) -> None:
        """After the last seat of the order has spoken."""
        raise NotImplementedError

    def call_rule(self, state: S, seat: int, action: Action) -> str:
        """The rule a call is made under (the dialogue's own, by default)."""
        return state.step_rule(self.rule) or self.rule

    # ----- the calls made ---------------------------------------------------------------
    def note(self, state: S, seat: int, action: Action, rule: str | None = None) -> None:
        """Note ``seat``'s call in the deal's :class:`DialogueState` (before it takes effect: a call that ends the
        deal must be noted in it); an automatic call (:meth:`automatic`) notes itself."""
        state.dialogue.calls.append((seat, action, rule or self.call_rule(state, seat, action), self.name))

    def unavailable(self, state: S, seat: int) -> list[Action]:
        """The calls of the :attr:`vocabulary` not open to ``seat`` now."""
        open_kinds = {a.kind for a in self.calls(state, seat)}
        return [Action(kind) for kind in self.vocabulary if kind not in open_kinds]

    # ----- the turn order -------------------------------------------------------------
    def open(self, state: S, order: list[int]) -> None:
        """The dialogue begins: ``order`` speaks, each seat once."""
        talk = state.dialogue
        talk.turns = list(order)
        talk.turn = -1
        talk.name = self.name
        talk.calls_from = len(talk.calls)
        self.advance(state)

    def advance(self, state: S) -> None:
        """The next seat of the order to speak (the calls made for seats with no choice),
        or :meth:`close` when all have spoken."""
        talk = state.dialogue
        turns = talk.turns
        while True:
            talk.turn += 1
            if talk.turn >= len(turns):
                state._to_act = None
                self.close(state)
                return
            seat = turns[talk.turn]
            if self.automatic(state, seat):
                if state._phase == "over":
                    return
                continue
            state.enter(self.name)
            state._to_act = seat
            return

    # ----- the phase ------------------------------------------------------------------
    def legal(self, state: S, seat: int) -> list[Action]:
        return self.calls(state, seat)

    def perform(self, state: S, seat: int, action: Action) -> None:
        """Note the call (:meth:`note`), then make it (a refusal takes the note back)."""
        calls = state.dialogue.calls
        self.note(state, seat, action)
        try:
            self.call(state, seat, action)
        except IllegalActionError:  # (refused before anything changed: the note goes too)
            calls.pop()
            raise

    def act(self, state: S, seat: int, action: Action) -> None:
        open_calls = self.calls(state, seat)
        if action.kind not in (self.vocabulary or {a.kind for a in open_calls}):
            raise IllegalActionError(state.step_rule(self.rule) or self.rule, action,
                                     Text("seat {} is to {}: {}", seat, Text(self.verb), Named(open_calls)), seat)
        self.perform(state, seat, action)
