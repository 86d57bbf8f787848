"""The statistics are honest: a reading against itself gives intervals that hold zero about
95 % of the time, and a planted effect of known size is found and covered.

Synthetic paired games fed to the very estimator the stored measures and the browser use
(:func:`engine.paired.differences`): each game has a random number of deals (its
denominator) and a per-game propensity shared by both readings (the pairing), so the data
have the shape of the real per-deal metrics (ratios of sums over games, correlated pairs).
"""

from __future__ import annotations

import random

import pytest

from engine.paired import differences

METRICS = ("hit_share", "mean_points")


def synthetic(rng: random.Random, games: int, shift: float = 0.0, point_shift: float = 0.0):
    """Two readings' records of the same ``games`` games: per game 2..8 deals; a deal is a hit
    with the game's propensity (+ ``shift`` under the second reading) and scores points."""
    first, second = [], []
    for g in range(games):
        deals = rng.randint(2, 8)
        propensity = min(0.9, max(0.05, rng.gauss(0.3, 0.1)))
        level = rng.gauss(10.0, 3.0)
        for out, s, ps in ((first, 0.0, 0.0), (second, shift, point_shift)):
            hits = sum(rng.random() < propensity + s for _ in range(deals))
            points = sum(rng.gauss(level + ps, 4.0) for _ in range(deals))
            out.append({"game": g, "deals": deals, "digest": f"{len(out)}-{g}-{rng.random()}",
                        "values": {"hit_share": [hits, deals, 4], "mean_points": [points, deals, 3]}})
    return first, second


def covers(row, value):
    return row["low"] <= value <= row["high"]


def test_a_reading_against_itself_covers_zero_about_95_percent():
    held = {name: 0 for name in METRICS}
    false_effects = 0
    seeds = 200
    for seed in range(seeds):
        rng = random.Random(seed)
        first, second = synthetic(rng, games=30)
        rows = differences(first, {"same": second}, METRICS, focus=(), bootstrap=False)["same"]["metrics"]
        for name in METRICS:
            held[name] += covers(rows[name], 0.0)
        false_effects += any(rows[name]["verdict"] == "effect" for name in METRICS)
    for name in METRICS:
        assert 0.90 * seeds <= held[name] <= 0.99 * seeds, (name, held[name])
    # Benjamini-Hochberg over the two metrics: at most about 5 % of seeds report a false effect
    assert false_effects <= 0.08 * seeds, false_effects


def test_a_planted_effect_is_found_and_its_interval_covers_its_size():
    rng = random.Random(2026)
    first, second = synthetic(rng, games=1000, shift=0.05, point_shift=1.5)
    rows = differences(first, {"planted": second}, METRICS, focus=METRICS)["planted"]["metrics"]
    for name, size in (("hit_share", 0.05), ("mean_points", 1.5)):
        row = rows[name]
        assert row["verdict"] == "effect" and row["q"] < 0.05, (name, row)
        assert covers(row, size), (name, row)
        assert row["boot_low"] <= size <= row["boot_high"], (name, row)
