"""The source pages (``sources/<key>.md``): metadata and the parallel text, passage by passage."""

from __future__ import annotations

import re
from collections import defaultdict

from .markup import anchor, cite, cite_block, code, game_name_in, inline, kind_badge, literal, literal_lines, rule_link, section, short_title
from .model import Edition, KINDS, warn
from .words import in_context, language_name, local, tr


def source_nav_label(ed: Edition, src: dict, lang: str = "en") -> str:
    """A short label naming the text by author and title: the author's surname (an anonymous
    retelling's "Anonymous") and the title up to its first full stop; a retelling's title is
    the game's English name (``title_en``), any other text's its own."""
    author = re.sub(r"\s*\(.*\)\s*$", "", str(src.get("author") or ""))
    anonymous = (in_context(lang, "author", "Anonymous") if lang != "en" else None) or "Anonymous"
    who = anonymous if not author or author.startswith("Anonymous") else author.split()[-1]
    title = short_title(str(src.get("title_en") if src.get("is_retelling") else src.get("title")) or src.get("key", "?"))
    return f"{who}, {title}"


def source_page(ed: Edition, key: str, page_lang: str = "en") -> str:
    """A source's page; ``page_lang="ru"``: its apparatus in Russian (the original and the English
    translation side by side on both)."""
    src = ed.sources[key]
    where = f"sources/{key}/source.json"
    for name in ("author", "title", "title_en", "language", "citation", "description", "seed_file"):
        if not src.get(name):
            warn(where, f"metadata field '{name}' is missing or empty")
    lang = src.get("language", "ru")
    w = lambda text: tr(page_lang, text)  # noqa: E731
    field_in = lambda name: local(src, name, page_lang, where=where)  # noqa: E731
    title_line = (f'*{inline(src.get("title_en", ""))}*' if page_lang == "en"
                  else f'<span lang="{lang}">«{literal(src.get("title", ""))}»</span>')
    out = [f"# {inline(source_nav_label(ed, src, page_lang))}", "",
           f'<p class="edition-byline" markdown="span">{inline(field_in("author"))}: {title_line}</p>', ""]
    if src.get("description"):
        out += [cite(ed, field_in("description"), "../", lang=page_lang), ""]
    if ed.meta is not None:
        out += [f'<p class="edition-downloads" markdown="span">**{w("This text as data:")}** '
                f"[{w('TEI P5 document')} (`{key}.tei.xml`)]({key}/{key}.tei.xml){{ type=application/xml }}: "
                + w("the original, the translation aligned passage by passage, the notes, the glossary terms and the "
                    "rules, valid against the TEI's `tei_all`")
                + f" · [{w('passages as JSON')}](../data/passages.json) · "
                f"[{w('all the data, licences and how to cite')}](../data.md)</p>", ""]
    games = [g for g in src.get("games") or [] if g in ed.games]
    rights = ed.meta.source_rights_in(key, page_lang) if ed.meta else None
    rows = [
        ("Author", inline(field_in("author"))),
        ("Title", f'<span lang="{lang}">{literal(src.get("title", ""))}</span>'),
        ("Title in English", f'<span lang="en">{inline(src.get("title_en", ""))}</span>'),
        ("Retells" if src.get("is_retelling") else "Based on", cite(ed, field_in("retells") or "—", "../", lang=page_lang)),
        ("Language", language_name(lang, page_lang)),
        ("Citation", f'<span class="edition-citation" lang="en">{cite(ed, src.get("citation", ""), "../", lang=page_lang)}</span>'),
        ("Seed file", code(src.get("seed_file", "?"))),
        ("SHA-256 of `text.txt`", code(src.get("sha256") or "text.txt missing")),
        ("Passages", str(len(src.get("passages") or []))),
        ("Games", ", ".join(f"[{inline(game_name_in(ed, g, page_lang))}](../games/{g}.md)" for g in games) or "—"),
        ("TEI P5", f"[`{key}.tei.xml`]({key}/{key}.tei.xml)" if ed.meta else "—"),
        ("Rights", inline(rights or w("Nothing is known of the rights in this text.")) + f" [{w('Licences')}](../data.md#rights)"
         if ed.meta else "—"),
    ]
    out += ['<div class="edition-meta" markdown>', "", "| | |", "|---|---|"]
    out += [f"| {w(label)} | {value} |" for label, value in rows]
    out += ["", "</div>", ""]
    counts = defaultdict(int)
    for p in src.get("passages") or []:
        counts[p.get("kind", "?")] += 1
    out += [
        w("The original stands on the left, as the seed has it, byte for byte; the edition's "
          "translation on the right. Each passage has a permanent anchor (its id); the rules "
          "that rest on it are linked below it. Kinds:") + " "
        + ", ".join(f"{kind_badge(k, page_lang)} {n}" for k, n in sorted(counts.items())) + ".",
        "",
        section(page_lang, 2, "The text, passage by passage"),
        "",
    ]
    for passage in src.get("passages") or []:
        pid = passage.get("id")
        if pid not in ed.passages or ed.passages[pid] is not passage:
            continue
        out += passage_block(ed, passage, lang, page_lang)
    return "\n".join(out) + "\n"


