"""Measuring campaigns: every contested rule of one or more games, with both kinds of player,
played in this process or on a Dask cluster, with the same figures either way.

:func:`measure_readings` measures one game (the figures the game page shows and
``engine/measures/<game>.json`` stores); :func:`run_campaign` several, sharing one pool of
workers. The games are played as :class:`~engine.paired.Task` chunks whose seeds depend on
the game's number only (game g uses seed + g), never on the worker that plays it, so a run
on one process, on two or on a cluster gives the same figures; only the wall time differs.

``workers=1`` and no ``scheduler`` play in this process (no Dask needed: this is what
Pyodide and a bare virtualenv do). ``workers > 1`` starts a ``dask.distributed``
``LocalCluster`` of that many single-threaded worker processes; ``scheduler="tcp://…"``
uses an existing cluster (its workers must have this engine installed). Dask is imported
only on those paths.

The stored format (documented in CONTRIBUTING.md, "Measures", and checked against
``engine/measures.schema.json``): see :func:`assemble`.
"""

from __future__ import annotations

import importlib
import platform
import sys
import time
from collections.abc import Callable, Mapping, Sequence
from typing import Any

from . import __version__, stats
from .bots import DEFAULT_BUDGET
from .errors import EngineError
from .paired import (ALPHA, MEAN_PRECISION, SHARE_PRECISION, GameMeasurement, Task, play_task, run_in_process)

__all__ = ["PLAYERS", "measure_readings", "run_campaign", "assemble", "directions", "SCHEMA_VERSION"]

SCHEMA_VERSION = 2
"""The version of the stored format (1: point estimates only; 2: paired estimates with intervals)."""

PLAYERS: dict[str, dict[str, Any]] = {
    "heuristic": {"bots": "heuristic", "budget": None, "batch": 100, "cap": 2000, "chunk": 25},
    "sampling": {"bots": "sampling", "budget": DEFAULT_BUDGET, "batch": 4, "cap": 8, "chunk": 1},
}
"""The two kinds of player and the stored campaign's settings for each: the bots in every seat,
the sampling bot's playouts per move (its default, what the table's bots play with), the first
batch of games per reading, the cap and the games per task. The caps are what the stored
campaign (seven games, both kinds) affords in well under an hour on two cores (measured: about
1 minute per 100 heuristic games per reading over the seven games, and about 4 minutes per
sampling game per reading, on one core): the heuristic rows mostly reach the precision targets
or come near them; the sampling rows, at 8 games, say a direction rather than a size. A tighter
precision is what ``make measures MEASURES_ARGS="--sampling-cap 100"`` on a Dask cluster is for."""

MAX_WORKERS = 256

QUIET_WORKERS: dict[str, Any] = {
    "distributed.worker.profile.enabled": False,
    "distributed.admin.tick.interval": "1s",
    "distributed.worker.memory.monitor-interval": "1s",
    "distributed.admin.system-monitor.interval": "5s",
    "distributed.admin.system-monitor.gil.enabled": False,
}
"""The Dask settings a local cluster starts with (a cluster given by ``--scheduler`` keeps its
own). By default every worker samples its task's stack every 10 ms and its event loop wakes
every 20 ms: for a task that is all Python, those take the GIL from the game being played.
Measured on two cores (seven games, heuristic bots, cap 200; bench/campaign.py): two workers
used 160 s of CPU for what one process does in 131 s (1.56x the throughput of one), and 135 s
with these settings (1.90x)."""

NOTES = [
    "Every row plays the same games: game g uses seed + g (the shuffles and the bots) under every reading, and "
    "deal k of game g has the same deck under every reading as long as both games last that long "
    "(tests/test_campaign.py checks it), so the rows differ only by the reading.",
    "A reading that changes the pack (mushka.setup.deck: 32 or 52 cards; petukh.setup.six-players: 30 or 34) "
    "cannot deal the same cards: there game g shares its seed, not its cards, and the pairing removes less noise.",
    "A rule with a context was measured in that configuration (its readings only matter there); every other "
    "option is at its default.",
]
"""What every stored file says about how its rows were played."""

