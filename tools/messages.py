"""The engine's message catalogues (issue 15), with Babel: extract, check, compile.

The engine's English templates are marked in its code (``_``, ``N_``, ``ngettext``, ``Text``:
see :mod:`engine.i18n`). Their Russian is kept in ``engine/locale/ru/*.po``, one file per part
of the engine (``core.po``, ``ruffe.po``, ``loo.po``, ``gleek.po``, ``piquet.po`` …) so that
each part has one home; ``compile`` merges them into the one catalogue the engine reads,
``engine/locale/ru/LC_MESSAGES/engine.mo``. Beside it, the ``site`` domain: the site generator's
own words (``tools/sitegen/locale/ru/site.po``, read by ``sitegen.words.tr``), compiled into
``tools/sitegen/locale/ru/LC_MESSAGES/site.mo``.

    python tools/messages.py extract      # every msgid the code marks, with where (stdout)
    python tools/messages.py check        # each has its Russian, once, with the same fields
    python tools/messages.py compile      # write engine.mo and site.mo (set-up does this)
    python tools/messages.py missing      # the msgids without Russian, as .po entries to fill
"""

from __future__ import annotations

import re
import sys
from functools import lru_cache
from pathlib import Path

from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.mofile import write_mo
from babel.messages.pofile import read_po, write_po

ROOT = Path(__file__).resolve().parent.parent
ENGINE = ROOT / "engine"
LOCALE = ENGINE / "locale"
KEYWORDS = {"_": None, "N_": None, "tr": (1,), "ngettext": (1, 2), "Text": (1,)}
"""The marking functions and which of their arguments are msgids (Babel's keyword spec).
``Text(template, ..., plural=(p, n))`` marks its singular; a plural Text's forms are
marked with ``ngettext`` where they are written."""
SITE_LOCALE = ROOT / "tools" / "sitegen" / "locale"
"""The ``site`` domain: ``<lang>/site.po``, compiled to ``<lang>/LC_MESSAGES/site.mo``."""
FIELD = re.compile(r"(?<!\{)\{([^{}]*)\}")


def extracted() -> dict[str, list[str]]:
    """Every msgid the engine's code marks (a plural by its singular), with where it is.

    Extracted once per state of the engine's sources (Babel takes most of a second): kept while
    no ``.py`` file under ``engine/`` is added, removed or changed; each caller gets its own copy."""
    return {msgid: list(where) for msgid, where in _extracted(str(ENGINE), _sources(ENGINE)).items()}


def _sources(folder: Path) -> tuple[tuple[str, int, int], ...]:
    """Each ``.py`` file under ``folder``: its path, its time of change and its size."""
    out = []
    for path in sorted(folder.rglob("*.py")):
        stat = path.stat()
        out.append((str(path), stat.st_mtime_ns, stat.st_size))
    return tuple(out)


@lru_cache(maxsize=4)
def _extracted(folder: str, _sources: tuple[tuple[str, int, int], ...]) -> dict[str, tuple[str, ...]]:
    found: dict[str, list[str]] = {}
    method_map = [("**/locale/**", "ignore"), ("**.py", "python")]
    for filename, lineno, message, _comments, _context in extract_from_dir(
            folder, method_map=method_map, keywords=KEYWORDS, comment_tags=(), strip_comment_tags=True):
        if not message:
            continue
        msgid = message if isinstance(message, str) else message[0]
        if not isinstance(msgid, str) or not msgid:
            continue
        found.setdefault(msgid, []).append(f"engine/{filename}:{lineno}")
        if not isinstance(message, str) and len(message) > 1 and isinstance(message[1], str):
            found.setdefault("\x00plural\x00" + msgid, []).append(message[1])
    return {msgid: tuple(where) for msgid, where in found.items()}


def po_files(lang: str) -> list[Path]:
    return sorted((LOCALE / lang).glob("*.po"))


def catalogue(lang: str) -> tuple[Catalog, list[str]]:
    """The language's .po files merged, and the problems met merging them (a msgid twice)."""
    merged = Catalog(locale=lang, domain="engine")
    problems: list[str] = []
    where: dict[str, str] = {}
    for path in po_files(lang):
        with path.open("rb") as handle:
            part = read_po(handle, locale=lang)
        for message in part:
            if not message.id:
                continue
            key = message.id if isinstance(message.id, str) else message.id[0]
            if key in where:
                problems.append(f"{path.name}: msgid {key!r} is also in {where[key]} (one home for each sentence)")
                continue
            where[key] = path.name
            merged[message.id] = message
    return merged, problems


def fields(text: str) -> list[str]:
    """The replacement fields of a template, in order (``{}``, ``{0}``, ``{seat}`` …)."""
    return sorted(FIELD.findall(text))


