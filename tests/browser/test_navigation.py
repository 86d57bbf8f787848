"""Instant navigation wherever the site is served, with Python kept alive across pages.

Material's instant navigation takes only links listed in sitemap.xml, whose URLs are written
from ``site_url`` at build time; served on any other port or path, every click would reload
the page and the Python worker with it (assets/js/navigation.js rebases the sitemap where the
site is served). These tests serve the site on a random port, at the root and under a sub-path
(a build for SITE_URL=https://example.org/edition/), walk from a game's table to the glossary
and another game and back, and check that the window survived each step (a marker set on it,
the same Python worker object, no second worker started) and that the next table mounts
without Python starting again. The "Start the table now" button is checked too: disabled,
with a status saying so, while Python starts.

The mount times are printed (``-s``): a table after an instant navigation against one after a
full reload.
"""

from __future__ import annotations

import time

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]

RUFFE = "games/ruffe-and-trumps/"
MUSHKA = "games/mushka/"
GLOSSARY = "glossary/"
# A heading of the Ruffe page well below its table: opened there, the table is out of view and
# does not start Python by itself, so that the start button can be pressed.
BELOW_THE_TABLE = "#the-readings-compared"
WARM_MOUNT_S = 5.0
"""A bound on a table's mount once Python runs (well under one second unloaded; a Python start
takes 5-7 s unloaded). The proof of instant navigation is the surviving window, not this bound."""


def python_workers(session) -> list[str]:
    """Record every Python worker the page starts (Material's search worker is not one)."""
    started: list[str] = []
    session.page.on("worker", lambda worker: started.append(worker.url) if worker.url.endswith("/assets/js/worker.js") else None)
    return started


def table_mounted(game: str) -> str:
    return f"document.querySelector('.edition-table[data-game=\"{game}\"]')?.dataset.mounted === '1'"


def mount_seconds(page, game: str, since: float) -> float:
    """Bring the game's table into view, wait for it to mount: seconds since ``since``."""
    table = page.locator(f".edition-table[data-game='{game}']")
    table.scroll_into_view_if_needed()
    page.wait_for_function(table_mounted(game), timeout=120_000)
    return time.monotonic() - since


def click_through(page, path: str, *, base_path: str) -> None:
    """Click a visible link to ``path`` and wait until its page is shown."""
    link = page.locator(f"a[href$='{path}']:not(.md-select__link):visible").first
    link.click()
    page.wait_for_function(
        "(path) => location.pathname === path && document.querySelector('article h1') !== null",
        arg=base_path + path,
    )


def same_window(page) -> dict:
    return page.evaluate("""() => ({
        marker: window.__marker ?? null,
        samePython: window.EditionSite?.python === window.__python,
        python: window.EditionSite?.python.state,
    })""")


def press_start(page) -> dict:
    """Press "Start the table now" (no scrolling, which would let the table start by itself) and
    read the intro at once: the button, its status and Python's state."""
    return page.evaluate("""() => {
        const table = document.querySelector('.edition-table[data-game]');
        const button = table.querySelector('.edition-table-start');
        const before = {disabled: button.disabled, python: window.EditionSite.python.state};
        button.click();
        return {before, disabled: button.disabled,
                status: table.querySelector('.edition-table-status').textContent,
                python: window.EditionSite.python.state};
    }""")


def walk(session, *, base_path: str) -> dict:
    """Ruffe (its table started by the button) -> glossary -> Мушка (its table) -> back -> back.

    Returns the measured seconds; asserts the window survived every step.
    """
    page = session.page
    workers = python_workers(session)
    session.goto(base_path.lstrip("/") + RUFFE + BELOW_THE_TABLE)
    pressed = press_start(page)
    assert pressed["before"] == {"disabled": False, "python": "idle"}, (
        f"opened below its table, the Ruffe table should wait for the reader: {pressed['before']}")
    assert pressed["disabled"] is True and pressed["python"] == "starting", pressed
    assert "Starting Python" in pressed["status"], pressed["status"]
    started = time.monotonic()
    page.wait_for_function(table_mounted("ruffe-and-trumps"), timeout=120_000)
    cold = time.monotonic() - started
    assert page.locator(".edition-table-start").count() == 0, "the start button outlived its table's mount"
    page.evaluate("() => { window.__marker = 1; window.__python = window.EditionSite.python; }")

    click_through(page, GLOSSARY, base_path=base_path)
    assert same_window(page) == {"marker": 1, "samePython": True, "python": "ready"}, "the glossary reloaded the page"

    clicked = time.monotonic()
    click_through(page, MUSHKA, base_path=base_path)
    assert same_window(page)["marker"] == 1, "Мушка's page reloaded the page"
    warm = mount_seconds(page, "mushka", clicked)

    page.go_back()
    page.wait_for_function("(p) => location.pathname === p", arg=base_path + GLOSSARY)
    page.go_back()
    page.wait_for_function("(p) => location.pathname === p", arg=base_path + RUFFE)
    page.wait_for_selector(".edition-table[data-game='ruffe-and-trumps']", state="attached")
    back = time.monotonic()
    warm_back = mount_seconds(page, "ruffe-and-trumps", back)
    assert same_window(page) == {"marker": 1, "samePython": True, "python": "ready"}, "going back reloaded the page"
    assert len(workers) == 1, f"Python started {len(workers)} times during the walk: {workers}"
    assert warm < WARM_MOUNT_S and warm_back < WARM_MOUNT_S, (warm, warm_back)
    return {"cold": cold, "warm": warm, "warm_back": warm_back, "workers": workers}


def test_instant_navigation_keeps_python_on_a_random_port(site_page) -> None:
    assert not site_page.base.startswith("http://127.0.0.1:8000/"), "the test must not be served at site_url"
    page = site_page.page
    times = walk(site_page, base_path="/")
    assert page.evaluate("window.EditionNavigation.taken") >= 2, "navigation.js did not take the clicks"

    # The comparison: a full reload loses the window, and its table waits for Python again.
    page.reload(wait_until="load")
    assert page.evaluate("window.__marker ?? null") is None, "the marker survived a reload: it proves nothing"
    reloaded = mount_seconds(page, "ruffe-and-trumps", time.monotonic())
    assert len(times["workers"]) == 2, times["workers"]
    print(f"\ntable mount: first {times['cold']:.2f} s (Python starting); after instant navigation "
          f"{times['warm']:.2f} s (Мушка), {times['warm_back']:.2f} s (back to Ruffe); "
          f"after a full reload {reloaded:.2f} s")
    site_page.assert_clean()


def test_a_sub_path_deployment_serves_its_tables_and_navigates_instantly(subpath_site_page) -> None:
    session = subpath_site_page
    page = session.page
    requests: list[str] = []
    page.on("request", lambda request: requests.append(request.url))
    times = walk(session, base_path="/edition/")
    assert page.evaluate("window.EditionNavigation.taken") >= 2, "navigation.js did not take the clicks"
    canonical = page.locator("link[rel=canonical]").get_attribute("href")
    assert canonical == "https://example.org/edition/games/ruffe-and-trumps/", canonical
    outside = [u for u in requests if u.startswith(session.base) and not u.startswith(session.base + "edition/")]
    assert not outside, f"requests outside the sub-path: {outside}"
    assert any(u.endswith(".whl") for u in requests) and any("/edition/assets/pyodide/" in u for u in requests)
    print(f"\nunder /edition/: table mount first {times['cold']:.2f} s, after instant navigation "
          f"{times['warm']:.2f} s, back {times['warm_back']:.2f} s")
    session.assert_clean()
