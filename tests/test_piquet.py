"""Piquet at the table: every rule proved on stacked deals played through the state (the
worked examples, in test_examples.py, prove the rule functions), whole parties under both
reading sets and every option value, the properties the ledger's order must keep, the
sampling bot, and the command line's play, replay and a tampered record."""

from __future__ import annotations

import json
import random
from pathlib import Path
from typing import Any

import pytest

from engine import catalogue, games, records
from engine.bots import make_bot
from engine.cards import Card, parse_cards
from engine.errors import IllegalActionError, RecordError, VariantError
from engine.game import Action
from engine.games.piquet.state import SPEC, PiquetState
from engine.games.piquet.examples import stacked
from engine.games.piquet.rules import PACK, READING_SETS, first_dealer, partie_result

ROOT = Path(__file__).resolve().parents[1]
RULES = set(catalogue.load("piquet").ids())


def variant(**options: str) -> Any:
    return SPEC.make_variant(**options)


def deal(elder: str, younger: str, talon: str | None = None, **options: str) -> PiquetState:
    """A partie whose first deal gives these hands (seat 0 the elder, seat 1 deals)."""
    return stacked(parse_cards(elder), parse_cards(younger), variant(**options),
                   parse_cards(talon) if talon else None)


def keep_all(state: PiquetState) -> None:
    """Exchange nothing and leave the talon unseen: on to the declarations."""
    while state.phase in ("elder_exchange", "younger_exchange", "look"):
        state.apply("leave" if state.phase == "look" else "draw")


def declare_all(state: PiquetState) -> None:
    """Declare everything and answer truly, then pass the capot: on to the play."""
    while state.phase in ("declare", "capot"):
        legal = state.legal_actions()
        state.apply(next((a for a in legal if a.kind not in ("sink", "good", "announce")), legal[0]))


def declared(elder: str, younger: str, **options: str) -> PiquetState:
    """A stacked deal played to the first lead: nothing exchanged, everything declared truly."""
    state = deal(elder, younger, **options)
    keep_all(state)
    declare_all(state)
    return state


def scores(state: PiquetState) -> list[tuple[int, str, int]]:
    """The deal's entries in points, in the ledger's order: (seat, rule, points)."""
    return [(e.side, e.rule, e.amount) for e in state.deal_entries()]


def finish(state: PiquetState, kind: str = "heuristic", seed: int = 0) -> PiquetState:
    bots = [make_bot(kind, seed=seed + i) for i in range(2)]
    while not state.is_over():
        seat = state.current_player()
        assert seat is not None
        state.apply(bots[seat].choose(state, seat))
    return state


def refused(state: PiquetState, action: str) -> IllegalActionError:
    before = state.view(None)
    with pytest.raises(IllegalActionError) as caught:
        state.apply(action)
    assert caught.value.rule in RULES and state.view(None) == before
    return caught.value


# the hands of the worked examples, as whole deals
QUINT_AGAINST_SIX = ("KS QS JS 10S 9S QH 9H AD 9D 7D AC 8C", "AH KH JH 10H 8H 7H AS 8S 7S KD 10D QC")
REPIQUE = ("AS KS QS JS 10S 9S AH AD AC KH KD 7C", "QH JH 10H 9H 8H 7D 8D QD JD KC QC JC")
EQUAL_POINTS = ("AS KS JS 10S 8S AH 8H 7H AD 8D 7D AC", "KH QH JH 10H 9H KD QD JD 10D 9D 7S 7C")
PIQUE = ("AS KS QS JS 9S AH AD AC 7H 8H 7D 8D", "KH JH 9H KD JD 9D KC JC 9C 7C 10S 8S")
BEATEN = ("AS QS JS 10S 9S AD QD 8D 7D AC QC 8C", "AH KH QH JH 10H 9H 8H 7H KS KD KC 7S")
CAPOT = ("AS KS QS JS 10S 9S 8S 7S AH KH QH JH", "10H 9H 8H 7H AD KD QD JD AC KC QC JC")
CAPOT_AFTER_ONE = ("AS KS QS JS 10S 9S 8S 7S AH KH QH JH", "AD KD QD JD 10D 9D 8D 7D AC KC QC JC",
                   "10H 9H 8H 7H 10C 9C 8C 7C")
"""A capot for the elder whatever he exchanges: the younger holds no spade and no heart."""
BLANK = "AS 10S 9S 8S AH 10H 9H 8H AD 10D 9D 8D"


# ---------------------------------------------------------------- the pack, the cut, the deal

@pytest.mark.rule("piquet.deck.cards")
def test_the_pack_is_thirty_two_cards_and_a_record_of_another_pack_is_malformed():
    state = SPEC.new_game(seed=1)
    assert len(state.pack) == 32 and {c.rank_value for c in state.pack} == set(range(7, 15))
    deck = [str(c) for c in state.pack][:-1] + ["2S"]
    with pytest.raises(RecordError, match="piquet.deck.cards"):
        SPEC.new_game(seed=1, decks=[deck])


