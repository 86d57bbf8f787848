"""The TEI P5 edition of every source (``tools/tei.py``), generated from ``sources/``.

- Joined, the original's text in the TEI gives back the seed byte for byte.
- One ``ab`` per passage, in order, its ``xml:id`` the passage id and its ``type`` the kind;
  the translation aligned passage by passage; every note anchored to its passage; every
  glossary term pointing to its entry; every passage pointing to the rules that rest on it
  (checked against the catalogue as the engine reads it).
- Every citation marker of an editorial text (``[@key, locator]``) is a ``<bibl>`` whose
  ``<ref>`` points to the document's list of works cited, the locator a ``<citedRange>`` (or
  the work it is known through a ``<relatedItem type="via">``); the list holds every work
  the document cites and no other, each entry built from ``sources/bibliography.toml``.
- Every document is valid against the TEI's own ``tei_all`` RELAX NG schema, checked with
  jing (Debian's package), one run for all documents; ``make setup`` puts the schema in
  ``build/schemas/`` (``tools/schemas.py``) and installs jing.
- The site serves each document beside its source page, and the page links it.
"""

from __future__ import annotations

import hashlib
import json
import re
import shutil
import subprocess
import sys
import time
import tomllib
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from engine import catalogue

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import citations  # noqa: E402
import edition_meta  # noqa: E402
import gen_pages  # noqa: E402
import tei  # noqa: E402

SEEDS = Path("/work/shared/seeds")
SCHEMA = ROOT / "build" / "schemas" / "tei_all.rng"
NS = {"tei": tei.TEI_NS}
XML_ID = f"{{{tei.XML_NS}}}id"
XML_SPACE = f"{{{tei.XML_NS}}}space"
KEYS = ["ruffe", "gleek", "piquet", "rozaliev"]
WORKS = {w["key"]: w for w in citations.works(ROOT)}


@pytest.fixture(scope="module")
def documents() -> dict[str, bytes]:
    ed = tei.load_edition()
    return {key: data for key, data in zip(ed.sources, tei.documents(ed).values())}


def source(key: str) -> dict:
    return json.loads((ROOT / "sources" / key / "source.json").read_text(encoding="utf-8"))


def root_of(documents: dict[str, bytes], key: str) -> ET.Element:
    return ET.fromstring(documents[key])


def plain(text: str) -> str:
    """An editorial text as the TEI gives it to read: white space collapsed, markers rendered."""
    return citations.plain(" ".join(text.split()), WORKS)


def cited_by() -> dict[str, list[str]]:
    """Passage id -> the rules resting on it, from the catalogue as the engine reads it."""
    out: dict[str, list[str]] = {}
    for game_id in catalogue.games():
        for rule in catalogue.load(game_id).rules:
            for pid in rule.get("passages") or []:
                out.setdefault(pid, []).append(rule["id"])
    return out


@pytest.mark.parametrize("key", KEYS)
def test_the_original_joined_is_the_seed_byte_for_byte(documents: dict[str, bytes], key: str) -> None:
    text = (ROOT / "sources" / key / "text.txt").read_bytes()
    joined = tei.original_text(documents[key]).encode("utf-8")
    assert joined == text, f"{key}: the TEI original differs from text.txt at byte " \
        f"{next((i for i, (a, b) in enumerate(zip(joined, text)) if a != b), min(len(joined), len(text)))}"
    seed = SEEDS / source(key)["seed_file"]
    if SEEDS.is_dir():
        assert joined == seed.read_bytes(), f"{key}: the TEI original differs from {seed}"
    div = root_of(documents, key).find(".//tei:div[@type='original']", NS)
    assert div.get(XML_SPACE) == "preserve", "the original's div must keep white space"
    assert not (div.text or "") and all(not (ab.tail or "") for ab in div), \
        "nothing may stand between the passages of the original"


@pytest.mark.parametrize("key", KEYS)
def test_one_element_per_passage_with_its_id_and_kind(documents: dict[str, bytes], key: str) -> None:
    passages = source(key)["passages"]
    root = root_of(documents, key)
    original = root.findall(".//tei:div[@type='original']/tei:ab", NS)
    assert [ab.get(XML_ID) for ab in original] == [p["id"] for p in passages]
    assert [ab.get("type") for ab in original] == [p["kind"] for p in passages]
    for ab, passage in zip(original, passages):
        assert "".join(ab.itertext()) == passage["text"], f"{passage['id']}: text differs"
    kinds = {p["kind"] for p in passages}
    if "stray" in kinds:
        assert root.findall(".//tei:ab[@type='stray']", NS), "stray passages must be marked as such"
    assert root.findall(".//tei:div[@type='original']/tei:ab[@type='heading']", NS), "headings must be marked"