def check(lang: str = "ru") -> list[str]:
    """Every problem of the language's catalogue: a marked msgid without its translation, a
    translation whose fields differ from the template's, a translation nothing marks, a msgid twice."""
    found = extracted()
    merged, problems = catalogue(lang)
    ids = {k for k in found if not k.startswith("\x00")}
    for msgid in sorted(ids):
        message = merged.get(msgid)
        if message is None:
            problems.append(f"no {lang} for {msgid!r} ({found[msgid][0]})")
            continue
        strings = message.string if isinstance(message.string, (list, tuple)) else [message.string]
        if not all(strings) or message.fuzzy:
            problems.append(f"the {lang} for {msgid!r} is empty or fuzzy ({found[msgid][0]})")
            continue
        plural = found.get("\x00plural\x00" + msgid)
        templates = [msgid] + (plural[:1] if plural else [])
        for string in strings:
            if fields(string) != fields(templates[-1]) and fields(string) != fields(templates[0]):
                problems.append(f"the {lang} for {msgid!r} has the fields {fields(string)}, "
                                f"the template {fields(msgid)} ({found[msgid][0]})")
    for message in merged:
        key = message.id if isinstance(message.id, str) else (message.id[0] if message.id else "")
        if key and key not in ids:
            problems.append(f"{lang}: {key!r} is translated but nothing in the engine marks it")
    return problems


def compile_mo(lang: str = "ru") -> Path:
    merged, problems = catalogue(lang)
    if problems:
        raise SystemExit("\n".join(problems))
    target = LOCALE / lang / "LC_MESSAGES" / "engine.mo"
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("wb") as handle:
        write_mo(handle, merged)
    return target


def names(text: str) -> list[str]:
    """The names of a template's fields, without their format (the site's Russian gives a number's
    noun its three forms there: ``{n:партия|партии|партий}``, read by ``sitegen.words.counted``)."""
    return sorted({field.split(":")[0].split("!")[0] for field in FIELD.findall(text)})


def site_problems(lang: str = "ru") -> list[str]:
    """Every problem of the site domain's catalogue: an empty or fuzzy translation, or one whose
    fields differ from its template's. (A page text without its Russian is reported by the
    generator itself, which warns, and so fails the strict build, for each one it meets.)"""
    path = SITE_LOCALE / lang / "site.po"
    with path.open("rb") as handle:
        site = read_po(handle, locale=lang, domain="site")
    problems = []
    for message in site:
        if not message.id:
            continue
        if not message.string or message.fuzzy:
            problems.append(f"{path.name}: the {lang} for {message.id!r} is empty or fuzzy")
        elif names(message.string) != names(message.id):
            problems.append(f"{path.name}: the {lang} for {message.id!r} has the fields {names(message.string)}, "
                            f"the template {names(message.id)}")
    return problems


def compile_site_mo(lang: str = "ru") -> Path:
    problems = site_problems(lang)
    if problems:
        raise SystemExit("\n".join(problems))
    with (SITE_LOCALE / lang / "site.po").open("rb") as handle:
        site = read_po(handle, locale=lang, domain="site")
    target = SITE_LOCALE / lang / "LC_MESSAGES" / "site.mo"
    target.parent.mkdir(parents=True, exist_ok=True)
    with target.open("wb") as handle:
        write_mo(handle, site)
    return target


def missing(lang: str = "ru") -> Catalog:
    found = extracted()
    merged, _ = catalogue(lang)
    todo = Catalog(locale=lang, domain="engine")
    for msgid, where in found.items():
        if msgid.startswith("\x00") or msgid in merged:
            continue
        plural = found.get("\x00plural\x00" + msgid)
        todo.add((msgid, plural[0]) if plural else msgid, locations=[(w.rsplit(":", 1)[0], int(w.rsplit(":", 1)[1])) for w in where])
    return todo


def main(argv: list[str]) -> int:
    command = argv[0] if argv else "check"
    if command == "extract":
        for msgid, where in sorted(extracted().items()):
            if not msgid.startswith("\x00"):
                print(f"{where[0]}\t{msgid}")
        return 0
    if command == "check":
        problems = check() + site_problems()
        for problem in problems:
            print(problem)
        print(f"{len(problems)} problem(s) in the Russian message catalogue", file=sys.stderr)
        return 1 if problems else 0
    if command == "compile":
        print(f"wrote {compile_mo().relative_to(ROOT)}")
        print(f"wrote {compile_site_mo().relative_to(ROOT)}")
        return 0
    if command == "missing":
        write_po(sys.stdout.buffer, missing(), omit_header=True, width=100)
        return 0
    print(__doc__, file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
