"""The edition's benchmark (`make bench`; never part of `make test`).

Measures, each as the median of several runs, and prints them against their targets:

(a) whole random Ruffe deals per second in CPython (four players, random legal actions);
(b) the same inside Pyodide under Node (bench/pyodide_bench.mjs);
(c) OpenSpiel's ``oh_hell`` (four players, twelve tricks) whole random games per second,
    driven the same way from Python, and the ratio Ruffe deals / oh_hell games;
(d) in headless Chromium: navigation to the first playable table on the Ruffe page, beside
    the same page's bare Pyodide start (``?edition-bench=bare``: Pyodide in the worker, no engine);
(e) the sampling bot's move time in the browser at its default budget;
(f) the longest main-thread task while Python starts (PerformanceObserver ``longtask``).

Usage: python bench/run.py [--runs N] [--seconds S] [--skip-browser] [--skip-pyodide] [--json FILE]
"""

from __future__ import annotations

import argparse
import functools
import http.server
import json
import os
import random
import shutil
import statistics
import subprocess
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from ruffe_workload import random_deals  # noqa: E402

CHROMIUM = os.environ.get("CHROMIUM", "/usr/bin/chromium")
GAME_PAGE = "games/ruffe-and-trumps/"
OH_HELL = {"players": 4, "num_tricks_fixed": 12}


def median(values: list[float]) -> float | None:
    return statistics.median(values) if values else None


# --------------------------------------------------------------------------- (a) (b) (c)

def bench_cpython(runs: int, seconds: float) -> list[float]:
    random_deals(0.3, 0)  # warm-up
    return [random_deals(seconds, i + 1)["deals_per_second"] for i in range(runs)]


def bench_pyodide(runs: int, seconds: float) -> dict[str, Any]:
    node = shutil.which("node")
    if not node:
        return {"error": "node is not installed"}
    if not (ROOT / "node_modules" / "pyodide" / "pyodide.mjs").is_file():
        return {"error": "node_modules/pyodide is missing (npm ci)"}
    proc = subprocess.run(
        [node, str(ROOT / "bench" / "pyodide_bench.mjs"), "--runs", str(runs), "--seconds", str(seconds)],
        cwd=ROOT, capture_output=True, text=True, timeout=120 + runs * seconds * 4,
    )
    if proc.returncode != 0:
        return {"error": f"pyodide_bench.mjs exited {proc.returncode}: {proc.stderr.strip()[-800:]}"}
    data = json.loads(proc.stdout.strip().splitlines()[-1])
    return {"rates": [r["deals_per_second"] for r in data["runs"]], "python": data["python"], "load_ms": data["load_ms"]}


def oh_hell_games(game: Any, seconds: float, seed: int) -> float:
    rng = random.Random(seed)
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes, probabilities = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(outcomes, probabilities)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        games += 1
    return games / (time.perf_counter() - start)


