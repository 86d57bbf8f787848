"""Stable URLs where the site is served (issue 26): a build made for no deployment (no SITE_URL)
names no address (tests/test_citation.py checks the files); in the browser, served on a random
port, its Cite this lines, the Data page's citation and the canonical link name that port, written
by the page itself (assets/js/edition.js, stableUrls), after instant navigation too."""

from __future__ import annotations

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]


def test_cite_this_names_the_address_it_is_served_from(site_page) -> None:
    page = site_page.page
    base = site_page.base
    assert not base.startswith("http://127.0.0.1:8000/")
    site_page.goto("games/ruffe-and-trumps/")
    line = page.locator("#ruffe-and-trumps-ruff-value ~ details.edition-cite .edition-cite-url code").first
    if line.count() == 0:
        line = page.locator("details.edition-cite .edition-cite-url code").first
    text = line.text_content()
    assert text.startswith(base + "games/ruffe-and-trumps/#"), text
    cites = page.eval_on_selector_all("details.edition-cite", "(ds) => ds.map((d) => d.textContent)")
    assert cites and all(base in c and "edition.invalid" not in c and "127.0.0.1:8000" not in c for c in cites)
    assert page.locator("link[rel=canonical]").get_attribute("href") == base + "games/ruffe-and-trumps/"
    # after instant navigation to another page: its lines and its canonical link, from here too
    page.locator("a[href$='sources/ruffe/']:not(.md-select__link):visible").first.click()
    page.wait_for_url("**/sources/ruffe/")
    page.wait_for_function("document.querySelector('details.edition-cite .edition-cite-url code')?.textContent"
                           f".startsWith({base!r})")
    want = base + "sources/ruffe/"
    page.wait_for_function("(want) => document.querySelector('link[rel=canonical]')?.href === want", arg=want,
                           timeout=10_000)
    assert page.locator("link[rel=canonical]").get_attribute("href") == want
    site_page.assert_clean()
