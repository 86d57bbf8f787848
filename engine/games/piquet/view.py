"""What a Piquet table shows: the declarations in the text's words (with the English), the
view a seat may see (the generic keys every game's view carries: calls, contest, shows,
piles, seat counts, the cards taken, the ledger, the previous deal), and the summary of a
finished deal (:meth:`~engine.game.GameState.deal_summary`'s shape).
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, NamedTuple

from engine.view_types import Call, Calls, Contest, HiddenHand, LedgerView, Pile, SeatCount, Taken, View
from engine.game import Action, fact
from engine.i18n import N_, Text, _, tr
from engine.table_view import account, item, line, pile
from engine.games.piquet.rules import (CAPOT, CARTE_BLANCHE, DECLARE, ELDER_EXCHANGE, LOOK, REPLY_KINDS,
                                       YOUNGER_EXCHANGE, Combo)

if TYPE_CHECKING:
    from engine.games.piquet.state import PiquetState

__all__ = ["CATEGORY_WORDS", "CATEGORY_TITLES", "REPLY_WORDS", "REPLY_SAID", "Combos", "combo_text", "call_text",
           "category_words", "cards_said", "view", "calls", "contest", "piles", "seat_counts", "taken", "ledger",
           "deal_summary"]

CATEGORY_WORDS = {"carte-blanche": N_("carte blanche"), "point": N_("point"), "sequence": N_("sequences"),
                  "set": N_("sets")}
"""A category of the declarations in words (a prompt's ``what``), as an English template."""
CATEGORY_TITLES = {"carte-blanche": N_("Carte blanche"), "point": N_("Point"), "sequence": N_("Sequences"),
                   "set": N_("Sets")}
"""A category as a heading (the contest's lines, the reasons of its scores)."""
_POINT = {1: N_("one cards («Одна карта»)"), 2: N_("two cards («Две карты»)"), 3: N_("three cards («Три карты»)"),
          4: N_("four cards («Четыре карты»)"), 5: N_("five cards («Пять карт»)"), 6: N_("six cards («Шесть карт»)"),
          7: N_("seven cards («Семь карт»)"), 8: N_("eight cards («Восемь карт»)")}
"""A point declared, by its length: the English with the text's words."""
_RUN = {3: N_("a tierce"), 4: N_("a quart"), 5: N_("a quint"), 6: N_("a sixième"), 7: N_("a septième"),
        8: N_("a huitième")}
_TOP = {14: N_("{} to the ace"), 13: N_("{} to the king"), 12: N_("{} to the queen"), 11: N_("{} to the jack"),
        10: N_("{} to the ten"), 9: N_("{} to the nine"), 8: N_("{} to the eight")}
"""A sequence named in full: the run, by its top card."""
_SETS = {(3, 14): N_("three aces"), (3, 13): N_("three kings"), (3, 12): N_("three queens"), (3, 11): N_("three jacks"),
         (3, 10): N_("three tens"), (4, 14): N_("four aces"), (4, 13): N_("four kings"), (4, 12): N_("four queens"),
         (4, 11): N_("four jacks"), (4, 10): N_("four tens")}
REPLY_WORDS = {"good": N_("Good («Годится»)"), "not_good": N_("Not good («Не годится»)"), "equal": N_("Equal («Равны»)")}
"""A reply as the text has it, with the English (a button's words)."""
REPLY_SAID = {"good": N_("good («Годится»)"), "not_good": N_("not good («Не годится»)"), "equal": N_("equal («Равны»)")}
"""A reply as the call said (the button's words, lower-cased)."""
_KEEP_BACK = {"carte-blanche": N_("Keep the carte blanche back"), "point": N_("Keep the point back"),
              "sequence": N_("Keep the sequences back"), "set": N_("Keep the sets back")}
_DEALING = (CARTE_BLANCHE, ELDER_EXCHANGE, YOUNGER_EXCHANGE, LOOK, DECLARE, CAPOT)


def combo_text(combo: Combo, full: bool = False) -> Text:
    """A combination as it is declared, written when read: "five cards («Пять карт»)",
    "five cards («Пять карт»), making 48"; "a quint", "a quint to the king"; "four queens".

    >>> from engine.games.piquet.rules import best_point
    >>> from engine.cards import parse_cards
    >>> str(combo_text(best_point(parse_cards("AS KS 9S 8S 7S")), full=True))
    'five cards («Пять карт»), making 45'
    """
    size, second = combo.key
    if combo.kind == "point":
        said = Text(_POINT[size])
        return Text("{}, making {}", said, second) if full else said
    if combo.kind == "sequence":
        run = Text(_RUN[size])
        return Text(_TOP[second], run) if full else run
    return Text(_SETS[size, second])


class Combos(NamedTuple):
    """Combinations in a sentence kept for later, written when read, ``; `` between them."""

    combos: tuple[Combo, ...]
    full: bool

    def __str__(self) -> str:
        return "; ".join(str(combo_text(c, self.full)) for c in self.combos)


def category_words(category: str) -> str:
    """A category of the declarations in words, in the reader's language (a prompt's ``what``)."""
    return _(CATEGORY_WORDS[category]) if category in CATEGORY_WORDS else category


def cards_said(n: int) -> Text:
    """``n`` cards as a sentence kept for later says them: "3 card(s)"."""
    return Text("{} card(s)", n, plural=("{} card(s)", n))


def call_text(state: PiquetState, action: Action) -> Text | str:
    """A declaration's call in words, for a button (a sentence written when read: a refusal
    keeps it)."""
    seat = state.current_player()
    if action.kind in REPLY_KINDS.values():
        return Text(REPLY_WORDS[action.kind])
    if action.kind == "claim":
        if action.value is not None:
            return Text("Claim carte blanche, exchanging {}", action.value)
        return Text("Claim carte blanche")
    if action.kind == "sink":
        return Text(_KEEP_BACK[state.category]) if state.category in _KEEP_BACK else Text("Keep it back")
    combo = state.combo(seat, str(action.value)) if seat is not None and action.value else None
    if combo is not None:
        return Text("Declare {}", Combos((combo,), combo.kind == "set"))
    return Text("Declare") if action.kind == "declare" and action.value is None else action.label


def _hand(state: PiquetState, p: int, seat: int | None) -> list[str] | HiddenHand:
    if seat is None or p == seat:
        return [c._text for c in state.hands[p]]
    return {"count": len(state.hands[p]), "known": [c._text for c, s in state.known.items() if s == p]}


def piles(state: PiquetState, seat: int | None) -> list[Pile]:
    talon: Pile = {"id": "talon", "label": _("Talon"), "count": len(state.talon), "face_up": False, "seat": None,
                   "trump": False, "rule": "piquet.exchange.look-at-left"}
    visible = state.visible_talon(seat)
    if visible or seat is None:
        talon["cards"] = [c._text for c in visible]
    piles = [talon]
    for p in (state.elder, 1 - state.elder):
        laid = state.pending if state.current_player() == p and state.phase in (ELDER_EXCHANGE, YOUNGER_EXCHANGE) \
            else state.discards[p]
        piles.append(pile(f"discards-{p}", tr("Seat {}'s discards", p), laid, seat is None or seat == p, seat=p,
                          rule="piquet.exchange.limits"))
    return piles


def view(state: PiquetState, seat: int | None) -> View:
    """What ``seat`` may see (``None``: everything): the header, with the generic keys the
    table draws from the hooks below, no trumps, and the hands (another's as its count and
    the cards of it shown to the table)."""
    return {**state.view_header(seat), **state.trick_view(), "trump": None,
            "hands": [_hand(state, p, seat) for p in (0, 1)], "detail": {}}


def calls(state: PiquetState) -> Calls | None:
    """The declarations and every call of the deal, and the seat to speak."""
    to_act = state.current_player()
    waiting = [to_act] if to_act is not None and state.PHASES[state.phase].kind == "dialogue" else []
    if not state.said and not waiting:
        return None
    said: list[Call] = [{"seat": c["seat"], "kind": c["kind"], "text": str(c["text"]), "rule": c["rule"]}
                        for c in state.said]
    return {"said": said, "waiting": waiting, "waiting_text": tr("Seat {} to speak", waiting[0]) if waiting else ""}


def contest(state: PiquetState) -> Contest | None:
    """The declarations, category by category."""
    if not state.contest:
        return None
    return {"title": _("Declarations"), "lines": [line(c["label"], c["text"], c["rule"], c["muted"]) for c in state.contest]}


def seat_counts(state: PiquetState) -> list[list[SeatCount]]:
    """The points each player has scored this deal."""
    points = state.deal_points()
    return [[item(_("Points this deal"), points[p], "piquet.score.deal-total")] for p in (0, 1)]


def taken(state: PiquetState, seat: int | None) -> Taken | None:
    """The cards ``seat`` drew from the talon, to him, while the deal is dealt and declared."""
    if seat is not None and state.phase in _DEALING and state.exchanged_by[seat]:
        return {"seat": seat, "cards": [c._text for c in state.drew[seat]], "note": _("drawn from the talon")}
    return None


def ledger(state: PiquetState) -> LedgerView:
    """The columns' target, and the deal's points as an account."""
    return {"unit": state.UNIT, "start": None, "start_rule": None, "target": state.params.partie.target,
            "target_rule": "piquet.partie.length", "lower_is_better": False,
            "accounts": [account("points", _("Points this deal"), "piquet.score.deal-total", state.deal_points())]}


_KINDS = {"piquet.carte-blanche.score": N_("Carte blanche"), "piquet.point.length": N_("Point"),
          "piquet.point.equal-length": N_("Point"), "piquet.sequence.values": N_("Sequences"),
          "piquet.sequence.all-lesser": N_("Sequences"), "piquet.sequence.major-bonus": N_("Sequences"),
          "piquet.set.values": N_("Sets"), "piquet.set.all-lesser": N_("Sets"),
          "piquet.declare.all-counted": N_("All counted"), "piquet.bonus.repique": N_("Repique"),
          "piquet.bonus.pique": N_("Pique"), "piquet.play.trick-points": N_("Play"), "piquet.play.last-trick": N_("Play"),
          "piquet.play.leza": N_("Leza"), "piquet.play.capot": N_("Capot"), "piquet.play.open-capot": N_("Open capot")}
_SCORED = {"Carte blanche": N_("carte blanche"), "Point": N_("point"), "Sequences": N_("sequences"),
           "Sets": N_("sets"), "All counted": N_("all counted"), "Repique": N_("repique"), "Pique": N_("pique"),
           "Play": N_("play"), "Leza": N_("leza"), "Capot": N_("capot"), "Open capot": N_("open capot")}
"""A kind of score in the words of the deal's line (lower-cased)."""
_RULE_OF = {"Carte blanche": "piquet.carte-blanche.score", "Point": "piquet.point.length",
            "Sequences": "piquet.sequence.rank", "Sets": "piquet.set.rank", "All counted": "piquet.declare.all-counted",
            "Repique": "piquet.bonus.repique", "Pique": "piquet.bonus.pique", "Play": "piquet.play.trick-points",
            "Leza": "piquet.play.leza", "Capot": "piquet.play.capot", "Open capot": "piquet.play.open-capot"}


def deal_summary(state: PiquetState, deal: int) -> dict[str, Any]:
    """A finished deal: for each player what he scored, by kind (the ledger's entries of the
    deal), his tricks, his total and what his column gained; for the deal, that there are no
    trumps, the elder, and the end of the partie."""
    row = state._finished_deal(deal)
    elder, totals, tricks, announced, _contest = state._closed[deal - 1]
    by_kind: list[dict[str, int]] = [{}, {}]
    for entry in state.ledger.in_deal(deal, "points"):
        kind = _KINDS.get(entry.rule)
        if kind is not None and entry.amount:
            by_kind[entry.side][kind] = by_kind[entry.side].get(kind, 0) + entry.amount
    side_facts, side_texts = [], []
    for seat in (0, 1):
        role = _("elder") if seat == elder else _("younger")
        items = [fact(_("Hand"), role, "piquet.deal.hands")]
        items += [fact(_(kind), points, _RULE_OF[kind]) for kind, points in by_kind[seat].items()]
        items += [fact(_("Tricks"), tricks[seat], "piquet.play.trick-winner"),
                  fact(_("Deal total"), totals[seat], "piquet.score.deal-total")]
        gained = sum(e["points"] for e in row["entries"] if e["side"] == seat)
        scored = ", ".join(f"{_(_SCORED[k])} {v}" for k, v in by_kind[seat].items()) or _("nothing")
        side_texts.append(tr("seat {} ({}): {}; {} tricks; {} in all, {} written", seat, role, scored, tricks[seat],
                             totals[seat], gained))
        side_facts.append(items)
    facts = [fact(_("Trumps"), _("none: piquet is played without trumps"), "piquet.play.trick-winner"),
             fact(_("Elder"), tr("seat {}", elder), "piquet.play.first-lead")]
    if announced is not None:
        facts.append(fact(_("Open capot announced"), tr("seat {}", announced), "piquet.play.open-capot"))
    outcome = state.outcome()
    ending = None
    if outcome is not None and deal == state.deal_number:
        ending = (outcome.rule or "piquet.partie.length", outcome.reason)
    return state._summary(row, side_facts, side_texts, facts, ending)
