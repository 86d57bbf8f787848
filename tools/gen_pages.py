"""Generate the edition's pages from its data (run by mkdocs-gen-files at build time).

Reads ``sources/*/source.json``, ``engine/catalogue/*.toml``, ``sources/glossary.toml``,
``sources/bibliography.toml`` and ``engine/measures/*.json``, asks the engine (when it
imports) which games and rules it implements and which tests prove them, and writes:

- ``sources/<key>.md``: metadata and the parallel text, passage by passage;
- ``games/<game-id>.md``: the rules by topic, readings, worked examples, play table;
- ``concordance.md``, ``glossary.md``, ``bibliography.md``, ``reference/api.md``;
- ``sources/<key>/<key>.tei.xml``: each source as a TEI P5 document (``tools/tei.py``);
- ``data.md`` and ``data/*``: the open data (``tools/opendata.py``), how to cite it, its
  licence and the rights in the texts (``tools/edition_meta.py``);
- ``SUMMARY.md`` (the navigation, read by literate-nav);
- ``build/snippets/glossary-abbreviations.md`` on disk, which pymdownx.snippets appends
  to every page so that glossary terms carry tooltips.

Bad data is reported with a warning naming the file and the field; ``mkdocs build
--strict`` turns every warning into a failure.
"""

from __future__ import annotations

import hashlib
import html
import json
import logging
import os
import re
import string
import subprocess
import sys
import tomllib
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent))
import citations  # noqa: E402  (tools/citations.py: the citation markers [@key])
import forest  # noqa: E402  (tools/forest.py: the forest plots of the readings compared)

log = logging.getLogger("mkdocs.plugins.edition")

REPO = Path(__file__).resolve().parents[1]
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

# --------------------------------------------------------------------------- the two languages
#
# The site is English at the root and Russian under /ru/ (mkdocs-static-i18n, mkdocs.yml). A page
# generated in Russian is the same page rendered with lang="ru": the same renderer, the Russian
# texts from the catalogue's ``ru`` tables (tools/russian.py) and the page's own words from RU
# below, written to ``<page>.ru.md`` beside ``<page>.md``. Headings keep the English page's ids,
# so that a fragment leads to the same place in both.

SITE_LANGUAGES = ("en", "ru")
STATUSES_RU = {
    "attested": ("В тексте", "Так сказано в тексте."),
    "inferred": ("Выведено", "Следует из текста; примечания объясняют как."),
    "supplied": ("Восполнено изданием", "Текст молчит; издание восполняет пробел и приводит свои основания."),
    "contested": ("Спорно", "Текст читается по-разному; каждое прочтение названо и реализовано, одно принято по умолчанию."),
}
TOPIC_TITLES_RU = {
    "bid": "Торговля", "bonus": "Премии", "boys": "«Мальчики»", "buy": "Прикупка", "carte-blanche": "Карт-бланш",
    "combination": "Сочетания", "config": "Формы игры", "count": "Счёт", "deal": "Сдача", "deck": "Колода",
    "declare": "Объявления", "end": "Конец игры", "exchange": "Прикупка", "game": "Партия", "general": "Общее",
    "gleeks": "Глики и мурнивалы", "head": "«Голова»", "jacks": "Валеты", "partie": "Партия",
    "play": "Розыгрыш взяток", "players": "Игроки", "point": "Пуэн", "ruff": "Рюф", "score": "Запись очков",
    "seats": "Места", "sequence": "Последовательности", "set": "Сеты", "settle": "Расчёт",
    "setup": "Подготовка", "special": "Особые случаи", "stakes": "Ставки", "stock": "Прикуп", "table": "Стол",
    "tyde": "Тайд", "variant": "Вариант", "vie": "Вист",
}
RU = {
    # the game page
    "Name in the source": "Название в источнике", "Sources": "Источники", "Players": "Игроки",
    "Rules": "Правила", "Engine": "Движок", "Game id": "Код игры", "implemented": "реализовано",
    "not implemented": "не реализовано", "not built yet": "ещё не построен",
    "The engine implements this rule": "Движок реализует это правило",
    "No engine code names this rule yet": "Ни один фрагмент кода движка ещё не называет это правило",
    "Play": "Играть",
    "Play a whole game against the engine's bots, under any reading. The engine runs in your "
    "browser (Pyodide, served by this site); it starts when the table first comes into view. "
    "A deal you finish can be replayed under another reading: see":
        "Сыграйте целую партию против ботов движка, при любом прочтении. Движок работает в вашем "
        "браузере (Pyodide, с этого же сайта); он запускается, когда стол впервые показывается на экране. "
        "Сыгранную сдачу можно переиграть при другом прочтении: см.",
    "The play table needs JavaScript. Everything else on this page reads without it; "
    "the same game runs on the command line:":
        "Для игрового стола нужен JavaScript. Всё остальное на этой странице читается и без него; "
        "та же игра запускается из командной строки:",
    "The engine for this game is not built yet": "Движок для этой игры ещё не построен",
    "The rules below are stated and sourced, but no engine code plays this game yet: "
    "there is no play table and the worked examples are not run.":
        "Правила ниже сформулированы и подкреплены источниками, но код движка в эту игру ещё не играет: "
        "игрового стола нет, и разобранные примеры не запускаются.",
    "The rules": "Правила",
    "Each rule: its id, its status, the passages it rests on (hover a passage id for the original), "
    "its notes and evidence, the readings when it is contested, worked examples that run in the "
    "browser, and where the engine implements and the tests prove it.":
        "У каждого правила: его код, его статус, отрывки, на которых оно основано (наведите на код отрывка, "
        "чтобы увидеть подлинник), примечания и основания, прочтения, если правило спорно, разобранные "
        "примеры, которые запускаются в браузере, и где движок его реализует, а тесты доказывают.",
    # a rule
    "Rests on:": "Основано на:", "no passage: the texts are silent here.": "ни на одном отрывке: тексты здесь молчат.",
    "The text of": "Текст отрывков", "Notes": "Примечания", "Evidence": "Основания",
    "Worked example": "Разобранный пример", "Worked examples": "Разобранные примеры",
    "Implemented in:": "Реализовано в:", "no engine code yet.": "кода в движке пока нет.",
    "Tests:": "Тесты:", "none yet.": "пока нет.",
    "the worked examples above run as": "разобранные примеры выше запускаются как",
    "other tests carry": "другие тесты помечены",
    "Cite this rule": "Как цитировать это правило", "Stable URL:": "Постоянный адрес:",
    # an example
    "Example": "Пример", "Given": "Дано", "runner": "исполнитель", "Expected": "Ожидается",
    "Refused, naming rule": "Отказ со ссылкой на правило", "Under the reading": "При прочтении",
    "Checked by the engine when this page was built: it gives":
        "Проверено движком при сборке этой страницы: он даёт",
    "The engine does not agree when this page was built:": "Движок при сборке этой страницы не согласен:",
    # readings
    "Readings": "Прочтения", "variant option": "параметр варианта", "default": "по умолчанию",
    "Why:": "Почему:", "Held by:": "Кто так читает:", "The edition plays": "Издание по умолчанию играет",
    "Comparison readings": "Прочтения для сравнения", "comparison": "для сравнения",
    "The text says it, so the rule is attested; the other readings are not readings of the text but another "
    "game's rule, named for comparison and playable as a value of the option.":
        "Так сказано в тексте, поэтому правило засвидетельствовано; остальные прочтения — не прочтения текста, "
        "а правило другой игры, названное для сравнения; его можно выбрать как значение параметра.",
    "The edition plays the text's reading": "Издание играет прочтение текста",
    # the options and reading sets
    "The variant options": "Параметры варианта",
    "Every contested rule is an option of the game's variant; each reading is a value. "
    "An attested rule that the standard game states otherwise is an option too, its other values "
    "comparison readings. The play table and `python -m engine play` accept any of them.":
        "Каждое спорное правило — параметр варианта игры; каждое прочтение — его значение. "
        "Засвидетельствованное правило, которое обычная игра излагает иначе, — тоже параметр, "
        "а другие его значения — прочтения для сравнения. "
        "Игровой стол и `python -m engine play` принимают любое из них.",
    "Option": "Параметр", "Rule": "Правило", "Readings (default first)": "Прочтения (сначала принятое по умолчанию)",
    "(default)": "(по умолчанию)", "(comparison)": "(для сравнения)", "The reading sets": "Наборы прочтений",
    "Each set gives one reading for every option, so that a whole reading of the game can be "
    "chosen at once; any single option can then be changed.":
        "Каждый набор даёт по одному прочтению для каждого параметра, так что прочтение всей игры "
        "можно выбрать сразу; затем любой отдельный параметр можно изменить.",
    # the measures
    "The readings compared": "Прочтения в сравнении",
    "No rule of this game is contested: there is nothing to compare.":
        "Ни одно правило этой игры не спорно: сравнивать нечего.",
    "measured": "измерено", "option": "параметр", "Not measured in this run.": "В этом прогоне не измерялось.",
    "Replay a deal under two readings": "Переиграть сдачу при двух прочтениях",
    "Play one deal, or a whole game, under two readings side by side: the same cards, the same bots. "
    "A deal you finished at the table above comes here from its button on the score sheet "
    "(“Replay this deal under another reading”): reading A is then your deal as you played it, "
    "reading B the same cards played by the bots, your seat included.":
        "Сыграйте одну сдачу или целую партию при двух прочтениях рядом: те же карты, те же боты. "
        "Сдача, доигранная за столом выше, попадает сюда по кнопке на листе записи "
        "(«Переиграть эту сдачу при другом прочтении»): прочтение A — ваша сдача, как вы её сыграли, "
        "прочтение B — те же карты в игре ботов, включая ваше место.",
}


