"""The loo family from the command line and through the JSON bridge.

``python -m engine play GAME --players N --seed S --json`` writes a record that
``python -m engine replay FILE`` replays (exit 0) for each of Мушка, Памфил,
Рамс and Петух at two table sizes and under a non-default reading; a record
with a card changed is refused (exit 1) naming the action and the rule; a
deck that is not the pack is a malformed record (exit 2).  The bridge's
``new``, ``act``, ``bot``, ``view``, ``advance``, ``record`` and ``replay`` ops
work for a loo game and report refused actions as answers.

The command line runs in this process (``support.cli``: ``engine.cli.main``, its parser and
commands) where what is tested is a record or an exit code; ``python -m engine`` itself runs as
a separate process where the process is the subject: a game played there gives the record
played here, and replays; the same seed gives the same game in two processes; the log printed.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from support import call, cli, ok, refusable_play
from engine import bridge, catalogue, games, records
from engine.cards import deck_52
from engine.game import Action

ROOT = Path(__file__).resolve().parents[1]
GAMES = ("mushka", "pamphil", "rams", "petukh")
TABLES = [("mushka", 2, ()), ("mushka", 5, ()), ("pamphil", 3, ()), ("pamphil", 6, ()),
          ("rams", 3, ()), ("rams", 7, ()), ("petukh", 2, ()), ("petukh", 6, ()),
          ("mushka", 4, ("overshoot_penalty=per-surplus-trick", "settlement=fixed")),
          ("pamphil", 4, ("pamphil_follow=wild", "five_of_a_suit=wins-deal")),
          ("rams", 4, ("jacks=jacks", "trump_ace_cover=in-trick")),
          ("petukh", 6, ("six_player_pack=thirty-four",))]


def rule_ids(game: str) -> set[str]:
    ids = set(catalogue.load(game).ids())
    if game == "pamphil":
        ids |= set(catalogue.load("mushka").ids())
    return ids


def run(*args: str) -> subprocess.CompletedProcess:
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    return subprocess.run([sys.executable, "-m", "engine", *args], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=300)


def table_id(table: tuple) -> str:
    game, players, options = table
    return f"{game}-{players}" + "".join(f"-{o}" for o in options)


@pytest.fixture(scope="module")
def played(tmp_path_factory) -> dict[str, Path]:
    """One record per table, written by ``play --json`` (and ``--out``), in this process."""
    folder = tmp_path_factory.mktemp("loo-records")
    files = {}
    for table in TABLES:
        game, players, options = table
        path = folder / f"{table_id(table)}.json"
        variant = [arg for option in options for arg in ("--variant", option)]
        bots = ",".join(("heuristic", "random")[seat % 2] for seat in range(players))
        result = cli("play", game, "--players", str(players), "--seed", "11", *variant, "--bots", bots,
                     "--json", "--out", str(path))
        assert result.returncode == 0, result.stderr
        assert json.loads(result.stdout) == json.loads(path.read_text(encoding="utf-8"))
        files[table_id(table)] = path
    return files


@pytest.mark.parametrize("table", TABLES, ids=table_id)
def test_play_then_replay_exits_zero(played, table):
    game, players, options = table
    path = played[table_id(table)]
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["game"] == game and record["players"] == players and record["seed"] == 11
    for option in options:
        name, value = option.split("=")
        assert str(record["variant"][name]) == value
    assert record["outcome"]["winners"], "a played game ends with a winner"
    assert len(record["deals"][0]["deck"]) == len(games.get(game).new_game(record["variant"], 0).pack)
    result = cli("replay", str(path))
    assert result.returncode == 0, result.stderr
    summary = json.loads(result.stdout)
    assert summary["over"] and summary["outcome"] == record["outcome"]
    assert summary["actions"] == len(record["actions"]) and summary["deals"] == len(record["deals"])
    assert summary["totals"] == record["outcome"]["scores"]


def test_a_game_played_by_python_m_engine_is_the_record_played_here_and_replays(played, tmp_path):
    path = tmp_path / "rams-7.json"
    bots = ",".join(("heuristic", "random")[seat % 2] for seat in range(7))
    result = run("play", "rams", "--players", "7", "--seed", "11", "--bots", bots, "--json", "--out", str(path))
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout) == json.loads(played["rams-7"].read_text(encoding="utf-8"))
    replayed = run("replay", str(path))
    assert replayed.returncode == 0, replayed.stderr
    assert replayed.stdout.replace(str(path), "FILE") == cli("replay", str(played["rams-7"])).stdout.replace(
        str(played["rams-7"]), "FILE")


def test_play_is_reproducible():
    first = run("play", "rams", "--players", "5", "--seed", "3", "--json")
    again = run("play", "rams", "--players", "5", "--seed", "3", "--json")
    assert first.returncode == 0, first.stderr
    assert first.stdout == again.stdout


def test_play_without_json_prints_the_log_with_rule_ids():
    result = run("play", "petukh", "--players", "3", "--seed", "2")
    assert result.returncode == 0, result.stderr
    assert "[petukh.play.trick-winner]" in result.stdout and "outcome:" in result.stdout


@pytest.mark.parametrize("table", [t for t in TABLES if not t[2] and t[1] > 2], ids=table_id)
def test_a_card_changed_in_the_record_fails_naming_the_action_and_rule(played, table, tmp_path):
    record = json.loads(played[table_id(table)].read_text(encoding="utf-8"))
    index, card, rule = refusable_play(record)
    assert rule in rule_ids(record["game"])
    record["actions"][index]["card"] = card
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(record), encoding="utf-8")
    result = cli("replay", str(edited))
    assert result.returncode == 1, result.stderr
    assert f"action {index} " in result.stderr and f"(rule {rule})" in result.stderr
    assert result.stdout == ""


@pytest.mark.parametrize("game, players, rule", [("mushka", 2, "mushka.buy.discard-first"),
                                                 ("rams", 3, "rams.buy.discard-first"),
                                                 ("petukh", 2, "petukh.exchange.order")])
def test_a_discard_changed_to_a_card_not_held_fails_naming_the_rule(played, game, players, rule, tmp_path):
    record = json.loads(played[table_id((game, players, ()))].read_text(encoding="utf-8"))
    spec = games.get(game)
    state = spec.new_game(record["variant"], record["seed"], decks=[d["deck"] for d in record["deals"]],
                          first_dealer=record["deals"][0]["dealer"])
    index = next(i for i, a in enumerate(record["actions"]) if a["kind"] == "discard")
    for entry in record["actions"][:index]:
        state.apply(Action.from_json(entry))
    buyer = record["actions"][index]["seat"]
    other = next(c for s, h in enumerate(state.view(None)["hands"]) if s != buyer for c in h)
    record["actions"][index]["card"] = other
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(record), encoding="utf-8")
    result = cli("replay", str(edited))
    assert result.returncode == 1, result.stderr
    assert f"action {index} " in result.stderr and f"(rule {rule})" in result.stderr


@pytest.mark.parametrize("game, players, rule", [("mushka", 2, "mushka.setup.deck"), ("rams", 3, "rams.setup.deck"),
                                                 ("petukh", 6, "petukh.setup.deck")])
def test_a_deck_holding_a_card_outside_the_pack_is_malformed_naming_the_pack_rule(played, game, players, rule,
                                                                                   tmp_path):
    record = json.loads(played[table_id((game, players, ()))].read_text(encoding="utf-8"))
    deck = record["deals"][0]["deck"]
    outside = next(str(c) for c in deck_52() if str(c) not in deck)
    deck[3] = outside
    edited = tmp_path / "edited.json"
    edited.write_text(json.dumps(record), encoding="utf-8")
    result = cli("replay", str(edited))
    assert result.returncode == 2
    assert "deals[0].deck" in result.stderr and rule in result.stderr


@pytest.mark.parametrize("args, words", [
    (["play", "mushka", "--players", "7"], "mushka.setup.players"),
    (["play", "rams", "--players", "2"], "rams.setup.players"),
    (["play", "petukh", "--variant", "six_player_pack=twenty"], "six_player_pack"),
    (["play", "rams", "--variant", "start_record=300"], "start_record"),
])
def test_bad_tables_and_readings_exit_2_naming_the_rule_or_option(args, words):
    result = cli(*args)
    assert result.returncode == 2
    assert words in result.stderr


# --------------------------------------------------------------------------- the bridge



@pytest.mark.parametrize("game", GAMES)
def test_bridge_plays_a_loo_game(game):
    players = 4
    new = ok(op="new", game=game, seed=5, variant={"players": players},
             seats=["human", "heuristic", "sampling", "random"], budget=4)
    session_id = new["id"]
    session = bridge.SESSIONS[session_id]
    try:
        assert new["view"]["seat"] == 0 and new["view"]["ledger"]["lower_is_better"] is True
        assert all(isinstance(h, dict) for h in new["view"]["hands"][1:]), "the others' hands are hidden"
        ids = rule_ids(game)
        refusals = bots = acts = 0
        while not session.state.is_over() and len(session.state.deals) <= 2:
            state = session.state
            if state.current_player() == 0:
                view = ok(op="view", id=session_id)["view"]
                assert view["to_act"] == 0 and view["legal"]
                assert {"action", "label", "text"} <= set(view["legal"][0])
                before = json.dumps(state.view(None), sort_keys=True)
                response = call(op="act", id=session_id, action={"kind": "announce", "value": 9})
                assert not response["ok"] and response["error"]["type"] == "IllegalActionError"
                assert response["error"]["rule"] in ids and response["error"]["seat"] == 0
                assert json.dumps(state.view(None), sort_keys=True) == before
                refusals += 1
                entry = view["legal"][-1]
                played = ok(op="act", id=session_id, action=entry["action"])["played"]
                assert played["seat"] == 0 and played["label"] == entry["label"]
                acts += 1
            else:
                seat = state.current_player()
                response = ok(op="bot", id=session_id)
                assert response["played"]["seat"] == seat
                bots += 1
        assert refusals and acts and bots
        if not state.is_over():
            assert not call(op="view", id=session_id, seat=1)["ok"], "a bot's hand is hidden from the table"
        mine = ok(op="view", id=session_id)["view"]
        assert mine["seat"] == 0 and all(isinstance(h, dict) for h in mine["hands"][1:])
        stock = next(p for p in mine["piles"] if p["id"] == "stock")
        assert "cards" not in stock and stock["seat"] is None
    finally:
        call(op="close", id=session_id)


@pytest.mark.parametrize("game", GAMES)
def test_bridge_record_and_replay_of_a_whole_loo_game(game):
    new = ok(op="new", game=game, seed=8, variant={"players": 3}, seats=["random"] * 3)
    try:
        ok(op="advance", id=new["id"], seat=None)
        state = bridge.SESSIONS[new["id"]].state
        assert state.is_over()
        record = ok(op="record", id=new["id"])["record"]
        records.validate(record)
        replayed = ok(op="replay", record=record)
        assert replayed["over"] and replayed["outcome"] == record["outcome"]
        assert replayed["view"]["totals"] == list(state.totals())
        call(op="close", id=replayed["id"])
    finally:
        call(op="close", id=new["id"])


def test_bridge_games_lists_the_loo_family_with_its_options():
    listed = {g["id"]: g for g in ok(op="games")["games"]}
    for game in GAMES:
        assert game in listed
        names = {o["name"] for o in listed[game]["options"]}
        assert "players" in names and "stake" in names
    names = {game: {o["name"] for o in listed[game]["options"]} for game in GAMES}
    assert {"ace_of_spades_power", "overshoot_penalty", "settlement"} <= names["mushka"]
    assert {"pamphil_follow", "pamphil_payment"} <= names["pamphil"]
    assert {"jacks", "trump_ace_cover", "start_record"} <= names["rams"]
    assert {"six_player_pack", "start_record"} <= names["petukh"]
