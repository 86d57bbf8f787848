"""A game's measures: the readings compared, what changes, the forest plots."""

from __future__ import annotations

import html
import json
from typing import Any

import forest

from .markup import code, fmt_number, heading_id, inline
from .model import Edition, warn
from .templating import lines
from .words import counted, local, tr


def measure_value(name: str, value: Any) -> str:
    """A measured value as the page shows it: shares as percentages, other numbers as they are."""
    if isinstance(value, (int, float)) and not isinstance(value, bool) and name.endswith("_share"):
        digits = 2 if 0 < abs(value) < 0.01 else 1
        return f"{value * 100:.{digits}f}\u202f%"
    return fmt_number(value).replace("-", "\u2212", 1) if isinstance(value, (int, float)) else fmt_number(value)


def measure_change(name: str, value: Any, base: Any, lang: str = "en") -> str:
    """The difference from the default reading: percentage points for shares."""
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (value, base)) or value == base:
        return ""
    diff = value - base
    sign = "+" if diff > 0 else "\u2212"
    if name.endswith("_share"):
        digits = 2 if abs(diff) < 0.001 else 1
        shown = f"{abs(diff) * 100:.{digits}f}"
        return "" if float(shown) == 0 else f"\u00a0({sign}{shown}\u00a0{tr(lang, 'pt')})"
    shown = fmt_number(round(abs(diff), 3))
    return "" if shown == "0" else f"\u00a0({sign}{shown})"


def engine_words(text: str, lang: str) -> str | None:
    """``text``, an English msgid of the engine's (a measure's description …), in ``lang`` from the
    engine's message catalogue (engine/locale/ru/*.po: measures.po for the measures); ``None`` when
    the catalogue has no translation of it (a description changed since engine/measures/*.json was
    written, or an engine without its catalogue)."""
    if lang == "en":
        return text
    try:
        from engine.i18n import _, using  # type: ignore[import-not-found]

        with using(lang):
            found = _(text)
    except Exception as exc:  # no engine, or its catalogue not compiled: said, and the English kept
        warn("engine/i18n", f"no {lang} message catalogue: {type(exc).__name__}: {exc}")
        return None
    return found if found != text else None


def measure_label(metrics: dict, name: str, lang: str = "en", capital: bool = True) -> str:
    """A measure's description (engine/measures/*.json, written by the engine's measures in English),
    in the page's language from the engine's catalogue (engine/locale/ru/measures.po); on a Russian
    page a description without its Russian is marked English."""
    english = str(metrics.get(name) or name.replace("_", " "))
    words = engine_words(english, lang)
    label = inline(words if words is not None else english)
    label = (label[:1].upper() if capital else label[:1].lower()) + label[1:]
    return label if words is not None else f'<span lang="en" class="edition-untranslated">{label}</span>'


def measure_table(metrics: dict, names: list[str], rows: dict, reading_ids: list[str], default: str | None,
                  indent: str = "", lang: str = "en") -> list[str]:
    """One row per measure, one column per reading (the default first), changes against the default."""
    head = " | ".join(code(r) + (" " + tr(lang, "(default)") if r == default else "") for r in reading_ids)
    out = [f"{indent}| {tr(lang, 'Measure')} | {head} |", f"{indent}|---|" + "---:|" * len(reading_ids)]
    for name in names:
        base = rows.get(default, {}).get(name) if default else None
        values = []
        for r in reading_ids:
            value = rows[r].get(name)
            values.append(measure_value(name, value) + ("" if r == default else measure_change(name, value, base, lang)))
        out.append(f"{indent}| {measure_label(metrics, name, lang)} <br>{code(name)} | " + " | ".join(values) + " |")
    return out


def _relative_change(value: Any, base: Any) -> float:
    if not all(isinstance(v, (int, float)) and not isinstance(v, bool) for v in (value, base)):
        return 0.0
    scale = max(abs(value), abs(base))
    return abs(value - base) / scale if scale else 0.0


def _slight(name: str, value: Any, base: Any) -> bool:
    """A change too small to read much into: under 2 % of the value (half a point for a share)."""
    if name.endswith("_share") and all(isinstance(v, (int, float)) for v in (value, base)):
        return abs(value - base) < 0.005
    return _relative_change(value, base) < 0.02


