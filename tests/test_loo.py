"""The loo family (Мушка, Памфил, Рамс, Петух) as state machines, rule by rule.

Each test sets the deal it needs with ``decks=[...]`` and ``first_dealer=``
(``stacked`` below puts the named hands, turned card and stock top where the
deal will put them), drives the real game state through its actions, and
checks what the book says should happen (Розалиев, «Карточные игры России»,
passages rozaliev.p03–p94; the rule ids are the catalogue's).  The last
section checks that the bots bid sensibly.
"""

from __future__ import annotations

import json
import random
from typing import Any

import pytest

from engine import games
from engine.bots import make_bot
from engine.cards import Card, parse_cards
from engine.errors import IllegalActionError, RecordError, VariantError
from engine.games.loo.state import LooState
from engine.table_view import account_totals

SEATS = {"mushka": 3, "pamphil": 3, "rams": 3, "petukh": 3}


# --------------------------------------------------------------------------- helpers

def pack_of(game: str, variant: dict[str, Any]) -> list[str]:
    spec = games.get(game)
    return [str(c) for c in spec.new_game(spec.make_variant(**variant), 0).pack]


def stacked(game: str, variant: dict[str, Any], dealer: int, hands: dict[int, str], turned: str | None = None,
            stock: str = "") -> list[str]:
    """A deck (top first) that deals ``hands`` (seat -> five cards, in the
    order received) one at a time from the dealer's left, then has ``turned``
    on top of the rest and ``stock`` under it; the other places are filled
    with the remaining cards, shuffled (seeded by the arguments)."""
    pack = pack_of(game, variant)
    n = variant["players"]
    deck: list[str | None] = [None] * len(pack)
    used: set[str] = set()
    for seat, text in hands.items():
        cards = [str(c) for c in parse_cards(text)]
        assert len(cards) == 5, (seat, text)
        offset = (seat - dealer - 1) % n
        for r, card in enumerate(cards):
            deck[r * n + offset] = card
            used.add(card)
    tail = ([turned] if turned else [None]) + [str(c) for c in parse_cards(stock)]
    for i, card in enumerate(tail):
        if card is not None:
            deck[5 * n + i] = str(Card.parse(card))
            used.add(str(Card.parse(card)))
    rest = [c for c in pack if c not in used]
    random.Random(f"{game}/{dealer}/{sorted(used)}").shuffle(rest)
    filled = [c if c is not None else rest.pop(0) for c in deck]
    assert sorted(filled) == sorted(pack), "the stacked deck must be the game's pack"
    return filled


def deal(game: str, dealer: int = 0, hands: dict[int, str] | None = None, turned: str | None = None,
         stock: str = "", later: list[list[str]] | None = None, seed: int = 0, **variant: Any) -> LooState:
    """A new game whose first deal (dealt by ``dealer``) is stacked."""
    variant.setdefault("players", SEATS[game])
    spec = games.get(game)
    deck = stacked(game, variant, dealer, hands or {}, turned, stock)
    state = spec.new_game(spec.make_variant(**variant), seed, decks=[deck, *(later or [])], first_dealer=dealer)
    assert isinstance(state, LooState)
    return state


def snapshot(state: LooState) -> str:
    return json.dumps([state.view(None), [(s, a.to_json()) for s, a in state.history]], sort_keys=True)


def refused(state: LooState, action: Any, rule: str | set[str]) -> IllegalActionError:
    """``action`` is refused naming ``rule`` (or one of a set) and the state is left exactly as it was."""
    before = snapshot(state)
    with pytest.raises(IllegalActionError) as caught:
        state.apply(action)
    rules = {rule} if isinstance(rule, str) else rule
    assert caught.value.rule in rules, (caught.value.rule, str(caught.value))
    assert caught.value.rule in str(caught.value)
    assert snapshot(state) == before
    return caught.value


def act(state: LooState, *actions: str) -> None:
    for text in actions:
        state.apply(text)


def declaration(state: LooState, holder: str = "keep_quiet") -> None:
    """Памфил's declaration: every seat is asked in turn; the holder of the pamphil as dealt
    does ``holder`` (declare, or keep quiet), every other seat says nothing."""
    while state.phase == "declare":
        state.apply(holder if "declare" in legal_texts(state) else "keep_quiet")


def pile(view: dict[str, Any], pile_id: str) -> dict[str, Any]:
    """The view's pile of that id (``piles``)."""
    return next(p for p in view["piles"] if p["id"] == pile_id)


def previous_tricks(view: dict[str, Any]) -> list[int]:
    """The tricks each seat took in the last finished deal (its summary's "Tricks" facts; none: 0)."""
    return [int(next((f["value"] for f in line["facts"] if f["label"] == "Tricks"), 0))
            for line in view["previous_deal"]["lines"]]


def hand(state: LooState, seat: int) -> set[str]:
    return set(state.view(None)["hands"][seat])


def entries(state: LooState, deal_number: int | None = None) -> list[tuple[int, int, str]]:
    rows = state.view(None)["score_sheet"]
    row = rows[-1] if deal_number is None else next(r for r in rows if r["deal"] == deal_number)
    return [(e["seat"], e["points"], e["rule"]) for e in row["entries"]]


def legal_texts(state: LooState) -> list[str]:
    return [str(a) for a in state.legal_actions()]


def play_rest_of_deal(state: LooState, rng: random.Random | None = None) -> None:
    number = state.deal_number
    while not state.is_over() and state.deal_number == number:
        legal = state.legal_actions()
        state.apply(rng.choice(legal) if rng else legal[0])


# --------------------------------------------------------------------------- shared skeleton

@pytest.mark.rule("mushka.deal.five-singly", "mushka.deal.turned-trump", "rams.deal.five-and-trump",
                  "petukh.deal.five-singly", "petukh.deal.turned-trump")
@pytest.mark.parametrize("game", ["mushka", "rams", "petukh"])
def test_five_cards_dealt_singly_from_the_dealers_left_and_the_next_card_turned(game):
    pack = pack_of(game, {"players": 3})
    state = games.get(game).new_game({"players": 3}, 0, decks=[pack], first_dealer=0)
    view = state.view(None)
    # seat 1 (the dealer's left) receives the 1st, 4th, 7th ... cards; the 16th is turned
    assert set(view["hands"][1]) == {pack[i] for i in (0, 3, 6, 9, 12)}
    assert set(view["hands"][2]) == {pack[i] for i in (1, 4, 7, 10, 13)}
    assert set(view["hands"][0]) == {pack[i] for i in (2, 5, 8, 11, 14)}
    assert pile(view, "turned")["cards"][0] == pack[15] and view["trump"] == Card.parse(pack[15]).suit.value
    assert pile(view, "stock")["cards"] == pack[16:]
    assert pack[15] not in pile(view, "stock")["cards"], "the turned card is not bought"


@pytest.mark.rule("mushka.bid.order", "mushka.deal.rotation", "rams.deal.rotation", "petukh.deal.rotation")
@pytest.mark.parametrize("game, players", [("mushka", 4), ("rams", 5), ("petukh", 3)])
def test_bidding_goes_from_the_dealers_left_and_the_deal_passes_left(game, players):
    state = deal(game, dealer=2, players=players)
    order = []
    while state.deal_number == 1 and not state.is_over():
        if state.phase == "bid":
            order.append(state.current_player())
            state.apply("stand")
        else:
            state.apply(state.legal_actions()[0])
    assert order == [(2 + 1 + i) % players for i in range(players)]
    if not state.is_over():
        assert state.view(None)["dealer"] == 3 % players


@pytest.mark.rule("mushka.setup.seats", "mushka.setup.first-dealer", "mushka.score.start", "rams.setup.first-dealer",
                  "petukh.setup.first-dealer")
@pytest.mark.parametrize("game, start", [("mushka", 25), ("rams", 100), ("petukh", 15)])
def test_seats_are_drawn_the_lowest_card_deals_first_and_records_are_written_down(game, start):
    state = games.get(game).new_game({"players": 4}, seed=9)
    drawn = [parse_cards(d) for d in state.seat_draws]  # each seat's cards: ties drew again
    keys = [tuple(c.rank_value for c in d) for d in drawn]
    assert len(drawn) == 4 and keys == sorted(keys) and len(set(keys)) == 4
    assert state.view(None)["dealer"] == 0
    assert state.log[0]["rule"] == state.RULES.seats
    assert state.view(None)["totals"] == [start] * 4


@pytest.mark.rule("mushka.setup.deck", "rams.setup.deck", "petukh.setup.deck", "petukh.setup.six-players")
@pytest.mark.parametrize("game, variant, size", [
    ("mushka", {"players": 2}, 32),
    ("mushka", {"players": 2, "two_player_pack": "fifty-two"}, 52),
    ("mushka", {"players": 4}, 32),
    ("mushka", {"players": 5}, 52),
    ("pamphil", {"players": 6}, 52),
    ("rams", {"players": 3}, 32),
    ("rams", {"players": 4}, 52),
    ("rams", {"players": 7}, 52),
    ("petukh", {"players": 5}, 36),
    ("petukh", {"players": 6}, 30),
    ("petukh", {"players": 6, "six_player_pack": "thirty-four"}, 34),
])
def test_pack_sizes(game, variant, size):
    state = games.get(game).new_game(variant, 1)
    assert len(state.pack) == size and len(state.deals[0]) == size


@pytest.mark.rule("mushka.setup.players", "rams.setup.players", "petukh.setup.players")
@pytest.mark.parametrize("game, bad", [("mushka", 7), ("pamphil", 1), ("rams", 2), ("rams", 8), ("petukh", 7)])
def test_player_counts_outside_the_rules_are_refused(game, bad):
    with pytest.raises(VariantError) as caught:
        games.get(game).make_variant(players=bad)
    assert caught.value.rule.endswith("setup.players")


def test_a_deck_that_is_not_the_pack_is_refused_naming_the_rule():
    pack = pack_of("rams", {"players": 4})
    with pytest.raises(RecordError, match="rams.setup.deck"):
        games.get("rams").new_game({"players": 4}, 0, decks=[pack[:-1]])


# --------------------------------------------------------------------------- Мушка

MUSHKA_HANDS = {1: "AS 7H 8H 9D 10D", 2: "7C 8C 9C 10C QC", 0: "7S 8S 9S 10S QS"}


