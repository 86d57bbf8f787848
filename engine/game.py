"""The shape every game shares: actions, outcomes, variants, states, specs.

A game is declared once by a :class:`GameSpec` (its id, name, player counts
and its :class:`Variant` class, whose options are the catalogue's readings of
contested rules).  A :class:`GameState` is a state machine: the seat to act,
its legal actions, ``apply`` (which checks legality and refuses a bad action
with :class:`~engine.errors.IllegalActionError` naming the rule, leaving the
state unchanged), views that hide what a seat may not see, and the outcome.

>>> from engine.game import Action
>>> a = Action.parse("play 7H")
>>> a, str(a), a.label, a.to_json()
(Action('play', card=Card(Rank.SEVEN, Suit.HEARTS)), 'play 7H', 'Play 7♥', {'kind': 'play', 'card': '7H'})
>>> Action.from_json({"kind": "announce", "value": 34})
Action('announce', value=34)
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.cards import Card
from engine.errors import EngineError, IllegalActionError, VariantError

__all__ = ["Action", "Outcome", "Option", "Variant", "GameState", "GameSpec"]


@dataclass(frozen=True, slots=True)
class Action:
    """One decision of one player: a kind (``play``, ``discard``, ``announce``
    …), and the card or value it concerns.

    Actions are values: two actions with the same fields are equal.
    """

    kind: str
    card: Card | None = None
    value: str | int | None = None

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
        """Human text for a button: ``Play 7♥``, ``Announce 34``."""
        parts = [self.kind.replace("_", " ").capitalize()]
        if self.card is not None:
            parts.append(self.card.symbol)
        if self.value is not None:
            parts.append(str(self.value))
        return " ".join(parts)

    def to_json(self) -> dict[str, Any]:
        """``{"kind": "play", "card": "7H"}``; fields that are ``None`` are left out."""
        data: dict[str, Any] = {"kind": self.kind}
        if self.card is not None:
            data["card"] = str(self.card)
        if self.value is not None:
            data["value"] = self.value
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Action:
        """The inverse of :meth:`to_json`; unknown keys (such as ``seat``) are ignored."""
        if not isinstance(data, dict):
            raise EngineError(f"an action must be an object such as {{'kind': 'play', 'card': '7H'}}, got {data!r}")
        kind = data.get("kind")
        if not isinstance(kind, str) or not kind:
            raise EngineError(f"action {data!r} has no 'kind' (a string such as 'play')")
        card = data.get("card")
        value = data.get("value")
        if value is not None and not isinstance(value, (str, int)):
            raise EngineError(f"action {data!r}: 'value' must be a string or an integer")
        return cls(kind, Card.parse(card) if card is not None else None, value)

    @classmethod
    def parse(cls, text: str) -> Action:
        """An action from its text: ``"play 7H"``, ``"discard QS"``, ``"announce 34"``."""
        words = text.split()
        if not words:
            raise EngineError("empty action text: expected e.g. 'play 7H'")
        kind, rest = words[0].lower(), words[1:]
        card: Card | None = None
        value: str | int | None = None
        for word in rest:
            if card is None and value is None:
                try:
                    card = Card.parse(word)
                    continue
                except EngineError:
                    pass
            if value is not None:
                raise EngineError(f"cannot read action {text!r}: too many words")
            value = int(word) if word.lstrip("-").isdigit() else word
        return cls(kind, card, value)

    @classmethod
    def coerce(cls, action: Action | dict[str, Any] | str) -> Action:
        """Accept an :class:`Action`, its JSON form or its text."""
        if type(action) is cls:
            return action
        if isinstance(action, dict):
            return cls.from_json(action)
        if isinstance(action, str):
            return cls.parse(action)
        if isinstance(action, Action):
            return action
        raise EngineError(f"cannot read an action from {action!r}")


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game.

    ``winners``: the winning seats (all seats of the winning side);
    ``scores``: the final game score of each seat (its side's total);
    ``sides``: the seats of each side; ``reason``: a plain sentence.
    """

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    sides: tuple[tuple[int, ...], ...]
    reason: str

    def to_json(self) -> dict[str, Any]:
        return {
            "winners": list(self.winners),
            "scores": list(self.scores),
            "sides": [list(s) for s in self.sides],
            "reason": self.reason,
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Outcome:
        return cls(
            tuple(data["winners"]),
            tuple(data["scores"]),
            tuple(tuple(s) for s in data["sides"]),
            str(data["reason"]),
        )


@dataclass(frozen=True)
class Option:
    """One variant option: its name, type, default, allowed values, a short
    description, and the id of the rule whose reading it selects."""

    name: str
    type: type
    default: Any
    values: tuple[Any, ...] | None
    doc: str
    rule: str

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "type": {bool: "bool", int: "int", str: "str"}.get(self.type, self.type.__name__),
            "default": self.default,
            "values": list(self.values) if self.values is not None else None,
            "doc": self.doc,
            "rule": self.rule,
        }

    def coerce(self, value: Any) -> Any:
        """The value converted to the option's type, or :class:`VariantError`."""
        allowed = (", ".join(repr(v) for v in self.values) if self.values
                   else {int: "a whole number", bool: "true or false"}.get(self.type, "a string"))
        where = f"variant option {self.name!r} (rule {self.rule})"
        if value is None and self.default is None:
            return None
        try:
            if self.type is bool:
                if isinstance(value, str) and value.strip().lower() in ("true", "yes", "1", "false", "no", "0"):
                    value = value.strip().lower() in ("true", "yes", "1")
                elif not isinstance(value, bool):
                    raise ValueError
            elif self.type is int:
                if isinstance(value, bool):
                    raise ValueError
                if isinstance(value, str):
                    value = int(value.strip())
                elif not isinstance(value, int):
                    raise ValueError
            elif self.type is str:
                if isinstance(value, bool):
                    raise ValueError
                if isinstance(value, int):
                    value = str(value)
                elif not isinstance(value, str):
                    raise ValueError
        except ValueError:
            raise VariantError(
                f"{where}: {value!r} is not allowed; allowed values: {allowed}", rule=self.rule, option=self.name
            ) from None
        if self.values is not None and value not in self.values:
            raise VariantError(
                f"{where}: {value!r} is not allowed; allowed values: {allowed}", rule=self.rule, option=self.name
            )
        return value


