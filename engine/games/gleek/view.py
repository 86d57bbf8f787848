"""What a seat may see of a game of Gleek (:meth:`GleekState.view`) and what a finished
deal comes to (:meth:`GleekState.deal_summary`).

The view carries the keys every game's view carries (:class:`engine.view_types.View`):
``calls`` for the auction, the vie and the Tyde; ``contest`` for the vie (its stake, the
pot, the ruff's winner); ``shows`` for the ruffs, gleeks, mournivals and the Tyde shown;
``piles`` for the stock, the turned card and the buyer's discards; ``seat_counts`` for the
cards and honours won; ``taken``; the ``ledger`` of tokens and coins; ``previous_deal``;
and under ``detail`` the auction and the ruff pot (game-specific: no table reads them).
Nothing in it depends on a card the viewer may not see.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.table_view import account, item, line, pile, show
from engine.view_types import Call, Calls, Contest, HiddenHand, LedgerView, Pile, SeatCount, Show, Taken, View
from engine.game import fact, side_words
from engine.games.gleek.rules import AUCTION, EXCHANGE, PLAYERS, coins_said, order_of_play, tokens_said
from engine.i18n import N_, _, ngettext, tr

if TYPE_CHECKING:
    from engine.games.gleek.state import DealRecord, GleekState

__all__ = ["view", "calls", "contest", "shows", "piles", "seat_counts", "taken", "ledger", "deal_summary"]

_WAITING = {AUCTION: (N_("{} to bid"), N_("{} to bid")), "vie": (N_("{} to speak in the vie"), N_("{} to speak in the vie")),
            "tyde": (N_("{} to show the Tyde or not"), N_("{} to show the Tyde or not"))}
"""Who is yet to speak, by phase: the seats (one, several: the Russian verb agrees)."""


def view(state: GleekState, seat: int | None) -> View:
    """``seat``'s view (``None``: every card face up): the header, with the generic keys the
    table draws from the hooks below, and under ``detail`` the auction (its bids, the high
    bid, who is still in, the buyer and his price) and the tokens in the ruff pot."""
    state.check_seat(seat)
    omniscient = seat is None
    hands: list[list[str] | HiddenHand] = [[str(c) for c in hand] if omniscient or p == seat else {"count": len(hand)}
                                           for p, hand in enumerate(state.hands)]
    high_seat, high_bid = state.bids[-1]
    auction = {"bids": [{"seat": s, "bid": b} for s, b in state.bids], "high": {"seat": high_seat, "bid": high_bid},
               "in": list(state.in_auction), "buyer": state.buyer, "price": state.price or None}
    return {**state.view_header(seat), **state.trick_view(), "trump": state.trump.value, "hands": hands,
            "detail": {"auction": auction, "pot": state.pot}}


def shows(state: GleekState) -> list[Show]:
    """The ruffs shown, the gleeks, the mournivals and the Tyde."""
    return [show(s.seat, s.kind, s.cards, s.value, s.text, s.rule) for s in state.shows]


def taken(state: GleekState, seat: int | None) -> Taken | None:
    """The stock taken into the buyer's hand, to the buyer, while he puts out seven."""
    buyer = state.buyer
    if state.phase == EXCHANGE and state.taken and buyer is not None and seat in (None, buyer):
        return {"seat": buyer, "cards": [str(c) for c in state.taken],
                "note": _("taken from the stock: put out seven of your nineteen cards")}
    return None


def calls(state: GleekState) -> Calls | None:
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
        waiting = list(state.dialogue.turns[max(state.dialogue.turn, 0):])
    text = ngettext(*_WAITING[phase], len(waiting)).format(side_words(waiting)) if waiting else ""
    said: list[Call] = [{"seat": c.seat, "kind": c.kind, "text": str(c.text), "rule": c.rule} for c in state.calls]
    return {"said": said, "waiting": waiting, "waiting_text": text}


