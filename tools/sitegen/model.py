"""The edition model and its loaders: what every page, the TEI and the open data are built from."""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import subprocess
import sys
import tomllib
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any


log = logging.getLogger("mkdocs.plugins.edition")

REPO = Path(__file__).resolve().parents[2]

ROOT = Path(os.environ.get("EDITION_ROOT") or REPO)

SNIPPET = REPO / "build" / "snippets" / "glossary-abbreviations.md"
"""The glossary's tooltips (abbreviations), appended to every page by tools/hooks.py; its Russian
twin (``glossary-abbreviations.ru.md``, the terms' Russian tooltips) to the Russian pages."""

def registered_games() -> tuple[list[str], list[str]]:
    """The implemented games' ids in their listing order (each spec's ``order``: the games of one
    source together, in the source's order) and the keys of the sources they follow, in that order,
    both asked of the engine's games registry (:func:`engine.games.in_order`, :func:`engine.games.sources`);
    two empty lists when the engine cannot be imported (:func:`load_engine` says why)."""
    if str(REPO) not in sys.path:
        sys.path.insert(0, str(REPO))
    try:
        from engine import games  # type: ignore[import-not-found]

        return [spec.id for spec in games.in_order()], list(games.sources())
    except Exception:  # (a missing or broken engine: load_engine warns)
        return [], []


GAME_IDS, SOURCE_KEYS = registered_games()
"""The site's games and sources, in the site's order (a catalogued game with no engine yet, and a
source no game follows, come after, by name)."""

STATUSES = {
    "attested": "The text says it.",
    "inferred": "It follows from the text; the notes say how.",
    "supplied": "The text is silent; the edition fills the gap and gives its evidence.",
    "contested": "Readings differ; each is named and implemented, one is the default.",
}

KINDS = {
    "heading": "A heading or title line.",
    "text": "Rule-bearing or narrative text.",
    "commentary": "The retelling's own opinion or doubt, not its source's words.",
    "citation": "The text's own statement of its source.",
    "stray": "A line outside the text's own run: a fragment of a neighbouring entry of the book, or a picture's caption.",
}

LANGUAGES = {"ru": "Russian", "en": "English", "fr": "French", "la": "Latin"}


def warn(where: str, message: str) -> None:
    log.warning("edition data: %s: %s", where, message)


def rel(path: Path) -> str:
    try:
        return str(path.relative_to(ROOT))
    except ValueError:
        return str(path)


@dataclass
class Edition:
    sources: dict[str, dict] = field(default_factory=dict)
    passages: dict[str, dict] = field(default_factory=dict)       # passage id -> passage (+ "source")
    games: dict[str, dict] = field(default_factory=dict)          # game id -> catalogue
    rules: dict[str, dict] = field(default_factory=dict)          # rule id -> rule (+ "game")
    cited_by: dict[str, list[str]] = field(default_factory=lambda: defaultdict(list))
    glossary: list[dict] = field(default_factory=list)
    works: list[dict] = field(default_factory=list)
    measures: dict[str, dict] = field(default_factory=dict)
    implemented_games: set[str] = field(default_factory=set)
    engine_state: str = "not importable"
    code: dict[str, list[str]] = field(default_factory=dict)      # rule id -> code locations
    tests: dict[str, list[str]] = field(default_factory=dict)     # rule id -> test ids
    tests_known: bool = False
    report: dict[str, dict] = field(default_factory=dict)         # rule id -> `engine rules --json` entry
    meta: Any = None                                              # edition_meta.Meta: version, URL, licences
    example_results: dict[tuple[str, str], dict] = field(default_factory=dict)


