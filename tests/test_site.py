"""The site: a strict build, every page present, every anchor in place, nothing loaded from outside.

The strict build (``mkdocs build --strict``: broken links, missing anchors, bad catalogue
data and unresolved references all fail it) is made once per session, or reused when the
inputs have not changed since the last strict build (see ``tools/sitebuild.py``).
"""

from __future__ import annotations

import json
import re
import sys
import tomllib
from html.parser import HTMLParser
from pathlib import Path
from urllib.parse import urlsplit

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "tools"))
import citations  # noqa: E402
import gen_pages  # noqa: E402

from engine import games  # noqa: E402

GAME_IDS = [spec.id for spec in games.in_order()]  # (the games registry's, in the site's order)
SOURCE_KEYS = games.sources()
PAGES = ["", "concordance/", "glossary/", "bibliography/", "data/", "reference/api/", "reference/catalogue/"]
LOOPBACK = {"127.0.0.1", "localhost", "::1", "[::1]"}

pytestmark = pytest.mark.slow


@pytest.fixture(scope="session")
def site(built_site: Path) -> Path:
    return built_site


def html_files(site: Path) -> list[Path]:
    return sorted(p for p in site.rglob("*.html") if "assets/pyodide" not in p.as_posix())


class Loads(HTMLParser):
    """Every URL a page would load (not merely link to): scripts, styles, fonts, images, frames."""

    LOADING = {
        ("script", "src"), ("img", "src"), ("iframe", "src"), ("source", "src"), ("source", "srcset"),
        ("audio", "src"), ("video", "src"), ("video", "poster"), ("embed", "src"), ("object", "data"),
        ("input", "src"), ("track", "src"), ("img", "srcset"),
    }
    LOADING_RELS = {"stylesheet", "preload", "modulepreload", "prefetch", "icon", "shortcut", "manifest",
                    "apple-touch-icon", "preconnect", "dns-prefetch"}

    def __init__(self) -> None:
        super().__init__()
        self.urls: list[str] = []
        self.ids: set[str] = set()
        self.inline_styles: list[str] = []
        self.examples: set[tuple[str, str]] = set()
        self._in_style = False

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        values = {k: v or "" for k, v in attrs}
        if values.get("id"):
            self.ids.add(values["id"])
        for name, value in values.items():
            if (tag, name) in self.LOADING:
                self.urls.extend(u.strip().split(" ")[0] for u in value.split(",") if u.strip())
        if tag == "link" and self.LOADING_RELS.intersection(values.get("rel", "").lower().split()):
            self.urls.append(values.get("href", ""))
        if "edition-example" in values.get("class", "").split():
            self.examples.add((values.get("data-rule", ""), values.get("data-example", "")))
        if "style" in values:
            self.inline_styles.append(values["style"])
        self._in_style = tag == "style"

    def handle_endtag(self, tag: str) -> None:
        self._in_style = False

    def handle_data(self, data: str) -> None:
        if self._in_style:
            self.inline_styles.append(data)


def parse(path: Path) -> Loads:
    parser = Loads()
    parser.feed(path.read_text(encoding="utf-8"))
    return parser


def outside(url: str) -> bool:
    parts = urlsplit(url.strip())
    if parts.scheme in ("", "data", "blob", "about", "javascript", "mailto"):
        return parts.scheme == "" and url.strip().startswith("//")
    return parts.hostname not in LOOPBACK


CSS_URL = re.compile(r"""url\(\s*['"]?([^'")\s]+)""", re.I)
CSS_IMPORT = re.compile(r"""@import\s+(?:url\()?\s*['"]([^'"]+)""", re.I)
JS_LOADS = re.compile(
    r"""(?:\bimport\s*(?:[\w*{}\s,]+\s*from\s*)?|\bimport\(\s*|\bimportScripts\(\s*|\bnew\s+(?:Shared)?Worker\(\s*|\bfetch\(\s*)['"`](https?://[^'"`]+)""")


def test_strict_build_succeeds(site: Path) -> None:
    assert (site / "index.html").is_file()
    assert (site / "sitemap.xml").is_file()


@pytest.mark.parametrize("page", [f"sources/{k}/" for k in SOURCE_KEYS] + [f"games/{g}/" for g in GAME_IDS] + PAGES)
def test_page_exists(site: Path, page: str) -> None:
    assert (site / page / "index.html").is_file(), f"{page} was not built"


