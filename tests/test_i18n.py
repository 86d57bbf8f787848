"""The site in two languages: English at the root, Russian under /ru/ (mkdocs-static-i18n).

Every game page has its Russian twin at the same path under /ru/, built from the same catalogue
by the same renderer (tools/gen_pages.py, ``lang="ru"``): each rule under the same anchor as on
the English page, with its Russian title and statement; the language switch of every page leads
to its twin and back; the English pages keep their English rule texts.
"""

from __future__ import annotations

import re
import sys
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urljoin

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "tools"))

from engine import catalogue  # noqa: E402

import gen_pages  # noqa: E402

GAME_IDS = gen_pages.GAME_IDS
BASE = "http://site.test/"

pytestmark = pytest.mark.slow


@pytest.fixture(scope="session")
def site(built_site: Path) -> Path:
    return built_site


class Page(HTMLParser):
    """A built page: the text of each element with an id (headings, statements ...), the class
    ``edition-statement`` blocks in order, the status badges and the language switch's links."""

    VOID = {"br", "img", "input", "meta", "link", "hr", "source", "wbr", "col", "area", "base", "embed", "track"}

    def __init__(self) -> None:
        super().__init__()
        self.lang = ""
        self.text_by_id: dict[str, str] = {}
        self.statements: list[tuple[str, str]] = []   # (the anchor of the rule above it, text)
        self.badges: list[str] = []
        self.switch: dict[str, str] = {}
        self._open: list[list] = []   # [tag, id or None, kind, parts]
        self._last_rule = ""

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        classes = values.get("class", "").split()
        if tag == "html":
            self.lang = values.get("lang", "")
        if tag == "a" and "md-select__link" in classes and values.get("hreflang"):
            self.switch.setdefault(values["hreflang"], values.get("href", ""))
        if tag in self.VOID:
            return
        kind = ("statement" if "edition-statement" in classes else
                "badge" if "edition-status" in classes else
                "permalink" if "headerlink" in classes else None)
        if tag in ("h1", "h2", "h3", "h4") and values.get("id"):
            self._last_rule = values["id"]
        self._open.append([tag, values.get("id") or None, kind, []])

    def handle_endtag(self, tag: str) -> None:
        if tag in self.VOID:
            return
        while self._open:
            name, ident, kind, parts = self._open.pop()
            text = " ".join("".join(parts).split())
            if ident:
                self.text_by_id.setdefault(ident, text)
            if kind == "statement":
                self.statements.append((self._last_rule, text))
            elif kind == "badge":
                self.badges.append(text)
            if kind != "permalink" and self._open:
                self._open[-1][3].append("".join(parts))
            if name == tag:
                break

    def handle_data(self, data: str) -> None:
        if self._open and self._open[-1][2] != "permalink":
            self._open[-1][3].append(data)


def read(path: Path) -> Page:
    page = Page()
    page.feed(path.read_text(encoding="utf-8"))
    page.close()
    return page


def plain(markdown: str) -> str:
    """A catalogue text as the page shows it: without its Markdown marks, white space folded."""
    return " ".join(re.sub(r"[*`]", "", markdown).split())


def shown(text: str) -> str:
    return " ".join(re.sub(r"[*`]", "", text).split())


def rules_of(game_id: str) -> list[dict]:
    return list(catalogue.load(game_id).rules)


def url_of(site: Path, path: Path) -> str:
    rel = path.relative_to(site).as_posix()
    return BASE + (rel[: -len("index.html")] if rel.endswith("index.html") else rel)