@pytest.mark.rule("piquet.deal.hands")
def test_twelve_each_two_at_a_time_the_elder_first_eight_to_the_talon_and_the_deal_alternates():
    state = deal(*QUINT_AGAINST_SIX)
    assert state.dealer == 1 and state.elder == 0
    assert [len(h) for h in state.hands] == [12, 12] and len(state.talon) == 8
    assert set(state.hands[0]) == set(parse_cards(QUINT_AGAINST_SIX[0]))
    finish(state)
    dealers = [row["dealer"] for row in state.score_sheet]
    assert dealers == [1, 0, 1, 0, 1, 0]


@pytest.mark.rule("piquet.deal.first-dealer")
def test_the_higher_cut_deals_first_and_equal_cuts_cut_again():
    recut = None
    for seed in range(60):
        state = SPEC.new_game(seed=seed)
        a, b = parse_cards(state.cuts[-1])
        assert state.dealer == first_dealer(a, b) and a.rank_value != b.rank_value
        assert state.log[0]["rule"] == "piquet.deal.first-dealer"
        if len(state.cuts) > 1:
            recut = state
    assert recut is not None, "no seed with equal cuts among 60"
    assert all(len({c.rank_value for c in parse_cards(cut)}) == 1 for cut in recut.cuts[:-1])


# ---------------------------------------------------------------- the exchange

@pytest.mark.rule("piquet.exchange.limits")
def test_the_elder_exchanges_up_to_five_and_the_younger_up_to_the_rest():
    state = deal(*QUINT_AGAINST_SIX)
    for _ in range(3):
        state.apply(Action("discard", state.hands[0][0]))
    state.apply("draw")
    assert state.taken[0] == 3 and state.phase == "younger_exchange"
    assert len([a for a in state.legal_actions() if a.kind == "discard"]) == 12
    for _ in range(5):
        state.apply(Action("discard", state.hands[1][0]))
    assert state.taken[1] == 5 and not state.talon  # (the most: the exchange is made at once)
    state = deal(*QUINT_AGAINST_SIX)
    for _ in range(5):
        state.apply(Action("discard", state.hands[0][0]))
    assert state.phase == "younger_exchange" and state.exchange_bounds(False) == (0, 3)
    assert refused(state, f"discard {state.hands[0][0]}").rule == "piquet.exchange.limits"  # (not his hand)


@pytest.mark.rule("piquet.exchange.minimum")
@pytest.mark.parametrize("reading, elder_may_keep", [("none", True), ("elder-one", False)])
def test_declining_to_exchange(reading, elder_may_keep):
    state = deal(*QUINT_AGAINST_SIX, minimum_exchange=reading)
    if elder_may_keep:
        state.apply("draw")
    else:
        assert refused(state, "draw").rule == "piquet.exchange.minimum"
        state.apply(Action("discard", state.hands[0][0]))
        state.apply("draw")
    state.apply("draw")  # the younger may always decline
    assert state.phase == "look" and state.taken[1] == 0


@pytest.mark.rule("piquet.exchange.look-at-left")
@pytest.mark.parametrize("looks", [True, False])
def test_the_cards_left_are_seen_as_the_standard_game_allows(looks):
    state = deal(*QUINT_AGAINST_SIX)
    talon = list(state.talon)
    for _ in range(3):
        state.apply(Action("discard", state.hands[0][0]))
    state.apply("draw")
    talon_pile = lambda seat: next(p for p in state.view(seat)["piles"] if p["id"] == "talon")  # noqa: E731
    assert talon_pile(0)["cards"] == [str(c) for c in talon[3:5]] and "cards" not in talon_pile(1)
    state.apply(Action("discard", state.hands[1][0]))
    state.apply("draw")
    state.apply("look" if looks else "leave")
    left = [str(c) for c in talon[4:]]
    assert talon_pile(1).get("cards", []) == (left if looks else [])
    assert talon_pile(0)["cards"] == [str(talon[4])]  # his own leftover still there, not the rest yet
    declare_all(state)
    state.apply(state.legal_actions()[0])  # the elder's first lead
    assert talon_pile(0)["cards"] == (left if looks else [str(talon[4])])


# ---------------------------------------------------------------- the declarations

@pytest.mark.rule("piquet.declare.order", "piquet.point.separate-scoring", "piquet.point.length",
                  "piquet.sequence.values")
def test_the_point_and_the_sequence_score_apart_in_order():
    state = declared(*QUINT_AGAINST_SIX)
    assert scores(state) == [(0, "piquet.point.length", 0), (1, "piquet.point.length", 6),
                             (0, "piquet.sequence.values", 15)]
    shown = [(s["seat"], s["kind"], s["value"]) for s in state.view(1)["shows"]]
    assert shown == [(1, "point", 6), (0, "sequence", 15)]


@pytest.mark.rule("piquet.declare.voluntary")
def test_sinking_is_a_reading():
    state = deal(*QUINT_AGAINST_SIX)
    keep_all(state)
    state.apply("sink")  # the elder keeps his point back
    assert state.stage == "own" and state.current_player() == 1
    state.apply("declare point")
    assert scores(state) == [(1, "piquet.point.length", 6)]
    state = deal(*QUINT_AGAINST_SIX, declaring="compulsory")
    keep_all(state)
    assert state.phase == "play" or state.phase == "capot"  # every call made for the players
    state = deal(*REPIQUE, declaring="compulsory")
    keep_all(state)
    assert [r for _, r, _ in scores(state)][-1] == "piquet.bonus.repique"