def test_navigation_lists_every_page(site: Path) -> None:
    home = (site / "index.html").read_text(encoding="utf-8")
    for page in [f"sources/{k}/" for k in SOURCE_KEYS] + [f"games/{g}/" for g in GAME_IDS] + PAGES[1:]:
        assert f'href="{page}"' in home, f"the navigation does not link {page}"
    assert not (site / "SUMMARY").exists(), "the navigation source SUMMARY.md was published as a page"


@pytest.mark.parametrize("key", SOURCE_KEYS)
def test_every_passage_has_its_anchor(site: Path, key: str) -> None:
    source = json.loads((ROOT / "sources" / key / "source.json").read_text(encoding="utf-8"))
    ids = parse(site / "sources" / key / "index.html").ids
    missing = [p["id"] for p in source["passages"] if p["id"].replace(".", "-") not in ids]
    assert not missing, f"sources/{key}/: passages without their anchor: {missing}"
    page = (site / "sources" / key / "index.html").read_text(encoding="utf-8")
    assert 'lang="ru"' in page and 'lang="en"' in page, "the original and the translation must carry their languages"
    assert source["seed_file"] in page


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_every_rule_and_example_is_on_its_page(site: Path, game_id: str) -> None:
    catalogue = tomllib.loads((ROOT / "engine" / "catalogue" / f"{game_id}.toml").read_text(encoding="utf-8"))
    path = site / "games" / game_id / "index.html"
    parsed = parse(path)
    page = path.read_text(encoding="utf-8")
    for rule in catalogue["rules"]:
        assert rule["id"].replace(".", "-") in parsed.ids, f"games/{game_id}/: rule {rule['id']} has no anchor"
        for example in rule.get("examples", []):
            assert (rule["id"], example["id"]) in parsed.examples, \
                f"games/{game_id}/: example {rule['id']}/{example['id']} is not on the page"
    assert page.count('class="edition-example-result"') == sum(len(r.get("examples", [])) for r in catalogue["rules"])


def test_implemented_games_have_a_table_and_a_comparison(site: Path) -> None:
    try:
        from engine import games
    except ImportError:
        pytest.skip("the engine does not import")
    implemented = [g for g in GAME_IDS if any(spec.id == g for spec in games.all())]
    assert implemented, "no game is implemented"
    for game_id in GAME_IDS:
        page = (site / "games" / game_id / "index.html").read_text(encoding="utf-8")
        has_table = f'<div class="edition-table" data-game="{game_id}"></div>' in page
        assert has_table == (game_id in implemented), f"games/{game_id}/: play table {'missing' if not has_table else 'for an unbuilt game'}"
        if game_id in implemented:
            catalogue = tomllib.loads((ROOT / "engine" / "catalogue" / f"{game_id}.toml").read_text(encoding="utf-8"))
            if any(r.get("readings") for r in catalogue["rules"]):
                assert (f'<div class="edition-compare" data-game="{game_id}" role="region" '
                        'aria-labelledby="replay-a-deal"></div>') in page
                assert '<h3 id="replay-a-deal">Replay a deal under two readings' in page
        else:
            assert "not built yet" in page


def test_glossary_terms_carry_tooltips(site: Path) -> None:
    glossary = tomllib.loads((ROOT / "sources" / "glossary.toml").read_text(encoding="utf-8"))
    assert len(glossary["terms"]) >= 30
    page = (site / "sources" / "gleek" / "index.html").read_text(encoding="utf-8")
    assert re.search(r'<abbr title="[^"]+">Tib</abbr>', page), "the glossary tooltip for Tib is missing on the Gleek text"
    ids = parse(site / "glossary" / "index.html").ids
    missing = [t["term"] for t in glossary["terms"] if gen_pages.term_slug(t["term"]) not in ids]
    assert not missing, f"glossary/: terms without their entry: {missing}"


def test_no_page_loads_anything_from_another_host(site: Path) -> None:
    offenders = []
    for path in html_files(site):
        parser = parse(path)
        where = path.relative_to(site)
        offenders += [f"{where}: loads {u}" for u in parser.urls if outside(u)]
        for style in parser.inline_styles:
            offenders += [f"{where}: style loads {u}" for u in CSS_URL.findall(style) + CSS_IMPORT.findall(style) if outside(u)]
    for path in sorted(site.rglob("*.css")):
        text = path.read_text(encoding="utf-8", errors="replace")
        where = path.relative_to(site)
        offenders += [f"{where}: loads {u}" for u in CSS_URL.findall(text) + CSS_IMPORT.findall(text) if outside(u)]
    for path in sorted(list(site.rglob("*.js")) + list(site.rglob("*.mjs"))):
        text = path.read_text(encoding="utf-8", errors="replace")
        offenders += [f"{path.relative_to(site)}: loads {u}" for u in JS_LOADS.findall(text)]
    assert not offenders, "resources loaded from outside the site:\n" + "\n".join(offenders)


