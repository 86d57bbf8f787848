"""The part of every game's view the table draws, in one shape for every game.

A table that knows no game reads only these keys (``docs/reference/views.md``; their types
are :class:`engine.view_types.TableKeys`, from which ``engine/view.schema.json`` is written),
so a new game adds an engine module and no table code:

- ``active``: the seats that play the deal;
- ``calls``: the deal's dialogue so far (each call's seat, kind, words and rule; the seats
  yet to speak), recorded by :class:`~engine.phases.Dialogue` as the calls are made;
- ``contest``: a dialogue that is a contest (Ruffe's ruff), in lines;
- ``shows``: the hands or parts of hands shown this deal;
- ``piles``: the piles on the felt besides the trick (the head, the stock, the turned card,
  discards), each with only the cards the viewer may see (all, none, or some: Piquet's
  talon shows the elder the cards he left of his five);
- ``seat_counts``: what each seat has gathered besides its tricks;
- ``taken``: the cards the viewer took into his hand in the exchange on now;
- ``ledger``: the score's unit, start and target with their rules, the accounts kept
  besides the score (side payments, a settlement), and ``entries``, every entry of the deal
  in progress and the deal before it in every unit (:func:`ledger_entries`);
- ``previous_deal``: the last finished deal, as :meth:`~engine.game.GameState.deal_summary`
  gives it;
- ``unavailable``: the calls of the dialogue on now that the rules do not allow the seat to
  act (for that seat), so that a table may draw them unavailable and let the reader try one.

A game gives its part through the partie's hooks (:meth:`~engine.partie.Partie.piles_view`
and the others); the functions below make the items, so that every game writes them alike.

>>> from engine import games
>>> view = games.get("mushka").new_game({"players": 3}, seed=4).view(1)
>>> [pile["id"] for pile in view["piles"]], view["calls"]["waiting"], view["ledger"]["start"]
(['turned', 'stock'], [1, 2, 0], 25)
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, cast

from engine.cards import Card
from engine.game import fresh
from engine.i18n import Text, _, tr, written_as
from engine.view_types import (Account, Call, Calls, ContestLine, DealSummary, LedgerEntry, LedgerView, Pile, SeatCount,
                               Show, TableKeys, Taken)

if TYPE_CHECKING:
    from engine.partie import Partie
    from engine.phases.dialogue import Dialogue

__all__ = ["pile", "show", "line", "item", "account", "account_totals", "calls", "taken", "ledger", "table_view"]


def pile(id: str, label: str, cards: Sequence[Card], visible: bool, *, face_up: bool = False,
         seat: int | None = None, trump: bool = False, rule: str) -> Pile:
    """A pile on the felt: its ``cards`` counted, and given only when ``visible`` to the viewer."""
    if visible:
        return {"id": id, "label": label, "count": len(cards), "cards": [c._text for c in cards], "face_up": face_up,
                "seat": seat, "trump": trump, "rule": rule}
    return {"id": id, "label": label, "count": len(cards), "face_up": face_up, "seat": seat, "trump": trump,
            "rule": rule}


def show(seat: int, kind: str, cards: Iterable[Card | str], value: int | None, text: str | Text, rule: str) -> Show:
    """A hand (or part of one) shown to the table: the cards, their worth, the sentence and the rule."""
    return {"seat": seat, "kind": kind, "cards": [str(c) for c in cards], "value": value, "text": str(text), "rule": rule}


def line(label: str | Text, text: str | Text, rule: str | None = None, muted: bool = False) -> ContestLine:
    """A line of a contest's box."""
    return {"label": str(label), "text": str(text), "muted": muted, "rule": rule}


def item(label: str, value: int | str, rule: str | None) -> SeatCount:
    """A labelled count of a seat (``seat_counts``)."""
    return {"label": label, "value": value, "rule": rule}


def account(unit: str, label: str, rule: str, totals: Sequence[int | float]) -> Account:
    """An account kept besides the score: its unit, label, rule, and its total per seat or side."""
    return {"unit": unit, "label": label, "rule": rule, "totals": list(totals)}


def account_totals(view: Mapping[str, Any], unit: str) -> list[Any] | None:
    """The totals of a view's account in ``unit`` (``ledger.accounts``), or None when it has none."""
    return next((list(a["totals"]) for a in view["ledger"]["accounts"] if a["unit"] == unit), None)


