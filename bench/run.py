"""The edition's benchmark (`make bench`; never part of `make test`).

Measures, each as the median of several runs, and prints them against their targets:

(a) whole random Ruffe deals per second in CPython (four players, random legal actions);
(b) the same inside Pyodide under Node (bench/pyodide_bench.mjs);
(c) OpenSpiel's ``oh_hell`` (four players, twelve tricks) whole random games per second,
    driven the same way from Python, and the ratio Ruffe deals / oh_hell games. The deal's
    chance nodes are sampled two ways, measured in the same runs: by their probabilities
    (``rng.choices`` over ``chance_outcomes()``) and uniformly (``rng.choice(legal_actions())``,
    the same distribution for oh_hell, checked at run time); the ratio uses the faster, so it
    never flatters the engine. (a) and (c) are interleaved run by run;
(d) in headless Chromium: navigation to the first playable table on the Ruffe page, beside
    the same page's bare Pyodide start (``?edition-bench=bare``: Pyodide in the worker, no engine);
(e) the sampling bot's move time in the browser at its default budget (Ruffe's plays, and every
    decision of a game of each loo game);
(f) the longest main-thread task while Python starts (PerformanceObserver ``longtask``): from
    the worker's creation to the first drawn frame of a playable table, beside the same page
    with nothing started (``?edition-bench=off``: the theme's own tasks) over the same window;
(g) every implemented game's random deals per second in CPython (Ruffe's method, bench/workload.py:
    four players, random legal actions, whole games), each engine in its own worker process
    (``python -I bench/workload.py --engine CHECKOUT``); by the wall clock, as (a), and per CPU
    second of the worker, which the machine's other load disturbs less; and OpenSpiel's ``oh_hell``
    in this process, one run beside each game's runs, so that each game's deals per CPU second over
    ``oh_hell``'s games per CPU second (the median of the runs' ratios) is printed against issue 24's
    goals (:data:`GOALS`: Ruffe >= 0.8, every loo game >= 0.7, Gleek >= 0.6, Piquet >= 0.5);
(h) the same inside Pyodide under Node, in the same Node run as (b) (one Pyodide instance per
    engine), when both ``games`` and ``pyodide`` are measured;
(i) a reader's visits with the site's service worker (bench/visits.py): the first visit, a repeat
    visit with the engine's memory snapshot, one without it and one offline, each beside a bare
    Pyodide boot of the same run (on a first visit and on a repeat visit); the bytes served on a
    first visit, until the first playable table and until the whole site is kept.

``--baseline-engine CHECKOUT`` (a directory holding an ``engine`` package, e.g. the engine as it
was before a change: ``git archive REV engine | tar -x -C DIR``) or ``--baseline-rev REV`` (the
same, extracted by the bench into a temporary directory) measures that engine beside this
checkout's in (g) and (h), with this checkout's workload, interleaved run by run (the order
alternating), and prints both medians, their spread (min..max of the runs) and their ratio.

The browser parts need the built site (``make site``; ``make bench`` builds it); without it
they fall back to a bench-only page over docs/assets, and say so.

Usage: python bench/run.py [--runs N] [--seconds S] [--only MEASURE ...] [--skip-browser]
                           [--skip-pyodide] [--games ID,ID,...] [--baseline-engine CHECKOUT |
                           --baseline-rev REV] [--json FILE]
"""

from __future__ import annotations

import argparse
import functools
import http.server
import io
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tarfile
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

import visits  # noqa: E402
from workload import DEFAULT_GAME, implemented, random_deals  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
GAME_PAGE = "games/ruffe-and-trumps/"
OH_HELL = {"players": 4, "num_tricks_fixed": 12}


def median(values: list[float]) -> float | None:
    return statistics.median(values) if values else None


# --------------------------------------------------------------------------- (a) (b) (c)

def bench_cpython(runs: int, seconds: float) -> list[float]:
    random_deals(0.3, 0)  # warm-up
    return [random_deals(seconds, i + 1)["deals_per_second"] for i in range(runs)]


def bench_pyodide(runs: int, seconds: float, games: list[str], baseline: Path | None = None) -> dict[str, Any]:
    """(b), and (h) for ``games`` beyond Ruffe: one Node run, one Pyodide instance per engine.

    ``rates`` is (b): this checkout's Ruffe deals/s; ``games`` maps "current" (and "baseline")
    to each game's rates.
    """
    node = shutil.which("node")
    if not node:
        return {"error": "node is not installed"}
    if not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        return {"error": "node_modules/pyodide is missing (npm ci)"}
    command = [node, str(ROOT / "bench" / "pyodide_bench.mjs"), "--runs", str(runs), "--seconds", str(seconds),
               "--games", ",".join(games)]
    if baseline is not None:
        command += ["--baseline", str(baseline)]
    engines = 1 if baseline is None else 2
    proc = subprocess.run(command, cwd=ROOT, capture_output=True, text=True,
                          timeout=120 * engines + engines * len(games) * (runs * seconds + 0.5) * 4)
    if proc.returncode != 0:
        return {"error": f"pyodide_bench.mjs exited {proc.returncode}: {proc.stderr.strip()[-800:]}"}
    data = json.loads(proc.stdout.strip().splitlines()[-1])
    by_engine = {name: engine["games"] for name, engine in data["engines"].items()}
    ruffe = [r["deals_per_second"] for r in by_engine["current"].get(DEFAULT_GAME, [])]
    return {"rates": ruffe, "games": by_engine, "python": data["python"],
            "load_ms": data["load_ms"], "engines": {name: engine["root"] for name, engine in data["engines"].items()}}


