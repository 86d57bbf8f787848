"""The JSON bridge the browser uses: every op, and errors as answers, never crashes."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from support import call, ok
from engine import bridge, games, records
from engine.bots import make_bot

GAME = "ruffe-and-trumps"
ROOT = Path(__file__).resolve().parents[1]




def labels(part):
    """A deal summary's (or one of its lines') facts as label: value."""
    return {item["label"]: item["value"] for item in part["facts"]}


def error(**request):
    response = call(**request)
    assert not response["ok"], response
    return response["error"]


@pytest.fixture()
def table():
    response = ok(op="new", game=GAME, seed=7, seats=["human", "heuristic", "heuristic", "random"])
    yield response
    call(op="close", id=response["id"])


def test_games_lists_implemented_and_catalogued_games():
    response = ok(op="games")
    ruffe = next(g for g in response["games"] if g["id"] == GAME)
    assert {o["name"] for o in ruffe["options"]} >= {"players", "follow", "ruff_tie", "count"}
    assert GAME not in response["catalogued_only"]
    assert ruffe["reading_sets"] == []
    piquet = next(g for g in response["games"] if g["id"] == "piquet")
    sets = {s["id"]: s for s in piquet["reading_sets"]}
    assert set(sets) == {"shevtsov", "classic"} and sets["shevtsov"]["default"] and not sets["classic"]["default"]
    spec = games.get("piquet")
    for set_id, entry in sets.items():  # the table's choice of a set sets exactly these options
        assert entry["readings"] == spec.reading_set(set_id) and entry["name"] and entry["statement"]
        names = {o["name"] for o in piquet["options"]}
        assert set(entry["readings"]) <= names


def test_rules_entries():
    rules = ok(op="rules", game=GAME)["rules"]
    follow = next(r for r in rules if r["id"] == "ruffe-and-trumps.play.follow")
    assert follow["implemented"] and follow["code"]
    assert follow["status"] == "contested" and len(follow["readings"]) >= 2
    assert any(t.startswith("tests/test_examples.py::test_worked_example[ruffe-and-trumps.play.follow/") for t in follow["tests"])


def test_new_view_and_legal_actions(table):
    view = table["view"]
    assert table["seats"] == ["human", "heuristic", "heuristic", "random"]
    assert view["seat"] == 0 and view["to_act"] == 0
    assert all(isinstance(h, dict) for h in view["hands"][1:]), "other hands are hidden"
    assert view["legal"] and all({"action", "label", "text"} <= set(entry) for entry in view["legal"])
    # while the game is on, a table with a human seat is given only a human seat's view
    for seat in (1, 3, None):
        err = error(op="view", id=table["id"], seat=seat)
        assert err["type"] == "RequestError" and "hidden from the table" in err["message"]


def test_act_then_advance_to_the_humans_turn(table):
    legal = table["view"]["legal"][0]
    played = ok(op="act", id=table["id"], action=legal["action"])["played"]
    assert played["seat"] == 0 and played["text"] == legal["text"]
    response = ok(op="advance", id=table["id"], seat=0)
    assert response["played"] and all(p["seat"] != 0 for p in response["played"])
    assert response["view"]["to_act"] == 0 or response["view"]["over"]
    assert response["view"]["legal"]


def test_illegal_action_is_refused_and_changes_nothing(table):
    session = bridge.SESSIONS[table["id"]]
    ok(op="act", id=table["id"], action=table["view"]["legal"][0]["action"])
    ok(op="advance", id=table["id"], seat=0)
    while not (session.state.phase == "play" and session.state.view(0)["trick"]
               and session.state.current_player() == 0):
        state = session.state
        assert not state.is_over()
        if state.current_player() == 0:
            ok(op="act", id=table["id"], action=state.legal_actions()[0].to_json())
        else:
            ok(op="advance", id=table["id"], seat=0)
    before = session.state.view(None)
    hand = before["hands"][0]
    legal = {a["text"] for a in ok(op="view", id=table["id"], seat=0)["view"]["legal"]}
    refused = next((c for c in hand if f"play {c}" not in legal), None)
    if refused is None:
        pytest.skip("every card in hand is playable here")
    err = error(op="act", id=table["id"], action=f"play {refused}")
    assert err["type"] == "IllegalActionError"
    assert err["rule"] == "ruffe-and-trumps.play.follow"
    assert err["action"] == {"kind": "play", "card": refused}
    assert "must" in err["message"] and err["reason"] in err["message"] and err["seat"] == 0
    assert session.state.view(None) == before


def test_act_out_of_turn_and_on_bot_seats(table):
    err = error(op="act", id=table["id"], seat=2, action="announce 10")
    # a move out of turn is a TurnError naming the seat asked and the seat whose turn it is
    assert err["type"] == "TurnError" and "seat 0's turn" in err["message"]
    assert (err["seat"], err["to_act"]) == (2, 0)
    err = error(op="bot", id=table["id"])
    assert "human seat" in err["message"]


def test_bot_op_plays_one_move(table):
    ok(op="act", id=table["id"], action=table["view"]["legal"][0]["action"])
    response = ok(op="bot", id=table["id"])
    assert response["played"]["seat"] == 1
    assert bridge.SESSIONS[table["id"]].state.history[-1][0] == 1


def test_record_and_replay_round_trip():
    new = ok(op="new", game=GAME, seed=4, seats=["random"] * 4)
    played = ok(op="advance", id=new["id"], seat=None)["played"]
    assert bridge.SESSIONS[new["id"]].state.is_over()
    assert len(played) == len(bridge.SESSIONS[new["id"]].state.history)
    record = ok(op="record", id=new["id"])["record"]
    records.validate(record)
    assert [s["kind"] for s in record["seats"]] == ["random"] * 4
    replayed = ok(op="replay", record=record)
    assert replayed["over"] and replayed["outcome"] == record["outcome"]
    record["actions"][2]["value"] = 1
    err = error(op="replay", record=record)
    assert err["type"] == "IllegalActionError" and err["index"] == 2
    assert err["rule"] == "ruffe-and-trumps.ruff.announce"


def test_examples_ops():
    results = ok(op="examples", game=GAME)
    assert results["results"] and results["passed"] == len(results["results"])
    first = results["results"][0]
    one = ok(op="example", rule=first["rule"], example=first["example"])["result"]
    assert one["passed"] and one["actual"] == first["actual"]


def test_compare_plays_the_same_decks_under_two_readings():
    response = ok(op="compare", game=GAME, seed=5, bots="heuristic",
                  variants=[{"head_discards": "dead"}, {"head_discards": "count"}])
    first, second = response["results"]
    assert first["variant"]["head_discards"] == "dead" and second["variant"]["head_discards"] == "count"
    assert response["shared_deals"] >= 1
    for result in response["results"]:
        assert result["outcome"]["winners"]
        assert sum(e["points"] for d in result["score_sheet"] for e in d["entries"]) == sum(result["totals"])
    # under "count" the head-taker's side gains its four discards in the first deal
    assert first["score_sheet"][0] != second["score_sheet"][0]


def test_measures_op():
    response = ok(op="measures", game=GAME, games=2)
    measures = response["measures"]
    assert response["source"] in ("precomputed", "computed")
    assert measures["game"] == GAME and measures["metrics"]
    rule = measures["rules"]["ruffe-and-trumps.play.follow"]
    assert rule["option"] == "follow" and set(rule["readings"]) == {"obliged", "free"}


def test_packaged_measures_cover_every_reading():
    """The measures shipped in the wheel (and shown on the game page) name every contested
    rule of the catalogue with every one of its readings: regenerate them after a change."""
    from engine import catalogue

    packaged = ROOT / "engine" / "measures" / f"{GAME}.json"
    assert packaged.exists(), "run: python -m engine simulate ruffe-and-trumps --measure ..."
    stored = json.loads(packaged.read_text())["rules"]
    for rule in catalogue.load(GAME).rules:
        readings = rule.get("readings") or []
        if readings:
            assert rule["id"] in stored, f"{rule['id']} is not measured"
            assert set(stored[rule["id"]]["readings"]) == {r["id"] for r in readings}, rule["id"]


@pytest.mark.parametrize("request_text, kind, words", [
    ("not json", "RequestError", "not JSON"),
    ("[1, 2]", "RequestError", "JSON object"),
    ('{"op": "fly"}', "RequestError", "unknown op 'fly'"),
    ('{"op": "new"}', "RequestError", "'game'"),
    ('{"op": "new", "game": "whist"}', "UnknownGameError", "whist"),
    ('{"op": "new", "game": "ruffe-and-trumps", "variant": {"follow": "never"}}', "VariantError", "follow"),
    ('{"op": "new", "game": "ruffe-and-trumps", "seats": ["human"]}', "RequestError", "4 seat kinds"),
    ('{"op": "view", "id": "nope"}', "RequestError", "no game session 'nope'"),
    ('{"op": "replay", "record": {"format": "edition-record"}}', "RecordError", "version: missing"),
    ('{"op": "compare", "game": "ruffe-and-trumps", "variants": [{}]}', "RequestError", "exactly two"),
    ('{"op": "rules", "game": "../../pyproject"}', "RequestError", "field 'game' must be the id of a game"),
    ('{"op": "rules", "game": "whist"}', "RequestError", "field 'game'"),
    ('{"op": "rules", "game": 7}', "RequestError", "field 'game'"),
    ('{"op": "examples", "game": "../catalogue/gleek"}', "RequestError", "field 'game' must be the id of a game"),
])
def test_errors_are_answers(request_text, kind, words):
    response = json.loads(bridge.handle(request_text))
    assert response["ok"] is False
    assert response["error"]["type"] == kind
    assert words in response["error"]["message"]


# ----------------------------------------------------------------------------- one deal, two readings

DISCARDS = [{"head_discards": "dead"}, {"head_discards": "count"}]


def test_compare_one_deal_uses_one_deck_and_dealer_for_both_readings():
    whole = ok(op="compare", game=GAME, seed=3, variants=DISCARDS)
    one = ok(op="compare", game=GAME, seed=3, deal=2, variants=DISCARDS)
    assert one["deal"] == {"from": "seed", "deal": 2}
    assert len(one["deck"]) == 52 and len(set(one["deck"])) == 52
    # deal 2 of the game from seed 3, dealt by the seat after the first dealer (seat 3)
    assert one["dealer"] == 0
    assert sorted(sum(one["hands"], [])) == sorted(one["deck"][:48])
    # the same deck, dealer and bots again: a deck+dealer request gives the same two deals
    again = ok(op="compare", game=GAME, seed=3, deck=one["deck"], dealer=one["dealer"], variants=DISCARDS)
    assert again["results"] == one["results"]
    dead, counted = one["results"]
    # the play does not depend on whether the discards count: same tricks, ruff, head-taker
    labelled = [[labels(line) for line in result["summary"]["lines"]] for result in (dead, counted)]
    assert [side["Tricks"] for side in labelled[0]] == [side["Tricks"] for side in labelled[1]]
    assert labels(dead["summary"])["The ruff"] == labels(counted["summary"])["The ruff"]
    head = labels(dead["summary"])["The head"]
    assert head.startswith("taken by seat ") and "discards dead" in head
    taker = int(head.split()[3].rstrip(","))
    assert labels(counted["summary"])["The head"] == f"taken by seat {taker}, his 4 discards counted as cards he won"
    # with the discards counted the head-taker's side has four more cards, and more points
    side = next(i for i, s in enumerate(one["sides"]) if taker in s)
    assert int(labelled[1][side]["Cards counted"]) == int(labelled[0][side]["Cards counted"]) + 4
    assert counted["points"][side] > dead["points"][side]
    assert counted["points"] != dead["points"]
    for result in one["results"]:
        summary = result["summary"]
        assert sum(e["points"] for e in result["entries"]) == sum(result["points"])
        assert [line["amount"] for line in summary["lines"]] == result["points"]
        assert [line["seats"] for line in summary["lines"]] == one["sides"]
        assert all(e["rule"].startswith(GAME + ".") for e in result["entries"])
        assert "took the head" in summary["lines"][side]["text"] and f"seat {taker}" in result["text"]
        assert result["text"] == summary["text"] and result["text"].startswith("Seats 0 and 2: ")
    # the whole-game comparison's second deal is this deal (heuristic bots are deterministic)
    assert [d["entries"] for d in whole["results"][0]["score_sheet"] if d["deal"] == 2] == [dead["entries"]]


def test_compare_one_deal_of_a_live_table(table):
    session = table["id"]
    assert "still being played" in error(op="compare", game=GAME, id=session, deal=1, variants=DISCARDS)["message"]
    # a heuristic bot plays every seat, the human's included, to the end of deal 1
    state = bridge.SESSIONS[session].state
    bot = make_bot("heuristic", seed=1)
    while len(state.deals) == 1:
        state.apply(bot.choose(state, state.current_player()))
    one = ok(op="compare", game=GAME, id=session, deal=1, variants=DISCARDS)
    assert one["deck"] == state.deals[0]
    assert one["dealer"] == 3 and one["deal"] == {"from": "session", "id": session, "deal": 1, "you": 0}
    message = error(op="compare", game=GAME, id=session, deal=5, variants=DISCARDS)["message"]
    assert "no deal 5" in message and "field 'deal'" in message


def play_at_the_table(game_id: str, seed: int, deals: int) -> tuple[str, list[str]]:
    """A table as the browser drives it: a human seat (its moves chosen at random among the legal ones,
    through 'act') and heuristic bots ('advance'), until ``deals`` deals are over."""
    import random

    spec = games.get(game_id)
    players = max(spec.min_players, min(4, spec.max_players))
    seats = ["human"] + ["heuristic"] * (players - 1)
    new = ok(op="new", game=game_id, seed=seed, variant={"players": players}, seats=seats)
    rng = random.Random(seed)
    state = bridge.SESSIONS[new["id"]].state
    while len(state.deals) <= deals and not state.is_over():
        view = ok(op="advance", id=new["id"], seat=0)["view"]
        if not view["over"] and len(state.deals) <= deals:
            ok(op="act", id=new["id"], action=rng.choice(view["legal"])["action"])
    return new["id"], seats


def other_reading(game_id: str, variant: dict) -> dict:
    """The variant with its first contested option (other than the number of players) at another reading."""
    option = next(o for o in games.get(game_id).options() if o["values"] and o["name"] != "players")
    return {**variant, option["name"]: next(v for v in option["values"] if v != variant[option["name"]])}


@pytest.mark.parametrize("game_id", games.ids())
def test_replay_a_deal_of_the_table_as_played_then_by_the_bots(game_id: str) -> None:
    """Reading A of a deal of the table is that deal as it was played there, every action (the human's
    and the bots'), so its result is the table's; reading B is the same cards, the same dealer, the
    same bots at the bots' seats and a bot at the human's."""
    session, seats = play_at_the_table(game_id, seed=4, deals=2)
    try:
        state = bridge.SESSIONS[session].state
        table = state.variant.to_json()
        b_variant = other_reading(game_id, table)
        answer = ok(op="compare", game=game_id, id=session, deal=2, variants=[table, b_variant])
        as_played, by_bots = answer["results"]
        # A: the table's own result for deal 2, entry for entry
        assert as_played["summary"] == state.deal_summary(2)
        sheet = {row["deal"]: row for row in state.view(None)["score_sheet"]}
        assert as_played["entries"] == sheet[2]["entries"]
        assert as_played["variant"] == table
        played = as_played["play"]
        assert played["by"] == "table" and played["seats"] == seats
        assert played["actions"] > played["human_actions"] >= 1
        # B: the cards of deal 2 and its dealer, the table's bots, and the heuristic bot in the human's seat
        assert answer["deck"] == state.deals[1]
        assert answer["dealer"] == sheet[2]["dealer"] == by_bots["summary"]["dealer"]
        assert by_bots["variant"] == b_variant
        assert by_bots["play"] == {"by": "bots", "bots": ["heuristic"] * len(seats)} and answer["bots"] == ["heuristic"] * len(seats)
        # ... which is that deck and dealer played by those bots, as a deal of its own
        alone = ok(op="compare", game=game_id, seed=state.seed, deck=answer["deck"], dealer=answer["dealer"],
                   bots=answer["bots"], variants=[b_variant, b_variant])
        assert alone["results"][0] == by_bots
        # another bot in the human's seat, the table's bots at theirs
        random_you = ok(op="compare", game=game_id, id=session, deal=2, variants=[table, b_variant], bots="random")
        assert random_you["results"][1]["play"]["bots"] == ["random"] + seats[1:]
        assert random_you["results"][0] == as_played
    finally:
        call(op="close", id=session)


def test_replay_a_deal_of_the_table_refuses_what_cannot_be_replayed_as_played() -> None:
    session, _ = play_at_the_table(GAME, seed=4, deals=1)
    try:
        table = bridge.SESSIONS[session].state.variant.to_json()
        counted = {**table, "head_discards": "count"}
        cases = [
            ({"variants": [counted, table]}, "field 'variants[0]'", "head_discards is 'dead' at the table, not 'count'"),
            ({"variants": [table, counted], "bots": ["heuristic"] * 4}, "field 'bots'", "one bot kind"),
            ({"variants": [table, counted], "bots": "clever"}, "field bots", "unknown bot kind"),
            ({"variants": [{}, {"ace_of_spades_power": "beats-trump-ace"}], "game": "mushka"}, "field 'game'", "is ruffe-and-trumps, not mushka"),
        ]
        for extra, field, words in cases:
            message = error(**{"op": "compare", "game": GAME, "id": session, "deal": 1, **extra})
            assert message["type"] == "RequestError" and "traceback" not in message, message
            assert field in message["message"] and words in message["message"], message
    finally:
        call(op="close", id=session)


@pytest.mark.parametrize("extra, words", [
    ({"deal": 40}, "no deal 40"),
    ({"deal": 0}, "from 1"),
    ({"deal": "two"}, "field 'deal'"),
    ({"dealer": 1}, "needs 'deal'"),
    ({"deck": ["AS"] * 52, "dealer": 0}, "field 'deck'"),
    ({"deck": None, "dealer": 0}, "field 'deck'"),
])
def test_compare_one_deal_refuses_bad_requests(extra, words):
    message = error(op="compare", game=GAME, seed=3, variants=DISCARDS, **extra)
    assert message["type"] == "RequestError" and words in message["message"], message


def test_compare_one_deal_refuses_a_dealer_off_the_table():
    deck = ok(op="compare", game=GAME, seed=3, deal=1, variants=DISCARDS)["deck"]
    message = error(op="compare", game=GAME, deck=deck, dealer=4, variants=DISCARDS)["message"]
    assert "dealer" in message


@pytest.mark.parametrize("game_id", games.ids())
def test_a_whole_game_through_act_and_advance_labels_every_action_in_its_phase(game_id: str) -> None:
    """The table's own loop (a human seat that acts, bots that advance) to the end of a game: each
    action played is labelled in the words of the phase it was played in, before the game moves
    on (a label asked after the move would ask the next phase, which may not know the action)."""
    import random

    spec = games.get(game_id)
    players = max(spec.min_players, min(3, spec.max_players))
    new = call(**{"op": "new", "game": game_id, "seed": 11, "variant": {"players": players},
                "seats": ["human"] + ["heuristic"] * (players - 1)})
    assert new["ok"], new
    rng = random.Random(5)
    for _ in range(5_000):
        answer = call(**{"op": "advance", "id": new["id"], "seat": 0})
        assert answer["ok"], answer["error"]
        assert all(p["label"] for p in answer["played"]), answer["played"]
        view = answer["view"]
        if view["over"]:
            break
        played = call(**{"op": "act", "id": new["id"], "seat": 0, "action": rng.choice(view["legal"])["action"]})
        assert played["ok"], played["error"]
        assert played["played"]["label"], played
    assert view["over"], f"{game_id}: the game did not end"


def test_bot_op_answers_with_the_view_asked_for(table):
    """A table's bot step is one request: the move and the reader's view after it."""
    ok(op="act", id=table["id"], action=table["view"]["legal"][0]["action"])
    response = ok(op="bot", id=table["id"], seat=0)
    assert response["played"]["seat"] == 1
    assert response["view"]["seat"] == 0
    assert response["view"] == ok(op="view", id=table["id"], seat=0)["view"]


def test_bot_op_refuses_a_hidden_view_and_moves_nothing(table):
    ok(op="act", id=table["id"], action=table["view"]["legal"][0]["action"])
    before = len(bridge.SESSIONS[table["id"]].state.history)
    err = error(op="bot", id=table["id"], seat=2)
    assert err["type"] == "RequestError" and "hidden" in err["message"]
    assert len(bridge.SESSIONS[table["id"]].state.history) == before


def test_the_rules_op_never_turns_an_id_into_a_path(monkeypatch):
    """An id that is not a catalogue's is refused before any file is opened (the id grammar of
    a path, '../', never reaches the catalogue folder)."""
    from engine import catalogue as catalogue_module

    opened = []
    real = catalogue_module._folder

    def watched():
        folder = real()

        class Watch:
            def joinpath(self, name):
                opened.append(name)
                return folder.joinpath(name)

            def iterdir(self):
                return folder.iterdir()

        return Watch()

    monkeypatch.setattr(catalogue_module, "_folder", watched)
    for bad in ("../../pyproject", "../catalogue/gleek", "ruffe-and-trumps/../gleek"):
        answer = error(op="rules", game=bad)
        assert answer["type"] == "RequestError" and "'game'" in answer["message"], answer
        with pytest.raises(catalogue_module.UnknownGameError):
            catalogue_module.load(bad)
    assert opened == []
    assert ok(op="rules", game=GAME)["rules"]


def test_measure_op_pairs_games_in_steps_with_the_builds_code():
    """The comparison panel's "measure N paired games": two readings (and an option beside them),
    asked in steps; the estimates are engine.paired's over every game played so far."""
    from engine.paired import Task, differences, play_task

    variants = [{"players": 3, "partnerships": False, "hand_size": 16, "count_baseline": "dealt"},
                {"players": 3, "partnerships": False, "hand_size": 16, "count_baseline": "twelve"}]
    first = ok(op="measure", game=GAME, variants=variants, games=3, seed=5)
    assert first["games"] == 3 and first["id"]
    second = ok(op="measure", id=first["id"], games=2)
    assert second["games"] == 5 and second["seed"] == 5
    row = second["difference"]["mean_count_points_per_deal"]
    assert row["verdict"] in ("effect", "no difference detected") and row["low"] <= row["estimate"] <= row["high"]
    assert second["values"]["first"]["first_side_win_share"]["method"] == "wilson"
    # the same figures as the build's code on the same five games
    keys = [tuple(sorted(games.get(GAME).variant_from(v).to_json().items())) for v in variants]
    records = [play_task(Task(GAME, key, "heuristic", None, 5, 0, 5)) for key in keys]
    metrics = [m for m in second["metrics"] if m != "games"]
    expected = differences(records[0], {"second": records[1]}, metrics, second["focus"])["second"]
    assert second["difference"] == expected["metrics"]
    assert ok(op="close", id=first["id"])["closed"] is True


