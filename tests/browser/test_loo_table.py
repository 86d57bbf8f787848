"""The play table for the loo family (Мушка, Памфил, Рамс, Петух), driven in headless Chromium.

A whole game of Памфил is played to its end as a reader plays it (Мушка, Рамс and Петух are played
whole in Russian, tests/browser/test_russian_games.py): the bids, the cards
thrown out when buying, the draw, the dealer's exchange, the pamphil, and every card are
clicked on the table for the reader's seat, the bots (instant) play the others. The outcome,
the score sheet of records (each change with its rule linked to the game page), the
settlement and a refusal explained in words with its rule must show. One game is also laid
out on a phone-sized screen. Every test checks that no console error occurred and that no
request left the loopback server.

Screenshots of each table mid-deal and at the end go to /tmp/shots/loo-*.png.
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

SHOTS = Path("/tmp/shots")
TABLE = ".ed-table-app"
PLAYABLE = '.ed-table-app [data-legal="true"]'
TABLE_VIEW = "document.querySelector('.edition-table').editionTable.view"
LOO_RULE = re.compile(r"^(mushka|pamphil|rams|petukh)\.[a-z0-9-]+\.[a-z0-9-]+$")


def shoot(page, name: str) -> None:
    """The table alone (Material's sticky header, hidden for the picture, would cover part of it)."""
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.evaluate("document.querySelector('.md-header')?.style.setProperty('visibility', 'hidden')")
    page.locator(TABLE).screenshot(path=str(SHOTS / name))
    page.evaluate("document.querySelector('.md-header')?.style.removeProperty('visibility')")


SEED_LABEL = {"en": "Seed ", "ru": "Расклад № "}
"""How the table's status line names the seed, by the page's language."""


def open_loo(session, game: str, *, players: int, seed: int, options: dict[str, str] | None = None,
             speed: str = "0", reading_set: str | None = None, lang: str = "en"):
    """Open the game's page (in ``lang``: the Russian one under ru/), let its table start, and deal
    a game with these settings (a select's value is its option's JSON; ``reading_set``: one of the
    game's named sets)."""
    page = session.page
    visit(session, f"{'' if lang == 'en' else lang + '/'}games/{game}/")
    page.locator(f".edition-table[data-game='{game}']").scroll_into_view_if_needed()
    page.wait_for_selector(f"{TABLE}[data-phase]", timeout=120_000)  # the default game is dealt
    page.locator(".edition-table .ed-setup summary").click()
    page.select_option(".edition-table .ed-setup select[name=players]", str(players))
    if reading_set is not None:
        page.select_option(".edition-table .ed-setup select[name=reading_set]", reading_set)
    for name, value in (options or {}).items():
        field = page.locator(f".edition-table .ed-setup [name={name}]")
        if field.evaluate("(e) => e.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    page.select_option(".edition-table .ed-setup select[name=speed]", speed)
    page.fill(".edition-table .ed-setup input[name=seed]", str(seed))
    page.locator(".edition-table .ed-setup button[type=submit]").click()
    page.locator(".edition-table .ed-setup summary").click()
    page.wait_for_function(
        "([word, seed]) => document.querySelector('.ed-seed-label')?.textContent.includes(word + seed)",
        arg=[SEED_LABEL[lang], seed])
    wait_for_reader(page)
    view = page.evaluate(TABLE_VIEW)
    assert view["game"] == game and view["players"] == players, view["variant"]
    return page


def wait_for_reader(page, timeout: int = 30_000) -> None:
    """Until the reader may act (a legal button or card) or the game is over."""
    page.wait_for_function(
        f"document.querySelector('{PLAYABLE}') !== null || {TABLE_VIEW}?.over === true", timeout=timeout)


def click_and_wait(page, locator, *, force: bool = False) -> None:
    """Click, then wait for the engine's answer: a new view (or a refusal) and the reader's turn.

    ``force``: click a control marked aria-disabled (a card or bid the rules forbid now, which
    the table still lets the reader try).
    """
    # the table idle first (no request of its own on the way, no bot moving): a click while it
    # is busy is ignored, as a reader's would be
    page.wait_for_function("(() => { const t = document.querySelector('.edition-table').editionTable;"
                           " return t && !t.busy && (t.botsRunning === null || t.botsRunning === undefined); })()",
                           timeout=30_000)
    page.evaluate(f"window.__seenView = {TABLE_VIEW}; window.__seenRefusal = "
                  "document.querySelector('.ed-refusal')?.textContent || null")
    if force:  # (no actionability wait: bring it to the middle, clear of the site's sticky header)
        locator.evaluate("(e) => e.scrollIntoView({block: 'center', inline: 'center'})")
    locator.click(timeout=5_000, force=force)
    page.wait_for_function(
        f"({TABLE_VIEW} !== window.__seenView"
        " || (document.querySelector('.ed-refusal')?.textContent || null) !== window.__seenRefusal)"
        f" && (document.querySelector('{PLAYABLE}') !== null || {TABLE_VIEW}.over)",
        timeout=30_000)


def read_refusal(page) -> dict:
    refusal = page.locator(".ed-refusal")
    refusal.wait_for(timeout=10_000)
    link = refusal.locator("a.edition-rule-link")
    return {"text": refusal.inner_text(), "rule": link.first.inner_text(), "href": link.first.get_attribute("href")}


def check_rule_href(page, rule: str, href: str) -> None:
    """A rule's link leads to its anchor: on this page when the page states it, else on its game's page."""
    anchor = rule.replace(".", "-")
    if href.startswith("#"):
        assert href == "#" + anchor and page.locator(f"[id='{anchor}']").count() == 1, (rule, href)
    else:
        assert href.endswith(f"/games/{rule.split('.')[0]}/#{anchor}"), (rule, href)


def check_refusal(page, refusal: dict) -> None:
    assert LOO_RULE.match(refusal["rule"]), refusal
    check_rule_href(page, refusal["rule"], refusal["href"])
    assert refusal["text"].startswith("Not allowed"), refusal
    assert len(refusal["text"]) > 30, refusal  # a reason in words, not just the id


def try_illegal_card(page) -> dict:
    """Click a card the rules forbid now (the table lets the reader try it) and read the refusal."""
    hand = page.locator(".ed-hand .ed-card")
    before = hand.count()
    click_and_wait(page, page.locator(".ed-hand .ed-card.ed-illegal").first, force=True)
    refusal = read_refusal(page)
    assert hand.count() == before, "a refused card left the hand"
    return refusal


def reader_step(page, view: dict, rng: random.Random, plan: dict) -> str:
    """One decision of the reader's seat, clicked on the table. Returns what was done."""
    phase = view["phase"]
    legal = view.get("legal") or []
    kinds = {entry["action"]["kind"] for entry in legal}
    if phase == "bid" and plan["bid_refusal"] is None and page.locator(".ed-action.ed-illegal-action").count():
        # A bid the rules forbid now is offered greyed: try it, and read why not.
        forbidden = page.locator(".ed-action.ed-illegal-action").first
        assert forbidden.get_attribute("aria-disabled") == "true"
        kind = forbidden.get_attribute("data-kind")
        click_and_wait(page, forbidden, force=True)
        plan["bid_refusal"] = {**read_refusal(page), "kind": kind}
        shoot(page, f"loo-{view['game']}-bid-refused.png")
        assert page.evaluate(TABLE_VIEW)["phase"] == "bid", "a refused bid changed the phase"
        return "bid refused"
    if phase == "bid":
        plan["bids"] += 1
        choices = page.locator('.ed-action-buttons .ed-action[data-legal="true"]')
        names = [choices.nth(i).get_attribute("data-kind") for i in range(choices.count())]
        assert names and set(names) <= {"pass", "stand", "buy"}, names
        # Mostly play and buy (so that discards and draws happen), sometimes pass.
        weights = {"buy": 5, "stand": 3, "pass": 1}
        pick = rng.choices(names, [weights[n] for n in names])[0]
        click_and_wait(page, page.locator(f'.ed-action[data-legal="true"][data-kind="{pick}"]'))
        return f"bid {pick}"
    if phase == "discard" and "discard" in kinds:
        done = (view.get("discards") or {}).get("count") or 0
        want = plan.setdefault(("want", view["deal"]), rng.randint(1, 3))
        if done < want or "draw" not in kinds:
            click_and_wait(page, page.locator('.ed-hand .ed-card[data-legal="true"]').nth(
                rng.randrange(page.locator('.ed-hand .ed-card[data-legal="true"]').count())))
            plan["discards"] += 1
            return "discard"
    if "draw" in kinds:
        button = page.locator('.ed-action[data-kind="draw"]')
        assert re.match(r"Draw \d+", button.inner_text()), button.inner_text()
        click_and_wait(page, button)
        plan["draws"] += 1
        return "draw"
    if phase == "declare" and "declare" in kinds:
        # Памфил: the reader holds the pamphil and declares it; the show must be drawn, with its rule.
        click_and_wait(page, page.locator('.ed-action[data-kind="declare"]'))
        shows = page.locator(".ed-shows .ed-show[data-kind='pamphil']")
        shows.first.wait_for(timeout=10_000)
        assert shows.first.locator(".ed-card[data-card='JC']").count() == 1
        assert shows.first.locator("a.edition-rule-link").get_attribute("title") == "pamphil.bid.declare-payment"
        assert "South (you) declares the pamphil" in shows.first.inner_text()
        plan["declared"] = plan.get("declared", 0) + 1
        if plan["declared"] == 1:
            shoot(page, "loo-pamphil-declared.png")
        return "declare"
    if phase == "play" and plan["refusal"] is None and page.locator(".ed-hand .ed-card.ed-illegal").count():
        plan["refusal"] = try_illegal_card(page)
        return "refused"
    cards = page.locator('.ed-hand .ed-card[data-legal="true"]')
    buttons = page.locator('.ed-action-buttons .ed-action[data-legal="true"]')
    options = cards.count() + buttons.count()
    assert options, f"nothing to click in phase {phase}: {legal}"
    pick = rng.randrange(options)
    target = cards.nth(pick) if pick < cards.count() else buttons.nth(pick - cards.count())
    plan[phase] = plan.get(phase, 0) + 1
    click_and_wait(page, target)
    return phase


def play_to_end(page, game: str, *, seed: int, limit_s: float, mid_shot: str | None = None) -> dict:
    """Click the reader's decisions until the game is over; returns what happened."""
    rng = random.Random(seed)
    plan = {"bids": 0, "discards": 0, "draws": 0, "refusal": None, "bid_refusal": None, "steps": 0,
            "phases": set(), "deals": set()}
    deadline = time.monotonic() + limit_s
    while True:
        view = page.evaluate(TABLE_VIEW)
        if view["over"]:
            break
        assert time.monotonic() < deadline, f"{game}: not over in {limit_s} s ({plan})"
        plan["phases"].add(view["phase"])
        plan["deals"].add(view["deal"])
        if mid_shot and view["phase"] == "play" and view["tricks_played"] >= 2 and view["deal"] >= 2:
            shoot(page, mid_shot)
            mid_shot = None
        assert view["to_act"] == 0, f"the bots stopped with seat {view['to_act']} to act"
        reader_step(page, view, rng, plan)
        plan["steps"] += 1
    return plan


def check_end(page, game: str, view: dict) -> None:
    """The outcome, the records sheet with rule links, and the settlement at the end."""
    assert view["over"] and view["outcome"], view["phase"]
    outcome = page.locator(".ed-outcome")
    assert outcome.is_visible()
    text = outcome.inner_text()
    assert re.search(r"\bwins?\b|You win", text), text
    assert "Final records" in text, text
    assert view["outcome"]["reason"][:20] in text or len(text) > 60, text
    winners = view["outcome"]["winners"]
    assert winners and all(view["totals"][w] <= view["ledger"]["target"] for w in winners), view["totals"]
    settlement = next((a["totals"] for a in view["ledger"]["accounts"] if a["unit"] == "settlement"), None)
    if settlement and any(settlement):
        assert "Settlement" in text, text
        assert page.locator(".ed-sheet tfoot .ed-money-row").count() >= 1

    sheet = page.locator(".ed-sheet")
    assert "lower is better" in sheet.inner_text().lower()
    start = page.locator(".ed-sheet .ed-start-row td.ed-num").all_inner_texts()
    assert start == [str(view["ledger"]["start"])] * view["players"], start
    changes = page.locator(".ed-sheet .ed-change .ed-delta").all_inner_texts()
    assert len(changes) >= 3 and all(re.fullmatch(r"[+\u2212]\d+|0", c) for c in changes), changes
    links = page.locator(".ed-sheet-table tbody tr.ed-entry a.edition-rule-link")
    assert links.count() >= 3
    for i in range(min(links.count(), 12)):
        title = links.nth(i).get_attribute("title") or links.nth(i).inner_text()
        href = links.nth(i).get_attribute("href")
        assert LOO_RULE.match(title), title
        check_rule_href(page, title, href)
    foot = page.locator(".ed-sheet tfoot tr").first.locator("td").all_inner_texts()
    assert foot == [str(r) for r in view["totals"]], (foot, view["totals"])


GAMES = [
    # game, players, seed, options, time limit (s), the bid refused in the first deal (rule) or None.
    # Each game is played whole once in the browser: Памфил here, Мушка, Рамс and Петух in Russian
    # (test_russian_games.py). Seed 0: the reader is dealt the pamphil (J♣) in deal 1.
    ("pamphil", 3, 0, {}, 75, None),
]


@pytest.mark.parametrize(("game", "players", "seed", "options", "limit", "bid_rule"), GAMES, ids=[g[0] for g in GAMES])
def test_whole_loo_game_by_clicks(site_page, game, players, seed, options, limit, bid_rule) -> None:
    page = open_loo(site_page, game, players=players, seed=seed, options=options)
    info = page.locator(".ed-info").inner_text()
    assert "Trumps" in info and "Records" in info, info
    assert page.locator(".ed-felt .ed-turned").count() == 1  # the turned trump (or shown card)
    assert re.search(r"Stock: (\d+ cards?|empty)", page.locator(".ed-felt").inner_text())
    plan = play_to_end(page, game, seed=seed, limit_s=limit, mid_shot=f"loo-{game}-mid.png")
    view = page.evaluate(TABLE_VIEW)
    shoot(page, f"loo-{game}-end.png")
    check_end(page, game, view)
    assert plan["bids"] >= 1 and {"bid", "play"} <= plan["phases"], plan
    assert plan["refusal"] is not None, f"{game}: no unplayable card was ever offered to try ({plan})"
    if game == "pamphil":
        assert plan.get("declared"), plan
        assert "Side payments for declaring the pamphil" in page.locator(".ed-outcome").inner_text()
    check_refusal(page, plan["refusal"])
    if game == "rams":  # the reader deals the first deal and may take the turned trump
        assert "dealer_exchange" in plan["phases"], plan
    if bid_rule:
        refusal = plan["bid_refusal"]
        assert refusal is not None and refusal["kind"] == "pass", plan
        check_refusal(page, refusal)
        assert refusal["rule"] == bid_rule, refusal
    site_page.assert_clean()


FITS = """() => {
  const felt = document.querySelector('.ed-felt').getBoundingClientRect();
  const out = [];
  for (const e of document.querySelectorAll('.ed-felt .ed-seat, .ed-felt .ed-card, .ed-felt .ed-talk, .ed-trick, .ed-action')) {
    const r = e.getBoundingClientRect();
    if (r.width && (r.left < felt.left - 1 || r.right > felt.right + 1)) {
      out.push(`${e.className} ${e.dataset.card || ''} at ${Math.round(r.left)}..${Math.round(r.right)}`);
    }
  }
  const sheet = document.querySelector('.ed-sheet').getBoundingClientRect();
  return {outside: out, sheet: [sheet.left, sheet.right], scrollWidth: document.documentElement.scrollWidth,
          width: window.innerWidth};
}"""


def check_fits(page) -> None:
    fits = page.evaluate(FITS)
    assert fits["outside"] == [], fits
    assert fits["scrollWidth"] <= fits["width"], f"the page scrolls sideways: {fits}"
    assert fits["sheet"][1] <= fits["width"] + 1, fits


def test_petukh_at_its_defaults_on_a_phone(narrow_site_page) -> None:
    """Phone (390 x 844), Петух as the page deals it (four players, records from 15): the felt, the
    bids and the sheet fit the narrow screen; the game is played to its end."""
    session = narrow_site_page
    page = session.page
    page.goto(session.url("games/petukh/"))
    page.locator(".edition-table[data-game='petukh']").scroll_into_view_if_needed()
    page.wait_for_selector(f"{TABLE}[data-phase]", timeout=120_000)
    page.locator(".edition-table .ed-setup summary").click()
    defaults = {name: page.locator(f".edition-table .ed-setup [name={name}]").input_value()
                for name in ("players", "start_record", "stake", "six_player_pack")}
    assert defaults == {"players": "4", "start_record": "15", "stake": "1", "six_player_pack": '"thirty"'}, defaults
    assert page.locator(".edition-table .ed-setup input[name=start_record]").get_attribute("type") == "number"
    page.select_option(".edition-table .ed-setup select[name=speed]", "0")
    page.fill(".edition-table .ed-setup input[name=seed]", "8")
    page.locator(".edition-table .ed-setup button[type=submit]").click()
    page.locator(".edition-table .ed-setup summary").click()
    page.wait_for_function("() => document.querySelector('.ed-seed-label')?.textContent.includes('Seed 8')")
    wait_for_reader(page)
    view = page.evaluate(TABLE_VIEW)
    dealt = sum(len(h) if isinstance(h, list) else h["count"] for h in view["hands"])
    pack = dealt + sum(p["count"] for p in view["piles"])  # five each, the turned trump, the stock
    assert view["players"] == 4 and view["ledger"]["start"] == 15 and pack == 36, view["variant"]
    page.locator(".ed-felt").scroll_into_view_if_needed()
    check_fits(page)
    assert page.locator(".ed-opponents .ed-seat").count() == 3
    SHOTS.mkdir(parents=True, exist_ok=True)
    page.screenshot(path=str(SHOTS / "loo-petukh-phone-start.png"))
    plan = play_to_end(page, "petukh", seed=8, limit_s=90, mid_shot=None)
    assert plan["bid_refusal"] is not None and plan["bid_refusal"]["rule"] == "petukh.bid.no-pass", plan
    view = page.evaluate(TABLE_VIEW)
    check_end(page, "petukh", view)
    check_fits(page)
    page.locator(".ed-outcome").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "loo-petukh-phone-end.png"))
    page.locator(".ed-sheet").scroll_into_view_if_needed()
    page.screenshot(path=str(SHOTS / "loo-petukh-phone-sheet.png"))
    session.assert_clean()