def paired_change(name: str, value: Any, lang: str = "en") -> str:
    """A paired difference or an interval bound: signed, in points for a share."""
    if not isinstance(value, (int, float)):
        return "?"
    sign = "+" if value > 0 else "\u2212" if value < 0 else ""
    if name.endswith("_share"):
        digits = 2 if 0 < abs(value) < 0.001 else 1
        return f"{sign}{abs(value) * 100:.{digits}f}\u00a0{tr(lang, 'pt')}"
    return f"{sign}{fmt_number(round(abs(value), 3))}"


DIRECTIONS = {
    "holds": "its direction holds under the sampling bots (an effect of the same sign detected there too)",
    "same sign, not detected": "the sampling bots show the same sign, too few games to detect it",
    "reversed": "the sampling bots reverse it (an effect of the opposite sign detected)",
    "opposite sign, not detected": "the sampling bots show the opposite sign, not detected: the direction is "
                                   "not shown to hold for a stronger player",
    "no change under the sampling bot": "the sampling bots' paired games do not change",
}
"""engine/campaign.py ``directions``: whether a heuristic effect's direction holds under the other player."""


def direction_words(entry: dict, reading: str, measure: str, lang: str) -> str:
    """After an effect found with the heuristic bots: what the sampling bots show (nothing when they
    were not measured)."""
    said = ((entry.get("directions") or {}).get(reading) or {}).get(measure)
    if said not in DIRECTIONS:
        return ""
    return f" ({tr(lang, DIRECTIONS[said])})"


def what_changes_paired(metrics: dict, focus: list[str], entry: dict, reading_ids: list[str], default: str,
                        lang: str = "en") -> list[str]:
    """One sentence per other reading, from the paired differences and their verdicts
    (engine/measures/*.json, format 2: CONTRIBUTING.md, "Measures"), never from a threshold."""
    measured = entry["players"]["heuristic"]
    clauses = []
    for r in (r for r in reading_ids if r != default):
        row = measured["differences"].get(r)
        if row is None:
            continue
        if row["identical"]:
            clauses.append(tr(lang, "under {reading} every game is played identically: this reading cannot change "
                                    "play here").format(reading=code(r)))
            continue
        parts = []
        for m in focus:
            d = row["metrics"].get(m) or {}
            label = measure_label(metrics, m, lang, capital=False)
            verdict = d.get("verdict")
            if verdict == "effect":
                parts.append(tr(lang, "{measure} changes by {change} (95 % CI {low} to {high})").format(
                    measure=label, change=paired_change(m, d["estimate"], lang),
                    low=paired_change(m, d["low"], lang), high=paired_change(m, d["high"], lang))
                    + direction_words(entry, r, m, lang))
            elif verdict == "no difference detected":
                parts.append(tr(lang, "{measure}: no difference detected ({low} to {high})").format(
                    measure=label, low=paired_change(m, d["low"], lang), high=paired_change(m, d["high"], lang)))
            elif verdict == "not comparable":
                parts.append(tr(lang, "{measure}: not comparable across these readings ({reason})").format(
                    measure=label, reason=d.get("reason", "")))
            else:
                parts.append(tr(lang, "{measure}: not measured").format(measure=label))
        clauses.append(tr(lang, "under {reading}, {changes}").format(reading=code(r), changes="; ".join(parts)))
    text = (counted(tr(lang, "**What changes** (N = {n} paired games per reading, heuristic bots in every seat; "
                             "each change is the paired difference from {default}, the default, with its 95 % "
                             "interval; Benjamini–Hochberg controls the false discovery rate across this rule's "
                             "measures):"), n=measured["n"], default=code(default))
            + " " + "; ".join(clauses) + ".")
    return [text, ""]