@pytest.mark.parametrize("request_fields, words", [
    ({"games": 0}, "'games' must be an integer from 1 to 200"),
    ({"games": 201}, "'games' must be an integer from 1 to 200"),
    ({"games": 2, "variants": [{}]}, "'variants' must hold exactly two"),
    ({"games": 2, "bots": "oracle"}, "'bots'"),
    ({"games": 2, "id": "m999"}, "field 'id': no measurement"),
    ({"games": 2, "rule": "ruffe-and-trumps.no.such-rule"}, "field 'rule'"),
    ({"games": 2, "rule": 7}, "field 'rule'"),
])
def test_measure_op_refuses_bad_fields_by_name(request_fields, words):
    request = {"op": "measure", "game": GAME, "variants": [{}, {"follow": "free"}], **request_fields}
    assert words in error(**request)["message"]


def test_measure_op_caps_the_games_of_a_measurement(monkeypatch):
    from engine import bridge

    monkeypatch.setattr(bridge, "MAX_MEASURE_GAMES", 4)
    started = ok(op="measure", game=GAME, variants=[{}, {"follow": "free"}], games=3)
    refused = error(op="measure", id=started["id"], games=2)
    assert refused["type"] == "RequestError" and "field 'games'" in refused["message"] and "4" in refused["message"]
    assert ok(op="measure", id=started["id"], games=1)["games"] == 4  # the refusal changed nothing


def test_measure_op_focuses_on_the_rule_compared_and_speaks_the_request_s_language():
    """The panel names the contested rule it compares: the focus is that rule's measures
    (engine/measuring.py), and the measures' descriptions come in the request's language."""
    from engine.measuring import measures_of

    rule = "ruffe-and-trumps.play.follow"
    answer = ok(op="measure", game=GAME, variants=[{}, {"follow": "free"}], games=2, seed=3, rule=rule, lang="ru")
    assert answer["focus"] == list(measures_of(games.get(GAME)).focus[rule])
    assert all(re.search("[а-яё]", text) for name, text in answer["metrics"].items()), answer["metrics"]
    assert ok(op="close", id=answer["id"])["closed"] is True
