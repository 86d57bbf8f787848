"""Write ``engine.json`` beside the engine wheel, naming the wheel for the browser.

Usage: ``python tools/wheel_manifest.py docs/assets/wheels``

The browser reads ``assets/wheels/engine.json`` to learn which file to install
into Pyodide; the wheel's name changes with the version, the manifest's does not.
"""

from __future__ import annotations

import hashlib
import json
import sys
import zipfile
from pathlib import Path


def write_manifest(folder: Path) -> dict:
    wheels = sorted(folder.glob("*-py3-none-any.whl"))
    if len(wheels) != 1:
        names = ", ".join(w.name for w in wheels) or "none"
        raise SystemExit(f"{folder}: expected exactly one pure-Python wheel, found {names}")
    wheel = wheels[0]
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
