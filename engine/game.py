"""The shape every game shares: actions, outcomes, variants, states, specs.

A game is declared once by a :class:`GameSpec` (its id, name, player counts
and its :class:`Variant` class, whose options are the catalogue's readings of
contested rules).  A :class:`GameState` is a state machine: the seat to act,
its legal actions, ``apply`` (which checks legality and refuses a bad action
with :class:`~engine.errors.IllegalActionError` naming the rule, leaving the
state unchanged), views that hide what a seat may not see, and the outcome.

>>> from engine.game import Action
>>> a = Action.parse("play 7H")
>>> a, str(a), a.label, a.to_json()
(Action('play', card=Card(Rank.SEVEN, Suit.HEARTS)), 'play 7H', 'Play 7♥', {'kind': 'play', 'card': '7H'})
>>> Action.from_json({"kind": "announce", "value": 34})
Action('announce', value=34)
"""

from __future__ import annotations

import dataclasses
import random
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar, Self

from engine import catalogue
from engine.cards import Card
from engine.i18n import N_, Text, _, current, ngettext, tr
from engine.errors import (CatalogueError, EngineError, IllegalActionError, InvalidInputError,
                           RecordError, VariantError, brief)
from engine.actions import _INTEGER, Action, Named
from engine.limits import MAX_ACTION_VALUE, MAX_DEALS, MAX_DECK, MAX_SEED
from engine.view_types import LegalAction, LogEntry, OutcomeJson, SheetRow, View

__all__ = ["Action", "Outcome", "Option", "Variant", "GameState", "GameSpec"]


@dataclass(frozen=True)
class Outcome:
    """The result of a finished game.

    ``winners``: the winning seats (all seats of the winning side);
    ``scores``: the final game score of each seat (its side's total);
    ``sides``: the seats of each side; ``reason``: a plain sentence;
    ``rule``: the id of the rule that ended the game.
    """

    winners: tuple[int, ...]
    scores: tuple[int, ...]
    sides: tuple[tuple[int, ...], ...]
    reason: str | Text
    rule: str | None = None

    def to_json(self) -> OutcomeJson:
        data: OutcomeJson = {
            "winners": list(self.winners),
            "scores": list(self.scores),
            "sides": [list(s) for s in self.sides],
            "reason": str(self.reason),  # (a Text: in the reader's language)
        }
        if self.rule is not None:
            data["rule"] = self.rule
        return data

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> Outcome:
        return cls(
            tuple(data["winners"]),
            tuple(data["scores"]),
            tuple(tuple(s) for s in data["sides"]),
            str(data["reason"]),
            data.get("rule"),
        )


@dataclass(frozen=True)
class Option:
    """One variant option: its name, type, default, allowed values, a short
    description, and the id of the rule whose reading it selects."""

    name: str
    type: type
    default: Any
    values: tuple[Any, ...] | None
    doc: str
    rule: str

    @classmethod
    def from_rule(cls, rule_id: str, name: str | None = None) -> Option:
        """The option that chooses a reading of a contested rule, read from the
        catalogue: its name is the readings' ``option``, its values their ids
        in order, its default the reading marked default, its description the
        rule's statement.  ``name``, if given, must be the catalogue's
        (:class:`~engine.errors.CatalogueError` otherwise).

        >>> Option.from_rule("ruffe-and-trumps.play.follow", "follow").values
        ('obliged', 'free')
        """
        rule = catalogue.contested(rule_id)
        if name is not None and name != rule.option:
            raise CatalogueError(Text("rule {}: the code names its option {}, the catalogue's readings name it {}",
                                      rule_id, repr(name), repr(rule.option)))
        return cls(rule.option, str, rule.default, rule.readings, rule.statement, rule_id)

    def refusal(self, value: Any) -> VariantError:
        """The error refusing ``value`` for this option: it names the option,
        its rule and the values allowed."""
        allowed: str | Text = (", ".join(repr(v) for v in self.values) if self.values
                               else Text({int: N_("a whole number"), bool: N_("true or false")}.get(self.type, N_("a string"))))
        return setting_refused(self.name, self.rule, value, allowed)

    def to_json(self) -> dict[str, Any]:
        return {
            "name": self.name,
            "type": {bool: "bool", int: "int", str: "str"}.get(self.type, self.type.__name__),
            "default": self.default,
            "values": list(self.values) if self.values is not None else None,
            "doc": self.doc,
            "rule": self.rule,
        }

    def coerce(self, value: Any) -> Any:
        """The value converted to the option's type, or :class:`VariantError`."""
        if value is None and self.default is None:
            return None
        try:
            if self.type is bool:
                if isinstance(value, str) and value.strip().lower() in ("true", "yes", "1", "false", "no", "0"):
                    value = value.strip().lower() in ("true", "yes", "1")
                elif not isinstance(value, bool):
                    raise ValueError
            elif self.type is int:
                if isinstance(value, bool):
                    raise ValueError
                if isinstance(value, str):
                    if not _INTEGER.match(value.strip()):
                        raise ValueError
                    value = int(value.strip())
                elif not isinstance(value, int):
                    raise ValueError
                if not -MAX_ACTION_VALUE < value < MAX_ACTION_VALUE:
                    raise ValueError
            elif self.type is str:
                if isinstance(value, bool):
                    raise ValueError
                if isinstance(value, int) and -MAX_ACTION_VALUE < value < MAX_ACTION_VALUE:
                    value = str(value)
                elif not isinstance(value, str) or len(value) > 64:
                    raise ValueError
        except ValueError:
            raise self.refusal(value) from None
        if self.values is not None and value not in self.values:
            raise self.refusal(value)
        return value