RU.update({
    # the source pages
    "This text as data:": "Этот текст как данные:",
    "TEI P5 document": "документ TEI P5", "TEI P5": "TEI P5",
    "the original, the translation aligned passage by passage, the notes, the glossary terms and the "
    "rules, valid against the TEI's `tei_all`":
        "подлинник, перевод, выровненный по отрывкам, примечания, термины глоссария и правила; "
        "документ проверен схемой TEI `tei_all`",
    "passages as JSON": "отрывки в JSON", "all the data, licences and how to cite": "все данные, лицензии и как цитировать",
    "Author": "Автор", "Title": "Заглавие", "Title in English": "Заглавие по-английски", "Retells": "Пересказывает",
    "Based on": "Основан на", "Language": "Язык", "Citation": "Библиографическая ссылка", "Seed file": "Исходный файл",
    "SHA-256 of `text.txt`": "SHA-256 файла `text.txt`", "Passages": "Отрывки", "Games": "Игры", "Rights": "Права",
    "Licences": "Лицензии", "Nothing is known of the rights in this text.": "О правах на этот текст ничего не известно.",
    "The original stands on the left, as the seed has it, byte for byte; the edition's "
    "translation on the right. Each passage has a permanent anchor (its id); the rules "
    "that rest on it are linked below it. Kinds:":
        "Слева подлинник, как его даёт исходный файл, байт в байт; справа английский перевод издания. "
        "У каждого отрывка постоянный якорь (его код); правила, основанные на нём, указаны под ним. Виды:",
    "The text, passage by passage": "Текст, отрывок за отрывком",
    "Permalink to": "Постоянная ссылка на", "Rules resting on this passage:": "Правила, основанные на этом отрывке:",
    "Cite this passage": "Как цитировать этот отрывок",
    # the glossary
    "Glossary": "Глоссарий",
    "The period English, French and Russian terms of the four texts. In the text of every page a "
    "term in one of its listed forms carries its meaning as a tooltip. *Used in* lists the "
    "passages whose original or translation contains one of its forms, and the rules that name it.":
        "Старинные английские, французские и русские термины четырёх текстов: у каждого — его значение "
        "по-русски и рядом по-английски. В тексте любой страницы термин в одной из перечисленных форм "
        "показывает своё значение во всплывающей подсказке. *Встречается в* перечисляет отрывки, в "
        "подлиннике или переводе которых есть одна из его форм, и правила, которые его называют.",
    "Period English terms": "Старинные английские термины", "French terms": "Французские термины",
    "Russian terms": "Русские термины", "Games:": "Игры:", "Used in:": "Встречается в:",
    "Rules naming it:": "Правила, которые его называют:", "References:": "Литература:",
    "In the table's Russian:": "В русском языке стола:",
    # the concordance
    "Concordance": "Конкорданс",
    "From every passage to the rules resting on it, the engine code that implements each rule and "
    "the tests that prove it. Passages no rule rests on (titles, commentary, stray lines) are listed "
    "after each source, so that nothing in the texts goes unaccounted for.":
        "От каждого отрывка — к правилам, основанным на нём, к коду движка, который реализует каждое правило, "
        "и к тестам, которые его доказывают. Отрывки, на которых не основано ни одно правило (заглавия, "
        "комментарий, посторонние строки), перечислены после каждого источника, чтобы ничто в текстах не "
        "осталось неучтённым.",
    "Tests": "Тесты",
    "`python -m engine rules --json` did not report tests when this page was built; "
    "the tests column shows the worked examples, which run as `rule-id/example-id`.":
        "При сборке этой страницы `python -m engine rules --json` не сообщил о тестах; в столбце тестов "
        "показаны разобранные примеры, которые запускаются как `rule-id/example-id`.",
    "Passage": "Отрывок", "Status": "Статус", "Code": "Код",
    "Passages no rule rests on:": "Отрывки, на которых не основано ни одно правило:",
    "Rules resting on no passage": "Правила, не основанные ни на одном отрывке",
    "Supplied rules: the texts are silent, the edition fills the gap on the evidence given with each.":
        "Восполненные правила: тексты молчат, издание восполняет пробел на основаниях, приведённых при каждом.",
    "Rules of implemented games without code": "Правила реализованных игр без кода",
    "examples": "примеры",
    # the Data page
    "Data and citation": "Данные и цитирование",
    "Everything the site shows is also here as data, generated from the same files at every build "
    "(the texts and their passages in `sources/`, the rule catalogue in `engine/catalogue/`), so that "
    "the data and the pages cannot disagree. Each JSON file and each CSV table has a JSON Schema "
    "(draft 2020-12); the test suite validates every file against its schema and checks the catalogue "
    "against the engine's own report, `python -m engine rules --json`.":
        "Всё, что показывает сайт, есть здесь и в виде данных, порождённых при каждой сборке из тех же файлов "
        "(тексты и их отрывки в `sources/`, каталог правил в `engine/catalogue/`), так что данные и страницы "
        "не могут расходиться. У каждого файла JSON и каждой таблицы CSV есть схема JSON Schema "
        "(draft 2020-12); набор тестов проверяет каждый файл по его схеме, а каталог — по собственному отчёту "
        "движка, `python -m engine rules --json`.",
    "The files": "Файлы", "File": "Файл", "What it holds": "Что в нём", "Schema": "Схема", "Size": "Размер",
    "The whole rule catalogue as one document: the edition, the {games} "
    "games, and all {rules} rules with every field the catalogue gives (passages, status, notes, "
    "evidence, {readings} readings, {examples} worked examples), what the engine reports of each "
    "(implemented, code, tests), its stable URL and a suggested citation.":
        "Весь каталог правил одним документом: издание, {games} {games:игра|игры|игр} и все {rules} "
        "{rules:правило|правила|правил} со всеми полями каталога (отрывки, статус, примечания, основания, "
        "{readings} {readings:прочтение|прочтения|прочтений}, {examples} {examples:разобранный пример|разобранных "
        "примера|разобранных примеров}), то, что движок сообщает о каждом (реализовано ли, код, тесты), его "
        "постоянный адрес и предлагаемая ссылка.",
    "The catalogue as a table, one row a rule ({rules} rows).": "Каталог в виде таблицы, строка на правило ({rules} {rules:строка|строки|строк}).",
    "One row a reading of a contested rule, or a comparison reading of an attested one ({readings} rows).": "Строка на прочтение спорного правила или прочтение засвидетельствованного правила для сравнения ({readings} {readings:строка|строки|строк}).",
    "One row a worked example ({examples} rows).": "Строка на разобранный пример ({examples} {examples:строка|строки|строк}).",
    "The {sources} sources, their metadata and rights, and their "
    "{passages} passages: the exact text, the translation, the notes, the rules resting on each, "
    "its stable URL and a suggested citation.":
        "{sources} {sources:источник|источника|источников}, их метаданные и права и их {passages} "
        "{passages:отрывок|отрывка|отрывков}: точный текст, перевод, "
        "примечания, правила, основанные на каждом, его постоянный адрес и предлагаемая ссылка.",
    "The {works} works the edition cites, by key: author, title, "
    "editors, edition, imprint (and whether it is unchecked), address, the work a work is known through, "
    "and what the edition uses it for.":
        "{works} {works:работа|работы|работ}, которые цитирует издание, по ключу: автор, заглавие, редакторы, издание, выходные "
        "данные (и проверены ли они), адрес, работа, по которой известна данная, и для чего издание её "
        "использует.",
    "{source} as a TEI P5 document: header, original, translation, notes, glossary terms, rules.":
        "{source} — документ TEI P5: заголовок, подлинник, перевод, примечания, термины глоссария, правила.",
    "The edition's citation metadata (Citation File Format 1.2.0).":
        "Метаданные издания для цитирования (формат «Citation File Format» 1.2.0).",
    "Three CSV tables rather than one with a row type: a rule, a reading and a worked example have "
    "different columns. They are UTF-8 with a header row and RFC 4180 quoting; a cell that holds a "
    "list has one item per line, and `variant`, `given` and `expected` hold JSON. The rows join on "
    "`rule` = `id` of `rules.csv`; a rule's `passages` are ids of `passages.json`.":
        "Три таблицы CSV, а не одна с типом строки: у правила, прочтения и разобранного примера разные "
        "столбцы. Они в UTF-8, со строкой заголовков и кавычками по RFC 4180; в ячейке со списком — по "
        "элементу на строку, а `variant`, `given` и `expected` содержат JSON. Строки связываются по "
        "`rule` = `id` из `rules.csv`; `passages` правила — коды отрывков из `passages.json`.",
    "**Citations.** A text field of any of these files (a note, an evidence line, a reading's rationale "
    "or holders, a source's citation, description or retelling, a bibliography note) names the works it "
    "rests on by citation markers: `[@key]`, `[@key, locator]` with a page, chapter or article "
    "(`[@cotton-18c, p. 143]`), several works in one bracket (`[@parlett-piquet; @pagat-piquet]`), or a "
    "work with the one it is known through (`[@cotton-1709, as quoted by @chatto-1848]`). Each `key` is "
    "the `key` of an entry of [`bibliography.json`](data/bibliography.json), which the tests check for "
    "every marker of every file; the site shows the same entries on the [Bibliography](bibliography.md) "
    "page.":
        "**Ссылки.** Текстовое поле любого из этих файлов (примечание, строка оснований, обоснование "
        "прочтения или те, кто его придерживается, библиографическая ссылка, описание или пересказ "
        "источника, примечание библиографии) называет работы, на которых основано, метками ссылок: "
        "`[@key]`, `[@key, locator]` со страницей, главой или статьёй (`[@cotton-18c, p. 143]`), несколько "
        "работ в одних скобках (`[@parlett-piquet; @pagat-piquet]`) или работа вместе с той, по которой она "
        "известна (`[@cotton-1709, as quoted by @chatto-1848]`). Каждый `key` — это `key` записи в "
        "[`bibliography.json`](data/bibliography.json), что тесты проверяют для каждой метки каждого файла; "
        "те же записи сайт показывает на странице [Библиография](bibliography.md).",
    "In a TEI document, each passage of the original is an `ab` whose `xml:id` is the passage id and "
    "whose `type` is its kind; its `ana` names its game and the rules resting on it; its translation is "
    "the `ab` with the same id and `.en`; the notes point to it with `target`. The original's `div` "
    "keeps white space, and its text, joined, is the seed byte for byte. A citation marker is a `bibl` "
    "whose `ref` points to the document's own list of works cited (`listBibl` in the back, one `bibl` "
    "with `xml:id` `bib-` + the key a work), its locator a `citedRange`.":
        "В документе TEI каждый отрывок подлинника — элемент `ab`, у которого `xml:id` — код отрывка, а "
        "`type` — его вид; его `ana` называет его игру и правила, основанные на нём; его перевод — `ab` с тем "
        "же кодом и `.en`; примечания указывают на него через `target`. `div` подлинника сохраняет пробелы, "
        "и его текст, соединённый, байт в байт совпадает с исходным файлом. Метка ссылки — `bibl`, чей `ref` "
        "указывает на собственный список цитируемых работ документа (`listBibl` в конце, по `bibl` с "
        "`xml:id` `bib-` + ключ на работу), её уточнение места — `citedRange`.",
    "The columns of {table}": "Столбцы {table}", "Column": "Столбец", "Meaning": "Значение",
    "How to cite": "Как цитировать", "The edition as a whole:": "Издание в целом:",
    "Its citation metadata is in [`CITATION.cff`](data/CITATION.cff) (also at the root of the repository). "
    "Every passage on a source page and every rule on a game page has its own **Cite this** line "
    "with a suggested citation and a stable URL: the passage or rule id as the anchor "
    "({passage_url}, {rule_url}). The ids never change meaning; cite the version you read, which the "
    "footer of every page gives.":
        "Его метаданные для цитирования — в [`CITATION.cff`](data/CITATION.cff) (он же лежит в корне "
        "репозитория). У каждого отрывка на странице источника и каждого правила на странице игры есть своя "
        "строка **Как цитировать** с предлагаемой ссылкой и постоянным адресом: якорем служит код отрывка "
        "или правила ({passage_url}, {rule_url}). Коды никогда не меняют значения; цитируйте ту версию, "
        "которую читали: её называет подвал каждой страницы.",
    "Rights and licences": "Права и лицензии",
    "**The edition's own parts**, {covers}: {licence} ({spdx}). Attribute them to {title}, with its "
    "version and URL.":
        "**Собственные части издания** — {covers}: {licence} ({spdx}). Указывайте их принадлежность "
        "изданию {title}, с его версией и адресом.",
    "**The edition's code**, {covers}: {licence} ({spdx}).": "**Код издания** — {covers}: {licence} ({spdx}).",
    "The source texts.": "Исходные тексты.", "Text": "Текст", "Seed": "Исходный файл",
    "What is known of its rights": "Что известно о правах на него", "Nothing is known.": "Ничего не известно.",
    # the bibliography
    "Bibliography": "Библиография",
    "The works the edition cites: the sources behind the four texts, the period descriptions "
    "the notes compare them with, and the modern references. Every note, evidence line, reading "
    "and glossary meaning names the works it rests on by a citation linked to its entry here. "
    "An imprint marked *unchecked* is taken from library catalogues or from another work's listing "
    "and has not been checked against a copy; a work marked *known through* has not been "
    "consulted, only the work named. Links to outside pages are references only; nothing on this "
    "site is loaded from them.":
        "Работы, которые цитирует издание: источники четырёх текстов, описания того времени, с которыми "
        "их сравнивают примечания, и современные справочники. Каждое примечание, каждая строка оснований, "
        "каждое прочтение и значение в глоссарии называют работы, на которых основаны, ссылкой на их запись "
        "здесь. Выходные данные с пометкой *не проверено* взяты из библиотечных каталогов или из списка "
        "другой работы и не сверены с экземпляром; работа с пометкой *известно по* сама не просмотрена, "
        "только названная работа. Ссылки на внешние страницы — только указания; ничего на этом сайте с "
        "них не загружается.",
    "Kinds of evidence": "Виды оснований",
    "Every citation on this site carries a badge saying what kind of evidence the work cited is, "
    "and every evidence line under a rule begins with the badges of all the works it rests on, so "
    "that a reader sees at a glance what rests on a period print such as Cotton and what on a web "
    "page or a forum. The kinds:":
        "У каждой ссылки на этом сайте есть значок, говорящий, каким основанием служит цитируемая работа, "
        "и каждая строка оснований под правилом начинается значками всех работ, на которых она стоит, "
        "чтобы читатель сразу видел, что основано на печатном тексте того времени, как у Коттона, а что — "
        "на странице в сети или на форуме. Виды:",
    "Here:": "Здесь:",
    "The texts and what they rest on": "Тексты и то, на чём они основаны", "Period descriptions": "Описания того времени",
    "Modern studies and references": "Современные исследования и справочники", "On the web": "В сети",
    "(imprint unchecked)": "(выходные данные не проверены)", "Cited as": "Цитируется как",
    "Known through": "Известно по работе:", "Used for:": "Для чего используется:",
    # the bibliography's badges
    "Evidence:": "Основание:",
    # the measures
    "Not measured yet": "Ещё не измерено",
    "The measured consequences of each reading are produced by `python -m engine simulate` into "
    "`engine/measures/{game}.json`; that file is not there yet.":
        "Измеренные следствия каждого прочтения записывает `python -m engine simulate` в "
        "`engine/measures/{game}.json`; этого файла пока нет.",
    "the engine's bots ({bots})": "ботами движка ({bots})",
    "the engine's {bots} bots in every seat": "ботами движка ({bots}) на каждом месте",
    "the engine's bots": "ботами движка",
    "Each reading was played over **{n} games** by {bots}, with the same seeds under every reading "
    "(the same deals, card for card), so a difference comes from the rule, not the deal. Shares are "
    "percentages; a change against the default reading is given in brackets (for a share, in "
    "percentage points).":
        "Каждое прочтение сыграно в **{n} {n:партии|партиях|партиях}** {bots}, с одними и теми же начальными значениями "
        "генератора при каждом прочтении (те же сдачи, карта в карту), так что разница происходит от правила, "
        "а не от сдачи. Доли даны в процентах; изменение против прочтения по умолчанию — в скобках (для доли — "
        "в процентных пунктах).",
    "Records go down to nothing: a change to a record is negative when points are written off "
    "(good for the player) and positive when a penalty is written up.":
        "Записи идут вниз, к нулю: изменение записи отрицательно, когда очки списываются (игроку на пользу), "
        "и положительно, когда ему записывают штраф.",
    "Made by {command}.": "Получено командой {command}.",
    "Measured with {setting}: the readings only differ there; every other option is at its default.":
        "Измерено при {setting}: только там прочтения и различаются; все остальные параметры — по умолчанию.",
    "Reading {reading} could not be measured:": "Прочтение {reading} измерить не удалось:",
    "All {n} measures of this rule": "Все {n} {n:измерение|измерения|измерений} этого правила",
    "Measure": "Измерение",
    "under {reading} none of the measures below changes": "при {reading} ни одно из измерений ниже не меняется",
    "under {reading} the measures below hardly move (each by less than 2 %, or half a percentage point "
    "for a share)":
        "при {reading} измерения ниже почти не меняются (каждое меньше чем на 2 %, а доля — меньше чем на "
        "половину процентного пункта)",
    "under {reading}, {changes}": "при {reading}: {changes}",
    "{measure}: rises from {base} to {value}": "{measure}: растёт с {base} до {value}",
    "{measure}: falls from {base} to {value}": "{measure}: падает с {base} до {value}",
    "{measure}: becomes {value} instead of {base}": "{measure}: {value} вместо {base}",
    "**What changes** (N = {n} games per reading, against {default}, the default):":
        "**Что меняется** (N = {n} {n:партия|партии|партий} на прочтение, против {default}, прочтения по умолчанию):",
    "Every other measure is identical under every reading: the games are played the same way.":
        "Все остальные измерения одинаковы при каждом прочтении: партии играются одинаково.",
    "pt": "п.",
    "**What changes** (N = {n} paired games per reading, heuristic bots in every seat; each change is the "
    "paired difference from {default}, the default, with its 95 % interval; Benjamini–Hochberg controls the "
    "false discovery rate across this rule's measures):":
        "**Что меняется** (N = {n} {n:парная партия|парные партии|парных партий} на прочтение, эвристические "
        "боты на всех местах; каждое изменение — парная разность с {default}, прочтением по умолчанию, с 95-% "
        "интервалом; долю ложных открытий по измерениям этого правила ограничивает процедура Бенджамини — Хохберга):",
    "under {reading} every game is played identically: this reading cannot change play here":
        "при {reading} каждая партия играется одинаково: здесь это прочтение не может изменить игру",
    "{measure} changes by {change} (95 % CI {low} to {high})":
        "{measure}: изменение {change} (95-% интервал от {low} до {high})",
    "{measure}: no difference detected ({low} to {high})":
        "{measure}: разница не обнаружена (от {low} до {high})",
    "{measure}: not comparable across these readings ({reason})":
        "{measure}: не сравнимо между этими прочтениями ({reason})",
    "{measure}: not measured": "{measure}: не измерено",
    "its direction holds under the sampling bots (an effect of the same sign detected there too)":
        "направление сохраняется у ботов с выборкой (и у них обнаружен эффект того же знака)",
    "the sampling bots show the same sign, too few games to detect it":
        "у ботов с выборкой тот же знак, но партий слишком мало, чтобы эффект обнаружить",
    "the sampling bots reverse it (an effect of the opposite sign detected)":
        "у ботов с выборкой направление обратное (обнаружен эффект противоположного знака)",
    "the sampling bots show the opposite sign, not detected: the direction is not shown to hold for a "
    "stronger player":
        "у ботов с выборкой знак противоположный, эффект не обнаружен: не показано, что направление "
        "сохраняется у более сильного игрока",
    "the sampling bots' paired games do not change": "у ботов с выборкой парные партии не меняются",
    "Paired differences under {reading} from {default}, each measure on its own scale about zero":
        "Парные разности {reading} с {default}, каждое измерение в своём масштабе около нуля",
    "Under {reading}, against {default}: each row a measure (the focus measures first), each mark a paired "
    "difference with its 95 % interval, a circle for the heuristic bots and a diamond for the sampling bots; "
    "solid where an effect is detected, hollow where none is. Each row has its own scale: the numbers are in "
    "the table below.":
        "{reading} против {default}: в каждой строке одно измерение (сначала главные), каждая метка — парная "
        "разность с 95-% интервалом, кружок для эвристических ботов, ромб для ботов с выборкой; закрашена, где "
        "обнаружен эффект, пуста, где он не обнаружен. У каждой строки свой масштаб: числа — в таблице ниже.",
    "The paired differences in numbers": "Парные разности в числах",
    "{kind}: N = {n} paired games": "{kind}: N = {n} {n:парная партия|парные партии|парных партий}",
    "heuristic bots": "эвристические боты",
    "sampling bots": "боты с выборкой",
    "Players": "Игроки",
    "Difference": "Разность",
    "95 % interval": "95-% интервал",
    "Verdict": "Вывод",
    "effect": "эффект",
    "no difference detected": "разница не обнаружена",
    "not comparable": "не сравнимо",
    "not measured": "не измерено",
    "{low} to {high}": "от {low} до {high}",
    "lower": "меньше",
    "higher": "больше",
})
# the statuses, kinds, languages and kinds of evidence in Russian: (label, meaning)
KINDS_RU = {
    "heading": ("заголовок", "Заголовок или строка заглавия."),
    "text": ("текст", "Текст с правилами или повествование."),
    "commentary": ("комментарий", "Собственное мнение или сомнение пересказа, не слова его источника."),
    "citation": ("ссылка", "Собственное указание текста на его источник."),
    "stray": ("посторонняя строка", "Строка вне собственного текста: обрывок соседней статьи книги или подпись к картинке."),
}
LANGUAGES_RU = {"ru": "русский", "en": "английский", "fr": "французский", "la": "латинский"}
GRADES_RU = {
    "primary-print": ("первоисточник в печати", "Текст времени той практики, которую он описывает: в печати, в "
                      "современном издании рукописи или по скану или транскрипции печатного издания; с ними и "
                      "картина того времени."),
    "secondary-print": ("вторичный источник в печати", "Современная книга об играх в печати: история, руководство, "
                        "статья энциклопедии, исследование."),
    "secondary-unplaced": ("вторичный, место неизвестно", "Современный текст об играх, который издание знает, не "
                           "зная, где он опубликован (в печати или в сети)."),
    "reference-web": ("справка в сети", "Справочная страница в сети: энциклопедия, сайт правил, страницы "
                      "историка или общества, сайт транскрипций."),
    "forum-shop": ("форум или магазин", "Страница, размещённая пользователем форума, сайта вопросов и ответов или "
                   "площадки статей, или страница магазина."),
    "editorial": ("рассуждение издателей", "Без внешней работы: собственный довод издания (арифметика, "
                  "единственный симметричный исход, то, что следует из прочтения) как основание правила, "
                  "которое тексты оставляют открытым."),
}


