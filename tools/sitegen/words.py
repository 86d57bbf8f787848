"""The site's two languages: the Russian of the page text (``tr``, from the ``site`` message
catalogue), of statuses, topics, kinds and grades, and of the catalogue's entries (``local``)."""

from __future__ import annotations

import gettext
import string
from functools import cache
from pathlib import Path
from typing import Any

from .model import LANGUAGES, STATUSES, warn

SITE_LANGUAGES = ("en", "ru")

LOCALE = Path(__file__).resolve().parent / "locale"
"""The ``site`` domain: ``<lang>/site.po``, compiled by ``tools/messages.py compile`` (make messages)
into ``<lang>/LC_MESSAGES/site.mo``, which :func:`tr` reads."""


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


def in_context(lang: str, context: str, text: str) -> str | None:
    """A text's translation under a msgctxt of the ``site`` catalogue (``status``, ``kind``,
    ``grade``, ``language``, ``topic``, ``author``), or None when it has none."""
    return messages(lang).get(f"{context}\x04{text}")


def pair(lang: str, context: str, label: str, meaning: str) -> tuple[str, str]:
    """A status's, kind's or grade's label and meaning in the language (English as given; a
    missing Russian is warned of, naming site.po, and left English)."""
    if lang == "en":
        return label, meaning
    found = in_context(lang, context, label), in_context(lang, context, meaning)
    if found[0] is None or found[1] is None:
        warn(f"tools/sitegen/locale/{lang}/site.po", f"no Russian for the {context} {label!r} (msgctxt {context!r})")
        return label, meaning
    return found[0], found[1]


def statuses(lang: str) -> dict[str, tuple[str, str]]:
    """Each status's label and meaning in the language (the badges of the rules)."""
    return {status: pair(lang, "status", status, meaning) for status, meaning in STATUSES.items()}


def language_name(code: str, lang: str) -> str:
    """A language's name (``ru``, ``en``, ``fr``, ``la``) in the page's language (the code when unknown)."""
    english = LANGUAGES.get(code)
    if english is None:
        return code
    return english if lang == "en" else in_context(lang, "language", english) or code


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


