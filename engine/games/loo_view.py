"""The loo family at the table: its part of the view every game gives (:mod:`engine.table_view`).

The bidding's calls are said in the game's words ("passed", "bought 3"); the seats that
play are those that have not passed; the turned trump and the stock are piles (the stock's
cards to nobody), and so are a buyer's discards while he makes them (to him alone); the
hands shown this deal (five of a suit, a Rams, jacks, boys, the pamphil) are its shows; the
records start at the agreed record and are written down to nothing; at the end the
settlement is an account beside them (and Памфил's side payments, ledger entries of their
own unit, another).

>>> from engine import games
>>> state = games.get("petukh").new_game({"players": 6}, seed=2)
>>> [(p["id"], p["seat"]) for p in state.view(3)["piles"]]
[('trump-card', 0), ('stock', None)]
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.games.loo_rules import OVER, bid_order
from engine.table_view import account, pile, show

if TYPE_CHECKING:
    from engine.games.loo import LooState

__all__ = ["active", "piles", "shows", "accounts"]


def active(state: LooState) -> list[int]:
    """The seats that play the deal: once the bidding is over, those that did not pass (in
    the order of the bidding); until then, those that have not passed yet."""
    if state.active:
        return list(state.active)
    return [s for s in bid_order(state.num_players, state.dealer) if state.bids[s] != "pass"]


def piles(state: LooState, viewer: int | None) -> list[dict[str, Any]]:
    """The turned trump (in the dealer's hand once he took it), the stock (its cards to
    nobody) and the discards a buyer is making (to him)."""
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
