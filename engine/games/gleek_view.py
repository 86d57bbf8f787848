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
from engine.games.gleek_rules import AUCTION, EXCHANGE, PLAYERS, coins_said, order_of_play, tokens_said
from engine.i18n import N_, _, ngettext, tr

if TYPE_CHECKING:
    from engine.games.gleek import DealRecord, GleekState

__all__ = ["view", "calls", "contest", "shows", "piles", "seat_counts", "taken", "ledger", "deal_summary"]

_WAITING = {AUCTION: (N_("{} to bid"), N_("{} to bid")), "vie": (N_("{} to speak in the vie"), N_("{} to speak in the vie")),
            "tyde": (N_("{} to show the Tyde or not"), N_("{} to show the Tyde or not"))}
"""Who is yet to speak, by phase: the seats (one, several: the Russian verb agrees)."""


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
    return [s._asdict() | {"cards": [str(c) for c in s.cards], "text": str(s.text)} for s in state.shows]


def taken(state: GleekState, seat: int | None) -> dict[str, Any] | None:
    """The stock taken into the buyer's hand, to the buyer, while he puts out seven."""
    if state.phase == EXCHANGE and state.taken and seat in (None, state.buyer):
        return {"seat": state.buyer, "cards": [str(c) for c in state.taken],
                "note": _("taken from the stock: put out seven of your nineteen cards")}
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
        waiting = list(state.dialogue.turns[max(state.dialogue.turn, 0):])
    text = ngettext(*_WAITING[phase], len(waiting)).format(side_words(waiting)) if waiting else ""
    return {"said": [c._asdict() | {"text": str(c.text)} for c in state.calls], "waiting": waiting, "waiting_text": text}


def contest(state: GleekState) -> dict[str, Any] | None:
    vie_calls = [c for c in state.calls if c.rule.startswith("gleek.vie.")]
    if not vie_calls and state.phase != "vie":
        return None
    coin = state.params.coin
    lines = []
    for seat in order_of_play(state.dealer):
        said = [c.text for c in vie_calls if c.seat == seat]
        contestant = seat in (state.vier_, state.challenger)
        lines.append({"label": tr("Seat {}", seat), "text": str(said[-1]) if said else _("has not spoken"),
                      "muted": state.vier_ is not None and not contestant, "rule": "gleek.vie.order"})
    if state.stake:
        lines.append({"label": _("Stake"), "text": str(coins_said(state.stake)), "muted": False,
                      "rule": "gleek.vie.revie"})
    if state.pot:
        lines.append({"label": _("Pot"), "text": str(coins_said(state.pot // coin)), "muted": False,
                      "rule": "gleek.vie.all-pass"})
    if state.ruff_winner_ is not None:
        lines.append({"label": _("The ruff"), "text": tr("won by seat {}", state.ruff_winner_), "muted": False,
                      "rule": "gleek.vie.base-payment"})
    elif state.vie_end:
        lines.append({"label": _("The ruff"), "text": _("won by no one: the pot waits for a later deal"), "muted": False,
                      "rule": "gleek.vie.all-pass"})
    title = tr("The vie of the ruff, round {}", state.vie_round) if state.vie_round > 1 else _("The vie of the ruff")
    return {"title": title, "lines": lines}


def piles(state: GleekState, seat: int | None) -> list[dict[str, Any]]:
    omniscient = seat is None
    piles: list[dict[str, Any]] = []
    if state.stock:
        piles.append({"id": "stock", "label": _("The stock"), "count": len(state.stock), "face_up": False, "seat": None,
                      "trump": False, "rule": "gleek.deal.stock",
                      **({"cards": [str(c) for c in state.stock]} if omniscient else {})})
    owner = state.dealer if state.params.turned_to_dealer else None
    piles.append({"id": "turned", "label": _("The turned card"), "count": 1, "cards": [str(state.turned)],
                  "face_up": True, "seat": owner, "trump": True, "rule": "gleek.stock.turned-card"})
    if state.discards:
        mine = omniscient or seat == state.buyer
        piles.append({"id": "discards", "label": tr("Seat {}'s discards", state.buyer), "count": len(state.discards),
                      "face_up": False, "seat": state.buyer, "trump": False, "rule": "gleek.stock.discards",
                      **({"cards": [str(c) for c in sorted(state.discards, key=lambda c: c.index)]} if mine else {})})
    return piles


def seat_counts(state: GleekState) -> list[list[dict[str, Any]]]:
    if not state.taken_tricks:
        return [[] for _ in range(PLAYERS)]
    _points, cards, honours = state.counted()
    return [[{"label": _("Cards won"), "value": cards[s], "rule": "gleek.count.cards"},
             {"label": _("Honours"), "value": honours[s], "rule": "gleek.count.honours"}] for s in range(PLAYERS)]


def ledger(state: GleekState) -> dict[str, Any]:
    coin = state.params.coin
    totals = state.totals()
    accounts = [{"unit": "tokens", "label": _("Won or lost, in tokens"), "rule": "gleek.stakes.units", "totals": totals}]
    if coin > 1:
        whole = [int(t / coin) for t in totals]
        accounts += [{"unit": "coins", "label": tr("of which whole coins ({} tokens each)", coin),
                      "rule": "gleek.stakes.units", "totals": whole},
                     {"unit": "tokens", "label": _("and tokens over"), "rule": "gleek.stakes.units",
                      "totals": [t - w * coin for t, w in zip(totals, whole)]}]
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
