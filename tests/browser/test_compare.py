"""Comparing two readings, for every implemented game, driven in headless Chromium.

On each game's page the comparison panel is set up as a reader sets it up: the point in
dispute and its two readings as offered, every whole-number option without listed values
(a stake, an agreed sum, a starting record) given a value of its own in the shared settings.
Then "Play both games" must show both games (a winner and a score sheet each, the number
typed into the settings among each variant's options), and one deal played under both
readings must show what the engine's deal summary says of it: the deal in words, its facts,
the score entries and what each side did, never an empty table or "0 cards counted".

A deal played at the table is replayed from the table's score sheet: reading A is the deal as
played there (the same entries as the table's sheet), reading B the same cards played by the bots.

Screenshots of the panel go to build/screenshots/compare-<game>-<mode>.png.
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from conftest import visit

from engine import games

pytestmark = [pytest.mark.browser, pytest.mark.slow]


SHARE_PAGE = True
"""One page for the module's tests, Python started once (tests/browser/conftest.py, ``site_page``)."""

ROOT = Path(__file__).resolve().parents[2]
SHOTS = ROOT / "build" / "screenshots"
GAMES = [spec.id for spec in games.all()]
NUMBERS = {"stake": "2", "agreed_sum": "30", "pamphil_payment": "3", "start_record": "12", "deals": "6"}
"""A value, other than the default, for each whole-number option without listed values."""


def int_options(game: str) -> list[dict]:
    return [o for o in games.get(game).options() if o["type"] == "int" and not o["values"]]


def open_compare(site_page, game: str):
    page = site_page.page
    visit(site_page, f"games/{game}/")
    panel = page.locator(f".edition-compare[data-game='{game}']").first
    assert panel.count() == 1, f"the {game} page has no comparison panel"
    panel.scroll_into_view_if_needed()
    panel.locator(".edition-compare-start").click()
    panel.locator(".ed-compare-form").wait_for(timeout=120_000)
    return page, panel


def set_numbers(panel, game: str) -> dict[str, int]:
    """Every whole-number option without listed values is a number input; give each a value."""
    panel.locator(".ed-compare-base").locator("xpath=..").locator("summary").click()
    typed = {}
    for option in int_options(game):
        field = panel.locator(f".ed-compare-base [name={option['name']}]")
        assert field.evaluate("(e) => e.tagName + ':' + e.type") == "INPUT:number", option["name"]
        assert field.input_value() == str(option["default"])
        field.fill(NUMBERS[option["name"]])
        typed[option["name"]] = int(NUMBERS[option["name"]])
    return typed


def run(panel, mode: str) -> object:
    panel.locator("select[name=deal-mode]").select_option(mode)
    if mode == "deal":
        panel.locator("input[name=deal]").fill("1")
    panel.locator(".ed-compare-run").click()
    results = panel.locator(".ed-compare-results[data-done='1']")
    results.wait_for(timeout=180_000)
    assert not panel.locator(".ed-form-error").is_visible(), panel.locator(".ed-form-error").inner_text()
    columns = results.locator(".ed-compare-result")
    assert columns.count() == 2
    return columns


def shoot(page, panel, name: str) -> None:
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.evaluate("document.querySelector('.md-header')?.style.setProperty('visibility', 'hidden')")
    panel.screenshot(path=str(SHOTS / name))
    page.evaluate("document.querySelector('.md-header')?.style.removeProperty('visibility')")


