"""The table's own words in Russian (``docs/assets/js/lang.js``, ``lang-ru.js``, ``words.js``).

* every sentence a module of ``docs/assets/js`` asks ``tr`` for (a string literal, or literals
  joined by ``+``: nothing else is asked) has its Russian, with the same placeholders, and the
  Russian has no sentence nobody asks for; every noun ``counted`` counts has its three Russian
  forms, and every ledger unit of the engine its Russian words;
* the table sends the engine its seats' names (words.js ``Places.names``: in Russian with their
  cases, the reader's followed by "(вы)"; in English the reader's "you"), and the engine names
  the seats in the case its sentence needs (игроку 2 -> Северу, игроки 1 и 3 -> Запад и Восток,
  стороне 0 -> Югу и Северу; "seat 0 is to bid" said to the reader -> "you are to bid"); the
  table rewrites none of the engine's sentences.

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
    # a template of the engine, its arguments, and what the engine writes with the table's names
    ("передать игроку {}", (2,)): "передать Северу",
    ("ход игрока {}", (3,)): "ход Востока",
    ("игроком {} сыграно", (0,)): "Югом (вы) сыграно",
    ("об игроке {}", (1,)): "о Западе",
    ("Игрок {} должен ходить", (0,)): "Юг (вы) должен ходить",
    ("игроки {} пасуют", ("1 и 3",)): "Запад и Восток пасуют",
    ("стороне {} записано 5", (0,)): "Югу (вы) и Северу записано 5",
    ("о стороне {}", (1,)): "о Западе и Востоке",
    ("стороной {}", (1,)): "Западом и Востоком",
    ("игрок {}", (10,)): "игрок 10",
}


def table_names(lang: str, players: int, you: int | None) -> dict[str, Any]:
    """The seat_names the table sends the engine (words.js Places.names)."""
    return imported(lang, f"""const p = new words.Places({players}, [], {json.dumps(you)});
console.log(JSON.stringify(p.names()));""")


def test_russian_seat_names_in_the_case_the_engine_s_sentence_needs():
    """The table sends its names with their cases; the engine writes them in the case its
    template's noun declares (engine/i18n.py), and the table rewrites nothing."""
    from engine.i18n import SeatNames, fill, naming, using

    names = table_names("ru", 4, 0)
    assert names["reader"] == 0 and names["seats"][2] == {"name": "Север", "gen": "Севера", "dat": "Северу",
                                                          "ins": "Севером", "prep": "Севере"}
    assert names["seats"][0]["dat"] == "Югу (вы)"
    read = SeatNames.read(names).with_sides([[0, 2], [1, 3]])
    with using("ru"), naming(read):
        said = [fill(template, *args) for template, args in RUSSIAN_SENTENCES]
    assert said == list(RUSSIAN_SENTENCES.values())
    seven = table_names("ru", 7, None)
    assert "reader" not in seven
    with using("ru"), naming(SeatNames.read(seven)):
        cases = [fill(t, s) for t, s in (("игрока {}", 6), ("игроку {}", 1), ("игроком {}", 3), ("об игроке {}", 4))]
    assert cases == ["Юго-востока", "Юго-западу", "Северо-западом", "о Северо-востоке"]  # (no reader: no "(вы)")
    said = imported("ru", f"""const p = new words.Places(4, [[0, 2], [1, 3]], 0);
console.log(JSON.stringify({{ label: p.seatLabel(0), who: p.who(0), side: p.sideName(0), sideLabel: p.sideLabel(0),
  names: Object.fromEntries([2, 3, 4, 5, 6, 7].map((n) => [n, Array.from({{ length: n }}, (_, s) => words.seatName(n, s))])),
  cased: Object.keys(words.SEAT_CASES_RU),
  bots: words.botKinds().map(([, name]) => name), reading: words.readingChoiceLabel("cards", {{ held_by: ["Шевцов (default)"] }}, true) }}));""")
    assert (said["label"], said["who"], said["side"], said["sideLabel"]) == ("Юг (вы)", "вы", "Юг и Север", "Юг (вы) и Север")
    assert said["names"]["7"] == ["Юг", "Юго-запад", "Запад", "Северо-запад", "Северо-восток", "Восток", "Юго-восток"]
    assert said["names"]["2"] == ["Юг", "Север"] and said["names"]["5"][2:4] == ["Северо-запад", "Северо-восток"]
    assert {name for names_ in said["names"].values() for name in names_} <= set(said["cased"])  # every name has its cases
    assert said["bots"][0] == "Разумные (эвристика)" and said["reading"] == "cards — Шевцов (по умолчанию)"


def test_english_places_and_the_engine_s_sentences_said_to_the_reader():
    from engine.i18n import SeatNames, naming, tr, using

    names = table_names("en", 4, 0)
    assert names == {"seats": [{"name": "South (you)", "you": "you", "your": "your"}, {"name": "West"}, {"name": "North"},
                               {"name": "East"}], "reader": 0}
    read = SeatNames.read(names).with_sides([[0, 2], [1, 3]])
    with using("en"), naming(read):
        logged = [tr("seat {} plays", 1), tr("seats {} tie at {}: nobody scores it", "1 and 3", 4), tr("Side {} scores {}: {} (total {}).", 0, 2, "x", 5),
                  tr("seat {} is to {}: {}", 0, "bid", "x")]
    with using("en"), naming(read.said_to_reader()):
        refused = [tr("seat {} is to {}: {}", 0, "bid", "x"), tr("{} is not in seat {}'s hand", "7S", 0)]
    assert logged == ["West plays", "West and East tie at 4: nobody scores it", "South (you) & North scores 2: x (total 5).",
                      "South (you) is to bid: x"]
    assert refused == ["you are to bid: x", "7S is not in your hand"]
    said = imported("en", """const p = new words.Places(4, [[0, 2], [1, 3]], 0);
console.log(JSON.stringify([p.seatLabel(0), p.sideName(1), words.readingChoiceLabel("cards", null, true), words.seatName(5, 3),
  typeof p.text, typeof p.toYou]));""")
    assert said == ["South (you)", "West & East", "cards (default)", "North-east", "undefined", "undefined"]


def test_the_table_rewrites_no_sentence_of_the_engine():
    """No grammar over the engine's sentences in the table: the seat-naming regexes and the verb
    conjugator of words.js are gone (the engine writes the names, issue 25)."""
    text = "\n".join(path.read_text(encoding="utf-8") for path in sorted(JS.glob("*.js"))
                     if not path.name.startswith("lang"))  # (the table's own words: "у игрока {0}")
    for gone in ("toYou", "russianText", "textToReader", "secondPerson", "IRREGULAR", "NOT_VERBS", "seatCase",
                 "RUSSIAN_CASES", "[Ss]eat", "грок", "торон"):
        assert gone not in text, gone
