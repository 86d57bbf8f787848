"""MkDocs hooks of the edition (``hooks:`` in mkdocs.yml).

``on_config`` sets the page footer (Material shows ``copyright``) from the edition's metadata
(``CITATION.cff`` and ``sources/rights.toml``, through ``tools/edition_meta.py``): the title,
the version and its date, and the licences, so that every page says which version it is.

It also adapts two plugins to each other, for the site in two languages (mkdocs-static-i18n):

- the i18n plugin only localizes pages that lie in ``docs_dir`` and drops the others ("Unhandled
  file case", ultrabug/mkdocs-static-i18n issue 263), but every page tools/gen_pages.py writes
  (``games/<id>.md`` and its Russian twin ``games/<id>.ru.md`` ...) lies in mkdocs-gen-files'
  temporary folder. ``on_config`` wraps the plugin's ``reconfigure_files`` so that it sees each
  generated page at its place in ``docs_dir`` and the page it returns reads from where it was
  generated;
- the plugin leaves the home pages' language switch root-absolute ("/", "/ru/"), which leaves a
  deployment under a sub-path: ``on_page_context`` makes every link of the switch site-relative
  (the theme then writes it relative to the page);
- Material writes each language's link into the page's head (``<link rel="alternate" hreflang>``)
  and fetches ``sitemap.xml`` beside each, taking them for language roots; the plugin makes them
  the page's twins, so each fetch fails (404). ``on_post_page`` drops those head links: the
  sitemap names every page's twins (``xhtml:link hreflang``), and the switch in the header leads
  to the twin;
- the plugin warns that Material's language switch is not contextual under
  ``navigation.instant`` (the theme does not swap the header on an instant navigation). That is
  handled: assets/js/navigation.js points the switch at the current page's twin (from the
  sitemap's alternates) when the reader reaches for it, and loads the twin with the fragment. That one warning
  is filtered; every other warning still fails ``mkdocs build --strict``.

Search, one index per language, loaded only when wanted (``on_post_build``, ``on_post_page``): the
i18n plugin writes one index of both languages (6.56 MB) that Material fetches on every first
visit; ``split_search_index`` writes the English pages' index at ``search/search_index.json``
(lunr ``en``) and the Russian pages' at ``ru/search/search_index.json`` (lunr ``ru`` and ``en``:
Russian stemming, and the English words of the pages shown in English under /ru/ still found).
``on_post_page`` puts ``assets/js/search-gate.js`` before Material's bundle (it sends the index's
request to the page's language and holds it until the reader opens search, or the page is idle
with its table usable) and points Material at the site's search worker, ``edition-search.js``
(``tools/search_worker.js``: Material's worker with lunr's word automaton fixed, without which
"ruff" found nothing).

``on_page_markdown`` appends the glossary's tooltips to each page in the page's language (the
snippets' ``auto_append`` would give every language the English ones).
"""

from __future__ import annotations

import hashlib
import json
import logging
import os
import re
import sys
from pathlib import Path
from urllib.parse import urlsplit

TOOLS = Path(__file__).resolve().parent
if str(TOOLS) not in sys.path:
    sys.path.insert(0, str(TOOLS))

import edition_meta  # noqa: E402
from mkdocs.plugins import event_priority  # noqa: E402

log = logging.getLogger("mkdocs.plugins.edition")

INSTANT_SWITCH_WARNING = "language switcher contextual link is not compatible"


class _HandledWarning(logging.Filter):
    """Drops the i18n plugin's warning about the switch under instant navigation (handled, see above)."""

    def filter(self, record: logging.LogRecord) -> bool:
        return INSTANT_SWITCH_WARNING not in record.getMessage()


logging.getLogger("mkdocs.plugins.mkdocs_static_i18n.reconfigure").addFilter(_HandledWarning())


def _adapt_i18n_to_generated_pages(config):  # noqa: ANN001, ANN202
    i18n = config.plugins.get("i18n")
    if i18n is None or getattr(i18n, "_edition_adapted", False):
        return
    original = i18n.reconfigure_files

    def reconfigure_files(files, mkdocs_config):  # noqa: ANN001, ANN202
        docs = os.path.abspath(mkdocs_config.docs_dir)
        generated = {}
        for file in files:
            src = file.abs_src_path
            if file.is_documentation_page() and src and not os.path.abspath(src).startswith(docs + os.sep):
                generated[file.src_uri] = src
                file.abs_src_path = os.path.join(docs, file.src_uri)
        try:
            out = original(files, mkdocs_config)
        finally:
            for file in files:
                if file.src_uri in generated:
                    file.abs_src_path = generated[file.src_uri]
        for file in out:
            if file.src_uri in generated:
                file.abs_src_path = generated[file.src_uri]
        return out

    i18n.reconfigure_files = reconfigure_files
    i18n._edition_adapted = True


