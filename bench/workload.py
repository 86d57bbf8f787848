"""The benchmark's workload, shared by CPython (bench/run.py) and Pyodide (bench/pyodide_bench.mjs).

Whole random games of any implemented game, four players by default: every deal is dealt
and played out to its end, each decision a uniformly random choice among the legal actions,
exactly as OpenSpiel's games are driven (legal actions, random choice, apply). The rate
counted is whole deals per second (only finished games are counted, so every deal counted is
whole). For Ruffe and Trumps (the default game) that is each deal's ruff announced and
awarded, the head taken and discarded, all twelve tricks played and the cards counted; for
the loo games each deal's bids, buys or exchanges, tricks and records.

The workload uses only the engine's public contract (``engine.games.get``, ``make_variant``,
``new_game``, ``legal_actions``, ``apply``, ``is_over`` and the state's ``deals``), so the
same file drives this checkout's engine and an older one:

    python -I bench/workload.py --engine /path/to/checkout

serves requests for that checkout's ``engine`` package (nothing else is importable: ``-I``
keeps the caller's directory, PYTHONPATH and user site off ``sys.path``, and the checkout is
put first): it prints one JSON line ``{"engine", "games", "python"}``, then answers each JSON
line ``{"game", "seconds", "seed"[, "players", "games"]}`` read from stdin with one JSON line,
the result of :func:`random_deals` (or ``{"error": ...}``). bench/run.py starts one such
worker per engine and interleaves them run by run (``--baseline-engine``).
"""

from __future__ import annotations

import json
import random
import sys
import time
from pathlib import Path
from typing import IO, Any

DEFAULT_GAME = "ruffe-and-trumps"
PLAYERS = 4


def random_deals(seconds: float, seed: int, game_id: str = DEFAULT_GAME, players: int | None = None,
                 games: int | None = None) -> dict[str, Any]:
    """Play random games of ``game_id`` for about ``seconds`` (or ``games`` of them, if given,
    whichever comes first); return the game, deals, games, actions, time and deals per second,
    by the clock (``perf_counter``, the figure) and per CPU second of this process
    (``process_time``: the machine's other load counts less; in Pyodide that clock is the wall
    clock, so bench/pyodide_bench.mjs replaces it with Node's ``process.cpuUsage()``).

    Game k of a call is seeded ``seed * 1000 + k``; the random choices come from
    ``random.Random(seed)``. A game begun is always finished, so the time can overrun
    ``seconds`` by one game.
    """
    from engine.games import get

    spec = get(game_id)
    if players is None:  # four where the game allows it, else the nearest count it allows (Gleek: three)
        players = min(max(PLAYERS, spec.min_players), spec.max_players)
    variant = spec.make_variant(players=players)
    rng = random.Random(seed)
    deals = played = actions = 0
    start, cpu = time.perf_counter(), time.process_time()
    game_seed = seed * 1000
    while time.perf_counter() - start < seconds and (games is None or played < games):
        state = spec.new_game(variant, game_seed)
        game_seed += 1
        while not state.is_over():
            state.apply(rng.choice(state.legal_actions()))
            actions += 1
        deals += len(state.deals)
        played += 1
    elapsed = time.perf_counter() - start
    cpu = max(time.process_time() - cpu, 1e-9)
    return {"game": game_id, "deals": deals, "games": played, "actions": actions, "seconds": elapsed,
            "deals_per_second": deals / elapsed, "cpu_seconds": cpu, "deals_per_cpu_second": deals / cpu}


def implemented() -> list[str]:
    """The ids of the games the imported ``engine`` implements (also for an engine older than ``ids()``)."""
    from engine import games as registry

    if hasattr(registry, "ids"):
        return list(registry.ids())
    return sorted(spec.id for spec in registry.all())


def serve(root: Path, requests: IO[str], replies: IO[str]) -> int:
    """Answer random-deal requests for the ``engine`` package of the checkout at ``root``."""
    root = root.resolve()
    if not (root / "engine" / "__init__.py").is_file():
        print(json.dumps({"error": f"{root} has no engine package (engine/__init__.py)"}), file=replies, flush=True)
        return 2
    sys.path.insert(0, str(root))
    import engine

    where = Path(engine.__file__).resolve()
    if root not in where.parents:
        print(json.dumps({"error": f"imported engine from {where}, not from {root}"}), file=replies, flush=True)
        return 2
    print(json.dumps({"engine": str(where.parent), "games": implemented(), "python": sys.version.split()[0]}),
          file=replies, flush=True)
    for line in requests:
        if not line.strip():
            continue
        try:
            request = json.loads(line)
            reply = random_deals(float(request["seconds"]), int(request["seed"]), str(request["game"]),
                                 (int(request["players"]) if "players" in request else None), request.get("games"))
        except Exception as error:  # noqa: BLE001 - reported to the caller, which shows it as the figure's note
            reply = {"error": f"{type(error).__name__}: {error}"}
        print(json.dumps(reply), file=replies, flush=True)
    return 0


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] != "--engine":
        print("usage: python -I bench/workload.py --engine /path/to/checkout", file=sys.stderr)
        return 2
    return serve(Path(argv[1]), sys.stdin, sys.stdout)


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