@pytest.mark.parametrize("game", GAMES)
def test_compare_two_readings_whole_game_and_one_deal(site_page, game: str) -> None:
    page, panel = open_compare(site_page, game)
    dispute = panel.locator("select").first
    option = dispute.input_value()
    a = panel.locator(f"select[name={option}]").nth(0).input_value()
    b = panel.locator(f"select[name={option}]").nth(1).input_value()
    assert a != b, f"{game}: the two readings of {option} offered are the same ({a})"
    typed = set_numbers(panel, game)
    panel.locator("input[name=seed]").fill("3")

    # The whole game under each reading.
    columns = run(panel, "game")
    for i, reading in enumerate((a, b)):
        column = columns.nth(i)
        text = column.inner_text()
        assert "Winner: " in text and "Winner: nobody" not in text, text
        deals = int(re.search(r"after (\d+) deals?", text).group(1))
        assert column.locator(".ed-scroll > .ed-sheet-table").first.locator("tbody tr").count() == deals
        assert column.locator(".ed-compare-every .ed-compare-entries tbody tr").count() >= deals
        variant = {li.split(": ", 1)[0]: li.split(": ", 1)[1]
                   for li in column.locator(".ed-compare-variant li").all_inner_texts()}
        chosen = next(v for k, v in variant.items() if k.lower() == option.replace("_", " ").lower())
        assert chosen == in_words(json.loads(reading)), (chosen, reading)  # a value in words, not JSON
        for name, value in typed.items():
            assert variant[name.replace("_", " ").capitalize()] == str(value), (name, variant)
    shoot(page, panel, f"compare-{game}-game.png")

    # One deal under each reading: the deal summary, rendered without knowing the game.
    columns = run(panel, "deal")
    assert panel.locator(".ed-compare-results").get_attribute("data-mode") == "deal"
    for i in range(2):
        column = columns.nth(i)
        text = column.inner_text()
        assert "undefined" not in text and "null" not in text and "NaN" not in text, text
        if game != "ruffe-and-trumps":  # (the old table showed "0 cards counted" for every loo seat)
            assert "cards counted" not in text, text
        outcome = column.locator(".ed-compare-outcome").inner_text()
        assert len(outcome) > 60 and ("did best" in outcome or "is level" in outcome), outcome
        assert column.locator(".ed-compare-deal-facts li").count() >= 1
        assert "Trumps:" in column.locator(".ed-compare-deal-facts").inner_text()
        # what each side did: its name and what it gained, then its facts, labelled
        sides = column.locator(".ed-compare-sides > li")
        assert sides.count() >= 2
        facts = []
        for side in range(sides.count()):
            items = sides.nth(side).locator(".ed-compare-fact")
            assert items.count() >= 2, sides.nth(side).inner_text()
            facts.append({items.nth(k).locator(".ed-compare-fact-label").inner_text():
                          items.nth(k).inner_text().split(": ", 1)[1] for k in range(items.count())})
            assert re.search(r"\((-?\d+ points?|[−+]\d+ on the record|nothing written)\)", sides.nth(side).inner_text())
        labels = set().union(*facts)
        if game == "ruffe-and-trumps":
            assert {"Ruffs announced", "Tricks", "Cards counted"} <= labels, facts
            assert sum(int(side["Cards counted"]) for side in facts) > 0
        elif game == "gleek":  # the stock, the ruff, the tricks, the count and the money of each player
            assert {"The stock", "Tricks", "Count", "Money"} <= labels, facts
        elif game == "piquet":  # the declarations category by category, then the play
            assert {"Point", "Sequences", "Sets", "Tricks"} <= labels, facts
        else:  # a loo deal: bids, tricks and records written off and up
            assert {"Choice", "Tricks", "Record"} <= labels, facts
            assert all(re.fullmatch(r"\d+ → \d+", side["Record"]) for side in facts), facts
            assert any(word in outcome for word in ("writes off", "writes up")), outcome
        # the score entries of the deal, each with its rule linked to its game's page
        entries = column.locator(".ed-compare-entries tbody tr")
        assert entries.count() >= 1
        assert column.locator(".ed-compare-entries a.edition-rule-link[href*='#']").count() >= 1
    shoot(page, panel, f"compare-{game}-deal.png")
    site_page.assert_clean()


def in_words(value) -> str:
    """An option's value as the panel writes it (words.js readingLabel)."""
    return {True: "yes", False: "no"}.get(value, str(value)) if isinstance(value, bool) else str(value)


# ----------------------------------------------------------------------------- a deal of the table

SHEET_ROWS = """(scope) => {
  // The entry rows of deal 1 in a score sheet (the table's: with a Deal column; the panel's: one deal).
  const rows = [];
  let deal = null;
  for (const tr of scope.querySelectorAll("tbody tr")) {
    const cell = tr.querySelector(".ed-deal-cell");
    const number = cell ? (cell.childNodes[0]?.textContent || "").trim() : "1";
    if (number) deal = number;
    if (deal !== "1" || !tr.classList.contains("ed-entry")) continue;
    rows.push({ rule: tr.querySelector("a.edition-rule-link")?.title ?? null,
      amounts: [...tr.querySelectorAll("td.ed-num")].map((td) => td.innerText.replace(/\\s+/g, " ").trim()) });
  }
  return rows;
}"""

FOCUSED = "() => ({ id: document.activeElement?.id || null, inTable: Boolean(document.activeElement?.closest('.edition-table')),"\
          " deal: document.activeElement?.dataset?.deal ?? null })"


