"""Markup shared by the pages: anchors, Markdown literals, citations, badges, links to rules and passages."""

from __future__ import annotations

import html
import json
import re
from typing import Any

import citations

from .model import Edition, KINDS, STATUSES, warn
from .words import local, pair, tr


def heading_id(text: str) -> str:
    """The id the toc extension gives a heading of the English page (for its Russian twin)."""
    from markdown.extensions.toc import slugify

    return slugify(re.sub(r"[`*_]", "", text), "-")


def anchor(identifier: str) -> str:
    """A passage's or rule's anchor: its id with dots replaced by hyphens."""
    return identifier.replace(".", "-")


_MD_SPECIAL = {c: f"&#{ord(c)};" for c in "\\`*_[]{}<>#!|~^=+:"}

_MD_SPECIAL["&"] = "&amp;"


def literal(text: str) -> str:
    """Text shown exactly as written: every Markdown-active character as an entity."""
    return "".join(_MD_SPECIAL.get(c, c) for c in text)


def literal_lines(text: str) -> str:
    """A source slice as HTML paragraphs, keeping its line breaks."""
    paragraphs = [p for p in re.split(r"\n\s*\n", text.strip("\n")) if p.strip()]
    return "\n".join(
        '<p markdown="span">' + "<br>".join(literal(line) for line in p.split("\n")) + "</p>"
        for p in paragraphs
    )


def inline(text: str) -> str:
    """Editorial prose (translations, notes): inline Markdown allowed, one line, no raw HTML."""
    text = " ".join(str(text).split())
    return text.replace("<", "&lt;").replace("|", "&#124;")


def cite(ed: Edition, text: str, base: str, badges: bool = True, lang: str = "en") -> str:
    """Editorial prose with its citation markers (``[@key]``, ``[@key, p. 3]``) as links to
    the bibliography: each work by its ``short`` label, followed (unless ``badges`` is false)
    by the badge of its grade, the kind of evidence it is, then the locator."""
    works = {w.get("key"): w for w in ed.works}

    def link(key: str, locator: str | None, read: bool = True) -> str:
        work = works.get(key)
        if work is None:
            warn("sources/bibliography.toml", f"a text cites [@{key}], which has no entry")
            return code(key)
        short = ((work.get("ru") or {}).get("short") if lang == "ru" else None) or work.get("short") or key
        label = f"[{literal(str(short))}]({base}bibliography.md#work-{key})"
        if badges and read:
            label += f"\x00{work.get('grade', '')}\x00"  # the badge is raw HTML: put in after inline()
        label += f", {locator}" if locator else ""
        # on a Russian page a citation, its locator with it, is one element (class edition-ref: the
        # English of a work's label and locator inside Russian prose), put in after inline()
        return label if lang == "en" else "\x01" + label + "\x02"

    def through(key: str, locator: str | None) -> str:
        """A work known only through the works its locator names: no badge of its own (the
        grade shown is that of the work read, beside its name in the locator)."""
        return link(key, locator, read=False)
    text = inline(citations.render(str(text), link, through))
    text = text.replace("\x01", '<span class="edition-ref">').replace("\x02", "</span>")
    return re.sub("\x00([a-z-]*)\x00", lambda m: " " + grade_badge(m.group(1), lang), text)


def grade_badge(grade: str, lang: str = "en") -> str:
    """The badge of a work's grade (``tools/citations.py`` GRADES): the kind of evidence it is."""
    label, meaning = citations.GRADES.get(grade, ("grade unknown", "The work's grade is not recognised"))
    if grade in citations.GRADES:
        label, meaning = pair(lang, "grade", label, meaning)
    klass = grade if grade in citations.GRADES else "unknown"
    return (f'<span class="edition-grade edition-grade--{klass}" title="{html.escape(meaning)}">'
            f'{html.escape(label)}</span>')


def evidence_item(ed: Edition, text: str, base: str, lang: str = "en") -> str:
    """An evidence line as a list item: first the badges of the kinds of evidence it rests on
    (every work it cites, each kind once), then the line with its citations."""
    by_key = {w.get("key"): w for w in ed.works}
    kinds = citations.grades(str(text), by_key)
    if not kinds:
        warn("engine/catalogue", f"an evidence line cites no graded work: {str(text)[:80]!r}")
    badges = " ".join(grade_badge(g, lang) for g in kinds)
    line = cite(ed, text, base, badges=False, lang=lang)
    if lang != "en" and not re.search(r"[А-Яа-яЁё]", str(text)):  # (a line with no Russian yet: marked English)
        line = f'<span lang="en" class="edition-untranslated">{line}</span>'
    return f'- <span class="edition-grades">{badges}</span> {line}'


def cell(text: str) -> str:
    return inline(text) if text else ""


