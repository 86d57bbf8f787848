"""Random whole games, checked after every action; illegal and malformed actions.

A :class:`GameCase` (game, variant, seed, bots, budget) is one whole game. Every random
choice of its checks comes from a ``random.Random`` seeded by the case, so
``python tools/fuzz.py --case '<json>'`` plays the same game with the same checks again.
"""

from __future__ import annotations

import json
import random
from dataclasses import asdict, dataclass
from functools import lru_cache
from typing import Any

from engine import catalogue, games, records
from engine.bots import BOT_KINDS, RandomBot, make_bot
from engine.cards import ALL_CARDS
from engine.errors import EngineError, IllegalActionError, VariantError
from engine.game import Action, GameState

from . import api, seen
from .report import Report, short

INT_SPREAD = (0, 1, 2, 3, 5, 7, 10, 15, 25, 50)
MAX_ACTIONS = 1_500
CLONE_CHECK = 0.12  # share of steps at which clone() and determinize() are checked
ILLEGAL_CHECK = 0.25  # share of steps at which malformed actions are thrown at the state
TWICE = 0.3  # share of games played a second time, unchecked, to compare


@lru_cache(maxsize=None)
def rule_ids(game_id: str) -> frozenset[str]:
    return frozenset(catalogue.load(game_id).ids())


@dataclass
class GameCase:
    game: str
    variant: dict[str, Any]
    seed: int
    bots: list[str]
    budget: int

    def to_json(self) -> str:
        return json.dumps(asdict(self), ensure_ascii=False)

    def repro(self, step: int | str, what: str = "") -> str:
        return f"python tools/fuzz.py --case '{self.to_json()}'  (step {step}{': ' + what if what else ''})"


def random_variant(spec: Any, rng: random.Random) -> dict[str, Any] | None:
    """Random values for every option of a game (listed values, or a spread of whole
    numbers), or None if the game refuses twenty random combinations in a row."""
    for _ in range(20):
        options: dict[str, Any] = {}
        for opt in spec.options():
            if opt["values"]:
                options[opt["name"]] = rng.choice(opt["values"])
            elif opt["type"] == "int":
                options[opt["name"]] = rng.choice(INT_SPREAD + (opt["default"],))
        try:
            return spec.make_variant(**options).to_json()
        except VariantError:
            continue  # a combination the game refuses (e.g. Ruffe's hand size for that many)
    return None


def random_case(rng: random.Random) -> GameCase:
    """A game of any implemented game (found through the registry), any player count
    (the ``players`` option's values), a random reading of every option, random bots."""
    spec = rng.choice(games.all())
    variant = random_variant(spec, rng) or spec.default_variant().to_json()
    n = spec.new_game(spec.make_variant(**variant), 0).num_players
    weights = {"random": 5, "heuristic": 4, "sampling": 1}
    bots = rng.choices(BOT_KINDS, [weights.get(k, 1) for k in BOT_KINDS], k=n)
    return GameCase(spec.id, variant, rng.randrange(10**6), bots, rng.randint(1, 4))


def play_plain(case: GameCase) -> list[tuple[int, str]]:
    """The case's game with no checks: its history."""
    spec = games.get(case.game)
    state = spec.new_game(spec.make_variant(**case.variant), case.seed)
    bots = [make_bot(k, seed=case.seed * 101 + i, budget=case.budget) for i, k in enumerate(case.bots)]
    for _ in range(MAX_ACTIONS):
        if state.is_over():
            break
        seat = state.current_player()
        state.apply(bots[seat].choose(state, seat))
    return [(s, repr(a)) for s, a in state.history]


# --------------------------------------------------------------------------- malformed actions

class Unbuildable:
    """An action the engine would not even let be built (``Action(5)`` raises)."""

    def __init__(self, args: tuple[Any, ...], error: BaseException) -> None:
        self.args, self.error = args, error

    def __repr__(self) -> str:
        return f"Action{short(self.args, 60)} (not buildable)"


def make(*args: Any) -> Action | Unbuildable:
    """``Action(*args)``, or what refused to build it."""
    try:
        return Action(*args)
    except Exception as error:  # noqa: BLE001 - an engine error is right, any other is checked below
        return Unbuildable(args, error)


