"""Actions: one decision of one player, as a value that is always well formed.

>>> a = Action.parse("play 7H")
>>> a, str(a), a.label, a.to_json()
(Action('play', card=Card(Rank.SEVEN, Suit.HEARTS)), 'play 7H', 'Play 7♥', {'kind': 'play', 'card': '7H'})
>>> Action.from_json({"kind": "announce", "value": 34})
Action('announce', value=34)
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

from engine.cards import Card
from engine.errors import InvalidActionError, InvalidInputError, brief
from engine.i18n import N_, Text, _, current
from engine.limits import MAX_ACTION_VALUE
from engine.view_types import ActionJson

__all__ = ["Action", "KIND_WORDS", "name_kind", "Named"]

KIND_WORDS: dict[str, str] = {"play": N_("Play"), "discard": N_("Discard"), "pass": N_("Pass")}
"""The word that begins an action's label, by kind, as an English template translated where
the label is written (:attr:`Action.label`); a kind not named here is written as its own
word (``lay_out``: ``Lay out``), in English whatever the language. A game names its own
kinds with :func:`name_kind`."""


def name_kind(kind: str, word: str) -> None:
    """Name the word of the label of actions of ``kind`` (``word`` marked with ``N_`` in the
    game's own code, so that its translation lives with the game); the English word must be
    the one the label writes already (``kind`` with its first letter capitalised), so that
    English labels do not change.

    >>> name_kind("lay_out", "Lay out")
    >>> name_kind("look", "Peek")
    Traceback (most recent call last):
    ...
    ValueError: the label of 'look' is 'Look', not 'Peek'
    """
    plain = kind.replace("_", " ").capitalize()
    if word != plain:
        raise ValueError(f"the label of {kind!r} is {plain!r}, not {word!r}")
    KIND_WORDS[kind] = word


_KIND = re.compile(r"[a-z][a-z0-9_-]{0,31}\Z")
_INTEGER = re.compile(r"-?[0-9]{1,18}\Z")  # ASCII digits only ("³⁴" is no number)
_CHECKED_KINDS: set[str] = set()


@dataclass(frozen=True, slots=True)
class Action:
    """One decision of one player: a kind (``play``, ``discard``, ``announce``
    …), and the card or value it concerns.

    Actions are values: two actions with the same fields are equal.  An action
    that cannot be read (a kind that is not a lowercase word, a card that is no
    :class:`~engine.cards.Card`, a value that is neither a short string nor an
    integer within bounds) cannot be built: :class:`~engine.errors.InvalidActionError`.

    >>> Action(5)
    Traceback (most recent call last):
    ...
    engine.errors.InvalidActionError: an action's kind must be a lowercase word such as 'play', not 5
    """

    kind: str
    card: Card | None = None
    value: str | int | None = None

    def __post_init__(self) -> None:
        kind, card, value = self.kind, self.card, self.value
        if kind not in _CHECKED_KINDS:
            if type(kind) is not str or not _KIND.match(kind):
                raise InvalidActionError(Text("an action's kind must be a lowercase word such as 'play', not {}",
                                              brief(kind)))
            if len(_CHECKED_KINDS) < 256:
                _CHECKED_KINDS.add(kind)
        if card is not None and type(card) is not Card:
            raise InvalidActionError(Text("action {}: its card must be a Card (such as Card.parse('7H')), not {}",
                                          repr(kind), brief(card)))
        if value is not None:
            if type(value) is int:
                if not -MAX_ACTION_VALUE < value < MAX_ACTION_VALUE:
                    raise InvalidActionError(Text("action {}: its value {} is out of bounds (at most {})",
                                                  repr(kind), brief(value), format(MAX_ACTION_VALUE - 1, ',')))
            elif type(value) is str:
                if not value or len(value) > 64 or not value.isprintable() or value != value.strip():
                    raise InvalidActionError(Text("action {}: its value {} must be a word of 1 to 64 printable "
                                                  "characters",
                                                  repr(kind), brief(value)))
            else:
                raise InvalidActionError(Text("action {}: its value must be a string or an integer, not {}",
                                              repr(kind), brief(value)))

    def __str__(self) -> str:
        parts = [self.kind]
        if self.card is not None:
            parts.append(str(self.card))
        if self.value is not None:
            parts.append(str(self.value))
        return " ".join(parts)

    def __repr__(self) -> str:
        fields = [repr(self.kind)]
        if self.card is not None:
            fields.append(f"card={self.card!r}")
        if self.value is not None:
            fields.append(f"value={self.value!r}")
        return f"Action({', '.join(fields)})"

    @property
    def label(self) -> str:
        """Human text for a button: ``Play 7♥``, ``Announce 34`` (the word of the kind in the
        current language, :data:`KIND_WORDS`)."""
        word = KIND_WORDS.get(self.kind)
        parts = [_(word) if word is not None else self.kind.replace("_", " ").capitalize()]
        if self.card is not None:
            parts.append(self.card.symbol)
        if self.value is not None:
            parts.append(str(self.value))
        return " ".join(parts)

    def to_json(self) -> ActionJson:
        """``{"kind": "play", "card": "7H"}``; fields that are ``None`` are left out."""
        data: ActionJson = {"kind": self.kind}
        if self.card is not None:
            data["card"] = str(self.card)
        if self.value is not None:
            data["value"] = self.value
        return data

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Action:
        """The inverse of :meth:`to_json`. A ``seat`` key (as records carry) is
        allowed and ignored; any other key is refused."""
        if not isinstance(data, Mapping):
            raise InvalidActionError(Text("an action must be an object such as {{'kind': 'play', 'card': '7H'}}, "
                                          "not {}",
                                          brief(data)))
        extra = [key for key in data if key not in _ACTION_KEYS]
        if extra:
            raise InvalidActionError(Text("action {}: unknown field {} (an action has kind, card and value)",
                                          brief(dict(data)), brief(extra[0])))
        kind = data.get("kind")
        if not isinstance(kind, str) or not kind:
            raise InvalidActionError(Text("action {} has no 'kind' (a string such as 'play')",
                                          brief(dict(data))))
        card = data.get("card")
        if card is not None:
            if not isinstance(card, str):
                raise InvalidActionError(Text("action {}: 'card' must be a card string such as '7H', not {}",
                                              repr(kind), brief(card)))
            try:
                card = Card.parse(card)
            except InvalidInputError as error:
                raise InvalidActionError(Text("action {}: {}", repr(kind), error)) from None
        return cls(kind, card, data.get("value"))

    @classmethod
    def parse(cls, text: str) -> Action:
        """An action from its text: ``"play 7H"``, ``"discard QS"``, ``"announce 34"``.

        A word after the kind is read as a card if it is one, else as a whole
        number if it is written in ASCII digits, else as a word."""
        if not isinstance(text, str):
            raise InvalidActionError(Text("cannot read an action from {}: expected text such as 'play 7H'",
                                          brief(text)))
        if len(text) > 200:
            raise InvalidActionError(Text("action text of {} characters: an action is a few words, such as 'play "
                                          "7H'",
                                          format(len(text), ',')))
        words = text.split()
        if not words:
            raise InvalidActionError(Text("empty action text: expected e.g. 'play 7H'"))
        kind, rest = words[0].lower(), words[1:]
        card: Card | None = None
        value: str | int | None = None
        for word in rest:
            if card is None and value is None:
                try:
                    card = Card.parse(word)
                    continue
                except InvalidInputError:
                    pass
            if value is not None:
                raise InvalidActionError(Text("cannot read action {}: too many words",
                                              brief(text)))
            value = int(word) if _INTEGER.match(word) else word
        return cls(kind, card, value)

    @classmethod
    def coerce(cls, action: Action | Mapping[str, Any] | str) -> Action:
        """Accept an :class:`Action`, its JSON form or its text."""
        if type(action) is cls:
            return action
        if isinstance(action, Mapping):
            return cls.from_json(action)
        if isinstance(action, str):
            return cls.parse(action)
        if isinstance(action, Action):
            return action
        raise InvalidActionError(Text("cannot read an action from {}", brief(action)))


_ACTION_KEYS = frozenset(("kind", "card", "value", "seat"))


class Named:
    """Actions as a sentence kept for later names them (an argument of a
    :class:`~engine.i18n.Text`), written when read: by their text in English (``play 7H,
    pass``: what a caller may send), by their labels in another language (``Сыграть 7♥``).

    >>> str(Named([Action.parse("play 7H"), Action("pass")]))
    'play 7H, pass'
    """

    __slots__ = ("actions",)

    def __init__(self, actions: Any) -> None:
        self.actions = tuple(actions) if isinstance(actions, (list, tuple)) else (actions,)

    def __str__(self) -> str:
        english = current() == "en"
        return ", ".join(str(a) if english or not isinstance(a, Action) else a.label for a in self.actions)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Named) and self.actions == other.actions

    def __hash__(self) -> int:
        return hash(self.actions)