def tooltip(text: str, limit: int = 280) -> str:
    """A value for an attr_list title: no quotes, braces or Markdown-active characters."""
    text = " ".join(str(text).split())
    if len(text) > limit:
        text = text[: limit - 1].rstrip() + "…"
    for bad, good in (('"', "″"), ("{", "("), ("}", ")"), ("*", "∗"), ("_", " "), ("`", "'"),
                      ("[", "("), ("]", ")"), ("<", "‹"), (">", "›"), ("\\", "/"), ("&", "and")):
        text = text.replace(bad, good)
    return text


def code(value: Any) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    text = text.replace("|", "&#124;")
    ticks = "``" if "`" in text else "`"
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{ticks}{pad}{text}{pad}{ticks}"


# topics whose plain name would repeat a heading of the page: every game page's "Play" is its
# table, so the topic of the rules of trick play has a title of its own
TOPIC_TITLES = {"play": "The play of the cards"}


def topic_title(topic: str) -> str:
    return TOPIC_TITLES.get(topic) or topic.replace("-", " ").replace("_", " ").capitalize()


def short_title(title: str) -> str:
    head = re.split(r"(?<=[a-zа-яё])\.\s", title, maxsplit=1)[0]
    return head.rstrip(". ")


def fmt_number(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return f"{value:.3f}".rstrip("0").rstrip(".") if abs(value) < 1000 else f"{value:.0f}"
    if value is None:
        return "—"
    return code(value)


def passage_link(ed: Edition, pid: str, base: str, with_tooltip: bool = True) -> str:
    passage = ed.passages.get(pid)
    if passage is None:
        return code(pid)
    target = f"{base}sources/{passage['source']}.md#{anchor(pid)}"
    attrs = f'{{ title="{tooltip(passage.get("text", ""))}" }}' if with_tooltip else ""
    return f"[`{pid}`]({target}){attrs}"


def rule_link(ed: Edition, rid: str, base: str, label: str | None = None, lang: str = "en") -> str:
    rule = ed.rules.get(rid)
    if rule is None:
        return code(rid)
    text = label or f"`{rid}`"
    hint = rid if label else local(rule, "title", lang)
    return f"[{text}]({base}games/{rule['game']}.md#{anchor(rid)}){{ title=\"{tooltip(hint)}\" }}"


def status_badge(status: str, lang: str = "en") -> str:
    known = status in STATUSES
    klass = status if known else "unknown"
    title = STATUSES.get(status, "Status not recognised")
    label = status or "no status"
    if known:
        label, title = pair(lang, "status", status, title)
    return f'<span class="edition-status edition-status--{klass}" title="{html.escape(title)}">{html.escape(label)}</span>'


def kind_label(kind: str, lang: str = "en") -> str:
    """A passage's kind as a word of the page's language."""
    return pair(lang, "kind", kind, KINDS[kind])[0] if kind in KINDS else kind


def kind_badge(kind: str, lang: str = "en") -> str:
    klass = kind if kind in KINDS else "unknown"
    label = kind_label(kind, lang)
    title = pair(lang, "kind", kind, KINDS[kind])[1] if kind in KINDS else "Kind not recognised"
    return f'<span class="edition-kind edition-kind--{klass}" title="{html.escape(title)}">{html.escape(label)}</span>'


def source_label(src: dict) -> str:
    """The source's English title, up to its first full stop."""
    return short_title(src.get("title_en") or src.get("title") or src.get("key", "?"))


def cite_block(what: str, citation: str, url: str, lang: str = "en") -> str:
    """A passage's or rule's "cite this": a suggested citation and its stable URL (raw HTML,
    so that no glossary tooltip or Markdown touches the text a reader copies)."""
    return (f'<details class="edition-cite"><summary>{tr(lang, f"Cite this {what}")}</summary>'
            f'<p class="edition-cite-text">{html.escape(citation)}</p>'
            f'<p class="edition-cite-url">{tr(lang, "Stable URL:")} <code>{html.escape(url)}</code></p></details>')


def section(lang: str, level: int, english: str) -> str:
    """A heading of a generated page; on a Russian page in Russian, with the English page's id."""
    if lang == "en":
        return f"{'#' * level} {english}"
    return f"{'#' * level} {tr(lang, english)} {{#{heading_id(english)}}}"


def game_name_in(ed: Edition, game_id: str, lang: str) -> str:
    """The game's name on a page in the language: in Russian, its Russian name (``[game.ru]``
    name: Глик; "Ruffe and trumps" where the source writes it so), else its name in the source
    where that is Russian (Мушка, Пикет ...), else the English name."""
    meta = ed.games[game_id].get("game", {})
    original = str(meta.get("name_original") or "")
    if lang == "ru" and (meta.get("ru") or {}).get("name"):
        return str(meta["ru"]["name"])
    if lang == "ru" and re.search("[А-Яа-яЁё]", original):
        return original
    return meta.get("name") or game_id