def what_changes(metrics: dict, focus: list[str], rows: dict, reading_ids: list[str], default: str | None,
                 n: Any, lang: str = "en") -> list[str]:
    """One plain sentence per other reading: the focus measures that move most, from the
    default's value to the reading's; and whether everything else stays the same."""
    clauses = []
    for r in (r for r in reading_ids if r != default):
        moved = sorted((m for m in focus if measure_value(m, rows[r].get(m)) != measure_value(m, rows[default].get(m))),
                       key=lambda m: -_relative_change(rows[r].get(m), rows[default].get(m)))[:2]
        if not moved:
            clauses.append(tr(lang, "under {reading} none of the measures below changes").format(reading=code(r)))
            continue
        if all(_slight(m, rows[r].get(m), rows[default].get(m)) for m in moved):
            clauses.append(tr(lang, "under {reading} the measures below hardly move (each by less than 2 %, "
                                    "or half a percentage point for a share)").format(reading=code(r)))
            continue
        parts = []
        for m in moved:
            base, value = rows[default].get(m), rows[r].get(m)
            verb = "rises" if isinstance(value, (int, float)) and isinstance(base, (int, float)) and value > base \
                else "falls" if isinstance(value, (int, float)) and isinstance(base, (int, float)) else "becomes"
            label = measure_label(metrics, m, lang, capital=False)
            if lang == "en":
                parts.append(f"the {label} {verb} from {measure_value(m, base)} to {measure_value(m, value)}")
            else:
                parts.append(tr(lang, f"{{measure}}: {verb} " + ("from {base} to {value}" if verb != "becomes"
                                                                  else "{value} instead of {base}"))
                             .format(measure=label, base=measure_value(m, base), value=measure_value(m, value)))
        clauses.append(tr(lang, "under {reading}, {changes}").format(reading=code(r), changes="; ".join(parts)))
    text = (counted(tr(lang, "**What changes** (N = {n} games per reading, against {default}, the default):"),
                    n=n, default=code(default)) + " " + "; ".join(clauses) + ".")
    names = [m for m in metrics if m != "games" and m not in focus]
    if names and all(len({json.dumps(rows[r].get(m)) for r in reading_ids}) == 1 for m in names):
        text += " " + tr(lang, "Every other measure is identical under every reading: the games are played the same way.")
    return [text, ""]


PLAYER_KINDS = {"heuristic": "heuristic bots", "sampling": "sampling bots"}

VERDICTS = {"effect": "effect", "no difference detected": "no difference detected",
            "not comparable": "not comparable"}


def plain_label(metrics: dict, name: str, lang: str) -> str:
    """A measure's words as plain text (for a plot's labels): in the page's language where the
    engine's catalogue has them, else in English."""
    english = str(metrics.get(name) or name.replace("_", " "))
    words = engine_words(english, lang) or english
    return words[:1].upper() + words[1:]


def forest_block(metrics: dict, names: list[str], entry: dict, reading_ids: list[str], default: str,
                 lang: str = "en") -> list[str]:
    """For each reading but the default: its forest plot (tools/forest.py, inline SVG drawn at build
    time) and the same paired differences as a table, in numbers, for every kind of player measured."""
    out: list[str] = []
    kinds = [k for k in forest.KINDS if k in (entry.get("players") or {})]
    for r in (r for r in reading_ids if r != default):
        found = forest.rows(entry, r, names)
        differs = [(entry["players"][k]["differences"].get(r) or {}) for k in kinds]
        if not found or all(d.get("identical") for d in differs):
            continue
        title = tr(lang, "Paired differences under {reading} from {default}, each measure on its own scale "
                         "about zero").format(reading=r, default=default)
        svg = forest.plot(entry, r, names, lambda m: plain_label(metrics, m, lang), title,
                          words=lambda w: tr(lang, w))
        legend = tr(lang, "Under {reading}, against {default}: each row a measure (the focus measures first), each "
                          "mark a paired difference with its 95 % interval, a circle for the heuristic bots and a "
                          "diamond for the sampling bots; solid where an effect is detected, hollow where none "
                          "is. Each row has its own scale: the numbers are in the table below.").format(
            reading=f"<code>{html.escape(r)}</code>", default=f"<code>{html.escape(default)}</code>")
        n = {k: entry["players"][k].get("n", "?") for k in kinds}
        out += [f'<figure class="edition-forest-figure">{svg}<figcaption>{legend}</figcaption></figure>', ""]
        out += [f'??? note "{tr(lang, "The paired differences in numbers")}: {r}"', ""]
        out += ["    " + "; ".join(counted(tr(lang, "{kind}: N = {n} paired games"), n=n[k],
                                          kind=tr(lang, PLAYER_KINDS[k])) for k in kinds) + ".", ""]
        out += [f"    | {tr(lang, 'Measure')} | {tr(lang, 'Players')} | {tr(lang, 'Difference')} | "
                f"{tr(lang, '95 % interval')} | {tr(lang, 'Verdict')} |", "    |---|---|---:|---:|---|"]
        for name, kind, d in found:
            verdict = tr(lang, VERDICTS.get(str(d.get("verdict")), "not measured"))
            out.append(f"    | {measure_label(metrics, name, lang)} | {tr(lang, PLAYER_KINDS[kind])} | "
                       f"{paired_change(name, d['estimate'], lang)} | "
                       + tr(lang, "{low} to {high}").format(low=paired_change(name, d["low"], lang),
                                                            high=paired_change(name, d["high"], lang))
                       + f" | {verdict} |")
        out.append("")
    return out


