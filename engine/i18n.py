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
sentence needs, ``игрока {}``, ``игроку {}``, ``игроком {}``, ``об игроке {}``; plural
``seats {}``/``игроки {}`` …; a side ``side {}``/``сторона {}`` in its case), with the seat's
number: the noun's form *is* the field's case, so a translator writes plain Russian. Inside
:func:`naming` (the bridge's ``seat_names`` field) the noun and the number become the table's
name of the seat in that case ("игроку 2" -> "Северу", "seat 2" -> "North"), and in a sentence
said to the reader (a refusal) his seat is "you", its verb in the second person
(:data:`SECOND_PERSON`): "seat 0 is to bid" -> "you are to bid". Without names, the number.

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
import re
import string
from collections.abc import Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from functools import lru_cache
from pathlib import Path
from typing import Any

__all__ = ["LANGUAGES", "DOMAIN", "LOCALE_DIR", "Text", "N_", "_", "ngettext", "tr", "using",
           "current", "translation", "render", "fill", "SeatNames", "naming", "named", "written_as", "CASES", "SECOND_PERSON"]

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
    """``template`` translated, then filled with ``args``/``kwargs`` (see :func:`render`), its
    seats named as :func:`naming` says."""
    return _fill(_(template), args, kwargs)


def fill(sentence: str, *args: Any, **kwargs: Any) -> str:
    """An already translated ``sentence`` filled by ``str.format``, its seats named as
    :func:`naming` says (without names, exactly ``sentence.format(*args, **kwargs)``)."""
    names = _names.get()
    return sentence.format(*args, **kwargs) if names is None else names.fill(sentence, args, kwargs)


def _fill(template: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> str:
    names = _names.get()
    if names is None:
        return template.format(*[render(a) for a in args], **{k: render(v) for k, v in kwargs.items()})
    return names.fill(template, args, kwargs)


# --------------------------------------------------------------------------- seat names

CASES = ("name", "gen", "dat", "ins", "prep")
"""The forms of a seat's name a request may give: the name itself (nominative, and the
accusative of "сторону"), genitive, dative, instrumental, prepositional."""
MAX_SEATS = 8
MAX_NAME = 40

_NOUNS = {
    # the seat's noun before a field in a template, and the case of the name it becomes
    "seat": "name", "seats": "name", "partners": "name", "side": "name",
    "игрок": "name", "игрока": "gen", "игроку": "dat", "игроком": "ins", "игроке": "prep",
    "игроки": "name", "игроков": "gen", "игрокам": "dat", "игроками": "ins", "игроках": "prep",
    "сторона": "name", "стороны": "gen", "стороне": "dat", "сторону": "gen", "стороной": "ins",
}
_KEPT = {"partners"}
"""Nouns that stay before the names: "partners {} and {}" -> "partners West and East"."""
_AND = (" and ", " и ", ", ")
_PLURAL = {"seats", "partners", "игроки", "игроков", "игрокам", "игроками", "игроках"}
_SIDE = {"side", "сторона", "стороны", "стороне", "сторону", "стороной"}
_NOUN = re.compile(r"(?<![\w])(?:(?P<about>[Оо]б?) )?(?P<noun>[A-Za-zА-Яа-яЁё]+) $")
_PREPOSITION = re.compile(r"(?:^|\s)(?:[Оо]б?|в|на|при) $")
_SEAT_LIST = re.compile(r"\d+")
_WRITTEN = re.compile(r"(?<![\w])(?:(?P<about>[Оо]б?) )?(?P<noun>[A-Za-zА-Яа-яЁё]+) (?P<seat>\d)(?![\w])")
"""A seat a template writes by its number ("Seat 0 cuts {}, seat 1 cuts {}": a two-seat game)."""

_YOU_FOR = {"he": "you", "his": "your", "him": "you", "himself": "yourself"}
_HE = re.compile(r"\b(he|his|him|himself|He|His)\b(?:(?<=\bhe|\bHe) ([\w']+))?")
SECOND_PERSON = {
    "is": "are", "was": "were", "has": "have", "does": "do", "isn't": "aren't", "doesn't": "don't",
    "shows": "show", "deals": "deal", "writes": "write", "declares": "declare", "wins": "win",
    "takes": "take", "scores": "score", "pays": "pay", "lays": "lay", "holds": "hold",
    "exchanges": "exchange", "buys": "buy", "stands": "stand", "receives": "receive", "plays": "play",
    "passes": "pass", "leads": "lead", "keeps": "keep", "gives": "give", "counts": "count",
    "announces": "announce", "needs": "need", "goes": "go", "bids": "bid", "draws": "draw",
    "discards": "discard", "makes": "make", "loses": "lose", "gets": "get", "puts": "put", "acts": "act",
}
"""The verbs the engine's English templates put after a seat, in the form they take after
"you" (a table, not a rule: tests/test_seat_names.py checks every template's word after a
seat field is here or one that does not change, as "must", "cannot", "won")."""


class SeatNames:
    """The table's names of its seats (``seat_names`` of a request): each seat's name and, for
    Russian, its cases; the reader's seat, said "you" in sentences said to him; the sides."""

    def __init__(self, seats: list[dict[str, str]], reader: int | None = None,
                 sides: list[list[int]] | None = None, to_reader: bool = False) -> None:
        self.seats = seats
        self.reader = reader
        self.sides = sides
        self.to_reader = to_reader
        self.key = repr((seats, reader, sides, to_reader))
        self._he = False

    @classmethod
    def read(cls, value: Any, field: str = "seat_names") -> SeatNames:
        """The request's field, checked: ``{"seats": [{"name", "gen"?, "dat"?, "ins"?,
        "prep"?, "you"?, "your"?}, ..], "reader"?: seat, "sides"?: [[seat, ..], ..]}``."""
        from engine.errors import InvalidInputError, brief

        def bad(where: str, what: str) -> InvalidInputError:
            return InvalidInputError(f"field '{field}{where}': {what}")

        if not isinstance(value, dict):
            raise bad("", f"an object with 'seats' (and 'reader', 'sides'), not {brief(value)}")
        unknown = sorted(set(value) - {"seats", "reader", "sides"})
        if unknown:
            raise bad("", f"unknown key(s) {', '.join(map(repr, unknown))}; keys: seats, reader, sides")
        seats = value.get("seats")
        if not isinstance(seats, list) or not 1 <= len(seats) <= MAX_SEATS:
            raise bad(".seats", f"a list of 1 to {MAX_SEATS} seats' names, not {brief(seats)}")
        checked: list[dict[str, str]] = []
        for index, entry in enumerate(seats):
            where = f".seats[{index}]"
            if not isinstance(entry, dict) or "name" not in entry:
                raise bad(where, f"an object with the seat's 'name' (and its cases), not {brief(entry)}")
            keys = set(CASES) | ({"you", "your"} if index == value.get("reader") else set())
            for key, text in entry.items():
                if key not in keys:
                    raise bad(where, f"unknown key {key!r}; keys: {', '.join(sorted(keys))}"
                              + ("" if key not in ("you", "your") else " ('you' and 'your' only for the reader's seat)"))
                if not isinstance(text, str) or not text.strip() or len(text) > MAX_NAME or "{" in text or "}" in text:
                    raise bad(f"{where}.{key}", f"a name of 1 to {MAX_NAME} characters without braces, not {brief(text)}")
            checked.append(dict(entry))
        reader = value.get("reader")
        if reader is not None and (type(reader) is not int or not 0 <= reader < len(checked)):
            raise bad(".reader", f"a seat from 0 to {len(checked) - 1}, not {brief(reader)}")
        sides = value.get("sides")
        if sides is not None and (not isinstance(sides, list) or len(sides) > MAX_SEATS or not all(
                isinstance(side, list) and side and all(type(s) is int and 0 <= s < len(checked) for s in side)
                for side in sides)):
            raise bad(".sides", f"a list of sides, each a list of seats from 0 to {len(checked) - 1}, not {brief(sides)}")
        return cls(checked, reader, sides)

    def to_json(self) -> dict[str, Any]:
        return {"seats": self.seats, "reader": self.reader, "sides": self.sides}

    def with_sides(self, sides: list[list[int]]) -> SeatNames:
        """These names, the sides the game's state says if the request said none."""
        return self if self.sides is not None else SeatNames(self.seats, self.reader, sides, self.to_reader)

    def said_to_reader(self) -> SeatNames:
        return SeatNames(self.seats, self.reader, self.sides, to_reader=True)

    def name(self, seat: int, case: str) -> str:
        entry = self.seats[seat]
        return entry.get(case) or entry["name"]

    def _you(self, seat: int) -> bool:
        return self.to_reader and seat == self.reader and "you" in self.seats[seat]

    def fill(self, template: str, args: tuple[Any, ...], kwargs: dict[str, Any]) -> str:
        """``template`` filled, each field after a seat's noun written as the seat's name in the
        noun's case (the noun dropped); other fields as :func:`tr` writes them."""
        formatter = string.Formatter()
        out: list[str] = []
        auto = 0
        listed: str | None = None  # the case of a list of seats named so far ("игроки {} и {}")
        you: int | None = None  # after the reader's "you": "'s" is "your", the verb in the second person
        he = self._he  # (a sentence inside one about the reader alone: "he holds" is "you hold")
        said_you = other = False
        for literal, field, spec, conversion in formatter.parse(template):
            if he:
                literal = self._pronouns(literal)
            if you is not None:
                if literal.startswith("'s") and "your" in self.seats[you]:
                    said = self.seats[you]["you"]
                    your = self.seats[you]["your"]
                    out[-1] = out[-1][:-len(said)] + (your[:1].upper() + your[1:] if out[-1][-len(said):][:1].isupper() else your)
                    literal = literal[2:]
                else:
                    literal = self._second_person(literal)
                you = None
            if said_you and not other and not he:
                literal = self._pronouns(literal)
            if field is None:
                out.append(self._written(literal))
                continue
            if field == "":
                field = str(auto)
                auto += 1
            value, _key = formatter.get_field(field, args, kwargs)
            if listed is not None and literal in _AND and type(value) is int and 0 <= value < len(self.seats):
                out.append(literal + self.name(value, listed))
                continue
            named = self._named(literal, value)
            listed = None
            if named is not None:
                literal, text, you, listed = named
                said_you, other = said_you or you is not None, other or you is None
                out.append(self._written(literal) + text)
                continue
            self._he = he or (said_you and not other)
            try:
                value = formatter.convert_field(render(value), conversion)
            finally:
                self._he = he
            out.append(self._written(literal) + formatter.format_field(value, spec or ""))
        return "".join(out)

    def _written(self, literal: str) -> str:
        """The seats a template's own words name by number, named (in the noun's case)."""
        def name(match: re.Match[str]) -> str:
            named = self._named(match.group()[:-len(match.group("seat"))], int(match.group("seat")))
            return match.group() if named is None else named[0] + named[1]
        return _WRITTEN.sub(name, literal) if any(c.isdigit() for c in literal) else literal

    def _named(self, literal: str, value: Any) -> tuple[str, str, int | None, str | None] | None:
        """The literal before a seat field and the seat's name, if the literal ends with a seat's
        noun (and the reader's seat said "you", the case a list of seats goes on in)."""
        match = _NOUN.search(literal)
        if match is None:
            return None
        noun = match.group("noun")
        found = _NOUNS.get(noun.lower())
        if found is None:
            return None
        case: str = found
        before = literal[:match.start()] if noun.lower() not in _KEPT else literal
        about = match.group("about")
        reader: int | None = None
        if type(value) is not int:
            value = render(value)
        if noun.lower() in _PLURAL and type(value) is int:
            if not 0 <= value < len(self.seats):
                return None
            text = self.name(value, case)
        elif noun.lower() in _PLURAL:
            seats = [int(n) for n in _SEAT_LIST.findall(str(value))] if isinstance(value, str) else None
            if not seats or any(s >= len(self.seats) for s in seats):
                return None
            text = _SEAT_LIST.sub(lambda m: self.name(int(m.group()), case), str(value))
        elif type(value) is not int or value < 0:
            return None
        elif noun.lower() in _SIDE:
            if self.sides is None or value >= len(self.sides):
                return None
            if case == "dat" and (about or _PREPOSITION.search(before)):
                case = "prep"  # (стороне: dative, or after a preposition prepositional)
            text = " и ".join(self.name(s, case) for s in self.sides[value]) if not noun.isascii() else \
                " & ".join(self.name(s, case) for s in self.sides[value])
        elif value >= len(self.seats):
            return None
        elif self._you(value):
            text = self.seats[value]["you"]
            reader = value
        else:
            text = self.name(value, case)
        if about:
            before += ("об " if text[:1].lower() in "аиоуэы" else "о ") if about.islower() else \
                ("Об " if text[:1].lower() in "аиоуэы" else "О ")
        if noun[:1].isupper() and not about and noun.lower() not in _KEPT:
            text = text[:1].upper() + text[1:]
        return before, text, reader, case if noun.lower() in _PLURAL else None

    def _pronouns(self, literal: str) -> str:
        """A template's "he", "his", "him" as the reader's "you", "your", "you" (its verb after "you")."""
        if not _HE.search(literal):
            return literal
        def said(match: re.Match[str]) -> str:
            word = match.group(1)
            you = _YOU_FOR[word.lower()]
            you = you[:1].upper() + you[1:] if word[:1].isupper() else you
            verb = match.group(2)
            return you + (match.group(0)[len(word):len(word) + 1] + SECOND_PERSON.get(verb, verb) if verb else "")
        return _HE.sub(said, literal)

    def _second_person(self, literal: str) -> str:
        match = re.match(r"(\s+)([\w']+)", literal)
        if match and match.group(2) in SECOND_PERSON:
            return match.group(1) + SECOND_PERSON[match.group(2)] + literal[match.end():]
        return literal


_names: ContextVar[SeatNames | None] = ContextVar("engine_seat_names", default=None)


@contextmanager
def naming(names: SeatNames | None) -> Iterator[SeatNames | None]:
    """Name the seats as ``names`` says inside the block (None: by their numbers)."""
    token = _names.set(names)
    try:
        yield names
    finally:
        _names.reset(token)


def named() -> SeatNames | None:
    """The seat names sentences are written with now (None: numbers)."""
    return _names.get()


def written_as() -> str:
    """How sentences are written now, as a key for what is kept once written (a log entry, a
    ledger line): the language, and the seat names if any (without names: :func:`current`)."""
    names = _names.get()
    return _current.get() if names is None else f"{_current.get()}|{names.key}"


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
        return _fill(form, self.args, self.kwargs)

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
