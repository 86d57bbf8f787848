"""The site's two languages: the Russian of the page text (``tr``, from the ``site`` message
catalogue), of statuses, topics, kinds and grades, and of the catalogue's entries (``local``)."""

from __future__ import annotations

import gettext
import string
from functools import cache
from pathlib import Path
from typing import Any

from .model import warn

SITE_LANGUAGES = ("en", "ru")

LOCALE = Path(__file__).resolve().parent / "locale"
"""The ``site`` domain: ``<lang>/site.po``, compiled by ``tools/messages.py compile`` (make messages)
into ``<lang>/LC_MESSAGES/site.mo``, which :func:`tr` reads."""

# the statuses, kinds, languages and kinds of evidence in Russian: (label, meaning)
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


@cache
def messages(lang: str) -> dict[str, str]:
    """The ``site`` catalogue of a language, msgid -> translation (empty, with a warning, when it is
    not compiled)."""
    path = LOCALE / lang / "LC_MESSAGES" / "site.mo"
    try:
        with path.open("rb") as handle:
            catalogue = gettext.GNUTranslations(handle)
    except OSError as exc:
        warn(f"tools/sitegen/locale/{lang}", f"the site's message catalogue cannot be read ({exc}): run 'make messages'")
        return {}
    # every msgid with its translation (gettext() alone cannot tell a missing one from an identical one)
    return {key: value for key, value in catalogue._catalog.items() if isinstance(key, str) and key}


def tr(lang: str, text: str) -> str:
    """The page's own words in the page's language (English as written; Russian from the ``site``
    catalogue, ``locale/ru/site.po``)."""
    if lang == "en":
        return text
    translated = messages(lang).get(text)
    if translated is None:
        warn(f"tools/sitegen/locale/{lang}/site.po", f"no Russian for the page text {text[:80]!r}")
        return text
    return translated


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

