"""Game records: round trip, validation errors naming the field, replay (the schema: test_record_schema.py,
which needs jsonschema and so does not run inside Pyodide)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from engine import games, records
from engine.bots import make_bot
from engine.errors import IllegalActionError, RecordError
from engine.game import Action

ROOT = Path(__file__).resolve().parents[1]
GAME = "ruffe-and-trumps"


def played(seed: int = 7, variant: dict[str, Any] | None = None, kinds: str = "heuristic", stop: int | None = None):
    spec = games.get(GAME)
    state = spec.new_game(spec.make_variant(**(variant or {})), seed)
    bots = [make_bot(kinds, seed=seed + i) for i in range(state.num_players)]
    while not state.is_over() and (stop is None or len(state.history) < stop):
        seat = state.current_player()
        state.apply(bots[seat].choose(state, seat))
    return state


@pytest.fixture(scope="module")
def game():
    return played()


@pytest.fixture()
def record(game):
    return records.make_record(game, seats=["human", "heuristic", "random", "sampling"])


# ----------------------------------------------------------------------------- round trip

def test_record_fields(game, record):
    assert record["format"] == "edition-record" and record["version"] == 1
    assert record["game"] == GAME and record["players"] == 4
    assert record["variant"] == game.variant.to_json()
    assert record["sides"] == [[0, 2], [1, 3]]
    assert [s["kind"] for s in record["seats"]] == ["human", "heuristic", "random", "sampling"]
    assert [d["number"] for d in record["deals"]] == list(range(1, len(game.deals) + 1))
    assert [d["deck"] for d in record["deals"]] == game.deals
    # the dealer passes to the left, the last seat dealing first
    assert [d["dealer"] for d in record["deals"]] == [(3 + k) % 4 for k in range(len(game.deals))]
    assert len(record["actions"]) == len(game.history)
    assert record["outcome"] == game.outcome().to_json()


def test_dumps_loads_round_trip(record):
    text = records.dumps(record)
    assert records.loads(text) == record
    # one action per line: the file reads and diffs well
    assert text.count('"kind": "play"') == sum(1 for line in text.splitlines() if '"kind": "play"' in line)


def test_dump_load_files(tmp_path, record):
    path = tmp_path / "game.json"
    records.dump(record, path)
    assert records.load(path) == record
    with path.open(encoding="utf-8") as handle:
        assert records.load(handle) == record


def test_replay_reproduces_the_game(game, record):
    state = records.replay(json.loads(records.dumps(record)))
    assert state.history == game.history
    assert state.deals == game.deals
    assert state.totals() == game.totals()
    assert state.outcome() == game.outcome()
    assert state.view(None) == game.view(None)


def test_unfinished_game_round_trip():
    state = played(seed=3, stop=70)
    assert not state.is_over()
    record = records.make_record(state)
    assert record["outcome"] is None
    again = records.replay(records.loads(records.dumps(record)))
    assert again.view(None) == state.view(None)
    assert not again.is_over()


@pytest.mark.parametrize("variant", [
    {"players": 3, "hand_size": 12, "follow": "free"},
    {"players": 2, "hand_size": 24, "two_player_target": "36", "ruff_tie": "void"},
    {"players": 4, "partnerships": False, "count": "tricks", "head_discards": "count"},
])
def test_round_trip_other_variants(variant):
    state = played(seed=11, variant=variant, kinds="random")
    record = records.make_record(state)
    assert record["variant"] == state.variant.to_json()
    assert records.replay(records.loads(records.dumps(record))).outcome() == state.outcome()


# ----------------------------------------------------------------------------- malformed records

def _broken(record: dict[str, Any], edit) -> dict[str, Any]:
    data = copy.deepcopy(record)
    edit(data)
    return data


@pytest.mark.parametrize("edit, field", [
    (lambda r: r.__setitem__("format", "pgn"), "format"),
    (lambda r: r.__setitem__("version", 2), "version"),
    (lambda r: r.__setitem__("seed", "7"), "seed"),
    (lambda r: r.__setitem__("extra", 1), "extra"),
    (lambda r: r.__setitem__("sides", [[0, 1], [1, 3]]), r"sides\[1\]\[0\]"),
    (lambda r: r["seats"][2].__setitem__("kind", "oracle"), r"seats\[2\]\.kind"),
    (lambda r: r["deals"][1].__setitem__("number", 5), r"deals\[1\]\.number"),
    (lambda r: r["deals"][0]["deck"].__setitem__(17, "XH"), r"deals\[0\]\.deck\[17\]"),
    (lambda r: r["deals"][0]["deck"].__setitem__(5, r["deals"][0]["deck"][4]), r"deals\[0\]\.deck\[5\]"),
    (lambda r: r["actions"][12].pop("seat"), r"actions\[12\]\.seat"),
    (lambda r: r["actions"][30].__setitem__("card", "ZZ"), r"actions\[30\]\.card"),
    (lambda r: r["actions"][3].__setitem__("colour", "red"), r"actions\[3\]\.colour"),
    (lambda r: r["outcome"].pop("reason"), r"outcome\.reason"),
])
def test_validate_names_the_field(record, edit, field):
    with pytest.raises(RecordError, match=rf"^{field}: "):
        records.validate(_broken(record, edit))


def test_loads_refuses_text_that_is_not_json():
    with pytest.raises(RecordError, match="^record: not JSON"):
        records.loads('{"format": ')
    with pytest.raises(RecordError, match="^record: must be a JSON object"):
        records.loads("[1, 2]")


def test_replay_refuses_unknown_game_and_bad_variant(record):
    with pytest.raises(RecordError, match="^game: "):
        records.replay(_broken(record, lambda r: r.__setitem__("game", "whist")))
    with pytest.raises(RecordError, match="^variant: .*follow"):
        records.replay(_broken(record, lambda r: r["variant"].__setitem__("follow", "sometimes")))
    with pytest.raises(RecordError, match="^players: "):
        records.replay(_broken(record, lambda r: r["variant"].update(players=3, partnerships=False, hand_size=16)))


def test_replay_refuses_an_action_by_the_wrong_seat(record):
    broken = _broken(record, lambda r: r["actions"][20].__setitem__("seat", (r["actions"][20]["seat"] + 1) % 4))
    with pytest.raises(RecordError, match=r"^actions\[20\]\.seat: seat \d acts but it is seat \d's turn"):
        records.replay(broken)


def test_replay_refuses_a_wrong_outcome_dealer_or_deal_count(record):
    with pytest.raises(RecordError, match="^outcome: recorded"):
        records.replay(_broken(record, lambda r: r["outcome"].__setitem__("winners", [1, 3])))
    with pytest.raises(RecordError, match=r"^deals\[1\]\.dealer"):
        records.replay(_broken(record, lambda r: r["deals"][1].__setitem__("dealer", 2)))
    with pytest.raises(RecordError, match="^deals: the record has"):
        extra = {"number": len(record["deals"]) + 1, "dealer": 0, "deck": record["deals"][0]["deck"]}
        records.replay(_broken(record, lambda r: r["deals"].append(extra)))
    with pytest.raises(RecordError, match=r"^actions\[\d+\]: the game was already over"):
        records.replay(_broken(record, lambda r: r["actions"].append(dict(r["actions"][-1]))))


# ----------------------------------------------------------------------------- illegal actions

def _find_illegal_play(record: dict[str, Any]) -> tuple[int, str]:
    """The first play where the seat held a card it was not allowed to play."""
    spec = games.get(record["game"])
    state = spec.new_game(record["variant"], record["seed"], decks=[d["deck"] for d in record["deals"]])
    for index, entry in enumerate(record["actions"]):
        seat = entry["seat"]
        if entry["kind"] == "play":
            hand = state.view(seat)["hands"][seat]
            legal = {str(a.card) for a in state.legal_actions()}
            refused = [card for card in hand if card not in legal]
            if refused:
                return index, refused[0]
        state.apply(Action.from_json(entry))
    raise AssertionError("no position with a refusable card")


def test_edited_record_names_the_rule_and_the_index(record):
    index, card = _find_illegal_play(record)
    broken = _broken(record, lambda r: r["actions"][index].__setitem__("card", card))
    with pytest.raises(IllegalActionError) as caught:
        records.replay(broken)
    assert caught.value.index == index
    assert caught.value.rule == "ruffe-and-trumps.play.follow"
    assert f"#{index}" in str(caught.value)
    assert records.describe_action(broken, index) == f"action {index} (seat {record['actions'][index]['seat']}: play {card})"


def test_card_not_in_hand_and_wrong_announcement(record):
    first_play = next(i for i, a in enumerate(record["actions"]) if a["kind"] == "play")
    seat = record["actions"][first_play]["seat"]
    spec = games.get(GAME)
    state = spec.new_game(record["variant"], record["seed"], decks=[d["deck"] for d in record["deals"]])
    for entry in record["actions"][:first_play]:
        state.apply(Action.from_json(entry))
    other = state.view(None)["hands"][(seat + 1) % 4][0]
    with pytest.raises(IllegalActionError) as caught:
        records.replay(_broken(record, lambda r: r["actions"][first_play].__setitem__("card", other)))
    assert caught.value.index == first_play and caught.value.rule == "ruffe-and-trumps.play.all-cards"

    announce = next(i for i, a in enumerate(record["actions"]) if a["kind"] == "announce")
    with pytest.raises(IllegalActionError) as caught:
        records.replay(_broken(record, lambda r: r["actions"][announce].__setitem__("value", 99)))
    assert caught.value.index == announce and caught.value.rule == "ruffe-and-trumps.ruff.announce"


# ----------------------------------------------------------------------------- first dealer

@pytest.mark.parametrize("first_dealer", [0, 1, 2])
def test_replay_keeps_a_first_dealer_other_than_the_last_seat(first_dealer):
    spec = games.get(GAME)
    state = spec.new_game(spec.make_variant(), 11, first_dealer=first_dealer)
    bots = [make_bot("heuristic", seed=11 + i) for i in range(state.num_players)]
    while not state.is_over():
        seat = state.current_player()
        state.apply(bots[seat].choose(state, seat))
    record = records.make_record(state)
    assert record["deals"][0]["dealer"] == first_dealer
    assert [d["dealer"] for d in record["deals"]] == [(first_dealer + k) % 4 for k in range(len(record["deals"]))]
    again = records.replay(records.loads(records.dumps(record)))
    assert again.history == state.history
    assert again.totals() == state.totals()


def test_replay_refuses_a_first_dealer_the_rules_do_not_seat(record):
    broken = copy.deepcopy(record)
    broken["deals"][0]["dealer"] = 0  # the game was dealt by seat 3, so seat 0 led; now seat 1 must
    with pytest.raises(RecordError, match=r"^actions\[0\]\.seat: seat 0 acts but it is seat 1's turn"):
        records.replay(broken)
