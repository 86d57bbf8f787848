"""The JSON bridge between the browser and the engine.

One entry point, :func:`handle`: a JSON request in, a JSON response out. Every
request is an object with an ``op``; every response has ``"ok"``: ``true`` with the
op's result, or ``false`` with ``{"error": {"type", "message", ...}}`` (for a refused
action, also the ``rule`` and the ``action``; for a move out of turn, ``TurnError``, the
``seat`` asked and the seat ``to_act``). Games in progress are kept in a
module-level dict of sessions, keyed by the id that ``new`` returns.

Ops (request fields -> response fields, besides ``ok`` and ``op``):

========  ==========================================  =============================================
op        request                                     response
========  ==========================================  =============================================
games     (none)                                      games [spec JSON], catalogued_only [ids]
rules     game?                                       rules [catalogue entries + implemented, code, tests],
                                                      tests_note (only when the tests map is missing)
new       game, variant?, seed?, seats?, budget?,     id, seats, view (of the first human seat)
          time_budget?
view      id, seat? (default: first human seat)       view (with ``legal`` when it is that seat's turn)
act       id, action (JSON or text), seat?            played {seat, action, text, label}, view
bot       id, seat?                                   played, over (the seat to act must be a bot), and
                                                      with ``seat``, view of that seat (as ``view``)
advance   id, seat                                    played [..] (bot moves until ``seat`` or a human
                                                      must act, or the end), view of ``seat``
record    id                                          record (see docs/reference/records.md)
replay    record, time_budget?                        id (a new session), actions, over, outcome, view
example   rule, example                               result {rule, example, expected, actual, passed, error}
examples  game                                        game, results [..], passed
compare   game, variants [{..}, {..}], seed?, bots?    game, seed, bots, shared_deals, results [{variant,
                                                      outcome, totals, deals, lower_is_better, score_sheet}, ..]
compare   game, variants, seed?, bots?, and one of:   one deal under both readings: game, seed, bots,
(a deal)  deal (of the game from seed under the       deal {from, ..}, deck, dealer, players, sides,
          first variant) | deck + dealer |            hands (as dealt), trump, turned_card, results
          id + deal (a finished deal of a session:    [{variant, summary (GameState.deal_summary), entries,
          A is the table's reading, replayed as       points (per side), game_over, text, play ({by:
          played; B is played by the table's bots,    "bots", bots} | {by: "table", seats, actions,
          'bots' the one kind at the human seats)     human_actions})}]
measures  game, games? (if not precomputed)           measures, source ("precomputed" | "computed")
measure   game, variants [{..}, {..}], games (this    id, games (so far), identical, deals_diverge_share,
          step, 1..MEASURE_STEP), seed?, bots?,       values {first, second: {metric: {value, low, high,
          budget?, id? (continue a measurement;       method}}}, difference {metric: {estimate, low, high,
          its game, variants, seed, bots fixed)       p, q, boot_low, boot_high, verdict}}, metrics, focus:
                                                      N paired games of two readings (engine.paired, the
                                                      build's code), in steps the panel can show progress
                                                      between; at most MAX_MEASURE_GAMES games in all
close     id                                          closed
========  ==========================================  =============================================

Every op also takes ``lang`` (``"en"``, ``"ru"``) and ``seat_names`` (optional: the table's names
of its seats, :class:`engine.i18n.SeatNames`; the sentences of the answer then name the seats so,
a refusal says the reader's seat "you"; without it they say "seat 2", "игроку 2").

>>> import json
>>> new = json.loads(handle('{"op": "new", "game": "ruffe-and-trumps", "seed": 7,'
...                         ' "seats": ["human", "heuristic", "heuristic", "heuristic"]}'))
>>> new["ok"], new["view"]["seat"], "legal" in new["view"]
(True, 0, True)
>>> bad = json.loads(handle('{"op": "act", "id": "%s", "action": "play 2C"}' % new["id"]))
>>> bad["ok"], bad["error"]["type"]
(False, 'IllegalActionError')
"""

from __future__ import annotations

import importlib.resources
import itertools
import json
import traceback
from collections.abc import Callable, Mapping
from typing import Any

from . import catalogue, games as game_registry, records, rule_index
from .bots import BOT_KINDS, Bot, BotKinds, check_bot_kinds, check_budget, check_time_budget, make_bot
from .errors import EngineError, IllegalActionError, RecordError, TurnError, brief
from .game import Action, GameSpec, GameState, Variant
from .i18n import N_, SeatNames, Text, _, naming, named, using
from .limits import MAX_SEED, read_json
from .view_types import View

SEAT_KINDS = ("human",) + BOT_KINDS
MAX_ADVANCE = 5_000
MAX_SESSIONS = 64
"""The most games the bridge keeps open at once (a table keeps one or two)."""
TOO_MANY = N_("{} games are open: close one ('close') before starting another")


