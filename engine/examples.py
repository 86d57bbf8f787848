"""Running the catalogue's worked examples.

A worked example in ``engine/catalogue/<game>.toml`` names a runner
(``run = "ruffe.ruff_value"``), gives its inputs (``given``), optional
variant options (``variant``) and either ``expected`` (any TOML value; the
string ``"none"`` stands for ``None``, which TOML lacks) or
``expected_error`` (the rule id the engine must name when it refuses).
The runners are the game's: its spec names them (``GameSpec(examples=
"module:RUNNERS")``, a mapping of runner name -> :data:`Runner`, beside the
game module) and :func:`runners_of` finds them.  :func:`run_example` runs one
example by ids through the spec of the rule's game and reports the comparison.

>>> result = run_example("ruffe-and-trumps.ruff.turned-card", "three-spades-and-turned")
>>> result["expected"], result["actual"], result["passed"]
(33, 33, True)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import Any

from engine import catalogue, games
from engine.cards import Card, Suit, format_cards, parse_cards
from engine.errors import EngineError, IllegalActionError, VariantError
from engine.game import GameSpec
from engine.i18n import Text

__all__ = ["Runner", "runners_of", "run_example", "run_examples", "normalize",
           "read_cards", "read_suit", "read_card", "cards_text"]

Runner = Callable[[str, dict[str, Any], dict[str, Any]], Any]
"""A worked example's runner, ``runner(game, given, variant) -> JSON-able``: ``game`` is the id
of the catalogue the example stands in (a family's runner serves each of its games)."""


def runners_of(spec: GameSpec) -> Mapping[str, Runner]:
    """The example runners ``spec`` names, by the name an example gives in ``run`` (none if it
    names none)."""
    found = {} if spec.examples is None else games.named(spec.examples)
    if not isinstance(found, Mapping):
        raise TypeError(f"{spec.id}: its example runners {spec.examples!r} are no mapping")
    return found


# ---------------------------------------------------------------- what runners read

def read_cards(text: Any) -> list[Card]:
    """An example's cards (``"AS 10H"`` or a list); nothing given is no cards."""
    return [] if text is None else parse_cards(text)


def read_suit(text: Any) -> Suit | None:
    """An example's suit; nothing given (or ``"none"``) is ``None``."""
    return None if text in (None, "", "none") else Suit.parse(text)


def read_card(text: Any) -> Card | None:
    """An example's card; nothing given (or ``"none"``) is ``None``."""
    return None if text in (None, "", "none") else Card.parse(text)


def cards_text(cards: list[Card]) -> str:
    """Cards as an example's expected value writes them: ``"AS 10H"``."""
    return format_cards(cards)


# ---------------------------------------------------------------- running


def normalize(value: Any) -> Any:
    """A value in the form examples compare: tuples as lists, the string
    ``"none"`` (TOML has no null) as ``None``."""
    if isinstance(value, str) and value == "none":
        return None
    if isinstance(value, (list, tuple)):
        return [normalize(v) for v in value]
    if isinstance(value, dict):
        return {k: normalize(v) for k, v in value.items()}
    return value


def _find(rule_id: str, example_id: str) -> dict[str, Any]:
    entry = catalogue.rule(rule_id)
    examples: list[dict[str, Any]] = entry.get("examples", [])
    for example in examples:
        if example.get("id") == example_id:
            return example
    known = ", ".join(e.get("id", "?") for e in examples) or "none"
    raise EngineError(Text("rule {} has no worked example {}; its examples: {}", repr(rule_id), repr(example_id), known))


def run_example(rule_id: str, example_id: str) -> dict[str, Any]:
    """Run one worked example and compare with what the catalogue expects.

    Returns ``{"rule", "example", "expected", "actual", "passed", "error"}``;
    for an ``expected_error`` example, ``actual`` is the rule id the engine
    named (or ``None`` if it accepted the input).
    """
    example = _find(rule_id, example_id)
    run = example.get("run")
    game = rule_id.split(".")[0]
    runners = runners_of(games.get(game)) if game in games.ids() else {}
    runner = runners.get(run) if isinstance(run, str) else None
    expects_error = "expected_error" in example
    expected = example["expected_error"] if expects_error else normalize(example.get("expected"))
    result: dict[str, Any] = {"rule": rule_id, "example": example_id, "run": run,
                              "expected": expected, "actual": None, "passed": False, "error": None}
    if runner is None:
        result["error"] = (f"no runner {run!r} among {game}'s example runners" if game in games.ids()
                           else f"no runner {run!r}: {game} has no engine")
        return result
    given = example.get("given", {})
    variant = example.get("variant", {})
    try:
        actual = normalize(runner(game, given, variant))
    except (VariantError, IllegalActionError) as exc:
        if expects_error:
            result["actual"] = exc.rule
            result["passed"] = exc.rule == expected
            if not result["passed"]:
                result["error"] = f"refused under {exc.rule!r}, expected {expected!r}: {exc}"
        else:
            result["error"] = f"{type(exc).__name__}: {exc}"
        return result
    except (EngineError, KeyError, TypeError, ValueError) as exc:
        result["error"] = f"{type(exc).__name__}: {exc}"
        return result
    result["actual"] = actual
    if expects_error:
        result["error"] = f"expected a refusal naming {expected!r}, but the engine returned {actual!r}"
        return result
    result["passed"] = actual == expected
    return result


def run_examples(game_id: str) -> list[dict[str, Any]]:
    """Run every worked example of one game's catalogue."""
    return [run_example(rule_id, ex["id"]) for rule_id, ex in catalogue.examples(game_id)]
