"""The view's JSON Schema (engine/view.schema.json), checked with the jsonschema package: the
schema itself, written from the view's types (engine/view_types.py) by tools/view_schema.py
and current, with the table's JSDoc types; one shape for every game; a broken view refused;
its documentation. The views of every golden game and the prompt of every decision are
checked against it in the one replay of the goldens that the whole-game net shares
(tests/net.py, run by tests/test_goldens.py), which also checks each view's phase kind
against its game's table of phases.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import jsonschema
import pytest

from engine import games
from engine.partie import PHASE_KINDS

ROOT = Path(__file__).resolve().parents[1]
SCHEMA_PATH = ROOT / "engine" / "view.schema.json"
DOC_PATH = ROOT / "docs" / "reference" / "views.md"
sys.path.insert(0, str(ROOT / "tools"))
import goldens  # noqa: E402
import net  # noqa: E402
import view_schema  # noqa: E402

SCHEMA = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
VALIDATOR = jsonschema.Draft202012Validator(SCHEMA)
FILES = sorted(goldens.GOLDENS.glob("*/*.jsonl"))
REPEATED = ("log", "score_sheet", "legal", "hands")
"""The view's arrays whose entries recur from view to view (validated once each)."""


def _errors(view: Any) -> list[str]:
    return [f"{'/'.join(map(str, e.absolute_path)) or '(view)'}: {e.message}" for e in VALIDATOR.iter_errors(view)]


def _id(path: Path) -> str:
    return str(path.relative_to(goldens.GOLDENS))


# --------------------------------------------------------------------------- the schema itself

def test_the_schema_is_a_valid_draft_2020_12_schema():
    jsonschema.Draft202012Validator.check_schema(SCHEMA)
    assert SCHEMA["$schema"] == "https://json-schema.org/draft/2020-12/schema"


def test_the_schema_and_the_jsdoc_types_are_written_from_the_types_and_current():
    """``make view-schema`` (tools/view_schema.py) writes the schema, the table's JSDoc types and
    the page's copy of the schema from engine/view_types.py; none is edited by hand."""
    for path, text in view_schema.outputs().items():
        assert path.read_text(encoding="utf-8") == text, f"{path.relative_to(ROOT)} is not current: make view-schema"


def test_the_jsdoc_types_are_a_module_of_comments_that_exports_nothing():
    text = view_schema.JSDOC.read_text(encoding="utf-8")
    code = [line for line in text.splitlines() if line.strip() and not line.lstrip().startswith(("//", "/**", "*", "*/"))]
    assert code == ["export {};"], code
    assert "@typedef {Object} View\n" in text and "@property {Prompt} prompt " in text


def test_one_shape_for_every_game_closed_and_every_key_required():
    """The view has the same keys in every game (no family of its own): every key of the schema
    is required, no other is allowed, and every game's view has exactly those keys."""
    assert "allOf" not in SCHEMA and "oneOf" not in SCHEMA
    assert SCHEMA["additionalProperties"] is False
    assert SCHEMA["required"] == list(SCHEMA["properties"])
    for spec in games.all():
        state = spec.new_game({}, seed=1)
        for seat in (None, 0):
            view = state.view(seat)
            assert list(view) and set(view) == set(SCHEMA["required"]), spec.id
            assert _errors(view) == [], spec.id


def test_the_schema_names_the_phase_kinds_the_engine_tables_give():
    """The kinds of phase are the engine's; every phase of every game has one of them (the net
    checks each view's kind against its game's table of phases)."""
    assert SCHEMA["properties"]["phase_kind"]["enum"] == list(PHASE_KINDS)
    for spec in games.all():
        assert {step.kind for step in spec.state_class.PHASES.values()} <= set(PHASE_KINDS), spec.id


@pytest.mark.parametrize("edit, where", [
    (lambda v: v.update(extra=1), "(view)"),
    (lambda v: v.pop("prompt"), "(view)"),
    (lambda v: v["prompt"].update(rule="not a rule"), "prompt/rule"),
    (lambda v: v["prompt"].update(seats=["0"]), "prompt/seats/0"),
    (lambda v: v.update(phase_kind="talk"), "phase_kind"),
    (lambda v: v.update(over=True), "phase"),
    (lambda v: v["log"][0].update(args=[{"seat": 1}]), "log/0/args/0"),
    (lambda v: v["hands"].append(["1X"]), "hands/3"),
    (lambda v: v["variant"].update(players="three"), "variant/players"),
    (lambda v: v.pop("piles"), "(view)"),
    (lambda v: v["piles"][0].pop("count"), "piles/0"),
    (lambda v: v["piles"][1].update(cards=["AS", "KX"]), "piles/1/cards/1"),
    (lambda v: v["calls"]["said"].append({"seat": 1, "kind": "pass", "text": "passed"}), "calls"),
    (lambda v: v["calls"].pop("waiting_text"), "calls"),
    (lambda v: v.update(contest={"title": "The ruff", "lines": [{"label": "", "text": "won"}]}), "contest"),
    (lambda v: v["shows"].append({"seat": 1, "kind": "jacks", "cards": [], "value": 5, "text": ""}), "shows/0"),
    (lambda v: v["seat_counts"][0].append({"label": "Cards won", "value": 3}), "seat_counts/0/0"),
    (lambda v: v.update(taken={"seat": 1, "cards": ["JC"]}), "taken"),
    (lambda v: v["ledger"]["accounts"].append({"unit": "payment", "label": "Paid", "rule": "pamphil.bid.declare-payment",
                                               "totals": ["1"]}), "ledger/accounts/0/totals/0"),
    (lambda v: v["ledger"].pop("start_rule"), "ledger"),
    (lambda v: v.update(previous_deal={"deal": 1}), "previous_deal"),
    (lambda v: v.update(unavailable=[{"action": {"kind": "pass"}}]), "unavailable/0"),
    (lambda v: v.update(detail=["auction"]), "detail"),
    (lambda v: v.pop("detail"), "(view)"),
], ids=["extra-key", "no-prompt", "prompt-rule", "prompt-seats", "phase-kind", "over", "log-args", "card", "variant",
        "no-piles", "pile-count", "pile-card", "call-rule", "calls-waiting", "contest-line", "show-rule", "seat-count",
        "taken-note", "account-totals", "ledger-start-rule", "previous-deal", "unavailable", "detail-object",
        "no-detail"])
