"""The benchmark's workload (bench/workload.py) and its engine workers (bench/run.py), without timing.

`make bench` measures; these tests only check that what it measures runs: one whole random
game of every implemented game, in this process and in a worker process that imports the
engine package of a checkout given by path (the ``--baseline-engine`` mechanism).
"""

from __future__ import annotations

import shutil
import sys
from pathlib import Path

import pytest

from engine import games

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "bench"))

import run as bench_run  # noqa: E402
import workload  # noqa: E402

GAMES = games.ids()


def test_every_game_is_benchmarked() -> None:
    assert workload.implemented() == GAMES
    assert {"ruffe-and-trumps", "mushka", "pamphil", "rams", "petukh"} <= set(GAMES)


@pytest.mark.parametrize("game_id", GAMES)
def test_workload_plays_one_whole_random_game(game_id: str) -> None:
    result = workload.random_deals(60, 1, game_id, games=1)
    assert result["game"] == game_id
    assert result["games"] == 1
    assert result["deals"] >= 1
    assert result["actions"] > result["deals"]  # every deal takes several decisions
    assert result["deals_per_second"] == result["deals"] / result["seconds"]
    assert result["deals_per_cpu_second"] == result["deals"] / result["cpu_seconds"]
    again = workload.random_deals(60, 1, game_id, games=1)
    assert (again["deals"], again["actions"]) == (result["deals"], result["actions"])  # seeded: the same games


def test_worker_imports_the_checkout_it_is_given(tmp_path: Path) -> None:
    shutil.copytree(ROOT / "engine", tmp_path / "engine", ignore=shutil.ignore_patterns("__pycache__"))
    workers = [bench_run.EngineWorker(ROOT), bench_run.EngineWorker(tmp_path)]
    try:
        assert [Path(w.engine) for w in workers] == [ROOT / "engine", tmp_path.resolve() / "engine"]
        for worker in workers:
            assert worker.games == GAMES
            for game_id in GAMES:
                reply = worker.deals(game_id, 60, 1, games=1)
                here = workload.random_deals(60, 1, game_id, games=1)
                assert (reply["game"], reply["games"], reply["deals"], reply["actions"]) == (
                    game_id, 1, here["deals"], here["actions"])
        assert "error" in workers[0].deals("no-such-game", 1, 1)
    finally:
        for worker in workers:
            worker.close()


def test_worker_refuses_a_directory_without_an_engine(tmp_path: Path) -> None:
    with pytest.raises(RuntimeError, match="no engine package"):
        bench_run.EngineWorker(tmp_path)


def test_every_game_has_the_issues_goal_against_oh_hell() -> None:
    """Issue 24's goals, per CPU second against oh_hell: Ruffe 0.8, every loo game 0.7, Gleek 0.6,
    Piquet 0.5 (none weaker)."""
    goals = {game_id: bench_run.goal_of(game_id) for game_id in GAMES}
    assert goals == {"ruffe-and-trumps": 0.8, "mushka": 0.7, "pamphil": 0.7, "rams": 0.7, "petukh": 0.7,
                     "gleek": 0.6, "piquet": 0.5}


def test_the_goals_table_pairs_each_run_with_oh_hells_run_beside_it() -> None:
    """The ratio is the median of run i's deals per CPU second over oh_hell's run i, against the goal."""
    def runs(*rates: float) -> list[dict[str, float]]:
        return [{"deals_per_cpu_second": r} for r in rates]

    result = {"games": {"current": {"gleek": runs(60, 70, 80), "piquet": runs(40, 40, 40)},
                        "baseline": {"gleek": runs(30, 30, 30), "piquet": runs(20, 20, 20)}},
              "oh_hell": {"gleek": [{"games_per_cpu_second": g} for g in (100, 100, 200)],
                          "piquet": [{"games_per_cpu_second": g} for g in (100, 100, 100)]}}
    lines = bench_run.goals_table(result, ["gleek", "piquet"])
    gleek = next(line for line in lines if line.strip().startswith("gleek"))
    piquet = next(line for line in lines if line.strip().startswith("piquet"))
    assert ">= 0.6" in gleek and "0.60 [0.40..0.70]" in gleek and "0.30 [0.15..0.30]" in gleek
    assert gleek.rstrip().endswith("MET")
    assert ">= 0.5" in piquet and "0.40 [0.40..0.40]" in piquet and piquet.rstrip().endswith("MISSED")
    assert "not measured" in bench_run.goals_table({"games": {}, "oh_hell": {}}, ["gleek"])[-1]