class EngineWorker:
    """A CPython process serving bench/workload.py's random deals for one checkout's engine."""

    def __init__(self, checkout: Path) -> None:
        self.log = tempfile.TemporaryFile(mode="w+")
        self.proc = subprocess.Popen([sys.executable, "-I", str(ROOT / "bench" / "workload.py"), "--engine", str(checkout)],
                                     cwd=checkout, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=self.log,
                                     text=True)
        hello = self._reply()
        if "error" in hello:
            self.close()
            raise RuntimeError(f"{checkout}: {hello['error']}")
        self.engine: str = hello["engine"]
        self.games: list[str] = hello["games"]

    def _reply(self) -> dict[str, Any]:
        assert self.proc.stdout is not None
        line = self.proc.stdout.readline()
        if not line:
            self.proc.wait()
            self.log.seek(0)
            return {"error": f"the worker exited {self.proc.returncode}: {self.log.read().strip()[-800:]}"}
        reply: dict[str, Any] = json.loads(line)
        return reply

    def deals(self, game: str, seconds: float, seed: int, games: int | None = None) -> dict[str, Any]:
        """bench/workload.py's :func:`random_deals` in the worker, with the same arguments."""
        assert self.proc.stdin is not None
        self.proc.stdin.write(json.dumps({"game": game, "seconds": seconds, "seed": seed, "games": games}) + "\n")
        self.proc.stdin.flush()
        return self._reply()

    def close(self) -> None:
        if self.proc.stdin is not None:
            self.proc.stdin.close()
        self.proc.wait(timeout=30)
        self.log.close()


GOALS = {"ruffe-and-trumps": 0.8, "gleek": 0.6, "piquet": 0.5}
"""Each game's goal (issue 24): its random deals per CPU second at least this times OpenSpiel's
``oh_hell`` random games per CPU second, measured in the same runs (:func:`bench_games`)."""
LOO_GOAL = 0.7
"""The goal of every game of the loo family (a game whose records are written down to nothing)."""


def goal_of(game_id: str) -> float | None:
    """The goal of ``game_id`` against ``oh_hell`` (:data:`GOALS`; the loo family's
    :data:`LOO_GOAL`), or None for a game that has none."""
    from engine.games import get

    if game_id in GOALS:
        return GOALS[game_id]
    return LOO_GOAL if get(game_id).state_class.lower_is_better else None


def bench_games(runs: int, seconds: float, games: list[str], baseline: Path | None = None,
                oh_hell: bool = True) -> dict[str, Any]:
    """(g): each game's random deals/s in CPython, this checkout's engine and the baseline's, each in
    its own worker process, interleaved run by run (the engines' order alternating); with
    ``oh_hell`` (and pyspiel installed), OpenSpiel's ``oh_hell`` in this process too, one run of it
    beside each game's runs (in turn with the engines), so that each game's ratio to it, per CPU
    second, sees the same machine load (``oh_hell``: by game, its runs)."""
    spiel = None
    if oh_hell:
        try:
            import pyspiel
            spiel = pyspiel.load_game("oh_hell", OH_HELL)
            oh_hell_run(spiel, 0.3, 0, "uniform")  # warm-up
        except ImportError:
            spiel = None
    oh_runs: dict[str, list[dict[str, float]]] = {game: [] for game in games} if spiel is not None else {}
    workers: dict[str, EngineWorker] = {}
    try:
        workers["current"] = EngineWorker(ROOT)
        if baseline is not None:
            workers["baseline"] = EngineWorker(baseline)
    except RuntimeError as error:
        for worker in workers.values():
            worker.close()
        return {"error": str(error)}
    names = list(workers)
    runs_of: dict[str, dict[str, list[dict[str, Any]]]] = {name: {} for name in names}
    errors: dict[str, dict[str, str]] = {name: {} for name in names}
    try:
        for name in names:
            for game in games:
                if game in workers[name].games:
                    warm = workers[name].deals(game, 0.3, 0)  # warm-up: imports, catalogue, first paths
                    if "error" in warm:
                        errors[name][game] = warm["error"]
                    else:
                        runs_of[name][game] = []
        turns = names + (["oh_hell"] if spiel is not None else [])
        for i in range(runs):
            for game in games:
                for name in turns[i % len(turns):] + turns[:i % len(turns)]:  # (the order rotating)
                    if name == "oh_hell":
                        oh_runs[game].append(oh_hell_run(spiel, seconds, i + 1, "uniform"))
                    elif game in runs_of[name]:
                        result = workers[name].deals(game, seconds, i + 1)
                        if "error" in result:
                            errors[name][game] = result["error"]
                            del runs_of[name][game]
                        else:
                            runs_of[name][game].append(result)
    finally:
        for worker in workers.values():
            worker.close()
    return {"games": runs_of, "errors": errors, "engines": {name: worker.engine for name, worker in workers.items()},
            "python": sys.version.split()[0], "oh_hell": oh_runs}


