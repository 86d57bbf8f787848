"""The open data the site serves under ``data/`` (``tools/opendata.py``).

Each file is validated against its JSON Schema (``docs/data/*.schema.json``) with
``jsonschema``; the CSV tables row by row against their row schemas, their header in the
schema's order. The catalogue, in JSON and in CSV, must agree with ``python -m engine rules
--json``, field by field; the passages must give back each text byte for byte and name the
rules that rest on them. ``bibliography.json`` gives every entry of
``sources/bibliography.toml``, and every citation marker (``[@key]``, ``[@key, locator]``) in
every text of every file names one of its entries. The Data page lists every file with its
licence and how to cite it, and says what the markers refer to.
"""

from __future__ import annotations

import csv
import io
import json
import re
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from referencing import Registry, Resource

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import citations  # noqa: E402

SCHEMAS = ROOT / "docs" / "data"
TABLES = ["rules", "readings", "examples"]

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def data(built_site: Path) -> Path:
    return built_site / "data"


@pytest.fixture(scope="module")
def engine_rules() -> dict[str, dict]:
    done = subprocess.run([sys.executable, "-m", "engine", "rules", "--json"], cwd=ROOT,
                          capture_output=True, text=True, timeout=180, check=True)
    return {entry["id"]: entry for entry in json.loads(done.stdout)}


def schema(name: str) -> dict:
    return json.loads((SCHEMAS / name).read_text(encoding="utf-8"))


def validator(name: str) -> jsonschema.protocols.Validator:
    registry = Registry().with_resources(
        (path.name, Resource.from_contents(json.loads(path.read_text(encoding="utf-8"))))
        for path in SCHEMAS.glob("*.schema.json"))
    main = schema(name)
    cls = jsonschema.validators.validator_for(main)
    cls.check_schema(main)
    return cls(main, registry=registry)


def errors(name: str, instance: object) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message}"[:300]
            for e in validator(name).iter_errors(instance)]


def load_json(data: Path, name: str) -> dict:
    path = data / name
    assert path.is_file(), f"data/{name} is not served"
    return json.loads(path.read_text(encoding="utf-8"))


def rows(data: Path, table: str) -> tuple[list[str], list[dict[str, str]]]:
    path = data / f"{table}.csv"
    assert path.is_file(), f"data/{table}.csv is not served"
    reader = csv.DictReader(io.StringIO(path.read_text(encoding="utf-8"), newline=""))
    return list(reader.fieldnames or []), list(reader)


@pytest.mark.parametrize("name", ["catalogue", "passages", "bibliography"])
def test_json_files_validate_against_their_schema(data: Path, name: str) -> None:
    problems = errors(f"{name}.schema.json", load_json(data, f"{name}.json"))
    assert not problems, f"data/{name}.json:\n" + "\n".join(problems[:20])


def test_the_schemas_reject_what_they_must(data: Path) -> None:
    catalogue = load_json(data, "catalogue.json")
    catalogue["rules"][0]["status"] = "probable"
    del catalogue["rules"][1]["url"]
    problems = errors("catalogue.schema.json", catalogue)
    assert any("probable" in p for p in problems) and any("'url' is a required property" in p for p in problems)
    passages = load_json(data, "passages.json")
    passages["sources"][0]["passages"][0]["kind"] = "poem"
    assert any("poem" in p for p in errors("passages.schema.json", passages))
    bibliography = load_json(data, "bibliography.json")
    bibliography["works"][0]["kind"] = "book"
    bibliography["works"][1]["key"] = "Cotton 1674"
    bibliography["works"][2]["unchecked"] = "yes"
    del bibliography["works"][3]["short"]
    problems = errors("bibliography.schema.json", bibliography)
    assert any("'book'" in p for p in problems) and any("'Cotton 1674'" in p for p in problems), problems
    assert any("'yes'" in p for p in problems) and any("'short' is a required property" in p for p in problems)


