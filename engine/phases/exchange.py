"""An exchange: one seat gives cards of its hand, one at a time, and the exchange is
made (Ruffe's head, the loo buy, the Рамс dealer's exchange for the turned trump,
Памфил's lay-out; Gleek's seven for seven and Piquet's five and three keep the shape).

A game declares the card action (``give``: ``discard``, ``exchange``, ``lay_out``), the
cards that may be given, how many at most and at least, the action that ends the
exchange before the most (``finish``: ``draw``, ``keep``), and what the exchange does
once made (:meth:`Exchange.done`).  The partie keeps the cards given so far.
"""

from __future__ import annotations

from engine.actions import Action
from engine.cards import ALL_CARDS, Card
from engine.errors import IllegalActionError
from engine.i18n import N_, Text
from engine.phases.base import S, Phase

__all__ = ["Exchange", "GIVE_WORDS"]

GIVE_WORDS = {"discard": N_("discard"), "lay_out": N_("lay out"), "exchange": N_("exchange")}
"""The verb of an exchange's giving action, by kind, for its refusals (a kind not named here
is written as its own word)."""
FULL = N_("seat {} has given {} card(s), the most this exchange takes")
EARLY = N_("seat {} gives at least {} card(s) first")


class Exchange(Phase[S]):
    """Cards given one at a time, then the exchange made (see the module)."""

    kind = "exchange"

    def __init__(self, rule: str, text: str, give: str, finish: str | None = None, choices: bool = False) -> None:
        super().__init__(rule, text, choices=choices)
        self.give = give
        self.finish = finish
        self._gives = tuple(Action(give, c) for c in ALL_CARDS)  # each card's action, made once

    # ----- what a game declares -------------------------------------------------------
    def offered(self, state: S, seat: int) -> list[Card]:
        """The cards of ``seat``'s hand it may give."""
        raise NotImplementedError

    def given(self, state: S, seat: int) -> list[Card]:
        """The cards given so far."""
        raise NotImplementedError

    def most(self, state: S, seat: int) -> int:
        """How many cards ``seat`` gives at most (the exchange is made when it has)."""
        raise NotImplementedError

    def least(self, state: S, seat: int) -> int:
        """How many cards ``seat`` gives before it may :attr:`finish` (0: at once)."""
        return 1

    def may_finish(self, state: S, seat: int) -> bool:
        """Whether ``seat`` may end the exchange now (with the :attr:`finish` action)."""
        return self.finish is not None and len(self.given(state, seat)) >= self.least(state, seat)

    def finish_action(self, state: S, seat: int) -> Action:
        assert self.finish is not None
        return Action(self.finish)

    def give_card(self, state: S, seat: int, card: Card) -> None:
        """``card`` leaves ``seat``'s hand (and is added to :meth:`given`)."""
        raise NotImplementedError

    def done(self, state: S, seat: int) -> None:
        """The exchange is made: what it does, and what comes next."""
        raise NotImplementedError

    def complete(self, state: S, seat: int) -> bool:
        """Whether the cards given make the exchange (no more may be given)."""
        return len(self.given(state, seat)) >= self.most(state, seat)

    # ----- refusals -------------------------------------------------------------------
    def form_reason(self, state: S, seat: int) -> str | Text:
        words = f"'{self.give} <card>'" + (f" or '{self.finish}'" if self.finish else "")
        return Text("seat {} is to {} a card: {}", seat, Text(GIVE_WORDS.get(self.give, self.give.replace("_", " "))),
                    words)

    def full_refusal(self, state: S, seat: int, action: Action) -> IllegalActionError:
        n = len(self.given(state, seat))
        return IllegalActionError(self.rule_id(state), action, Text(FULL, seat, n, plural=(FULL, n)), seat)

    def early_refusal(self, state: S, seat: int, action: Action) -> IllegalActionError:
        n = self.least(state, seat)
        return IllegalActionError(self.rule_id(state), action, Text(EARLY, seat, n, plural=(EARLY, n)), seat)

    def rule_id(self, state: S) -> str:
        return state.step_rule(self.rule) or self.rule

    # ----- the phase ------------------------------------------------------------------
    def legal(self, state: S, seat: int) -> list[Action]:
        acts = []
        if len(self.given(state, seat)) < self.most(state, seat):
            gives = self._gives
            acts = [gives[c.index] for c in self.offered(state, seat)]
        if self.may_finish(state, seat):
            acts.append(self.finish_action(state, seat))
        return acts

    def act(self, state: S, seat: int, action: Action) -> None:
        if self.finish is not None and action.kind == self.finish:
            if action.card is not None:
                raise IllegalActionError(self.rule_id(state), action, self.form_reason(state, seat), seat)
            if not self.may_finish(state, seat):
                raise self.early_refusal(state, seat, action)
        else:
            card = action.card
            if action.kind != self.give or card is None or action.value is not None:
                raise IllegalActionError(self.rule_id(state), action, self.form_reason(state, seat), seat)
            if card not in self.offered(state, seat):
                raise IllegalActionError(self.rule_id(state), action, Text("{} is not in seat {}'s hand", card, seat),
                                         seat)
            if len(self.given(state, seat)) >= self.most(state, seat):
                raise self.full_refusal(state, seat, action)
        self.perform(state, seat, action)

    def perform(self, state: S, seat: int, action: Action) -> None:
        card = action.card
        if card is None or (self.finish is not None and action.kind == self.finish):  # the finish
            state.history.append((seat, self.finish_action(state, seat)))
            self.done(state, seat)
            return
        state.history.append((seat, self._gives[card.index]))
        self.give_card(state, seat, card)
        if self.complete(state, seat):
            self.done(state, seat)