class _Counted(string.Formatter):
    """``str.format`` with Russian number agreement: ``{n:правило|правила|правил}`` is the form of
    the noun for the number n (1, 2–4, 5 and more: 21 правило, 122 правила, 230 правил)."""

    def format_field(self, value: Any, format_spec: str) -> str:
        if "|" in format_spec and isinstance(value, int):
            one, few, many = format_spec.split("|")
            n = abs(value) % 100
            if 11 <= n <= 14:
                return many
            return one if n % 10 == 1 else few if 2 <= n % 10 <= 4 else many
        return super().format_field(value, format_spec)


counted = _Counted().format


def tr(lang: str, text: str) -> str:
    """The page's own words in the page's language (English as written; Russian from RU)."""
    if lang == "en":
        return text
    if text not in RU:
        warn("tools/gen_pages.py", f"no Russian for the page text {text[:80]!r}")
        return text
    return RU[text]


def local(entry: dict, name: str, lang: str, default: Any = "", where: str = "engine/catalogue") -> Any:
    """An entry's field in the language: the English field, or its ``ru`` table's (a rule, reading or
    example of the catalogue; a game, a reading set, a glossary term, a source, a passage or a work)."""
    english = entry.get(name, default)
    if lang == "en" or not english:
        return english
    value = (entry.get("ru") or {}).get(name)
    if not value:
        warn(where, f"{entry.get('id') or entry.get('key') or entry.get('term') or '?'}: no Russian {name} "
                    "(tools/russian.py --missing)")
        return english
    return value


