"""A TEI P5 document for each source, generated from ``sources/`` and the catalogue.

Never kept by hand: ``tools/model.py`` calls :func:`documents` at every site build and
publishes ``sources/<key>/<key>.tei.xml`` beside the source page; ``python tools/tei.py DEST``
writes the same files into a folder. One document holds:

- the header: the source's title, author and the work it retells, the seed file it keeps
  (with its SHA-256), the edition's responsibility statement, version and licence, and the
  rights in the source text as they are known (``sources/rights.toml``);
- ``<div type="original" xml:lang="ru" xml:space="preserve">``: one ``<ab>`` per passage, its
  ``xml:id`` the passage id, its ``type`` the passage's kind (``heading``, ``text``,
  ``commentary``, ``citation``, ``stray``), nothing between the passages, so that the
  div's text, joined, is the seed byte for byte;
- ``<div type="translation" xml:lang="en">``: the edition's translation, one ``<ab>`` per
  passage (``xml:id`` the passage id + ``.en``), aligned both ways by ``corresp``;
- glossary terms, in both, as ``<term key="term-…" ref="…/glossary/#term-…">``;
- ``@ana`` on each original passage: the game it belongs to (a category of the header's
  ``games`` taxonomy) and the rules that rest on it (items of the back's rule list, whose
  ``xml:id`` is the rule id and whose ``ref`` is the rule's stable URL);
- the notes as ``<note target="#passage-id">`` in the back, the glossary entries used, and
  the rules resting on the text;
- in every editorial text (the notes, the glossary meanings, the source record's citation,
  description and retelling) each citation marker ``[@key, locator]`` as a ``<bibl>``: a
  ``<ref target="#bib-key">`` with the work's short label and the locator as ``<citedRange>``
  (a work the quotation is known through, ``as reported by @other``, as
  ``<relatedItem type="via">``); and in the back, ``<listBibl>``, every work the document
  cites, each ``<bibl xml:id="bib-key">`` built from ``sources/bibliography.toml``.

Validated against the TEI's ``tei_all`` RELAX NG schema by ``tests/test_tei.py``.
"""

from __future__ import annotations

import re
import sys
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Any

import citations
import edition_meta
from sitegen import model

TEI_NS = "http://www.tei-c.org/ns/1.0"
XML_NS = "http://www.w3.org/XML/1998/namespace"
TEI_ALL = "http://www.tei-c.org/release/xml/tei/custom/schema/relaxng/tei_all.rng"
ET.register_namespace("", TEI_NS)

LANGUAGE_NAMES = {"ru": "Russian", "en": "English", "fr": "French", "la": "Latin"}


def tei_path(key: str) -> str:
    """Where the site serves a source's TEI document (beside ``sources/<key>/``)."""
    return f"sources/{key}/{key}.tei.xml"


def _q(name: str) -> str:
    if name.startswith("xml:"):
        return f"{{{XML_NS}}}{name[4:]}"
    return f"{{{TEI_NS}}}{name}"


def el(parent: ET.Element | None, tag: str, text: str | None = None, **attrs: Any) -> ET.Element:
    """A TEI element (``xml_id`` → ``xml:id``, ``xml_lang`` → ``xml:lang``), appended to parent."""
    attributes = {_q(k.replace("xml_", "xml:", 1) if k.startswith("xml_") else k): str(v)
                  for k, v in attrs.items() if v is not None}
    node = ET.Element(_q(tag), attributes) if parent is None else ET.SubElement(parent, _q(tag), attributes)
    if text is not None:
        node.text = text
    return node


def append_text(node: ET.Element, text: str) -> None:
    """Append ``text`` to ``node``'s mixed content: after its last child, or as its text."""
    if not text:
        return
    children = list(node)
    if children:
        children[-1].tail = (children[-1].tail or "") + text
    else:
        node.text = (node.text or "") + text


# --------------------------------------------------------------------------- glossary terms

