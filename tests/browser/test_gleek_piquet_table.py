"""The play table for Gleek and Piquet, driven in headless Chromium, on the same table code as
every other game (the generic view keys only; no line of the table names either game).

For each game a whole game is played to its end as a reader plays it, every decision of the
reader's seat clicked on the table, the bots (instant) playing the others:

* **Gleek** (3 players): the auction for the stock (bids and passes as buttons), the buyer's
  seven cards put out one click each, the vie of the ruff (vie, see, revie, yield as buttons),
  the Tyde, and every card; the ledger of tokens and whole coins and the money at the end;
* **Piquet** (2 players), under each reading set (Шевцов's and the classic game's): the elder's and the younger's exchange (each discard a click, then
  the draw), looking at the cards left, the declarations answered good, not good or equal,
  and every card; the columns and the winner at the end.

Along the way the table must draw what the engine says: the calls of the dialogue on now, the
contest box (the vie, the declarations), the piles (the stock, the talon, the discards), the
cards taken into the hand. A card the rules forbid is tried once and refused in words with
its rule. Every test checks that no console error occurred and that no request left the
loopback server. Screenshots go to /tmp/shots/table-<game>-*.png.
"""

from __future__ import annotations

import json
import random
import re
import time

import pytest

from test_loo_table import TABLE_VIEW, check_rule_href, click_and_wait, open_loo, read_refusal, shoot

pytestmark = [pytest.mark.browser, pytest.mark.slow]


SHARE_PAGE = True
"""One page for the module's tests, Python started once (tests/browser/conftest.py, ``site_page``)."""

RULE = re.compile(r"^(gleek|piquet)\.[a-z0-9-]+\.[a-z0-9-]+$")


def open_game(session, game: str, *, seed: int, options: dict[str, str] | None = None,
              reading_set: str | None = None):
    """The game's page with a game dealt at its own number of players (Gleek 3, Piquet 2)."""
    players = {"gleek": 3, "piquet": 2}[game]
    return open_loo(session, game, players=players, seed=seed, reading_set=reading_set,
                    options={name: json.dumps(value) for name, value in (options or {}).items()})


def check_drawn(page, view: dict, seen: dict) -> None:
    """What the engine's generic keys hold is on the felt."""
    felt = page.locator(".ed-table-app")
    if view["contest"]:
        box = felt.locator(".ed-talk")
        assert box.count() >= 1 and view["contest"]["title"] in box.first.inner_text(), view["contest"]
        seen["contest"] = seen.get("contest", 0) + 1
    for pile in view["piles"]:
        seen.setdefault("piles", set()).add(pile["id"])
    if view["piles"]:
        assert felt.locator(".ed-pile").count() >= 1, view["piles"]
    if view["taken"]:
        assert felt.locator(".ed-taken, .ed-taken-in").count() >= 1, view["taken"]
        seen["taken"] = seen.get("taken", 0) + 1
    if view["calls"] and view["calls"]["said"]:
        seen["calls"] = max(seen.get("calls", 0), len(view["calls"]["said"]))


def reader_step(page, view: dict, rng: random.Random, plan: dict) -> None:
    """One decision of the reader's seat, clicked: a refused card once, else a legal card or button."""
    if view["phase_kind"] == "trick" and plan.get("refusal") is None \
            and page.locator(".ed-hand .ed-card.ed-illegal").count():
        hand = page.locator(".ed-hand .ed-card")
        before = hand.count()
        click_and_wait(page, page.locator(".ed-hand .ed-card.ed-illegal").first, force=True)
        plan["refusal"] = read_refusal(page)
        assert hand.count() == before, "a refused card left the hand"
        shoot(page, f"table-{view['game']}-refused.png")
        return
    cards = page.locator('.ed-hand .ed-card[data-legal="true"]')
    buttons = page.locator('.ed-action-buttons .ed-action[data-legal="true"]')
    n_cards, n_buttons = cards.count(), buttons.count()
    assert n_cards + n_buttons, f"nothing to click in phase {view['phase']}: {view['legal']}"
    kinds = {entry["action"]["kind"] for entry in view["legal"]}
    if view["phase_kind"] == "exchange" and n_cards and rng.random() < 0.8:
        target = cards.nth(rng.randrange(n_cards))  # (mostly put out a card, so exchanges happen)
    else:
        pick = rng.randrange(n_cards + n_buttons)
        target = cards.nth(pick) if pick < n_cards else buttons.nth(pick - n_cards)
    what = target.get_attribute("data-kind") or "card"
    plan.setdefault("clicks", {}).setdefault(view["phase"], 0)
    plan["clicks"][view["phase"]] += 1
    plan.setdefault("kinds", set()).update(kinds)
    plan.setdefault("done", set()).add(f"{view['phase']}:{what}")
    click_and_wait(page, target)


def play_to_end(page, game: str, *, seed: int, limit_s: float) -> dict:
    rng = random.Random(seed)
    plan: dict = {"refusal": None, "deals": set(), "seen": {}}
    deadline = time.monotonic() + limit_s
    mid = False
    while True:
        view = page.evaluate(TABLE_VIEW)
        if view["over"]:
            return plan
        assert time.monotonic() < deadline, f"{game}: not over in {limit_s} s ({plan})"
        assert view["to_act"] == 0, f"the bots stopped with seat {view['to_act']} to act"
        plan["deals"].add(view["deal"])
        check_drawn(page, view, plan["seen"])
        if not mid and view["phase_kind"] == "trick" and view["tricks_played"] >= 3:
            shoot(page, f"table-{game}-mid.png")
            mid = True
        reader_step(page, view, rng, plan)


