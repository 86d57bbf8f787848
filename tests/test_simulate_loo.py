"""Simulation of the loo family (Мушка, Памфил, Рамс, Петух) and the measured readings.

``engine.simulate`` is generic: deals per game, win shares and the winner's margin read
the right way round for records that go down to nothing (``lower_is_better``), and each
game adds its own facts through the measures its spec names (``measures_of``). These tests play a few short games at
two table sizes per game, check that the values are sane, and check that the packaged
measures (``engine/measures/<game>.json``, shown on the game pages) cover every reading
of every contested rule, each measured where it bites.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from engine import catalogue, games
from engine.games.loo.measures import LooMeasures
from engine.measuring import measures_of
from engine.campaign import measure_readings
from engine.simulate import simulate

ROOT = Path(__file__).resolve().parents[1]
LOO = ("mushka", "pamphil", "rams", "petukh")
TABLES = [(game, players) for game, sizes in
          {"mushka": (4, 2), "pamphil": (4, 5), "rams": (4, 3), "petukh": (4, 6)}.items() for players in sizes]


def _contested(game_id: str) -> list[dict]:
    return [rule for rule in catalogue.load(game_id).rules if rule.get("readings")]


@pytest.fixture(scope="module")
def runs() -> dict[tuple[str, int], dict]:
    return {(game, players): simulate(game, 3, {"players": players}, seed=5) for game, players in TABLES}


@pytest.mark.parametrize("game, players", TABLES)
def test_a_loo_simulation_gives_sane_values(runs, game, players):
    stats = runs[(game, players)]
    rows = measures_of(games.get(game)).rows()
    assert stats["games"] == 3 and stats["lower_is_better"] is True
    assert stats["variant"]["players"] == players and len(stats["win_share_by_seat"]) == players
    assert set(rows) <= set(stats), set(rows) - set(stats)
    assert stats["mean_deals_per_game"] >= 1 and stats["deals"] >= 3
    # records go down: the winners stand at nothing, and the runner-up above them
    assert stats["mean_winning_total"] == 0
    assert stats["mean_margin"] > 0
    assert stats["mean_loser_record"] > 0
    # every game has a winner; several may share it
    assert sum(stats["win_share_by_seat"]) >= 1 - 1e-3
    for name, value in stats.items():
        if name.endswith("_share") and value is not None:
            assert 0 <= value <= 1, (name, value)
    assert stats["remise_share"] <= stats["no_trick_share"]
    assert 1 <= stats["mean_players_per_deal"] <= players


def test_the_same_seed_gives_the_same_statistics():
    first = simulate("rams", 2, {"jacks": "jacks"}, seed=11)
    second = simulate("rams", 2, {"jacks": "jacks"}, seed=11)
    first.pop("seconds"), second.pop("seconds")
    assert first == second


def test_game_specific_facts_follow_the_rules():
    # Петух with six players and the 30-card pack: the whole pack is dealt, nobody exchanges
    six = simulate("petukh", 3, {"players": 6}, seed=1)
    assert six["buy_share"] == 0 and six["mean_cards_bought"] is None
    assert six["mean_players_per_deal"] == 6  # no passing in Петух (petukh.bid.no-pass)
    # Мушка: the ace of spades writes off (or pays) for its holder, so he moves more than the others
    mushka = simulate("mushka", 20, seed=3)
    assert mushka["ace_of_spades_holder_change"] < mushka["other_player_change"]
    assert mushka["mean_winner_takings"] > 0
    # Рамс: under the flat reading every other player writes up exactly 5 (rams.special.five-of-a-suit)
    flat = simulate("rams", 40, {"five_of_a_suit_others": "flat"}, seed=0)
    assert flat["five_of_a_suit_deal_share"] > 0 and flat["five_of_a_suit_others_change"] == 5
    # Рамс: any ace forbids passing more often than the ace of trumps alone (rams.bid.ace-may-not-pass)
    any_ace = simulate("rams", 10, {"ace_must_play": "any-ace"}, seed=0)
    trump_ace = simulate("rams", 10, {"ace_must_play": "trump-ace"}, seed=0)
    assert any_ace["pass_forbidden_share"] > trump_ace["pass_forbidden_share"] > 0
    # Мушка: one overshoot penalty restarts the record at 30 (mushka.end.overshoot, "once")
    assert mushka["mean_record_after_overshoot"] in (None, 30)
    # Памфил played wild: the pamphil is sometimes played to a lead its holder could follow
    wild = simulate("pamphil", 20, {"pamphil_follow": "wild"}, seed=0)
    trump = simulate("pamphil", 20, {"pamphil_follow": "trump"}, seed=0)
    assert trump["pamphil_off_suit_share"] == 0 < wild["pamphil_off_suit_share"]


@pytest.mark.parametrize("game, players", TABLES)
def test_the_start_of_play_noted_is_the_views(game, players):
    # The measures note the position at each deal's first card without building the view
    # (LooMeasures.start_of_play): the fields they read are the omniscient view's, deal by deal.
    import random

    state = games.get(game).new_game({"players": players}, seed=7)
    rng, noted, deal = random.Random(7), 0, 0
    while not state.is_over() and noted < 6:
        legal = state.legal_actions()
        if legal[0].kind == "play" and state.deal_number != deal:
            deal = state.deal_number
            view = state.view(None)
            start = LooMeasures.start_of_play(state)
            assert start == {"active": view["active"], "hands": view["hands"], "trump": view["trump"],
                             "shows": [{"kind": s["kind"]} for s in view["shows"]]}
            noted += 1
        state.apply(rng.choice(legal))
    assert noted >= 2


@pytest.mark.parametrize("game", LOO)
def test_every_contested_rule_has_its_context_and_focus(game):
    kind = measures_of(games.get(game))
    assert issubclass(kind, LooMeasures)
    rows = kind.rows()
    spec = games.get(game)
    for rule in _contested(game):
        focus = kind.focus.get(rule["id"])
        assert focus, f"{rule['id']}: no focus measures"
        assert set(focus) <= set(rows), set(focus) - set(rows)
        option = rule["readings"][0]["option"]
        for reading in rule["readings"]:
            spec.make_variant(**{**kind.contexts.get(rule["id"], {}), option: reading["id"]})
    assert set(kind.contexts) <= {r["id"] for r in _contested(game)}


@pytest.mark.parametrize("game", LOO)
def test_packaged_measures_cover_every_reading(game):
    path = ROOT / "engine" / "measures" / f"{game}.json"
    assert path.exists(), f"run: python -m engine simulate {game} --measure --games 1000 --seed 0 --json --out {path}"
    data = json.loads(path.read_text(encoding="utf-8"))
    assert data["game"] == game and data["lower_is_better"] is True
    assert set(data["metrics"]) == set(measures_of(games.get(game)).rows())
    for rule in _contested(game):
        stored = data["rules"].get(rule["id"])
        assert stored, f"{rule['id']} is not measured"
        assert set(stored["readings"]) == {r["id"] for r in rule["readings"]}, rule["id"]
        assert stored["context"] == measures_of(games.get(game)).contexts.get(rule["id"], {}), rule["id"]
        assert stored["focus"], rule["id"]
        n = stored["players"]["heuristic"]["n"]  # N per rule: games are added until the focus is precise
        assert n <= data["games_per_reading"]
        for reading, row in stored["readings"].items():
            assert set(row) == set(data["metrics"]), (rule["id"], reading)
            assert row["games"] == n, (rule["id"], reading)
        for name in stored["focus"]:
            # a focus measure may be empty under one reading (no buyer without a stock), not under all
            assert any(row[name] is not None for row in stored["readings"].values()), (rule["id"], name)


def test_readings_that_bite_elsewhere_are_measured_there():
    """rams.jacks.no-trick only matters when the jacks are played; Мушка's pack question
    only for two players; Петух's reduced pack only for six."""
    rams = json.loads((ROOT / "engine" / "measures" / "rams.json").read_text(encoding="utf-8"))
    rule = rams["rules"]["rams.jacks.no-trick"]
    assert rule["context"] == {"jacks": "jacks"}
    offset, default = rule["readings"]["offset"], rule["readings"]["no-penalty"]
    # with two jacks and no trick: net nothing under the offset, the jacks' 5 off by default
    assert offset["jacks_no_trick_change"] > default["jacks_no_trick_change"]
    petukh = json.loads((ROOT / "engine" / "measures" / "petukh.json").read_text(encoding="utf-8"))
    pack = petukh["rules"]["petukh.setup.six-players"]["readings"]
    assert pack["thirty"]["buy_share"] == 0 < pack["thirty-four"]["buy_share"]
    mushka = json.loads((ROOT / "engine" / "measures" / "mushka.json").read_text(encoding="utf-8"))
    assert mushka["rules"]["mushka.setup.deck"]["context"] == {"players": 2}


def test_measure_readings_for_a_loo_game():
    data = measure_readings("petukh", games_per_reading=2, seed=3)
    rule = data["rules"]["petukh.setup.six-players"]
    assert rule["context"] == {"players": 6} and rule["default"] == "thirty"
    assert set(rule["readings"]) == {"thirty", "thirty-four"}
    for row in rule["readings"].values():
        assert row["games"] == 2 and set(row) == set(data["metrics"])


def test_the_game_pages_state_what_each_reading_changes():
    sys.path.insert(0, str(ROOT / "tools"))
    try:
        import gen_pages
    finally:
        sys.path.remove(str(ROOT / "tools"))
    pages = gen_pages.generate()
    for game in LOO:
        text = pages[f"games/{game}.md"]
        compared = text[text.index("## The readings compared"):]
        data = json.loads((ROOT / "engine" / "measures" / f"{game}.json").read_text(encoding="utf-8"))
        for rule in _contested(game):
            n = data["rules"][rule["id"]]["players"]["heuristic"]["n"]
            heading = compared.index(f"### {gen_pages.inline(rule['title'])}: measured")
            section = compared[heading:]
            assert f"**What changes** (N = {n} paired games per reading" in section[:4000], rule["id"]