class Variant:
    """Base of every game's variant: a frozen dataclass of options.

    Subclasses are ``@dataclass(frozen=True)`` with one field per option and
    declare ``OPTIONS`` (one :class:`Option` per field).  Build them with
    :meth:`from_options`, which refuses unknown options and bad values with a
    :class:`VariantError` naming the option, its allowed values and the rule.
    """

    game_id: ClassVar[str] = ""
    OPTIONS: ClassVar[tuple[Option, ...]] = ()

    @classmethod
    def option(cls, name: str) -> Option:
        for opt in cls.OPTIONS:
            if opt.name == name:
                return opt
        known = ", ".join(o.name for o in cls.OPTIONS)
        raise VariantError(f"{cls.game_id or cls.__name__} has no variant option {name!r}; options: {known}")

    @classmethod
    def from_options(cls, **options: Any) -> Variant:
        """A validated variant; options not given take their defaults."""
        values = {}
        for name, value in options.items():
            values[name] = cls.option(name).coerce(value)
        return cls(**values)

    def to_json(self) -> dict[str, Any]:
        """Every option with its value (what a record stores)."""
        return {opt.name: getattr(self, opt.name) for opt in self.OPTIONS}

    def readings(self) -> dict[str, str]:
        """The rule id -> reading id chosen by each option."""
        return {opt.rule: str(getattr(self, opt.name)).lower() for opt in self.OPTIONS}

    def replace(self, **changes: Any) -> Variant:
        """A copy with some options changed (validated)."""
        merged = self.to_json() | changes
        return type(self).from_options(**merged)


