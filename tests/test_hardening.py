"""Regression tests for the defects a hostile user found (issue "Hardened against bad
input and its own bots"); each test is named after the defect it guards against."""

from __future__ import annotations

import copy
import json
import marshal
import random
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from engine import bridge, games, records
from engine.bots import make_bot
from engine.cards import parse_cards
from engine.errors import (EngineError, IllegalActionError, InvalidActionError, InvalidInputError, RecordError,
                           UnknownGameError, VariantError)
from engine.game import Action, GameState
from engine.limits import MAX_BUDGET, MAX_JSON_DEPTH
from tests.support import call, cli, ok, play_out

ROOT = Path(__file__).resolve().parents[1]
GAMES = games.ids()
LOO = ["mushka", "pamphil", "rams", "petukh"]


def fingerprint(state: GameState) -> bytes:
    """What anyone can observe of a state, as bytes: its omniscient view, history, legal actions,
    log and totals (plain data: marshal writes it some three times faster than json, and refuses
    anything else; its format 0 writes equal values alike, whatever objects hold them)."""
    return marshal.dumps([state.view(None), [(s, str(a)) for s, a in state.history], state.legal_json(),
                          state.log, state.totals()], 0)


def engine_cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, "-m", "engine", *args], cwd=cwd or ROOT, capture_output=True,
                          text=True, timeout=120)


def played(game: str, seed: int = 3, players: int | None = None, kind: str = "heuristic",
           steps: int | None = None) -> GameState:
    spec = games.get(game)
    state = spec.new_game({"players": players} if players else None, seed)
    bots = [make_bot(kind, seed=seed * 101 + i) for i in range(state.num_players)]
    if steps is None:
        return play_out(state, bots)[0]
    for _ in range(steps):
        if state.is_over():
            break
        state.apply(bots[state.current_player()].choose(state, state.current_player()))
    return state


def _shared_mutables(a: Any, b: Any, path: str = "") -> list[str]:
    """Paths where two copies hold the very same list, dict or set."""
    found = []
    if type(a) in (list, dict, set) and a is b:
        found.append(path or "<root>")
    if type(a) is dict and type(b) is dict:
        for key in a.keys() & b.keys():
            found += _shared_mutables(a[key], b[key], f"{path}.{key}")
    elif type(a) is list and type(b) is list:
        for i, (x, y) in enumerate(zip(a, b)):
            found += _shared_mutables(x, y, f"{path}[{i}]")
    return found


# ----------------------------------------------------------------------------- a bot's imagined deals

@pytest.mark.parametrize("game", GAMES)
def test_a_clone_shares_no_list_dict_or_set_with_the_original(game):
    state = played(game, steps=25)
    for copy_ in (state.clone(), state.determinize(state.current_player(), random.Random(1))):
        shared = _shared_mutables(state.__dict__, copy_.__dict__)
        # lists declared append-only are copied, their (immutable-by-contract) items may be shared
        assert [p for p in shared if not any(p.startswith(f".{k}[") for k in state.APPEND_ONLY)] == []


@pytest.mark.parametrize("game", LOO)
def test_a_bots_imagined_deals_do_not_change_the_real_game(game):
    """Петух's boys and Рамс's jacks shown were shared with clones, so playouts altered scoring."""
    spec = games.get(game)
    variant = {"players": 3} | ({"jacks": "jacks"} if game == "rams" else {})
    state = spec.new_game(variant, seed=1)
    bots = [make_bot("heuristic", seed=i) for i in range(3)]
    for _ in range(400):
        if state.is_over():
            break
        before = fingerprint(state)
        for seat in range(state.num_players):
            copy_ = state.determinize(seat, random.Random(seat))
            clone = state.clone()
            for twin in (copy_, clone):  # play the copies to the deal's end
                deals = len(twin.deals)
                while not twin.is_over() and len(twin.deals) == deals:
                    twin.apply(bots[twin.current_player()].choose(twin, twin.current_player()))
        assert fingerprint(state) == before
        state.apply(bots[state.current_player()].choose(state, state.current_player()))