def on_config(config):  # noqa: ANN001, ANN201 - the MkDocs hook signature
    _adapt_i18n_to_generated_pages(config)
    try:
        meta = edition_meta.load()
    except edition_meta.MetaError as exc:
        log.warning("edition metadata: %s", exc)
        return config
    config.copyright = meta.footer()
    # the Russian site's footer in Russian, under its Russian name (the i18n plugin's per-language
    # copyright, mkdocs.yml)
    i18n = config.plugins.get("i18n")
    for language in (i18n.config.languages if i18n is not None else []):
        if language.locale != "en":
            language.copyright = meta.footer(language.locale, language.site_name)
    config.extra["edition"] = {"title": meta.title, "version": meta.version, "date": meta.date}
    return config


# --------------------------------------------------------------------------- the service worker

SERVICE_WORKER = TOOLS / "service_worker.js"
NOT_KEPT = {"sw.js", ".edition-fingerprint"}
"""Files of the build the service worker does not keep: itself, and the build stamp (tools/sitebuild.py)."""


def precache_list(site: Path) -> tuple[list[list[str]], int]:
    """Every file of the built site as [URL relative to the site root, revision] (a page,
    ``index.html``, by its directory URL; the revision the first 16 hex digits of its sha256),
    and their bytes in all."""
    entries, size = [], 0
    for path in sorted(p for p in site.rglob("*") if p.is_file()):
        rel = path.relative_to(site).as_posix()
        if rel in NOT_KEPT:
            continue
        url = rel[: -len("index.html")] if rel == "index.html" or rel.endswith("/index.html") else rel
        data = path.read_bytes()
        entries.append([url, hashlib.sha256(data).hexdigest()[:16]])
        size += len(data)
    return entries, size


def write_service_worker(site: Path) -> dict[str, object]:
    """site/sw.js from tools/service_worker.js, with the build's precache list and version."""
    entries, size = precache_list(site)
    version = hashlib.sha256(json.dumps(entries).encode()).hexdigest()[:16]
    template = SERVICE_WORKER.read_text(encoding="utf-8")
    for marker in ("__EDITION_PRECACHE__", "__EDITION_VERSION__"):
        if template.count(marker) != 1:
            raise RuntimeError(f"{SERVICE_WORKER}: expected {marker} exactly once")
    text = (template.replace("__EDITION_PRECACHE__", json.dumps(entries, separators=(",", ":")))
            .replace("__EDITION_VERSION__", json.dumps(version)))
    (site / "sw.js").write_text(text, encoding="utf-8")
    return {"version": version, "files": len(entries), "bytes": size}


SNIPPETS = Path(__file__).resolve().parents[1] / "build" / "snippets"


def on_page_markdown(markdown, page, config, files):  # noqa: ANN001, ANN201 - the MkDocs hook signature
    """The glossary's tooltips appended to each page in its language (written by gen_pages.py:
    ``glossary-abbreviations.md``, and ``.ru.md`` with the terms' Russian tooltips)."""
    lang = getattr(page.file, "locale", None) or "en"
    path = SNIPPETS / ("glossary-abbreviations.ru.md" if lang == "ru" else "glossary-abbreviations.md")
    return markdown + "\n\n" + path.read_text(encoding="utf-8") if path.is_file() else markdown


# --------------------------------------------------------------------------- search

SEARCH_WORKER = TOOLS / "search_worker.js"
SEARCH_WORKER_NAME = "edition-search.js"
SEARCH_LANGUAGES: dict[str, dict[str, object]] = {
    "en": {"prefix": "", "lang": ["en"]},
    "ru": {"prefix": "ru/", "lang": ["ru", "en"],
           "pipeline": ["stemmer", "stopWordFilter", "trimmer"]},
}
"""Each language's search index: where its pages are (their locations' prefix; the index is written
under it), the lunr languages it is built with (Material's worker uses lunr.multiLanguage for two),
and the pipeline when it is not the index's own (Material's English one is the stop words alone:
the Russian pages are stemmed, so that «руфа» finds «руф»). assets/js/search-gate.js names the
prefixes too."""


def split_search_index(site: Path) -> dict[str, int]:
    """The combined index at ``search/search_index.json`` split into one per language (see
    :data:`SEARCH_LANGUAGES`): each written under its prefix, locations unchanged (relative to the
    site root, which is Material's base on every page). Returns each index's bytes."""
    path = site / "search" / "search_index.json"
    index = json.loads(path.read_text(encoding="utf-8"))
    prefixes = sorted(((v["prefix"], k) for k, v in SEARCH_LANGUAGES.items()), key=lambda p: -len(str(p[0])))
    docs: dict[str, list[dict]] = {lang: [] for lang in SEARCH_LANGUAGES}
    for doc in index["docs"]:
        lang = next(lang for prefix, lang in prefixes if doc["location"].startswith(str(prefix)))
        docs[lang].append(doc)
    sizes = {}
    for lang, spec in SEARCH_LANGUAGES.items():
        config = {**index["config"], "lang": spec["lang"]}
        if "pipeline" in spec:
            config["pipeline"] = spec["pipeline"]
        target = site / str(spec["prefix"]) / "search" / "search_index.json"
        target.parent.mkdir(parents=True, exist_ok=True)
        text = json.dumps({"config": config, "docs": docs[lang]}, ensure_ascii=False, separators=(",", ":"))
        target.write_text(text, encoding="utf-8")
        sizes[lang] = len(text.encode("utf-8"))
    return sizes