def heading_id(text: str) -> str:
    """The id the toc extension gives a heading of the English page (for its Russian twin)."""
    from markdown.extensions.toc import slugify

    return slugify(re.sub(r"[`*_]", "", text), "-")
def game_modules(folder: Path = REPO / "engine" / "games") -> list[str]:
    """Every module of the games (``games.<module>``, ``games.<family>.<module>``, a package by its own
    name), found in ``engine/games/`` as the games registry finds the games, so that no list here names
    a game's files: sorted by name, a game's files together."""
    names = []
    for path in sorted(folder.rglob("*.py")):
        if "__pycache__" in path.parts or path.parent == folder and path.name == "__init__.py":
            continue
        parts = path.relative_to(folder.parent).with_suffix("").parts
        names.append(".".join(parts[:-1] if parts[-1] == "__init__" else parts))
    return names


def _api_modules() -> list[str]:
    games = game_modules()

    def kind(suffix: str) -> list[str]:  # (a flat game's ``<game>_measures``, a package's ``measures``)
        return [m for m in games if m.endswith((f"_{suffix}", f".{suffix}"))]

    measures, examples, seen = kind("measures"), kind("examples"), kind("seen")
    play = [m for m in games if m not in measures + examples + seen]
    return [
        "cards", "tricks", "rules", "actions", "game", "partie", "ledger", "readings", "limits", "i18n",
        "phases.base", "phases.trick", "phases.dialogue", "phases.exchange", "table_view", "determinize",
        "games", *play, "records", "bots", "bridge",
        "simulate", "measuring", "stats", "paired", "campaign", *measures,
        "catalogue", "rule_index", "errors", "examples", *examples, *seen,
    ]


API_MODULES = _api_modules()
"""The modules of the API reference: the engine's own, and every module of the games (:func:`game_modules`)."""


# --------------------------------------------------------------------------- helpers

def anchor(identifier: str) -> str:
    """A passage's or rule's anchor: its id with dots replaced by hyphens."""
    return identifier.replace(".", "-")


_MD_SPECIAL = {c: f"&#{ord(c)};" for c in "\\`*_[]{}<>#!|~^=+:"}
_MD_SPECIAL["&"] = "&amp;"


def literal(text: str) -> str:
    """Text shown exactly as written: every Markdown-active character as an entity."""
    return "".join(_MD_SPECIAL.get(c, c) for c in text)


def literal_lines(text: str) -> str:
    """A source slice as HTML paragraphs, keeping its line breaks."""
    paragraphs = [p for p in re.split(r"\n\s*\n", text.strip("\n")) if p.strip()]
    return "\n".join(
        '<p markdown="span">' + "<br>".join(literal(line) for line in p.split("\n")) + "</p>"
        for p in paragraphs
    )


def inline(text: str) -> str:
    """Editorial prose (translations, notes): inline Markdown allowed, one line, no raw HTML."""
    text = " ".join(str(text).split())
    return text.replace("<", "&lt;").replace("|", "&#124;")


def cite(ed: Edition, text: str, base: str, badges: bool = True, lang: str = "en") -> str:
    """Editorial prose with its citation markers (``[@key]``, ``[@key, p. 3]``) as links to
    the bibliography: each work by its ``short`` label, followed (unless ``badges`` is false)
    by the badge of its grade, the kind of evidence it is, then the locator."""
    works = {w.get("key"): w for w in ed.works}

    def link(key: str, locator: str | None, read: bool = True) -> str:
        work = works.get(key)
        if work is None:
            warn("sources/bibliography.toml", f"a text cites [@{key}], which has no entry")
            return code(key)
        short = ((work.get("ru") or {}).get("short") if lang == "ru" else None) or work.get("short") or key
        label = f"[{literal(str(short))}]({base}bibliography.md#work-{key})"
        if badges and read:
            label += f"\x00{work.get('grade', '')}\x00"  # the badge is raw HTML: put in after inline()
        label += f", {locator}" if locator else ""
        # on a Russian page a citation, its locator with it, is one element (class edition-ref: the
        # English of a work's label and locator inside Russian prose), put in after inline()
        return label if lang == "en" else "\x01" + label + "\x02"

    def through(key: str, locator: str | None) -> str:
        """A work known only through the works its locator names: no badge of its own (the
        grade shown is that of the work read, beside its name in the locator)."""
        return link(key, locator, read=False)
    text = inline(citations.render(str(text), link, through))
    text = text.replace("\x01", '<span class="edition-ref">').replace("\x02", "</span>")
    return re.sub("\x00([a-z-]*)\x00", lambda m: " " + grade_badge(m.group(1), lang), text)


AUTHORS_RU = {"Anonymous": "Аноним", "The editors": "Издатели"}
"""The bibliography's corporate or absent authors, on the Russian page."""


def grade_badge(grade: str, lang: str = "en") -> str:
    """The badge of a work's grade (``tools/citations.py`` GRADES): the kind of evidence it is."""
    label, meaning = citations.GRADES.get(grade, ("grade unknown", "The work's grade is not recognised"))
    if lang == "ru" and grade in GRADES_RU:
        label, meaning = GRADES_RU[grade]
    klass = grade if grade in citations.GRADES else "unknown"
    return (f'<span class="edition-grade edition-grade--{klass}" title="{html.escape(meaning)}">'
            f'{html.escape(label)}</span>')


def evidence_item(ed: Edition, text: str, base: str, lang: str = "en") -> str:
    """An evidence line as a list item: first the badges of the kinds of evidence it rests on
    (every work it cites, each kind once), then the line with its citations."""
    by_key = {w.get("key"): w for w in ed.works}
    kinds = citations.grades(str(text), by_key)
    if not kinds:
        warn("engine/catalogue", f"an evidence line cites no graded work: {str(text)[:80]!r}")
    badges = " ".join(grade_badge(g, lang) for g in kinds)
    line = cite(ed, text, base, badges=False, lang=lang)
    if lang != "en" and not re.search(r"[А-Яа-яЁё]", str(text)):  # (a line with no Russian yet: marked English)
        line = f'<span lang="en" class="edition-untranslated">{line}</span>'
    return f'- <span class="edition-grades">{badges}</span> {line}'


def cell(text: str) -> str:
    return inline(text) if text else ""


def tooltip(text: str, limit: int = 280) -> str:
    """A value for an attr_list title: no quotes, braces or Markdown-active characters."""
    text = " ".join(str(text).split())
    if len(text) > limit:
        text = text[: limit - 1].rstrip() + "…"
    for bad, good in (('"', "″"), ("{", "("), ("}", ")"), ("*", "∗"), ("_", " "), ("`", "'"),
                      ("[", "("), ("]", ")"), ("<", "‹"), (">", "›"), ("\\", "/"), ("&", "and")):
        text = text.replace(bad, good)
    return text


def code(value: Any) -> str:
    text = value if isinstance(value, str) else json.dumps(value, ensure_ascii=False)
    text = text.replace("|", "&#124;")
    ticks = "``" if "`" in text else "`"
    pad = " " if text.startswith("`") or text.endswith("`") else ""
    return f"{ticks}{pad}{text}{pad}{ticks}"


# topics whose plain name would repeat a heading of the page: every game page's "Play" is its
# table, so the topic of the rules of trick play has a title of its own
TOPIC_TITLES = {"play": "The play of the cards"}


def topic_title(topic: str) -> str:
    return TOPIC_TITLES.get(topic) or topic.replace("-", " ").replace("_", " ").capitalize()


def short_title(title: str) -> str:
    head = re.split(r"(?<=[a-zа-яё])\.\s", title, maxsplit=1)[0]
    return head.rstrip(". ")


def fmt_number(value: Any) -> str:
    if isinstance(value, bool):
        return "yes" if value else "no"
    if isinstance(value, int):
        return str(value)
    if isinstance(value, float):
        return f"{value:.3f}".rstrip("0").rstrip(".") if abs(value) < 1000 else f"{value:.0f}"
    if value is None:
        return "—"
    return code(value)


def warn(where: str, message: str) -> None:
    log.warning("edition data: %s: %s", where, message)


def rel(path: Path) -> str:
    try:
        return str(path.relative_to(ROOT))
    except ValueError:
        return str(path)


# --------------------------------------------------------------------------- data

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


def load(ed: Edition) -> Edition:
    load_sources(ed)
    load_catalogues(ed)
    ed.glossary = load_toml_list(REPO / "sources" / "glossary.toml", "terms")
    ed.works = load_toml_list(REPO / "sources" / "bibliography.toml", "works")
    load_measures(ed)
    load_engine(ed)
    return ed


# --------------------------------------------------------------------------- links

def passage_link(ed: Edition, pid: str, base: str, with_tooltip: bool = True) -> str:
    passage = ed.passages.get(pid)
    if passage is None:
        return code(pid)
    target = f"{base}sources/{passage['source']}.md#{anchor(pid)}"
    attrs = f'{{ title="{tooltip(passage.get("text", ""))}" }}' if with_tooltip else ""
    return f"[`{pid}`]({target}){attrs}"


def rule_link(ed: Edition, rid: str, base: str, label: str | None = None, lang: str = "en") -> str:
    rule = ed.rules.get(rid)
    if rule is None:
        return code(rid)
    text = label or f"`{rid}`"
    hint = rid if label else local(rule, "title", lang)
    return f"[{text}]({base}games/{rule['game']}.md#{anchor(rid)}){{ title=\"{tooltip(hint)}\" }}"


def status_badge(status: str, lang: str = "en") -> str:
    known = status in STATUSES
    klass = status if known else "unknown"
    title = STATUSES.get(status, "Status not recognised")
    label = status or "no status"
    if lang == "ru" and known:
        label, title = STATUSES_RU[status]
    return f'<span class="edition-status edition-status--{klass}" title="{html.escape(title)}">{html.escape(label)}</span>'


def kind_label(kind: str, lang: str = "en") -> str:
    """A passage's kind as a word of the page's language."""
    return KINDS_RU[kind][0] if lang == "ru" and kind in KINDS_RU else kind