@pytest.mark.parametrize("seed", [1, 2])
def test_the_sampling_bots_petukh_game_writes_a_record_that_replays(seed, tmp_path):
    out = tmp_path / "petukh.json"  # (the command line in this process: the record is the subject)
    result = cli("play", "petukh", "--players", "3", "--bots", "sampling", "--budget", "4",
                 "--seed", str(seed), "--json", "--out", str(out))
    assert result.returncode == 0, result.stderr
    replayed = cli("replay", str(out))
    assert replayed.returncode == 0, replayed.stderr
    assert json.loads(replayed.stdout)["over"] is True


# ----------------------------------------------------------------------------- sizes from outside

def _record(game: str = "mushka") -> dict[str, Any]:
    return records.make_record(played(game, seed=5, players=3, kind="random"))


def test_a_record_naming_a_billion_players_is_refused_before_anything_is_built(tmp_path):
    record = _record()
    record["players"] = 1_000_000_000
    with pytest.raises(RecordError, match=r"^players: must be a whole number from 1 to 16"):
        records.validate(record)
    path = tmp_path / "huge.json"
    path.write_text(json.dumps(record))
    result = engine_cli("replay", str(path))
    assert result.returncode == 2 and "players" in result.stderr and "Traceback" not in result.stderr
    answer = call(op="replay", record=record)
    assert not answer["ok"] and answer["error"]["type"] == "RecordError"


@pytest.mark.parametrize("text, words", [
    ("[" * 100_000 + "]" * 100_000, "nested deeper"),
    ('{"op": "new", "game": "mushka", "seed": ' + "9" * 5000 + "}", "5,000 digits"),
    ('{"op": "new", "op": "games"}', "appears twice"),
    ('{"op": "new", "game": "mushka", "seed": NaN}', "NaN"),
    ("x" * (5 * 1024 * 1024), "more than"),
])
def test_the_bridge_answers_unreadable_json_with_a_request_error(text, words):
    answer = json.loads(bridge.handle(text))
    assert answer["ok"] is False and answer["error"]["type"] == "RequestError"
    assert words in answer["error"]["message"]


@pytest.mark.parametrize("request_, kind", [
    ({"op": "new", "game": "mushka", "variant": {"self": 1}}, "VariantError"),
    ({"op": "new", "game": "mushka", "variant": {"cls": 1}}, "VariantError"),
    ({"op": "new", "game": "ruffe-and-trumps", "variant": {"self": "x", "cls": "y"}}, "VariantError"),
    ({"op": "compare", "game": "mushka", "variants": [{}, {}], "bots": 5}, "RequestError"),
    ({"op": "compare", "game": "mushka", "variants": [{}, {}], "bots": None}, "RequestError"),
    ({"op": "compare", "game": "petukh", "variants": [{}, {}], "bots": "sampling"}, "RequestError"),
    ({"op": "new", "game": "mushka", "variant": 0}, "RequestError"),
    ({"op": "new", "game": "mushka", "variant": []}, "RequestError"),
    ({"op": "new", "game": "mushka", "variant": ""}, "RequestError"),
    ({"op": "new", "game": ["mushka"]}, "RequestError"),
    ({"op": "new", "game": "mushka", "variant": {"stake": 10**15}}, "VariantError"),
    ({"op": "new", "game": "mushka", "budget": MAX_BUDGET + 1, "seats": ["sampling"] * 4}, "RequestError"),
])
def test_the_bridge_answers_odd_requests_with_an_engine_error(request_, kind):
    answer = call(**request_)
    assert answer["ok"] is False and answer["error"]["type"] == kind, answer


@pytest.mark.parametrize("action, kind", [
    ("announce ³⁴", "IllegalActionError"),  # superscript digits are a word, not a number: not listed
    ("announce " + "9" * 5000, "InvalidActionError"),
    ({"kind": "announce", "value": 10**30}, "RequestError"),  # more digits than JSON is read with
    ({"kind": "announce", "value": 10**15}, "InvalidActionError"),
    ({"kind": "play", "card": "7H", "extra": 1}, "InvalidActionError"),
    ({"kind": "play", "card": ["7H"]}, "InvalidActionError"),
])
def test_the_bridge_refuses_odd_actions_leaving_the_game_as_it_was(action, kind):
    new = ok(op="new", game="ruffe-and-trumps", seed=3)
    state = bridge.SESSIONS[new["id"]].state
    before = fingerprint(state)
    try:
        answer = call(op="act", id=new["id"], action=action)
        assert answer["ok"] is False and answer["error"]["type"] == kind, answer
        assert fingerprint(state) == before
    finally:
        call(op="close", id=new["id"])


