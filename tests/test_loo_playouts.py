"""Whole games of the loo family under every reading and at every table.

For each of Мушка, Памфил, Рамс and Петух: every allowed number of players
(Петух's six at both six-player packs, Мушка's two at both two-player packs)
under the default readings, and every reading of every contested rule (and a
non-default value of each agreed number: stake, agreed sum, pamphil payment,
Петух's record) with the others at their defaults.  Each table is played
five times by random and heuristic bots in alternate seats.  Every game must
finish, keep the pack in every position, and leave a sane score sheet: each
entry names a rule of the game (Памфил: or of Мушка, whose rules it keeps),
the entries of a seat add up to its final record less the start, each entry's
running record is right, one row per deal, and the winners are the seats at 0.
"""

from __future__ import annotations

import pytest

from support import play_out
from engine import catalogue, games
from engine.bots import make_bot
from engine.table_view import account_totals

GAMES = ("mushka", "pamphil", "rams", "petukh")
PLAYERS = {"mushka": (2, 3, 4, 5, 6), "pamphil": (2, 3, 4, 5, 6), "rams": (3, 4, 5, 6, 7), "petukh": (2, 3, 4, 5, 6)}
# a reading that only bites at one table, or only with another option
TIED = {
    ("two_player_pack", "fifty-two"): {"players": 2},
    ("six_player_pack", "thirty-four"): {"players": 6},
    ("jacks_no_trick", "offset"): {"jacks": "jacks"},
}
GAMES_PER_TABLE = 5
AGREED = {"stake": 2, "agreed_sum": 10, "pamphil_payment": 2, "start_record": 9}


def rule_ids(game: str) -> set[str]:
    ids = set(catalogue.load(game).ids())
    if game == "pamphil":
        ids |= set(catalogue.load("mushka").ids())
    return ids


def tables(game: str) -> list[dict]:
    """Every player count at the defaults, then each other option value alone."""
    sizes = PLAYERS[game]
    configs: list[dict] = [{"players": n} for n in sizes]
    i = 0
    for option in games.get(game).options():
        name = option["name"]
        if name == "players":
            continue
        values = option["values"] if option["values"] is not None else [AGREED[name]]
        for value in values:
            if value == option["default"]:
                continue
            config = {"players": sizes[i % len(sizes)], name: value, **TIED.get((name, value), {})}
            configs.append(config)
            i += 1
    if game == "petukh":
        configs.append({"players": 6, "start_record": 20})
    return configs


CASES = [(game, config) for game in GAMES for config in tables(game)]


def case_id(case: tuple[str, dict]) -> str:
    game, config = case
    return game + "-" + "-".join(f"{k}={v}" for k, v in config.items())


@pytest.mark.parametrize("game", GAMES)
def test_every_reading_and_player_count_is_played(game):
    """The tables below cover every reading the catalogue names and every player count."""
    covered: dict[str, set] = {}
    for config in tables(game):
        for name, value in config.items():
            covered.setdefault(name, set()).add(value)
    defaults = {o["name"]: o["default"] for o in games.get(game).options()}
    options = {o["name"]: o for o in games.get(game).options()}
    readings = [(rule["id"], r) for rule in catalogue.load(game).rules for r in rule.get("readings") or []]
    assert readings
    for rule_id, reading in readings:
        option = reading["option"]
        assert option in options, (rule_id, option)
        assert reading["id"] in options[option]["values"], (rule_id, reading["id"])
        assert reading["id"] in covered.get(option, set()) or reading["id"] == defaults[option], (rule_id, reading)
    assert covered["players"] == set(PLAYERS[game])
    assert set(PLAYERS[game]) == set(range(games.get(game).min_players, games.get(game).max_players + 1))
    for option in options.values():
        if option["values"] is not None:
            assert set(option["values"]) <= covered.get(option["name"], set()) | {option["default"]}, option


def cards_of_deal(state, deal_start: int) -> list[str]:
    view = state.view(None)
    piles = {p["id"]: p for p in view["piles"]}
    cards = [c for hand in view["hands"] for c in hand] + list(piles["stock"]["cards"])
    since = [a for _, a in state.history[deal_start:]]
    turned = piles.get("turned")
    if turned is not None and turned["seat"] is None:  # on the table, not taken into the dealer's hand
        cards += turned["cards"]
    return cards + [str(a.card) for a in since if a.kind in ("discard", "exchange", "play")]


def check_sheet(state, game: str) -> None:
    view = state.view(None)
    ids = rule_ids(game)
    start = view["ledger"]["start"]
    running = [start] * state.num_players
    for row in view["score_sheet"]:
        assert row["complete"]
        for entry in row["entries"]:
            assert entry["rule"] in ids, entry
            assert entry["side"] == entry["seat"]
            running[entry["seat"]] += entry["points"]
            assert entry["record"] == running[entry["seat"]], (row["deal"], entry)
        assert min(running) >= 0, (row["deal"], running)  # within a deal an entry may be corrected by the next
        if "void" in row:
            assert row["entries"] == [] or game == "rams", row
            assert row["void"]["rule"] in ids
    assert running == view["totals"]
    assert len(view["score_sheet"]) == len(state.deals)
    assert [row["deal"] for row in view["score_sheet"]] == list(range(1, len(state.deals) + 1))


@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_whole_games_finish_by_the_rules(case):
    game, config = case
    spec = games.get(game)
    variant = spec.make_variant(**config)
    pack = sorted(str(c) for c in spec.new_game(variant, 0).pack)
    for game_number in range(GAMES_PER_TABLE):
        seed = 1000 * game_number + len(case_id(case))
        state = spec.new_game(variant, seed)
        kinds = ["random", "heuristic"] if game_number % 2 == 0 else ["heuristic", "random"]
        bots = [make_bot(kinds[seat % 2], seed=seed + seat) for seat in range(state.num_players)]

        def check(state, deal_start):
            assert sorted(cards_of_deal(state, deal_start)) == sorted(state.deals[-1])

        play_out(state, bots, check)
        assert state.is_over(), f"not finished after {len(state.history)} actions, {len(state.deals)} deals"
        assert all(sorted(deck) == pack for deck in state.deals)
        check_sheet(state, game)
        view = state.view(None)
        outcome = state.outcome()
        assert sorted(outcome.winners) == [s for s, r in enumerate(view["totals"]) if r == 0]
        assert outcome.winners and list(outcome.scores) == view["totals"]
        assert view["over"] and view["outcome"]["winners"] == list(outcome.winners)
        stake = config.get("stake", 1)
        settlement = account_totals(view, "settlement")
        assert settlement is not None
        assert abs(sum(settlement)) < 0.05
        for s, paid in enumerate(settlement):
            if s in outcome.winners:
                assert paid >= 0
            elif config.get("settlement") == "fixed":
                assert paid == -config.get("agreed_sum", 25)
            else:
                assert paid == -view["totals"][s] * stake
        assert sum(account_totals(view, "payment") or [0]) == 0
