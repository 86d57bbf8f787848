"""The engine's message catalogue (issue 15): every sentence the engine writes has its Russian,
with the same fields, in one home; the bridge answers in the language asked for."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import messages  # noqa: E402

from engine import bridge  # noqa: E402
from engine.i18n import LANGUAGES, Text, tr, using  # noqa: E402


def test_every_marked_sentence_has_its_russian() -> None:
    problems = messages.check("ru")
    assert problems == [], "\n".join(problems[:40])


def test_the_catalogue_is_compiled_from_the_po_files() -> None:
    target = messages.compile_mo("ru")
    assert target.is_file() and target.stat().st_size > 100


def test_an_unknown_language_is_refused_by_name() -> None:
    answer = json.loads(bridge.handle(json.dumps({"op": "games", "lang": "fr"})))
    assert answer["ok"] is False
    assert "field 'lang'" in answer["error"]["message"] and "fr" in answer["error"]["message"]


def test_a_kept_text_is_written_in_the_language_of_its_reader() -> None:
    text = Text("{} or {}", "a", "b")
    with using("en"):
        assert str(text) == "a or b"
    with using("ru"):
        assert str(text) == "a или b"
        assert tr("{} or {}", 1, 2) == "1 или 2"
    assert LANGUAGES == ("en", "ru")


def test_the_games_and_rules_ops_answer_in_the_language_asked() -> None:
    """The table's settings and reading choices in Russian: game names, summaries, each option's
    label and note from its rule's Russian, the rules' titles and readings' statements."""
    ru = json.loads(bridge.handle(json.dumps({"op": "games", "lang": "ru"})))["games"]
    en = json.loads(bridge.handle(json.dumps({"op": "games"})))["games"]
    by_id = {g["id"]: g for g in ru}
    assert by_id["petukh"]["name"] == "Петух" and by_id["mushka"]["name"] == "Мушка"
    assert all("label" not in o for g in en for o in g["options"])
    for game in ru:
        for option in game["options"]:
            assert option.get("rule") is None or messages_cyrillic(option["label"]), (game["id"], option)
    rules = json.loads(bridge.handle(json.dumps({"op": "rules", "game": "piquet", "lang": "ru"})))["rules"]
    assert all(messages_cyrillic(r["title"]) for r in rules)
    assert all(messages_cyrillic(x["statement"]) for r in rules for x in r["readings"])


def messages_cyrillic(text: str) -> bool:
    return any("а" <= c.lower() <= "я" or c in "ёЁ" for c in text)


def test_every_measure_description_is_written_in_russian_on_a_russian_page() -> None:
    """The rows of the readings compared (engine/measuring.py, engine/games/*_measures.py) have
    their Russian in measures.po; the Russian game page writes it unmarked, a description the
    catalogue lacks (an engine/measures/*.json older than a rewording) stays English and marked."""
    import gen_pages

    from engine import games
    from engine.measuring import measures_of

    for game_id in ("gleek", "mushka", "pamphil", "petukh", "rams", "piquet", "ruffe-and-trumps"):
        rows = measures_of(games.get(game_id)).rows()
        for name, english in rows.items():
            label = gen_pages.measure_label(rows, name, "ru")
            assert "edition-untranslated" not in label and messages_cyrillic(label), (game_id, name, label)
            assert gen_pages.measure_label(rows, name, "en") == gen_pages.inline(english[:1].upper() + english[1:])
    stale = gen_pages.measure_label({"x": "a description nobody marks"}, "x", "ru")
    assert stale == '<span lang="en" class="edition-untranslated">A description nobody marks</span>'
