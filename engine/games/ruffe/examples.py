"""Runners for Ruffe and Trumps' worked examples (its spec names :data:`RUNNERS`).

``kernel.*`` runners prove the trick-taking kernel under Ruffe's readings of the
follow rule; ``ruffe.*`` runners call Ruffe's rule functions.

>>> RUNNERS["ruffe.ruff_value"]("ruffe-and-trumps", {"hand": "AS KS 7S 2H", "suit": "S", "turned": "5S"}, {})
33
"""

from __future__ import annotations

from typing import Any

from engine.cards import Card
from engine.errors import EngineError, VariantError
from engine.examples import Runner, read_card, read_cards, read_suit
from engine.games.ruffe import state as ruffe
from engine.games.ruffe import rules as ruffe_rules
from engine.tricks import FOLLOW_POLICIES, PlayRule, legal_plays, trick_winner

__all__ = ["RUNNERS"]


def _ruffe_variant(given: dict[str, Any], variant: dict[str, Any]) -> ruffe_rules.RuffeRules:
    """Ruffe's rules from the example's options, with the configuration keys
    that ``given`` carries (players, partnerships, hand_size)."""
    options = dict(variant)
    for key in ("players", "partnerships", "hand_size"):
        if key in given:
            options[key] = given[key]
    return ruffe_rules.RuffeRules.from_options(**options)


# ---------------------------------------------------------------- kernel runners


def _play_rule(variant: dict[str, Any]) -> PlayRule:
    readings = ruffe_rules.RuffeRules.option("follow").values or ()
    follow = variant.get("follow", ruffe_rules.RuffeRules.option("follow").default)
    if follow in readings:  # a reading of Ruffe's play.follow
        follow = ruffe_rules.RuffeRules.from_options(follow=follow).play.follow
    if follow not in FOLLOW_POLICIES:
        raise VariantError(
            f"variant option 'follow': {follow!r} is not allowed; allowed values: "
            + ", ".join(repr(p) for p in [*readings, *FOLLOW_POLICIES]), option="follow")
    return PlayRule(follow, head=bool(variant.get("head", False)))


def kernel_legal_plays(game: str, given: dict[str, Any], variant: dict[str, Any]) -> list[str]:
    """Cards of ``hand`` that may be played to ``trick`` (leader first) with
    ``trump``, in hand order; ``variant.follow``: obliged (default) | free."""
    hand = read_cards(given["hand"])
    trick = read_cards(given.get("trick", ""))
    return [str(c) for c in legal_plays(hand, trick, read_suit(given.get("trump")), _play_rule(variant))]


def kernel_trick_winner(game: str, given: dict[str, Any], variant: dict[str, Any]) -> int:
    """The index (0 = the lead) of the card that wins ``trick``."""
    return trick_winner(read_cards(given["trick"]), read_suit(given.get("trump")))


# ---------------------------------------------------------------- Ruffe runners


def ruffe_ruff_value(game: str, given: dict[str, Any], variant: dict[str, Any]) -> int:
    suit = read_suit(given["suit"])
    trump = read_suit(given.get("trump")) or suit
    turned = read_card(given.get("turned"))
    if trump is None or suit is None:
        raise EngineError("ruffe.ruff_value needs 'suit' (and 'trump')")
    if turned is not None and "trump" not in given:
        trump = turned.suit
    return ruffe_rules.ruff_value(read_cards(given["hand"]), suit, trump, turned)


def ruffe_best_ruff(game: str, given: dict[str, Any], variant: dict[str, Any]) -> dict[str, Any]:
    turned = read_card(given.get("turned"))
    trump = read_suit(given.get("trump")) or (turned.suit if turned else None)
    if trump is None:
        raise EngineError("ruffe.best_ruff needs 'trump' or 'turned'")
    suit, value = ruffe_rules.best_ruff(read_cards(given["hand"]), trump, turned)
    return {"suit": suit.value, "value": value}


def ruffe_ruff_winners(game: str, given: dict[str, Any], variant: dict[str, Any]) -> list[int]:
    v = _ruffe_variant(given, variant)
    values = list(given["values"])
    if len(values) != v.players:
        raise EngineError(f"ruffe.ruff_winners: {len(values)} values for {v.players} players")
    sides = ruffe_rules.sides_for(v.players, bool(v.partnerships))
    return ruffe_rules.ruff_winners(values, int(given["dealer"]), v.tie_break, sides)


def ruffe_head_taker(game: str, given: dict[str, Any], variant: dict[str, Any]) -> int | None:
    v = _ruffe_variant(given, variant)
    hands = [read_cards(h) for h in given["hands"]]
    if len(hands) != v.players:
        raise EngineError(f"ruffe.head_taker: {len(hands)} hands for {v.players} players")
    turned = Card.parse(given["turned"])
    seat, _rule = ruffe_rules.head_taker(hands, int(given["dealer"]), turned, v.dealer_takes_unheld_head)
    return seat


def ruffe_count(game: str, given: dict[str, Any], variant: dict[str, Any]) -> list[int]:
    v = _ruffe_variant(given, variant)
    won, tricks = list(given["won"]), list(given["tricks"])
    if len(won) != v.players or len(tricks) != v.players:
        raise EngineError(f"ruffe.count: 'won' and 'tricks' need one number per player ({v.players})")
    sides = ruffe_rules.sides_for(v.players, bool(v.partnerships))
    assert v.hand_size is not None
    return ruffe_rules.count_points(won, tricks, sides, v.hand_size, v.count_tricks, v.fixed_baseline)


def ruffe_config(game: str, given: dict[str, Any], variant: dict[str, Any]) -> dict[str, int]:
    return ruffe_rules.deal_config(_ruffe_variant(given, variant)).to_json()


def ruffe_game_end(game: str, given: dict[str, Any], variant: dict[str, Any]) -> int | None:
    return ruffe_rules.game_winner(list(given["totals"]), int(given["target"]))


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
"""Runner name -> ``runner(game, given, variant)``: what Ruffe's spec names as its ``examples``."""