REPLAY_TITLE = "Replay a deal under two readings"

REPLAY_ID = "replay-a-deal"
"""The heading of a game page's comparison panel, and its anchor (the panel is the region it names)."""


def measures_block(ed: Edition, game_id: str, game: dict, lang: str = "en") -> list[str]:
    """The measured consequences of each reading (``templates/measures.md.j2``); on a Russian page in
    Russian, the measures' own descriptions (engine/measures/*.json) from the engine's catalogue
    (measure_label)."""
    contested = [r for r in game["rules"] if r.get("readings")]
    data = ed.measures.get(game_id)
    context: dict[str, Any] = dict(ed=ed, game_id=game_id, lang=lang, contested=contested, data=data,
                                   counted=counted, replay_title=REPLAY_TITLE, replay_id=REPLAY_ID)
    if contested and data:
        metrics = data.get("metrics") or {}
        n = data.get("games_per_reading", "?")
        bots = data.get("bots")
        context["n"] = n
        context["bots_text"] = (
            tr(lang, "the engine's bots ({bots})").format(bots=", ".join(map(str, bots))) if isinstance(bots, list)
            else tr(lang, "the engine's {bots} bots in every seat").format(bots=bots) if bots
            else tr(lang, "the engine's bots"))
        context["measured"] = [measured_rule(ed, rule, data.get("rules") or {}, metrics, n, lang) for rule in contested]
    return lines("measures.md.j2", **context)


def measured_rule(ed: Edition, rule: dict, measured: dict, metrics: dict, n: Any, lang: str) -> dict[str, Any]:
    """What ``measures.md.j2`` shows of one contested rule's measures (its blocks already built)."""
    rid = rule["id"]
    entry = measured.get(rid)
    heading = f"### {inline(rule.get('title') or rid)}: measured"
    if lang != "en":
        heading = f"### {inline(local(rule, 'title', lang) or rid)}: {tr(lang, 'measured')} {{#{heading_id(heading[4:])}}}"
    out: dict[str, Any] = dict(rid=rid, heading=heading, option=(entry or {}).get("option") or rule["readings"][0].get("option"),
                               unmeasured=not entry or not entry.get("readings"), setting=None, errors=[], blocks=[],
                               all_measures=None, n_names=0)
    if entry is None or out["unmeasured"]:
        return out
    context = entry.get("context") or {}
    if context:
        out["setting"] = ", ".join(f"{code(k)} = {code(str(v))}" for k, v in context.items())
    rows = {r: v for r, v in entry["readings"].items() if isinstance(v, dict) and "error" not in v}
    out["errors"] = [(r, str((v or {}).get("error"))) for r, v in entry["readings"].items() if r not in rows]
    if not rows:
        return out
    names = list(metrics) or sorted({m for v in rows.values() for m in v})
    default = entry.get("default") or next((r.get("id") for r in rule["readings"] if r.get("default")), None)
    reading_ids = sorted(rows, key=lambda r: r != default)
    if default not in rows:
        default = reading_ids[0]
    focus = [m for m in entry.get("focus") or [] if m in names]
    blocks: list[list[str]] = []
    if focus and "heuristic" in (entry.get("players") or {}):
        blocks.append(what_changes_paired(metrics, focus, entry, reading_ids, default, lang))
        blocks.append(forest_block(metrics, focus + [m for m in names if m not in focus], entry, reading_ids,
                                   default, lang))
    elif focus:
        blocks.append(what_changes(metrics, focus, rows, reading_ids, default, rows[default].get("games", n), lang))
    if focus:
        blocks.append(measure_table(metrics, focus, rows, reading_ids, default, lang=lang) + [""])
        out["all_measures"] = measure_table(metrics, names, rows, reading_ids, default, indent="    ", lang=lang) + [""]
        out["n_names"] = len(names)
    else:
        blocks.append(measure_table(metrics, names, rows, reading_ids, default, lang=lang) + [""])
    out["blocks"] = [b for b in blocks if b]
    return out
