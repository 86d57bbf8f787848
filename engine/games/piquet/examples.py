"""Runners for Piquet's worked examples (its spec names :data:`RUNNERS`).

The examples' seats are "elder" and "younger" within a deal (seat 0 and seat 1: seat 1
deals) and "A" and "B" across a partie (seat 0 and seat 1).  Runners that need a whole deal
play it in a :class:`~engine.games.piquet.state.PiquetState` with a stacked deck (the
declarations, carte blanche's steps, a late declaration, the exchange); the others call the
rule functions of :mod:`engine.games.piquet.rules`.

>>> RUNNERS["piquet.point_value"]("piquet", {"cards": "AS KS 9S 8S"}, {})
38
"""

from __future__ import annotations

from typing import Any

from engine.cards import Card, Suit
from engine.errors import EngineError, IllegalActionError
from engine.examples import Runner, read_card
from engine.game import Action
from engine.i18n import Text
from engine.games.piquet.state import SPEC, PiquetState
from engine.games.piquet.advice import exchange as exchange_advice
from engine.games.piquet.rules import (
    BONUS_RULES, GOOD, LEAD_REASON, PACK, PLAY_RULE, Event, PiquetRules, all_counted, best, bonus_due,
    carte_blanche, category_score, check_exchange, deal_result, first_dealer,
    partie_result, play_events, point_suit, point_value, read_hand, reply, sequence_value, sequences_of,
    sets_of, visible_left)
from engine.ledger import Ledger
from engine.tricks import legal_plays, trick_winner

__all__ = ["RUNNERS", "stacked"]

SEATS = {"elder": 0, "younger": 1, "A": 0, "B": 1}
NAMES = ("elder", "younger")


def _variant(variant: dict[str, Any], **more: str) -> PiquetRules:
    return PiquetRules.from_options(**(dict(variant) | more))


def _params(variant: dict[str, Any]) -> PiquetRules:
    return _variant(variant)


def _seat(name: Any) -> int:
    if name not in SEATS:
        raise EngineError(f"a seat is 'elder' or 'younger' ('A' or 'B' across a partie), not {name!r}")
    return SEATS[name]


def stacked(elder: list[Card], younger: list[Card], variant: PiquetRules,
            talon: list[Card] | None = None) -> PiquetState:
    """A game whose first deal gives these hands (seat 0 the elder, seat 1 the dealer) and this
    talon (top first; by default the rest of the pack in pack order): the position set up by
    :meth:`~engine.partie.Partie.from_position`, which checks it is one the deal can make."""
    rest = list(talon) if talon is not None else [c for c in PACK if c not in elder and c not in younger]
    return PiquetState.from_position(variant, [elder, younger], rest=rest, first_dealer=1)


def _to_declarations(state: PiquetState) -> None:
    """Exchange nothing, leave the talon unseen: on to the declarations."""
    while state.phase in ("elder_exchange", "younger_exchange", "look"):
        state.apply(Action("draw") if state.phase != "look" else Action("leave"))


def _full(given: dict[str, Any]) -> tuple[list[Card], list[Card]]:
    return read_hand(given["elder"], "elder"), read_hand(given["younger"], "younger")


# ---------------------------------------------------------------- the pack, the deal, the exchange

def deck(game: str, given: dict[str, Any], variant: dict[str, Any]) -> dict[str, Any]:
    cards = SPEC.new_game(_variant(variant)).pack  # type: ignore[attr-defined]
    ranks = " ".join(dict.fromkeys(str(c)[:-1] for c in cards))
    return {"cards": len(cards), "ranks": ranks}


def deal(game: str, given: dict[str, Any], variant: dict[str, Any]) -> dict[str, int]:
    state = SPEC.new_game(_variant(variant), seed=int(given["seed"]))
    assert isinstance(state, PiquetState)
    return {"elder": len(state.hands[state.elder]), "younger": len(state.hands[1 - state.elder]),
            "talon": len(state.talon)}


def dealer(game: str, given: dict[str, Any], variant: dict[str, Any]) -> str:
    state = SPEC.new_game(_variant(variant), first_dealer=_seat(given["first_dealer"]))
    assert isinstance(state, PiquetState)
    for _ in range(int(given["deal"]) - 1):
        state.dealer = state.next_dealer()
    return "AB"[state.dealer]


