"""The benchmark's workload, shared by CPython (bench/run.py) and Pyodide (bench/pyodide_bench.mjs).

Whole random games of Ruffe and Trumps, four players: every deal is dealt, the ruff
announced and awarded, the head taken and discarded, all twelve tricks played and the
cards counted, each decision a uniformly random choice among the legal actions, exactly
as OpenSpiel's games are driven (legal actions, random choice, apply). The rate counted
is whole deals per second.
"""

from __future__ import annotations

import random
import time


def random_deals(seconds: float, seed: int) -> dict[str, float]:
    """Play random four-player games for about ``seconds``; return deals, games, actions and time."""
    from engine.games import get

    spec = get("ruffe-and-trumps")
    variant = spec.make_variant(players=4)
    rng = random.Random(seed)
    deals = games = actions = 0
    start = time.perf_counter()
    game_seed = seed * 1000
    while time.perf_counter() - start < seconds:
        state = spec.new_game(variant, game_seed)
        game_seed += 1
        while not state.is_over():
            state.apply(rng.choice(state.legal_actions()))
            actions += 1
        deals += len(state.deals)
        games += 1
    elapsed = time.perf_counter() - start
    return {"deals": deals, "games": games, "actions": actions, "seconds": elapsed,
            "deals_per_second": deals / elapsed}
