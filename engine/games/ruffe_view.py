"""Ruffe and Trumps at the table: its part of the view every game gives (:mod:`engine.table_view`).

The ruff is a contest (who announced what, who won it, the proof still to come); the
proof is a show; the turned card, the head, the cards set aside in a short deal and the
head-taker's discards are piles; the cards each seat has won are its count.  What a seat
may not see is never written: the suit of another seat's ruff until it is proved, the head
until its taker holds it, the discards but to their maker, the cards set aside to nobody.
A counted deal's summary tells each side's ruffs, tricks, cards and points, and the deal's
trumps, ruff and head.

>>> from engine.games.ruffe import SPEC
>>> view = SPEC.new_game({"players": 3}, seed=5).view(1)
>>> [(p["id"], p["count"], "cards" in p) for p in view["piles"]]
[('turned', 1, True), ('head', 4, False)]
>>> view["contest"]["lines"][0]["text"]
'no announcements yet'
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from engine.actions import Action
from engine.cards import Card, Suit
from engine.game import fact, side_words
from engine.games.ruffe_rules import OVER, RUFF, _SUIT_NAMES
from engine.table_view import item, line, pile, show

if TYPE_CHECKING:
    from engine.games.ruffe import RuffeState

__all__ = ["said", "contest", "shows", "piles", "seat_counts", "deal_summary"]


def _suit_known(state: RuffeState, seat: int, viewer: int | None) -> bool:
    """Whether ``viewer`` knows the suit of ``seat``'s ruff: his own, or proved."""
    return viewer is None or viewer == seat or (bool(state.proofs) and seat in state.ruff_winners_)


def _announced(state: RuffeState, seat: int, value: int, viewer: int | None) -> str:
    suit = next((suit for s, suit, _ in state.announcements if s == seat), None)
    known = suit is not None and _suit_known(state, seat, viewer)
    return f"{value} in {_SUIT_NAMES[suit.index]}" if known and suit is not None else str(value)


def said(state: RuffeState, seat: int, action: Action, viewer: int | None) -> str:
    """An announcement in words: "Ruff 24" (and its suit, where ``viewer`` may know it)."""
    return f"Ruff {_announced(state, seat, int(action.value or 0), viewer)}"


def contest(state: RuffeState, viewer: int | None) -> dict[str, Any] | None:
    """The ruff: the announcements, the seats still to announce, its winner (or nobody),
    and, until it is made, that the proof is to come."""
    announced = state.announcements
    if state._phase == OVER and not announced:
        return None
    n = state.num_players
    words = ", ".join(f"seat {s} {_announced(state, s, value, viewer)}" for s, _, value in announced)
    lines = [line("Announced: ", words or "no announcements yet", "ruffe-and-trumps.ruff.announce")]
    if state._phase == RUFF and len(announced) < n:
        lines.append(line("", f"{n - len(announced)} to announce", muted=True))
    winners = state.ruff_winners_
    if winners:
        best = max(value for _, _, value in announced)
        lines.append(line("", f"The ruff of {best} is won by {side_words(winners)}: 12 points.",
                          "ruffe-and-trumps.ruff.award"))
    elif len(announced) == n:
        lines.append(line("", "Nobody scores the ruff.", "ruffe-and-trumps.ruff.tie"))
    if winners and not state.proofs and state._phase != RUFF:
        lines.append(line("", "The winner shows the ruff once the head is taken and the discards made.",
                          "ruffe-and-trumps.ruff.proof", muted=True))
    return {"title": "The ruff", "lines": lines}


def shows(state: RuffeState) -> list[dict[str, Any]]:
    """The proofs of the ruff: the counted suit as announced, the turned card when it was
    counted, those laid out since shown from the discards (public once made)."""
    out = []
    for proof in state.proofs:
        cards = list(proof["cards"]) + ([proof["turned"]] if proof["turned"] else [])
        notes = []
        if proof["turned"]:
            notes.append(f"with the turned {Card.parse(proof['turned']).symbol}")
        if proof["from_discards"]:
            notes.append(f"{' '.join(Card.parse(c).symbol for c in proof['from_discards'])} from his discards")
        text = (f"Seat {proof['seat']} shows the ruff of {proof['value']} in {_SUIT_NAMES[Suit.parse(proof['suit']).index]}"
                + (f" ({', '.join(notes)})" if notes else ""))
        out.append(show(proof["seat"], "ruff", cards, proof["value"], text, "ruffe-and-trumps.ruff.proof"))
    return out


