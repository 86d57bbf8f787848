"""The edition's fuzzer: the engine attacked as a hostile user would, seeded and bounded.

    make fuzz SECONDS=600 SEED=1
    python tools/fuzz.py --seconds 600 --seed 1 [--iterations N] [--json]
    python tools/fuzz.py --case '<json>'         # one game case again, with its checks
    python tools/fuzz.py --bridge-task SEED      # one bridge task again
    python tools/fuzz.py --records-task SEED     # one tampered-records task again

Each iteration plays one random whole game (any implemented game, player count, reading
and bots) with checks after every action and malformed actions thrown at it, then runs
one task of bridge requests and one of tampered records in a worker process bounded in
memory and time (``fuzzing.sandbox``). It prints the totals and every kind of failure with
a one-line reproduction, and exits 1 if anything failed. For a given seed and number of
iterations the run is deterministic (``--seconds`` only stops it early).

As a library: ``run(seconds=60, seed=0, max_iterations=None)`` returns the
:class:`fuzzing.report.Report` (``.totals``, ``.failures``).
"""

from __future__ import annotations

import argparse
import json
import random
import sys
import time
from pathlib import Path

HERE = Path(__file__).resolve().parent
for _path in (HERE, HERE.parent):
    if str(_path) not in sys.path:
        sys.path.insert(0, str(_path))

from fuzzing import play  # noqa: E402
from fuzzing.report import Report  # noqa: E402
from fuzzing.sandbox import Sandbox, run_task  # noqa: E402

OUT_DIR = HERE.parent / "build" / "fuzz"
BRIDGE_REQUESTS = 30  # per iteration
RECORD_CASES = 8  # per iteration
CLI_EVERY = 5  # every fifth records task takes its record from `python -m engine play --json`


def run(seconds: float = 60, seed: int = 0, max_iterations: int | None = None, out_dir: Path = OUT_DIR,
        progress: bool = False) -> Report:
    """Fuzz for at most ``seconds`` (and at most ``max_iterations`` iterations)."""
    report = Report()
    deadline = time.monotonic() + seconds
    for old in out_dir.glob("*.json"):  # the records kept by an earlier run
        old.unlink()
    sandbox = Sandbox(out_dir)
    iteration = 0
    try:
        while time.monotonic() < deadline and (max_iterations is None or iteration < max_iterations):
            task_seed = seed * 1_000_003 + iteration
            case = play.random_case(random.Random(f"game/{seed}/{iteration}"))
            play.run_case(case, report)
            sandbox.run({"task": "bridge", "seed": task_seed, "requests": BRIDGE_REQUESTS}, report)
            sandbox.run({"task": "records", "seed": task_seed, "cases": RECORD_CASES, "cli_every": CLI_EVERY},
                        report)
            iteration += 1
            if progress:
                sys.stderr.write(f"\r{iteration} iterations, {len(report.failures)} kinds of failure, "
                                 f"{max(0, deadline - time.monotonic()):.0f} s left ")
    finally:
        sandbox.stop()
        if progress:
            sys.stderr.write("\n")
    report.totals["iterations"] = iteration
    return report


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python tools/fuzz.py", description=__doc__.split("\n\n")[0])
    parser.add_argument("--seconds", type=float, default=60, help="stop after this long (default 60)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the whole run (default 0)")
    parser.add_argument("--iterations", type=int, help="stop after this many iterations")
    parser.add_argument("--json", action="store_true", help="print the report as JSON")
    parser.add_argument("--case", help="run one game case (the JSON of a reproduction line)")
    parser.add_argument("--bridge-task", type=int, metavar="SEED", help="run one bridge task, in this process")
    parser.add_argument("--records-task", type=int, metavar="SEED", help="run one records task, in this process")
    args = parser.parse_args(argv)
    if args.case is not None:
        report = Report()
        play.run_case(play.GameCase(**json.loads(args.case)), report)
    elif args.bridge_task is not None or args.records_task is not None:
        report = Report()
        task = ({"task": "bridge", "seed": args.bridge_task, "requests": BRIDGE_REQUESTS}
                if args.bridge_task is not None else
                {"task": "records", "seed": args.records_task, "cases": RECORD_CASES, "cli_every": CLI_EVERY})
        report.merge(run_task(task, OUT_DIR, on_case=lambda text: print(text, flush=True)))
    else:
        report = run(args.seconds, args.seed, args.iterations, progress=sys.stderr.isatty())
    print(json.dumps(report.to_json(), ensure_ascii=False, indent=2) if args.json else report.summary())
    return 1 if report.failures else 0


if __name__ == "__main__":
    sys.exit(main())
