"""Campaign throughput: one worker against several, paired run by run (never part of `make test`).

    python bench/campaign.py [--runs 3] [--cap 200] [--workers 2] [--kinds heuristic] [games ...]

Each run plays the same campaign (``python -m engine campaign --quiet --kinds KINDS
--heuristic-cap CAP --sampling-cap CAP``, every game by default) twice, once in one process
(``--workers 1``) and once on a local Dask cluster (``--workers N``), the order alternating
from run to run so that the machine's other load falls on both alike. It prints each run's two
wall times and their ratio, then the median of the ratios (issue 22's target on two cores:
>= 1.7), and checks that both runs stored the same figures (only the wall time, the workers and
the command may differ): the seed of game g is seed + g whoever plays it.
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VOLATILE = ("wall_seconds", "workers", "scheduler", "command", "machine")


def _figures(folder: Path) -> dict[str, object]:
    out = {}
    for path in sorted(folder.glob("*.json")):
        data = json.loads(path.read_text(encoding="utf-8"))
        out[path.name] = {k: v for k, v in data.items() if k not in VOLATILE}
    return out


def _run(workers: int, args: argparse.Namespace, folder: Path) -> float:
    command = [sys.executable, "-m", "engine", "campaign", "--quiet", "--out-dir", str(folder),
               "--kinds", args.kinds, "--heuristic-cap", str(args.cap), "--sampling-cap", str(args.cap),
               "--workers", str(workers), *args.games]
    started = time.perf_counter()
    subprocess.run(command, cwd=ROOT, check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    return time.perf_counter() - started


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--runs", type=int, default=3, help="paired runs (default 3)")
    parser.add_argument("--cap", type=int, default=200, help="most games per reading (default 200)")
    parser.add_argument("--workers", type=int, default=2, help="workers of the parallel run (default 2)")
    parser.add_argument("--kinds", default="heuristic", help="kinds of player (default heuristic)")
    parser.add_argument("games", nargs="*", help="game ids (default: every game)")
    args = parser.parse_args()
    if not 1 <= args.runs <= 50 or not 1 <= args.cap <= 100_000 or not 2 <= args.workers <= 256:
        parser.error("--runs 1..50, --cap 1..100000, --workers 2..256")
    ratios, same = [], True
    print(f"campaign: kinds {args.kinds}, cap {args.cap}, {args.games or 'every game'}; "
          f"1 worker against {args.workers}, {args.runs} paired runs", flush=True)
    for run in range(args.runs):
        with tempfile.TemporaryDirectory() as one_dir, tempfile.TemporaryDirectory() as many_dir:
            order = [(1, Path(one_dir)), (args.workers, Path(many_dir))]
            if run % 2:
                order.reverse()
            walls = {workers: _run(workers, args, folder) for workers, folder in order}
            same = same and _figures(Path(one_dir)) == _figures(Path(many_dir))
        ratio = walls[1] / walls[args.workers]
        ratios.append(ratio)
        print(f"run {run + 1}: 1 worker {walls[1]:.1f} s, {args.workers} workers {walls[args.workers]:.1f} s, "
              f"throughput x{ratio:.2f}", flush=True)
    print(f"median x{statistics.median(ratios):.2f} (min x{min(ratios):.2f}, max x{max(ratios):.2f}); "
          f"figures {'identical' if same else 'DIFFERENT'} between the two")
    return 0 if same else 1


if __name__ == "__main__":
    sys.exit(main())
