"""A rule on its game page: statement, status, passages, readings, evidence and worked examples."""

from __future__ import annotations

import html
import json
from typing import Any

from .concordance import tests_cell
from .markup import cite, cite_block, code, inline, rule_link
from .model import Edition, STATUSES, warn
from .templating import lines
from .words import local, tr


def describe_given(given: Any) -> list[str]:
    if isinstance(given, dict):
        return [f"- {code(k)}: {code(v)}" for k, v in given.items()] or ["- (nothing)"]
    return [f"- {code(given)}"]


def example_block(ed: Edition, rule: dict, example: dict, base: str, lang: str = "en") -> list[str]:
    rid, eid = rule["id"], example.get("id", "?")
    description = local(dict(example, id=f"{rid} example {eid}"), "description", lang)
    out = [
        f'<div class="edition-example" data-rule="{html.escape(rid)}" data-example="{html.escape(eid)}" markdown>',
        f'<p class="edition-example-title" markdown="span">**{tr(lang, "Example")}** {code(eid)}: {inline(description)}</p>',
        '<div class="edition-example-io" markdown>',
        '<div class="edition-example-given" markdown>',
        "",
        f"**{tr(lang, 'Given')}**" + (f" ({tr(lang, 'runner')} {code(example['run'])})" if example.get("run") else ""),
        "",
        *describe_given(example.get("given", {})),
        "",
        "</div>",
        '<div class="edition-example-expected" markdown>',
        "",
        f"**{tr(lang, 'Expected')}**",
        "",
    ]
    if "expected_error" in example:
        out.append(f"{tr(lang, 'Refused, naming rule')} {rule_link(ed, str(example['expected_error']), base, lang=lang)}")
    else:
        out.append(code(example.get("expected")))
    out += ["", "</div>", "</div>"]
    variant = example.get("variant") or {}
    if variant:
        out.append(f'<p class="edition-example-variant" markdown="span">{tr(lang, "Under the reading")} '
                   + ", ".join(f"{code(k)} = {code(v)}" for k, v in variant.items()) + "</p>")
    result = ed.example_results.get((rid, eid))
    if result is not None:
        if result.get("passed"):
            out.append('<p class="edition-example-check edition-example-check--passed" markdown="span">'
                       + tr(lang, "Checked by the engine when this page was built: it gives") + " "
                       + code(result.get("actual")) + ".</p>")
        else:
            detail = result.get("error") or f"it gave {json.dumps(result.get('actual'), ensure_ascii=False)}"
            out.append('<p class="edition-example-check edition-example-check--failed" markdown="span">'
                       + tr(lang, "The engine does not agree when this page was built:") + " " + code(detail) + ".</p>")
    out += ['<output class="edition-example-result" aria-live="polite"></output>', "</div>", ""]
    return out