def load_sources(ed: Edition) -> None:
    folder = ROOT / "sources"
    keys = sorted({p.parent.name for p in folder.glob("*/source.json")},
                  key=lambda k: (SOURCE_KEYS.index(k) if k in SOURCE_KEYS else 99, k))
    for key in SOURCE_KEYS:
        if key not in keys:
            warn(f"sources/{key}/source.json", "missing: the source page cannot be built")
    for key in keys:
        path = folder / key / "source.json"
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            warn(rel(path), f"cannot be read as JSON ({exc})")
            continue
        if data.get("key") != key:
            warn(rel(path), f"field 'key' is {data.get('key')!r}, expected {key!r}")
        passages = data.get("passages")
        if not isinstance(passages, list) or not passages:
            warn(rel(path), "field 'passages' must be a non-empty list")
            continue
        text_path = folder / key / "text.txt"
        raw = text_path.read_bytes() if text_path.exists() else b""
        data["sha256"] = hashlib.sha256(raw).hexdigest() if raw else None
        joined = "".join(str(p.get("text", "")) for p in passages)
        if raw and joined.encode("utf-8") != raw:
            warn(rel(path), "the passages joined do not reproduce text.txt byte for byte")
        for index, passage in enumerate(passages):
            pid = passage.get("id")
            if not isinstance(pid, str) or not re.fullmatch(rf"{re.escape(key)}\.p\d{{2,3}}", pid):
                warn(rel(path), f"passage #{index + 1}: id {pid!r} is not '{key}.pNN'")
                continue
            if pid in ed.passages:
                warn(rel(path), f"passage id {pid} is used twice")
                continue
            passage["source"] = key
            ed.passages[pid] = passage
        ed.sources[key] = data


def load_catalogues(ed: Edition) -> None:
    folder = ROOT / "engine" / "catalogue"
    files = {p.stem: p for p in folder.glob("*.toml")}
    for game_id in GAME_IDS:
        if game_id not in files:
            warn(f"engine/catalogue/{game_id}.toml", "missing: the game page cannot be built")
    order = GAME_IDS + sorted(set(files) - set(GAME_IDS))
    for game_id in order:
        path = files.get(game_id)
        if path is None:
            continue
        try:
            data = tomllib.loads(path.read_text(encoding="utf-8"))
        except (OSError, tomllib.TOMLDecodeError) as exc:
            warn(rel(path), f"cannot be parsed as TOML ({exc})")
            continue
        game = data.get("game") or {}
        if game.get("id") != game_id:
            warn(rel(path), f"[game] id is {game.get('id')!r}, expected {game_id!r}")
        rules = data.get("rules") or []
        for rule in rules:
            rid = rule.get("id", "")
            if not rid.startswith(game_id + "."):
                warn(rel(path), f"rule {rid!r} does not start with '{game_id}.'")
                continue
            if rid in ed.rules:
                warn(rel(path), f"rule id {rid} is used twice")
                continue
            rule["game"] = game_id
            ed.rules[rid] = rule
            for pid in rule.get("passages") or []:
                if pid not in ed.passages:
                    warn(rel(path), f"rule {rid} cites passage {pid!r}, which does not exist")
                elif rid not in ed.cited_by[pid]:
                    ed.cited_by[pid].append(rid)
        data["rules"] = [r for r in rules if r.get("game") == game_id]
        ed.games[game_id] = data


def load_toml_list(path: Path, table: str) -> list[dict]:
    if not path.exists():
        warn(rel(path), "missing")
        return []
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as exc:
        warn(rel(path), f"cannot be parsed as TOML ({exc})")
        return []
    items = data.get(table)
    if not isinstance(items, list):
        warn(rel(path), f"expected an array of tables [[{table}]]")
        return []
    return items


def load_measures(ed: Edition) -> None:
    folder = REPO / "engine" / "measures"
    for path in sorted(folder.glob("*.json")):
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            warn(rel(path), f"cannot be read as JSON ({exc})")
            continue
        ed.measures[data.get("game") or path.stem] = data