def goals_table(result: dict[str, Any], games: list[str]) -> list[str]:
    """(g)'s goals: each game's deals per CPU second against ``oh_hell``'s games per CPU second,
    measured in the same runs: the median of the runs' ratios (run i of each), this checkout's
    engine (and the baseline's), beside the goal."""
    lines = ["(g) goals (issue 24): each game's random deals per CPU second / oh_hell's random games per CPU "
             "second, measured interleaved in the same runs (median of the runs' ratios)"]
    oh_runs = result.get("oh_hell") or {}
    if not oh_runs:
        return lines + ["    oh_hell not measured (pyspiel is not installed: pip install open-spiel)"]
    engines = [name for name in ("current", "baseline") if name in result.get("games", {})]
    rows = [["game", "goal"] + [f"{'this checkout' if name == 'current' else 'baseline'}" for name in engines]
            + ["result"]]
    for game in games:
        goal = goal_of(game)
        row = [f"  {game}", f">= {goal:.1f}" if goal is not None else "-"]
        mine: float | None = None
        for name in engines:
            got = result["games"][name].get(game, [])
            pairs = [r["deals_per_cpu_second"] / o["games_per_cpu_second"] for r, o in zip(got, oh_runs.get(game, []))]
            ratio = statistics.median(pairs) if pairs else None
            row.append(f"{ratio:.2f} [{min(pairs):.2f}..{max(pairs):.2f}]" if ratio is not None else "n/a")
            if name == "current":
                mine = ratio
        row.append(verdict(None if goal is None or mine is None else mine >= goal))
        rows.append(row)
    widths = [max(len(r[c]) for r in rows) for c in range(len(rows[0]))]
    lines += ["    " + "  ".join(cell.ljust(w) if c == 0 else cell.rjust(w) for c, (cell, w) in enumerate(zip(r, widths)))
              for r in rows]
    return lines


def baseline_from_rev(rev: str, into: Path) -> tuple[Path, str]:
    """This repository's ``engine/`` at ``rev``, extracted under ``into``; and its label."""
    sha = subprocess.run(["git", "rev-parse", "--verify", f"{rev}^{{commit}}"], cwd=ROOT, capture_output=True, text=True)
    if sha.returncode != 0:
        raise RuntimeError(f"--baseline-rev {rev}: not a commit here ({sha.stderr.strip()})")
    archive = subprocess.run(["git", "archive", "--format=tar", sha.stdout.strip(), "engine"], cwd=ROOT,
                             capture_output=True)
    if archive.returncode != 0:
        raise RuntimeError(f"--baseline-rev {rev}: git archive failed: {archive.stderr.decode(errors='replace').strip()}")
    with tarfile.open(fileobj=io.BytesIO(archive.stdout)) as tar:
        tar.extractall(into, filter="data")
    return into, f"{rev} ({sha.stdout.strip()[:10]})"


def oh_hell_games(game: Any, seconds: float, seed: int, chance: str) -> float:
    """Whole random games per second (by the clock), every decision a uniform random legal
    action (:func:`oh_hell_run`)."""
    return oh_hell_run(game, seconds, seed, chance)["games_per_second"]


def oh_hell_run(game: Any, seconds: float, seed: int, chance: str) -> dict[str, float]:
    """Whole random games per second by the clock (``games_per_second``) and per CPU second
    of this process (``games_per_cpu_second``), every decision a uniform random legal action.

    ``chance`` is how a chance node (the deal) is sampled: ``"outcomes"`` draws from
    ``state.chance_outcomes()`` by its probabilities (``rng.choices``); ``"uniform"`` draws
    ``rng.choice(state.legal_actions())``, the same distribution for oh_hell, whose chance
    outcomes are uniform at every step (checked by :func:`oh_hell_chance_is_uniform`), and cheaper.
    """
    rng = random.Random(seed)
    choice, choices = rng.choice, rng.choices
    by_outcomes = chance == "outcomes"
    games = 0
    start, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if by_outcomes and state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes())
                state.apply_action(choices(outcomes, probabilities)[0])
            else:
                state.apply_action(choice(state.legal_actions()))
        games += 1
    elapsed, cpu = time.perf_counter() - start, max(time.process_time() - cpu, 1e-9)
    return {"games_per_second": games / elapsed, "games_per_cpu_second": games / cpu}