@pytest.mark.parametrize(("game", "players", "seed"), [("ruffe-and-trumps", 4, 5), ("rams", 3, 0)])
def test_replay_a_deal_of_the_table_as_played_then_by_the_bots(site_page, game: str, players: int, seed: int) -> None:
    """Deal 1 is played at the table by clicks; "Replay this deal under another reading" brings the
    reader to the panel's heading with the deal preset: reading A (the table's, not to be chosen) is
    that deal as played, its score entries those of the table's sheet; reading B is the same cards
    played by the bots, your seat included, and each column says so; "Back to the table" returns."""
    from test_loo_table import TABLE_VIEW, click_and_wait, open_loo

    page = open_loo(site_page, game, players=players, seed=seed)
    rng = random.Random(seed)
    while page.evaluate(TABLE_VIEW)["deal"] < 2:  # the reader's decisions, at random among the legal ones
        choices = page.locator('.ed-table-app .ed-hand .ed-card[data-legal="true"], '
                               '.ed-table-app .ed-action-buttons .ed-action[data-legal="true"]')
        click_and_wait(page, choices.nth(rng.randrange(choices.count())))
    table_rows = page.locator(".edition-table .ed-sheet").evaluate(SHEET_ROWS)
    assert table_rows and all(row["rule"] for row in table_rows), table_rows

    button = page.locator(".ed-sheet .ed-replay-deal[data-deal='1']")
    assert button.inner_text() == "Replay this deal under another reading"
    button.click()
    heading = page.locator("h3#replay-a-deal")
    assert heading.inner_text().startswith("Replay a deal under two readings")
    page.wait_for_function("() => document.activeElement?.id === 'replay-a-deal'", timeout=10_000)
    compare = page.locator(f".edition-compare[data-game='{game}']")
    assert compare.get_attribute("role") == "region" and compare.get_attribute("aria-labelledby") == "replay-a-deal"
    compare.locator(".ed-compare-form").wait_for(timeout=120_000)
    assert page.evaluate(FOCUSED)["id"] == "replay-a-deal", "the panel's start took the focus away from its heading"
    top = heading.evaluate("(h) => h.getBoundingClientRect().top")
    header = page.evaluate("document.querySelector('.md-header')?.getBoundingClientRect().bottom ?? 0")
    assert header <= top < page.viewport_size["height"] * 0.75, (header, top)  # in view, clear of the sticky header
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / f"compare-{game}-table-heading.png"))
    assert compare.locator("select[name=deal-mode]").input_value() == "deal"
    assert compare.locator("input[name=deal]").input_value() == "1"
    note = compare.locator(".ed-compare-session").inner_text()
    assert "Deal 1 of your game at the table" in note and "as you played it" in note, note
    option = compare.locator("select").first.input_value()
    reading_a = compare.locator(f"select[name={option}]").nth(0)
    variant = page.evaluate(TABLE_VIEW)["variant"]
    assert reading_a.is_disabled() and json.loads(reading_a.input_value()) == variant[option]
    assert compare.locator(f"select[name={option}]").nth(1).input_value() != reading_a.input_value()
    compare.locator(".ed-compare-run").click()
    results = compare.locator(".ed-compare-results[data-done='1'][data-mode='deal']")
    results.wait_for(timeout=120_000)
    assert not compare.locator(".ed-form-error").is_visible(), compare.locator(".ed-form-error").inner_text()
    assert compare.locator("details.ed-compare-cards .ed-compare-hands li").count() == players

    a, b = results.locator(".ed-compare-result").nth(0), results.locator(".ed-compare-result").nth(1)
    assert a.locator("h4").inner_text() == "Reading A: your deal as you played it"
    assert "every move as it was made there" in a.locator(".ed-compare-play").inner_text()
    assert a.locator(".ed-compare-entries").evaluate(SHEET_ROWS) == table_rows
    assert b.locator("h4").inner_text() == "Reading B: the same cards, every seat played by the heuristic bot, you included"
    assert "the heuristic bot plays yours" in b.locator(".ed-compare-play").inner_text()
    shoot(page, compare, f"compare-{game}-table-deal.png")

    compare.locator(".ed-compare-back").click()
    focused = page.evaluate(FOCUSED)
    assert focused["inTable"] and focused["deal"] == "1", focused
    site_page.assert_clean()


@pytest.mark.parametrize("lang", ["ru"])
def test_the_reader_measures_two_readings_over_paired_games(site_page, lang) -> None:
    """"Many paired games, measured" (issue 22): the panel plays N paired games in steps, with a
    progress bar, and shows each reading's value and the paired difference of the rule's measures,
    each with its 95 % interval and the engine's verdict, in the page's language; a count out of
    bounds is refused by name and changes nothing."""
    game = "mushka"
    page = site_page.page
    site_page.goto(f"{lang}/games/{game}/")
    panel = page.locator(f".edition-compare[data-game='{game}']").first
    panel.scroll_into_view_if_needed()
    panel.locator(".edition-compare-start").click()
    panel.locator(".ed-compare-form").wait_for(timeout=120_000)
    panel.locator("select[id$='-option']").select_option("ace_of_spades_power")  # (a reading that changes play)
    panel.locator("select[name=deal-mode]").select_option("measure")
    panel.locator("input[name=games]").fill("0")
    panel.locator(".ed-compare-run").click()
    error = panel.locator(".ed-form-error")
    assert error.is_visible() and "2000" in error.inner_text(), error.inner_text()
    panel.locator("input[name=games]").fill("6")
    panel.locator("input[name=seed]").fill("11")
    panel.locator(".ed-compare-run").click()
    results = panel.locator(".ed-compare-results[data-done='1'][data-mode='measure']")
    results.wait_for(timeout=180_000)
    text = results.inner_text()
    assert "6" in text and "11" in text, text
    rows = results.locator(".ed-measure-table").first.locator("tbody tr")
    assert not results.locator(".ed-measure-identical").count() and rows.count() >= 1, text
    verdicts = {"эффект", "разница не обнаружена", "не сравнимо", "не измерено"}
    for i in range(rows.count()):
        cells = rows.nth(i).locator("td").all_inner_texts()
        assert cells[-1] in verdicts, cells
        assert "от " in cells[2] and " до " in cells[2], cells
    assert not re.search(r"\b(effect|paired|games)\b", text), text
    shoot(page, panel, f"compare-{game}-measure-{lang}.png")
    site_page.assert_clean()
