"""The edition's own metadata, in one place: title, version, date, base URL, licences, rights.

Read from ``CITATION.cff`` (title, version, date of the version, URL, authors, licences) and
``sources/rights.toml`` (what each licence covers, and the rights in each source text). The
"cite this" lines, the page footer, the TEI headers and the open data are all made from it,
so a new version or a new host changes them everywhere at once.

The base URL is ``$SITE_URL`` when the site is built for a deployment (the same variable
mkdocs.yml reads for ``site_url``; README, "Deploying"), else ``CITATION.cff``'s ``url`` if it
has one, else :data:`UNDEPLOYED`, a placeholder that is no address (the reserved ``.invalid``
domain, mkdocs.yml's default ``site_url`` too): a page of such a build writes its stable URLs
and its canonical link from the address it is served from (assets/js/edition.js, ``stableUrls``),
so that no build names an address it was not given (the loopback address it once named, say).

>>> meta = load()
>>> meta.version == load_pyproject_version()
True
>>> meta.url("sources/ruffe/", "ruffe.p12").endswith("sources/ruffe/#ruffe-p12")
True
"""

from __future__ import annotations

import datetime as _dt
import os
import tomllib
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import yaml

REPO = Path(__file__).resolve().parents[1]
CITATION = REPO / "CITATION.cff"
RIGHTS = REPO / "sources" / "rights.toml"
PYPROJECT = REPO / "pyproject.toml"


UNDEPLOYED = "https://edition.invalid/"
"""The base URL of a build made for no deployment (no ``SITE_URL``): RFC 6761's reserved
``.invalid``, replaced in the browser by the site's root where it is served (edition.js); the
open data of such a build keeps it, saying that its URLs are to be read against the site's root."""


class MetaError(ValueError):
    """The edition's metadata files are missing a field or cannot be read."""


def anchor(identifier: str) -> str:
    """A passage's or rule's anchor on the site: its id with dots replaced by hyphens."""
    return identifier.replace(".", "-")


@dataclass(frozen=True)
class Licence:
    spdx: str
    name: str
    url: str
    covers: str


@dataclass(frozen=True)
class Meta:
    title: str
    version: str
    date: str                      # the date of this version, ISO 8601
    base_url: str                  # ends with "/"
    authors: tuple[str, ...]
    content: Licence
    code: Licence
    sources_note: str
    source_rights: dict[str, str] = field(default_factory=dict)
    # the same statements in Russian (``[sources.<key>.ru]`` and ``[edition.ru]`` of rights.toml)
    source_rights_ru: dict[str, str] = field(default_factory=dict)
    sources_note_ru: str = ""
    covers_ru: dict[str, str] = field(default_factory=dict)    # "content", "code": what each licence covers
    title_ru: str = ""             # the edition's title on the Russian pages (``[edition.ru] title``)

    def covers_in(self, kind: str, lang: str = "en") -> str:
        """What the edition's content or code licence covers, in the language."""
        if lang == "ru" and self.covers_ru.get(kind):
            return self.covers_ru[kind]
        return (self.content if kind == "content" else self.code).covers

    def source_rights_in(self, key: str, lang: str = "en") -> str | None:
        """What is known of the rights in a source, in the language (English if no Russian is given)."""
        if lang == "ru" and self.source_rights_ru.get(key):
            return self.source_rights_ru[key]
        return self.source_rights.get(key)

    @property
    def deployed(self) -> bool:
        """Is the build made for a deployment's URL (else its stable URLs are written by the page)?"""
        return self.base_url != UNDEPLOYED

    def url(self, path: str = "", identifier: str | None = None, lang: str = "en") -> str:
        """The stable URL of a site path (``sources/ruffe/``), with an id's anchor if given; with
        ``lang="ru"`` the Russian page's (``ru/`` before the path)."""
        prefix = "ru/" if lang == "ru" else ""
        return self.base_url + prefix + path.lstrip("/") + (f"#{anchor(identifier)}" if identifier else "")

    def edition_in(self, lang: str = "en") -> str:
        """The edition as a citation names it: title, version, date (in the language)."""
        if lang == "ru":
            return f"{self.title_ru or self.title}, версия {self.version} ({self.date})"
        return f"{self.title}, version {self.version} ({self.date})"

    @property
    def edition(self) -> str:
        """The edition as a citation names it: title, version, date."""
        return self.edition_in("en")

    def cite_passage(self, source: dict, passage_id: str, lang: str = "en") -> str:
        """A suggested citation of one passage of a source, with its stable URL (``lang="ru"``: in
        Russian, with the Russian page's URL; ``source`` gives the author in the language)."""
        author = str(source.get("author") or "").strip()
        title = str(source.get("title") or source.get("key") or "").strip()
        url = self.url(f"sources/{source.get('key')}/", passage_id, lang)
        if lang == "ru":
            who = f"{author}. " if author else ""
            return (f"{who}«{title}», фрагмент {passage_id}, с английским переводом издания. "
                    f"В кн.: {self.edition_in('ru')}. {url}")
        who = f"{author}, " if author else ""
        return f"{who}“{title}”, passage {passage_id}, with the edition's English translation. In: {self.edition}. {url}"

    def cite_rule(self, rule: dict, lang: str = "en") -> str:
        """A suggested citation of one rule of the catalogue, with its stable URL (``lang="ru"``:
        in Russian, with the Russian page's URL; ``rule`` gives the title in the language)."""
        rid = str(rule.get("id"))
        title = str(rule.get("title") or "").strip()
        url = self.url(f"games/{rule.get('game')}/", rid, lang)
        if lang == "ru":
            named = f"Правило {rid} «{title}»" if title else f"Правило {rid}"
            return f"{named}. В кн.: {self.edition_in('ru')}. {url}"
        named = f"“{title}”, rule {rid}" if title else f"Rule {rid}"
        return f"{named}. In: {self.edition}. {url}"

    def cite_edition(self) -> str:
        return f"{self.edition}. {self.base_url}"

    def footer(self, lang: str = "en", title: str | None = None) -> str:
        """The page footer: the edition, its version, and who owns what (``lang="ru"``: in Russian,
        under the site's Russian ``title``)."""
        if lang == "ru":
            return (f"{title or self.title}, версия {self.version} ({self.date}). "
                    f"Переводы, примечания и данные: {self.content.name} ({self.content.spdx}); "
                    f"код: {self.code.name} ({self.code.spdx}). "
                    "Исходные тексты принадлежат их авторам, и издание не даёт на них никакой лицензии.")
        return (f"{self.title}, version {self.version} ({self.date}). "
                f"Translations, notes and data: {self.content.name} ({self.content.spdx}); "
                f"code: {self.code.name} ({self.code.spdx}). "
                "The source texts are their authors' and are not licensed by the edition.")