def kind_badge(kind: str, lang: str = "en") -> str:
    klass = kind if kind in KINDS else "unknown"
    label = kind_label(kind, lang)
    title = KINDS_RU[kind][1] if lang == "ru" and kind in KINDS_RU else KINDS.get(kind, "Kind not recognised")
    return f'<span class="edition-kind edition-kind--{klass}" title="{html.escape(title)}">{html.escape(label)}</span>'


# --------------------------------------------------------------------------- source pages

def source_label(src: dict) -> str:
    """The source's English title, up to its first full stop."""
    return short_title(src.get("title_en") or src.get("title") or src.get("key", "?"))


def source_nav_label(ed: Edition, src: dict, lang: str = "en") -> str:
    """A short label naming the text by author and title: the author's surname (an anonymous
    retelling's "Anonymous") and the title up to its first full stop; a retelling's title is
    the game's English name (``title_en``), any other text's its own."""
    author = re.sub(r"\s*\(.*\)\s*$", "", str(src.get("author") or ""))
    anonymous = "Аноним" if lang == "ru" else "Anonymous"
    who = anonymous if not author or author.startswith("Anonymous") else author.split()[-1]
    title = short_title(str(src.get("title_en") if src.get("is_retelling") else src.get("title")) or src.get("key", "?"))
    return f"{who}, {title}"


def source_page(ed: Edition, key: str, page_lang: str = "en") -> str:
    """A source's page; ``page_lang="ru"``: its apparatus in Russian (the original and the English
    translation side by side on both)."""
    src = ed.sources[key]
    where = f"sources/{key}/source.json"
    for name in ("author", "title", "title_en", "language", "citation", "description", "seed_file"):
        if not src.get(name):
            warn(where, f"metadata field '{name}' is missing or empty")
    lang = src.get("language", "ru")
    w = lambda text: tr(page_lang, text)  # noqa: E731
    field_in = lambda name: local(src, name, page_lang, where=where)  # noqa: E731
    title_line = (f'*{inline(src.get("title_en", ""))}*' if page_lang == "en"
                  else f'<span lang="{lang}">«{literal(src.get("title", ""))}»</span>')
    out = [f"# {inline(source_nav_label(ed, src, page_lang))}", "",
           f'<p class="edition-byline" markdown="span">{inline(field_in("author"))}: {title_line}</p>', ""]
    if src.get("description"):
        out += [cite(ed, field_in("description"), "../", lang=page_lang), ""]
    if ed.meta is not None:
        out += [f'<p class="edition-downloads" markdown="span">**{w("This text as data:")}** '
                f"[{w('TEI P5 document')} (`{key}.tei.xml`)]({key}/{key}.tei.xml){{ type=application/xml }}: "
                + w("the original, the translation aligned passage by passage, the notes, the glossary terms and the "
                    "rules, valid against the TEI's `tei_all`")
                + f" · [{w('passages as JSON')}](../data/passages.json) · "
                f"[{w('all the data, licences and how to cite')}](../data.md)</p>", ""]
    games = [g for g in src.get("games") or [] if g in ed.games]
    rights = ed.meta.source_rights_in(key, page_lang) if ed.meta else None
    rows = [
        ("Author", inline(field_in("author"))),
        ("Title", f'<span lang="{lang}">{literal(src.get("title", ""))}</span>'),
        ("Title in English", f'<span lang="en">{inline(src.get("title_en", ""))}</span>'),
        ("Retells" if src.get("is_retelling") else "Based on", cite(ed, field_in("retells") or "—", "../", lang=page_lang)),
        ("Language", (LANGUAGES_RU if page_lang == "ru" else LANGUAGES).get(lang, lang)),
        ("Citation", f'<span class="edition-citation" lang="en">{cite(ed, src.get("citation", ""), "../", lang=page_lang)}</span>'),
        ("Seed file", code(src.get("seed_file", "?"))),
        ("SHA-256 of `text.txt`", code(src.get("sha256") or "text.txt missing")),
        ("Passages", str(len(src.get("passages") or []))),
        ("Games", ", ".join(f"[{inline(game_name_in(ed, g, page_lang))}](../games/{g}.md)" for g in games) or "—"),
        ("TEI P5", f"[`{key}.tei.xml`]({key}/{key}.tei.xml)" if ed.meta else "—"),
        ("Rights", inline(rights or w("Nothing is known of the rights in this text.")) + f" [{w('Licences')}](../data.md#rights)"
         if ed.meta else "—"),
    ]
    out += ['<div class="edition-meta" markdown>', "", "| | |", "|---|---|"]
    out += [f"| {w(label)} | {value} |" for label, value in rows]
    out += ["", "</div>", ""]
    counts = defaultdict(int)
    for p in src.get("passages") or []:
        counts[p.get("kind", "?")] += 1
    out += [
        w("The original stands on the left, as the seed has it, byte for byte; the edition's "
          "translation on the right. Each passage has a permanent anchor (its id); the rules "
          "that rest on it are linked below it. Kinds:") + " "
        + ", ".join(f"{kind_badge(k, page_lang)} {n}" for k, n in sorted(counts.items())) + ".",
        "",
        section(page_lang, 2, "The text, passage by passage"),
        "",
    ]
    for passage in src.get("passages") or []:
        pid = passage.get("id")
        if pid not in ed.passages or ed.passages[pid] is not passage:
            continue
        out += passage_block(ed, passage, lang, page_lang)
    return "\n".join(out) + "\n"


def passage_block(ed: Edition, passage: dict, lang: str, page_lang: str = "en") -> list[str]:
    pid = passage["id"]
    kind = passage.get("kind", "")
    if kind not in KINDS:
        warn(f"sources/{passage['source']}/source.json", f"passage {pid}: kind {kind!r} is not one of {sorted(KINDS)}")
    if not str(passage.get("translation", "")).strip():
        warn(f"sources/{passage['source']}/source.json", f"passage {pid}: translation is empty")
    game = passage.get("game")
    game_part = (f' <span class="edition-passage-game">[{inline(game_name_in(ed, game, page_lang))}](../games/{game}.md)</span>'
                 if game in ed.games else "")
    out = [
        f'<section class="edition-passage edition-passage--{kind}" id="{anchor(pid)}" markdown>',
        '<div class="edition-passage-head" markdown>',
        f'[`{pid}`](#{anchor(pid)}){{ .edition-passage-id title="{tr(page_lang, "Permalink to")} {pid}" }} '
        f'{kind_badge(kind, page_lang)}{game_part}',
        "</div>",
        '<div class="edition-parallel" markdown>',
        f'<div class="edition-original" lang="{lang}" markdown>',
        literal_lines(passage.get("text", "")),
        "</div>",
        '<div class="edition-translation" lang="en" markdown>',
        f'<p markdown="span">{inline(passage.get("translation", ""))}</p>',
        "</div>",
        "</div>",
    ]
    where = f"sources/{passage['source']}/source.json"
    notes = [n for n in local(passage, "notes", page_lang, [], where=where) or [] if str(n).strip()]
    if notes:
        out += ['<div class="edition-notes" markdown>', ""]
        out += [f"- {cite(ed, n, '../', lang=page_lang)}" for n in notes]
        out += ["", "</div>"]
    rules = ed.cited_by.get(pid, [])
    if rules:
        links = " · ".join(rule_link(ed, r, "../", label=inline(local(ed.rules[r], "title", page_lang) or r), lang=page_lang)
                           for r in rules)
        out += ['<div class="edition-cited" markdown>', "", f"**{tr(page_lang, 'Rules resting on this passage:')}** {links}",
                "", "</div>"]
    if ed.meta is not None:
        src = ed.sources[passage["source"]]
        src_in = dict(src, author=local(src, "author", page_lang) or src.get("author"))
        out += [cite_block("passage", ed.meta.cite_passage(src_in, pid, page_lang),
                           ed.meta.url(f"sources/{src['key']}/", pid, page_lang), page_lang)]
    out += ["</section>", ""]
    return out


# --------------------------------------------------------------------------- game pages

def game_name(ed: Edition, game_id: str | None) -> str:
    if game_id in ed.games:
        return ed.games[game_id].get("game", {}).get("name") or game_id
    return game_id or "—"


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
    rid = rule["id"]
    where = f"engine/catalogue/{game_id}.toml"
    status = rule.get("status", "")
    if status not in STATUSES:
        warn(where, f"rule {rid}: status {status!r} is not one of {sorted(STATUSES)}")
    implemented = rid in ed.code
    impl_badge = (
        f'<span class="edition-impl edition-impl--yes" title="{tr(lang, "The engine implements this rule")}">'
        f'{tr(lang, "implemented")}</span>'
        if implemented else
        f'<span class="edition-impl edition-impl--no" title="{tr(lang, "No engine code names this rule yet")}">'
        f'{tr(lang, "not implemented")}</span>'
    )
    out = [
        f"### {inline(local(rule, 'title', lang) or rid)} {{#{anchor(rid)} }}",
        "",
        f'<p class="edition-rule-meta" markdown="span">{code(rid)} {status_badge(status, lang)} {impl_badge}</p>',
        "",
        f'<div class="edition-statement" markdown>{inline(local(rule, "statement", lang))}</div>',
        "",
    ]
    passages = rule.get("passages") or []
    if passages:
        out += [f"**{tr(lang, 'Rests on:')}** " + ", ".join(passage_link(ed, p, "../") for p in passages), ""]
        out += [f'??? quote "{tr(lang, "The text of")} {", ".join(passages)}"', ""]
        for pid in passages:
            p = ed.passages.get(pid)
            if p is None:
                continue
            src_lang = ed.sources[p["source"]].get("language", "ru")
            out += [
                f"    {passage_link(ed, pid, '../', with_tooltip=False)}",
                "",
                f'    <div class="edition-parallel edition-parallel--quote" markdown>',
                f'    <blockquote class="edition-original" lang="{src_lang}" markdown>',
                *("    " + line for line in literal_lines(p.get("text", "")).split("\n")),
                "    </blockquote>",
                f'    <blockquote class="edition-translation" lang="en" markdown>',
                f'    <p markdown="span">{inline(p.get("translation", ""))}</p>',
                "    </blockquote>",
                "    </div>",
                "",
            ]
    elif status != "supplied":
        warn(where, f"rule {rid} cites no passage (only a supplied rule may rest on none)")
    else:
        out += ["**Rests on:** no passage: the texts are silent here." if lang == "en"
                else f"**{tr(lang, 'Rests on:')}** {tr(lang, 'no passage: the texts are silent here.')}", ""]
    notes = [n for n in local(rule, "notes", lang, []) or [] if str(n).strip()]
    if notes:
        out += [f"**{tr(lang, 'Notes')}**", ""] + [f"- {cite(ed, n, '../', lang=lang)}" for n in notes] + [""]
    evidence = [n for n in local(rule, "evidence", lang, []) or [] if str(n).strip()]
    if evidence:
        out += [f"**{tr(lang, 'Evidence')}**", ""] + [evidence_item(ed, n, "../", lang) for n in evidence] + [""]
    elif status == "supplied":
        warn(where, f"supplied rule {rid} gives no evidence")
    if status == "contested" or rule.get("readings"):
        if status not in ("contested", "attested"):
            warn(where, f"rule {rid} has readings but its status is {status!r}, not 'contested' (or 'attested' "
                        "with comparison readings)")
        out += readings_block(ed, rule, where, lang)
    examples = rule.get("examples") or []
    if not examples:
        warn(where, f"rule {rid} has no worked example")
    if examples:
        out += [f"**{tr(lang, 'Worked example' + ('s' if len(examples) > 1 else ''))}**", ""]
        for example in examples:
            out += example_block(ed, rule, example, "../", lang)
    places = ed.code.get(rid, [])
    tests = ed.tests.get(rid, [])
    out += ['<div class="edition-proof" markdown>', ""]
    out.append(f"**{tr(lang, 'Implemented in:')}** "
               + (", ".join(code(p) for p in places) if places else tr(lang, "no engine code yet.")))
    out.append("")
    if ed.tests_known:
        out.append(f"**{tr(lang, 'Tests:')}** " + (tests_cell(ed, rule, lang).replace("<br>", "; ") if tests else tr(lang, "none yet.")))
    else:
        out.append(f"**{tr(lang, 'Tests:')}** {tr(lang, 'the worked examples above run as')} {code(f'{rid}/<example>')}; "
                   f"{tr(lang, 'other tests carry')} {code(f'@pytest.mark.rule({json.dumps(rid)})')}.")
    out += ["", "</div>", ""]
    if ed.meta is not None:
        rule_in = dict(rule, game=game_id, title=local(rule, "title", lang) or rule.get("title"))
        out += [cite_block("rule", ed.meta.cite_rule(rule_in, lang), ed.meta.url(f"games/{game_id}/", rid, lang), lang), ""]
    return out


