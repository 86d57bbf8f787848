"""Property tests (Hypothesis) of every game, on the game's state, under any reading of every
contested rule and at any table the rules allow:

* No card is created or lost: at every step the cards of the deal in progress are, each exactly
  once, its deck (read from the state's own places by the fuzzer's accounting,
  ``tools/fuzzing/seen.py``: no view is rendered for it), and every deal's deck is the pack.
* The same seed and the same actions give the same game.
* Every action ``legal_actions()`` offers is accepted (on a clone, which leaves the original as
  it was); other actions are refused with an ``IllegalActionError`` naming a rule of the game,
  and the state is left unchanged.
* Replaying a game's record gives the same game and outcome.
* A determinization changes only what the seat cannot see (here the view is what is tested).
* The loo family: records are never negative, and a game ends only when some record is 0, the
  winners being exactly the seats at 0.

Random bots play, so these reach positions the heuristic bots of the goldens (``tests/net.py``)
never do. Example counts are bounded by the Hypothesis profile (``tests/conftest.py``): a few
examples in ``make test``, many under ``HYPOTHESIS_PROFILE=thorough`` (``make deep``).
"""

from __future__ import annotations

import random
import sys
from functools import cache
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, reject, settings, strategies as st

from support import play_out
from engine import catalogue, games, records
from engine.bots import make_bot
from engine.cards import deck_52
from engine.errors import IllegalActionError, VariantError
from engine.game import Action

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT / "tools") not in sys.path:
    sys.path.insert(0, str(ROOT / "tools"))
from fuzzing import seen  # noqa: E402

GAMES = [spec.id for spec in games.all()]
LOO = ("mushka", "pamphil", "rams", "petukh")
INT_OPTIONS = {
    "stake": st.integers(0, 3),
    "agreed_sum": st.integers(0, 30),
    "pamphil_payment": st.integers(0, 3),
    "start_record": st.integers(1, 20),  # Петух's agreed record (Рамс's is a reading)
    "deals": st.sampled_from([3, 6]),    # Gleek: a game of three deals, or six
}
RUFFE_TABLES = [  # (players, partnerships, hand_size, two_player_target): every table Ruffe's rules allow
    (4, True, 12, "52"), (4, False, 12, "52"), (3, False, 16, "52"), (3, False, 12, "52"),
    (2, False, 24, "52"), (2, False, 24, "36"), (2, False, 12, "52"),
]
RUFFE_TABLE_OPTIONS = ("players", "partnerships", "hand_size", "two_player_target")
seeds = st.integers(min_value=0, max_value=2**31 - 1)
EVERY_GAME = pytest.mark.parametrize("game", GAMES)


def variant_strategy(game: str) -> st.SearchStrategy[dict[str, Any]]:
    """Any setting of every option of ``game``; a combination its rules refuse is rejected."""
    fields: dict[str, st.SearchStrategy[Any]] = {}
    for option in games.get(game).options():
        name, values = option["name"], option["values"]
        if game == "ruffe-and-trumps" and name in RUFFE_TABLE_OPTIONS:
            continue
        fields[name] = st.sampled_from(list(values)) if values is not None else INT_OPTIONS[name]
    strategy = st.fixed_dictionaries(fields)
    if game == "ruffe-and-trumps":
        strategy = st.builds(lambda table, rest: {**dict(zip(RUFFE_TABLE_OPTIONS, table)), **rest},
                             st.sampled_from(RUFFE_TABLES), strategy)
    return strategy


VARIANTS = {game: variant_strategy(game) for game in GAMES}


@cache
def rule_ids(game: str) -> frozenset[str]:
    ids = set(catalogue.load(game).ids())
    if game == "pamphil":  # «в остальном — правила» Мушки: Мушка's rules apply unchanged
        ids |= set(catalogue.load("mushka").ids())
    return frozenset(ids)


CARD_ACTIONS = frozenset(Action(kind, card=c) for kind in ("play", "discard", "lay_out", "exchange") for c in deck_52())
"""Actions to try where they are not legal, besides every action the game has offered so far."""


def new_game(game: str, variant: dict[str, Any], seed: int) -> Any:
    spec = games.get(game)
    try:
        made = spec.make_variant(**variant)
    except VariantError:
        reject()
    return spec.new_game(made, seed)


def random_game(game: str, variant: dict[str, Any], seed: int, bot_seed: int, check: Any = None,
                limit: int = 60_000) -> tuple[Any, int]:
    """A game played by random bots, ``check(state, deal_start)`` after every action; the state and
    the index in the history where the current deal began."""
    state = new_game(game, variant, seed)
    bots = [make_bot("random", seed=bot_seed + i) for i in range(state.num_players)]
    return play_out(state, bots, check, limit)


def check_cards(state: Any, deal_start: int) -> None:
    error = seen.conservation_error(state, deal_start)
    assert error is None, error


def fingerprint(state: Any) -> Any:
    """Everything reachable from the state (``seen.snapshot``), and its history whole."""
    return seen.snapshot(state), [(s, a.to_json()) for s, a in state.history]


@pytest.mark.rule("ruffe-and-trumps.deck.full", "mushka.setup.deck", "mushka.buy.discard-first",
                  "pamphil.deal.turned-pamphil", "rams.setup.deck", "rams.buy.dealer-takes-turned",
                  "petukh.setup.deck", "petukh.deal.six-player-trump")
