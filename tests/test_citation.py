"""Citing the edition: ``CITATION.cff``, the "cite this" lines, the version in the footer.

``CITATION.cff`` is validated against the Citation File Format 1.2.0 JSON Schema through
``jsonschema`` (the schema is taken from the cffconvert wheel by ``make setup``; see
``tools/schemas.py``), and must agree with ``pyproject.toml`` (version), ``mkdocs.yml``
(site_url) and ``sources/rights.toml`` (licences). On the built site every passage and
every rule has a "cite this" line with its stable URL, and every page's footer names the
edition's version.
"""

from __future__ import annotations

import html
import json
import re
import sys
import tomllib
from pathlib import Path

import jsonschema
import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import edition_meta  # noqa: E402

CFF_SCHEMA = ROOT / "build" / "schemas" / "cff-1.2.0.schema.json"
GAME_IDS = ["ruffe-and-trumps", "gleek", "piquet", "mushka", "pamphil", "rams", "petukh"]
SOURCE_KEYS = ["ruffe", "gleek", "piquet", "rozaliev"]


def cff_schema() -> dict:
    if not CFF_SCHEMA.is_file():
        pytest.fail(f"{CFF_SCHEMA.relative_to(ROOT)} is missing: run `make setup` (tools/schemas.py)")
    return json.loads(CFF_SCHEMA.read_text(encoding="utf-8"))


def cff_errors(data: dict) -> list[str]:
    schema = cff_schema()
    validator = jsonschema.validators.validator_for(schema)(schema, format_checker=jsonschema.FormatChecker())
    return [f"{'/'.join(map(str, e.absolute_path)) or '(top)'}: {e.message}" for e in validator.iter_errors(data)]


def test_citation_cff_is_valid() -> None:
    errors = cff_errors(edition_meta.load_citation())
    assert not errors, "CITATION.cff does not validate against CFF 1.2.0:\n" + "\n".join(errors)


def test_the_cff_schema_rejects_a_broken_file() -> None:
    data = edition_meta.load_citation()
    data.pop("authors")
    data["date-released"] = "1 December"
    errors = cff_errors(data)
    assert any("authors" in e for e in errors) and any("date-released" in e for e in errors), errors


def mkdocs_site_url() -> str:
    """mkdocs.yml's site_url as MkDocs reads it (``!ENV [SITE_URL, default]``)."""
    from mkdocs.utils.yaml import yaml_load

    return yaml_load((ROOT / "mkdocs.yml").read_text(encoding="utf-8"))["site_url"]


