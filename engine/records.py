"""Game records: a documented, versioned JSON form of a whole game.

A record holds what is needed to replay a game exactly: the game, every option of its
rules variant, the seed, the seats, the order of the deck for every deal, and every
action in the order it was played. The format is described, with its JSON Schema, in
``docs/reference/records.md`` (the schema is also ``engine/record.schema.json``).

>>> from engine import games
>>> spec = games.get("ruffe-and-trumps")
>>> state = spec.new_game(spec.make_variant(), seed=7)
>>> record = make_record(state)
>>> record["format"], record["version"], len(record["deals"][0]["deck"])
('edition-record', 1, 52)
>>> replay(loads(dumps(record))).history == state.history
True
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Mapping
from pathlib import Path
from typing import IO, Any

from .cards import Card
from .errors import EngineError, IllegalActionError, RecordError, UnknownGameError, VariantError, brief
from .i18n import N_, Text
from .game import Action, GameSpec, GameState, Outcome
from .view_types import OutcomeJson
from .limits import (MAX_ACTION_VALUE, MAX_ACTIONS, MAX_COMMENT, MAX_DEALS, MAX_DECK, MAX_JSON_BYTES, MAX_PLAYERS,
                     MAX_SEED, MAX_TEXT, read_json)

FORMAT = "edition-record"
VERSION = 1
SEAT_KINDS = ("human", "random", "heuristic", "sampling")

_TOP_LEVEL = ("format", "version", "game", "variant", "seed", "players", "sides", "seats", "deals", "actions",
              "outcome")
_OPTIONAL = ("dealt", "comment")
DEALT = ("seed", "given")
"""How a record's decks were made: ``seed``, the engine's shuffles of the record's seed
(replay shuffles again and refuses a deck that differs); ``given``, decks stacked by
hand or taken from another game (replay deals them as recorded)."""
_SEAT_KEYS = ("seat", "name", "kind")
_DEAL_KEYS = ("number", "dealer", "deck")
_ACTION_KEYS = ("seat", "kind", "card", "value")


# --------------------------------------------------------------------------- helpers

def variant_options(variant: Any) -> dict[str, Any]:
    """Every option of a rules variant as a JSON-able dict (name -> value)."""
    if hasattr(variant, "to_json"):
        return dict(variant.to_json())
    if dataclasses.is_dataclass(variant):
        return {f.name: getattr(variant, f.name) for f in dataclasses.fields(variant)}
    if isinstance(variant, Mapping):
        return dict(variant)
    raise TypeError(f"cannot read the options of variant {variant!r}")


def outcome_json(outcome: Outcome | None) -> OutcomeJson | dict[str, Any] | None:
    """An :class:`Outcome` as JSON (tuples become lists), or ``None``."""
    if outcome is None:
        return None
    if hasattr(outcome, "to_json"):
        return outcome.to_json()
    return {
        "winners": list(outcome.winners),
        "scores": list(outcome.scores),
        "sides": [list(side) for side in outcome.sides],
        "reason": outcome.reason,
    }


def action_json(seat: int, action: Action) -> dict[str, Any]:
    return {"seat": seat, **action.to_json()}


def restart(state: GameState) -> GameState:
    """``state``'s game from its start: the same game, variant, seed, decks and first dealer,
    so that ``state.history`` applied to it action by action plays the same game again."""
    return _spec(state.game_id).new_game(state.variant, state.seed, decks=[list(d) for d in state.deals],
                                         first_dealer=_first_dealer(state))


def _deal_starts(state: GameState) -> list[dict[str, Any]]:
    """Number and dealer of every deal of ``state``, found by replaying its history."""
    probe = restart(state)
    deals = [{"number": 1, "dealer": probe.view(None).get("dealer")}]
    for _, action in state.history:
        probe.apply(action)
        if len(probe.deals) > len(deals):
            deals.append({"number": len(probe.deals), "dealer": probe.view(None).get("dealer")})
    return deals


def _first_dealer(state: GameState) -> int | None:
    """The seat that dealt ``state``'s first deal (``None``: the rules' default)."""
    sheet = state.view(None).get("score_sheet") or []
    if sheet and sheet[0].get("deal") == 1 and sheet[0].get("dealer") is not None:
        first: int = sheet[0]["dealer"]
        return first
    if len(state.deals) == 1:
        dealer: int | None = state.view(None).get("dealer")
        return dealer
    return getattr(state, "first_dealer", None)


def _spec(game_id: str) -> GameSpec:
    from . import games  # imported late: games import records-free modules only

    return games.get(game_id)


# --------------------------------------------------------------------------- making

def make_record(state: GameState, seats: list[Any] | None = None, comment: str | None = None) -> dict[str, Any]:
    """The record of ``state`` (finished or not).

    ``seats`` optionally describes who sat where: a list with one entry per seat, each a
    bot kind (``"random"``), or a dict ``{"name": ..., "kind": ...}``. By default every
    seat is ``"human"`` and named "Seat 1", "Seat 2", ...
    """
    n = state.num_players
    seat_entries = []
    for seat in range(n):
        given = seats[seat] if seats is not None and seat < len(seats) else None
        if isinstance(given, Mapping):
            name, kind = given.get("name"), given.get("kind", "human")
        else:
            name, kind = None, given or "human"
        if kind not in SEAT_KINDS:
            raise RecordError(Text("seats[{}].kind: {} is not one of {}", seat, repr(kind), ', '.join(SEAT_KINDS)))
        seat_entries.append({"seat": seat, "name": name or f"Seat {seat + 1}", "kind": kind})
    starts = _deal_starts(state)
    record: dict[str, Any] = {
        "format": FORMAT,
        "version": VERSION,
        "game": state.game_id,
        "variant": variant_options(state.variant),
        "seed": state.seed,
        "players": n,
        "sides": [list(side) for side in state.sides()],
        "seats": seat_entries,
        "deals": [
            {"number": start["number"], "dealer": start["dealer"], "deck": [str(c) for c in deck]}
            for start, deck in zip(starts, state.deals)
        ],
        "actions": [action_json(seat, action) for seat, action in state.history],
        "outcome": outcome_json(state.outcome()),
        "dealt": "given" if state.decks_given else "seed",
    }
    if comment:
        record["comment"] = comment
    return record


# --------------------------------------------------------------------------- JSON I/O

def dumps(record: Mapping[str, Any]) -> str:
    """The record as JSON text, validated first: one field per line, and one seat,
    deal or action per line, so that records read and diff well."""
    validate(record)

    def compact(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False, separators=(", ", ": "))

    lines = []
    for key, value in record.items():
        if key in ("seats", "deals", "actions") and value:
            items = ",\n".join(f"    {compact(item)}" for item in value)
            lines.append(f"  {compact(key)}: [\n{items}\n  ]")
        else:
            lines.append(f"  {compact(key)}: {compact(value)}")
    return "{\n" + ",\n".join(lines) + "\n}\n"


def dump(record: Mapping[str, Any], target: str | Path | IO[str]) -> None:
    """Write ``record`` to a path or a text file object."""
    text = dumps(record)
    if isinstance(target, (str, Path)):
        Path(target).write_text(text, encoding="utf-8")
    else:
        target.write(text)


def loads(text: str) -> dict[str, Any]:
    """Parse and validate a record; :class:`RecordError` names what is wrong."""
    record: dict[str, Any] = read_json(text, RecordError, "record")
    validate(record)  # (refuses anything but an object)
    return record


def load(source: str | Path | IO[str]) -> dict[str, Any]:
    """Read and validate a record from a path or a text file object."""
    if isinstance(source, (str, Path)):
        try:
            path = Path(source)
            if path.stat().st_size > MAX_JSON_BYTES:
                raise RecordError(Text("record: {} holds {} bytes, more than the {} accepted",
                                       source, format(path.stat().st_size, ','), format(MAX_JSON_BYTES, ',')))
            text = path.read_text(encoding="utf-8")
        except OSError as error:
            raise RecordError(Text("record: cannot read {}: {}", source, error.strerror or error)) from None
        except UnicodeDecodeError:
            raise RecordError(Text("record: {} is not UTF-8 text", source)) from None
        return loads(text)
    return loads(source.read(MAX_JSON_BYTES + 1))


# --------------------------------------------------------------------------- validation

def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _need(condition: bool, field: str, what: str | Text) -> None:
    if not condition:
        raise RecordError(Text("{}: {}", field, what))


def _string(value: Any, field: str, limit: int = MAX_TEXT, empty: bool = True) -> None:
    _need(isinstance(value, str), field, Text("must be a string, not {}", brief(value)))
    _need(len(value) <= limit, field,
          Text("a string of {} characters (at most {})", format(len(value), ','), format(limit, ',')))
    _need(empty or value != "", field, Text("must not be empty"))


def _list(value: Any, field: str, limit: int, what: str) -> None:
    """``value`` is a list of at most ``limit`` ``what`` (a noun marked with N_, said in the reader's words)."""
    _need(isinstance(value, list), field, Text("must be a list of {}, not {}", Text(what), brief(value)))
    _need(len(value) <= limit, field,
          Text("{} entries, more than the {} accepted", format(len(value), ','), format(limit, ',')))


def _fields(entry: Any, field: str, keys: tuple[str, ...], required: tuple[str, ...]) -> None:
    _need(isinstance(entry, Mapping), field, Text("must be an object with {}", ', '.join(required)))
    for key in required:
        _need(key in entry, f"{field}.{key}", Text("missing"))
    extra = [key for key in entry if key not in keys]
    _need(not extra, f"{field}.{str(extra[0])[:40] if extra else ''}",
          Text("unknown field (format version 1 has no such field)"))


def validate(record: Any) -> None:
    """Check the record's structure (the JSON Schema's constraints, and the sizes of
    :mod:`engine.limits`, checked before anything is built from them);
    :class:`RecordError` names the first field that is wrong, e.g. ``actions[3].card``.

    The rules themselves are checked by :func:`replay`.
    """
    _need(isinstance(record, Mapping), "record", Text("must be a JSON object, not {}", type(record).__name__))
    for key in _TOP_LEVEL:
        _need(key in record, key, Text("missing"))
    unknown = [key for key in record if key not in _TOP_LEVEL and key not in _OPTIONAL]
    _need(not unknown, str(unknown[0])[:40] if unknown else "",
          Text("unknown field (format version 1 has no such field)"))
    _need(record["format"] == FORMAT, "format", Text("must be {}, not {}", repr(FORMAT), brief(record['format'])))
    _need(_is_int(record["version"]), "version", Text("must be an integer"))
    _need(record["version"] == VERSION, "version",
          Text("this engine reads version {}, not {}", VERSION, brief(record['version'])))
    _string(record["game"], "game", 64, empty=False)
    variant = record["variant"]
    _need(isinstance(variant, Mapping), "variant", Text("must be an object of option: value"))
    _need(len(variant) <= 64, "variant", Text("{} options (at most 64)", len(variant)))
    for name, value in variant.items():
        _string(name, "variant", 64, empty=False)
        _need(isinstance(value, (str, int, float, bool)), f"variant.{name}",
              Text("must be a string, number or boolean, not {}", type(value).__name__))
        if isinstance(value, str):
            _string(value, f"variant.{name}", 64)
        elif isinstance(value, int) and not isinstance(value, bool):
            _need(-MAX_ACTION_VALUE < value < MAX_ACTION_VALUE, f"variant.{name}",
                  Text("{} is out of bounds", brief(value)))
    _need(_is_int(record["seed"]) and -MAX_SEED <= record["seed"] <= MAX_SEED, "seed",
          Text("must be an integer from {} to {}", -MAX_SEED, MAX_SEED))
    players = record["players"]
    _need(_is_int(players) and 1 <= players <= MAX_PLAYERS, "players",
          Text("must be a whole number from 1 to {}, not {}", MAX_PLAYERS, brief(players)))

    sides = record["sides"]
    _list(sides, "sides", players, N_("lists of seats"))
    _need(len(sides) > 0, "sides", Text("must be a non-empty list of lists of seats"))
    seen: set[int] = set()
    for i, side in enumerate(sides):
        _list(side, f"sides[{i}]", players, N_("seats"))
        _need(len(side) > 0, f"sides[{i}]", Text("must be a non-empty list of seats"))
        for j, seat in enumerate(side):
            _need(_is_int(seat) and 0 <= seat < players, f"sides[{i}][{j}]",
                  Text("must be a seat from 0 to {}", players - 1))
            _need(seat not in seen, f"sides[{i}][{j}]", Text("seat {} is on two sides", seat))
            seen.add(seat)
    _need(len(seen) == players, "sides", Text("every seat must be on exactly one side"))

    seats = record["seats"]
    _list(seats, "seats", players, N_("seats"))
    _need(len(seats) == players, "seats", Text("must list the {} seats", players))
    for i, entry in enumerate(seats):
        field = f"seats[{i}]"
        _fields(entry, field, _SEAT_KEYS, _SEAT_KEYS)
        _need(entry["seat"] == i and _is_int(entry["seat"]), f"{field}.seat", Text("must be {}", i))
        _string(entry["name"], f"{field}.name", 100)
        _need(entry["kind"] in SEAT_KINDS, f"{field}.kind", Text("must be one of {}", ', '.join(SEAT_KINDS)))

    deals = record["deals"]
    _list(deals, "deals", MAX_DEALS, N_("deals"))
    _need(len(deals) > 0, "deals", Text("must be a non-empty list"))
    for i, deal in enumerate(deals):
        field = f"deals[{i}]"
        _fields(deal, field, _DEAL_KEYS, _DEAL_KEYS)
        _need(_is_int(deal["number"]) and deal["number"] == i + 1, f"{field}.number", Text("must be {}", i + 1))
        _need(deal["dealer"] is None or (_is_int(deal["dealer"]) and 0 <= deal["dealer"] < players),
              f"{field}.dealer", Text("must be a seat from 0 to {}", players - 1))
        deck = deal["deck"]
        _list(deck, f"{field}.deck", MAX_DECK, N_("cards"))
        _need(len(deck) > 0, f"{field}.deck", Text("must be a non-empty list of cards"))
        cards: set[Card] = set()
        for j, text in enumerate(deck):
            _need(isinstance(text, str), f"{field}.deck[{j}]", Text("must be a card string such as 'AS' or '10H'"))
            try:
                card = Card.parse(text)
            except EngineError:
                raise RecordError(Text("{}.deck[{}]: {} is not a card", field, j, brief(text))) from None
            _need(card not in cards, f"{field}.deck[{j}]", Text("{} appears twice in the deck", text))
            cards.add(card)

    actions = record["actions"]
    _list(actions, "actions", MAX_ACTIONS, N_("actions"))
    for i, entry in enumerate(actions):
        field = f"actions[{i}]"
        _fields(entry, field, _ACTION_KEYS, ("seat", "kind"))
        _need(_is_int(entry["seat"]) and 0 <= entry["seat"] < players, f"{field}.seat",
              Text("must be a seat from 0 to {}", players - 1))
        _string(entry["kind"], f"{field}.kind", 32, empty=False)
        if "card" in entry:
            _need(isinstance(entry["card"], str), f"{field}.card", Text("must be a card string"))
            try:
                Card.parse(entry["card"])
            except EngineError:
                raise RecordError(Text("{}.card: {} is not a card", field, brief(entry['card']))) from None
        if "value" in entry:
            value = entry["value"]
            _need(isinstance(value, (str, int)) and not isinstance(value, bool), f"{field}.value",
                  Text("must be a string or an integer"))
            if isinstance(value, str):
                _string(value, f"{field}.value", 64)
            else:
                _need(-MAX_ACTION_VALUE < value < MAX_ACTION_VALUE, f"{field}.value",
                      Text("{} is out of bounds", brief(value)))

    outcome = record["outcome"]
    if outcome is not None:
        _fields(outcome, "outcome", ("winners", "scores", "sides", "reason", "rule"),
                ("winners", "scores", "sides", "reason"))
        if "rule" in outcome:
            _string(outcome["rule"], "outcome.rule", 200)
        for key in ("winners", "scores"):
            _list(outcome[key], f"outcome.{key}", players, N_("integers"))
            _need(all(_is_int(s) and -MAX_SEED <= s <= MAX_SEED for s in outcome[key]), f"outcome.{key}",
                  Text("must be a list of integers"))
        _list(outcome["sides"], "outcome.sides", players, N_("lists of seats"))
        _need(all(isinstance(side, list) and len(side) <= players and all(_is_int(x) for x in side)
                  for side in outcome["sides"]), "outcome.sides", Text("must be a list of lists of seats"))
        _string(outcome["reason"], "outcome.reason")
    if "dealt" in record:
        _need(record["dealt"] in DEALT, "dealt",
              Text("must be one of {}, not {}", ', '.join(DEALT), brief(record['dealt'])))
    if "comment" in record:
        _string(record["comment"], "comment", MAX_COMMENT)


# --------------------------------------------------------------------------- replay

def replay(record: Mapping[str, Any]) -> GameState:
    """Replay a record rule by rule and return the final state.

    Every action is applied through ``GameState.apply``, so each one is checked against
    the rules; the first illegal one raises :class:`IllegalActionError` with ``index`` set
    to its position in ``record["actions"]``. A record that does not fit its game (unknown
    game, bad option, wrong seat to act, decks or outcome not matching the replay) raises
    :class:`RecordError` naming the field.
    """
    validate(record)
    try:
        spec = _spec(record["game"])
    except UnknownGameError as error:
        raise RecordError(Text("game: {}", error)) from None
    try:
        variant = spec.variant_from(record["variant"])
    except VariantError as error:
        raise RecordError(Text("variant: {}", error)) from None
    recorded_decks = [[str(Card.parse(c)) for c in deal["deck"]] for deal in record["deals"]]
    # decks made from the seed are made again and compared; given decks are dealt as recorded
    decks = recorded_decks if record.get("dealt", "seed") == "given" else None
    first_dealer = record["deals"][0]["dealer"]
    try:  # every recorded deck must hold the game's pack, however it was made
        state = spec.new_game(variant, record["seed"], decks=recorded_decks)
    except EngineError as error:
        raise RecordError(Text("deals[0].deck: {}", error)) from None
    _need(state.num_players == record["players"], "players",
          Text("the variant seats {} players, the record says {}", state.num_players, record['players']))
    if first_dealer == state.view(None).get("dealer"):
        first_dealer = None  # the rules' own first dealer
    try:
        if decks is None or first_dealer is not None:
            # from the seed's own shuffles, and by the recorded first dealer where it is not the rules' own
            state = spec.new_game(variant, record["seed"], decks=decks, first_dealer=first_dealer)
    except EngineError as error:
        raise RecordError(Text("deals[0].dealer: {}", error)) from None
    _need([list(s) for s in state.sides()] == [list(s) for s in record["sides"]], "sides",
          Text("the variant's sides are {}, the record says {}", [list(s) for s in state.sides()], record['sides']))

    def check_deal_start() -> None:
        k = len(state.deals) - 1
        _need(k < len(record["deals"]), "deals",
              Text("the record has {} deals but the game reached deal {}", len(record['deals']), k + 1))
        _need(state.deals[k] == recorded_decks[k], f"deals[{k}].deck",
              Text("not the deck that seed {} deals for deal {}: the deck or the seed was changed (a record of "
                   "decks stacked by hand says \"dealt\": \"given\")", record['seed'], k + 1))
        dealer = record["deals"][k]["dealer"]
        actual = state.view(None).get("dealer")
        _need(dealer is None or actual is None or dealer == actual, f"deals[{k}].dealer",
              Text("recorded dealer is seat {}, the rules make seat {} deal", dealer, actual))

    check_deal_start()
    for index, entry in enumerate(record["actions"]):
        field = f"actions[{index}]"
        _need(not state.is_over(), field, Text("the game was already over before this action"))
        to_act = state.current_player()
        _need(entry["seat"] == to_act, f"{field}.seat",
              Text("seat {} acts but it is seat {}'s turn", entry['seat'], to_act))
        try:
            action = Action.from_json(entry)
        except EngineError as error:
            raise RecordError(Text("{}: {}", field, error)) from None
        deals_before = len(state.deals)
        try:
            state.apply(action)
        except IllegalActionError as error:
            error.index = index
            raise
        if len(state.deals) > deals_before:
            check_deal_start()

    _need(len(state.deals) == len(record["deals"]), "deals",
          Text("the record has {} deals but the game used {}", len(record['deals']), len(state.deals)))
    actual = outcome_json(state.outcome())
    _need(record["outcome"] == actual, "outcome",
          Text("recorded {} but the replay gives {}", brief(record['outcome'], 200), json.dumps(actual)))
    return state


def describe_action(record: Mapping[str, Any], index: int) -> str:
    """'action 17 (seat 2: play 7H)' for messages about a record's action."""
    try:
        entry = record["actions"][index]
        text = Action.from_json(entry)
        return f"action {index} (seat {entry['seat']}: {text})"
    except Exception:  # the description must never hide the real error
        return f"action {index}"
