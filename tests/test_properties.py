"""Property tests (Hypothesis) of the Ruffe and Trumps engine under every reading.

* No card is created or lost, in any phase: the 52 cards of the deal are always, each
  exactly once, in a hand, the untaken head, the cards set aside, the discards, the
  trick on the table, or the tricks already won.
* The same seed and the same actions give the same game.
* Every action ``legal_actions()`` offers is accepted; other actions are refused with an
  ``IllegalActionError`` naming a catalogue rule, and the state is left unchanged.
* Replaying a game's record gives the same outcome.
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings, strategies as st

from support import play_out
from engine import catalogue, games, records
from engine.bots import make_bot
from engine.cards import deck_52
from engine.errors import IllegalActionError
from engine.game import Action

GAME = "ruffe-and-trumps"
SPEC = games.get(GAME)

# (players, partnerships, hand_size, two_player_target): every configuration the rules allow.
TABLES = [
    (4, True, 12, "52"),
    (4, False, 12, "52"),
    (3, False, 16, "52"),
    (3, False, 12, "52"),
    (2, False, 24, "52"),
    (2, False, 24, "36"),
    (2, False, 12, "52"),
]
READINGS = {
    option["name"]: [str(v) for v in option["values"]]
    for option in SPEC.options()
    if option["name"] not in ("players", "partnerships", "hand_size", "two_player_target")
}

variants = st.builds(
    lambda table, readings: {
        "players": table[0], "partnerships": table[1], "hand_size": table[2], "two_player_target": table[3],
        **readings,
    },
    st.sampled_from(TABLES),
    st.fixed_dictionaries({name: st.sampled_from(values) for name, values in READINGS.items()}),
)
seeds = st.integers(min_value=0, max_value=2**31 - 1)
SETTINGS = settings(max_examples=30, deadline=None, suppress_health_check=[HealthCheck.too_slow])
ALL_ACTIONS = (
    [Action("play", card=c) for c in deck_52()]
    + [Action("discard", card=c) for c in deck_52()]
    + [Action("announce", value=v) for v in (0, 11, 34, 99)]
    + [Action("pass")]
)


def cards_everywhere(state, deal_start: int | None) -> dict[str, list[str]]:
    """Where every card of the current deal is, from the omniscient view and the history
    (the history from ``deal_start`` gives the tricks won; ``None`` leaves them out)."""
    view = state.view(None)
    places = {f"hand {seat}": list(hand) for seat, hand in enumerate(view["hands"])}
    piles = {pile["id"]: pile for pile in view["piles"]}
    if piles["head"]["seat"] is None:  # (the turned card is the head's top card)
        places["head"] = list(piles["head"]["cards"])
    places["aside"] = list(piles["aside"]["cards"]) if "aside" in piles else []
    places["discards"] = list(piles["discards"]["cards"]) if "discards" in piles else []
    places["trick"] = [entry["card"] for entry in view["trick"]]
    if deal_start is None:
        return places
    played = [str(action.card) for _, action in state.history[deal_start:] if action.kind == "play"]
    places["won"] = played[: len(played) - len(places["trick"])]
    assert sum(state.won) == len(places["won"]), "won piles and completed tricks disagree"
    return places


def check_cards(state, deal_start: int) -> None:
    places = cards_everywhere(state, deal_start)
    cards = [card for where in places.values() for card in where]
    assert len(cards) == 52, {k: len(v) for k, v in places.items()}
    assert sorted(cards) == sorted(state.deals[-1]), "a card was created or lost"


def random_game(variant: dict, seed: int, bot_seed: int, check=None, limit: int = 100_000):
    """Play a game with random bots, calling ``check(state, deal_start)`` after every action."""
    state = SPEC.new_game(SPEC.make_variant(**variant), seed)
    bots = [make_bot("random", seed=bot_seed + i) for i in range(state.num_players)]
    return play_out(state, bots, check, limit)[0]


@pytest.mark.rule("ruffe-and-trumps.deck.full")
@SETTINGS
@given(variant=variants, seed=seeds, bot_seed=seeds)
def test_no_card_is_created_or_lost(variant, seed, bot_seed):
    state = random_game(variant, seed, bot_seed, check=check_cards)
    assert state.is_over()
    assert all(sorted(deck) == sorted(str(c) for c in deck_52()) for deck in state.deals)


@SETTINGS
@given(variant=variants, seed=seeds, bot_seed=seeds)
def test_same_seed_and_actions_give_the_same_game(variant, seed, bot_seed):
    first = random_game(variant, seed, bot_seed)
    again = SPEC.new_game(SPEC.make_variant(**variant), seed)
    assert again.deals[0] == first.deals[0]
    for seat, action in first.history:
        assert again.current_player() == seat
        again.apply(Action.from_json(action.to_json()))
    assert again.view(None) == first.view(None)
    assert again.log == first.log
    assert again.outcome() == first.outcome()


@SETTINGS
@given(variant=variants, seed=seeds, rng_seed=seeds)
def test_legal_actions_accepted_others_refused(variant, seed, rng_seed):
    rng = random.Random(rng_seed)
    rule_ids = set(catalogue.load(GAME).ids())
    state = SPEC.new_game(SPEC.make_variant(**variant), seed)
    checked = 0
    while not state.is_over() and len(state.deals) <= 2:
        legal = state.legal_actions()
        assert legal, f"no legal action in phase {state.phase}"
        if rng.random() < 0.25:
            for action in legal:
                trial = state.clone()
                trial.apply(action)
                assert trial.history[-1] == (state.current_player(), action)
            before = state.view(None)
            history = list(state.history)
            others = [a for a in ALL_ACTIONS if a not in legal]
            for action in rng.sample(others, 6):
                with pytest.raises(IllegalActionError) as refused:
                    state.apply(action)
                assert refused.value.rule in rule_ids, refused.value.rule
                assert state.view(None) == before
                assert state.history == history
            checked += 1
        state.apply(rng.choice(legal))
    assert checked > 0


@SETTINGS
@given(variant=variants, seed=seeds, bot_seed=seeds)
def test_replay_gives_the_same_outcome(variant, seed, bot_seed):
    state = random_game(variant, seed, bot_seed)
    record = records.loads(records.dumps(records.make_record(state)))
    again = records.replay(record)
    assert again.outcome() == state.outcome()
    assert again.totals() == state.totals()


@SETTINGS
@given(variant=variants, seed=seeds, rng_seed=seeds)
def test_determinize_keeps_what_the_seat_sees(variant, seed, rng_seed):
    """A determinization changes only what the seat cannot see, and keeps every card."""
    rng = random.Random(rng_seed)
    state = random_game(variant, seed, rng_seed, limit=rng.randrange(1, 80))
    if state.is_over():
        return
    seat = state.current_player()
    world = state.determinize(seat, random.Random(rng_seed))
    mine, theirs = state.view(seat), world.view(seat)
    for key in ("hands", "trick", "tricks", "totals", "phase", "to_act", "trump", "legal", "calls", "contest", "shows",
                "piles", "seat_counts", "taken", "ledger", "previous_deal"):
        assert mine[key] == theirs[key], key
    assert sorted(cards_in_play(world)) == sorted(cards_in_play(state))


def cards_in_play(state) -> list[str]:
    """Every card of the deal not yet in a won trick."""
    places = cards_everywhere(state, None)
    return [card for where in places.values() for card in where]