def first_dealer_(game: str, given: dict[str, Any], variant: dict[str, Any]) -> str:
    seat = first_dealer(Card.parse(given["cut_a"]), Card.parse(given["cut_b"]), bool(given["winner_deals"]))
    return "cut-again" if seat is None else "AB"[seat]


def exchange(game: str, given: dict[str, Any], variant: dict[str, Any]) -> int:
    """Check the exchange by the limits, then make it at a table: the elder lays out
    ``elder_took`` (or ``discards``) cards, the younger ``discards``."""
    params = _params(variant)
    seat = _seat(given["seat"])
    count = int(given["discards"])
    elder_took = count if seat == 0 else int(given.get("elder_took", 5))
    check_exchange(seat == 0, count, elder_took, params, seat)
    state = stacked(list(PACK[:12]), list(PACK[12:24]), _variant(variant))
    for who, n in ((0, elder_took), (1, count)):
        if who > seat:
            break
        while state.current_player() == who and len(state.pending) < n:
            state.apply(Action("discard", state.hands[who][0]))
        if state.current_player() == who:
            state.apply(Action("draw"))
    return state.taken[seat]


def left_cards(game: str, given: dict[str, Any], variant: dict[str, Any]) -> int:
    seat = _seat(given["seat"])
    looked = bool(given.get("younger_looked", seat == 1))  # (the younger is entitled to look)
    younger = given.get("younger_took")
    return len(visible_left(seat == 0, int(given["elder_took"]), None if younger is None else int(younger), looked,
                            bool(given.get("after_first_lead", False))))


# ---------------------------------------------------------------- the combinations

_KIND = {"point": "point", "sequences": "sequence", "sets": "set"}


def declarations(game: str, given: dict[str, Any], variant: dict[str, Any]) -> dict[str, dict[str, int]]:
    """Both players declare everything truly (the compulsory reading) at a table: what each scored."""
    state = stacked(*_full(given), _variant(variant, declaring="compulsory"))
    _to_declarations(state)
    return {NAMES[s]: _declared(state, s) for s in (0, 1)}


_COLUMN = {"piquet.carte-blanche.score": "carte_blanche", "piquet.point.length": "point",
           "piquet.point.equal-length": "point", "piquet.sequence.values": "sequences",
           "piquet.sequence.all-lesser": "sequences", "piquet.sequence.major-bonus": "sequences",
           "piquet.set.values": "sets", "piquet.set.all-lesser": "sets", "piquet.declare.all-counted": "all_counted",
           "piquet.bonus.repique": "repique"}


def _declared(state: PiquetState, seat: int) -> dict[str, int]:
    scored = dict.fromkeys(("carte_blanche", "point", "sequences", "sets", "all_counted", "repique"), 0)
    for entry in state.ledger.in_deal(1, "points"):
        if entry.side == seat and entry.rule in _COLUMN:
            scored[_COLUMN[entry.rule]] += entry.amount
    return scored


def _category(kind: str, given: dict[str, Any], variant: dict[str, Any]) -> dict[str, Any]:
    """One category between partial hands, declared truly unless a player ``sunk`` his (the
    younger answering good): the winner and what he scores (the point declared first)."""
    params = _params(variant)
    hands = [read_hand(given["elder"], "elder"), read_hand(given["younger"], "younger")]
    sunk = given.get("sunk")
    if sunk is not None and params.compulsory:
        raise IllegalActionError("piquet.declare.voluntary", Action("good"),
                                 "declaring is compulsory: the younger must answer truly")
    combos = [best(kind, h) for h in hands]
    if sunk is not None:
        combos[_seat(sunk)] = None
    keys = [c.key if c else (0, 0) for c in combos]
    if keys[0] == keys[1]:
        return {"winner": "none", "score": 0}
    winner = 0 if keys[0] > keys[1] else 1
    points = [best("point", h) for h in hands]
    named: list[Suit | None] = [points[0].suit if points[0] else None, None]
    if points[1] and (not points[0] or points[1].key[0] >= points[0].key[0]):
        named[1] = points[1].suit  # (he answered not good or equal, and named his suit)
    for s in (0, 1):
        run = best("sequence", hands[s])
        named[s] = named[s] or (run.suit if run else None)
    amount, extra, _ = category_score(kind, hands[winner], point_suit(hands[winner], named[winner], params), params)
    return {"winner": NAMES[winner], "score": amount + extra}


