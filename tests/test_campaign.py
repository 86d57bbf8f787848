"""Campaigns of paired measurements (engine/paired.py, engine/campaign.py): the stored format,
the precision rule, the identical figures on one process, two or a Dask cluster, and the
engine working without Dask."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine import catalogue, games
from engine.campaign import measure_readings, run_campaign
from engine.paired import GameMeasurement, differences, run_in_process

ROOT = Path(__file__).resolve().parent.parent
SCHEMA = json.loads((ROOT / "engine" / "measures.schema.json").read_text(encoding="utf-8"))
TINY = {"heuristic": {"batch": 4, "cap": 8, "chunk": 2}}
RULES = ["ruffe-and-trumps.play.follow", "ruffe-and-trumps.ruff.tie"]
RUN_ONLY = ("wall_seconds", "workers", "scheduler", "command")


def figures(result):
    return {k: v for k, v in result.items() if k not in RUN_ONLY}


def validate(data):
    jsonschema = pytest.importorskip("jsonschema")
    jsonschema.Draft202012Validator(SCHEMA).validate(data)


@pytest.fixture(scope="module")
def in_process():
    return run_campaign(["ruffe-and-trumps"], players=TINY, rules=RULES)["ruffe-and-trumps"]


def test_a_tiny_campaign_has_the_stored_format(in_process):
    validate(in_process)
    assert set(in_process["rules"]) == set(RULES)
    rule = in_process["rules"]["ruffe-and-trumps.play.follow"]
    measured = rule["players"]["heuristic"]
    assert 4 <= measured["n"] <= 8 and measured["stopped"] in ("precision", "cap")
    assert rule["readings"]["free"]["games"] == measured["n"]
    row = measured["differences"]["free"]["metrics"]["mean_deals_per_game"]
    assert row["verdict"] in ("effect", "no difference detected") and row["low"] <= row["estimate"] <= row["high"]
    value = measured["values"]["obliged"]["first_side_win_share"]
    assert value["method"] == "wilson" and value["low"] <= value["value"] <= value["high"]


def test_a_local_dask_cluster_gives_the_same_figures(in_process):
    pytest.importorskip("dask.distributed")
    on_cluster = run_campaign(["ruffe-and-trumps"], players=TINY, rules=RULES, workers=2,
                              processes=False)["ruffe-and-trumps"]
    assert on_cluster["workers"] == 2
    assert figures(on_cluster) == figures(in_process)


@pytest.mark.slow
def test_the_cli_gives_the_same_figures_on_two_worker_processes():
    pytest.importorskip("dask.distributed")
    runs = []
    for workers in ("1", "2"):
        result = subprocess.run([sys.executable, "-m", "engine", "simulate", "petukh", "--measure", "--games", "4",
                                 "--workers", workers, "--json"], capture_output=True, text=True, cwd=ROOT,
                                timeout=600)
        assert result.returncode == 0, result.stderr
        runs.append(figures(json.loads(result.stdout)))
    assert runs[0] == runs[1]


def test_the_engine_measures_without_dask():
    """In Pyodide and in a bare virtualenv there is no Dask: --workers 1 plays in this process."""
    code = ("import sys; sys.modules['dask'] = None; sys.modules['dask.distributed'] = None; "
            "sys.modules['tqdm'] = None\n"
            "from engine.campaign import measure_readings\n"
            "r = measure_readings('ruffe-and-trumps', 2, workers=1, show_progress=True)\n"
            "print(r['games_per_reading'])\n"
            "try:\n"
            "    measure_readings('ruffe-and-trumps', 2, workers=2)\n"
            "except Exception as e:\n"
            "    print(type(e).__name__, e)\n")
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=ROOT, timeout=600)
    assert result.returncode == 0, result.stderr
    lines = result.stdout.splitlines()
    assert lines[0] == "2"
    assert lines[1].startswith("EngineError") and "Dask is not installed" in lines[1]


def test_the_precision_rule_stops_when_the_focus_intervals_are_narrow_enough():
    # N grows in chunks from the batch until every focus interval is within its target, or the cap
    m = GameMeasurement("ruffe-and-trumps", batch=4, cap=12, chunk=4, rules=["ruffe-and-trumps.count.baseline"])
    run_in_process([m])
    rm = m.rules["ruffe-and-trumps.count.baseline"]
    assert rm.stopped in ("precision", "cap")
    if rm.stopped == "cap":
        assert rm.n == 12
        assert any(w["half_width"] > w["target"] for w in rm.widths.values())
    else:
        assert all(w["half_width"] <= w["target"] for w in rm.widths.values())
    # the rows pair games 0 .. n-1 of both readings
    rows = m._rows(rm)
    assert {len(r) for r in rows.values()} == {rm.n}
    assert [r["game"] for r in rows["twelve"]] == list(range(rm.n))


def test_a_reading_that_cannot_change_play_is_marked_so():
    from engine.paired import play_task, Task

    key = (("follow", "obliged"),)
    records = play_task(Task("ruffe-and-trumps", key, "heuristic", None, 3, 0, 3))
    again = play_task(Task("ruffe-and-trumps", key, "heuristic", None, 3, 0, 3))
    out = differences(records, {"same": again}, ["mean_deals_per_game", "first_side_win_share"])["same"]
    assert out["identical"] is True
    assert {row["verdict"] for row in out["metrics"].values()} == {"cannot differ here"}


def test_incomparable_units_are_marked_with_their_reason():
    data = measure_readings("gleek", 3)
    rule = data["rules"]["gleek.stakes.units"]
    assert "mean_price" in rule["incomparable"] and "12" in rule["incomparable"]["mean_price"]
    other = next(r for r in rule["readings"] if r != rule["default"])
    row = rule["players"]["heuristic"]["differences"][other]["metrics"]["mean_price"]
    assert row["verdict"] == "not comparable" and row["estimate"] is None and "12" in row["reason"]
    validate(data)


@pytest.mark.parametrize("game", catalogue.games())
def test_the_stored_measures_follow_the_schema(game):
    path = ROOT / "engine" / "measures" / f"{game}.json"
    if not path.exists():
        pytest.skip(f"{path.name} is not there")
    data = json.loads(path.read_text(encoding="utf-8"))
    validate(data)
    for rule in data["rules"].values():
        assert set(rule["players"]) == {"heuristic", "sampling"}
        assert "directions" in rule


@pytest.mark.parametrize("sampling, expected", [
    ({"estimate": 0.03, "low": 0.01, "high": 0.05, "verdict": "effect"}, "holds"),
    ({"estimate": 0.03, "low": -0.01, "high": 0.07, "verdict": "no difference detected"}, "same sign, not detected"),
    ({"estimate": -0.03, "low": -0.05, "high": -0.01, "verdict": "effect"}, "reversed"),
    ({"estimate": -0.01, "low": -0.05, "high": 0.03, "verdict": "no difference detected"},
     "opposite sign, not detected"),
    ({"estimate": 0.0, "low": None, "high": None, "verdict": "cannot differ here"}, "no change under the sampling bot"),
    ({"estimate": None, "low": None, "high": None, "verdict": "not measured"}, "not measured"),
])
def test_directions_say_whether_a_focus_effect_holds_under_the_sampling_bot(sampling, expected):
    from engine.campaign import directions

    heuristic = {"b": {"metrics": {"x_share": {"estimate": 0.02, "low": 0.01, "high": 0.03, "verdict": "effect"}}}}
    assert directions(heuristic, {"b": {"metrics": {"x_share": sampling}}}, ["x_share"]) == {"b": {"x_share": expected}}
    quiet = {"b": {"metrics": {"x_share": {"estimate": 0.0, "low": -0.01, "high": 0.01,
                                           "verdict": "no difference detected"}}}}
    assert directions(quiet, {"b": {"metrics": {"x_share": sampling}}}, ["x_share"]) == {
        "b": {"x_share": "no difference under the heuristic"}}


def test_paired_games_deal_the_same_decks_while_both_last():
    """Game g uses seed + g under both readings: deal k has the same deck in both games for every
    k both reach (a reading that changes the pack cannot, and the stored notes say so)."""
    from engine import games
    from engine.simulate import _bots_for, play_game

    spec = games.get("ruffe-and-trumps")
    for g in range(3):
        played = []
        for follow in ("obliged", "free"):
            state = spec.new_game(spec.make_variant(follow=follow), g)
            play_game(state, _bots_for("heuristic", state.num_players, g))
            played.append(state)
        shared = min(len(s.deals) for s in played)
        assert shared >= 1 and played[0].deals[:shared] == played[1].deals[:shared]


GAMES = games.ids()  # (every game of the registry)


@pytest.mark.parametrize("game", GAMES)
def test_a_count_is_never_negative_and_a_share_within_0_and_1_on_played_games(game):
    """The ranges a value interval is cut to (engine.paired.bounds) hold on every game's own
    figures: two played games of each, at the defaults."""
    from engine.paired import COUNTS, bounds
    from engine.simulate import play_games

    checked = set()
    for record in play_games(game, count=2):
        for name, figure in record["values"].items():
            if figure is None:
                continue
            floor, ceiling = bounds(name)
            num, den = figure[0], figure[1]
            if floor is not None:
                assert num >= floor * den, (game, name, figure)
                checked.add(name)
            if ceiling is not None:
                assert num <= ceiling * den, (game, name, figure)
    assert checked & COUNTS, f"{game}: no count measured"


def test_a_value_interval_stops_at_the_metrics_range():
    """A few games with rare events: the t interval of a per-deal share would reach below 0 %;
    it is cut at 0, and a count's at 0 too, while a signed figure keeps its interval."""
    from engine.paired import estimate

    share = [{"values": {"x_share": [1 if g == 0 else 0, 5, 4]}} for g in range(4)]
    cut = estimate(share, "x_share")
    assert cut["method"] == "ratio-t" and cut["low"] == 0.0 and 0 < cut["value"] < cut["high"] < 1
    count = [{"values": {"mean_price": [30 if g == 0 else 0, 1, 3]}} for g in range(4)]
    assert estimate(count, "mean_price")["low"] == 0.0
    signed = [{"values": {"mean_dealer_net_per_deal": [30 if g == 0 else 0, 1, 3]}} for g in range(4)]
    assert estimate(signed, "mean_dealer_net_per_deal")["low"] < 0