def strings(value: object, where: str = "") -> list[tuple[str, str]]:
    """Every string in a JSON value, with its path."""
    if isinstance(value, str):
        return [(where, value)]
    if isinstance(value, dict):
        return [s for key, item in value.items() for s in strings(item, f"{where}/{key}")]
    if isinstance(value, list):
        return [s for index, item in enumerate(value) for s in strings(item, f"{where}/{index}")]
    return []


def test_bibliography_json_is_the_bibliography(data: Path) -> None:
    works = load_json(data, "bibliography.json")["works"]
    entries = citations.works(ROOT)
    assert [w["key"] for w in works] == [e["key"] for e in entries]
    for work, entry in zip(works, entries):
        for field, value in entry.items():
            assert work[field] == value, f"{entry['key']}: {field} differs from sources/bibliography.toml"
        assert work["unchecked"] == bool(entry.get("unchecked")) and work["via"] == entry.get("via")
        assert work["marker"] == f"[@{entry['key']}]" and work["page"].endswith(f"/bibliography/#work-{entry['key']}")


def test_every_citation_marker_in_the_data_names_a_bibliography_entry(data: Path) -> None:
    keys = {w["key"] for w in load_json(data, "bibliography.json")["works"]}
    texts = [(f"{name}{where}", text) for name in ("catalogue.json", "passages.json", "bibliography.json")
             for where, text in strings(load_json(data, name))]
    for table in TABLES:
        texts += [(f"{table}.csv row {i + 2} {column}", cell)
                  for i, row in enumerate(rows(data, table)[1]) for column, cell in row.items()]
    found: dict[str, int] = {}
    problems = []
    for where, text in texts:
        for key, locator in citations.cited(text):
            found[key] = found.get(key, 0) + 1
            if key not in keys:
                problems.append(f"{where}: [@{key or locator}] names no entry of bibliography.json")
        if "[@" in citations.MARKER.sub("", text):
            problems.append(f"{where}: a citation marker that does not parse: {text[:120]!r}")
    assert not problems, "\n".join(problems[:20])
    cited_in = lambda name: sum(1 for w, t in texts if w.startswith(name) and citations.cited(t))  # noqa: E731
    assert cited_in("catalogue.json") > 50 and cited_in("passages.json") > 100, "markers in the data: too few?"
    assert set(found) == keys, f"works no file cites: {sorted(keys - set(found))}"


@pytest.mark.parametrize("table", TABLES)
def test_csv_tables_validate_row_by_row(data: Path, table: str) -> None:
    header, table_rows = rows(data, table)
    row_schema = schema(f"{table}.csv.schema.json")
    assert header == list(row_schema["properties"]), f"{table}.csv: header {header}"
    assert table_rows, f"{table}.csv has no rows"
    problems = [f"row {i + 2}: {p}" for i, row in enumerate(table_rows) for p in errors(f"{table}.csv.schema.json", row)]
    assert not problems, f"data/{table}.csv:\n" + "\n".join(problems[:20])


@pytest.mark.parametrize("table", TABLES)
def test_every_csv_column_is_described_in_english_and_russian(table: str) -> None:
    """A column's meaning has one home, its schema: the English ``description`` and, beside it, the
    Russian of the Data page (``ru.description``)."""
    for name, prop in schema(f"{table}.csv.schema.json")["properties"].items():
        english, russian = prop.get("description", ""), (prop.get("ru") or {}).get("description", "")
        assert english and re.search(r"[А-Яа-яЁё]", russian), f"{table}.csv: column {name!r}: {prop}"


def test_catalogue_json_agrees_with_the_engine(data: Path, engine_rules: dict[str, dict]) -> None:
    exported = {rule["id"]: rule for rule in load_json(data, "catalogue.json")["rules"]}
    assert sorted(exported) == sorted(engine_rules), "catalogue.json and the engine list different rules"
    for rid, entry in engine_rules.items():
        for field, value in entry.items():
            assert exported[rid].get(field) == value, f"{rid}: {field} differs from python -m engine rules --json"