class Terms:
    """The glossary's word forms, each to its entry: marks them as ``<term>`` in running text.

    Forms are exact and whole words, as for the site's tooltips; a form listed under two
    entries belongs to the first.
    """

    def __init__(self, glossary: list[dict], meta: edition_meta.Meta) -> None:
        self.entry: dict[str, dict] = {}
        for term in glossary:
            for form in model.term_forms(term):
                self.entry.setdefault(form, term)
        forms = sorted(self.entry, key=len, reverse=True)
        self.pattern = re.compile(r"(?<!\w)(?:" + "|".join(map(re.escape, forms)) + r")(?!\w)") if forms else None
        self.meta = meta
        self.used: dict[str, dict] = {}

    def fill(self, node: ET.Element, text: str) -> None:
        """Put ``text`` into ``node``, each glossary form in it as a ``<term>`` child."""
        position = 0
        for match in self.pattern.finditer(text) if self.pattern else ():
            append_text(node, text[position:match.start()])
            term = self.entry[match.group(0)]
            key = model.term_slug(term.get("term", ""))
            self.used[key] = term
            el(node, "term", match.group(0), key=key, ref=self.meta.url("glossary/", None) + f"#{key}")
            position = match.end()
        append_text(node, text[position:])


# --------------------------------------------------------------------------- citations

def bib_id(key: str) -> str:
    """The ``xml:id`` of a work's entry in a document's list of works cited."""
    return f"bib-{key}"


class Citations:
    """The citation markers of the editorial texts (``[@key]``, ``[@key, p. 3]``,
    ``[@a; @b]``, ``[@a, as quoted by @b]``, see ``tools/citations.py``) as TEI.

    A marker becomes, in parentheses as the site shows it, one ``<bibl>`` per work: a
    ``<ref target="#bib-KEY">`` with the work's short label, then its locator as
    ``<citedRange>``; a locator that names the work a quotation is known through (``as
    reported by @b``) keeps its words and gives that work as ``<relatedItem type="via">``.
    Every work cited is remembered, and :meth:`list_bibl` builds the document's list of works
    cited from ``sources/bibliography.toml``, each ``<bibl xml:id="bib-KEY">``.
    """

    def __init__(self, works: list[dict]) -> None:
        self.works = {w.get("key"): w for w in works}
        self.order = {key: index for index, key in enumerate(self.works)}
        self.used: dict[str, dict] = {}
        self.mixed: list[ET.Element] = []   # the elements it filled: mixed content, never indented

    def ref(self, parent: ET.Element, key: str) -> ET.Element:
        """A ``<bibl>`` in ``parent`` whose ``<ref>`` points to the work's entry."""
        bibl = el(parent, "bibl")
        work = self.works.get(key)
        if work is None:
            model.warn("sources/bibliography.toml", f"a text cites [@{key}], which has no entry")
            bibl.text = key
            return bibl
        self.used.setdefault(key, work)
        el(bibl, "ref", str(work.get("short") or key), target=f"#{bib_id(key)}")
        return bibl

    def fill(self, node: ET.Element, text: str) -> None:
        """Put editorial ``text`` into ``node``, each citation marker in it as TEI."""
        self.mixed.append(node)
        for piece in citations.parse(" ".join(str(text).split())):
            if isinstance(piece, str):
                append_text(node, piece)
                continue
            append_text(node, "(")
            for number, (key, locator) in enumerate(piece):
                append_text(node, "; " if number else "")
                if not key:
                    append_text(node, locator or "")
                    continue
                bibl = self.ref(node, key)
                if locator:
                    self.locator(bibl, locator)
            append_text(node, ")")

    def locator(self, bibl: ET.Element, locator: str) -> None:
        append_text(bibl, ", ")
        parts = citations.INNER.split(locator)
        if len(parts) == 1:
            el(bibl, "citedRange", locator)
            return
        for index, part in enumerate(parts):
            if index % 2:
                self.ref(el(bibl, "relatedItem", type="via"), part)
            else:
                append_text(bibl, part)

    def entry(self, key: str) -> ET.Element:
        """A work's entry, as the bibliography page gives it: author, title, editors,
        edition, imprint (marked unchecked where the entry says so), address, the work it
        is known through, and the entry's note."""
        work = self.works[key]
        lang = work.get("language") or None
        bibl = el(None, "bibl", xml_id=bib_id(key), type=work.get("kind"), n=work.get("short"))
        self.mixed.append(bibl)
        el(bibl, "author", str(work.get("author", "")), xml_lang=lang).tail = ", "
        el(bibl, "title", str(work.get("title", "")), xml_lang=lang)
        if work.get("editors"):
            append_text(bibl, ", ed. ")
            el(bibl, "editor", str(work["editors"]), xml_lang=lang)
        if work.get("edition"):
            append_text(bibl, ", ")
            el(bibl, "edition", str(work["edition"]))
        imprint = [(tag, work.get(name)) for tag, name in
                   (("pubPlace", "place"), ("publisher", "publisher"), ("date", "year")) if work.get(name)]
        for index, (tag, value) in enumerate(imprint):
            append_text(bibl, ". " if index == 0 else ", ")
            year = str(value)
            el(bibl, tag, year, when=year if tag == "date" and re.fullmatch(r"\d{4}", year) else None)
        if work.get("unchecked"):
            append_text(bibl, " (")
            el(bibl, "note", "imprint unchecked: taken from library catalogues or another work's listing, "
                             "not checked against a copy", type="unchecked")
            append_text(bibl, ")")
        if work.get("url"):
            append_text(bibl, ". ")
            el(bibl, "ref", str(work["url"]), target=str(work["url"]), type="url")
        if work.get("via"):
            append_text(bibl, ". Known through ")
            self.ref(el(bibl, "relatedItem", type="via"), str(work["via"]))
        append_text(bibl, ".")
        if work.get("note"):
            append_text(bibl, " ")
            self.fill(el(bibl, "note", type="about"), str(work["note"]))
        if work.get("used_for"):
            append_text(bibl, " ")
            el(bibl, "note", f"Used for: {' '.join(str(work['used_for']).split())}", type="used-for")
        return bibl

    def list_bibl(self) -> ET.Element:
        """Every work cited so far, with the works their entries cite in turn, in the
        bibliography's order."""
        entries: dict[str, ET.Element] = {}
        while pending := [key for key in self.used if key not in entries]:
            for key in pending:
                entries[key] = self.entry(key)
        listing = el(None, "listBibl")
        listing.extend(entries[key] for key in sorted(entries, key=self.order.__getitem__))
        return listing


