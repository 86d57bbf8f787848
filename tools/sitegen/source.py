"""The source pages (``sources/<key>.md``): metadata and the parallel text, passage by passage."""

from __future__ import annotations

import re
from collections import defaultdict
from typing import Any

from .markup import cite, cite_block, code, game_name_in, inline, literal, rule_link, short_title
from .model import Edition, KINDS, warn
from .templating import render
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
    counts: dict[str, int] = defaultdict(int)
    for p in src.get("passages") or []:
        counts[p.get("kind", "?")] += 1
    passages = [passage_view(ed, passage, page_lang) for passage in src.get("passages") or []
                if ed.passages.get(passage.get("id")) is passage]
    return render("source.md.j2", ed=ed, src=src, key=key, lang=lang, page_lang=page_lang, field_in=field_in,
                  rows=rows, kinds=sorted(counts.items()), passages=passages, source_nav_label=source_nav_label)


def passage_view(ed: Edition, passage: dict, page_lang: str = "en") -> dict[str, Any]:
    """What ``source.md.j2`` shows of a passage, after checking its kind and translation."""
    pid = passage["id"]
    where = f"sources/{passage['source']}/source.json"
    kind = passage.get("kind", "")
    if kind not in KINDS:
        warn(where, f"passage {pid}: kind {kind!r} is not one of {sorted(KINDS)}")
    if not str(passage.get("translation", "")).strip():
        warn(where, f"passage {pid}: translation is empty")
    game = passage.get("game")
    game_part = (f' <span class="edition-passage-game">[{inline(game_name_in(ed, game, page_lang))}](../games/{game}.md)</span>'
                 if game in ed.games else "")
    links = " · ".join(rule_link(ed, r, "../", label=inline(local(ed.rules[r], "title", page_lang) or r), lang=page_lang)
                       for r in ed.cited_by.get(pid, []))
    citation = None
    if ed.meta is not None:
        src = ed.sources[passage["source"]]
        src_in = dict(src, author=local(src, "author", page_lang) or src.get("author"))
        citation = cite_block("passage", ed.meta.cite_passage(src_in, pid, page_lang),
                              ed.meta.url(f"sources/{src['key']}/", pid, page_lang), page_lang)
    return dict(id=pid, kind=kind, game_part=game_part, text=passage.get("text", ""),
                translation=passage.get("translation", ""), links=links, citation=citation,
                notes=[n for n in local(passage, "notes", page_lang, [], where=where) or [] if str(n).strip()])