class Variant:
    """Base of every game's variant: a frozen dataclass of options.

    Subclasses are ``@dataclass(frozen=True)`` with one field per option and
    declare ``OPTIONS`` (one :class:`Option` per field).  Build them with
    :meth:`from_options`, which refuses unknown options and bad values with a
    :class:`VariantError` naming the option, its allowed values and the rule.
    """

    game_id: ClassVar[str] = ""
    OPTIONS: ClassVar[tuple[Option, ...]] = ()
    players: int
    """Every game's variant has the number of players among its options."""

    @classmethod
    def option(cls, name: str) -> Option:
        for opt in cls.OPTIONS:
            if opt.name == name:
                return opt
        known = ", ".join(o.name for o in cls.OPTIONS)
        raise VariantError(Text("{} has no variant option {}; options: {}", cls.game_id or cls.__name__, brief(name), known))

    @classmethod
    def from_options(cls, /, **options: Any) -> Self:
        """A validated variant; options not given take their defaults."""
        return cls.from_mapping(options)

    @classmethod
    def from_mapping(cls, options: Any) -> Self:
        """A validated variant from a mapping of option name -> value (a record's or a
        request's ``variant``): anything but a mapping of known option names is refused."""
        if not isinstance(options, Mapping):
            raise VariantError(Text("{}: the variant must be an object of option: value, not {}",
                                    cls.game_id or cls.__name__, brief(options)))
        values = {}
        for name, value in options.items():
            if not isinstance(name, str):
                raise VariantError(Text("{}: an option name must be a string, not {}",
                                        cls.game_id or cls.__name__, brief(name)))
            field, meaning = cls._setting(cls.option(name), value)
            values[field] = meaning
        return cls(**values)

    @classmethod
    def _setting(cls, option: Option, value: Any) -> tuple[str, Any]:
        """The field an option sets and the value it takes from ``value`` (checked): here the
        option's own name and value (:class:`engine.readings.Rules` gives a reading its meaning)."""
        return option.name, option.coerce(value)

    def to_json(self) -> dict[str, Any]:
        """Every option with its value (what a record stores)."""
        return {opt.name: getattr(self, opt.name) for opt in self.OPTIONS}

    def readings(self) -> dict[str, str]:
        """The rule id -> reading id chosen by each option."""
        return {opt.rule: str(getattr(self, opt.name)).lower() for opt in self.OPTIONS}

    def replace(self, /, **changes: Any) -> Self:
        """A copy with some options changed (validated)."""
        return type(self).from_mapping(self.to_json() | changes)


