"""MkDocs hooks of the edition (``hooks:`` in mkdocs.yml).

``on_config`` sets the page footer (Material shows ``copyright``) from the edition's metadata
(``CITATION.cff`` and ``sources/rights.toml``, through ``tools/edition_meta.py``): the title,
the version and its date, and the licences, so that every page says which version it is.
"""

from __future__ import annotations

import hashlib
import json
import logging
import sys
from pathlib import Path

TOOLS = Path(__file__).resolve().parent
if str(TOOLS) not in sys.path:
    sys.path.insert(0, str(TOOLS))

import edition_meta  # noqa: E402

log = logging.getLogger("mkdocs.plugins.edition")


def on_config(config):  # noqa: ANN001, ANN201 - the MkDocs hook signature
    try:
        meta = edition_meta.load()
    except edition_meta.MetaError as exc:
        log.warning("edition metadata: %s", exc)
        return config
    config.copyright = meta.footer()
    config.extra["edition"] = {"title": meta.title, "version": meta.version, "date": meta.date}
    return config


# --------------------------------------------------------------------------- the service worker

SERVICE_WORKER = TOOLS / "service_worker.js"
NOT_KEPT = {"sw.js", ".edition-fingerprint"}
"""Files of the build the service worker does not keep: itself, and the build stamp (tools/sitebuild.py)."""


def precache_list(site: Path) -> tuple[list[list[str]], int]:
    """Every file of the built site as [URL relative to the site root, revision] (a page,
    ``index.html``, by its directory URL; the revision the first 16 hex digits of its sha256),
    and their bytes in all."""
    entries, size = [], 0
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        rel = path.relative_to(site).as_posix()
        if rel in NOT_KEPT:
            continue
        url = rel[: -len("index.html")] if rel == "index.html" or rel.endswith("/index.html") else rel
        data = path.read_bytes()
        entries.append([url, hashlib.sha256(data).hexdigest()[:16]])
        size += len(data)
    return entries, size


def write_service_worker(site: Path) -> dict[str, object]:
    """site/sw.js from tools/service_worker.js, with the build's precache list and version."""
    entries, size = precache_list(site)
    version = hashlib.sha256(json.dumps(entries).encode()).hexdigest()[:16]
    template = SERVICE_WORKER.read_text(encoding="utf-8")
    for marker in ("__EDITION_PRECACHE__", "__EDITION_VERSION__"):
        if template.count(marker) != 1:
            raise RuntimeError(f"{SERVICE_WORKER}: expected {marker} exactly once")
    text = (template.replace("__EDITION_PRECACHE__", json.dumps(entries, separators=(",", ":")))
            .replace("__EDITION_VERSION__", json.dumps(version)))
    (site / "sw.js").write_text(text, encoding="utf-8")
    return {"version": version, "files": len(entries), "bytes": size}


def on_post_build(config):  # noqa: ANN001, ANN201 - the MkDocs hook signature
    site = Path(config.site_dir)
    kept = write_service_worker(site)
    if not (site / "assets" / "wheels" / "snapshot.json").is_file():
        log.info("no engine snapshot in this build (assets/wheels/snapshot.json): Python boots normally "
                 "on every visit (Makefile, $(WHEELS)/snapshot.json, says why it was not built)")
    log.info("service worker: sw.js keeps %s files (%.1f MB), version %s", kept["files"], kept["bytes"] / 1e6,
             kept["version"])
