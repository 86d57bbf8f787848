"""The whole-game net: every check that needs a whole game, run over the playthrough goldens.

The goldens (``tests/goldens/``, ``tools/goldens.py``) are the record of every game at every
player count and under every option value. :func:`check_golden` replays one of them once, the
heuristic bots choosing again, and at that one replay compares it line by line with the file
and runs every whole-game check of the suite:

* at **every decision**: the cards of the deal in progress are, each exactly once, its deck
  (read from the state's own places by the fuzzer's accounting, ``tools/fuzzing/seen.py``, not
  from a rendered view); the prompt of the seat to act names a rule of the game, that seat, the
  seats its text names as data, and the phase's kind; a call of a dialogue is in the view's
  ``calls`` as it is made, by the seat that made it; the view's totals are the state's;
* at the first decision of **every deal** and at the end: the ledger gives its unit, start and
  target with their rules, and ``previous_deal`` is the last finished deal's summary;
* at **sampled decisions** (the first, one drawn at random seeded by the golden's name, the end,
  and per game the first decision of each (phase, prompt rule) pair in the first golden that
  reaches it: a first lead, a later lead and a follow are three pairs): the omniscient view and
  the view of the seat to act satisfy the view's JSON Schema (a view costs jsonschema some 10 to
  40 ms, and the goldens hold some 34,000 decisions, hence the sample); no seat is shown a card
  it may not see (the table's keys), a pile counts the same for every viewer; and every sentence
  of the view of the seat to act, written in Russian, has no English left;
* at **the end**: every deal's deck is the pack; the score sheet has one complete row per deal,
  each entry names a rule of the game, and its entries add up to the totals from the ledger's
  start; the outcome's scores are the totals (by side), its winners those the game's end rule
  names; a game that settles settles to nothing in sum.

A view is rendered only where the view is what is checked (the omniscient view the goldens'
recorder takes anyway is reused).
"""

from __future__ import annotations

import json
import random
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import jsonschema

from engine import catalogue
from engine.i18n import using
from engine.partie import Partie
from engine.table_view import account_totals

ROOT = Path(__file__).resolve().parents[1]
if str(ROOT / "tools") not in sys.path:
    sys.path.insert(0, str(ROOT / "tools"))
import goldens  # noqa: E402
from fuzzing import seen  # noqa: E402
from russian_play import english_in, sentences  # noqa: E402

SCHEMA_PATH = ROOT / "engine" / "view.schema.json"
SCHEMA = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))


def inlined(node: Any, defs: dict[str, Any] | None = None, within: tuple[str, ...] = ()) -> Any:
    """The schema with every ``{"$ref": "#/$defs/name"}`` replaced by the definition itself (a ref
    with sibling keywords by ``allOf`` of it, as 2020-12 reads them): the same schema, validated
    without looking each ref up again (jsonschema's ``referencing`` took about a third of the
    validation). The view's schema has no recursive definition; one would stop this."""
    defs = SCHEMA["$defs"] if defs is None else defs
    if isinstance(node, list):
        return [inlined(item, defs, within) for item in node]
    if not isinstance(node, dict):
        return node
    ref = node.get("$ref")
    if isinstance(ref, str) and ref.startswith("#/$defs/"):
        name = ref.removeprefix("#/$defs/")
        assert name not in within, f"the view's schema defines {name} by itself"
        target = inlined(defs[name], defs, (*within, name))
        rest = {key: inlined(value, defs, within) for key, value in node.items() if key != "$ref"}
        return {"allOf": [target], **rest} if rest else target
    return {key: inlined(value, defs, within) for key, value in node.items() if key != "$defs"}


VALIDATOR = jsonschema.Draft202012Validator(inlined(SCHEMA))
"""The view's schema (its refs inlined: tests/test_view_schema.py checks that it finds what the
schema as written finds)."""
FILES = sorted(goldens.GOLDENS.glob("*/*.jsonl"))
REPEATED = ("log", "score_sheet", "legal", "hands")
"""The view's arrays whose entries recur from view to view: validated once each per golden (the
schema constrains them item by item only, so validating the new entries is validating the array)."""
TABLE_KEYS = ("piles", "calls", "contest", "shows", "taken", "unavailable")
SEAT_WORDS = re.compile(r"\b[Ss]eats? (\d+(?: and \d+)*)")
SAMPLED: dict[str, set[tuple[str, str]]] = {}
"""Per game, the (phase, prompt rule) pairs whose views a golden has checked already."""


def golden_id(path: Path) -> str:
    return str(path.relative_to(goldens.GOLDENS))