@pytest.mark.parametrize("key", KEYS)
def test_the_translation_is_aligned_passage_by_passage(documents: dict[str, bytes], key: str) -> None:
    passages = source(key)["passages"]
    root = root_of(documents, key)
    by_id = {el.get(XML_ID): el for el in root.iter() if el.get(XML_ID)}
    english = root.findall(".//tei:div[@type='translation']/tei:ab", NS)
    assert [ab.get(XML_ID) for ab in english] == [f"{p['id']}.en" for p in passages]
    for ab, passage in zip(english, passages):
        assert ab.get("corresp") == f"#{passage['id']}"
        assert by_id[passage["id"]].get("corresp") == f"#{passage['id']}.en"
        assert " ".join("".join(ab.itertext()).split()) == " ".join(passage["translation"].split())


@pytest.mark.parametrize("key", KEYS)
def test_notes_are_anchored_to_their_passage(documents: dict[str, bytes], key: str) -> None:
    passages = source(key)["passages"]
    notes = root_of(documents, key).findall(".//tei:back/tei:div[@type='notes']/tei:note", NS)
    expected = [(f"#{p['id']}", plain(n)) for p in passages for n in p["notes"] if n.strip()]
    assert [(n.get("target"), "".join(n.itertext())) for n in notes] == expected
    assert len(notes) > 0


@pytest.mark.parametrize("key", KEYS)
def test_each_passage_points_to_the_rules_resting_on_it(documents: dict[str, bytes], key: str) -> None:
    root = root_of(documents, key)
    meta = edition_meta.load()
    rules = {item.get(XML_ID): item for item in root.findall(".//tei:div[@type='rules']/tei:list/tei:item", NS)}
    citing = cited_by()
    for ab in root.findall(".//tei:div[@type='original']/tei:ab", NS):
        pointers = (ab.get("ana") or "").split()
        named = [p[1:] for p in pointers if not p.startswith("#game.")]
        assert named == citing.get(ab.get(XML_ID), []), f"{ab.get(XML_ID)}: ana names {named}"
        for rid in named:
            assert rid in rules, f"{ab.get(XML_ID)} points to {rid}, which the back does not list"
            ref = rules[rid].find("tei:ref", NS)
            game = catalogue.game_of(rid)
            assert ref.get("target") == meta.url(f"games/{game}/", rid)
            assert f"#{ab.get(XML_ID)}" in rules[rid].get("corresp", "").split()
    assert rules, f"{key}: no rule rests on this text?"


@pytest.mark.parametrize("key", KEYS)
def test_glossary_terms_point_to_their_entry(documents: dict[str, bytes], key: str) -> None:
    root = root_of(documents, key)
    glossary = tomllib.loads((ROOT / "sources" / "glossary.toml").read_text(encoding="utf-8"))["terms"]
    slugs = {gen_pages.term_slug(t["term"]): t for t in glossary}
    labels = {label.get(XML_ID) for label in root.findall(".//tei:div[@type='glossary']/tei:list/tei:label", NS)}
    terms = root.findall(".//tei:body//tei:term", NS)
    assert terms, f"{key}: no glossary term marked"
    for term in terms:
        key_ = term.get("key")
        assert key_ in slugs, f"term {term.text!r} names no glossary entry ({key_})"
        assert term.text in slugs[key_]["forms"], f"{term.text!r} is not a form of {slugs[key_]['term']!r}"
        assert term.get("ref", "").endswith(f"/glossary/#{key_}")
        assert key_ in labels, f"{key_} is not in the document's glossary"