def malformed(state: GameState, legal: list[Action], rng: random.Random) -> list[tuple[str, Any]]:
    """A few mutated or malformed actions, each with the name of its mutation."""
    a = rng.choice(legal)
    card = rng.choice(ALL_CARDS)
    other = rng.choice([c for c in ALL_CARDS if c != a.card])
    pool: list[tuple[str, Any]] = [
        ("stray-card", make(a.kind, card, a.value) if a.card is None else make(a.kind, a.card, 5)),
        ("stray-value", make(a.kind, a.card, rng.choice([0, 1, 5, 34, "x", "pass"]))),
        ("stray-word", f"{a} {rng.choice([str(card), 'pass', '0', '3', 'x'])}"),
        ("wrong-kind", make(rng.choice(["play", "discard", "announce", "pass", "stand", "buy", "draw", "zzz",
                                          "lay_out", "exchange", "keep", "declare"]), a.card, a.value)),
        ("other-card", make(a.kind, other, a.value) if a.card is not None else make("play", other)),
        ("no-card", make(a.kind, None, a.value)),
        ("no-value", make(a.kind, a.card, None)),
        ("unicode-digits", rng.choice(["announce ³⁴", "draw ²", "announce ٣٤", "play 7H ³", "draw 𝟐"])),
        ("huge-number", rng.choice(["announce ", "draw ", "play 7H "]) + "9" * 5000),
        ("huge-value", make(a.kind, a.card, 10**5000 if rng.random() < 0.5 else -(10**40))),
        ("none", None),
        ("int", rng.choice([0, 5, -1, True, 1.5])),
        ("list", rng.choice([[], [str(a)], [a.to_json()], [[[]]]])),
        ("bytes", str(a).encode()),
        ("odd-dict", rng.choice([{}, {"kind": None}, {"kind": 5}, {"kind": "play", "card": 5},
                                 {"kind": "play", "card": "ZZ"}, {"kind": a.kind, "value": [1]},
                                 {"kind": a.kind, "value": 1.5}, {"self": 1, "kind": a.kind},
                                 {"kind": a.kind, "card": str(card), "value": {"x": 1}},
                                 {"kind": "", "card": str(card)}, {"kind": a.kind, "value": True}])),
        ("make(5)", make(5)),  # type: ignore[arg-type]
        ("string-card", make(a.kind if a.card is not None else "play", str(card))),  # type: ignore[arg-type]
        ("int-card", make("play", 5)),  # type: ignore[arg-type]
        ("text-case", str(a).upper() if rng.random() < 0.5 else "  " + str(a) + "  "),
        ("empty-text", rng.choice(["", "   ", "\x00", "play", "play play"])),
    ]
    if a.value is not None:
        pool.append(("value-as-text", {"kind": a.kind, **({"card": str(a.card)} if a.card else {}),
                                      "value": str(a.value)}))
        pool.append(("bool-value", make(a.kind, a.card, True)))
    return rng.sample(pool, k=min(len(pool), 4))


def printable(error: BaseException) -> str | None:
    try:
        return str(error)
    except Exception:  # noqa: BLE001
        return None


def try_illegal(state: GameState, label: str, given: Any, legal: list[Action], report: Report,
                case: GameCase, step: int, fp: str) -> str:
    """Throw ``given`` at ``state``: 'refused', 'applied' (it equals a listed action) or 'broken'."""
    report.count("illegal")
    what = f"apply({short(given, 60)}) in phase {state.phase!r}"
    game = case.game
    if isinstance(given, Unbuildable):  # refused before it reached the game: an engine error, printable
        if not isinstance(given.error, EngineError):
            report.fail(f"illegal.build-raises-{type(given.error).__name__}[{label}]",
                        f"Action{short(given.args)} raised {type(given.error).__name__}, not an engine error",
                        case.repro(step, what), game)
        elif printable(given.error) is None:
            report.fail(f"illegal.unprintable-error[{label}]",
                        f"the error refusing Action{short(given.args)} cannot be printed", case.repro(step, what), game)
        return "refused"
    try:
        state.apply(given)
    except EngineError as error:
        text = printable(error)
        if text is None:
            report.fail(f"illegal.unprintable-error[{label}]",
                        f"{game}: the error refusing {short(given)} cannot be printed", case.repro(step, what), game)
        if isinstance(error, IllegalActionError) and error.rule not in rule_ids(game):
            report.fail(f"illegal.foreign-rule[{game}]",
                        f"{game}: a refusal names rule {error.rule!r}, not a rule of {game}: {text}",
                        case.repro(step, what), game)
        if listed(given, legal):
            report.fail(f"illegal.legal-refused[{label}]",
                        f"{game}: {short(given)} equals a listed legal action but was refused: {text}",
                        case.repro(step, what), game)
        result = "refused"
    except Exception as error:  # noqa: BLE001 - anything but an engine error is a finding
        report.fail(f"illegal.raises-{type(error).__name__}[{label}]",
                    f"{game}: {short(given)} raised {type(error).__name__}: {short(error, 150)} "
                    "(not an engine error)", case.repro(step, what), game)
        result = "refused"
    else:
        if listed(given, legal):
            return "applied"
        report.fail(f"illegal.accepted-unlisted[{label}]",
                    f"{game}: {short(given)} is not among the legal actions {[str(x) for x in legal]} "
                    "but was accepted", case.repro(step, what), game)
        return "broken"
    if seen.fingerprint(state) != fp:
        report.fail(f"illegal.state-changed[{label}]",
                    f"{game}: refusing {short(given)} changed the state", case.repro(step, what), game)
        return "broken"
    return result


