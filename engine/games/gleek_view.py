"""What a seat may see of a game of Gleek (:meth:`GleekState.view`) and what a finished
deal comes to (:meth:`GleekState.deal_summary`).

The view carries the generic keys every table reads (``calls`` for the auction, the vie
and the Tyde; ``contest`` for the vie; ``shows`` for the ruffs, gleeks, mournivals and
the Tyde shown; ``piles`` for the stock, the turned card and the buyer's discards;
``seat_counts`` for the cards and honours won; ``taken``; the ``ledger`` of tokens and
coins; ``previous_deal``) and Gleek's own (the auction, the vie, the bank, the pot).
Nothing in it depends on a card the viewer may not see.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.game import fact, side_words
from engine.games.gleek_rules import AUCTION, EXCHANGE, PLAYERS, SUIT_NAMES, order_of_play

if TYPE_CHECKING:
    from engine.games.gleek import DealRecord, GleekState

__all__ = ["view", "calls", "contest", "shows", "piles", "seat_counts", "taken", "ledger", "deal_summary"]

_WAITING = {AUCTION: "to bid", "vie": "to speak in the vie", "tyde": "to show the Tyde or not"}


def view(state: GleekState, seat: int | None) -> dict[str, Any]:
    """``seat``'s view (``None``: every card face up): the header, with the generic keys the
    table draws from the hooks below, and Gleek's own."""
    state.check_seat(seat)
    omniscient = seat is None
    hands: list[Any] = [[str(c) for c in hand] if omniscient or p == seat else {"count": len(hand)}
                        for p, hand in enumerate(state.hands)]
    high_seat, high_bid = state.bids[-1]
    return state.view_header(seat) | state.trick_view() | {
        "trump": state.trump.value,
        "turned_card": str(state.turned),
        "hands": hands,
        "auction": {"bids": [{"seat": s, "bid": b} for s, b in state.bids], "high": {"seat": high_seat, "bid": high_bid},
                    "in": list(state.in_auction), "buyer": state.buyer, "price": state.price or None},
        "vie": {"stage": state.vie_stage, "vier": state.vier_, "challenger": state.challenger, "stake": state.stake,
                "round": state.vie_round, "winner": state.ruff_winner_, "end": state.vie_end or None},
        "bank": state.bank,
        "pot": state.pot,
        "deals_in_game": state.params.deals,
    }


def shows(state: GleekState) -> list[dict[str, Any]]:
    """The ruffs shown, the gleeks, the mournivals and the Tyde."""
    return [s._asdict() | {"cards": [str(c) for c in s.cards]} for s in state.shows]


def taken(state: GleekState, seat: int | None) -> dict[str, Any] | None:
    """The stock taken into the buyer's hand, to the buyer, while he puts out seven."""
    if state.phase == EXCHANGE and state.taken and seat in (None, state.buyer):
        return {"seat": state.buyer, "cards": [str(c) for c in state.taken],
                "note": "taken from the stock: put out seven of your nineteen cards"}
    return None


def calls(state: GleekState) -> dict[str, Any] | None:
    if not state.calls:
        return None
    phase = state.phase
    waiting: list[int] = []
    if phase == AUCTION:
        to_act = state.current_player()
        assert to_act is not None  # (the auction always has a bidder)
        waiting = [to_act] + [s for s in ((to_act + k) % PLAYERS for k in (1, 2))
                              if state.in_auction[s] and s != state.bids[-1][0]]
    elif phase in _WAITING:
        waiting = list(state._turns[max(state._turn, 0):])
    text = f"{side_words(waiting)} {_WAITING[phase]}" if waiting else ""
    return {"said": [c._asdict() for c in state.calls], "waiting": waiting, "waiting_text": text}


