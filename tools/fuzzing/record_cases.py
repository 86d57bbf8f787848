"""Tampered game records: real records (from the games played, and from
``python -m engine play --json``) are mutated and replayed, in-process and by
``python -m engine replay``.

A tampered record must be refused with an engine error naming the field, or the action's
index and the rule; if it is accepted it must be exactly the record the engine would
write of the game it replays to (every action a listed one, the decks those of the seed,
no unknown or duplicate field, the outcome stated). A first failing record of each kind
is kept under ``build/fuzz/`` so that its reproduction is one command.
"""

from __future__ import annotations

import copy
import json
import random
import re
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from engine import games, records
from engine.bots import make_bot
from engine.cards import ALL_CARDS
from engine.errors import EngineError, IllegalActionError, RecordError, UnknownGameError
from engine.game import Action

from .play import listed, printable, rule_ids
from .report import Report, short

ROOT = Path(__file__).resolve().parents[2]
SLOW = 5.0  # seconds: a replay slower than this is a resource finding
FIELD = re.compile(r"^(record|[a-z_]+(\[\d+\])?(\.[a-z_A-Z]+|\[\d+\])*)(: | )")
DEEP = 100_000


# --------------------------------------------------------------------------- mutations

def _pick(rng: random.Random, items: list[Any]) -> int:
    return rng.randrange(len(items)) if items else 0


def mutate(record: dict[str, Any], rng: random.Random) -> tuple[str, str]:
    """One tampered copy of ``record`` as JSON text, with the name of its mutation."""
    r = copy.deepcopy(record)
    acts = r["actions"]
    i = _pick(rng, acts)
    kind = rng.choice(MUTATIONS)
    text = None
    if kind == "delete-action" and acts:
        del acts[i]
    elif kind == "delete-last-action-and-outcome" and acts:
        acts.pop()
        r.pop("outcome", None)
    elif kind == "duplicate-action" and acts:
        acts.insert(i, dict(acts[i]))
    elif kind == "swap-actions" and len(acts) > 1:
        j = min(i + 1, len(acts) - 1)
        acts[i - 1 if j == i else i], acts[j] = acts[j], acts[i - 1 if j == i else i]
    elif kind == "change-card" and acts:
        acts[i]["card"] = str(rng.choice(ALL_CARDS))
    elif kind == "stray-value" and acts:
        acts[i]["value"] = rng.choice([0, 1, 5, "x", "pass"])
    elif kind == "stray-card" and acts:
        acts[i].setdefault("card", str(rng.choice(ALL_CARDS)))
    elif kind == "change-kind" and acts:
        acts[i]["kind"] = rng.choice(["play", "discard", "announce", "pass", "stand", "buy", "draw", "zzz"])
    elif kind == "change-seat" and acts:
        acts[i]["seat"] = (acts[i]["seat"] + 1) % r["players"]
    elif kind == "change-seed":
        r["seed"] = r["seed"] + rng.randint(1, 1000)
    elif kind == "huge-players":
        r["players"] = rng.choice([10**9, 10**6, 2**62])
    elif kind == "bad-players":
        r["players"] = rng.choice([0, -1, True, 1.5, "4", r["players"] + 1])
    elif kind == "unknown-seat-field":
        r["seats"][_pick(rng, r["seats"])]["colour"] = "red"
    elif kind == "unknown-deal-field":
        r["deals"][_pick(rng, r["deals"])]["shuffle"] = 7
    elif kind == "unknown-top-field":
        r["extra"] = 1
    elif kind == "missing-outcome":
        r.pop("outcome", None)
    elif kind == "wrong-outcome":
        r["outcome"] = {"winners": [0], "scores": [0] * r["players"], "sides": r["sides"], "reason": "made up"}
    elif kind == "change-deck-card":
        deck = r["deals"][_pick(rng, r["deals"])]["deck"]
        deck[_pick(rng, deck)] = str(rng.choice(ALL_CARDS))
    elif kind == "swap-deck-cards":
        deck = r["deals"][_pick(rng, r["deals"])]["deck"]
        a, b = rng.randrange(len(deck)), rng.randrange(len(deck))
        deck[a], deck[b] = deck[b], deck[a]
    elif kind == "drop-deal":
        r["deals"].pop()
    elif kind == "change-dealer":
        deal = r["deals"][_pick(rng, r["deals"])]
        deal["dealer"] = rng.choice([None, -1, 10**9, "0", (deal["dealer"] or 0) + 1])
    elif kind == "other-game":
        r["game"] = rng.choice([g for g in games.ids() if g != r["game"]] + ["gleek", "nope", ""])
    elif kind == "bad-variant":
        r["variant"][rng.choice(list(r["variant"]) + ["self", "cls", "zzz"])] = rng.choice(
            [None, [1], {"a": 1}, "nope", 10**30, -1, True])
    elif kind == "many-actions":
        acts.extend([dict(acts[i]) if acts else {"seat": 0, "kind": "play"}] * rng.choice([10**4, 10**5]))
    elif kind == "huge-sides":
        r["sides"] = [[s] for s in range(rng.choice([10**4, 10**5]))]
    elif kind == "duplicate-key":
        text = json.dumps(r)
        text = text.replace('"seed": ', f'"seed": {r["seed"] + 1}, "seed": ', 1)
    elif kind == "deep-nesting":
        where = rng.choice(['"comment": ', '"variant": {"players": ', '"outcome": '])
        body = json.dumps({k: v for k, v in r.items() if k not in ("comment", "outcome")})
        nest = "[" * DEEP + "]" * DEEP
        text = body[:-1] + ", " + where + nest + ("}" if "{" in where else "") + "}"
    elif kind == "giant-number":
        field = rng.choice(["seed", "players", "version"])
        text = json.dumps(r).replace(f'"{field}": ', f'"{field}": {"9" * 5000}, "x{field}": ', 1)
    elif kind == "not-an-object":
        text = rng.choice(["[]", "5", "null", '"record"', "", "{", "\ud800"])
    return kind, text if text is not None else json.dumps(r, ensure_ascii=False)


