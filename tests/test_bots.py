"""Bots: legal, seeded, sensible, and fast enough for the browser."""

from __future__ import annotations

import time

import pytest

from engine import games
from engine.bots import (
    DEFAULT_BUDGET,
    HeuristicBot,
    RandomBot,
    SamplingBot,
    generic_trick_action,
    make_bot,
)
from engine.cards import parse_cards
from engine.errors import EngineError
from engine.game import Action

GAME = "ruffe-and-trumps"


def new(seed: int = 1, **options):
    spec = games.get(GAME)
    return spec.new_game(spec.make_variant(**options), seed)


def test_make_bot_kinds_and_errors():
    assert isinstance(make_bot("random", seed=1), RandomBot)
    assert isinstance(make_bot("heuristic"), HeuristicBot)
    bot = make_bot("sampling", seed=2, budget=10)
    assert isinstance(bot, SamplingBot) and bot.budget == 10
    assert make_bot("sampling").budget == DEFAULT_BUDGET
    with pytest.raises(EngineError, match="unknown bot kind 'oracle'.*random, heuristic, sampling"):
        make_bot("oracle")
    with pytest.raises(EngineError, match="playouts per move must be a whole number from 1 to 1000"):
        make_bot("sampling", budget=0)


@pytest.mark.parametrize("kind", ["random", "heuristic", "sampling"])
def test_bots_only_play_legal_actions(kind):
    state = new(seed=5)
    bots = [make_bot(kind, seed=i, budget=8) for i in range(4)]
    for _ in range(80):
        seat = state.current_player()
        action = bots[seat].choose(state, seat)
        assert action in state.legal_actions()
        state.apply(action)


def test_bot_refuses_to_move_out_of_turn():
    state = new()
    seat = state.current_player()
    with pytest.raises(EngineError, match=f"it is seat {seat}'s turn"):
        make_bot("random").choose(state, (seat + 1) % 4)


@pytest.mark.parametrize("kind", ["random", "heuristic", "sampling"])
def test_same_seed_same_game(kind):
    def game(seed: int) -> list:
        state = new(seed=3)
        bots = [make_bot(kind, seed=seed + i, budget=6) for i in range(4)]
        for _ in range(60):
            seat = state.current_player()
            state.apply(bots[seat].choose(state, seat))
        return state.history

    assert game(1) == game(1)
    if kind == "random":
        assert game(1) != game(2)


def test_heuristic_uses_the_games_own_advice():
    state = new(seed=9)
    bot = make_bot("heuristic")
    for _ in range(40):
        seat = state.current_player()
        assert bot.choose(state, seat) == state.heuristic_action(seat)
        state.apply(bot.choose(state, seat))


class TrickTable:
    """A minimal trick-game state without a heuristic of its own."""

    def __init__(self, hand: str, trick: list[tuple[int, str]], trump: str, legal: str | None = None) -> None:
        self.hand = parse_cards(hand)
        self.trick = trick
        self.trump = trump
        self.legal = parse_cards(legal) if legal is not None else self.hand
        self.phase = "play"

    def is_over(self) -> bool:
        return False

    def current_player(self) -> int:
        return 0

    def legal_actions(self) -> list[Action]:
        return [Action("play", card=c) for c in self.legal]

    def sides(self) -> list[list[int]]:
        return [[0, 2], [1, 3]]

    def view(self, seat):
        return {"trump": self.trump, "trick": [{"seat": s, "card": c} for s, c in self.trick]}


@pytest.mark.parametrize("hand, trick, legal, expected, why", [
    ("AH 4C 9C 2D", [], None, "AH", "lead a side ace"),
    ("KH 4C 9C 2D", [], None, "4C", "no ace: lead low from the longest side suit"),
    ("QH 9H 2H", [(3, "10H")], None, "QH", "win as cheaply as possible"),
    ("KH 9H 2H", [(2, "10H"), (3, "JH")], None, "KH", "an opponent is winning: overtake him cheaply"),
    ("KH 9H 2H", [(2, "AH"), (3, "10H")], None, "2H", "the partner is winning: throw the lowest"),
    ("4S 7D 2D", [(3, "AH")], None, "4S", "void in the suit led: trump to win"),
    ("4S 7D 3D", [(2, "AH"), (3, "5S")], None, "3D", "cannot win: throw the lowest, keep trumps"),
])
def test_generic_trick_heuristic(hand, trick, legal, expected, why):
    table = TrickTable(hand, trick, "S", legal)
    action = generic_trick_action(table, 0, table.legal_actions())
    assert str(action.card) == expected, why
    assert HeuristicBot().choose(table, 0) == action


def first_deal_margin(strong: str, weak: str, deals: int, budget: int | None = None) -> float:
    """Mean points per deal by which ``strong`` partners beat ``weak`` partners, playing
    each first deal twice with the seats swapped (duplicate scoring, so the cards even out)."""
    total = 0
    for seed in range(deals):
        for swap in (False, True):
            state = new(seed=1000 + seed)
            kinds = [weak, strong] * 2 if swap else [strong, weak] * 2
            bots = [make_bot(kind, seed=seed * 7 + i, budget=budget) for i, kind in enumerate(kinds)]
            while len(state.deals) == 1 and not state.is_over():
                seat = state.current_player()
                state.apply(bots[seat].choose(state, seat))
            totals = state.totals()
            total += (totals[1] - totals[0]) if swap else (totals[0] - totals[1])
    return total / (2 * deals)


def test_heuristic_beats_random():
    margin = first_deal_margin("heuristic", "random", deals=30)
    assert margin > 3, f"heuristic partners won by {margin:.1f} points a deal"


def test_sampling_beats_random():
    margin = first_deal_margin("sampling", "random", deals=6, budget=12)
    assert margin > 3, f"sampling partners won by {margin:.1f} points a deal"


def test_sampling_default_budget_is_fast_enough():
    """A move must take well under 300 ms in Pyodide, i.e. about 100 ms in CPython."""
    state = new(seed=4)
    bot = make_bot("sampling", seed=1)
    times = []
    helper = make_bot("heuristic")
    while len(times) < 25 and not state.is_over():
        seat = state.current_player()
        if len(state.legal_actions()) > 1:
            started = time.perf_counter()
            bot.choose(state, seat)
            times.append(time.perf_counter() - started)
        state.apply(helper.choose(state, seat))
    mean = sum(times) / len(times)
    assert mean < 0.1, f"mean sampling move {mean * 1000:.0f} ms"
