"""The data page (``data.md``): the open data files, how to cite them, licences and rights."""

from __future__ import annotations

import json

from .markup import code, inline, section
from .model import Edition, rel, REPO, warn
from .source import source_nav_label
from .words import counted, local, tr


def _size(data: bytes) -> str:
    return f"{len(data) / 1024:,.0f} KB" if len(data) >= 1024 else f"{len(data)} bytes"


def data_page(ed: Edition, files: dict[str, bytes], lang: str = "en") -> str:
    """The Data page: every downloadable file, its schema, its licence, and how to cite it
    (``lang="ru"``: in Russian; the schemas' column descriptions are the schemas' English)."""
    meta = ed.meta
    w = lambda text: tr(lang, text)  # noqa: E731
    schemas = REPO / "docs" / "data"
    n_rules = len(ed.rules)
    n_readings = sum(len(r.get("readings") or []) for r in ed.rules.values())
    n_examples = sum(len(r.get("examples") or []) for r in ed.rules.values())
    n_passages = sum(len(s.get("passages") or []) for s in ed.sources.values())
    counts = dict(games=len(ed.games), rules=n_rules, readings=n_readings, examples=n_examples,
                  sources=len(ed.sources), passages=n_passages, works=len(ed.works))

    def row(path: str, what: str, schema: str | None) -> str:
        name = path.split("/")[-1]
        link = f"[`{name}`]({path})"
        schema_link = f"[`{schema}`](data/{schema})" if schema else "—"
        if schema and not (schemas / schema).is_file():
            warn(f"docs/data/{schema}", "missing: the Data page names it")
        return f"| {link} | {counted(w(what), **counts)} | {schema_link} | {_size(files[path]) if path in files else '—'} |"

    def english(text: str) -> str:
        return text if lang == "en" else f'<span lang="en" class="edition-untranslated">{text}</span>'

    def column_meaning(prop: dict, lang: str, where: str) -> str:
        meaning = local(prop, "description", lang, where=where)
        if lang != "en" and meaning == prop.get("description"):
            return english(inline(meaning))
        return inline(meaning)

    out = [
        section(lang, 1, "Data and citation"),
        "",
        w("Everything the site shows is also here as data, generated from the same files at every build "
          "(the texts and their passages in `sources/`, the rule catalogue in `engine/catalogue/`), so that "
          "the data and the pages cannot disagree. Each JSON file and each CSV table has a JSON Schema "
          "(draft 2020-12); the test suite validates every file against its schema and checks the catalogue "
          "against the engine's own report, `python -m engine rules --json`."),
        "",
        section(lang, 2, "The files"),
        "",
        '<div class="edition-data" markdown>',
        "",
        f"| {w('File')} | {w('What it holds')} | {w('Schema')} | {w('Size')} |",
        "|---|---|---|---|",
        row("data/catalogue.json", "The whole rule catalogue as one document: the edition, the {games} "
            "games, and all {rules} rules with every field the catalogue gives (passages, status, notes, "
            "evidence, {readings} readings, {examples} worked examples), what the engine reports of each "
            "(implemented, code, tests), its stable URL and a suggested citation.", "catalogue.schema.json"),
        row("data/rules.csv", "The catalogue as a table, one row a rule ({rules} rows).", "rules.csv.schema.json"),
        row("data/readings.csv", "One row a reading of a contested rule, or a comparison reading of an attested one ({readings} rows).",
            "readings.csv.schema.json"),
        row("data/examples.csv", "One row a worked example ({examples} rows).", "examples.csv.schema.json"),
        row("data/passages.json", "The {sources} sources, their metadata and rights, and their "
            "{passages} passages: the exact text, the translation, the notes, the rules resting on each, "
            "its stable URL and a suggested citation.", "passages.schema.json"),
        row("data/bibliography.json", "The {works} works the edition cites, by key: author, title, "
            "editors, edition, imprint (and whether it is unchecked), address, the work a work is known through, "
            "and what the edition uses it for.", "bibliography.schema.json"),
    ]
    for key, src in ed.sources.items():
        path = f"sources/{key}/{key}.tei.xml"
        out.append(f"| [`{key}.tei.xml`]({path}) | "
                   + w("{source} as a TEI P5 document: header, original, translation, notes, glossary terms, rules.")
                   .format(source=inline(source_nav_label(ed, src, lang)))
                   + f" | TEI `tei_all` (P5 4.3.0) | {_size(files[path]) if path in files else '—'} |")
    out += [
        row("data/CITATION.cff", "The edition's citation metadata (Citation File Format 1.2.0).", None),
        "",
        "</div>",
        "",
        w("Three CSV tables rather than one with a row type: a rule, a reading and a worked example have "
          "different columns. They are UTF-8 with a header row and RFC 4180 quoting; a cell that holds a "
          "list has one item per line, and `variant`, `given` and `expected` hold JSON. The rows join on "
          "`rule` = `id` of `rules.csv`; a rule's `passages` are ids of `passages.json`."),
        "",
        w("**Citations.** A text field of any of these files (a note, an evidence line, a reading's rationale "
          "or holders, a source's citation, description or retelling, a bibliography note) names the works it "
          "rests on by citation markers: `[@key]`, `[@key, locator]` with a page, chapter or article "
          "(`[@cotton-18c, p. 143]`), several works in one bracket (`[@parlett-piquet; @pagat-piquet]`), or a "
          "work with the one it is known through (`[@cotton-1709, as quoted by @chatto-1848]`). Each `key` is "
          "the `key` of an entry of [`bibliography.json`](data/bibliography.json), which the tests check for "
          "every marker of every file; the site shows the same entries on the [Bibliography](bibliography.md) "
          "page."),
        "",
        w("In a TEI document, each passage of the original is an `ab` whose `xml:id` is the passage id and "
          "whose `type` is its kind; its `ana` names its game and the rules resting on it; its translation is "
          "the `ab` with the same id and `.en`; the notes point to it with `target`. The original's `div` "
          "keeps white space, and its text, joined, is the seed byte for byte. A citation marker is a `bibl` "
          "whose `ref` points to the document's own list of works cited (`listBibl` in the back, one `bibl` "
          "with `xml:id` `bib-` + the key a work), its locator a `citedRange`."),
        "",
    ]
    for table in ("rules", "readings", "examples"):
        path = schemas / f"{table}.csv.schema.json"
        try:
            schema = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            warn(rel(path), f"cannot be read as JSON ({exc})")
            continue
        out += [f"??? info \"{w('The columns of {table}').format(table=f'`{table}.csv`')}\"", "",
                f"    | {w('Column')} | {w('Meaning')} |", "    |---|---|"]
        # a column's meaning in the page's language: the schema's description, or its ``ru`` table's
        # (docs/data/*.csv.schema.json); one without its Russian is marked English
        out += [f"    | `{name}` | {column_meaning(prop, lang, rel(path))} |"
                for name, prop in (schema.get("properties") or {}).items()] + [""]
    citation = inline(meta.cite_edition())
    out += [
        section(lang, 2, "How to cite"),
        "",
        w("The edition as a whole:"),
        "",
        f"> {citation}" if lang == "en" else f'<p class="edition-citation" lang="en">{citation}</p>',
        "",
        w("Its citation metadata is in [`CITATION.cff`](data/CITATION.cff) (also at the root of the repository). "
          "Every passage on a source page and every rule on a game page has its own **Cite this** line "
          "with a suggested citation and a stable URL: the passage or rule id as the anchor "
          "({passage_url}, {rule_url}). The ids never change meaning; cite the version you read, which the "
          "footer of every page gives.").format(passage_url=f"`{meta.url('sources/ruffe/', 'ruffe.p12')}`",
                                                rule_url=f"`{meta.url('games/ruffe-and-trumps/', 'ruffe-and-trumps.ruff.value')}`"),
        "",
        f"## {w('Rights and licences')} {{#rights}}",
        "",
        w("**The edition's own parts**, {covers}: {licence} ({spdx}). Attribute them to {title}, with its "
          "version and URL.").format(covers=inline(meta.covers_in("content", lang)),
                                     licence=f"[{inline(meta.content.name)}]({meta.content.url})",
                                     spdx=f"`{meta.content.spdx}`",
                                     title=f"*{inline(meta.title)}*" if lang == "en" else f"<cite>{inline(meta.title)}</cite>"),
        "",
        w("**The edition's code**, {covers}: {licence} ({spdx}).").format(
            covers=inline(meta.covers_in("code", lang)), licence=f"[{inline(meta.code.name)}]({meta.code.url})",
            spdx=f"`{meta.code.spdx}`"),
        "",
        f"**{w('The source texts.')}** {inline(meta.sources_note_ru if lang == 'ru' and meta.sources_note_ru else meta.sources_note)}",
        "",
        f"| {w('Text')} | {w('Seed')} | {w('What is known of its rights')} |",
        "|---|---|---|",
    ]
    for key, src in ed.sources.items():
        out.append(f"| [{inline(source_nav_label(ed, src, lang))}](sources/{key}.md) | {code(src.get('seed_file', ''))} | "
                   f"{inline(meta.source_rights_in(key, lang) or w('Nothing is known.'))} |")
    return "\n".join(out) + "\n"