class RequestError(EngineError):
    """A request the bridge cannot read: bad JSON, unknown op, a missing or bad field."""


class Session:
    """One game in progress: its state, who sits where, and the bots."""

    def __init__(self, state: GameState, seats: list[str], bots: dict[int, Bot]) -> None:
        self.state = state
        self.seats = seats
        self.bots = bots


SESSIONS: dict[str, Session] = {}
_ids = itertools.count(1)


# --------------------------------------------------------------------------- helpers

def _require(request: Mapping[str, Any], key: str, kind: type | tuple[type, ...] | None = None) -> Any:
    if key not in request:
        raise RequestError(Text("op {} needs the field {}", repr(request.get('op')), repr(key)))
    value = request[key]
    if kind is not None and (not isinstance(value, kind) or isinstance(value, bool) and kind is int):
        names = kind.__name__ if isinstance(kind, type) else " or ".join(k.__name__ for k in kind)
        raise RequestError(Text("op {}: field {} must be a {}, not {}",
                                repr(request.get('op')), repr(key), names, brief(value)))
    return value


def _variant(request: Mapping[str, Any], spec: GameSpec, value: Any, field: str = "variant") -> Variant:
    """The variant a request names: an object of option: value (missing or null: the defaults)."""
    if value is None:
        value = {}
    if not isinstance(value, Mapping):
        raise RequestError(Text("field {} must be an object of option: value, not {}",
                                repr(field), brief(value)))
    return spec.variant_from(value)


def _seed(request: Mapping[str, Any]) -> int:
    seed = request.get("seed", 0)
    if type(seed) is not int or not -MAX_SEED <= seed <= MAX_SEED:
        raise RequestError(Text("field 'seed' must be an integer from {} to {}, not {}", -MAX_SEED, MAX_SEED, brief(seed)))
    return seed


def _budget(request: Mapping[str, Any]) -> int | None:
    try:
        return check_budget(request.get("budget"))
    except EngineError as error:
        raise RequestError(Text("field {}", error)) from None


def _time_budget(request: Mapping[str, Any]) -> int | None:
    """The sampling bots' milliseconds per move (``time_budget``; the table gives one, see engine.bots)."""
    try:
        return check_time_budget(request.get("time_budget"))
    except EngineError as error:
        raise RequestError(Text("field {}", error)) from None


def _session(request: Mapping[str, Any]) -> Session:
    session_id = _require(request, "id", str)
    session = SESSIONS.get(session_id)
    if session is None:
        raise RequestError(Text("no game session {} (it may have been closed)", repr(session_id)))
    return session


def _seat(request: Mapping[str, Any], state: GameState, key: str = "seat", default: Any = None) -> int | None:
    seat = request.get(key, default)
    if seat is None:
        return None
    if not isinstance(seat, int) or isinstance(seat, bool) or not 0 <= seat < state.num_players:
        raise RequestError(Text("field {} must be a seat from 0 to {}, not {}",
                                repr(key), state.num_players - 1, brief(seat)))
    return seat


def _viewer(request: Mapping[str, Any], session: Session) -> int | None:
    """The seat whose view a request may have: at a table with a human seat, while the
    game is on, only a human seat's (the first, by default); an omniscient view (no seat)
    only of a game over or of a table of bots alone."""
    state = session.state
    seat = _seat(request, state, default=_first_human(session))
    if state.is_over() or _first_human(session) is None:
        return seat
    if seat is None or session.seats[seat] != "human":
        who = "every hand" if seat is None else f"seat {seat}'s hand (a {session.seats[seat]} bot)"
        raise RequestError(Text("field 'seat': the game is still being played, so {} is hidden from the table; a "
                                "view is given for a human seat ({})",
                                who, ', '.join(str(i) for i, k in enumerate(session.seats) if k == 'human')))
    return seat


def _view(state: GameState, seat: int | None) -> View:
    with _sides_named(state):
        view = state.view(seat)
        if seat is not None and not state.is_over() and state.current_player() == seat:
            view.setdefault("legal", state.legal_json())
    return view


def _sides_named(state: GameState) -> Any:
    """The request's seat names with the state's sides (unless the request gave them)."""
    names = named()
    return naming(names.with_sides([list(side) for side in state.sides()]) if names is not None else None)


def _played(seat: int, action: Action, label: str) -> dict[str, Any]:
    return {"seat": seat, "action": action.to_json(), "text": str(action), "label": label}


def _first_human(session: Session) -> int | None:
    return next((i for i, kind in enumerate(session.seats) if kind == "human"), None)


def _bot_move(session: Session) -> dict[str, Any]:
    state = session.state
    seat = state.current_player()
    assert seat is not None  # (the callers checked that a bot's seat is to act)
    bot = session.bots[seat]
    action = bot.choose(state, seat)
    label = state.action_label(action)  # (in the words of the phase it is played in, before it moves on)
    state.apply(action)
    return _played(seat, action, label)


