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

from typing import TYPE_CHECKING, Any

from engine.view_types import Account, Pile, Show
from engine.game import fact
from engine.games.loo.rules import OVER, Payments, bid_order
from engine.i18n import _, ngettext, tr
from engine.table_view import account, pile, show

if TYPE_CHECKING:
    from engine.games.loo.state import LooState

__all__ = ["active", "piles", "shows", "accounts", "deal_summary"]


def active(state: LooState) -> list[int]:
    """The seats that play the deal: once the bidding is over, those that did not pass (in
    the order of the bidding); until then, those that have not passed yet."""
    if state.active:
        return list(state.active)
    return [s for s in bid_order(state.num_players, state.dealer) if state.bids[s] != "pass"]


def piles(state: LooState, viewer: int | None) -> list[Pile]:
    """The turned trump (in the dealer's hand once he took it), the stock (its cards to
    nobody), the discards a buyer is making (to him) and the cards thrown out by the buyers
    before him (to nobody)."""
    rules = state.RULES
    out = []
    turned = state.turned
    if turned is not None:
        out.append(pile("turned", _("Turned card"), [turned], True, face_up=True,
                        seat=state.dealer if state.turned_taken else None, trump=True, rule=rules.trump))
    out.append(pile("stock", _("Stock"), state.stock, viewer is None, rule=rules.stock_limit))
    buyer = state.discarding
    if buyer is not None and state.pending:
        out.append(pile("discards", _("Discards"), state.pending, viewer in (None, buyer), seat=buyer, rule=rules.discard))
    thrown = [card for cards in state.discards.values() for card in cards]
    if thrown:  # (face down, out of the deal: their number only, but to the omniscient view)
        out.append(pile("out", _("Thrown out"), thrown, viewer is None, rule=rules.discard))
    return out


def shows(state: LooState) -> list[Show]:
    """The hands (or parts) shown this deal, each with its sentence and rule."""
    return [show(s["seat"], s["kind"], s["cards"], s["value"], s["text"], s["rule"]) for s in state.shown]


def accounts(state: LooState) -> list[Account]:
    """At the end, the settlement: what each seat receives (+) or pays (−)."""
    if state._phase != OVER:
        return []
    stake = state.variant.stake
    return [account("settlement", tr("Settlement (stake {})", stake) if stake else _("Settlement"), state.RULES.settle,
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
        words = [tr(state.BID_WORDS[bid], n=bought[seat]) if bid else _("did not bid")]
        items = [fact(_("Choice"), words[0], rules.discard if bid == "buy" else rules.bid)]
        for who, rule, text, kind, value in shown:
            if who == seat:
                items.append(fact(_("Shown"), text, rule))
                words.append(tr(state.SHOW_TEXTS[kind][1], value=value))  # (the cards are in the fact)
        if seat in active and sum(tricks) > 0:  # (not when the shows ended the deal before the play)
            items.append(fact(_("Tricks"), tricks[seat], rules.winner))
            words.append(ngettext("{} trick", "{} tricks", tricks[seat]).format(tricks[seat]))
        change = sum(e["points"] for e in row["entries"] if e["side"] == seat)
        items.append(fact(_("Record"), f"{before[seat]} → {after[seat]}"))
        if paid[seat] != paid_before[seat]:
            items.append(fact(_("Paid outside the record"), f"{paid[seat] - paid_before[seat]:+d}"))
        side_facts.append(items)
        written = (tr("writes off {}", -change) if change < 0 else tr("writes up {}", change) if change
                   else _("writes nothing"))
        side_texts.append(tr("seat {}: {}; {} (record {})", seat, ", ".join(words), written, after[seat]))
    trumps = tr("{}: {} turned", trump.words, turned) if turned is not None else str(trump.words)
    facts = [fact(_("Trumps"), trumps, rules.trump)]
    if row.get("void"):
        facts.append(fact(_("Void deal"), row["void"]["why"], row["void"]["rule"]))  # (loo_rules.VOID_WHY, written when read)
    ending = None
    outcome = state._outcome
    if outcome is not None and deal == state.deal_number:
        ending = (rules.tie if len(outcome.winners) > 1 else rules.end, outcome.reason)
        facts.append(fact(_("Settlement"), Payments(state.settlement(), signed=True), rules.settle))
    return state._summary(row, side_facts, side_texts, facts, ending)
