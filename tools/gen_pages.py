"""Generate the edition's pages from its data (run by mkdocs-gen-files at build time).

The entry point only: the generator is the ``sitegen`` package beside this file
(``tools/sitegen/``: the edition model, one module per page kind). This file puts
``tools/`` on ``sys.path`` (mkdocs-gen-files runs it by path) and calls
:func:`sitegen.build.main`; the names below are re-exported for the tests that read the
generator through ``gen_pages``.

Reads ``sources/*/source.json``, ``engine/catalogue/*.toml``, ``sources/glossary.toml``,
``sources/bibliography.toml`` and ``engine/measures/*.json``, asks the engine (when it
imports) which games and rules it implements and which tests prove them, and writes:

- ``sources/<key>.md``: metadata and the parallel text, passage by passage;
- ``games/<game-id>.md``: the rules by topic, readings, worked examples, play table;
- ``concordance.md``, ``glossary.md``, ``bibliography.md``, ``reference/api.md``;
- ``sources/<key>/<key>.tei.xml``: each source as a TEI P5 document (``tools/tei.py``);
- ``data.md`` and ``data/*``: the open data (``tools/opendata.py``), how to cite it, its
  licence and the rights in the texts (``tools/edition_meta.py``);
- ``SUMMARY.md`` (the navigation, read by literate-nav);
- ``build/snippets/glossary-abbreviations.md`` on disk, which pymdownx.snippets appends
  to every page so that glossary terms carry tooltips.

Bad data is reported with a warning naming the file and the field; ``mkdocs build
--strict`` turns every warning into a failure.
"""

from __future__ import annotations

import sys
from pathlib import Path

TOOLS = Path(__file__).resolve().parent
if str(TOOLS) not in sys.path:
    sys.path.insert(0, str(TOOLS))

from sitegen.api import API_MODULES  # noqa: E402
from sitegen.build import generate, main  # noqa: E402
from sitegen.game import game_page  # noqa: E402
from sitegen.markup import anchor, cite, evidence_item, inline  # noqa: E402
from sitegen.measures import DIRECTIONS, forest_block, measure_label, what_changes_paired  # noqa: E402
from sitegen.model import (GAME_IDS, KINDS, REPO, SOURCE_KEYS, STATUSES, Edition, game_name,  # noqa: E402
                           load, load_catalogues, load_sources, load_toml_list, term_forms, term_slug, warn)
from sitegen.source import source_page  # noqa: E402
from sitegen.words import statuses, tr  # noqa: E402

__all__ = ["API_MODULES", "DIRECTIONS", "GAME_IDS", "KINDS", "REPO", "SOURCE_KEYS", "STATUSES",
           "Edition", "anchor", "cite", "evidence_item", "forest_block", "game_name", "game_page", "generate",
           "inline", "load", "load_catalogues", "load_sources", "load_toml_list", "main", "measure_label",
           "source_page", "statuses", "term_forms", "term_slug", "tr", "warn", "what_changes_paired"]

if __name__ in {"__main__", "<run_path>"}:
    main()
