"""(i) A reader's visits to the Ruffe table, with the site's service worker (bench/run.py, `make bench`).

Each run, in headless Chromium, from a loopback server that counts the bytes of every response body:

1. **first visit**: a fresh browser context, service workers allowed; navigation to the first
   playable table (``firstPlayable``, as in (d)); the bytes served until then, and until the
   service worker keeps the whole build (sw.js installs once Python is ready, in the background);
2. in the same context, each a new page (the saved game cleared, so that a new game is dealt):
   **repeat visit with the snapshot** (Python restored from the kept snapshot), **repeat visit
   without it** (``?edition-snapshot=off``: a normal boot from the kept files), and a **bare Pyodide
   boot** on the repeat visit (``?edition-bench=bare``, the kept files); the three in an order that
   turns from run to run;
3. **offline repeat visit**: the same context with the network off (``context.set_offline``);
4. a **bare Pyodide boot on a first visit**: a fresh context, service workers blocked (as (d)'s).

Every figure is milliseconds since navigation, each run's figures from the same minute; each
repeat visit is reported against both bare boots of its run.
"""

from __future__ import annotations

import functools
import http.server
import threading
import time
from pathlib import Path
from typing import Any

PAGE = "games/ruffe-and-trumps/"
KEEP_TIMEOUT_S = 180.0