def bench_oh_hell(runs: int, seconds: float) -> dict[str, Any]:
    try:
        import pyspiel
    except ImportError:
        return {"error": "pyspiel is not installed (pip install open-spiel; `make bench` does it)"}
    game = pyspiel.load_game("oh_hell", OH_HELL)
    oh_hell_games(game, 0.3, 0)
    return {"rates": [oh_hell_games(game, seconds, i + 1) for i in range(runs)], "version": getattr(pyspiel, "__version__", "")}


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
async (moves) => {
  const py = window.EditionSite.python;
  const game = await py.call({ op: "new", game: "ruffe-and-trumps", seed: 9,
                               seats: ["sampling", "sampling", "sampling", "sampling"] });
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


def bench_browser(runs: int) -> dict[str, Any]:
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
        playable, bare, longest, longest_any, outside, sampling = [], [], [], [], [], []
        try:
            with sync_playwright() as p:
                browser = p.chromium.launch(executable_path=CHROMIUM, args=["--no-sandbox"])
                for run in range(runs):
                    for mode in (("table", "bare") if run % 2 == 0 else ("bare", "table")):
                        context = browser.new_context(viewport={"width": 1400, "height": 1000})
                        context.add_init_script(LONGTASKS)
                        context.route("**/*", lambda route: route.continue_() if route.request.url.startswith("http://127.0.0.1")
                                      else (outside.append(route.request.url), route.abort()))
                        page = context.new_page()
                        page.goto(f"{base}?edition-bench={mode}")
                        if mode == "bare":
                            page.wait_for_function("window.__editionBench && window.__editionBench.pythonReady", timeout=120_000)
                            bare.append(page.evaluate("window.__editionBench.pythonReady"))
                        else:
                            page.wait_for_selector('.ed-table-app [data-legal="true"]', timeout=120_000)
                            bench = page.evaluate("window.__editionBench")
                            playable.append(bench["firstPlayable"])
                            tasks = page.evaluate("window.__longtasks") or []
                            during = [d for s, d in tasks if bench["workerStart"] <= s <= bench["firstPlayable"]]
                            longest.append(max(during, default=0.0))
                            longest_any.append(max((d for s, d in tasks if s <= bench["firstPlayable"]), default=0.0))
                            if run == 0:
                                sampling = page.evaluate(SAMPLING, 40)
                        context.close()
                browser.close()
        finally:
            server.shutdown()
            server.server_close()
    play_moves = [t for t, kind in sampling if kind == "play"]
    return {
        "site": which, "playable_ms": playable, "bare_ms": bare,
        "longest_task_ms": longest, "longest_task_any_ms": longest_any,
        "sampling_play_ms": play_moves, "sampling_all_ms": [t for t, _ in sampling], "outside_requests": outside,
    }


# --------------------------------------------------------------------------- report

def fmt(value: float | None, unit: str = "", digits: int = 0) -> str:
    return "n/a" if value is None else f"{value:,.{digits}f}{unit}"


def verdict(ok: bool | None) -> str:
    return "n/a" if ok is None else ("MET" if ok else "MISSED")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--runs", type=int, default=5, help="runs per measure (medians are reported); default 5")
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds per throughput run; default 2")
    parser.add_argument("--skip-browser", action="store_true")
    parser.add_argument("--skip-pyodide", action="store_true")
    parser.add_argument("--json", type=Path, help="also write the raw figures to this file")
    args = parser.parse_args(argv)
    if args.runs < 1 or args.seconds <= 0:
        parser.error("--runs must be >= 1 and --seconds > 0")

    print(f"bench: {args.runs} runs per measure, {args.seconds:g} s per throughput run", flush=True)
    raw: dict[str, Any] = {}
    raw["cpython"] = bench_cpython(args.runs, args.seconds)
    print("  (a) CPython done", flush=True)
    raw["pyodide"] = {"error": "skipped"} if args.skip_pyodide else bench_pyodide(args.runs, args.seconds)
    print("  (b) Pyodide under Node done", flush=True)
    raw["oh_hell"] = bench_oh_hell(args.runs, args.seconds)
    print("  (c) OpenSpiel oh_hell done", flush=True)
    raw["browser"] = {"error": "skipped"} if args.skip_browser else bench_browser(args.runs)
    print("  (d-f) browser done", flush=True)

    ruffe = median(raw["cpython"])
    pyo = median(raw["pyodide"].get("rates", []))
    oh = median(raw["oh_hell"].get("rates", []))
    ratio = ruffe / oh if ruffe and oh else None
    b = raw["browser"]
    playable = median(b.get("playable_ms", []))
    bare = median(b.get("bare_ms", []))
    start_ratio = playable / bare if playable and bare else None
    sampling = median(b.get("sampling_play_ms", []))
    sampling_max = max(b.get("sampling_play_ms", []), default=None)
    longest = max(b.get("longest_task_ms", []), default=None) if "longest_task_ms" in b else None

    rows = [
        ("(a) Ruffe random deals/s, CPython " + sys.version.split()[0], fmt(ruffe, "/s"), "", ""),
        ("(b) Ruffe random deals/s, Pyodide " + raw["pyodide"].get("python", "") + " under Node",
         fmt(pyo, "/s"), "", raw["pyodide"].get("error", f"{pyo / ruffe:.2f} x CPython" if pyo and ruffe else "")),
        ("(c) OpenSpiel oh_hell random games/s (4 players, 12 tricks)", fmt(oh, "/s"), "", raw["oh_hell"].get("error", "")),
        ("    Ruffe deals/s / oh_hell games/s", fmt(ratio, "", 2), ">= 0.5", verdict(None if ratio is None else ratio >= 0.5)),
        ("(d) navigation -> first playable table", fmt(playable, " ms"), "", b.get("error", b.get("site", ""))),
        ("    navigation -> bare Pyodide ready (same page)", fmt(bare, " ms"), "", ""),
        ("    playable / bare", fmt(start_ratio, "", 2), "<= 1.3", verdict(None if start_ratio is None else start_ratio <= 1.3)),
        ("(e) sampling bot move (play), browser, default budget", fmt(sampling, " ms"), "<= 300 ms",
         verdict(None if sampling is None else sampling <= 300) + (f" (max {sampling_max:.0f} ms)" if sampling_max else "")),
        ("(f) longest main-thread task while Python starts", fmt(longest, " ms"), "<= 50 ms",
         verdict(None if longest is None else longest <= 50)),
    ]
    width = max(len(r[0]) for r in rows)
    print()
    print(f"{'measure (median of ' + str(args.runs) + ' runs)':<{width}}  {'value':>12}  {'target':>9}  result")
    print("-" * (width + 40))
    for name, value, target, result in rows:
        print(f"{name:<{width}}  {value:>12}  {target:>9}  {result}")
    if b.get("outside_requests"):
        print(f"\nWARNING: the browser tried to leave loopback: {sorted(set(b['outside_requests']))}")
    if "longest_task_any_ms" in b:
        print(f"\nlongest task from navigation to playable (page load included): "
              f"{fmt(max(b['longest_task_any_ms'], default=0.0), ' ms')}; per run during Python start: "
              + ", ".join(f"{t:.0f}" for t in b["longest_task_ms"]))
    if args.json:
        args.json.write_text(json.dumps(raw, indent=2) + "\n", encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