# --------------------------------------------------------------------------- ops

def op_games(request: Mapping[str, Any]) -> dict[str, Any]:
    implemented = [spec.to_json() for spec in game_registry.all()]
    known = {g["id"] for g in implemented}
    catalogued = [g for g in catalogue.games() if g not in known]
    return {"games": implemented, "catalogued_only": catalogued}


def _catalogued_game(request: Mapping[str, Any], required: bool) -> str | None:
    """The request's ``game``, checked against the catalogue's game ids before anything is read
    (an id never becomes a path: ``"../../pyproject"`` is refused here, naming the field)."""
    game_id = _require(request, "game", str) if required else request.get("game")
    if game_id is None:
        return None
    known = catalogue.games()
    if not isinstance(game_id, str) or game_id not in known:
        raise RequestError(Text("field 'game' must be the id of a game of the catalogue ({}), not {}",
                                ", ".join(known), brief(game_id)))
    return game_id


def op_rules(request: Mapping[str, Any]) -> dict[str, Any]:
    game_id = _catalogued_game(request, required=False)
    answer: dict[str, Any] = {"rules": rule_index.rule_entries(game_id)}
    note = rule_index.tests_note()
    if note is not None:
        answer["tests_note"] = note
    return answer


def op_new(request: Mapping[str, Any]) -> dict[str, Any]:
    spec = game_registry.get(_require(request, "game", str))
    variant = _variant(request, spec, request.get("variant"))
    seed = _seed(request)
    budget = _budget(request)
    time_budget = _time_budget(request)
    state = spec.new_game(variant, seed)
    n = state.num_players
    seats = request.get("seats")
    if seats is None:
        seats = ["human"] + ["heuristic"] * (n - 1)
    if not isinstance(seats, list) or len(seats) != n:
        raise RequestError(Text("field 'seats' must list {} seat kinds (one of {}), not {}", n, ", ".join(SEAT_KINDS),
                                brief(seats)))
    for i, kind in enumerate(seats):
        if not isinstance(kind, str) or kind not in SEAT_KINDS:
            raise RequestError(Text("seats[{}]: {} is not one of {}", i, brief(kind), ", ".join(SEAT_KINDS)))
    if len(SESSIONS) >= MAX_SESSIONS:
        raise RequestError(Text(TOO_MANY, MAX_SESSIONS))
    bots = {i: make_bot(kind, seed=seed * 101 + i, budget=budget, time_budget=time_budget)
            for i, kind in enumerate(seats) if kind != "human"}
    session_id = f"g{next(_ids)}"
    session = Session(state, list(seats), bots)
    SESSIONS[session_id] = session
    human = _first_human(session)
    return {"id": session_id, "seats": session.seats, "view": _view(state, human)}


def op_view(request: Mapping[str, Any]) -> dict[str, Any]:
    session = _session(request)
    return {"view": _view(session.state, _viewer(request, session))}


def op_act(request: Mapping[str, Any]) -> dict[str, Any]:
    session = _session(request)
    state = session.state
    if state.is_over():
        raise RequestError(Text("the game is over: no more actions"))
    raw = _require(request, "action", (str, Mapping))
    to_act = state.current_player()
    assert to_act is not None  # a game not over has a seat to act
    seat = _seat(request, state)
    if seat is not None and seat != to_act:
        raise TurnError(seat, to_act, Text("seat {} cannot act: it is seat {}'s turn", seat, to_act))
    if _first_human(session) is not None and session.seats[to_act] != "human":
        raise RequestError(Text("seat {} is a {} bot: its moves are made with 'bot' or 'advance', not 'act'",
                                to_act, session.seats[to_act]))
    action = Action.coerce(raw)
    # labelled in the words of the phase it is played in, before the game moves on (an action
    # not listed is refused by apply below, its label unused)
    label = state.action_label(action) if action in state.legal_actions() else action.label
    state.apply(action)  # refuses with IllegalActionError, state unchanged
    return {"played": _played(to_act, action, label), "view": _view(state, to_act if seat is None else seat)}


def op_bot(request: Mapping[str, Any]) -> dict[str, Any]:
    session = _session(request)
    state = session.state
    if state.is_over():
        raise RequestError(Text("the game is over: no more moves"))
    seat = state.current_player()
    if seat not in session.bots:
        raise RequestError(Text("seat {} is a human seat: it is waiting for an 'act'", seat))
    # the view asked for is checked before the move, so that a bad seat moves nothing
    viewer = _viewer(request, session) if "seat" in request else None
    played = _bot_move(session)
    answer: dict[str, Any] = {"played": played, "over": state.is_over()}
    if "seat" in request:
        answer["view"] = _view(state, viewer)
    return answer


