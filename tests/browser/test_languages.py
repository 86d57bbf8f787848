"""The language switch in the browser: to the same place of the twin page and back, and the play
table on a Russian page (its scripts and Python served from the site's root, its links to rules
staying in Russian).
"""

from __future__ import annotations

import tomllib
from pathlib import Path

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
GAME = "mushka"
OTHER_RULE = "gleek.table.players"


def first_rule(game_id: str) -> dict:
    data = tomllib.loads((ROOT / "engine" / "catalogue" / f"{game_id}.toml").read_text(encoding="utf-8"))
    return data["rules"][0]


def switch_to(page, lang: str, path: str, fragment: str) -> None:
    """Press the switch's link for ``lang`` (as a reader does, through the theme's menu) and wait
    for the twin page at ``path`` with the same fragment."""
    page.wait_for_function("() => window.EditionNavigation && window.EditionNavigation.pages !== null")
    page.locator(".md-header .md-select").hover()
    page.locator(f".md-select__link[hreflang='{lang}']").click()
    page.wait_for_function(
        "([path, hash]) => location.pathname === path && location.hash === hash && document.querySelector('article h1')"
        " && window.EditionSite",
        arg=[path, fragment])


def test_the_switch_leads_to_the_same_rule_in_russian_and_back_and_the_table_plays(site_page) -> None:
    page = site_page.page
    rule = first_rule(GAME)
    fragment = "#" + rule["id"].replace(".", "-")
    site_page.goto(f"games/{GAME}/{fragment}")
    assert page.evaluate("document.documentElement.lang") == "en"

    switch_to(page, "ru", f"/ru/games/{GAME}/", fragment)
    assert page.evaluate("document.documentElement.lang") == "ru"
    heading = page.locator(f"h3{fragment}").inner_text().replace("¶", "").strip()
    assert heading == rule["ru"]["title"], heading
    # the page's links to rules stay in Russian; the assets come from the site's root
    root = page.evaluate("window.EditionSite.siteRoot.href")
    assert root == site_page.url("ru/"), root
    assert page.evaluate(f"window.EditionSite.ruleHref({OTHER_RULE!r})") == \
        site_page.url("ru/games/gleek/#" + OTHER_RULE.replace(".", "-"))

    table = page.locator(f".edition-table[data-game='{GAME}']")
    table.scroll_into_view_if_needed()
    page.wait_for_function(
        f"document.querySelector('.edition-table[data-game=\"{GAME}\"]')?.dataset.mounted === '1'", timeout=120_000)
    assert page.locator(f".edition-table[data-game='{GAME}'] button").count() > 0, "the table shows no control"

    page.evaluate(f"location.hash = {fragment!r}")
    switch_to(page, "en", f"/games/{GAME}/", fragment)
    assert page.evaluate("document.documentElement.lang") == "en"
    heading = page.locator(f"h3{fragment}").inner_text().replace("¶", "").strip()
    assert heading == rule["title"], heading
    site_page.assert_clean()