def contest(state: GleekState) -> dict[str, Any] | None:
    vie_calls = [c for c in state.calls if c.rule.startswith("gleek.vie.")]
    if not vie_calls and state.phase != "vie":
        return None
    coin = state.params.coin
    lines = []
    for seat in order_of_play(state.dealer):
        said = [c.text for c in vie_calls if c.seat == seat]
        contestant = seat in (state.vier_, state.challenger)
        lines.append({"label": f"Seat {seat}", "text": said[-1] if said else "has not spoken",
                      "muted": state.vier_ is not None and not contestant, "rule": "gleek.vie.order"})
    if state.stake:
        lines.append({"label": "Stake", "text": f"{state.stake} coins", "muted": False, "rule": "gleek.vie.revie"})
    if state.pot:
        lines.append({"label": "Pot", "text": f"{state.pot // coin} coins", "muted": False,
                      "rule": "gleek.vie.all-pass"})
    if state.ruff_winner_ is not None:
        lines.append({"label": "The ruff", "text": f"won by seat {state.ruff_winner_}", "muted": False,
                      "rule": "gleek.vie.base-payment"})
    elif state.vie_end:
        lines.append({"label": "The ruff", "text": "won by no one: the pot waits for a later deal", "muted": False,
                      "rule": "gleek.vie.all-pass"})
    title = "The vie of the ruff" + (f", round {state.vie_round}" if state.vie_round > 1 else "")
    return {"title": title, "lines": lines}


def piles(state: GleekState, seat: int | None) -> list[dict[str, Any]]:
    omniscient = seat is None
    piles: list[dict[str, Any]] = []
    if state.stock:
        piles.append({"id": "stock", "label": "The stock", "count": len(state.stock), "face_up": False, "seat": None,
                      "trump": False, "rule": "gleek.deal.stock",
                      **({"cards": [str(c) for c in state.stock]} if omniscient else {})})
    owner = state.dealer if state.params.turned_to_dealer else None
    piles.append({"id": "turned", "label": "The turned card", "count": 1, "cards": [str(state.turned)],
                  "face_up": True, "seat": owner, "trump": True, "rule": "gleek.stock.turned-card"})
    if state.discards:
        mine = omniscient or seat == state.buyer
        piles.append({"id": "discards", "label": f"Seat {state.buyer}'s discards", "count": len(state.discards),
                      "face_up": False, "seat": state.buyer, "trump": False, "rule": "gleek.stock.discards",
                      **({"cards": [str(c) for c in sorted(state.discards, key=lambda c: c.index)]} if mine else {})})
    return piles


def seat_counts(state: GleekState) -> list[list[dict[str, Any]]]:
    if not state.taken_tricks:
        return [[] for _ in range(PLAYERS)]
    _points, cards, honours = state.counted()
    return [[{"label": "Cards won", "value": cards[s], "rule": "gleek.count.cards"},
             {"label": "Honours", "value": honours[s], "rule": "gleek.count.honours"}] for s in range(PLAYERS)]


def ledger(state: GleekState) -> dict[str, Any]:
    coin = state.params.coin
    totals = state.totals()
    accounts = [{"unit": "tokens", "label": "Won or lost, in tokens", "rule": "gleek.stakes.units", "totals": totals}]
    if coin > 1:
        whole = [int(t / coin) for t in totals]
        accounts += [{"unit": "coins", "label": f"of which whole coins ({coin} tokens each)",
                      "rule": "gleek.stakes.units", "totals": whole},
                     {"unit": "tokens", "label": "and tokens over", "rule": "gleek.stakes.units",
                      "totals": [t - w * coin for t, w in zip(totals, whole)]}]
    return {"unit": "tokens", "start": None, "start_rule": None, "target": None, "target_rule": "gleek.game.length",
            "lower_is_better": False, "accounts": accounts}


# ---------------------------------------------------------------- a finished deal

def _money(tokens: int, coin: int) -> str:
    sign = "+" if tokens > 0 else "−" if tokens < 0 else ""
    tokens = abs(tokens)
    if coin == 1 or tokens % coin:
        return f"{sign}{tokens} token{'s' if tokens != 1 else ''}"
    coins = tokens // coin
    return f"{sign}{coins} coin{'s' if coins != 1 else ''}"


