"""What each reading of a contested rule means to the code, declared once.

A game's rules are one frozen dataclass, a :class:`Rules`, whose fields are
declared once, with the rule they choose a reading of and what each reading
means to the code: the field's value *is* the parameter the rule code reads
(a number, a flag, a play rule, a small function), never a reading id.

>>> from dataclasses import dataclass
>>> @dataclass(frozen=True)
... class Demo(Rules):
...     game_id = "demo"
...     players: int = number(4, rule="ruffe-and-trumps.players.count", doc="Number of players.", values=(2, 3, 4))
...     target: int = reading("ruffe-and-trumps.config.two-target", {"52": 52, "36": 36})
>>> demo = Demo.from_mapping({"two_player_target": "36"})
>>> demo.target, demo.to_json(), demo.readings()["ruffe-and-trumps.config.two-target"]
(36, {'players': 4, 'two_player_target': '36'}, '36')
>>> [o.name for o in Demo.OPTIONS], Demo().target
(['players', 'two_player_target'], 52)

:func:`reading` reads the option's name, its readings, their default and the
rule's statement from the catalogue (:meth:`engine.game.Option.from_rule`), and
checks the meanings against it when the module loads: a reading added to or
dropped from the catalogue without the code is a
:class:`~engine.errors.CatalogueError`.  The JSON form (:meth:`Rules.from_mapping`,
:meth:`Rules.to_json`, :meth:`Rules.readings`, records, the bridge) stays keyed by
the catalogue's option names and reading ids: a reading id is turned into its
meaning when the rules are built, and back when they are written.  A reading the
option does not have, or a value that is no reading's meaning, is a
:class:`~engine.errors.VariantError` naming the option, its rule and the readings
allowed; nothing falls back to a default.

>>> Demo.from_mapping({"two_player_target": "40"})
Traceback (most recent call last):
...
engine.errors.VariantError: variant option 'two_player_target' (rule ruffe-and-trumps.config.two-target): '40' is not allowed; allowed values: '52', '36'
>>> Demo(target=40)
Traceback (most recent call last):
...
engine.errors.VariantError: variant option 'two_player_target' (rule ruffe-and-trumps.config.two-target): 40 is not allowed; allowed values: '52', '36'

A game that adopts another's readings under a rule of its own (as Памфил adopts
Мушка's) declares its field with its own rule id and the other's meanings: the
readings are checked against its own rule, and refusals name it.

(:class:`Readings`, a table of meanings beside a :class:`~engine.game.Variant`,
serves the games whose rules are not yet declared this way.)

>>> from engine.game import Option
>>> table = Readings(Option.from_rule("ruffe-and-trumps.config.two-target"), {"52": 52, "36": 36})
>>> table["36"]
36
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterator, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from engine.errors import CatalogueError
from engine.game import Option, Variant

__all__ = ["Rules", "reading", "number", "flag", "Readings"]

T = TypeVar("T")
N = TypeVar("N", bound=int | None)
B = TypeVar("B", bound=bool | None)

_DECLARED = "engine.readings"
"""The key of a declared field's :class:`Setting` in its dataclass field's metadata."""


@dataclass(frozen=True)
class Setting:
    """One declared field of a :class:`Rules`: its option (as the catalogue and the JSON
    name it) and, for a reading, each reading id with its meaning, in the catalogue's order
    (``None``: a plain option, whose value is the field's)."""

    option: Option
    meanings: tuple[tuple[Any, Any], ...] | None = None

    def meaning(self, value: Any) -> Any:
        """The field's value for the option's JSON value (checked)."""
        value = self.option.coerce(value)
        if self.meanings is None:
            return value
        return next(meaning for reading, meaning in self.meanings if reading == value)

    def reading(self, value: Any) -> Any:
        """The option's JSON value for the field's value: a reading's id for its meaning
        (a :class:`VariantError` for a value that is no reading's meaning)."""
        if self.meanings is None:
            return value
        for reading, meaning in self.meanings:
            if meaning is value or (type(meaning) is type(value) and meaning == value):
                return reading
        raise self.option.refusal(value)


def _declared(default: Any, setting: Setting) -> Any:
    return dataclasses.field(default=default, metadata={_DECLARED: setting})


def reading(rule: str, meanings: Mapping[str, T]) -> T:
    """A field choosing a reading of the contested ``rule``: ``meanings`` gives each of the
    catalogue's readings (by id) its meaning, the field's value; its default is the meaning
    of the default reading.  The option's name, readings, default and description are the
    catalogue's; meanings for other readings than the catalogue's, or two readings meaning
    the same, are a :class:`CatalogueError` (at import).

    >>> reading("ruffe-and-trumps.ruff.tie", {"eldest": 1})
    Traceback (most recent call last):
    ...
    engine.errors.CatalogueError: rule ruffe-and-trumps.ruff.tie: the code gives a meaning to the readings ['eldest'] of option 'ruff_tie', the catalogue has ['eldest', 'void']
    """
    option = Option.from_rule(rule)
    values = option.values or ()
    if set(meanings) != set(values) or len(meanings) != len(values):
        raise CatalogueError(f"rule {rule}: the code gives a meaning to the readings {sorted(meanings)} of option "
                             f"{option.name!r}, the catalogue has {list(values)}")
    pairs = tuple((r, meanings[r]) for r in values)  # the catalogue's order
    setting = Setting(option, pairs)
    if len({setting.reading(meaning) for _, meaning in pairs}) != len(pairs):
        raise CatalogueError(f"rule {rule}: two readings of option {option.name!r} mean the same to the code")
    return _declared(meanings[option.default], setting)  # type: ignore[no-any-return]


def number(default: N, *, rule: str, doc: str, values: tuple[int, ...] | None = None, name: str = "") -> N:
    """A whole-number option (not a reading): its default, the rule it sets, its description,
    the values allowed (``None``: any whole number) and its JSON name (the field's if empty)."""
    return _declared(default, Setting(Option(name, int, default, values, doc, rule)))  # type: ignore[no-any-return]


def flag(default: B, *, rule: str, doc: str, values: tuple[bool, ...] | None = None, name: str = "") -> B:
    """A true-or-false option (not a reading), as :func:`number`."""
    return _declared(default, Setting(Option(name, bool, default, values, doc, rule)))  # type: ignore[no-any-return]


@dataclass(frozen=True)
class Rules(Variant):
    """Base of a game's rules declared once: a frozen dataclass whose every field is
    declared by :func:`reading`, :func:`number` or :func:`flag`.  Its ``OPTIONS`` are the
    fields' options in the order declared; it is built from and written to the JSON form
    (option name -> value, a reading by its id) as every :class:`~engine.game.Variant`."""

    SETTINGS: ClassVar[dict[str, tuple[str, Setting]]] = {}
    """Option name -> the field it sets and its :class:`Setting`, in the order declared."""

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        declared = {field: value.metadata[_DECLARED] for field, value in vars(cls).items()
                    if isinstance(value, dataclasses.Field) and _DECLARED in value.metadata}
        if not declared:  # (a subclass adding no option: its base's)
            return
        settings: dict[str, tuple[str, Setting]] = {}
        for field, setting in declared.items():
            if not setting.option.name:
                setting = Setting(dataclasses.replace(setting.option, name=field), setting.meanings)
            settings[setting.option.name] = (field, setting)
        cls.SETTINGS = settings
        cls.OPTIONS = tuple(setting.option for _, setting in settings.values())

    def __post_init__(self) -> None:
        self.check()

    def check(self) -> None:
        """Refuse (:class:`VariantError`) a field whose value is no reading's meaning: the
        rules built directly, or altered behind their validation."""
        for field, setting in self.SETTINGS.values():
            if setting.meanings is not None:
                setting.reading(getattr(self, field))

    @classmethod
    def _setting(cls, option: Option, value: Any) -> tuple[str, Any]:
        field, setting = cls.SETTINGS[option.name]
        return field, setting.meaning(value)

    def to_json(self) -> dict[str, Any]:
        """Every option with its value, a reading by its id (what a record stores)."""
        return {name: setting.reading(getattr(self, field)) for name, (field, setting) in self.SETTINGS.items()}

    def readings(self) -> dict[str, str]:
        """The rule id -> reading id chosen by each option."""
        return {self.SETTINGS[name][1].option.rule: str(value).lower() for name, value in self.to_json().items()}


class Readings(Mapping[str, T]):
    """The meaning of each reading of one option: reading id -> parameter.

    ``readings[id]`` is the parameter of a reading (a :class:`VariantError`
    for anything that is not one of the option's readings);
    :meth:`of` reads a variant's choice.
    """

    __slots__ = ("option", "_meanings")

    def __init__(self, option: Option, meanings: Mapping[str, T]) -> None:
        if option.values is None or set(meanings) != set(option.values) or len(meanings) != len(option.values):
            raise CatalogueError(
                f"rule {option.rule}: the code gives a meaning to the readings {sorted(meanings)} of option "
                f"{option.name!r}, the catalogue has {list(option.values or ())}")
        self.option = option
        self._meanings = {reading: meanings[reading] for reading in option.values}  # the catalogue's order

    def __getitem__(self, reading: str) -> T:
        if type(reading) is str and reading in self._meanings:
            return self._meanings[reading]
        raise self.option.refusal(reading)

    def __contains__(self, reading: object) -> bool:
        return type(reading) is str and reading in self._meanings

    def __iter__(self) -> Iterator[str]:
        return iter(self._meanings)

    def __len__(self) -> int:
        return len(self._meanings)

    def __repr__(self) -> str:
        return f"Readings({self.option.name!r}: {self._meanings!r})"

    def of(self, variant: Any) -> T:
        """The parameter of the reading ``variant`` chooses for this option.

        The variant's class may declare the option under a rule of its own (a
        game that adopts another's readings, as Памфил adopts Мушка's): a
        refusal then names that rule, and its readings must be these.
        """
        option = type(variant).option(self.option.name)
        if option is not self.option and option.values != self.option.values:
            raise CatalogueError(f"rule {option.rule}: readings {list(option.values or ())} of option "
                                 f"{option.name!r}, but the code gives meanings to {list(self._meanings)}")
        reading = getattr(variant, option.name)
        if reading in self:
            return self._meanings[reading]
        raise option.refusal(reading)