def contest(state: GleekState) -> Contest | None:
    vie_calls = [c for c in state.calls if c.rule.startswith("gleek.vie.")]
    if not vie_calls and state.phase != "vie":
        return None
    coin = state.params.coin
    lines = []
    for seat in order_of_play(state.dealer):
        said = [c.text for c in vie_calls if c.seat == seat]
        contestant = seat in (state.vier_, state.challenger)
        lines.append(line(tr("Seat {}", seat), str(said[-1]) if said else _("has not spoken"), "gleek.vie.order",
                          state.vier_ is not None and not contestant))
    if state.stake:
        lines.append(line(_("Stake"), coins_said(state.stake), "gleek.vie.revie"))
    if state.pot:
        lines.append(line(_("Pot"), coins_said(state.pot // coin), "gleek.vie.all-pass"))
    if state.ruff_winner_ is not None:
        lines.append(line(_("The ruff"), tr("won by seat {}", state.ruff_winner_), "gleek.vie.base-payment"))
    elif state.vie_end:
        lines.append(line(_("The ruff"), _("won by no one: the pot waits for a later deal"), "gleek.vie.all-pass"))
    title = tr("The vie of the ruff, round {}", state.vie_round) if state.vie_round > 1 else _("The vie of the ruff")
    return {"title": title, "lines": lines}


def piles(state: GleekState, seat: int | None) -> list[Pile]:
    omniscient = seat is None
    piles: list[Pile] = []
    if state.stock:
        piles.append(pile("stock", _("The stock"), state.stock, omniscient, rule="gleek.deal.stock"))
    owner = state.dealer if state.params.turned_to_dealer else None
    piles.append(pile("turned", _("The turned card"), [state.turned], True, face_up=True, seat=owner, trump=True,
                      rule="gleek.stock.turned-card"))
    if state.discards:
        piles.append(pile("discards", tr("Seat {}'s discards", state.buyer), sorted(state.discards, key=lambda c: c.index),
                          omniscient or seat == state.buyer, seat=state.buyer, rule="gleek.stock.discards"))
    return piles


def seat_counts(state: GleekState) -> list[list[SeatCount]]:
    if not state.taken_tricks:
        return [[] for _ in range(PLAYERS)]
    _points, cards, honours = state.counted()
    return [[item(_("Cards won"), cards[s], "gleek.count.cards"), item(_("Honours"), honours[s], "gleek.count.honours")]
            for s in range(PLAYERS)]


def ledger(state: GleekState) -> LedgerView:
    coin = state.params.coin
    totals = state.totals()
    accounts = [account("tokens", _("Won or lost, in tokens"), "gleek.stakes.units", totals)]
    if coin > 1:
        whole = [int(t / coin) for t in totals]
        accounts += [account("coins", tr("of which whole coins ({} tokens each)", coin), "gleek.stakes.units", whole),
                     account("tokens", _("and tokens over"), "gleek.stakes.units",
                             [t - w * coin for t, w in zip(totals, whole)])]
    return {"unit": "tokens", "start": None, "start_rule": None, "target": None, "target_rule": "gleek.game.length",
            "lower_is_better": False, "accounts": accounts}


# ---------------------------------------------------------------- a finished deal

TURNED_WORDS = (N_("spades: {} turned"), N_("hearts: {} turned"), N_("diamonds: {} turned"), N_("clubs: {} turned"))
"""The deal's trumps, by suit index, with the card turned (its code)."""
TYDE_PAID = {"before-tricks": N_("paid before-tricks"), "gleeks": N_("paid gleeks")}
"""When the Tyde was paid (the deal's record), in words: before the tricks, with the gleeks
(when shown), or in a trick (its number: ``trick 5``)."""

def _money(tokens: int, coin: int) -> str:
    sign = "+" if tokens > 0 else "−" if tokens < 0 else ""
    tokens = abs(tokens)
    if coin == 1 or tokens % coin:
        return sign + ngettext("{} token", "{} tokens", tokens).format(tokens)
    coins = tokens // coin
    return sign + ngettext("{} coin", "{} coins", coins).format(coins)


def _tyde_paid(when: str) -> str:
    if when in TYDE_PAID:
        return _(TYDE_PAID[when])
    return tr("paid trick {}", when.removeprefix("trick "))  # (when it was played: "trick 5")


def _ruff_fact(rec: DealRecord) -> dict[str, Any]:
    if rec.vie_end == "carried":
        return fact(_("The ruff"), _("all passed: no one won it, the pot waits"), "gleek.vie.all-pass")
    how = {"unseen": N_("seat {} won it, let go unseen"), "seen": N_("seat {} won it, after a see"),
           "yielded": N_("seat {} won it, on a yield"), "shown": N_("seat {} won it, after a show"),
           "limit": N_("seat {} won it, shown after three rounds of passes")}[rec.vie_end]
    rule = {"seen": "gleek.vie.see", "yielded": "gleek.vie.yield", "shown": "gleek.vie.show-after-yield",
            "limit": "gleek.vie.all-pass-limit"}.get(rec.vie_end, "gleek.vie.base-payment")
    return fact(_("The ruff"), tr(how, rec.ruff_winner), rule)


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
            did.append(tr("bought the stock at {}", tokens_said(rec.price)))
            items.append(fact(_("The stock"), tr("bought at {}", tokens_said(rec.price)), "gleek.stock.bid-split"))
        else:
            items.append(fact(_("The stock"), tr("seat {} bought it", rec.buyer), "gleek.stock.bid-split"))
        if rec.ruff_winner == seat:
            did.append(_("won the ruff"))
            items.append(fact(_("The ruff"), _("won"), "gleek.vie.base-payment"))
        elif seat in (rec.vier, rec.challenger):
            did.append(_("lost the contest for the ruff"))
            items.append(fact(_("The ruff"), _("contested and lost"), "gleek.vie.order"))
        if rec.gleeks[seat]:
            worth = rec.gleeks[seat]
            did.append(ngettext("gleeks and mournivals worth {} coins", "gleeks and mournivals worth {} coins",
                                worth).format(worth))
            items.append(fact(_("Gleeks and mournivals"), ngettext("{} coins", "{} coins", worth).format(worth),
                              "gleek.gleeks.values"))
        if rec.tyde == seat:
            did.append(_("the Tyde"))
            items.append(fact(_("The Tyde"), _tyde_paid(rec.tyde_paid or ""), "gleek.tyde.payment"))
        items.append(fact(_("Tricks"), rec.tricks[seat], "gleek.play.trick-winner"))
        items.append(fact(_("Count"), tr("{} points ({} cards, {} for honours)", rec.points[seat], rec.cards[seat],
                                         rec.honours[seat]), "gleek.count.cards"))
        items.append(fact(_("Money"), _money(rec.net[seat], coin), "gleek.settle.par"))
        did.append(ngettext("{} trick and {} points", "{} tricks and {} points", rec.tricks[seat]).format(
            rec.tricks[seat], rec.points[seat]))
        side_facts.append(items)
        side_texts.append(tr("seat {}: {}; {}", seat, ", ".join(did), _money(rec.net[seat], coin)))
    raises = ngettext("seat {} bought it at {} tokens after {} raise", "seat {} bought it at {} tokens after {} raises",
                      rec.raises)
    facts = [fact(_("Trumps"), tr(TURNED_WORDS[rec.trump.index], rec.turned), "gleek.deal.stock"),
             fact(_("The stock"), raises.format(rec.buyer, rec.price, rec.raises), "gleek.stock.bid-split"),
             _ruff_fact(rec),
             fact(_("Bank"), tr("{} tokens kept after the deal", rec.bank), "gleek.settle.bank")]
    if rec.pot:
        facts.append(fact(_("Ruff pot"), tr("{} tokens wait for a later deal", rec.pot), "gleek.vie.all-pass"))
    outcome = state.outcome()
    ending = ("gleek.game.length", outcome.reason) if outcome is not None and deal == state.deal_number else None
    return state._summary(row, side_facts, side_texts, facts, ending)