Progress = Callable[[int, int], None]


def _settings(players: Mapping[str, Mapping[str, Any]] | None) -> dict[str, dict[str, Any]]:
    chosen = {name: dict(PLAYERS[name]) for name in ("heuristic", "sampling")} if players is None else {}
    for name, settings in (players or {}).items():
        if name not in PLAYERS:
            raise EngineError(f"players: {name!r} is no kind of player ({', '.join(PLAYERS)})")
        chosen[name] = {**PLAYERS[name], **settings}
    return chosen


def directions(heuristic: Mapping[str, Any], sampling: Mapping[str, Any], focus: Sequence[str]) -> dict[str, Any]:
    """For each focus effect (non-default reading, focus metric): does its direction hold
    under the sampling bot? ``holds`` (same sign, the sampling interval excludes zero),
    ``same sign, not detected``, ``reversed`` (opposite sign, the sampling interval excludes
    zero), ``opposite sign, not detected``, ``no change under the sampling bot`` (its paired
    games identical, or a difference of exactly zero), ``no difference under the heuristic``
    (nothing to hold), or ``not measured``."""
    out: dict[str, Any] = {}
    for reading, row in heuristic.items():
        other = sampling.get(reading)
        verdicts: dict[str, str] = {}
        for name in focus:
            h = row["metrics"].get(name) or {}
            s = (other or {}).get("metrics", {}).get(name) or {}
            if h.get("verdict") in ("not comparable", "not measured") or h.get("estimate") is None:
                verdicts[name] = "not measured"
            elif h.get("verdict") != "effect":
                verdicts[name] = "no difference under the heuristic"
            elif s.get("estimate") is None or s.get("verdict") in ("not comparable", "not measured"):
                verdicts[name] = "not measured"
            elif s.get("verdict") == "cannot differ here" or s["estimate"] == 0:
                verdicts[name] = "no change under the sampling bot"
            else:
                same = (s["estimate"] > 0) == (h["estimate"] > 0) and s["estimate"] != 0
                excludes = s.get("low") is not None and (s["low"] > 0 or s["high"] < 0)
                verdicts[name] = (("holds" if excludes else "same sign, not detected") if same
                                  else ("reversed" if excludes else "opposite sign, not detected"))
        out[reading] = verdicts
    return out