@pytest.mark.rule("mushka.bid.ace-of-spades-must-play")
def test_mushka_ace_of_spades_holder_cannot_pass():
    state = deal("mushka", hands=MUSHKA_HANDS, turned="KH")
    assert state.current_player() == 1
    assert legal_texts(state) == ["stand", "buy"]
    error = refused(state, "pass", "mushka.bid.ace-of-spades-must-play")
    assert "ace of spades" in str(error.reason)
    state.apply("stand")
    assert state.current_player() == 2 and legal_texts(state) == ["pass", "stand", "buy"]


@pytest.mark.rule("mushka.bid.options")
def test_mushka_pass_stand_or_buy_and_a_passer_leaves_the_deal():
    state = deal("mushka", hands=MUSHKA_HANDS, turned="KH")
    act(state, "stand", "pass", "stand")
    assert state.phase == "play" and state.view(None)["active"] == [1, 0]
    calls = state.view(None)["calls"]
    assert [(c["seat"], c["kind"], c["text"]) for c in calls["said"]] == [(1, "stand", "stands"), (2, "pass", "passed"),
                                                                         (0, "stand", "stands")]
    assert calls["waiting"] == [] and all(c["rule"] == "mushka.bid.options" for c in calls["said"])
    refused(state, "pass", "mushka.play.follow-else-trump")
    play_rest_of_deal(state)
    assert 2 not in {e[0] for e in entries(state, 1)}, "a player who passed writes nothing"


@pytest.mark.rule("mushka.buy.discard-first")
def test_mushka_buy_discards_first_then_draws_from_the_top_of_the_stock():
    state = deal("mushka", hands=MUSHKA_HANDS, turned="KH", stock="AH AD AC KD")
    state.apply("buy")
    assert state.phase == "discard" and state.current_player() == 1
    refused(state, "draw", "mushka.buy.discard-first")
    refused(state, "discard 7C", "mushka.buy.discard-first")  # not his card
    refused(state, "stand", "mushka.buy.discard-first")
    act(state, "discard 7H", "discard 8H")
    view = state.view(None)
    assert pile(view, "discards")["cards"] == ["7H", "8H"]
    assert pile(view, "discards")["seat"] == 1 and pile(view, "discards")["count"] == 2
    assert "cards" not in pile(state.view(2), "discards"), "the discards are not shown to the others"
    assert state.view(1)["calls"]["said"][-1]["text"] == "buying: 2 out"
    assert "draw 2" in legal_texts(state)
    refused(state, "draw", "mushka.buy.discard-first")  # only the listed form: he draws as many as he threw out
    state.apply("draw 2")
    view = state.view(None)
    assert set(view["hands"][1]) == {"AS", "AH", "AD", "9D", "10D"}
    assert pile(view, "stock")["cards"][:2] == ["AC", "KD"]
    assert view["calls"]["said"][0] == {"seat": 1, "kind": "buy", "text": "bought 2", "rule": "mushka.bid.options"}
    assert not any(p["id"] == "discards" for p in view["piles"]), "the buy is made: no discards are being made"
    assert state.phase == "bid" and state.current_player() == 2


@pytest.mark.rule("mushka.buy.discard-first")
def test_mushka_a_draw_naming_another_number_of_cards_is_refused():
    state = deal("mushka", hands=MUSHKA_HANDS, turned="KH")
    act(state, "buy", "discard 7H", "discard 8H")
    assert legal_texts(state)[-1] == "draw 2"
    refused(state, {"kind": "draw", "value": 3}, "mushka.buy.discard-first")


@pytest.mark.rule("mushka.buy.stock-limit")
def test_mushka_no_more_cards_bought_than_the_stock_holds():
    # four players, 32 cards: 20 dealt, one turned, 11 in the stock
    state = deal("mushka", players=4, hands={1: "AS 7H 8H 9H 10H", 0: "7D 8D 9D 10D JD"}, turned="QD")
    assert pile(state.view(None), "stock")["count"] == 11
    for seat in (1, 2):
        assert state.current_player() == seat
        state.apply("buy")
        for card in list(state.view(None)["hands"][seat]):
            state.apply(f"discard {card}")
        assert state.phase == "bid", "discarding the whole hand draws at once"
    assert pile(state.view(None), "stock")["count"] == 1
    state.apply("buy")
    discard = [a for a in state.legal_actions() if a.kind == "discard"][0]
    state.apply(discard)
    assert pile(state.view(None), "stock")["count"] == 0 and state.view(None)["calls"]["said"][2]["text"] == "bought 1"
    assert state.current_player() == 0 and legal_texts(state) == ["pass", "stand"]
    refused(state, "buy", "mushka.buy.stock-limit")


@pytest.mark.rule("mushka.bid.all-pass")
def test_mushka_all_pass_makes_the_deal_void_and_the_next_player_deals():
    state = deal("mushka", turned="AS")
    act(state, "pass", "pass", "pass")
    view = state.view(None)
    assert view["deal"] == 2 and view["dealer"] == 1 and view["phase"] == "bid"
    assert view["totals"] == [25, 25, 25]
    row = view["score_sheet"][0]
    assert row["entries"] == [] and row["void"]["rule"] == "mushka.bid.all-pass"
    assert view["previous_deal"]["void"] == row["void"] and view["previous_deal"]["deal"] == 1


@pytest.mark.rule("mushka.play.lead", "mushka.play.trick-winner")
def test_mushka_eldest_leads_or_the_next_active_player_and_the_winner_leads_next():
    state = deal("mushka", hands={1: "7C 8C 9C 10C JC", 2: "AH KH 7D 8D 9D", 0: "7S 8S 9S 10S QS"}, turned="QH")
    act(state, "pass", "stand", "stand")
    assert state.current_player() == 2, "seat 1 passed: seat 2 leads"
    act(state, "play 9D")
    refused(state, "play AH", "mushka.play.follow-else-trump")  # not the dealer's card
    assert len(state.legal_actions()) == 5, "no diamond and no heart: any card"
    act(state, "play QS")
    assert state.view(None)["last_trick"]["winner"] == 2 and state.current_player() == 2


@pytest.mark.rule("mushka.play.follow-else-trump", "mushka.play.free-discard")
def test_mushka_follow_suit_else_trump_else_any_card():
    state = deal("mushka", hands={1: "AC 7D 8S 9S 10S", 2: "KC 7H 8D 9D 10D", 0: "QC JS QS KS AS"}, turned="8H")
    act(state, "stand", "stand", "stand", "play AC")
    assert legal_texts(state) == ["play KC"]
    refused(state, "play 7H", "mushka.play.follow-else-trump")
    act(state, "play KC", "play QC")
    act(state, "play 7D")  # seat 1 won and leads a diamond
    assert set(legal_texts(state)) == {"play 8D", "play 9D", "play 10D"}
    act(state, "play 8D")
    # the dealer has neither diamond nor heart: any card
    assert set(legal_texts(state)) == {"play JS", "play QS", "play KS", "play AS"}


@pytest.mark.rule("rams.play.follow-else-trump", "rams.play.free-discard", "rams.play.lead", "rams.play.trick-winner",
                  "petukh.play.follow-else-trump", "petukh.play.free-discard", "petukh.play.lead",
                  "petukh.play.trick-winner", "rams.bid.options")
@pytest.mark.parametrize("game", ["rams", "petukh"])
def test_follow_suit_else_trump_else_any_card_and_the_winner_leads(game):
    # hearts trumps; seat 1 leads clubs, the dealer wins; seat 2 trumps a spade and leads a diamond
    hands = {1: "QC 10D 8S 9S 10S", 2: "KC 7H 8D 9D JD", 0: "AC JS QS KS AS"}
    state = deal(game, hands=hands, turned="8H")
    act(state, "stand", "stand", "stand")
    if game == "rams":
        state.apply("keep")
    assert state.current_player() == 1, "the dealer's left leads"
    act(state, "play QC")
    assert legal_texts(state) == ["play KC"]
    refused(state, "play 7H", f"{game}.play.follow-else-trump")
    act(state, "play KC", "play AC")
    assert state.view(None)["last_trick"]["winner"] == 0 and state.current_player() == 0
    act(state, "play JS")  # the dealer leads a spade; seat 1 follows; seat 2 has no spade: he must trump
    act(state, "play 8S")
    assert legal_texts(state) == ["play 7H"]
    act(state, "play 7H")
    assert state.view(None)["last_trick"]["winner"] == 2
    act(state, "play 8D")  # seat 2 leads; the dealer has neither diamond nor heart: any card
    assert set(legal_texts(state)) == {"play QS", "play KS", "play AS"}
    act(state, "play AS", "play 10D")
    assert state.view(None)["last_trick"]["winner"] == 1, "the highest of the suit led, the ace of spades off-suit"


@pytest.mark.rule("mushka.score.trick", "mushka.score.no-trick", "mushka.score.ace-of-spades-bonus")
def test_mushka_one_trick_with_the_ace_of_spades_when_spades_are_trumps_writes_off_ten_more():
    state = deal("mushka", hands={1: "AS 7C 8C 9C 10C", 2: "JC QC KC AC 7H", 0: "7D 8D 9D 10D JD"}, turned="7S")
    act(state, "stand", "stand", "pass")
    act(state, "play AS", "play 7H")  # seat 1 takes the first trick
    act(state, "play 7C", "play JC", "play QC", "play 8C", "play KC", "play 9C", "play AC", "play 10C")
    assert previous_tricks(state.view(None)) == [0, 1, 4]
    assert entries(state, 1) == [(1, -1, "mushka.score.trick"), (1, -10, "mushka.score.ace-of-spades-bonus"),
                                 (2, -4, "mushka.score.trick")]
    assert state.view(None)["totals"] == [25, 14, 21]


@pytest.mark.rule("mushka.score.ace-of-spades-bonus")
def test_mushka_the_ace_of_spades_bonus_is_five_when_spades_are_not_trumps():
    state = deal("mushka", hands={1: "AS KS QS 7H 8H", 2: "7C 8C 9C 10C JC", 0: "7D 8D 9D 10D JD"}, turned="9H")
    act(state, "stand", "pass", "pass")
    play_rest_of_deal(state)
    assert entries(state, 1) == [(1, -5, "mushka.score.trick"), (1, -5, "mushka.score.ace-of-spades-bonus")]
    assert state.view(None)["totals"][1] == 15