@pytest.mark.rule("piquet.declare.voluntary")
def test_the_younger_may_answer_good_and_sink_but_not_under_the_compulsory_reading():
    state = deal(*QUINT_AGAINST_SIX, declaring="voluntary")
    keep_all(state)
    state.apply("declare point")
    assert {a.kind for a in state.legal_actions()} == {"good", "not_good"}
    state.apply("good")  # the younger sinks his six hearts: the elder's five score
    assert scores(state) == [(0, "piquet.point.length", 5)]
    said = state.view(None)["calls"]["said"]  # spoken as in the text, the English beside
    assert [(c["seat"], c["text"]) for c in said[-2:]] == [(0, "five cards («Пять карт»)"), (1, "good («Годится»)")]
    rest = [c for c in PACK if str(c) not in BLANK.split()]
    compulsory = stacked(parse_cards(BLANK), rest[:12], variant(carte_blanche="dealt-hand", declaring="compulsory"),
                         rest[12:])
    assert compulsory.phase == "carte_blanche" and Action("sink") not in compulsory.legal_actions()
    assert refused(compulsory, "sink").rule == "piquet.declare.voluntary"


@pytest.mark.rule("piquet.declare.replies", "piquet.point.equal-length", "piquet.point.full-tie",
                  "piquet.point.card-values", "piquet.declare.combination-replies")
def test_equal_length_then_the_sum_then_neither():
    state = deal(*EQUAL_POINTS)
    keep_all(state)
    state.apply("declare point")
    assert [a.kind for a in state.legal_actions()] == ["good", "equal"]
    state.apply("equal")
    said = state.view(0)["calls"]["said"]
    assert said[-1]["seat"] == 0 and "making 49" in said[-1]["text"]  # 11 + 10 + 10 + 10 + 8
    assert state.stage == "reply2" and [a.kind for a in state.legal_actions()] == ["good", "equal"]
    state.apply("equal")
    assert scores(state)[:2] == [(0, "piquet.point.full-tie", 0), (1, "piquet.point.full-tie", 0)]
    # four against four, the sum decides: K Q J 10 (40) beats A K 9 8 (38)
    state = deal("AS KS 9S 8S 7H AH 9H 8C 7C AD 9D 8D", "KH QH JH 10H 10S QS JS 7S KD QD JD 10D")
    keep_all(state)
    state.apply("declare point")
    state.apply("equal")
    state.apply("not_good")
    assert scores(state)[:2] == [(0, "piquet.point.equal-length", 0), (1, "piquet.point.equal-length", 4)]


@pytest.mark.rule("piquet.sequence.rank", "piquet.sequence.all-lesser", "piquet.sequence.equal",
                  "piquet.combination.shared-card")
def test_sequences_the_better_carries_the_lesser_and_equal_ones_cancel():
    state = declared(*EQUAL_POINTS)
    assert (1, "piquet.sequence.all-lesser", 30) in scores(state)  # two quints, unopposed
    state = declared("KS QS JS 10S 9S AH 8H AD 9D 7D 8C 7C", "KH QH JH 10H 9H 7H AS 8S 7S KD QC 9C")
    assert (0, "piquet.sequence.equal", 0) in scores(state) and (1, "piquet.sequence.equal", 0) in scores(state)
    assert (1, "piquet.point.length", 6) in scores(state)
    state = declared(*REPIQUE)
    shows: dict[str, list[str]] = {}
    for shown in state.view(1)["shows"]:
        shows.setdefault(shown["kind"], []).extend(shown["cards"])
    assert "AS" in shows["sequence"] and "AS" in shows["set"]  # one card in a sequence and a set


@pytest.mark.rule("piquet.sequence.major-bonus", "piquet.sequence.major-suit")
@pytest.mark.parametrize("options, extra", [({}, 0), ({"major_suit": "first-named"}, 1),
                                            ({"major_bonus": "none", "major_suit": "first-named"}, 0)])
def test_the_major_bonus_goes_with_the_suit_declared_first(options, extra):
    younger = "AH KH QH JH KC QC 10C 8C 7C JS 9S 7D"  # a major quart in hearts, his point in clubs
    state = declared("AS KS QS 10S 8S 7S 10H 8H AD QD 10D AC", younger, **options)
    bonus = [p for s, r, p in scores(state) if r == "piquet.sequence.major-bonus"]
    assert sum(bonus) == extra and (1, "piquet.sequence.values", 4) in scores(state)


@pytest.mark.rule("piquet.set.rank", "piquet.set.values", "piquet.set.all-lesser")
def test_sets_the_higher_wins_and_carries_the_lesser():
    state = declared(*BEATEN)
    assert (0, "piquet.set.rank", 0) in scores(state)  # his aces and queens, three each, beaten
    assert (1, "piquet.set.values", 14) in scores(state)  # four kings
    state = declared(*REPIQUE)
    assert (0, "piquet.set.all-lesser", 17) in scores(state)  # four aces and three kings