def assemble(game_id: str, measured: Mapping[str, GameMeasurement], seed: int, wall: float,
             workers: int, scheduler: str | None) -> dict[str, Any]:
    """The stored figures of one game (``engine/measures/<game>.json``).

    Top level: ``schema`` (:data:`SCHEMA_VERSION`), ``game``, ``engine_version``, ``seed``,
    ``lower_is_better``, ``metrics`` (name -> description), ``players`` (per kind: bots,
    budget, batch, cap), ``method`` (confidence, precision targets, bootstrap seed and
    resamples, false discovery rate), ``games_per_reading`` (the largest N of the
    heuristic rows), ``wall_seconds``, ``workers``, ``scheduler``, ``python``, ``notes``
    and ``rules``. Per rule: ``option``, ``default``, ``context``, ``focus``,
    ``incomparable`` (metric -> reason), ``readings`` (the heuristic's point value of
    every metric per reading, with ``games`` = its N: what the pages have always shown),
    ``players`` (per kind, :meth:`GameMeasurement.result`'s figures for the rule) and
    ``directions`` (:func:`directions`, when both kinds were measured).
    """
    any_m = next(iter(measured.values()))
    kind = any_m.kind
    figures = {player: m.result() for player, m in measured.items()}
    rules: dict[str, Any] = {}
    for rule_id, rm in any_m.rules.items():
        per_player = {player: figures[player][rule_id] for player in measured}
        rows: dict[str, Any] = {}
        main = per_player.get("heuristic") or next(iter(per_player.values()))
        for reading in (r["id"] for r in rm.rule["readings"]):
            if reading in rm.errors:
                rows[reading] = {"error": rm.errors[reading]}
            else:
                rows[reading] = {"games": main["n"], **{name: e["value"] for name, e in main["values"][reading].items()}}
        entry: dict[str, Any] = {
            "option": rm.option, "default": rm.default, "context": rm.context, "focus": rm.focus,
            "incomparable": rm.incomparable, "readings": rows, "players": per_player,
        }
        if "heuristic" in per_player and "sampling" in per_player:
            entry["directions"] = directions(per_player["heuristic"]["differences"],
                                             per_player["sampling"]["differences"], rm.focus)
        rules[rule_id] = entry
    heuristic_ns = [r["players"]["heuristic"]["n"] for r in rules.values() if "heuristic" in r["players"]]
    return {
        "schema": SCHEMA_VERSION,
        "game": game_id,
        "engine_version": __version__,
        "seed": seed,
        "bots": "heuristic" if "heuristic" in measured else any_m.bots,
        "lower_is_better": bool(getattr(any_m.spec.state_class, "lower_is_better", False)),
        "metrics": kind.rows(),
        "players": {player: {"bots": m.bots, "budget": m.budget, "batch": m.batch, "cap": m.cap, "chunk": m.chunk}
                    for player, m in measured.items()},
        "games_per_reading": max(heuristic_ns, default=0),
        "method": {
            "confidence": stats.CONFIDENCE,
            "units": "games: game g uses seed + g under every reading; per-deal metrics are ratios of sums "
                     "over the games, paired by game",
            "value_interval": "Wilson for a share of games; otherwise a t interval on the games' linearized "
                              "contributions (delta method for a ratio of sums), cut to the metric's range (a share within "
                              "0 to 1, a count at 0 or above); a median by the bootstrap",
            "difference_interval": "paired t interval on the difference of the games' linearized contributions; "
                                   "a paired bootstrap percentile interval beside it for the focus metrics",
            "bootstrap": {"seed": stats.BOOTSTRAP_SEED, "resamples": stats.BOOTSTRAP_REPS},
            "false_discovery_rate": {"method": "Benjamini-Hochberg", "alpha": ALPHA,
                                     "family": "every metric of every non-default reading of one rule, "
                                               "for one kind of player"},
            "precision": {"share": SHARE_PRECISION, "mean_relative": MEAN_PRECISION,
                          "rule": "games are added until every focus metric's difference interval has a "
                                  "half-width within the target (±1 pt for a share, ±2 % of the default's "
                                  "value for a mean) or the cap is reached"},
        },
        "wall_seconds": round(wall, 1),
        "workers": workers,
        "scheduler": scheduler,
        "python": platform.python_version(),
        "notes": NOTES,
        "rules": rules,
    }


def _progress_bar(total: int, enabled: bool) -> Any:
    """A tqdm bar on stderr when tqdm is installed and ``enabled``, else ``None``."""
    if not enabled:
        return None
    try:
        tqdm: Any = importlib.import_module("tqdm").tqdm
    except ImportError:
        return None
    return tqdm(total=total, unit="game", file=sys.stderr, dynamic_ncols=True, smoothing=0.05)


def _run_dask(measurements: Sequence[GameMeasurement], workers: int, scheduler: str | None,
              processes: bool, bar: Any, after: Callable[[], None]) -> None:
    try:
        distributed: Any = importlib.import_module("dask.distributed")
    except ImportError as error:  # pragma: no cover - depends on the environment
        raise EngineError("workers/scheduler: Dask is not installed (pip install 'dask[distributed]'); "
                          "--workers 1 runs in this process without it") from error
    cluster = None
    Client, LocalCluster, as_completed = distributed.Client, distributed.LocalCluster, distributed.as_completed
    if scheduler:
        client = Client(scheduler)
    else:
        with importlib.import_module("dask").config.set(QUIET_WORKERS):  # the workers take the config they start with
            cluster = LocalCluster(n_workers=workers, threads_per_worker=1, processes=processes,
                                   dashboard_address=None)
        client = Client(cluster)
    try:
        owner: dict[Any, tuple[GameMeasurement, Task]] = {}

        def submit(m: GameMeasurement) -> list[Any]:
            futures = []
            for task in m.tasks():
                future = client.submit(play_task, task, pure=False)
                owner[future.key] = (m, task)
                futures.append(future)
                if bar is not None:
                    bar.total += task.count
                    bar.refresh()
            return futures

        queue = as_completed([f for m in measurements for f in submit(m)])
        for future in queue:
            m, task = owner.pop(future.key)
            m.feed(task, future.result())
            after()
            if bar is not None:
                bar.update(task.count)
            for new in submit(m):
                queue.add(new)
        if not all(m.done for m in measurements):
            raise EngineError("campaign: a measurement is not done and asks for no games")
    finally:
        client.close()
        if cluster is not None:
            cluster.close()