def op_advance(request: Mapping[str, Any]) -> dict[str, Any]:
    session = _session(request)
    state = session.state
    seat = _viewer(request, session)
    played = []
    for _ in range(MAX_ADVANCE):
        if state.is_over() or state.current_player() == seat:
            break
        if state.current_player() not in session.bots:
            break  # another human seat must act
        played.append(_bot_move(session))
    return {"played": played, "view": _view(state, seat)}


def op_record(request: Mapping[str, Any]) -> dict[str, Any]:
    session = _session(request)
    state = session.state
    reveal = request.get("reveal", False)
    if not isinstance(reveal, bool):
        raise RequestError(Text("field 'reveal' must be true or false, not {}", brief(reveal)))
    # a record holds every deck, so while a human plays it would show the cards still hidden from him
    hidden = not state.is_over() and _first_human(session) is not None
    if hidden and not reveal:
        raise RequestError(Text("the game is still being played and a record holds every deck, the cards still hidden "
                                "from the players too: ask again when the game is over, or with \"reveal\": true for a "
                                "record that shows them"))
    comment = ("Taken while the game was being played: this record holds the cards that were still hidden "
               "from the players." if hidden else None)
    with using("en"), naming(None):  # a record is data, in the engine's own words, whoever asks: it replays in any language
        record = records.make_record(state, seats=session.seats, comment=comment)
    return {"record": record, "hidden_cards": hidden}


def op_replay(request: Mapping[str, Any]) -> dict[str, Any]:
    record = _require(request, "record", Mapping)
    time_budget = _time_budget(request)
    if len(SESSIONS) >= MAX_SESSIONS:
        raise RequestError(Text(TOO_MANY, MAX_SESSIONS))
    with using("en"), naming(None):  # (its outcome, in the engine's own words, is checked against the replay's)
        state = records.replay(record)
    seats = [entry["kind"] for entry in record["seats"]]
    bots = {i: make_bot(kind, seed=state.seed * 101 + i, time_budget=time_budget)
            for i, kind in enumerate(seats) if kind != "human"}
    session_id = f"g{next(_ids)}"
    SESSIONS[session_id] = Session(state, seats, bots)
    return {
        "id": session_id,
        "actions": len(record["actions"]),
        "over": state.is_over(),
        "outcome": records.outcome_json(state.outcome()),
        "view": state.view(None),
    }


def op_example(request: Mapping[str, Any]) -> dict[str, Any]:
    from . import examples

    return {"result": examples.run_example(_require(request, "rule", str), _require(request, "example", str))}


def op_examples(request: Mapping[str, Any]) -> dict[str, Any]:
    from . import examples

    game_id = _catalogued_game(request, required=True)
    assert game_id is not None  # (required: _require refused a request without it)
    results = []
    for rule in catalogue.load(game_id).rules:
        for example in rule.get("examples") or []:
            results.append(examples.run_example(rule["id"], example["id"]))
    return {"game": game_id, "results": results, "passed": sum(1 for r in results if r.get("passed"))}


def _finish(spec: GameSpec, variant: Variant, seed: int, bots: BotKinds, decks: list[list[str]] | None,
            budget: int | None) -> GameState:
    from .simulate import _bots_for, play_game

    state = spec.new_game(variant, seed, decks=decks)
    return play_game(state, _bots_for(bots, state.num_players, seed, budget))


def _deal_bots(bots: BotKinds, players: int, seed: int, budget: int | None) -> list[Bot]:
    from .simulate import _bots_for

    return _bots_for(bots, players, seed, budget)


def _deal_from_seed(spec: GameSpec, variant: Variant, seed: int, bots: BotKinds, budget: int | None,
                    deal: int) -> tuple[list[str], int]:
    """Deck and dealer of deal ``deal`` (1-based) of the game played from ``seed``
    under ``variant`` by the seeded ``bots``: the game is played just far enough."""
    from .simulate import MAX_ACTIONS_PER_GAME

    state = spec.new_game(variant, seed)
    players = _deal_bots(bots, state.num_players, seed, budget)
    for _ in range(MAX_ACTIONS_PER_GAME):
        if len(state.deals) >= deal:
            return list(state.deals[deal - 1]), state.view(None)["dealer"]
        if state.is_over():
            break
        seat = state.current_player()
        assert seat is not None  # a game not over has a seat to act
        state.apply(players[seat].choose(state, seat))
    played = len(state.deals)
    raise RequestError(Text("field 'deal': the game from seed {} under the first reading has {} deal, so there "
                            "is no deal {}", seed, played, deal,
                            plural=("field 'deal': the game from seed {} under the first reading has {} deals, so "
                                    "there is no deal {}", played)))