@pytest.mark.parametrize("text", [
    "[" * 50_000 + "]" * 50_000,
    '{"format": "edition-record", "version": ' + "1" * 5000 + "}",
    '{"a": 1, "a": 2}',
])
def test_cli_replay_reports_unreadable_records_without_a_traceback(text, tmp_path):
    path = tmp_path / "bad.json"
    path.write_text(text)
    result = engine_cli("replay", str(path))
    assert result.returncode == 2, result
    assert "Traceback" not in result.stderr and "malformed record: record:" in result.stderr


# ----------------------------------------------------------------------------- unlisted action forms

def _refused_unchanged(state: GameState, action: Any) -> IllegalActionError | EngineError:
    before = fingerprint(state)
    with pytest.raises(EngineError) as caught:
        state.apply(action)
    assert fingerprint(state) == before
    str(caught.value)
    return caught.value


@pytest.mark.parametrize("game", LOO)
def test_unlisted_bid_forms_are_refused_in_every_loo_game(game):
    state = games.get(game).new_game(None, seed=2)
    while state.phase == "declare":  # (Памфил: every seat is first asked to declare the pamphil)
        state.apply("keep_quiet")
    assert state.phase == "bid"
    for action in ("stand 5C", "pass pass", "buy 0", "stand 1", {"kind": "buy", "card": "AS"}):
        error = _refused_unchanged(state, action)
        assert isinstance(error, IllegalActionError) and error.rule.startswith(game + "."), error


@pytest.mark.parametrize("game", GAMES)
def test_a_play_with_an_extra_value_is_refused_in_every_game(game):
    state = games.get(game).new_game(None, seed=4)
    bot = make_bot("heuristic", seed=4)
    while state.phase != "play":
        state.apply(bot.choose(state, state.current_player()))
    for listed in state.legal_actions():
        error = _refused_unchanged(state, Action(listed.kind, listed.card, 3))
        assert isinstance(error, IllegalActionError) and error.rule.startswith(game + ".")


def test_a_ruffe_announcement_with_a_card_or_without_its_value_is_refused():
    state = games.get("ruffe-and-trumps").new_game(None, seed=3)
    listed = state.legal_actions()
    assert len(listed) == 1 and listed[0].kind == "announce"
    for action in (Action("announce", parse_cards("5C")[0], listed[0].value), "announce", "announce 5C"):
        error = _refused_unchanged(state, action)
        assert isinstance(error, IllegalActionError) and error.rule == "ruffe-and-trumps.ruff.announce"


@pytest.mark.parametrize("game", GAMES)
def test_a_record_holding_an_unlisted_action_form_is_refused_by_replay(game):
    record = records.make_record(played(game, seed=6, kind="random"))
    index = next(i for i, a in enumerate(record["actions"]) if "value" not in a)
    record["actions"][index]["value"] = 7
    with pytest.raises(IllegalActionError) as caught:
        records.replay(record)
    assert caught.value.index == index and caught.value.rule.startswith(game + ".")


# ----------------------------------------------------------------------------- the record format

@pytest.mark.parametrize("edit, field", [
    (lambda r: r["seats"][1].update(nickname="x"), r"^seats\[1\]\.nickname: unknown field"),
    (lambda r: r["deals"][0].update(cut=3), r"^deals\[0\]\.cut: unknown field"),
    (lambda r: r.pop("outcome"), r"^outcome: missing"),
    (lambda r: r.update(dealt="stacked"), r"^dealt: must be one of seed, given"),
    (lambda r: r.update(players=True), r"^players: must be a whole number"),
])
def test_the_record_format_is_enforced(edit, field):
    record = _record()
    edit(record)
    with pytest.raises(RecordError, match=field):
        records.replay(record)


def test_replay_checks_the_seed_against_the_decks():
    record = _record()
    changed = copy.deepcopy(record)
    changed["seed"] += 1
    with pytest.raises(RecordError, match=r"^deals\[0\]\.deck: not the deck that seed"):
        records.replay(changed)
    swapped = copy.deepcopy(record)
    deck = swapped["deals"][-1]["deck"]
    deck[0], deck[-1] = deck[-1], deck[0]
    with pytest.raises(RecordError, match=rf"^deals\[{len(record['deals']) - 1}\]\.deck: not the deck"):
        records.replay(swapped)
    # a record that says its decks were stacked is dealt as recorded (and still checked rule by rule)
    given = copy.deepcopy(record)
    given["dealt"] = "given"
    given["seed"] += 1
    assert records.replay(given).is_over()


