"""The table as a player uses it (issue 13): nothing lost, one screen, the bots' pace, records
that belong to their game, and words for people. Driven in headless Chromium on the built site.

- A game in progress survives a reload, a walk to another page and back, and a closed tab: it
  is kept as its record after every action and offered again ("Resume the game" / "Start a
  new game"); resumed, the table is the one that was left. After a reload (or the browser's
  back to the page) it is resumed without asking, and the page is brought to the table even
  when the reader had scrolled far below it (the browser would restore that offset).
- The felt (the other seats, the trick, your hand and your actions) fits the window at
  1280×800 and 1920×1080, measured for every game at its first decision; a phone (390×844)
  has no sideways scroll; focus mode gives the table the whole window and Escape leaves it.
- At the normal speed no bot decision is paced at more than about a second.
- A record of another game opened at a table goes to its own game's page and opens there; a
  record of a game the edition does not play is refused, naming it; a download is named after
  the game inside.
- Refusals and problems are said in words: no class names, no seat numbers, "you".
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from test_loo_table import TABLE, TABLE_VIEW, click_and_wait, open_loo, wait_for_reader

pytestmark = [pytest.mark.browser, pytest.mark.slow]

GAMES = ["ruffe-and-trumps", "gleek", "piquet", "mushka", "pamphil", "rams", "petukh"]
HEADER = 48  # Material's sticky header, in CSS pixels
TABLE_JS = "document.querySelector('.edition-table')?.editionTable"


def state_of(page) -> dict:
    """What the reader sees of the game: the view without its per-render parts."""
    view = page.evaluate(TABLE_VIEW)
    return {key: view.get(key) for key in ("deal", "phase", "to_act", "hands", "trick", "piles", "log", "ledger")}


def wait_kept(page) -> None:
    """Until the last action's record is in the browser's storage."""
    page.wait_for_function(f"(() => {{ const t = {TABLE_JS}; return t && t.saving; }})()")
    page.evaluate(f"{TABLE_JS}.saving")
    page.wait_for_function(f"{TABLE_JS}.root.dataset.kept === 'true'")


def resume(page, game: str) -> None:
    page.locator(f".edition-table[data-game='{game}']").scroll_into_view_if_needed()
    page.wait_for_function(f"{TABLE_JS}?.games", timeout=120_000)
    button = page.locator(".ed-resume .ed-resume-game")
    button.wait_for(timeout=120_000)
    assert "Your game in progress" in page.locator(".ed-resume").inner_text()
    button.click()
    wait_for_reader(page)


def resumed_in_view(page) -> None:
    """After a reload: the game resumed without the choice, and the table in the window."""
    page.wait_for_function(f"{TABLE_JS}?.games", timeout=120_000)
    wait_for_reader(page)
    assert page.locator(".ed-resume").count() == 0, "a reload offers no choice: the game goes on"
    top = page.evaluate("document.querySelector('.edition-table').getBoundingClientRect().top")
    height = page.evaluate("innerHeight")
    assert 0 <= top < height / 2, f"the table's top is at {top}px of a {height}px window after the reload"


def play_some(page, moves: int) -> None:
    for _ in range(moves):
        wait_for_reader(page)
        if page.evaluate(f"{TABLE_VIEW}.over"):
            return
        click_and_wait(page, page.locator('.ed-table-app [data-legal="true"]').first)


def test_a_game_survives_reload_walk_away_and_closed_tab(site_page) -> None:
    page = open_loo(site_page, "mushka", players=4, seed=31)
    play_some(page, 3)
    wait_kept(page)
    before = state_of(page)
    assert before["log"], "some moves were made"

    # a reload from far below the table ("The rules"): brought back to the table, the game resumed
    page.evaluate("window.scrollTo(0, document.body.scrollHeight * 0.8)")
    page.wait_for_timeout(300)
    page.reload()
    resumed_in_view(page)
    assert state_of(page) == before
    assert "Resumed your game" in page.locator(".ed-seed-label").inner_text()
    assert page.locator(".edition-table .ed-setup input[name=seed]").input_value() == "31"

    # a walk to the glossary and back, by the site's own links (instant navigation)
    page.locator("a[href$='glossary/']:not(.md-select__link):visible").first.click()
    page.wait_for_url("**/glossary/")
    page.locator("a[href$='games/mushka/']:not(.md-select__link):visible").first.click()
    page.wait_for_url("**/games/mushka/**")
    resume(page, "mushka")
    assert state_of(page) == before

    # one more move, then the tab closed: a new tab resumes the game after that move
    play_some(page, 1)
    wait_kept(page)
    after = state_of(page)
    assert after != before
    page.close()
    site_page.page = page = site_page.context.new_page()
    page.goto(site_page.url("games/mushka/"))
    resume(page, "mushka")
    assert state_of(page) == after

    # "Start a new game" (offered in a new tab) forgets it: the next visit deals afresh, no choice
    page.close()
    site_page.page = page = site_page.context.new_page()
    page.goto(site_page.url("games/mushka/"))
    page.locator(".edition-table[data-game='mushka']").scroll_into_view_if_needed()
    page.wait_for_function(f"{TABLE_JS}?.games", timeout=120_000)  # Python starting in the new tab
    new_game = page.locator(".ed-resume .ed-resume-new")
    new_game.wait_for(timeout=120_000)
    new_game.click()
    wait_for_reader(page)
    assert page.evaluate(f"{TABLE_VIEW}.log.length") < len(after["log"]) or state_of(page) != after
    kept = page.evaluate("localStorage.getItem('edition.table.v1.game.mushka')")
    assert kept is None or json.loads(kept)["record"]["seed"] != 31
    site_page.assert_clean()


WIDEST = ("gleek", "piquet", "rams")
"""The tables with the most on the felt (Gleek's three hands and stock, Piquet's talon, Рамс's seven
seats): every table is measured at 1280×800, these at the other sizes."""


SIZES = [(1280, 800), (1920, 1080), (390, 844)]
FELT = ("(() => { const f = document.querySelector('.ed-felt').getBoundingClientRect();"
        " const a = document.querySelector('.ed-you .ed-actions').getBoundingClientRect();"
        " return {felt: f.height, actions: a.bottom - f.top,"
        " sideways: document.documentElement.scrollWidth > innerWidth}; })()")


def test_the_felt_fits_one_screen(browser, site_url) -> None:
    """Every game at 1280×800, the widest three also at 1920×1080 and on a phone's 390×844: one
    window, Python started once, walked from game to game by the site's instant navigation and
    resized in place (as a reader turning a tablet or resizing the window would)."""
    from conftest import _site_page, visit

    heights: dict[tuple[int, int], dict[str, dict]] = {size: {} for size in SIZES}
    for session in _site_page(browser, site_url, viewport={"width": 1280, "height": 800}):
        page = session.page
        for game in GAMES:
            visit(session, f"games/{game}/")
            for width, height in SIZES if game in WIDEST else SIZES[:1]:
                page.set_viewport_size({"width": width, "height": height})
                page.locator(f".edition-table[data-game='{game}']").scroll_into_view_if_needed()
                page.wait_for_function(f"{TABLE_JS}?.view", timeout=120_000)
                wait_for_reader(page, timeout=60_000)
                page.wait_for_timeout(300)
                felt = page.evaluate(FELT)
                heights[width, height][game] = felt
                assert not felt["sideways"], f"{game} at {width}×{height}: the page scrolls sideways"
                if width >= 1280:
                    assert felt["felt"] <= height - HEADER, (
                        f"{game} at {width}×{height}: the felt is {felt['felt']:.0f} px high, "
                        f"the window shows {height - HEADER} under the header")
            page.set_viewport_size({"width": 1280, "height": 800})
        session.assert_clean()
    for (width, height), by_game in heights.items():
        print(f"felt heights at {width}×{height}: "
              + ", ".join(f"{g} {h['felt']:.0f} (actions end {h['actions']:.0f})" for g, h in by_game.items()))


def test_focus_mode_takes_the_window_and_escape_leaves(site_page) -> None:
    page = open_loo(site_page, "rams", players=7, seed=3)
    page.locator(".ed-focus-toggle").click()
    box = page.evaluate(f"(() => {{ const r = document.querySelector('{TABLE}').getBoundingClientRect();"
                        " return [r.top, r.left, r.width, r.height, innerWidth, innerHeight]; })()")
    assert box[0] == 0 and box[1] == 0 and box[2] == box[4] and box[3] == box[5], box
    assert page.locator(".ed-focus-toggle").get_attribute("aria-pressed") == "true"
    felt = page.evaluate("document.querySelector('.ed-felt').getBoundingClientRect().bottom")
    assert felt <= box[5], "the felt is whole in focus mode"
    site_page.screenshot("table-focus-rams.png")
    page.keyboard.press("Escape")
    assert "ed-focus" not in (page.locator(TABLE).get_attribute("class") or "")
    assert page.locator(".ed-focus-toggle").get_attribute("aria-pressed") == "false"
    site_page.assert_clean()


def test_bots_never_take_much_more_than_a_second_a_decision(site_page) -> None:
    """Мушка at the normal speed: up to the reader's first bid the bots buy, throwing out and
    drawing card by card; each decision (a seat's run of steps) is paced at about a second."""
    page = open_loo(site_page, "mushka", players=6, seed=12, speed="500")
    wait_for_reader(page, timeout=60_000)
    pace = page.evaluate(f"{TABLE_JS}.pace")
    decisions: list[list[dict]] = []
    for step in pace:
        if step["same"] and decisions:
            decisions[-1].append(step)
        else:
            decisions.append([step])
    paced = [sum(s["pause"] for s in d) for d in decisions]
    waited = [sum(s["ms"] for s in d) for d in decisions]
    print(f"Мушка, six seats, normal speed: {len(decisions)} bot decisions before the reader's turn, "
          f"paced {paced} ms, waited {waited} ms")
    assert decisions, "the bots moved before the reader"
    assert max(paced) <= 1100, paced
    site_page.assert_clean()


def test_records_belong_to_their_game(site_page, tmp_path: Path) -> None:
    page = open_loo(site_page, "mushka", players=3, seed=5)
    click_and_wait(page, page.locator('.ed-action[data-legal="true"]').first)
    page.once("dialog", lambda dialog: dialog.accept())
    with page.expect_download() as download_info:
        page.locator(".ed-toolbar .ed-download").click()
    download = download_info.value
    assert download.suggested_filename == "mushka-seed-5-unfinished.json"
    record = json.loads(Path(download.path()).read_text(encoding="utf-8"))
    assert record["game"] == "mushka"

    # opened at Рамс's table, the Мушка record goes to the Мушка page and opens there
    saved = tmp_path / "from-mushka.json"
    saved.write_text(json.dumps(record), encoding="utf-8")
    page = open_loo(site_page, "rams", players=5, seed=1)
    page.locator(".ed-toolbar input[type=file]").set_input_files(str(saved))
    page.wait_for_url("**/games/mushka/**", timeout=30_000)
    page.wait_for_function("() => document.querySelector('.ed-seed-label')?.textContent.includes('Opened from-mushka.json')",
                           timeout=120_000)
    assert "Rams" in page.locator(".ed-seed-label").inner_text() or "Рамс" in page.locator(".ed-seed-label").inner_text()
    wait_for_reader(page)
    assert page.evaluate(f"{TABLE_VIEW}.seed") == 5 or page.evaluate(f"{TABLE_VIEW}.players") == 3

    # a record of a game the edition does not play is refused, naming it, and the game goes on
    before = state_of(page)
    other = tmp_path / "whist.json"
    other.write_text(json.dumps({**record, "game": "whist"}), encoding="utf-8")
    page.locator(".ed-toolbar input[type=file]").set_input_files(str(other))
    refusal = page.locator(".ed-refusal")
    refusal.wait_for()
    text = refusal.inner_text()
    assert "whist.json is a record of “whist”, a game this edition does not play" in text, text
    assert state_of(page) == before
    # a broken record: a plain sentence, the engine's wording folded under it
    broken = tmp_path / "broken.json"
    broken.write_text(json.dumps({**record, "seats": "everyone"}), encoding="utf-8")
    page.locator(".ed-toolbar input[type=file]").set_input_files(str(broken))
    page.wait_for_function("() => document.querySelector('.ed-refusal')?.textContent.includes('could not be opened')")
    text = page.locator(".ed-refusal").inner_text()
    assert "broken.json could not be opened as a record of" in text, text
    assert "Error" not in text.split("What the engine said")[0], text
    assert state_of(page) == before
    site_page.assert_clean()


def test_words_for_people(site_page) -> None:
    """A refusal speaks to the reader ("you"), with no class name or seat number; a changed
    reading says it applies from the next game; a new deal clears the last refusal."""
    page = open_loo(site_page, "mushka", players=4, seed=8)
    # a bid the rules do not offer now, tried by the table's greyed button, or a card in the bid
    card = page.locator(".ed-hand .ed-card").first
    card.scroll_into_view_if_needed()
    page.evaluate(f"{TABLE_JS}.act({{kind: 'play', card: {TABLE_VIEW}.hands[0][0]}})")
    refusal = page.locator(".ed-refusal")
    refusal.wait_for()
    text = refusal.inner_text()
    assert text.startswith("Not allowed: You are to bid"), text
    for word in ("IllegalActionError", "RequestError", "seat 0", "South (you) is", " he "):
        assert word not in text, (word, text)
    # a changed reading: the table says when it applies
    page.locator(".edition-table .ed-setup summary").click()
    note = page.locator(".ed-settings-note")
    assert note.is_hidden()
    select = page.locator(".edition-table .ed-setup select").nth(1)
    values = select.locator("option").evaluate_all("options => options.map(o => o.value)")
    select.select_option(values[-1] if select.input_value() != values[-1] else values[0])
    assert note.is_visible() and "from the next game" in note.inner_text()
    page.locator(".edition-table .ed-setup button[type=submit]").click()
    wait_for_reader(page)
    assert note.is_hidden()
    assert page.locator(".ed-refusal").count() == 0, "the last game's refusal is gone"
    site_page.assert_clean()


def test_leaving_asks_first_only_where_the_game_could_not_be_kept(browser, site_url) -> None:
    """Storage that refuses to keep the game (a full quota, a policy): closing the tab asks
    first. Where the game was kept, it does not ask."""
    from conftest import _site_page

    for full in (False, True):
        for session in _site_page(browser, site_url, viewport={"width": 1280, "height": 900}):
            if full:
                session.context.add_init_script(
                    "Storage.prototype.setItem = function (key) {"
                    " if (String(key).startsWith('edition.table.v1.game')) throw new DOMException('full', 'QuotaExceededError');"
                    " };")
            page = open_loo(session, "petukh", players=4, seed=2)
            click_and_wait(page, page.locator('.ed-table-app [data-legal="true"]').first)
            page.wait_for_function(f"{TABLE_JS}.root.dataset.kept === '{str(not full).lower()}'")
            asked: list[str] = []
            page.on("dialog", lambda dialog: (asked.append(dialog.type), dialog.accept()))
            page.close(run_before_unload=True)
            if not page.is_closed():
                page.wait_for_event("close", timeout=10_000)
            assert asked == (["beforeunload"] if full else []), (full, asked)