def listed(given: Any, legal: list[Action]) -> bool:
    """Whether ``given`` reads as one of the listed actions, field for field and type for
    type (``True`` is not the value 1, ``"34"`` not 34)."""
    action = _coerced(given)
    return action is not None and any(_same(action, a) for a in legal)


def _same(a: Action, b: Action) -> bool:
    return a.kind == b.kind and a.card is b.card and type(a.value) is type(b.value) and a.value == b.value


def _coerced(given: Any) -> Action | None:
    try:
        return Action.coerce(given)
    except Exception:  # noqa: BLE001
        return None


# --------------------------------------------------------------------------- copies

def check_copies(state: GameState, case: GameCase, step: int, rng: random.Random, report: Report,
                 deal_start: int) -> None:
    """clone() and determinize() give copies that do not touch the original, and a
    determinized copy shows its seat exactly what the original shows it."""
    game = case.game
    fp, snap = seen.fingerprint(state), seen.snapshot(state)
    seat = state.current_player()
    seat = seat if seat is not None else rng.randrange(state.num_players)
    copies: list[tuple[str, GameState]] = [("clone", state.clone())]
    try:
        det = state.determinize(seat, random.Random(rng.random()))
    except Exception as error:  # noqa: BLE001
        report.fail(f"copy.determinize-raises[{game}]", f"{game}: determinize({seat}) raised "
                    f"{type(error).__name__}: {short(error)}", case.repro(step, "determinize"))
    else:
        if seen.dump(det.view(seat)) != seen.dump(state.view(seat)):
            report.fail(f"copy.determinized-view-differs[{game}]",
                        f"{game}: the determinized copy's view({seat}) differs from the original's",
                        case.repro(step, f"determinize({seat})"))
        where = seen.conservation_error(det, deal_start)
        if where:
            report.fail(f"copy.determinized-cards[{game}]", f"{game}: determinized copy: {where}",
                        case.repro(step, f"determinize({seat})"))
        copies.append(("determinize", det))
    player = RandomBot(rng.random())
    for name, copy in copies:
        deal = len(copy.deals)
        for _ in range(rng.randint(1, 60)):
            if copy.is_over() or len(copy.deals) > deal + 1:
                break
            try:
                copy.apply(player.choose(copy, copy.current_player()))
            except Exception as error:  # noqa: BLE001
                report.fail(f"copy.{name}-play-raises[{game}]", f"{game}: playing on a {name} raised "
                            f"{type(error).__name__}: {short(error)}", case.repro(step, name))
                break
        changed = seen.diff_keys(snap, seen.snapshot(state))
        if changed or seen.fingerprint(state) != fp:
            report.fail(f"copy.{name}-shares-state[{game}]",
                        f"{game}: playing on a {name}() copy changed the original "
                        f"(attributes {', '.join(changed) or 'seen in its views'})", case.repro(step, name))
            return


# --------------------------------------------------------------------------- a whole game