def cite_block(what: str, citation: str, url: str, lang: str = "en") -> str:
    """A passage's or rule's "cite this": a suggested citation and its stable URL (raw HTML,
    so that no glossary tooltip or Markdown touches the text a reader copies)."""
    return (f'<details class="edition-cite"><summary>{tr(lang, f"Cite this {what}")}</summary>'
            f'<p class="edition-cite-text">{html.escape(citation)}</p>'
            f'<p class="edition-cite-url">{tr(lang, "Stable URL:")} <code>{html.escape(url)}</code></p></details>')


def section(lang: str, level: int, english: str) -> str:
    """A heading of a generated page; on a Russian page in Russian, with the English page's id."""
    if lang == "en":
        return f"{'#' * level} {english}"
    return f"{'#' * level} {tr(lang, english)} {{#{heading_id(english)}}}"


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
    """The measured consequences of each reading; on a Russian page in Russian, the measures' own
    descriptions (engine/measures/*.json) from the engine's catalogue (measure_label)."""
    out = [section(lang, 2, "The readings compared"), ""]
    contested = [r for r in game["rules"] if r.get("readings")]
    data = ed.measures.get(game_id)
    if not contested:
        out += [tr(lang, "No rule of this game is contested: there is nothing to compare."), ""]
    elif not data:
        out += [f'!!! note "{tr(lang, "Not measured yet")}"',
                "    " + tr(lang, "The measured consequences of each reading are produced by `python -m engine simulate` "
                             "into `engine/measures/{game}.json`; that file is not there yet.").format(game=game_id), ""]
    else:
        metrics = data.get("metrics") or {}
        n = data.get("games_per_reading", "?")
        bots = data.get("bots")
        bots_text = (tr(lang, "the engine's bots ({bots})").format(bots=", ".join(map(str, bots))) if isinstance(bots, list)
                     else tr(lang, "the engine's {bots} bots in every seat").format(bots=bots) if bots
                     else tr(lang, "the engine's bots"))
        out += [
            counted(tr(lang, "Each reading was played over **{n} games** by {bots}, with the same seeds under every reading "
                     "(the same deals, card for card), so a difference comes from the rule, not the deal. Shares are "
                     "percentages; a change against the default reading is given in brackets (for a share, in "
                     "percentage points)."), n=n, bots=inline(bots_text)),
            "",
        ]
        if data.get("lower_is_better"):
            out += [tr(lang, "Records go down to nothing: a change to a record is negative when points are written off "
                             "(good for the player) and positive when a penalty is written up."), ""]
        if data.get("command"):
            out += [tr(lang, "Made by {command}.").format(command=f"`{data['command']}`"), ""]
        measured = data.get("rules") or {}
        for rule in contested:
            rid = rule["id"]
            entry = measured.get(rid)
            measured_heading = f"### {inline(rule.get('title') or rid)}: measured"
            if lang != "en":
                measured_heading = (f"### {inline(local(rule, 'title', lang) or rid)}: {tr(lang, 'measured')} "
                                    f"{{#{heading_id(measured_heading[4:])}}}")
            out += [measured_heading, "",
                    f"{tr(lang, 'Rule')} {rule_link(ed, rid, '../', lang=lang)}, {tr(lang, 'option')} {code((entry or {}).get('option') or rule['readings'][0].get('option'))}.", ""]
            if not entry or not entry.get("readings"):
                out += [tr(lang, "Not measured in this run."), ""]
                continue
            context = entry.get("context") or {}
            if context:
                setting = ", ".join(f"{code(k)} = {code(str(v))}" for k, v in context.items())
                out += [tr(lang, "Measured with {setting}: the readings only differ there; every other option is at "
                                 "its default.").format(setting=setting), ""]
            rows = {r: v for r, v in entry["readings"].items() if isinstance(v, dict) and "error" not in v}
            for r, v in entry["readings"].items():
                if r not in rows:
                    out += [tr(lang, "Reading {reading} could not be measured:").format(reading=code(r))
                            + f" {inline(str((v or {}).get('error')))}", ""]
            if not rows:
                continue
            names = list(metrics) or sorted({m for v in rows.values() for m in v})
            default = entry.get("default") or next((r.get("id") for r in rule["readings"] if r.get("default")), None)
            reading_ids = sorted(rows, key=lambda r: r != default)
            if default not in rows:
                default = reading_ids[0]
            focus = [m for m in entry.get("focus") or [] if m in names]
            if focus and "heuristic" in (entry.get("players") or {}):
                out += what_changes_paired(metrics, focus, entry, reading_ids, default, lang)
                out += forest_block(metrics, focus + [m for m in names if m not in focus], entry, reading_ids,
                                    default, lang)
            elif focus:
                out += what_changes(metrics, focus, rows, reading_ids, default, rows[default].get("games", n), lang)
            if focus:
                out += measure_table(metrics, focus, rows, reading_ids, default, lang=lang) + [""]
                out += [f'??? note "{counted(tr(lang, "All {n} measures of this rule"), n=len(names))}"', ""]
                out += measure_table(metrics, names, rows, reading_ids, default, indent="    ", lang=lang) + [""]
            else:
                out += measure_table(metrics, names, rows, reading_ids, default, lang=lang) + [""]
    out += [
        f"### {tr(lang, REPLAY_TITLE)} {{#{REPLAY_ID}}}",
        "",
        tr(lang, "Play one deal, or a whole game, under two readings side by side: the same cards, the same bots. "
                 "A deal you finished at the table above comes here from its button on the score sheet "
                 "(“Replay this deal under another reading”): reading A is then your deal as you played it, "
                 "reading B the same cards played by the bots, your seat included."),
        "",
        f'<div class="edition-compare" data-game="{game_id}" role="region" aria-labelledby="{REPLAY_ID}"></div>',
        "",
    ]
    return out


def game_name_in(ed: Edition, game_id: str, lang: str) -> str:
    """The game's name on a page in the language: in Russian, its Russian name (``[game.ru]``
    name: Глик; "Ruffe and trumps" where the source writes it so), else its name in the source
    where that is Russian (Мушка, Пикет ...), else the English name."""
    meta = ed.games[game_id].get("game", {})
    original = str(meta.get("name_original") or "")
    if lang == "ru" and (meta.get("ru") or {}).get("name"):
        return str(meta["ru"]["name"])
    if lang == "ru" and re.search("[А-Яа-яЁё]", original):
        return original
    return meta.get("name") or game_id


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
    counts = defaultdict(int)
    for r in rules:
        counts[r.get("status", "?")] += 1
    src_links = ", ".join(
        f"[{inline(source_label(ed.sources[k]) if lang == 'en' else source_nav_label(ed, ed.sources[k], lang))}]"
        f"(../sources/{k}.md)" if k in ed.sources else code(k)
        for k in meta.get("sources") or [])
    players = meta.get("players") or []
    summary_text = inline(local(meta, "summary", lang, where=where))
    out = [f"# {inline(game_name_in(ed, game_id, lang))}", "", summary_text, ""]
    rows = [
        (tr(lang, "Name in the source"), inline(meta.get("name_original") or "—")),
        (tr(lang, "Sources"), src_links or "—"),
        (tr(lang, "Players"), ", ".join(map(str, players)) or "—"),
        (tr(lang, "Rules"), f"{len(rules)}: " + ", ".join(f"{n} {status_badge(s, lang)}" for s, n in sorted(counts.items()))),
        (tr(lang, "Engine"), f'<span class="edition-impl edition-impl--yes">{tr(lang, "implemented")}</span>' if implemented
         else f'<span class="edition-impl edition-impl--no">{tr(lang, "not built yet")}</span>'),
        (tr(lang, "Game id"), code(game_id)),
    ]
    out += ['<div class="edition-meta" markdown>', "", "| | |", "|---|---|"]
    out += [f"| {a} | {b} |" for a, b in rows] + ["", "</div>", ""]
    if implemented:
        out += [
            section(lang, 2, "Play"),
            "",
            tr(lang, "Play a whole game against the engine's bots, under any reading. The engine runs in your "
                     "browser (Pyodide, served by this site); it starts when the table first comes into view. "
                     "A deal you finish can be replayed under another reading: see")
            + f" [{tr(lang, REPLAY_TITLE)}](#{REPLAY_ID}).",
            "",
            f'<div class="edition-table" data-game="{game_id}"></div>',
            "",
            "<noscript><p>" + tr(lang, "The play table needs JavaScript. Everything else on this page reads without it; "
                                       "the same game runs on the command line:")
            + f" <code>python -m engine play {game_id}</code>.</p></noscript>",
            "",
        ]
    else:
        out += [
            f'!!! warning "{tr(lang, "The engine for this game is not built yet")}"',
            "    " + tr(lang, "The rules below are stated and sourced, but no engine code plays this game yet: "
                              "there is no play table and the worked examples are not run."),
            "",
        ]
    out += options_table(ed, game, lang)
    out += reading_sets_table(ed, game, lang)
    out += [section(lang, 2, "The rules"), "",
            tr(lang, "Each rule: its id, its status, the passages it rests on (hover a passage id for the original), "
                     "its notes and evidence, the readings when it is contested, worked examples that run in the "
                     "browser, and where the engine implements and the tests prove it."), ""]
    by_topic: dict[str, list[dict]] = {}
    for rule in rules:
        parts = rule["id"].split(".")
        if len(parts) != 3:
            warn(where, f"rule id {rule['id']!r} is not '<game>.<topic>.<name>'")
        by_topic.setdefault(parts[1] if len(parts) > 1 else "other", []).append(rule)
    for topic, topic_rules in by_topic.items():
        title = TOPIC_TITLES_RU.get(topic) if lang == "ru" else topic_title(topic)
        if title is None:
            warn(where, f"topic {topic!r} has no Russian title (TOPIC_TITLES_RU in tools/gen_pages.py)")
            title = topic_title(topic)
        out += [f"## {title} {{#topic-{topic}}}", ""]
        for rule in topic_rules:
            out += rule_block(ed, game_id, rule, lang)
    if implemented:
        out += measures_block(ed, game_id, game, lang)
    return "\n".join(out) + "\n"