@pytest.mark.rule("piquet.carte-blanche.score", "piquet.carte-blanche.timing", "piquet.carte-blanche.procedure")
def test_carte_blanche_after_the_exchange_scores_ten_first():
    rest = [c for c in PACK if str(c) not in BLANK.split()]
    state = stacked(parse_cards(BLANK), rest[:12], variant(), rest[12:])
    keep_all(state)
    assert state.stage == "claim" and state.current_player() == 0
    state.apply("claim")
    assert scores(state)[0] == (0, "piquet.carte-blanche.score", 10)
    assert state.view(1)["shows"][0]["kind"] == "carte-blanche"
    assert state.steps == ["elder-exchanges", "younger-exchanges", "elder-claims", "elder-shows"]


@pytest.mark.rule("piquet.carte-blanche.score")
def test_a_claimed_carte_blanche_scores_what_carte_blanche_says_its_one_home(monkeypatch):
    """The claim writes, says and shows the value of piquet_rules.carte_blanche(), not a figure of
    its own: changed there (here by a stand-in), it changes everywhere."""
    import engine.games.piquet.state as piquet_module

    real = piquet_module.carte_blanche
    monkeypatch.setattr(piquet_module, "carte_blanche", lambda hand, dealt, params: real(hand, dealt, params) and 11)
    rest = [c for c in PACK if str(c) not in BLANK.split()]
    state = stacked(parse_cards(BLANK), rest[:12], variant(), rest[12:])
    keep_all(state)
    state.apply("claim")
    assert scores(state)[0] == (0, "piquet.carte-blanche.score", 11)
    assert state.view(None)["shows"][0]["value"] == 11
    assert any("11" in str(line["text"]) for line in state.contest if line["rule"] == "piquet.carte-blanche.score")


@pytest.mark.rule("piquet.carte-blanche.timing", "piquet.carte-blanche.procedure")
def test_carte_blanche_as_dealt_the_elder_says_how_many_the_younger_lays_out_first():
    rest = [c for c in PACK if str(c) not in BLANK.split()]
    state = stacked(parse_cards(BLANK), rest[:12], variant(carte_blanche="dealt-hand"), rest[12:])
    assert state.phase == "carte_blanche" and state.current_player() == 0
    state.apply("claim 2")
    assert state.phase == "younger_exchange" and state.exchange_bounds(False) == (0, 6)
    for _ in range(3):
        state.apply(Action("discard", state.hands[1][0]))
    state.apply("draw")
    assert state.hands[1].__len__() == 9 and state.phase == "elder_exchange"  # he draws later
    for _ in range(2):
        state.apply(Action("discard", state.hands[0][0]))
    assert [len(h) for h in state.hands] == [12, 12]
    assert state.steps == ["elder-claims", "younger-discards", "elder-shows", "elder-exchanges", "younger-draws"]
    assert scores(state)[0] == (0, "piquet.carte-blanche.score", 10)


@pytest.mark.rule("piquet.declare.all-counted")
@pytest.mark.parametrize("reading, bonus", [("combinations", 20), ("none", 0)])
def test_twenty_when_every_card_counted(reading, bonus):
    state = deal("AS KS QS JS 10S 9S AH AD AC KH KD KC", "QH JH 9H 8H 7H QD JD 9D 8D QC JC 10C",
                 all_counted=reading)
    keep_all(state)
    declare_all(state)
    assert sum(p for _, r, p in scores(state) if r == "piquet.declare.all-counted") == bonus


@pytest.mark.rule("piquet.bonus.repique")
def test_repique_at_the_table():
    state = declared(*REPIQUE)
    assert scores(state)[-1] == (0, "piquet.bonus.repique", 60)
    assert state.deal_points() == [99, 0]


@pytest.mark.rule("piquet.bonus.block")
@pytest.mark.parametrize("reading, repique", [("beaten", False), ("score-only", True), ("equal-saves", True)])
def test_a_beaten_declaration_saves_by_the_default_reading(reading, repique):
    state = declared(*BEATEN, pique_block=reading)
    assert ((1, "piquet.bonus.repique", 60) in scores(state)) == repique


@pytest.mark.rule("piquet.bonus.block")
@pytest.mark.parametrize("reading, repique", [("beaten", True), ("equal-saves", False)])
def test_an_equal_point_saves_only_by_cavendish(reading, repique):
    state = declared(*EQUAL_POINTS, pique_block=reading)
    assert ((1, "piquet.bonus.repique", 60) in scores(state)) == repique


@pytest.mark.rule("piquet.bonus.pique", "piquet.bonus.pique-count", "piquet.bonus.pique-seat")
@pytest.mark.parametrize("options, at", [({}, 3), ({"pique_count": "tricks"}, 6), ({"pique_seat": "elder-only"}, 3)])
def test_pique_at_the_table(options, at):
    state = declared(*PIQUE, **options)
    assert state.deal_points() == [24, 0]
    while not any(r == "piquet.bonus.pique" for _, r, _ in scores(state)):
        state.apply(state.heuristic_action(state.current_player() or 0))
    assert state.tricks_played == at and state.tricks_won == [at, 0]


