"""The part of every view the table draws (``engine/table_view.py``): one shape for every game.

What a seat may not see is never in its table keys, every call of a dialogue is in ``calls`` as it
is made, ``previous_deal`` is the last finished deal's summary and the ledger gives its unit, start
and target: checked over every golden game in the whole-game net (tests/net.py). Here: the order of
a dialogue's calls, the cases of single keys, and that the table reads only these: no module of ``docs/assets/js`` names a game, a phase of one,
or a view key that was one game's own, and none is over 600 lines.
"""

from __future__ import annotations

import json
import random
import re
import sys
from pathlib import Path
from typing import Any

import pytest

from engine import games
from engine.bots import make_bot
from engine.game import Action
from engine.partie import PHASE_KINDS, Partie

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))

GAMES = [spec.id for spec in games.all()]


def pile(view: dict[str, Any], pile_id: str) -> dict[str, Any] | None:
    return next((p for p in view["piles"] if p["id"] == pile_id), None)


@pytest.mark.parametrize("game", GAMES)
def test_the_dialogue_s_calls_are_the_order_spoken_and_waiting(game):
    state = games.get(game).new_game({}, 3)
    bots = [make_bot("heuristic", seed=s) for s in range(state.num_players)]
    while state.PHASES[state.phase].kind != "dialogue":
        seat = state.current_player()
        state.apply(bots[seat].choose(state, seat))
    noted = type(state).calls_view is Partie.calls_view  # (Gleek and Piquet keep calls of their own)
    while state.PHASES[state.phase].kind == "dialogue" and state.deal_number == 1:
        order = list(state.dialogue.turns)  # (Памфил: the declaration's, then the bidding's)
        calls = state.view(None)["calls"]
        spoken = [c["seat"] for c in calls["said"][state.dialogue.calls_from:]]
        assert calls["waiting"][0] == state.current_player()
        assert not noted or spoken + calls["waiting"] == order
        seat = state.current_player()
        state.apply(bots[seat].choose(state, seat))


def test_a_ruff_is_said_without_its_suit_until_it_is_proved():
    state = games.get("ruffe-and-trumps").new_game({}, 4)
    state.apply(state.legal_actions()[0])
    mine, other = state.view(0)["calls"]["said"][0]["text"], state.view(1)["calls"]["said"][0]["text"]
    assert mine.startswith(other + " in ") and other == f"Ruff {state.announcements[0][2]}"
    assert state.view(1)["calls"]["waiting"] == [1, 2, 3] and state.view(1)["calls"]["waiting_text"] == \
        "waiting to announce a ruff"


def test_the_calls_the_rules_refuse_are_offered_unavailable_to_the_seat_to_act_only():
    # Мушка: the holder of the ace of spades may not pass
    state = games.get("mushka").new_game({"players": 3}, 0)
    while "AS" not in state.view(None)["hands"][state.current_player()]:
        state = games.get("mushka").new_game({"players": 3}, state.seed + 1)
    seat = state.current_player()
    view = state.view(seat)
    assert view["unavailable"] == [{"action": {"kind": "pass"}, "label": "Pass", "text": "pass"}]
    assert all(state.view(other)["unavailable"] == [] for other in range(3) if other != seat)
    with pytest.raises(Exception, match="mushka.bid.ace-of-spades-must-play"):
        state.apply(Action("pass"))
    # Петух: nobody passes
    petukh = games.get("petukh").new_game({}, 0)
    assert [u["text"] for u in petukh.view(petukh.current_player())["unavailable"]] == ["pass"]


def test_the_turned_pamphil_is_taken_into_the_dealer_s_hand_and_lies_there_as_a_pile():
    for seed in range(400):
        state = games.get("pamphil").new_game({"players": 3}, seed)
        if state.phase == "lay_out":
            break
    else:
        pytest.skip("no seed under 400 turns up the pamphil")
    dealer = state.dealer
    assert state.view(dealer)["taken"] == {"seat": dealer, "cards": ["JC"], "note": "the turned pamphil"}
    assert state.view((dealer + 1) % 3)["taken"] is None
    turned = pile(state.view((dealer + 1) % 3), "turned")
    assert turned is not None and turned["cards"] == ["JC"] and turned["seat"] == dealer