# --------------------------------------------------------------------------- other pages

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


def term_slug(term: str) -> str:
    slug = re.sub(r"[^\w]+", "-", term.lower(), flags=re.UNICODE).strip("-")
    return "term-" + slug


def term_forms(term: dict) -> list[str]:
    return [f for f in term.get("forms") or [] if isinstance(f, str) and f.strip()]


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
            facts.append((LANGUAGES_RU if page_lang == "ru" else LANGUAGES).get(lang, lang))
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


def bibliography_page(ed: Edition, page_lang: str = "en") -> str:
    """The bibliography; ``page_lang="ru"``: its apparatus and the works' notes and uses in Russian,
    the entries (authors, titles, imprints) as the works are."""
    w = lambda text: tr(page_lang, text)  # noqa: E731
    out = [
        section(page_lang, 1, "Bibliography"),
        "",
        w("The works the edition cites: the sources behind the four texts, the period descriptions "
          "the notes compare them with, and the modern references. Every note, evidence line, reading "
          "and glossary meaning names the works it rests on by a citation linked to its entry here. "
          "An imprint marked *unchecked* is taken from library catalogues or from another work's listing "
          "and has not been checked against a copy; a work marked *known through* has not been "
          "consulted, only the work named. Links to outside pages are references only; nothing on this "
          "site is loaded from them."),
        "",
    ]
    web = [x for x in ed.works if x.get("kind") == "web"]
    bare = [x for x in web if not x.get("url")]
    if page_lang == "ru":  # (N-A4 of the third review: what the web entries lack, said where they are)
        out += [f"Из {len(web)} веб-страниц у {len(bare)} адрес не указан: при чтении он не был записан, и "
                "издание не восстанавливает его задним числом; такие страницы названы по сайту и заглавию. "
                "Даты обращения не указаны ни у одной: при чтении их не записывали, и издание их не "
                "выдумывает. Статьи Википедии названы по заглавию, без номера версии. Это известный пробел "
                "аппарата: страницу можно найти, но не сверить с тем, что читали издатели.", ""]
    else:
        out += [f"Of the {len(web)} web pages, {len(bare)} give no address: it was not recorded when they "
                "were read, and the edition does not reconstruct it after the fact; they are named by site "
                "and title. None gives a date of access: none was recorded, and the edition does not invent "
                "one. Wikipedia articles are named by title, without a revision id. This is a known gap in "
                "the apparatus: such a page can be found, but not checked against what the editors read.", ""]
    out += grades_legend(ed, page_lang)
    kinds = {"source": "The texts and what they rest on", "period": "Period descriptions",
             "modern": "Modern studies and references", "web": "On the web"}
    by_key = {w.get("key"): w for w in ed.works}
    groups: dict[str, list[dict]] = defaultdict(list)
    for index, work in enumerate(ed.works):
        for name in ("key", "author", "title", "kind", "short"):
            if not work.get(name):
                warn("sources/bibliography.toml", f"work #{index + 1} ({work.get('key', '?')!r}): field '{name}' is missing")
        groups[work.get("kind", "modern")].append(work)
    for kind in sorted(groups, key=lambda k: list(kinds).index(k) if k in kinds else 9):
        out += [section(page_lang, 2, kinds[kind]) if kind in kinds else f"## {kind.capitalize()}", ""]
        for work in groups[kind]:
            lang = work.get("language", "en")
            title = f'<cite lang="{lang}">{literal(work.get("title", ""))}</cite>'
            if work.get("url"):
                title = f'<a href="{html.escape(work["url"])}" rel="external noopener">{title}</a>'
            ru = (work.get("ru") or {}) if page_lang == "ru" else {}
            author = str(work.get("author", ""))
            if page_lang == "ru" and author in AUTHORS_RU:
                parts = [AUTHORS_RU[author], title]
            else:
                parts = [f'<span lang="{lang}">{literal(author)}</span>', title]
            if work.get("editors"):
                parts.append(("Под ред. " if page_lang == "ru" else "ed. ") + inline(ru.get("editors") or work["editors"]))
            if work.get("edition"):
                edition = str(ru.get("edition") or work["edition"])
                parts.append(inline(edition[:1].upper() + edition[1:] if page_lang == "ru" else edition))
            imprint = ", ".join(str(x) for x in (work.get("place"), work.get("publisher"), work.get("year")) if x)
            if imprint:
                parts.append(inline(imprint) + (" " + w("(imprint unchecked)") if work.get("unchecked") else ""))
            key = work.get("key", "")
            out += [f'<p class="edition-work" id="work-{html.escape(key)}" markdown="span">' + ". ".join(parts) + ".</p>", ""]
            short = (ru.get("short") if page_lang == "ru" else None) or work.get("short", "")
            quoted = f"«{literal(str(short))}»" if page_lang == "ru" else f"“{literal(str(short))}”"
            facts = [f"{w('Cited as')} {code('[@' + key + ']')}: {quoted}.",
                     f"{w('Evidence:')} {grade_badge(str(work.get('grade', '')), page_lang)}."]
            via = by_key.get(work.get("via"))
            if via is not None:
                facts.append(f"{w('Known through')} [{literal(str(via.get('short') or via['key']))}](#work-{via['key']}).")
            out += [f'<p class="edition-work-note" markdown="span">{" ".join(facts)}</p>', ""]
            # a work's note and use in the page's language (its [works.ru] table); where the Russian is
            # missing, the English, marked so
            for name in ("note", "used_for"):
                text = local(work, name, page_lang, where="sources/bibliography.toml")
                if not text:
                    continue
                english = page_lang != "en" and not (work.get("ru") or {}).get(name)
                marked = '"' if not english else ' edition-untranslated" lang="en"'
                body = (cite(ed, text, "", lang=page_lang) if name == "note"
                        else f'*{w("Used for:")}* {inline(text)}')
                out += [f'<p class="edition-work-note{marked} markdown="span">{body}</p>', ""]
    return "\n".join(out) + "\n"


def grades_legend(ed: Edition, lang: str = "en") -> list[str]:
    """The kinds of evidence: each grade's badge, what it means, and the works of that grade."""
    out = [f"## {tr(lang, 'Kinds of evidence')} {{#kinds-of-evidence}}", "",
           tr(lang, "Every citation on this site carries a badge saying what kind of evidence the work cited is, "
                    "and every evidence line under a rule begins with the badges of all the works it rests on, so "
                    "that a reader sees at a glance what rests on a period print such as Cotton and what on a web "
                    "page or a forum. The kinds:"), ""]
    for grade, (_, meaning) in citations.GRADES.items():
        if lang == "ru" and grade in GRADES_RU:
            meaning = GRADES_RU[grade][1]
        works = [w for w in ed.works if w.get("grade") == grade]
        named = ", ".join(f"[{literal(str(w.get('short') or w['key']))}](#work-{w['key']})" for w in works)
        out += [f'<p class="edition-grade-legend" markdown="span">{grade_badge(grade, lang)} {inline(meaning)}'
                + (f" {tr(lang, 'Here:')} {named}." if named else "") + "</p>", ""]
    return out


def _size(data: bytes) -> str:
    return f"{len(data) / 1024:,.0f} KB" if len(data) >= 1024 else f"{len(data)} bytes"