class GameState:
    """Base class of a game's state (one per game module).

    Subclasses implement the abstract methods; the attributes below are the
    ones every state has.  ``history`` lists ``(seat, action)`` for the whole
    game; ``deals`` the deck order (card strings, top first) of each deal;
    ``log`` readable entries ``{"deal", "seat", "text", "rule"}`` with one
    entry, naming its rule, for every score change.
    """

    game_id: str = ""
    lower_is_better: bool = False
    """True for games whose totals are records written down to nothing (the loo family)."""
    variant: Variant
    num_players: int
    seed: int
    history: list[tuple[int, Action]]
    deals: list[list[str]]
    deal_number: int
    """The deals dealt so far (the one in progress included), numbered from 1."""

    def __init__(self, variant: Variant, seed: int = 0, decks: Iterable[Iterable[str | Card]] | None = None,
                 first_dealer: int | None = None) -> None:
        """A new game (what :meth:`GameSpec.new_game` calls, with a checked variant,
        seed and decks): every game's state class implements it."""
        raise NotImplementedError

    @property
    def log(self) -> list[LogEntry]:
        """The log, one readable entry per event: ``{"deal", "seat", "text", "rule"}`` at least."""
        raise NotImplementedError

    @property
    def score_sheet(self) -> list[SheetRow]:
        """The deals that are over, each a row of its score entries."""
        raise NotImplementedError

    # --- the state machine -------------------------------------------------
    # A state keeps the seat to act in ``_to_act`` (None when nobody acts),
    # its phase name in ``_phase`` ("over" at the end) and the result in ``_outcome``.
    _to_act: int | None = None
    _phase: str = ""
    _outcome: Outcome | None = None

    def current_player(self) -> int | None:
        return self._to_act

    @property
    def phase(self) -> str:
        return self._phase

    def legal_actions(self) -> list[Action]:
        raise NotImplementedError

    def apply(self, action: Action | dict[str, Any] | str) -> None:
        raise NotImplementedError

    def is_over(self) -> bool:
        return self._phase == "over"

    def sampled(self) -> bool:
        """Whether the sampling bot searches the decision on now, or takes the game's advice."""
        return True

    def outcome(self) -> Outcome | None:
        return self._outcome

    # --- information -------------------------------------------------------
    def view(self, seat: int | None) -> View:
        """What ``seat`` may know (``None``: every card face up), in the shape of
        :class:`engine.view_types.View`."""
        raise NotImplementedError

    def clone(self) -> Self:
        """An independent copy: every list, dict and set the state holds is copied,
        at every depth, so nothing done to the copy (a bot's imagined playout)
        reaches the original. Cards, actions, variants and tuples are immutable
        and shared."""
        new = object.__new__(type(self))
        d = self.__dict__
        shallow = self.APPEND_ONLY
        new.__dict__ = {k: list(v) if k in shallow else fresh(v) if type(v) in _CONTAINERS else v
                        for k, v in d.items()}
        return new

    APPEND_ONLY: frozenset[str] = frozenset(("history", "deals", "_log"))
    """Lists whose items are never changed once appended (actions, decks, log entries):
    :meth:`clone` copies the list, not its items."""

    def determinize(self, seat: int, rng: random.Random) -> Self:
        raise NotImplementedError

    def sides(self) -> list[list[int]]:
        raise NotImplementedError

    def totals(self) -> list[int]:
        raise NotImplementedError

    def deal_summary(self, deal: int) -> dict[str, Any]:
        """What happened in one finished deal (numbered from 1), in a shape every
        game shares, so that a reader of it (the comparison of two readings) needs
        to know nothing of the game:

        - ``deal``, ``dealer``; ``unit`` (``"points"``, or ``"record"`` for records
          written down) and ``lower_is_better`` (whether a lower amount is better);
        - ``lines``: one per side of :meth:`sides`, in order: ``side``, ``seats``,
          ``amount`` (the sum of its entries), ``entries`` (its score-sheet entries of
          the deal, each with ``points``, ``rule`` and ``why``), ``facts`` (what the
          side did, as labelled items ``{"label", "value", "rule"?}``) and ``text``
          (the same in plain words, with what it gained);
        - ``entries``: the deal's score-sheet entries of every side, in the order written;
        - ``facts``: labelled items of the whole deal (trumps, the ruff, a void deal,
          the end of the game);
        - ``best``: the sides that did best in the deal (every side when it is level);
          ``void``: ``{"rule", "why"}`` for a deal written off as void, else ``None``;
          ``ended_game``: whether the game ended with it; ``text``: one plain sentence.

        Seats appear as data (``seats``) and, in the texts, as "seat N". A deal not
        dealt, or still being played, is refused with
        :class:`~engine.errors.InvalidInputError`.
        """
        raise NotImplementedError

    def _finished_deal(self, deal: Any) -> dict[str, Any]:
        """The score-sheet row of finished deal ``deal``, or :class:`InvalidInputError`."""
        dealt = self.deal_number
        if type(deal) is not int or not 1 <= deal <= dealt:
            raise InvalidInputError(Text("{}: no deal {} to summarise: the game has dealt {} deal (numbered from 1)",
                                         self.game_id, brief(deal), dealt,
                                         plural=("{}: no deal {} to summarise: the game has dealt {} deals "
                                                 "(numbered from 1)", dealt)))
        for row in self.score_sheet:
            if row.get("deal") == deal:
                return dict(row)
        raise InvalidInputError(Text("{}: deal {} is still being played; only a finished deal is summarised",
                                     self.game_id, deal))

    def _summary(self, row: dict[str, Any], side_facts: list[list[dict[str, Any]]], side_texts: list[str],
                 facts: list[dict[str, Any]], ending: tuple[str, str | Text] | None) -> dict[str, Any]:
        """A :meth:`deal_summary` from a deal's score-sheet row and what the game says of it:
        the facts and the words of each side, the facts of the whole deal, and ``(rule,
        reason)`` when the game ended with this deal."""
        sides = self.sides()
        entries: list[list[dict[str, Any]]] = [[] for _ in sides]
        for entry in row.get("entries") or []:
            entries[entry["side"]].append(dict(entry))
        amounts = [sum(e["points"] for e in side) for side in entries]
        better = min if self.lower_is_better else max
        best = [i for i, a in enumerate(amounts) if a == better(amounts)]
        lines = [{"side": i, "seats": list(side), "amount": amounts[i], "entries": entries[i],
                  "facts": side_facts[i], "text": side_texts[i]} for i, side in enumerate(sides)]
        if len(best) == len(sides):
            verdict = _("the deal is level")
        else:
            n = sum(len(sides[i]) for i in best)  # (Russian: the verb agrees with the seats)
            verdict = ngettext("{} did best", "{} did best", n).format(and_words(side_words(sides[i]) for i in best))
        text = " ".join(t[:1].upper() + t[1:] + "." for t in side_texts + [verdict])
        facts = list(facts)
        if ending is not None:
            facts.append({"label": _("End of the game"), "value": str(ending[1]), "rule": ending[0]})
            text += tr(" The game ended with this deal: {}.", ending[1])
        return {"deal": row["deal"], "dealer": row.get("dealer"),
                "unit": "record" if self.lower_is_better else "points", "lower_is_better": self.lower_is_better,
                "lines": lines, "entries": [dict(e) for e in row.get("entries") or []], "facts": facts,
                "best": best, "void": row.get("void"),
                "ended_game": ending is not None, "text": text}

    # --- shared helpers ----------------------------------------------------
    def is_legal(self, action: Action | dict[str, Any] | str) -> bool:
        """Whether ``apply(action)`` would be accepted now."""
        try:
            action = Action.coerce(action)
        except EngineError:
            return False
        return action in self.legal_actions()

    def action_label(self, action: Action) -> str:
        """Human text for an action (games may say more than ``Action.label``)."""
        return action.label

    def legal_json(self) -> list[LegalAction]:
        """The legal actions as the view shows them."""
        return [
            {"action": a.to_json(), "label": self.action_label(a), "text": str(a)}
            for a in self.legal_actions()
        ]

    def check_seat(self, seat: Any, allow_none: bool = True) -> int | None:
        """``seat`` if it is a seat at this table (or ``None`` where allowed), else
        :class:`~engine.errors.InvalidInputError` naming it."""
        if seat is None and allow_none:
            return None
        if type(seat) is not int or not 0 <= seat < self.num_players:
            raise InvalidInputError(Text("seat {} is not at this table of {} (numbered from 0 to {})",
                                         brief(seat), self.num_players, self.num_players - 1))
        return seat

    @property
    def decks_given(self) -> bool:
        """Whether the decks were given to :meth:`GameSpec.new_game` (stacked, or taken
        from another game) rather than shuffled from the seed."""
        return getattr(self, "_decks", None) is not None

    ADOPTS: str | None = None
    """For a game played by another game's rules where it says nothing of its own
    (Памфил: "otherwise as Мушка"), the id of the rule that says so."""

    def own_rule(self, error: IllegalActionError) -> IllegalActionError:
        """A refusal that names a rule of the game being played: one that cites a
        rule the game adopts from another is restated under :attr:`ADOPTS`."""
        if self.ADOPTS is None or error.rule.startswith(self.game_id + "."):
            return error
        own = IllegalActionError(self.ADOPTS, error.action, Text("{} (the rule adopted: {})", error.reason, error.rule),
                                 error.seat, error.index)
        own.adopted = error.rule
        return own

    def refuse_unlisted(self, action: Action, seat: int, rule: str,
                        apply_phase: Callable[[Self, Action], object]) -> IllegalActionError:
        """The refusal of an action that is not among :meth:`legal_actions`: an action
        is legal only if it equals a listed one.  The phase's own checks are run on a
        copy, so that the refusal says why in the phase's words and names its rule; a
        form the phase would have taken (an extra card or value) is refused here,
        naming ``rule``.  The state itself is never touched."""
        probe = self.clone()
        try:
            apply_phase(probe, action)
        except IllegalActionError as error:
            return error
        return IllegalActionError(rule, action, Text("'{}' is not one of the actions open to seat {} now ({})",
                                                     Named(action), seat, Named(self.legal_actions()[:12])), seat)

    def side_of(self, seat: int) -> int:
        """The index of the side a seat plays for."""
        for i, side in enumerate(self.sides()):
            if seat in side:
                return i
        raise EngineError(Text("seat {} is not at this table of {}", seat, self.num_players))

    def _refuse(self, rule: str, action: Any, reason: str, seat: int | None = None) -> IllegalActionError:
        return IllegalActionError(rule, action, reason, seat=seat)


