"""Ruffe and Trumps at the table: its part of the view every game gives (:mod:`engine.table_view`).

The ruff is a contest (who announced what, who won it, the proof still to come); the
proof is a show; the turned card, the head, the cards set aside in a short deal and the
head-taker's discards are piles; the cards each seat has won are its count.  What a seat
may not see is never written: the suit of another seat's ruff until it is proved, the head
until its taker holds it, the discards but to their maker, the cards set aside to nobody.
A counted deal's summary tells each side's ruffs, tricks, cards and points, and the deal's
trumps, ruff and head.

>>> from engine.games.ruffe.state import SPEC
>>> view = SPEC.new_game({"players": 3}, seed=5).view(1)
>>> [(p["id"], p["count"], "cards" in p) for p in view["piles"]]
[('turned', 1, True), ('head', 4, False)]
>>> view["contest"]["lines"][0]["text"]
'no announcements yet'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.view_types import Contest, Pile, SeatCount, Show
from engine.actions import Action
from engine.cards import Card, Suit
from engine.game import and_words, fact, side_words
from engine.games.ruffe.rules import _IN_SUIT, OVER, RUFF
from engine.i18n import N_, _, ngettext, tr
from engine.table_view import item, line, pile, show

if TYPE_CHECKING:
    from engine.games.ruffe.state import RuffeState

__all__ = ["said", "contest", "shows", "piles", "seat_counts", "deal_summary"]

_HEAD_DID = {(True, True): N_("seat {} took the head (his {} discards counted)"),
             (True, False): N_("seat {} took the head (his {} discards dead)"),
             (False, True): N_("took the head (his {} discards counted)"),
             (False, False): N_("took the head (his {} discards dead)")}
"""What a side did with the head in a deal's summary: by whether the taker is named among
partners, and whether his discards count."""


def _suit_known(state: RuffeState, seat: int, viewer: int | None) -> bool:
    """Whether ``viewer`` knows the suit of ``seat``'s ruff: his own, or proved."""
    return viewer is None or viewer == seat or (bool(state.proofs) and seat in state.ruff_winners_)


def _announced(state: RuffeState, seat: int, value: int, viewer: int | None) -> str:
    suit = next((suit for s, suit, _value in state.announcements if s == seat), None)
    known = suit is not None and _suit_known(state, seat, viewer)
    return f"{value} {_(_IN_SUIT[suit.index])}" if known and suit is not None else str(value)


def said(state: RuffeState, seat: int, action: Action, viewer: int | None) -> str:
    """An announcement in words: "Ruff 24" (and its suit, where ``viewer`` may know it)."""
    return tr("Ruff {}", _announced(state, seat, int(action.value or 0), viewer))


def contest(state: RuffeState, viewer: int | None) -> Contest | None:
    """The ruff: the announcements, the seats still to announce, its winner (or nobody),
    and, until it is made, that the proof is to come."""
    announced = state.announcements
    if state._phase == OVER and not announced:
        return None
    n = state.num_players
    words = ", ".join(tr("seat {} {}", s, _announced(state, s, value, viewer)) for s, _suit, value in announced)
    lines = [line(_("Announced: "), words or _("no announcements yet"), "ruffe-and-trumps.ruff.announce")]
    if state._phase == RUFF and len(announced) < n:
        lines.append(line("", tr("{} to announce", n - len(announced)), muted=True))
    winners = state.ruff_winners_
    if winners:
        best = max(value for _seat, _suit, value in announced)
        lines.append(line("", tr("The ruff of {} is won by {}: 12 points.", best, side_words(winners)),
                          "ruffe-and-trumps.ruff.award"))
    elif len(announced) == n:
        lines.append(line("", _("Nobody scores the ruff."), "ruffe-and-trumps.ruff.tie"))
    if winners and not state.proofs and state._phase != RUFF:
        lines.append(line("", _("The winner shows the ruff once the head is taken and the discards made."),
                          "ruffe-and-trumps.ruff.proof", muted=True))
    return {"title": _("The ruff"), "lines": lines}


def shows(state: RuffeState) -> list[Show]:
    """The proofs of the ruff: the counted suit as announced, the turned card when it was
    counted, those laid out since shown from the discards (public once made)."""
    out = []
    for proof in state.proofs:
        cards = list(proof["cards"]) + ([proof["turned"]] if proof["turned"] else [])
        notes = []
        if proof["turned"]:
            notes.append(tr("with the turned {}", Card.parse(proof["turned"]).symbol))
        if proof["from_discards"]:
            notes.append(tr("{} from his discards", [Card.parse(c) for c in proof["from_discards"]]))
        text = (tr("Seat {} shows the ruff of {} {}", proof["seat"], proof["value"],
                   _(_IN_SUIT[Suit.parse(proof["suit"]).index]))
                + (f" ({', '.join(notes)})" if notes else ""))
        out.append(show(proof["seat"], "ruff", cards, proof["value"], text, "ruffe-and-trumps.ruff.proof"))
    return out