class GameState:
    """Base class of a game's state (one per game module).

    Subclasses implement the abstract methods; the attributes below are the
    ones every state has.  ``history`` lists ``(seat, action)`` for the whole
    game; ``deals`` the deck order (card strings, top first) of each deal;
    ``log`` readable entries ``{"deal", "seat", "text", "rule"}`` with one
    entry, naming its rule, for every score change.
    """

    game_id: str = ""
    lower_is_better: bool = False
    """True for games whose totals are records written down to nothing (the loo family)."""
    variant: Any
    num_players: int
    seed: int
    history: list[tuple[int, Action]]
    deals: list[list[str]]
    log: list[dict[str, Any]]

    # --- the state machine -------------------------------------------------
    # A state keeps the seat to act in ``_to_act`` (None when nobody acts),
    # its phase name in ``_phase`` ("over" at the end) and the result in ``_outcome``.
    _to_act: int | None = None
    _phase: str = ""
    _outcome: Outcome | None = None

    def current_player(self) -> int | None:
        return self._to_act

    @property
    def phase(self) -> str:
        return self._phase

    def legal_actions(self) -> list[Action]:
        raise NotImplementedError

    def apply(self, action: Action | dict[str, Any] | str) -> None:
        raise NotImplementedError

    def is_over(self) -> bool:
        return self._phase == "over"

    def outcome(self) -> Outcome | None:
        return self._outcome

    # --- information -------------------------------------------------------
    def view(self, seat: int | None) -> dict[str, Any]:
        raise NotImplementedError

    def clone(self) -> GameState:
        raise NotImplementedError

    def determinize(self, seat: int, rng: random.Random) -> GameState:
        raise NotImplementedError

    def sides(self) -> list[list[int]]:
        raise NotImplementedError

    def totals(self) -> list[int]:
        raise NotImplementedError

    # --- shared helpers ----------------------------------------------------
    def view_header(self, seat: int | None) -> dict[str, Any]:
        """The part of a view every game shares: game, variant, seat, players,
        sides, dealer, deal, phase, the seat to act and the score sheet (with
        the entries of the deal in progress as an incomplete row).  Games that
        keep ``dealer``, ``deal_number``, ``score_sheet`` and ``_entries`` use it."""
        sheet = list(self.score_sheet)  # type: ignore[attr-defined]
        if self._phase != "over" and self._entries:  # type: ignore[attr-defined]
            sheet.append({"deal": self.deal_number, "dealer": self.dealer,  # type: ignore[attr-defined]
                          "entries": list(self._entries), "complete": False})  # type: ignore[attr-defined]
        return {
            "game": self.game_id,
            "variant": self.variant.to_json(),
            "seat": seat,
            "players": self.num_players,
            "sides": self.sides(),
            "dealer": self.dealer,  # type: ignore[attr-defined]
            "deal": self.deal_number,  # type: ignore[attr-defined]
            "phase": self._phase,
            "to_act": self._to_act,
            "score_sheet": sheet,
        }

    def is_legal(self, action: Action | dict[str, Any] | str) -> bool:
        """Whether ``apply(action)`` would be accepted now."""
        try:
            action = Action.coerce(action)
        except EngineError:
            return False
        return action in self.legal_actions()

    def action_label(self, action: Action) -> str:
        """Human text for an action (games may say more than ``Action.label``)."""
        return action.label

    def legal_json(self) -> list[dict[str, Any]]:
        """The legal actions as the view shows them."""
        return [
            {"action": a.to_json(), "label": self.action_label(a), "text": str(a)}
            for a in self.legal_actions()
        ]

    def side_of(self, seat: int) -> int:
        """The index of the side a seat plays for."""
        for i, side in enumerate(self.sides()):
            if seat in side:
                return i
        raise EngineError(f"seat {seat} is not at this table of {self.num_players}")

    def _refuse(self, rule: str, action: Any, reason: str, seat: int | None = None) -> IllegalActionError:
        return IllegalActionError(rule, action, reason, seat=seat)


class GameSpec:
    """A game declared once: id, name, player counts, variant class, state class.

    >>> from engine.games import get
    >>> spec = get("ruffe-and-trumps")
    >>> spec.make_variant(players=3).hand_size
    16
    """

    def __init__(
        self,
        id: str,
        name: str,
        min_players: int,
        max_players: int,
        variant_class: type[Variant],
        state_class: type[GameState],
        summary: str = "",
    ) -> None:
        self.id = id
        self.name = name
        self.min_players = min_players
        self.max_players = max_players
        self.variant_class = variant_class
        self.state_class = state_class
        self.summary = summary

    def __repr__(self) -> str:
        return f"<GameSpec {self.id!r}>"

    def options(self) -> list[dict[str, Any]]:
        """The variant options: ``{name, type, default, values, doc, rule}`` each."""
        return [opt.to_json() for opt in self.variant_class.OPTIONS]

    def make_variant(self, **options: Any) -> Variant:
        """A validated variant (:class:`VariantError` on unknown option or bad value)."""
        return self.variant_class.from_options(**options)

    def default_variant(self) -> Variant:
        return self.variant_class.from_options()

    def new_game(
        self,
        variant: Variant | dict[str, Any] | None = None,
        seed: int = 0,
        decks: Iterable[Iterable[str | Card]] | None = None,
        first_dealer: int | None = None,
    ) -> GameState:
        """A new game.  ``decks``, if given, supplies the deck order of deal k
        (top card first) instead of a shuffle: replay, or the same deals under
        another reading.  ``first_dealer``, if given, is the seat that deals first
        (a record's first deal, or one deal of a game replayed on its own)."""
        if variant is None:
            variant = self.default_variant()
        elif isinstance(variant, dict):
            variant = self.variant_class.from_options(**variant)
        elif not isinstance(variant, self.variant_class):
            raise VariantError(f"{self.id}: expected a {self.variant_class.__name__} or a dict of options, got {variant!r}")
        return self.state_class(variant, seed=seed, decks=decks, first_dealer=first_dealer)  # type: ignore[call-arg]

    def to_json(self) -> dict[str, Any]:
        return {
            "id": self.id,
            "name": self.name,
            "min_players": self.min_players,
            "max_players": self.max_players,
            "summary": self.summary,
            "options": self.options(),
        }


def dataclass_fields(obj: Any) -> list[str]:
    """Names of a dataclass's fields (small helper for variants)."""
    return [f.name for f in dataclasses.fields(obj)]
