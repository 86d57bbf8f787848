"""The catalogue as the engine reports it: every rule with ``implemented``, ``code`` and ``tests``.

``python -m engine rules --json`` and the bridge's ``rules`` op both answer with
:func:`rule_entries`. ``code`` comes from the rule registry (:mod:`engine.rules`);
``tests`` from ``engine/rule_tests.json``, package data made at build time by
``python tools/rule_tests.py --write`` (the Makefile runs it before it builds the wheel
or the site), which maps each rule id to the ids of its worked examples' tests and of
the tests marked ``@pytest.mark.rule("<rule-id>")``. The engine never looks at the
``tests/`` directory: it reads that file through :mod:`importlib.resources`, so the
same code works from a source tree, an installed wheel and Pyodide.

Without the file (a source tree where it was never built), ``tests`` lists only the
worked examples' test ids, which the catalogue and the game registry alone give, and :func:`tests_note`
says so; a stale file is caught by ``tests/test_rule_tests.py``, not here.

>>> from engine import rule_index
>>> entry = rule_index.rule_entries("ruffe-and-trumps")[0]
>>> entry["implemented"], entry["tests"][0].startswith("tests/test_examples.py::")
(True, True)
"""

from __future__ import annotations

import functools
import json
from importlib import resources
from typing import Any

from . import catalogue, games as game_registry, rules as rule_registry
from .errors import CatalogueError

__all__ = ["MAP_FILE", "REBUILD", "example_test_ids", "parse_map", "tests_map", "tests_note",
           "rule_entries", "clear_cache"]

MAP_FILE = "rule_tests.json"
"""The map's file name inside the ``engine`` package."""

REBUILD = "python tools/rule_tests.py --write"
"""The command that makes the map again (from the repository's root)."""


def example_test_ids(rule: dict[str, Any]) -> list[str]:
    """The test ids of a catalogue rule's worked examples: ``tests/test_examples.py`` runs the
    examples of every game with an engine, none of a game that is only catalogued."""
    if catalogue.game_of(rule["id"]) not in game_registry.ids():
        return []
    return [f"tests/test_examples.py::test_worked_example[{rule['id']}/{ex['id']}]" for ex in rule.get("examples", [])]


def parse_map(text: str, where: str = f"engine/{MAP_FILE}") -> dict[str, list[str]]:
    """The rule id -> test ids map of the file's text (:class:`CatalogueError` if malformed)."""
    fix = f"; make it again with `{REBUILD}`"
    try:
        data = json.loads(text)
    except json.JSONDecodeError as exc:
        raise CatalogueError(f"{where}: not JSON ({exc}){fix}") from None
    rules = data.get("rules") if isinstance(data, dict) else None
    if not isinstance(rules, dict):
        raise CatalogueError(f"{where}: needs an object 'rules' of rule id: [test ids]{fix}")
    for rule_id, tests in rules.items():
        if not isinstance(tests, list) or not all(isinstance(t, str) for t in tests):
            raise CatalogueError(f"{where}: rule {rule_id!r}: tests must be a list of test id strings{fix}")
    return rules


@functools.cache
def tests_map() -> dict[str, list[str]] | None:
    """The packaged map (read once), or ``None`` when the package has none."""
    try:
        text = resources.files("engine").joinpath(MAP_FILE).read_text(encoding="utf-8")
    except (FileNotFoundError, NotADirectoryError):
        return None
    return parse_map(text)


def tests_note() -> str | None:
    """Why ``tests`` is incomplete (the map is missing), or ``None`` when it is complete."""
    if tests_map() is not None:
        return None
    return (f"engine/{MAP_FILE} is missing, so 'tests' lists only the worked examples' test ids; "
            f"make it with `{REBUILD}` (make does it before it builds the wheel or the site)")


def rule_entries(game_id: str | None = None) -> list[dict[str, Any]]:
    """The catalogue's rules (one game's, or every game's) with ``implemented``, ``code`` and ``tests``."""
    game_ids = [game_id] if game_id else catalogue.games()
    game_registry.load_all()  # (every game's rules marked)
    registry = rule_registry.registry()
    marked = tests_map()
    entries = []
    for gid in game_ids:
        for rule in catalogue.load(gid).rules:
            rule_id = rule["id"]
            entry = catalogue.in_language(rule)  # (in the request's language)
            entry.setdefault("game", gid)
            entry.setdefault("passages", [])
            entry.setdefault("readings", [])
            entry.setdefault("examples", [])
            entry["implemented"] = rule_id in registry
            entry["code"] = registry.get(rule_id, [])
            entry["tests"] = list(marked.get(rule_id, [])) if marked is not None else example_test_ids(entry)
            entries.append(entry)
    return entries


def clear_cache() -> None:
    """Forget the map read (for tests and tools that rewrite it)."""
    tests_map.cache_clear()
