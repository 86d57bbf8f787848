"""Shared test configuration: the ``rule`` marker and its check.

``@pytest.mark.rule("ruffe-and-trumps.ruff.value")`` says that a test proves
that catalogue rule.  At collection, a marker naming a rule id that no
catalogue has stops the run with a usage error naming the test and the id.
"""

from __future__ import annotations

import os
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, settings

from engine import catalogue
from engine.errors import CatalogueError, EngineError


settings.register_profile("default", max_examples=4, deadline=None, derandomize=True,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
settings.register_profile("thorough", max_examples=200, deadline=None,
                          suppress_health_check=[HealthCheck.too_slow, HealthCheck.filter_too_much])
settings.load_profile(os.environ.get("HYPOTHESIS_PROFILE", "default"))
"""Hypothesis: a few examples per property in ``make check`` and ``make test`` (derandomized, so a run
is repeatable); ``HYPOTHESIS_PROFILE=thorough`` (``make deep``) draws many, with fresh randomness."""


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line("markers", "rule(rule_id, ...): the test proves the catalogue rule(s) with these ids")


def known_rule_ids() -> tuple[set[str], dict[str, str]]:
    """Every rule id of every catalogue that parses, and the errors of those that do not."""
    ids: set[str] = set()
    broken: dict[str, str] = {}
    for game_id in catalogue.games():
        try:
            ids.update(catalogue.load(game_id).ids())
        except (CatalogueError, EngineError) as exc:
            broken[game_id] = str(exc)
    return ids, broken


def marked_rules(item: pytest.Item) -> list[str]:
    """The rule ids named by an item's ``rule`` markers."""
    ids: list[str] = []
    for mark in item.iter_markers(name="rule"):
        if not mark.args:
            raise pytest.UsageError(f"{item.nodeid}: @pytest.mark.rule needs at least one rule id")
        ids.extend(str(a) for a in mark.args)
    return ids


def pytest_collection_modifyitems(session: pytest.Session, config: pytest.Config, items: list[pytest.Item]) -> None:
    known, broken = known_rule_ids()
    problems = []
    for item in items:
        for rule_id in marked_rules(item):
            if rule_id in known:
                continue
            game = catalogue.game_of(rule_id)
            if game in broken:
                problems.append(f"{item.nodeid}: rule {rule_id!r}: its catalogue does not load: {broken[game]}")
            else:
                problems.append(f"{item.nodeid}: @pytest.mark.rule names unknown rule {rule_id!r}")
    if problems:
        raise pytest.UsageError("unknown rule ids in rule markers:\n  " + "\n  ".join(problems))


@pytest.fixture(scope="session")
def built_site() -> Path:
    """The strictly built site (reused while its inputs are unchanged; see tools/sitebuild.py)."""
    sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tools"))
    import sitebuild

    try:
        folder, _note = sitebuild.build_or_reuse()
    except RuntimeError as exc:
        pytest.fail(str(exc))
    return folder