@pytest.mark.rule("mushka.score.ace-of-spades-penalty", "mushka.score.no-trick")
def test_mushka_the_ace_of_spades_without_a_trick_costs_ten_and_a_blank_five():
    # hearts trumps; seat 2 ruffs the ace of spades and takes every trick
    state = deal("mushka", hands={1: "AS 7C 8C 9C 10C", 2: "AH KH QH JH 10H", 0: "7S 8S 9S 10S JS"}, turned="7H")
    act(state, "stand", "stand", "stand")
    play_rest_of_deal(state)
    assert previous_tricks(state.view(None)) == [0, 0, 5]
    assert (1, 10, "mushka.score.ace-of-spades-penalty") in entries(state, 1)
    assert (0, 5, "mushka.score.no-trick") in entries(state, 1)
    assert state.view(None)["totals"] == [30, 35, 20]


@pytest.mark.rule("mushka.score.ace-of-spades-penalty")
@pytest.mark.parametrize("reading", ["ten", "five-plus-ace"])
def test_mushka_the_ace_of_spades_penalty_is_ten_under_both_readings_when_spades_are_not_trumps(reading):
    state = deal("mushka", hands={1: "AS 7C 8C 9C 10C", 2: "AH KH QH JH 10H", 0: "7S 8S 9S 10S JS"}, turned="7H",
                 ace_of_spades_penalty=reading)
    act(state, "stand", "stand", "stand")
    play_rest_of_deal(state)
    assert previous_tricks(state.view(None))[1] == 0
    assert [e for e in entries(state, 1) if e[0] == 1] == [(1, 10, "mushka.score.ace-of-spades-penalty")]


def _pamphil_takes_the_ace_of_spades(reading: str) -> LooState:
    """Spades trumps: seat 1 leads the ace of spades, seat 2's pamphil (a trump) takes it, then
    seat 2 takes every heart; the dealer passes."""
    state = deal("pamphil", hands={1: "AS 7H 8H 9H 10H", 2: "JC AH KH QH JH", 0: "7D 8D 9D 10D JD"},
                 turned="7S", ace_of_spades_penalty=reading)
    declaration(state)
    act(state, "stand", "stand", "pass")
    act(state, "play AS", "play JC", "play AH", "play 7H", "play KH", "play 8H", "play QH", "play 9H",
        "play JH", "play 10H")
    assert previous_tricks(state.view(None)) == [0, 0, 5]
    return state


@pytest.mark.rule("mushka.score.ace-of-spades-penalty", "pamphil.general.as-mushka")
@pytest.mark.parametrize("reading, penalty", [("ten", 10), ("five-plus-ace", 15)])
def test_pamphil_keeps_mushkas_ace_of_spades_penalty_reading_when_spades_are_trumps(reading, penalty):
    """The case that separates the readings needs the ace of spades, as the ace of trumps, to lose
    its trick: only the pamphil can take it."""
    state = _pamphil_takes_the_ace_of_spades(reading)
    assert [e for e in entries(state, 1) if e[0] == 1] == [(1, penalty, "mushka.score.ace-of-spades-penalty")]
    assert state.view(None)["totals"] == [25, 25 + penalty, 20]
    assert games.get("pamphil").make_variant().to_json()["ace_of_spades_penalty"] == "ten"


@pytest.mark.rule("mushka.score.ace-of-spades-penalty")
def test_mushka_an_unknown_ace_of_spades_penalty_reading_is_refused():
    with pytest.raises(VariantError, match="ace_of_spades_penalty"):
        games.get("mushka").make_variant(ace_of_spades_penalty="twenty")


@pytest.mark.rule("mushka.score.ace-of-spades-penalty", "mushka.score.ace-of-spades-bonus")
def test_mushka_with_spades_trumps_the_ace_of_spades_always_takes_a_trick():
    """Why the readings never differ in Мушка itself: with spades trumps the ace of spades is the
    ace of trumps and wins the trick it is played to, so its holder never takes no trick."""
    spades_deals = 0
    for seed in range(60):
        state = games.get("mushka").new_game({"players": 4, "ace_of_spades_penalty": "five-plus-ace"}, seed)
        bots = [make_bot("random", seed=seed * 10 + s) for s in range(4)]
        while not state.is_over() and len(state.deals) < 4:
            deal_number = state.deal_number
            holder = None
            while not state.is_over() and state.deal_number == deal_number:
                if state.phase == "play" and holder is None:
                    holder = next((s for s in state.active if Card.parse("AS") in state.hands[s]), -1)
                    spades = state.trump.value == "S"
                seat = state.current_player()
                state.apply(bots[seat].choose(state, seat))
            if holder is not None and holder >= 0 and spades:
                spades_deals += 1
                row = next(r for r in state.view(None)["score_sheet"] if r["deal"] == deal_number)
                assert all(e["rule"] != "mushka.score.ace-of-spades-penalty" for e in row["entries"])
                assert any(e["seat"] == holder and e["rule"] == "mushka.score.trick" for e in row["entries"])
    assert spades_deals > 0


def _mushka_overshoot_game(reading: str) -> LooState:
    """Two players; seat 1 writes 25 down to 3 in three deals, then takes five tricks alone."""
    v = {"players": 2, "overshoot_penalty": reading}
    decks = [
        stacked("mushka", v, 0, {1: "AS 7H 8H 9H 10H", 0: "7C 8C 9C 10C JC"}, turned="7D"),
        stacked("mushka", v, 1, {1: "AS 7H 8H 9H 10H", 0: "7C 8C 9C 10C JC"}, turned="7D"),
        stacked("mushka", v, 0, {1: "AD KD 7C 8C 9C", 0: "AC KC QC 7H 8H"}, turned="7D", stock="AS"),
        stacked("mushka", v, 1, {1: "AH KH QH JH 10H", 0: "7C 8C 9C 10C JC"}, turned="AS"),
    ]
    state = games.get("mushka").new_game(v, 0, decks=decks, first_dealer=0)
    act(state, "stand", "pass")  # deal 1: seat 1 alone, five tricks and the ace: 25 - 10
    play_rest_of_deal(state)
    act(state, "pass", "stand")  # deal 2: 15 - 10
    play_rest_of_deal(state)
    assert state.view(None)["totals"] == [25, 5]
    act(state, "stand", "stand")  # deal 3: seat 1 takes two tricks: 5 - 2
    act(state, "play AD", "play 7H", "play KD", "play 8H", "play 7C", "play QC", "play KC", "play 8C",
        "play AC", "play 9C")
    assert state.view(None)["totals"] == [22, 3]
    act(state, "pass", "stand")  # deal 4: alone, five tricks with 3 to go
    play_rest_of_deal(state)
    return state


@pytest.mark.rule("mushka.end.overshoot")
@pytest.mark.parametrize("reading, restart", [("once", 30), ("per-surplus-trick", 35)])
def test_mushka_too_many_tricks_restart_the_record_with_a_penalty(reading, restart):
    state = _mushka_overshoot_game(reading)
    assert not state.is_over()
    assert state.view(None)["totals"] == [22, restart]
    rows = entries(state, 4)
    assert rows[0] == (1, -5, "mushka.score.trick")
    assert rows[1][2] == "mushka.end.overshoot" and sum(p for _, p, _ in rows) == restart - 3


@pytest.mark.rule("mushka.end.winner", "mushka.settle.systems")
@pytest.mark.parametrize("settlement, expected", [("points", [-25, 25]), ("fixed", [-7, 7])])
def test_mushka_the_first_to_write_off_his_record_wins_and_is_paid(settlement, expected):
    v = {"players": 2, "settlement": settlement, "agreed_sum": 7}
    decks = [stacked("mushka", v, d % 2, {1: "AS 7H 8H 9H 10H", 0: "7C 8C 9C 10C JC"}, turned="KS") for d in range(3)]
    state = games.get("mushka").new_game(v, 0, decks=decks, first_dealer=0)
    for bids in (("stand", "pass"), ("pass", "stand")):
        act(state, *bids)
        play_rest_of_deal(state)
    assert state.view(None)["totals"] == [25, 0] and state.is_over()
    # 10 left, five tricks and the ace of spades (spades trumps): the bonus only brings it to nothing
    assert entries(state) == [(1, -5, "mushka.score.trick"), (1, -10, "mushka.score.ace-of-spades-bonus"),
                              (1, 5, "mushka.end.overshoot")]
    outcome = state.outcome()
    assert list(outcome.winners) == [1] and list(outcome.scores) == [25, 0]
    assert account_totals(state.view(None), "settlement") == expected
    assert state.legal_actions() == [] and state.current_player() is None
    refused(state, "stand", "mushka.end.winner")


@pytest.mark.rule("mushka.play.ace-of-spades-power")
@pytest.mark.parametrize("reading, winner", [("ordinary", 1), ("beats-trump-ace", 2)])
def test_mushka_the_ace_of_spades_against_the_trump_ace(reading, winner):
    # hearts trumps: seat 1 leads AH, seat 2 has no heart and no... he must trump: he has none, so plays AS
    state = deal("mushka", hands={1: "AH 7C 8C 9C 10C", 2: "AS 7D 8D 9D 10D", 0: "KH 7S 8S 9S 10S"},
                 turned="7H", ace_of_spades_power=reading)
    act(state, "stand", "stand", "stand", "play AH", "play AS", "play KH")
    assert state.view(None)["last_trick"]["winner"] == winner


@pytest.mark.rule("mushka.play.ace-of-spades-power")
def test_mushka_the_ace_of_spades_led_is_beaten_by_the_trump_ace_in_every_reading():
    state = deal("mushka", hands={1: "AS 7C 8C 9C 10C", 2: "AH 7D 8D 9D 10D", 0: "KH QS 8S 9S 10S"},
                 turned="7H", ace_of_spades_power="beats-trump-ace")
    act(state, "stand", "stand", "stand", "play AS", "play AH", "play QS")
    assert state.view(None)["last_trick"]["winner"] == 2


