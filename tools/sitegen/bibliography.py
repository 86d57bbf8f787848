"""The bibliography (``bibliography.md``): the works cited, by grade."""

from __future__ import annotations

import html
from collections import defaultdict

import citations

from .markup import cite, code, grade_badge, inline, literal, section
from .model import Edition, warn
from .words import in_context, local, pair, tr


def bibliography_page(ed: Edition, page_lang: str = "en") -> str:
    """The bibliography; ``page_lang="ru"``: its apparatus and the works' notes and uses in Russian,
    the entries (authors, titles, imprints) as the works are."""
    w = lambda text: tr(page_lang, text)  # noqa: E731
    out = [
        section(page_lang, 1, "Bibliography"),
        "",
        w("The works the edition cites: the sources behind the four texts, the period descriptions "
          "the notes compare them with, and the modern references. Every note, evidence line, reading "
          "and glossary meaning names the works it rests on by a citation linked to its entry here. "
          "An imprint marked *unchecked* is taken from library catalogues or from another work's listing "
          "and has not been checked against a copy; a work marked *known through* has not been "
          "consulted, only the work named. Links to outside pages are references only; nothing on this "
          "site is loaded from them."),
        "",
    ]
    web = [x for x in ed.works if x.get("kind") == "web"]
    bare = [x for x in web if not x.get("url")]
    # (N-A4 of the third review: what the web entries lack, said where they are)
    out += [w("Of the {web} web pages, {bare} give no address: it was not recorded when they "
              "were read, and the edition does not reconstruct it after the fact; they are named by site "
              "and title. None gives a date of access: none was recorded, and the edition does not invent "
              "one. Wikipedia articles are named by title, without a revision id. This is a known gap in "
              "the apparatus: such a page can be found, but not checked against what the editors read.")
            .format(web=len(web), bare=len(bare)), ""]
    out += grades_legend(ed, page_lang)
    kinds = {"source": "The texts and what they rest on", "period": "Period descriptions",
             "modern": "Modern studies and references", "web": "On the web"}
    by_key = {w.get("key"): w for w in ed.works}
    groups: dict[str, list[dict]] = defaultdict(list)
    for index, work in enumerate(ed.works):
        for name in ("key", "author", "title", "kind", "short"):
            if not work.get(name):
                warn("sources/bibliography.toml", f"work #{index + 1} ({work.get('key', '?')!r}): field '{name}' is missing")
        groups[work.get("kind", "modern")].append(work)
    for kind in sorted(groups, key=lambda k: list(kinds).index(k) if k in kinds else 9):
        out += [section(page_lang, 2, kinds[kind]) if kind in kinds else f"## {kind.capitalize()}", ""]
        for work in groups[kind]:
            lang = work.get("language", "en")
            title = f'<cite lang="{lang}">{literal(work.get("title", ""))}</cite>'
            if work.get("url"):
                title = f'<a href="{html.escape(work["url"])}" rel="external noopener">{title}</a>'
            ru = (work.get("ru") or {}) if page_lang == "ru" else {}
            author = str(work.get("author", ""))
            named = in_context(page_lang, "author", author) if page_lang != "en" else None
            if named:
                parts = [named, title]
            else:
                parts = [f'<span lang="{lang}">{literal(author)}</span>', title]
            if work.get("editors"):
                parts.append(tr(page_lang, "ed.") + " " + inline(ru.get("editors") or work["editors"]))
            if work.get("edition"):
                edition = str(ru.get("edition") or work["edition"])
                parts.append(inline(edition[:1].upper() + edition[1:] if page_lang == "ru" else edition))
            imprint = ", ".join(str(x) for x in (work.get("place"), work.get("publisher"), work.get("year")) if x)
            if imprint:
                parts.append(inline(imprint) + (" " + w("(imprint unchecked)") if work.get("unchecked") else ""))
            key = work.get("key", "")
            out += [f'<p class="edition-work" id="work-{html.escape(key)}" markdown="span">' + ". ".join(parts) + ".</p>", ""]
            short = (ru.get("short") if page_lang == "ru" else None) or work.get("short", "")
            quoted = f"«{literal(str(short))}»" if page_lang == "ru" else f"“{literal(str(short))}”"
            facts = [f"{w('Cited as')} {code('[@' + key + ']')}: {quoted}.",
                     f"{w('Evidence:')} {grade_badge(str(work.get('grade', '')), page_lang)}."]
            via = by_key.get(work.get("via"))
            if via is not None:
                facts.append(f"{w('Known through')} [{literal(str(via.get('short') or via['key']))}](#work-{via['key']}).")
            out += [f'<p class="edition-work-note" markdown="span">{" ".join(facts)}</p>', ""]
            # a work's note and use in the page's language (its [works.ru] table); where the Russian is
            # missing, the English, marked so
            for name in ("note", "used_for"):
                text = local(work, name, page_lang, where="sources/bibliography.toml")
                if not text:
                    continue
                english = page_lang != "en" and not (work.get("ru") or {}).get(name)
                marked = '"' if not english else ' edition-untranslated" lang="en"'
                body = (cite(ed, text, "", lang=page_lang) if name == "note"
                        else f'*{w("Used for:")}* {inline(text)}')
                out += [f'<p class="edition-work-note{marked} markdown="span">{body}</p>', ""]
    return "\n".join(out) + "\n"


def grades_legend(ed: Edition, lang: str = "en") -> list[str]:
    """The kinds of evidence: each grade's badge, what it means, and the works of that grade."""
    out = [f"## {tr(lang, 'Kinds of evidence')} {{#kinds-of-evidence}}", "",
           tr(lang, "Every citation on this site carries a badge saying what kind of evidence the work cited is, "
                    "and every evidence line under a rule begins with the badges of all the works it rests on, so "
                    "that a reader sees at a glance what rests on a period print such as Cotton and what on a web "
                    "page or a forum. The kinds:"), ""]
    for grade, (label, meaning) in citations.GRADES.items():
        meaning = pair(lang, "grade", label, meaning)[1]
        works = [w for w in ed.works if w.get("grade") == grade]
        named = ", ".join(f"[{literal(str(w.get('short') or w['key']))}](#work-{w['key']})" for w in works)
        out += [f'<p class="edition-grade-legend" markdown="span">{grade_badge(grade, lang)} {inline(meaning)}'
                + (f" {tr(lang, 'Here:')} {named}." if named else "") + "</p>", ""]
    return out
