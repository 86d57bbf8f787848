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
Мушка's) declares its field with its own rule id and the other's meanings
(``reading("<its rule>", Base.meanings("<option>"))``): the readings are checked
against its own rule, and refusals name it.  A subclass's options follow its
base's, an option declared again keeping its place.

How the two forms are kept: the field holds the meaning (``demo.target == 36``);
the declaration (a :class:`Setting` in the dataclass field's metadata) holds the
option and each reading id with its meaning, so :meth:`Rules.to_json` finds a
value's reading id again (by identity, or equality of the same type: ``1`` is not
``True``).  Two readings of one option may therefore not mean the same.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, TypeVar

from engine.errors import CatalogueError
from engine.game import Option, Variant

__all__ = ["Rules", "Setting", "reading", "number", "flag"]

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
        settings = dict(cls.SETTINGS)  # a base's options first; one declared again keeps its place
        for field, setting in declared.items():
            if not setting.option.name:
                setting = Setting(dataclasses.replace(setting.option, name=field), setting.meanings)
            settings[setting.option.name] = (field, setting)
        cls.SETTINGS = settings
        cls.OPTIONS = tuple(setting.option for _, setting in settings.values())

    def __post_init__(self) -> None:
        self.check()

    @classmethod
    def meanings(cls, name: str) -> dict[str, Any]:
        """Reading id -> meaning of the option ``name``, as declared (for a game that adopts
        these readings under a rule of its own: ``reading("<its rule>", Base.meanings(name))``).

        >>> from engine.games.ruffe.rules import RuffeRules
        >>> RuffeRules.meanings("two_player_target")
        {'52': 52, '36': 36}
        """
        return dict(cls.SETTINGS[cls.option(name).name][1].meanings or ())

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
