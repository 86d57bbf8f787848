"""Runners for the catalogue's worked examples.

A worked example in ``engine/catalogue/<game>.toml`` names a runner
(``run = "ruffe.ruff_value"``), gives its inputs (``given``), optional
variant options (``variant``) and either ``expected`` (any TOML value; the
string ``"none"`` stands for ``None``, which TOML lacks) or
``expected_error`` (the rule id the engine must name when it refuses).
Each runner is ``runner(given, variant) -> JSON-able``; :func:`run_example`
runs one example by ids and reports the comparison.

>>> result = run_example("ruffe-and-trumps.ruff.turned-card", "three-spades-and-turned")
>>> result["expected"], result["actual"], result["passed"]
(33, 33, True)
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine import catalogue
from engine.cards import Card, Suit, parse_cards
from engine.errors import EngineError, IllegalActionError, VariantError
from engine.examples_loo import LOO_RUNNERS
from engine.games import ruffe
from engine.tricks import FOLLOW_POLICIES, PlayRule, legal_plays, trick_winner

__all__ = ["RUNNERS", "run_example", "run_examples", "normalize", "Runner"]

Runner = Callable[[dict[str, Any], dict[str, Any]], Any]


def _cards(text: Any) -> list[Card]:
    if text is None:
        return []
    return parse_cards(text)


def _suit(text: Any) -> Suit | None:
    if text in (None, "", "none"):
        return None
    return Suit.parse(text)


def _card(text: Any) -> Card | None:
    if text in (None, "", "none"):
        return None
    return Card.parse(text)


def _ruffe_variant(given: dict[str, Any], variant: dict[str, Any]) -> ruffe.RuffeVariant:
    """A Ruffe variant from the example's options, with the configuration keys
    that ``given`` carries (players, partnerships, hand_size)."""
    options = dict(variant)
    for key in ("players", "partnerships", "hand_size"):
        if key in given:
            options[key] = given[key]
    return ruffe.RuffeVariant.from_options(**options)


# ---------------------------------------------------------------- kernel runners


def _play_rule(variant: dict[str, Any]) -> PlayRule:
    follow = variant.get("follow", ruffe.FOLLOW.option.default)
    if follow in ruffe.FOLLOW:  # a reading of Ruffe's play.follow
        follow = ruffe.FOLLOW[follow].follow
    if follow not in FOLLOW_POLICIES:
        raise VariantError(
            f"variant option 'follow': {follow!r} is not allowed; allowed values: "
            + ", ".join(repr(p) for p in [*ruffe.FOLLOW, *FOLLOW_POLICIES]), option="follow")
    return PlayRule(follow, head=bool(variant.get("head", False)))


def kernel_legal_plays(given: dict[str, Any], variant: dict[str, Any]) -> list[str]:
    """Cards of ``hand`` that may be played to ``trick`` (leader first) with
    ``trump``, in hand order; ``variant.follow``: obliged (default) | free."""
    hand = _cards(given["hand"])
    trick = _cards(given.get("trick", ""))
    return [str(c) for c in legal_plays(hand, trick, _suit(given.get("trump")), _play_rule(variant))]


def kernel_trick_winner(given: dict[str, Any], variant: dict[str, Any]) -> int:
    """The index (0 = the lead) of the card that wins ``trick``."""
    return trick_winner(_cards(given["trick"]), _suit(given.get("trump")))


# ---------------------------------------------------------------- Ruffe runners


def ruffe_ruff_value(given: dict[str, Any], variant: dict[str, Any]) -> int:
    suit = _suit(given["suit"])
    trump = _suit(given.get("trump")) or suit
    turned = _card(given.get("turned"))
    if trump is None or suit is None:
        raise EngineError("ruffe.ruff_value needs 'suit' (and 'trump')")
    if turned is not None and "trump" not in given:
        trump = turned.suit
    return ruffe.ruff_value(_cards(given["hand"]), suit, trump, turned)


def ruffe_best_ruff(given: dict[str, Any], variant: dict[str, Any]) -> dict[str, Any]:
    turned = _card(given.get("turned"))
    trump = _suit(given.get("trump")) or (turned.suit if turned else None)
    if trump is None:
        raise EngineError("ruffe.best_ruff needs 'trump' or 'turned'")
    suit, value = ruffe.best_ruff(_cards(given["hand"]), trump, turned)
    return {"suit": suit.value, "value": value}


def ruffe_ruff_winners(given: dict[str, Any], variant: dict[str, Any]) -> list[int]:
    v = _ruffe_variant(given, variant)
    values = list(given["values"])
    if len(values) != v.players:
        raise EngineError(f"ruffe.ruff_winners: {len(values)} values for {v.players} players")
    sides = ruffe.sides_for(v.players, bool(v.partnerships))
    return ruffe.ruff_winners(values, int(given["dealer"]), v.ruff_tie, sides)


def ruffe_head_taker(given: dict[str, Any], variant: dict[str, Any]) -> int | None:
    v = _ruffe_variant(given, variant)
    hands = [_cards(h) for h in given["hands"]]
    if len(hands) != v.players:
        raise EngineError(f"ruffe.head_taker: {len(hands)} hands for {v.players} players")
    turned = Card.parse(given["turned"])
    seat, _rule = ruffe.head_taker(hands, int(given["dealer"]), turned, v.head_without_ace)
    return seat


def ruffe_count(given: dict[str, Any], variant: dict[str, Any]) -> list[int]:
    v = _ruffe_variant(given, variant)
    won, tricks = list(given["won"]), list(given["tricks"])
    if len(won) != v.players or len(tricks) != v.players:
        raise EngineError(f"ruffe.count: 'won' and 'tricks' need one number per player ({v.players})")
    sides = ruffe.sides_for(v.players, bool(v.partnerships))
    assert v.hand_size is not None
    return ruffe.count_points(won, tricks, sides, v.hand_size, v.count, v.count_baseline)


def ruffe_config(given: dict[str, Any], variant: dict[str, Any]) -> dict[str, int]:
    return ruffe.deal_config(_ruffe_variant(given, variant)).to_json()


def ruffe_game_end(given: dict[str, Any], variant: dict[str, Any]) -> int | None:
    return ruffe.game_winner(list(given["totals"]), int(given["target"]))


RUNNERS: dict[str, Runner] = {
    "kernel.legal_plays": kernel_legal_plays,
    "kernel.trick_winner": kernel_trick_winner,
    "ruffe.ruff_value": ruffe_ruff_value,
    "ruffe.best_ruff": ruffe_best_ruff,
    "ruffe.ruff_winners": ruffe_ruff_winners,
    "ruffe.head_taker": ruffe_head_taker,
    "ruffe.count": ruffe_count,
    "ruffe.config": ruffe_config,
    "ruffe.game_end": ruffe_game_end,
}
"""Runner name -> ``runner(given, variant)``.  Other games add theirs here."""


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
    raise EngineError(f"rule {rule_id!r} has no worked example {example_id!r}; its examples: {known}")


def run_example(rule_id: str, example_id: str) -> dict[str, Any]:
    """Run one worked example and compare with what the catalogue expects.

    Returns ``{"rule", "example", "expected", "actual", "passed", "error"}``;
    for an ``expected_error`` example, ``actual`` is the rule id the engine
    named (or ``None`` if it accepted the input).
    """
    example = _find(rule_id, example_id)
    run = example.get("run")
    runner = RUNNERS.get(run) if isinstance(run, str) else None
    game_runner = LOO_RUNNERS.get(run) if isinstance(run, str) else None
    expects_error = "expected_error" in example
    expected = example["expected_error"] if expects_error else normalize(example.get("expected"))
    result: dict[str, Any] = {"rule": rule_id, "example": example_id, "run": run,
                              "expected": expected, "actual": None, "passed": False, "error": None}
    if runner is None and game_runner is None:
        result["error"] = f"no runner {run!r} in engine.examples.RUNNERS"
        return result
    given = example.get("given", {})
    variant = example.get("variant", {})
    try:
        if game_runner is not None:
            actual = normalize(game_runner(rule_id.split(".")[0], given, variant))
        else:
            assert runner is not None
            actual = normalize(runner(given, variant))
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
