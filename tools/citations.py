"""How the edition's own texts name the works they cite.

A note, an evidence line, a reading's rationale or holder, a glossary meaning or a source
record names a work by its key in ``sources/bibliography.toml``, in a citation marker:
``[@key]``, ``[@key, locator]`` (a page, chapter or article), or several works in one
bracket, ``[@key; @other, p. 3]``. The site renders a marker as links to the bibliography
(``tools/gen_pages.py``); ``tests/test_bibliography.py`` checks the markers against the
bibliography with :func:`problems`.

Besides the markers, each work lists the ``names`` by which the texts name it (an author,
a title, a web address). A text that contains one of those names must carry a marker of a
work so named, and a web address in a text must belong to a work it cites: so a note that
names a work without its key, or a work that has no entry, is found.
"""

from __future__ import annotations

import json
import re
import tomllib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parents[1]

MARKER = re.compile(r"\[(@[^\[\]]*)\]")
_ITEM = re.compile(r"\s*@([a-z0-9]+(?:-[a-z0-9]+)*)\s*(?:,\s*(.*?))?\s*")
KEY = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")
# a web address as the notes write one: host names ending in a top-level domain
DOMAIN = re.compile(r"(?<![\w@/.-])((?:[a-z0-9-]+\.)+(?:com|org|net|ru|ua|fr|uk|io|city|info|de))\b")


# The kinds of evidence, each work's ``grade``: its label on the site's badge and what it means.
GRADES: dict[str, tuple[str, str]] = {
    "primary-print": ("primary print", "A text from the time of the practice it describes, in print, in a modern "
                      "edition of a manuscript, or read in a scan or transcription of a print; a period picture "
                      "with them."),
    "secondary-print": ("secondary print", "A modern book about the games, in print: a history, a guide, an "
                        "encyclopaedia article, a study."),
    "secondary-unplaced": ("secondary, unplaced", "A modern text about the games that the edition knows without "
                           "knowing where it was published (in print or on the web)."),
    "reference-web": ("web reference", "A reference page on the web: an encyclopaedia, a rules site, a "
                      "historian's or a society's pages, a transcription site."),
    "forum-shop": ("forum or shop", "A page posted by a user of a forum, an answers site or an article "
                   "platform, or a shop's page."),
    "editorial": ("editors' reasoning", "No outside work: the edition's own argument (arithmetic, the only "
                  "symmetric outcome, what a reading implies), given as evidence for a rule the texts leave open."),
}

# the texts whose every line must cite a work (and so carry at least one grade)
GRADED = re.compile(r": evidence \d+$")


def grades(text: str, by_key: dict[str, dict]) -> list[str]:
    """The grades of the works ``text`` cites, each once, in the order first cited (a key
    without an entry, or a work without a grade, gives none).  A line's grade is the grade of
    what was read: a work cited through another (``[@cotton-1674, as summarised by
    @wikipedia-all-fours]``) gives the grade of the work it is known through, not its own."""
    found: list[str] = []
    for key in read_keys(text):
        grade = (by_key.get(key) or {}).get("grade")
        if grade and grade not in found:
            found.append(grade)
    return found


def read_keys(text: str) -> list[str]:
    """The works ``text`` rests on as read, in order: each item's own work, or, for a work
    known through others (keys named in its locator), those others instead."""
    found: list[str] = []
    for piece in parse(text)[1::2]:
        for key, locator in piece:
            if key:
                found.extend(INNER.findall(locator or "") or [key])
    return found


INNER = re.compile(r"@([a-z0-9]+(?:-[a-z0-9]+)*)")

Item = tuple[str, str | None]


def _item(item: str) -> Item:
    """One item of a marker as ``(key, locator)``; a malformed item as ``("", item)``."""
    match = _ITEM.fullmatch(item)
    if match is None:
        return "", item.strip()
    return match.group(1), match.group(2) or None