def piles(state: RuffeState, viewer: int | None) -> list[dict[str, Any]]:
    """The turned card (its suit trumps), the head (to its taker once he holds it), the cards
    set aside in a short deal (to nobody) and the head-taker's discards (to him)."""
    every = viewer is None
    taker = state.head_taker_ if state.head_taken else None
    mine = taker is not None and viewer == taker
    head: list[Card] = state.head_cards if state.head_taken else state.head
    out = [
        pile("turned", "Turned card", [state.turned], True, face_up=True, seat=taker, trump=True,
             rule="ruffe-and-trumps.deal.trump"),
        pile("head", "Head", head, every or mine, seat=taker, rule=state.head_rule or "ruffe-and-trumps.deal.head"),
    ]
    if state.aside:
        out.append(pile("aside", "Set aside", state.aside, every, rule="ruffe-and-trumps.config.short-deal"))
    if state.discards:
        out.append(pile("discards", "Discards", state.discards, every or mine, seat=taker,
                        rule="ruffe-and-trumps.head.discard"))
    return out


def seat_counts(state: RuffeState) -> list[list[dict[str, Any]]]:
    """The cards each seat has won, where the count is of cards (by the ``count`` reading;
    the head-taker's discards among them by the ``head_discards`` reading)."""
    if state.params.count_tricks:
        return [[] for _ in range(state.num_players)]
    won = state._cards_won()
    texts = state._count_texts
    return [[item("Cards won", won[seat], texts[state.side_of(seat)][0])] for seat in range(state.num_players)]


def taken(state: RuffeState) -> tuple[list[Card], str]:
    """The head, taken into the taker's hand (while he lays out four)."""
    return list(state.head_cards), "from the head"


def deal_summary(state: RuffeState, deal: int) -> dict[str, Any]:
    """What happened in a counted deal (the shape of :meth:`GameState.deal_summary`):
    for each side its ruffs announced, the ruff won, the head taken, its tricks
    and cards counted, and its points; for the deal its trumps, ruff and head."""
    row = state._finished_deal(deal)
    (_, _, trump, turned, taker, won, tricks, points, _, announced, ruff_won, head_rule,
     discarded) = state._counted[deal - 1]
    values = {seat: value for seat, _suit, value in announced}
    best = max(values.values(), default=0)
    side_facts: list[list[dict[str, Any]]] = []
    side_texts: list[str] = []
    for side, seats in enumerate(state._sides):
        took = sum(tricks[s] for s in seats)
        did = [f"{took} trick{'s' if took != 1 else ''} ({sum(won[s] for s in seats)} cards counted)"]
        among = len(seats) > 1  # name the partner who did it
        if ruff_won and ruff_won[0] in seats:
            did.append(f"{f'seat {ruff_won[0]} ' if among else ''}won the ruff with {best}")
        if taker is not None and taker in seats:
            did.append(f"{f'seat {taker} ' if among else ''}took the head (his {discarded} discards "
                       f"{'counted' if state.params.discards_count else 'dead'})")
        amount = sum(e["points"] for e in row["entries"] if e["side"] == side)
        side_texts.append(f"{side_words(seats)}: {', '.join(did)}; {amount} point{'s' if amount != 1 else ''}")
        side_facts.append([
            fact("Ruffs announced", ", ".join(f"seat {s}: {values[s]}" for s in seats if s in values),
                 "ruffe-and-trumps.ruff.announce"),
            fact("Tricks", took, "ruffe-and-trumps.play.trick-winner"),
            fact("Cards counted", sum(won[s] for s in seats)),
            fact(f"Points for the {'tricks' if state.params.count_tricks else 'cards'}", points[side],
                 state._count_texts[side][0])])
    if ruff_won:
        ruff = fact("The ruff", f"seat {ruff_won[0]} with {best}", "ruffe-and-trumps.ruff.award")
    else:
        tied = [s for s, v in values.items() if v == best]
        ruff = fact("The ruff", f"seats {' and '.join(map(str, tied))} tie at {best}: nobody scores it",
                    "ruffe-and-trumps.ruff.tie")
    laid = "counted as cards he won" if state.params.discards_count else "dead"
    head = (fact("The head", f"taken by seat {taker}, his {discarded} discards {laid}", head_rule)
            if taker is not None
            else fact("The head", "nobody holds the ace of trumps: set aside untaken", head_rule))
    facts = [fact("Trumps", f"{_SUIT_NAMES[trump.index]}: {turned._text} turned", "ruffe-and-trumps.deal.trump"),
             ruff, head]
    outcome = state._outcome
    ending = ("ruffe-and-trumps.game.end", outcome.reason) if outcome and deal == state.deal_number else None
    return state._summary(row, side_facts, side_texts, facts, ending)