@pytest.mark.rule("mushka.special.five-of-a-suit")
@pytest.mark.parametrize("reading", ["off", "wins-game", "wins-deal"])
def test_mushka_five_of_a_suit_in_some_companies(reading):
    state = deal("mushka", hands={1: "7H 9H JH QH AH", 2: "7C 8C 9C 10C 7D", 0: "7S 8S 9S 10S 8D"},
                 turned="KS", five_of_a_suit=reading)
    act(state, "stand", "stand", "stand")
    view = state.view(None)
    if reading == "off":
        assert view["phase"] == "play" and view["shows"] == []
        return
    shows = [s for s in state.score_sheet[0]["entries"]]
    assert shows and all(e["seat"] == 1 for e in shows), "the others score nothing"
    if reading == "wins-game":
        assert state.is_over() and list(state.outcome().winners) == [1] and view["totals"] == [25, 0, 25]
    else:
        assert not state.is_over() and view["deal"] == 2 and view["totals"] == [25, 20, 25]
        assert previous_tricks(view) == [0, 5, 0]


# --------------------------------------------------------------------------- Памфил

@pytest.mark.rule("pamphil.deal.turned-pamphil")
def test_pamphil_turned_up_the_dealer_takes_it_and_lays_out_a_card_for_trumps():
    state = deal("pamphil", hands={0: "KS 7H 8H 9D 10D", 1: "7C 8C 9C 10C QC", 2: "7S 8S 9S 10S QS"}, turned="JC")
    view = state.view(None)
    assert view["phase"] == "lay_out" and state.current_player() == 0
    assert "JC" in view["hands"][0] and len(view["hands"][0]) == 6
    assert sorted(legal_texts(state)) == sorted(f"lay_out {c}" for c in ["KS", "7H", "8H", "9D", "10D"])
    refused(state, "lay_out JC", "pamphil.deal.turned-pamphil")
    refused(state, "lay_out 7C", "pamphil.deal.turned-pamphil")  # another's card
    refused(state, "pass", "pamphil.deal.turned-pamphil")
    assert state.view(1)["hands"][0]["known"] == ["JC"], "everyone saw the pamphil turned up"
    state.apply("lay_out 9D")
    view = state.view(None)
    assert view["trump"] == "D" and pile(view, "turned")["cards"][0] == "9D"
    assert set(view["hands"][0]) == {"KS", "7H", "8H", "10D", "JC"}
    # the whole table saw the pamphil turned: only a holder as dealt declares it (pamphil.bid.declare-payment)
    assert view["phase"] == "bid" and state.current_player() == 1


@pytest.mark.rule("pamphil.deal.turned-pamphil", "mushka.bid.ace-of-spades-must-play")
def test_pamphil_dealer_who_laid_out_the_ace_of_spades_may_pass():
    state = deal("pamphil", hands={0: "AS 7H 8H 9D 10D", 1: "7C 8C 9C 10C QC", 2: "7S 8S 9S 10S QS"}, turned="JC")
    act(state, "lay_out AS", "pass", "pass")
    assert "AS" not in hand(state, 0) and pile(state.view(None), "turned")["cards"][0] == "AS"
    assert "pass" in legal_texts(state)


@pytest.mark.rule("pamphil.bid.declare-payment", "petukh.deal.six-player-trump")
@pytest.mark.parametrize("game", ["pamphil", "petukh"])
def test_a_shown_card_discarded_is_no_longer_shown_in_the_hand(game):
    if game == "pamphil":
        state = deal("pamphil", hands={1: "JC 7H 8H 9D 10D"}, turned="7S")
        declaration(state, "declare")
        act(state, "buy", "discard JC", "draw 1")
        holder, card, viewer = 1, "JC", 2
    else:
        state = deal("petukh", players=6, dealer=5, six_player_pack="thirty-four",
                     hands={5: "7H 8H 9H 10H KC"})
        assert pile(state.view(None), "trump-card")["cards"] == ["KC"]
        while state.current_player() != 5:
            state.apply("stand")
        act(state, "buy", "discard KC", "draw 1")
        holder, card, viewer = 5, "KC", 0
    assert card not in hand(state, holder)
    assert card not in state.view(viewer)["hands"][holder]["known"]


@pytest.mark.rule("pamphil.bid.declare-payment")
@pytest.mark.parametrize("payment", [1, 3])
def test_pamphil_declaring_is_paid_by_each_other_player_outside_the_record(payment):
    state = deal("pamphil", players=4, hands={2: "JC 7H 8H 9D 10D"}, turned="7S", pamphil_payment=payment)
    assert state.phase == "declare" and state.current_player() == 1, "every seat is asked, eldest first"
    assert legal_texts(state) == ["keep_quiet"]
    refused(state, "declare", "pamphil.bid.declare-payment")  # seat 1 does not hold it
    refused(state, "stand", "pamphil.bid.declare-payment")
    state.apply("keep_quiet")
    assert state.current_player() == 2 and legal_texts(state) == ["declare", "keep_quiet"]
    state.apply("declare")
    act(state, "keep_quiet", "keep_quiet")
    view = state.view(None)
    assert account_totals(view, "payment") == [-payment, -payment, 3 * payment, -payment]
    account = view["ledger"]["accounts"][0]
    assert account["label"] == "Side payments for declaring the pamphil" and account["rule"] == "pamphil.bid.declare-payment"
    assert [(c["seat"], c["text"]) for c in view["calls"]["said"]] == [
        (1, "says nothing"), (2, "declares the pamphil"), (3, "says nothing"), (0, "says nothing")]
    assert {c["rule"] for c in view["calls"]["said"]} == {"pamphil.bid.declare-payment"}
    assert view["calls"]["waiting"] == [1, 2, 3, 0] and view["calls"]["waiting_text"] == "waiting to bid"
    assert view["totals"] == [25] * 4
    assert view["shows"] == [{"seat": 2, "kind": "pamphil", "cards": ["JC"], "value": 3 * payment,
                              "rule": "pamphil.bid.declare-payment", "text": "Seat 2 declares the pamphil: J♣."}]
    assert view["phase"] == "bid" and state.current_player() == 1, "the declaration comes before the buying"


@pytest.mark.rule("pamphil.bid.declare-payment")
def test_pamphil_keeping_quiet_pays_nothing_and_every_seat_is_asked_even_when_it_is_in_the_stock():
    state = deal("pamphil", players=4, hands={2: "JC 7H 8H 9D 10D"}, turned="7S")
    declaration(state)
    assert account_totals(state.view(None), "payment") is None and state.view(None)["shows"] == []
    assert [c["text"] for c in state.view(None)["calls"]["said"]] == ["says nothing"] * 4
    state = deal("pamphil", players=4, turned="7S", stock="JC")
    for seat in (1, 2, 3, 0):
        assert state.phase == "declare" and state.current_player() == seat and legal_texts(state) == ["keep_quiet"]
        state.apply("keep_quiet")
    assert state.phase == "bid" and state.current_player() == 1


@pytest.mark.rule("pamphil.bid.declare-payment")
@pytest.mark.parametrize("seed", range(12))
def test_pamphil_who_is_asked_and_what_the_others_hear_do_not_tell_who_holds_it(seed):
    """In every deal every seat is asked in the same order, and a holder who keeps quiet is
    heard exactly as any other seat: the table learns the holder only if he declares."""
    state = games.get("pamphil").new_game({"players": 4}, seed)
    while state.phase == "lay_out":
        state.apply(state.legal_actions()[0])
    if state.phase != "declare":
        return  # (the pamphil turned up: everyone saw it)
    asked, heard = [], []
    while state.phase == "declare":
        seat = state.current_player()
        asked.append(seat)
        prompt = state.prompt((seat + 1) % 4)
        heard.append((prompt["text"], prompt["rule"]))
        state.apply("keep_quiet")
    assert asked == [(state.dealer + k) % 4 for k in range(1, 5)]
    assert all(text.endswith(": declare the pamphil, if you hold it, or say nothing") or "say nothing" in text
               for text, _ in heard)
    assert len({text.split(":", 1)[1] for text, _ in heard}) == 1, heard
    assert {c["text"] for c in state.view(0)["calls"]["said"]} == {"says nothing"}


@pytest.mark.rule("pamphil.play.pamphil-highest", "pamphil.play.pamphil-follow")
def test_pamphil_wins_the_trick_over_the_ace_of_trumps():
    state = deal("pamphil", hands={1: "AH 7C 8C 9C 10C", 2: "JC 7D 8D 9D 10D", 0: "KH 7S 8S 9S 10S"}, turned="7H")
    declaration(state)
    act(state, "stand", "stand", "stand", "play AH")
    assert "play JC" in legal_texts(state), "no heart: the pamphil may be played as a trump"
    act(state, "play JC", "play KH")
    assert state.view(None)["last_trick"]["winner"] == 2


@pytest.mark.rule("pamphil.play.pamphil-follow")
@pytest.mark.parametrize("reading, legal", [("trump", {"play 9C"}), ("wild", {"play 9C", "play JC"})])
def test_pamphil_follows_as_a_trump_or_wild(reading, legal):
    state = deal("pamphil", hands={1: "KC 7D 8D 9D 10D", 2: "JC 9C 7H 8S 9S", 0: "QH 10S JS QS KS"}, turned="8H",
                 pamphil_follow=reading)
    declaration(state)
    act(state, "stand", "stand", "stand", "play KC")
    assert set(legal_texts(state)) == legal
    if reading == "trump":
        refused(state, "play JC", {"mushka.play.follow-else-trump", "pamphil.play.pamphil-follow"})
    else:
        act(state, "play JC", "play QH")
        assert state.view(None)["last_trick"]["winner"] == 2


@pytest.mark.rule("pamphil.play.pamphil-follow")
def test_pamphil_led_calls_for_trumps():
    state = deal("pamphil", hands={1: "JC 7D 8D 9D 10D", 2: "AH 9C 7C 8S 9S", 0: "QH 10S JS QS KS"}, turned="8H")
    declaration(state)
    act(state, "stand", "stand", "stand", "play JC")
    assert legal_texts(state) == ["play AH"], "he holds a club, but the pamphil led calls for trumps"