def test_a_record_with_a_duplicate_key_is_refused():
    text = records.dumps(_record())
    doubled = text.replace('"seed": ', '"seed": 1,\n  "seed": ', 1)
    with pytest.raises(RecordError, match="appears twice"):
        records.loads(doubled)


def test_stacked_decks_make_a_record_that_says_so_and_replays():
    spec = games.get("mushka")
    first = spec.new_game({"players": 3}, seed=9)
    stacked = spec.new_game({"players": 3}, seed=0, decks=first.deals)
    bots = [make_bot("random", seed=i) for i in range(3)]
    play_out(stacked, bots)
    record = records.make_record(stacked)
    assert record["dealt"] == "given"
    assert records.replay(record).outcome() == stacked.outcome()


# ----------------------------------------------------------------------------- the API's own errors

def test_an_action_that_cannot_be_read_cannot_be_built_and_its_error_prints():
    for args in ((5,), ("",), ("Play",), ("play", "7H"), ("draw", None, True), ("draw", None, 1.5),
                 ("draw", None, 10**30), ("draw", None, " x"), ("announce", None, "³⁴" * 40)):
        with pytest.raises(InvalidActionError) as caught:
            Action(*args)
        assert str(caught.value) and len(str(caught.value)) < 300


@pytest.mark.parametrize("game", GAMES)
def test_the_api_refuses_bad_arguments_with_engine_errors(game):
    spec = games.get(game)
    state = spec.new_game(None, seed=1)
    for seat in ("0", True, 1.5, -1, 99, 10**40):
        with pytest.raises(InvalidInputError):
            state.view(seat)
    with pytest.raises(InvalidInputError):
        state.determinize(None, random.Random(1))  # type: ignore[arg-type]
    for bad in (None, 5, ["play 7H"], Action):
        with pytest.raises(InvalidActionError):
            state.apply(bad)  # type: ignore[arg-type]
    with pytest.raises(RecordError):
        spec.new_game(None, decks=5)  # type: ignore[arg-type]
    with pytest.raises(RecordError):
        spec.new_game(None, decks=[5])  # type: ignore[list-item]
    with pytest.raises(VariantError):
        spec.new_game([("players", 3)])  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError):
        spec.new_game(None, seed=2**70)
    with pytest.raises(InvalidInputError):
        spec.new_game(None, seed="7")  # type: ignore[arg-type]


def test_module_level_readers_refuse_non_text_with_engine_errors():
    with pytest.raises(UnknownGameError):
        games.get(["mushka"])  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError):
        parse_cards(5)  # type: ignore[arg-type]
    with pytest.raises(InvalidActionError):
        Action.parse(None)  # type: ignore[arg-type]
    with pytest.raises(InvalidInputError, match="1 to 1000"):
        make_bot("sampling", budget=MAX_BUDGET + 1)
    for falsy in (0, [], ""):
        with pytest.raises(VariantError):
            games.get("mushka").variant_from(falsy)


@pytest.mark.parametrize("game", GAMES)
def test_every_refusal_is_an_engine_error(game):
    """No refusal is a plain ValueError, TypeError or KeyError: random forms at random moments."""
    rng = random.Random(game)
    state = games.get(game).new_game(None, seed=8)
    bot = make_bot("random", seed=8)
    forms = ["play", "draw x", "draw -1", "discard", "declare 3", "keep_quiet AS", "exchange AS 3", "PLAY 7H",
             {"kind": "draw", "value": "2"}, {"kind": "play", "card": "XX"}, {"kind": "lay_out"}, "announce -5"]
    for _ in range(300):
        if state.is_over():
            break
        legal = state.legal_actions()
        before = fingerprint(state)  # once per step: each refusal must leave the state as it was
        for action in rng.sample(forms, 3) + [f"{rng.choice(legal)} {rng.choice(['3', 'AS', 'x'])}"]:
            try:
                state.apply(action)
            except EngineError as error:
                assert str(error)
                assert fingerprint(state) == before
                continue
            assert Action.coerce(action) in legal, f"{action!r} was accepted though not listed: {legal}"
            break
        else:
            state.apply(bot.choose(state, state.current_player()))


