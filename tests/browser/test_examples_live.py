"""Every worked example on the Ruffe page runs live in the browser (Pyodide) and passes.

The page's "Run all examples" button runs each `.edition-example` through the bridge's
"example" op; each must show a pass, and the count must equal the catalogue's.
"""

from __future__ import annotations

import pytest


pytestmark = [pytest.mark.browser, pytest.mark.slow]

GAME_PAGE = "games/ruffe-and-trumps/"


def catalogue_examples() -> set[tuple[str, str]]:
    from engine import catalogue

    return {
        (rule["id"], example["id"])
        for rule in catalogue.load("ruffe-and-trumps").rules
        for example in rule.get("examples") or []
    }


def test_every_example_on_the_ruffe_page_passes_live(site_page) -> None:
    page = site_page.page
    page.goto(site_page.url(GAME_PAGE))
    examples = page.locator(".edition-example[data-rule][data-example]")
    on_page = {
        (e["rule"], e["example"])
        for e in examples.evaluate_all("els => els.map(e => ({rule: e.dataset.rule, example: e.dataset.example}))")
    }
    assert on_page == catalogue_examples(), (
        f"missing from the page: {sorted(catalogue_examples() - on_page)}; "
        f"unknown: {sorted(on_page - catalogue_examples())}"
    )
    # Nothing runs before the reader asks: Python has not started yet.
    assert page.evaluate("window.EditionSite.python.state") in ("idle", "starting")
    run_all = page.locator(".edition-run-all")
    run_all.scroll_into_view_if_needed()
    run_all.click()
    summary = page.locator(".edition-run-all-summary[data-total]")
    summary.wait_for(timeout=180_000)
    total = int(summary.get_attribute("data-total"))
    passed = int(summary.get_attribute("data-passed"))
    failures = examples.evaluate_all(
        "els => els.filter(e => e.dataset.passed !== 'true')"
        ".map(e => `${e.dataset.rule}/${e.dataset.example}: ${e.querySelector('.edition-example-result').innerText}`)"
    )
    assert not failures, "examples that failed in the browser:\n" + "\n".join(failures)
    assert total == passed == len(on_page)
    # Each result shows what was expected and what the engine gave.
    first = examples.first.locator(".edition-example-result")
    assert "Passed" in first.inner_text() and "expected" in first.inner_text() and "actual" in first.inner_text()
    site_page.assert_clean()


def test_a_single_example_runs_from_its_own_button(site_page) -> None:
    page = site_page.page
    page.goto(site_page.url(GAME_PAGE))
    example = page.locator(".edition-example[data-rule='ruffe-and-trumps.play.follow']").first
    example.scroll_into_view_if_needed()
    example.locator(".edition-run").click()
    page.wait_for_function(
        "(el) => el.dataset.state === 'done' || el.dataset.state === 'error'",
        arg=example.element_handle(), timeout=120_000,
    )
    assert example.get_attribute("data-passed") == "true", example.locator(".edition-example-result").inner_text()
    site_page.assert_clean()
