"""The engine API reference page (``reference/api.md``, rendered by mkdocstrings)."""

from __future__ import annotations


from pathlib import Path

from .model import REPO


def game_modules(folder: Path = REPO / "engine" / "games") -> list[str]:
    """Every module of the games (``games.<module>``, ``games.<family>.<module>``, a package by its own
    name), found in ``engine/games/`` as the games registry finds the games, so that no list here names
    a game's files: sorted by name, a game's files together."""
    names = []
    for path in sorted(folder.rglob("*.py")):
        if "__pycache__" in path.parts or path.parent == folder and path.name == "__init__.py":
            continue
        parts = path.relative_to(folder.parent).with_suffix("").parts
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def _api_modules() -> list[str]:
    games = game_modules()

    def kind(suffix: str) -> list[str]:  # (a game's ``measures``, ``examples``, ``seen`` modules)
        return [m for m in games if m.endswith((f"_{suffix}", f".{suffix}"))]

    measures, examples, seen = kind("measures"), kind("examples"), kind("seen")
    play = [m for m in games if m not in measures + examples + seen]
    return [
        "cards", "tricks", "rules", "actions", "game", "partie", "ledger", "readings", "limits", "i18n",
        "phases.base", "phases.trick", "phases.dialogue", "phases.exchange", "table_view",
        "view_types", "determinize", "games", *play, "records", "bots", "bridge",
        "simulate", "measuring", "stats", "paired", "campaign", *measures,
        "catalogue", "rule_index", "errors", "examples", *examples, *seen,
    ]


API_MODULES = _api_modules()
"""The modules of the API reference: the engine's own, and every module of the games (:func:`game_modules`)."""


def api_page() -> str:
    out = ["# Engine API", "",
           "The engine's public modules, from their docstrings. Everything is standard-library Python "
           "(3.11 and later, and Pyodide).", ""]
    present = []
    for module in API_MODULES:
        path = REPO / "engine" / (module.replace(".", "/") + ".py")
        if path.exists() or (path.with_suffix("") / "__init__.py").exists():
            present.append(module)
    for module in present:
        out += [f"::: engine.{module}", ""]
    if not present:
        out += ["The engine's modules are not there yet.", ""]
    return "\n".join(out) + "\n"
