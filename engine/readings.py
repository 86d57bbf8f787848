"""What each reading of a contested rule means to the code, declared once.

A contested rule's readings are the values of one variant option, read from
the catalogue (:meth:`engine.game.Option.from_rule`).  The code gives each
reading its meaning once, in a :class:`Readings` table: a parameter (a
number, a flag, a follow rule, a function) that the rule code reads instead
of comparing strings.  The table's readings must be the option's, exactly:
a reading added to or dropped from the catalogue without the code is a
:class:`~engine.errors.CatalogueError` when the game module loads.  Looking
up a reading the option does not have is a
:class:`~engine.errors.VariantError` naming the option, its rule and the
readings allowed; nothing falls back to a default.

>>> from engine.game import Option
>>> target = Readings(Option.from_rule("ruffe-and-trumps.config.two-target"), {"52": 52, "36": 36})
>>> target["36"]
36
>>> target["40"]
Traceback (most recent call last):
...
engine.errors.VariantError: variant option 'two_player_target' (rule ruffe-and-trumps.config.two-target): '40' is not allowed; allowed values: '52', '36'
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any, TypeVar

from engine.errors import CatalogueError
from engine.game import Option

__all__ = ["Readings"]

T = TypeVar("T")


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