def html_pages(site: Path) -> list[Path]:
    return sorted(p for p in site.rglob("index.html") if "assets/" not in p.relative_to(site).as_posix())


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_russian_game_page_has_every_rule_in_russian_under_its_english_anchor(site: Path, game_id: str) -> None:
    english = read(site / "games" / game_id / "index.html")
    russian = read(site / "ru" / "games" / game_id / "index.html")
    assert russian.lang == "ru" and english.lang == "en"
    statements = dict(russian.statements)
    for rule in rules_of(game_id):
        anchor = gen_pages.anchor(rule["id"])
        assert anchor in english.text_by_id, f"games/{game_id}/: no anchor {anchor}"
        assert anchor in russian.text_by_id, f"ru/games/{game_id}/: rule {rule['id']} is not under #{anchor}"
        assert shown(russian.text_by_id[anchor]) == plain(rule["ru"]["title"]), \
            f"ru/games/{game_id}/#{anchor}: the heading is not the rule's Russian title"
        assert shown(statements.get(anchor, "")) == plain(rule["ru"]["statement"]), \
            f"ru/games/{game_id}/#{anchor}: the statement is not the rule's Russian statement"


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_english_game_page_keeps_its_english_rules(site: Path, game_id: str) -> None:
    english = read(site / "games" / game_id / "index.html")
    statements = dict(english.statements)
    for rule in rules_of(game_id):
        anchor = gen_pages.anchor(rule["id"])
        assert shown(english.text_by_id[anchor]) == plain(rule["title"]), f"games/{game_id}/#{anchor}: heading changed"
        assert shown(statements.get(anchor, "")) == plain(rule["statement"]), f"games/{game_id}/#{anchor}: statement changed"
    assert set(english.badges) <= set(gen_pages.STATUSES) | {"implemented", "not implemented", ""}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_russian_page_gives_readings_examples_notes_and_badges_in_russian(site: Path, game_id: str) -> None:
    page = (site / "ru" / "games" / game_id / "index.html").read_text(encoding="utf-8")
    text = " ".join(re.sub(r"<[^>]+>", "", page).split())
    for rule in rules_of(game_id):
        for reading in rule.get("readings") or []:
            assert plain(reading["ru"]["statement"])[:60] in text, f"{rule['id']} reading {reading['id']}"
        for example in rule.get("examples") or []:
            if example.get("description"):
                assert plain(example["ru"]["description"])[:60] in text, f"{rule['id']} example {example['id']}"
    badges = read(site / "ru" / "games" / game_id / "index.html").badges
    labels = {label for label, _ in gen_pages.statuses("ru").values()}
    assert badges and set(badges) <= labels, f"ru/games/{game_id}/: badges not in Russian: {set(badges) - labels}"
    english_headings = ("The rules", "The variant options", "The readings compared")
    assert not any(f">{h}<" in page for h in english_headings), f"ru/games/{game_id}/: an English heading"


def test_every_page_switches_to_its_twin_and_back(site: Path) -> None:
    english_pages = [p for p in html_pages(site) if not p.relative_to(site).as_posix().startswith("ru/")]
    assert len(english_pages) >= len(GAME_IDS) + 4 + 7, [p.as_posix() for p in english_pages]
    for path in english_pages:
        here = url_of(site, path)
        page = read(path)
        assert set(page.switch) == {"en", "ru"}, f"{here}: the language switch is missing"
        twin_url = urljoin(here, page.switch["ru"])
        assert twin_url == BASE + "ru/" + here[len(BASE):], f"{here}: the switch leads to {twin_url}"
        twin = site / twin_url[len(BASE):] / "index.html"
        assert twin.is_file(), f"{here}: its Russian twin {twin_url} was not built"
        back = read(twin)
        assert back.lang == "ru"
        assert urljoin(twin_url, back.switch["en"]) == here, f"{twin_url}: the switch does not lead back to {here}"
        assert urljoin(here, page.switch["en"]) == here


def test_the_russian_home_page_is_russian_and_names_every_game(site: Path) -> None:
    home = read(site / "ru" / "index.html")
    assert home.lang == "ru"
    raw = (site / "ru" / "index.html").read_text(encoding="utf-8")
    for game_id in GAME_IDS:
        assert f'href="games/{game_id}/"' in raw, f"the Russian home page does not link games/{game_id}/"
    for dating in ("2005", "2025", "1991", "2003", "1665"):
        assert dating in raw
    assert "Играть" in (site / "ru" / "games" / "mushka" / "index.html").read_text(encoding="utf-8")


def test_the_sitemap_names_each_page_in_both_languages(site: Path) -> None:
    sitemap = (site / "sitemap.xml").read_text(encoding="utf-8")
    for game_id in GAME_IDS:
        assert re.search(rf'hreflang="ru" href="[^"]*/ru/games/{game_id}/"', sitemap), game_id