def _ruff_fact(rec: DealRecord) -> dict[str, Any]:
    if rec.vie_end == "carried":
        return fact("The ruff", "all passed: no one won it, the pot waits", "gleek.vie.all-pass")
    how = {"unseen": "let go unseen", "seen": "after a see", "yielded": "on a yield", "shown": "after a show",
           "limit": "shown after three rounds of passes"}.get(rec.vie_end, rec.vie_end)
    rule = {"seen": "gleek.vie.see", "yielded": "gleek.vie.yield", "shown": "gleek.vie.show-after-yield",
            "limit": "gleek.vie.all-pass-limit"}.get(rec.vie_end, "gleek.vie.base-payment")
    return fact("The ruff", f"seat {rec.ruff_winner} won it, {how}", rule)


def deal_summary(state: GleekState, deal: int) -> dict[str, Any]:
    """What happened in a finished deal (the shape of :meth:`GameState.deal_summary`): per
    seat the stock bought or its price received, the ruff, the gleeks, the Tyde, the
    tricks, the count and the money; for the deal its trumps, stock, ruff, bank and pot."""
    row = state._finished_deal(deal)
    rec = state.deal_records[deal - 1]
    coin = state.params.coin
    side_facts: list[list[dict[str, Any]]] = []
    side_texts: list[str] = []
    for seat in range(PLAYERS):
        did = []
        items = []
        if seat == rec.buyer:
            did.append(f"bought the stock at {rec.price} tokens")
            items.append(fact("The stock", f"bought at {rec.price} tokens", "gleek.stock.bid-split"))
        else:
            items.append(fact("The stock", f"seat {rec.buyer} bought it", "gleek.stock.bid-split"))
        if rec.ruff_winner == seat:
            did.append("won the ruff")
            items.append(fact("The ruff", "won", "gleek.vie.base-payment"))
        elif seat in (rec.vier, rec.challenger):
            did.append("lost the contest for the ruff")
            items.append(fact("The ruff", "contested and lost", "gleek.vie.order"))
        if rec.gleeks[seat]:
            did.append(f"gleeks and mournivals worth {rec.gleeks[seat]} coins")
            items.append(fact("Gleeks and mournivals", f"{rec.gleeks[seat]} coins", "gleek.gleeks.values"))
        if rec.tyde == seat:
            did.append("the Tyde")
            items.append(fact("The Tyde", f"paid {rec.tyde_paid}", "gleek.tyde.payment"))
        items.append(fact("Tricks", rec.tricks[seat], "gleek.play.trick-winner"))
        items.append(fact("Count", f"{rec.points[seat]} points ({rec.cards[seat]} cards, {rec.honours[seat]} for "
                          "honours)", "gleek.count.cards"))
        items.append(fact("Money", _money(rec.net[seat], coin), "gleek.settle.par"))
        did.append(f"{rec.tricks[seat]} trick{'s' if rec.tricks[seat] != 1 else ''} and {rec.points[seat]} points")
        side_facts.append(items)
        side_texts.append(f"seat {seat}: {', '.join(did)}; {_money(rec.net[seat], coin)}")
    facts = [fact("Trumps", f"{SUIT_NAMES[rec.trump.index]}: {rec.turned} turned", "gleek.deal.stock"),
             fact("The stock", f"seat {rec.buyer} bought it at {rec.price} tokens after {rec.raises} raise"
                  f"{'s' if rec.raises != 1 else ''}", "gleek.stock.bid-split"),
             _ruff_fact(rec),
             fact("Bank", f"{rec.bank} tokens kept after the deal", "gleek.settle.bank")]
    if rec.pot:
        facts.append(fact("Ruff pot", f"{rec.pot} tokens wait for a later deal", "gleek.vie.all-pass"))
    outcome = state.outcome()
    ending = ("gleek.game.length", outcome.reason) if outcome is not None and deal == state.deal_number else None
    return state._summary(row, side_facts, side_texts, facts, ending)