def test_the_schema_refuses_a_broken_view(edit, where):
    view = games.get("mushka").new_game({"players": 3}, seed=4).view(1)
    assert _errors(view) == []
    edit(view)
    errors = _errors(view)
    assert any(e.startswith(where + ":") for e in errors), errors
    assert sorted(net.schema_errors(view)) == sorted(errors), "the net's validator (refs inlined) reads it otherwise"


def test_every_game_s_view_carries_the_keys_the_table_reads():
    """The keys the table reads are required of every game."""
    header = set(SCHEMA["required"])
    assert {"active", "calls", "contest", "shows", "piles", "seat_counts", "taken", "totals", "ledger",
            "previous_deal", "unavailable"} <= header
    for spec in games.all():
        view = spec.new_game({}, seed=1).view(0)
        assert header <= set(view), spec.id
        stripped = {key: value for key, value in view.items() if key != "ledger"}
        assert any(e.startswith("(view):") and "'ledger'" in e for e in _errors(stripped)), spec.id


def test_a_game_s_own_keys_go_under_detail_not_beside_the_shared_keys():
    view = games.get("ruffe-and-trumps").new_game({"players": 3}, seed=1).view(None)
    newcomer = view | {"game": "new-game", "detail": {"talon": 3}}
    assert _errors(newcomer) == []
    assert any(e.startswith("(view):") and "'talon'" in e for e in _errors(view | {"talon": 3}))
    assert _errors(newcomer | {"prompt": {"text": "Seat 0: declare"}})


# --------------------------------------------------------------------------- the documentation

def test_documented_schema_is_the_shipped_schema():
    text = DOC_PATH.read_text(encoding="utf-8")
    block = text.split("## JSON Schema", 1)[1].split("```json\n", 1)[1].split("```", 1)[0]
    assert json.loads(block) == SCHEMA


def test_the_documented_phases_are_the_engine_tables():
    """The page's table of phases lists every game's phases with their kinds and prompt rules."""
    text = DOC_PATH.read_text(encoding="utf-8")
    for spec in games.all():
        state = spec.new_game({}, seed=0)
        for phase, step in spec.state_class.PHASES.items():
            start = f"| `{spec.id}` | `{phase}` | {step.kind} |"
            row = next((line for line in text.splitlines() if line.startswith(start)), None)
            assert row is not None, f"docs/reference/views.md lacks the row starting {start!r}"
            for rule in [step.rule, *(r for r, _ in step.cases.values())]:
                if rule != "outcome":
                    assert f"`{state.step_rule(rule)}`" in row, (row, rule)


def test_gleeks_payments_and_piquets_last_trick_point_are_in_the_views_ledger():
    """Every entry the ledger holds for the deal in progress and the deal before it is in the
    view's ledger (validated by the schema): Gleek's payments with their counterparty, Piquet's
    point for the last trick, written as the next deal begins."""
    import random

    from engine import games

    for game_id, wanted in (("gleek", "gleek.vie.base-payment"), ("piquet", "piquet.play.last-trick")):
        spec = games.get(game_id)
        state = spec.new_game(spec.make_variant(), 3)
        rng = random.Random(3)
        seen = False
        while not state.is_over() and state.deal_number < 3:
            state.apply(rng.choice(state.legal_actions()))
            view = state.view(None)
            entries = view["ledger"]["entries"]
            since = state.deal_number - 1
            assert entries == [{"deal": e.deal, "unit": e.unit} | e.to_json() for e in state.ledger.entries
                               if e.deal >= since]
            seen = seen or any(e["rule"] == wanted for e in entries)
        assert seen, f"{game_id}: no {wanted} entry in the view's ledger"
        VALIDATOR.validate(state.view(None))
    gleek = games.get("gleek").new_game(games.get("gleek").make_variant(), 3)
    rng = random.Random(3)
    while gleek.deal_number < 2:
        gleek.apply(rng.choice(gleek.legal_actions()))
    payments = [e for e in gleek.view(0)["ledger"]["entries"] if "counterparty" in e]
    assert payments and all(e["unit"] == "tokens" for e in payments)
