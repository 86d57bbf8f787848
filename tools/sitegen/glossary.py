"""The glossary (``glossary.md``) and the abbreviations snippet that gives terms their tooltips."""

from __future__ import annotations

import re
from collections import defaultdict

import citations

from .markup import cite, game_name_in, inline, literal, passage_link, rule_link, section
from .model import Edition, LANGUAGES, term_forms, term_slug, warn
from .words import language_name, local, tr


def term_uses(ed: Edition, term: dict) -> tuple[list[str], list[str]]:
    forms = term_forms(term) + [f for f in term.get("search") or [] if isinstance(f, str)]
    if not forms:
        forms = [term.get("term", "")]
    pattern = re.compile(r"(?<!\w)(?:" + "|".join(re.escape(f) for f in sorted(set(forms), key=len, reverse=True)) + r")(?!\w)")
    passages = [pid for pid, p in ed.passages.items()
                if pattern.search(p.get("text", "")) or pattern.search(p.get("translation", ""))]
    rules = [rid for rid, r in ed.rules.items()
             if pattern.search(r.get("statement", "")) or pattern.search(r.get("title", ""))]
    return passages, rules


def glossary_page(ed: Edition, page_lang: str = "en") -> str:
    """The glossary; ``page_lang="ru"``: each term's Russian meaning beside its English one."""
    w = lambda text: tr(page_lang, text)  # noqa: E731
    out = [
        section(page_lang, 1, "Glossary"),
        "",
        w("The period English, French and Russian terms of the four texts. In the text of every page a "
          "term in one of its listed forms carries its meaning as a tooltip. *Used in* lists the "
          "passages whose original or translation contains one of its forms, and the rules that name it."),
        "",
    ]
    groups: dict[str, list[dict]] = defaultdict(list)
    for index, term in enumerate(ed.glossary):
        for name in ("term", "language", "meaning"):
            if not term.get(name):
                warn("sources/glossary.toml", f"term #{index + 1} ({term.get('term', '?')!r}): field '{name}' is missing")
        groups[term.get("language", "?")].append(term)
    titles = {"en": "Period English terms", "fr": "French terms", "ru": "Russian terms"}
    for lang in sorted(groups, key=lambda l: ["en", "fr", "ru"].index(l) if l in ("en", "fr", "ru") else 9):
        out += [section(page_lang, 2, titles[lang]) if lang in titles else f"## {LANGUAGES.get(lang, lang)}", ""]
        for term in sorted(groups[lang], key=lambda t: t.get("term", "").lower()):
            name = term.get("term", "?")
            out += [f"### {literal(name)} {{#{term_slug(name)} }}", ""]
            facts = []
            if term.get("original"):
                facts.append(f'<span class="edition-term-original" lang="{lang}">{literal(term["original"])}</span>')
            if term.get("transliteration"):
                facts.append(f"*{inline(term['transliteration'])}*")
            facts.append(language_name(lang, page_lang))
            ru_name = (term.get("ru") or {}).get("name")
            if page_lang == "ru" and ru_name:  # the word the table and the engine's Russian use (found by search)
                label = w("In the table's Russian:")
                facts.append(f'{label} <span lang="ru">«{literal(ru_name)}»</span>')
            out += ['<p class="edition-term-facts" markdown="span">' + " · ".join(facts) + "</p>", ""]
            if page_lang == "en":
                out += [cite(ed, term.get("meaning", ""), ""), ""]
            else:
                meaning = local(term, "meaning", page_lang, where="sources/glossary.toml")
                out += ['<div class="edition-parallel edition-term-meaning" markdown>',
                        f'<div class="edition-original edition-term-ru" lang="{page_lang}" markdown>',
                        f'<p markdown="span">{cite(ed, meaning, "", lang=page_lang)}</p>', "</div>",
                        '<div class="edition-translation" lang="en" markdown>',
                        f'<p markdown="span">{cite(ed, term.get("meaning", ""), "", lang=page_lang)}</p>', "</div>",
                        "</div>", ""]
            games = [g for g in term.get("games") or [] if g in ed.games]
            if games:
                out += [f"**{w('Games:')}** " + ", ".join(f"[{inline(game_name_in(ed, g, page_lang))}](games/{g}.md)"
                                                        for g in games), ""]
            passages, rules = term_uses(ed, term)
            if passages:
                out += [f"**{w('Used in:')}** " + ", ".join(passage_link(ed, p, "") for p in passages), ""]
            if rules:
                out += [f"**{w('Rules naming it:')}** " + ", ".join(rule_link(ed, r, "", lang=page_lang) for r in rules), ""]
            if term.get("references"):
                out += [f'<p class="edition-term-refs" markdown="span">**{w("References:")}** '
                        + "; ".join(inline(r) for r in term["references"]) + "</p>", ""]
    return "\n".join(out) + "\n"


def abbreviations(ed: Edition, lang: str = "en") -> str:
    lines = ["<!-- Generated by tools/gen_pages.py from sources/glossary.toml: glossary tooltips. -->"]
    seen = set()
    for term in ed.glossary:
        tip = local(term, "tooltip", lang) if term.get("tooltip") else local(term, "meaning", lang)
        text = " ".join(citations.MARKER.sub("", str(tip)).split())
        text = text.replace("]", ")").replace("[", "(")
        for form in term_forms(term):
            if form in seen or "]" in form or "\n" in form:
                continue
            seen.add(form)
            lines.append(f"*[{form}]: {text}")
    return "\n".join(lines) + "\n"
