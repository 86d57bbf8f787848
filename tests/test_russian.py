"""The catalogue and the sources' apparatus in Russian (issue 15): every rule, reading and worked
example, every passage's notes, every glossary term and every game carries its Russian text
beside the English (a ``ru`` table), with the citation markers and rule ids of the English kept."""

from __future__ import annotations

import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

import russian  # noqa: E402

from engine import catalogue  # noqa: E402

MARKER = re.compile(r"\[@[^\]]+\]")
RULE_ID = re.compile(r"\b(?:%s)\.[a-z0-9-]+\.[a-z0-9-]+\b" % "|".join(map(re.escape, catalogue.games())))


def test_every_entry_has_its_russian_text() -> None:
    """Every rule, reading and example; every passage's notes; every glossary term; every game."""
    gaps = russian.missing() + russian.missing_elsewhere()
    assert not gaps, f"{len(gaps)} Russian texts missing, e.g.:\n" + "\n".join(g[2] for g in gaps[:20])


def pairs():
    for game in catalogue.games():
        for rule in catalogue.load(game).rules:
            ru = rule.get("ru") or {}
            yield rule["id"], rule.get("statement", ""), ru.get("statement", "")
            for i, (en, ru_note) in enumerate(zip(rule.get("notes") or [], ru.get("notes") or [])):
                yield f"{rule['id']} note {i + 1}", en, ru_note
            for reading in rule.get("readings") or []:
                r = reading.get("ru") or {}
                yield f"{rule['id']} reading {reading['id']}", reading.get("rationale", ""), r.get("rationale", "")


def test_the_russian_keeps_the_markers_and_rule_ids() -> None:
    """A citation or a rule named in the English is named in the Russian too."""
    wrong = [where for where, en, ru in pairs()
             if sorted(set(MARKER.findall(en))) != sorted(set(MARKER.findall(ru)))
             or not set(RULE_ID.findall(en)) <= set(RULE_ID.findall(ru))]
    assert not wrong, f"{len(wrong)} Russian texts lose a marker or a rule id: {wrong[:10]}"


def test_a_missing_text_is_reported() -> None:
    rule = {"id": "x.y.z", "title": "T", "statement": "S", "notes": ["n"], "ru": {"title": "Т", "statement": "S"}}
    assert list(russian.problems_of(rule, "rule", "x.y.z")) == ["x.y.z: ru.statement",
                                                                "x.y.z: ru.notes (one for each of the 1 English notes)"]
    assert list(russian.problems_of({"ru": {"titel": "Т"}}, "example", "e")) == ["e: ru.titel is not a field of a Russian text"]


def test_a_work_without_its_russian_is_reported() -> None:
    """A work of sources/bibliography.toml: its note and use in Russian, the note citing as the English."""
    work = {"key": "w", "note": "As Cotton says [@cotton-1674, p. 3].", "used_for": "Gleek."}
    assert list(russian.work_problems(work)) == ["w: ru.note", "w: ru.used_for"]
    work["ru"] = {"note": "Как говорит Коттон [@cotton-1674, p. 4].", "used_for": "Глик.", "title": "Т"}
    assert list(russian.work_problems(work)) == ["w: ru.note must cite the same works as the English",
                                                 "w: ru.title is not a field of a Russian text"]
    work["ru"] = {"note": "Как говорит Коттон [@cotton-1674, p. 3].", "used_for": "Ruffe and Trumps."}
    assert list(russian.work_problems(work)) == []
    assert list(russian.work_problems({"key": "v", "note": "N.", "ru": "Н."})) == ["v: ru must be a table, not str"]