def test_record_download_open_and_replay_by_seed(site_page, tmp_path) -> None:
    """Мушка: the record downloads, opens again from the file, and the seed deals the same cards."""
    page = open_loo(site_page, "mushka", players=3, seed=5)
    first_hand = page.locator(".ed-hand .ed-card").evaluate_all("cards => cards.map(c => c.dataset.card)")
    dialogs: list[str] = []  # the game is on: the table asks before it reveals the hidden cards
    page.once("dialog", lambda dialog: (dialogs.append(dialog.message), dialog.accept()))
    with page.expect_download() as download_info:
        page.locator(".ed-toolbar .ed-download").click()
    assert dialogs and "hidden from you" in dialogs[0]
    path = Path(download_info.value.path())
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["format"] == "edition-record" and record["game"] == "mushka"
    assert record["seed"] == 5 and record["players"] == 3 and record["variant"]["players"] == 3
    assert [s["kind"] for s in record["seats"]] == ["human", "heuristic", "heuristic"]
    assert len(record["deals"][0]["deck"]) == 32
    # One bid, then the seed again: the same first hand comes back.
    click_and_wait(page, page.locator('.ed-action[data-legal="true"][data-kind="stand"]'))
    page.locator(".ed-toolbar .ed-replay").click()
    wait_for_reader(page)
    page.wait_for_function(f"{TABLE_VIEW}.phase === 'bid'")
    again = page.locator(".ed-hand .ed-card").evaluate_all("cards => cards.map(c => c.dataset.card)")
    assert again == first_hand
    # The downloaded record, opened from its file, gives the same table back.
    saved = tmp_path / "mushka-seed-5.json"
    saved.write_text(json.dumps(record), encoding="utf-8")
    page.locator(".ed-toolbar input[type=file]").set_input_files(str(saved))
    page.wait_for_function("() => document.querySelector('.ed-seed-label')?.textContent.includes('Opened mushka-seed-5.json')")
    wait_for_reader(page)
    opened = page.locator(".ed-hand .ed-card").evaluate_all("cards => cards.map(c => c.dataset.card)")
    assert opened == first_hand
    site_page.assert_clean()


