"""The play table, driven in headless Chromium on the built site.

A whole game of Ruffe and Trumps is played to its end by clicking the legal actions the
table offers; an illegal card is tried and the engine's refusal, with its rule id linked,
must show; the keyboard, the record download and the comparison of two readings are
exercised too. Every test also checks that no console error occurred and that no request
left the loopback server (Pyodide and the engine come from the site itself).

Screenshots go to build/screenshots/.
"""

from __future__ import annotations

import json
import random
import re
import time
from pathlib import Path

import pytest
from conftest import visit

pytestmark = [pytest.mark.browser, pytest.mark.slow]


SHARE_PAGE = True
"""One page for the module's tests, Python started once (tests/browser/conftest.py, ``site_page``)."""

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "build" / "screenshots"
GAME_PAGE = "games/ruffe-and-trumps/"
RULE_ID = re.compile(r"^ruffe-and-trumps\.[a-z0-9-]+\.[a-z0-9-]+$")
PLAYABLE = '.ed-table-app [data-legal="true"]'

# The fixtures (a loopback server over the strictly built site, Debian's Chromium,
# requests leaving loopback aborted and recorded, console errors collected) are
# tests/browser/conftest.py's `site_page`.


def open_table(session, *, players: str, hand_size: str | None, speed: str, seed: int,
               bots: str = "heuristic"):
    """Open the Ruffe page, let the table start, and deal a game with these settings."""
    page = session.page
    visit(session, GAME_PAGE)
    table = page.locator(".edition-table[data-game='ruffe-and-trumps']")
    table.scroll_into_view_if_needed()
    page.wait_for_selector(".ed-table-app[data-phase]", timeout=120_000)  # a game is dealt as soon as Python is up
    page.locator(".edition-table .ed-setup summary").click()
    page.select_option(".edition-table .ed-setup select[name=players]", players)
    if hand_size is not None:
        page.select_option(".edition-table .ed-setup select[name=hand_size]", hand_size)
    page.select_option(".edition-table .ed-setup select[name=speed]", speed)
    page.select_option(".edition-table .ed-setup select[name=bots]", bots)
    page.fill(".edition-table .ed-setup input[name=seed]", str(seed))
    page.locator(".edition-table .ed-setup button[type=submit]").click()
    page.locator(".edition-table .ed-setup summary").click()  # fold the settings away again
    page.wait_for_function(
        "(seed) => document.querySelector('.ed-seed-label')?.textContent.includes('Seed ' + seed)", arg=seed
    )
    page.wait_for_selector(PLAYABLE, timeout=60_000)
    return page


