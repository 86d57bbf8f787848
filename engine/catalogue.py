"""The rule catalogue: ``engine/catalogue/<game-id>.toml``, read once.

Each file holds a ``[game]`` table and ``[[rules]]`` entries (see
CONTRIBUTING.md, section 2).  Files are package data, read through
:mod:`importlib.resources` with :mod:`tomllib`, so the same code works from a
source tree, an installed wheel and Pyodide.

>>> from engine import catalogue
>>> "ruffe-and-trumps" in catalogue.games()
True
>>> catalogue.rule("ruffe-and-trumps.ruff.value")["status"] in ("attested", "inferred", "supplied", "contested")
True
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass, field
from importlib import resources
from importlib.resources.abc import Traversable
from collections.abc import Mapping
from typing import Any, NamedTuple

from engine.errors import CatalogueError, UnknownGameError, brief
from engine.i18n import Text

__all__ = ["Catalogue", "Contested", "load", "games", "all_rules", "rule", "find_rule", "contested", "examples",
           "reading_sets", "clear_cache"]

_CACHE: dict[str, Catalogue] = {}
_GAME_IDS: list[str] | None = None


@dataclass
class Catalogue:
    """One game's catalogue: the ``[game]`` table and its rules by id."""

    game_id: str
    game: dict[str, Any]
    rules: list[dict[str, Any]]
    path: str
    by_id: dict[str, dict[str, Any]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        self.by_id = {}
        for entry in self.rules:
            rule_id = entry.get("id")
            if not isinstance(rule_id, str):
                raise CatalogueError(f"{self.path}: a [[rules]] entry has no string 'id': {entry.get('title')!r}")
            if rule_id in self.by_id:
                raise CatalogueError(f"{self.path}: rule id {rule_id!r} appears twice")
            self.by_id[rule_id] = entry

    def rule(self, rule_id: str) -> dict[str, Any]:
        try:
            return self.by_id[rule_id]
        except KeyError:
            raise CatalogueError(f"{self.path} has no rule {rule_id!r}") from None

    def ids(self) -> list[str]:
        return [r["id"] for r in self.rules]

    def examples(self) -> list[tuple[str, dict[str, Any]]]:
        """``(rule_id, example)`` for every worked example, in file order."""
        return [(r["id"], ex) for r in self.rules for ex in r.get("examples", [])]

    def readings(self, rule_id: str) -> list[dict[str, Any]]:
        return list(self.rule(rule_id).get("readings", []))


def _folder() -> Traversable:
    return resources.files("engine").joinpath("catalogue")


def games() -> list[str]:
    """The game ids that have a catalogue file."""
    global _GAME_IDS
    if _GAME_IDS is None:
        folder = _folder()
        try:
            names = [entry.name for entry in folder.iterdir()]
        except (FileNotFoundError, NotADirectoryError):
            names = []
        _GAME_IDS = sorted(n[: -len(".toml")] for n in names if n.endswith(".toml"))
    return list(_GAME_IDS)


def load(game_id: str) -> Catalogue:
    """The catalogue of one game, parsed once and cached."""
    cached = _CACHE.get(game_id)
    if cached is not None:
        return cached
    if game_id not in games():  # (an id never becomes a path unless it names a catalogue file)
        known = ", ".join(games()) or "none"
        raise UnknownGameError(Text("no catalogue for game {}; catalogues: {}", brief(game_id), known))
    path = f"engine/catalogue/{game_id}.toml"
    resource = _folder().joinpath(f"{game_id}.toml")
    try:
        data = resource.read_bytes()
    except (FileNotFoundError, OSError):
        known = ", ".join(games()) or "none"
        raise UnknownGameError(Text("no catalogue for game {} ({}); catalogues: {}", repr(game_id), path, known)) from None
    try:
        parsed = tomllib.loads(data.decode("utf-8"))
    except (tomllib.TOMLDecodeError, UnicodeDecodeError) as exc:
        raise CatalogueError(f"{path}: not valid TOML: {exc}") from None
    game = parsed.get("game")
    if not isinstance(game, dict):
        raise CatalogueError(f"{path}: missing the [game] table")
    if game.get("id") != game_id:
        raise CatalogueError(f"{path}: [game] id is {game.get('id')!r}, expected {game_id!r}")
    rules = parsed.get("rules", [])
    if not isinstance(rules, list):
        raise CatalogueError(f"{path}: 'rules' must be an array of tables ([[rules]])")
    catalogue = Catalogue(game_id, game, rules, path)
    _CACHE[game_id] = catalogue
    return catalogue


def all_rules() -> list[dict[str, Any]]:
    """Every rule entry of every catalogue that parses, game by game."""
    result: list[dict[str, Any]] = []
    for game_id in games():
        result.extend(load(game_id).rules)
    return result


def find_rule(rule_id: str) -> dict[str, Any] | None:
    """The entry of a rule id, or ``None`` if no catalogue has it."""
    game_id = game_of(rule_id)
    if game_id is None:
        return None
    return load(game_id).by_id.get(rule_id)


def rule(rule_id: str) -> dict[str, Any]:
    """The entry of a rule id (:class:`CatalogueError` if unknown)."""
    entry = find_rule(rule_id)
    if entry is None:
        raise CatalogueError(Text("unknown rule id {}: no catalogue entry has it", repr(rule_id)))
    return entry


class Contested(NamedTuple):
    """A contested rule as its variant option takes it: the option's name, the
    reading ids in the catalogue's order, the default reading and the rule's
    statement."""

    rule: str
    option: str
    readings: tuple[str, ...]
    default: str
    statement: str


def contested(rule_id: str) -> Contested:
    """The readings of a rule that has them, a contested rule or an attested one with
    comparison readings (:class:`CatalogueError` if the rule is unknown, has no readings,
    or its readings do not name one option and one default).

    >>> contested("ruffe-and-trumps.ruff.tie")[1:4]
    ('ruff_tie', ('eldest', 'void'), 'eldest')
    """
    entry = rule(rule_id)
    readings = entry.get("readings") or []
    where = f"engine/catalogue/{game_of(rule_id)}.toml: rule {rule_id}"
    if len(readings) < 2:
        raise CatalogueError(f"{where} has {len(readings)} reading(s): a variant option needs two or more "
                             "readings (a contested rule's, or an attested rule's with comparison readings)")
    options = {r.get("option") for r in readings}
    ids = tuple(str(r.get("id")) for r in readings)
    defaults = [str(r.get("id")) for r in readings if r.get("default") is True]
    if len(options) != 1 or not all(isinstance(o, str) for o in options):
        raise CatalogueError(f"{where}: its readings name options {sorted(map(str, options))}, need one")
    if len(set(ids)) != len(ids) or len(defaults) != 1:
        raise CatalogueError(f"{where}: reading ids {list(ids)} must be distinct, with one default "
                             f"(defaults: {defaults})")
    return Contested(rule_id, str(options.pop()), ids, defaults[0], str(entry.get("statement", "")))


def game_of(rule_id: str) -> str | None:
    """The game id a rule id belongs to (the longest catalogue-id prefix)."""
    best = None
    for game_id in games():
        if rule_id.startswith(game_id + ".") and (best is None or len(game_id) > len(best)):
            best = game_id
    return best


def examples(game_id: str) -> list[tuple[str, dict[str, Any]]]:
    """``(rule_id, example)`` pairs of one game."""
    return load(game_id).examples()


def reading_sets(game_id: str) -> dict[str, dict[str, str]]:
    """A game's named sets of readings (``[[game.reading_sets]]``): set id -> option -> reading id.

    >>> reading_sets("piquet")["classic"]["partie"]
    'rubicon'
    """
    sets = load(game_id).game.get("reading_sets") or []
    return {str(s["id"]): {str(k): str(v) for k, v in (s.get("readings") or {}).items()} for s in sets}


def clear_cache() -> None:
    """Forget parsed catalogues (for tools that edit the files)."""
    global _GAME_IDS
    _CACHE.clear()
    _GAME_IDS = None


LOCAL_FIELDS = frozenset(("name", "title", "statement", "rationale", "description", "notes", "evidence",
                          "held_by", "summary"))
"""The fields an entry's language table (``ru``) gives in that language."""


def in_language(entry: Mapping[str, Any], lang: str | None = None) -> dict[str, Any]:
    """An entry of the catalogue (a rule, a reading, an example, a game, a reading set) with its
    fields in ``lang`` (default: the language sentences are written in now, :mod:`engine.i18n`):
    its ``ru`` table's over the English, its readings, examples and reading sets likewise.

    >>> rule = {"title": "The Ruff is worth 12", "ru": {"title": "Ruff стоит 12"},
    ...         "readings": [{"statement": "a", "ru": {"statement": "б"}}]}
    >>> in_language(rule, "ru")["title"], in_language(rule, "ru")["readings"][0]["statement"]
    ('Ruff стоит 12', 'б')
    >>> in_language(rule, "en")["title"]
    'The Ruff is worth 12'
    """
    from engine.i18n import current

    lang = lang or current()
    out = dict(entry)
    if lang == "en":
        return out
    local = entry.get(lang)
    if isinstance(local, Mapping):
        out.update({k: v for k, v in local.items() if k in LOCAL_FIELDS and v})
    for key in ("readings", "examples", "reading_sets"):
        if isinstance(entry.get(key), list):
            out[key] = [in_language(x, lang) if isinstance(x, Mapping) else x for x in entry[key]]
    return out