def test_every_local_asset_a_page_loads_exists(site: Path) -> None:
    missing = []
    for path in html_files(site):
        for url in parse(path).urls:
            parts = urlsplit(url)
            if parts.scheme or url.startswith("//") or not parts.path:
                continue
            target = (path.parent / parts.path).resolve() if not parts.path.startswith("/") else site / parts.path.lstrip("/")
            if target.is_dir():
                target = target / "index.html"
            if not target.exists():
                missing.append(f"{path.relative_to(site)}: {url}")
    assert not missing, "pages load files the site does not have:\n" + "\n".join(sorted(set(missing))[:50])


ROOT_ABSOLUTE_ATTR = re.compile(r"""\b(?:href|src|srcset|action|data)\s*=\s*["'](/(?!/)[^"']*)""", re.I)
ROOT_ABSOLUTE_JS = re.compile(r"""["'`](/[\w.-][^"'`\s]*)["'`]""")


def test_nothing_is_addressed_from_the_server_root(site: Path) -> None:
    """Served under a sub-path (README, "Deploying"), a URL starting with "/" leaves the site: every
    page and the edition's scripts and styles address what they use relative to themselves. The one
    exception is MkDocs' 404.html (served at any path), whose URLs start with site_url's path."""
    import edition_meta  # (tools/, on the path above) the site_url of the build: SITE_URL's or the placeholder

    prefix = urlsplit(edition_meta.load().base_url).path
    offenders = []
    for path in html_files(site):
        where = path.relative_to(site)
        for url in ROOT_ABSOLUTE_ATTR.findall(path.read_text(encoding="utf-8")):
            if not (where.as_posix() == "404.html" and url.startswith(prefix)):
                offenders.append(f"{where}: {url}")
    for path in sorted((site / "assets" / "js").glob("*.js")) + sorted((site / "assets" / "css").glob("*.css")):
        text = path.read_text(encoding="utf-8")
        offenders += [f"{path.relative_to(site)}: {u}" for u in ROOT_ABSOLUTE_JS.findall(text) + CSS_URL.findall(text)
                      if u.startswith("/") and not u.startswith("//")]
    assert not offenders, "root-absolute URLs (they break a deployment under a sub-path):\n" + "\n".join(offenders[:40])


def test_no_web_fonts(site: Path) -> None:
    home = (site / "index.html").read_text(encoding="utf-8")
    assert "fonts.googleapis" not in home and "fonts.gstatic" not in home


def test_the_browser_runtime_is_served_by_the_site(site: Path) -> None:
    for name in ("pyodide.mjs", "pyodide.asm.mjs", "pyodide.asm.wasm", "python_stdlib.zip", "pyodide-lock.json"):
        assert (site / "assets" / "pyodide" / name).is_file(), f"assets/pyodide/{name} is missing: run `make setup`"
    manifest = json.loads((site / "assets" / "wheels" / "engine.json").read_text(encoding="utf-8"))
    wheel = site / "assets" / "wheels" / manifest["wheel"]
    assert wheel.is_file() and wheel.name.endswith("-py3-none-any.whl"), f"engine.json names {manifest['wheel']!r}"


def test_the_service_worker_keeps_every_file_of_the_build(site: Path) -> None:
    """sw.js (tools/hooks.py) lists every file of the build by its URL relative to the site root,
    a page by its directory URL, each with the first 16 hex digits of its sha256; nothing else."""
    import hashlib

    text = (site / "sw.js").read_text(encoding="utf-8")
    found = re.search(r"^const PRECACHE = (\[.*?\]); ", text, re.M)
    assert found, "sw.js has no PRECACHE list: was it written by tools/hooks.py?"
    kept = dict(json.loads(found.group(1)))
    files = {p.relative_to(site).as_posix(): p for p in site.rglob("*") if p.is_file()}
    expected = {}
    for rel, path in files.items():
        if rel in ("sw.js", ".edition-fingerprint"):
            continue
        url = rel.removesuffix("index.html") if rel == "index.html" or rel.endswith("/index.html") else rel
        expected[url] = hashlib.sha256(path.read_bytes()).hexdigest()[:16]
    assert kept == expected
    assert not [u for u in kept if u.startswith("/") or "://" in u]