@pytest.mark.rule("piquet.declare.in-time")
def test_a_declaration_after_the_first_lead_is_lost():
    state = declared(*QUINT_AGAINST_SIX)
    state.apply(state.legal_actions()[0])
    assert refused(state, "declare point").rule == "piquet.declare.in-time"


@pytest.mark.rule("piquet.declare.false")
def test_the_table_offers_only_true_declarations():
    """A false declaration cannot be made at the table: a player declares what he holds (its
    penalty is proved by the worked examples of deal_result); one not held is refused."""
    state = deal(*QUINT_AGAINST_SIX)
    keep_all(state)
    state.apply("declare point")
    state.apply("not_good")
    assert refused(state, "declare set").rule in ("piquet.declare.order", "piquet.declare.replies")
    for seed in range(6):
        game = SPEC.new_game(seed=seed)
        bots = [make_bot("random", seed=seed + i) for i in range(2)]
        while not game.is_over():
            seat = game.current_player()
            action = bots[seat].choose(game, seat)
            if action.kind == "declare":
                assert game.combo(seat, str(action.value)) is not None
            game.apply(action)


# ---------------------------------------------------------------- the play

@pytest.mark.rule("piquet.play.first-lead", "piquet.play.follow-suit", "piquet.play.trick-winner")
def test_the_elder_leads_follow_suit_no_trumps():
    state = declared(*QUINT_AGAINST_SIX)
    assert state.phase == "play" and state.current_player() == 0 and state.prompt(0)["rule"] == "piquet.play.first-lead"
    state.apply("play AC")
    assert {str(a.card) for a in state.legal_actions()} == {"QC"}
    assert refused(state, "play AH").rule == "piquet.play.follow-suit"
    state.apply("play QC")
    assert state.current_player() == 0  # the winner leads
    state.apply("play 7D")
    assert {str(a.card) for a in state.legal_actions()} == {"KD", "10D"}
    assert refused(state, "play AS").rule == "piquet.play.follow-suit"


@pytest.mark.rule("piquet.play.follow-suit", "piquet.play.trick-winner")
def test_an_off_suit_ace_does_not_win():
    state = declared("AC KC QC JC 10C 9C 8C 7C AS KS QS JS", "AH KH QH JH 10H 9H 8H 7H AD KD QD JD")
    state.apply("play AC")
    state.apply("play AH")  # void in clubs: any card
    assert state.current_player() == 0 and state.tricks_won == [1, 0]


@pytest.mark.rule("piquet.play.trick-points", "piquet.play.last-trick", "piquet.play.leza")
@pytest.mark.parametrize("options", [{}, {"trick_points": "cavendish", "last_trick": "one"},
                                     {"trick_points": "tens-and-above", "last_trick": "one"}])
def test_the_points_of_play_follow_the_reading(options):
    state = declared(*QUINT_AGAINST_SIX, **options)
    start = len(state.log)
    while state.deal_number == 1:
        state.apply(state.heuristic_action(state.current_player() or 0))
    params = state.variant
    tricks = [e["args"] for e in state.log[start:] if e["rule"] == "piquet.play.trick-winner"]
    leaders = [args[2] for args in tricks]
    winners = [args[3] for args in tricks]
    led = [Card.parse(args[1][0]) for args in tricks]
    play = [e for e in state.ledger.in_deal(1, "points") if e.rule == "piquet.play.trick-points"]
    leads = [e.side for e in play if str(e.reason).startswith("Lead")]
    won = [e.side for e in play if not str(e.reason).startswith("Lead")]
    count = params.trick_count
    assert leads == [seat for seat, card in zip(leaders, led) if card.rank >= count.lowest_lead]
    assert won == [w for lead, w in zip(leaders, winners) if count.own_trick or w != lead]
    if options.get("trick_points") == "tens-and-above":  # Hoyle: a lead of a nine or lower scores nothing
        assert any(card.rank < 10 for card in led) and len(leads) < len(leaders)
    last = [(e.side, e.amount) for e in state.ledger.in_deal(1, "points") if e.rule == "piquet.play.last-trick"]
    assert last == [(winners[-1], params.last_extra)]
    leza = [e.side for e in state.ledger.in_deal(1, "points") if e.rule == "piquet.play.leza"]
    taken = [winners.count(0), winners.count(1)]
    assert leza == ([taken.index(max(taken))] if max(taken) > 6 else [])


@pytest.mark.rule("piquet.play.capot", "piquet.play.open-capot")
@pytest.mark.parametrize("options, announce, points", [({}, True, 80), ({}, False, 40), ({"open_capot": "none"}, None, 40)])
def test_capot_and_the_open_capot(options, announce, points):
    state = deal(*CAPOT, **options)
    keep_all(state)
    while state.phase == "declare":
        state.apply(next((a for a in state.legal_actions() if a.kind not in ("sink", "good")), state.legal_actions()[0]))
    if announce is None:
        assert state.phase == "play"
    else:
        assert state.phase == "capot" and state.current_player() == 0
        assert (state.heuristic_action(0).kind == "announce")  # every card a master
        state.apply("announce capot" if announce else "pass")
        if state.phase == "capot":
            state.apply("pass")
    while state.deal_number == 1:
        state.apply(state.heuristic_action(state.current_player() or 0))
    rules = {r: p for s, r, p in [(e.side, e.rule, e.amount) for e in state.ledger.in_deal(1, "points")]}
    assert rules.get("piquet.play.open-capot", rules.get("piquet.play.capot")) == points
    assert "piquet.play.last-trick" not in rules and "piquet.play.leza" not in rules


