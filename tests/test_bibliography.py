"""The bibliography and the citations: every work a text names has an entry, by key.

The edition's texts (passage notes, source records, the catalogue's notes, evidence and
readings, the glossary, the bibliography's own notes) name a work by a citation marker,
``[@key]`` or ``[@key, locator]``; each entry of ``sources/bibliography.toml`` lists the
``names`` by which the texts name it. ``tools/citations.py`` reads both; these tests check
the edition, and check on small made-up editions that the checker finds what it must.
"""

from __future__ import annotations

import json
import sys
import tomllib
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import citations  # noqa: E402

WORKS = """
[[works]]
key = "cotton-1674"
kind = "period"
author = "Charles Cotton"
title = "The Compleat Gamester"
short = "Cotton 1674"
names = ["Cotton", "Compleat Gamester"]
note = "The first edition."

[[works]]
key = "pagat-rams"
kind = "web"
author = "John McLeod (ed.)"
title = "pagat.com: Rams group"
url = "https://www.pagat.com/rams/"
short = "pagat.com, 'Rams group'"
names = ["pagat"]
note = "Five-card drop-out games."
"""


def edition(tmp_path: Path, notes: list[str], works: str = WORKS) -> Path:
    """A made-up edition: one source with one passage carrying ``notes``, one catalogue with
    one rule, an empty glossary and the bibliography ``works``."""
    (tmp_path / "sources" / "x").mkdir(parents=True)
    (tmp_path / "engine" / "catalogue").mkdir(parents=True)
    source = {"key": "x", "citation": "A test text.", "description": "Cites nothing.",
              "passages": [{"id": "x.p01", "notes": notes}]}
    (tmp_path / "sources" / "x" / "source.json").write_text(json.dumps(source, ensure_ascii=False), encoding="utf-8")
    (tmp_path / "engine" / "catalogue" / "g.toml").write_text(
        '[game]\nsummary = "A game."\n\n[[rules]]\nid = "g.a.b"\nnotes = []\nevidence = []\n', encoding="utf-8")
    (tmp_path / "sources" / "glossary.toml").write_text("terms = []\n", encoding="utf-8")
    (tmp_path / "sources" / "bibliography.toml").write_text(works, encoding="utf-8")
    return tmp_path


def test_every_work_the_texts_name_has_an_entry_and_every_entry_is_cited() -> None:
    problems = citations.problems(ROOT)
    assert not problems, "\n".join(problems)


def test_the_texts_carry_citations() -> None:
    """Not vacuous: the edition's texts cite most of its works more than once."""
    counts: dict[str, int] = {}
    for _, text in citations.texts(ROOT):
        for key, _ in citations.cited(text):
            counts[key] = counts.get(key, 0) + 1
    works = {w["key"] for w in citations.works(ROOT)}
    assert set(counts) == works
    assert sum(counts.values()) > 300
    for key in ("cotton-18c", "cotgrave-1662", "hoyle-19c", "parlett-piquet", "pagat-piquet", "willughby-2003"):
        assert counts[key] >= 5, key


def test_the_entries_are_complete_and_agree_with_the_source_records() -> None:
    works = {w["key"]: w for w in citations.works(ROOT)}
    for work in works.values():
        assert work["kind"] in {"source", "period", "modern", "web"}, work["key"]
        if work.get("via"):
            assert work["via"] in works, work["key"]
    rozaliev = json.loads((ROOT / "sources" / "rozaliev" / "source.json").read_text(encoding="utf-8"))
    assert works["rozaliev"]["author"] in rozaliev["author"]          # Николай Юрьевич Розалиев
    assert "Юрьевич" in works["rozaliev"]["author"] and "Н. Ю." in rozaliev["citation"]
    assert f"Москва, {works['rozaliev']['year']}" in rozaliev["citation"] and works["rozaliev"]["unchecked"]
    shevtsov = json.loads((ROOT / "sources" / "piquet" / "source.json").read_text(encoding="utf-8"))
    for key in ("shevtsov", "shevtsov-2005"):
        work = works[key]
        assert f"{work['place']}: {work['publisher']}, {work['year']}" in shevtsov["citation"], key
        assert work["unchecked"], f"{key}: an imprint from catalogues is marked unchecked"
    penguin = works["parlett-penguin"]
    assert penguin["year"] and penguin["edition"] and "Piquet" in penguin["note"] and "chapter 5" in penguin["note"]
    assert "Oxford Guide" in works["parlett-1990"]["title"]


@pytest.mark.parametrize("note, complaint", [
    ("Cotton says so [@cotton-1764].", "cites [@cotton-1764], which has no bibliography entry"),
    ("Cotton says so.", "names 'Cotton' without citing it"),
    ("As the Compleat Gamester has it [@pagat-rams].", "names 'Compleat Gamester' without citing it"),
    ("A page on example.org says so.", "names the web address 'example.org', which no bibliography entry has"),
    ("Cotton says so [@Cotton 1674].", "malformed citation marker item"),
])
def test_the_checker_finds_a_work_named_without_its_entry(tmp_path: Path, note: str, complaint: str) -> None:
    root = edition(tmp_path, [note, "Both cited [@cotton-1674; @pagat-rams]."])
    problems = citations.problems(root)
    assert any(complaint in p and p.startswith("x.p01: note 1") for p in problems), problems


def test_the_checker_accepts_a_cited_name_and_finds_an_uncited_entry(tmp_path: Path) -> None:
    root = edition(tmp_path, ["Cotton says so [@cotton-1674, p. 143], as pagat.com does [@pagat-rams]."])
    assert citations.problems(root) == []
    root = edition(tmp_path / "b", ["Cotton says so [@cotton-1674]."])
    assert citations.problems(root) == ["bibliography pagat-rams: no text cites it"]


def test_a_work_named_inside_a_locator_is_cited() -> None:
    assert citations.cited("x [@cotton-1674, as quoted by @chatto-1848; @pagat-rams] y") == [
        ("cotton-1674", "as quoted by @chatto-1848"), ("chatto-1848", None), ("pagat-rams", None)]
    assert citations.cited("no marker [here], nor [@ here]") == [("", "@ here")]


def test_markers_render_as_links_to_the_bibliography() -> None:
    import gen_pages

    ed = gen_pages.Edition()
    ed.works = tomllib.loads(WORKS)["works"]
    html = gen_pages.cite(ed, "As Cotton says [@cotton-1674, p. 3; @pagat-rams].", "../")
    assert html == ("As Cotton says ([Cotton 1674](../bibliography.md#work-cotton-1674), p. 3; "
                    "[pagat.com, 'Rams group'](../bibliography.md#work-pagat-rams)).")
    assert "[@" not in gen_pages.cite(ed, "[@cotton-1674, as quoted by @pagat-rams]", "")