def parse(text: str) -> list[str | list[Item]]:
    """``text`` cut into plain text and markers, alternately: ``[text, marker, text, …,
    text]``, each marker the list of its items ``(key, locator)`` (see :func:`_item`).
    A locator may itself name works (``as quoted by @chatto-1848``): ``INNER.split(locator)``
    gives its text and those keys alternately."""
    pieces: list[str | list[Item]] = []
    position = 0
    for marker in MARKER.finditer(text):
        pieces += [text[position:marker.start()], [_item(i) for i in marker.group(1).split(";")]]
        position = marker.end()
    pieces.append(text[position:])
    return pieces


def cited(text: str) -> list[Item]:
    """The ``(key, locator)`` pairs of every marker in ``text``, in order; a key named
    inside a locator (``[@cotton-1674, as quoted by @chatto-1848]``) counts as cited too.
    A malformed item is returned with the key ``""`` so that a check can report it."""
    found: list[Item] = []
    for piece in parse(text)[1::2]:
        for key, locator in piece:
            found.append((key, locator))
            if key:
                found.extend((inner, None) for inner in INNER.findall(locator or ""))
    return found


def render(text: str, link: Any, via_link: Any = None) -> str:
    """``text`` with each marker replaced by ``(label; label)``: each work by
    ``link(key, locator)``, a work named inside a locator by ``link(key, None)``; a work
    known through those (``as reported by @x``) by ``via_link(key, locator)`` when given."""
    def one(items: list[Item]) -> str:
        parts = []
        for key, locator in items:
            if not key:
                parts.append(locator or "")
                continue
            through = bool(INNER.search(locator or ""))
            if locator:
                locator = INNER.sub(lambda m: link(m.group(1), None), locator)
            parts.append((via_link if through and via_link is not None else link)(key, locator))
        return "(" + "; ".join(parts) + ")"
    return "".join(piece if isinstance(piece, str) else one(piece) for piece in parse(text))


def plain(text: str, works: dict[str, dict]) -> str:
    """``text`` as a reader sees it rendered: each work by its ``short`` label (its key if it
    has no entry), the locator after it: ``(Cotton 18th c., p. 143)``."""
    def label(key: str, locator: str | None) -> str:
        short = str((works.get(key) or {}).get("short") or key)
        return short + (f", {locator}" if locator else "")
    return render(text, label)


def works(root: Path = ROOT) -> list[dict[str, Any]]:
    return tomllib.loads((root / "sources" / "bibliography.toml").read_text(encoding="utf-8"))["works"]


def texts(root: Path = ROOT) -> Iterator[tuple[str, str]]:
    """Every editorial text that may cite a work, as ``(where, text)``: the source records
    and passage notes, the catalogue's notes, evidence, readings' rationales and holders (those
    of a game's named reading sets too), the glossary's meanings and the bibliography's own
    notes. (Translations, rule and reading-set statements and game summaries render the texts
    and the rules, and cite nothing.)"""
    for path in sorted((root / "sources").glob("*/source.json")):
        source = json.loads(path.read_text(encoding="utf-8"))
        key = source["key"]
        for field in ("citation", "description", "retells"):
            if isinstance(source.get(field), str):
                yield f"sources/{key}: {field}", source[field]
        for passage in source["passages"]:
            for index, note in enumerate(passage.get("notes") or []):
                yield f"{passage['id']}: note {index + 1}", note
    for path in sorted((root / "engine" / "catalogue").glob("*.toml")):
        catalogue = tomllib.loads(path.read_text(encoding="utf-8"))
        for reading_set in (catalogue.get("game") or {}).get("reading_sets") or []:
            where = f"{path.stem} reading set {reading_set.get('id')}"
            yield f"{where}: rationale", reading_set.get("rationale", "")
            for index, holder in enumerate(reading_set.get("held_by") or []):
                yield f"{where}: held_by {index + 1}", holder
        for rule in catalogue.get("rules", []):
            for field in ("notes", "evidence"):
                for index, line in enumerate(rule.get(field) or []):
                    yield f"{rule['id']}: {field} {index + 1}", line
            for reading in rule.get("readings") or []:
                where = f"{rule['id']} / {reading['id']}"
                yield f"{where}: rationale", reading.get("rationale", "")
                for index, holder in enumerate(reading.get("held_by") or []):
                    yield f"{where}: held_by {index + 1}", holder
    glossary = tomllib.loads((root / "sources" / "glossary.toml").read_text(encoding="utf-8"))
    for term in glossary["terms"]:
        yield f"glossary {term['term']}: meaning", term.get("meaning", "")
    for work in works(root):
        yield f"bibliography {work['key']}: note", work.get("note", "")


