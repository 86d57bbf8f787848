"""The table as players want it (issue 27), in a browser: a skip link to the table from the top
of a game page; the theme's search dialog named and its Back-to-top pill kept off the felt; a
card clicked while a call is expected answered in the live region; and after an action button
the focus on the next control, never the page's body."""

from __future__ import annotations

import pytest

from test_loo_table import TABLE_VIEW, click_and_wait, open_loo

pytestmark = [pytest.mark.browser, pytest.mark.slow]

SHARE_PAGE = True
"""One page for the module's tests, Python started once (tests/browser/conftest.py, ``site_page``)."""

CALL_EXPECTED = (f"(() => {{ const v = {TABLE_VIEW}; return v && v.to_act === 0 && !v.over"
                 " && (v.legal || []).length > 0 && v.legal.every((l) => !(l.action && l.action.card)); })()")


def _to_a_call(page, moves: int = 40) -> bool:
    """Play legal cards until the reader is asked for a call (a bid), or give up after ``moves``."""
    for _ in range(moves):
        if page.evaluate(CALL_EXPECTED):
            return True
        if page.evaluate(f"{TABLE_VIEW}.over"):
            return False
        card = page.locator('.ed-hand [data-legal="true"]')
        click_and_wait(page, card.first if card.count() else page.locator('.ed-action[data-legal="true"]').first)
    return bool(page.evaluate(CALL_EXPECTED))


def test_the_page_around_the_table(site_page) -> None:
    page = open_loo(site_page, "petukh", players=4, seed=3)
    skip = page.locator("a.ed-skip-table")
    assert skip.count() == 1 and skip.get_attribute("href") == "#edition-table", skip.count()
    assert page.evaluate("document.querySelector('.md-search[role=dialog]').getAttribute('aria-label')") \
        == "Search the edition"
    assert page.evaluate("getComputedStyle(document.querySelector('.md-top') || document.body).display") == "none"
    skip.focus()
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.closest('.edition-table') !== null")


def test_a_card_during_a_call_and_the_focus_after_a_button(site_page) -> None:
    page = open_loo(site_page, "petukh", players=4, seed=3)
    assert _to_a_call(page), "the reader was never asked for a call in 40 moves"
    page.locator(".ed-hand .ed-card").first.click(force=True)
    page.wait_for_function("document.querySelector('.ed-table-app [aria-live]').textContent.includes('No card now')",
                           timeout=10_000)
    button = page.locator('.ed-action[data-legal="true"]').first
    button.focus()
    page.keyboard.press("Enter")
    page.wait_for_function(f"{TABLE_VIEW}.to_act !== 0 || document.activeElement !== document.body", timeout=30_000)
    page.wait_for_function("(() => { const t = document.querySelector('.edition-table').editionTable;"
                           " return t && !t.busy; })()", timeout=30_000)
    assert page.evaluate("document.activeElement !== document.body"), "the focus fell to the page's body"
    assert page.evaluate("document.activeElement.closest('.edition-table') !== null")