def point(game: str, given: dict[str, Any], variant: dict[str, Any]) -> dict[str, Any]:
    return _category("point", given, variant)


def sequences(game: str, given: dict[str, Any], variant: dict[str, Any]) -> dict[str, Any]:
    return _category("sequence", given, variant)


def sets(game: str, given: dict[str, Any], variant: dict[str, Any]) -> dict[str, Any]:
    return _category("set", given, variant)


def _replies(kind: str, given: dict[str, Any], steps: int) -> list[str]:
    e, y = best(kind, read_hand(given["elder"], "elder")), best(kind, read_hand(given["younger"], "younger"))
    if e is None:
        raise EngineError(f"the elder holds no {kind} to declare")
    said = [reply(e.key[:1], y.key[:1] if y else None)] if steps == 2 else []
    if not said or said[0] not in (GOOD, "not good"):
        said.append(reply(e.key, y.key if y else None))
    return said


def point_reply(game: str, given: dict[str, Any], variant: dict[str, Any]) -> str:
    return _replies("point", given, 2)[0]


def sequence_reply(game: str, given: dict[str, Any], variant: dict[str, Any]) -> list[str]:
    return _replies("sequence", given, 2)


def set_reply(game: str, given: dict[str, Any], variant: dict[str, Any]) -> str:
    return _replies("set", given, 1)[0]


def point_value_(game: str, given: dict[str, Any], variant: dict[str, Any]) -> int:
    return sum(point_value(c) for c in read_hand(given["cards"], "cards"))


def sequence_value_(game: str, given: dict[str, Any], variant: dict[str, Any]) -> int:
    cards = read_hand(given["cards"], "cards")
    runs = sequences_of(cards)
    if len(runs) != 1 or len(runs[0].cards) != len(cards):
        raise IllegalActionError("piquet.sequence.values", Action("declare", value="sequence"),
                                 f"{' '.join(map(str, cards))} is not a run of one suit in sequence")
    return sequence_value(len(cards))


def combinations(game: str, given: dict[str, Any], variant: dict[str, Any]) -> dict[str, list[str]]:
    hand = read_hand(given["hand"], "hand")
    return {"sequences": [" ".join(map(str, c.cards)) for c in sequences_of(hand)],
            "sets": [" ".join(map(str, c.cards)) for c in sets_of(hand)]}


def carte_blanche_(game: str, given: dict[str, Any], variant: dict[str, Any]) -> int:
    dealt = read_hand(given["dealt"], "dealt") if "dealt" in given else None
    return carte_blanche(read_hand(given["hand"], "hand"), dealt, _params(variant))


_BLANK = [Card.parse(c) for c in "AS 10S 9S 8S AH 10H 9H 8H AD 10D 9D 8D".split()]


def carte_blanche_steps(game: str, given: dict[str, Any], variant: dict[str, Any]) -> list[str]:
    """A deal whose ``holder`` is dealt carte blanche, played by the heuristic (the holder
    exchanging nothing under the after-exchange reading) up to the point: its steps."""
    holder = _seat(given["holder"])
    rest = [c for c in PACK if c not in _BLANK]
    hands = [_BLANK, rest[:12]] if holder == 0 else [rest[:12], _BLANK]
    state = stacked(hands[0], hands[1], _variant(variant), rest[12:])
    while state.phase != "declare" or state.category in ("", "carte-blanche"):
        seat = state.current_player()
        assert seat is not None  # (a deal before its play always has a seat to act)
        legal = state.legal_actions()
        if state.phase.endswith("exchange") and seat == holder and not state.params.blanche_dealt:
            action = Action("draw")
        elif state.phase.endswith("exchange"):
            action = exchange_advice(state, seat, legal)
        else:
            action = next((a for a in legal if a.kind in ("claim", "look")), legal[0])
        state.apply(action)
    return state.steps


