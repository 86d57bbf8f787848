"""Build the site strictly, or reuse a build of exactly the same inputs.

The site tests and the browser tests need a strict build of the current tree. A build
takes tens of seconds, so a build is stamped with a fingerprint of its inputs (the
configuration, ``docs/``, ``sources/``, ``engine/`` and ``tools/``: paths, sizes and
modification times; and the ``SITE_URL`` it was built for, see mkdocs.yml) and reused while
the fingerprint holds. A build for another site URL (a deployment under a sub-path, which
the browser tests serve too) is cached apart from the default one.

    python tools/sitebuild.py stamp site      # after `mkdocs build --strict --site-dir site`
    python tools/sitebuild.py build DEST      # strict build into DEST, stamped
    python tools/sitebuild.py fresh site      # exit 0 if site/ is a build of the current inputs
"""

from __future__ import annotations

import contextlib
import fcntl
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
from collections.abc import Iterator
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
STAMP = ".edition-fingerprint"
INPUT_ROOTS = ("mkdocs.yml", "pyproject.toml", "CITATION.cff", "docs", "sources", "engine", "tools")
IGNORED_PARTS = {"__pycache__", ".pytest_cache", ".hypothesis"}


def site_url_of(site_url: str | None) -> str:
    """The site URL a build is made for: ``site_url``, else ``$SITE_URL``, else "" (mkdocs.yml's default)."""
    return os.environ.get("SITE_URL", "") if site_url is None else site_url


def fingerprint(site_url: str | None = None) -> str:
    """A digest of every input file's path, size and modification time, and of the site URL."""
    digest = hashlib.sha256()
    digest.update(f"SITE_URL\0{site_url_of(site_url)}\n".encode())
    for root in INPUT_ROOTS:
        base = REPO / root
        paths = [base] if base.is_file() else sorted(p for p in base.rglob("*") if p.is_file())
        for path in paths:
            if IGNORED_PARTS.intersection(path.parts):
                continue
            stat = path.stat()
            digest.update(f"{path.relative_to(REPO)}\0{stat.st_size}\0{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()


def is_fresh(site: Path, site_url: str | None = None) -> bool:
    stamp = site / STAMP
    return ((site / "index.html").is_file() and stamp.is_file()
            and stamp.read_text().strip() == fingerprint(site_url))


def stamp(site: Path) -> None:
    (site / STAMP).write_text(fingerprint() + "\n")


def build(dest: Path, site_url: str | None = None) -> subprocess.CompletedProcess[str]:
    """``mkdocs build --strict`` into ``dest`` (for ``site_url`` if given, else ``$SITE_URL`` or
    mkdocs.yml's default); the completed process (check its returncode)."""
    mkdocs = Path(sys.executable).with_name("mkdocs")
    command = [str(mkdocs)] if mkdocs.exists() else [sys.executable, "-m", "mkdocs"]
    before = fingerprint(site_url)
    env = dict(os.environ, DISABLE_MKDOCS_2_WARNING="true", NO_MKDOCS_2_WARNING="1")
    if site_url is not None:
        env["SITE_URL"] = site_url
    done = subprocess.run(
        [*command, "build", "--strict", "--site-dir", str(dest)],
        cwd=REPO, capture_output=True, text=True, env=env, check=False,
    )
    if done.returncode == 0 and fingerprint(site_url) == before:
        (dest / STAMP).write_text(before + "\n")
    return done


@contextlib.contextmanager
def _one_builder(cache_root: Path) -> Iterator[None]:
    """One build at a time per cache (the test processes of pytest-xdist share it): the others wait,
    then find the build made and reuse it."""
    cache_root.mkdir(parents=True, exist_ok=True)
    with open(cache_root.parent / f".{cache_root.name}.lock", "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(lock, fcntl.LOCK_UN)


def build_or_reuse(preferred: Path | None = None, site_url: str | None = None) -> tuple[Path, str]:
    """A strict build of the current inputs: ``preferred`` (default site/) if fresh, else a cached build.

    With ``site_url``, a build for that site URL (cached apart from the default build; site/
    is not looked at). Returns the site folder and a note of what was done. Raises RuntimeError
    with mkdocs' output when the strict build fails.
    """
    if site_url is None:
        preferred = preferred or REPO / "site"
        if is_fresh(preferred):
            return preferred, f"reused {preferred} (inputs unchanged since its strict build)"
        cache_root = REPO / "build" / "site-cache"
    else:
        tag = hashlib.sha256(site_url.encode()).hexdigest()[:8]
        cache_root = REPO / "build" / f"site-cache-{tag}"
    with _one_builder(cache_root):
        return _build_in_cache(cache_root, site_url)


def _build_in_cache(cache_root: Path, site_url: str | None) -> tuple[Path, str]:
    target = cache_root / fingerprint(site_url)[:16]
    if is_fresh(target, site_url):
        return target, f"reused {target}"
    scratch = Path(tempfile.mkdtemp(prefix="site-", dir=cache_root))
    done = build(scratch, site_url)
    if done.returncode != 0:
        shutil.rmtree(scratch, ignore_errors=True)
        raise RuntimeError("mkdocs build --strict failed:\n" + (done.stdout + done.stderr)[-6000:])
    for old in cache_root.iterdir():
        if old != scratch:
            shutil.rmtree(old, ignore_errors=True)
    scratch.rename(target)
    return target, f"built {target}"


def main(argv: list[str]) -> int:
    if len(argv) != 2 or argv[0] not in {"stamp", "build", "fresh"}:
        print(__doc__, file=sys.stderr)
        return 2
    command, folder = argv[0], Path(argv[1])
    if command == "stamp":
        stamp(folder)
        return 0
    if command == "fresh":
        return 0 if is_fresh(folder) else 1
    done = build(folder)
    sys.stdout.write(done.stdout)
    sys.stderr.write(done.stderr)
    return done.returncode


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
