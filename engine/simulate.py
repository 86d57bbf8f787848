"""Whole games played by bots, and the measured consequences of each reading.

:func:`simulate` plays ``games`` games with seeded bots and summarises them: the
generic statistics every game has (deals per game, win shares, final totals and the
winner's margin, read the right way round for a game whose lower total is better),
and the facts the game itself contributes through one hook, the measures its spec
names (:func:`~engine.measuring.measures_of`, a
:class:`~engine.measuring.GameMeasures` subclass that may watch every action and
reads the score sheet and the log of every finished game).  Nothing here knows a
game: what is particular to one is its spec's.

:func:`~engine.campaign.measure_readings` does that once for every reading of every contested rule of
a game (the other options at their defaults, or in the configuration where the
readings bite), which is what the game pages show beside the readings: what changes
in play when one reads the text one way or another. It lives in :mod:`engine.campaign`
(the paired comparison with intervals, :mod:`engine.paired`); :func:`play_games` gives
it one record per game.

>>> stats = simulate("ruffe-and-trumps", games=2, bots="heuristic", seed=1)
>>> stats["games"], len(stats["win_share_by_side"])
(2, 2)
"""

from __future__ import annotations

import hashlib
import math
import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from . import catalogue, games as game_registry
from .bots import Bot, BotKinds, check_bot_kinds, check_budget, make_bot
from .errors import EngineError, VariantError
from .game import Action, GameSpec, GameState, Variant
from .measuring import GameMeasures, Ratio, mean, measures_of, share

MAX_ACTIONS_PER_GAME = 200_000

Observer = Callable[[GameState, int, Action, int], None]

# --------------------------------------------------------------------------- helpers

def _bots_for(kinds: BotKinds, players: int, seed: int, budget: int | None = None) -> list[Bot]:
    kinds = check_bot_kinds(kinds, players)
    check_budget(budget)
    return [make_bot(kind, seed=seed * 101 + seat, budget=budget) for seat, kind in enumerate(kinds)]


def _variant(spec: GameSpec, variant: Variant | Mapping[str, Any] | None) -> Variant:
    if variant is None:
        return spec.make_variant()
    if isinstance(variant, Mapping):
        return spec.variant_from(variant)
    return variant


def play_game(state: GameState, bots: Sequence[Bot], observe: Observer | None = None) -> GameState:
    """Let one bot per seat play ``state`` to its end (in place).

    ``observe(state, seat, action, deal)``, if given, sees every action just before it
    is applied; ``deal`` is the number (from 1) of the deal it belongs to.
    """
    for _ in range(MAX_ACTIONS_PER_GAME):
        if state.is_over():
            return state
        seat = state.current_player()
        assert seat is not None  # a game not over has a seat to act
        action = bots[seat].choose(state, seat)
        if observe is not None:
            observe(state, seat, action, len(state.deals))
        state.apply(action)
    raise EngineError(f"{state.game_id}: a game did not end within {MAX_ACTIONS_PER_GAME} actions")


def sheet_by_deal(view: Mapping[str, Any], n_sides: int, n_deals: int) -> list[dict[str, Any]]:
    """Per deal (1 .. ``n_deals``, and any later deal the sheet names): the points each
    side scored (``points``, summed from the score sheet) and the sheet's entries."""
    facts: dict[int, dict[str, Any]] = {}

    def fact(deal: int) -> dict[str, Any]:
        return facts.setdefault(deal, {"deal": deal, "points": [0] * n_sides, "entries": []})

    for deal_sheet in view.get("score_sheet") or []:
        entry_deal = fact(deal_sheet["deal"])
        for entry in deal_sheet.get("entries", []):
            entry_deal["points"][entry["side"]] += entry["points"]
            entry_deal["entries"].append(entry)
    for number in range(1, n_deals + 1):
        fact(number)
    return [facts[k] for k in sorted(facts)]


# --------------------------------------------------------------------------- one game at a time

# The generic rows as per-game ratios (``[num, den, places]``): their pooled value is
# sum(num) / sum(den) over the games, rounded to ``places``.
MEDIAN_METRICS = ("median_deals_per_game",)


def _fraction(value: Any) -> list[float] | None:
    """A metric's per-game figure as ``[num, den, places]`` (``None``: nothing to count in this game)."""
    if isinstance(value, Ratio):
        return [value.num, value.den, value.places]
    if value is None:
        return None
    raise EngineError(f"a measure gave {value!r}, not a Ratio (use engine.measuring's share, ratio or mean)")


