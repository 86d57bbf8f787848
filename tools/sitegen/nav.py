"""The navigation (literate-nav's ``SUMMARY.md`` and ``SUMMARY.ru.md``)."""

from __future__ import annotations


from .markup import game_name_in
from .model import Edition, REPO
from .source import source_nav_label
from .words import messages, tr


def summary(ed: Edition, pages: dict[str, str], lang: str = "en") -> str:
    """The navigation (literate-nav's SUMMARY.md; ``lang="ru"``: SUMMARY.ru.md, the same pages)."""
    def w(text: str) -> str:
        return tr(lang, text)

    out = [f"* [{w('The edition')}](index.md)", f"* {w('Sources')}"]
    for key, src in ed.sources.items():
        out.append(f"    * [{source_nav_label(ed, src, lang)}](sources/{key}.md)")
    out.append(f"* {w('Games')}")
    for game_id in ed.games:
        out.append(f"    * [{game_name_in(ed, game_id, lang)}](games/{game_id}.md)")
    out += [f"* [{w('Concordance')}](concordance.md)", f"* [{w('Glossary')}](glossary.md)",
            f"* [{w('Bibliography')}](bibliography.md)", f"* [{w('Data and citation')}](data.md)", f"* {w('Reference')}"]
    hand = sorted(p.relative_to(REPO / "docs").as_posix() for p in (REPO / "docs" / "reference").glob("*.md")
                  if not p.name.endswith(".ru.md"))
    titles = {"reference/catalogue.md": "The rule catalogue", "reference/records.md": "Game records",
              "reference/views.md": "Game views"}
    for page in hand:
        title = titles.get(page, page.split('/')[-1][:-3].replace('-', ' ').capitalize())
        out.append(f"    * [{w(title) if lang == 'en' or title in messages(lang) else title}]({page})")
    out.append(f"    * [{w('Engine API')}](reference/api.md)")
    return "\n".join(out) + "\n"
