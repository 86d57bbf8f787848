"""The engine is typed for real: ``mypy --strict engine`` finds no error.

mypy comes with the ``test`` extra (``pip install -e '.[test]'``, which ``make setup``
runs) and reads its settings from ``[tool.mypy]`` in ``pyproject.toml`` (strict, the
``engine`` package, Python 3.11, its cache in ``.mypy_cache/`` so that a second run
checks only what changed). Outside CI the test is skipped when mypy is not installed;
under CI (``CI=true``) a missing mypy is a failure.
"""

from __future__ import annotations

import importlib.util
import os
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
IN_CI = os.environ.get("CI", "").lower() in ("1", "true", "yes")


def _mypy_or_skip() -> None:
    if importlib.util.find_spec("mypy") is None:
        what = f"mypy is not installed in {sys.executable}: install the test extra (pip install -e '.[test]')"
        if IN_CI:
            pytest.fail(f"{what} (CI=true: the type check must run)")
        pytest.skip(what)


def test_mypy_is_configured_strict_on_the_engine() -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    config = pyproject["tool"]["mypy"]
    assert config["strict"] is True
    assert config["files"] == ["engine"]
    assert config["python_version"] == "3.11"
    assert "mypy" in [req.split("[")[0].split(">")[0].split("=")[0].strip()
                      for req in pyproject["project"]["optional-dependencies"]["test"]]
    cache = config.get("cache_dir", ".mypy_cache")
    ignored = (ROOT / ".gitignore").read_text(encoding="utf-8").split()
    assert f"{cache.rstrip('/')}/" in ignored or cache.startswith("build/"), \
        f"mypy's cache {cache!r} must be ignored by git"


def test_mypy_strict_passes_on_the_engine() -> None:
    _mypy_or_skip()
    result = subprocess.run([sys.executable, "-m", "mypy", "--strict", "engine"], cwd=ROOT,
                            capture_output=True, text=True, timeout=600)
    output = result.stdout + result.stderr
    assert result.returncode == 0, f"mypy --strict engine found errors:\n{output[-8000:]}"
    assert "Success: no issues found" in output, output[-2000:]
