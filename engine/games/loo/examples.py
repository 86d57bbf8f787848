"""Runners for the loo family's worked examples (Мушка, Памфил, Рамс, Петух): each
game's spec names :data:`RUNNERS`, the family's one table.

A runner named ``loo.*`` serves every game of the family: it receives the
game of the catalogue the example stands in and runs that game's own code —
often a real game state set to the example's position — so an example
proves the rule where the engine applies it.  ``mushka.*``, ``pamphil.*``,
``rams.*`` and ``petukh.*`` runners call one game's rule functions (Мушка's
catalogue also runs ``pamphil.five_of_a_suit``, on a Мушка state).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, TypeVar

from engine.cards import Card, Suit
from engine.examples import Runner, cards_text, read_cards
from engine.game import Variant
from engine.i18n import Text
from engine.games import get as get_game
from engine.games.loo import state as loo
from engine.games.loo import rules as loo_rules
from engine.games.loo import mushka
from engine.games.loo import pamphil
from engine.games.loo import petukh
from engine.games.loo import rams
from engine.games.loo import rams_rules
from engine.tricks import legal_plays, trick_winner

__all__ = ["RUNNERS"]

V = TypeVar("V", bound=Variant)

def _state(game: str, given: dict[str, Any], variant: dict[str, Any]) -> loo.LooState:
    """A fresh state of ``game`` under the example's readings (and its
    ``players`` or agreed record, when given)."""
    options = dict(variant)
    if "players" in given:
        options["players"] = given["players"]
    if "agreed" in given and game == "petukh":
        options["start_record"] = given["agreed"]
    if "stake" in given:
        options["stake"] = given["stake"]
    if "agreed" in given and game in ("mushka", "pamphil"):
        options["agreed_sum"] = given["agreed"]
    spec = get_game(game)
    if "players" not in options:
        options["players"] = max(spec.min_players, 3)
    state = spec.new_game(options, seed=0)
    assert isinstance(state, loo.LooState)
    return state


def _with_hand(state: loo.LooState, hand: list[Card], trump: Any) -> loo.LooState:
    """``state`` with seat 0 dealt ``hand`` and ``trump`` for trumps."""
    if trump is not None:
        state.trump = Suit.parse(trump)
    state.dealt[0] = list(hand)
    state.hands[0] = list(hand)
    return state


def _loo_class(game: str) -> type[loo.LooState]:
    """The state class of ``game``, one of the loo family (the only games these runners serve)."""
    cls = get_game(game).state_class
    assert issubclass(cls, loo.LooState)
    return cls


def _variant(game: str, variant: dict[str, Any], kind: type[V]) -> V:
    """``game``'s variant under the example's readings, a ``kind`` (the runner's game, or one
    built on it as Памфил on Мушка)."""
    v = get_game(game).make_variant(**variant)
    assert isinstance(v, kind)
    return v


def check_players(game: str, given: dict[str, Any], variant: dict[str, Any]) -> bool:
    get_game(game).make_variant(**(dict(variant) | {"players": given["players"]}))
    return True


def deck_size(game: str, given: dict[str, Any], variant: dict[str, Any]) -> int:
    return len(_state(game, given, variant).pack)


def deck_contains(game: str, given: dict[str, Any], variant: dict[str, Any]) -> bool:
    return Card.parse(given["card"]) in _state(game, given, variant).pack


def seat_order(game: str, given: dict[str, Any], variant: dict[str, Any]) -> list[int]:
    return loo_rules.seat_order(read_cards(given["draws"]))


def first_dealer(game: str, given: dict[str, Any], variant: dict[str, Any]) -> int:
    return loo_rules.first_dealer_of(read_cards(given["draws"]))


def next_dealer(game: str, given: dict[str, Any], variant: dict[str, Any]) -> int:
    return loo_rules.next_dealer(int(given["players"]), int(given["dealer"]))


def after_misdeal(game: str, given: dict[str, Any], variant: dict[str, Any]) -> int:
    same = _loo_class(game).redeal_by_same_dealer
    return loo_rules.after_misdeal(int(given["players"]), int(given["dealer"]), same)


def deal(game: str, given: dict[str, Any], variant: dict[str, Any]) -> dict[str, Any]:
    hands, rest = loo_rules.deal_five(int(given["players"]), int(given["dealer"]), read_cards(given["deck"]))
    turned, _trump, _stock = loo_rules.turn_trump(rest)
    return {"hands": [cards_text(h) for h in hands], "turned": str(turned)}


def trump(game: str, given: dict[str, Any], variant: dict[str, Any]) -> dict[str, Any]:
    turned, suit, stock = loo_rules.turn_trump(read_cards(given["stock"]))
    return {"turned": str(turned), "trump": suit.value, "stock": cards_text(stock)}


def bid_options(game: str, given: dict[str, Any], variant: dict[str, Any]) -> list[str]:
    state = _with_hand(_state(game, given, variant), read_cards(given["hand"]), given.get("trump"))
    return state.bid_options(0)


def may_pass(game: str, given: dict[str, Any], variant: dict[str, Any]) -> bool:
    return "pass" in bid_options(game, given, variant)


def bid_order(game: str, given: dict[str, Any], variant: dict[str, Any]) -> list[int]:
    return loo_rules.bid_order(int(given["players"]), int(given["dealer"]))


def buy(game: str, given: dict[str, Any], variant: dict[str, Any]) -> dict[str, Any]:
    rules = _loo_class(game).RULES
    hand, stock = loo_rules.buy(read_cards(given["hand"]), read_cards(given["discard"]), read_cards(given["stock"]), rules)
    return {"hand": cards_text(hand), "stock": cards_text(stock)}


def deal_void(game: str, given: dict[str, Any], variant: dict[str, Any]) -> bool:
    return loo_rules.deal_void(list(given["actions"]))


def first_leader(game: str, given: dict[str, Any], variant: dict[str, Any]) -> int:
    return loo_rules.first_leader(int(given["players"]), int(given["dealer"]), list(given["active"]))


def _play_rule(game: str, given: dict[str, Any], variant: dict[str, Any]) -> tuple[Any, Suit]:
    state = _state(game, {}, variant)
    state.trump = Suit.parse(given["trump"])
    return state.play_rule(), state.trump


def legal(game: str, given: dict[str, Any], variant: dict[str, Any]) -> str:
    rule, suit = _play_rule(game, given, variant)
    return cards_text(legal_plays(read_cards(given["hand"]), read_cards(given.get("trick")), suit, rule))


def winner(game: str, given: dict[str, Any], variant: dict[str, Any]) -> int:
    rule, suit = _play_rule(game, given, variant)
    return trick_winner(read_cards(given["trick"]), suit, rule.strength)


def start_record(game: str, given: dict[str, Any], variant: dict[str, Any]) -> int:
    return _state(game, given, variant).start_record


def winners(game: str, given: dict[str, Any], variant: dict[str, Any]) -> list[int]:
    return loo_rules.winners(list(given["records"]))


def settlement(game: str, given: dict[str, Any], variant: dict[str, Any]) -> list[int | float]:
    records = list(given["records"])
    state = _state(game, {**given, "players": len(records)}, variant)
    state.set_records(records)
    return state.settlement()


def _total(record: int, entries: Sequence[tuple[int, str, str | Text]]) -> int:
    return record + sum(p for p, _, _ in entries)


def mushka_deal_score(game: str, given: dict[str, Any], variant: dict[str, Any]) -> int:
    v = _variant(game, variant, mushka.MushkaRules)
    record = int(given["record"])
    return _total(record, mushka.deal_score(record, int(given["tricks"]), bool(given["ace_of_spades"]),
                                            Suit.parse(given["trump"]), bool(given["played"]),
                                            v.per_surplus_trick, v.five_plus_ace))


def pamphil_declare_payment(game: str, given: dict[str, Any], variant: dict[str, Any]) -> list[int]:
    return pamphil.declare_payment(int(given["players"]), int(given["declarer"]), int(given["stake"]))


def pamphil_turned(game: str, given: dict[str, Any], variant: dict[str, Any]) -> dict[str, Any]:
    hand, turned = pamphil.turned_pamphil(read_cards(given["dealer_hand"]), Card.parse(given["turned"]),
                                          Card.parse(given["give"]))
    return {"hand": cards_text(hand), "turned": str(turned), "trump": turned.suit.value}


def pamphil_five(game: str, given: dict[str, Any], variant: dict[str, Any]) -> dict[str, Any]:
    """Seat 0 of a real state holds ``hand`` after the buying with ``record``
    left; the state's own show before the first lead decides."""
    state = _state(game, {"players": 3}, variant)
    hand = read_cards(given["hand"])
    state.hands = [hand, [], []]
    state.set_records([int(given["record"])] + state.records[1:])
    state.active = [0]
    state.dialogue.turns = [0, 1, 2]
    deal = state.deal_number
    shown = state.shows()
    outcome = state.outcome()
    return {"shown": shown, "record": state.records[0] if state.deal_number == deal or shown else None,
            "wins_game": bool(outcome is not None and 0 in outcome.winners)}


