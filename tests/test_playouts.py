"""Whole games under every combination of Ruffe readings and every table.

Each combination of the contested readings (follow, ruff_tie, head_discards,
head_without_ace, count, count_baseline) is played at every table the rules allow
(four in partnership or each for himself; three dealt sixteen or twelve; two dealt
twenty-four, to 52 or 36, or twelve) by a random and a heuristic bot in alternate seats.
Every game must finish, keep its 52 cards in every position, and end by the rules.
"""

from __future__ import annotations

import itertools

import pytest

from support import play_out
from engine import catalogue, games
from engine.bots import make_bot
from engine.cards import deck_52

GAME = "ruffe-and-trumps"
SPEC = games.get(GAME)
TABLES = {
    "4p-partners-12": {"players": 4, "partnerships": True, "hand_size": 12},
    "4p-alone-12": {"players": 4, "partnerships": False, "hand_size": 12},
    "3p-16": {"players": 3, "partnerships": False, "hand_size": 16},
    "3p-12": {"players": 3, "partnerships": False, "hand_size": 12},
    "2p-24-to52": {"players": 2, "partnerships": False, "hand_size": 24, "two_player_target": "52"},
    "2p-24-to36": {"players": 2, "partnerships": False, "hand_size": 24, "two_player_target": "36"},
    "2p-12": {"players": 2, "partnerships": False, "hand_size": 12},
}
CONFIG_OPTIONS = {"players", "partnerships", "hand_size", "two_player_target"}
READING_OPTIONS = {o["name"]: o["values"] for o in SPEC.options() if o["name"] not in CONFIG_OPTIONS}
COMBINATIONS = [dict(zip(READING_OPTIONS, values)) for values in itertools.product(*READING_OPTIONS.values())]
FULL_DECK = sorted(str(c) for c in deck_52())
RULE_IDS = set(catalogue.load(GAME).ids())


def test_every_contested_reading_is_an_option():
    """The combinations below cover every reading the catalogue names."""
    options = {o["name"]: [str(v).lower() for v in o["values"]] for o in SPEC.options()}
    covered = {name: [str(v).lower() for v in values] for name, values in READING_OPTIONS.items()}
    covered["two_player_target"] = sorted({str(t.get("two_player_target", "52")) for t in TABLES.values()})
    readings = [(rule["id"], r) for rule in catalogue.load(GAME).rules for r in rule.get("readings") or []]
    assert readings
    for rule_id, reading in readings:
        option = reading["option"]
        assert option in options, (rule_id, option)
        assert str(reading["id"]).lower() in options[option], (rule_id, reading["id"])
        assert str(reading["id"]).lower() in covered[option], (rule_id, reading["id"])


def check_deal_cards(state, deal_start: int) -> None:
    view = state.view(None)
    cards = [c for hand in view["hands"] for c in hand]
    for pile in view["piles"]:  # the head untaken, the cards set aside, the discards (the turned card is the head's)
        if pile["id"] != "turned" and (pile["id"] != "head" or pile["seat"] is None):
            cards += pile["cards"]
    cards += [t["card"] for t in view["trick"]]
    played = [str(a.card) for _, a in state.history[deal_start:] if a.kind == "play"]
    won = played[: len(played) - len(view["trick"])]
    assert sum(state.won) == len(won)
    assert sorted(cards + won) == sorted(state.deals[-1])


@pytest.mark.parametrize("table", list(TABLES))
@pytest.mark.parametrize("readings", COMBINATIONS, ids=lambda r: "-".join(str(v) for v in r.values()))
def test_whole_game_finishes_by_the_rules(table, readings):
    variant = SPEC.make_variant(**TABLES[table], **readings)
    seed = len(str(readings)) * 7 + len(table)
    state = SPEC.new_game(variant, seed)
    kinds = ["random", "heuristic"] * 2
    bots = [make_bot(kinds[seat], seed=seed + seat) for seat in range(state.num_players)]
    play_out(state, bots, check_deal_cards, limit=20_000)
    assert state.is_over(), f"not finished after {len(state.history)} actions, {len(state.deals)} deals"

    view = state.view(None)
    outcome = state.outcome()
    totals = state.totals()
    assert all(sorted(deck) == FULL_DECK for deck in state.deals)
    # the score sheet adds up to the totals, and every entry names a catalogue rule
    summed = [0] * len(totals)
    for deal in view["score_sheet"]:
        for entry in deal["entries"]:
            assert entry["rule"] in RULE_IDS, entry
            summed[entry["side"]] += entry["points"]
    assert summed == totals
    assert len(view["score_sheet"]) == len(state.deals)
    # the winners are one side, the only one at the top, at or above the target
    winning_side = state.sides().index(list(outcome.winners))
    assert totals[winning_side] >= view["ledger"]["target"]
    assert all(totals[winning_side] > t for i, t in enumerate(totals) if i != winning_side)
    assert list(outcome.scores) == [totals[state.side_of(s)] for s in range(state.num_players)]