@EVERY_GAME
@settings()
@given(data=st.data(), seed=seeds, bot_seed=seeds)
def test_no_card_is_created_or_lost(game, data, seed, bot_seed):
    variant = data.draw(VARIANTS[game])
    state, _ = random_game(game, variant, seed, bot_seed, check=check_cards)
    assert state.is_over()
    pack = sorted(str(c) for c in state.pack)
    assert all(sorted(deck) == pack for deck in state.deals)


@EVERY_GAME
@settings()
@given(data=st.data(), seed=seeds, bot_seed=seeds)
def test_same_seed_and_actions_give_the_same_game(game, data, seed, bot_seed):
    variant = data.draw(VARIANTS[game])
    first, _ = random_game(game, variant, seed, bot_seed)
    again = new_game(game, variant, seed)
    assert again.deals[0] == first.deals[0]
    for seat, action in first.history:
        assert again.current_player() == seat
        again.apply(Action.from_json(action.to_json()))
    assert again.view(None) == first.view(None)
    assert again.log == first.log and again.outcome() == first.outcome()


@EVERY_GAME
@settings()
@given(data=st.data(), seed=seeds, rng_seed=seeds)
def test_legal_actions_accepted_others_refused(game, data, seed, rng_seed):
    variant = data.draw(VARIANTS[game])
    rng = random.Random(rng_seed)
    state = new_game(game, variant, seed)
    phases: set[str] = set()
    offered: set[Action] = set(CARD_ACTIONS)
    while not state.is_over() and len(state.deals) <= 2:
        legal = state.legal_actions()
        assert legal, f"no legal action in phase {state.phase}"
        assert len(set(legal)) == len(legal)
        seat = state.current_player()
        offered.update(legal)
        if rng.random() < 0.25 or state.phase not in phases:
            phases.add(state.phase)
            before = fingerprint(state)
            for action in legal:
                trial = state.clone()
                trial.apply(action)
                assert trial.history[len(state.history)] == (seat, action)
            assert fingerprint(state) == before, "applying to a clone changed the original"
            # a draw names the number of cards discarded; the engine reads it from the discards
            others = [a for a in sorted(offered, key=str) if a not in legal
                      and not (a.kind == "draw" and any(b.kind == "draw" for b in legal))]
            for action in rng.sample(others, min(8, len(others))):
                with pytest.raises(IllegalActionError) as refused:
                    state.apply(action)
                assert refused.value.rule in rule_ids(game), (refused.value.rule, str(refused.value))
                assert refused.value.rule in str(refused.value)
                assert fingerprint(state) == before, f"refusing {action} changed the state"
        state.apply(rng.choice(legal))
    assert phases


@EVERY_GAME
@settings()
@given(data=st.data(), seed=seeds, bot_seed=seeds)
def test_replay_of_the_record_gives_the_same_game(game, data, seed, bot_seed):
    variant = data.draw(VARIANTS[game])
    state, _ = random_game(game, variant, seed, bot_seed)
    record = records.loads(records.dumps(records.make_record(state)))
    again = records.replay(record)
    assert again.outcome() == state.outcome()
    assert again.totals() == state.totals()
    assert again.history == state.history
    assert again.view(None)["score_sheet"] == state.view(None)["score_sheet"]


@EVERY_GAME
@settings()
@given(data=st.data(), seed=seeds, rng_seed=seeds, steps=st.integers(1, 150))
def test_determinize_keeps_what_the_seat_sees(game, data, seed, rng_seed, steps):
    variant = data.draw(VARIANTS[game])
    state, deal_start = random_game(game, variant, seed, rng_seed, limit=steps)
    if state.is_over():
        return
    seat = state.current_player()
    world = state.determinize(seat, random.Random(rng_seed))
    mine, theirs = state.view(seat), world.view(seat)
    for key in ("hands", "trick", "tricks", "totals", "phase", "to_act", "trump", "legal", "active", "calls",
                "contest", "shows", "piles", "seat_counts", "taken", "ledger", "unavailable", "previous_deal"):
        assert mine.get(key) == theirs.get(key), key
    check_cards(world, deal_start)
    everything = state.view(None)["hands"]
    for other in range(state.num_players):
        if other != seat:
            assert len(world.view(None)["hands"][other]) == len(everything[other])


@pytest.mark.rule("mushka.end.winner", "rams.end.winner", "petukh.end.winner", "mushka.end.tie")
@pytest.mark.parametrize("game", LOO)
@settings()
@given(data=st.data(), seed=seeds, bot_seed=seeds)
def test_records_never_negative_and_the_game_ends_only_at_nothing(game, data, seed, bot_seed):
    def check(state: Any, _deal_start: int) -> None:
        records_now = state.totals()
        assert all(r >= 0 for r in records_now), records_now
        if state.is_over():
            outcome = state.outcome()
            assert sorted(outcome.winners) == [s for s, r in enumerate(records_now) if r == 0]
            assert list(outcome.scores) == records_now
        else:
            assert min(records_now) > 0, f"a record is 0 but the game goes on: {records_now}"
            assert state.outcome() is None

    variant = data.draw(VARIANTS[game])
    state, _ = random_game(game, variant, seed, bot_seed, check=check)
    assert state.is_over() and min(state.totals()) == 0
