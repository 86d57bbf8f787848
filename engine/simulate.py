"""Whole games played by bots, and the measured consequences of each reading.

:func:`simulate` plays ``games`` games with seeded bots and summarises them.
:func:`measure_readings` does that once for every reading of every contested rule of
a game (the other options at their defaults), which is what the game pages show
beside the readings: what changes in play when one reads the text one way or another.

>>> stats = simulate("ruffe-and-trumps", games=2, bots="heuristic", seed=1)
>>> stats["games"], len(stats["win_share_by_side"])
(2, 2)
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Mapping, Sequence
from typing import Any

from . import catalogue, games as game_registry
from .bots import BOT_KINDS, Bot, make_bot
from .errors import EngineError, VariantError
from .game import GameState, Variant

MAX_ACTIONS_PER_GAME = 200_000

# Rules whose readings only matter in one configuration: there the measure is taken
# in that configuration instead of the defaults (the "context" shown with the rows).
MEASURE_CONTEXTS: dict[str, dict[str, Any]] = {
    # Four players are dealt twelve: "dealt" and "twelve" agree there; three dealt sixteen differ.
    "ruffe-and-trumps.count.baseline": {"players": 3, "partnerships": False, "hand_size": 16},
    # The two-handed target only exists for two players dealt twenty-four.
    "ruffe-and-trumps.config.two-target": {"players": 2, "partnerships": False, "hand_size": 24},
}

METRICS: dict[str, str] = {
    "games": "games played for this row (N)",
    "mean_deals_per_game": "mean number of deals before a side reached the target",
    "median_deals_per_game": "median number of deals per game",
    "mean_points_per_deal": "mean points scored in a deal, all sides together",
    "mean_ruff_points_per_deal": "mean points per deal scored for the ruff, all sides together",
    "mean_count_points_per_deal": "mean points per deal scored for cards or tricks won, all sides together",
    "deals_with_ruff_scored_share": "share of deals in which someone scored the ruff",
    "deals_with_head_taken_share": "share of deals in which someone took the head",
    "ruff_side_tops_deal_share": "share of deals, among those where one side alone scored the ruff, "
                                 "in which that side also scored most in the deal",
    "ruff_side_tops_count_share": "share of deals, among those where one side alone scored the ruff, "
                                  "in which that side also scored most for cards or tricks won (the ruff left out)",
    "head_taker_side_tops_deal_share": "share of deals, among those where someone took the head, "
                                       "in which the head-taker's side scored most in the deal",
    "head_taker_side_tops_count_share": "share of deals, among those where someone took the head, "
                                        "in which the head-taker's side scored most for cards or tricks won",
    "first_side_win_share": "share of games won by the side of seat 0 (eldest hand in the first deal)",
    "mean_winning_total": "mean final total of the winning side",
    "mean_margin": "mean final lead of the winner over the best other side",
}


# --------------------------------------------------------------------------- helpers

def _bots_for(kinds: str | Sequence[str], players: int, seed: int, budget: int | None = None) -> list[Bot]:
    if isinstance(kinds, str):
        kinds = [kinds] * players
    kinds = list(kinds)
    if len(kinds) != players:
        raise EngineError(f"bots: {len(kinds)} bot kinds given for {players} seats")
    for kind in kinds:
        if kind not in BOT_KINDS:
            raise EngineError(f"bots: unknown bot kind {kind!r}; expected one of {', '.join(BOT_KINDS)}")
    return [make_bot(kind, seed=seed * 101 + seat, budget=budget) for seat, kind in enumerate(kinds)]


def _variant(spec: Any, variant: Variant | Mapping[str, Any] | None) -> Variant:
    if variant is None:
        return spec.make_variant()
    if isinstance(variant, Mapping):
        return spec.make_variant(**variant)
    return variant


def play_game(state: GameState, bots: Sequence[Bot]) -> GameState:
    """Let one bot per seat play ``state`` to its end (in place)."""
    for _ in range(MAX_ACTIONS_PER_GAME):
        if state.is_over():
            return state
        seat = state.current_player()
        state.apply(bots[seat].choose(state, seat))
    raise EngineError(f"{state.game_id}: a game did not end within {MAX_ACTIONS_PER_GAME} actions")


def deal_facts(state: GameState) -> list[dict[str, Any]]:
    """Per deal of a played game: points per side (all, ruff, count) and the head-taker.

    Read from the score sheet (entries name their rule) and the log (the entry that
    gives the head names the taker's seat and a ``.head.`` rule).
    """
    view = state.view(None)
    n_sides = len(state.sides())
    facts: dict[int, dict[str, Any]] = {}

    def fact(deal: int) -> dict[str, Any]:
        return facts.setdefault(deal, {
            "deal": deal,
            "points": [0] * n_sides,
            "ruff": [0] * n_sides,
            "count": [0] * n_sides,
            "head_taker": None,
        })

    for deal_sheet in view.get("score_sheet") or []:
        entry_deal = fact(deal_sheet["deal"])
        for entry in deal_sheet.get("entries", []):
            side, points, rule = entry["side"], entry["points"], entry.get("rule") or ""
            entry_deal["points"][side] += points
            topic = rule.split(".")[1] if rule.count(".") >= 2 else ""
            if topic == "ruff":
                entry_deal["ruff"][side] += points
            elif topic in ("count", "score", "head"):
                entry_deal["count"][side] += points
    for entry in state.log:
        rule = entry.get("rule") or ""
        if entry.get("seat") is not None and rule in HEAD_TAKING_RULES.get(state.game_id, ()):
            fact(entry["deal"])["head_taker"] = entry["seat"]
    for number in range(1, len(state.deals) + 1):
        fact(number)
    return [facts[k] for k in sorted(facts)]


HEAD_TAKING_RULES: dict[str, tuple[str, ...]] = {
    "ruffe-and-trumps": (
        "ruffe-and-trumps.head.ace-holder",
        "ruffe-and-trumps.head.turned-ace",
        "ruffe-and-trumps.head.no-holder",
    ),
}


def _tops(values: Sequence[int], side: int) -> bool:
    """Did ``side`` score strictly more than every other side?"""
    return all(values[side] > v for i, v in enumerate(values) if i != side)


def _share(hits: int, total: int) -> float | None:
    return round(hits / total, 4) if total else None


def _mean(values: Sequence[float]) -> float | None:
    return round(statistics.fmean(values), 3) if values else None


# --------------------------------------------------------------------------- simulate

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
    """
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise EngineError(f"games must be a positive integer, not {games!r}")
    spec = game_registry.get(game_id)
    variant = _variant(spec, variant)
    started = time.perf_counter()
    deals_per_game: list[int] = []
    wins_by_seat: list[int] = []
    wins_by_side: list[int] = []
    final_totals: list[list[int]] = []
    winning_totals: list[int] = []
    margins: list[int] = []
    deal_points: list[int] = []
    ruff_points: list[int] = []
    count_points: list[int] = []
    points_by_side: list[list[int]] = []
    ruff_scored = ruff_single = ruff_single_tops = ruff_single_tops_count = 0
    head_taken = head_tops = head_tops_count = 0
    head_rule_seen = False
    sides: list[list[int]] = []
    kinds: list[str] = []
    for g in range(games):
        state = spec.new_game(variant, seed + g)
        n = state.num_players
        sides = [list(s) for s in state.sides()]
        if not wins_by_seat:
            wins_by_seat, wins_by_side = [0] * n, [0] * len(sides)
        game_bots = _bots_for(bots, n, seed + g, budget)
        kinds = [b.kind for b in game_bots]
        play_game(state, game_bots)
        outcome = state.outcome()
        totals = list(state.totals())
        final_totals.append(totals)
        winners = set(outcome.winners) if outcome else set()
        for seat in winners:
            wins_by_seat[seat] += 1
        winning_sides = [i for i, side in enumerate(sides) if winners & set(side)]
        for i in winning_sides:
            wins_by_side[i] += 1
        if winning_sides:
            w = winning_sides[0]
            winning_totals.append(totals[w])
            others = [t for i, t in enumerate(totals) if i != w]
            margins.append(totals[w] - max(others) if others else totals[w])
        facts = deal_facts(state)
        deals_per_game.append(len(state.deals))
        for f in facts:
            deal_points.append(sum(f["points"]))
            ruff_points.append(sum(f["ruff"]))
            count_points.append(sum(f["count"]))
            points_by_side.append(f["points"])
            ruff_sides = [i for i, p in enumerate(f["ruff"]) if p > 0]
            if ruff_sides:
                ruff_scored += 1
            if len(ruff_sides) == 1:
                ruff_single += 1
                ruff_single_tops += _tops(f["points"], ruff_sides[0])
                ruff_single_tops_count += _tops(f["count"], ruff_sides[0])
            head_rule_seen = head_rule_seen or state.game_id in HEAD_TAKING_RULES
            if f["head_taker"] is not None:
                head_taken += 1
                taker_side = next(i for i, s in enumerate(sides) if f["head_taker"] in s)
                head_tops += _tops(f["points"], taker_side)
                head_tops_count += _tops(f["count"], taker_side)
    n_deals = len(deal_points)
    return {
        "game": game_id,
        "variant": variant.to_json(),
        "bots": kinds,
        "seed": seed,
        "games": games,
        "sides": sides,
        "mean_deals_per_game": _mean(deals_per_game),
        "median_deals_per_game": statistics.median(deals_per_game),
        "win_share_by_seat": [_share(w, games) for w in wins_by_seat],
        "win_share_by_side": [_share(w, games) for w in wins_by_side],
        "first_side_win_share": _share(wins_by_side[0], games),
        "mean_points_per_deal": _mean(deal_points),
        "mean_points_per_deal_by_side": [_mean([p[i] for p in points_by_side]) for i in range(len(sides))],
        "mean_ruff_points_per_deal": _mean(ruff_points),
        "mean_count_points_per_deal": _mean(count_points),
        "deals_with_ruff_scored_share": _share(ruff_scored, n_deals),
        "deals_with_head_taken_share": _share(head_taken, n_deals) if head_rule_seen else None,
        "ruff_side_tops_deal_share": _share(ruff_single_tops, ruff_single),
        "ruff_side_tops_count_share": _share(ruff_single_tops_count, ruff_single),
        "head_taker_side_tops_deal_share": _share(head_tops, head_taken),
        "head_taker_side_tops_count_share": _share(head_tops_count, head_taken),
        "mean_final_totals_by_side": [_mean([t[i] for t in final_totals]) for i in range(len(sides))],
        "mean_winning_total": _mean(winning_totals),
        "mean_margin": _mean(margins),
        "deals": n_deals,
        "seconds": round(time.perf_counter() - started, 2),
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


def measure_readings(
    game_id: str,
    games_per_reading: int = 200,
    seed: int = 0,
    bots: str | Sequence[str] = "heuristic",
    progress: Any = None,
) -> dict[str, Any]:
    """For each contested rule, one row of metrics per reading (other options at defaults).

    The same seeds (so the same first deals) are used for every reading. Returns
    ``{"game", "engine_version", "games_per_reading", "seed", "bots", "metrics", "rules": {rule_id:
    {"option", "context", "readings": {reading_id: {metric: value}}}}}``.
    """
    spec = game_registry.get(game_id)
    started = time.perf_counter()
    from . import __version__

    result: dict[str, Any] = {
        "game": game_id,
        "engine_version": __version__,
        "games_per_reading": games_per_reading,
        "seed": seed,
        "bots": bots if isinstance(bots, str) else list(bots),
        "metrics": dict(METRICS),
        "notes": [
            "Every row plays the same games: game g uses seed + g, and deal k of a game has the same deck "
            "under every reading, so the rows differ only by the reading.",
            f"The bots: {bots if isinstance(bots, str) else ', '.join(bots)} in every seat; shares are fractions "
            "of the row's games or deals; points are game points as the score sheet gives them.",
            "A rule with a context was measured in that configuration (its readings only matter there); "
            "every other option is at its default.",
        ],
        "rules": {},
    }
    for rule in contested_rules(game_id):
        option = rule["readings"][0].get("option")
        if not option:
            raise EngineError(f"{rule['id']}: its readings name no variant option")
        context = dict(MEASURE_CONTEXTS.get(rule["id"], {}))
        rows: dict[str, Any] = {}
        for reading in rule["readings"]:
            try:
                variant = spec.make_variant(**{**context, option: reading["id"]})
            except VariantError as error:
                rows[reading["id"]] = {"error": str(error)}
                continue
            stats = simulate(game_id, games_per_reading, variant, bots, seed)
            rows[reading["id"]] = {name: stats[name] for name in METRICS}
            if progress:
                progress(f"{rule['id']} = {reading['id']}: {stats['seconds']} s")
        result["rules"][rule["id"]] = {
            "option": option,
            "default": next((r["id"] for r in rule["readings"] if r.get("default")), None),
            "context": context,
            "readings": rows,
        }
    result["seconds"] = round(time.perf_counter() - started, 1)
    return result
