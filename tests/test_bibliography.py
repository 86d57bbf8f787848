"""The bibliography and the citations: every work a text names has an entry, by key.

The edition's texts (passage notes, source records, the catalogue's notes, evidence and
readings, the glossary, the bibliography's own notes) name a work by a citation marker,
``[@key]`` or ``[@key, locator]``; each entry of ``sources/bibliography.toml`` lists the
``names`` by which the texts name it. ``tools/citations.py`` reads both; these tests check
the edition, and check on small made-up editions that the checker finds what it must.
"""

from __future__ import annotations

import html
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
grade = "primary-print"
author = "Charles Cotton"
title = "The Compleat Gamester"
short = "Cotton 1674"
names = ["Cotton", "Compleat Gamester"]
note = "The first edition."

[[works]]
key = "pagat-rams"
kind = "web"
grade = "reference-web"
author = "John McLeod (ed.)"
title = "pagat.com: Rams group"
url = "https://www.pagat.com/rams/"
short = "pagat.com, 'Rams group'"
names = ["pagat"]
note = "Five-card drop-out games."
"""


def edition(tmp_path: Path, notes: list[str], works: str = WORKS, evidence: tuple[str, ...] = ()) -> Path:
    """A made-up edition: one source with one passage carrying ``notes``, one catalogue with
    one rule giving ``evidence``, an empty glossary and the bibliography ``works``."""
    (tmp_path / "sources" / "x").mkdir(parents=True)
    (tmp_path / "engine" / "catalogue").mkdir(parents=True)
    source = {"key": "x", "citation": "A test text.", "description": "Cites nothing.",
              "passages": [{"id": "x.p01", "notes": notes}]}
    (tmp_path / "sources" / "x" / "source.json").write_text(json.dumps(source, ensure_ascii=False), encoding="utf-8")
    (tmp_path / "engine" / "catalogue" / "g.toml").write_text(
        '[game]\nsummary = "A game."\n\n[[rules]]\nid = "g.a.b"\nnotes = []\nevidence = '
        + json.dumps(list(evidence), ensure_ascii=False) + "\n", encoding="utf-8")
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
    html = gen_pages.cite(ed, "As Cotton says [@cotton-1674, p. 3; @pagat-rams].", "../", badges=False)
    assert html == ("As Cotton says ([Cotton 1674](../bibliography.md#work-cotton-1674), p. 3; "
                    "[pagat.com, 'Rams group'](../bibliography.md#work-pagat-rams)).")
    assert "[@" not in gen_pages.cite(ed, "[@cotton-1674, as quoted by @pagat-rams]", "")


# ------------------------------------------------------------------ the kinds of evidence


def bibliography_schema() -> dict:
    return json.loads((ROOT / "docs" / "data" / "bibliography.schema.json").read_text(encoding="utf-8"))


def test_every_work_has_a_grade_and_the_schema_and_the_checker_agree_on_the_grades() -> None:
    import jsonschema

    schema = bibliography_schema()
    assert schema["$defs"]["work"]["properties"]["grade"]["enum"] == list(citations.GRADES)
    work_schema = {**schema["$defs"]["work"], "$defs": schema["$defs"]}
    work_schema["required"] = [f for f in work_schema["required"] if f not in {"marker", "page", "via", "unchecked", "names"}]
    validator = jsonschema.Draft202012Validator(work_schema)
    for work in citations.works(ROOT):
        assert work.get("grade") in citations.GRADES, work["key"]
        problems = [e.message for e in validator.iter_errors(work)]
        assert not problems, f"{work['key']}: {problems}"
    grades = {w["key"]: w["grade"] for w in citations.works(ROOT)}
    # what the entries say: a seventeenth-century print, a modern history, the compendium of
    # 1991 that describes games of a century before (rozaliev.p03: a modern book, not a text of
    # their time), web reference pages, an answers site and a shop, the retellings whose
    # publication is unknown, and the edition's own reasoning
    assert grades["cotton-1674"] == grades["cotton-18c"] == "primary-print"
    assert grades["shevtsov"] == grades["shevtsov-2005"] == grades["parlett-penguin"] == grades["rozaliev"] == "secondary-print"
    assert grades["pagat-rams"] == grades["wikipedia-gleek"] == grades["parlett-piquet"] == "reference-web"
    assert grades["otvet-178282990"] == grades["johnston-hubpages"] == grades["denexa-loo"] == "forum-shop"
    assert grades["ruffe-retelling"] == grades["gleek-retelling"] == "secondary-unplaced"
    assert [k for k, g in grades.items() if g == "editorial"] == ["editors"]
    assert set(grades.values()) == set(citations.GRADES)


def test_every_evidence_line_rests_on_at_least_one_graded_work() -> None:
    by_key = {w["key"]: w for w in citations.works(ROOT)}
    lines = [(where, text) for where, text in citations.texts(ROOT) if citations.GRADED.search(where)]
    assert len(lines) > 150
    for where, text in lines:
        assert citations.grades(text, by_key), f"{where}: {text}"
    counts: dict[str, int] = {}
    for _, text in lines:
        for grade in citations.grades(text, by_key):
            counts[grade] = counts.get(grade, 0) + 1
    assert set(counts) == set(citations.GRADES), counts


def test_grades_are_each_kind_once_in_the_order_cited() -> None:
    works = {w["key"]: w for w in tomllib.loads(WORKS)["works"]}
    assert citations.grades("x [@pagat-rams; @cotton-1674, p. 3] y [@pagat-rams] [@nobody]", works) == [
        "reference-web", "primary-print"]
    assert citations.grades("no citation (ruffe.p12)", works) == []


def test_a_work_known_through_another_takes_the_grade_of_the_work_read() -> None:
    """A line's grade is the grade of what was read (issue 23, N-A2): a period work cited "as
    summarised by" a web page shows the web page's badge, not its own; the period work keeps its
    name and link, without a badge."""
    import gen_pages

    works = {w["key"]: w for w in tomllib.loads(WORKS)["works"]}
    line = "Cotton has it [@cotton-1674, as summarised by @pagat-rams]."
    assert citations.grades(line, works) == ["reference-web"]
    assert citations.grades(line + " And so [@cotton-1674, p. 3].", works) == ["reference-web", "primary-print"]
    ed = gen_pages.Edition()
    ed.works = list(works.values())
    item = gen_pages.evidence_item(ed, line, "../")
    assert "edition-grade--primary-print" not in item and item.count("edition-grade--reference-web") == 1
    note = gen_pages.cite(ed, line, "")
    assert "edition-grade--primary-print" not in note and note.count("edition-grade--reference-web") == 1
    assert "[Cotton 1674](../bibliography.md#work-cotton-1674), as summarised by [pagat.com" in item


@pytest.mark.parametrize("works, evidence, complaint", [
    (WORKS, ["The text says so (x.p01)."], "g.a.b: evidence 1: cites no graded work"),
    (WORKS.replace('grade = "primary-print"\n', ""), ["Cotton says so [@cotton-1674]."],
     "bibliography cotton-1674: field 'grade' is missing"),
    (WORKS.replace('"reference-web"', '"blog"'), ["As pagat.com has it [@pagat-rams]."],
     "bibliography pagat-rams: grade 'blog' is not one of"),
])
def test_the_checker_finds_an_ungraded_work_or_evidence(tmp_path: Path, works: str, evidence: list[str],
                                                         complaint: str) -> None:
    root = edition(tmp_path, ["Both cited [@cotton-1674; @pagat-rams]."], works, tuple(evidence))
    problems = citations.problems(root)
    assert any(p.startswith(complaint) for p in problems), problems


def test_an_evidence_line_renders_with_the_badge_of_each_kind_it_rests_on() -> None:
    import gen_pages

    ed = gen_pages.Edition()
    ed.works = tomllib.loads(WORKS)["works"]
    item = gen_pages.evidence_item(ed, "Cotton says so [@cotton-1674, p. 3], and pagat.com [@pagat-rams].", "../")
    badges = ('<span class="edition-grades">'
              '<span class="edition-grade edition-grade--primary-print" title="{}">primary print</span> '
              '<span class="edition-grade edition-grade--reference-web" title="{}">web reference</span></span>')
    meanings = [html.escape(citations.GRADES[g][1]) for g in ("primary-print", "reference-web")]
    assert item == ("- " + badges.format(*meanings) + " Cotton says so ([Cotton 1674](../bibliography.md#work-cotton-1674), "
                    "p. 3), and pagat.com ([pagat.com, 'Rams group'](../bibliography.md#work-pagat-rams)).")
    note = gen_pages.cite(ed, "As Cotton says [@cotton-1674, p. 3].", "")
    assert note == ("As Cotton says ([Cotton 1674](bibliography.md#work-cotton-1674) "
                    '<span class="edition-grade edition-grade--primary-print" title="' + meanings[0]
                    + '">primary print</span>, p. 3).')