@pytest.mark.rule("pamphil.play.pamphil-follow")
def test_pamphil_refusal_of_a_club_to_the_led_pamphil_names_the_pamphil_rule():
    state = deal("pamphil", hands={1: "JC 7D 8D 9D 10D", 2: "AH 9C 7C 8S 9S", 0: "QH 10S JS QS KS"}, turned="8H")
    declaration(state)
    act(state, "stand", "stand", "stand", "play JC")
    error = refused(state, "play 9C", "pamphil.play.pamphil-follow")
    assert "cannot follow" not in str(error.reason)


@pytest.mark.rule("pamphil.special.five-of-a-suit")
def test_pamphil_four_clubs_and_the_pamphil_are_five_clubs():
    state = deal("pamphil", hands={1: "JC 7C 8C 9C 10C", 2: "7H 8H 9H 10H 7D", 0: "7S 8S 9S 10S 8D"}, turned="KD",
                 five_of_a_suit="wins-game")
    declaration(state)
    act(state, "stand", "stand", "stand")
    assert state.is_over() and list(state.outcome().winners) == [1]
    assert entries(state)[-1][2] == "pamphil.special.five-of-a-suit"


@pytest.mark.rule("pamphil.general.as-mushka")
def test_pamphil_keeps_mushkas_ace_of_spades_and_record():
    state = deal("pamphil", hands={1: "AS 7H 8H 9D 10D"}, turned="KH", stock="JC")
    assert state.view(None)["ledger"]["start"] == 25
    declaration(state)
    # the refusal names Памфил's rule that adopts Мушка's, and the rule of Мушка's it applies
    error = refused(state, "pass", "pamphil.general.as-mushka")
    assert error.adopted == "mushka.bid.ace-of-spades-must-play" and error.to_json()["adopted"] == error.adopted
    assert "ace of spades" in str(error.reason)


# --------------------------------------------------------------------------- Рамс

def _rams_book_deal(one_trick: bool) -> LooState:
    """Seat 1 holds the ace of spades and the ace of hearts (diamonds trumps)."""
    if one_trick:
        return deal("rams", hands={1: "AS AH 7C 8C 9C", 2: "KS 7D 8D 9D 10D", 0: "8S 9H 10H KC QC"}, turned="JD")
    return deal("rams", hands={1: "AS AH 7C 8C 9C", 2: "KC 7D 8D 9D 10D", 0: "8S 9S 9H 10H QH"}, turned="JD")


@pytest.mark.rule("rams.score.ace-values", "rams.score.aces-with-trick", "rams.score.trick")
def test_rams_book_example_aces_of_spades_and_hearts_with_one_trick_write_off_26():
    state = _rams_book_deal(one_trick=True)
    act(state, "stand", "stand", "stand", "keep")
    act(state, "play AS", "play KS", "play 8S")  # seat 1's one trick
    act(state, "play AH", "play 7D", "play 9H")
    act(state, "play 8D", "play 10H", "play 7C", "play 9D", "play KC", "play 8C", "play 10D", "play QC", "play 9C")
    assert previous_tricks(state.view(None)) == [0, 1, 4]
    assert entries(state, 1)[:2] == [(1, -1, "rams.score.trick"), (1, -25, "rams.score.aces-with-trick")]
    assert state.view(None)["totals"] == [105, 74, 96]


@pytest.mark.rule("rams.score.no-trick", "rams.score.ace-values")
def test_rams_book_example_the_same_aces_without_a_trick_write_up_30():
    state = _rams_book_deal(one_trick=False)
    act(state, "stand", "stand", "pass")
    act(state, "play AS", "play 7D", "play 8D", "play AH", "play 9D", "play 7C", "play 10D", "play 8C",
        "play KC", "play 9C")
    assert previous_tricks(state.view(None)) == [0, 0, 5]
    assert sum(p for s, p, _ in entries(state, 1) if s == 1) == 30
    assert {r for s, _, r in entries(state, 1) if s == 1} == {"rams.score.no-trick"}
    assert state.view(None)["totals"] == [100, 130, 95]


@pytest.mark.rule("rams.bid.ace-may-not-pass")
@pytest.mark.parametrize("reading, may_pass", [("any-ace", False), ("trump-ace", True), ("ace-of-spades", True)])
def test_rams_an_ace_received_forbids_passing(reading, may_pass):
    state = deal("rams", hands={1: "AD 7C 8H 9S 10S"}, turned="7H", ace_must_play=reading)
    assert ("pass" in legal_texts(state)) is may_pass
    if not may_pass:
        error = refused(state, "pass", "rams.bid.ace-may-not-pass")
        assert "ace" in str(error.reason)


@pytest.mark.rule("rams.bid.ace-may-not-pass")
def test_rams_trump_ace_reading_binds_the_ace_of_trumps():
    state = deal("rams", hands={1: "AH 7C 8D 9S 10S"}, turned="7H", ace_must_play="trump-ace")
    refused(state, "pass", "rams.bid.ace-may-not-pass")


@pytest.mark.rule("rams.bid.all-pass")
def test_rams_all_pass_is_a_void_deal():
    state = deal("rams", hands={1: "7C 8C 9C 10C KH", 2: "7D 8D 9D 10D KS", 0: "7S 8S 9S 10S QH"}, turned="JD")
    act(state, "pass", "pass", "pass")
    view = state.view(None)
    assert view["deal"] == 2 and view["dealer"] == 1 and view["totals"] == [100] * 3
    assert view["score_sheet"][0]["void"]["rule"] == "rams.bid.all-pass"


@pytest.mark.rule("rams.play.trump-ace-lead")
def test_rams_the_ace_of_trumps_must_be_led():
    state = deal("rams", hands={1: "AD 7C 8C 9C KS", 2: "KD QS 7H 8H 9H", 0: "7S 8S 9S 10S QH"}, turned="JD")
    act(state, "stand", "stand", "stand", "keep")
    assert legal_texts(state) == ["play AD"]
    error = refused(state, "play KS", "rams.play.trump-ace-lead")
    assert "must lead it" in str(error.reason)


@pytest.mark.rule("rams.play.trump-ace-cover")
def test_rams_the_ace_of_trumps_must_cover_a_trump_court_led():
    state = deal("rams", hands={1: "KD 7C 8C 9C KS", 2: "AD 9D 7H 8H 9H", 0: "7S 8S 9S 10S QH"}, turned="JD")
    act(state, "stand", "stand", "stand", "keep", "play KD")
    assert legal_texts(state) == ["play AD"]
    refused(state, "play 9D", "rams.play.trump-ace-cover")


@pytest.mark.rule("rams.play.follow-else-trump", "rams.play.trump-ace-cover")
@pytest.mark.parametrize("lead, holder", [("10H", "AH 7S 8S 9S 10S"),   # hearts led: his only heart is the ace
                                          ("8C", "AH 7S 8S 9S 10S")])   # clubs led, no club: his only trump
def test_rams_a_refusal_to_follow_with_the_only_card_names_the_follow_rule(lead, holder):
    state = deal("rams", hands={1: f"{lead} KD 9C 10C JC", 2: holder,
                                0: "7D 8D 9D 10D QS"}, turned="7H")
    act(state, "stand", "stand", "stand", "keep", f"play {lead}")
    assert legal_texts(state) == ["play AH"]
    refused(state, "play 7S", "rams.play.follow-else-trump")


@pytest.mark.rule("rams.play.trump-ace-cover")
def test_rams_no_duty_on_a_trump_ten_led():
    state = deal("rams", hands={1: "10D 7C 8C 9C KS", 2: "AD 9D 7H 8H 9H", 0: "7S 8S 9S 10S QH"}, turned="JD")
    act(state, "stand", "stand", "stand", "keep", "play 10D")
    assert set(legal_texts(state)) == {"play AD", "play 9D"}


@pytest.mark.rule("rams.play.trump-ace-cover")
@pytest.mark.parametrize("reading, legal", [("led", {"play AD", "play 9D"}), ("in-trick", {"play AD"})])
def test_rams_trump_king_played_to_another_suit(reading, legal):
    # clubs led, seat 2 trumps with KD, the dealer has no club but AD 9D
    state = deal("rams", hands={1: "7C 8S 9S 10S 7H", 2: "KD 8H 9H 10H JH", 0: "AD 9D QS KS AH"}, turned="JD",
                 trump_ace_cover=reading)
    act(state, "stand", "stand", "stand", "keep", "play 7C", "play KD")
    assert set(legal_texts(state)) == legal
    if reading == "in-trick":
        refused(state, "play 9D", "rams.play.trump-ace-cover")


@pytest.mark.rule("rams.buy.dealer-takes-turned")
def test_rams_the_dealer_exchanges_a_card_for_the_turned_trump():
    state = deal("rams", hands={1: "AS 7C 8C 9C KS", 2: "KC 8H 9H 10H JS", 0: "7S 8S 9S 10S QH"}, turned="QD")
    act(state, "stand", "stand", "stand")
    assert state.phase == "dealer_exchange" and state.current_player() == 0
    assert sorted(legal_texts(state)) == sorted(["keep"] + [f"exchange {c}" for c in ["7S", "8S", "9S", "10S", "QH"]])
    refused(state, "play 7S", "rams.buy.dealer-takes-turned")
    refused(state, "exchange AS", "rams.buy.dealer-takes-turned")  # not his card
    state.apply("exchange 7S")
    view = state.view(None)
    assert set(view["hands"][0]) == {"8S", "9S", "10S", "QH", "QD"}
    assert view["trump"] == "D", "the trump suit stays"
    assert state.view(1)["hands"][0]["known"] == ["QD"]
    assert view["phase"] == "play" and "7S" not in [c for h in view["hands"] for c in h]


@pytest.mark.rule("rams.buy.dealer-takes-turned")
def test_rams_a_dealer_who_passed_takes_nothing():
    state = deal("rams", hands={1: "AS 7C 8C 9C KS", 2: "KC 8H 9H 10H JS", 0: "7S 8S 9S 10S QH"}, turned="QD")
    act(state, "stand", "stand", "pass")
    assert state.phase == "play"


@pytest.mark.rule("rams.special.five-of-a-suit")
@pytest.mark.parametrize("reading, others", [("ace-values", [5 + 5, 5 + 15]), ("flat", [5, 5]),
                                             ("five-per-ace", [10, 10])])