@pytest.mark.parametrize("game, start, unit", [("ruffe-and-trumps", None, "points"), ("mushka", 25, "record"),
                                               ("rams", 100, "record"), ("petukh", 15, "record")])
def test_the_ledger_gives_the_unit_its_start_its_target_and_at_the_end_the_settlement(game, start, unit):
    state = games.get(game).new_game({}, 2)
    view = state.view(0)
    assert (view["ledger"]["unit"], view["ledger"]["start"]) == (unit, start)
    assert view["ledger"]["accounts"] == []
    json.dumps(view)
    # (a whole game's ledger, its settlement and side payments: every golden's end, tests/net.py)


def test_pamphil_s_side_payments_are_an_account_of_their_own():
    from engine.games.loo.pamphil import PAMPHIL

    rng = random.Random(5)
    for seed in range(200):  # a deal whose pamphil is dealt to a hand
        state = games.get("pamphil").new_game({"players": 3, "pamphil_payment": 2}, seed)
        while not state.is_over() and state.phase != "declare":
            state.apply(rng.choice(state.legal_actions()))
        if state.phase == "declare" and any(PAMPHIL in hand for hand in state.hands):
            break
    while Action("declare") not in state.legal_actions():  # the others say nothing first
        state.apply(Action("keep_quiet"))
    holder = state.current_player()
    state.apply(Action("declare"))
    accounts = state.view(None)["ledger"]["accounts"]
    assert [a["unit"] for a in accounts] == ["payment"]
    assert accounts[0]["totals"] == [4 if s == holder else -2 for s in range(3)]
    assert accounts[0]["rule"] == "pamphil.bid.declare-payment"


# --------------------------------------------------------------------------- the table reads nothing else

JS = sorted((ROOT / "docs" / "assets" / "js").glob("*.js"))
OWN_KEYS = ("ruff", "bids", "head", "won", "stock", "aside", "discards", "start_record", "records", "payments",
            "settlement", "settlement_rule", "turned_card", "turned_taken", "trump_card", "seat_draws", "pack",
            "auction", "vie", "bank", "pot", "deals_in_game", "talon", "elder", "announced_capot",
            "deal_entries", "detail")
"""The view keys of one game or family that the generic keys retired (a table must not read them),
and ``detail``, where a game's own keys are now (game-specific: no table code reads it)."""


@pytest.mark.parametrize("path", JS, ids=lambda p: p.name)
def test_no_table_module_knows_a_game_or_its_own_view_keys(path):
    text = path.read_text(encoding="utf-8")
    assert len(text.splitlines()) <= 600, f"{path.name}: more than 600 lines"
    for spec in games.all():
        assert not re.search(rf"\b{re.escape(spec.id)}\b", text), f"{path.name} names the game {spec.id}"
        for phase in spec.state_class.PHASES:
            if phase not in ("over", "play", *PHASE_KINDS):  # (Gleek's and Piquet's "exchange" is a kind too)
                assert f'"{phase}"' not in text and f"'{phase}'" not in text, f"{path.name} names the phase {phase}"
    for key in OWN_KEYS:
        assert not re.search(rf"\b(v|view|t\.view|prev|source)\.{key}\b", text), f"{path.name} reads the view's {key}"


def test_the_modules_doctests():
    import doctest

    from engine import table_view
    from engine.games.loo import view as loo_view
    from engine.games.ruffe import view as ruffe_view

    results = [doctest.testmod(module) for module in (table_view, ruffe_view, loo_view)]
    assert all(r.attempted for r in results) and not any(r.failed for r in results), results


@pytest.mark.parametrize("game", ["mushka", "pamphil", "rams", "petukh"])
def test_a_loo_deal_s_cards_are_all_on_the_felt_before_the_play(game):
    """Until the first card is played, every card of the pack is in a hand or a pile (the
    turned trump, the stock, the discards being made, the cards thrown out by the buyers):
    the felt accounts for the whole pack at every decision, for every viewer."""
    for players in (3, 5):
        state = games.get(game).new_game({"players": players}, 8)
        pack = len(state.make_pack())
        while not state.is_over() and state.deal_number <= 3:
            if state.PHASES[state.phase].kind != "trick":
                for viewer in (None, 0):
                    view = state.view(viewer)
                    held = sum(len(h) if isinstance(h, list) else h["count"] for h in view["hands"])
                    laid = sum(p["count"] for p in view["piles"] if not (p["id"] == "turned" and p["seat"] is not None))
                    assert held + laid == pack, (game, players, view["phase"], view["piles"])
            state.apply(state.heuristic_action(state.current_player()))