@pytest.mark.parametrize("key", KEYS)
def test_the_header(documents: dict[str, bytes], key: str) -> None:
    src = source(key)
    meta = edition_meta.load()
    header = root_of(documents, key).find("tei:teiHeader", NS)
    text = lambda path: [("".join(e.itertext())) for e in header.findall(path, NS)]  # noqa: E731
    assert src["title"] in text(".//tei:titleStmt/tei:title")
    assert text(".//tei:titleStmt/tei:author") == [src["author"]]
    assert text(".//tei:titleStmt/tei:respStmt/tei:name") == list(meta.authors)
    assert text(".//tei:sourceDesc/tei:bibl/tei:idno[@type='seed-file']") == [src["seed_file"]]
    digest = hashlib.sha256((ROOT / "sources" / key / "text.txt").read_bytes()).hexdigest()
    assert text(".//tei:sourceDesc/tei:bibl/tei:idno[@type='SHA-256']") == [digest]
    if src["retells"]:
        assert text(".//tei:sourceDesc/tei:bibl/tei:relatedItem/tei:bibl") == [plain(src["retells"])]
    assert text(".//tei:sourceDesc/tei:bibl/tei:note[@type='citation']") == [plain(src["citation"])]
    assert text(".//tei:sourceDesc/tei:bibl/tei:note[@type='description']") == [plain(src["description"])]
    assert header.find(".//tei:editionStmt/tei:edition", NS).get("n") == edition_meta.load_pyproject_version()
    licence = header.find(".//tei:availability/tei:licence", NS)
    assert licence.get("target") == meta.content.url and meta.content.spdx in "".join(licence.itertext())
    rights = " ".join(text(".//tei:availability/tei:p"))
    assert meta.source_rights[key] in rights, "the source text's rights must be stated as they are"


def editorial_texts(root: ET.Element, key: str) -> list[tuple[ET.Element, str]]:
    """Each element of the document that holds an editorial text, with that text as the
    edition's files give it: the source record's citation, description and retelling, the
    passage notes, the glossary meanings."""
    src = source(key)
    sd = root.find(".//tei:sourceDesc/tei:bibl", NS)
    found = [(sd.find("tei:note[@type='citation']", NS), src["citation"]),
             (sd.find("tei:note[@type='description']", NS), src["description"])]
    if src["retells"]:
        found.append((sd.find("tei:relatedItem/tei:bibl", NS), src["retells"]))
    notes = root.findall(".//tei:back/tei:div[@type='notes']/tei:note", NS)
    found += zip(notes, [n for p in src["passages"] for n in p["notes"] if n.strip()])
    glossary = {gen_pages.term_slug(t["term"]): t for t in
                tomllib.loads((ROOT / "sources" / "glossary.toml").read_text(encoding="utf-8"))["terms"]}
    listing = root.find(".//tei:div[@type='glossary']/tei:list", NS)
    children = list(listing) if listing is not None else []
    for label, item in zip(children[::2], children[1::2]):
        found.append((item, glossary[label.get(XML_ID)].get("meaning", "")))
    return found


def as_cited(bibl: ET.Element) -> tuple[str, str | None, list[str]]:
    """What an inline ``<bibl>`` cites: the work, the cited range, the works it is known through."""
    ref = bibl.find("tei:ref", NS)
    target = ref.get("target") if ref is not None else None
    cited_range = bibl.find("tei:citedRange", NS)
    via = [r.get("target") for r in bibl.findall("tei:relatedItem[@type='via']/tei:bibl/tei:ref", NS)]
    return target, (cited_range.text if cited_range is not None else None), via


@pytest.mark.parametrize("key", KEYS)
def test_citation_markers_are_bibl_elements_pointing_to_the_works_cited(documents: dict[str, bytes],
                                                                       key: str) -> None:
    root = root_of(documents, key)
    texts = editorial_texts(root, key)
    count = 0
    for node, text in texts:
        expected = []
        for piece in citations.parse(" ".join(text.split()))[1::2]:
            for work, locator in piece:
                inner = citations.INNER.findall(locator or "")
                expected.append((f"#bib-{work}", locator if locator and not inner else None,
                                 [f"#bib-{k}" for k in inner]))
        got = [as_cited(bibl) for bibl in node.findall("tei:bibl", NS)]
        assert got == expected, f"{key}: {text[:80]!r}: {got} != {expected}"
        assert "".join(node.itertext()) == plain(text)
        count += len(expected)
    assert count >= 20, f"{key}: only {count} citations found in {len(texts)} editorial texts"
    outside = "".join(root.itertext()).replace(tei.original_text(documents[key]), "")
    assert "[@" not in outside, f"{key}: a citation marker is left as text"


