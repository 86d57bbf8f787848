"""``GameState.deal_summary``: what happened in one finished deal, in one shape for every game.

The comparison of two readings (the bridge's one-deal ``compare``, compare.js) reads only
this summary, so every game must give it: per side its seats, its score entries with their
rule ids, its amount, labelled facts and a sentence; for the deal its facts (trumps first),
the sides that did best, a void deal, and the end of the game.
"""

from __future__ import annotations

import json

import pytest

from engine import games, rules
from engine.bots import make_bot
from engine.errors import InvalidInputError

GAMES = [spec.id for spec in games.all()]  # (every game loaded, its rules marked)
IMPLEMENTED = rules.registry()
LINE_KEYS = {"side", "seats", "amount", "entries", "facts", "text"}
SUMMARY_KEYS = {"deal", "dealer", "unit", "lower_is_better", "lines", "entries", "facts", "best", "void",
                "ended_game", "text"}


def played(game: str, variant: dict | None = None, seed: int = 1, kind: str = "heuristic"):
    state = games.get(game).new_game(variant or {}, seed)
    bots = [make_bot(kind, seed=seed * 101 + i) for i in range(state.num_players)]
    while not state.is_over():
        seat = state.current_player()
        state.apply(bots[seat].choose(state, seat))
    return state


def labels(part: dict) -> dict[str, str]:
    return {item["label"]: item["value"] for item in part["facts"]}


@pytest.mark.parametrize("game", GAMES)
@pytest.mark.parametrize("kind", ["heuristic", "random"])
def test_every_deal_of_a_game_is_summarised_in_the_shared_shape(game, kind):
    state = played(game, kind=kind)
    running = [0] * len(state.sides())
    for deal in range(1, state.deal_number + 1):
        summary = state.deal_summary(deal)
        assert set(summary) == SUMMARY_KEYS and summary["deal"] == deal
        json.dumps(summary)  # plain JSON for the browser
        assert summary["unit"] == ("record" if state.lower_is_better else "points")
        row = next(r for r in state.score_sheet if r["deal"] == deal)
        assert summary["entries"] == row["entries"] and summary["dealer"] == row["dealer"]
        assert [line["seats"] for line in summary["lines"]] == state.sides()
        for i, line in enumerate(summary["lines"]):
            assert set(line) == LINE_KEYS and line["side"] == i
            assert line["entries"] == [e for e in row["entries"] if e["side"] == i]
            assert line["amount"] == sum(e["points"] for e in line["entries"])
            assert all(e["rule"] in IMPLEMENTED for e in line["entries"]), line["entries"]
            assert all(f["rule"] in IMPLEMENTED for f in line["facts"] if "rule" in f), line["facts"]
            assert line["facts"] and line["text"] and all(f["value"] for f in line["facts"])
            running[i] += line["amount"]
        amounts = [line["amount"] for line in summary["lines"]]
        better = min(amounts) if state.lower_is_better else max(amounts)
        assert summary["best"] == [i for i, a in enumerate(amounts) if a == better]
        assert summary["facts"][0]["label"] == "Trumps"
        assert summary["ended_game"] == (deal == state.deal_number)
        assert ("End of the game" in labels(summary)) == summary["ended_game"]
        assert all(f["rule"] in IMPLEMENTED for f in summary["facts"] if "rule" in f), summary["facts"]
        assert summary["text"].endswith(".") and ("did best" in summary["text"] or "is level" in summary["text"])
    start = getattr(state, "start_record", 0)
    assert [start + r for r in running] == state.totals()


@pytest.mark.parametrize("game", GAMES)
def test_a_deal_not_dealt_or_still_being_played_is_refused(game):
    state = games.get(game).new_game({}, 3)
    with pytest.raises(InvalidInputError, match="still being played"):
        state.deal_summary(1)
    for bad in (0, 2, -1, "1", 1.0, True):
        with pytest.raises(InvalidInputError, match="no deal"):
            state.deal_summary(bad)


def test_ruffe_summary_names_the_ruff_the_head_and_the_cards_counted():
    state = played("ruffe-and-trumps", {"head_discards": "count"}, seed=3)
    summary = state.deal_summary(1)
    facts = labels(summary)
    assert {"Trumps", "The ruff", "The head"} <= set(facts)
    for line in summary["lines"]:
        side = labels(line)
        assert {"Ruffs announced", "Tricks", "Cards counted", "Points for the cards"} <= set(side)
    tricks = sum(int(labels(line)["Tricks"]) for line in summary["lines"])
    assert tricks == state.config.tricks
    cards = sum(int(labels(line)["Cards counted"]) for line in summary["lines"])
    taken = facts["The head"].startswith("taken by")
    assert cards == tricks * state.num_players + (4 if taken else 0)  # the head's discards count
    assert "counted as cards he won" in facts["The head"] or not taken


def test_a_loo_summary_tells_bids_tricks_records_and_payments():
    state = played("pamphil", {"players": 4}, seed=1)
    declared = False
    for deal in range(1, state.deal_number + 1):
        summary = state.deal_summary(deal)
        for line in summary["lines"]:
            side = labels(line)
            before, after = (int(n) for n in side["Record"].split(" → "))
            assert after - before == line["amount"]
            assert side["Choice"] in ("passed", "stands") or side["Choice"].startswith("bought ")
            if side["Choice"] != "passed" and not summary["void"]:
                assert "Tricks" in side
            if "Paid outside the record" in side:  # the pamphil declared: paid by each other player
                declared = True
                assert "Shown" in side or side["Paid outside the record"] == "-1"
    assert declared, "no pamphil was declared in the game (pick another seed)"
    assert "Settlement" in labels(state.deal_summary(state.deal_number))


def test_a_void_loo_deal_says_so():
    for seed in range(40):
        state = played("mushka", {"players": 3}, seed=seed, kind="random")
        void = [d for d in range(1, state.deal_number + 1) if state.deal_summary(d)["void"]]
        if void:
            summary = state.deal_summary(void[0])
            assert summary["void"]["rule"] == "mushka.bid.all-pass"
            assert labels(summary)["Void deal"] == summary["void"]["why"]
            assert all(labels(line)["Choice"] == "passed" for line in summary["lines"])
            assert summary["best"] == [0, 1, 2] and "is level" in summary["text"]
            return
    pytest.fail("no void deal in 40 random games of Мушка for three")
