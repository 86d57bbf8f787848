"""Fetch the pure-Python wheels that tests/pyodide/run.mjs unpacks into Pyodide.

Usage: python tests/pyodide/fetch_wheels.py [DIR]   (default .cache/pyodide-wheels)

Only ``py3-none-any`` wheels are asked for (``--platform any``), so that every file
works in Pyodide's Python 3.14: recent Hypothesis releases ship a compiled wheel
for CPython, and this picks the newest pure one instead.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
DEFAULT_DIR = ROOT / ".cache" / "pyodide-wheels"
PROJECTS = (
    "pytest",
    "pluggy",
    "iniconfig",
    "packaging",
    "pygments",
    "hypothesis",
    "sortedcontainers",
    "attrs",
)


def fetch(target: Path = DEFAULT_DIR) -> Path:
    target.mkdir(parents=True, exist_ok=True)
    command = [
        sys.executable, "-m", "pip", "download", "--quiet",
        "--only-binary=:all:", "--no-deps",
        "--platform", "any", "--python-version", "3.14", "--implementation", "py",
        "-d", str(target), *PROJECTS,
    ]
    subprocess.run(command, check=True)
    return target


def missing(target: Path = DEFAULT_DIR) -> list[str]:
    """Projects that have no pure wheel in ``target`` yet."""
    have = {p.name.split("-")[0].lower() for p in target.glob("*-none-any.whl")} if target.exists() else set()
    return [name for name in PROJECTS if name.replace("-", "_") not in have]


if __name__ == "__main__":
    print(fetch(Path(sys.argv[1]) if len(sys.argv) > 1 else DEFAULT_DIR))