def all_counted_(game: str, given: dict[str, Any], variant: dict[str, Any]) -> int:
    hand = read_hand(given["hand"], "hand")
    scored = {}
    for name in given["scoring"]:
        kind = _KIND[name]
        combos = [best("point", hand)] if kind == "point" else (sequences_of if kind == "sequence" else sets_of)(hand)
        scored[kind] = [c for combo in combos if combo for c in combo.cards]
    return all_counted(hand, scored, _params(variant))


# ---------------------------------------------------------------- the ledger's questions, the play

_EVENT_RULES = {"carte_blanche": "piquet.carte-blanche.score", "point": "piquet.point.length",
                "sequences": "piquet.sequence.values", "sets": "piquet.set.values",
                "all_counted": "piquet.declare.all-counted", "trick": "piquet.play.trick-points",
                "lead": "piquet.play.trick-points", "last_trick": "piquet.play.last-trick",
                "cards": "piquet.play.leza", "capot": "piquet.play.capot"}
_ZERO_RULES = {"point": ("piquet.point.length", "piquet.point.full-tie"),
               "sequences": ("piquet.sequence.rank", "piquet.sequence.equal"),
               "sets": ("piquet.set.rank", "piquet.set.rank")}
_PLAY_KINDS = ("lead", "trick", "last_trick", "cards", "capot")


def _write(book: Ledger, seat: int, amount: int, rule: str, reason: str | Text, in_play: bool,
           params: PiquetRules) -> None:
    book.write(1, seat, amount, "points", rule, reason, seat)
    due = bonus_due(list(book.in_deal(1, "points")), seat, 0, in_play, params)
    if due is not None:
        book.write(1, seat, due[0], "points", due[1], "bonus", seat)


def bonuses(game: str, given: dict[str, Any], variant: dict[str, Any]) -> dict[str, int]:
    """Scoring events in order, written to a ledger: the repique and pique they bring."""
    params = _params(variant)
    silenced = _seat(given["silenced"]) if "silenced" in given else None
    book = Ledger(2)
    book.open_deal(1, 1)
    for event in given["events"]:
        seat, kind, amount = _seat(event[0]), str(event[1]), int(event[2])
        in_play = kind in _PLAY_KINDS
        if seat == silenced and (in_play or not params.penalty[0]):
            continue  # (playing silent: he scores nothing, and his declarations are void)
        rule = _EVENT_RULES[kind]
        if amount == 0 and kind in _ZERO_RULES:
            rule = _ZERO_RULES[kind][len(event) > 3 and event[3] == "equal"]
        _write(book, seat, amount, rule, LEAD_REASON if kind == "lead" else kind, in_play, params)
    won = [0, 0]
    for entry in book.entries:
        if entry.rule in BONUS_RULES:
            won[entry.side] += entry.amount
    return {"elder": won[0], "younger": won[1]}


def late_declaration(game: str, given: dict[str, Any], variant: dict[str, Any]) -> str:
    """A declaration before the first lead, or after it, at a table."""
    seat = _seat(given["seat"])
    state = stacked(list(PACK[:12]), list(PACK[12:24]), _variant(variant))
    _to_declarations(state)
    if given.get("after_first_lead"):
        while state.phase != "play":
            state.apply(state.heuristic_action(state.current_player() or 0))
        state.apply(state.legal_actions()[0])
    elif state.current_player() != seat:
        raise EngineError(f"the declarations begin with the elder, not seat {seat}")
    state.apply(Action("declare", value="point"))
    return "accepted"


def trick_winner_(game: str, given: dict[str, Any], variant: dict[str, Any]) -> str:
    trick = [Card.parse(given["lead"]), Card.parse(given["follow"])]
    return ("leader", "follower")[trick_winner(trick, None)]


def legal_plays_(game: str, given: dict[str, Any], variant: dict[str, Any]) -> list[str]:
    led = read_card(given["led"])
    return [str(c) for c in legal_plays(read_hand(given["hand"], "hand"), [led] if led else [], None, PLAY_RULE)]


def _tricks(given: dict[str, Any]) -> list[tuple[int, int]]:
    """The tricks as [leader, winner], or [leader, winner, card led] where the count needs the card."""
    return [(_seat(trick[0]), _seat(trick[1])) for trick in given["tricks"]]


