"""What a state holds and what a seat may see, read by the fuzzer itself.

The engine has no generic "where is every card" accessor, so each game names its own hooks
by its spec's ``seen`` (``"module:name"``, e.g. ``engine.games.ruffe.seen:RuffeSeen``): where
every card lies (``zones``), what a seat may not see (``hidden``), what else must hold of the
deal's cards (``check``), read from the state's attributes. Which game a state belongs to is
asked of the games registry, so a new game needs no edit here; until its spec names hooks the
fuzzer reports ``seen.unknown-state`` for it instead of guessing.
"""

from __future__ import annotations

import json
import re
from collections import Counter
from functools import lru_cache
from operator import itemgetter
from typing import Any, Protocol, cast

from engine import games
from engine.cards import Card
from engine.game import GameState
from engine.ledger import Ledger
from engine.partie import Partie

CARD_TOKEN = re.compile(r"(?<![0-9A-Za-z])(10|[2-9TJQKA])([SHDC♠♥♦♣])(?![0-9A-Za-z])")
SKIPPED_VIEW_KEYS = ("previous_deal", "log", "score_sheet")
"""Top-level view keys read only for the deal in progress (their entries of other deals are left out)."""
GROWING = ("history", "_log", "deals", "score_sheet")


class UnknownState(Exception):
    """A state whose game names no hooks (``SPEC.seen``) for the fuzzer."""


class Seen(Protocol):
    """A game's hooks, named ``"module:name"`` by its spec's ``seen`` (e.g. ``engine/games/ruffe/seen.py``)."""

    def zones(self, state: Any, played: list[Card]) -> dict[str, list[Card]]: ...

    def hidden(self, state: Any, seat: int) -> set[str]: ...

    def check(self, state: Any, played: list[Card]) -> str | None: ...


def hooks(state: GameState) -> Seen:
    """The hooks of the state's game, found through the games registry (the spec whose state
    class the state is an instance of); :class:`UnknownState` if its game names none."""
    found = _hooks_of(type(state))
    if found is None:
        raise UnknownState(type(state).__name__)
    return found


@lru_cache(maxsize=None)
def _hooks_of(state_class: type) -> Seen | None:
    spec = next((s for s in games.all() if state_class is s.state_class), None)
    if spec is None:
        spec = next((s for s in games.all() if issubclass(state_class, s.state_class)), None)
    if spec is None or spec.seen is None:
        return None
    return cast(Seen, games.named(spec.seen))


def deal_plays(state: GameState, start: int) -> list[Card]:
    """Cards played (``play`` actions) since history index ``start`` (the deal's first action)."""
    return [a.card for _, a in state.history[start:] if a.kind == "play" and a.card is not None]


def zones(state: GameState, deal_start: int) -> dict[str, list[Card]]:
    """Every card of the deal in progress, by where it lies."""
    return hooks(state).zones(state, deal_plays(state, deal_start))


def conservation_error(state: GameState, deal_start: int) -> str | None:
    """Why the cards of the deal in progress are not exactly its deck (or None)."""
    if not state.deals:
        return "no deal was dealt"
    deck = Counter(state.deals[-1])
    where = zones(state, deal_start)
    held = Counter(str(c) for cards in where.values() for c in cards)
    if held == deck:
        return hooks(state).check(state, deal_plays(state, deal_start))
    extra, lost = held - deck, deck - held
    dup = sorted(c for c, n in held.items() if n > 1)
    return (f"created {sorted(extra)} lost {sorted(lost)} twice {dup} "
            f"(zones: {', '.join(f'{k}={len(v)}' for k, v in where.items())})")


def hidden(state: GameState, seat: int) -> set[str]:
    """The cards of the deal in progress that ``seat`` may not see."""
    return hooks(state).hidden(state, seat)


def card_texts(value: Any, current_deal: int | None) -> set[str]:
    """Every card named anywhere in a view (as ``7H`` or ``7♥``, alone or inside a text),
    leaving out what belongs to earlier deals (``previous_deal``, log
    entries, score-sheet rows and ledger entries of other deals).

    The view's ledger carries the entries of the deal before the one in progress too
    (:func:`engine.table_view.ledger_entries`): a deal's cards are dealt again from the same
    deck, so a card an earlier deal's entry names (Рамс: "aces held with a trick (A♥ A♦)",
    rams.score.aces-with-trick, written once every card of that deal was played) is not one
    of the deal in progress, whoever holds a card of that name now."""
    found: set[str] = set()

    def walk(v: Any, top: bool) -> None:
        if isinstance(v, str):
            for rank, suit in CARD_TOKEN.findall(v):
                found.add(str(Card.parse(rank + suit)))
        elif isinstance(v, dict):
            for key, item in v.items():
                if top and key in SKIPPED_VIEW_KEYS:
                    continue
                if top and key == "ledger" and isinstance(item, dict):
                    walk({k: x for k, x in item.items() if k != "entries"}, False)
                    continue
                walk(item, False)
        elif isinstance(v, (list, tuple)):
            for item in v:
                walk(item, False)

    walk(value, True)
    if isinstance(value, dict):
        for entry in value.get("log") or []:
            if isinstance(entry, dict) and entry.get("deal") == current_deal:
                walk(entry, False)
        for row in value.get("score_sheet") or []:
            if isinstance(row, dict) and row.get("deal") == current_deal:
                walk(row, False)
        ledger = value.get("ledger")
        for entry in (ledger.get("entries") or []) if isinstance(ledger, dict) else []:
            if isinstance(entry, dict) and entry.get("deal") == current_deal:
                walk(entry, False)
    return found


