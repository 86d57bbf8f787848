"""The record's JSON Schema (engine/record.schema.json), checked with the jsonschema package
against the records the engine writes and against the validator (engine.records.validate)."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from engine import records
from engine.errors import RecordError
from tests.test_records import game, played, record  # noqa: F401 - the shared fixtures

ROOT = Path(__file__).resolve().parents[1]
SCHEMA_PATH = ROOT / "engine" / "record.schema.json"
DOC_PATH = ROOT / "docs" / "reference" / "records.md"


def _schema_errors(value: Any) -> list[str]:
    """Every way ``value`` breaks record.schema.json, by the jsonschema package."""
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    validator = jsonschema.Draft202012Validator(schema)
    return [f"{'/'.join(map(str, e.absolute_path))}: {e.message}" for e in validator.iter_errors(value)]


def test_the_schema_is_a_valid_draft_2020_12_schema():
    jsonschema.Draft202012Validator.check_schema(json.loads(SCHEMA_PATH.read_text(encoding="utf-8")))


def test_records_satisfy_the_schema(record):
    assert _schema_errors(record) == []
    unfinished = records.make_record(played(seed=2, stop=10))
    assert _schema_errors(unfinished) == []
    broken = copy.deepcopy(record)
    broken["deals"][0]["deck"][0] = "1X"
    assert _schema_errors(broken)


@pytest.mark.parametrize("edit", [
    lambda r: r["seats"][0].update(extra=1),
    lambda r: r["deals"][0].update(extra=1),
    lambda r: r.pop("outcome"),
    lambda r: r.update(players=10**9),
    lambda r: r.update(dealt="shuffled"),
], ids=["seat-field", "deal-field", "no-outcome", "players", "dealt"])
def test_the_schema_and_the_validator_refuse_the_same_records(record, edit):
    broken = copy.deepcopy(record)
    edit(broken)
    assert _schema_errors(broken)
    with pytest.raises(RecordError):
        records.validate(broken)


def test_schema_required_fields_match_the_validator(record):
    schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    for key in schema["required"]:
        broken = dict(record)
        del broken[key]
        with pytest.raises(RecordError, match=rf"^{key}: missing"):
            records.validate(broken)
    assert set(schema["properties"]) == set(schema["required"]) | {"dealt", "comment"}


def test_documented_schema_is_the_shipped_schema():
    text = DOC_PATH.read_text(encoding="utf-8")
    block = text.split("## JSON Schema", 1)[1].split("```json\n", 1)[1].split("```", 1)[0]
    assert json.loads(block) == json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


