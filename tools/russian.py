"""How much of the catalogue has its Russian text (issue 15, the edition in Russian).

Each rule, reading and worked example of ``engine/catalogue/*.toml`` may carry a table ``ru``
beside its English fields (``[rules.ru]``, ``[rules.readings.ru]``, ``[rules.examples.ru]``):
the same entry in Russian, written by the edition in the sources' vocabulary, so that one rule
has one home in both languages. This tool lists what is missing:

    python tools/russian.py            # a count per game and per kind of text
    python tools/russian.py --missing  # every missing text, by id
    python tools/russian.py --strict   # exit 1 while anything is missing

The fields a Russian table must give: a rule's ``title`` and ``statement`` (and ``notes`` as
many as the English has), a reading's ``statement`` and ``rationale`` (where the English has
one), an example's ``description``.
"""

from __future__ import annotations

import argparse
import re
import sys
from pathlib import Path
from typing import Any, Iterator

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine import catalogue  # noqa: E402

CYRILLIC = re.compile(r"[А-Яа-яЁё]")


def wants(entry: dict[str, Any], kind: str) -> list[str]:
    """The Russian fields an entry of this kind must have."""
    if kind == "rule":
        return ["title", "statement"] + (["notes"] if entry.get("notes") else [])
    if kind == "reading":
        return ["statement"] + (["rationale"] if entry.get("rationale") else [])
    return ["description"] if entry.get("description") else []


def problems_of(entry: dict[str, Any], kind: str, where: str) -> Iterator[str]:
    ru = entry.get("ru")
    if ru is not None and not isinstance(ru, dict):
        yield f"{where}: ru must be a table, not {type(ru).__name__}"
        return
    ru = ru or {}
    for field in wants(entry, kind):
        value = ru.get(field)
        if field == "notes":
            if not isinstance(value, list) or len(value) != len(entry.get("notes") or []):
                yield f"{where}: ru.notes (one for each of the {len(entry.get('notes') or [])} English notes)"
            elif not all(isinstance(n, str) and CYRILLIC.search(n) for n in value):
                yield f"{where}: ru.notes has a note with no Russian in it"
        elif not isinstance(value, str) or not CYRILLIC.search(value):
            yield f"{where}: ru.{field}"
    for field in ru:
        if field not in ("title", "statement", "rationale", "description", "notes"):
            yield f"{where}: ru.{field} is not a field of a Russian text"


def missing(game: str | None = None) -> list[tuple[str, str, str]]:
    """(game, kind, what is missing) for every Russian text the catalogue lacks."""
    out = []
    for game_id in catalogue.games():
        if game is not None and game_id != game:
            continue
        for rule in catalogue.load(game_id).rules:
            rid = rule["id"]
            out += [(game_id, "rule", p) for p in problems_of(rule, "rule", rid)]
            for reading in rule.get("readings") or []:
                out += [(game_id, "reading", p) for p in problems_of(reading, "reading", f"{rid} reading {reading.get('id')}")]
            for example in rule.get("examples") or []:
                out += [(game_id, "example", p) for p in problems_of(example, "example", f"{rid} example {example.get('id')}")]
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--missing", action="store_true", help="list every missing text")
    parser.add_argument("--strict", action="store_true", help="exit 1 while anything is missing")
    parser.add_argument("--game", help="one game only")
    args = parser.parse_args(argv)
    gaps = missing(args.game)
    counts: dict[tuple[str, str], int] = {}
    for game, kind, _ in gaps:
        counts[(game, kind)] = counts.get((game, kind), 0) + 1
    for game_id in catalogue.games():
        if args.game and game_id != args.game:
            continue
        rules = catalogue.load(game_id).rules
        total = {"rule": len(rules), "reading": sum(len(r.get("readings") or []) for r in rules),
                 "example": sum(len(r.get("examples") or []) for r in rules)}
        line = ", ".join(f"{kind}s {counts.get((game_id, kind), 0)} gaps of {n}" for kind, n in total.items())
        print(f"{game_id}: {line}")
    if args.missing:
        for _, _, text in gaps:
            print(f"  {text}")
    return 1 if args.strict and gaps else 0


if __name__ == "__main__":
    sys.exit(main())