def oh_hell_chance_is_uniform(game: Any, deals: int = 20) -> dict[str, Any]:
    """Check on random deals that every chance node's outcomes are its legal actions, equally likely."""
    rng = random.Random(0)
    nodes = 0
    sizes: set[int] = set()
    for _ in range(deals):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                actions = [a for a, _ in outcomes]
                if sorted(actions) != sorted(state.legal_actions()):
                    return {"uniform": False, "why": f"chance outcomes {actions[:5]}... are not the legal actions"}
                first = outcomes[0][1]
                if any(abs(prob - first) > 1e-12 for _, prob in outcomes) or abs(first * len(outcomes) - 1) > 1e-9:
                    return {"uniform": False, "why": f"non-uniform chance node: {outcomes[:5]}..."}
                nodes += 1
                sizes.add(len(outcomes))
            state.apply_action(rng.choice(state.legal_actions()))
    return {"uniform": True, "chance_nodes_per_game": nodes / deals, "outcome_counts": f"{min(sizes)}..{max(sizes)}"}


def bench_oh_hell(runs: int, seconds: float, ruffe: list[float] | None = None) -> dict[str, Any]:
    """Both ways of sampling the deal, interleaved in the same runs; the ratio uses the faster.

    With ``ruffe`` (a list), each run also measures (a), CPython's Ruffe deals/s, between the
    two, so that the ratio's two sides see the same machine load; the rates are appended to it.
    """
    try:
        import pyspiel
    except ImportError:
        return {"error": "pyspiel is not installed (pip install open-spiel; `make bench` does it)"}
    game = pyspiel.load_game("oh_hell", OH_HELL)
    check = oh_hell_chance_is_uniform(game)
    ways = ["outcomes", "uniform"] if check["uniform"] else ["outcomes"]
    for way in ways:
        oh_hell_games(game, 0.3, 0, way)  # warm-up
    if ruffe is not None:
        random_deals(0.3, 0)
    rates: dict[str, list[float]] = {way: [] for way in ways}
    for i in range(runs):
        for way in (ways if i % 2 == 0 else ways[::-1]):
            rates[way].append(oh_hell_games(game, seconds, i + 1, way))
            if ruffe is not None and way == ways[0]:
                ruffe.append(random_deals(seconds, i + 1)["deals_per_second"])
    fastest = max(ways, key=lambda way: statistics.median(rates[way]))
    try:
        from importlib.metadata import version
        pkg = version("open_spiel")
    except Exception:  # noqa: BLE001 - the version is only informative
        pkg = getattr(pyspiel, "__version__", "")
    return {"rates": rates[fastest], "by_way": rates, "used": fastest, "chance_check": check, "version": pkg}


# --------------------------------------------------------------------------- (d) (e) (f)