def play_games(
    game_id: str,
    variant: Variant | Mapping[str, Any] | None = None,
    bots: str | Sequence[str] = "heuristic",
    seed: int = 0,
    first: int = 0,
    count: int = 1,
    budget: int | None = None,
) -> list[dict[str, Any]]:
    """Play games ``first`` .. ``first + count - 1`` (game g uses seed ``seed + g``) and
    return one record per game: what :func:`simulate` sums and the paired comparison of
    readings pairs (:mod:`engine.paired`).

    A record is plain JSON: ``game`` (g), ``deals``, ``seats_won``, ``sides_won``,
    ``totals``, ``deal_points``, ``points_by_side``, ``digest`` (a hash of every action
    and the final totals: two readings whose games have the same digests played the
    same games), and ``values``: per metric ``[num, den, places]`` (the metric of the
    games pooled is sum(num) / sum(den)) or ``None`` (nothing to count in this game),
    and the median metrics as ``[value, 1, 1]``.
    """
    if not isinstance(count, int) or isinstance(count, bool) or count < 1:
        raise EngineError(f"games must be a positive integer, not {count!r}")
    spec = game_registry.get(game_id)
    variant = _variant(spec, variant)
    kind = measures_of(spec)
    records: list[dict[str, Any]] = []
    for g in range(first, first + count):
        measures = kind(variant)
        state = spec.new_game(variant, seed + g)
        lower = bool(getattr(state, "lower_is_better", False))
        sides = [list(s) for s in state.sides()]
        game_bots = _bots_for(bots, state.num_players, seed + g, budget)
        digest = hashlib.sha256()

        def observe(st: GameState, seat: int, action: Action, deal: int, m: GameMeasures = measures,
                    h: Any = digest) -> None:
            h.update(f"{seat}:{action!r};".encode())
            if m.observes:
                m.observe(st, seat, action, deal)

        play_game(state, game_bots, observe)
        outcome = state.outcome()
        totals = list(state.totals())
        digest.update(repr(totals).encode())
        winners = set(outcome.winners) if outcome else set()
        winning_sides = [i for i, side in enumerate(sides) if winners & set(side)]
        view = state.view(None)
        deals = sheet_by_deal(view, len(sides), len(state.deals))
        measures.add_game(state, view, deals)
        deal_points = [sum(deal["points"]) for deal in deals]
        values: dict[str, list[float] | None] = {
            "mean_deals_per_game": [len(state.deals), 1, 3],
            "median_deals_per_game": [len(state.deals), 1, 1],
            "first_side_win_share": [int(0 in winning_sides), 1, 4],
            "mean_points_per_deal": [math.fsum(deal_points), len(deal_points), 3] if deal_points else None,
            "mean_winning_total": None,
            "mean_margin": None,
        }
        if winning_sides:
            w = winning_sides[0]
            others = [t for i, t in enumerate(totals) if i not in winning_sides]
            if lower:
                margin = min(others) - totals[w] if others else 0
            else:
                margin = totals[w] - max(others) if others else totals[w]
            values["mean_winning_total"] = [totals[w], 1, 3]
            values["mean_margin"] = [margin, 1, 3]
        for name, value in measures.results().items():
            values[name] = _fraction(value)
        records.append({
            "game": g, "deals": len(state.deals), "lower_is_better": lower, "sides": sides,
            "seats_won": sorted(winners), "sides_won": winning_sides, "totals": totals,
            "deal_points": deal_points, "points_by_side": [deal["points"] for deal in deals],
            "bots": [b.kind for b in game_bots], "digest": digest.hexdigest()[:16], "values": values,
        })
    return records


def pooled(records: Sequence[Mapping[str, Any]], name: str) -> float | None:
    """A metric over ``records`` (from :func:`play_games`): sum(num) / sum(den), rounded
    as the measure rounds it; a median metric, the median of the games' values."""
    figures = [r["values"].get(name) for r in records]
    present = [f for f in figures if f is not None]
    if name in MEDIAN_METRICS:
        return statistics.median(f[0] for f in present) if present else None
    den = math.fsum(f[1] for f in present)
    if not present or den == 0:
        return None
    return round(math.fsum(f[0] for f in present) / den, int(present[0][2]))


def simulate(
    game_id: str,
    games: int = 100,
    variant: Variant | Mapping[str, Any] | None = None,
    bots: str | Sequence[str] = "heuristic",
    seed: int = 0,
    budget: int | None = None,
) -> dict[str, Any]:
    """Play ``games`` games and return their statistics.

    Game ``g`` uses seed ``seed + g``; bots are seeded from it too, so the same call
    gives the same statistics. ``bots`` is one kind for every seat or one per seat.
    Totals are read the game's way: when ``lower_is_better`` (the loo family, whose
    records go down to nothing) the margin is the runner-up's total minus the winner's.
    Every metric is pooled over the games (:func:`pooled`).
    """
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise EngineError(f"games must be a positive integer, not {games!r}")
    spec = game_registry.get(game_id)
    variant = _variant(spec, variant)
    started = time.perf_counter()
    records = play_games(game_id, variant, bots, seed, 0, games, budget)
    return summarise(game_id, variant, seed, records, seconds=round(time.perf_counter() - started, 2))


def summarise(game_id: str, variant: Variant, seed: int, records: Sequence[Mapping[str, Any]],
              seconds: float = 0.0) -> dict[str, Any]:
    """:func:`simulate`'s statistics of the games ``records`` (:func:`play_games`)."""
    games = len(records)
    sides = records[-1]["sides"]
    n_seats = sum(len(s) for s in sides)
    wins_by_seat, wins_by_side = [0] * n_seats, [0] * len(sides)
    for r in records:
        for seat in r["seats_won"]:
            wins_by_seat[seat] += 1
        for side in r["sides_won"]:
            wins_by_side[side] += 1
    points_by_side = [p for r in records for p in r["points_by_side"]]
    final_totals = [r["totals"] for r in records]
    names = list(records[-1]["values"])
    return {
        "game": game_id,
        "variant": variant.to_json(),
        "bots": records[-1]["bots"],
        "seed": seed,
        "games": games,
        "sides": sides,
        "lower_is_better": records[-1]["lower_is_better"],
        "win_share_by_seat": [share(w, games) for w in wins_by_seat],
        "win_share_by_side": [share(w, games) for w in wins_by_side],
        "mean_points_per_deal_by_side": [mean([p[i] for p in points_by_side]) for i in range(len(sides))],
        **{name: pooled(records, name) for name in names},
        "mean_final_totals_by_side": [mean([t[i] for t in final_totals]) for i in range(len(sides))],
        "deals": sum(len(r["deal_points"]) for r in records),
        "seconds": seconds,
    }


# --------------------------------------------------------------------------- readings

def contested_rules(game_id: str) -> list[dict[str, Any]]:
    """The catalogue's rules that have readings, each with its option name."""
    rules = []
    for rule in catalogue.load(game_id).rules:
        readings = rule.get("readings") or []
        if readings:
            rules.append(rule)
    return rules