def _need(data: dict, name: str, where: Path) -> Any:
    value = data.get(name)
    if value in (None, "", []):
        raise MetaError(f"{where.name}: field {name!r} is missing or empty")
    return value


def load_citation(path: Path = CITATION) -> dict:
    """``CITATION.cff`` as data (dates as ISO strings, as the CFF schema has them)."""
    try:
        data = yaml.safe_load(path.read_text(encoding="utf-8"))
    except (OSError, yaml.YAMLError) as exc:
        raise MetaError(f"{path.name} cannot be read as YAML: {exc}") from None
    if not isinstance(data, dict):
        raise MetaError(f"{path.name}: expected a mapping at the top")
    return _iso_dates(data)


def _iso_dates(value: Any) -> Any:
    if isinstance(value, dict):
        return {k: _iso_dates(v) for k, v in value.items()}
    if isinstance(value, list):
        return [_iso_dates(v) for v in value]
    if isinstance(value, (_dt.date, _dt.datetime)):
        return value.isoformat()
    return value


def load_pyproject_version(path: Path = PYPROJECT) -> str:
    return str(tomllib.loads(path.read_text(encoding="utf-8"))["project"]["version"])


def load(citation: Path = CITATION, rights: Path = RIGHTS) -> Meta:
    cff = load_citation(citation)
    try:
        rights_data = tomllib.loads(rights.read_text(encoding="utf-8"))
    except (OSError, tomllib.TOMLDecodeError) as exc:
        raise MetaError(f"{rights.name} cannot be read as TOML: {exc}") from None
    edition = _need(rights_data, "edition", rights)

    def licence(kind: str) -> Licence:
        return Licence(*(str(_need(edition, f"{kind}_{part}", rights)) for part in
                         ("licence", "licence_name", "licence_url", "covers")))

    authors = tuple(
        str(a.get("name") or " ".join(x for x in (a.get("given-names"), a.get("family-names")) if x))
        for a in _need(cff, "authors", citation) if isinstance(a, dict))
    base = os.environ.get("SITE_URL") or str(cff.get("url") or UNDEPLOYED)
    return Meta(
        title=str(_need(cff, "title", citation)),
        version=str(_need(cff, "version", citation)),
        date=str(_need(cff, "date-released", citation)),
        base_url=base if base.endswith("/") else base + "/",
        authors=authors,
        content=licence("content"),
        code=licence("code"),
        sources_note=str(_need(edition, "sources_note", rights)),
        source_rights={k: str(v.get("rights", "")) for k, v in (rights_data.get("sources") or {}).items()},
        source_rights_ru={k: str((v.get("ru") or {}).get("rights", "")) for k, v in (rights_data.get("sources") or {}).items()},
        sources_note_ru=str((edition.get("ru") or {}).get("sources_note", "")),
        covers_ru={kind: str((edition.get("ru") or {}).get(f"{kind}_covers", "")) for kind in ("content", "code")},
        title_ru=str((edition.get("ru") or {}).get("title", "")),
    )
