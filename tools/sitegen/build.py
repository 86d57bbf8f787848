"""Every generated page by path (:func:`generate`), and writing them through mkdocs-gen-files (:func:`main`)."""

from __future__ import annotations

import edition_meta
import opendata
import tei

from .api import api_page
from .bibliography import bibliography_page
from .concordance import concordance_page
from .data import data_page
from .game import game_page
from .glossary import abbreviations, glossary_page
from .model import Edition, load, SNIPPET, warn
from .nav import summary
from .source import source_page


def generate(site_url: str | None = None) -> dict[str, str | bytes]:
    """Every generated page and file, by path under docs/ (text for pages, bytes for data)."""
    ed = Edition()
    try:
        ed.meta = edition_meta.load()
    except edition_meta.MetaError as exc:
        warn("CITATION.cff / sources/rights.toml", str(exc))
    if ed.meta is not None and site_url and site_url.rstrip("/") + "/" != ed.meta.base_url:
        warn("CITATION.cff", f"url is {ed.meta.base_url!r} but mkdocs.yml's site_url is {site_url!r}: "
                             "the stable URLs would point elsewhere")
    load(ed)
    pages: dict[str, str | bytes] = {}
    for key in ed.sources:
        pages[f"sources/{key}.md"] = source_page(ed, key)
        pages[f"sources/{key}.ru.md"] = source_page(ed, key, "ru")
    for game_id in ed.games:
        pages[f"games/{game_id}.md"] = game_page(ed, game_id)
        pages[f"games/{game_id}.ru.md"] = game_page(ed, game_id, "ru")
    pages["concordance.md"] = concordance_page(ed)
    pages["concordance.ru.md"] = concordance_page(ed, "ru")
    pages["glossary.md"] = glossary_page(ed)
    pages["glossary.ru.md"] = glossary_page(ed, "ru")
    pages["bibliography.md"] = bibliography_page(ed)
    pages["bibliography.ru.md"] = bibliography_page(ed, "ru")
    pages["reference/api.md"] = api_page()
    if ed.meta is not None:
        pages.update(tei.documents(ed, ed.meta))
        if ed.report:
            data = opendata.files(ed, ed.meta)
            pages.update(data)
            data_files = {k: v for k, v in pages.items() if isinstance(v, bytes)}
            pages["data.md"] = data_page(ed, data_files)
            pages["data.ru.md"] = data_page(ed, data_files, "ru")
        else:
            warn("python -m engine rules --json", "gave no report: the open data cannot be built")
    pages["SUMMARY.md"] = summary(ed, pages)
    pages["SUMMARY.ru.md"] = summary(ed, pages, "ru")
    SNIPPET.parent.mkdir(parents=True, exist_ok=True)
    for lang, path in (("en", SNIPPET), ("ru", SNIPPET.with_suffix(".ru.md"))):
        text = abbreviations(ed, lang)
        if not path.exists() or path.read_text(encoding="utf-8") != text:
            path.write_text(text, encoding="utf-8")
    return pages


def main() -> None:
    import mkdocs_gen_files

    for name, content in generate(mkdocs_gen_files.config.site_url).items():
        with mkdocs_gen_files.open(name, "wb" if isinstance(content, bytes) else "w") as handle:
            handle.write(content)
    # The navigation source is read by literate-nav, not published as a page.
    from mkdocs.structure.files import InclusionLevel

    for name in ("SUMMARY.md", "SUMMARY.ru.md"):
        nav_file = mkdocs_gen_files.FilesEditor.current().files.get_file_from_path(name)
        if nav_file is not None:
            nav_file.inclusion = InclusionLevel.EXCLUDED
