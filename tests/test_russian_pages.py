"""What the Russian reader reads is Russian (issue 15): the pages under /ru/ of the built site.

Every text node of every Russian page is read (the standard library's html.parser), and a run of
three or more consecutive Latin words in it is English the Russian reader would have to read. It
is allowed only where the page says it is not the edition's Russian prose:

- quotations and code: ``<q>``, ``<cite>``, ``<code>``, ``<pre>``, ``<kbd>``, a ``<blockquote>``
  whose language is not Russian (the English translation of a passage quoted under a rule), words
  between quotation marks (“…”, «…», "…": a note quoting Cotton or Cavendish in English), and the
  sources' own words (``.edition-original``: the original of a passage, which may name a game in
  Latin letters; ``.edition-term-original``: a glossary term as its source writes it, "Vie the Ruff");
- the translation column of a source page and of the glossary (``.edition-translation``, the
  English beside the Russian, which is what those pages are for);
- citations and bibliography entries: the suggested citations (``.edition-cite``), a source's
  own citation (``.edition-citation``), each citation marker as rendered, with its locator
  (``.edition-ref``: "Cavendish 1882, Cases and Decisions, Case I"), a glossary term's references
  (``.edition-term-refs``) and the bibliography's entries (``.edition-work``);
- proper names written in Latin letters: the games' English names and their names in the sources
  (Ruffe and Trumps), the glossary's terms, the titles, authors and short labels of the works in
  sources/bibliography.toml (Book of Games, Cotton's Ruff and Honours), the sources' English
  titles and the licences' names (Creative Commons Attribution 4.0 International): a run is
  allowed when it is part of one of these, or of a name in ``FOREIGN_NAMES`` (each with where it is);
- the English the data has no Russian for yet, which the page marks as such
  (``.edition-untranslated``, ``lang="en"``): the evidence lines of the rules (their Russian is to
  be written in the rules' ``ru`` tables: the build warns while one is missing), a measure's
  description engine/measures/*.json holds and the engine's catalogue has no Russian for
  (engine/locale/ru/measures.po: one reworded since the file was written), a column of the CSV
  tables' JSON Schemas without its ``ru`` description (docs/data/*.schema.json) on the Data page
  (a work's note and use in the bibliography have their Russian in [works.ru]). They are counted
  and must stay of those kinds;
- the theme's own notice in the footer, "Made with Material for MkDocs" (Material writes it in
  English in every language).

A Latin word here has a lower-case letter: rule ids and card symbols (``A♠``, ``10H KS AH``),
seat letters (A, B, C) make no run of words. Text is read block by block (a paragraph, a list
item, a table cell, a heading), the inline elements of a block joined, so that a run across a
link is seen whole and two headings of a list do not make one.

The pages that are not Russian yet are named in ``NOT_RUSSIAN_YET`` with the reason; a test
fails when one of them has become Russian, so that the list only shrinks.
"""

from __future__ import annotations

import re
import sys
import tomllib
from html.parser import HTMLParser
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

from engine import catalogue  # noqa: E402

pytestmark = pytest.mark.slow

# The Russian pages still shown in English (the site's fallback to the English page) or with an
# English body, and why.
NOT_RUSSIAN_YET = {
    "reference/api/": "the engine's API, from its docstrings, which are English (mkdocs.yml: shown in English on both)",
}

SKIPPED = {"script", "style", "code", "pre", "kbd", "samp", "q", "cite", "svg", "title", "textarea"}
ALLOWED_CLASSES = {"edition-translation", "edition-cite", "edition-citation", "edition-term-refs", "edition-work",
                   "edition-ref", "edition-original", "edition-term-original"}