# ----------------------------------------------------------------------------- Памфил's rules

def test_pamphils_refusals_cite_pamphils_rules():
    state = games.get("pamphil").new_game(None, seed=4)
    bot = make_bot("random", seed=4)
    seen = set()
    for _ in range(400):
        if state.is_over():
            break
        for action in ("pass pass", "buy 0", "play 2H", "discard 2S", "draw 9", "stand"):
            try:
                state.apply(action)
            except IllegalActionError as error:
                assert error.rule.startswith("pamphil."), str(error)
                if error.adopted:
                    assert error.adopted.startswith("mushka.") and error.rule == "pamphil.general.as-mushka"
                seen.add(error.rule)
                continue
            break
        else:
            state.apply(bot.choose(state, state.current_player()))
    assert "pamphil.general.as-mushka" in seen


# ----------------------------------------------------------------------------- the browser's hands

@pytest.mark.parametrize("game", GAMES)
def test_the_bridge_never_hands_the_browser_a_hidden_hand(game):
    new = ok(op="new", game=game, seed=2)
    session_id = new["id"]
    try:
        for seat in (None, 1):
            answer = call(op="view", id=session_id, seat=seat)
            assert not answer["ok"] and "hidden from the table" in answer["error"]["message"]
        answer = call(op="advance", id=session_id, seat=1)
        assert not answer["ok"]
        answer = call(op="record", id=session_id)
        assert not answer["ok"] and "reveal" in answer["error"]["message"]
        revealed = ok(op="record", id=session_id, reveal=True)
        assert revealed["hidden_cards"] is True and "hidden" in revealed["record"]["comment"]
        mine = ok(op="view", id=session_id)["view"]
        assert mine["seat"] == 0 and all(isinstance(h, dict) for h in mine["hands"][1:])
    finally:
        call(op="close", id=session_id)


def test_a_finished_game_and_a_table_of_bots_may_be_seen_whole():
    new = ok(op="new", game="mushka", seed=3, variant={"players": 3}, seats=["random"] * 3)
    try:
        assert isinstance(ok(op="view", id=new["id"], seat=None)["view"]["hands"][1], list)
        ok(op="advance", id=new["id"], seat=None)
        record = ok(op="record", id=new["id"])
        assert record["hidden_cards"] is False and "comment" not in record["record"]
    finally:
        call(op="close", id=new["id"])


def test_json_nesting_at_the_limit_is_read():
    nested = "[" * MAX_JSON_DEPTH + "]" * MAX_JSON_DEPTH
    answer = json.loads(bridge.handle(nested))
    assert answer["error"]["type"] == "RequestError" and "JSON object" in answer["error"]["message"]


# ----------------------------------------------------------------------------- the legal list handed out

@pytest.mark.parametrize("game", GAMES)
def test_an_action_from_a_list_handed_out_before_the_state_moved_is_checked_in_full(game):
    # Phase.apply takes an action that is one of the very objects of the legal list just handed out
    # as legal (Partie.handed_out); once an action has been applied that list is stale: one of its
    # actions no longer legal is refused exactly as an equal action built afresh, and changes nothing.
    state = games.get(game).new_game({}, seed=5)
    rng = random.Random(5)
    refused = 0
    while not state.is_over() and refused < 12:
        legal = state.legal_actions()
        chosen = rng.choice(legal)
        state.apply(chosen)  # (no legal list is asked for after it: the one kept is the old one)
        if state.is_over():
            break
        probe = state.clone()
        stale = [a for a in legal if a is not chosen and not probe.is_legal(Action.from_json(a.to_json()))]
        for action in stale[:2]:
            fresh = state.clone()
            with pytest.raises(IllegalActionError) as expected:
                fresh.apply(Action.from_json(action.to_json()))
            with pytest.raises(IllegalActionError) as caught:
                state.apply(action)
            assert (caught.value.rule, str(caught.value)) == (expected.value.rule, str(expected.value))
            refused += 1
        if stale:
            assert fingerprint(state) == fingerprint(probe)
    assert refused >= 3, f"{game}: only {refused} stale actions tried"
