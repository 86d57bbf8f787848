"""The concordance (``concordance.md``): every rule with its passages, code and tests."""

from __future__ import annotations

import re

from .markup import code, heading_id, inline, kind_label, passage_link, rule_link, section, status_badge
from .model import Edition, warn
from .source import source_nav_label
from .words import local, tr


def concordance_page(ed: Edition, lang: str = "en") -> str:
    w = lambda text: tr(lang, text)  # noqa: E731
    out = [
        section(lang, 1, "Concordance"),
        "",
        w("From every passage to the rules resting on it, the engine code that implements each rule and "
          "the tests that prove it. Passages no rule rests on (titles, commentary, stray lines) are listed "
          "after each source, so that nothing in the texts goes unaccounted for."),
        "",
    ]
    if not ed.tests_known:
        out += [f'!!! note "{w("Tests")}"',
                "    " + w("`python -m engine rules --json` did not report tests when this page was built; "
                           "the tests column shows the worked examples, which run as `rule-id/example-id`."), ""]
    for key, src in ed.sources.items():
        heading = inline(source_nav_label(ed, src))
        out += [f"## {heading}" if lang == "en" else f"## {inline(source_nav_label(ed, src, lang))} {{#{heading_id(heading)}}}", "",
                f"| {w('Passage')} | {w('Rule')} | {w('Status')} | {w('Code')} | {w('Tests')} |", "|---|---|---|---|---|"]
        unused = []
        for passage in src.get("passages") or []:
            pid = passage.get("id")
            rules = ed.cited_by.get(pid, [])
            if not rules:
                unused.append(pid)
                continue
            for rid in rules:
                rule = ed.rules[rid]
                places = "<br>".join(code(p) for p in ed.code.get(rid, [])) or "—"
                title = inline(local(rule, "title", lang) or rid)
                out.append(f"| {passage_link(ed, pid, '')} | {rule_link(ed, rid, '', label=title, lang=lang)} | "
                           f"{status_badge(rule.get('status', ''), lang)} | {places} | {tests_cell(ed, rule, lang)} |")
        out.append("")
        if unused:
            out += [w("Passages no rule rests on:") + " " + ", ".join(
                passage_link(ed, p, "") + f" ({kind_label(ed.passages[p].get('kind', '?'), lang)})"
                for p in unused if p in ed.passages) + ".", ""]
    unsourced = [rid for rid, r in ed.rules.items() if not r.get("passages")]
    if unsourced:
        out += [section(lang, 2, "Rules resting on no passage"), "",
                w("Supplied rules: the texts are silent, the edition fills the gap on the evidence given with each."), ""]
        out += [f"- {rule_link(ed, rid, '', lang=lang)} {status_badge(ed.rules[rid].get('status', ''), lang)}"
                for rid in unsourced] + [""]
    missing = [rid for rid, r in ed.rules.items() if r["game"] in ed.implemented_games and rid not in ed.code]
    if missing:
        out += [section(lang, 2, "Rules of implemented games without code"), ""]
        out += [f"- {rule_link(ed, rid, '', lang=lang)}" for rid in missing] + [""]
    extra = sorted(rid for rid in ed.code if rid not in ed.rules)
    if extra:
        for rid in extra:
            warn("engine.rules.registry", f"the engine implements {rid!r}, which no catalogue states")
    return "\n".join(out) + "\n"


def tests_cell(ed: Edition, rule: dict, lang: str = "en") -> str:
    """Tests, compactly: the worked examples by id, then the other tests by file and name."""
    rid = rule["id"]
    if not ed.tests_known:
        examples = [e.get("id") for e in rule.get("examples") or []]
        return (tr(lang, "examples") + " " + ", ".join(code(e) for e in examples)) if examples else "—"
    examples, others = [], []
    for test in ed.tests.get(rid, []):
        match = re.search(rf"\[{re.escape(rid)}/([^\]]+)\]$", test)
        if match:
            examples.append(match.group(1))
        else:
            others.append(test.removeprefix("tests/"))
    parts = []
    if examples:
        parts.append(tr(lang, "examples") + " " + ", ".join(code(e) for e in examples))
    parts += [code(t) for t in others]
    return "<br>".join(parts) or "—"