# --------------------------------------------------------------------------- the document

def header(tei: ET.Element, src: dict, ed: Any, meta: edition_meta.Meta, cites: Citations) -> None:
    key = src["key"]
    lang = src.get("language", "ru")
    head = el(tei, "teiHeader")
    file_desc = el(head, "fileDesc")
    title_stmt = el(file_desc, "titleStmt")
    el(title_stmt, "title", src.get("title", ""), type="main", xml_lang=lang)
    el(title_stmt, "title", f"{src.get('title_en', '')} An electronic edition with English translation and notes",
       type="sub", xml_lang="en")
    el(title_stmt, "author", src.get("author", ""))
    resp = el(title_stmt, "respStmt", xml_id="editors")
    el(resp, "resp", "kept the text byte for byte, cut it into passages, translated it into English, "
                     "annotated it, drew the rules from it and encoded it in TEI")
    for name in meta.authors:
        el(resp, "name", name)

    edition_stmt = el(file_desc, "editionStmt")
    edition = el(edition_stmt, "edition", f"{meta.title}, version {meta.version}, of ", n=meta.version)
    el(edition, "date", meta.date, when=meta.date).tail = "."

    extent = el(file_desc, "extent")
    count = len(src.get("passages") or [])
    el(extent, "measure", f"{count} passages", unit="passage", quantity=count)

    pub = el(file_desc, "publicationStmt")
    el(pub, "publisher", meta.title)
    el(pub, "date", meta.date, when=meta.date)
    el(pub, "idno", meta.url(tei_path(key)), type="URI")
    el(pub, "idno", meta.url(f"sources/{key}/"), type="page")
    availability = el(pub, "availability", status="restricted")
    el(availability, "licence", f"The edition's own parts of this document ({meta.content.covers}) are licensed "
                                f"under the {meta.content.name} licence ({meta.content.spdx}).",
       target=meta.content.url)
    rights = meta.source_rights.get(key) or "Nothing is known of the rights in this text."
    el(availability, "p", f"The Russian text: {rights} {meta.sources_note}")

    source_desc = el(file_desc, "sourceDesc")
    bibl = el(source_desc, "bibl", type="seed")
    el(bibl, "author", src.get("author", ""))
    el(bibl, "title", src.get("title", ""), xml_lang=lang)
    el(bibl, "title", src.get("title_en", ""), type="translated", xml_lang="en")
    el(bibl, "idno", src.get("seed_file", ""), type="seed-file")
    if src.get("sha256"):
        el(bibl, "idno", src["sha256"], type="SHA-256")
    cites.fill(el(bibl, "note", type="citation"), src.get("citation", ""))
    cites.fill(el(bibl, "note", type="description"), src.get("description", ""))
    if src.get("retells"):
        related = el(bibl, "relatedItem", type="retells" if src.get("is_retelling") else "basedOn")
        cites.fill(el(related, "bibl"), src["retells"])

    encoding = el(head, "encodingDesc")
    project = el(encoding, "projectDesc")
    el(project, "p", "An annotated, executable edition of historical card-game rules: each text kept byte for "
                     "byte and set beside an English translation passage by passage; every rule drawn from it "
                     f"stated with its passages and a status, implemented and tested. Published at {meta.base_url}.")
    decl = el(encoding, "editorialDecl")
    el(decl, "p", "The original is given exactly as the seed file has it, spelling, typing errors, spaces and "
                  "line breaks included: its div keeps white space (xml:space=\"preserve\") and holds nothing "
                  "but the passages, so that its text, joined, is the seed byte for byte. Each passage is an "
                  "ab whose xml:id is the passage id and whose type is its kind. The translation is the "
                  "edition's own, aligned by corresp. Glossary terms are marked as term, with key the "
                  "glossary entry's id and ref its page. On each original passage, ana names the game it "
                  "belongs to and the rules of the edition's catalogue that rest on it. In the editorial "
                  "texts, each citation of a work is a bibl whose ref points to the work's entry in the "
                  "list of works cited at the back, with the pages or chapter cited as citedRange.")
    class_decl = el(encoding, "classDecl")
    kinds = el(class_decl, "taxonomy", xml_id="passage-kinds")
    el(kinds, "desc", "The kinds of passage (the type of each ab).")
    for kind, text in model.KINDS.items():
        category = el(kinds, "category", xml_id=f"kind.{kind}")
        el(category, "catDesc", f"{kind}: {text}")
    games = el(class_decl, "taxonomy", xml_id="games")
    el(games, "desc", "The games the passages belong to.")
    for game_id in src.get("games") or []:
        category = el(games, "category", xml_id=f"game.{game_id}")
        desc = el(category, "catDesc")
        el(desc, "ref", model.game_name(ed, game_id), target=meta.url(f"games/{game_id}/"))
    statuses = el(class_decl, "taxonomy", xml_id="statuses")
    el(statuses, "desc", "How sure a rule is.")
    for status, text in model.STATUSES.items():
        category = el(statuses, "category", xml_id=f"status.{status}")
        el(category, "catDesc", f"{status}: {text}")

    profile = el(head, "profileDesc")
    usage = el(profile, "langUsage")
    for ident in dict.fromkeys([lang, "en"]):
        el(usage, "language", LANGUAGE_NAMES.get(ident, ident), ident=ident)