class GameSpec:
    """A game declared once: id, name, player counts, variant class, state class, and what
    else is particular to it, named ``"module:name"`` (imported only when asked for, by
    :func:`engine.measuring.measures_of` and :func:`engine.examples.runners_of`; playing
    needs neither): ``measures``, its :class:`~engine.measuring.GameMeasures` subclass,
    ``examples``, its worked examples' runners (a mapping of runner name -> runner), and
    ``seen``, what the fuzzer reads of its states (``tools/fuzzing/seen.py``: where every card
    lies, what a seat may not see).

    What the tools list per game is here too, so that no list of games is kept elsewhere:
    ``order``, the game's place in every listing (the site's pages, the bench's lines; the
    games of one source together, in the source's order), and ``bench_players``, the seats of
    the browser's timed sampling-bot moves (``bench/run.py``; ``None``: not timed on their own).
    The tests' whole games are played at the default variant's ``players``.
    The sources a game follows are its catalogue's (:attr:`sources`). The registry
    (:mod:`engine.games`) finds every spec by itself: a module that binds ``SPEC``.

    >>> from engine.games import get
    >>> spec = get("ruffe-and-trumps")
    >>> spec.make_variant(players=3).hand_size
    16
    """

    def __init__(
        self,
        id: str,
        name: str,
        min_players: int,
        max_players: int,
        variant_class: type[Variant],
        state_class: type[GameState],
        summary: str = "",
        measures: str | None = None,
        examples: str | None = None,
        seen: str | None = None,
        order: int = 0,
        bench_players: int | None = None,
    ) -> None:
        self.id = id
        self.name = name
        self.min_players = min_players
        self.max_players = max_players
        self.variant_class = variant_class
        self.state_class = state_class
        self.summary = summary
        self.measures = measures
        self.examples = examples
        self.seen = seen
        self.order = order
        self.bench_players = bench_players
        if bench_players is not None and not min_players <= bench_players <= max_players:
            raise ValueError(f"{id}: bench_players {bench_players} is outside {min_players}..{max_players} players")

    @property
    def sources(self) -> tuple[str, ...]:
        """The keys of the sources the game follows (``sources/<key>/``), its catalogue's
        ``[game] sources`` in their order.

        >>> from engine.games import get
        >>> get("rams").sources
        ('rozaliev',)
        """
        return tuple(str(key) for key in catalogue.load(self.id).game.get("sources") or ())

    def __repr__(self) -> str:
        return f"<GameSpec {self.id!r}>"

    def options(self) -> list[dict[str, Any]]:
        """The variant options: ``{name, type, default, values, doc, rule}`` each."""
        return [opt.to_json() for opt in self.variant_class.OPTIONS]

    def make_variant(self, /, **options: Any) -> Variant:
        """A validated variant (:class:`VariantError` on unknown option or bad value)."""
        return self.variant_class.from_mapping(options)

    def reading_set(self, set_id: Any) -> dict[str, str]:
        """The options of one of the catalogue's named sets of readings (``[[game.reading_sets]]``),
        to be passed to :meth:`make_variant` (with any single option changed beside them):
        ``spec.make_variant(**spec.reading_set("classic"))``; :class:`VariantError` naming the
        sets there are for any other.

        >>> from engine.games import get
        >>> spec = get("piquet")
        >>> v = spec.make_variant(**spec.reading_set("classic") | {"last_trick": "three"})
        >>> v.to_json()["partie"], v.to_json()["last_trick"]
        ('rubicon', 'three')
        """
        sets = catalogue.reading_sets(self.id)
        if not isinstance(set_id, str) or set_id not in sets:
            known = ", ".join(sets) or "none"
            raise VariantError(Text("{} has no reading set {}; its reading sets: {}",
                                    self.id, brief(set_id), known))
        return dict(sets[set_id])

    def variant_from(self, options: Any) -> Variant:
        """A validated variant from a mapping (a record's or a request's ``variant``)."""
        return self.variant_class.from_mapping(options)

    def default_variant(self) -> Variant:
        return self.variant_class.from_options()

    def new_game(
        self,
        variant: Variant | dict[str, Any] | None = None,
        seed: int = 0,
        decks: Iterable[Iterable[str | Card]] | None = None,
        first_dealer: int | None = None,
    ) -> GameState:
        """A new game.  ``decks``, if given, supplies the deck order of deal k
        (top card first) instead of a shuffle: replay, or the same deals under
        another reading.  ``first_dealer``, if given, is the seat that deals first
        (a record's first deal, or one deal of a game replayed on its own)."""
        if variant is None:
            variant = self.default_variant()
        elif isinstance(variant, Mapping):
            variant = self.variant_class.from_mapping(variant)
        elif not isinstance(variant, self.variant_class):
            raise VariantError(Text("{}: expected a {} or a dict of options, got {}",
                                    self.id, self.variant_class.__name__, brief(variant)))
        if type(seed) is not int or not -MAX_SEED <= seed <= MAX_SEED:
            raise InvalidInputError(Text("{}: the seed must be an integer from {} to {}, not {}",
                                         self.id, -MAX_SEED, MAX_SEED, brief(seed)))
        if decks is not None:
            decks = _check_decks(self.id, decks)
        return self.state_class(variant, seed=seed, decks=decks, first_dealer=first_dealer)

    def to_json(self) -> dict[str, Any]:
        """The game as the table lists it, in the language sentences are written in now: its
        name, summary, reading sets and (not in English) each option's label and doc from the
        Russian of the option's rule."""
        game = catalogue.in_language(catalogue.load(self.id).game)
        english = current() == "en"
        options = self.options()
        if not english:
            for option in options:
                rule = catalogue.find_rule(option["rule"]) if option.get("rule") else None
                if rule is not None:
                    local = catalogue.in_language(rule)
                    option["label"], option["doc"] = local["title"], local["statement"]
        return {
            "id": self.id,
            "name": self.name if english else str(game.get("name") or self.name),
            "min_players": self.min_players,
            "max_players": self.max_players,
            "summary": self.summary if english else str(game.get("summary") or self.summary),
            "options": options,
            "reading_sets": [{"id": str(s["id"]), "name": str(s.get("name") or s["id"]),
                              "default": bool(s.get("default")), "statement": str(s.get("statement") or ""),
                              "readings": {str(k): str(v) for k, v in (s.get("readings") or {}).items()}}
                             for s in game.get("reading_sets") or []],
        }


