"""Whole games played by bots, and the measured consequences of each reading.

:func:`simulate` plays ``games`` games with seeded bots and summarises them: the
generic statistics every game has (deals per game, win shares, final totals and the
winner's margin, read the right way round for a game whose lower total is better),
and the facts the game itself contributes through one hook, the measures its spec
names (:func:`~engine.measuring.measures_of`, a
:class:`~engine.measuring.GameMeasures` subclass that may watch every action and
reads the score sheet and the log of every finished game).  Nothing here knows a
game: what is particular to one is its spec's.

:func:`measure_readings` does that once for every reading of every contested rule of
a game (the other options at their defaults, or in the configuration where the
readings bite), which is what the game pages show beside the readings: what changes
in play when one reads the text one way or another.

>>> stats = simulate("ruffe-and-trumps", games=2, bots="heuristic", seed=1)
>>> stats["games"], len(stats["win_share_by_side"])
(2, 2)
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from . import catalogue, games as game_registry
from .bots import Bot, BotKinds, check_bot_kinds, check_budget, make_bot
from .errors import EngineError, VariantError
from .game import Action, GameSpec, GameState, Variant
from .measuring import mean, measures_of, share

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
    Totals are read the game's way: when ``lower_is_better`` (the loo family, whose
    records go down to nothing) the margin is the runner-up's total minus the winner's.
    """
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise EngineError(f"games must be a positive integer, not {games!r}")
    spec = game_registry.get(game_id)
    variant = _variant(spec, variant)
    measures = measures_of(spec)(variant)
    observe = measures.observe if measures.observes else None
    started = time.perf_counter()
    deals_per_game: list[int] = []
    wins_by_seat: list[int] = []
    wins_by_side: list[int] = []
    final_totals: list[list[int]] = []
    winning_totals: list[int] = []
    margins: list[int] = []
    deal_points: list[int] = []
    points_by_side: list[list[int]] = []
    sides: list[list[int]] = []
    kinds: list[str] = []
    lower = False
    for g in range(games):
        state = spec.new_game(variant, seed + g)
        lower = bool(getattr(state, "lower_is_better", False))
        n = state.num_players
        sides = [list(s) for s in state.sides()]
        if not wins_by_seat:
            wins_by_seat, wins_by_side = [0] * n, [0] * len(sides)
        game_bots = _bots_for(bots, n, seed + g, budget)
        kinds = [b.kind for b in game_bots]
        play_game(state, game_bots, observe)
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
            others = [t for i, t in enumerate(totals) if i not in winning_sides]
            if lower:
                margins.append(min(others) - totals[w] if others else 0)
            else:
                margins.append(totals[w] - max(others) if others else totals[w])
        view = state.view(None)
        deals = sheet_by_deal(view, len(sides), len(state.deals))
        deals_per_game.append(len(state.deals))
        for deal in deals:
            deal_points.append(sum(deal["points"]))
            points_by_side.append(deal["points"])
        measures.add_game(state, view, deals)
    return {
        "game": game_id,
        "variant": variant.to_json(),
        "bots": kinds,
        "seed": seed,
        "games": games,
        "sides": sides,
        "lower_is_better": lower,
        "mean_deals_per_game": mean(deals_per_game),
        "median_deals_per_game": statistics.median(deals_per_game),
        "win_share_by_seat": [share(w, games) for w in wins_by_seat],
        "win_share_by_side": [share(w, games) for w in wins_by_side],
        "first_side_win_share": share(wins_by_side[0], games),
        "mean_points_per_deal": mean(deal_points),
        "mean_points_per_deal_by_side": [mean([p[i] for p in points_by_side]) for i in range(len(sides))],
        **measures.results(),
        "mean_final_totals_by_side": [mean([t[i] for t in final_totals]) for i in range(len(sides))],
        "mean_winning_total": mean(winning_totals),
        "mean_margin": mean(margins),
        "deals": len(deal_points),
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
    """For each contested rule, one row of metrics per reading (other options at defaults,
    or at the rule's context where its readings bite).

    The same seeds (so the same first deals) are used for every reading; a row whose
    variant was already played is reused. Returns ``{"game", "engine_version",
    "games_per_reading", "seed", "bots", "metrics", "rules": {rule_id: {"option",
    "default", "context", "focus", "readings": {reading_id: {metric: value}}}}}``.
    """
    spec = game_registry.get(game_id)
    kind = measures_of(spec)
    metrics = kind.rows()
    started = time.perf_counter()
    from . import __version__

    result: dict[str, Any] = {
        "game": game_id,
        "engine_version": __version__,
        "games_per_reading": games_per_reading,
        "seed": seed,
        "bots": bots if isinstance(bots, str) else list(bots),
        "lower_is_better": bool(getattr(spec.state_class, "lower_is_better", False)),
        "metrics": metrics,
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
    played: dict[str, dict[str, Any]] = {}
    for rule in contested_rules(game_id):
        option = rule["readings"][0].get("option")
        if not option:
            raise EngineError(f"{rule['id']}: its readings name no variant option")
        context = dict(kind.contexts.get(rule["id"], {}))
        rows: dict[str, Any] = {}
        for reading in rule["readings"]:
            try:
                variant = spec.make_variant(**{**context, option: reading["id"]})
            except VariantError as error:
                rows[reading["id"]] = {"error": str(error)}
                continue
            key = repr(sorted(variant.to_json().items()))
            stats = played.get(key)
            if stats is None:
                stats = played[key] = simulate(game_id, games_per_reading, variant, bots, seed)
                if progress:
                    progress(f"{rule['id']} = {reading['id']}: {stats['seconds']} s")
            rows[reading["id"]] = {name: stats[name] for name in metrics}
        result["rules"][rule["id"]] = {
            "option": option,
            "default": next((r["id"] for r in rule["readings"] if r.get("default")), None),
            "context": context,
            "focus": [name for name in kind.focus.get(rule["id"], ()) if name in metrics],
            "readings": rows,
        }
    result["seconds"] = round(time.perf_counter() - started, 1)
    return result
