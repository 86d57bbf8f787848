"""Runners for Gleek's worked examples (its spec names :data:`RUNNERS`).

Most runners play a real game state, set where the example starts
(:meth:`~engine.games.gleek.state.GleekState.set_position` and
:meth:`~engine.games.gleek.state.GleekState.resume`), through the example's ``actions``
(``"seat:action"``; a seat not to act is refused by
:meth:`~engine.games.gleek.state.GleekState.refusal_for`), and report what the state did:
the winner, the price, the money each seat made under the rule's own ledger entries.

>>> RUNNERS["gleek.vie"]("gleek", {"hands": ["AS KS QS 7S 4H", "AH 10H 9H 4D", "KD QD JD 10D 4C"],
...                                "actions": ["0:vie", "1:pass", "2:pass"]}, {})
{'winner': 0, 'net': [48, -24, -24]}
"""

from __future__ import annotations

from typing import Any

from engine.cards import Card, Rank, Suit, parse_cards
from engine.examples import Runner, cards_text, read_card, read_cards, read_suit
from engine.game import Action
from engine.games.gleek.state import SPEC, GleekState
from engine.games.gleek.rules import (
    EXCHANGE, PLAY, PLAYERS, VIE, dealers_for_game, eldest, gleek_pack, honour_value, order_of_play, ruff_winner, settle,
    share_leftover, stages,
)
from engine.tricks import legal_plays, trick_winner

__all__ = ["RUNNERS"]


def _state(given: dict[str, Any], variant: dict[str, Any]) -> GleekState:
    """A new game under the example's readings, dealt by its dealer (seat 2 by default)."""
    decks = [parse_cards(given["deck"])] if "deck" in given else None
    state = SPEC.new_game(dict(variant), seed=0, decks=decks, first_dealer=int(given.get("dealer", 2)))
    assert isinstance(state, GleekState)
    return state


def _hands(given: dict[str, Any]) -> list[list[Card]]:
    hands = [read_cards(h) for h in given.get("hands", [])]
    return hands + [[] for _ in range(PLAYERS - len(hands))]


def _at(given: dict[str, Any], variant: dict[str, Any], stage: str) -> GleekState:
    """A state at the example's position (its hands, turned card, pot), going on with ``stage``."""
    state = _state(given, variant)
    state.set_position(_hands(given), read_card(given.get("turned")), pot=int(given.get("pot", 0)))
    state.resume(stage)
    return state


def _act(state: GleekState, step: str) -> None:
    seat_text, _, text = step.partition(":")
    seat, action = int(seat_text), Action.parse(text)
    if state.current_player() != seat:
        raise state.refusal_for(seat, action)
    state.apply(action)


def _acts(state: GleekState, given: dict[str, Any]) -> GleekState:
    for step in given.get("actions", []):
        _act(state, step)
    return state


def _net(state: GleekState, prefix: str) -> list[int]:
    """What each seat made this deal under the rules whose ids begin with ``prefix``."""
    net = [0] * PLAYERS
    for entry in state.ledger.in_deal(state.deal_number, "tokens"):
        if entry.rule.startswith(prefix):
            net[entry.side] += entry.amount
    return net


def seats(game: str, given: dict[str, Any], variant: dict[str, Any]) -> dict[str, Any]:
    return {"eldest": eldest(int(given["dealer"])), "order": order_of_play(int(given["dealer"]))}


def coins_to_tokens(game: str, given: dict[str, Any], variant: dict[str, Any]) -> int:
    return _state(given, variant).coins(int(given["coins"]))


def deck(game: str, given: dict[str, Any], variant: dict[str, Any]) -> dict[str, Any]:
    pack = _state(given, variant).pack
    ranks = sorted({c.rank for c in pack}, reverse=True)
    return {"cards": len(pack), "suits": len({c.suit for c in pack}), "ranks": " ".join(str(r) for r in ranks)}


def rank_order(game: str, given: dict[str, Any], variant: dict[str, Any]) -> str:
    return cards_text(sorted(read_cards(given["cards"]), key=lambda c: (c.suit_index, -c.rank_value)))


def next_dealer(game: str, given: dict[str, Any], variant: dict[str, Any]) -> int:
    return _state(given, variant).next_dealer()


def game_dealers(game: str, given: dict[str, Any], variant: dict[str, Any]) -> list[int]:
    return dealers_for_game(int(given["deals"]), int(given["first_dealer"]))


