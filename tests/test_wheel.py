"""The engine wheel is reproducible: the same sources give the same bytes (tools/wheel_manifest.py).

The wheel's sha256 names the engine's memory snapshot (tools/snapshot.mjs), so a wheel that changed
with every rebuild would make every returning reader download the wheel and the snapshot again.
"""

from __future__ import annotations

import hashlib
import os
import shutil
import subprocess
import sys
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import wheel_manifest  # noqa: E402

EPOCH = "315532800"  # the Makefile's WHEEL_EPOCH


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _zip(path: Path, members: list[tuple[str, bytes, tuple[int, ...], int]]) -> Path:
    with zipfile.ZipFile(path, "w") as out:
        for name, data, date, mode in members:
            info = zipfile.ZipInfo(name, date_time=date)
            info.external_attr = mode << 16
            out.writestr(info, data, compress_type=zipfile.ZIP_DEFLATED, compresslevel=1)
    return path


def test_normal_form_forgets_dates_modes_and_order(tmp_path: Path) -> None:
    files = [("engine/b.py", b"b = 2\n"), ("engine/a.py", b"a = 1\n"),
             ("x-0.1.dist-info/RECORD", b"record\n"), ("x-0.1.dist-info/WHEEL", b"wheel\n")]
    first = _zip(tmp_path / "one.whl", [(n, d, (2026, 12, 5, 8, 37, 0), 0o100664) for n, d in files])
    second = _zip(tmp_path / "two.whl", [(n, d, (2001, 1, 2, 3, 4, 6), 0o100600) for n, d in reversed(files)])
    assert sha256(first) != sha256(second)
    assert wheel_manifest.normalise(first, 0) and wheel_manifest.normalise(second, 0)
    assert sha256(first) == sha256(second)
    assert not wheel_manifest.normalise(first, 0)  # a wheel already in the normal form is left as it is
    with zipfile.ZipFile(first) as archive:
        infos = archive.infolist()
        assert [i.filename for i in infos] == ["engine/a.py", "engine/b.py", "x-0.1.dist-info/WHEEL",
                                               "x-0.1.dist-info/RECORD"]  # RECORD last
        assert {i.date_time for i in infos} == {(1980, 1, 1, 0, 0, 0)}
        assert {i.external_attr >> 16 for i in infos} == {0o100644}
        assert archive.read("engine/b.py") == b"b = 2\n"


def test_epoch_read_from_the_environment(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SOURCE_DATE_EPOCH", raising=False)
    assert wheel_manifest.source_date_epoch() == wheel_manifest.DEFAULT_EPOCH
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "1796174327")
    assert wheel_manifest.source_date_epoch() == 1796174327
    monkeypatch.setenv("SOURCE_DATE_EPOCH", "yesterday")
    with pytest.raises(SystemExit, match="SOURCE_DATE_EPOCH"):
        wheel_manifest.source_date_epoch()


def _build(tree: Path, out: Path) -> Path:
    env = {**os.environ, "SOURCE_DATE_EPOCH": EPOCH}
    subprocess.run([sys.executable, "-m", "pip", "wheel", "--quiet", "--no-deps", "--wheel-dir", str(out), str(tree)],
                   check=True, env=env, cwd=tree)
    (wheel,) = out.glob("*-py3-none-any.whl")
    manifest = subprocess.run([sys.executable, str(ROOT / "tools" / "wheel_manifest.py"), str(out)], check=True,
                              env=env, capture_output=True, text=True)
    assert wheel.name in manifest.stdout
    return wheel


@pytest.mark.slow
def test_two_builds_of_the_same_sources_give_the_same_bytes(tmp_path: Path) -> None:
    """Two copies of the sources, with other file dates and modes, built one after the other."""
    if not (ROOT / "engine" / "rule_tests.json").is_file():
        pytest.skip("engine/rule_tests.json is not built (make engine/rule_tests.json)")
    wheels = []
    for n, (stamp, mode) in enumerate([(1_000_000_000, 0o644), (1_800_000_000, 0o664)]):
        tree = tmp_path / f"src{n}"
        tree.mkdir()
        for name in ("pyproject.toml", "README.md", "LICENSE", "RIGHTS.md"):
            shutil.copy2(ROOT / name, tree / name)
        shutil.copytree(ROOT / "engine", tree / "engine", ignore=shutil.ignore_patterns("__pycache__"))
        for path in tree.rglob("*"):
            if path.is_file():
                path.chmod(mode)
                os.utime(path, (stamp, stamp))
        wheels.append(_build(tree, tmp_path / f"wheel{n}"))
    first, second = (sha256(w) for w in wheels)
    print(f"wheel sha256: {first} {second}")
    assert first == second