class _Handler(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm"}

    def log_message(self, format: str, *args: object) -> None:
        pass


def site_for_browser(workdir: Path) -> tuple[Path, str]:
    """The built site if there is one; else a bench-only page over docs/assets (said in the output)."""
    site = Path(os.environ.get("EDITION_SITE_DIR", ROOT / "site"))
    if (site / GAME_PAGE / "index.html").is_file() and (site / "assets" / "pyodide" / "pyodide.mjs").is_file():
        return site, f"the built site ({site})"
    assets = ROOT / "docs" / "assets"
    if not (assets / "pyodide" / "pyodide.mjs").is_file() or not (assets / "wheels" / "engine.json").is_file():
        raise RuntimeError("neither site/ nor docs/assets/pyodide + docs/assets/wheels exist: run `make setup` (or `make site`)")
    (workdir / "assets").symlink_to(assets, target_is_directory=True)
    page = workdir / GAME_PAGE
    page.mkdir(parents=True)
    page.joinpath("index.html").write_text(
        '<!doctype html><html><head><meta charset="utf-8"><title>Ruffe and Trumps (bench page)</title>'
        '<link rel="stylesheet" href="../../assets/css/table.css"></head><body>'
        '<h1>Ruffe and Trumps</h1><div class="edition-table" data-game="ruffe-and-trumps"></div>'
        '<script src="../../assets/js/edition.js"></script></body></html>\n', encoding="utf-8")
    return workdir, "a bench-only page over docs/assets (no site/ built)"


LONGTASKS = """
window.__longtasks = [];
try {
  new PerformanceObserver((list) => {
    for (const e of list.getEntries()) window.__longtasks.push([e.startTime, e.duration]);
  }).observe({ type: "longtask", buffered: true });
} catch (e) { window.__longtasks = null; }
"""

SAMPLING = """
async ([gameId, players, moves]) => {
  const py = window.EditionSite.python;
  const game = await py.call({ op: "new", game: gameId, seed: 9, variant: { players },
                               seats: Array(players).fill("sampling") });
  const times = [];
  for (let i = 0; i < moves; i++) {
    const t = performance.now();
    const answer = await py.call({ op: "bot", id: game.id });
    times.push([performance.now() - t, answer.played.action.kind]);
    if (answer.over) break;
  }
  return times;
}
"""


def sampled_games() -> list[tuple[str, int]]:
    """The games besides Ruffe whose sampling-bot moves (every decision: bids, discards, calls,
    plays) are timed too, with their number of players: every game of the engine's registry whose
    spec gives ``bench_players``, in the site's order."""
    from engine import games

    return [(spec.id, spec.bench_players) for spec in games.in_order()
            if spec.id != DEFAULT_GAME and spec.bench_players is not None]


def overlapping(tasks: list[list[float]], start: float, end: float) -> list[list[float]]:
    """The long tasks ([start, duration], ms since navigation) that overlap [start, end]."""
    return [[s, d] for s, d in tasks if s < end and s + d > start]


MARKS = "performance.getEntriesByType('mark').filter((m) => m.name.startsWith('edition:')).map((m) => [m.startTime, m.name])"


def attribute(tasks: list[list[float]], marks: list[list[Any]]) -> list[list[Any]]:
    """Each long task with the edition's own marks (performance.mark in edition.js / table.js)
    that fall inside it: [start, duration, "table-render, ..."]; "-" when none (theme, browser, GC)."""
    out = []
    for s, d in tasks:
        inside = sorted({name.removeprefix("edition:") for t, name in marks if s <= t <= s + d})
        out.append([s, d, ", ".join(inside) or "-"])
    return out


def bench_browser(runs: int) -> dict[str, Any]:
    """(d), (e), (f) in headless Chromium.

    Each run loads the Ruffe page three times, each in a fresh browser context (cold caches):
    ``table`` (the table starts without scrolling, as soon as the page has loaded and is idle,
    exactly as a table in view does), ``bare`` (the same page; Pyodide alone in the worker) and
    ``off`` (the same page with edition.js told to start nothing: the theme's own main-thread
    work, the baseline). The order alternates between runs.

    "While Python starts" is the window from the worker's creation (``workerStart``, just before
    ``new Worker``) to the first playable table (``firstPlayable``: the first frame showing a
    legal card has been drawn). A long task counts when it overlaps that window. The ``off`` page
    is measured over the same window (same times since navigation) as the run's ``table`` page.
    """
    if not Path(CHROMIUM).is_file():
        return {"error": f"Chromium not found at {CHROMIUM}"}
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory() as tmp:
        try:
            directory, which = site_for_browser(Path(tmp))
        except RuntimeError as error:
            return {"error": str(error)}
        server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(_Handler, directory=str(directory)))
        threading.Thread(target=server.serve_forever, daemon=True).start()
        base = f"http://127.0.0.1:{server.server_address[1]}/{GAME_PAGE}"
        out: dict[str, Any] = {"site": which, "playable_ms": [], "bare_ms": [], "windows": [],
                               "longest_task_ms": [], "tasks_in_window": [], "baseline_longest_ms": [],
                               "baseline_tasks_in_window": [], "baseline_longest_any_ms": [],
                               "longest_task_page_load_ms": [], "outside_requests": [], "sampling_ms_by_game": {}}
        outside = out["outside_requests"]
        sampling: list[list[Any]] = []
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])

                def visit(mode: str) -> tuple[dict[str, Any], list[list[float]], Any]:
                    # A first visit each (the service worker, measured in (i), blocked)
                    context = browser.new_context(viewport={"width": 1400, "height": 1000}, service_workers="block")
                    context.add_init_script(LONGTASKS)
                    context.route("**/*", lambda route: route.continue_() if route.request.url.startswith("http://127.0.0.1")
                                  else (outside.append(route.request.url), route.abort()))
                    page = context.new_page()
                    page.goto(f"{base}?edition-bench={mode}")
                    return context, page

                for run in range(runs):
                    order = ("table", "off", "bare") if run % 2 == 0 else ("bare", "table", "off")
                    window: tuple[float, float] | None = None
                    for mode in order:
                        context, page = visit(mode)
                        if mode == "bare":
                            page.wait_for_function("window.__editionBench && window.__editionBench.pythonReady", timeout=120_000)
                            out["bare_ms"].append(page.evaluate("window.__editionBench.pythonReady"))
                        elif mode == "table":
                            page.wait_for_function("window.__editionBench && window.__editionBench.firstPlayable", timeout=120_000)
                            bench = page.evaluate("window.__editionBench")
                            tasks = page.evaluate("window.__longtasks") or []
                            window = (bench["workerStart"], bench["firstPlayable"])
                            during = attribute(overlapping(tasks, *window), page.evaluate(MARKS))
                            out["playable_ms"].append(bench["firstPlayable"])
                            out["windows"].append(list(window))
                            out["tasks_in_window"].append(during)
                            out["longest_task_ms"].append(max((d for _, d, _ in during), default=0.0))
                            out["longest_task_page_load_ms"].append(max((d for s, d in tasks if s < window[0]), default=0.0))
                            if run == 0:
                                sampling = page.evaluate(SAMPLING, ["ruffe-and-trumps", 4, 40])
                                for game_id, players in sampled_games():
                                    out["sampling_ms_by_game"][game_id] = [
                                        t for t, _ in page.evaluate(SAMPLING, [game_id, players, 150])]
                        else:  # off: wait past the table's window, then read the theme's own long tasks
                            assert window is not None
                            page.wait_for_load_state("load")
                            page.wait_for_function("(t) => performance.now() > t", arg=window[1] + 500, timeout=120_000,
                                                   polling=100)
                            tasks = page.evaluate("window.__longtasks") or []
                            during = overlapping(tasks, *window)
                            out["baseline_tasks_in_window"].append(during)
                            out["baseline_longest_ms"].append(max((d for _, d in during), default=0.0))
                            out["baseline_longest_any_ms"].append(max((d for _, d in tasks), default=0.0))
                        context.close()
                browser.close()
        finally:
            server.shutdown()
            server.server_close()
    out["sampling_play_ms"] = [t for t, kind in sampling if kind == "play"]
    out["sampling_all_ms"] = [t for t, _ in sampling]
    return out


