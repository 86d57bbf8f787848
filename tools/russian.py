"""How much of the catalogue has its Russian text (issue 15, the edition in Russian).

Each rule, reading and worked example of ``engine/catalogue/*.toml`` may carry a table ``ru``
beside its English fields (``[rules.ru]``, ``[rules.readings.ru]``, ``[rules.examples.ru]``):
the same entry in Russian, written by the edition in the sources' vocabulary, so that one rule
has one home in both languages. This tool lists what is missing:

    python tools/russian.py            # a count per game and per kind of text
    python tools/russian.py --missing  # every missing text, by id
    python tools/russian.py --strict   # exit 1 while anything is missing

The fields a Russian table must give: a rule's ``title`` and ``statement`` (and ``notes`` and
``evidence`` lines as many as the English has, the evidence citing the same works line by line), a
reading's ``statement`` and ``rationale`` (where the English has one) and ``held_by`` (who holds
it, as written in the works cited: a holder's name may stay as its work spells it), an example's
``description``.
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
MARKER = re.compile(r"@[\w:.-]+")
"""A citation's key inside a marker (``[@cavendish-1882, p. 4]``): the Russian cites the same works."""
CITED = re.compile(r"\[@[^\]]+\]")
"""A whole marker, its locators with it: a work's Russian note cites the same pages as the English."""
LISTS = {"notes": "notes", "evidence": "evidence lines", "held_by": "holders"}


def wants(entry: dict[str, Any], kind: str) -> list[str]:
    """The Russian fields an entry of this kind must have."""
    if kind == "rule":
        return (["title", "statement"] + (["notes"] if entry.get("notes") else [])
                + (["evidence"] if entry.get("evidence") else []))
    if kind == "reading":
        return (["statement"] + (["rationale"] if entry.get("rationale") else [])
                + (["held_by"] if entry.get("held_by") else []))
    return ["description"] if entry.get("description") else []


def problems_of(entry: dict[str, Any], kind: str, where: str) -> Iterator[str]:
    ru = entry.get("ru")
    if ru is not None and not isinstance(ru, dict):
        yield f"{where}: ru must be a table, not {type(ru).__name__}"
        return
    ru = ru or {}
    for field in wants(entry, kind):
        value = ru.get(field)
        if field in LISTS:
            english = entry.get(field) or []
            if not isinstance(value, list) or len(value) != len(english):
                yield f"{where}: ru.{field} (one for each of the {len(english)} English {LISTS[field]})"
            elif field != "held_by" and not all(isinstance(n, str) and CYRILLIC.search(n) for n in value):
                yield f"{where}: ru.{field} has a line with no Russian in it"
            elif field in ("evidence", "held_by") and [MARKER.findall(str(n)) for n in value] != [
                    MARKER.findall(str(n)) for n in english]:
                yield f"{where}: ru.{field} must cite the same works as the English, line by line"
        elif not isinstance(value, str) or not CYRILLIC.search(value):
            yield f"{where}: ru.{field}"
    for field in ru:
        if field not in ("title", "statement", "rationale", "description", *LISTS):
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


def work_problems(work: dict[str, Any]) -> Iterator[str]:
    """What a work of sources/bibliography.toml lacks in Russian (its ``[works.ru]`` table): a note
    (citing the same works, with the same locators, as the English) and a use."""
    key = work.get("key")
    ru = work.get("ru")
    if ru is not None and not isinstance(ru, dict):
        yield f"{key}: ru must be a table, not {type(ru).__name__}"
        return
    ru = ru or {}
    if work.get("note"):
        if not CYRILLIC.search(str(ru.get("note") or "")):
            yield f"{key}: ru.note"
        elif CITED.findall(str(ru["note"])) != CITED.findall(str(work["note"])):
            yield f"{key}: ru.note must cite the same works as the English"
    # (a use may be a game's name alone, in Latin letters as its source writes it: "Ruffe and Trumps.")
    if work.get("used_for") and not str(ru.get("used_for") or "").strip():
        yield f"{key}: ru.used_for"
    # the imprint words the Russian bibliography page writes in Russian: an edition's description,
    # the editors in the case «под ред.» needs, a citation label in Russian words (optional each)
    for field in ("edition", "editors", "short"):
        if field in ru and (not work.get(field) or not str(ru[field]).strip()):
            yield f"{key}: ru.{field} without an English {field}, or empty"
    for field in ru:
        if field not in ("note", "used_for", "edition", "editors", "short"):
            yield f"{key}: ru.{field} is not a field of a Russian text"


def missing_elsewhere() -> list[tuple[str, str, str]]:
    """(where, kind, what) for the Russian the sources' notes, the glossary, the bibliography and
    the games' tables lack: a passage's notes (``"ru": {"notes": [...]}`` in
    sources/<key>/source.json), a term's meaning and tooltip (``[terms.ru]``), a work's note and
    use (``[works.ru]`` in sources/bibliography.toml, the note citing the same works and locators
    as the English), a game's name and summary (``[game.ru]``) and its reading sets' name and
    statement (``[game.reading_sets.ru]``)."""
    import json
    import tomllib

    out: list[tuple[str, str, str]] = []
    for path in sorted((ROOT / "sources").glob("*/source.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        for passage in data.get("passages") or []:
            notes = passage.get("notes") or []
            ru = (passage.get("ru") or {}).get("notes")
            if notes and (not isinstance(ru, list) or len(ru) != len(notes)
                          or not all(isinstance(n, str) and CYRILLIC.search(n) for n in ru)):
                out.append((path.parent.name, "passage", f"{passage.get('id')}: ru.notes"))
    glossary = tomllib.loads((ROOT / "sources" / "glossary.toml").read_text(encoding="utf-8"))
    for term in glossary.get("terms") or []:
        ru = term.get("ru") or {}
        for field in ("meaning",) + (("tooltip",) if term.get("tooltip") else ()):
            if not CYRILLIC.search(str(ru.get(field) or "")):
                out.append(("glossary", "term", f"{term.get('term')}: ru.{field}"))
    bibliography = tomllib.loads((ROOT / "sources" / "bibliography.toml").read_text(encoding="utf-8"))
    for work in bibliography.get("works") or []:
        out += [("bibliography", "work", p) for p in work_problems(work)]
    for game_id in catalogue.games():
        game = catalogue.load(game_id).game
        ru = game.get("ru") or {}
        # (a name may stay in Latin letters where the source writes it so: "Ruffe and trumps")
        if not str(ru.get("name") or "").strip():
            out.append((game_id, "game", f"{game_id}: game.ru.name"))
        if not CYRILLIC.search(str(ru.get("summary") or "")):
            out.append((game_id, "game", f"{game_id}: game.ru.summary"))
        for rset in game.get("reading_sets") or []:
            rru = rset.get("ru") or {}
            for field in ("name", "statement"):
                if not CYRILLIC.search(str(rru.get(field) or "")):
                    out.append((game_id, "reading set", f"{game_id} reading set {rset.get('id')}: ru.{field}"))
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
    elsewhere = [] if args.game else missing_elsewhere()
    kinds: dict[str, int] = {}
    for _, kind, _ in elsewhere:
        kinds[kind] = kinds.get(kind, 0) + 1
    if not args.game:
        print("sources, glossary, bibliography, games: " + (", ".join(f"{k} {n} gaps" for k, n in kinds.items()) or "no gaps"))
    gaps += elsewhere
    if args.missing:
        for _, _, text in gaps:
            print(f"  {text}")
    return 1 if args.strict and gaps else 0


if __name__ == "__main__":
    sys.exit(main())