def _led(given: dict[str, Any]) -> list[Card | None]:
    """The card led to each trick where the example gives it (a third item), else None."""
    return [read_card(trick[2]) if len(trick) > 2 else None for trick in given["tricks"]]


def _play(given: dict[str, Any], params: PiquetRules) -> list[Event]:
    announced = given.get("open_capot")
    if announced is not None and not params.open_capot:
        raise IllegalActionError("piquet.play.open-capot", Action("announce", value="capot"),
                                 "this reading has no announced capot")
    return play_events(_tricks(given), 0, params, None if announced is None else _seat(announced), _led(given))


def trick_points(game: str, given: dict[str, Any], variant: dict[str, Any]) -> dict[str, int]:
    return play_score(game, given, variant)


def play_score(game: str, given: dict[str, Any], variant: dict[str, Any]) -> dict[str, int]:
    won = [0, 0]
    for seat, _rule, amount, _why in _play(given, _params(variant)):
        won[seat] += amount
    return {"elder": won[0], "younger": won[1]}


def deal_score(game: str, given: dict[str, Any], variant: dict[str, Any]) -> dict[str, int]:
    """The declarations made truly at a table, then the points of the tricks given, with the
    pique they may bring: each player's total for the deal."""
    params = _params(variant)
    state = stacked(*_full(given), _variant(variant, declaring="compulsory"))
    _to_declarations(state)
    book = Ledger(2)
    book.open_deal(1, 1)
    for e in state.ledger.in_deal(1, "points"):
        book.write(1, e.side, e.amount, "points", e.rule, e.reason, e.seat)
    for seat, rule, amount, why in _play(given, params):
        _write(book, seat, amount, rule, why, True, params)
    totals = book.totals("points")
    return {"elder": totals[0], "younger": totals[1]}


def deal_result_(game: str, given: dict[str, Any], variant: dict[str, Any]) -> dict[str, Any]:
    silenced = _seat(given["silenced"]) if "silenced" in given else None
    declared = [int(given.get("elder_declarations", 0)), int(given.get("younger_declarations", 0))]
    winner, recorded, _ = deal_result([int(given["elder"]), int(given["younger"])], _params(variant), silenced,
                                      declared)
    return {"winner": "none" if winner is None else NAMES[winner], "recorded": recorded}


def partie(game: str, given: dict[str, Any], variant: dict[str, Any]) -> dict[str, Any]:
    if "totals" in given:
        columns = [(int(a), int(b)) for a, b in given["totals"]]
    else:
        columns = [((int(n), 0) if who == "A" else (0, int(n)) if who == "B" else (0, 0)) for who, n in given["deals"]]
    result = partie_result(columns, _params(variant))
    return {"finished": result.finished, "winner": "none" if result.winner is None else "AB"[result.winner],
            "margin": result.margin, "deals_played": result.deals}


RUNNERS: dict[str, Runner] = {
    "piquet.deck": deck, "piquet.deal": deal, "piquet.dealer": dealer, "piquet.first_dealer": first_dealer_,
    "piquet.exchange": exchange, "piquet.left_cards": left_cards, "piquet.declarations": declarations,
    "piquet.point": point, "piquet.sequences": sequences, "piquet.sets": sets, "piquet.point_reply": point_reply,
    "piquet.sequence_reply": sequence_reply, "piquet.set_reply": set_reply, "piquet.point_value": point_value_,
    "piquet.sequence_value": sequence_value_, "piquet.combinations": combinations,
    "piquet.carte_blanche": carte_blanche_, "piquet.carte_blanche_steps": carte_blanche_steps,
    "piquet.all_counted": all_counted_, "piquet.bonuses": bonuses, "piquet.late_declaration": late_declaration,
    "piquet.trick_winner": trick_winner_, "piquet.legal_plays": legal_plays_, "piquet.trick_points": trick_points,
    "piquet.play_score": play_score, "piquet.deal_score": deal_score, "piquet.deal_result": deal_result_,
    "piquet.partie": partie,
}
"""Runner name -> ``runner(game, given, variant)``: what Piquet's spec names as its ``examples``."""
