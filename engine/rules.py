"""The registry that ties catalogue rule ids to the code that implements them.

Put the rule id next to the code::

    @implements("ruffe-and-trumps.ruff.value")
    def ruff_value(hand, suit, trump, turned): ...

and :func:`registry` maps every id to the places that implement it, written
``"engine/games/ruffe/state.py:123 ruff_value"`` (the module that defines the object and its
line, taken from the object itself: no module needs to re-export a rule's name), which the
concordance and ``python -m engine rules`` show.

The registry holds the marks of the code imported so far; this module imports no game (it is
the bottom floor). Whoever needs every game's rules asks the games registry first:
``engine.games.load_all()`` (as :func:`engine.rule_index.rule_entries` does).

>>> from engine.rules import implements, is_implemented
>>> @implements("doc-example.rule")
... def f():
...     return 1
>>> is_implemented("doc-example.rule"), f()
(True, 1)
>>> _forget("doc-example.rule")
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from typing import Any, TypeVar

__all__ = ["implements", "registry", "is_implemented", "implemented_ids", "locations"]

T = TypeVar("T")

_REGISTRY: dict[str, list[str]] = {}


def _location(obj: Any, line: int | None) -> str:
    module = getattr(obj, "__module__", None) or "?"
    path = module.replace(".", "/") + ".py"
    code = getattr(obj, "__code__", None)
    if code is None:
        func = getattr(obj, "__func__", None) or getattr(obj, "fget", None)
        code = getattr(func, "__code__", None)
    if code is not None:
        line = code.co_firstlineno
    name = getattr(obj, "__qualname__", None) or getattr(getattr(obj, "fget", None), "__qualname__", "?")
    return f"{path}:{line if line is not None else '?'} {name}"


def implements(*rule_ids: str) -> Callable[[T], T]:
    """Mark a function, method or class as the implementation of rule ids.

    The object is returned unchanged (no wrapper, no run-time cost); its
    ``__rules__`` attribute lists the ids when it can be set.
    """
    if not rule_ids or not all(isinstance(r, str) and r.count(".") >= 1 for r in rule_ids):
        raise ValueError(f"implements() needs rule ids like 'game.topic.name', got {rule_ids!r}")
    caller_line = sys._getframe(1).f_lineno

    def mark(obj: T) -> T:
        where = _location(obj, caller_line)
        for rule_id in rule_ids:
            places = _REGISTRY.setdefault(rule_id, [])
            if where not in places:
                places.append(where)
        try:
            existing = tuple(getattr(obj, "__rules__", ()))
            setattr(obj, "__rules__", existing + tuple(r for r in rule_ids if r not in existing))
        except (AttributeError, TypeError):
            pass
        return obj

    return mark


def registry() -> dict[str, list[str]]:
    """Every rule id marked so far mapped to its code locations (load the games first:
    :func:`engine.games.load_all`)."""
    return {rule_id: list(places) for rule_id, places in sorted(_REGISTRY.items())}


def implemented_ids() -> set[str]:
    """The set of rule ids marked so far (load the games first: :func:`engine.games.load_all`)."""
    return set(_REGISTRY)


def is_implemented(rule_id: str) -> bool:
    """Whether code imported so far is marked as implementing ``rule_id`` (load the games first:
    :func:`engine.games.load_all`)."""
    return rule_id in _REGISTRY


def locations(rule_id: str) -> list[str]:
    """The code locations of one rule id (empty if not marked; load the games first:
    :func:`engine.games.load_all`)."""
    return list(_REGISTRY.get(rule_id, ()))


def _forget(rule_id: str) -> None:
    """Remove an id (used by this module's own doctest)."""
    _REGISTRY.pop(rule_id, None)
