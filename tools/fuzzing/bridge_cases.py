"""Random and malformed requests to the JSON bridge (``engine.bridge.handle``).

Every answer must be JSON; a refusal's error type must be an engine error's (never
``InternalError``); nothing may escape ``handle``. An answer's ``view`` for a seat must not
name a card hidden from that seat, and no request may hand out every hand (an omniscient
view, a record in the middle of a deal) of a game with a human seat. An ``act`` may only
play an action equal to a listed one.
"""

from __future__ import annotations

import json
import random
import shlex
from typing import Any

from engine import bridge, catalogue, games
from engine.bots import BOT_KINDS
from engine.cards import ALL_CARDS
from engine.errors import EngineError

from . import seen
from .play import listed, malformed, random_variant
from .report import Report, short

HUGE = "9" * 5000


def engine_error_names() -> set[str]:
    names, todo = set(), [EngineError]
    while todo:
        cls = todo.pop()
        names.add(cls.__name__)
        todo += cls.__subclasses__()
    return names


def odd(rng: random.Random) -> Any:
    return rng.choice([None, True, False, 1.5, -1, 0, "0", "", [], {}, [[[]]], {"self": 1}, 10**30, "ü³"])


class BridgeFuzz:
    """One task: a short script of requests, some following the sessions it opened."""

    def __init__(self, report: Report, seed: int, on_case: Any = None) -> None:
        self.report = report
        self.rng = random.Random(f"bridge/{seed}")
        self.seed = seed
        self.sessions: list[str] = []
        self.errors = engine_error_names()
        self.on_case = on_case
        self.step = 0

    # ----- requests ---------------------------------------------------------------
    def game(self) -> Any:
        rng = self.rng
        return rng.choice(games.ids()) if rng.random() < 0.85 else rng.choice(
            [["mushka"], 5, None, "", "gleek", "nope", {"id": "rams"}])

    def variant(self, game: Any) -> Any:
        rng = self.rng
        if rng.random() < 0.75 and isinstance(game, str) and game in games.ids():
            return random_variant(games.get(game), rng) or {}
        return rng.choice([0, [], "", "players=3", 5, {"self": 1}, {"cls": 2}, {"players": 10**30},
                           {"players": "³"}, {"zzz": 1}, {"players": None}, [["players", 3]]])

    def seats(self, game: Any, variant: Any) -> Any:
        rng = self.rng
        try:
            n = games.get(game).new_game(games.get(game).make_variant(**variant)).num_players
        except Exception:  # noqa: BLE001 - a bad game or variant: any list
            n = 4
        if rng.random() < 0.8:
            kinds = ["human"] + [rng.choice(BOT_KINDS) for _ in range(n - 1)]
            rng.shuffle(kinds)
            return kinds
        return rng.choice([["human"] * (n + 1), ["robot"] * n, "human", None, [None] * n, [["human"]] * n])

    def budget(self) -> Any:
        return self.rng.choice([None, None, 1, 2, 3, 0, -1, True, "4", 1.5, 10**9])

    def seat(self, n: int) -> Any:
        rng = self.rng
        return rng.choice(list(range(n)) * 2 + [None, True, False, 1.5, "0", -1, n, 10**30])

    def live(self) -> tuple[str, bridge.Session] | None:
        alive = [(i, bridge.SESSIONS[i]) for i in self.sessions if i in bridge.SESSIONS]
        return self.rng.choice(alive) if alive else None

    def request(self) -> dict[str, Any]:
        rng = self.rng
        op = rng.choices(OPS, WEIGHTS)[0]
        live = self.live()
        if op in ("view", "act", "bot", "advance", "record", "close") and live is None:
            op = "new"
        if op == "new":
            game = self.game()
            variant = self.variant(game)
            req = {"op": "new", "game": game, "variant": variant, "seed": rng.choice([rng.randrange(1000), -5]),
                   "seats": self.seats(game, variant), "budget": self.budget()}
        elif op in ("view", "advance"):
            sid, session = live
            req = {"op": op, "id": sid, "seat": self.seat(session.state.num_players)}
        elif op == "act":
            sid, session = live
            state = session.state
            legal = state.legal_actions() if not state.is_over() else []
            if legal and rng.random() < 0.5:
                action = rng.choice(legal)
                given: Any = str(action) if rng.random() < 0.5 else action.to_json()
            elif legal:
                given = _jsonable(rng.choice(malformed(state, legal, rng))[1])
            else:
                given = "play 7H"
            req = {"op": "act", "id": sid, "action": given}
            if rng.random() < 0.5:
                req["seat"] = state.current_player() if rng.random() < 0.7 else self.seat(state.num_players)
        elif op in ("bot", "record", "close"):
            req = {"op": op, "id": live[0]}
        elif op == "replay":
            req = {"op": "replay", "record": rng.choice([5, {}, [], None, {"format": "edition-record"}])}
        elif op == "compare":
            game = self.game()
            variants = [self.variant(game), self.variant(game)] if rng.random() < 0.8 else odd(rng)
            req = {"op": "compare", "game": game, "variants": variants, "seed": rng.randrange(50),
                   "bots": rng.choice(["random", "heuristic", 5, None, ["random"] * 4, "sampling", "nope"]),
                   "budget": rng.choice([None, 1, 2])}
            if rng.random() < 0.5:
                req["deal"] = rng.choice([1, 2, 0, -1, 10**6, True, "1", None])
            if rng.random() < 0.2:
                req["deck"] = rng.choice([[str(c) for c in ALL_CARDS], ["AS"] * 52, [5], "AS KS", []])
                req["dealer"] = self.seat(4)
        elif op == "example":
            rule = rng.choice(catalogue.all_rules())
            examples = rule.get("examples") or [{"id": "none"}]
            req = {"op": "example", "rule": rule["id"] if rng.random() < 0.8 else odd(rng),
                   "example": rng.choice(examples)["id"] if rng.random() < 0.8 else odd(rng)}
        elif op in ("examples", "rules", "measures"):
            req = {"op": op, "game": self.game()}
            if op == "measures":
                req["games"] = rng.choice([1, 2, 0, 201, 10**9, True, "3"])
        elif op == "games":
            req = {"op": "games"}
        else:
            req = {"op": rng.choice(["nope", "", None, 5, ["new"], "NEW", "__init__"])}
        return self.distort(req)

    def distort(self, req: dict[str, Any]) -> dict[str, Any]:
        """Sometimes a field left out, mistyped, or one more."""
        rng = self.rng
        fields = [k for k in req if k != "op"]
        roll = rng.random()
        if roll < 0.1 and fields:
            del req[rng.choice(fields)]
        elif roll < 0.25 and fields:
            req[rng.choice(fields)] = odd(rng)
        elif roll < 0.3:
            req[rng.choice(["extra", "self", "__class__", "op2"])] = odd(rng)
        return req

    def text_case(self) -> tuple[str, str, str]:
        """A malformed request text: (name, text, a Python expression that builds the text)."""
        rng = self.rng
        sid = self.live()[0] if self.live() else "g1"
        name, expr = rng.choice([
            ("deep-nesting", """'{"op": "new", "game": "mushka", "variant": ' + '[' * 100000 + ']' * 100000 + '}'"""),
            ("deep-object", """'{"op": "games", "x": ' + '{"a": ' * 50000 + '1' + '}' * 50000 + '}'"""),
            ("huge-int-seed", """'{"op": "new", "game": "mushka", "seed": ' + '9' * 5000 + '}'"""),
            ("huge-int-seat", """'{"op": "view", "id": "%s", "seat": ' + '9' * 5000 + '}'""" % sid),
            ("huge-int-action", """'{"op": "act", "id": "%s", "action": {"kind": "draw", "value": ' + '9' * 5000 + '}}'"""
             % sid),
            ("huge-action-text", """'{"op": "act", "id": "%s", "action": "announce ' + '9' * 5000 + '"}'""" % sid),
            ("unicode-action", """'{"op": "act", "id": "%s", "action": "announce ³⁴"}'""" % sid),
            ("huge-list", """'{"op": "compare", "game": "mushka", "variants": [' + ', '.join(['{}'] * 200000) + ']}'"""),
            ("huge-seats", """'{"op": "new", "game": "mushka", "seats": [' + ', '.join(['"human"'] * 300000) + ']}'"""),
            ("not-json", repr(rng.choice(["", "{", "nan", "[1,", "\x00", '{"op": "games"}{}', "\ud800"]))),
            ("not-object", repr(rng.choice(["[]", "5", "null", '"games"', "true"]))),
            ("bytes", repr(b'{"op": "games"}' if rng.random() < 0.5 else b"\xff\xfe")),
        ])
        return name, eval(expr), expr  # noqa: S307 - the fuzzer's own constant expressions

    # ----- answers ------------------------------------------------------------------
    def send(self, name: str, payload: str | bytes, req: dict[str, Any] | None, expr: str | None = None) -> None:
        self.report.count("bridge")
        self.step += 1
        op = req.get("op") if isinstance(req, dict) else name
        op = op if isinstance(op, str) else "odd-op"
        if isinstance(req, dict) and "id" in req or expr is not None and '"id"' in expr:
            repro = f"python tools/fuzz.py --bridge-task {self.seed}  (request {self.step}: {short(req or expr, 200)})"
        else:
            code = f"from engine.bridge import handle; print(handle({expr or short(payload, 400)}))"
            repro = f"python -c {shlex.quote(code)}"
        if self.on_case is not None:
            self.on_case(f"bridge task {self.seed} request {self.step}: {short(payload, 150)}")
        session = bridge.SESSIONS.get(req.get("id")) if isinstance(req, dict) and isinstance(req.get("id"), str) else None
        legal = session.state.legal_actions() if session is not None and not session.state.is_over() else []
        try:
            answer = bridge.handle(payload)
        except BaseException as error:  # noqa: BLE001 - nothing may escape handle
            if isinstance(error, KeyboardInterrupt):
                raise
            self.report.fail(f"bridge.raises-{type(error).__name__}[{name}]", f"bridge.handle raised "
                             f"{type(error).__name__}: {short(error, 150)}", repro, op)
            return
        try:
            data = json.loads(answer)
        except Exception as error:  # noqa: BLE001
            self.report.fail("bridge.not-json", f"the answer is not JSON: {short(error)}", repro, op)
            return
        if not data.get("ok"):
            error = data.get("error") or {}
            kind = error.get("type")
            if kind == "InternalError":
                cause = str(error.get("message", "")).split(":")[0]
                self.report.fail(f"bridge.internal-error[{op}/{cause}]", f"op {op!r}: InternalError: "
                                 f"{short(error.get('message'), 200)}", repro, op)
            elif kind not in self.errors:
                self.report.fail("bridge.unknown-error-type", f"op {op!r}: error type {kind!r}", repro, op)
            return
        self.check_answer(op, req or {}, data, legal, repro)

    def check_answer(self, op: str, req: dict[str, Any], data: dict[str, Any], legal: list[Any], repro: str) -> None:
        sid = data.get("id") if op in ("new", "replay") else req.get("id")
        if op == "new" and isinstance(sid, str):
            self.sessions.append(sid)
            budget = req.get("budget")
            if isinstance(budget, int) and budget > 10**6 and "sampling" in (req.get("seats") or []):
                self.report.fail("bridge.unbounded-budget", f"op 'new' accepted a sampling budget of {budget:,}",
                                 repro, op)
                bridge.SESSIONS.pop(sid, None)
                return
        session = bridge.SESSIONS.get(sid) if isinstance(sid, str) else None
        if session is None or op == "replay":
            return
        state = session.state
        human = "human" in session.seats
        view = data.get("view")
        if isinstance(view, dict) and human:
            seat = view.get("seat")
            if seat is None:
                self.report.fail(f"bridge.omniscient-view[{op}]", f"op {op!r} handed out every hand "
                                 f"(a view with seat null) of a {state.game_id} game with a human seat", repro, op)
            elif isinstance(seat, int):
                leaked = seen.leak(state, seat, view)
                if leaked:
                    self.report.fail(f"bridge.view-leak[{op}]", f"op {op!r}: view of seat {seat} names hidden cards "
                                     f"{sorted(leaked)}", repro, op)
        if op == "act":
            if not listed(req.get("action"), legal):
                self.report.fail("bridge.act-accepted-unlisted", f"op 'act' played {short(req.get('action'))}, "
                                 f"not among {[str(a) for a in legal]}", repro, state.game_id)
        if op == "record" and human and not state.is_over() and not _says_hidden(data):
            self.report.fail("bridge.record-mid-deal", f"op 'record' of a {state.game_id} game in progress with a "
                             "human seat gives every deck (every hidden card)", repro, op)

    def run(self, requests: int) -> None:
        try:
            for _ in range(requests):
                if self.rng.random() < 0.06:
                    name, text, expr = self.text_case()
                    self.send(name, text, None, expr)
                else:
                    req = self.request()
                    try:
                        text = json.dumps(req)
                    except ValueError:
                        continue
                    self.send(str(req.get("op")), text, req)
        finally:
            for sid in self.sessions:
                bridge.SESSIONS.pop(sid, None)


def _jsonable(given: Any) -> Any:
    """A malformed action as JSON can carry it (an ``Action`` as its JSON form, if it has one)."""
    if isinstance(given, (str, dict, list, int, type(None))):
        return given
    try:
        return given.to_json()
    except Exception:  # noqa: BLE001 - e.g. Action(5): its JSON form fails too
        return {"kind": 5}


def _says_hidden(data: dict[str, Any]) -> bool:
    """Whether an answer (or the record in it) says that it holds hidden cards."""
    record = data.get("record") if isinstance(data.get("record"), dict) else {}
    return any("hidden" in str(key) for key in list(data) + list(record))


OPS = ["new", "view", "act", "bot", "advance", "record", "replay", "compare", "example", "examples", "rules",
       "measures", "games", "close", "unknown"]
WEIGHTS = [3, 3, 6, 2, 2, 1, 0.5, 0.6, 0.5, 0.1, 0.05, 0.3, 0.2, 0.4, 0.3]
