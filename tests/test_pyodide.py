"""The engine's pure tests pass inside Pyodide (the browser's Python) under Node.

tests/pyodide/run.mjs loads the pinned npm Pyodide, unpacks pytest (and Hypothesis)
from local wheels, copies engine/ and the pure tests into Pyodide's file system and runs
pytest there. Outside CI the test is skipped when Pyodide or Node is not installed;
under CI (``CI=true``) a missing Pyodide is a failure.
"""

from __future__ import annotations

import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
RUNNER = ROOT / "tests" / "pyodide" / "run.mjs"
PYODIDE = ROOT / "node_modules" / "pyodide" / "pyodide.mjs"
WHEELS = ROOT / ".cache" / "pyodide-wheels"
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")

sys.path.insert(0, str(RUNNER.parent))
import fetch_wheels  # noqa: E402  (tests/pyodide/fetch_wheels.py)


def _missing(what: str) -> None:
    if IN_CI:
        pytest.fail(f"{what} (CI=true: the Pyodide tests must run)")
    pytest.skip(what)


@pytest.mark.slow
def test_engine_tests_pass_in_pyodide():
    node = shutil.which("node")
    if node is None:
        _missing("node is not installed")
    if not PYODIDE.exists():
        _missing(f"Pyodide is not installed at {PYODIDE.parent}: run 'npm install'")
    if fetch_wheels.missing(WHEELS):
        try:
            fetch_wheels.fetch(WHEELS)
        except subprocess.CalledProcessError as error:
            _missing(f"could not fetch the pytest wheels for Pyodide: {error}")
    listed = subprocess.run([node, str(RUNNER), "--list"], cwd=ROOT, capture_output=True, text=True, timeout=60)
    assert listed.returncode == 0, listed.stderr
    files = listed.stdout.split()
    assert "test_records.py" in files and "test_properties.py" in files, files
    result = subprocess.run([node, str(RUNNER), "--", "-q"], cwd=ROOT,
                            capture_output=True, text=True, timeout=900)
    output = result.stdout + result.stderr
    assert "in Pyodide, Python 3." in output and "emscripten" in output, output[-3000:]
    assert result.returncode == 0, output[-6000:]
    assert " passed" in output and " failed" not in output, output[-3000:]