def test_pamphil_turned_up_the_reader_lays_out_a_card_by_keyboard(site_page) -> None:
    """Памфил seed 29: the reader deals and turns up the pamphil (J♣): he takes it and lays out a
    card of his own, chosen here with the arrow keys and Enter; its suit becomes trumps."""
    page = open_loo(site_page, "pamphil", players=3, seed=29)
    view = page.evaluate(TABLE_VIEW)
    # the pamphil is in his hand now, no longer on the table
    turned = next(p for p in view["piles"] if p["id"] == "turned")
    assert view["phase"] == "lay_out" and view["to_act"] == 0 and turned["seat"] == 0, view["phase"]
    assert turned["cards"] == ["JC"] and view["taken"] == {"seat": 0, "cards": ["JC"], "note": "the turned pamphil"}
    prompt = page.locator(".ed-actions .ed-prompt").inner_text()
    assert "lay out a card" in prompt, prompt
    assert page.locator(".ed-actions a.edition-rule-link").get_attribute("title") == "pamphil.deal.turned-pamphil"
    assert "now in your hand" in page.locator(".ed-turned-pile").inner_text()
    hand = page.locator(".ed-hand .ed-card")
    assert hand.count() == 6 and page.locator('.ed-hand .ed-card[data-legal="true"]').count() == 5
    # The pamphil itself is not his own card to lay out: tried by keyboard, it is refused in words.
    pamphil = page.locator(".ed-hand .ed-card[data-card='JC']")
    assert pamphil.get_attribute("data-legal") == "false"
    pamphil.focus()
    page.evaluate("window.__seenRefusal = null")
    page.keyboard.press("Enter")
    refusal = read_refusal(page)
    check_refusal(page, refusal)
    assert refusal["rule"] == "pamphil.deal.turned-pamphil" and "of his own hand" in refusal["text"], refusal
    assert hand.count() == 6
    assert hand.nth(1).get_attribute("data-card") == "KH"
    hand.first.focus()
    page.keyboard.press("ArrowRight")
    assert page.evaluate("document.activeElement.dataset.card") == "KH"
    page.evaluate(f"window.__seenView = {TABLE_VIEW}")
    page.keyboard.press("Enter")
    page.wait_for_function(f"{TABLE_VIEW} !== window.__seenView && {TABLE_VIEW}.phase !== 'lay_out'")
    view = page.evaluate(TABLE_VIEW)
    turned = next(p for p in view["piles"] if p["id"] == "turned")
    assert view["trump"] == "H" and turned["cards"] == ["KH"] and turned["seat"] is None, (view["trump"], turned)
    assert "hearts" in page.locator(".ed-info").inner_text()
    assert page.locator(".ed-turned-pile .ed-card").get_attribute("data-card") == "KH"
    assert page.locator(".ed-hand .ed-card").count() == 5
    live = page.locator(".ed-table-app > .ed-visually-hidden[aria-live='polite']")
    page.wait_for_function("(el) => el.textContent.includes('hearts are trumps')", arg=live.element_handle())
    site_page.assert_clean()