@pytest.mark.rule("piquet.play.capot", "piquet.play.last-trick", "piquet.play.trick-points")
@pytest.mark.parametrize("options, play", [
    (READING_SETS["classic"], 12 + 1 + 40),                    # the standard game: 12 leads, 1 for the last, 40
    ({"capot_last_trick": "scored"}, 12 + 12 + 3 + 40),        # the excerpt's count with the standard capot
    ({}, 12 + 12 + 40)])                                        # the excerpt: no extra for the last with a capot
def test_a_capot_and_the_last_trick(options, play):
    """A stacked capot played through the state: under the classic set the maker of a capot
    scores the point for the last trick as well as the 40 (the capot replaces only the 10 for
    the cards); by the excerpt's words (piquet.p49) he does not."""
    state = deal(*CAPOT_AFTER_ONE, **options)
    state.apply("discard JH")  # the classic elder must exchange one card: he draws the 10H
    keep_all(state)
    assert "10H" in [str(c) for c in state.hands[0]]
    while state.phase in ("declare", "capot"):
        legal = state.legal_actions()
        state.apply(next((a for a in legal if a.kind not in ("sink", "good", "announce")), legal[0]))
    start = len(list(state.ledger.in_deal(1, "points")))
    while state.deal_number == 1:
        state.apply(state.heuristic_action(state.current_player() or 0))
    entries = list(state.ledger.in_deal(1, "points"))[start:]
    assert [e.amount for e in entries if e.rule == "piquet.play.trick-points"].count(1) >= 12
    assert all(e.side == 0 for e in entries)
    assert [(e.rule, e.amount) for e in entries if e.rule in ("piquet.play.capot", "piquet.play.last-trick")] == \
        [("piquet.play.last-trick", state.variant.last_extra)] * state.variant.capot_last + \
        [("piquet.play.capot", 40)]
    assert sum(e.amount for e in entries if e.rule != "piquet.bonus.pique") == play


# ---------------------------------------------------------------- the deal's score and the partie

@pytest.mark.rule("piquet.score.deal-total", "piquet.score.difference")
def test_the_difference_is_written_in_the_higher_column():
    state = declared(*REPIQUE)
    while state.deal_number == 1:
        state.apply(state.heuristic_action(state.current_player() or 0))
    totals = state.ledger.changes(1, "points")
    row = state.score_sheet[0]
    assert row["entries"] == [{"side": 0, "points": totals[0] - totals[1], "rule": "piquet.score.difference",
                               "why": row["entries"][0]["why"]}]
    summary = state.deal_summary(1)
    assert [line["amount"] for line in summary["lines"]] == [totals[0] - totals[1], 0]


@pytest.mark.rule("piquet.partie.length")
@pytest.mark.parametrize("reading", ["six-deals", "hundred", "rubicon"])
def test_the_partie_ends_by_its_reading(reading):
    state = finish(SPEC.new_game({"partie": reading}, seed=5))
    columns = [tuple(row) for row in state.columns]
    result = partie_result(columns, state.variant)
    assert result.finished and state.deal_number == len(columns) == result.deals
    if reading == "hundred":
        assert max(state.totals()) >= 100 and not partie_result(columns[:-1], state.variant).finished
    else:
        assert len(columns) == 6
    if reading == "rubicon":
        assert all(a == x and b == y for (a, b), (x, y) in
                   zip(columns, [state.ledger.changes(d, "points") for d in range(1, 7)]))
    assert state.outcome().winners == ((result.winner,) if result.winner is not None else ())


@pytest.mark.rule("piquet.partie.tie")
@pytest.mark.parametrize("reading", ["six-deals", "rubicon"])
def test_a_level_partie_is_drawn(reading):
    state = SPEC.new_game({"partie": reading, "partie_tie": "drawn"}, seed=47)
    finish(state, seed=47 * 101)
    outcome = state.outcome()
    assert outcome.winners == () and outcome.rule == "piquet.partie.tie"
    assert state.totals()[0] == state.totals()[1] and len(state.columns) == 6
    assert state.prompt(None)["text"].startswith("The game is over, drawn")


