"""First-run noise (issue 27): mkdocstrings' note that no signature formatter is installed is
dropped by the project's hooks (the edition shows signatures as written); other messages of
the same logger still pass."""

from __future__ import annotations

import importlib.util
import logging
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def test_the_formatter_note_is_dropped_and_nothing_else() -> None:
    spec = importlib.util.spec_from_file_location("edition_hooks_under_test", ROOT / "tools" / "hooks.py")
    assert spec is not None and spec.loader is not None
    hooks = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(hooks)
    logger = logging.getLogger("mkdocs.plugins.mkdocstrings_handlers.python._internal.rendering")

    def record(message: str) -> logging.LogRecord:
        return logger.makeRecord(logger.name, logging.INFO, __file__, 1, message, (), None)

    assert not logger.filter(record("Formatting signatures requires either Black or Ruff to be installed."))
    assert logger.filter(record("Could not find cross-reference target 'engine.nothing'"))
    assert hooks.NO_FORMATTER_NOTE