def setting_refused(option: str, rule: str, value: Any, allowed: str | Text) -> VariantError:
    """The error refusing ``value`` for a variant option: the option, its rule and what is allowed,
    in the reader's language (every game's settings are refused in these words)."""
    return VariantError(Text("variant option {!r} (rule {}): {} is not allowed; allowed values: {}",
                             option, rule, brief(value), allowed), rule=rule, option=option)


def side_words(seats: Iterable[int]) -> str:
    """A side named in the engine's sentences, in the current language: "seat 2", "seats 0
    and 2" (Russian: "игрок 2", "игроки 0 и 2", in the nominative).

    >>> side_words([2]), side_words([0, 2])
    ('seat 2', 'seats 0 and 2')
    """
    seats = list(seats)
    return tr("seats {}", and_words(map(str, seats))) if len(seats) > 1 else tr("seat {}", seats[0])


def and_words(words: Iterable[str]) -> str:
    """Words joined by "and" in the current language: "0 and 2", "0 and 1 and 2" (as the English
    has always said it); Russian lists with commas before the last: "0, 1 и 2".

    >>> and_words(["0", "1", "2"])
    '0 and 1 and 2'
    """
    words = list(words)
    if len(words) > 2 and current() != "en":
        return tr("{} and {}", ", ".join(words[:-1]), words[-1])
    joined = ""
    for i, word in enumerate(words):
        joined = word if i == 0 else tr("{} and {}", joined, word)
    return joined


