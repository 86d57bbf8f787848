"""Gleek from the command line: ``play --json`` writes a record that ``replay`` replays
(exit 0); a record with a raise or a card changed is refused (exit 1) naming the action's
index and the rule. The game is played by ``python -m engine`` as a process of its own; the
replays run the same command line in this process (``support.cli``)."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine import games
from support import cli
from engine.game import Action

ROOT = Path(__file__).resolve().parents[1]
SPEC = games.get("gleek")


def run(*args: str) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "engine", *args], cwd=ROOT, env=env, capture_output=True,
                          text=True, timeout=300)


@pytest.fixture(scope="module")
def record_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("gleek") / "g.json"
    result = run("play", "gleek", "--seed", "3", "--bots", "heuristic,random,heuristic", "--variant",
                 "tyde_timing=when-shown", "--json", "--out", str(path))
    assert result.returncode == 0, result.stderr
    return path


def test_play_then_replay_exits_zero(record_file):
    record = json.loads(record_file.read_text(encoding="utf-8"))
    assert record["game"] == "gleek" and record["players"] == 3 and len(record["deals"]) == 3
    result = cli("replay", str(record_file))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["outcome"] == record["outcome"]


@pytest.mark.rule("gleek.stock.raise", "gleek.play.follow")
def test_a_tampered_record_is_refused_naming_the_action_and_the_rule(record_file, tmp_path):
    record = json.loads(record_file.read_text(encoding="utf-8"))
    first_raise = next(i for i, a in enumerate(record["actions"]) if a["kind"] == "raise")
    tampered = json.loads(json.dumps(record))
    tampered["actions"][first_raise]["value"] = 2
    path = tmp_path / "raise.json"
    path.write_text(json.dumps(tampered), encoding="utf-8")
    result = cli("replay", str(path))
    assert result.returncode == 1 and f"action {first_raise} " in result.stderr
    assert "(rule gleek.stock.raise)" in result.stderr
    spec_state = SPEC.new_game(record["variant"], record["seed"], decks=[d["deck"] for d in record["deals"]],
                               first_dealer=record["deals"][0]["dealer"])
    for index, entry in enumerate(record["actions"]):
        if entry["kind"] == "play" and spec_state.current_player() == entry["seat"]:
            legal = {str(a.card) for a in spec_state.legal_actions()}
            hand = [str(c) for c in spec_state.hands[entry["seat"]]]
            other = next((c for c in hand if c not in legal), None)
            if other is not None:
                break
        spec_state.apply(Action.from_json(entry))
    else:
        pytest.skip("no play with a card the follow rule forbids in this record")
    tampered = json.loads(json.dumps(record))
    tampered["actions"][index]["card"] = other
    path = tmp_path / "play.json"
    path.write_text(json.dumps(tampered), encoding="utf-8")
    result = cli("replay", str(path))
    assert result.returncode == 1 and f"action {index} " in result.stderr
    assert "(rule gleek.play.follow)" in result.stderr
