"""A deal's flow declared (issue 24): each game names its phases' order and exits in one
:class:`~engine.phases.base.Flow`, :meth:`Partie.enter <engine.partie.Partie.enter>` is the
one writer of the phase on now and holds the game to it, and a dialogue's state lives in the
deal's :class:`~engine.phases.dialogue.DialogueState`, not on the partie.
"""

from __future__ import annotations

import random
import re
from pathlib import Path

import pytest

from engine import games
from engine.bots import make_bot
from engine.errors import EngineError
from engine.phases.base import Flow
from engine.phases.dialogue import DialogueState

ROOT = Path(__file__).resolve().parents[1]
GAMES = games.ids()


@pytest.mark.parametrize("game", GAMES)
def test_a_game_s_flow_names_exactly_its_phases(game):
    state_class = games.get(game).state_class
    flow = state_class.FLOW
    assert isinstance(flow, Flow)
    assert sorted(flow.phases()) == sorted(name for name in state_class.PHASES if name != "over")
    assert all(name in flow.phases() for step in flow.steps for name in step)


@pytest.mark.parametrize("game", GAMES)
def test_a_whole_game_goes_only_by_the_steps_of_its_flow(game):
    """``enter`` raises on a step the flow does not declare: random whole games run through."""
    spec = games.get(game)
    state = spec.new_game({}, seed=7)
    flow = state.FLOW
    assert flow is not None
    bots = [make_bot("random", seed=s) for s in range(state.num_players)]
    seen, steps = {state.phase}, 0
    while not state.is_over() and steps < 3000:
        seat = state.current_player()
        state.apply(bots[seat].choose(state, seat))
        seen.add(state.phase)
        steps += 1
    assert seen - {"over"} <= set(flow.phases())
    assert len(seen) > 2


def test_a_step_the_flow_does_not_declare_is_refused_as_a_bug_naming_the_game_and_the_step():
    state = games.get("ruffe-and-trumps").new_game({}, seed=1)
    assert state.phase == "ruff"
    with pytest.raises(EngineError, match=r"ruffe-and-trumps: the deal goes from ruff to nowhere"):
        state.enter("nowhere")
    assert state.phase == "ruff"
    state.enter("head", set_up=True)  # (a worked example's position, set up: the flow is not asked)
    assert state.phase == "head"


def test_a_flow_allows_its_order_its_starts_its_exits_and_the_end_only():
    flow = Flow("a", "b", "c", starts=("a", "x"), exits={"skip": ("a", "c"), "back": (("b", "c"), "a")})
    assert [flow.allows(*step) for step in [("a", "b"), ("b", "c"), ("a", "c"), ("c", "a"), ("b", "x"),
                                             ("c", "over"), ("b", "b")]] == [True] * 7
    assert not flow.allows("c", "b") and not flow.allows("b", "y")
    assert flow.phases() == ("a", "b", "c", "x")
    with pytest.raises(ValueError):
        Flow()


def test_no_game_writes_the_phase_itself():
    """``Partie.enter`` is the one writer: no ``_phase =`` in the games or the phases."""
    writers = [f"{path.relative_to(ROOT)}:{n}" for path in sorted((ROOT / "engine").rglob("*.py"))
               for n, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1)
               if re.search(r"\._phase\s*=[^=]", line)]
    assert writers == ["engine/partie.py:" + str(_line_of("engine/partie.py", "self._phase = phase"))]


def _line_of(path: str, text: str) -> int:
    lines = (ROOT / path).read_text(encoding="utf-8").splitlines()
    return next(n for n, line in enumerate(lines, 1) if text in line)


@pytest.mark.parametrize("game", GAMES)
def test_the_dialogue_s_state_is_the_deal_s_and_a_clone_s_own(game):
    state = games.get(game).new_game({}, seed=3)
    bots = [make_bot("heuristic", seed=s) for s in range(state.num_players)]
    for _ in range(200):
        if state.is_over() or state.dialogue.calls:
            break
        seat = state.current_player()
        state.apply(bots[seat].choose(state, seat))
    talk = state.dialogue
    assert isinstance(talk, DialogueState)
    for partie_field in ("_turns", "_turn", "_calls", "_calls_from", "_dialogue"):
        assert not hasattr(state, partie_field)
    copy_ = state.clone()
    assert copy_.dialogue is not talk and copy_.dialogue == talk
    assert copy_.dialogue.calls is not talk.calls and copy_.dialogue.turns is not talk.turns
    copy_.dialogue.calls.append((0, None, "rule", "name"))  # type: ignore[arg-type]
    assert copy_.dialogue != talk
    deal = state.deal_number
    while not state.is_over() and state.deal_number == deal:
        seat = state.current_player()
        state.apply(bots[seat].choose(state, seat))
    if not state.is_over():  # a new deal begins with no dialogue yet, or its own
        assert state.dialogue is not talk


def test_the_view_s_calls_come_from_the_dialogue_state():
    state = games.get("mushka").new_game({"players": 3}, seed=2)
    view = state.view(None)["calls"]
    talk = state.dialogue
    assert [c["seat"] for c in view["said"]] == [seat for seat, *_ in talk.calls]
    assert view["waiting"] == talk.turns[len(talk.calls) - talk.calls_from:]
    rng = random.Random(1)
    state.apply(rng.choice(state.legal_actions()))
    assert [c["seat"] for c in state.view(None)["calls"]["said"]] == [seat for seat, *_ in state.dialogue.calls]
