"""The engine's words in the reader's language (issue 15): the standard library's gettext.

Every sentence the engine writes for a reader (a prompt, an action's label, a log line, a
score-sheet reason, a settlement line, a refusal) is an English template, its *msgid*,
translated when it is written out, into the language of the request (:func:`using`; the
bridge's ``lang`` field). English is the templates themselves; Russian comes from the
message catalogue ``engine/locale/ru/LC_MESSAGES/engine.mo``, compiled at set-up from the
``.po`` files beside it by Babel (``tools/messages.py compile``), and packaged in the wheel.

How a sentence is marked, so that ``tools/messages.py`` finds every msgid:

- ``_("The deal is void.")``: translated where it is written (at render time);
- ``N_("{} leads")``: a template kept to be translated later (a class attribute, a log
  entry's template), then written with :func:`tr` or ``_()``;
- ``ngettext("{} point", "{} points", n)``: with a count (Russian has three forms);
- ``Text("{} pays {}", seat, amount)``: kept now, written later in the language of the
  reader (a ledger's reason, an error's reason): ``str(text)`` writes it.

Seats: a template names a seat as ``seat {}`` (Russian: ``игрок {}`` in the case the
sentence needs, ``игрока {}``, ``игроку {}`` …), with the seat's number; the table names
the seat from there (South, Юг …), as it always has.

>>> with using("en"):
...     tr("{} leads", "Seat 2")
'Seat 2 leads'
>>> with using("xx"):
...     pass
Traceback (most recent call last):
...
engine.errors.InvalidInputError: field 'lang': unknown language 'xx'; languages: en, ru
"""

from __future__ import annotations

import gettext as _gettext
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path
from typing import Any

__all__ = ["LANGUAGES", "DOMAIN", "LOCALE_DIR", "Text", "N_", "_", "ngettext", "tr", "using",
           "current", "translation", "render"]

LANGUAGES = ("en", "ru")
"""The languages the engine writes: English (its templates) and Russian."""
DOMAIN = "engine"
LOCALE_DIR = Path(__file__).resolve().parent / "locale"

_current: ContextVar[str] = ContextVar("engine_language", default="en")


def current() -> str:
    """The language sentences are written in now."""
    return _current.get()


@contextmanager
def using(lang: Any) -> Iterator[str]:
    """Write sentences in ``lang`` (``"en"`` or ``"ru"``) inside the block."""
    from engine.errors import InvalidInputError, brief

    if lang not in LANGUAGES:
        raise InvalidInputError(f"field 'lang': unknown language {brief(lang)}; languages: {', '.join(LANGUAGES)}")
    translation(lang)  # a missing catalogue is said before anything is written
    token = _current.set(lang)
    try:
        yield lang
    finally:
        _current.reset(token)


@lru_cache(maxsize=None)
def translation(lang: str) -> _gettext.NullTranslations:
    """The message catalogue of ``lang`` (English: the templates as they are)."""
    if lang == "en":
        return _gettext.NullTranslations()
    path = LOCALE_DIR / lang / "LC_MESSAGES" / f"{DOMAIN}.mo"
    if not path.is_file():
        from engine.errors import EngineError

        raise EngineError(f"the {lang} message catalogue is not compiled ({path.name} is missing "
                          f"under engine/locale/{lang}): run 'make messages'")
    with path.open("rb") as handle:
        return _gettext.GNUTranslations(handle)


def N_(message: str) -> str:
    """Mark ``message`` as a template to translate where it is written (returns it)."""
    return message


def _(message: str) -> str:
    """``message`` in the current language."""
    return translation(_current.get()).gettext(message)


def ngettext(singular: str, plural: str, n: int) -> str:
    """The form of ``singular``/``plural`` for the count ``n``, in the current language."""
    return translation(_current.get()).ngettext(singular, plural, n)


def render(arg: Any) -> Any:
    """An argument as a sentence writes it: a :class:`Text` in the current language, a list
    or tuple of cards by their symbols."""
    if isinstance(arg, Text):
        return str(arg)
    if type(arg) in (list, tuple):
        return " ".join(getattr(card, "_symbol", str(card)) for card in arg)
    return arg


def tr(template: str, *args: Any, **kwargs: Any) -> str:
    """``template`` translated, then filled with ``args``/``kwargs`` (see :func:`render`)."""
    return _(template).format(*[render(a) for a in args], **{k: render(v) for k, v in kwargs.items()})


class Text:
    """A sentence kept now and written later, in the language of whoever reads it.

    ``Text(template, *args, **kwargs)``; with ``plural=(plural_template, n)`` the count's
    form. ``str()`` writes it in the current language; two are equal when they would say
    the same thing (template and arguments)."""

    __slots__ = ("template", "args", "kwargs", "plural")

    def __init__(self, template: str, *args: Any, plural: tuple[str, int] | None = None, **kwargs: Any) -> None:
        self.template = template
        self.args = args
        self.kwargs = kwargs
        self.plural = plural

    def __str__(self) -> str:
        if self.plural is None:
            return tr(self.template, *self.args, **self.kwargs)
        form = ngettext(self.template, self.plural[0], self.plural[1])
        return form.format(*[render(a) for a in self.args], **{k: render(v) for k, v in self.kwargs.items()})

    def __repr__(self) -> str:
        return f"Text({self.template!r}, {', '.join(map(repr, self.args))})"

    def __eq__(self, other: object) -> bool:
        if isinstance(other, Text):
            return (self.template, self.args, self.kwargs, self.plural) == (
                other.template, other.args, other.kwargs, other.plural)
        return isinstance(other, str) and str(self) == other

    def __hash__(self) -> int:
        return hash((self.template, self.args))

    def __add__(self, other: object) -> str:
        return str(self) + str(other)

    def __radd__(self, other: object) -> str:
        return str(other) + str(self)