def rule_ids(game_id: str, adopted: bool = False) -> set[str]:
    """A game's rules; with ``adopted``, also those its score sheet may cite: Мушка's for Памфил
    («в остальном — правила» Мушки; its prompts cite them through its own adopting rule)."""
    ids = set(catalogue.load(game_id).by_id)
    if adopted and game_id == "pamphil":
        ids |= set(catalogue.load("mushka").by_id)
    return ids


def schema_errors(view: Any) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path)) or '(view)'}: {e.message}" for e in VALIDATOR.iter_errors(view)]


# --------------------------------------------------------------------------- at every decision

def seats_named(text: str) -> list[int]:
    """The seats a prompt's sentence names ("Seat 2", "seats 0 and 2"), in order, once each."""
    named: list[int] = []
    for group in SEAT_WORDS.findall(text):
        named += [int(s) for s in group.split(" and ") if int(s) not in named]
    return named


def check_prompt(state: Any, over: bool, rules: set[str], where: str) -> None:
    seat = state.current_player()
    prompt = state.prompt(seat)
    where = f"{where}: {prompt}"
    assert prompt["rule"] in rules, where
    assert prompt["seat"] == seat, where
    assert (state.PHASES[state.phase].kind == "over") == over, where
    assert "adopted" not in prompt or (prompt["rule"] == state.ADOPTS and prompt["adopted"] not in rules), where
    assert prompt["seats"] == seats_named(prompt["text"]), where
    assert seat is None or prompt["seats"][0] == seat, where
    if over:
        assert set(prompt["seats"]) == set(state.outcome().winners), where


# --------------------------------------------------------------------------- at sampled decisions

def views_of(state: Any) -> dict[int | None, dict[str, Any]]:
    """The omniscient view (``None``) and every seat's."""
    return {seat: state.view(seat) for seat in [None, *range(state.num_players)]}


def check_schema(state: Any, views: dict[int | None, dict[str, Any]], validated: set[str], where: str) -> None:
    """The omniscient view and the view of the seat to act (at the end, seat 0's) satisfy the schema
    (every seat's view is validated where that seat acts); every view carries the prompt and the
    phase's kind of the state."""
    to_act = state.current_player()
    for seat, view in views.items():
        assert view["prompt"]["seat"] == view["to_act"]
        assert view["prompt"] == state.prompt(seat)
        assert view["phase_kind"] == state.PHASES[view["phase"]].kind
        if seat not in (None, 0 if to_act is None else to_act):
            continue
        reduced = dict(view)
        for key in REPEATED:
            fresh = [(item, json.dumps(item, sort_keys=True)) for item in view[key]]
            reduced[key] = [item for item, text in fresh if text not in validated]
            validated.update(text for _, text in fresh)
        errors = schema_errors(reduced)
        assert not errors, f"{where}, seat {seat}:\n  " + "\n  ".join(errors[:10])


def check_hidden(state: Any, views: dict[int | None, dict[str, Any]], where: str) -> None:
    """No seat is shown, in the keys the table draws, a card it may not see; piles count alike."""
    every = views[None]
    for seat in range(state.num_players):
        view = views[seat]
        hidden = seen.hidden(state, seat)
        named = seen.card_texts({key: view[key] for key in TABLE_KEYS}, state.deal_number)
        assert not hidden & named, f"{where}: seat {seat} is shown {sorted(hidden & named)}"
        assert [(p["id"], p["count"]) for p in view["piles"]] == [(p["id"], p["count"]) for p in every["piles"]], where
        for mine, all_of in zip(view["piles"], every["piles"]):
            assert "cards" in all_of and len(all_of["cards"]) == all_of["count"], (where, all_of)
            # the viewer sees all of a pile's cards, none, or some (Piquet's talon: the cards the
            # elder left of his five, which he has seen), each of them one the pile holds
            assert set(mine.get("cards", [])) <= set(all_of["cards"]), (where, mine, all_of)
        if seat != state.current_player():
            assert view["unavailable"] == [], where
            assert view["taken"] is None or view["taken"]["seat"] == seat, where  # (Piquet: the cards he drew)
    calls = every["calls"]
    if calls is not None and type(state).calls_view is Partie.calls_view:  # a seat waits only if it has not spoken
        assert not set(calls["waiting"]) & {c["seat"] for c in calls["said"][state.dialogue.calls_from:]}, where


def check_ledger(state: Any, view: dict[str, Any], where: str) -> None:
    ledger = view["ledger"]
    assert ledger["unit"] == state.UNIT and ledger["lower_is_better"] == state.lower_is_better, where
    assert ledger["target_rule"] and (ledger["start"] is None) == (ledger["start_rule"] is None), where
    finished = [row["deal"] for row in view["score_sheet"] if row["complete"]]
    assert view["previous_deal"] == (state.deal_summary(finished[-1]) if finished else None), where