def bench_visits(runs: int) -> dict[str, Any]:
    """(i): bench/visits.py over the built site (it needs the site's sw.js)."""
    if not Path(CHROMIUM).is_file():
        return {"error": f"Chromium not found at {CHROMIUM}"}
    outside: list[str] = []
    with tempfile.TemporaryDirectory() as tmp:
        try:
            directory, _which = site_for_browser(Path(tmp))
        except RuntimeError as error:
            return {"error": str(error)}
        out = visits.bench_visits(runs, directory, CHROMIUM, outside)
    out["outside_requests"] = outside
    return out


# --------------------------------------------------------------------------- report

def fmt(value: float | None, unit: str = "", digits: int = 0) -> str:
    return "n/a" if value is None else f"{value:,.{digits}f}{unit}"


def verdict(ok: bool | None) -> str:
    return "n/a" if ok is None else ("MET" if ok else "MISSED")


MEASURES = ("cpython", "pyodide", "oh_hell", "games", "browser", "visits")


def spread(rates: list[float] | None) -> str:
    return "n/a" if not rates else f"{statistics.median(rates):,.0f}/s [{min(rates):,.0f}..{max(rates):,.0f}]"


RATES = {"deals_per_second": "deals/s by the wall clock", "deals_per_cpu_second": "deals per CPU second"}


def games_table(title: str, result: dict[str, Any], games: list[str], baseline_label: str | None) -> list[str]:
    """(g) or (h): each game's median deals/s and spread, by the clock and by CPU time; beside the
    baseline's, with the ratios."""
    lines = [f"{title} (median of the runs [min..max]; the machine is shared: read the spread)"]
    if "error" in result:
        return lines + [f"    {result['error']}"]
    engines = [name for name in ("current", "baseline") if name in result["games"]]
    errors = result.get("errors", {})
    rows = []
    for key, what in RATES.items():
        def rates(name: str, game: str) -> list[float]:
            return [r[key] for r in result["games"][name].get(game, [])]

        rows.append([what, "this checkout"] + (
            [f"baseline {baseline_label}", "this/baseline", "paired"] if "baseline" in engines else []))
        for game in games:
            row = [f"  {game}"]
            for name in engines:
                got = rates(name, game)
                row.append(spread(got) if got else errors.get(name, {}).get(game, "n/a (not implemented)"))
            if "baseline" in engines:
                mine, theirs = rates("current", game), rates("baseline", game)
                row += ([f"{statistics.median(mine) / statistics.median(theirs):.2f}",
                         f"{statistics.median(a / b for a, b in zip(mine, theirs)):.2f}"] if mine and theirs
                        else ["n/a", "n/a"])
            rows.append(row)
    widths = [max(len(r[c]) for r in rows) for c in range(len(rows[0]))]
    lines += ["    " + "  ".join(cell.ljust(w) if c == 0 else cell.rjust(w) for c, (cell, w) in enumerate(zip(r, widths)))
              for r in rows]
    lines.append("    CPU second: the worker's own CPU time (process_time; in Pyodide, Node's process.cpuUsage()), less")
    lines.append("    sensitive than the wall clock (the bench's figure, as in (a) and (b)) to the machine's other load")
    if "baseline" in engines:
        lines.append("    this/baseline: ratio of the medians; paired: median of the runs' ratios (run i of each, back to back)")
    return lines


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per measure (medians are reported); default 5")
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per throughput run; default 2")
    parser.add_argument("--skip-browser", action="store_true")
    parser.add_argument("--skip-pyodide", action="store_true")
    parser.add_argument("--only", choices=MEASURES, action="append",
                        help="run only this measure (repeatable): " + ", ".join(MEASURES))
    parser.add_argument("--games", help="comma-separated game ids for (g) and (h); default: every implemented game")
    base = parser.add_mutually_exclusive_group()
    base.add_argument("--baseline-engine", type=Path, metavar="CHECKOUT",
                      help="also measure the engine package of this checkout in (g) and (h), run by run beside this one")
    base.add_argument("--baseline-rev", metavar="REV",
                      help="also measure engine/ as it was at this git revision (extracted to a temporary directory)")
    parser.add_argument("--json", type=Path, help="also write the raw figures to this file")
    args = parser.parse_args(argv)
    if args.runs < 1 or args.seconds <= 0:
        parser.error("--runs must be >= 1 and --seconds > 0")
    known = implemented()
    games = [g for g in args.games.split(",") if g] if args.games else sorted(known, key=lambda g: (g != DEFAULT_GAME, g))
    unknown = [g for g in games if g not in known]
    if unknown:
        parser.error(f"--games: no implemented game {', '.join(unknown)}; implemented: {', '.join(known)}")
    if args.baseline_engine is not None and not (args.baseline_engine / "engine" / "__init__.py").is_file():
        parser.error(f"--baseline-engine {args.baseline_engine}: no engine package there (engine/__init__.py)")
    with tempfile.TemporaryDirectory() as tmp:
        if args.baseline_rev is not None:
            try:
                baseline, label = baseline_from_rev(args.baseline_rev, Path(tmp))
            except RuntimeError as error:
                parser.error(str(error))
        elif args.baseline_engine is not None:
            baseline, label = args.baseline_engine.resolve(), str(args.baseline_engine)
        else:
            baseline, label = None, None
        return run(args, games, baseline, label)