@pytest.mark.rule("piquet.partie.tie", "piquet.partie.length")
@pytest.mark.parametrize("reading", ["six-deals", "rubicon"])
def test_a_level_partie_plays_two_more_deals(reading):
    """The same game as above under Cavendish's law (the default, and the classic set's): level
    after six deals, so each player deals once more, and the eight deals decide."""
    state = SPEC.new_game({"partie": reading}, seed=47)
    finish(state, seed=47 * 101)
    columns = [tuple(row) for row in state.columns]
    assert len(columns) == 8 and state.deal_number == 8
    six = [sum(c[0] for c in columns[:6]), sum(c[1] for c in columns[:6])]
    assert six[0] == six[1]
    elders = [closed[0] for closed in state._closed]  # each deal's elder: the deal alternates
    assert all(elders[k] != elders[k + 1] for k in range(7))
    result = partie_result(columns, state.variant)
    assert result.finished and result.deals == 8
    assert state.outcome().winners == ((result.winner,) if result.winner is not None else ())
    assert state.outcome().rule == ("piquet.partie.tie" if result.winner is None else "piquet.partie.length")


# ---------------------------------------------------------------- whole games, properties

OPTION_VALUES = [(o["name"], v) for o in SPEC.options() if o["name"] != "players" for v in o["values"]]


def check_cards(state: PiquetState) -> None:
    held = state.hands[0] + state.hands[1] + state.talon + state.discards[0] + state.discards[1] + state.pending
    held += state.played  # (the trick's cards among them)
    assert sorted(c.index for c in held) == sorted(c.index for c in PACK), state.phase


@pytest.mark.parametrize("name, value", OPTION_VALUES, ids=[f"{n}={v}" for n, v in OPTION_VALUES])
def test_whole_games_under_every_option_value(name, value):
    for seed, kind in ((1, "random"), (2, "heuristic")):
        state = SPEC.new_game({name: value}, seed=seed)
        bots = [make_bot(kind, seed=seed + i) for i in range(2)]
        while not state.is_over():
            check_cards(state)
            seat = state.current_player()
            state.apply(bots[seat].choose(state, seat))
        assert state.deal_number >= 1 and state.outcome() is not None


@pytest.mark.parametrize("reading_set", sorted(READING_SETS))
def test_whole_games_under_both_reading_sets(reading_set):
    spec = games.get("piquet")
    v = spec.make_variant(**spec.reading_set(reading_set))
    assert all(v.to_json()[k] == r for k, r in READING_SETS[reading_set].items())
    for seed in range(3):
        state = finish(SPEC.new_game(v, seed=seed), kind="random" if seed else "heuristic", seed=seed)
        assert state.outcome() is not None


def test_an_unknown_reading_set_is_refused_naming_the_sets():
    with pytest.raises(VariantError, match="classic"):
        SPEC.reading_set("cavendish")


@pytest.mark.rule("piquet.bonus.repique", "piquet.bonus.pique", "piquet.score.deal-total")
def test_the_totals_are_those_the_ledgers_order_gives():
    """Replaying each deal's entries in order, and asking the bonus question after each,
    gives the bonuses the game wrote and the deal's totals."""
    from engine.games.piquet.rules import BONUS_RULES, bonus_due
    from engine.ledger import Ledger
    for seed in range(8):
        state = finish(SPEC.new_game(seed=seed), kind="random" if seed % 2 else "heuristic", seed=seed)
        for number, record in enumerate(state._closed, start=1):
            elder, totals = record[0], record[1]
            entries = list(state.ledger.in_deal(number, "points"))
            book = Ledger(2)
            book.open_deal(number, 1 - elder)
            in_play = False
            for entry in entries:
                if entry.rule in BONUS_RULES:
                    continue
                in_play = in_play or entry.rule.startswith("piquet.play.")
                book.write(number, entry.side, entry.amount, "points", entry.rule, entry.reason, entry.seat)
                due = bonus_due(list(book.in_deal(number, "points")), entry.side, elder, in_play, state.params)
                if due is not None:
                    book.write(number, entry.side, due[0], "points", due[1], "bonus", entry.seat)
            assert [(e.side, e.rule, e.amount) for e in book.entries] == [(e.side, e.rule, e.amount) for e in entries]
            assert book.totals("points") == list(totals)


def test_determinized_copies_keep_the_view_and_leave_the_original():
    state = SPEC.new_game(seed=9)
    bots = [make_bot("random", seed=i) for i in range(2)]
    rng = random.Random(1)
    while not state.is_over():
        seat = state.current_player()
        before = json.dumps(state.view(None), sort_keys=True)
        copy = state.determinize(seat, rng)
        assert copy.view(seat) == state.view(seat)
        finish(copy, kind="random", seed=3)
        assert json.dumps(state.view(None), sort_keys=True) == before
        for other in (0, 1):
            shown = state.view(other)["hands"][1 - other]["known"]
            assert all(state.known.get(Card.parse(c)) == 1 - other for c in shown)
        state.apply(bots[seat].choose(state, seat))


def test_the_sampling_bot_plays_and_replays():
    state = SPEC.new_game(seed=1)
    bots = [make_bot("sampling", seed=i, budget=4) for i in range(2)]
    while not state.is_over():
        seat = state.current_player()
        state.apply(bots[seat].choose(state, seat))
    back = records.replay(json.loads(records.dumps(records.make_record(state))))
    assert back.outcome() == state.outcome()