def check_russian(state: Any, where: str) -> None:
    """Every sentence of the view of the seat to act (at the end, seat 0's), written in Russian, has
    no English left: what the Russian table shows its reader."""
    seat = state.current_player()
    with using("ru"):
        for path, text in sentences(state.view(0 if seat is None else seat)):
            if not path.endswith(".action.value"):  # (a legal action's value is data: ``point``, ``capot``)
                assert not english_in(text), f"{where}, seat {seat}, {path}: {text!r}"


# --------------------------------------------------------------------------- at the end

def check_end(state: Any, view: dict[str, Any], rules: set[str], where: str) -> None:
    pack = sorted(str(c) for c in state.pack)
    assert all(sorted(deck) == pack for deck in state.deals), f"{where}: a deal's deck is not the pack"
    sheet = view["score_sheet"]
    assert [row["deal"] for row in sheet] == list(range(1, len(state.deals) + 1)), where
    start = view["ledger"]["start"] or 0
    running = [start] * len(view["totals"])
    for row in sheet:
        assert row["complete"], (where, row["deal"])
        for entry in row["entries"]:
            assert entry["rule"] in rules, (where, entry)
            running[entry["side"]] += entry["points"]
        if "void" in row:
            assert row["void"]["rule"] in rules, (where, row["void"])
    assert running == view["totals"] == state.totals(), f"{where}: the sheet adds up to {running}, not {view['totals']}"
    outcome = state.outcome()
    assert outcome is not None and outcome.winners, where
    assert list(outcome.scores) == [view["totals"][state.side_of(s)] for s in range(state.num_players)], where
    assert view["over"] and view["outcome"]["winners"] == list(outcome.winners), where
    settlement = account_totals(view, "settlement")
    if settlement is not None:
        assert settlement == state.settlement() and abs(sum(settlement)) < 0.05, (where, settlement)
    assert sum(account_totals(view, "payment") or [0]) == 0, where


# --------------------------------------------------------------------------- one replay

class Net:
    """The observer of one golden's replay (:func:`goldens.record`'s ``observe``)."""

    def __init__(self, path: Path) -> None:
        self.where = golden_id(path)
        lines = sum(1 for _ in path.open(encoding="utf-8"))
        self.drawn = random.Random(self.where).randint(1, max(1, lines - 3))
        self.validated: set[str] = set()
        self.rules: set[str] = set()
        self.deal_start = 0
        self.deals = 0
        self.kind = ""  # the phase's kind before the decision about to be made
        self.said = 0   # the calls said before it
        self.seat: int | None = None
        self.checked = 0

    def __call__(self, state: Any, view: dict[str, Any], line: dict[str, Any]) -> None:
        n = line.get("n")
        over = state.is_over()
        where = f"{self.where} decision {n if n is not None else 'end'}"
        if not self.rules:
            self.rules = rule_ids(state.game_id)
        new_deal = len(state.deals) != self.deals
        if new_deal:
            self.deals = len(state.deals)
            self.deal_start = len(state.history)
        error = seen.conservation_error(state, self.deal_start) if not over else None
        assert error is None, f"{where}: {error}"
        if n and self.kind == "dialogue" and not new_deal and not state.is_over():
            call = view["calls"]["said"][self.said]
            assert (call["seat"], call["kind"]) == (line["seat"], line["action"].split()[0]), (where, call)
        assert view["totals"] == state.totals(), where
        check_prompt(state, over, self.rules, where)
        key = (state.phase, state.prompt(None)["rule"])
        sampled = SAMPLED.setdefault(state.game_id, set())
        if new_deal or over:
            check_ledger(state, view, where)
        if over or n in (1, self.drawn) or key not in sampled:
            sampled.add(key)
            views = views_of(state)
            check_schema(state, views, self.validated, where)
            check_hidden(state, views, where)
            check_russian(state, where)
            self.checked += 1
        if "end" in line:
            check_end(state, view, rule_ids(state.game_id, adopted=True), where)
        else:
            self.kind = state.PHASES[state.phase].kind
            self.said = len(view["calls"]["said"]) if view["calls"] is not None else 0


def check_golden(path: Path) -> Net:
    """Replay the golden at ``path`` once with every check of the net; raise on the first failure."""
    net = Net(path)
    difference = goldens.first_difference(path, net)
    assert difference is None, difference
    assert net.checked >= 3, f"{net.where}: only {net.checked} decisions checked in full"
    return net


def decisions(path: Path) -> Iterator[dict[str, Any]]:
    """The decision lines of a golden (not its header, start or end)."""
    with path.open(encoding="utf-8") as f:
        for line in f:
            data = json.loads(line)
            if "action" in data:
                yield data