INLINE = {"a", "span", "em", "strong", "b", "i", "abbr", "sup", "sub", "small", "mark", "u", "s", "del", "ins"}
THEME_NOTICE = "Made with"   # Material's "Made with <a>Material for MkDocs</a>" in the footer
UNTRANSLATED = "edition-untranslated"
VOID = {"br", "img", "input", "meta", "link", "hr", "source", "wbr", "col", "area", "base", "embed", "track"}
WORD = r"[A-Za-z'’-]*[a-z][A-Za-z'’-]*"
LATIN_RUN = re.compile(rf"(?<![\w@/.#-]){WORD}(?:[,;:]?\s+{WORD}){{2,}}")
QUOTED = re.compile(r"“[^”]*”|«[^»]*»|\"[^\"]*\"")


# Names in another language that the data writes unquoted in Russian prose, and where.
FOREIGN_NAMES = {
    "piquet au cent": "the French name of the game to a hundred, in the Russian rationale of a reading of Piquet",
}


def names() -> list[str]:
    """The proper names the Russian pages may write in Latin letters, lower-cased."""
    found: list[str] = list(FOREIGN_NAMES)
    for game_id in catalogue.games():
        game = catalogue.load(game_id).game
        found += [str(game.get("name") or ""), str(game.get("name_original") or ""), str((game.get("ru") or {}).get("name") or "")]
    glossary = tomllib.loads((ROOT / "sources" / "glossary.toml").read_text(encoding="utf-8"))
    for term in glossary.get("terms") or []:
        found += [str(term.get("term") or "")] + [str(f) for f in term.get("forms") or []]
    works = tomllib.loads((ROOT / "sources" / "bibliography.toml").read_text(encoding="utf-8"))
    for work in works.get("works") or []:
        found += [str(work.get(k) or "") for k in ("title", "short", "author", "editors")]
        found += [str(n) for n in work.get("names") or []]
    import json

    for path in (ROOT / "sources").glob("*/source.json"):
        found.append(str(json.loads(path.read_text(encoding="utf-8")).get("title_en") or ""))
    rights = tomllib.loads((ROOT / "sources" / "rights.toml").read_text(encoding="utf-8"))["edition"]
    found += [str(rights.get("content_licence_name")), str(rights.get("code_licence_name"))]
    return [" ".join(n.lower().replace("’", "'").split()) for n in found if n.strip()]