def calls(state: Partie, viewer: int | None) -> Calls | None:
    """The calls the partie noted (:meth:`~engine.phases.Dialogue.note`), each in the words of
    its dialogue for ``viewer``, and the seats of the dialogue opened last yet to speak."""
    talk = state.dialogue
    if not talk.calls and not talk.turns:
        return None
    phases = state.PHASES
    said: list[Call] = [{"seat": seat, "kind": action.kind, "text": phases[name].said(state, seat, action, viewer),
                         "rule": rule} for seat, action, rule, name in talk.calls]
    spoken = len(talk.calls) - talk.calls_from  # each seat of the order speaks once
    waiting = list(talk.turns[spoken:]) if state._phase != "over" else []
    dialogue = cast("Dialogue[Any]", phases[talk.name])  # (the dialogue opened last this deal)
    text = dialogue.waiting_text
    return {"said": said, "waiting": waiting, "waiting_text": tr(text) if isinstance(text, str) else str(text)}


def ledger(state: Partie) -> LedgerView:
    """The score's unit, start and target with their rules, and an account per other unit of
    the partie's ledger (and those :meth:`~engine.partie.Partie.final_accounts` adds)."""
    book = state.ledger
    accounts = []
    for unit in book.units():
        if unit != state.UNIT:
            first = next(e for e in book.entries if e.unit == unit)
            label = state.ACCOUNT_LABELS.get(unit)  # (a template the game marks with N_)
            accounts.append(account(unit, _(label) if label is not None else unit.capitalize(), first.rule,
                                    book.totals(unit)))
    start, start_rule = state.ledger_start()
    target, target_rule = state.ledger_target()
    return {"unit": state.UNIT, "start": start, "start_rule": start_rule, "target": target,
            "target_rule": target_rule, "lower_is_better": state.lower_is_better,
            "accounts": accounts + state.final_accounts()}


def ledger_entries(state: Partie) -> list[LedgerEntry]:
    """Every entry of the ledger in the deal in progress and in the deal before it, in every
    unit (a payment between players with its counterparty, a point of play, a token into the
    pot), in the order written, each with its deal and unit: what a game writes besides its
    score sheet's unit is in the view too (a deal's last point is written as the next deal
    begins, hence the deal before)."""
    since, entries = state.deal_number - 1, state.ledger.entries
    first = len(entries)
    while first and entries[first - 1].deal >= since:  # (the entries are in deal order: read from the end)
        first -= 1
    return [{"deal": e.deal, "unit": e.unit, **e.to_json()} for e in entries[first:]]


def _previous_deal(state: Partie) -> DealSummary | None:
    deal = next((row.deal for row in reversed(state.ledger.rows) if row.complete), None)
    if deal is None:
        return None
    # A finished deal's summary changes only with the ledger (and the reader's language): kept
    # until then, so that a view does not write it again after every action of the next deal.
    key = (deal, written_as(), len(state.ledger.entries))
    kept = state._shown.get(("previous",))
    if kept is None or kept[0] != key:
        kept = state._shown[("previous",)] = (key, state.deal_summary(deal))
    return cast("DealSummary", fresh(kept[1]))


def taken(state: Partie, viewer: int | None) -> Taken | None:
    """The cards the seat to act took into his hand in the exchange on now (to him only)."""
    to_act = state._to_act
    if to_act is None or viewer not in (None, to_act):
        return None
    got = state.PHASES[state._phase].taken(state, to_act)
    return {"seat": to_act, "cards": [c._text for c in got[0]], "note": got[1]} if got else None


def table_view(state: Partie, viewer: int | None) -> TableKeys:
    """The keys of the module's list, for ``viewer`` (a seat, or None: every card), each from
    the partie's hook of its name (``calls_view``, ``piles_view``...)."""
    to_act = state._to_act
    step = state.PHASES[state._phase]
    unavailable = step.unavailable(state, to_act) if to_act is not None and viewer in (None, to_act) else []
    return {
        "active": state.active_seats(),
        "calls": state.calls_view(viewer),
        "contest": state.contest_view(viewer),
        "shows": state.shows_view(viewer),
        "piles": state.piles_view(viewer),
        "seat_counts": state.seat_counts_view(viewer),
        "taken": state.taken_view(viewer),
        "totals": state.totals(),
        "ledger": {**state.ledger_view(), "entries": ledger_entries(state)},
        "previous_deal": _previous_deal(state),
        "unavailable": [{"action": a.to_json(), "label": state.action_label(a), "text": str(a)} for a in unavailable],
    }