def test_citation_agrees_with_the_project(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SITE_URL", raising=False)
    cff = edition_meta.load_citation()
    assert cff["version"] == edition_meta.load_pyproject_version(), "CITATION.cff and pyproject.toml differ in version"
    # no url until the edition has a home: no address it was not given (the loopback one it once named)
    assert "url" not in cff, "CITATION.cff names an address; a deployment's is SITE_URL (README, 'Deploying')"
    assert "127.0.0.1" not in (ROOT / "CITATION.cff").read_text(encoding="utf-8")
    assert mkdocs_site_url() == edition_meta.UNDEPLOYED, "mkdocs.yml's default site_url must be the placeholder"
    meta = edition_meta.load()
    assert meta.base_url == edition_meta.UNDEPLOYED and not meta.deployed
    rights = tomllib.loads((ROOT / "sources" / "rights.toml").read_text(encoding="utf-8"))["edition"]
    assert sorted(cff["license"]) == sorted([rights["content_licence"], rights["code_licence"]])
    assert re.fullmatch(r"\d{4}-\d{2}-\d{2}", cff["date-released"])


def test_a_deployment_s_site_url_is_the_base_of_every_stable_url(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SITE_URL", "https://example.org/edition/")
    assert mkdocs_site_url() == "https://example.org/edition/"
    meta = edition_meta.load()
    assert meta.base_url == "https://example.org/edition/" and meta.deployed
    assert meta.url("games/gleek/", "gleek.deal.hand-size") == "https://example.org/edition/games/gleek/#gleek-deal-hand-size"


def test_rights_are_stated_for_every_source() -> None:
    meta = edition_meta.load()
    assert sorted(meta.source_rights) == sorted(SOURCE_KEYS)
    for key, text in meta.source_rights.items():
        assert "No licence is known" in text or "none is known" in text, \
            f"{key}: the rights must say what is known, and that no licence is known"


@pytest.fixture(scope="module")
def meta() -> edition_meta.Meta:
    return edition_meta.load()


def cite_blocks(page: str) -> dict[str, str]:
    """Stable URL -> citation text, for every "cite this" block of a page."""
    blocks = re.findall(r'<details class="edition-cite">.*?<p class="edition-cite-text">(.*?)</p>\s*'
                        r'<p class="edition-cite-url">Stable URL: <code>(.*?)</code></p>', page, re.S)
    return {html.unescape(url): html.unescape(text) for text, url in blocks}


@pytest.fixture(scope="module")
def edition() -> object:
    """The edition as tools/gen_pages.py loads it, with its metadata (the pages' inputs, no build)."""
    import gen_pages

    ed = gen_pages.Edition()
    ed.meta = edition_meta.load()
    gen_pages.load(ed)
    return ed


def cite_lines(page: str) -> dict[str, tuple[str, str]]:
    """Stable URL -> (citation text, the label before the URL), for every "cite this" of a page
    in either language."""
    blocks = re.findall(r'<p class="edition-cite-text">(.*?)</p>\s*'
                        r'<p class="edition-cite-url">(.*?) <code>(.*?)</code></p>', page, re.S)
    return {html.unescape(url): (html.unescape(text), label) for text, label, url in blocks}


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_the_russian_rule_citations_are_russian_and_name_the_russian_page(edition: object, game_id: str) -> None:
    """Issue 23, N-RU2: on a /ru/ game page every rule's "cite this" is Russian (the rule's
    Russian title, «В кн.:», «версия») and gives the /ru/ page's address; the English page's
    stays English with the English address."""
    import gen_pages

    meta = edition_meta.load()
    rules = tomllib.loads((ROOT / "engine" / "catalogue" / f"{game_id}.toml").read_text(encoding="utf-8"))["rules"]
    russian = cite_lines(gen_pages.game_page(edition, game_id, "ru"))
    english = cite_lines(gen_pages.game_page(edition, game_id))
    assert len(russian) == len(english) == len(rules)
    for rule in rules:
        url_ru, url_en = meta.url(f"games/{game_id}/", rule["id"], "ru"), meta.url(f"games/{game_id}/", rule["id"])
        assert url_ru == url_en.replace(meta.base_url, meta.base_url + "ru/", 1)
        text, label = russian[url_ru]
        title = (rule.get("ru") or {}).get("title") or rule["title"]
        assert text == f"Правило {rule['id']} «{title}». В кн.: {meta.edition_in('ru')}. {url_ru}", text
        assert label == "Постоянный адрес:" and " rule " not in text and "In:" not in text
        text, label = english[url_en]
        assert text == f"“{rule['title']}”, rule {rule['id']}. In: {meta.edition}. {url_en}" and label == "Stable URL:"


@pytest.mark.parametrize("key", SOURCE_KEYS)
def test_the_russian_passage_citations_are_russian_and_name_the_russian_page(edition: object, key: str) -> None:
    """Issue 23, N-RU2: the same for the passages of a /ru/ source page."""
    import gen_pages

    meta = edition_meta.load()
    source = json.loads((ROOT / "sources" / key / "source.json").read_text(encoding="utf-8"))
    russian = cite_lines(gen_pages.source_page(edition, key, "ru"))
    assert len(russian) == len(source["passages"])
    for passage in source["passages"]:
        url = meta.url(f"sources/{key}/", passage["id"], "ru")
        text, label = russian[url]
        assert label == "Постоянный адрес:", label
        for part in (f"фрагмент {passage['id']}", "с английским переводом издания", "В кн.:",
                     meta.edition_in("ru"), url):
            assert part in text, f"{passage['id']}: the Russian citation lacks {part!r}: {text}"
        assert "passage" not in text and "In:" not in text and "translation" not in text, text


@pytest.mark.slow
@pytest.mark.parametrize("key", SOURCE_KEYS)
def test_every_passage_has_a_cite_this_line(built_site: Path, meta: edition_meta.Meta, key: str) -> None:
    source = json.loads((ROOT / "sources" / key / "source.json").read_text(encoding="utf-8"))
    blocks = cite_blocks((built_site / "sources" / key / "index.html").read_text(encoding="utf-8"))
    for passage in source["passages"]:
        url = meta.url(f"sources/{key}/", passage["id"])
        assert url in blocks, f"{passage['id']} has no 'cite this' with {url}"
        text = blocks[url]
        for part in (meta.title, f"version {meta.version}", meta.date, f"passage {passage['id']}", url):
            assert part in text, f"{passage['id']}: the citation lacks {part!r}: {text}"


@pytest.mark.slow
@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_rule_has_a_cite_this_line(built_site: Path, meta: edition_meta.Meta, game_id: str) -> None:
    rules = tomllib.loads((ROOT / "engine" / "catalogue" / f"{game_id}.toml").read_text(encoding="utf-8"))["rules"]
    blocks = cite_blocks((built_site / "games" / game_id / "index.html").read_text(encoding="utf-8"))
    for rule in rules:
        url = meta.url(f"games/{game_id}/", rule["id"])
        assert url in blocks, f"{rule['id']} has no 'cite this' with {url}"
        for part in (meta.title, f"version {meta.version}", meta.date, f"rule {rule['id']}"):
            assert part in blocks[url], f"{rule['id']}: the citation lacks {part!r}"


@pytest.mark.slow
def test_every_page_footer_names_the_version(built_site: Path, meta: edition_meta.Meta) -> None:
    pages = [p for p in built_site.rglob("index.html") if "assets" not in p.parts]
    assert len(pages) > 10
    for path in pages:
        footer = re.search(r'<div class="md-copyright__highlight">(.*?)</div>', path.read_text(encoding="utf-8"), re.S)
        assert footer, f"{path.relative_to(built_site)} has no footer"
        # the Russian pages' footer is Russian (tools/hooks.py, Meta.footer)
        version = "версия" if path.relative_to(built_site).parts[0] == "ru" else "version"
        assert f"{version} {meta.version} ({meta.date})" in footer.group(1), f"{path.relative_to(built_site)}: {footer.group(1)}"


@pytest.mark.slow
def test_a_build_for_no_deployment_names_no_address(built_site: Path) -> None:
    """Built without SITE_URL, no page names the loopback address (it once did 6,344 times in 53
    files) nor carries a canonical link: the page writes its own from where it is served
    (assets/js/edition.js; tests/browser/test_search.py serves it on another port)."""
    if edition_meta.load().deployed:
        pytest.skip("SITE_URL is set: this build is made for a deployment")
    named = []
    for path in sorted(built_site.rglob("*")):
        if path.is_file() and "pyodide" not in path.parts and path.suffix in {".html", ".json", ".csv", ".xml", ".cff", ".js"}:
            if "127.0.0.1" in path.read_text(encoding="utf-8", errors="replace"):
                named.append(path.relative_to(built_site).as_posix())
    assert not named, f"files naming 127.0.0.1: {named}"
    page = (built_site / "games" / "ruffe-and-trumps" / "index.html").read_text(encoding="utf-8")
    assert 'rel="canonical"' not in page
    assert edition_meta.UNDEPLOYED + "games/ruffe-and-trumps/#ruffe-and-trumps-ruff-value" in page