def run_case(case: GameCase, report: Report, checks: bool = True) -> None:
    """Play one whole game with every check after every action."""
    rng = random.Random(case.to_json())
    spec = games.get(case.game)
    state = spec.new_game(spec.make_variant(**case.variant), case.seed)
    bots = [make_bot(k, seed=case.seed * 101 + i, budget=case.budget) for i, k in enumerate(case.bots)]
    report.count("games")
    deal_start, deals, healthy = 0, len(state.deals), True
    known_bad: set[str] = set()
    if checks:
        api.misuse(state, case, report, rng)
    for step in range(MAX_ACTIONS):
        if state.is_over():
            break
        seat = state.current_player()
        legal = state.legal_actions()
        if seat is None or not legal:
            report.fail(f"game.stuck[{case.game}]", f"{case.game}: not over, but seat {seat} has "
                        f"{len(legal)} legal actions", case.repro(step))
            return
        try:
            action = bots[seat].choose(state, seat)
        except Exception as error:  # noqa: BLE001
            report.fail(f"bot.raises-{type(error).__name__}[{case.game}/{case.bots[seat]}]",
                        f"{case.game}: the {case.bots[seat]} bot raised: {short(error)}", case.repro(step))
            return
        if checks and rng.random() < CLONE_CHECK:
            check_copies(state, case, step, rng, report, deal_start)
        applied = False
        if checks and rng.random() < ILLEGAL_CHECK:
            fp, before = seen.fingerprint(state), list(state.history)
            for label, given in malformed(state, legal, rng):
                if label in known_bad:
                    continue
                outcome = try_illegal(state, label, given, legal, report, case, step, fp)
                if outcome == "broken":  # the state took a bad action: rebuild it and go on
                    state, healthy = rebuild(case, before), False
                    known_bad.add(label)  # found once in this game: not again, each rebuild replays the game
                    break
                if outcome == "applied":
                    applied = True
                    healthy = healthy and _coerced(given) == action  # another action than the bot's: a new game
                    break
        if not applied:
            if action not in legal:
                report.fail(f"bot.unlisted[{case.game}]", f"{case.game}: a bot chose {action}, not listed",
                            case.repro(step))
            try:
                state.apply(action)
            except Exception as error:  # noqa: BLE001
                report.fail(f"game.legal-refused[{case.game}]", f"{case.game}: the listed action {action} "
                            f"raised {type(error).__name__}: {short(error)}", case.repro(step, str(action)))
                return
        report.count("actions")
        if len(state.deals) != deals:
            deal_start, deals = len(state.history), len(state.deals)
        if checks:
            healthy = after_action(state, case, step, report, deal_start) and healthy
    if checks:
        finish(state, case, report, rng, healthy)


def rebuild(case: GameCase, history: list[tuple[int, Action]]) -> GameState:
    """The case's game after ``history`` (to go on after a state took a bad action)."""
    spec = games.get(case.game)
    state = spec.new_game(spec.make_variant(**case.variant), case.seed)
    for _, action in history:
        state.apply(action)
    return state


def after_action(state: GameState, case: GameCase, step: int, report: Report, deal_start: int) -> bool:
    game = case.game
    try:
        where = seen.conservation_error(state, deal_start)
    except seen.UnknownState as error:
        report.fail(f"seen.unknown-state[{game}]", f"{game}: the fuzzer has no card accessor for {error}",
                    case.repro(step))
        return True
    if where:
        report.fail(f"cards.not-conserved[{game}]", f"{game}: {where}", case.repro(step))
        return False
    ok = True
    for seat in range(state.num_players):
        leaked = seen.leak(state, seat, state.view(seat))
        if leaked:
            report.fail(f"view.leak[{game}]", f"{game}: view({seat}) shows hidden cards {sorted(leaked)}",
                        case.repro(step, f"view({seat})"))
            ok = False
    return ok


def finish(state: GameState, case: GameCase, report: Report, rng: random.Random, healthy: bool) -> None:
    """At the end: the game's record replays to the same game, and the seed gives the same game."""
    game = case.game
    try:
        record = records.make_record(state, seats=case.bots)
        again = records.replay(records.loads(records.dumps(record)))
        if [(s, repr(a)) for s, a in again.history] != [(s, repr(a)) for s, a in state.history] \
                or again.totals() != state.totals():
            report.fail(f"record.roundtrip-differs[{game}]", f"{game}: the record replays to another game",
                        case.repro("end", "make_record + replay"))
    except Exception as error:  # noqa: BLE001
        report.fail(f"record.roundtrip-{type(error).__name__}[{game}]",
                    f"{game}: the game's own record does not replay: {short(error, 200)}",
                    case.repro("end", "make_record + replay"))
    if healthy and rng.random() < TWICE:
        first = play_plain(case)
        if play_plain(case) != first:
            report.fail(f"game.not-deterministic[{game}]", f"{game}: the same case gave two games",
                        case.repro("end", "played twice"))
        elif first[:len(state.history)] != [(s, repr(a)) for s, a in state.history][:len(first)]:
            report.fail(f"game.checks-interfere[{game}]",
                        f"{game}: the game played with checks (clones, refused actions) differs from the same "
                        "game played plainly", case.repro("end", "played twice"))
