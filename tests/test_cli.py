"""The command line, run as a reader would: ``python -m engine ...``."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from engine import catalogue, games
from engine.game import Action

ROOT = Path(__file__).resolve().parents[1]
GAME = "ruffe-and-trumps"


def run(*args: str, cwd: Path = ROOT) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "engine", *args], cwd=cwd, env=env,
                          capture_output=True, text=True, timeout=300)


@pytest.fixture(scope="module")
def record_file(tmp_path_factory) -> Path:
    path = tmp_path_factory.mktemp("records") / "r.json"
    result = run("play", GAME, "--players", "4", "--seed", "7", "--json")
    assert result.returncode == 0, result.stderr
    path.write_text(result.stdout, encoding="utf-8")
    return path


def test_games_json():
    result = run("games", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert [g["id"] for g in data["games"]] == [s.id for s in games.all()]
    assert data["catalogued_only"] == []  # all seven games have an engine


def test_play_then_replay_exits_zero(record_file):
    record = json.loads(record_file.read_text())
    assert record["format"] == "edition-record" and record["players"] == 4 and record["seed"] == 7
    result = run("replay", str(record_file))
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["over"] and summary["outcome"] == record["outcome"]
    assert summary["actions"] == len(record["actions"])


def test_play_is_reproducible_and_takes_options(tmp_path):
    first = run("play", GAME, "--players", "3", "--seed", "2", "--variant", "follow=free",
                "--variant", "hand_size=12", "--bots", "random,heuristic,random", "--json")
    again = run("play", GAME, "--players", "3", "--seed", "2", "--variant", "follow=free",
                "--variant", "hand_size=12", "--bots", "random,heuristic,random", "--json")
    assert first.returncode == 0, first.stderr
    assert first.stdout == again.stdout
    record = json.loads(first.stdout)
    assert record["variant"]["follow"] == "free" and record["variant"]["hand_size"] == 12
    assert [s["kind"] for s in record["seats"]] == ["random", "heuristic", "random"]


def test_play_without_json_prints_the_log():
    result = run("play", GAME, "--seed", "1")
    assert result.returncode == 0, result.stderr
    assert "ruffe-and-trumps.ruff.award" in result.stdout and "outcome:" in result.stdout


def _illegal_edit(record: dict) -> tuple[int, str]:
    spec = games.get(GAME)
    state = spec.new_game(record["variant"], record["seed"], decks=[d["deck"] for d in record["deals"]])
    for index, entry in enumerate(record["actions"]):
        seat = entry["seat"]
        if entry["kind"] == "play" and state.view(None)["trick"]:
            legal = {str(a.card) for a in state.legal_actions()}
            refused = [c for c in state.view(None)["hands"][seat] if c not in legal]
            if refused:
                return index, refused[0]
        state.apply(Action.from_json(entry))
    raise AssertionError("no refusable card found")


def test_edited_record_fails_naming_the_index_and_rule(record_file, tmp_path):
    record = json.loads(record_file.read_text())
    index, card = _illegal_edit(record)
    record["actions"][index]["card"] = card
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(record), encoding="utf-8")
    result = run("replay", str(edited))
    assert result.returncode == 1
    assert f"action {index} " in result.stderr
    assert "ruffe-and-trumps.play.follow" in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize("edit, field", [
    (lambda r: r.pop("deals"), "deals: missing"),
    (lambda r: r["actions"][3].__setitem__("card", "11Q"), "actions[3].card"),
    (lambda r: r.__setitem__("version", 9), "version"),
])
def test_malformed_record_exits_2_naming_the_field(record_file, tmp_path, edit, field):
    record = json.loads(record_file.read_text())
    edit(record)
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    result = run("replay", str(path))
    assert result.returncode == 2
    assert field in result.stderr


def test_replay_of_a_file_that_is_not_json_or_missing(tmp_path):
    path = tmp_path / "text.json"
    path.write_text("hello", encoding="utf-8")
    result = run("replay", str(path))
    assert result.returncode == 2 and "not JSON" in result.stderr
    result = run("replay", str(tmp_path / "absent.json"))
    assert result.returncode == 2 and "cannot read" in result.stderr


def test_rules_json_reports_implementation_and_tests():
    result = run("rules", "--json")
    assert result.returncode == 0, result.stderr
    entries = json.loads(result.stdout)
    ids = {e["id"] for e in entries}
    assert ids == {r["id"] for r in catalogue.all_rules()}
    for entry in entries:
        assert {"id", "game", "title", "statement", "status", "passages", "readings", "examples",
                "implemented", "tests"} <= set(entry)
    ruffe = [e for e in entries if e["game"] == GAME]
    assert all(e["implemented"] for e in ruffe)
    deck = next(e for e in ruffe if e["id"] == "ruffe-and-trumps.deck.full")
    assert "tests/test_properties.py::test_no_card_is_created_or_lost" in deck["tests"]
    from engine import games
    built = [e for e in entries if e["game"] in games.ids()]
    assert built and all(e["implemented"] for e in built), "every rule of a game with an engine is implemented"
    assert {e["game"] for e in entries} == set(games.ids()), "every catalogued game has an engine"


def test_rules_for_one_game_and_unknown_game():
    result = run("rules", "--game", GAME, "--json")
    assert result.returncode == 0
    assert {e["game"] for e in json.loads(result.stdout)} == {GAME}
    result = run("rules", "--game", "whist", "--json")
    assert result.returncode == 2 and "whist" in result.stderr


def test_simulate_json():
    result = run("simulate", GAME, "--games", "3", "--seed", "1", "--variant", "ruff_tie=void", "--json")
    assert result.returncode == 0, result.stderr
    stats = json.loads(result.stdout)
    assert stats["games"] == 3 and stats["variant"]["ruff_tie"] == "void"
    assert abs(sum(stats["win_share_by_side"]) - 1) < 1e-9


def test_simulate_measure_json():
    result = run("simulate", GAME, "--measure", "--games", "2", "--json")
    assert result.returncode == 0, result.stderr
    data = json.loads(result.stdout)
    assert data["games_per_reading"] == 2
    for rule_id, rule in data["rules"].items():
        assert catalogue.rule(rule_id)["status"] == "contested"
        for reading, row in rule["readings"].items():
            assert row["games"] == 2, (rule_id, reading)
            assert set(row) == set(data["metrics"]), (rule_id, reading)
            for metric, value in row.items():
                assert value is None or isinstance(value, (int, float)), (rule_id, reading, metric, value)


@pytest.mark.parametrize("args, words", [
    (["play", "whist"], "whist"),
    (["play", GAME, "--variant", "follow"], "OPTION=VALUE"),
    (["play", GAME, "--variant", "follow=never"], "follow"),
    (["play", GAME, "--bots", "oracle"], "oracle"),
    (["play", GAME, "--players", "5"], "players"),
    (["simulate", GAME, "--games", "0"], "--games"),
])
def test_bad_arguments_exit_2_with_a_clear_message(args, words):
    result = run(*args)
    assert result.returncode == 2
    assert words in result.stderr


def test_argparse_usage_errors():
    result = run("deal")
    assert result.returncode == 2 and "invalid choice" in result.stderr
    result = run("play")
    assert result.returncode == 2 and "game" in result.stderr