MUTATIONS = [
    "delete-action", "delete-last-action-and-outcome", "duplicate-action", "swap-actions", "change-card",
    "stray-value", "stray-card", "change-kind", "change-seat", "change-seed", "huge-players", "bad-players",
    "unknown-seat-field", "unknown-deal-field", "unknown-top-field", "missing-outcome", "wrong-outcome",
    "change-deck-card", "swap-deck-cards", "drop-deal", "change-dealer", "other-game", "bad-variant",
    "many-actions", "huge-sides", "duplicate-key", "deep-nesting", "giant-number", "not-an-object",
]


# --------------------------------------------------------------------------- the oracle

def _no_duplicates(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    keys = [k for k, _ in pairs]
    if len(set(keys)) != len(keys):
        raise KeyError(f"duplicate key {sorted(k for k in keys if keys.count(k) > 1)[0]!r}")
    return dict(pairs)


def wrongly_accepted(text: str, record: dict[str, Any], state: Any) -> str | None:
    """Why an accepted record is not the record of the game it replays to (or None)."""
    try:
        json.loads(text, object_pairs_hook=_no_duplicates)
    except KeyError as error:
        return f"accepted with a {error.args[0]}"
    seats = [{"name": s.get("name"), "kind": s.get("kind")} for s in record["seats"]]
    canon = records.make_record(state, seats=seats, comment=record.get("comment"))
    for key in sorted(set(record) - set(canon)):
        return f"accepted with the unknown field {key!r}"
    if "outcome" not in record and canon["outcome"] is not None:
        return "accepted without its outcome, though the game it replays to is over"
    given = dict(record)
    if isinstance(record.get("deals"), list) and len(record["deals"]) == len(canon["deals"]):
        # a dealer recorded as null ("the rules' default") is allowed by the format
        given["deals"] = [dict(d, dealer=c["dealer"]) if isinstance(d, dict) and d.get("dealer") is None else d
                          for d, c in zip(record["deals"], canon["deals"])]
    for key in ("game", "seed", "players", "sides", "seats", "deals", "actions", "outcome"):
        if key in given and given[key] != canon[key]:
            return f"accepted, but its {key!r} is not what the engine writes of that game"
    spec = games.get(record["game"])
    variant = spec.make_variant(**record["variant"])
    decks = [d["deck"] for d in record["deals"]]
    walk = spec.new_game(variant, record["seed"], decks=decks, first_dealer=record["deals"][0]["dealer"])
    fresh = spec.new_game(variant, record["seed"], first_dealer=record["deals"][0]["dealer"])
    for i, entry in enumerate(record["actions"]):
        action = Action.from_json({k: v for k, v in entry.items() if k != "seat"})
        if not listed(action, walk.legal_actions()):
            return f"accepted, but action {i} ({action}) is not among the legal actions there"
        walk.apply(action)
        try:
            if not fresh.is_over():
                fresh.apply(action)
        except EngineError:  # the seed's own decks do not allow this game
            return f"accepted, but its decks are not those of seed {record['seed']}"
    if [list(d) for d in fresh.deals] != [list(d) for d in decks][:len(fresh.deals)]:
        return f"accepted, but its decks are not those of seed {record['seed']}"
    return None


def field_named(error: EngineError) -> bool:
    return bool(FIELD.match(str(error)))


# --------------------------------------------------------------------------- one case

class RecordFuzz:
    def __init__(self, report: Report, out_dir: Path, rng: random.Random) -> None:
        self.report, self.out_dir, self.rng = report, out_dir, rng

    def fail(self, kind: str, message: str, text: str, scope: str | None) -> None:
        repro = "(record not kept)"
        if kind not in self.report.failures and len(text) < 20_000_000:
            self.out_dir.mkdir(parents=True, exist_ok=True)
            path = self.out_dir / (re.sub(r"[^a-z0-9]+", "-", kind.lower()).strip("-") + ".json")
            path.write_text(text, encoding="utf-8", errors="surrogatepass")
            repro = f"python -m engine replay {path.relative_to(ROOT) if path.is_relative_to(ROOT) else path}"
        self.report.fail(kind, message, repro, scope)

    def check(self, name: str, text: str, game: str, cli: bool) -> None:
        """Replay one tampered record in-process (and by the command line if ``cli``)."""
        self.report.count("records")
        start = time.perf_counter()
        verdict = "refused"
        try:
            record = records.loads(text)
            state = records.replay(record)
        except IllegalActionError as error:
            if error.index is None:
                self.fail(f"record.illegal-without-index[{name}]", f"{game}: {short(error, 200)}", text, game)
            if record_game(text) in games.ids() and error.rule not in rule_ids(record_game(text)):
                self.fail(f"record.foreign-rule[{name}]", f"{game}: refusal names {error.rule}", text, game)
        except EngineError as error:
            message = printable(error)
            if message is None:
                self.fail(f"record.unprintable-error[{name}]", f"{game}: the refusal cannot be printed", text, game)
            elif not field_named(error) and not isinstance(error, UnknownGameError):
                self.fail(f"record.no-field-named[{name}]", f"{game}: {type(error).__name__} names no field: "
                          f"{short(message, 200)}", text, game)
            elif not isinstance(error, RecordError):
                self.fail(f"record.not-record-error[{name}]", f"{game}: refused with {type(error).__name__}, "
                          f"not RecordError: {short(message, 200)}", text, game)
        except MemoryError:
            self.fail(f"resource.memory[record/{name}]", f"{game}: replaying a {len(text):,}-byte record "
                      "ran out of memory", text, game)
        except Exception as error:  # noqa: BLE001
            self.fail(f"record.raises-{type(error).__name__}[{name}]", f"{game}: {type(error).__name__}: "
                      f"{short(error, 200)} (not an engine error)", text, game)
        else:
            verdict = "accepted"
            why = wrongly_accepted(text, record, state)
            if why:
                self.fail(f"record.accepted-wrong[{name}]", f"{game}: {why}", text, game)
        elapsed = time.perf_counter() - start
        if elapsed > SLOW:
            self.fail(f"resource.slow[record/{name}]", f"{game}: replaying a {len(text):,}-byte record took "
                      f"{elapsed:.1f} s", text, game)
        if cli:
            self.check_cli(name, text, game, verdict)

    def check_cli(self, name: str, text: str, game: str, verdict: str) -> None:
        self.report.count("cli")
        with tempfile.NamedTemporaryFile("w", suffix=".json", delete=False, encoding="utf-8",
                                         errors="surrogatepass") as handle:
            handle.write(text)
        try:
            done = subprocess.run([sys.executable, "-m", "engine", "replay", handle.name], cwd=ROOT,
                                  capture_output=True, text=True, timeout=60)
        except subprocess.TimeoutExpired:
            self.fail(f"resource.slow[cli/{name}]", f"{game}: `replay` ran over 60 s", text, game)
            return
        finally:
            Path(handle.name).unlink(missing_ok=True)
        err = done.stderr
        if "Traceback" in err or done.returncode not in (0, 1, 2):
            last = err.strip().splitlines()[-1] if err.strip() else ""
            self.fail(f"cli.traceback[{name}]", f"{game}: `python -m engine replay` exits {done.returncode} with a "
                      f"traceback: {short(last, 160)}", text, game)
        elif done.returncode == 1 and not ("action" in err and "rule" in err):
            self.fail(f"cli.illegal-unnamed[{name}]", f"{game}: exit 1 without the action and rule: {short(err)}",
                      text, game)
        elif (done.returncode == 0) != (verdict == "accepted"):
            self.fail(f"cli.disagrees[{name}]", f"{game}: the command line exits {done.returncode} but "
                      f"records.replay {verdict} it", text, game)


def record_game(text: str) -> str:
    match = re.search(r'"game": "([^"]*)"', text[:2000])
    return match.group(1) if match else ""


def cli_record(game: str, players: int | None, seed: int) -> str | None:
    """A real record from ``python -m engine play GAME --json`` (random bots), or None."""
    cmd = [sys.executable, "-m", "engine", "play", game, "--seed", str(seed), "--bots", "random", "--json"]
    if players is not None:
        cmd += ["--players", str(players)]
    done = subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, timeout=120)
    return done.stdout if done.returncode == 0 else None