def run(args: argparse.Namespace, games: list[str], baseline: Path | None, baseline_label: str | None) -> int:
    chosen = set(args.only or MEASURES)
    if args.skip_browser:
        chosen.discard("browser")
    if args.skip_pyodide:
        chosen.discard("pyodide")

    print(f"bench: {args.runs} runs per measure, {args.seconds:g} s per throughput run", flush=True)
    if baseline is not None:
        print(f"bench: baseline engine {baseline_label} ({baseline}), measured beside this checkout's in (g) and (h)",
              flush=True)
    raw: dict[str, Any] = {}
    raw["cpython"] = []
    if "oh_hell" in chosen:
        # (a) and (c) interleaved, run by run, so that their ratio sees one machine load.
        raw["oh_hell"] = bench_oh_hell(args.runs, args.seconds, raw["cpython"] if "cpython" in chosen else None)
        print("  (a) CPython and (c) OpenSpiel oh_hell done", flush=True)
    else:
        raw["oh_hell"] = {"error": "skipped"}
    if "cpython" in chosen and not raw["cpython"]:
        raw["cpython"] = bench_cpython(args.runs, args.seconds)
        print("  (a) CPython done", flush=True)
    if "games" in chosen:
        raw["games"] = bench_games(args.runs, args.seconds, games, baseline)
        print("  (g) every game, CPython" + (" (and the baseline)" if baseline else "") + " done", flush=True)
    pyodide_games = ([DEFAULT_GAME] + [g for g in games if g != DEFAULT_GAME]) if "games" in chosen else [DEFAULT_GAME]
    raw["pyodide"] = (bench_pyodide(args.runs, args.seconds, pyodide_games, baseline) if "pyodide" in chosen
                      else {"error": "skipped"})
    print("  (b) Pyodide under Node " + ("done" if "pyodide" in chosen else "skipped")
          + (" (with (h), every game)" if "pyodide" in chosen and "games" in chosen else ""), flush=True)
    raw["browser"] = bench_browser(args.runs) if "browser" in chosen else {"error": "skipped"}
    print("  (d-f) browser " + ("done" if "browser" in chosen else "skipped"), flush=True)
    raw["visits"] = bench_visits(args.runs) if "visits" in chosen else {"error": "skipped"}
    print("  (i) visits " + ("done" if "visits" in chosen else "skipped"), flush=True)

    ruffe = median(raw["cpython"])
    pyo = median(raw["pyodide"].get("rates", []))
    oh_raw = raw["oh_hell"]
    oh = median(oh_raw.get("rates", []))
    ratio = ruffe / oh if ruffe and oh else None
    b = raw["browser"]
    playable = median(b.get("playable_ms", []))
    bare = median(b.get("bare_ms", []))
    start_ratio = playable / bare if playable and bare else None
    sampling = median(b.get("sampling_play_ms", []))
    sampling_max = max(b.get("sampling_play_ms", []), default=None)
    longest = median(b.get("longest_task_ms", []))
    longest_max = max(b.get("longest_task_ms", []), default=None)
    baseline = median(b.get("baseline_longest_ms", []))
    over_50 = sum(1 for t in b.get("longest_task_ms", []) if t > 50)

    oh_note = oh_raw.get("error", "")
    way_rows = []
    for way, rates in oh_raw.get("by_way", {}).items():
        label = {"outcomes": "rng.choices over chance_outcomes()", "uniform": "rng.choice(legal_actions())"}[way]
        way_rows.append((f"      deal sampled by {label}", fmt(median(rates), "/s"), "",
                         "<- the ratio uses this (OpenSpiel's faster)" if way == oh_raw.get("used") else ""))
    rows = [
        ("(a) Ruffe random deals/s, CPython " + sys.version.split()[0], fmt(ruffe, "/s"), "", "" if raw["cpython"] else "skipped"),
        (f"(b) Ruffe random deals/s, Pyodide {raw['pyodide'].get('python', '')} under Node".replace("  ", " "),
         fmt(pyo, "/s"), "", raw["pyodide"].get("error", f"{pyo / ruffe:.2f} x CPython" if pyo and ruffe else "")),
        (f"(c) OpenSpiel {oh_raw.get('version', '')} oh_hell random games/s (4 players, 12 tricks)".replace("  ", " "),
         fmt(oh, "/s"), "", oh_note),
        *way_rows,
        ("    Ruffe deals/s / oh_hell games/s (by the clock; per CPU second: (g)'s goals)", fmt(ratio, "", 2),
         f">= {GOALS[DEFAULT_GAME]}", verdict(None if ratio is None else ratio >= GOALS[DEFAULT_GAME])),
        ("(d) navigation -> first playable table", fmt(playable, " ms"), "", b.get("error", b.get("site", ""))),
        ("    navigation -> bare Pyodide ready (same page)", fmt(bare, " ms"), "", ""),
        ("    playable / bare", fmt(start_ratio, "", 2), "<= 1.3", verdict(None if start_ratio is None else start_ratio <= 1.3)),
        ("(e) sampling bot move (play), browser, default budget", fmt(sampling, " ms"), "<= 300 ms",
         verdict(None if sampling is None else sampling <= 300) + (f" (max {sampling_max:.0f} ms)" if sampling_max else "")),
        *[(f"    sampling bot move (any decision), {game_id}, {n} players", fmt(median(b["sampling_ms_by_game"][game_id]), " ms"),
           "<= 300 ms", verdict(median(b["sampling_ms_by_game"][game_id]) <= 300)
           + f" (max {max(b['sampling_ms_by_game'][game_id]):.0f} ms)")
          for game_id, n in sampled_games() if b.get("sampling_ms_by_game", {}).get(game_id)],
        ("(f) longest main-thread task while Python starts", fmt(longest, " ms"), "<= 50 ms",
         verdict(None if longest is None else longest <= 50)
         + (f" (max {longest_max:.0f} ms; {over_50} of {len(b['longest_task_ms'])} runs over 50 ms)" if longest_max is not None else "")),
        ("    same window, same page without the table (theme only)", fmt(baseline, " ms"), "", ""),
        *visits.rows(raw["visits"], median, fmt, verdict),
    ]
    width = max(len(r[0]) for r in rows)
    print()
    print(f"{'measure (median of ' + str(args.runs) + ' runs)':<{width}}  {'value':>12}  {'target':>9}  result")
    print("-" * (width + 40))
    for name, value, target, result in rows:
        print(f"{name:<{width}}  {value:>12}  {target:>9}  {result}")
    if "games" in chosen:
        print()
        print("\n".join(games_table(f"(g) random deals/s by game, CPython {sys.version.split()[0]}, 4 players (a three-handed game: 3), whole games",
                                     raw["games"], games, baseline_label)))
        print("\n".join(goals_table(raw["games"], games)))
        if "pyodide" in chosen:
            print("\n".join(games_table(f"(h) random deals/s by game, Pyodide {raw['pyodide'].get('python', '')} under Node",
                                         raw["pyodide"], games, baseline_label)))
    if oh_raw.get("chance_check"):
        check = oh_raw["chance_check"]
        print("\n(c) oh_hell's chance nodes: " + (
            f"uniform over the legal actions at every step ({check['chance_nodes_per_game']:.0f} per game, "
            f"{check['outcome_counts']} outcomes), so both samplers draw the same deals' distribution"
            if check["uniform"] else f"NOT uniform ({check['why']}): only chance_outcomes() sampling is used"))
    if raw["visits"].get("outside_requests"):
        print(f"\nWARNING: (i) tried to leave loopback: {sorted(set(raw['visits']['outside_requests']))}")
    if b.get("outside_requests"):
        print(f"\nWARNING: the browser tried to leave loopback: {sorted(set(b['outside_requests']))}")
    if b.get("windows"):
        print("\n(f) the window \"while Python starts\": from the worker's creation to the first drawn frame showing a")
        print("    legal card; Python starts once the page has loaded and the main thread is idle. Per run (ms):")
        for i, (window, tasks, base_tasks) in enumerate(zip(b["windows"], b["tasks_in_window"],
                                                             b.get("baseline_tasks_in_window", []) + [None] * runs_pad(b))):
            def show(ts: list[list[Any]] | None) -> str:
                return "n/a" if ts is None else (", ".join(
                    f"{t[1]:.0f}@{t[0]:.0f}" + (f" [{t[2]}]" if len(t) > 2 else "") for t in ts) or "none")
            print(f"    run {i + 1}: window {window[0]:.0f}..{window[1]:.0f}; long tasks (duration@start [edition work inside]): "
                  f"{show(tasks)}; theme-only page, same window: {show(base_tasks)}")
        print(f"    longest task before the window (page load, theme): median "
              f"{fmt(median(b['longest_task_page_load_ms']), ' ms')}; theme-only page, whole visit: median "
              f"{fmt(median(b.get('baseline_longest_any_ms', [])), ' ms')}")
    if args.json:
        args.json.write_text(json.dumps(raw, indent=2) + "\n", encoding="utf-8")
    return 0


def runs_pad(b: dict[str, Any]) -> int:
    return max(0, len(b.get("windows", [])) - len(b.get("baseline_tasks_in_window", [])))


if __name__ == "__main__":
    sys.exit(main())