def _deal_from_session(request: Mapping[str, Any], spec: GameSpec, deal: int) -> tuple[list[str], int, Session]:
    """Deck and dealer of a finished deal of a live table session."""
    session = _session(request)
    state = session.state
    if state.game_id != spec.id:
        raise RequestError(Text("field 'game': game {} at the table is {}, not {}",
                                repr(request['id']), state.game_id, spec.id))
    sheet = state.view(None).get("score_sheet") or []
    finished = [entry for entry in sheet if entry.get("complete", True)]
    if not 1 <= deal <= len(state.deals):
        raise RequestError(Text("field 'deal': game {} has dealt {} deal, so there is no deal {}",
                                repr(request['id']), len(state.deals), deal,
                                plural=("field 'deal': game {} has dealt {} deals, so there is no deal {}",
                                        len(state.deals))))
    entry = next((e for e in finished if e.get("deal") == deal), None)
    if entry is None:
        # the cards of a deal still in play are hidden from the players: not shown before its end
        raise RequestError(Text("field 'deal': deal {} of game {} is still being played; only a finished deal can "
                                "be replayed",
                                deal, repr(request['id'])))
    dealer = entry.get("dealer")
    if dealer is None:
        dealer = records._deal_starts(state)[deal - 1]["dealer"]
    return list(state.deals[deal - 1]), dealer, session


def _deal_number(request: Mapping[str, Any]) -> int:
    deal = request["deal"]
    if not isinstance(deal, int) or isinstance(deal, bool) or deal < 1:
        raise RequestError(Text("field 'deal' must be a deal number from 1, not {}", repr(deal)))
    return deal


def _deal_result(state: GameState, deal: int, play: dict[str, Any]) -> dict[str, Any]:
    """What happened in deal ``deal`` of ``state`` (finished), and how it was played (``play``)."""
    with _sides_named(state):
        summary = state.deal_summary(deal)
    return {
        "variant": state.variant.to_json(),
        "summary": summary,
        "entries": summary["entries"],
        "points": [line["amount"] for line in summary["lines"]],
        "game_over": summary["ended_game"],
        "text": summary["text"],
        "play": play,
    }


def _play_one_deal(spec: GameSpec, variant: Variant, seed: int, bots: list[str], budget: int | None, deck: list[str],
                   dealer: int) -> dict[str, Any]:
    """Play one deal from ``deck`` dealt by ``dealer`` under ``variant``, a bot of ``bots`` at each seat."""
    from .simulate import MAX_ACTIONS_PER_GAME

    state = spec.new_game(variant, seed, decks=[deck], first_dealer=dealer)
    players = _deal_bots(bots, state.num_players, seed, budget)
    for _ in range(MAX_ACTIONS_PER_GAME):
        if state.is_over() or len(state.deals) > 1:
            break
        seat = state.current_player()
        assert seat is not None  # a game not over has a seat to act
        state.apply(players[seat].choose(state, seat))
    else:  # pragma: no cover - a deal always ends
        raise EngineError(Text("{}: a deal did not end within {} actions",
                               spec.id, MAX_ACTIONS_PER_GAME))
    return _deal_result(state, 1, {"by": "bots", "bots": list(bots)})


def _replay_session_deal(session: Session, deal: int) -> dict[str, Any]:
    """Deal ``deal`` (finished) of a table's game as it was played there: the game replayed from
    its start, every action as played at the table (the human seats' and the bots'), to the end
    of that deal; so its result is the table's, the deals before it carried over as they were."""
    state = session.state
    probe = records.restart(state)
    actions = human = 0
    for seat, action in state.history:
        if probe.is_over() or len(probe.deals) > deal:
            break
        if probe.current_player() != seat:  # pragma: no cover - the history is the table's own
            raise EngineError(Text("{}: the table's action {} by seat {} did not replay",
                                   state.game_id, action, seat))
        if len(probe.deals) == deal:
            actions += 1
            human += session.seats[seat] == "human"
        probe.apply(action)
    return _deal_result(probe, deal, {"by": "table", "seats": list(session.seats), "actions": actions,
                                      "human_actions": human})


def _session_bots(request: Mapping[str, Any], session: Session) -> list[str]:
    """The bots of reading B for a deal of a table: the table's own bot at each of its bots' seats, and
    at each human seat the request's ``bots`` (one kind; by default the table's first bot's)."""
    kind = request.get("bots")
    if kind is None:
        kind = next((k for k in session.seats if k != "human"), "heuristic")
    if not isinstance(kind, str):
        raise RequestError(Text("field 'bots': for a deal of your table give one bot kind (the bot that plays "
                                "your seat under reading B: {}), not {}; the other seats keep the table's bots",
                                ', '.join(BOT_KINDS), brief(kind)))
    return [kind if seat == "human" else seat for seat in session.seats]


