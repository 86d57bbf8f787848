"""Gleek's rules, deal by deal, on stacked decks; its properties; whole games under every
reading (the command line's play and replay are in test_gleek_cli.py; these run in Pyodide too).

A stacked deal (:func:`stacked`) gives each seat the cards a test names and fills the hands
and the stock round-robin with the rest of the pack, lowest first (so that no filler hand
holds three of a rank); the deck goes to ``new_game(decks=...)`` as a record's would.
"""

from __future__ import annotations

import json
from typing import Any

import pytest

from support import play_out
from engine import catalogue, games
from engine.bots import make_bot
from engine.cards import Card, parse_cards
from engine.errors import IllegalActionError, RecordError, VariantError
from engine.game import Action
from engine.games.gleek.state import GleekState
from engine.games.gleek.rules import gleek_pack, order_of_play, ruff_of

SPEC = games.get("gleek")
RULES = set(catalogue.load("gleek").ids())
PACK = [str(c) for c in gleek_pack()]


def stacked(hands: dict[int, str], turned: str, stock: str = "", dealer: int = 2) -> list[str]:
    """A 44-card deck whose deal by ``dealer`` gives each seat the cards named (filled to
    twelve), the stock ``turned`` on top, then ``stock`` (filled to eight)."""
    given = {seat: [str(c) for c in parse_cards(h)] for seat, h in hands.items()}
    top = [turned] + [str(c) for c in parse_cards(stock)]
    used = {c for cards in given.values() for c in cards} | set(top)
    rest = [c for c in reversed(PACK) if c not in used]
    full = [list(given.get(seat, [])) for seat in range(3)]
    seat = 0
    while any(len(h) < 12 for h in full):
        if len(full[seat]) < 12:
            full[seat].append(rest.pop(0))
        seat = (seat + 1) % 3
    top += rest[:8 - len(top)]
    order = order_of_play(dealer)
    deck = [card for k in range(9) for card in full[order[k % 3]][4 * (k // 3):4 * (k // 3) + 4]]
    return deck + top


def new(hands: dict[int, str], turned: str, stock: str = "", dealer: int = 2, **variant: Any) -> GleekState:
    state = SPEC.new_game(variant, seed=7, decks=[stacked(hands, turned, stock, dealer)], first_dealer=dealer)
    assert isinstance(state, GleekState)
    return state


def act(state: GleekState, *steps: str) -> GleekState:
    """Apply ``"seat:action"`` steps, each by the seat to act."""
    for step in steps:
        seat, _, text = step.partition(":")
        assert state.current_player() == int(seat), (step, state.phase, state.current_player())
        state.apply(text)
    return state


def buy(state: GleekState, discards: str | None = None) -> GleekState:
    """The auction with no raise (the opener buys at 12) and the buyer's seven discards
    (the named cards, else his seven lowest)."""
    while state.phase == "auction":
        state.apply("pass")
    buyer = state.current_player()
    assert buyer is not None
    cards = parse_cards(discards) if discards else sorted(state.hands[buyer], key=lambda c: c.rank_value)[:7]
    for card in cards:
        state.apply(Action("discard", card))
    return state


def net(state: GleekState, prefix: str, deal: int | None = None) -> list[int]:
    moved = [0, 0, 0]
    for entry in state.ledger.in_deal(deal or state.deal_number, "tokens"):
        if entry.rule.startswith(prefix):
            moved[entry.side] += entry.amount
    return moved


def refused(state: GleekState, action: str, rule: str) -> IllegalActionError:
    before = json.dumps(state.view(None), sort_keys=True)
    with pytest.raises(IllegalActionError) as caught:
        state.apply(action)
    assert caught.value.rule == rule, str(caught.value)
    assert json.dumps(state.view(None), sort_keys=True) == before
    return caught.value


VIE_HANDS = {0: "AS KS QS 7S 4H 5H 6H 4D 5D 6D 4C 5C", 1: "AH KH QH 7H 6S 5S 4S 7D 8D 9D 6C 7C",
             2: "KD QD JD 10D JS 8H AD AC KC QC JC 8C"}
"""Seat 0 holds 38 in spades, seat 1 38 in hearts; the dealer (seat 2) buys the stock
(10S 9S 8S JH 10H 9H 10C) for his seven weakest and holds 40 in diamonds; clubs are trumps."""


def vie_ready(**variant: Any) -> GleekState:
    state = new(VIE_HANDS, "9C", stock="10S 9S 8S JH 10H 9H 10C", **variant)
    return buy(state, "8H AD AC KC QC JC 8C")


# --------------------------------------------------------------------------- the table and the deal

@pytest.mark.rule("gleek.table.players", "gleek.seats.eldest")
def test_three_players_the_eldest_on_the_dealers_left():
    with pytest.raises(VariantError) as caught:
        SPEC.make_variant(players=4)
    assert caught.value.rule == "gleek.table.players"
    state = new({}, "9C", dealer=0)
    assert state.sides() == [[0], [1], [2]] and order_of_play(0) == [1, 2, 0]
    assert state.current_player() == 1  # the dealer opened: the eldest bids next
    buy(state)
    assert state.phase == "vie" and state.current_player() == 1


@pytest.mark.rule("gleek.deck.cards", "gleek.deck.rank-order")
def test_the_pack_of_44_ace_high():
    state = new({}, "9C")
    assert len(state.pack) == 44 and not {c.rank_value for c in state.pack} & {2, 3}
    deck = stacked({}, "9C")
    deck[0] = "2S"
    with pytest.raises(RecordError, match="gleek.deck.cards"):
        SPEC.new_game({}, decks=[deck])
    state = buy(new({0: "KS 5H", 1: "AS 6H", 2: "QS 7H"}, "9C"))
    while state.phase != "play":
        state.apply("pass")
    act(state, "0:play KS", "1:play AS", "2:play QS")
    assert state.last_trick is not None and state.last_trick[2] == 1  # the ace is highest


@pytest.mark.rule("gleek.deal.dealer", "gleek.game.length")
def test_the_cut_the_rotation_and_the_deals_of_a_game():
    state = SPEC.new_game({"deals": 6}, seed=3)
    assert state.log[0]["rule"] == "gleek.deal.dealer" and "lowest" in state.log[0]["text"]
    dealers = [state.dealer]
    bots = [make_bot("heuristic", seed=s) for s in range(3)]
    while not state.is_over():
        state.apply(bots[state.current_player()].choose(state, state.current_player()))
        if state.dealer != dealers[-1] and len(dealers) < state.deal_number:
            dealers.append(state.dealer)
    assert state.deal_number == 6 and [(d - dealers[0]) % 3 for d in dealers] == [0, 1, 2, 0, 1, 2]
    assert state.outcome().rule == "gleek.game.length"
    for deals in (0, 4, 5, 102):
        with pytest.raises(VariantError) as caught:
            SPEC.make_variant(deals=deals)
        assert caught.value.rule == "gleek.game.length"


@pytest.mark.rule("gleek.deal.hands", "gleek.deal.stock", "gleek.deal.card-flow")
def test_twelve_each_in_fours_and_a_stock_of_eight_turned_for_trumps():
    state = new({0: "AS KS QS JS", 1: "AH KH QH JH", 2: "AD KD QD JD"}, "9C", stock="5C 6C")
    assert [len(h) for h in state.hands] == [12, 12, 12]
    assert {"AS", "KS", "QS", "JS"} <= {str(c) for c in state.hands[0]}
    assert str(state.turned) == "9C" and state.trump.value == "C" and {str(c) for c in state.stock} >= {"5C", "6C"}
    stock = next(p for p in state.view(1)["piles"] if p["id"] == "stock")
    assert stock["count"] == 7 and "cards" not in stock
    buy(state)
    cards = sum(len(h) for h in state.hands) + len(state.discards) + 1
    assert (sum(len(h) for h in state.hands), len(state.discards), cards) == (36, 7, 44)


@pytest.mark.rule("gleek.deal.stages")
def test_a_deal_goes_auction_exchange_vie_gleeks_tyde_tricks_count():
    seen: list[str] = []
    for timing in ("before-tricks", "when-shown"):
        state = SPEC.new_game({"tyde_timing": timing}, seed=4)
        phases = [state.phase]
        bots = [make_bot("heuristic", seed=s) for s in range(3)]
        while state.deal_number == 1:
            state.apply(bots[state.current_player()].choose(state, state.current_player()))
            if state.phase != phases[-1]:
                phases.append(state.phase)
        seen.append(" ".join(phases))
    assert seen[0] == "auction exchange vie play auction"
    assert seen[1] == "auction exchange vie tyde play auction"
    rules = [e["rule"] for e in state.log if e["deal"] == 1]
    order = ["gleek.stock.bid-split", "gleek.stock.discards", "gleek.vie.order", "gleek.tyde.timing",
             "gleek.count.cards", "gleek.settle.bank"]
    assert [rules.index(r) for r in order] == sorted(rules.index(r) for r in order)


# --------------------------------------------------------------------------- the auction

@pytest.mark.rule("gleek.stock.opener", "gleek.stock.raise", "gleek.stock.drop-out", "gleek.stock.bid-split")
def test_the_auction_opens_at_twelve_raises_by_one_and_splits_the_price():
    state = new({}, "9C")
    assert state.calls[0].rule == "gleek.stock.opener" and state.bids == [(2, 12)]
    refused(state, "raise 2", "gleek.stock.raise")
    act(state, "0:raise", "1:raise", "2:raise", "0:raise", "1:pass", "2:raise", "0:pass")
    assert (state.buyer, state.price) == (2, 17)
    assert net(state, "gleek.stock.bid-split") == [9, 8, -17]
    entries = [e for e in state.ledger.in_deal(1, "tokens") if e.rule == "gleek.stock.bid-split"]
    assert {(e.seat, e.counterparty, e.amount) for e in entries} == {(0, 2, 9), (2, 0, -9), (1, 2, 8), (2, 1, -8)}
    state = new({}, "9C", opener="eldest")
    assert state.bids == [(0, 12)] and state.current_player() == 1


@pytest.mark.rule("gleek.stock.drop-out", "gleek.stock.raise")
def test_a_player_who_dropped_out_stays_out_and_larger_raises_by_the_reading():
    state = new({}, "9C")
    act(state, "0:pass", "1:raise", "2:raise")
    assert state.current_player() == 1  # seat 0 is not asked again
    assert state.refusal_for(0, Action("raise")).rule == "gleek.stock.drop-out"
    state = new({}, "9C", stock_raise="up-to-twelve")
    assert [str(a) for a in state.legal_actions()][:2] == ["raise 1", "raise 2"]
    refused(state, "raise 13", "gleek.stock.raise")
    act(state, "0:raise 12", "1:pass", "2:pass")
    assert (state.buyer, state.price) == (0, 24) and net(state, "gleek.stock.bid-split") == [-24, 12, 12]


# --------------------------------------------------------------------------- the exchange

@pytest.mark.rule("gleek.stock.exchange", "gleek.stock.exchange-order", "gleek.stock.turned-card",
                  "gleek.stock.discards")
def test_the_buyer_puts_out_seven_and_takes_the_stock_but_the_turned_card():
    state = new({2: "4S 5S 6S 7S 4H 5H 6H"}, "9C", stock="AC KC QC JC 10C 8C 7C")
    act(state, "0:pass", "1:pass")
    refused(state, "discard AC", "gleek.stock.exchange-order")
    refused(state, "discard 9C", "gleek.stock.turned-card")
    refused(state, "take", "gleek.stock.exchange")
    act(state, "2:discard 4S", "2:discard 5S", "2:discard 6S", "2:discard 7S", "2:discard 4H", "2:discard 5H")
    assert state.phase == "exchange"
    act(state, "2:discard 6H")
    hand = {str(c) for c in state.hands[2]}
    assert len(hand) == 12 and {"AC", "KC", "7C"} <= hand and "9C" not in hand
    others = next(p for p in state.view(0)["piles"] if p["id"] == "discards")
    mine = next(p for p in state.view(2)["piles"] if p["id"] == "discards")
    assert others["count"] == 7 and "cards" not in others and len(mine["cards"]) == 7
    assert not set(mine["cards"]) & {str(c) for h in state.hands for c in h}  # out of the deal
    state = new({2: "4S 5S"}, "9C", stock="AC KC QC JC 10C 8C 7C", exchange_order="take-first")
    act(state, "0:pass", "1:pass")
    assert len(state.hands[2]) == 19 and state.view(2)["taken"]["cards"] and state.view(0)["taken"] is None
    for card in ("4S", "5S", "AC", "KC", "QC", "JC", "10C"):
        act(state, f"2:discard {card}")
    assert len(state.hands[2]) == 12 and state.phase == "vie"


# --------------------------------------------------------------------------- the ruff and the vie

@pytest.mark.rule("gleek.ruff.value", "gleek.ruff.four-aces", "gleek.ruff.in-hand")
def test_the_ruff_is_the_best_suit_and_four_aces_beat_it():
    state = vie_ready()
    assert state.ruff(0).value == 38 and state.ruff(2).value == 40 and state.ruff(2).suit.value == "D"
    aces = new({0: "AS AH AD AC"}, "9S")
    assert aces.ruff(0).four_aces and aces.ruff(0).key > new({0: "AD KD QD JD 10D 9D"}, "9C").ruff(0).key
    plain, counted = new({2: "KS QS"}, "AS"), new({2: "KS QS"}, "AS", ruff_turned="with-turned")
    ace = Card.parse("AS")
    assert plain.ruff(2) == ruff_of(plain.hands[2]) and counted.ruff(2) == ruff_of(counted.hands[2] + [ace])
    assert counted.ruff(0) == ruff_of(counted.hands[0])  # the turned card is the dealer's alone


@pytest.mark.rule("gleek.vie.order", "gleek.vie.responses", "gleek.vie.base-payment", "gleek.stakes.units")
def test_an_unseen_vie_is_paid_two_coins_by_each():
    state = vie_ready()
    assert state.current_player() == 0 and state.refusal_for(1, Action("vie")).rule == "gleek.vie.order"
    act(state, "0:vie", "1:pass", "2:pass")
    assert state.ruff_winner_ == 0 and net(state, "gleek.vie.") == [48, -24, -24]
    state = vie_ready(coin_value="one-token")
    act(state, "0:vie", "1:pass", "2:pass")
    assert net(state, "gleek.vie.") == [4, -2, -2]


@pytest.mark.rule("gleek.vie.see", "gleek.vie.responses", "gleek.vie.caught-claimant", "gleek.ruff.tie")
def test_a_see_shows_both_ruffs_and_the_loser_pays_four_more():
    state = vie_ready()
    act(state, "0:vie", "1:see")
    assert state.phase != "vie" and state.ruff_winner_ == 0 and net(state, "gleek.vie.") == [96, -72, -24]
    assert [s.seat for s in state.shows if s.kind == "ruff"] == [0, 1]
    assert state.refusal_for(2, Action("see")).rule == "gleek.vie.responses"
    for reading, expected in (("loser-pays", [-72, -24, 96]), ("challenger-only", [-24, -24, 48])):
        state = vie_ready(caught_claimant=reading)
        act(state, "0:vie", "1:pass", "2:see")
        assert net(state, "gleek.vie.") == expected
    tie = vie_ready()
    act(tie, "0:pass", "1:vie", "2:pass", "0:see")
    assert tie.ruff(0).value == tie.ruff(1).value == 38
    assert tie.ruff_winner_ == 0 and net(tie, "gleek.vie.") == [96, -72, -24]  # the seat nearer the eldest


@pytest.mark.rule("gleek.vie.base-payment", "gleek.vie.responses")
def test_a_passer_pays_for_the_ruff_or_not_by_the_reading():
    for reading, expected in (("every-loser", [-24, 48, -24]), ("passers-exempt", [0, 24, -24])):
        state = vie_ready(vie_payers=reading)
        act(state, "0:pass", "1:vie", "2:pass", "0:pass")
        assert net(state, "gleek.vie.") == expected


@pytest.mark.rule("gleek.vie.all-pass", "gleek.vie.all-pass-limit")
def test_all_passing_stakes_a_pot_that_the_ruff_takes_in_the_deal_or_a_later_one():
    state = vie_ready()
    act(state, "0:pass", "1:pass", "2:pass", "0:vie", "1:pass", "2:pass")
    assert net(state, "gleek.vie.") == [96, -48, -48] and state.pot == 0
    state = vie_ready()
    act(state, *[f"{s}:pass" for s in (0, 1, 2) * 3])
    assert state.ruff_winner_ == 2 and net(state, "gleek.vie.") == [-72, -72, 144]
    assert {s.seat for s in state.shows if s.kind == "ruff"} == {0, 1, 2}
    state = vie_ready(all_pass="next-deal")
    act(state, "0:pass", "1:pass", "2:pass")
    assert state.phase == "play" and state.pot == 72 and state.ruff_winner_ is None
    assert state.refusal_for(0, Action("vie")).rule == "gleek.vie.all-pass"
    refused(state, "vie", "gleek.vie.all-pass")
    assert state.view(1)["detail"]["pot"] == 72  # (game-specific: under the view's detail)


@pytest.mark.rule("gleek.vie.revie", "gleek.vie.yield", "gleek.vie.show-after-yield")
def test_the_contest_raises_by_two_and_the_yield_and_the_show_by_the_readings():
    state = vie_ready()
    act(state, "0:vie", "1:revie", "0:revie")
    assert state.stake == 6 and state.current_player() == 1 and state.prompt(None)["rule"] == "gleek.vie.revie"
    act(state, "1:yield", "1:no_show")
    assert state.ruff_winner_ == 0 and net(state, "gleek.vie.") == [72, -48, -24]
    cases = [({}, ["0:vie", "1:revie", "0:yield", "0:show"], 0, [96, -72, -24]),
             ({"yield_stake": "as-raised"}, ["0:vie", "1:revie", "0:yield", "0:no_show"], 1, [-48, 72, -24]),
             ({"show_after_yield": "yielder-asks"}, ["0:vie", "1:revie", "0:yield", "0:show"], 1, [-48, 72, -24]),
             ({"show_after_yield": "winner-shows"}, ["0:vie", "1:revie", "0:yield", "1:show"], 1, [-48, 72, -24])]
    for variant, steps, winner, expected in cases:
        state = vie_ready(**variant)
        act(state, *steps)
        assert (state.ruff_winner_, net(state, "gleek.vie.")) == (winner, expected), variant
    state = vie_ready(show_after_yield="winner-shows")
    act(state, "0:vie", "1:revie", "0:yield")
    assert state.refusal_for(0, Action("show")).rule == "gleek.vie.show-after-yield"


# --------------------------------------------------------------------------- gleeks, mournivals, Tyde

@pytest.mark.rule("gleek.gleeks.values", "gleek.gleeks.ranks", "gleek.gleeks.mournival-only", "gleek.gleeks.payment")
def test_gleeks_and_mournivals_are_shown_and_paid_by_the_two_others():
    hands = {0: "JS JH JD QS QH QD QC 10S 10H 10D 10C 4S", 1: "KS KH KD 4H 5H 6H 7H 8H 4D 5D 6D 7D",
             2: "AS AH 9S 8S 7S AD AC KC JC 6C 5C 4C"}
    for variant, expected in (({}, [42, 6, -48]), ({"gleek_payment": "from-each"}, [84, 12, -96])):
        state = buy(new(hands, "9C", stock="6S 5S 9H 9D 8D 8C 7C", **variant), "AD AC KC JC 6C 5C 4C")
        while state.phase == "vie":
            state.apply("pass")
        assert state.gleek_values == [5, 3, 0]  # four tens and a pair of aces are worth nothing
        assert sorted(s.kind for s in state.shows if s.seat == 0 and s.kind != "ruff") == ["gleek", "mournival"]
        assert net(state, "gleek.gleeks.") == expected


@pytest.mark.rule("gleek.gleeks.turned-card")
def test_the_turned_card_completes_a_set_for_the_dealer_or_for_anyone():
    for reading, kind, value in (("dealer", "gleek", 3), ("any-player", "mournival", 6)):
        state = buy(new({0: "KS KH KD"}, "KC", turned_card=reading))
        while state.phase == "vie":
            state.apply("pass")
        kings = [(s.seat, s.kind, s.value) for s in state.shows if "KS" in map(str, s.cards)]
        assert kings == [(0, kind, value)]


@pytest.mark.rule("gleek.tyde.payment", "gleek.tyde.turned", "gleek.tyde.timing")
def test_the_tyde_is_paid_before_the_tricks_when_shown_or_when_played():
    state = buy(new({1: "4H"}, "9H"))
    while state.phase == "vie":
        state.apply("pass")
    assert state.tyde_paid == "before-tricks" and net(state, "gleek.tyde.") == [-24, 48, -24]
    for reading, coins in (("single", 2), ("double", 4)):
        state = buy(new({}, "4H", turned_tyde=reading))
        while state.phase == "vie":
            state.apply("pass")
        assert net(state, "gleek.tyde.") == [-12 * coins, -12 * coins, 24 * coins]
    state = buy(new({1: "4H"}, "9H", tyde_timing="when-shown"))
    while state.phase == "vie":
        state.apply("pass")
    assert state.phase == "tyde" and state.current_player() == 0 and state.legal_actions() == [Action("keep_tyde")]
    act(state, "0:keep_tyde", "1:keep_tyde", "2:keep_tyde")
    assert state.tyde_paid is None and state.calls[-1].text == state.calls[-3].text == "shows no Tyde"
    while state.tyde_paid is None:
        seat = state.current_player()
        card = Card.parse("4H") if Card.parse("4H") in state.hands[seat] and state.is_legal("play 4H") else None
        state.apply(Action("play", card) if card else state.legal_actions()[0])
    assert state.tyde_paid.startswith("trick ") and net(state, "gleek.tyde.") == [-24, 48, -24]


# --------------------------------------------------------------------------- the tricks and the count

@pytest.mark.rule("gleek.play.tricks", "gleek.play.lead", "gleek.play.trick-winner", "gleek.play.follow")
def test_twelve_tricks_led_by_the_eldest_with_the_follow_rule_of_the_reading():
    state = buy(new({0: "AS 5D", 1: "6H 6C", 2: "KS"}, "9C"))
    while state.phase == "vie":
        state.apply("pass")
    assert state.phase == "play" and state.current_player() == 0
    act(state, "0:play AS")
    hearts = [c for c in state.hands[1] if c.suit.value == "S"]
    assert not hearts and state.is_legal("play 6H")
    state = buy(new({0: "AS 5D", 1: "6H 6C", 2: "KS"}, "9C", void_play="must-trump"))
    while state.phase == "vie":
        state.apply("pass")
    act(state, "0:play AS")
    error = refused(state, "play 6H", "gleek.play.follow")
    assert "must trump" in str(error.reason)
    bots = [make_bot("heuristic", seed=s) for s in range(3)]
    while state.deal_number == 1:
        state.apply(bots[state.current_player()].choose(state, state.current_player()))
    record = state.deal_records[0]
    assert sum(record.tricks) == 12 and sum(record.cards) <= 36


@pytest.mark.rule("gleek.count.cards", "gleek.count.honours", "gleek.count.honour-and-card", "gleek.count.honours-to",
                  "gleek.count.turned-honour")
def test_the_count_of_cards_and_honours_by_the_readings():
    def played(turned: str = "9S", **variant: Any) -> GleekState:
        state = new({0: "KS JS", 1: "AS 10S", 2: "4S QS"}, turned, **variant)
        while state.phase == "auction":
            state.apply("pass")
        low = sorted((c for c in state.hands[2] if c.suit.value != "S"), key=lambda c: c.rank_value)[:7]
        buy(state, " ".join(map(str, low)))
        while state.phase == "vie":
            state.apply("pass")
        act(state, "0:play KS", "1:play AS", "2:play 4S", "1:play 10S", "2:play QS", "0:play JS")
        return state
    # spades trumps: Tib and the king to seat 1's trick, the queen and Tom to seat 2's
    assert played().counted()[0] == [0, 21, 15]
    assert played(honour_card="instead").counted()[0] == [0, 19, 13]
    assert played(honours_to="holder").counted()[0] == [12, 18, 6]
    assert played("KD").counted()[0] == [0, 3, 3]  # diamonds trumps: no honour in these tricks, the king unscored
    assert played("KD", turned_honour="dealer").counted()[0] == [0, 3, 3 + 3]


@pytest.mark.rule("gleek.settle.par", "gleek.settle.bank", "gleek.settle.leftover")
def test_the_settlement_against_the_par_through_the_bank_and_the_leftover_shared():
    state = SPEC.new_game({}, seed=11)
    bots = [make_bot("heuristic", seed=s) for s in range(3)]
    kept = []
    while not state.is_over():
        deals = state.deal_number
        state.apply(bots[state.current_player()].choose(state, state.current_player()))
        if state.deal_records and len(kept) < len(state.deal_records):
            record = state.deal_records[-1]
            settled = net(state, "gleek.settle.par", record.deal)
            assert settled == [(p - 22) * 12 for p in record.points]
            kept.append(-sum(settled))
        assert state.deal_number >= deals
    assert all(k >= 0 for k in kept)
    leftover = net(state, "gleek.settle.leftover", 3)
    assert sum(leftover) == sum(kept) and max(leftover) - min(leftover) <= 1 and state.bank == 0
    with pytest.raises(VariantError) as caught:
        SPEC.make_variant(par="third-of-total", honour_card="instead", coin_value="one-token")
    assert caught.value.rule == "gleek.settle.par"


# --------------------------------------------------------------------------- properties and whole games

READINGS = [(o["name"], v) for o in SPEC.options() if o["values"] and o["name"] != "players" for v in o["values"]]


def _played(variant: dict[str, Any], seed: int, kind: str = "heuristic") -> GleekState:
    state = SPEC.new_game(variant, seed=seed)
    assert isinstance(state, GleekState)
    kinds = [kind, "random", kind]
    play_out(state, [make_bot(kinds[s], seed=seed * 7 + s) for s in range(3)], limit=20_000)
    assert state.is_over()
    return state


@pytest.mark.rule("gleek.settle.par", "gleek.vie.all-pass", "gleek.count.turned-honour")
@pytest.mark.parametrize("seed", range(6))
def test_payments_balance_to_the_token_and_zero_sum_where_the_readings_make_it(seed):
    """Every token paid is received by a player, the bank or the pot; with the par a third
    of the total and the pot won in its deal, every deal's payments between the players sum
    to zero; as written, the residue is what fewer than 66 points leave in the bank."""
    for variant, zero_sum in (({"par": "third-of-total"}, True), ({}, False), ({"all_pass": "next-deal"}, False)):
        state = _played(variant, seed)
        for record in state.deal_records:
            missing = 66 - sum(record.points)
            if zero_sum:
                assert record.residue == 0
            elif "all_pass" not in variant:
                assert record.residue == -missing * 12 and missing >= 0
        assert sum(state.totals()) == 0  # the bank and an unwon pot are shared back at the end


@pytest.mark.parametrize("name, value", READINGS, ids=[f"{n}={v}" for n, v in READINGS])
def test_whole_games_under_every_reading(name, value):
    for kind, seed in (("heuristic", 1), ("random", 2)):
        state = _played({name: value, "deals": 3}, seed, kind)
        sheet = state.score_sheet
        assert len(sheet) == 3 and all(e["rule"] in RULES for row in sheet for e in row["entries"])
        assert [sum(e["points"] for row in sheet for e in row["entries"] if e["side"] == s) for s in range(3)] \
            == state.totals()
        assert set(state.outcome().winners) == {s for s in range(3) if state.totals()[s] == max(state.totals())}
        assert all(sorted(deck) == sorted(PACK) for deck in state.deals)


@pytest.mark.rule("gleek.deal.card-flow")
def test_a_determinized_copy_keeps_the_seats_view_and_the_cards():
    import random

    state = SPEC.new_game({}, seed=5)
    bots = [make_bot("random", seed=s) for s in range(3)]
    rng = random.Random(2)
    while not state.is_over():
        seat = state.current_player()
        copy = state.determinize(seat, rng)
        assert copy.view(seat) == state.view(seat)
        held = [c for h in copy.hands for c in h] + copy.stock + copy.discards
        assert sorted(map(str, held)) == sorted(str(c) for h in state.hands for c in h + []) \
            or sorted(map(str, held)) == sorted(map(str, [c for h in state.hands for c in h] + state.stock
                                                     + state.discards))
        state.apply(bots[seat].choose(state, seat))
