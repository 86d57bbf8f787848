"""Search (issue 26): one index per language, loaded only when wanted, that finds what it should.

- Every glossary term (sources/glossary.toml) is searched for by its headword on the English site
  and on the Russian one, and by its Russian name (``[terms.ru] name``) on the Russian one, through
  Material's own search box; each finds its glossary page. ``ruff`` and «руф» among them: before,
  the worker answered every query with "Invalid query" and a TypeError (lunr's word automaton,
  fixed in tools/search_worker.js).
- Russian stemming on /ru/: an inflected form finds the word («терцами», «терц»).
- The index is the page's language's (``search/search_index.json``, ``ru/search/search_index.json``),
  and it is not requested before the reader opens search or the table is usable
  (assets/js/search-gate.js, edition.js).
"""

from __future__ import annotations

import tomllib
from pathlib import Path
from urllib.parse import urlsplit

import pytest

pytestmark = [pytest.mark.browser, pytest.mark.slow]

ROOT = Path(__file__).resolve().parents[2]
GLOSSARY = tomllib.loads((ROOT / "sources" / "glossary.toml").read_text(encoding="utf-8"))["terms"]
INPUT = "input.md-search__input"
META = ".md-search-result__meta"
INDEX_REQUESTS = """performance.getEntriesByType('resource').filter((e) => /search_index\\.json$/.test(e.name))
  .map((e) => ({url: e.name, start: e.startTime}))"""


def open_search(page) -> None:
    """Open the search box and wait until the index is loaded (Material's "Initializing" gone)."""
    page.click(INPUT)
    page.wait_for_function(f"!/Initializing|Инициализация/.test(document.querySelector('{META}').textContent)",
                           timeout=120_000)


def search(page, query: str) -> list[str]:
    """The paths (no query, no fragment) of every result Material lists for ``query``."""
    page.fill(INPUT, "")
    page.press(INPUT, "End")  # Material reads the box on keyup: an emptied box shows its placeholder again
    page.wait_for_function(f"!/\\d|No matching|не найдено/.test(document.querySelector('{META}').textContent)")
    page.fill(INPUT, query)
    page.press(INPUT, "End")
    page.wait_for_function(f"/\\d|No matching|не найдено/.test(document.querySelector('{META}').textContent)",
                           timeout=30_000)
    hrefs = page.eval_on_selector_all(".md-search-result__item a", "(links) => links.map((a) => a.href)")
    return [urlsplit(h).path for h in hrefs]


def queries(lang: str) -> list[tuple[str, str]]:
    """(query, what it is) for every term in ``lang``'s site: the headword, and on the Russian
    site the Russian name too; ``ruff`` and «руф» are among them."""
    out = [(term["term"], f"the headword of {term['term']!r}") for term in GLOSSARY]
    if lang == "ru":
        out += [(term["ru"]["name"], f"the Russian name of {term['term']!r}") for term in GLOSSARY
                if (term.get("ru") or {}).get("name")]
    return out


@pytest.mark.parametrize("lang", ["en", "ru"])
def test_every_glossary_term_finds_its_page(site_page, lang: str) -> None:
    prefix = "" if lang == "en" else f"{lang}/"
    page = site_page.page
    site_page.goto(f"{prefix}glossary/")
    open_search(page)
    assert page.evaluate(INDEX_REQUESTS)[0]["url"] == site_page.url(f"{prefix}search/search_index.json")
    wanted = urlsplit(site_page.url(f"{prefix}glossary/")).path
    asked = queries(lang)
    assert ("Ruff", "the headword of 'Ruff'") in asked
    assert lang == "en" or ("руф", "the Russian name of 'Ruff'") in asked
    missed = [f"{query!r} ({what}): {paths[:5]}" for query, what in asked + [("ruff", "lower case")]
              if wanted not in (paths := search(page, query))]
    assert not missed, f"{len(missed)} of {len(asked) + 1} searches on /{prefix} miss {wanted}:\n" + "\n".join(missed)
    site_page.assert_clean()


def test_russian_search_is_stemmed(site_page) -> None:
    page = site_page.page
    site_page.goto("ru/games/piquet/")
    open_search(page)
    for query in ("терц", "терцы", "терцами", "руфа"):
        assert search(page, query), f"«{query}» finds nothing on the Russian site"
    site_page.assert_clean()


def test_the_index_waits_for_the_reader_or_the_usable_table(site_page) -> None:
    page = site_page.page
    # below the table, which then does not start by itself: only the reader's search loads the index
    site_page.goto("games/ruffe-and-trumps/#the-readings-compared")
    page.wait_for_timeout(3000)
    assert page.evaluate(INDEX_REQUESTS) == [], "the search index was loaded before anyone asked for it"
    open_search(page)
    assert page.evaluate("window.EditionSearch.state.reason") == "search"
    assert search(page, "ruff")

    # at the table: loaded on idle once the table is usable, never before
    page.goto(site_page.url("games/mushka/"))
    page.locator(".edition-table[data-game='mushka']").scroll_into_view_if_needed()
    page.wait_for_function("window.__editionBench && window.__editionBench.firstPlayable", timeout=120_000)
    page.wait_for_function(f"{INDEX_REQUESTS}.length > 0", timeout=60_000)
    playable = page.evaluate("window.__editionBench.firstPlayable")
    (request,) = page.evaluate(INDEX_REQUESTS)
    assert request["start"] >= playable, f"the index was requested at {request['start']} ms, the table usable at {playable} ms"
    assert page.evaluate("window.EditionSearch.state.reason") == "idle"
    site_page.assert_clean()
