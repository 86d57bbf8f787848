"""The site generator's own words (issue 25): the ``site`` message domain
(``tools/sitegen/locale/ru/site.po``, compiled by ``tools/messages.py`` beside the engine's
catalogue) gives the Russian pages every page text they ask for, with the same fields."""

from __future__ import annotations

import logging
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tools"))

import messages  # noqa: E402
from sitegen import build, words  # noqa: E402


def test_the_site_catalogue_has_each_translation_with_its_fields() -> None:
    problems = messages.site_problems("ru")
    assert problems == [], "\n".join(problems[:40])


def test_the_site_catalogue_is_compiled_and_read_by_the_generator() -> None:
    target = messages.compile_site_mo("ru")
    assert target == ROOT / "tools" / "sitegen" / "locale" / "ru" / "LC_MESSAGES" / "site.mo"
    words.messages.cache_clear()
    assert words.tr("ru", "Sources") == "Источники"
    assert words.tr("ru", "TEI P5 document") == "документ TEI P5"
    assert words.tr("en", "Sources") == "Sources"
    assert words.pair("ru", "status", "attested", "The text says it.") == ("В тексте", "Так сказано в тексте.")
    assert words.in_context("ru", "topic", "deal") == "Сдача"
    assert words.in_context("ru", "author", "Anonymous") == "Аноним"
    assert words.language_name("la", "ru") == "латинский" and words.language_name("la", "en") == "Latin"


def test_a_page_text_without_russian_is_named_in_a_warning(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="mkdocs.plugins.edition"):
        assert words.tr("ru", "A sentence no page has") == "A sentence no page has"
    assert "site.po: no Russian for the page text 'A sentence no page has'" in caplog.text


def test_every_page_text_the_russian_pages_ask_for_is_in_the_catalogue(monkeypatch: pytest.MonkeyPatch,
                                                         caplog: pytest.LogCaptureFixture) -> None:
    catalogue = words.messages("ru")
    asked: set[str] = set()

    class Recording(dict):  # type: ignore[type-arg]
        def get(self, key: str, default: str | None = None) -> str | None:  # type: ignore[override]
            asked.add(key)
            return super().get(key, default)

    monkeypatch.setattr(words, "messages", lambda lang: Recording(catalogue) if lang == "ru" else {})
    with caplog.at_level(logging.WARNING, logger="mkdocs.plugins.edition"):
        build.generate()
    assert "no Russian for the page text" not in caplog.text
    # an author is asked for under msgctxt "author" and keeps its own name unless the catalogue
    # gives one (only the corporate or absent authors: Anonymous, The editors)
    missing = sorted(key for key in asked - set(catalogue) if not key.startswith("author\x04"))
    assert missing == [], f"site.po has no Russian for: {missing[:20]}"
    assert len(asked) > 150, "the Russian pages asked the site catalogue for almost nothing"