def document(ed: Any, key: str, meta: edition_meta.Meta) -> bytes:
    """The TEI P5 document of one source, as UTF-8 bytes."""
    src = ed.sources[key]
    passages = [p for p in src.get("passages") or [] if ed.passages.get(p.get("id")) is p]
    lang = src.get("language", "ru")
    terms = Terms(ed.glossary, meta)
    cites = Citations(ed.works)
    tei = el(None, "TEI", xml_lang="en")
    header(tei, src, ed, meta, cites)
    text = el(tei, "text")
    body = el(text, "body")

    original = el(body, "div", type="original", xml_lang=lang, xml_id=f"{key}.original", **{"xml_space": "preserve"})
    translation = el(body, "div", type="translation", xml_lang="en", xml_id=f"{key}.translation")
    el(translation, "head", f"{src.get('title_en', '')} The edition's translation")
    rules_here: list[str] = []
    for passage in passages:
        pid = passage["id"]
        cited = ed.cited_by.get(pid, [])
        rules_here += [r for r in cited if r not in rules_here]
        ana = ([f"#game.{passage['game']}"] if passage.get("game") in (src.get("games") or []) else []) + \
              [f"#{r}" for r in cited]
        ab = el(original, "ab", xml_id=pid, type=passage.get("kind", "text"), corresp=f"#{pid}.en",
                ana=" ".join(ana) or None)
        terms.fill(ab, passage.get("text", ""))
        en = el(translation, "ab", xml_id=f"{pid}.en", type=passage.get("kind", "text"), corresp=f"#{pid}")
        terms.fill(en, " ".join(str(passage.get("translation", "")).split()))

    back = el(text, "back")
    notes = el(back, "div", type="notes", xml_id=f"{key}.notes")
    el(notes, "head", "Notes")
    for passage in passages:
        for index, note in enumerate(n for n in passage.get("notes") or [] if str(n).strip()):
            cites.fill(el(notes, "note", xml_id=f"{passage['id']}.n{index + 1}", target=f"#{passage['id']}",
                          type="editorial", resp="#editors", n=index + 1), note)

    if rules_here:
        rules_div = el(back, "div", type="rules", xml_id=f"{key}.rules")
        el(rules_div, "head", "The rules of the edition's catalogue that rest on this text")
        listing = el(rules_div, "list", type="rules")
        for rid in rules_here:
            rule = ed.rules[rid]
            resting = [p for p in rule.get("passages") or [] if ed.passages.get(p, {}).get("source") == key]
            item = el(listing, "item", xml_id=rid, n=rid, ana=f"#status.{rule.get('status')}"
                      if rule.get("status") in model.STATUSES else None,
                      corresp=" ".join(f"#{p}" for p in resting) or None)
            el(item, "ref", rule.get("title") or rid, target=meta.url(f"games/{rule['game']}/", rid)).tail = \
                f" ({rid}, {rule.get('status', '')}): " + " ".join(str(rule.get("statement", "")).split())

    if terms.used:
        glossary = el(back, "div", type="glossary", xml_id=f"{key}.glossary")
        el(glossary, "head", "Glossary entries used in this text")
        listing = el(glossary, "list", type="gloss")
        for slug, term in sorted(terms.used.items(), key=lambda kv: kv[1].get("term", "").lower()):
            label = el(listing, "label", xml_id=slug)
            el(label, "term", term.get("term", ""), xml_lang=term.get("language") or None,
               ref=meta.url("glossary/") + f"#{slug}")
            cites.fill(el(listing, "item"), term.get("meaning", ""))

    if cites.used:
        works = el(back, "div", type="bibliography", xml_id=f"{key}.bibliography")
        el(works, "head", "Works cited")
        works.append(cites.list_bibl())

    indent(tei, keep=[original, *cites.mixed])
    body_xml = ET.tostring(tei, encoding="unicode")
    prolog = ('<?xml version="1.0" encoding="UTF-8"?>\n'
              f'<?xml-model href="{TEI_ALL}" type="application/xml" '
              'schematypens="http://relaxng.org/ns/structure/1.0"?>\n')
    return (prolog + body_xml + "\n").encode("utf-8")


