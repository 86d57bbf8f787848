"""A reader's second visit, online and offline, with the site's service worker allowed.

After a first visit the service worker (site/sw.js, from tools/service_worker.js) keeps every file
of the build, the engine's memory snapshot among them (tools/snapshot.mjs). Then:

- a repeat visit starts Python from the kept snapshot, and every bridge operation
  (engine/bridge.py OPS) answers exactly as after a normal boot (``?edition-snapshot=off``, in the
  same browser, from the same kept files);
- with the network off, every page reads and every game's table mounts and plays;
- under a sub-path (SITE_URL=https://example.org/edition/) the service worker's scope is the
  site root there, and a page still opens offline.

The other browser tests block service workers (conftest.py); these contexts allow them, and
still record every request to another host (none may be made).
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from test_pages import site_pages

from engine import games
from engine.bridge import OPS

pytestmark = [pytest.mark.browser, pytest.mark.slow]

RUFFE = "games/ruffe-and-trumps/"
GAMES = games.ids()
KEEP_TIMEOUT_S = 180.0


@pytest.fixture
def sw_page(browser, site_url: str):
    from conftest import _site_page

    yield from _site_page(browser, site_url, viewport={"width": 1280, "height": 900}, service_workers="allow")


@pytest.fixture
def subpath_sw_page(browser, subpath_site_url: str):
    from conftest import _site_page

    yield from _site_page(browser, subpath_site_url, viewport={"width": 1280, "height": 900},
                          service_workers="allow")


def wait_until_kept(page) -> dict:
    """Wait until the service worker controls the page and keeps every file of the build."""
    return page.evaluate(f"window.EditionSite.whenKept({KEEP_TIMEOUT_S * 1000:.0f})")


def first_visit(session, path: str = RUFFE) -> dict:
    """A first visit that starts Python (the table in view), then waits for the site to be kept."""
    session.goto(path + "?edition-bench=table")
    session.page.wait_for_function("window.__editionBench && window.__editionBench.firstPlayable", timeout=120_000)
    assert session.page.evaluate("window.__editionBench.snapshot.used") is False, "a first visit has no kept snapshot"
    status = wait_until_kept(session.page)
    # A repeat visit opens a new game, not the one this visit left in the browser (table-store.js).
    session.page.evaluate("localStorage.clear()")
    return status


# Every bridge operation, each answer kept as text; the ids and choices come from earlier answers.
EVERY_OP = """
async () => {
  const py = window.EditionSite.python;
  const out = {};
  const ask = async (request) => { const answer = await py.request(request); out[request.op] = out[request.op] || [];
                                   out[request.op].push(answer); return answer; };
  await ask({ op: "games" });
  const rules = await ask({ op: "rules", game: "ruffe-and-trumps" });
  const withExample = rules.rules.find((r) => (r.examples || []).length);
  await ask({ op: "example", rule: withExample.id, example: withExample.examples[0].id });
  await ask({ op: "examples", game: "piquet" });
  const game = await ask({ op: "new", game: "ruffe-and-trumps", seed: 3 });
  await ask({ op: "view", id: game.id });
  await ask({ op: "act", id: game.id, action: game.view.legal[0].action });
  await ask({ op: "advance", id: game.id, seat: 0 });
  const bots = await ask({ op: "new", game: "mushka", seed: 5, seats: ["heuristic", "random", "heuristic", "random"] });
  for (let i = 0; i < 12; i++) if ((await ask({ op: "bot", id: bots.id })).over) break;
  const record = await ask({ op: "record", id: game.id, reveal: true });
  await ask({ op: "replay", record: record.record });
  await ask({ op: "compare", game: "ruffe-and-trumps", seed: 1, deal: 1, variants: [{}, {}] });
  await ask({ op: "measures", game: "piquet" });
  await ask({ op: "measure", game: "ruffe-and-trumps", variants: [{}, { follow: "free" }], games: 1, seed: 1 });
  await ask({ op: "close", id: bots.id });
  return JSON.stringify(out);
}
"""


def every_op(session, query: str) -> tuple[dict, dict]:
    """A repeat visit to the glossary (no table of its own): every op's answers, and how Python started."""
    session.goto("glossary/" + query)
    answers = json.loads(session.page.evaluate(EVERY_OP))
    return answers, session.page.evaluate("window.__editionBench.snapshot")