def rams_ace_values(game: str, given: dict[str, Any], variant: dict[str, Any]) -> int:
    return rams_rules.ace_values(read_cards(given["aces"]))


def rams_deal_score(game: str, given: dict[str, Any], variant: dict[str, Any]) -> int:
    v = _variant(game, variant, rams_rules.RamsRules)
    record = int(given["record"])
    return _total(record, rams_rules.deal_score(record, int(given["tricks"]), read_cards(given["aces"]), bool(given["played"]),
                                                int(given.get("jacks", 0)), v.jacks_spare))


def rams_dealer_takes_turned(game: str, given: dict[str, Any], variant: dict[str, Any]) -> dict[str, Any]:
    turned = Card.parse(given["turned"])
    hand = rams_rules.dealer_takes_turned(read_cards(given["hand"]), turned, Card.parse(given["give"]), bool(given["passed"]))
    return {"hand": cards_text(hand), "trump": turned.suit.value}


def rams_exposed_buy(game: str, given: dict[str, Any], variant: dict[str, Any]) -> dict[str, Any]:
    received, aside, stock = rams_rules.exposed_buy(read_cards(given["stock"]), int(given["need"]), bool(given["refuse"]))
    return {"received": cards_text(received), "set_aside": cards_text(aside), "stock": cards_text(stock)}


