"""The site's two languages: the Russian of the page text, statuses, topics, kinds and grades (``tr``, ``local``)."""

from __future__ import annotations

import string
from typing import Any

from .model import warn


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

# the statuses, kinds, languages and kinds of evidence in Russian: (label, meaning)
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
        warn("tools/sitegen/words.py", f"no Russian for the page text {text[:80]!r}")
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


AUTHORS_RU = {"Anonymous": "Аноним", "The editors": "Издатели"}
"""The bibliography's corporate or absent authors, on the Russian page."""

NAV_RU = {"The edition": "Издание", "Sources": "Источники", "Games": "Игры", "Concordance": "Конкорданс",
          "Glossary": "Глоссарий", "Bibliography": "Библиография", "Data and citation": "Данные и цитирование",
          "Reference": "Справочник", "The rule catalogue": "Каталог правил", "Game records": "Записи партий",
          "Game views": "Виды игры", "Engine API": "API движка"}