def passage_block(ed: Edition, passage: dict, lang: str, page_lang: str = "en") -> list[str]:
    pid = passage["id"]
    kind = passage.get("kind", "")
    if kind not in KINDS:
        warn(f"sources/{passage['source']}/source.json", f"passage {pid}: kind {kind!r} is not one of {sorted(KINDS)}")
    if not str(passage.get("translation", "")).strip():
        warn(f"sources/{passage['source']}/source.json", f"passage {pid}: translation is empty")
    game = passage.get("game")
    game_part = (f' <span class="edition-passage-game">[{inline(game_name_in(ed, game, page_lang))}](../games/{game}.md)</span>'
                 if game in ed.games else "")
    out = [
        f'<section class="edition-passage edition-passage--{kind}" id="{anchor(pid)}" markdown>',
        '<div class="edition-passage-head" markdown>',
        f'[`{pid}`](#{anchor(pid)}){{ .edition-passage-id title="{tr(page_lang, "Permalink to")} {pid}" }} '
        f'{kind_badge(kind, page_lang)}{game_part}',
        "</div>",
        '<div class="edition-parallel" markdown>',
        f'<div class="edition-original" lang="{lang}" markdown>',
        literal_lines(passage.get("text", "")),
        "</div>",
        '<div class="edition-translation" lang="en" markdown>',
        f'<p markdown="span">{inline(passage.get("translation", ""))}</p>',
        "</div>",
        "</div>",
    ]
    where = f"sources/{passage['source']}/source.json"
    notes = [n for n in local(passage, "notes", page_lang, [], where=where) or [] if str(n).strip()]
    if notes:
        out += ['<div class="edition-notes" markdown>', ""]
        out += [f"- {cite(ed, n, '../', lang=page_lang)}" for n in notes]
        out += ["", "</div>"]
    rules = ed.cited_by.get(pid, [])
    if rules:
        links = " · ".join(rule_link(ed, r, "../", label=inline(local(ed.rules[r], "title", page_lang) or r), lang=page_lang)
                           for r in rules)
        out += ['<div class="edition-cited" markdown>', "", f"**{tr(page_lang, 'Rules resting on this passage:')}** {links}",
                "", "</div>"]
    if ed.meta is not None:
        src = ed.sources[passage["source"]]
        src_in = dict(src, author=local(src, "author", page_lang) or src.get("author"))
        out += [cite_block("passage", ed.meta.cite_passage(src_in, pid, page_lang),
                           ed.meta.url(f"sources/{src['key']}/", pid, page_lang), page_lang)]
    out += ["</section>", ""]
    return out
