"""The table's own words in Russian (``docs/assets/js/lang.js``, ``lang-ru.js``, ``words.js``).

* every sentence a module of ``docs/assets/js`` asks ``tr`` for (a string literal, or literals
  joined by ``+``: nothing else is asked) has its Russian, with the same placeholders, and the
  Russian has no sentence nobody asks for; every noun ``counted`` counts has its three Russian
  forms, and every ledger unit of the engine its Russian words;
* on a page in Russian the seats have their Russian names, and the engine's Russian sentences
  name them in the case the sentence needs (игрока 2 -> Севера, игроки 1 и 3 -> Запад и
  Восток, стороне 0 -> Югу и Северу), the reader's seat followed by "(вы)"; on an English page
  everything is as it was ("seat 2" -> "North", "seat 0 is to bid" -> "You are to bid").

The modules are ES modules run by node (a page's language is its ``<html lang>``: the tests give
node a ``document`` with one).
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
from pathlib import Path
from typing import Any

import pytest

from engine import games

ROOT = Path(__file__).resolve().parents[1]
JS = ROOT / "docs" / "assets" / "js"
LITERAL = r'"(?:[^"\\\n]|\\.)*"'
PLACEHOLDER = re.compile(r"\{\d+\}")


def asked() -> tuple[set[str], set[str]]:
    """The sentences asked of ``tr`` and the plurals asked of ``counted``, in every module."""
    sentences: set[str] = set()
    plurals: set[str] = set()
    for path in sorted(JS.glob("*.js")):
        if path.name.startswith("lang"):
            continue
        text = path.read_text(encoding="utf-8")
        for call in re.finditer(r"(?<![\w.])tr\(\s*", text):
            joined = re.match(rf"({LITERAL}(?:\s*\+\s*{LITERAL})*)\s*[,)]", text[call.end():])
            assert joined, f"{path.name}: tr( is asked for something that is not a sentence: {text[call.end():][:60]!r}"
            sentences.add("".join(json.loads(part) for part in re.findall(LITERAL, joined.group(1))))
        for call in re.finditer(rf"(?<![\w.])counted\([^;]*?,\s*({LITERAL}),\s*({LITERAL})\)", text):
            plurals.add(json.loads(call.group(2)))
    return sentences, plurals


def node(script: str) -> Any:
    """Run an ES module script with node (its last line prints JSON) and read what it printed."""
    executable = shutil.which("node")
    if executable is None:
        if os.environ.get("CI", "").lower() in ("1", "true", "yes"):
            pytest.fail("node is not installed (CI=true: the table's words must be checked)")
        pytest.skip("node is not installed")
    result = subprocess.run([executable, "--input-type=module", "-e", script], cwd=ROOT, capture_output=True,
                            text=True, timeout=60)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def imported(lang: str, body: str) -> Any:
    return node(f"""globalThis.document = {{ documentElement: {{ lang: {json.dumps(lang)} }} }};