def piles(state: RuffeState, viewer: int | None) -> list[Pile]:
    """The turned card (its suit trumps), the head (to its taker once he holds it), the cards
    set aside in a short deal (to nobody) and the head-taker's discards (to him)."""
    every = viewer is None
    taker = state.head_taker_ if state.head_taken else None
    mine = taker is not None and viewer == taker
    head: list[Card] = state.head_cards if state.head_taken else state.head
    out = [
        pile("turned", _("Turned card"), [state.turned], True, face_up=True, seat=taker, trump=True,
             rule="ruffe-and-trumps.deal.trump"),
        pile("head", _("Head"), head, every or mine, seat=taker, rule=state.head_rule or "ruffe-and-trumps.deal.head"),
    ]
    if state.aside:
        out.append(pile("aside", _("Set aside"), state.aside, every, rule="ruffe-and-trumps.config.short-deal"))
    if state.discards:
        out.append(pile("discards", _("Discards"), state.discards, every or mine, seat=taker,
                        rule="ruffe-and-trumps.head.discard"))
    return out


def seat_counts(state: RuffeState) -> list[list[SeatCount]]:
    """The cards each seat has won, where the count is of cards (by the ``count`` reading;
    the head-taker's discards among them by the ``head_discards`` reading)."""
    if state.params.count_tricks:
        return [[] for _seat in range(state.num_players)]
    won = state._cards_won()
    texts = state._count_texts
    return [[item(_("Cards won"), won[seat], texts[state.side_of(seat)][0])] for seat in range(state.num_players)]


def taken(state: RuffeState) -> tuple[list[Card], str]:
    """The head, taken into the taker's hand (while he lays out four)."""
    return list(state.head_cards), _("from the head")


def deal_summary(state: RuffeState, deal: int) -> dict[str, Any]:
    """What happened in a counted deal (the shape of :meth:`GameState.deal_summary`):
    for each side its ruffs announced, the ruff won, the head taken, its tricks
    and cards counted, and its points; for the deal its trumps, ruff and head."""
    row = state._finished_deal(deal)
    (_deal, _dealer, trump, turned, taker, won, tricks, points, _last, announced, ruff_won, head_rule,
     discarded) = state._counted[deal - 1]
    values = {seat: value for seat, _suit, value in announced}
    best = max(values.values(), default=0)
    side_facts: list[list[dict[str, Any]]] = []
    side_texts: list[str] = []
    for side, seats in enumerate(state._sides):
        took = sum(tricks[s] for s in seats)
        cards = sum(won[s] for s in seats)
        did = [ngettext("{} trick ({} cards counted)", "{} tricks ({} cards counted)", took).format(took, cards)]
        among = len(seats) > 1  # name the partner who did it
        if ruff_won and ruff_won[0] in seats:
            did.append(tr("seat {} won the ruff with {}", ruff_won[0], best) if among
                       else tr("won the ruff with {}", best))
        if taker is not None and taker in seats:
            counted = state.params.discards_count
            did.append(tr(_HEAD_DID[among, counted], taker, discarded) if among
                       else tr(_HEAD_DID[among, counted], discarded))
        amount = sum(e["points"] for e in row["entries"] if e["side"] == side)
        side_texts.append(ngettext("{}: {}; {} point", "{}: {}; {} points", amount).format(
            side_words(seats), ", ".join(did), amount))
        side_facts.append([
            fact(_("Ruffs announced"), ", ".join(tr("seat {}: {}", s, values[s]) for s in seats if s in values),
                 "ruffe-and-trumps.ruff.announce"),
            fact(_("Tricks"), took, "ruffe-and-trumps.play.trick-winner"),
            fact(_("Cards counted"), cards),
            fact(_("Points for the tricks") if state.params.count_tricks else _("Points for the cards"), points[side],
                 state._count_texts[side][0])])
    if ruff_won:
        ruff = fact(_("The ruff"), tr("seat {} with {}", ruff_won[0], best), "ruffe-and-trumps.ruff.award")
    else:
        tied = [s for s, v in values.items() if v == best]
        ruff = fact(_("The ruff"), tr("seats {} tie at {}: nobody scores it", and_words(map(str, tied)), best),
                    "ruffe-and-trumps.ruff.tie")
    head = (fact(_("The head"), tr("taken by seat {}, his {} discards counted as cards he won", taker, discarded)
                 if state.params.discards_count else tr("taken by seat {}, his {} discards dead", taker, discarded),
                 head_rule)
            if taker is not None
            else fact(_("The head"), _("nobody holds the ace of trumps: set aside untaken"), head_rule))
    facts = [fact(_("Trumps"), tr("{}: {} turned", trump.words, turned._text), "ruffe-and-trumps.deal.trump"),
             ruff, head]
    outcome = state._outcome
    ending = ("ruffe-and-trumps.game.end", outcome.reason) if outcome and deal == state.deal_number else None
    return state._summary(row, side_facts, side_texts, facts, ending)
