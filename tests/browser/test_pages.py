"""Pages of the built site, opened in headless Chromium.

A page of each kind and a seeded sample of the rest (``sample_pages``) are loaded by
tests/browser/test_accessibility.py, which checks that each loads with no console error, no
failed local request and no request to any host but the loopback server, and runs axe on it;
every page's local assets and hosts are checked without a browser in tests/test_site.py.
Here: the parallel text must read side by side on a wide screen and stack on a narrow one.
Screenshots of the home page, a source page and a game
page go to build/screenshots/ for a person to look at.
"""

from __future__ import annotations

from pathlib import Path

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def site_pages(site: Path) -> list[str]:
    pages = []
    for index in sorted(site.rglob("index.html")):
        relative = index.parent.relative_to(site).as_posix()
        if relative.startswith("assets"):
            continue
        pages.append("" if relative == "." else relative + "/")
    return pages


PAGE_KINDS = ("", "ru/", "glossary/", "ru/glossary/", "bibliography/", "ru/bibliography/", "data/", "concordance/",
              "sources/piquet/", "ru/sources/rozaliev/", "games/gleek/", "ru/games/piquet/", "reference/api/")
"""One page of each kind, in both languages where a kind's words differ by language."""


def sample_pages(site: Path, size: int = 16) -> list[str]:
    """The pages of :data:`PAGE_KINDS` that were built, then a seeded sample of the rest, ``size`` in all:
    for the checks too slow to run on every page (each kind of page is made by one generator)."""
    import random

    pages = site_pages(site)
    chosen = [p for p in PAGE_KINDS if p in pages]
    rest = [p for p in pages if p not in chosen]
    return chosen + sorted(random.Random(0).sample(rest, max(0, min(len(rest), size - len(chosen)))))


def test_home_page(site_page) -> None:
    site_page.goto("")
    page = site_page.page
    assert page.locator("h1").first.inner_text().startswith("Historical card games")
    games = page.locator("article table a[href*='/games/']")
    assert games.count() == 7
    site_page.screenshot("site-home.png")
    site_page.assert_clean()


def test_source_page_reads_side_by_side(site_page) -> None:
    site_page.goto("sources/ruffe/")
    page = site_page.page
    passage = page.locator("#ruffe-p12")
    passage.scroll_into_view_if_needed()
    original = passage.locator(".edition-original").bounding_box()
    translation = passage.locator(".edition-translation").bounding_box()
    assert original and translation
    assert original["x"] + original["width"] <= translation["x"] + 1, "the translation must stand to the right of the original"
    assert abs(original["y"] - translation["y"]) < 4, "the original and the translation must start on one line"
    assert passage.locator(".edition-original").get_attribute("lang") == "ru"
    assert passage.locator(".edition-translation").get_attribute("lang") == "en"
    assert passage.locator(".edition-cited a").count() >= 1, "ruffe.p12 must link the rules resting on it"
    site_page.screenshot("site-source-ruffe.png")
    page.goto(site_page.url("sources/ruffe/#ruffe-p12"))
    site_page.screenshot("site-source-ruffe-p12.png")
    site_page.assert_clean()


def test_source_page_stacks_on_a_narrow_screen(narrow_site_page) -> None:
    narrow_site_page.goto("sources/ruffe/")
    passage = narrow_site_page.page.locator("#ruffe-p12")
    passage.scroll_into_view_if_needed()
    original = passage.locator(".edition-original").bounding_box()
    translation = passage.locator(".edition-translation").bounding_box()
    assert original and translation
    assert translation["y"] >= original["y"] + original["height"] - 1, "on a narrow screen the translation goes below"
    width = narrow_site_page.page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390 + 1, f"the page scrolls sideways on a phone ({width}px wide)"
    narrow_site_page.screenshot("site-source-ruffe-narrow.png")
    narrow_site_page.assert_clean()


def test_passage_link_from_a_rule_reaches_the_passage(site_page) -> None:
    site_page.goto("games/ruffe-and-trumps/")
    page = site_page.page
    link = page.locator("#ruffe-and-trumps-ruff-value ~ p a[href*='sources/ruffe/#ruffe-p']").first
    href = link.get_attribute("href")
    assert href and "#ruffe-p" in href
    assert link.get_attribute("title"), "a passage link carries the original text as its tooltip"
    link.click()
    page.wait_for_url("**/sources/ruffe/**")
    target = href.split("#", 1)[1]
    # instant navigation (navigation.js) changes the address at once and the content after it
    page.locator(f"#{target}").wait_for(state="visible", timeout=15_000)
    site_page.assert_clean()


def test_game_page(site_page) -> None:
    site_page.goto("games/ruffe-and-trumps/")
    page = site_page.page
    assert page.locator(".edition-table[data-game='ruffe-and-trumps']").count() == 1
    assert page.locator(".edition-example").count() >= 34
    assert page.locator(".edition-reading--default").count() >= 1
    assert page.locator(".edition-status--contested").count() >= 1
    site_page.screenshot("site-game-ruffe.png")
    page.locator("#ruffe-and-trumps-ruff-tie").scroll_into_view_if_needed()
    page.evaluate("document.getElementById('ruffe-and-trumps-ruff-tie').scrollIntoView()")
    site_page.screenshot("site-game-ruffe-readings.png")
    site_page.assert_clean()


def test_glossary_tooltip_in_the_text(site_page) -> None:
    site_page.goto("sources/gleek/")
    tib = site_page.page.locator("abbr", has_text="Tib").first
    assert "ace of trumps" in (tib.get_attribute("title") or "")
    site_page.assert_clean()