def _check_table_reading(request: Mapping[str, Any], session: Session, variant: Variant) -> None:
    """Reading A of a deal of a table is the reading the table played: the deal replays as played."""
    played, asked = session.state.variant.to_json(), variant.to_json()
    differing = [f"{name} is {played.get(name)!r} at the table, not {asked.get(name)!r}"
                 for name in sorted(set(played) | set(asked)) if played.get(name) != asked.get(name)]
    if differing:
        raise RequestError(Text("field 'variants[0]': reading A of a deal of game {} is the reading the table "
                                "played, so that the deal is replayed as it was played ({})",
                                repr(request['id']), '; '.join(differing)))


def _compare_deal(request: Mapping[str, Any], spec: GameSpec, built: list[Variant], seed: int, bots: BotKinds,
                  budget: int | None) -> dict[str, Any]:
    """The ``compare`` op for one deal: the same deck and dealer under both readings, played by the
    same bots; for a deal of a table, reading A is the table's as played and reading B the bots'."""
    deal = _deal_number(request) if "deal" in request else None
    source: dict[str, Any]
    session = None
    if "deck" in request:
        deck = _require(request, "deck", list)
        dealer = _require(request, "dealer", int)
        source = {"from": "deck"}
    elif "id" in request:
        if deal is None:
            raise RequestError(Text("op 'compare' with an 'id' needs the field 'deal' (which deal of that game)"))
        deck, dealer, session = _deal_from_session(request, spec, deal)
        _check_table_reading(request, session, built[0])
        source = {"from": "session", "id": request["id"], "deal": deal, "you": _first_human(session)}
        seed = session.state.seed
        bots = _session_bots(request, session)
    else:
        if deal is None:
            raise RequestError(Text("op 'compare' for one deal needs 'deal' (a deal of the game from 'seed'), "
                                    "'deck' and 'dealer', or 'id' and 'deal' (a deal of a game in progress)"))
        deck, dealer = _deal_from_seed(spec, built[0], seed, bots, budget, deal)
        source = {"from": "seed", "deal": deal}
    players = {variant.to_json().get("players") for variant in built}
    if len(players) > 1:
        raise RequestError(Text("field 'variants': one deal can only be replayed at the same number of players "
                                "(the readings seat {})",
                                ' and '.join(str(p) for p in sorted(players, key=str))))
    try:
        fresh = spec.new_game(built[0], seed, decks=[deck], first_dealer=dealer)
    except RecordError as error:  # a bad deck: name the request's field
        raise RequestError(Text("field 'deck': {}", error)) from None
    except EngineError as error:  # a dealer who is not at the table
        raise RequestError(Text("field 'dealer': {}", error)) from None
    kinds = check_bot_kinds(bots, fresh.num_players)
    try:
        if session is not None:
            results = [_replay_session_deal(session, source["deal"]),
                       _play_one_deal(spec, built[1], seed, kinds, budget, deck, dealer)]
        else:
            results = [_play_one_deal(spec, variant, seed, kinds, budget, deck, dealer) for variant in built]
    except RecordError as error:
        raise RequestError(Text("field 'variants': the two readings use different packs, so one deal cannot be "
                                "replayed under both ({})",
                                error)) from None
    view = fresh.view(None)
    return {"game": spec.id, "seed": seed, "bots": bots, "deal": source, "deck": [str(c) for c in fresh.deals[0]],
            "dealer": view["dealer"], "players": fresh.num_players, "sides": [list(s) for s in fresh.sides()],
            "hands": [list(h) for h in view.get("hands") or []], "trump": view.get("trump"),
            "turned_card": next((p["cards"][0] for p in view["piles"] if p["id"] == "turned"), None),
            "results": results}


def op_compare(request: Mapping[str, Any]) -> dict[str, Any]:
    spec = game_registry.get(_require(request, "game", str))
    variants = _require(request, "variants", list)
    if len(variants) != 2 or not all(isinstance(v, Mapping) for v in variants):
        raise RequestError(Text("field 'variants' must hold exactly two objects of option: value"))
    seed = _seed(request)
    budget = _budget(request)
    built = [_variant(request, spec, v, f"variants[{i}]") for i, v in enumerate(variants)]
    bots = request.get("bots", "heuristic")
    try:
        for variant in built:
            check_bot_kinds(bots, spec.new_game(variant, seed).num_players)
    except EngineError as error:
        raise RequestError(Text("field {}", error)) from None
    if any(key in request for key in ("deal", "deck", "dealer")):
        return _compare_deal(request, spec, built, seed, bots, budget)
    if "sampling" in ([bots] if isinstance(bots, str) else bots):
        # whole games of sampling bots take tens of seconds (hundreds of moves, each of dozens of playouts)
        raise RequestError(Text("field 'bots': whole games are compared with heuristic or random bots; the sampling "
                                "bot compares one deal (give 'deal')"))
    # Both games take their deals from one list of decks: the first game's, extended
    # by the second game's shuffles if it needs more deals; then the first is replayed
    # on the extended list (deterministic, so it ends the same way).
    first = _finish(spec, built[0], seed, bots, None, budget)
    note = None
    try:
        second = _finish(spec, built[1], seed, bots, first.deals, budget)
    except RecordError:
        # the readings use different packs (Мушка for two, Петух for six): the same cards cannot be dealt
        second = _finish(spec, built[1], seed, bots, None, budget)
        note = "the two readings use different packs, so each game is dealt from its own shuffles of the seed"
    if note is None and len(second.deals) > len(first.deals):
        first = _finish(spec, built[0], seed, bots, second.deals, budget)
    results = []
    for variant, state in zip(built, (first, second)):
        view = state.view(None)
        results.append({
            "variant": variant.to_json(),
            "outcome": records.outcome_json(state.outcome()),
            "totals": list(state.totals()),
            "deals": len(state.deals),
            "lower_is_better": state.lower_is_better,
            "score_sheet": view.get("score_sheet", []),
        })
    shared = min(len(first.deals), len(second.deals)) if note is None else 0
    assert first.deals[:shared] == second.deals[:shared]
    response = {"game": spec.id, "seed": seed, "bots": bots, "shared_deals": shared, "results": results}
    if note is not None:
        response["note"] = note
    return response


