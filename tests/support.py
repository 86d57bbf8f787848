"""Helpers shared by the test files (one home for the game loop and the bridge calls)."""

from __future__ import annotations

import contextlib
import io
import json
import subprocess
from collections.abc import Callable, Sequence
from typing import Any

from engine import bridge, games
from engine.errors import IllegalActionError
from engine.game import Action, GameState


def play_out(state: GameState, bots: Sequence[Any], check: Callable[[GameState, int], None] | None = None,
             limit: int = 50_000) -> tuple[GameState, int]:
    """Play ``state`` with one bot per seat until the game ends (or ``limit``
    actions), calling ``check(state, deal_start)`` before the first action and
    after every action, ``deal_start`` being the index in the history where
    the current deal began.  Returns the state and that index."""
    deal_start = 0
    if check:
        check(state, deal_start)
    for _ in range(limit):
        if state.is_over():
            break
        seat = state.current_player()
        assert state.legal_actions(), state.phase
        deals = len(state.deals)
        state.apply(bots[seat].choose(state, seat))
        assert len(state.deals) - deals in (0, 1)
        if len(state.deals) != deals:
            deal_start = len(state.history)
        if check:
            check(state, deal_start)
    return state, deal_start


def call(**request: Any) -> dict[str, Any]:
    """One request to the JSON bridge, its answer decoded."""
    response = json.loads(bridge.handle(json.dumps(request)))
    assert isinstance(response.get("ok"), bool)
    return response


def ok(**request: Any) -> dict[str, Any]:
    """A bridge request that must succeed."""
    response = call(**request)
    assert response["ok"], response
    return response


def refusable_play(record: dict[str, Any]) -> tuple[int, str, str]:
    """The first play of a record where the player held a card he may not play: its index in
    the record's actions, that card, and the rule that forbids it (found on a copy)."""
    spec = games.get(record["game"])
    state = spec.new_game(record["variant"], record["seed"], decks=[d["deck"] for d in record["deals"]],
                          first_dealer=record["deals"][0]["dealer"])
    for index, entry in enumerate(record["actions"]):
        if entry["kind"] == "play":
            legal = {str(a.card) for a in state.legal_actions()}
            held = [c for c in state.view(None)["hands"][entry["seat"]] if c not in legal]
            if held:
                trial = state.clone()
                try:
                    trial.apply(Action.parse(f"play {held[0]}"))
                except IllegalActionError as error:
                    return index, held[0], error.rule
                raise AssertionError(f"play {held[0]} was accepted, though not a legal action")
        state.apply(Action.from_json(entry))
    raise AssertionError("no refusable card found in the record")


def cli(*args: str) -> subprocess.CompletedProcess[str]:
    """``python -m engine ARGS`` run in this process (``engine.cli.main``, the same parser and
    commands, without starting Python again): its exit code and what it wrote, as a subprocess
    run would give them. For a test whose subject is not the process itself (a record to replay,
    an exit code); the tests that are about ``python -m engine`` run it for real."""
    from engine import cli as engine_cli

    out, err = io.StringIO(), io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
        try:
            code = engine_cli.main(list(args))
        except SystemExit as exit_:  # (argparse's usage errors)
            code = exit_.code if isinstance(exit_.code, int) else 1
    return subprocess.CompletedProcess(["python", "-m", "engine", *args], code, out.getvalue(), err.getvalue())
