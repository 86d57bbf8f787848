"""Property tests (Hypothesis) of the loo family: Мушка, Памфил, Рамс, Петух.

For any table the rules allow, under any reading of every contested rule:

* No card is created or lost: at every step the cards in the hands, the stock,
  the turned card (unless the Рамс dealer took it), the cards discarded or
  given up and the cards played this deal are, each exactly once, the pack.
* The same seed and the same actions give the same game.
* Every action ``legal_actions()`` offers is accepted; other actions (other
  cards, other kinds) are refused with an ``IllegalActionError`` naming a rule
  of the game, and the state (its omniscient view and history) is unchanged.
* Replaying a game's record gives the same game and outcome.
* Records are never negative; the game ends only when some record is 0, and
  the winners are exactly the seats at 0.
* A determinization changes only what the seat cannot see.
"""

from __future__ import annotations

import json
import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from support import play_out
from engine import catalogue, games, records
from engine.bots import make_bot
from engine.cards import deck_52
from engine.errors import IllegalActionError
from engine.game import Action
from engine.table_view import account_totals

GAMES = ("mushka", "pamphil", "rams", "petukh")
INT_OPTIONS = {
    "stake": st.integers(0, 3),
    "agreed_sum": st.integers(0, 30),
    "pamphil_payment": st.integers(0, 3),
    "start_record": st.integers(1, 20),  # Петух's agreed record (Рамс's is a reading)
}
SETTINGS = settings(max_examples=18, deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(min_value=0, max_value=2**31 - 1)


def rule_ids(game: str) -> set[str]:
    ids = set(catalogue.load(game).ids())
    if game == "pamphil":  # «в остальном — правила» Мушки: Мушка's rules apply unchanged
        ids |= set(catalogue.load("mushka").ids())
    return ids


RULE_IDS = {game: rule_ids(game) for game in GAMES}


def variant_strategy(game: str) -> st.SearchStrategy[dict]:
    fields = {}
    for option in games.get(game).options():
        name, values = option["name"], option["values"]
        fields[name] = st.sampled_from(list(values)) if values is not None else INT_OPTIONS[name]
    return st.fixed_dictionaries(fields)


VARIANTS = {game: variant_strategy(game) for game in GAMES}
ALL_ACTIONS = (
    [Action(kind, card=c) for kind in ("play", "discard", "lay_out", "exchange") for c in deck_52()]
    + [Action(kind) for kind in ("pass", "stand", "buy", "draw", "declare", "keep_quiet", "keep")]
    + [Action("play"), Action("announce", value=3)]
)


def new_game(game: str, variant: dict, seed: int):
    spec = games.get(game)
    return spec.new_game(spec.make_variant(**variant), seed)


def cards_of_deal(state, deal_start: int) -> list[str]:
    """Every card of the current deal, wherever it is (see the module docstring)."""
    view = state.view(None)
    cards = [c for hand in view["hands"] for c in hand] + list(pile(view, "stock")["cards"])
    since = [a for _, a in state.history[deal_start:]]
    cards += turned_on_table(view)
    cards += [str(a.card) for a in since if a.kind in ("discard", "exchange", "play")]
    return cards


def pile(view: dict, pile_id: str) -> dict:
    return next(p for p in view["piles"] if p["id"] == pile_id)


def turned_on_table(view: dict) -> list[str]:
    """The turned card, if it lies on the table: not taken by the Рамс dealer (``exchange``),
    nor in the Памфил dealer's hand before he lays out (the pile names who took it)."""
    turned = [p for p in view["piles"] if p["id"] == "turned" and p["seat"] is None]
    return turned[0]["cards"] if turned else []


def cards_held(state, deal_start: int) -> list[str]:
    """The same cards read from the state's own places (its discard piles, not the
    history), as a determinization redeals them."""
    view = state.view(None)
    cards = [c for hand in view["hands"] for c in hand] + list(pile(view, "stock")["cards"])
    cards += [str(c) for held in state.discards.values() for c in held] + [str(c) for c in state.pending]
    cards += [str(c) for c in state.played]
    return cards + turned_on_table(view)


def check_cards(state, deal_start: int) -> None:
    cards = cards_of_deal(state, deal_start)
    assert sorted(cards) == sorted(state.deals[-1]), "a card was created or lost"
    assert len(cards) == len(state.pack)


def check_records(state) -> None:
    view = state.view(None)
    recs = view["totals"]
    assert all(r >= 0 for r in recs), recs
    assert sum(account_totals(view, "payment") or [0]) == 0
    if state.is_over():
        outcome = state.outcome()
        assert sorted(outcome.winners) == [s for s, r in enumerate(recs) if r == 0]
        assert list(outcome.scores) == recs
        assert abs(sum(account_totals(view, "settlement") or [1])) < 0.05
    else:
        assert min(recs) > 0, f"a record is 0 but the game goes on: {recs}"
        assert state.outcome() is None


def random_game(game: str, variant: dict, seed: int, bot_seed: int, check=None, limit: int = 60_000):
    """A game played by random bots, ``check(state, deal_start)`` after every action."""
    return play_random(game, variant, seed, bot_seed, check, limit)[0]


def play_random(game: str, variant: dict, seed: int, bot_seed: int, check=None, limit: int = 60_000):
    """``random_game`` and the index in the history where the current deal began."""
    state = new_game(game, variant, seed)
    bots = [make_bot("random", seed=bot_seed + i) for i in range(state.num_players)]
    return play_out(state, bots, check, limit)


def snapshot(state) -> str:
    return json.dumps([state.view(None), [(s, a.to_json()) for s, a in state.history]], sort_keys=True)


@pytest.mark.rule("mushka.setup.deck", "mushka.buy.discard-first", "pamphil.deal.turned-pamphil", "rams.setup.deck",
                  "rams.buy.dealer-takes-turned", "petukh.setup.deck", "petukh.deal.six-player-trump")
@pytest.mark.parametrize("game", GAMES)
@SETTINGS
@given(data=st.data(), seed=seeds, bot_seed=seeds)
def test_no_card_is_created_or_lost(game, data, seed, bot_seed):
    variant = data.draw(VARIANTS[game])
    state = random_game(game, variant, seed, bot_seed, check=check_cards)
    assert state.is_over()
    pack = sorted(str(c) for c in state.pack)
    assert all(sorted(deck) == pack for deck in state.deals)


@pytest.mark.parametrize("game", GAMES)
@SETTINGS
@given(data=st.data(), seed=seeds, bot_seed=seeds)
def test_same_seed_and_actions_give_the_same_game(game, data, seed, bot_seed):
    variant = data.draw(VARIANTS[game])
    first = random_game(game, variant, seed, bot_seed)
    again = new_game(game, variant, seed)
    assert again.deals[0] == first.deals[0]
    for seat, action in first.history:
        assert again.current_player() == seat
        again.apply(Action.from_json(action.to_json()))
    assert snapshot(again) == snapshot(first)
    assert again.log == first.log and again.outcome() == first.outcome()


@pytest.mark.parametrize("game", GAMES)
@SETTINGS
@given(data=st.data(), seed=seeds, rng_seed=seeds)
def test_legal_actions_accepted_others_refused(game, data, seed, rng_seed):
    variant = data.draw(VARIANTS[game])
    rng = random.Random(rng_seed)
    state = new_game(game, variant, seed)
    phases = set()
    while not state.is_over() and len(state.deals) <= 3:
        legal = state.legal_actions()
        assert legal, f"no legal action in phase {state.phase}"
        assert len(set(legal)) == len(legal)
        seat = state.current_player()
        if rng.random() < 0.3 or state.phase not in phases:
            phases.add(state.phase)
            before = snapshot(state)
            for action in legal:
                trial = state.clone()
                trial.apply(action)
                assert trial.history[len(state.history):][0][0] == seat
            assert snapshot(state) == before, "applying to a clone changed the original"
            # a draw names the number of cards discarded; the engine reads it from the discards
            others = [a for a in ALL_ACTIONS if a not in legal
                      and not (a.kind == "draw" and any(b.kind == "draw" for b in legal))]
            for action in rng.sample(others, 8):
                with pytest.raises(IllegalActionError) as refused:
                    state.apply(action)
                assert refused.value.rule in RULE_IDS[game], (refused.value.rule, str(refused.value))
                assert refused.value.rule in str(refused.value)
                assert snapshot(state) == before, f"refusing {action} changed the state"
        state.apply(rng.choice(legal))
    assert {"bid", "play"} & phases


@pytest.mark.rule("mushka.end.winner", "rams.end.winner", "petukh.end.winner", "mushka.end.tie")
@pytest.mark.parametrize("game", GAMES)
@SETTINGS
@given(data=st.data(), seed=seeds, bot_seed=seeds)
def test_records_never_negative_and_the_game_ends_only_at_nothing(game, data, seed, bot_seed):
    variant = data.draw(VARIANTS[game])
    state = random_game(game, variant, seed, bot_seed, check=lambda s, _: check_records(s))
    assert state.is_over()
    assert min(state.totals()) == 0


@pytest.mark.parametrize("game", GAMES)
@SETTINGS
@given(data=st.data(), seed=seeds, bot_seed=seeds)
def test_replay_of_the_record_gives_the_same_game(game, data, seed, bot_seed):
    variant = data.draw(VARIANTS[game])
    state = random_game(game, variant, seed, bot_seed)
    record = records.loads(records.dumps(records.make_record(state)))
    again = records.replay(record)
    assert again.outcome() == state.outcome()
    assert again.totals() == state.totals()
    assert again.history == state.history
    assert again.view(None)["score_sheet"] == state.view(None)["score_sheet"]


@pytest.mark.parametrize("game", GAMES)
@SETTINGS
@given(data=st.data(), seed=seeds, rng_seed=seeds, steps=st.integers(1, 150))
def test_determinize_keeps_what_the_seat_sees(game, data, seed, rng_seed, steps):
    variant = data.draw(VARIANTS[game])
    state, deal_start = play_random(game, variant, seed, rng_seed, limit=steps)
    if state.is_over():
        return
    seat = state.current_player()
    world = state.determinize(seat, random.Random(rng_seed))
    mine, theirs = state.view(seat), world.view(seat)
    for key in ("hands", "trick", "tricks", "totals", "phase", "to_act", "trump", "legal", "active", "calls",
                "shows", "piles", "taken", "ledger", "unavailable", "previous_deal"):
        assert mine[key] == theirs[key], key
    assert sorted(cards_held(state, deal_start)) == sorted(cards_of_deal(state, deal_start)) == sorted(state.deals[-1])
    assert sorted(cards_held(world, deal_start)) == sorted(cards_held(state, deal_start))
    for other in range(state.num_players):
        if other != seat:
            assert len(world.view(None)["hands"][other]) == len(state.view(None)["hands"][other])