def test_rams_five_of_a_suit_ends_the_deal_without_play(reading, others):
    # spades trumps; seat 1 holds five hearts with the ace; seat 2 the ace of trumps, the dealer AD
    state = deal("rams", hands={1: "AH KH QH 9H 7H", 2: "AS 8C 9D 10S JC", 0: "AD 7C 8S 9C 10D"}, turned="7S",
                 five_of_a_suit_others=reading)
    act(state, "stand", "stand", "stand", "keep")
    view = state.view(None)
    assert view["deal"] == 2 and view["dealer"] == 1, "the deal ended without a trick"
    assert previous_tricks(view) == [0, 0, 0]
    assert view["totals"] == [100 + others[1], 75, 100 + others[0]]
    assert {r for _, _, r in entries(state, 1)} == {"rams.special.five-of-a-suit"}
    logged = [e["seat"] for e in state.log if e["deal"] == 1 and e["rule"] == "rams.special.five-of-a-suit"]
    assert sorted(logged) == [0, 1, 2], "each record change is logged under the rule"


@pytest.mark.rule("rams.special.five-of-a-suit")
def test_rams_five_of_a_suit_only_charges_the_players_still_in():
    state = deal("rams", hands={1: "AH KH QH 9H 7H", 2: "8S 8C 9D 10S JC", 0: "7C 8D 9S 9C 10D"}, turned="7S")
    act(state, "stand", "pass", "stand", "keep")
    assert state.view(None)["totals"] == [105, 75, 100]


@pytest.mark.rule("rams.special.rams")
def test_rams_four_aces_win_the_game():
    state = deal("rams", players=4, hands={1: "AS AH AD AC 7H"}, turned="2C")
    while state.phase == "bid":
        state.apply("stand")
    if state.phase == "dealer_exchange":
        state.apply("keep")
    assert state.is_over() and list(state.outcome().winners) == [1]
    assert state.view(None)["totals"][1] == 0
    assert entries(state)[-1] == (1, -100, "rams.special.rams")
    assert account_totals(state.view(None), "settlement") == [-100, 300, -100, -100]


@pytest.mark.rule("rams.special.rams")
@pytest.mark.parametrize("reading, others", [("nothing", 100), ("five-up", 105)])
def test_rams_the_others_write_nothing_or_five_up_for_a_rams(reading, others):
    # seat 3 passes: he is out of the deal and writes nothing under either reading
    state = deal("rams", players=4, hands={1: "AS AH AD AC 7H", 2: "KS QS 7C 8D 9H", 3: "KH QH JC 10D 9S",
                                           0: "2C 3C 4D 5D 6H"}, turned="7D", rams_others=reading)
    act(state, "stand", "stand", "pass", "stand", "keep")
    assert state.is_over() and list(state.outcome().winners) == [1]
    assert state.view(None)["totals"] == [others, 0, others, 100]
    rows = entries(state)
    assert rows[0] == (1, -100, "rams.special.rams")
    assert sorted(rows[1:]) == ([] if reading == "nothing" else [(0, 5, "rams.special.rams"),
                                                                 (2, 5, "rams.special.rams")])
    assert account_totals(state.view(None), "settlement") == [-others, 2 * others + 100, -others, -100]


@pytest.mark.rule("rams.score.start")
@pytest.mark.parametrize("reading, start", [("hundred", 100), ("hundred-fifty", 150), ("two-hundred", 200)])
def test_rams_records_start_at_the_agreed_number(reading, start):
    state = games.get("rams").new_game({"start_record": reading}, 3)
    assert state.view(None)["totals"] == [start] * 4 and state.view(None)["ledger"]["start"] == start


@pytest.mark.rule("rams.variant.jacks", "rams.jacks.value", "rams.jacks.at-discard", "rams.jacks.pass")
def test_rams_jacks_are_written_off_at_the_discard_and_kept_when_passing():
    state = deal("rams", hands={1: "JS JC 7H 8H 9D", 2: "KS 7D 8D 9S 10S", 0: "7S 8S 9H 10H 7C"}, turned="QD",
                 jacks="jacks")
    state.apply("pass")
    view = state.view(None)
    assert view["totals"][1] == 95
    assert view["shows"] == [{"seat": 1, "kind": "jacks", "cards": ["JS", "JC"], "value": 5,
                              "rule": "rams.jacks.at-discard",
                              "text": "Seat 1 shows jacks at the discard, worth 5: J♠ J♣."}]
    act(state, "stand", "stand", "keep")
    play_rest_of_deal(state)
    assert state.view(None)["totals"][1] == 95
    assert [e for e in entries(state, 1) if e[0] == 1] == [(1, -5, "rams.jacks.at-discard")]


@pytest.mark.rule("rams.variant.jacks")
def test_rams_plain_jacks_count_nothing():
    state = deal("rams", hands={1: "JS JC 7H 8H 9D"}, turned="QD")
    state.apply("pass")
    assert state.view(None)["totals"][1] == 100 and state.view(None)["shows"] == []


@pytest.mark.rule("rams.jacks.at-discard", "rams.buy.discard-first")
def test_rams_a_jack_bought_makes_no_pair():
    state = deal("rams", hands={1: "JS 7C 8H 9D 10C", 2: "KS 7D 8D 9S 10S"}, turned="QD", stock="JC", jacks="jacks")
    act(state, "buy", "discard 7C", "draw 1")
    assert "JC" in hand(state, 1) and state.view(None)["totals"][1] == 100


@pytest.mark.rule("rams.jacks.no-trick")
@pytest.mark.parametrize("cards, reading, record", [
    ("JH JD 7C 8C 9C", "no-penalty", 95), ("JH JD 7C 8C 9C", "offset", 100),
    ("JS JC JH JD 7C", "no-penalty", 95), ("JS JC JH JD 7C", "offset", 95),
])
def test_rams_jacks_and_the_no_trick_penalty(cards, reading, record):
    # spades trumps; seat 2 holds the top trumps and the red aces and takes every trick
    state = deal("rams", hands={1: cards, 2: "AS KS QS AD AH", 0: "7S 8S 7H 8H 9D"}, turned="9S",
                 jacks="jacks", jacks_no_trick=reading)
    act(state, "stand", "stand", "pass")
    play_rest_of_deal(state)
    assert previous_tricks(state.view(None)) == [0, 0, 5]
    assert state.view(None)["totals"][1] == record


@pytest.mark.rule("rams.jacks.finish")
def test_rams_jacks_finish_the_game_without_play():
    v = {"players": 3, "jacks": "jacks"}
    decks = [
        stacked("rams", v, 0, {1: "AH AD AC 7S 8S", 2: "7C 8C 9C 10C 7D", 0: "JS 9S 10S 8D 9D"}, turned="9H"),
        stacked("rams", v, 1, {1: "AH AD AS 7C 8C", 2: "7S 8S 9S 10S 7D", 0: "9C 10C JC 8D 9D"}, turned="9H"),
        stacked("rams", v, 2, {1: "JH JD 7C 8C 9C", 0: "7S 8S 9S 10S KD"}, turned="7H"),
    ]
    state = games.get("rams").new_game(v, 0, decks=decks, first_dealer=0)
    act(state, "stand", "pass", "pass")  # seat 1 alone: five tricks and AH AD AC = 50
    play_rest_of_deal(state)
    act(state, "pass", "pass", "stand", "keep")  # seat 1 deals and plays alone: five tricks and AH AD AS = 45
    play_rest_of_deal(state)
    assert state.view(None)["totals"] == [100, 5, 100]
    act(state, "stand", "pass")  # deal 3: seat 1 shows JH JD with five left
    assert state.is_over() and list(state.outcome().winners) == [1]
    assert entries(state)[-1] == (1, -5, "rams.jacks.finish")
    assert previous_tricks(state.view(None)) == [0, 0, 0]


@pytest.mark.rule("rams.jacks.cancelled")
def test_rams_jacks_count_nothing_when_another_shows_five_of_a_suit():
    state = deal("rams", hands={1: "JS JC 7D 8D 9D", 2: "7H 8H 9H 10H QH", 0: "7S 8S 9S 10S KD"}, turned="7C",
                 jacks="jacks")
    state.apply("stand")
    assert state.view(None)["totals"][1] == 95
    act(state, "stand", "stand", "keep")
    rows = entries(state, 1)
    assert (1, 5, "rams.jacks.cancelled") in rows
    assert state.view(None)["totals"][1] == 105, "jacks written back, then 5 up for another's five of a suit"


@pytest.mark.rule("rams.jacks.cancelled", "rams.special.rams")
def test_rams_jacks_are_written_back_when_another_shows_a_rams():
    state = deal("rams", players=4, hands={1: "JS JC 7D 8D 9D", 2: "AS AH AD AC 7H", 3: "2S 3S 4S 5H 6H",
                                           0: "2C 3C 4C 5D 6D"}, turned="7C", jacks="jacks")
    state.apply("pass")
    assert state.view(None)["totals"][1] == 95
    act(state, "stand", "stand", "stand", "keep")
    assert state.is_over() and list(state.outcome().winners) == [2]
    assert (1, 5, "rams.jacks.cancelled") in entries(state)
    assert state.view(None)["totals"] == [100, 100, 0, 100]


@pytest.mark.rule("rams.buy.dealer-takes-turned", "rams.special.five-of-a-suit")
def test_rams_the_dealer_may_make_five_of_a_suit_with_the_turned_trump():
    state = deal("rams", hands={1: "7C 8C 9C KS QS", 2: "10C JC QC 8S 9S", 0: "7H 8H 9H 10H 7S"}, turned="JH")
    act(state, "stand", "stand", "stand", "exchange 7S")
    view = state.view(None)
    assert view["deal"] == 2 and previous_tricks(view) == [0, 0, 0]
    assert view["totals"] == [95, 105, 105]


