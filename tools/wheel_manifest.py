"""Make the engine wheel reproducible, and write ``engine.json`` beside it, naming it for the browser.

Usage: ``python tools/wheel_manifest.py docs/assets/wheels``

The browser reads ``assets/wheels/engine.json`` to learn which file to install
into Pyodide; the wheel's name changes with the version, the manifest's does not.

The wheel is first rewritten in a normal form (:func:`normalise`): its members in a fixed
order (the package's files sorted by name, then the ``.dist-info`` files, ``RECORD`` last, as
the wheel format asks), every member dated ``SOURCE_DATE_EPOCH`` (the Makefile's fixed value,
:data:`DEFAULT_EPOCH` without one), every file mode 0644, every member deflated at one level.
So the same sources give the same bytes whatever the files' dates on disk, the umask or the
build's own ordering, and the manifest's ``sha256`` (which names the engine's memory snapshot,
tools/snapshot.mjs) survives a rebuild: a returning reader keeps the wheel and the snapshot.
setuptools' ``bdist_wheel`` already honours ``SOURCE_DATE_EPOCH`` for the dates and sorts the
files; the normal form also fixes what it takes from the disk (modes) and makes the guarantee ours.
"""

from __future__ import annotations

import hashlib
import json
import os
import sys
import time
import zipfile
from pathlib import Path

DEFAULT_EPOCH = 315_532_800
"""1980-01-01T00:00:00Z, the earliest date a zip can hold: the members' date without ``SOURCE_DATE_EPOCH``."""


def source_date_epoch() -> int:
    """``SOURCE_DATE_EPOCH`` (a whole number of seconds, from 1980 on), else :data:`DEFAULT_EPOCH`."""
    raw = os.environ.get("SOURCE_DATE_EPOCH", "").strip()
    if not raw:
        return DEFAULT_EPOCH
    if not raw.isdigit():
        raise SystemExit(f"SOURCE_DATE_EPOCH must be a whole number of seconds, not {raw!r}")
    return max(int(raw), DEFAULT_EPOCH)


def _order(name: str) -> tuple[int, str]:
    top = name.split("/", 1)[0]
    if top.endswith(".dist-info"):
        return (2 if name.endswith("/RECORD") else 1, name)
    return (0, name)


def normalise(wheel: Path, epoch: int | None = None) -> bool:
    """Rewrite ``wheel`` in the normal form (see the module's docstring); True if its bytes changed."""
    epoch = source_date_epoch() if epoch is None else epoch
    date = time.gmtime(max(epoch, DEFAULT_EPOCH))[:6]
    with zipfile.ZipFile(wheel) as archive:
        members = {info.filename: archive.read(info) for info in archive.infolist() if not info.is_dir()}
    names = sorted(members, key=_order)
    if len(names) != len(set(names)):
        raise SystemExit(f"{wheel.name}: a member is named twice")
    tmp = wheel.with_name(wheel.name + ".tmp")
    with zipfile.ZipFile(tmp, "w") as out:
        for name in names:
            info = zipfile.ZipInfo(name, date_time=date)
            info.compress_type = zipfile.ZIP_DEFLATED
            info.create_system = 3  # Unix, so that the mode below is read
            info.external_attr = (0o100644 & 0xFFFF) << 16
            out.writestr(info, members[name], compress_type=zipfile.ZIP_DEFLATED, compresslevel=9)
    before = wheel.read_bytes()
    after = tmp.read_bytes()
    if before == after:
        tmp.unlink()
        return False
    tmp.replace(wheel)
    return True


def write_manifest(folder: Path) -> dict:
    wheels = sorted(folder.glob("*-py3-none-any.whl"))
    if len(wheels) != 1:
        names = ", ".join(w.name for w in wheels) or "none"
        raise SystemExit(f"{folder}: expected exactly one pure-Python wheel, found {names}")
    wheel = wheels[0]
    normalise(wheel)
    with zipfile.ZipFile(wheel) as archive:
        members = archive.namelist()
    for required in ("engine/__init__.py", "engine/py.typed", "engine/rule_tests.json"):
        if required not in members:
            raise SystemExit(f"{wheel.name}: {required} is missing from the wheel")
    catalogues = sorted(m for m in members if m.startswith("engine/catalogue/") and m.endswith(".toml"))
    distribution, version = wheel.name.split("-")[:2]
    manifest = {
        "wheel": wheel.name,
        "package": "engine",
        "distribution": distribution,
        "version": version,
        "sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
        "catalogues": [Path(c).stem for c in catalogues],
    }
    (folder / "engine.json").write_text(json.dumps(manifest, indent=2) + "\n", encoding="utf-8")
    return manifest


if __name__ == "__main__":
    if len(sys.argv) != 2:
        raise SystemExit("usage: python tools/wheel_manifest.py <wheel folder>")
    print(json.dumps(write_manifest(Path(sys.argv[1]))))
