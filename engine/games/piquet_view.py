"""What a Piquet table shows: the declarations in the text's words (with the English), the
view a seat may see (the generic keys every game's view carries: calls, contest, shows,
piles, seat counts, the cards taken, the ledger, the previous deal), and the summary of a
finished deal (:meth:`~engine.game.GameState.deal_summary`'s shape).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.game import Action, fact
from engine.table_view import account, item
from engine.games.piquet_rules import (CAPOT, CARTE_BLANCHE, DECLARE, ELDER_EXCHANGE, LOOK, REPLY_KINDS,
                                       YOUNGER_EXCHANGE, Combo)

if TYPE_CHECKING:
    from engine.games.piquet import PiquetState

__all__ = ["CATEGORY_WORDS", "REPLY_WORDS", "combo_text", "call_text", "view", "calls", "contest", "piles", "seat_counts", "taken",
           "ledger", "deal_summary"]

CATEGORY_WORDS = {"carte-blanche": "carte blanche", "point": "point", "sequence": "sequences", "set": "sets"}
_CARDS_RU = {1: "Одна карта", 2: "Две карты", 3: "Три карты", 4: "Четыре карты", 5: "Пять карт", 6: "Шесть карт",
             7: "Семь карт", 8: "Восемь карт"}
_NUMBER = {1: "one", 2: "two", 3: "three", 4: "four", 5: "five", 6: "six", 7: "seven", 8: "eight"}
_RUN = {3: "tierce", 4: "quart", 5: "quint", 6: "sixième", 7: "septième", 8: "huitième"}
_RANKS = {14: "aces", 13: "kings", 12: "queens", 11: "jacks", 10: "tens"}
_TOP = {14: "ace", 13: "king", 12: "queen", 11: "jack", 10: "ten", 9: "nine", 8: "eight"}
REPLY_WORDS = {"good": "Good («Годится»)", "not_good": "Not good («Не годится»)", "equal": "Equal («Равны»)"}
"""A reply as the text has it, with the English (a button's words, and, lower-cased, the call said)."""
_DEALING = (CARTE_BLANCHE, ELDER_EXCHANGE, YOUNGER_EXCHANGE, LOOK, DECLARE, CAPOT)


def combo_text(combo: Combo, full: bool = False) -> str:
    """A combination as it is declared: "five cards («Пять карт»)", "five cards, making 48";
    "a quint", "a quint to the king"; "four queens"."""
    size, second = combo.key
    if combo.kind == "point":
        said = f"{_NUMBER[size]} cards («{_CARDS_RU[size]}»)"
        return f"{said}, making {second}" if full else said
    if combo.kind == "sequence":
        return f"a {_RUN[size]}" + (f" to the {_TOP[second]}" if full else "")
    return f"{_NUMBER[size]} {_RANKS[second]}"


def call_text(state: PiquetState, action: Action) -> str:
    """A declaration's call in words, for a button."""
    seat = state.current_player()
    if action.kind in REPLY_KINDS.values():
        return REPLY_WORDS[action.kind]
    if action.kind == "claim":
        return "Claim carte blanche"
    if action.kind == "sink":
        return f"Keep the {CATEGORY_WORDS.get(state.category, state.category)} back"
    combo = state.combo(seat, str(action.value)) if seat is not None and action.value else None
    return f"Declare {combo_text(combo, full=combo.kind == 'set')}" if combo else action.label


def _hand(state: PiquetState, p: int, seat: int | None) -> Any:
    if seat is None or p == seat:
        return [c._text for c in state.hands[p]]
    return {"count": len(state.hands[p]), "known": [c._text for c, s in state.known.items() if s == p]}


def piles(state: PiquetState, seat: int | None) -> list[dict[str, Any]]:
    talon = {"id": "talon", "label": "Talon", "count": len(state.talon), "face_up": False, "seat": None,
             "trump": False, "rule": "piquet.exchange.look-at-left"}
    visible = state.visible_talon(seat)
    if visible or seat is None:
        talon["cards"] = [c._text for c in visible]
    piles = [talon]
    for p in (state.elder, 1 - state.elder):
        laid = state.pending if state.current_player() == p and state.phase in (ELDER_EXCHANGE, YOUNGER_EXCHANGE) \
            else state.discards[p]
        pile: dict[str, Any] = {"id": f"discards-{p}", "label": f"Seat {p}'s discards", "count": len(laid),
                                "face_up": False, "seat": p, "trump": False, "rule": "piquet.exchange.limits"}
        if seat is None or seat == p:
            pile["cards"] = [c._text for c in laid]
        piles.append(pile)
    return piles


def view(state: PiquetState, seat: int | None) -> dict[str, Any]:
    """What ``seat`` may see (``None``: everything): the header, with the generic keys the
    table draws from the hooks below, and Piquet's own."""
    return state.view_header(seat) | state.trick_view() | {
        "elder": state.elder,
        "hands": [_hand(state, p, seat) for p in (0, 1)],
        "talon": len(state.talon),
        "target": state.params.partie.target,
        "announced_capot": state.announced,
        "deal_entries": [e.to_json() for e in state.deal_entries()],
    }


def calls(state: PiquetState) -> dict[str, Any] | None:
    """The declarations and every call of the deal, and the seat to speak."""
    to_act = state.current_player()
    waiting = [to_act] if to_act is not None and state.PHASES[state.phase].kind == "dialogue" else []
    if not state.said and not waiting:
        return None
    return {"said": [dict(c) for c in state.said], "waiting": waiting,
            "waiting_text": f"Seat {waiting[0]} to speak" if waiting else ""}


def contest(state: PiquetState) -> dict[str, Any] | None:
    """The declarations, category by category."""
    if not state.contest:
        return None
    return {"title": "Declarations", "lines": [dict(line) for line in state.contest]}


def seat_counts(state: PiquetState) -> list[list[dict[str, Any]]]:
    """The points each player has scored this deal."""
    points = state.deal_points()
    return [[item("Points this deal", points[p], "piquet.score.deal-total")] for p in (0, 1)]


def taken(state: PiquetState, seat: int | None) -> dict[str, Any] | None:
    """The cards ``seat`` drew from the talon, to him, while the deal is dealt and declared."""
    if seat is not None and state.phase in _DEALING and state.exchanged_by[seat]:
        return {"seat": seat, "cards": [c._text for c in state.drew[seat]], "note": "drawn from the talon"}
    return None


def ledger(state: PiquetState) -> dict[str, Any]:
    """The columns' target, and the deal's points as an account."""
    return {"unit": state.UNIT, "start": None, "start_rule": None, "target": state.params.partie.target,
            "target_rule": "piquet.partie.length", "lower_is_better": False,
            "accounts": [account("points", "Points this deal", "piquet.score.deal-total", state.deal_points())]}


_KINDS = {"piquet.carte-blanche.score": "Carte blanche", "piquet.point.length": "Point",
          "piquet.point.equal-length": "Point", "piquet.sequence.values": "Sequences",
          "piquet.sequence.all-lesser": "Sequences", "piquet.sequence.major-bonus": "Sequences",
          "piquet.set.values": "Sets", "piquet.set.all-lesser": "Sets", "piquet.declare.all-counted": "All counted",
          "piquet.bonus.repique": "Repique", "piquet.bonus.pique": "Pique", "piquet.play.trick-points": "Play",
          "piquet.play.last-trick": "Play", "piquet.play.leza": "Leza", "piquet.play.capot": "Capot",
          "piquet.play.open-capot": "Open capot"}
_RULE_OF = {"Carte blanche": "piquet.carte-blanche.score", "Point": "piquet.point.length",
            "Sequences": "piquet.sequence.rank", "Sets": "piquet.set.rank", "All counted": "piquet.declare.all-counted",
            "Repique": "piquet.bonus.repique", "Pique": "piquet.bonus.pique", "Play": "piquet.play.trick-points",
            "Leza": "piquet.play.leza", "Capot": "piquet.play.capot", "Open capot": "piquet.play.open-capot"}


def deal_summary(state: PiquetState, deal: int) -> dict[str, Any]:
    """A finished deal: for each player what he scored, by kind (the ledger's entries of the
    deal), his tricks, his total and what his column gained; for the deal, that there are no
    trumps, the elder, and the end of the partie."""
    row = state._finished_deal(deal)
    elder, totals, tricks, announced, _ = state._closed[deal - 1]
    by_kind: list[dict[str, int]] = [{}, {}]
    for entry in state.ledger.in_deal(deal, "points"):
        kind = _KINDS.get(entry.rule)
        if kind is not None and entry.amount:
            by_kind[entry.side][kind] = by_kind[entry.side].get(kind, 0) + entry.amount
    side_facts, side_texts = [], []
    for seat in (0, 1):
        role = "elder" if seat == elder else "younger"
        items = [fact("Hand", role, "piquet.deal.hands")]
        items += [fact(kind, points, _RULE_OF[kind]) for kind, points in by_kind[seat].items()]
        items += [fact("Tricks", tricks[seat], "piquet.play.trick-winner"),
                  fact("Deal total", totals[seat], "piquet.score.deal-total")]
        gained = sum(e["points"] for e in row["entries"] if e["side"] == seat)
        scored = ", ".join(f"{k.lower()} {v}" for k, v in by_kind[seat].items()) or "nothing"
        side_texts.append(f"seat {seat} ({role}): {scored}; {tricks[seat]} tricks; {totals[seat]} in all, "
                          f"{gained} written")
        side_facts.append(items)
    facts = [fact("Trumps", "none: piquet is played without trumps", "piquet.play.trick-winner"),
             fact("Elder", f"seat {elder}", "piquet.play.first-lead")]
    if announced is not None:
        facts.append(fact("Open capot announced", f"seat {announced}", "piquet.play.open-capot"))
    outcome = state.outcome()
    ending = None
    if outcome is not None and deal == state.deal_number:
        ending = (outcome.rule or "piquet.partie.length", outcome.reason)
    return state._summary(row, side_facts, side_texts, facts, ending)