def leak(state: GameState, seat: int, view: dict[str, Any]) -> set[str]:
    """Cards hidden from ``seat`` that ``view`` (its view) names."""
    if state.is_over():
        return set()
    return hidden(state, seat) & card_texts(view, getattr(state, "deal_number", None))


def dump(value: Any) -> str:
    return json.dumps(value, sort_keys=True, default=repr, ensure_ascii=False)


def fingerprint(state: GameState) -> str:
    """What anyone can observe of a state: the view of every seat and the omniscient
    view, the legal actions, the history's length, the log and the totals."""
    seats = list(range(state.num_players)) + [None]
    return dump({
        "views": [state.view(s) for s in seats],
        "legal": [repr(a) for a in state.legal_actions()],
        "history": len(state.history),
        "log": [len(state.log), state.log[-20:]],  # (a log only grows: its length and its end)
        "totals": state.totals(),
        "over": state.is_over(),
        "to_act": state.current_player(),
    })


_ATOMS = frozenset((str, int, float, bool, type(None)))
TAIL = 5  # the items kept of a list that only ever grows
_first = itemgetter(0)


def _conv(v: Any, depth: int = 0) -> Any:
    """``v`` as nested tuples of plain values (cards as text, other objects by repr)."""
    t = type(v)
    if t in _ATOMS:
        return v
    if t is Card:
        return v._text
    if depth > 50:
        return "<deep>"
    if t is list or t is tuple:
        return (t.__name__, tuple([_conv(x, depth + 1) for x in v]))
    if t is dict:
        return ("dict", tuple(sorted([(repr(k), _conv(x, depth + 1)) for k, x in v.items()], key=_first)))
    if isinstance(v, (str, int, float, bool)):  # (subclasses: enums of text or numbers)
        return v
    if isinstance(v, dict):
        return ("dict", tuple(sorted([(repr(k), _conv(x, depth + 1)) for k, x in v.items()], key=_first)))
    if isinstance(v, (list, tuple)):
        return (type(v).__name__, tuple([_conv(x, depth + 1) for x in v]))
    if isinstance(v, (set, frozenset)):
        return ("set", tuple(sorted([repr(_conv(x, depth + 1)) for x in v])))
    return repr(v)


def _tail(items: Any) -> Any:
    """A list only ever appended to: its length and its last items."""
    return ("tail", len(items), _conv(items[-TAIL:]))


def _ledger(ledger: Ledger) -> Any:
    """The ledger's fields, the score-sheet entries its views wrote per language (kept, never
    changed once written) by their tails."""
    return ("Ledger", ledger.sides, _conv(ledger.entries), _conv(ledger.rows), _conv(ledger._totals),
            tuple(sorted((lang, _tail(rows)) for lang, rows in ledger._shown.items())))


def _kept(shown: dict[Any, Any]) -> Any:
    """A state's ``_shown``: the log entries written per language (never changed once written)
    by their tails, anything else whole."""
    return ("kept", tuple(sorted([(repr(k), _tail(x) if type(x) is list else _conv(x)) for k, x in shown.items()],
                                 key=_first)))


def snapshot(state: GameState) -> Any:
    """A deep structural copy of every attribute of a state (cards as text, other
    objects by repr): two snapshots differ if anything reachable from the state changed.
    A list that only ever grows (the history, the log, the log and score-sheet entries the
    views wrote and kept) is taken by its length and its last items."""
    # The log is written out when first read (per language): write it now, so that reading it
    # changes nothing. (A partie writes what is new, and here copies none of it.)
    if isinstance(state, Partie):
        state.log_from(len(state._log))
    else:
        _ = state.log
    out = []
    for key, value in vars(state).items():
        if key == "_rule_cache":
            continue
        if key in GROWING:  # long, and only ever appended to: the length and the last items
            out.append((key, _tail(value)))
        elif type(value) is Ledger:
            out.append((key, _ledger(value)))
        elif key == "_shown" and isinstance(value, dict):
            out.append((key, _kept(value)))
        else:
            out.append((key, _conv(value)))
    return ("dict", tuple(sorted(out, key=_first)))


def diff_keys(a: Any, b: Any) -> list[str]:
    """The attribute names whose snapshots differ (both from :func:`snapshot`)."""
    da, db = dict(a[1]), dict(b[1])
    return sorted(k.strip("'") for k in set(da) | set(db) if da.get(k) != db.get(k))