def deal(game: str, given: dict[str, Any], variant: dict[str, Any]) -> dict[str, Any]:
    state = _state(given, variant)
    return {"hands": [cards_text(h) for h in state.hands], "stock": cards_text([state.turned, *state.stock]),
            "turned": str(state.turned), "trump": state.trump.value}


def phases(game: str, given: dict[str, Any], variant: dict[str, Any]) -> list[str]:
    return stages(_state(given, variant).params.tyde_before_tricks)


def auction(game: str, given: dict[str, Any], variant: dict[str, Any]) -> dict[str, Any]:
    state = _acts(_state(given, variant), given)
    return {"winner": state.buyer, "price": state.price}


def bid_split(game: str, given: dict[str, Any], variant: dict[str, Any]) -> list[int]:
    return _net(_acts(_state(given, variant), given), "gleek.stock.bid-split")


def _exchange(given: dict[str, Any], variant: dict[str, Any], discards: list[Card]) -> GleekState:
    """The buyer's exchange from his hand and the stock (its first card turned)."""
    state = _state(given, variant)
    buyer = int(given["buyer"])
    hands: list[list[Card]] = [[] for _ in range(PLAYERS)]
    hands[buyer] = read_cards(given["hand"])
    stock = read_cards(given["stock"])
    state.set_position(hands, stock[0], stock[1:], buyer)
    state.resume(EXCHANGE)
    for card in discards:
        _act(state, f"{buyer}:discard {card}")
    if state.phase == EXCHANGE:
        _act(state, f"{buyer}:take")
    return state


def exchange(game: str, given: dict[str, Any], variant: dict[str, Any]) -> dict[str, Any]:
    state = _exchange(given, variant, read_cards(given["discard"]))
    return {"hand": cards_text(state.hands[int(given["buyer"])]), "table": str(state.turned)}


def view_discards(game: str, given: dict[str, Any], variant: dict[str, Any]) -> str:
    discards = read_cards(given["discards"])
    rest = [c for c in gleek_pack() if c not in discards]
    state = _exchange({**given, "hand": cards_text(discards + rest[:5]), "stock": cards_text(rest[5:13])},
                      variant, discards)
    pile = next(p for p in state.view(int(given["viewer"]))["piles"] if p["id"] == "discards")
    return " ".join(pile.get("cards", []))


def card_flow(game: str, given: dict[str, Any], variant: dict[str, Any]) -> dict[str, int]:
    from engine.bots import make_bot

    state = _state(given, variant)
    bot = make_bot("heuristic", seed=0)
    while state.phase in ("auction", EXCHANGE):
        state.apply(bot.choose(state, state.current_player() or 0))
    turned = next(p for p in state.view(None)["piles"] if p["id"] == "turned")
    return {"in_hands": sum(len(h) for h in state.hands), "discarded": len(state.discards),
            "on_table": turned["count"], "tricks": state.tricks_per_deal}


def ruff_value(game: str, given: dict[str, Any], variant: dict[str, Any]) -> dict[str, Any]:
    state = _state(given, variant)
    state.set_position([read_cards(given["hand"]), [], []], read_card(given.get("turned")))
    ruff = state.ruff(0)
    return {"value": ruff.value, "suit": ruff.suit.value, "four_aces": ruff.four_aces}


def ruff_winner_of(game: str, given: dict[str, Any], variant: dict[str, Any]) -> int:
    state = _state(given, variant)
    state.set_position(_hands(given), read_card(given.get("turned")))
    among = list(given.get("among", range(PLAYERS)))
    return ruff_winner([state.ruff(s) for s in range(PLAYERS)], among, state.dealer)


def vie(game: str, given: dict[str, Any], variant: dict[str, Any]) -> dict[str, Any]:
    state = _acts(_at(given, variant, VIE), given)
    winner = state.ruff_winner_
    out: dict[str, Any] = {"winner": "none" if winner is None else winner, "net": _net(state, "gleek.vie.")}
    if state.params.pot_carries or "pot" in given:
        out["pot"] = state.pot
    return out


def gleeks(game: str, given: dict[str, Any], variant: dict[str, Any]) -> list[int]:
    return list(_at(given, variant, "gleeks").gleek_values)


def gleek_payments(game: str, given: dict[str, Any], variant: dict[str, Any]) -> list[int]:
    return _net(_at(given, variant, "gleeks"), "gleek.gleeks.")


def tyde(game: str, given: dict[str, Any], variant: dict[str, Any]) -> list[int]:
    return _net(_at(given, variant, "gleeks"), "gleek.tyde.")