class CountingHandler(http.server.SimpleHTTPRequestHandler):
    """Serves the site and adds every response body's bytes to ``served`` (one list per server)."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".mjs": "text/javascript", ".js": "text/javascript", ".wasm": "application/wasm"}

    def __init__(self, *args: Any, served: list[int], **kwargs: Any) -> None:
        self.served = served
        super().__init__(*args, **kwargs)

    def copyfile(self, source: Any, outputfile: Any) -> None:
        while chunk := source.read(1 << 16):
            outputfile.write(chunk)
            self.served[0] += len(chunk)

    def log_message(self, format: str, *args: object) -> None:
        pass


def _playable(page, url: str) -> dict[str, Any]:
    page.goto(url)
    page.wait_for_function("window.__editionBench && window.__editionBench.firstPlayable", timeout=120_000)
    return page.evaluate("window.__editionBench")


def _bare(page, url: str) -> float:
    page.goto(url)
    page.wait_for_function("window.__editionBench && window.__editionBench.pythonReady", timeout=120_000)
    return page.evaluate("window.__editionBench.pythonReady")


def _kept(page) -> dict[str, Any]:
    return page.evaluate(f"window.EditionSite.whenKept({KEEP_TIMEOUT_S * 1000:.0f})")


def bench_visits(runs: int, directory: Path, chromium: str, outside: list[str]) -> dict[str, Any]:
    from playwright.sync_api import sync_playwright

    if not (directory / "sw.js").is_file():
        return {"error": f"{directory} has no sw.js: build the site (`make site`)"}
    served = [0]
    server = http.server.ThreadingHTTPServer(("127.0.0.1", 0), functools.partial(
        CountingHandler, directory=str(directory), served=served))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/{PAGE}"
    keys = ("first_ms", "cold_bare_ms", "repeat_snapshot_ms", "repeat_normal_ms", "warm_bare_ms", "offline_ms",
            "first_bytes_playable", "first_bytes_kept", "first_kept_ms", "cold_bare_bytes", "repeat_bytes")
    out: dict[str, Any] = {key: [] for key in keys}
    out["snapshot_used"] = []

    def context(browser, workers: str):
        ctx = browser.new_context(viewport={"width": 1400, "height": 1000}, service_workers=workers)
        ctx.route("**/*", lambda route: route.continue_() if route.request.url.startswith("http://127.0.0.1")
                  else (outside.append(route.request.url), route.abort()))
        return ctx

    def cold_bare(browser) -> None:
        ctx = context(browser, "block")
        served[0] = 0
        out["cold_bare_ms"].append(_bare(ctx.new_page(), f"{base}?edition-bench=bare"))
        out["cold_bare_bytes"].append(served[0])
        ctx.close()

    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
            for run in range(runs):
                if run % 2:
                    cold_bare(browser)
                ctx = context(browser, "allow")
                page = ctx.new_page()
                served[0] = 0
                t0 = time.monotonic()
                out["first_ms"].append(_playable(page, f"{base}?edition-bench=table")["firstPlayable"])
                out["first_bytes_playable"].append(served[0])
                _kept(page)
                out["first_kept_ms"].append((time.monotonic() - t0) * 1000)
                out["first_bytes_kept"].append(served[0])
                page.evaluate("localStorage.clear()")
                page.close()
                repeats = [("repeat_snapshot_ms", ""), ("repeat_normal_ms", "&edition-snapshot=off"),
                           ("warm_bare_ms", None)]
                turn = run % len(repeats)
                served[0] = 0
                for key, query in repeats[turn:] + repeats[:turn]:
                    page = ctx.new_page()
                    if query is None:
                        out[key].append(_bare(page, f"{base}?edition-bench=bare"))
                    else:
                        bench = _playable(page, f"{base}?edition-bench=table{query}")
                        out[key].append(bench["firstPlayable"])
                        if not query:
                            out["snapshot_used"].append(bool(bench["snapshot"] and bench["snapshot"]["used"]))
                        page.evaluate("localStorage.clear()")
                    page.close()
                out["repeat_bytes"].append(served[0])
                ctx.set_offline(True)
                page = ctx.new_page()
                bench = _playable(page, f"{base}?edition-bench=table")
                out["offline_ms"].append(bench["firstPlayable"])
                out["snapshot_used"].append(bool(bench["snapshot"] and bench["snapshot"]["used"]))
                ctx.close()
                if not run % 2:
                    cold_bare(browser)
            browser.close()
    finally:
        server.shutdown()
        server.server_close()
    return out


def rows(v: dict[str, Any], median, fmt, verdict) -> list[tuple[str, str, str, str]]:
    """The report's rows for (i): (name, value, target, result)."""
    if "error" in v:
        return [("(i) visits with the service worker", "n/a", "", v["error"])]
    cold, warm = median(v["cold_bare_ms"]), median(v["warm_bare_ms"])

    def ratio(key: str) -> float | None:
        """The median of the runs' ratios to the cold bare boot of the same run."""
        pairs = [a / b for a, b in zip(v[key], v["cold_bare_ms"]) if b]
        return median(pairs) if pairs else None

    def against(key: str, target: float | None) -> list[tuple[str, str, str, str]]:
        r = ratio(key)
        warm_r = median([a / b for a, b in zip(v[key], v["warm_bare_ms"]) if b])
        return [(f"      / bare boot, first visit (same run)", fmt(r, "", 2), f"<= {target}" if target else "",
                 verdict(None if r is None or target is None else r <= target)),
                ("      / bare boot, repeat visit (same run)", fmt(warm_r, "", 2), "", "")]

    used = v["snapshot_used"]
    mb = lambda key: fmt(median(v[key]) / 1e6 if v[key] else None, " MB", 1)  # noqa: E731
    return [
        ("(i) first visit: navigation -> first playable table", fmt(median(v["first_ms"]), " ms"), "", ""),
        *against("first_ms", 1.1)[:1],
        ("    bare Pyodide boot, first visit", fmt(cold, " ms"), "", ""),
        ("    bytes served until the first playable table", mb("first_bytes_playable"), "",
         f"bare boot: {mb('cold_bare_bytes')}"),
        ("    bytes served until the whole site is kept (background)", mb("first_bytes_kept"), "",
         f"kept {fmt(median(v['first_kept_ms']), ' ms')} after navigation"),
        ("    repeat visit, snapshot: first playable table", fmt(median(v["repeat_snapshot_ms"]), " ms"), "",
         f"snapshot used {sum(used)} of {len(used)} visits"),
        *against("repeat_snapshot_ms", 0.6),
        ("    repeat visit, no snapshot: first playable table", fmt(median(v["repeat_normal_ms"]), " ms"), "", ""),
        *against("repeat_normal_ms", None),
        ("    offline repeat visit, snapshot: first playable table", fmt(median(v["offline_ms"]), " ms"), "", ""),
        *against("offline_ms", 0.6),
        ("    bare Pyodide boot, repeat visit (kept files)", fmt(warm, " ms"), "", ""),
        ("    bytes served on the three repeat visits", mb("repeat_bytes"), "", ""),
    ]
