"""Piquet from the command line: ``play --json`` writes a record that ``replay`` replays (exit
0) under each reading set; a tampered record is refused (exit 1) naming the action and the rule.
(Apart from tests/test_piquet.py, whose tests also run in Pyodide, where there is no subprocess.)
The games under the reading sets are played by ``python -m engine`` as a process of its own; the
replays, and the sampling game, run the same command line in this process (``support.cli``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine.games.piquet.state import SPEC
from engine.games.piquet.rules import READING_SETS
from support import cli, refusable_play

ROOT = Path(__file__).resolve().parents[1]


# ---------------------------------------------------------------- the command line

def run(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "engine", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=300)


@pytest.mark.parametrize("reading_set, seed", [("shevtsov", 3), ("classic", 4)])
def test_play_then_replay_and_a_tampered_record_is_refused(reading_set, seed, tmp_path):
    path = tmp_path / "game.json"
    result = run("play", "piquet", "--reading-set", reading_set, "--seed", str(seed), "--bots", "heuristic,random",
                 "--json", "--out", str(path))
    assert result.returncode == 0, result.stderr
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["variant"] == SPEC.make_variant(**READING_SETS[reading_set]).to_json()
    replayed = cli("replay", str(path))
    assert replayed.returncode == 0, replayed.stderr
    assert json.loads(replayed.stdout)["outcome"] == record["outcome"]
    index, card, rule = refusable_play(record)
    record["actions"][index]["card"] = card
    path.write_text(json.dumps(record), encoding="utf-8")
    tampered = cli("replay", str(path))
    assert tampered.returncode == 1, tampered.stderr
    assert f"action {index} " in tampered.stderr and f"(rule {rule})" in tampered.stderr


def test_the_sampling_game_of_seed_one_finishes_and_replays(tmp_path):
    path = tmp_path / "s.json"
    result = cli("play", "piquet", "--bots", "sampling", "--seed", "1", "--json", "--out", str(path))
    assert result.returncode == 0, result.stderr
    assert cli("replay", str(path)).returncode == 0