def readings_block(ed: Edition, rule: dict, where: str, lang: str = "en") -> list[str]:
    readings = rule.get("readings") or []
    defaults = [r for r in readings if r.get("default")]
    options = {r.get("option") for r in readings}
    if len(readings) < 2:
        warn(where, f"contested rule {rule['id']} has {len(readings)} reading(s); at least 2 are needed")
    if len(defaults) != 1:
        warn(where, f"contested rule {rule['id']} has {len(defaults)} default readings; exactly one is needed")
    if len(options) != 1:
        warn(where, f"contested rule {rule['id']}: its readings name different options {sorted(map(str, options))}")
    option = next(iter(options)) if len(options) == 1 else "?"
    # An attested rule's readings: the text's (its default) and comparison readings (CONTRIBUTING.md, 2).
    comparing = rule.get("status") == "attested"
    out = [
        f"**{tr(lang, 'Comparison readings' if comparing else 'Readings')}** ({tr(lang, 'variant option')} {code(option)}):",
        "",
    ]
    if comparing:
        out += [tr(lang, "The text says it, so the rule is attested; the other readings are not readings of the text "
                         "but another game's rule, named for comparison and playable as a value of the option."), ""]
    out += [
        f'<div class="edition-readings" style="--edition-readings: {max(1, min(len(readings), 3))}" markdown>',
    ]
    for reading in readings:
        default = bool(reading.get("default"))
        compared = reading.get("comparison") is True
        named = dict(reading, id=f"{rule['id']} reading {reading.get('id', '?')}")
        held = cite(ed, "; ".join(local(named, "held_by", lang, []) or []) or "—", "../", lang=lang)
        out += [
            f'<div class="edition-reading{" edition-reading--default" if default else ""}" markdown>',
            f'<p class="edition-reading-head" markdown="span">{code(reading.get("id", "?"))}'
            + (f' <span class="edition-default">{tr(lang, "default")}</span>' if default else "")
            + (f' <span class="edition-default">{tr(lang, "comparison")}</span>' if compared else "") + "</p>",
            f'<p markdown="span">{inline(local(named, "statement", lang))}</p>',
            f'<p class="edition-reading-why" markdown="span">*{tr(lang, "Why:")}* {cite(ed, local(named, "rationale", lang) or "—", "../", lang=lang)}</p>',
            f'<p class="edition-reading-held" markdown="span">*{tr(lang, "Held by:")}* '
            + held + "</p>",
            "</div>",
        ]
    out += ["</div>", ""]
    if defaults:
        d = defaults[0]
        why = local(dict(d, id=f"{rule['id']} reading {d.get('id', '?')}"), "rationale", lang)
        if comparing:
            plays = tr(lang, "The edition plays the text's reading")
            out += [f"{plays} {code(d.get('id'))}: {cite(ed, why, '../', lang=lang)}", ""]
        elif lang == "en":
            out += [f"The edition plays {code(d.get('id'))} by default: {cite(ed, why, '../')}", ""]
        else:
            out += [f"{tr(lang, 'The edition plays')} {code(d.get('id'))}: {cite(ed, why, '../', lang=lang)}", ""]
    return out


def rule_block(ed: Edition, game_id: str, rule: dict, lang: str = "en") -> list[str]:
    """A rule's lines on its game page (``templates/rule.md.j2``), after checking its catalogue entry."""
    rid = rule["id"]
    where = f"engine/catalogue/{game_id}.toml"
    status = rule.get("status", "")
    if status not in STATUSES:
        warn(where, f"rule {rid}: status {status!r} is not one of {sorted(STATUSES)}")
    passages = rule.get("passages") or []
    if not passages and status != "supplied":
        warn(where, f"rule {rid} cites no passage (only a supplied rule may rest on none)")
    quoted = [(pid, ed.sources[p["source"]].get("language", "ru"), p.get("text", ""), p.get("translation", ""))
              for pid in passages if (p := ed.passages.get(pid)) is not None]
    notes = [n for n in local(rule, "notes", lang, []) or [] if str(n).strip()]
    evidence = [n for n in local(rule, "evidence", lang, []) or [] if str(n).strip()]
    if not evidence and status == "supplied":
        warn(where, f"supplied rule {rid} gives no evidence")
    blocks: list[list[str]] = []
    if status == "contested" or rule.get("readings"):
        if status not in ("contested", "attested"):
            warn(where, f"rule {rid} has readings but its status is {status!r}, not 'contested' (or 'attested' "
                        "with comparison readings)")
        blocks.append(readings_block(ed, rule, where, lang))
    examples = rule.get("examples") or []
    if not examples:
        warn(where, f"rule {rid} has no worked example")
    else:
        blocks.append([f"**{tr(lang, 'Worked example' + ('s' if len(examples) > 1 else ''))}**", ""])
        blocks += [example_block(ed, rule, example, "../", lang) for example in examples]
    citation = None
    if ed.meta is not None:
        rule_in = dict(rule, game=game_id, title=local(rule, "title", lang) or rule.get("title"))
        citation = cite_block("rule", ed.meta.cite_rule(rule_in, lang), ed.meta.url(f"games/{game_id}/", rid, lang), lang)
    return lines("rule.md.j2", ed=ed, rule=rule, rid=rid, lang=lang, status=status, implemented=rid in ed.code,
                 passages=passages, quoted=quoted, notes=notes, evidence=evidence,
                 blocks=[b for b in blocks if b], places=ed.code.get(rid, []), tests=ed.tests.get(rid, []),
                 tests_cell=tests_cell, citation=citation)
