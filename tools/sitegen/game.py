"""The game pages (``games/<id>.md``): the rules by topic, options, reading sets, measures and the play table."""

from __future__ import annotations

from collections import defaultdict

from .markup import cite, code, game_name_in, inline, rule_link, section, source_label, topic_title
from .measures import measures_block, REPLAY_ID, REPLAY_TITLE
from .model import Edition, warn
from .rules import rule_block
from .source import source_nav_label
from .templating import render
from .words import in_context, local, tr


def options_table(ed: Edition, game: dict, lang: str = "en") -> list[str]:
    contested = [r for r in game["rules"] if r.get("readings")]
    if not contested:
        return []
    out = [
        section(lang, 2, "The variant options"),
        "",
        tr(lang, "Every contested rule is an option of the game's variant; each reading is a value. "
                 "An attested rule that the standard game states otherwise is an option too, its other values "
                 "comparison readings. The play table and `python -m engine play` accept any of them."),
        "",
        f"| {tr(lang, 'Option')} | {tr(lang, 'Rule')} | {tr(lang, 'Readings (default first)')} |",
        "|---|---|---|",
    ]
    for rule in contested:
        readings = sorted(rule["readings"], key=lambda r: not r.get("default"))
        option = readings[0].get("option", "?")
        values = ", ".join(code(r.get("id")) + (" " + tr(lang, "(default)") if r.get("default") else "")
                           + (" " + tr(lang, "(comparison)") if r.get("comparison") else "") for r in readings)
        title = inline(local(rule, "title", lang) or rule["id"])
        out.append(f"| {code(option)} | {rule_link(ed, rule['id'], '../', label=title, lang=lang)} | {values} |")
    return out + [""]


def reading_sets_table(ed: Edition, game: dict, lang: str = "en") -> list[str]:
    """The game's named sets of readings (``[[game.reading_sets]]``): one column per set, one
    row per option, each set's statement and rationale under the table."""
    sets = (game.get("game") or {}).get("reading_sets") or []
    if not sets:
        return []
    where = f"engine/catalogue/{(game.get('game') or {}).get('id', '?')}.toml"
    out = [
        section(lang, 2, "The reading sets"),
        "",
        tr(lang, "Each set gives one reading for every option, so that a whole reading of the game can be "
                 "chosen at once; any single option can then be changed."),
        "",
        f"| {tr(lang, 'Option')} | " + " | ".join(inline(str(local(rs, "name", lang, where=where) or rs.get("id")))
                                                  + (" " + tr(lang, "(default)") if rs.get("default") else "")
                              for rs in sets) + " |",
        "|---|" + "---|" * len(sets),
    ]
    for rule in (r for r in game["rules"] if r.get("readings")):
        option = rule["readings"][0].get("option", "?")
        cells = []
        for rs in sets:
            value = (rs.get("readings") or {}).get(option)
            if value is None:
                warn(where, f"reading set {rs.get('id')!r} gives no reading for option {option!r}")
            cells.append(code(str(value)) if value is not None else "—")
        out.append(f"| {rule_link(ed, rule['id'], '../', label=code(option))} | " + " | ".join(cells) + " |")
    out.append("")
    for rs in sets:
        out += [f"**{inline(str(local(rs, 'name', lang, where=where) or rs.get('id')))}** ({code(str(rs.get('id')))}): "
                f"{inline(str(local(rs, 'statement', lang, where=where)))} "
                f"{cite(ed, str(local(rs, 'rationale', lang, where=where)), '../', lang=lang)}", ""]
    return out


def game_page(ed: Edition, game_id: str, lang: str = "en") -> str:
    """A game's page, in English or (``lang="ru"``) in Russian from the same data."""
    game = ed.games[game_id]
    meta = game.get("game", {})
    where = f"engine/catalogue/{game_id}.toml"
    for name in ("name", "summary", "sources", "players"):
        if not meta.get(name):
            warn(where, f"[game] field '{name}' is missing or empty")
    rules = game["rules"]
    implemented = game_id in ed.implemented_games
    counts: dict[str, int] = defaultdict(int)
    for r in rules:
        counts[r.get("status", "?")] += 1
    source_links = ", ".join(
        f"[{inline(source_label(ed.sources[k]) if lang == 'en' else source_nav_label(ed, ed.sources[k], lang))}]"
        f"(../sources/{k}.md)" if k in ed.sources else code(k)
        for k in meta.get("sources") or [])
    by_topic: dict[str, list[dict]] = {}
    for rule in rules:
        parts = rule["id"].split(".")
        if len(parts) != 3:
            warn(where, f"rule id {rule['id']!r} is not '<game>.<topic>.<name>'")
        by_topic.setdefault(parts[1] if len(parts) > 1 else "other", []).append(rule)
    topics = []
    for topic, topic_rules in by_topic.items():
        title = in_context(lang, "topic", topic) if lang != "en" else topic_title(topic)
        if title is None:
            warn(where, f"topic {topic!r} has no Russian title (msgctxt \"topic\" in tools/sitegen/locale/{lang}/site.po)")
            title = topic_title(topic)
        topics.append((topic, title, [rule_block(ed, game_id, rule, lang) for rule in topic_rules]))
    tables = [t for t in (options_table(ed, game, lang), reading_sets_table(ed, game, lang)) if t]
    return render("game.md.j2", ed=ed, game_id=game_id, lang=lang, meta=meta, where=where,
                  name=game_name_in(ed, game_id, lang), source_links=source_links,
                  players=[str(p) for p in meta.get("players") or []], rule_count=len(rules),
                  counts=sorted(counts.items()), implemented=implemented, replay_title=REPLAY_TITLE,
                  replay_id=REPLAY_ID, tables=tables, topics=topics,
                  measures=measures_block(ed, game_id, game, lang) if implemented else [])
