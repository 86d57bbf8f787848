"""The games the engine implements, found by id: the one registry of games.

A game is registered by being here: every module of this package, or of a package inside it
(``engine/games/<family>/``, at any depth), that binds a :class:`~engine.game.GameSpec` to the
name ``SPEC`` at its top level is a game, found by :func:`load_all` (:mod:`pkgutil` over the
package's search path, which works from a source tree, an installed wheel and Pyodide). No list
names the games: the site's pages, the bench, the tests and the fuzzer ask :func:`all` or
:func:`in_order`, and what they need per game is a field of the spec.

Only the modules whose source binds ``SPEC`` (``SPEC = …``, ``SPEC: GameSpec = …``, or
``from … import SPEC`` in a package's ``__init__``) are imported, so a game's measures and
worked examples still load only when asked for; a module whose source cannot be read is
imported to be asked. Importing this package imports no game: the first question does.

>>> from engine import games
>>> games.get("ruffe-and-trumps").name
'Ruffe and Trumps'
>>> 'ruffe-and-trumps' in [spec.id for spec in games.all()]
True
>>> [spec.id for spec in games.in_order()][:3]
['ruffe-and-trumps', 'gleek', 'piquet']
"""

from __future__ import annotations

import importlib
import importlib.util
import pkgutil
import re
from collections.abc import Iterable, Iterator

from engine.errors import UnknownGameError, brief
from engine.i18n import Text
from engine.game import GameSpec

__all__ = ["get", "all", "ids", "in_order", "sources", "load_all", "named", "discover"]

_ASSIGNS_SPEC = re.compile(r"^SPEC\s*(?::[^=\n]*)?=", re.M)
"""A top-level assignment to ``SPEC`` (annotated or not)."""
_IMPORTS = re.compile(r"^from\s+\S+\s+import\s+(\([^)]*\)|[^\n]*)", re.M)
"""A top-level ``from … import …`` (its names, parenthesised or on one line): a package's ``__init__``
may bind ``SPEC`` by importing it."""

_SPECS: dict[str, GameSpec] | None = None


def _module_names(path: Iterable[str], prefix: str) -> Iterator[tuple[str, bool]]:
    """Every module and package under ``path`` (recursively), as ``(dotted name, is a package)``,
    without importing any: a package's own modules are found on its folder."""
    for info in pkgutil.iter_modules(list(path), prefix):
        yield info.name, info.ispkg
        if info.ispkg:
            found = importlib.util.find_spec(info.name)
            inner = found.submodule_search_locations if found is not None else None
            if inner:
                yield from _module_names(inner, info.name + ".")


def _may_bind_spec(name: str, is_package: bool) -> bool:
    """Whether a module's source binds ``SPEC`` at top level, by assigning it, or (a package's
    ``__init__``) by importing it (True when there is no source to read)."""
    try:
        found = importlib.util.find_spec(name)
        loader = found.loader if found is not None else None
        source = loader.get_source(name) if loader is not None and hasattr(loader, "get_source") else None
    except (ImportError, OSError, SyntaxError, UnicodeDecodeError):
        return True
    if source is None:
        return True
    return (_ASSIGNS_SPEC.search(source) is not None
            or is_package and any(re.search(r"\bSPEC\b", names) for names in _IMPORTS.findall(source)))


def discover(path: Iterable[str] | None = None, prefix: str = __name__ + ".") -> dict[str, GameSpec]:
    """Every game found under ``path`` (this package's search path by default): game id -> spec,
    each spec the ``SPEC`` of the module that binds it. Two different specs with one id are an
    error (:class:`ValueError` naming both modules); one spec re-exported by its package counts once.

    >>> sorted(discover())[:2]
    ['gleek', 'mushka']
    """
    specs: dict[str, GameSpec] = {}
    where: dict[str, str] = {}
    for name, is_package in _module_names(__path__ if path is None else path, prefix):
        if not _may_bind_spec(name, is_package):
            continue
        spec = getattr(importlib.import_module(name), "SPEC", None)
        if not isinstance(spec, GameSpec):
            continue
        known = specs.get(spec.id)
        if known is not None and known is not spec:
            raise ValueError(f"two games with the id {spec.id!r}: the SPEC of {where[spec.id]} and of {name}")
        if known is None:
            specs[spec.id], where[spec.id] = spec, name
    return specs


def load_all() -> dict[str, GameSpec]:
    """Every implemented game, id -> spec, found (and its modules imported, so its rules are in
    :mod:`engine.rules`' registry) on the first call. Whoever needs every game's rules, not
    one game, calls this first (:func:`engine.rule_index.rule_entries` does)."""
    global _SPECS
    if _SPECS is None:
        _SPECS = dict(sorted(discover().items()))
    return _SPECS


def get(game_id: str) -> GameSpec:
    """The spec of an implemented game (:class:`UnknownGameError` otherwise)."""
    specs = load_all()
    if not isinstance(game_id, str) or game_id not in specs:
        raise UnknownGameError(Text("no implemented game {}; implemented: {}", brief(game_id), ", ".join(specs)))
    return specs[game_id]


def ids() -> list[str]:
    """The ids of the implemented games, sorted."""
    return list(load_all())


def all() -> list[GameSpec]:  # noqa: A001  (the contract's name)
    """Every implemented game's spec, by id."""
    return list(load_all().values())


def in_order() -> list[GameSpec]:
    """Every implemented game's spec in its listing order (:attr:`GameSpec.order`, then id): the
    site's order, the games of one source together."""
    return sorted(load_all().values(), key=lambda spec: (spec.order, spec.id))


def sources() -> list[str]:
    """The keys of the sources the implemented games follow, each once, in the games' order.

    >>> sources()
    ['ruffe', 'gleek', 'piquet', 'rozaliev']
    """
    keys: list[str] = []
    for spec in in_order():
        keys.extend(key for key in spec.sources if key not in keys)
    return keys


def named(reference: str) -> object:
    """What a spec names by ``"module:name"`` (its measures, its example runners, its fuzzing
    hooks), the module imported on first use.

    >>> named("engine.games.ruffe.measures:RuffeMeasures").__name__
    'RuffeMeasures'
    """
    module, _, name = reference.partition(":")
    return getattr(importlib.import_module(module), name)
