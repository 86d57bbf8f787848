"""The edition's open data, generated at every site build from ``sources/`` and the catalogue.

``tools/gen_pages.py`` publishes what :func:`files` returns under ``data/``, beside the Data
page; their JSON Schemas are kept by hand in ``docs/data/*.schema.json`` (the contract), and
``tests/test_opendata.py`` validates the served files against them and checks that they agree
with ``python -m engine rules --json``.

- ``catalogue.json``: the whole catalogue: the edition, the games, and every rule as the
  catalogue states it (all its fields, readings and worked examples included), with what the
  engine reports of it (``implemented``, ``code``, ``tests``), its stable URL and a citation.
- ``rules.csv``, ``readings.csv``, ``examples.csv``: the same catalogue as three tables, one
  row a rule, one row a reading, one row a worked example. UTF-8, a header row, RFC 4180
  quoting; a cell holding a list has one item per line; a cell holding a structured value
  (``given``, ``expected``, ``variant``) holds it as JSON.
- ``passages.json``: every source with its metadata and rights, and its passages with the
  rules that rest on each, their stable URLs and citations.
- ``bibliography.json``: every work the edition cites (``sources/bibliography.toml``), by
  key: the citation markers ``[@key]``, ``[@key, locator]`` in any text field of the other
  files name its entries.
- ``CITATION.cff``: the edition's citation metadata, as in the repository.
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path
from typing import Any

import edition_meta
import tei

DATA = "data"
REPORT_FIELDS = ("implemented", "code", "tests")

RULE_COLUMNS = ["game", "id", "topic", "title", "status", "statement", "passages", "notes", "evidence",
                "option", "readings", "default_reading", "examples", "implemented", "code", "tests", "url"]
READING_COLUMNS = ["game", "rule", "id", "option", "default", "comparison", "statement", "rationale", "held_by",
                   "url"]
EXAMPLE_COLUMNS = ["game", "rule", "id", "description", "run", "variant", "given", "expected",
                   "expected_error", "url"]


def edition_block(meta: edition_meta.Meta) -> dict[str, Any]:
    return {
        "title": meta.title,
        "version": meta.version,
        "date": meta.date,
        "url": meta.base_url,
        "licence": meta.content.spdx,
        "licence_url": meta.content.url,
        "cite": meta.cite_edition(),
    }


def rule_entry(ed: Any, rule: dict, meta: edition_meta.Meta) -> dict[str, Any]:
    """A rule as the catalogue states it, plus the engine's report, its URL and citation."""
    rid = rule["id"]
    entry: dict[str, Any] = {"id": rid, "game": rule["game"], "topic": rid.split(".")[1] if rid.count(".") >= 2 else ""}
    for name, value in rule.items():
        if name not in entry:
            entry[name] = value
    for name in ("passages", "notes", "evidence", "readings", "examples"):
        entry.setdefault(name, [])
    report = ed.report.get(rid)
    if report is None:
        raise KeyError(f"python -m engine rules --json does not report rule {rid}")
    for name in REPORT_FIELDS:
        entry[name] = report.get(name)
    entry["url"] = meta.url(f"games/{rule['game']}/", rid)
    entry["cite"] = meta.cite_rule(rule)
    return entry


def catalogue_json(ed: Any, meta: edition_meta.Meta) -> dict[str, Any]:
    games = []
    for game_id, data in ed.games.items():
        game = dict(data.get("game") or {})
        game["url"] = meta.url(f"games/{game_id}/")
        game["rules"] = [r["id"] for r in data.get("rules") or []]
        games.append(game)
    rules = [rule_entry(ed, rule, meta) for rule in ed.rules.values()]
    return {"edition": edition_block(meta), "games": games, "rules": rules}


