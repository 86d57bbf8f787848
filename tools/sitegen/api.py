"""The engine API reference page (``reference/api.md``, rendered by mkdocstrings)."""

from __future__ import annotations


from .model import REPO


API_MODULES = [
    "cards", "tricks", "rules", "actions", "game", "partie", "ledger", "readings", "limits", "i18n",
    "phases.base", "phases.trick", "phases.dialogue", "phases.exchange", "table_view", "determinize",
    "games.ruffe_rules", "games.ruffe", "games.ruffe_phases", "games.ruffe_view", "games.ruffe_advice",
    "games.loo_rules", "games.loo", "games.loo_phases", "games.loo_view", "games.loo_advice",
    "games.mushka", "games.pamphil", "games.rams_rules", "games.rams", "games.petukh",
    "games.gleek_rules", "games.gleek", "games.gleek_vie", "games.gleek_view",
    "games.gleek_advice", "games.piquet_rules", "games.piquet", "games.piquet_phases",
    "games.piquet_declarations", "games.piquet_view", "games.piquet_advice", "records", "bots", "bridge",
    "simulate", "measuring", "stats", "paired", "campaign", "games.ruffe_measures", "games.loo_measures", "games.gleek_measures",
    "games.piquet_measures",
    "catalogue", "rule_index", "errors", "examples", "games.ruffe_examples", "games.loo_examples",
    "games.gleek_examples", "games.piquet_examples",
]


def api_page() -> str:
    out = ["# Engine API", "",
           "The engine's public modules, from their docstrings. Everything is standard-library Python "
           "(3.11 and later, and Pyodide).", ""]
    present = []
    for module in API_MODULES:
        path = REPO / "engine" / (module.replace(".", "/") + ".py")
        if path.exists():
            present.append(module)
    for module in present:
        out += [f"::: engine.{module}", ""]
    if not present:
        out += ["The engine's modules are not there yet.", ""]
    return "\n".join(out) + "\n"