def data_page(ed: Edition, files: dict[str, bytes], lang: str = "en") -> str:
    """The Data page: every downloadable file, its schema, its licence, and how to cite it
    (``lang="ru"``: in Russian; the schemas' column descriptions are the schemas' English)."""
    meta = ed.meta
    w = lambda text: tr(lang, text)  # noqa: E731
    schemas = REPO / "docs" / "data"
    n_rules = len(ed.rules)
    n_readings = sum(len(r.get("readings") or []) for r in ed.rules.values())
    n_examples = sum(len(r.get("examples") or []) for r in ed.rules.values())
    n_passages = sum(len(s.get("passages") or []) for s in ed.sources.values())
    counts = dict(games=len(ed.games), rules=n_rules, readings=n_readings, examples=n_examples,
                  sources=len(ed.sources), passages=n_passages, works=len(ed.works))

    def row(path: str, what: str, schema: str | None) -> str:
        name = path.split("/")[-1]
        link = f"[`{name}`]({path})"
        schema_link = f"[`{schema}`](data/{schema})" if schema else "—"
        if schema and not (schemas / schema).is_file():
            warn(f"docs/data/{schema}", "missing: the Data page names it")
        return f"| {link} | {counted(w(what), **counts)} | {schema_link} | {_size(files[path]) if path in files else '—'} |"

    def english(text: str) -> str:
        return text if lang == "en" else f'<span lang="en" class="edition-untranslated">{text}</span>'

    def column_meaning(prop: dict, lang: str, where: str) -> str:
        meaning = local(prop, "description", lang, where=where)
        if lang != "en" and meaning == prop.get("description"):
            return english(inline(meaning))
        return inline(meaning)

    out = [
        section(lang, 1, "Data and citation"),
        "",
        w("Everything the site shows is also here as data, generated from the same files at every build "
          "(the texts and their passages in `sources/`, the rule catalogue in `engine/catalogue/`), so that "
          "the data and the pages cannot disagree. Each JSON file and each CSV table has a JSON Schema "
          "(draft 2020-12); the test suite validates every file against its schema and checks the catalogue "
          "against the engine's own report, `python -m engine rules --json`."),
        "",
        section(lang, 2, "The files"),
        "",
        '<div class="edition-data" markdown>',
        "",
        f"| {w('File')} | {w('What it holds')} | {w('Schema')} | {w('Size')} |",
        "|---|---|---|---|",
        row("data/catalogue.json", "The whole rule catalogue as one document: the edition, the {games} "
            "games, and all {rules} rules with every field the catalogue gives (passages, status, notes, "
            "evidence, {readings} readings, {examples} worked examples), what the engine reports of each "
            "(implemented, code, tests), its stable URL and a suggested citation.", "catalogue.schema.json"),
        row("data/rules.csv", "The catalogue as a table, one row a rule ({rules} rows).", "rules.csv.schema.json"),
        row("data/readings.csv", "One row a reading of a contested rule, or a comparison reading of an attested one ({readings} rows).",
            "readings.csv.schema.json"),
        row("data/examples.csv", "One row a worked example ({examples} rows).", "examples.csv.schema.json"),
        row("data/passages.json", "The {sources} sources, their metadata and rights, and their "
            "{passages} passages: the exact text, the translation, the notes, the rules resting on each, "
            "its stable URL and a suggested citation.", "passages.schema.json"),
        row("data/bibliography.json", "The {works} works the edition cites, by key: author, title, "
            "editors, edition, imprint (and whether it is unchecked), address, the work a work is known through, "
            "and what the edition uses it for.", "bibliography.schema.json"),
    ]
    for key, src in ed.sources.items():
        path = f"sources/{key}/{key}.tei.xml"
        out.append(f"| [`{key}.tei.xml`]({path}) | "
                   + w("{source} as a TEI P5 document: header, original, translation, notes, glossary terms, rules.")
                   .format(source=inline(source_nav_label(ed, src, lang)))
                   + f" | TEI `tei_all` (P5 4.3.0) | {_size(files[path]) if path in files else '—'} |")
    out += [
        row("data/CITATION.cff", "The edition's citation metadata (Citation File Format 1.2.0).", None),
        "",
        "</div>",
        "",
        w("Three CSV tables rather than one with a row type: a rule, a reading and a worked example have "
          "different columns. They are UTF-8 with a header row and RFC 4180 quoting; a cell that holds a "
          "list has one item per line, and `variant`, `given` and `expected` hold JSON. The rows join on "
          "`rule` = `id` of `rules.csv`; a rule's `passages` are ids of `passages.json`."),
        "",
        w("**Citations.** A text field of any of these files (a note, an evidence line, a reading's rationale "
          "or holders, a source's citation, description or retelling, a bibliography note) names the works it "
          "rests on by citation markers: `[@key]`, `[@key, locator]` with a page, chapter or article "
          "(`[@cotton-18c, p. 143]`), several works in one bracket (`[@parlett-piquet; @pagat-piquet]`), or a "
          "work with the one it is known through (`[@cotton-1709, as quoted by @chatto-1848]`). Each `key` is "
          "the `key` of an entry of [`bibliography.json`](data/bibliography.json), which the tests check for "
          "every marker of every file; the site shows the same entries on the [Bibliography](bibliography.md) "
          "page."),
        "",
        w("In a TEI document, each passage of the original is an `ab` whose `xml:id` is the passage id and "
          "whose `type` is its kind; its `ana` names its game and the rules resting on it; its translation is "
          "the `ab` with the same id and `.en`; the notes point to it with `target`. The original's `div` "
          "keeps white space, and its text, joined, is the seed byte for byte. A citation marker is a `bibl` "
          "whose `ref` points to the document's own list of works cited (`listBibl` in the back, one `bibl` "
          "with `xml:id` `bib-` + the key a work), its locator a `citedRange`."),
        "",
    ]
    for table in ("rules", "readings", "examples"):
        path = schemas / f"{table}.csv.schema.json"
        try:
            schema = json.loads(path.read_text(encoding="utf-8"))
        except (OSError, json.JSONDecodeError) as exc:
            warn(rel(path), f"cannot be read as JSON ({exc})")
            continue
        out += [f"??? info \"{w('The columns of {table}').format(table=f'`{table}.csv`')}\"", "",
                f"    | {w('Column')} | {w('Meaning')} |", "    |---|---|"]
        # a column's meaning in the page's language: the schema's description, or its ``ru`` table's
        # (docs/data/*.csv.schema.json); one without its Russian is marked English
        out += [f"    | `{name}` | {column_meaning(prop, lang, rel(path))} |"
                for name, prop in (schema.get("properties") or {}).items()] + [""]
    citation = inline(meta.cite_edition())
    out += [
        section(lang, 2, "How to cite"),
        "",
        w("The edition as a whole:"),
        "",
        f"> {citation}" if lang == "en" else f'<p class="edition-citation" lang="en">{citation}</p>',
        "",
        w("Its citation metadata is in [`CITATION.cff`](data/CITATION.cff) (also at the root of the repository). "
          "Every passage on a source page and every rule on a game page has its own **Cite this** line "
          "with a suggested citation and a stable URL: the passage or rule id as the anchor "
          "({passage_url}, {rule_url}). The ids never change meaning; cite the version you read, which the "
          "footer of every page gives.").format(passage_url=f"`{meta.url('sources/ruffe/', 'ruffe.p12')}`",
                                                rule_url=f"`{meta.url('games/ruffe-and-trumps/', 'ruffe-and-trumps.ruff.value')}`"),
        "",
        f"## {w('Rights and licences')} {{#rights}}",
        "",
        w("**The edition's own parts**, {covers}: {licence} ({spdx}). Attribute them to {title}, with its "
          "version and URL.").format(covers=inline(meta.covers_in("content", lang)),
                                     licence=f"[{inline(meta.content.name)}]({meta.content.url})",
                                     spdx=f"`{meta.content.spdx}`",
                                     title=f"*{inline(meta.title)}*" if lang == "en" else f"<cite>{inline(meta.title)}</cite>"),
        "",
        w("**The edition's code**, {covers}: {licence} ({spdx}).").format(
            covers=inline(meta.covers_in("code", lang)), licence=f"[{inline(meta.code.name)}]({meta.code.url})",
            spdx=f"`{meta.code.spdx}`"),
        "",
        f"**{w('The source texts.')}** {inline(meta.sources_note_ru if lang == 'ru' and meta.sources_note_ru else meta.sources_note)}",
        "",
        f"| {w('Text')} | {w('Seed')} | {w('What is known of its rights')} |",
        "|---|---|---|",
    ]
    for key, src in ed.sources.items():
        out.append(f"| [{inline(source_nav_label(ed, src, lang))}](sources/{key}.md) | {code(src.get('seed_file', ''))} | "
                   f"{inline(meta.source_rights_in(key, lang) or w('Nothing is known.'))} |")
    return "\n".join(out) + "\n"


def api_page() -> str:
    out = ["# Engine API", "",
           "The engine's public modules, from their docstrings. Everything is standard-library Python "
           "(3.11 and later, and Pyodide).", ""]
    present = []
    for module in API_MODULES:
        path = REPO / "engine" / (module.replace(".", "/") + ".py")
        if path.exists() or (path.with_suffix("") / "__init__.py").exists():
            present.append(module)
    for module in present:
        out += [f"::: engine.{module}", ""]
    if not present:
        out += ["The engine's modules are not there yet.", ""]
    return "\n".join(out) + "\n"


NAV_RU = {"The edition": "Издание", "Sources": "Источники", "Games": "Игры", "Concordance": "Конкорданс",
          "Glossary": "Глоссарий", "Bibliography": "Библиография", "Data and citation": "Данные и цитирование",
          "Reference": "Справочник", "The rule catalogue": "Каталог правил", "Game records": "Записи партий",
          "Game views": "Виды игры", "Engine API": "API движка"}


def summary(ed: Edition, pages: dict[str, str], lang: str = "en") -> str:
    """The navigation (literate-nav's SUMMARY.md; ``lang="ru"``: SUMMARY.ru.md, the same pages)."""
    def w(text: str) -> str:
        return NAV_RU[text] if lang == "ru" else text

    out = [f"* [{w('The edition')}](index.md)", f"* {w('Sources')}"]
    for key, src in ed.sources.items():
        out.append(f"    * [{source_nav_label(ed, src, lang)}](sources/{key}.md)")
    out.append(f"* {w('Games')}")
    for game_id in ed.games:
        out.append(f"    * [{game_name_in(ed, game_id, lang)}](games/{game_id}.md)")
    out += [f"* [{w('Concordance')}](concordance.md)", f"* [{w('Glossary')}](glossary.md)",
            f"* [{w('Bibliography')}](bibliography.md)", f"* [{w('Data and citation')}](data.md)", f"* {w('Reference')}"]
    hand = sorted(p.relative_to(REPO / "docs").as_posix() for p in (REPO / "docs" / "reference").glob("*.md")
                  if not p.name.endswith(".ru.md"))
    titles = {"reference/catalogue.md": "The rule catalogue", "reference/records.md": "Game records",
              "reference/views.md": "Game views"}
    for page in hand:
        title = titles.get(page, page.split('/')[-1][:-3].replace('-', ' ').capitalize())
        out.append(f"    * [{w(title) if title in NAV_RU else title}]({page})")
    out.append(f"    * [{w('Engine API')}](reference/api.md)")
    return "\n".join(out) + "\n"


def generate(site_url: str | None = None) -> dict[str, str | bytes]:
    """Every generated page and file, by path under docs/ (text for pages, bytes for data)."""
    if str(REPO / "tools") not in sys.path:
        sys.path.insert(0, str(REPO / "tools"))
    import edition_meta
    import opendata
    import tei

    ed = Edition()
    try:
        ed.meta = edition_meta.load()
    except edition_meta.MetaError as exc:
        warn("CITATION.cff / sources/rights.toml", str(exc))
    if ed.meta is not None and site_url and site_url.rstrip("/") + "/" != ed.meta.base_url:
        warn("CITATION.cff", f"url is {ed.meta.base_url!r} but mkdocs.yml's site_url is {site_url!r}: "
                             "the stable URLs would point elsewhere")
    load(ed)
    pages: dict[str, str | bytes] = {}
    for key in ed.sources:
        pages[f"sources/{key}.md"] = source_page(ed, key)
        pages[f"sources/{key}.ru.md"] = source_page(ed, key, "ru")
    for game_id in ed.games:
        pages[f"games/{game_id}.md"] = game_page(ed, game_id)
        pages[f"games/{game_id}.ru.md"] = game_page(ed, game_id, "ru")
    pages["concordance.md"] = concordance_page(ed)
    pages["concordance.ru.md"] = concordance_page(ed, "ru")
    pages["glossary.md"] = glossary_page(ed)
    pages["glossary.ru.md"] = glossary_page(ed, "ru")
    pages["bibliography.md"] = bibliography_page(ed)
    pages["bibliography.ru.md"] = bibliography_page(ed, "ru")
    pages["reference/api.md"] = api_page()
    if ed.meta is not None:
        pages.update(tei.documents(ed, ed.meta))
        if ed.report:
            data = opendata.files(ed, ed.meta)
            pages.update(data)
            data_files = {k: v for k, v in pages.items() if isinstance(v, bytes)}
            pages["data.md"] = data_page(ed, data_files)
            pages["data.ru.md"] = data_page(ed, data_files, "ru")
        else:
            warn("python -m engine rules --json", "gave no report: the open data cannot be built")
    pages["SUMMARY.md"] = summary(ed, pages)
    pages["SUMMARY.ru.md"] = summary(ed, pages, "ru")
    SNIPPET.parent.mkdir(parents=True, exist_ok=True)
    for lang, path in (("en", SNIPPET), ("ru", SNIPPET.with_suffix(".ru.md"))):
        text = abbreviations(ed, lang)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
    return pages


def main() -> None:
    import mkdocs_gen_files

    for name, content in generate(mkdocs_gen_files.config.site_url).items():
        with mkdocs_gen_files.open(name, "wb" if isinstance(content, bytes) else "w") as handle:
            handle.write(content)
    # The navigation source is read by literate-nav, not published as a page.
    from mkdocs.structure.files import InclusionLevel

    for name in ("SUMMARY.md", "SUMMARY.ru.md"):
        nav_file = mkdocs_gen_files.FilesEditor.current().files.get_file_from_path(name)
        if nav_file is not None:
            nav_file.inclusion = InclusionLevel.EXCLUDED


if __name__ in {"__main__", "<run_path>"}:
    main()