MIXED = {_q(t) for t in ("ab", "note", "item", "label", "edition", "catDesc", "p", "head", "licence", "desc")}


def indent(root: ET.Element, keep: list[ET.Element]) -> None:
    """Indent the element structure only: never inside mixed content (a passage, a note, an
    item, an entry of the works cited), nor between the passages of the original, whose text
    and spacing are the seed's (both in ``keep``)."""
    stashed = []
    for node in [*keep, *(n for n in root.iter() if n.tag in MIXED)]:
        children = list(node)
        if children:
            stashed.append((node, node.text, children))
            for child in children:
                node.remove(child)
    ET.indent(root, space="  ")
    for node, text, children in stashed:
        node.text = text
        node.extend(children)


def documents(ed: Any, meta: edition_meta.Meta | None = None) -> dict[str, bytes]:
    """Every source's TEI document, by site path (``sources/<key>/<key>.tei.xml``)."""
    meta = meta or edition_meta.load()
    return {tei_path(key): document(ed, key, meta) for key in ed.sources}


def original_text(xml: bytes) -> str:
    """The original's text, joined: what a reader of the TEI gets back as the seed."""
    root = ET.fromstring(xml)
    div = root.find(f".//{{{TEI_NS}}}div[@type='original']")
    if div is None:
        raise ValueError("no <div type=\"original\"> in the document")
    return "".join(div.itertext())


def load_edition() -> Any:
    """The sources, catalogue and glossary, read as the page generator reads them (no engine)."""
    return model.load_texts(model.Edition())


def main(argv: list[str]) -> int:
    if len(argv) != 1:
        print("usage: python tools/tei.py DEST   (writes DEST/sources/<key>/<key>.tei.xml)", file=sys.stderr)
        return 2
    dest = Path(argv[0])
    for path, data in documents(load_edition()).items():
        target = dest / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data)
        print(target)
    return 0


if __name__ == "__main__":
    raise SystemExit(main(sys.argv[1:]))