def run_campaign(
    game_ids: Sequence[str],
    seed: int = 0,
    players: Mapping[str, Mapping[str, Any]] | None = None,
    workers: int = 1,
    scheduler: str | None = None,
    processes: bool = True,
    show_progress: bool = False,
    rules: Sequence[str] | None = None,
    on_done: Callable[[str, dict[str, Any]], None] | None = None,
) -> dict[str, dict[str, Any]]:
    """Measure every contested rule of ``game_ids`` with each kind of player (``players``:
    kind -> settings overriding :data:`PLAYERS`; default both kinds at the stored
    campaign's settings). Returns game id -> :func:`assemble`'s figures; ``on_done(game id,
    figures)`` is called as soon as a game is finished (its ``wall_seconds``: the campaign's
    wall time until then)."""
    if type(workers) is not int or not 1 <= workers <= MAX_WORKERS:
        raise EngineError(f"workers: a whole number from 1 to {MAX_WORKERS}, not {workers!r}")
    chosen = _settings(players)
    started = time.perf_counter()
    measured: dict[str, dict[str, GameMeasurement]] = {}
    for game_id in game_ids:
        measured[game_id] = {
            player: GameMeasurement(game_id, bots=s["bots"], seed=seed, batch=s["batch"], cap=s["cap"],
                                    budget=s["budget"], chunk=s.get("chunk", 25), rules=rules)
            for player, s in chosen.items()
        }
    every = [m for per_game in measured.values() for m in per_game.values()]
    results: dict[str, dict[str, Any]] = {}

    def after() -> None:
        for game_id, per_game in measured.items():
            if game_id not in results and all(m.done for m in per_game.values()):
                results[game_id] = assemble(game_id, per_game, seed, time.perf_counter() - started, workers,
                                            scheduler)
                if on_done is not None:
                    on_done(game_id, results[game_id])
    bar = _progress_bar(0, show_progress)
    try:
        if workers == 1 and not scheduler:
            def step(played: int, asked: int) -> None:
                if bar is not None:
                    bar.total = asked
                    bar.update(played - bar.n)
            run_in_process(every, step, after)
        else:
            _run_dask(every, workers, scheduler, processes, bar, after)
    finally:
        if bar is not None:
            bar.close()
    after()
    return {game_id: results[game_id] for game_id in game_ids}


def measure_readings(
    game_id: str,
    games_per_reading: int | None = None,
    seed: int = 0,
    bots: str = "heuristic",
    players: Mapping[str, Mapping[str, Any]] | None = None,
    workers: int = 1,
    scheduler: str | None = None,
    show_progress: bool = False,
) -> dict[str, Any]:
    """One game's measured readings (:func:`run_campaign` for one game).

    ``games_per_reading`` given: one kind of player (``bots``) with exactly that many
    games per reading (batch = cap = N), the old fixed-N measurement, with intervals;
    otherwise ``players`` (default: both kinds at the stored campaign's settings)."""
    if games_per_reading is not None:
        if type(games_per_reading) is not int or games_per_reading < 1:
            raise EngineError(f"games_per_reading: a whole number from 1, not {games_per_reading!r}")
        if bots not in PLAYERS:
            raise EngineError(f"bots: {bots!r}: the measures are taken with {' or '.join(PLAYERS)} bots")
        players = {bots: {"batch": games_per_reading, "cap": games_per_reading}}
    return run_campaign([game_id], seed, players, workers, scheduler, show_progress=show_progress)[game_id]