def fact(label: str, value: Any, rule: str | None = None) -> dict[str, Any]:
    """One labelled item of a :meth:`GameState.deal_summary`."""
    item: dict[str, Any] = {"label": label, "value": str(value)}
    if rule is not None:
        item["rule"] = rule
    return item


def _check_decks(game_id: str, decks: Any) -> list[list[str | Card]]:
    """``decks`` as lists, if it is a list of decks each a list of at most
    :data:`~engine.limits.MAX_DECK` cards (as text or :class:`Card`); else
    :class:`~engine.errors.RecordError` naming the deck and card."""
    if not isinstance(decks, (list, tuple)):
        raise RecordError(Text("{}: decks must be a list of decks (each a list of cards), not {}",
                               game_id, brief(decks)))
    if len(decks) > MAX_DEALS:
        raise RecordError(Text("{}: {} decks, more than the {} deals accepted",
                               game_id, format(len(decks), ','), format(MAX_DEALS, ',')))
    checked = []
    for k, deck in enumerate(decks):
        if not isinstance(deck, (list, tuple)) or len(deck) > MAX_DECK:
            raise RecordError(Text("deals[{}].deck: must be a list of at most {} cards, not {}",
                                   k, MAX_DECK, brief(deck)))
        for j, card in enumerate(deck):
            if type(card) is not Card and not isinstance(card, str):
                raise RecordError(Text("deals[{}].deck[{}]: {} is not a card", k, j, brief(card)))
        checked.append(list(deck))
    return checked


def fresh(value: Any) -> Any:
    """A copy of ``value`` in which every list, dict and set is new, at every depth."""
    kind = type(value)
    if kind is list:
        return [fresh(v) if type(v) in _CONTAINERS else v for v in value]
    if kind is dict:
        return {k: fresh(v) if type(v) in _CONTAINERS else v for k, v in value.items()}
    if kind is set:
        return set(value)
    return value


_CONTAINERS = frozenset((list, dict, set))


def dataclass_fields(obj: Any) -> list[str]:
    """Names of a dataclass's fields (small helper for variants)."""
    return [f.name for f in dataclasses.fields(obj)]