@pytest.mark.rule("rams.end.winner", "rams.settle.remaining-records", "rams.score.aces-with-trick")
def test_rams_a_record_stops_at_nothing_and_the_winner_is_paid_what_is_left():
    v = {"players": 3}
    decks = [
        stacked("rams", v, 0, {1: "AH AD AC 7S 8S", 2: "7C 8C 9C 10C 7D", 0: "JS 9S 10S 8D 9D"}, turned="9H"),
        stacked("rams", v, 1, {1: "AH AD 7C 8C 9C", 2: "7S 8S 9S 10S 7D", 0: "JC 10C JS 8D 9D"}, turned="9H"),
        stacked("rams", v, 2, {1: "AH 7C 8C 9C 10C", 0: "7S 8S 9S 10S 7D", 2: "JC QC KC 8D 9D"}, turned="9H"),
    ]
    state = games.get("rams").new_game(v, 0, decks=decks, first_dealer=0)
    act(state, "stand", "pass", "pass")  # alone: 5 tricks and AH AD AC (45): 50 left
    play_rest_of_deal(state)
    act(state, "pass", "pass", "stand", "keep")  # the dealer alone: 5 and AH AD (35): 10 left
    play_rest_of_deal(state)
    assert state.view(None)["totals"] == [100, 10, 100]
    act(state, "pass", "stand", "pass")  # 5 and AH (20) with 10 left
    play_rest_of_deal(state)
    assert state.is_over() and state.view(None)["totals"] == [100, 0, 100]
    assert entries(state) == [(1, -5, "rams.score.trick"), (1, -20, "rams.score.aces-with-trick"),
                              (1, 15, "rams.end.winner")]
    assert account_totals(state.view(None), "settlement") == [-100, 200, -100]


# --------------------------------------------------------------------------- Петух

@pytest.mark.rule("petukh.bid.no-pass", "petukh.exchange.order")
def test_petukh_nobody_passes_and_the_exchange_is_labelled_as_such():
    state = deal("petukh", hands={1: "6H 7D 8C 9S 6S"}, turned="10H")
    assert legal_texts(state) == ["stand", "buy"]
    assert [e["label"] for e in state.view(1)["legal"]] == ["Keep these cards", "Exchange (throw out, then draw)"]
    error = refused(state, "pass", "petukh.bid.no-pass")
    assert "no passing" in str(error.reason)
    act(state, "buy", "discard 6H", "discard 7D", "draw 2")
    assert state.view(None)["calls"]["said"][0]["text"] == "exchanged 2"


def _petukh_five_tricks(start: int) -> LooState:
    """Seat 1 takes all five tricks of the first deal with the five top hearts."""
    state = deal("petukh", hands={1: "AH KH QH JH 10H", 2: "6C 7C 8C 9C 10C", 0: "6S 7S 8S 9S 10S"}, turned="6H",
                 start_record=start)
    act(state, "stand", "stand", "stand")
    play_rest_of_deal(state)
    return state


@pytest.mark.rule("petukh.exchange.two-short", "petukh.score.no-trick")
def test_petukh_a_player_two_short_plays_the_cards_dealt_to_him():
    state = _petukh_five_tricks(7)
    view = state.view(None)
    assert view["totals"] == [12, 2, 12], "no trick at 7 (10 or less) costs 5"
    assert view["dealer"] == 1
    for seat in (2, 0):
        assert state.current_player() == seat and legal_texts(state) == ["stand", "buy"]
        state.apply("stand")
    assert state.phase == "play", "seat 1, at 2, was not asked"
    said = {c["seat"]: c for c in state.view(None)["calls"]["said"]}
    assert said[1]["kind"] == "stand" and said[1]["rule"] == "petukh.exchange.two-short", "stood without being asked"
    assert any(e["rule"] == "petukh.exchange.two-short" and e["seat"] == 1 for e in state.log)


@pytest.mark.rule("petukh.exchange.one-point")
def test_petukh_nobody_exchanges_while_a_record_stands_at_one():
    state = _petukh_five_tricks(6)
    assert state.view(None)["totals"] == [11, 1, 11]
    assert state.phase == "play", "every seat plays the cards dealt to him"
    stood = [e for e in state.log if e["rule"] == "petukh.exchange.one-point" and e["deal"] == 2]
    assert sorted(e["seat"] for e in stood) == [0, 1, 2]


@pytest.mark.rule("petukh.score.no-trick")
@pytest.mark.parametrize("start, record", [(10, 15), (11, 11), (15, 15)])
def test_petukh_a_blank_costs_five_only_at_ten_or_less(start, record):
    state = _petukh_five_tricks(start)
    assert state.view(None)["totals"][0] == record
    assert (0, record - start, "petukh.score.no-trick") in entries(state, 1)


@pytest.mark.rule("petukh.score.trick", "petukh.end.winner")
def test_petukh_writing_off_more_than_is_left_is_not_punished():
    state = _petukh_five_tricks(3)
    assert state.is_over() and state.view(None)["totals"] == [8, 0, 8]
    assert entries(state)[:2] == [(1, -5, "petukh.score.trick"), (1, 2, "petukh.end.winner")]
    assert account_totals(state.view(None), "settlement") == [-8, 16, -8]


@pytest.mark.rule("petukh.end.winner", "petukh.exchange.two-short", "petukh.settle.remaining-records")
def test_petukh_two_finishing_in_the_same_deal_share_the_win():
    # every record stands at 2: nobody exchanges, and the play begins at once
    state = deal("petukh", hands={1: "AH KH 6C 7C 8C", 2: "AC KC 6S 7S 8S", 0: "QH 9S 6D 7D 8D"}, turned="6H",
                 start_record=2)
    assert state.phase == "play" and state.current_player() == 1
    act(state, "play AH", "play 6S", "play QH", "play KH", "play 7S", "play 6D", "play 6C", "play AC", "play 7D",
        "play KC", "play 8D", "play 7C", "play 8S", "play 9S", "play 8C")
    assert previous_tricks(state.view(None)) == [1, 2, 2]
    assert state.is_over() and list(state.outcome().winners) == [1, 2]
    assert state.view(None)["totals"] == [1, 0, 0]
    assert account_totals(state.view(None), "settlement") == [-1, 0.5, 0.5]


@pytest.mark.rule("petukh.boys.pair", "petukh.boys.trump-jack", "petukh.boys.four-jacks")
@pytest.mark.parametrize("cards, trump, value, rule", [
    ("JH JD AS KS QS", "6S", 5, "petukh.boys.pair"),
    ("JS JC AS KS QS", "6S", 10, "petukh.boys.trump-jack"),
    ("JS JC JH JD AS", "6S", 15, "petukh.boys.four-jacks"),
])
def test_petukh_boys_write_off_with_a_trick(cards, trump, value, rule):
    state = deal("petukh", hands={1: cards, 2: "6C 7C 8C 9C 10C", 0: "7H 8H 9H 10H QH"}, turned=trump,
                 start_record=30)
    act(state, "stand", "stand", "stand")
    show = state.view(None)["shows"]
    assert show and show[0]["seat"] == 1 and show[0]["kind"] == "boys" and show[0]["value"] == value
    assert show[0]["rule"] == rule
    act(state, "play AS")
    play_rest_of_deal(state)
    assert previous_tricks(state.view(None))[1] >= 1
    assert (1, -value, rule) in entries(state, 1)


@pytest.mark.rule("petukh.boys.pair")
def test_petukh_boys_give_nothing_without_a_trick():
    state = deal("petukh", hands={1: "JH JD 6C 7C 8C", 2: "AS KS QS 10S 9S", 0: "6D 7D 8D 9D 10D"}, turned="6S",
                 start_record=9)
    act(state, "stand", "stand", "stand")
    play_rest_of_deal(state)
    assert previous_tricks(state.view(None))[1] == 0
    assert [e for e in entries(state, 1) if e[0] == 1] == [(1, 5, "petukh.score.no-trick")]


@pytest.mark.rule("petukh.boys.trump-jack")
def test_petukh_boys_with_the_trump_jack_give_nothing_without_a_trick():
    """rozaliev.p88's condition, «в случае взятия взятки», holds for the boys worth 10 too."""
    state = deal("petukh", hands={1: "JH JD 6C 7C 8C", 2: "AH KH QH AC AD", 0: "6D 7D 8D 9D 10D"}, turned="6H",
                 start_record=9)
    act(state, "stand", "stand", "stand")
    act(state, "play 6C", "play AC", "play 6D", "play AH", "play 7D", "play JH", "play AD", "play 8D", "play JD",
        "play KH", "play 9D", "play 7C", "play QH", "play 10D", "play 8C")
    assert previous_tricks(state.view(None)) == [0, 0, 5]
    assert [e for e in entries(state, 1) if e[0] == 1] == [(1, 5, "petukh.score.no-trick")]
    assert state.view(None)["totals"][1] == 14


@pytest.mark.rule("petukh.deal.six-player-trump", "petukh.setup.six-players", "petukh.exchange.stock-limit")
def test_petukh_six_players_thirty_cards_the_dealers_last_card_is_trump_and_nobody_exchanges():
    pack = pack_of("petukh", {"players": 6})
    assert len(pack) == 30 and not any(c.startswith("6") for c in pack) and "7S" not in pack and "7C" not in pack
    state = games.get("petukh").new_game({"players": 6}, 0, decks=[pack], first_dealer=2)
    view = state.view(None)
    last = pack[29]  # the dealer receives the 6th, 12th ... 30th card
    trump_card = pile(view, "trump-card")
    assert trump_card["seat"] == 2 and trump_card["cards"] == [last] and trump_card["trump"]
    assert not any(p["id"] == "turned" for p in view["piles"])
    assert view["trump"] == Card.parse(last).suit.value
    assert last in view["hands"][2], "the trump card stays in the dealer's hand"
    assert last in state.view(4)["hands"][2]["known"], "the dealer shows it"
    assert pile(view, "stock")["count"] == 0 and view["phase"] == "play" and state.current_player() == 3
    assert [c["kind"] for c in view["calls"]["said"]] == ["stand"] * 6 and view["active"] == [3, 4, 5, 0, 1, 2]


@pytest.mark.rule("petukh.deal.six-player-trump", "petukh.setup.six-players")
def test_petukh_six_players_thirty_four_cards_leave_four_to_exchange():
    pack = pack_of("petukh", {"players": 6, "six_player_pack": "thirty-four"})
    assert len(pack) == 34 and "6H" in pack and "7S" not in pack and "7C" not in pack
    state = games.get("petukh").new_game({"players": 6, "six_player_pack": "thirty-four"}, 0, decks=[pack],
                                         first_dealer=5)
    view = state.view(None)
    assert pile(view, "trump-card")["cards"] == [pack[29]] and pile(view, "trump-card")["seat"] == 5
    assert not any(p["id"] == "turned" for p in view["piles"])
    assert pile(view, "stock")["cards"] == pack[30:]
    assert state.phase == "bid" and state.current_player() == 0 and legal_texts(state) == ["stand", "buy"]


