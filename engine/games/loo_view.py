"""The loo family at the table: its part of the view every game gives (:mod:`engine.table_view`).

The bidding's calls are said in the game's words ("passed", "bought 3"); the seats that
play are those that have not passed; the turned trump and the stock are piles (the stock's
cards to nobody), and so are a buyer's discards while he makes them (to him alone); the
hands shown this deal (five of a suit, a Rams, jacks, boys, the pamphil) are its shows; the
records start at the agreed record and are written down to nothing; at the end the
settlement is an account beside them (and Памфил's side payments, ledger entries of their
own unit, another).  A finished deal's summary tells each seat's bid, shows, tricks and
record, and the deal's trumps.

>>> from engine import games
>>> state = games.get("petukh").new_game({"players": 6}, seed=2)
>>> [(p["id"], p["seat"]) for p in state.view(3)["piles"]]
[('trump-card', 0), ('stock', None)]
"""

from __future__ import annotations

import re
from typing import TYPE_CHECKING, Any

from engine.game import fact
from engine.games.loo_rules import OVER, _plural, _suit_name, bid_order
from engine.table_view import account, pile, show

if TYPE_CHECKING:
    from engine.games.loo import LooState

__all__ = ["active", "piles", "shows", "accounts", "deal_summary"]


def active(state: LooState) -> list[int]:
    """The seats that play the deal: once the bidding is over, those that did not pass (in
    the order of the bidding); until then, those that have not passed yet."""
    if state.active:
        return list(state.active)
    return [s for s in bid_order(state.num_players, state.dealer) if state.bids[s] != "pass"]


def piles(state: LooState, viewer: int | None) -> list[dict[str, Any]]:
    """The turned trump (in the dealer's hand once he took it), the stock (its cards to
    nobody), the discards a buyer is making (to him) and the cards thrown out by the buyers
    before him (to nobody)."""
    rules = state.RULES
    out = []
    turned = state.turned
    if turned is not None:
        out.append(pile("turned", "Turned card", [turned], True, face_up=True,
                        seat=state.dealer if state.turned_taken else None, trump=True, rule=rules.trump))
    out.append(pile("stock", "Stock", state.stock, viewer is None, rule=rules.stock_limit))
    buyer = state.discarding
    if buyer is not None and state.pending:
        out.append(pile("discards", "Discards", state.pending, viewer in (None, buyer), seat=buyer, rule=rules.discard))
    thrown = [card for cards in state.discards.values() for card in cards]
    if thrown:  # (face down, out of the deal: their number only, but to the omniscient view)
        out.append(pile("out", "Thrown out", thrown, viewer is None, rule=rules.discard))
    return out


def shows(state: LooState) -> list[dict[str, Any]]:
    """The hands (or parts) shown this deal, each with its sentence and rule."""
    return [show(s["seat"], s["kind"], s["cards"], s["value"], s["text"], s["rule"]) for s in state.shown]


def accounts(state: LooState) -> list[dict[str, Any]]:
    """At the end, the settlement: what each seat receives (+) or pays (−)."""
    if state._phase != OVER:
        return []
    stake = state.variant.stake
    return [account("settlement", f"Settlement (stake {stake})" if stake else "Settlement", state.RULES.settle,
                    state.settlement())]


def deal_summary(state: LooState, deal: int) -> dict[str, Any]:
    """What happened in a finished deal (the shape of :meth:`GameState.deal_summary`):
    for each seat its bid (passed, stood, bought), what it showed, its tricks, what
    it wrote off or up and its record after; for the deal its trumps, a void deal,
    and the end of the game with the settlement."""
    row = state._finished_deal(deal)
    trump, turned, bids, bought, active, tricks, shown, before, after, paid = state._closed[deal - 1]
    paid_before = state._closed[deal - 2][9] if deal > 1 else (0,) * state.num_players
    rules = state.RULES
    side_facts: list[list[dict[str, Any]]] = []
    side_texts: list[str] = []
    for seat in range(state.num_players):
        bid = bids[seat]
        words = [state.BID_WORDS[bid].format(n=bought[seat]) if bid else "did not bid"]
        items = [fact("Choice", words[0], rules.discard if bid == "buy" else rules.bid)]
        for who, rule, text in shown:
            if who == seat:
                items.append(fact("Shown", text, rule))
                # "Seat 2 shows jacks ..., worth 5: J♠ J♣." -> "shows jacks ..., worth 5" (the cards are in the fact)
                words.append(re.sub(rf"^(the dealer, )?seat {seat},? ", "", text.split(": ")[0], flags=re.I))
        if seat in active and sum(tricks) > 0:  # (not when the shows ended the deal before the play)
            items.append(fact("Tricks", tricks[seat], rules.winner))
            words.append(_plural(tricks[seat], "trick"))
        change = sum(e["points"] for e in row["entries"] if e["side"] == seat)
        items.append(fact("Record", f"{before[seat]} → {after[seat]}"))
        if paid[seat] != paid_before[seat]:
            items.append(fact("Paid outside the record", f"{paid[seat] - paid_before[seat]:+d}"))
        side_facts.append(items)
        written = (f"writes off {-change}" if change < 0 else f"writes up {change}" if change else "writes nothing")
        side_texts.append(f"seat {seat}: {', '.join(words)}; {written} (record {after[seat]})")
    trumps = _suit_name(trump) + (f": {turned} turned" if turned is not None else "")
    facts = [fact("Trumps", trumps, rules.trump)]
    if row.get("void"):
        facts.append(fact("Void deal", row["void"]["why"], row["void"]["rule"]))
    ending = None
    outcome = state._outcome
    if outcome is not None and deal == state.deal_number:
        ending = (rules.tie if len(outcome.winners) > 1 else rules.end, outcome.reason)
        facts.append(fact("Settlement", ", ".join(f"seat {s} {p:+}" for s, p in enumerate(state.settlement())),
                          rules.settle))
    return state._summary(row, side_facts, side_texts, facts, ending)