const lang = await import({json.dumps((JS / "lang.js").as_uri())});
const ru = await import({json.dumps((JS / "lang-ru.js").as_uri())});
const words = await import({json.dumps((JS / "words.js").as_uri())});
{body}""")


@pytest.fixture(scope="module")
def russian() -> dict[str, Any]:
    return imported("ru", "console.log(JSON.stringify({ RU: ru.RU, COUNTS: ru.RU_COUNTS, UNITS: ru.RU_UNITS }));")


def test_every_sentence_the_table_asks_for_has_its_russian(russian):
    sentences, plurals = asked()
    assert len(sentences) > 150 and "Deal a new game" in sentences and "Last trick: {0} took it" in sentences
    missing = sorted(sentences - set(russian["RU"]))
    assert not missing, f"no Russian for: {missing}"
    unused = sorted(set(russian["RU"]) - sentences)
    assert not unused, f"Russian that nothing asks for: {unused}"
    for english, text in russian["RU"].items():
        assert set(PLACEHOLDER.findall(english)) >= set(PLACEHOLDER.findall(text)), (english, text)
        assert set(PLACEHOLDER.findall(text)) >= set(PLACEHOLDER.findall(english)) or english.startswith("Every {0}"), \
            (english, text)
        assert not re.search(r"\b(?!JSON\b|Python\b|Pyodide\b|Esc\b|Enter\b|MB\b)[A-Za-z]{2,}\b", text), (english, text)
    assert plurals == set(russian["COUNTS"]) and all(len(forms) == 3 for forms in russian["COUNTS"].values())


def test_every_ledger_unit_has_its_russian_words(russian):
    units = {"points"} | {spec.state_class.UNIT for spec in games.all()}
    assert units <= set(russian["UNITS"]), units - set(russian["UNITS"])
    assert all(set(forms) == {"one", "many", "of"} for forms in russian["UNITS"].values())


def test_the_page_s_language_is_its_html_lang():
    for given, said in (("ru", "ru"), ("ru-RU", "ru"), ("RU", "ru"), ("en", "en"), ("de", "en"), ("", "en")):
        assert imported(given, "console.log(JSON.stringify(lang.pageLang()));") == said, given
    assert imported("ru", 'console.log(JSON.stringify([lang.tr("{0} led", "Запад"), lang.counted(1, "card", "cards"), '
                    'lang.counted(3, "card", "cards"), lang.counted(11, "trick", "tricks"), lang.counted(22, "deal", "deals"), '
                    'lang.counted(25, "move", "moves")]));') == \
        ["Запад ходит первым", "1 карта", "3 карты", "11 взяток", "22 сдачи", "25 ходов"]
    assert imported("en", 'console.log(JSON.stringify([lang.tr("{0} led", "West"), lang.counted(1, "card", "cards"), '
                    'lang.counted(3, "card", "cards")]));') == ["West led", "1 card", "3 cards"]


RUSSIAN_SENTENCES = {
    "игрок 1 ходит": "Запад ходит",
    "ход игрока 3": "ход Востока",
    "передать игроку 2": "передать Северу",
    "игроком 0 сыграно": "Югом (вы) сыграно",
    "об игроке 1": "о Западе",
    "Игрок 0 должен ходить": "Юг (вы) должен ходить",
    "игроки 1 и 3 пасуют": "Запад и Восток пасуют",
    "игроки 0, 1 и 3": "Юг (вы), Запад и Восток",
    "сторона 1 выигрывает": "Запад и Восток выигрывает",
    "стороне 0 записано 5": "Югу (вы) и Северу записано 5",
    "о стороне 1": "о Западе и Востоке",
    "стороной 1": "Западом и Востоком",
    "игрок 10": "Игрок 10",
}


def test_russian_seat_names_in_the_case_the_engine_s_sentence_needs():
    said = imported("ru", f"""const p = new words.Places(4, [[0, 2], [1, 3]], 0);
const sentences = {json.dumps(list(RUSSIAN_SENTENCES), ensure_ascii=False)};
console.log(JSON.stringify({{ text: sentences.map((s) => p.text(s)), toYou: sentences.map((s) => p.toYou(s)),
  label: p.seatLabel(0), who: p.who(0), side: p.sideName(0), sideLabel: p.sideLabel(0),
  names: Object.fromEntries([2, 3, 4, 5, 6, 7].map((n) => [n, Array.from({{ length: n }}, (_, s) => words.seatName(n, s))])),
  bots: words.botKinds().map(([, name]) => name), reading: words.readingChoiceLabel("cards", {{ held_by: ["Шевцов (default)"] }}, true) }}));""")
    assert said["text"] == list(RUSSIAN_SENTENCES.values())
    assert said["toYou"] == said["text"]
    assert (said["label"], said["who"], said["side"], said["sideLabel"]) == ("Юг (вы)", "вы", "Юг и Север", "Юг (вы) и Север")
    assert said["names"]["7"] == ["Юг", "Юго-запад", "Запад", "Северо-запад", "Северо-восток", "Восток", "Юго-восток"]
    assert said["names"]["2"] == ["Юг", "Север"] and said["names"]["5"][2:4] == ["Северо-запад", "Северо-восток"]
    assert said["bots"][0] == "Разумные (эвристика)" and said["reading"] == "cards — Шевцов (по умолчанию)"
    cases = imported("ru", """const p = new words.Places(7, [], null);
console.log(JSON.stringify(["игрока 6", "игроку 1", "игроком 3", "об игроке 4"].map((s) => p.text(s))));""")
    assert cases == ["Юго-востока", "Юго-западу", "Северо-западом", "о Северо-востоке"]  # (no reader: no "(вы)")


def test_english_places_are_as_they_were():
    said = imported("en", """const p = new words.Places(4, [[0, 2], [1, 3]], 0);
console.log(JSON.stringify([p.text("seat 1 plays; seats 1 and 3 pass; side 0 wins"), p.toYou("seat 0 is to bid"),
  p.toYou("7S is not in seat 0's hand"), p.textToReader("seat 0 leads"), p.seatLabel(0), p.sideName(1),
  words.readingChoiceLabel("cards", null, true), words.seatName(5, 3)]));""")
    assert said == ["West plays; West and East pass; South & North wins", "You are to bid", "7S is not in your hand",
                    "South (you) leads", "South (you)", "West & East", "cards (default)", "North-east"]