def shoot(page, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.locator(".ed-table-app").screenshot(path=str(SHOTS / name))


def try_illegal_card(page) -> dict:
    """Press Enter on an illegal card (the table lets the reader try it) and read the refusal."""
    card = page.locator(".ed-hand .ed-card.ed-illegal").first
    card_text = card.get_attribute("data-card")
    hand_before = page.locator(".ed-hand .ed-card").count()
    card.focus()
    page.keyboard.press("Enter")
    refusal = page.locator(".ed-refusal")
    refusal.wait_for(timeout=10_000)
    link = refusal.locator("a.edition-rule-link")
    return {
        "card": card_text,
        "text": refusal.inner_text(),
        "rule": link.inner_text(),
        "href": link.get_attribute("href"),
        "hand_after": page.locator(".ed-hand .ed-card").count(),
        "hand_before": hand_before,
    }


# --------------------------------------------------------------------------- tests

def test_whole_game_by_clicks_to_the_outcome(site_page) -> None:
    """Two players dealt twelve (game 36): play every action by clicking until the outcome shows."""
    page = open_table(site_page, players="2", hand_size="12", speed="0", seed=11)
    shoot(page, "table-start.png")
    rng = random.Random(2024)
    refusal = None
    clicks = 0
    phases = set()
    deadline = time.monotonic() + 300
    while page.locator('.ed-table-app[data-over="true"]').count() == 0:
        assert time.monotonic() < deadline, f"the game did not end in 300 s ({clicks} clicks)"
        phase = page.locator(".ed-table-app").get_attribute("data-phase")
        phases.add(phase)
        buttons = page.locator(PLAYABLE)
        if buttons.count() == 0:
            page.wait_for_timeout(40)
            continue
        if refusal is None and phase == "play" and page.locator(".ed-hand .ed-illegal").count():
            refusal = try_illegal_card(page)
            shoot(page, "table-refusal.png")
            continue
        if clicks == 20:
            shoot(page, "table-midgame.png")
        count = buttons.count()  # the table re-renders as the bots move: count once, then click
        if count == 0:
            continue
        try:
            buttons.nth(rng.randrange(count)).click(timeout=5_000)
        except Exception:  # the view re-rendered under the pointer: pick again
            continue
        clicks += 1
    shoot(page, "table-end.png")

    assert {"ruff", "play"} <= phases, f"phases seen: {phases}"
    assert clicks >= 24, f"only {clicks} actions were clicked for a whole game"
    outcome = page.locator(".ed-outcome")
    assert outcome.is_visible()
    text = outcome.inner_text()
    assert re.search(r"win", text), text
    assert re.search(r"reached \d+ of 36", text), text  # the short two-player game is to 36

    # The illegal card was refused by the engine, in words, with its rule linked to the game page.
    assert refusal is not None, "no illegal card was ever offered to try"
    assert RULE_ID.match(refusal["rule"]), refusal
    assert refusal["href"].endswith("#" + refusal["rule"].replace(".", "-")), refusal
    assert "must" in refusal["text"].lower() or "cannot" in refusal["text"].lower(), refusal
    assert refusal["hand_after"] == refusal["hand_before"], "a refused card left the hand"

    # The score sheet: every entry names its rule, linked to the rule's anchor.
    links = page.locator(".ed-sheet-table tbody a.edition-rule-link")
    assert links.count() >= 4
    for i in range(links.count()):
        title = links.nth(i).get_attribute("title")
        href = links.nth(i).get_attribute("href")
        assert RULE_ID.match(title), title
        assert href.endswith("#" + title.replace(".", "-")), href
    totals = [int(t) for t in page.locator(".ed-sheet-table tfoot td").all_inner_texts()]
    assert max(totals) >= 36, totals

    site_page.assert_clean()


def test_keyboard_bots_and_announcements(site_page) -> None:
    """Four players, bots moving one by one: the hand is reached and played by keyboard alone."""
    page = open_table(site_page, players="4", hand_size=None, speed="200", seed=5)
    shoot(page, "table-four-players.png")
    deadline = time.monotonic() + 120
    # Act by keyboard until it is our turn to play a card.
    while True:
        assert time.monotonic() < deadline, "never reached the play phase"
        hand_legal = page.locator('.ed-hand [data-legal="true"]')
        if page.locator(".ed-table-app").get_attribute("data-phase") == "play" and hand_legal.count():
            break
        action = page.locator('.ed-action[data-legal="true"], .ed-hand [data-legal="true"]')
        if action.count():
            action.first.focus()
            page.keyboard.press("Enter")
            page.wait_for_timeout(100)
        else:
            page.wait_for_timeout(100)
    hand = page.locator(".ed-hand .ed-card")
    size = hand.count()
    hand.first.focus()
    page.keyboard.press("ArrowRight")
    focused = page.evaluate("document.activeElement.dataset.card")
    assert focused == hand.nth(1).get_attribute("data-card")
    page.keyboard.press("End")
    assert page.evaluate("document.activeElement.dataset.card") == hand.nth(size - 1).get_attribute("data-card")
    # Move to a legal card with the arrows and play it with Enter.
    legal = page.locator('.ed-hand [data-legal="true"]').first.get_attribute("data-card")
    page.keyboard.press("Home")
    for _ in range(size):
        if page.evaluate("document.activeElement.dataset.card") == legal:
            break
        page.keyboard.press("ArrowRight")
    page.keyboard.press("Enter")
    page.wait_for_function(
        "(card) => !document.querySelector(`.ed-hand [data-card='${card}']`)", arg=legal, timeout=30_000
    )
    # The play was announced to screen readers, and the trick shows it.
    live = page.locator(".ed-table-app [aria-live='polite']").first
    page.wait_for_function("(el) => el.textContent.trim().length > 0", arg=live.element_handle())
    assert hand.count() == size - 1
    assert page.locator(".ed-seat[aria-label='North (your partner)']").count() == 1
    # The bots play on by themselves with a short delay until it is our turn again.
    page.wait_for_selector(PLAYABLE, timeout=60_000)
    shoot(page, "table-keyboard.png")
    site_page.assert_clean()


def test_record_download_and_replay_by_seed(site_page) -> None:
    page = open_table(site_page, players="2", hand_size="12", speed="0", seed=77)
    first_hand = page.locator(".ed-hand .ed-card").evaluate_all("cards => cards.map(c => c.dataset.card)")
    dialogs: list[str] = []  # the game is on: the table asks before it reveals the hidden cards
    page.once("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.accept()))
    with page.expect_download() as download_info:
        page.locator(".ed-toolbar .ed-download").click()
    assert dialogs and "hidden from you" in dialogs[0]
    record = json.loads(Path(download_info.value.path()).read_text(encoding="utf-8"))
    assert record["format"] == "edition-record"
    assert record["game"] == "ruffe-and-trumps"
    assert record["seed"] == 77 and record["players"] == 2
    assert [s["kind"] for s in record["seats"]] == ["human", "heuristic"]
    assert len(record["deals"][0]["deck"]) == 52
    # Play one action, then replay the seed: the same first hand comes back.
    page.locator(PLAYABLE).first.click()
    page.locator(".ed-toolbar .ed-replay").click()
    page.wait_for_selector(PLAYABLE, timeout=30_000)
    again = page.locator(".ed-hand .ed-card").evaluate_all("cards => cards.map(c => c.dataset.card)")
    assert again == first_hand
    site_page.assert_clean()


def test_compare_two_readings(site_page) -> None:
    page = site_page.page
    page.goto(site_page.url(GAME_PAGE))
    compare = page.locator(".edition-compare[data-game='ruffe-and-trumps']").first
    if compare.count() == 0:
        pytest.fail("the Ruffe page has no .edition-compare block")
    compare.scroll_into_view_if_needed()
    compare.locator(".edition-compare-start").click()
    compare.locator(".ed-compare-form").wait_for(timeout=120_000)
    option = compare.locator("select").first
    option.select_option("count")
    compare.locator("select[name=count]").nth(0).select_option('"cards"')
    compare.locator("select[name=count]").nth(1).select_option('"tricks"')
    compare.locator("input[name=seed]").fill("3")
    compare.locator(".ed-compare-run").click()
    results = compare.locator(".ed-compare-results[data-done='1']")
    results.wait_for(timeout=120_000)
    columns = results.locator(".ed-compare-result")
    assert columns.count() == 2
    assert "cards" in columns.nth(0).locator(".ed-differs").inner_text()
    assert "tricks" in columns.nth(1).locator(".ed-differs").inner_text()
    for i in range(2):
        assert columns.nth(i).locator(".ed-sheet-table tbody tr").count() >= 2
        assert "Winner" in columns.nth(i).inner_text()
    SHOTS.mkdir(parents=True, exist_ok=True)
    compare.screenshot(path=str(SHOTS / "compare.png"))
    site_page.assert_clean()


def test_python_starts_once_per_visit(own_page) -> None:
    """A new page's content (what Material's instant navigation swaps in, then `document$` fires)
    gets a working table from the same worker; scanning twice adds nothing twice. (The test swaps
    the table out of the page: it has a page of its own, not the module's.)"""
    site_page = own_page
    page = site_page.page
    page.goto(site_page.url(GAME_PAGE))
    page.locator(".edition-table").scroll_into_view_if_needed()
    page.wait_for_selector(PLAYABLE, timeout=120_000)
    started = page.evaluate("window.__editionBench.workerStart")
    runs_before = page.locator(".edition-run").count()
    page.evaluate("""() => {
        window.__sameVisit = true;
        const old = document.querySelector('.edition-table');
        const fresh = document.createElement('div');
        fresh.className = 'edition-table';
        fresh.dataset.game = 'ruffe-and-trumps';
        old.replaceWith(fresh);
        window.EditionSite.scan();
        window.EditionSite.scan();
    }""")
    page.locator(".edition-table").scroll_into_view_if_needed()
    # the game on the page before is kept: the new table offers it (table-records.js)
    page.locator(".ed-resume .ed-resume-game").click(timeout=30_000)
    page.wait_for_selector(PLAYABLE, timeout=30_000)
    assert page.evaluate("window.__sameVisit") is True
    assert page.evaluate("window.__editionBench.workerStart") == started, "Python was started a second time"
    assert page.locator(".edition-table .ed-table-app").count() == 1
    assert page.locator(".edition-run").count() == runs_before, "a second scan added Run buttons again"
    assert page.locator(".edition-run-all").count() == 1
    site_page.assert_clean()


FITS = """() => {
  const app = document.querySelector('.ed-table-app').getBoundingClientRect();
  const felt = document.querySelector('.ed-felt').getBoundingClientRect();
  const out = [];
  for (const e of document.querySelectorAll('.ed-felt .ed-seat, .ed-felt .ed-card, .ed-felt .ed-talk, .ed-trick')) {
    const r = e.getBoundingClientRect();
    if (r.width && (r.left < felt.left - 1 || r.right > felt.right + 1)) {
      out.push(`${e.className} ${e.dataset.card || ''} at ${Math.round(r.left)}..${Math.round(r.right)}`);
    }
  }
  return {outside: out, app: [app.left, app.right], scrollWidth: document.documentElement.scrollWidth,
          width: window.innerWidth};
}"""

TABLE_VIEW = "document.querySelector('.edition-table').editionTable.view"


def play_until(page, done: str, limit: int = 400) -> dict:
    """Click the first legal action (bots instant) until the JS predicate `done(view)` holds."""
    for _ in range(limit):
        view = page.evaluate(TABLE_VIEW)
        if page.evaluate(f"(v) => ({done})(v)", view):
            return view
        assert not view["over"], "the game ended before the awaited moment"
        page.evaluate(f"window.__seenView = {TABLE_VIEW}")
        page.locator(PLAYABLE).first.click()
        page.wait_for_function(  # a new view has come back and the reader may act again
            f"{TABLE_VIEW} !== window.__seenView"
            f" && (document.querySelector('.ed-table-app [data-legal=\"true\"]') !== null || {TABLE_VIEW}.over)",
            timeout=30_000)
    raise AssertionError(f"not reached in {limit} actions: {done}")


def check_layout_and_proof(page, name: str) -> None:
    # The first deal: every seat, card and the trick lie inside the felt; no sideways scrolling.
    fits = page.evaluate(FITS)
    assert fits["outside"] == [], fits
    assert fits["scrollWidth"] <= fits["width"], f"the page scrolls sideways: {fits}"
    ruff = page.locator(".ed-felt .ed-talk")
    assert ruff.count() == 1 and "The ruff" in ruff.inner_text()

    # After the head and the discards, the ruff's winner shows the counted suit on the table.
    view = play_until(page, "(v) => v.phase === 'play' && v.shows.some((s) => s.kind === 'ruff')")
    proof = next(s for s in view["shows"] if s["kind"] == "ruff")
    shown_proof = ".ed-talk .ed-show[data-kind='ruff']"
    shown = page.locator(f"{shown_proof} .ed-shown .ed-card").evaluate_all("(cs) => cs.map((c) => c.dataset.card)")
    normal = [c.replace("T", "10") if not c.startswith("10") else c for c in proof["cards"]]
    assert shown == normal, (shown, proof["cards"])
    text = page.locator(shown_proof).inner_text()
    assert f"of {proof['value']}" in text, text
    assert page.locator(f"{shown_proof} a.edition-rule-link").get_attribute("title") == "ruffe-and-trumps.ruff.proof"
    info = page.locator(".ed-info").inner_text()
    assert re.search(r"trick \d+ of 12", info), info  # the phase in words
    fits = page.evaluate(FITS)
    assert fits["outside"] == [] and fits["scrollWidth"] <= fits["width"], fits
    if fits["width"] >= 600:
        shoot(page, name)
    else:  # a phone: the table is taller than the screen; take the page around it
        SHOTS.mkdir(parents=True, exist_ok=True)
        page.locator(".ed-felt").scroll_into_view_if_needed()
        page.screenshot(path=str(SHOTS / name), full_page=False)


def test_four_players_fit_the_table_and_the_proof_shows(site_page) -> None:
    """Desktop (1280 x 900): the side seats' hands stay on the felt; the ruff's proof is drawn."""
    page = open_table(site_page, players="4", hand_size=None, speed="0", seed=6)
    check_layout_and_proof(page, "table-four-players-proof.png")
    site_page.assert_clean()


def test_four_players_on_a_phone(narrow_site_page) -> None:
    """Phone (390 x 844): the same game fits the narrow felt, nothing scrolls sideways."""
    page = open_table(narrow_site_page, players="4", hand_size=None, speed="0", seed=6)
    check_layout_and_proof(page, "table-four-players-phone.png")
    narrow_site_page.assert_clean()


def test_replay_a_finished_deal_under_another_reading(site_page) -> None:
    """Deal 1 is played at the table; its replay button opens the comparison with the game and
    the deal preset; under the other reading of head_discards the same deal comes back twice."""
    page = open_table(site_page, players="4", hand_size=None, speed="0", seed=5)
    play_until(page, "(v) => v.deal >= 2", limit=200)
    button = page.locator(".ed-sheet .ed-replay-deal[data-deal='1']")
    button.wait_for(timeout=30_000)
    assert button.inner_text() == "Replay this deal under another reading"
    button.focus()
    page.keyboard.press("Enter")  # keyboard: the button is a real <button>
    compare = page.locator(".edition-compare[data-game='ruffe-and-trumps']").first
    compare.locator(".ed-compare-form").wait_for(timeout=120_000)
    assert compare.locator("select[name=deal-mode]").input_value() == "deal"
    assert compare.locator("input[name=deal]").input_value() == "1"
    assert "your game at the table" in compare.locator(".ed-compare-session").inner_text()
    compare.locator("select").first.select_option("head_discards")
    # reading A is the table's own (the deal replayed as played), shown and not to be chosen
    assert compare.locator("select[name=head_discards]").nth(0).input_value() == '"dead"'
    compare.locator("select[name=head_discards]").nth(1).select_option('"count"')
    compare.locator(".ed-compare-run").click()
    results = compare.locator(".ed-compare-results[data-done='1'][data-mode='deal']")
    results.wait_for(timeout=120_000)
    assert "deal 1 of your game at the table" in results.locator(".ed-note").first.inner_text()
    # the cards are shown once, folded: four hands of twelve
    cards = results.locator("details.ed-compare-cards")
    assert cards.count() == 1 and cards.get_attribute("open") is None
    cards.locator("summary").click()
    hands = cards.locator(".ed-compare-hands li")
    assert hands.count() == 4
    columns = results.locator(".ed-compare-result")
    assert columns.count() == 2
    assert "dead" in columns.nth(0).locator(".ed-differs").inner_text()
    assert "count" in columns.nth(1).locator(".ed-differs").inner_text()
    for i in range(2):
        rows = columns.nth(i).locator(".ed-sheet-table tbody tr")
        assert rows.count() >= 2
        links = columns.nth(i).locator(".ed-sheet-table .edition-rule-link")
        assert links.count() >= 2
        # the deal summary: one line per side (two partnerships), the head among its facts
        assert columns.nth(i).locator(".ed-compare-sides > li").count() == 2
        assert "took the head" in columns.nth(i).inner_text()
    SHOTS.mkdir(parents=True, exist_ok=True)
    compare.screenshot(path=str(SHOTS / "compare-one-deal.png"))
    site_page.assert_clean()


DRAW_AS = """(changes) => {
  const table = document.querySelector('.edition-table').editionTable;
  const view = table.view;
  const drawn = [];
  for (const change of changes) {
    table.view = {...view, ...change};
    table.render();
    const item = [...document.querySelectorAll('.ed-info-item')].find((i) => i.querySelector('dt').textContent === 'Now');
    const prompt = document.querySelector('.ed-actions .ed-prompt');
    drawn.push({kind: table.root.dataset.phaseKind, now: item.querySelector('dd').textContent,
      prompt: prompt.textContent, rule: prompt.querySelector('a.edition-rule-link')?.title ?? null,
      note: document.querySelector('.ed-actions .ed-note')?.textContent ?? null,
      chip: document.querySelector('.ed-you .ed-turn-chip')?.textContent ?? null,
      buttons: [...document.querySelectorAll('.ed-actions .ed-action')].map((b) => b.dataset.kind)});
  }
  table.view = view;
  table.render();
  return drawn;
}"""


def test_the_view_names_the_phase_kind_and_words_the_prompt(site_page) -> None:
    """The phase renderer is the one of the view's `phase_kind`, whatever the phase is called, and
    the reader's prompt and the phase in words are the view's `prompt` (its seats named as at the
    table, its rule linked): a phase the table has no name for is drawn from these alone, and a
    view without them from the phase's name and the legal actions."""
    page = open_table(site_page, players="2", hand_size="12", speed="0", seed=77)
    view = page.evaluate(TABLE_VIEW)
    assert view["phase"] == "ruff" and view["to_act"] == 0, view["phase"]  # the reader announces first
    rule = "ruffe-and-trumps.ruff.value"
    # a prompt comes from the engine finished, its seats named with the table's names (the request's
    # seat_names): the table shows it as it is, its first letter a capital, and rewrites nothing
    vie = {"text": "North has vied: you may see, revie or yield.", "rule": rule, "seat": 0, "seats": [0, 1]}
    engine = view["prompt"]  # as the engine writes it: "Seat 0: announce the best ruff in hand"
    assert view["phase_kind"] == "dialogue" and engine["seat"] == 0 and engine["rule"] == "ruffe-and-trumps.ruff.announce"
    drawn = page.evaluate(DRAW_AS, [
        {},
        {"phase": "vie", "phase_kind": "dialogue", "prompt": vie},
        {"phase": "vie", "phase_kind": "a-kind-of-its-own", "prompt": vie},
        {"phase": "vie", "phase_kind": "trick", "prompt": {**vie, "text": "you to play to the trick."}},
        {"phase": "vie", "phase_kind": None, "prompt": None},  # neither: the phase's name and the actions
    ])
    ruff, dialogue, unknown, trick, bare = drawn
    assert ruff["kind"] == "dialogue" and ruff["now"] == "South (you): announce the best ruff in hand", ruff
    assert ruff["prompt"] == ruff["now"] + " § ruff.announce" and ruff["chip"] == "your turn", ruff
    assert dialogue["kind"] == "dialogue" and dialogue["now"] == "North has vied: you may see, revie or yield."
    assert dialogue["prompt"] == "North has vied: you may see, revie or yield. § ruff.value", dialogue
    assert dialogue["rule"] == rule and dialogue["buttons"] == ["announce"]
    assert unknown["kind"] == "a-kind-of-its-own" and unknown["prompt"] == dialogue["prompt"], unknown
    assert unknown["buttons"] == ["announce"], unknown
    assert trick["kind"] == "trick" and trick["now"].startswith("trick 1 of "), trick
    assert trick["prompt"] == "You to play to the trick. § ruff.value" and trick["note"] == "Your turn:", trick
    assert bare["kind"] == "generic" and bare["now"] == "Vie" and bare["prompt"] == "Your turn:", bare
    assert bare["rule"] is None and bare["buttons"] == ["announce"], bare
    site_page.assert_clean()