def source_record(seed: int) -> dict[str, Any] | None:
    """A real record for task ``seed``: a whole game of random bots, made in-process."""
    from .play import random_case

    case = random_case(random.Random(f"records-case/{seed}"))
    spec = games.get(case.game)
    state = spec.new_game(spec.make_variant(**case.variant), case.seed)
    bots = [make_bot("random", seed=case.seed * 7 + i) for i in range(state.num_players)]
    for _ in range(3000):
        if state.is_over():
            break
        seat = state.current_player()
        state.apply(bots[seat].choose(state, seat))
    try:
        return json.loads(records.dumps(records.make_record(state, seats=["random"] * state.num_players)))
    except EngineError:
        return None


def run_task(report: Report, seed: int, cases: int, out_dir: Path, cli_every: int, on_case: Any = None) -> None:
    """``cases`` tampered records made from a real record (in-process, or every
    ``cli_every``-th task from ``python -m engine play --json``)."""
    rng = random.Random(f"records/{seed}")
    spec = rng.choice(games.all())
    if cli_every and seed % cli_every == 0:
        report.count("cli")
        text = cli_record(spec.id, rng.choice([None, spec.min_players, spec.max_players]), seed)
        if text is None:
            report.fail("cli.play-fails", f"`python -m engine play {spec.id} --seed {seed} --bots random --json` "
                        "fails", f"python -m engine play {spec.id} --seed {seed} --bots random --json", spec.id)
        source = json.loads(text) if text else None
    else:
        source = source_record(seed)
    if source is None:
        return
    fuzz = RecordFuzz(report, out_dir, rng)
    for k in range(cases):
        name, text = mutate(source, rng)
        if on_case is not None:
            on_case(f"record task {seed} case {k}: {name} of a {source['game']} record")
        fuzz.check(name, text, source["game"], cli=bool(cli_every) and k == 0 and seed % 2 == 0)
