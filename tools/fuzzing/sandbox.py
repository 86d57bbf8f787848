"""A worker process, bounded in memory and in time, for the bridge and record cases.

A request that makes the engine build a list of a billion entries must show up as a
finding, not take the machine down: the worker runs with an address-space limit
(``MEMORY_LIMIT``), and the parent gives every case ``CASE_TIMEOUT`` seconds. The worker
announces each case before it runs it (``{"case": ...}``), so a case that kills the worker
or overruns its time is reported with its own reproduction; the parent then starts a new
worker and goes on with the next task.

Protocol (JSON lines): parent -> worker ``{"task": "bridge"|"records", ...}``;
worker -> parent ``{"case": text}`` ... then ``{"done": report}``.
"""

from __future__ import annotations

import faulthandler
import json
import os
import signal
import select
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
ROOT = HERE.parents[1]
MEMORY_LIMIT = 2 * 1024**3
CASE_TIMEOUT = 30.0


class Sandbox:
    """The parent's handle on one worker (restarted when it dies or overruns)."""

    def __init__(self, out_dir: Path) -> None:
        self.out_dir = out_dir
        self.proc: subprocess.Popen[str] | None = None

    def start(self) -> subprocess.Popen[str]:
        if self.proc is None or self.proc.poll() is not None:
            env = dict(os.environ, PYTHONPATH=os.pathsep.join([str(ROOT), str(HERE.parent)]))
            self.out_dir.mkdir(parents=True, exist_ok=True)
            self.log = self.out_dir / "worker-stderr.log"
            with self.log.open("w") as stderr:
                self.proc = subprocess.Popen([sys.executable, "-m", "fuzzing.sandbox", str(self.out_dir)], cwd=ROOT,
                                             stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=stderr,
                                             env=env, bufsize=0)
            self.pending = b""
        return self.proc

    def stop(self) -> None:
        if self.proc is not None:
            if self.proc.poll() is None:
                self.proc.kill()
            self.proc.wait()
            self.proc = None

    def line(self, deadline: float) -> tuple[bytes | None, bool]:
        """The worker's next line (b"" if it died), and False if none came before ``deadline``."""
        fd = self.proc.stdout.fileno()
        while b"\n" not in self.pending:
            ready, _, _ = select.select([fd], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                return None, False
            chunk = os.read(fd, 1 << 16)
            if not chunk:
                return b"", True
            self.pending += chunk
        line, self.pending = self.pending.split(b"\n", 1)
        return line, True

    def where(self) -> str:
        """Where the overrunning worker is (its stack, dumped by faulthandler on SIGUSR1)."""
        try:
            self.proc.send_signal(signal.SIGUSR1)
            time.sleep(1.0)
            frames = [line.strip() for line in self.log.read_text().splitlines() if line.strip().startswith("File")]
        except (OSError, ValueError, AttributeError):
            return ""
        engine_frames = [f for f in frames if "/engine/" in f][:3]
        return f" (in {'; '.join(engine_frames or frames[:2])})" if frames else ""

    def run(self, task: dict[str, Any], report: Any) -> None:
        """Run one task in the worker and add what it found to ``report``."""
        proc = self.start()
        proc.stdin.write((json.dumps(task) + "\n").encode())
        proc.stdin.flush()
        case, started = "(before its first case)", time.monotonic()
        while True:
            line, ready = self.line(started + CASE_TIMEOUT)
            if not ready or not line:
                where = self.where() if not ready else ""
                self.stop()
                how = f"ran over {CASE_TIMEOUT:.0f} s{where}" if not ready else "killed the worker (memory?)"
                report.fail(f"resource.{'timeout' if not ready else 'crash'}[{task['task']}]",
                            f"a {task['task']} case {how}: {case}", f"python tools/fuzz.py --{task['task']}-task "
                            f"{task['seed']}  ({case})", task["task"])
                return
            message = json.loads(line)
            if "case" in message:
                case, started = message["case"], time.monotonic()
            elif "done" in message:
                report.merge(message["done"])
                return


def run_task(task: dict[str, Any], out_dir: Path, on_case: Any = None) -> dict[str, Any]:
    """Run one task in this process; the report as JSON."""
    from .bridge_cases import BridgeFuzz
    from .record_cases import run_task as run_records
    from .report import Report

    report = Report()
    try:
        if task["task"] == "bridge":
            BridgeFuzz(report, task["seed"], on_case).run(task["requests"])
        else:
            run_records(report, task["seed"], task["cases"], out_dir, task.get("cli_every", 0), on_case)
    except MemoryError:
        report.fail(f"resource.memory[{task['task']}]", "a case ran out of memory", f"task {task['seed']}")
    except Exception as error:  # noqa: BLE001 - a bug of the fuzzer itself must not pass unseen
        import traceback

        where = traceback.extract_tb(error.__traceback__)[-1]
        report.fail(f"fuzzer.bug[{task['task']}]", f"the fuzzer's {task['task']} task failed: "
                    f"{type(error).__name__}: {error} at {Path(where.filename).name}:{where.lineno}",
                    f"python tools/fuzz.py --{task['task']}-task {task['seed']}")
    return report.to_json()


def _limit_memory() -> None:
    try:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (MEMORY_LIMIT, MEMORY_LIMIT))
    except (ImportError, ValueError, OSError):  # pragma: no cover - not every system has it
        pass


def main() -> None:
    _limit_memory()
    if hasattr(signal, "SIGUSR1"):
        faulthandler.register(signal.SIGUSR1, file=sys.stderr, all_threads=False)
    out_dir = Path(sys.argv[1])

    def say(message: dict[str, Any]) -> None:
        sys.stdout.write(json.dumps(message) + "\n")
        sys.stdout.flush()

    for line in sys.stdin:
        task = json.loads(line)
        say({"done": run_task(task, out_dir, on_case=lambda text: say({"case": text}))})


if __name__ == "__main__":
    main()