@pytest.mark.rule("petukh.setup.start")
def test_petukh_the_agreed_record():
    assert games.get("petukh").new_game({}, 1).view(None)["totals"] == [15] * 4
    view = games.get("petukh").new_game({"start_record": 20, "players": 2}, 1).view(None)
    assert view["totals"] == [20, 20] and view["ledger"]["start"] == 20 and view["ledger"]["start_rule"] == "petukh.setup.start"
    with pytest.raises(VariantError, match="petukh.setup.start"):
        games.get("petukh").make_variant(start_record=0)


# --------------------------------------------------------------------------- bots

def heuristic(state: LooState) -> str:
    return str(state.heuristic_action(state.current_player()))


def test_heuristic_passes_a_hopeless_mushka_hand():
    state = deal("mushka", hands={1: "7C 8D 9S 10C QD"}, turned="7H")
    assert heuristic(state) == "pass"


@pytest.mark.parametrize("game", ["mushka", "pamphil"])
def test_heuristic_plays_with_the_trump_ace(game):
    state = deal(game, hands={1: "AH 7C 8D 9S 10C"}, turned="7H")
    declaration(state)
    assert heuristic(state) in ("stand", "buy")


@pytest.mark.parametrize("seed", range(40))
def test_heuristic_never_offers_to_pass_with_the_ace_of_spades(seed):
    state = games.get("mushka").new_game({"players": 4}, seed)
    bot = make_bot("heuristic", seed=seed)
    while state.deal_number <= 3 and not state.is_over():
        seat = state.current_player()
        action = bot.choose(state, seat)
        if state.phase == "bid" and "AS" in hand(state, seat):
            assert action.kind != "pass"
        state.apply(action)


def test_heuristic_buys_away_low_plain_cards_and_keeps_trumps_and_aces():
    state = deal("mushka", hands={1: "AH 7H AC 8D 9S"}, turned="KH")
    assert heuristic(state) == "buy"
    state.apply("buy")
    thrown = []
    while state.phase == "discard":
        action = state.heuristic_action(1)
        if action.kind == "discard":
            thrown.append(str(action.card))
        state.apply(action)
    assert sorted(thrown) == ["8D", "9S"]
    assert {"AH", "7H", "AC"} <= hand(state, 1)


def test_heuristic_keeps_the_ace_of_spades_when_buying():
    state = deal("mushka", hands={1: "AS 7C 8D 9D 10C"}, turned="KH")
    state.apply("buy")
    while state.phase == "discard":
        action = state.heuristic_action(1)
        assert str(action.card) != "AS"
        state.apply(action)
    assert "AS" in hand(state, 1)


def test_heuristic_keeps_aces_in_rams():
    state = deal("rams", players=4, hands={1: "AD 2C 3H 4S 5C"}, turned="7S")
    action = heuristic(state)
    assert action in ("stand", "buy")
    state.apply("buy")
    while state.phase == "discard":
        action = state.heuristic_action(1)
        assert action.kind == "draw" or action.card.rank_value != 14
        state.apply(action)
    assert "AD" in hand(state, 1)


def test_heuristic_keeps_a_pair_of_jacks_in_petukh():
    state = deal("petukh", hands={1: "JH JD 6C 7S 8C"}, turned="9S")
    assert heuristic(state) == "buy"
    state.apply("buy")
    while state.phase == "discard":
        action = state.heuristic_action(1)
        assert action.kind == "draw" or action.card.rank_value != 11
        state.apply(action)
    assert {"JH", "JD"} <= hand(state, 1)


def test_heuristic_takes_the_turned_trump_for_a_weak_card_in_rams():
    state = deal("rams", hands={1: "AS 7C 8C 9C KS", 2: "KC 8H 9H 10H JS", 0: "7S 8S 9S 10S QH"}, turned="AD")
    act(state, "stand", "stand", "stand")
    assert state.phase == "dealer_exchange"
    action = state.heuristic_action(0)
    assert action.kind == "exchange" and str(action.card) in {"7S", "8S", "9S", "10S"}


def test_heuristic_declares_the_pamphil_and_lays_out_a_low_card():
    state = deal("pamphil", hands={0: "KS 7H 8H AD 10D"}, turned="JC")
    assert heuristic(state) == "lay_out 7H"
    state.apply("lay_out 7H")
    assert state.phase == "bid"
    dealt = deal("pamphil", hands={1: "JC 7H 8H AD 10D"}, turned="9S")
    assert dealt.phase == "declare" and heuristic(dealt) == "declare"


SPECIAL_PHASE_DEALS = [
    ("pamphil", dict(hands={0: "KS 7H 8H 9D 10D"}, turned="JC")),
    ("pamphil", dict(hands={1: "JC 7H 8H 9D 10D"}, turned="KS")),
    ("rams", dict(hands={1: "AS 7C 8C 9C KS", 2: "KC 8H 9H 10H JS", 0: "AH 8S 9S 10S QH"}, turned="QD")),
    ("mushka", dict(hands={1: "AS 7H 8H 9D 10D"}, turned="KH")),
    ("petukh", dict(hands={1: "JH JD 6C 7S 8C"}, turned="9S")),
]


@pytest.mark.parametrize("game, setup", SPECIAL_PHASE_DEALS, ids=[f"{g}-{i}" for i, (g, _) in enumerate(SPECIAL_PHASE_DEALS)])
def test_sampling_bot_chooses_legal_actions_in_every_phase(game, setup):
    state = deal(game, **setup)
    bot = make_bot("sampling", seed=3, budget=6)
    phases = set()
    bought = False
    while state.deal_number == 1 and not state.is_over():
        seat = state.current_player()
        phases.add(state.phase)
        if state.phase == "bid" and "buy" in legal_texts(state) and not bought:
            state.apply("buy")  # so that the bot also chooses its discards
            bought = True
            continue
        action = bot.choose(state, seat)
        assert action in state.legal_actions(), (state.phase, action)
        state.apply(action)
    turned = setup.get("turned")
    expected = {"bid", "discard", "play"} | {"pamphil": {"lay_out"} if turned == "JC" else {"declare"},
                                              "rams": {"dealer_exchange"}}.get(game, set())
    assert expected <= phases, phases


# --------------------------------------------------------------------------- the modules' own examples

def test_the_loo_modules_doctests() -> None:
    import doctest
    import importlib

    names = ("state", "rules", "mushka", "pamphil", "rams", "rams_rules", "petukh")
    results = [doctest.testmod(importlib.import_module(f"engine.games.loo.{name}")) for name in names]
    assert all(r.attempted for r in results) and not any(r.failed for r in results), results


@pytest.mark.rule("pamphil.general.as-mushka")
def test_pamphil_refuses_an_action_after_the_end_under_its_own_rule_naming_mushkas_it_adopts():
    """A game over refuses any action; Памфил's refusal names its own rule (it is played as Мушка)
    and the Мушка rule that ended it as the rule adopted, as its other refusals do."""
    spec = games.get("pamphil")
    state = spec.new_game(spec.make_variant(players=3), 4)
    rng = random.Random(4)
    while not state.is_over():
        state.apply(rng.choice(state.legal_actions()))
    error = refused(state, "pass", "pamphil.general.as-mushka")
    assert error.adopted is not None and error.adopted.startswith("mushka.end.")
    assert error.adopted in str(error)
    mushka = games.get("mushka").new_game(games.get("mushka").make_variant(players=3), 4)
    while not mushka.is_over():
        mushka.apply(rng.choice(mushka.legal_actions()))
    assert refused(mushka, "pass", {"mushka.end.winner", "mushka.end.tie"}).adopted is None


@pytest.mark.rule("mushka.deal.five-singly")
def test_from_position_deals_the_hands_given_in_a_loo_game_and_plays_on():
    from engine.errors import InvalidInputError

    spec = games.get("mushka")
    variant = spec.make_variant(players=3)
    hands = ["7H 8H 9H 10H JH", "7C 8C 9C 10C QC", "7S 8S 9S 10S QS"]
    probe = spec.new_game(variant, 0)
    state = spec.state_class.from_position(variant, hands, first_dealer=probe.dealer)
    assert [sorted(map(str, state.hands[s])) for s in range(3)] == [sorted(h.split()) for h in hands]
    seat = state.current_player()
    first = state.legal_actions()[0]
    moved = spec.state_class.from_position(variant, hands, first_dealer=probe.dealer, actions=[first])
    assert moved.history == [(seat, first)]
    with pytest.raises(InvalidInputError, match=r"hands\[2\] holds 4 cards"):
        spec.state_class.from_position(variant, hands[:2] + ["7S 8S 9S 10S"])
    with pytest.raises(InvalidInputError, match="given twice"):
        spec.state_class.from_position(variant, hands[:2] + [hands[0]])


@pytest.mark.rule("pamphil.special.five-of-a-suit", "mushka.special.five-of-a-suit")
@pytest.mark.parametrize("game", ["pamphil", "mushka"])
def test_a_game_won_by_five_of_a_suit_refuses_an_action_after_it_under_that_rule(game):
    """What ended the game is the five of a suit shown (Памфил's own rule in Памфил, not Мушка's end
    that it adopts): an action after the end is refused under it, and the prompt at the end cites it;
    the outcome and the log keep the game's end as they were (the goldens hold the log)."""
    clubs = "JC 7C 8C 9C 10C" if game == "pamphil" else "QC 7C 8C 9C 10C"
    state = deal(game, hands={1: clubs, 2: "7H 8H 9H 10H 7D", 0: "7S 8S 9S 10S 8D"}, turned="KD",
                 five_of_a_suit="wins-game")
    declaration(state)
    act(state, "stand", "stand", "stand")
    assert state.is_over() and list(state.outcome().winners) == [1]
    error = refused(state, "pass", f"{game}.special.five-of-a-suit")
    assert error.adopted is None and "mushka.end" not in str(error)
    prompt = state.view(None)["prompt"]
    assert prompt["rule"] == f"{game}.special.five-of-a-suit" and "adopted" not in prompt
    assert state.outcome().rule == "mushka.end.winner"
