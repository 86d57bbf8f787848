"""The games the engine implements, found by id.

>>> from engine import games
>>> games.get("ruffe-and-trumps").name
'Ruffe and Trumps'
>>> 'ruffe-and-trumps' in [spec.id for spec in games.all()]
True
"""

from __future__ import annotations

import importlib

from engine.errors import UnknownGameError, brief
from engine.i18n import Text
from engine.game import GameSpec

__all__ = ["get", "all", "ids", "register", "named", "GAME_MODULES"]

GAME_MODULES: dict[str, str] = {
    "ruffe-and-trumps": "engine.games.ruffe",
    "mushka": "engine.games.mushka",
    "pamphil": "engine.games.pamphil",
    "rams": "engine.games.rams",
    "petukh": "engine.games.petukh",
    "gleek": "engine.games.gleek",
    "piquet": "engine.games.piquet",
}
"""Game id -> module that defines ``SPEC``.  Other games add themselves here."""

_SPECS: dict[str, GameSpec] = {}


def register(spec: GameSpec) -> GameSpec:
    """Add a game spec to the registry (game modules call this)."""
    _SPECS[spec.id] = spec
    return spec


def _load(game_id: str) -> GameSpec:
    spec = _SPECS.get(game_id)
    if spec is None:
        module = importlib.import_module(GAME_MODULES[game_id])
        spec = getattr(module, "SPEC")
        _SPECS[game_id] = spec
    return spec


def get(game_id: str) -> GameSpec:
    """The spec of an implemented game (:class:`UnknownGameError` otherwise)."""
    if not isinstance(game_id, str) or (game_id not in GAME_MODULES and game_id not in _SPECS):
        known = ", ".join(sorted(set(GAME_MODULES) | set(_SPECS)))
        raise UnknownGameError(Text("no implemented game {}; implemented: {}", brief(game_id), known))
    if game_id in _SPECS:
        return _SPECS[game_id]
    return _load(game_id)


def ids() -> list[str]:
    """The ids of the implemented games."""
    return sorted(set(GAME_MODULES) | set(_SPECS))


def all() -> list[GameSpec]:  # noqa: A001  (the contract's name)
    """Every implemented game's spec."""
    return [get(game_id) for game_id in ids()]


def named(reference: str) -> object:
    """What a spec names by ``"module:name"`` (its measures, its example runners), the
    module imported on first use.

    >>> named("engine.games.ruffe_measures:RuffeMeasures").__name__
    'RuffeMeasures'
    """
    module, _, name = reference.partition(":")
    return getattr(importlib.import_module(module), name)


for _game_id in list(GAME_MODULES):
    _load(_game_id)
del _game_id
