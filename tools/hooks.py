"""MkDocs hooks of the edition (``hooks:`` in mkdocs.yml).

``on_config`` sets the page footer (Material shows ``copyright``) from the edition's metadata
(``CITATION.cff`` and ``sources/rights.toml``, through ``tools/edition_meta.py``): the title,
the version and its date, and the licences, so that every page says which version it is.
"""

from __future__ import annotations

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