def _packaged_measures(game_id: str) -> dict[str, Any] | None:
    try:
        resource = importlib.resources.files("engine").joinpath("measures", f"{game_id}.json")
        if resource.is_file():
            measures: dict[str, Any] = json.loads(resource.read_text(encoding="utf-8"))
            return measures
    except (FileNotFoundError, ModuleNotFoundError, NotADirectoryError):
        return None
    return None


def op_measures(request: Mapping[str, Any]) -> dict[str, Any]:
    game_id = _require(request, "game", str)
    game_registry.get(game_id)
    stored = _packaged_measures(game_id)
    if stored is not None:
        return {"measures": stored, "source": "precomputed"}
    from .campaign import measure_readings

    games = request.get("games", 10)
    if not isinstance(games, int) or isinstance(games, bool) or not 1 <= games <= 200:
        raise RequestError(Text("field 'games' must be an integer from 1 to 200, not {}",
                                repr(games)))
    return {"measures": measure_readings(game_id, games, seed=0), "source": "computed"}


MEASURE_STEP = 200
"""The most games one ``measure`` request plays (the panel asks in steps, showing progress)."""
MAX_MEASURE_GAMES = 2_000
"""The most paired games one measurement in the browser may reach."""
MAX_MEASUREMENTS = 8
MEASUREMENTS: dict[str, dict[str, Any]] = {}
_measure_ids = itertools.count(1)


def op_measure(request: Mapping[str, Any]) -> dict[str, Any]:
    """N more paired games of two variants (two readings and any options beside them), and
    the paired estimates over all the games played so far (:mod:`engine.paired`)."""
    from .paired import differences, estimate, play_task, Task
    from .measuring import measures_of

    count = _require(request, "games", int)
    if not 1 <= count <= MEASURE_STEP:
        raise RequestError(Text("field 'games' must be an integer from 1 to {} (games in this step), not {}",
                                MEASURE_STEP, brief(count)))
    measurement_id = request.get("id")
    if measurement_id is not None:
        found = MEASUREMENTS.get(measurement_id) if isinstance(measurement_id, str) else None
        if found is None:
            raise RequestError(Text("field 'id': no measurement {} (it was closed or never begun)",
                                    brief(measurement_id)))
        m = found
    else:
        spec = game_registry.get(_require(request, "game", str))
        variants = _require(request, "variants", list)
        if len(variants) != 2 or not all(isinstance(v, Mapping) for v in variants):
            raise RequestError(Text("field 'variants' must hold exactly two objects of option: value"))
        built = [_variant(request, spec, v, f"variants[{i}]") for i, v in enumerate(variants)]
        bots = request.get("bots", "heuristic")
        if bots not in ("heuristic", "sampling", "random"):
            raise RequestError(Text("field 'bots' must be 'heuristic', 'sampling' or 'random', not {}",
                                    brief(bots)))
        rule = request.get("rule")
        if rule is not None and (not isinstance(rule, str) or rule not in measures_of(spec).focus):
            raise RequestError(Text("field 'rule': {} is no rule measured in {} (rules: {})",
                                    brief(rule), spec.id, ', '.join(measures_of(spec).focus)))
        if len(MEASUREMENTS) >= MAX_MEASUREMENTS:
            MEASUREMENTS.pop(next(iter(MEASUREMENTS)))  # the oldest goes
        measurement_id = f"m{next(_measure_ids)}"
        m = MEASUREMENTS[measurement_id] = {
            "game": spec.id, "keys": [tuple(sorted(v.to_json().items())) for v in built], "seed": _seed(request),
            "bots": bots, "budget": _budget(request), "records": ([], []), "rule": rule,
        }
    played = len(m["records"][0])
    if played + count > MAX_MEASURE_GAMES:
        raise RequestError(Text("field 'games': {} games played and {} more would pass the {} a measurement may "
                                "reach",
                                played, count, MAX_MEASURE_GAMES))
    for side in (0, 1):
        task = Task(m["game"], m["keys"][side], m["bots"], m["budget"], m["seed"], played, count)
        m["records"][side].extend(play_task(task))
    kind = measures_of(game_registry.get(m["game"]))
    metrics = [name for name in kind.rows() if name != "games"]
    first, second = m["records"]
    # the focus: the measures of the rule compared ('rule', when the game measures it), else every rule's
    chosen = kind.focus.get(m["rule"]) if isinstance(m["rule"], str) else None
    focus = ([name for name in chosen if name in metrics] if chosen
             else sorted({name for names in kind.focus.values() for name in names if name in metrics}))
    compared = differences(first, {"second": second}, metrics, focus)["second"]
    return {
        "id": measurement_id, "game": m["game"], "games": len(first), "seed": m["seed"], "bots": m["bots"],
        "identical": compared["identical"], "deals_diverge_share": compared["deals_diverge_share"],
        "values": {"first": {name: estimate(first, name) for name in metrics},
                   "second": {name: estimate(second, name) for name in metrics}},
        "difference": compared["metrics"], "focus": focus,
        "metrics": {name: _(text) for name, text in kind.rows().items()},  # (in the request's language)
    }


