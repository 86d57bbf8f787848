"""A phase of a deal as an object: who acts, what he may do, what doing it does.

A :class:`Phase` is declared once per game, typed to the game's state (``Phase[S]``: a
game's phases are ``Dialogue["RuffeState"]``… and receive a ``RuffeState``), named in
:attr:`~engine.partie.Partie.PHASES` by the phase's name, and holds no state of its own: the
deal in progress lives in the partie, and each method receives it.  The order of a deal's
phases is the game's :class:`Flow` (:attr:`~engine.partie.Partie.FLOW`).  What
the variant's readings mean to a phase was turned into the partie's parameters at
construction; a phase reads them there.

A phase answers, for the seat to act:

- :meth:`Phase.legal`: the legal actions (a fresh list);
- :meth:`Phase.apply`: apply one (refused before anything changes when it is not legal,
  with :meth:`Phase.refuse`, naming the rule); the phase then enters what comes next
  (the partie's :meth:`~engine.partie.Partie.enter`, or the steps between phases);
- :meth:`Phase.label`: an action in words; :meth:`Phase.advice`: the heuristic's choice;
- for the view: its kind (:data:`PHASE_KINDS`), the rule that says what may be done, and
  the prompt's sentence (:attr:`Phase.text`, with :attr:`Phase.cases`).

The three kinds shared by the games are :class:`~engine.phases.trick.TrickPlay`,
:class:`~engine.phases.dialogue.Dialogue` and :class:`~engine.phases.exchange.Exchange`.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any, ClassVar, Generic, TypeVar

from engine.actions import Action
from engine.cards import Card
from engine.errors import IllegalActionError
from engine.i18n import Text, _, ngettext
from engine.view_types import PhaseKind

if TYPE_CHECKING:
    from engine.partie import Partie

__all__ = ["PHASE_KINDS", "Phase", "Over", "Flow", "S"]

S = TypeVar("S", bound="Partie")
"""The partie a phase belongs to (a game's state class): a game declares its phases as
``Phase["GleekState"]`` (or ``Dialogue["GleekState"]``…), so that what they receive is typed
to the game."""

PHASE_KINDS = ("dialogue", "exchange", "trick", "over")
"""The kinds of phase a view names (``phase_kind``): a turn-order dialogue (announcements,
bids, declarations), an exchange (discards and draws, a card given for another), trick play,
and the game's end."""


class Phase(Generic[S]):
    """One phase of a deal (see the module).

    ``rule``: the rule that says what may be done in it (a rule id, or the name of one the
    game declares, :meth:`~engine.partie.Partie.partie_rule`); ``text``: the prompt's
    sentence, a template of the partie's :meth:`~engine.partie.Partie.prompt_fields`;
    ``cases``: the rule and sentence that replace them in a case the fields name;
    ``choices``: the sentence ends with the labels of the legal actions.
    """

    kind: ClassVar[PhaseKind]
    by_identity: ClassVar[bool] = True
    """Whether :meth:`apply` takes an action handed out by the partie's last legal list as legal
    by identity (then the partie keeps that list; a phase whose own check is cheaper says no)."""
    sampled: bool = True
    """Whether the sampling bot searches this phase's decisions (else it takes the game's advice:
    Piquet's exchange and declarations, whose playouts run a whole deal)."""

    def __init__(self, rule: str, text: str, cases: Mapping[str, tuple[str, str]] | None = None,
                 choices: bool = False) -> None:
        if getattr(self, "kind", None) not in PHASE_KINDS:
            raise ValueError(f"phase kind {getattr(self, 'kind', None)!r} is not one of {PHASE_KINDS}")
        self.rule = rule
        self.text = text
        self.cases: Mapping[str, tuple[str, str]] = dict(cases or {})
        self.choices = choices

    def __repr__(self) -> str:
        return f"<{type(self).__name__} {self.kind} {self.rule}>"

    # ----- what a phase answers -------------------------------------------------------
    def legal(self, state: S, seat: int) -> list[Action]:
        """The actions ``seat`` (the seat to act) may take now."""
        raise NotImplementedError

    def apply(self, state: S, seat: int, action: Action) -> None:
        """Apply ``seat``'s action: legal only if it equals a listed one (else
        :meth:`refuse`, and nothing changes); then :meth:`perform`.  An action that is one of
        the very objects the partie just listed for this state is legal without listing them
        again (:meth:`~engine.partie.Partie.handed_out`)."""
        if not state.handed_out(seat, action) and action not in self.legal(state, seat):
            raise self.refuse(state, seat, action)
        self.perform(state, seat, action)

    def act(self, state: S, seat: int, action: Action) -> None:
        """The phase's own checks of an action (they word the refusals), then :meth:`perform`."""
        self.perform(state, seat, action)

    def perform(self, state: S, seat: int, action: Action) -> None:
        """What a legal action does."""
        raise NotImplementedError

    def refuse(self, state: S, seat: int, action: Action) -> IllegalActionError:
        """The refusal of an action not listed: the phase's own checks (:meth:`act`) run on
        a copy, so that it says why in the phase's words and names its rule."""
        phase = self
        return state.refuse_unlisted(action, seat, state.step_rule(self.rule) or self.rule,
                                     lambda probe, a: phase.act(probe, seat, a))

    def label(self, state: S, action: Action) -> str:
        """The action in words, for a button."""
        return action.label

    def advice(self, state: S, seat: int, legal: list[Action]) -> Action:
        """The heuristic's choice among ``legal`` (more than one)."""
        return legal[0]

    def fields(self, state: S) -> dict[str, Any]:
        """The phase's own fields for the prompt's sentence."""
        return {}

    def sentence(self, state: S, text: str) -> str:
        """The prompt's sentence ``text`` (the phase's, or a case's) in the current language."""
        return _(text)

    # ----- what the phase adds to the table's view (engine.table_view) ------------------
    def said(self, state: S, seat: int, action: Action, viewer: int | None) -> str:
        """A call ``seat`` made in this phase, in words, as ``viewer`` may know it."""
        return self.label(state, action)

    def unavailable(self, state: S, seat: int) -> list[Action]:
        """Actions of the phase the rules do not allow ``seat`` (the seat to act) now, that a
        table may offer drawn unavailable, to read the rule that refuses them."""
        return []

    def taken(self, state: S, seat: int) -> tuple[list[Card], str] | None:
        """The cards ``seat`` (the seat to act) took into his hand in this phase, and a note
        on where they came from; None when it took none."""
        return None


class Flow:
    """A deal's phases in their usual order, and the exits from it, each by name: the one
    place a reader learns a game's deal, and what :meth:`~engine.partie.Partie.enter` holds the
    game to (a step not declared here is a bug, raised as one).

    The steps it allows: each phase of ``order`` to the next; a phase to itself (the next
    seat of a dialogue, a phase entered again); any phase to one the deal ``starts`` with (the
    first of ``order`` unless told: a deal ends in any phase, and the next one starts) and to
    the game's end (``over``); and each exit ``name: (from, to)`` (``from`` one phase or several).

    >>> flow = Flow("bid", "discard", "play", exits={"a buyer has drawn: the bidding goes on": ("discard", "bid"),
    ...                                              "the last seat stands: the play": ("bid", "play")})
    >>> flow.allows("bid", "discard"), flow.allows("discard", "bid"), flow.allows("play", "bid")
    (True, True, True)
    >>> flow.allows("play", "discard"), flow.allows("discard", "over")
    (False, True)
    """

    def __init__(self, *order: str, starts: tuple[str, ...] | None = None,
                 exits: Mapping[str, tuple[str | tuple[str, ...], str]] | None = None) -> None:
        if not order:
            raise ValueError("a flow names at least one phase")
        self.order = order
        self.starts = starts or order[:1]
        self.exits: dict[str, tuple[str | tuple[str, ...], str]] = dict(exits or {})
        steps = set(zip(order, order[1:]))
        for source, target in self.exits.values():
            steps.update((s, target) for s in ((source,) if isinstance(source, str) else source))
        self.steps = frozenset(steps)
        """The steps ``(from, to)`` declared: the order's and the exits' (besides a phase to
        itself, and any to a start or to the end)."""

    def allows(self, source: str, target: str) -> bool:
        """Whether the deal may go from phase ``source`` to phase ``target``."""
        return source == target or target == "over" or target in self.starts or (source, target) in self.steps

    def phases(self) -> tuple[str, ...]:
        """Every phase the flow names: the order's, then those only a start or an exit names."""
        named = list(self.order)
        for source, target in self.exits.values():
            for name in ((source,) if isinstance(source, str) else source) + (target,):
                if name not in named:
                    named.append(name)
        named += [name for name in self.starts if name not in named]
        return tuple(named)

    def __repr__(self) -> str:
        return (f"Flow({' -> '.join(self.order)}; starts: {', '.join(self.starts)}; "
                f"exits: {'; '.join(self.exits) or 'none'})")


class Over(Phase["Partie"]):
    """The game's end: nobody acts; its rule is the one the outcome names."""

    kind = "over"

    def __init__(self) -> None:
        super().__init__("outcome", "The game is over, won by {winners}: {reason}.")

    def legal(self, state: Partie, seat: int) -> list[Action]:
        return []

    def apply(self, state: Partie, seat: int, action: Action) -> None:
        raise IllegalActionError(state.partie_rule("end") or "outcome", action, Text("the game is over"), seat)

    def sentence(self, state: Partie, text: str) -> str:
        if text != self.text:
            return _(text)
        # (Russian: the verb agrees with the number of winners)
        n = len(state._outcome.winners) if state._outcome is not None else 1
        return ngettext("The game is over, won by {winners}: {reason}.",
                        "The game is over, won by {winners}: {reason}.", n)