def test_rules_csv_agrees_with_the_engine(data: Path, engine_rules: dict[str, dict]) -> None:
    _, table = rows(data, "rules")
    assert [r["id"] for r in table] and sorted(r["id"] for r in table) == sorted(engine_rules)
    lines = lambda cell: cell.split("\n") if cell else []  # noqa: E731
    for row in table:
        entry = engine_rules[row["id"]]
        assert (row["game"], row["title"], row["status"], row["statement"]) == \
               (entry["game"], entry["title"], entry["status"], entry["statement"]), row["id"]
        assert lines(row["passages"]) == entry["passages"], row["id"]
        assert lines(row["notes"]) == entry.get("notes", []), row["id"]
        assert lines(row["readings"]) == [r["id"] for r in entry["readings"]], row["id"]
        assert row["default_reading"] == next((r["id"] for r in entry["readings"] if r["default"]), ""), row["id"]
        assert lines(row["examples"]) == [e["id"] for e in entry["examples"]], row["id"]
        assert row["implemented"] == ("true" if entry["implemented"] else "false"), row["id"]
        assert lines(row["code"]) == entry["code"] and lines(row["tests"]) == entry["tests"], row["id"]


def test_readings_csv_agrees_with_the_engine(data: Path, engine_rules: dict[str, dict]) -> None:
    _, table = rows(data, "readings")
    expected = [(rid, r["id"], r["option"], "true" if r["default"] else "false",
                 "true" if r.get("comparison") else "false", r["statement"], r["rationale"],
                 "\n".join(r["held_by"])) for rid, entry in engine_rules.items() for r in entry["readings"]]
    got = [(r["rule"], r["id"], r["option"], r["default"], r["comparison"], r["statement"], r["rationale"], r["held_by"])
           for r in table]
    assert sorted(got) == sorted(expected)


def test_examples_csv_agrees_with_the_engine(data: Path, engine_rules: dict[str, dict]) -> None:
    _, table = rows(data, "examples")
    expected = {(rid, e["id"]): e for rid, entry in engine_rules.items() for e in entry["examples"]}
    assert sorted((r["rule"], r["id"]) for r in table) == sorted(expected)
    for row in table:
        example = expected[(row["rule"], row["id"])]
        assert json.loads(row["given"]) == example["given"], row["id"]
        assert json.loads(row["variant"]) == (example.get("variant") or {}), row["id"]
        if "expected_error" in example:
            assert (row["expected"], row["expected_error"]) == ("", example["expected_error"]), row["id"]
        else:
            assert json.loads(row["expected"]) == example["expected"] and not row["expected_error"], row["id"]
        assert (row["description"], row["run"]) == (example["description"], example.get("run", "")), row["id"]


def test_passages_json_gives_back_every_text(data: Path, engine_rules: dict[str, dict]) -> None:
    sources = load_json(data, "passages.json")["sources"]
    assert sorted(s["key"] for s in sources) == sorted(p.name for p in (ROOT / "sources").iterdir() if p.is_dir())
    citing: dict[str, list[str]] = {}
    for rid, entry in engine_rules.items():
        for pid in entry["passages"]:
            citing.setdefault(pid, []).append(rid)
    for src in sources:
        text = (ROOT / "sources" / src["key"] / "text.txt").read_bytes()
        assert "".join(p["text"] for p in src["passages"]).encode("utf-8") == text, src["key"]
        for passage in src["passages"]:
            assert sorted(passage["rules"]) == sorted(citing.get(passage["id"], [])), passage["id"]


def test_the_data_page_lists_every_file_with_licence_and_citation(built_site: Path, data: Path) -> None:
    page = (built_site / "data" / "index.html").read_text(encoding="utf-8")
    served = sorted(p.name for p in data.iterdir() if p.is_file() and p.name != "index.html")
    missing = [name for name in served if f'href="{name}"' not in page]
    assert not missing, f"the Data page does not link {missing}"
    for key in ("ruffe", "gleek", "piquet", "rozaliev"):
        assert f'href="../sources/{key}/{key}.tei.xml"' in page
    assert "creativecommons.org/licenses/by/4.0" in page and "How to cite" in page and 'id="rights"' in page
    assert "<code>[@key]</code>" in page and "<code>[@key, locator]</code>" in page, "the markers are not explained"
    assert 'href="bibliography.json"' in page and 'href="bibliography.schema.json"' in page