def test_a_snapshot_is_the_snapshot_of_the_served_wheel(site: Path) -> None:
    """When the build made a snapshot (tools/snapshot.mjs; optional), snapshot.json names the wheel
    engine.json names, by its sha256, and the file beside it, of the site's Pyodide build."""
    meta_path = site / "assets" / "wheels" / "snapshot.json"
    if not meta_path.is_file():
        pytest.skip("this build has no engine snapshot (tools/snapshot.mjs was not run or failed)")
    meta = json.loads(meta_path.read_text(encoding="utf-8"))
    engine = json.loads((site / "assets" / "wheels" / "engine.json").read_text(encoding="utf-8"))
    assert (meta["wheel"], meta["wheel_sha256"]) == (engine["wheel"], engine["sha256"])
    assert (site / "assets" / "wheels" / meta["file"]).is_file()
    pyodide = (site / "assets" / "pyodide" / "pyodide.mjs").read_text(encoding="utf-8")
    assert f'BUILD_ID:"{meta["build_id"]}"' in pyodide, "the snapshot is of another Pyodide build"


def test_every_engine_module_is_in_the_api_reference() -> None:
    modules = {str(p.relative_to(ROOT / "engine").with_suffix("")).replace("/", ".")
               for p in (ROOT / "engine").rglob("*.py") if "__" not in p.name}
    assert sorted(modules - set(gen_pages.API_MODULES) - {"cli"}) == [], "add them to tools/gen_pages.py API_MODULES"


def test_api_reference_documents_each_module(site: Path) -> None:
    ids = parse(site / "reference" / "api" / "index.html").ids
    present = [m for m in gen_pages.API_MODULES if (ROOT / "engine" / (m.replace(".", "/") + ".py")).is_file()]
    assert present, "no engine module to document"
    missing = [m for m in present if f"engine.{m}" not in ids]
    assert not missing, f"reference/api/ does not document: {missing}"


def toc_entries(page: str) -> list[str]:
    """The texts of the page's table of contents (Material's secondary navigation)."""
    toc = page.split('class="md-nav md-nav--secondary"', 1)[1].split("</nav>", 1)[0] if "md-nav--secondary" in page else ""
    return [" ".join(re.sub(r"<[^>]+>", " ", m).split()) for m in re.findall(r'<a href="#[^"]*" class="md-nav__link">(.*?)</a>', toc, re.S)]


@pytest.mark.parametrize("game_id", GAME_IDS)
def test_each_game_page_contents_has_one_play_entry(site: Path, game_id: str) -> None:
    entries = toc_entries((site / "games" / game_id / "index.html").read_text(encoding="utf-8"))
    assert "The rules" in entries, entries
    assert [e for e in entries if e.split()[0] == "Play"] == ["Play"], entries


def test_the_navigation_names_the_texts_by_author_and_title(site: Path) -> None:
    home = (site / "index.html").read_text(encoding="utf-8")
    links = {key: " ".join(re.sub(r"<[^>]+>", " ", text).split())
             for key, text in re.findall(r'<a href="sources/([a-z]+)/" class="md-nav__link">(.*?)</a>', home, re.S)}
    assert links["piquet"] == "Шевцов, Карточная игра в России" and links["rozaliev"] == "Розалиев, Карточные игры России"
    assert links["ruffe"] == "Anonymous, Ruffe and Trumps" and links["gleek"] == "Anonymous, Gleek"
    assert "(seed" not in home


def test_evidence_and_citations_carry_the_badge_of_their_kind(site: Path) -> None:
    """Every evidence line on a game page opens with the badges of the works it rests on, and
    the bibliography explains the kinds."""
    page = (site / "games" / "gleek" / "index.html").read_text(encoding="utf-8")
    catalogue = tomllib.loads((ROOT / "engine" / "catalogue" / "gleek.toml").read_text(encoding="utf-8"))
    lines = sum(len(r.get("evidence") or []) for r in catalogue["rules"])
    groups = re.findall(r'<li><span class="edition-grades">(.*?)</span> ', page)
    assert len(groups) == lines > 20
    assert all('class="edition-grade edition-grade--' in g for g in groups)
    for grade in ("primary-print", "reference-web", "secondary-unplaced", "editorial"):
        assert f'edition-grade--{grade}"' in page, grade
    bibliography = (site / "bibliography" / "index.html").read_text(encoding="utf-8")
    assert 'id="kinds-of-evidence"' in bibliography
    legend = re.findall(r'<p class="edition-grade-legend"><span class="edition-grade edition-grade--([a-z-]+)"', bibliography)
    assert legend == list(citations.GRADES)