def load_engine(ed: Edition) -> None:
    """What the engine implements; tolerant of an engine that is not there yet."""
    if str(REPO) not in sys.path:
        sys.path.insert(0, str(REPO))
    try:
        import engine.games as games  # type: ignore[import-not-found]

        games.load_all()  # (every game imported, its rules marked in engine.rules' registry)
    except ImportError as exc:
        ed.engine_state = f"not importable ({exc})"
        return
    except Exception as exc:  # a broken engine must not pass unnoticed
        warn("engine.games", f"import failed: {type(exc).__name__}: {exc}")
        ed.engine_state = "broken"
        return
    ed.engine_state = "importable"
    for game_id in ed.games:
        try:
            games.get(game_id)
        except Exception:  # UnknownGameError: not built yet
            continue
        ed.implemented_games.add(game_id)
    try:
        from engine.rules import registry  # type: ignore[import-not-found]

        ed.code = {k: list(v) for k, v in registry().items()}
    except Exception as exc:
        warn("engine.rules.registry", f"{type(exc).__name__}: {exc}")
    load_rule_report(ed)
    try:
        from engine.examples import run_example  # type: ignore[import-not-found]
    except ImportError:
        return
    except Exception as exc:
        warn("engine.examples", f"import failed: {type(exc).__name__}: {exc}")
        return
    for rid, rule in ed.rules.items():
        if rule["game"] not in ed.implemented_games:
            continue
        for example in rule.get("examples") or []:
            try:
                ed.example_results[(rid, example.get("id", ""))] = run_example(rid, example.get("id", ""))
            except Exception as exc:
                ed.example_results[(rid, example.get("id", ""))] = {
                    "passed": False, "error": f"{type(exc).__name__}: {exc}"}


def load_rule_report(ed: Edition) -> None:
    """``python -m engine rules --json``: implemented, code and tests for every rule."""
    try:
        done = subprocess.run(
            [sys.executable, "-m", "engine", "rules", "--json"],
            cwd=REPO, capture_output=True, text=True, timeout=180, check=False,
        )
    except (OSError, subprocess.TimeoutExpired) as exc:
        log.info("edition: python -m engine rules --json did not run (%s)", exc)
        return
    if done.returncode != 0:
        log.info("edition: python -m engine rules --json failed: %s", done.stderr.strip()[-500:])
        return
    try:
        report = json.loads(done.stdout)
    except json.JSONDecodeError:
        warn("python -m engine rules --json", "output is not JSON")
        return
    entries = report.get("rules", report) if isinstance(report, dict) else report
    if isinstance(entries, dict):
        entries = [dict(v, id=k) if isinstance(v, dict) else {"id": k} for k, v in entries.items()]
    if not isinstance(entries, list):
        return
    for entry in entries:
        if not isinstance(entry, dict) or "id" not in entry:
            continue
        rid = entry["id"]
        ed.report[rid] = entry
        for key in ("code", "locations", "implementation", "implemented_in"):
            if isinstance(entry.get(key), list) and entry[key]:
                ed.code[rid] = [str(x) for x in entry[key]]
                break
        tests = entry.get("tests")
        if isinstance(tests, list):
            ed.tests[rid] = [str(t if not isinstance(t, dict) else t.get("id") or t.get("nodeid")) for t in tests]
            ed.tests_known = True
    if ed.tests_known:
        from engine.rule_index import tests_note  # type: ignore[import-not-found]

        note = tests_note()  # the map of tests is missing: only the worked examples are listed
        if note is not None:
            log.info("edition: %s", note)
            ed.tests_known = False


def load_texts(ed: Edition) -> Edition:
    """The sources, catalogues, glossary and bibliography: the edition without the engine or the measures."""
    load_sources(ed)
    load_catalogues(ed)
    ed.glossary = load_toml_list(REPO / "sources" / "glossary.toml", "terms")
    ed.works = load_toml_list(REPO / "sources" / "bibliography.toml", "works")
    return ed


def load(ed: Edition) -> Edition:
    """The whole edition: its texts, the measures and what the engine implements."""
    load_texts(ed)
    load_measures(ed)
    load_engine(ed)
    return ed


def game_name(ed: Edition, game_id: str | None) -> str:
    if game_id in ed.games:
        return ed.games[game_id].get("game", {}).get("name") or game_id
    return game_id or "—"


def term_slug(term: str) -> str:
    slug = re.sub(r"[^\w]+", "-", term.lower(), flags=re.UNICODE).strip("-")
    return "term-" + slug


def term_forms(term: dict) -> list[str]:
    return [f for f in term.get("forms") or [] if isinstance(f, str) and f.strip()]