def write_search_worker(site: Path) -> str:
    """``assets/javascripts/workers/edition-search.js`` from tools/search_worker.js, naming Material's
    worker of this build: its URL relative to the site root."""
    folder = site / "assets" / "javascripts" / "workers"
    workers = sorted(folder.glob("search.*.min.js"))
    if len(workers) != 1:
        raise RuntimeError(f"{folder}: expected Material's one search worker (search.*.min.js), found "
                           f"{[w.name for w in workers] or 'none'}")
    template = SEARCH_WORKER.read_text(encoding="utf-8")
    if template.count("__MATERIAL_WORKER__") != 2:
        raise RuntimeError(f"{SEARCH_WORKER}: expected __MATERIAL_WORKER__ twice (the comment and importScripts)")
    (folder / SEARCH_WORKER_NAME).write_text(template.replace("__MATERIAL_WORKER__", workers[0].name), encoding="utf-8")
    return (folder / SEARCH_WORKER_NAME).relative_to(site).as_posix()


@event_priority(-100)  # last: after the i18n plugin has written the other language's files
def on_post_build(config):  # noqa: ANN001, ANN201 - the MkDocs hook signature
    site = Path(config.site_dir)
    sizes = split_search_index(site)
    log.info("search: one index per language, %s", ", ".join(f"{k} {v / 1e6:.2f} MB" for k, v in sizes.items()))
    write_search_worker(site)
    kept = write_service_worker(site)
    if not (site / "assets" / "wheels" / "snapshot.json").is_file():
        log.info("no engine snapshot in this build (assets/wheels/snapshot.json): Python boots normally "
                 "on every visit (Makefile, $(WHEELS)/snapshot.json, says why it was not built)")
    log.info("service worker: sw.js keeps %s files (%.1f MB), version %s", kept["files"], kept["bytes"] / 1e6,
             kept["version"])


@event_priority(-100)  # after the i18n plugin has set the page's switch
def on_page_context(context, page, config, nav):  # noqa: ANN001, ANN201 - the MkDocs hook signature
    """The language switch's links relative to the site. (The plugin sets ``config.extra.alternate``
    as an attribute, which is what the theme's template reads, not the mapping's key.)"""
    base = urlsplit(config.site_url or "").path or "/"
    for alternate in getattr(config.extra, "alternate", None) or []:
        link = str(alternate.get("link", ""))
        if link.startswith("/") and not link.startswith("//"):
            rest = link[len(base):] if link.startswith(base) else link.lstrip("/")
            alternate["link"] = rest or "./"
    return context


HEAD_ALTERNATE = re.compile(r'\n?[ \t]*<link rel="alternate" href="[^"]*" hreflang="[^"]*">')
CANONICAL = re.compile(r'\n?[ \t]*<link rel="canonical" href="[^"]*">')
BUNDLE = re.compile(r'<script src="(?P<root>[^"]*)assets/javascripts/bundle\.[0-9a-f]+\.min\.js"></script>')
CONFIG_WORKER = re.compile(r'("search": "[^"]*assets/javascripts/workers/)search\.[0-9a-f]+\.min\.js"')


def search_page(output: str) -> str:
    """The page's search through the site's worker, its index held back by search-gate.js (see above)."""
    output, workers = CONFIG_WORKER.subn(lambda m: m.group(1) + SEARCH_WORKER_NAME + '"', output, count=1)
    output, gates = BUNDLE.subn(lambda m: f'<script src="{m.group("root")}assets/js/search-gate.js"></script>\n'
                                          + m.group(0), output, count=1)
    if workers != gates:
        raise RuntimeError("search: a page names Material's search worker without its bundle, or the other way round")
    return output


@event_priority(-100)
def on_post_page(output, page, config):  # noqa: ANN001, ANN201 - the MkDocs hook signature
    """The page without Material's head links to its twins, its search as above; built for no
    deployment (no SITE_URL: tools/edition_meta.py, UNDEPLOYED), without a canonical link naming
    the placeholder (assets/js/edition.js writes it from where the page is served)."""
    head, sep, body = output.partition("</head>")
    if sep:
        head = HEAD_ALTERNATE.sub("", head)
        if (config.site_url or "").startswith(edition_meta.UNDEPLOYED):
            head = CANONICAL.sub("", head)
        output = head + sep + body
    return search_page(output)