def _has(text: str, name: str) -> bool:
    return re.search(r"(?<!\w)" + re.escape(name) + r"(?!\w)", text) is not None


def _host(url: str) -> str:
    host = re.sub(r"^[a-z]+://", "", url).split("/")[0]
    return host[4:] if host.startswith("www.") else host


def problems(root: Path = ROOT) -> list[str]:
    """Everything wrong with the citations, one line each (empty when all is well)."""
    entries = works(root)
    by_key = {w["key"]: w for w in entries}
    found: list[str] = []
    keys = [w.get("key", "") for w in entries]
    for key in sorted({k for k in keys if keys.count(k) > 1}):
        found.append(f"bibliography: key {key!r} is used twice")
    for work in entries:
        if not KEY.fullmatch(work.get("key", "")):
            found.append(f"bibliography: key {work.get('key')!r} is not lowercase-with-hyphens")
        for field in ("kind", "grade", "author", "title", "short"):
            if not work.get(field):
                found.append(f"bibliography {work.get('key')}: field {field!r} is missing")
        if work.get("grade") and work["grade"] not in GRADES:
            found.append(f"bibliography {work['key']}: grade {work['grade']!r} is not one of {sorted(GRADES)}")
        if work.get("via") and work["via"] not in by_key:
            found.append(f"bibliography {work['key']}: 'via' names {work['via']!r}, which has no entry")
    named: dict[str, set[str]] = {}
    not_citing = [phrase for work in entries for phrase in work.get("not_citing") or []]
    for work in entries:
        for name in work.get("names") or []:
            named.setdefault(name, set()).add(work["key"])
        if work.get("url"):
            named.setdefault(_host(work["url"]), set()).add(work["key"])
    used: set[str] = set()
    for where, text in texts(root):
        markers = cited(text)
        keys_here = {key for key, _ in markers}
        own = where[len("bibliography "):-len(": note")] if where.startswith("bibliography ") else None
        used |= keys_here - {own}
        if own:
            keys_here.add(own)  # a work's own note may use its own names
        if GRADED.search(where) and not grades(text, by_key):
            found.append(f"{where}: cites no graded work (an evidence line cites the works it rests on, "
                         "or [@editors] when it rests on none)")
        for key, locator in markers:
            if not key:
                found.append(f"{where}: malformed citation marker item {locator!r}")
            elif key not in by_key:
                found.append(f"{where}: cites [@{key}], which has no bibliography entry")
        plain = MARKER.sub(" ", text)
        for phrase in not_citing:
            plain = plain.replace(phrase, " ")
        for name, owners in named.items():
            if _has(plain, name) and not keys_here & owners:
                found.append(f"{where}: names {name!r} without citing it (one of {sorted(owners)})")
        for domain in DOMAIN.findall(plain):
            host = domain[4:] if domain.startswith("www.") else domain
            owners = named.get(host)
            if owners is None:
                found.append(f"{where}: names the web address {host!r}, which no bibliography entry has")
    for work in entries:
        if work["key"] not in used:
            found.append(f"bibliography {work['key']}: no text cites it")
    return found
