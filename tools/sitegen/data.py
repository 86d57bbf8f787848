"""The data page (``data.md``): the open data files, how to cite them, licences and rights."""

from __future__ import annotations

import json

from .markup import inline
from .model import Edition, rel, REPO, warn
from .source import source_nav_label
from .templating import render
from .words import counted, local, tr


def _size(data: bytes) -> str:
    return f"{len(data) / 1024:,.0f} KB" if len(data) >= 1024 else f"{len(data)} bytes"


def data_page(ed: Edition, files: dict[str, bytes], lang: str = "en") -> str:
    """The Data page: every downloadable file, its schema, its licence, and how to cite it
    (``lang="ru"``: in Russian; the schemas' column descriptions are the schemas' English)."""
    meta = ed.meta
    schemas = REPO / "docs" / "data"
    n_rules = len(ed.rules)
    n_readings = sum(len(r.get("readings") or []) for r in ed.rules.values())
    n_examples = sum(len(r.get("examples") or []) for r in ed.rules.values())
    n_passages = sum(len(s.get("passages") or []) for s in ed.sources.values())
    counts = dict(games=len(ed.games), rules=n_rules, readings=n_readings, examples=n_examples,
                  sources=len(ed.sources), passages=n_passages, works=len(ed.works))

    def size(path: str) -> str:
        return _size(files[path]) if path in files else "—"

    def row(path: str, what: str, schema: str | None) -> str:
        name = path.split("/")[-1]
        link = f"[`{name}`]({path})"
        schema_link = f"[`{schema}`](data/{schema})" if schema else "—"
        if schema and not (schemas / schema).is_file():
            warn(f"docs/data/{schema}", "missing: the Data page names it")
        return f"| {link} | {counted(tr(lang, what), **counts)} | {schema_link} | {size(path)} |"

    def english(text: str) -> str:
        return text if lang == "en" else f'<span lang="en" class="edition-untranslated">{text}</span>'

    def column_meaning(prop: dict, lang: str, where: str) -> str:
        meaning = local(prop, "description", lang, where=where)
        if lang != "en" and meaning == prop.get("description"):
            return english(inline(meaning))
        return inline(meaning)

    column_tables = []
    for table in ("rules", "readings", "examples"):
        path = schemas / f"{table}.csv.schema.json"
        try:
            schema = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            warn(rel(path), f"cannot be read as JSON ({exc})")
            continue
        # a column's meaning in the page's language: the schema's description, or its ``ru`` table's
        # (docs/data/*.csv.schema.json); one without its Russian is marked English
        column_tables.append((table, [(name, column_meaning(prop, lang, rel(path)))
                                      for name, prop in (schema.get("properties") or {}).items()]))
    return render("data.md.j2", ed=ed, meta=meta, lang=lang, row=row, size=size, column_tables=column_tables,
                  citation=inline(meta.cite_edition()), source_nav_label=source_nav_label)
