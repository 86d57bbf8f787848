"""Errors raised by the engine.

Every error is a :class:`ValueError`, so a caller that only wants to know
"was the input bad?" can catch ``ValueError``; the subclasses say what kind
of input was bad, and their messages name the input, where it was, and (for
a refused action) the id of the rule that refuses it.

>>> from engine.errors import IllegalActionError
>>> err = IllegalActionError("ruffe-and-trumps.play.follow", "play 7H",
...                          "must follow suit", seat=2)
>>> str(err)
"illegal action 'play 7H' by seat 2: must follow suit (ruffe-and-trumps.play.follow)"
>>> isinstance(err, ValueError)
True
"""

from __future__ import annotations

from typing import Any

from engine.i18n import Text, current, tr

__all__ = [
    "EngineError",
    "InvalidInputError",
    "InvalidActionError",
    "IllegalActionError",
    "TurnError",
    "VariantError",
    "RecordError",
    "UnknownGameError",
    "CatalogueError",
    "brief",
]


def brief(value: Any, limit: int = 60) -> str:
    """A short, always printable ``repr`` of an input for an error message: long
    strings and containers are cut, huge integers are described, not written out.

    >>> brief("x" * 100)
    "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…"
    >>> brief(10 ** 5000)
    'an integer of about 5001 digits'
    """
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 64:
        return tr("an integer of about {} digits", int(value.bit_length() * 0.30103) + 1)
    try:
        text = repr(value)
    except Exception:  # a repr that fails (too deep, too large) must not hide the real error
        return f"a {type(value).__name__}"
    return text if len(text) <= limit else text[: limit - 1] + "…"


class EngineError(ValueError):
    """Base class of every error the engine raises on bad input."""


class InvalidInputError(EngineError):
    """A value the engine cannot read at all: a card, a seat, a deck, a number out
    of bounds. The message names the value and where it was given."""


class InvalidActionError(InvalidInputError):
    """An action that cannot be read (an unknown form, a card that is no card, a
    value of the wrong type or out of bounds), as distinct from a well-formed
    action that the rules refuse (:class:`IllegalActionError`)."""


class IllegalActionError(EngineError):
    """A well-formed action that the rules forbid in the current state.

    ``rule`` is the id of the catalogue rule that forbids it, ``action`` the
    refused action (an :class:`engine.game.Action`, its text, or ``None``),
    ``reason`` a plain sentence, ``seat`` the seat that tried it, and
    ``index`` the position of the action in a record (set by replay).
    The state that refused the action is left unchanged.
    """

    def __init__(
        self,
        rule: str,
        action: Any,
        reason: str | Text,
        seat: int | None = None,
        index: int | None = None,
    ) -> None:
        self.rule = rule
        self.action = action
        self.reason = reason
        self.seat = seat
        self.index = index
        self.adopted: str | None = None
        """For a game played by another game's rule: the id of that rule (``rule`` is the game's own)."""
        super().__init__(rule, action, reason)

    def __str__(self) -> str:
        """The refusal in the reader's language (the action by its label but in English, where
        it is written as the action's text; a label reads better than a wire form)."""
        action = self.action
        if action is not None and current() != "en" and hasattr(action, "label"):
            action = action.label
        if action is not None:
            text = (tr("illegal action '{}' by seat {}: {} ({})", action, self.seat, self.reason, self.rule)
                    if self.seat is not None else tr("illegal action '{}': {} ({})", action, self.reason, self.rule))
        else:
            text = (tr("illegal action by seat {}: {} ({})", self.seat, self.reason, self.rule)
                    if self.seat is not None else tr("illegal action: {} ({})", self.reason, self.rule))
        if self.index is not None:
            text += tr(" [action #{} of the record]", self.index)
        return text

    def to_json(self) -> dict[str, Any]:
        """The error as the JSON bridge reports it."""
        action = self.action
        if hasattr(action, "to_json"):
            action = action.to_json()
        elif action is not None:
            action = str(action)
        return {
            "type": type(self).__name__,
            "message": str(self),
            "rule": self.rule,
            "action": action,
            "seat": self.seat,
            "index": self.index,
            **({"adopted": self.adopted} if self.adopted else {}),
        }


class TurnError(EngineError):
    """A move asked of a seat whose turn it is not (or of any seat once the game is over).

    ``seat`` is the seat asked, ``to_act`` the seat whose turn it is (``None`` when the game
    is over). The message says both in the reader's language; nothing is changed.

    >>> str(TurnError(1, 3))
    "it is not seat 1's turn (seat 3 is to act)"
    >>> str(TurnError(1, None))
    'seat 1 cannot move: the game is over'
    """

    def __init__(self, seat: Any, to_act: int | None, message: Text | None = None) -> None:
        self.seat = seat
        self.to_act = to_act
        if message is None:
            message = (Text("seat {} cannot move: the game is over", seat) if to_act is None
                       else Text("it is not seat {}'s turn (seat {} is to act)", seat, to_act))
        super().__init__(message)


class VariantError(EngineError):
    """An unknown variant option, or a value the option does not allow.

    The message names the option, the value given, the values allowed and
    the rule whose reading the option selects; ``option`` and ``rule`` hold
    the option's name and that rule id (``None`` when not applicable).
    """

    def __init__(self, message: str | Text, rule: str | None = None, option: str | None = None) -> None:
        super().__init__(message)
        self.rule = rule
        self.option = option


class RecordError(EngineError):
    """A malformed game record; the message names the field."""


class UnknownGameError(EngineError):
    """A game id that no catalogue or engine module knows."""


class CatalogueError(EngineError):
    """A malformed rule catalogue; the message names the file and the entry."""