def rams_revoke(game: str, given: dict[str, Any], variant: dict[str, Any]) -> dict[str, Any]:
    tricks, penalty = rams_rules.revoke(list(given["tricks"]), int(given["offender"]), int(given["rightful"]))
    return {"tricks": tricks, "penalty": penalty}


def rams_five(game: str, given: dict[str, Any], variant: dict[str, Any]) -> list[int]:
    v = _variant(game, variant, rams_rules.RamsRules)
    hands = [read_cards(h) for h in given["hands"]]
    return rams_rules.five_of_a_suit(hands, Suit.parse(given["trump"]), v.five_of_a_suit_others)[1]


def rams_hand(game: str, given: dict[str, Any], variant: dict[str, Any]) -> int:
    return rams_rules.rams_hand(read_cards(given["hand"]), int(given["record"]))


def rams_show(game: str, given: dict[str, Any], variant: dict[str, Any]) -> list[int]:
    v = _variant(game, variant, rams_rules.RamsRules)
    hands = [read_cards(h) for h in given["hands"]]
    return rams_rules.rams_show(hands, list(given["records"]), v.rams_others)[1]


def rams_jacks_value(game: str, given: dict[str, Any], variant: dict[str, Any]) -> int:
    v = _variant(game, variant, rams_rules.RamsRules)
    return rams_rules.jacks_value(read_cards(given["hand"]), v.jacks, bool(given.get("cancelled")))


def rams_jacks_at_discard(game: str, given: dict[str, Any], variant: dict[str, Any]) -> int:
    v = _variant(game, variant, rams_rules.RamsRules)
    return rams_rules.jacks_at_discard(read_cards(given["dealt"]), read_cards(given.get("bought")), v.jacks)


def rams_jacks_finish(game: str, given: dict[str, Any], variant: dict[str, Any]) -> bool:
    v = _variant(game, variant, rams_rules.RamsRules)
    return rams_rules.jacks_finish(int(given["record"]), read_cards(given["hand"]), v.jacks)


def petukh_trump_card(game: str, given: dict[str, Any], variant: dict[str, Any]) -> dict[str, Any]:
    card = petukh.trump_card(read_cards(given["dealer_hand"]))
    return {"trump": card.suit.value, "shown": str(card)}


def petukh_may_exchange(game: str, given: dict[str, Any], variant: dict[str, Any]) -> bool:
    return petukh.may_exchange(list(given["records"]), int(given["seat"]))


def petukh_boys(game: str, given: dict[str, Any], variant: dict[str, Any]) -> int:
    return petukh.boys(read_cards(given["hand"]), Suit.parse(given["trump"]))


def petukh_deal_score(game: str, given: dict[str, Any], variant: dict[str, Any]) -> int:
    record = int(given["record"])
    return _total(record, petukh.deal_score(record, int(given["tricks"]), int(given.get("boys", 0))))


RUNNERS: dict[str, Runner] = {
    "loo.check_players": check_players,
    "loo.deck_size": deck_size,
    "loo.deck_contains": deck_contains,
    "loo.seat_order": seat_order,
    "loo.first_dealer": first_dealer,
    "loo.next_dealer": next_dealer,
    "loo.after_misdeal": after_misdeal,
    "loo.deal": deal,
    "loo.trump": trump,
    "loo.bid_options": bid_options,
    "loo.may_pass": may_pass,
    "loo.bid_order": bid_order,
    "loo.buy": buy,
    "loo.deal_void": deal_void,
    "loo.first_leader": first_leader,
    "loo.legal_plays": legal,
    "loo.trick_winner": winner,
    "loo.start_record": start_record,
    "loo.winners": winners,
    "loo.settlement": settlement,
    "mushka.deal_score": mushka_deal_score,
    "pamphil.declare_payment": pamphil_declare_payment,
    "pamphil.turned_pamphil": pamphil_turned,
    "pamphil.five_of_a_suit": pamphil_five,
    "rams.ace_values": rams_ace_values,
    "rams.deal_score": rams_deal_score,
    "rams.dealer_takes_turned": rams_dealer_takes_turned,
    "rams.exposed_buy": rams_exposed_buy,
    "rams.revoke": rams_revoke,
    "rams.five_of_a_suit": rams_five,
    "rams.rams_hand": rams_hand,
    "rams.rams_show": rams_show,
    "rams.jacks_value": rams_jacks_value,
    "rams.jacks_at_discard": rams_jacks_at_discard,
    "rams.jacks_finish": rams_jacks_finish,
    "petukh.trump_card": petukh_trump_card,
    "petukh.may_exchange": petukh_may_exchange,
    "petukh.boys": petukh_boys,
    "petukh.deal_score": petukh_deal_score,
}
"""Runner name -> ``runner(game, given, variant)``: the game is the catalogue's."""