def test_snapshot_answers_every_op_as_a_normal_boot(sw_page) -> None:
    first_visit(sw_page)
    restored, how = every_op(sw_page, "")
    assert how["used"] is True, f"the repeat visit did not start from the kept snapshot: {how}"
    normal, how = every_op(sw_page, "?edition-snapshot=off")
    assert how["used"] is False, how
    assert sorted(restored) == sorted(OPS), f"ops not exercised: {sorted(set(OPS) - set(restored))}"
    for op in OPS:
        assert all(a["ok"] for a in restored[op]), f"{op} failed after a restore: {restored[op]}"
        assert restored[op] == normal[op], f"{op}: the answers after a restore differ from a normal boot's"
    # A kept snapshot cut short (a truncated download, a damaged cache): a normal boot, said at debug level.
    sw_page.page.evaluate(TRUNCATE_SNAPSHOT)
    again, how = every_op(sw_page, "")
    assert how["used"] is False and how["why"], how
    assert again == normal
    sw_page.assert_clean()


TRUNCATE_SNAPSHOT = """
async () => {
  const wheels = new URL("assets/wheels/", window.EditionSite.siteRoot).href;
  const { cache } = await window.EditionSite.offlineStatus();
  const kept = await caches.open(cache);
  const meta = await (await kept.match(wheels + "snapshot.json")).json();
  const file = await kept.match(wheels + meta.file);
  const bytes = new Uint8Array(await file.arrayBuffer());
  await kept.put(wheels + meta.file, new Response(bytes.slice(0, bytes.length >> 1), { headers: file.headers }));
}
"""


def table_playable(page, game: str) -> None:
    """Wait for the page's table (started by ?edition-bench=table) to mount and offer a first move."""
    page.wait_for_function(
        f"document.querySelector('.edition-table[data-game=\"{game}\"]')?.dataset.mounted === '1'", timeout=120_000)
    page.wait_for_function("window.__editionBench && window.__editionBench.firstPlayable", timeout=120_000)


OFFLINE_TABLES = ("ruffe-and-trumps", "ru/games/gleek", "rams")
"""The tables started offline: one of each family's shape (Ruffe's announcements, Gleek's auction and
vie, the loo family's bids), one of them on a Russian page. Every table starts from the same kept
wheel and snapshot, so a sample proves the kept site as well as all seven (every table is played
whole online by the browser tests)."""
PAGES_SAMPLED = 16


def offline_sample(site: Path) -> list[str]:
    """The pages walked offline: the home pages of both languages, each kind of page (a source, the
    glossary, the bibliography, the data, a reference page), and a seeded sample of the rest."""
    pages = [p for p in site_pages(site) if not any(p.startswith(f"{lang}games/") for lang in ("", "ru/"))]
    kinds = ["", "ru/", "glossary/", "ru/bibliography/", "data/", "sources/piquet/", "ru/sources/rozaliev/"]
    chosen = [p for p in kinds if p in pages]
    rest = [p for p in pages if p not in chosen]
    return chosen + sorted(random.Random(0).sample(rest, min(len(rest), PAGES_SAMPLED - len(chosen))))


def test_pages_and_tables_offline(built_site: Path, sw_page) -> None:
    first_visit(sw_page)
    sw_page.context.set_offline(True)
    try:
        problems = []
        for path in offline_sample(built_site):
            response = sw_page.goto(path)
            if response is None or not response.ok:
                problems.append(f"/{path}: {response.status if response else 'no response'} offline")
            elif not sw_page.page.locator("article h1").count():
                problems.append(f"/{path}: no heading offline")
        assert not problems, "\n".join(problems)
        for table in OFFLINE_TABLES:
            path, game = (f"{table}/", table.rsplit("/", 1)[-1]) if "/" in table else (f"games/{table}/", table)
            sw_page.page.evaluate("localStorage.clear()")  # a new game, not the one the page walk left
            sw_page.goto(f"{path}?edition-bench=table")
            table_playable(sw_page.page, game)
            assert sw_page.page.locator("article h1").count(), f"{path}: no heading offline"
            assert sw_page.page.evaluate("window.__editionBench.snapshot.used") is True, game
        # Instant navigation's own fetches (a page, sitemap.xml) are answered from the kept site too.
        sw_page.page.locator("a[href$='glossary/']:not(.md-select__link):visible").first.click()
        sw_page.page.wait_for_function("location.pathname.endsWith('/glossary/') && document.querySelector('article h1')")
    finally:
        sw_page.context.set_offline(False)
    sw_page.assert_clean()


def test_offline_under_a_sub_path(subpath_sw_page) -> None:
    session = subpath_sw_page
    status = first_visit(session, "edition/" + RUFFE)
    assert "/edition/" in status["cache"], status
    assert session.page.evaluate("window.__editionBench.serviceWorker").endswith("/edition/")
    session.context.set_offline(True)
    try:
        session.goto("edition/games/piquet/?edition-bench=table")
        table_playable(session.page, "piquet")
    finally:
        session.context.set_offline(False)
    session.assert_clean()