def _play(state: GleekState, tricks: list[list[str]]) -> GleekState:
    for trick in tricks:
        for card in trick:
            _act(state, f"{state.current_player()}:play {card}")
    return state


def tyde_timing(game: str, given: dict[str, Any], variant: dict[str, Any]) -> dict[str, Any]:
    state = _play(_acts(_at(given, variant, "gleeks"), given), given.get("tricks", []))
    return {"paid": state.tyde_paid, "net": _net(state, "gleek.tyde.")}


def _tricks_state(given: dict[str, Any], variant: dict[str, Any]) -> GleekState:
    """The hands that play the example's tricks (the eldest leading the first, each winner
    the next), played through a state."""
    trump = read_suit(given["trump"])
    assert trump is not None
    tricks = [read_cards(t) for t in given["tricks"]]
    dealer = int(given.get("dealer", 2))
    hands: list[list[Card]] = [[] for _ in range(PLAYERS)]
    leader = eldest(dealer)
    for cards in tricks:
        for i, card in enumerate(cards):
            hands[(leader + i) % PLAYERS].append(card)
        leader = (leader + trick_winner(cards, trump)) % PLAYERS
    used = {c for hand in hands for c in hand}
    turned = read_card(given.get("turned")) or next(
        c for c in gleek_pack() if c.suit is trump and c not in used and not honour_value(c, trump)
        and c.rank is not Rank.FOUR)
    state = _state(given, variant)
    state.set_position(hands, turned)
    state.resume(PLAY)
    return _play(state, [[str(c) for c in t] for t in tricks])


def play_tricks(game: str, given: dict[str, Any], variant: dict[str, Any]) -> dict[str, Any]:
    state = _tricks_state(given, variant)
    leaders = [seats_[0] for seats_, _cards, _winner in state.taken_tricks]
    return {"leaders": leaders, "winners": [winner for _s, _c, winner in state.taken_tricks]}


def count(game: str, given: dict[str, Any], variant: dict[str, Any]) -> list[int]:
    return _tricks_state(given, variant).counted()[0]


def legal(game: str, given: dict[str, Any], variant: dict[str, Any]) -> str:
    hand = read_cards(given["hand"])
    led = Suit.parse(given["led"])
    lead = next(c for c in gleek_pack() if c.suit is led and c not in hand)
    rule = _state(given, variant).params.play
    return cards_text(legal_plays(hand, [lead], read_suit(given["trump"]), rule))


def trick_winner_of(game: str, given: dict[str, Any], variant: dict[str, Any]) -> int:
    return (int(given["leader"]) + trick_winner(read_cards(given["cards"]), read_suit(given["trump"]))) % PLAYERS


def honour(game: str, given: dict[str, Any], variant: dict[str, Any]) -> int:
    suit = read_suit(given["trump"])
    assert suit is not None
    return honour_value(Card.parse(given["card"]), suit)


def settlement(game: str, given: dict[str, Any], variant: dict[str, Any]) -> dict[str, Any]:
    params = _state(given, variant).params
    net, bank = settle(list(given["points"]), params.coin, params.par)
    return {"net": net, "bank": bank}


def game_end(game: str, given: dict[str, Any], variant: dict[str, Any]) -> list[int]:
    _state(given, variant)  # (the readings are checked as a game's)
    return share_leftover(int(given.get("bank", 0)) + int(given.get("pot", 0)), int(given["dealer"]))


RUNNERS: dict[str, Runner] = {
    "gleek.seats": seats, "gleek.coins_to_tokens": coins_to_tokens, "gleek.deck": deck, "gleek.rank_order": rank_order,
    "gleek.next_dealer": next_dealer, "gleek.dealers_for_game": game_dealers, "gleek.deal": deal,
    "gleek.phases": phases, "gleek.auction": auction, "gleek.bid_split": bid_split, "gleek.exchange": exchange,
    "gleek.view_discards": view_discards, "gleek.card_flow": card_flow, "gleek.ruff_value": ruff_value,
    "gleek.ruff_winner": ruff_winner_of, "gleek.vie": vie, "gleek.gleeks": gleeks,
    "gleek.gleek_payments": gleek_payments, "gleek.tyde": tyde, "gleek.tyde_timing": tyde_timing,
    "gleek.play_tricks": play_tricks, "gleek.count": count, "gleek.legal_plays": legal,
    "gleek.trick_winner": trick_winner_of, "gleek.honour_value": honour, "gleek.settlement": settlement,
    "gleek.game_end": game_end,
}
"""Runner name -> ``runner(game, given, variant)``: what Gleek's spec names as its ``examples``."""