def op_close(request: Mapping[str, Any]) -> dict[str, Any]:
    session_id = _require(request, "id", str)
    if session_id in MEASUREMENTS:
        return {"closed": MEASUREMENTS.pop(session_id, None) is not None}
    return {"closed": SESSIONS.pop(session_id, None) is not None}


OPS: dict[str, Callable[[Mapping[str, Any]], dict[str, Any]]] = {
    "games": op_games,
    "rules": op_rules,
    "new": op_new,
    "view": op_view,
    "act": op_act,
    "bot": op_bot,
    "advance": op_advance,
    "record": op_record,
    "replay": op_replay,
    "example": op_example,
    "examples": op_examples,
    "compare": op_compare,
    "measures": op_measures,
    "measure": op_measure,
    "close": op_close,
}


def error_json(error: BaseException) -> dict[str, Any]:
    """An exception as the bridge reports it."""
    if isinstance(error, IllegalActionError):
        names = named()
        with naming(names.said_to_reader() if names is not None else None):  # (said to the reader: "you")
            data = error.to_json()
            data.setdefault("reason", str(error.reason))  # the plain sentence, for the table to show as is
        return data
    if isinstance(error, TurnError):  # (the seat asked, and the seat whose turn it is: None, the game over)
        return {"type": "TurnError", "message": str(error), "seat": error.seat, "to_act": error.to_act}
    if isinstance(error, EngineError):
        return {"type": type(error).__name__, "message": str(error)}
    return {
        "type": "InternalError",
        "message": f"{type(error).__name__}: {error}",
        "traceback": traceback.format_exc(limit=8),
    }


def dispatch(request: Any) -> dict[str, Any]:
    """Handle one request given as a dict; always returns a response dict, its sentences
    (and an error's) in the request's ``lang`` (``"en"``, the default, or ``"ru"``), the seats
    in them named as its optional ``seat_names`` says (:class:`engine.i18n.SeatNames`: each
    seat's name and its Russian cases, the reader's seat, said "you" in a refusal, the sides;
    without it, by number: "seat 2", "игроку 2")."""
    lang = request.get("lang", "en") if isinstance(request, Mapping) else "en"
    names: SeatNames | None = None
    try:
        if not isinstance(request, Mapping):
            raise RequestError(Text("a request must be a JSON object with an 'op', not {}",
                                    type(request).__name__))
        op = request.get("op")
        handler = OPS.get(op) if isinstance(op, str) else None
        if handler is None:
            raise RequestError(Text("unknown op {}; ops: {}", brief(op), ', '.join(OPS)))
        if request.get("seat_names") is not None:
            names = SeatNames.read(request["seat_names"])
        with using(lang), naming(names):
            return {"ok": True, "op": op, **handler(request)}
    except Exception as error:  # every failure becomes a JSON answer, never a crash
        try:
            with using(lang), naming(names):
                return {"ok": False, "error": error_json(error)}
        except EngineError:  # (an unknown language, or its catalogue missing: said in English)
            return {"ok": False, "error": error_json(error)}


def handle(request_json: str | bytes) -> str:
    """Handle one JSON request and return the JSON response."""
    try:
        request = read_json(request_json, RequestError, "request")
    except RequestError as error:
        response = {"ok": False, "error": error_json(error)}
    else:
        response = dispatch(request)
    return json.dumps(response, ensure_ascii=False)