LEDGER_JS = ROOT / "docs" / "assets" / "js" / "ledger.js"
FAKE_DOM = """globalThis.document = { documentElement: { lang: "en" } };
const el = (tag, attrs, ...children) => ({ tag, attrs: attrs || {}, children: children.flat(Infinity)
  .filter((c) => c !== null && c !== undefined && c !== false),
  append(...more) { this.children.push(...more.flat(Infinity)); } });
const text = (node) => (typeof node === "object" ? node.children.map(text).join("") : String(node));
const rows = (node) => (node.tag === "tr" ? [node] : node.children.filter((c) => typeof c === "object").flatMap(rows));
const ctx = { el, ruleLink: (rule) => `[${rule}]`, words: (t) => t, sideLabel: (s) => `side ${s}`,
  seatName: (s) => `seat ${s}` };
"""


def _drawn(view: dict[str, Any]) -> dict[str, Any]:
    """What the table's ledger.js draws of a view: the sheet's rows and the entries' tables, each row
    as the texts of its cells (run by node, with an element builder that keeps a tree)."""
    import shutil
    import subprocess

    if shutil.which("node") is None:
        pytest.skip("node is not installed")
    script = FAKE_DOM + f"""const ledger = await import({json.dumps(LEDGER_JS.as_uri())});
const view = {json.dumps(view)};
const book = ledger.ledgerOf(view);
const cells = (row) => row.children.map(text);
console.log(JSON.stringify({{ sheet: rows(ledger.sheetTable(ctx, book, {{ accounts: book.accounts }})).map(cells),
  tables: ledger.entriesTables(ctx, book).map((t) => ({{ unit: t.attrs["data-unit"], summary: text(t.children[0]),
    rows: rows(t).map(cells) }})) }}));"""
    result = subprocess.run(["node", "--input-type=module", "-e", script], cwd=ROOT, capture_output=True, text=True,
                            timeout=60)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_the_table_draws_every_point_of_play_under_the_sheet_the_last_trick_s_among_them():
    """Piquet's sheet counts the column; its points of play (declarations, leads and tricks, the last
    trick's point) are in the view's ledger entries, and the table draws them under the sheet, a row
    per rule and reason (a run of one rule summed), every point in its side's column."""
    state = games.get("piquet").new_game({}, 3)
    while state.deal_number < 2:
        state.apply(state.heuristic_action(state.current_player()))
    view = state.view(None)
    drawn = _drawn(view)
    assert [t["unit"] for t in drawn["tables"]] == ["points"]
    table = drawn["tables"][0]
    assert table["summary"] == "The points of this deal and the last, entry by entry"
    body = table["rows"][1:]  # (the head)
    points = [e for e in state.ledger.entries if e.deal == 1 and e.unit == "points"]
    last = next(e for e in points if e.rule == "piquet.play.last-trick")
    row = next(r for r in body if "[piquet.play.last-trick]" in r[1])
    assert row[2 + last.side] == str(last.amount) and last.amount > 0
    for side in (0, 1):  # every point of the deal is drawn: the columns sum to the ledger's
        assert sum(int(r[2 + side]) for r in body if r[2 + side]) == sum(e.amount for e in points if e.side == side)
    assert {e.rule for e in points} == {re.search(r"\[(.+)\]$", r[1]).group(1) for r in body}
    assert not any("piquet.play.trick-points" in r[1] for r in drawn["sheet"])  # (the sheet: the column only)


def test_the_table_draws_gleek_s_payments_in_its_sheet():
    """Gleek's sheet is in tokens and every payment is an entry of it, with its counterparty: the sheet
    draws each, and nothing is left for a table under it."""
    state = games.get("gleek").new_game({}, 3)
    while state.deal_number < 2:
        state.apply(state.heuristic_action(state.current_player()))
    view = state.view(None)
    drawn = _drawn(view)
    assert drawn["tables"] == []
    paid = {e.rule for e in state.ledger.entries if e.deal == 1 and e.amount}
    assert paid and {rule for rule in paid if any(f"[{rule}]" in r[1] for r in drawn["sheet"] if len(r) > 1)} == paid