class Texts(HTMLParser):
    """Each text node of a page with whether it lies in an allowed element or a marked gap."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.stack: list[tuple[str, bool, bool]] = []   # (tag, allowed, untranslated)
        self.prose: list[str] = []                      # text nodes; "\n" between blocks
        self.untranslated: list[tuple[str, str]] = []   # (the marked element's nearest class, text)
        self._marked: list[str] = []
        self._classes: list[str] = []

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag not in INLINE:
            self.prose.append("\n")
        if tag in VOID:
            return
        values = {k: v or "" for k, v in attrs}
        classes = set(values.get("class", "").split())
        if "edition-term-ru" in classes:   # the glossary's Russian meaning is the edition's prose
            classes.discard("edition-original")
        allowed = (tag in SKIPPED or bool(classes & ALLOWED_CLASSES)
                   or (tag == "blockquote" and values.get("lang", "ru") != "ru")
                   or (tag == "a" and "bibliography/#work-" in values.get("href", ""))
                   or (tag == "a" and "mkdocs-material" in values.get("href", "") and self._innermost == "md-copyright"))
        untranslated = UNTRANSLATED in classes
        outer_allowed = any(a for _, a, _ in self.stack)
        outer_marked = any(u for _, _, u in self.stack)
        if untranslated and not outer_marked:
            self._marked.append(" ".join(sorted(classes)))
        self.stack.append((tag, allowed or outer_allowed, untranslated or outer_marked))
        self._classes.append(" ".join(sorted(classes)))

    def handle_endtag(self, tag: str) -> None:
        if tag not in INLINE:
            self.prose.append("\n")
        while self.stack:
            self._classes.pop()
            if self.stack.pop()[0] == tag:
                break

    @property
    def _innermost(self) -> str:
        return self._classes[-1] if self._classes else ""

    def handle_data(self, data: str) -> None:
        if not data.strip():
            return
        allowed = any(a for _, a, _ in self.stack)
        marked = any(u for _, _, u in self.stack)
        if allowed:
            return
        if marked:
            self.untranslated.append((self._marked[-1] if self._marked else "", data))
        elif data.strip() == THEME_NOTICE and self._innermost == "md-copyright":
            return
        else:
            self.prose.append(data)


def read(path: Path) -> Texts:
    parser = Texts()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


def english_runs(texts: list[str], allowed_names: list[str]) -> list[str]:
    runs = []
    for block in " ".join(texts).split("\n"):
        # the text nodes of one block, split by inline elements, joined
        joined = QUOTED.sub(" § ", " ".join(block.split()))
        for match in LATIN_RUN.finditer(joined):
            run = " ".join(match.group(0).lower().replace("’", "'").split())
            # a name, or a citation of names (an author, a title, a chapter: "Cavendish, The Laws of Piquet")
            pieces = [piece for piece in re.split(r"[,;]\s*", run) if piece]
            if all(any(piece in name for name in allowed_names) for piece in pieces):
                continue
            runs.append(match.group(0))
    return runs


def russian_pages(site: Path) -> dict[str, Path]:
    ru = site / "ru"
    return {p.parent.relative_to(ru).as_posix() + "/" if p.parent != ru else "": p
            for p in sorted(ru.rglob("index.html")) if "assets" not in p.parts}


@pytest.fixture(scope="module")
def pages(built_site: Path) -> dict[str, Path]:
    found = russian_pages(built_site)
    assert len(found) > 15, f"too few Russian pages under {built_site / 'ru'}: {sorted(found)}"
    return found


@pytest.fixture(scope="module")
def allowed_names() -> list[str]:
    return names()


def test_every_russian_page_is_russian_but_for_what_it_marks(pages: dict[str, Path], allowed_names: list[str]) -> None:
    found = {}
    for url, path in pages.items():
        if url in NOT_RUSSIAN_YET:
            continue
        runs = english_runs(read(path).prose, allowed_names)
        if runs:
            found[url] = runs[:8]
    assert not found, "English on the Russian pages, outside quotations, code, translations, citations and names:\n" + \
        "\n".join(f"  /ru/{url}: {runs}" for url, runs in found.items())


def test_the_english_left_is_marked_and_of_the_known_kinds(pages: dict[str, Path]) -> None:
    kinds = {}
    for url, path in pages.items():
        if url in NOT_RUSSIAN_YET:
            continue
        for classes, _text in read(path).untranslated:
            kinds.setdefault(classes, set()).add(url)
    # the evidence lines, holders and stale measure labels (span.edition-untranslated) and the schemas' column
    # descriptions (the bibliography's notes are Russian: sources/bibliography.toml [works.ru])
    assert set(kinds) <= {"edition-untranslated"}, kinds
    # and only where they belong: on the game pages and the Data page
    assert all(u.startswith("games/") or u == "data/" for u in kinds.get("edition-untranslated", ())), kinds


def test_the_pages_not_russian_yet_are_still_english(pages: dict[str, Path], allowed_names: list[str]) -> None:
    for url, reason in NOT_RUSSIAN_YET.items():
        assert url in pages, f"/ru/{url} ({reason}) is not built"
        assert english_runs(read(pages[url]).prose, allowed_names), \
            f"/ru/{url} has become Russian: take it out of NOT_RUSSIAN_YET"


def test_the_runs_found_are_english_words_not_names() -> None:
    """The detector itself: a sentence is caught, a game's name, Cyrillic and code are not."""
    names_ = [" ".join(n.split()) for n in ["ruffe and trumps", "book of games"]]
    assert english_runs(["Each reading was played over many games"], names_) == ["Each reading was played over many games"]
    assert english_runs(["В Ruffe and Trumps сдают по 12 карт, A♠ K♠ Q♠ — старшие"], names_) == []
    assert english_runs(["«Book of Games» Уиллоби"], names_) == []
    assert english_runs(["Правило", "piquet.score.pique", "основано"], names_) == []