def test_the_doctests_of_piquets_modules_and_of_the_reading_sets():
    import doctest

    from engine import catalogue as catalogue_module, game as game_module
    from engine.games.piquet import state as piquet_module
    from engine.games.piquet import examples as piquet_examples
    from engine.games.piquet import rules as piquet_rules
    for module in (piquet_module, piquet_rules, piquet_examples, catalogue_module, game_module):
        failures, tried = doctest.testmod(module)
        assert failures == 0 and tried > 0, module.__name__


ELDER_HAND = "AS KS QS JS 10S 9S 8S 7S AH KH QH JH"
YOUNGER_HAND = "AD KD QD JD 10D 9D 8D 7D AC KC QC JC"
TALON_CARDS = "10H 9H 8H 7H 10C 9C 8C 7C"


@pytest.mark.rule("piquet.deal.hands", "piquet.exchange.limits")
def test_from_position_sets_the_hands_and_talon_and_plays_the_actions_given():
    state = PiquetState.from_position(variant(), [YOUNGER_HAND, ELDER_HAND], rest=TALON_CARDS, first_dealer=0,
                                      actions=["discard 7S", "discard 8S", "draw"])
    assert state.elder == 1 and state.dealer == 0
    assert sorted(map(str, state.hands[0])) == sorted(YOUNGER_HAND.split())
    assert "7S" not in map(str, state.hands[1]) and {"10H", "9H"} <= set(map(str, state.hands[1]))
    assert [str(c) for c in state.talon] == TALON_CARDS.split()[2:]
    assert state.phase == "younger_exchange" and state.current_player() == 0
    assert [str(a) for _, a in state.history] == ["discard 7S", "discard 8S", "draw"]


@pytest.mark.parametrize("hands, rest, words", [
    ([YOUNGER_HAND, YOUNGER_HAND], None, "given twice (hands[0] and hands[1])"),
    ([YOUNGER_HAND, ELDER_HAND + " 10H"], None, "hands[1] holds 13 cards; the deal gives seat 1 12"),
    ([YOUNGER_HAND, ELDER_HAND.replace("AS", "2S")], None, "hands[1]: 2S is not in this game's pack"),
    ([YOUNGER_HAND], None, "hands must list 2 hands"),
    ([YOUNGER_HAND, ELDER_HAND], "10H 9H 8H 7H 10C 9C 8C", "rest holds 7 cards"),
    ([YOUNGER_HAND, ELDER_HAND], "10H 9H 8H 7H 10C 9C 8C AS", "AS is given twice (hands[1] and rest)"),
    ([YOUNGER_HAND, "nonsense"], None, "position: hands[1]"),
])
def test_from_position_refuses_a_position_the_pack_and_the_deal_cannot_make(hands, rest, words):
    from engine.errors import InvalidInputError

    with pytest.raises(InvalidInputError, match=None) as caught:
        PiquetState.from_position(variant(), hands, rest=rest, first_dealer=0)
    assert words in str(caught.value)


def test_from_position_refuses_an_illegal_action_naming_its_rule_and_place():
    with pytest.raises(IllegalActionError) as caught:
        PiquetState.from_position(variant(), [YOUNGER_HAND, ELDER_HAND], rest=TALON_CARDS, first_dealer=0,
                                  actions=["discard 7S", "discard AD"])
    assert caught.value.index == 1 and caught.value.rule.startswith("piquet.")


@pytest.mark.rule("piquet.carte-blanche.score", "piquet.deal.hands")
def test_the_worked_examples_set_up_their_positions_with_from_position_checked_as_at_a_table():
    """The worked examples' hands (``stacked``) are a position set up by ``from_position``: the same
    deal a stacked deck gave (the elder's cards, the younger's, the talon in pack order), and a
    position the deal cannot make is refused naming the field, not dealt as given."""
    from engine.errors import InvalidInputError
    from engine.examples import run_example

    elder, younger = parse_cards(ELDER_HAND), parse_cards(YOUNGER_HAND)
    state = stacked(elder, younger, variant())
    assert (state.elder, state.dealer, state.phase) == (0, 1, "elder_exchange")
    assert state.hands == [elder, younger]
    assert state.talon == [c for c in PACK if c not in elder and c not in younger]
    with pytest.raises(InvalidInputError, match=r"position: hands\[1\] holds 11 cards; the deal gives seat 1 12"):
        stacked(elder, younger[:11], variant())
    with pytest.raises(InvalidInputError, match=r"position: AS is given twice \(hands\[0\] and hands\[1\]\)"):
        stacked(elder, [elder[0]] + younger[1:], variant())
    example = next(e for e in catalogue.rule("piquet.carte-blanche.score").get("examples", []))
    assert run_example("piquet.carte-blanche.score", example["id"])["passed"]


def test_from_position_s_refusals_are_said_in_the_readers_language():
    from engine.errors import InvalidInputError
    from engine.i18n import using

    with pytest.raises(InvalidInputError) as caught:
        PiquetState.from_position(variant(), [YOUNGER_HAND, YOUNGER_HAND], first_dealer=0)
    with using("en"):
        assert str(caught.value) == "position: AD is given twice (hands[0] and hands[1])"
    with using("ru"):
        assert str(caught.value) == "позиция: AD указана дважды (hands[0] и hands[1])"