@pytest.mark.parametrize("key", KEYS)
def test_the_works_cited_are_listed_from_the_bibliography(documents: dict[str, bytes], key: str) -> None:
    root = root_of(documents, key)
    entries = root.findall(".//tei:back/tei:div[@type='bibliography']/tei:listBibl/tei:bibl", NS)
    listed = [e.get(XML_ID) for e in entries]
    targets = {r.get("target") for r in root.iter(f"{{{tei.TEI_NS}}}ref") if r.get("target", "").startswith("#bib-")}
    assert sorted(listed) == sorted(t[1:] for t in targets),         f"{key}: the list of works cited must hold every work the document cites, and no other"
    keys = [i[len("bib-"):] for i in listed]
    assert keys == [k for k in WORKS if k in keys], "in the bibliography's order"
    for entry, work_key in zip(entries, keys):
        work = WORKS[work_key]
        child = lambda tag: ["".join(e.itertext()) for e in entry.findall(f"tei:{tag}", NS)]  # noqa: E731
        assert (entry.get("type"), entry.get("n")) == (work["kind"], work["short"]), work_key
        assert child("author") == [work["author"]] and child("title") == [work["title"]], work_key
        assert entry.find("tei:title", NS).get(f"{{{tei.XML_NS}}}lang") == work["language"], work_key
        for tag, field in (("editor", "editors"), ("edition", "edition"), ("pubPlace", "place"),
                           ("publisher", "publisher"), ("date", "year")):
            assert child(tag) == ([str(work[field])] if work.get(field) else []), f"{work_key}: {tag}"
        if work.get("year"):
            assert entry.find("tei:date", NS).get("when") == str(work["year"])
        assert bool(child("note[@type='unchecked']")) == bool(work.get("unchecked")), f"{work_key}: unchecked"
        urls = [r.get("target") for r in entry.findall("tei:ref[@type='url']", NS)]
        assert urls == ([work["url"]] if work.get("url") else []), work_key
        via = [r.get("target") for r in entry.findall("tei:relatedItem[@type='via']/tei:bibl/tei:ref", NS)]
        assert via == ([f"#bib-{work['via']}"] if work.get("via") else []), work_key
        assert child("note[@type='about']") == ([plain(work["note"])] if work.get("note") else []), work_key
    assert any(WORKS[k].get("unchecked") for k in keys) and any(WORKS[k].get("via") for k in keys), \
        f"{key}: not one unchecked imprint or work known through another among {len(keys)} works?"


def jing() -> str:
    path = shutil.which("jing")
    if path is None:
        pytest.fail("jing is not installed: `make setup` installs the Debian package (as root), or run "
                    "`DEBIAN_FRONTEND=noninteractive apt-get install -y --no-install-recommends jing`")
    if not SCHEMA.is_file():
        pytest.fail(f"{SCHEMA.relative_to(ROOT)} is missing: run `make setup` (tools/schemas.py)")
    return path


def test_every_document_is_valid_against_tei_all(documents: dict[str, bytes], tmp_path: Path) -> None:
    """One jing run for all four documents and one broken on purpose: the broken one must be
    reported (the validator really checks), the others not at all."""
    command = jing()
    paths = []
    for key, data in documents.items():
        paths.append(tmp_path / f"{key}.tei.xml")
        paths[-1].write_bytes(data)
    broken = tmp_path / "broken.tei.xml"
    broken.write_bytes(documents["ruffe"].replace(b"<teiHeader>", b"<teiHeader><ab>misplaced</ab>", 1))
    started = time.perf_counter()
    done = subprocess.run([command, str(SCHEMA), *map(str, paths), str(broken)],
                          capture_output=True, text=True, timeout=120, check=False)
    elapsed = time.perf_counter() - started
    errors = [line for line in done.stdout.splitlines() + done.stderr.splitlines()
              if line.strip() and not line.startswith("[warning]")]
    on_valid = [line for line in errors if "broken.tei.xml" not in line]
    assert not on_valid, "not valid against tei_all:\n" + "\n".join(on_valid[:40])
    assert any("broken.tei.xml" in line and "ab" in line for line in errors), \
        f"jing did not reject a misplaced <ab> (exit {done.returncode}): {errors[:5]}"
    assert elapsed < 60, f"validating took {elapsed:.1f} s"


def test_the_schema_is_the_tei_s_own_tei_all() -> None:
    jing()
    head = SCHEMA.read_text(encoding="utf-8")[:2000]
    assert 'ns="http://www.tei-c.org/ns/1.0"' in head
    assert re.search(r"TEI Edition: Version\s\d+\.\d+\.\d+", head), "not a TEI release's tei_all.rng"


@pytest.mark.slow
@pytest.mark.parametrize("key", KEYS)
def test_the_site_serves_each_document_beside_its_page(built_site: Path, documents: dict[str, bytes], key: str) -> None:
    served = built_site / tei.tei_path(key)
    assert served.is_file(), f"{tei.tei_path(key)} is not served"
    assert served.read_bytes() == documents[key], f"{tei.tei_path(key)} is not the generated document"
    page = (built_site / "sources" / key / "index.html").read_text(encoding="utf-8")
    assert f'href="{key}.tei.xml"' in page, f"sources/{key}/ does not link its TEI document"
