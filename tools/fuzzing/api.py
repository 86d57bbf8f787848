"""Misuse of the engine's Python API: each call must be refused with a printable
engine error, never a TypeError or AttributeError, never silently accepted."""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

import engine
from engine import bots, games
from engine.cards import Card, parse_cards
from engine.errors import EngineError
from engine.game import Action, GameState

from .report import Report, short

if TYPE_CHECKING:
    from .play import GameCase

HUGE_BUDGET = 10**12


def _bad_seats(n: int) -> list[Any]:
    return ["0", True, False, 1.5, -1, n, 10**30, [0], {"seat": 0}, float("nan")]


def calls(state: GameState, case: GameCase, rng: random.Random) -> list[tuple[str, str, Callable[[], Any]]]:
    """(label, text, call) for every misuse of the API tried on this game."""
    spec = games.get(case.game)
    n = state.num_players
    out: list[tuple[str, str, Callable[[], Any]]] = []
    for seat in _bad_seats(n):
        out.append((f"view({type(seat).__name__})", f"state.view({short(seat)})", lambda s=seat: state.view(s)))
    out += [
        ("new_game(list)", f"engine.new_game([{case.game!r}])", lambda: engine.new_game([case.game])),  # type: ignore[arg-type]
        ("new_game(None)", "engine.new_game(None)", lambda: engine.new_game(None)),  # type: ignore[arg-type]
        ("new_game(variant=5)", f"engine.new_game({case.game!r}, 5)", lambda: engine.new_game(case.game, 5)),  # type: ignore[arg-type]
        ("new_game(falsy variant)", f"engine.new_game({case.game!r}, 0)", lambda: engine.new_game(case.game, 0)),  # type: ignore[arg-type]
        ("new_game(variant=[])", f"engine.new_game({case.game!r}, [])", lambda: engine.new_game(case.game, [])),  # type: ignore[arg-type]
        ("new_game(variant='')", f"engine.new_game({case.game!r}, '')", lambda: engine.new_game(case.game, "")),  # type: ignore[arg-type]
        ("new_game(variant str)", f"engine.new_game({case.game!r}, 'players=3')",
         lambda: engine.new_game(case.game, "players=3")),  # type: ignore[arg-type]
        ("new_game(self key)", f"engine.new_game({case.game!r}, {{'self': 1}})",
         lambda: engine.new_game(case.game, {"self": 1})),
        ("new_game(seed str)", f"engine.new_game({case.game!r}, seed='x')",
         lambda: engine.new_game(case.game, seed="x")),  # type: ignore[arg-type]
        ("spec.new_game(decks=5)", f"games.get({case.game!r}).new_game(decks=5)", lambda: spec.new_game(decks=5)),  # type: ignore[arg-type]
        ("spec.new_game(decks=[5])", f"games.get({case.game!r}).new_game(decks=[5])",
         lambda: spec.new_game(decks=[5])),  # type: ignore[list-item]
        ("spec.new_game(decks=[['AS']])", f"games.get({case.game!r}).new_game(decks=[['AS']])",
         lambda: spec.new_game(decks=[["AS"]])),
        ("spec.new_game(first_dealer=True)", f"games.get({case.game!r}).new_game(first_dealer=True)",
         lambda: spec.new_game(first_dealer=True)),
        ("spec.new_game(first_dealer=-1)", f"games.get({case.game!r}).new_game(first_dealer=-1)",
         lambda: spec.new_game(first_dealer=-1)),
        ("parse_cards(5)", "engine.parse_cards(5)", lambda: parse_cards(5)),  # type: ignore[arg-type]
        ("parse_cards([5])", "engine.parse_cards([5])", lambda: parse_cards([5])),  # type: ignore[list-item]
        ("Card.parse(None)", "Card.parse(None)", lambda: Card.parse(None)),  # type: ignore[arg-type]
        ("Action.parse(None)", "Action.parse(None)", lambda: Action.parse(None)),  # type: ignore[arg-type]
        ("Action.parse(5)", "Action.parse(5)", lambda: Action.parse(5)),  # type: ignore[arg-type]
        ("Action.from_json(list)", "Action.from_json(['play'])", lambda: Action.from_json(["play"])),  # type: ignore[arg-type]
        ("Action.coerce(None)", "Action.coerce(None)", lambda: Action.coerce(None)),  # type: ignore[arg-type]
        ("make_bot(kind=5)", "make_bot(5)", lambda: bots.make_bot(5)),  # type: ignore[arg-type]
        ("make_bot(budget=0)", "make_bot('sampling', budget=0)", lambda: bots.make_bot("sampling", budget=0)),
        ("make_bot(budget=True)", "make_bot('sampling', budget=True)",
         lambda: bots.make_bot("sampling", budget=True)),
        ("make_bot(budget huge)", f"make_bot('sampling', budget={HUGE_BUDGET})",
         lambda: bots.make_bot("sampling", budget=HUGE_BUDGET)),
        ("make_variant(unknown)", f"games.get({case.game!r}).make_variant(zzz=1)", lambda: spec.make_variant(zzz=1)),
        ("make_variant(cls)", f"games.get({case.game!r}).make_variant(cls=1)", lambda: spec.make_variant(cls=1)),
        ("games.get(list)", "games.get(['x'])", lambda: games.get(["x"])),  # type: ignore[arg-type]
        ("determinize(bad seat)", "state.determinize(-1, random.Random(0))",
         lambda: state.determinize(-1, random.Random(0))),
    ]
    return out


def misuse(state: GameState, case: GameCase, report: Report, rng: random.Random) -> None:
    """Try a few misuses on a fresh game of this case (``state`` is left untouched)."""
    from . import seen

    fp = seen.fingerprint(state)
    picked = rng.sample(calls(state, case, rng), k=6)
    for label, text, call in picked:
        report.count("api_calls")
        repro = f"python -c \"import engine, random; from engine import games; state = engine.new_game(" \
                f"{case.game!r}, {case.variant!r}, seed={case.seed}); {text}\""
        try:
            call()
        except EngineError as error:
            try:
                str(error)
            except Exception:  # noqa: BLE001
                report.fail(f"api.unprintable-error[{label}]", f"{text}: the refusal cannot be printed", repro)
        except Exception as error:  # noqa: BLE001
            report.fail(f"api.raises-{type(error).__name__}[{label}]",
                        f"{text} raised {type(error).__name__}: {short(error, 120)} (not an engine error)", repro)
        else:
            report.fail(f"api.accepted[{label}]", f"{text} was accepted; it must be refused with an engine error",
                        repro)
    if seen.fingerprint(state) != fp:
        report.fail("api.state-changed", "a refused API call changed the state", case.repro(0))