def passages_json(ed: Any, meta: edition_meta.Meta) -> dict[str, Any]:
    sources = []
    for key, src in ed.sources.items():
        item = {name: value for name, value in src.items() if name != "passages"}
        item["rights"] = meta.source_rights.get(key, "")
        item["url"] = meta.url(f"sources/{key}/")
        item["tei"] = meta.url(tei.tei_path(key))
        item["passages"] = []
        for passage in src.get("passages") or []:
            pid = passage.get("id")
            if ed.passages.get(pid) is not passage:
                continue
            entry = {name: value for name, value in passage.items() if name != "source"}
            entry["rules"] = list(ed.cited_by.get(pid, []))
            entry["url"] = meta.url(f"sources/{key}/", pid)
            entry["cite"] = meta.cite_passage(src, pid)
            item["passages"].append(entry)
        sources.append(item)
    return {"edition": edition_block(meta), "sources": sources}


def bibliography_json(ed: Any, meta: edition_meta.Meta) -> dict[str, Any]:
    """Every work as the bibliography states it, with the marker that cites it and the
    stable URL of its entry on the Bibliography page."""
    works = []
    for work in ed.works:
        entry = {"key": work["key"], **work}
        entry.setdefault("names", [])
        entry["unchecked"] = bool(work.get("unchecked"))
        entry["via"] = work.get("via") or None
        entry["marker"] = f"[@{work['key']}]"
        entry["page"] = meta.url("bibliography/", f"work-{work['key']}")
        works.append(entry)
    return {"edition": edition_block(meta), "works": works}


def _cell(value: Any) -> str:
    """A CSV cell: lists one item per line, booleans true/false, structures as JSON."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, list) and all(isinstance(v, str) for v in value):
        return "\n".join(value)
    if isinstance(value, (dict, list)):
        return json.dumps(value, ensure_ascii=False, sort_keys=True)
    return str(value)


def _table(columns: list[str], rows: list[dict[str, Any]]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=columns, lineterminator="\r\n")
    writer.writeheader()
    for row in rows:
        writer.writerow({c: _cell(row.get(c)) for c in columns})
    return out.getvalue()


def csv_tables(catalogue: dict[str, Any]) -> dict[str, str]:
    """The catalogue as three CSV tables, made from ``catalogue.json`` so that they agree."""
    rules, readings, examples = [], [], []
    for rule in catalogue["rules"]:
        default = next((r.get("id") for r in rule["readings"] if r.get("default")), None)
        rules.append(dict(rule, option=(rule["readings"][0].get("option") if rule["readings"] else None),
                          readings=[r.get("id") for r in rule["readings"]], default_reading=default,
                          examples=[e.get("id") for e in rule["examples"]]))
        for reading in rule["readings"]:
            readings.append(dict(reading, game=rule["game"], rule=rule["id"], default=bool(reading.get("default")),
                                 comparison=bool(reading.get("comparison")), url=rule["url"]))
        for example in rule["examples"]:
            row = dict(example, game=rule["game"], rule=rule["id"], url=rule["url"])
            row["variant"] = example.get("variant") or {}
            row["given"] = example.get("given", {})
            row["expected"] = example["expected"] if "expected" in example else None
            for name in ("variant", "given", "expected"):
                if row[name] is not None:
                    row[name] = json.dumps(row[name], ensure_ascii=False, sort_keys=True)
            examples.append(row)
    return {
        "rules.csv": _table(RULE_COLUMNS, rules),
        "readings.csv": _table(READING_COLUMNS, readings),
        "examples.csv": _table(EXAMPLE_COLUMNS, examples),
    }


def dumps(data: Any) -> bytes:
    return (json.dumps(data, ensure_ascii=False, indent=2) + "\n").encode("utf-8")


def files(ed: Any, meta: edition_meta.Meta, citation: Path = edition_meta.CITATION) -> dict[str, bytes]:
    """Every open-data file, by site path (``data/…``)."""
    catalogue = catalogue_json(ed, meta)
    out = {f"{DATA}/catalogue.json": dumps(catalogue), f"{DATA}/passages.json": dumps(passages_json(ed, meta)),
           f"{DATA}/bibliography.json": dumps(bibliography_json(ed, meta))}
    for name, text in csv_tables(catalogue).items():
        out[f"{DATA}/{name}"] = text.encode("utf-8")
    out[f"{DATA}/CITATION.cff"] = citation.read_bytes()
    return out