def check_end(page, view: dict) -> None:
    assert view["over"] and view["outcome"], view["phase"]
    outcome = page.locator(".ed-outcome")
    assert outcome.is_visible()
    text = outcome.inner_text()
    assert re.search(r"\bwins?\b|You win|drawn", text), text
    links = page.locator(".ed-sheet-table tbody tr.ed-entry a.edition-rule-link")
    assert links.count() >= 3
    for i in range(min(links.count(), 12)):
        title = links.nth(i).get_attribute("title") or links.nth(i).inner_text()
        assert RULE.match(title), title
        check_rule_href(page, title, links.nth(i).get_attribute("href"))
    foot = page.locator(".ed-sheet tfoot tr").first.locator("td").all_inner_texts()
    assert foot == [str(t) for t in view["totals"]], (foot, view["totals"])


def test_a_whole_game_of_gleek_by_clicks(site_page):
    page = open_game(site_page, "gleek", seed=3)
    shoot(page, "table-gleek-start.png")
    plan = play_to_end(page, "gleek", seed=3, limit_s=240)
    view = page.evaluate(TABLE_VIEW)
    shoot(page, "table-gleek-end.png")
    check_end(page, view)
    assert len(plan["deals"]) == view["variant"]["deals"], plan["deals"]
    assert {"stock", "turned"} <= plan["seen"]["piles"], plan["seen"]
    assert plan["seen"].get("contest"), "the vie's box was never drawn"
    done = plan["done"]
    assert any(d.startswith("auction:") for d in done), done
    assert any(d.startswith("vie:") for d in done), done
    assert plan["refusal"] is not None and RULE.match(plan["refusal"]["rule"]), plan["refusal"]
    # the ledger of tokens: the money at the end in tokens, with whole coins and tokens over
    units = [a["unit"] for a in view["ledger"]["accounts"]]
    assert units[0] == "tokens", units
    sheet = page.locator(".ed-sheet").inner_text()
    assert "tokens" in sheet.lower(), sheet
    site_page.assert_clean()


@pytest.mark.parametrize("order", ["discard-first", "take-first"])
def test_gleek_buyer_puts_out_seven_by_clicks(site_page, order):
    """The reader (seat 0) bids on until the others drop out and buys the stock; the seven cards
    are clicked one by one onto the discards. Under the default reading (discard first) the
    hand goes from 12 to 5 and takes the stock after; under "take first" the stock's seven are
    in the hand, marked as taken, and the hand goes from 19 to 12."""
    page = open_game(site_page, "gleek", seed=5, options={"exchange_order": order})
    for _ in range(80):
        view = page.evaluate(TABLE_VIEW)
        if view["phase"] == "exchange" and view["to_act"] == 0:
            break
        assert view["phase"] == "auction" and view["deal"] == 1, (view["phase"], view["detail"]["auction"])
        bids = page.locator('.ed-action-buttons .ed-action[data-legal="true"]:not([data-kind="pass"])')
        click_and_wait(page, bids.first)
    else:
        pytest.fail(f"the reader did not buy the stock: {view['detail']['auction']}")
    assert view["detail"]["auction"]["buyer"] == 0 and view["variant"]["exchange_order"] == order
    hand = page.locator(".ed-hand .ed-card")
    if order == "take-first":
        assert view["taken"] and len(view["taken"]["cards"]) == 7, view["taken"]
        assert hand.count() == 19 and page.locator(".ed-hand .ed-taken-in").count() == 7
    else:
        assert view["taken"] is None and hand.count() == 12
    shoot(page, f"table-gleek-exchange-{order}.png")
    start = hand.count()
    for n in range(7):
        click_and_wait(page, page.locator('.ed-hand .ed-card[data-legal="true"]').first)
        view = page.evaluate(TABLE_VIEW)
        discards = next(p for p in view["piles"] if p["id"] == "discards")
        assert discards["count"] == n + 1 and len(discards["cards"]) == n + 1, discards
        if n < 6:
            assert view["phase"] == "exchange" and hand.count() == start - n - 1, (n, hand.count())
    assert view["phase"] != "exchange" and len(view["hands"][0]) == 12, view["phase"]
    assert page.locator(".ed-pile[data-pile='discards']").count() == 1
    site_page.assert_clean()


@pytest.mark.parametrize("reading_set", ["classic"])  # (the default, Шевцов's, is every other piquet test's)
def test_a_whole_game_of_piquet_by_clicks(site_page, reading_set):
    """A whole partie under each of the catalogue's reading sets, chosen with the one setting
    that sets every contested rule at once."""
    from engine import games

    readings = games.get("piquet").reading_set(reading_set)
    page = open_game(site_page, "piquet", seed=2, reading_set=reading_set)
    view = page.evaluate(TABLE_VIEW)
    assert {k: view["variant"][k] for k in readings} == readings, view["variant"]
    assert page.locator(".edition-table .ed-setup select[name=reading_set]").input_value() == reading_set
    shoot(page, f"table-piquet-{reading_set}-start.png")
    plan = play_to_end(page, "piquet", seed=2, limit_s=300)
    view = page.evaluate(TABLE_VIEW)
    shoot(page, f"table-piquet-{reading_set}-end.png")
    check_end(page, view)
    assert len(plan["deals"]) == 6, plan["deals"]  # (both sets: a partie of six deals)
    assert "talon" in plan["seen"]["piles"], plan["seen"]
    assert plan["seen"].get("contest"), "the declarations' box was never drawn"
    assert plan["seen"].get("taken"), "the cards drawn from the talon were never shown"
    done = plan["done"]
    assert any(d.split(":")[0] in ("elder_exchange", "younger_exchange", "exchange") for d in done) or \
        any("exchange" in d for d in done), done
    assert any(d.startswith("declare:") for d in done), done
    assert plan["refusal"] is None or RULE.match(plan["refusal"]["rule"]), plan["refusal"]
    site_page.assert_clean()
