"""The trick-taking kernel: follow policies, heading, special cards, winners."""

from __future__ import annotations

import doctest
import random

import pytest

import engine.tricks as tricks
from engine.cards import ALL_CARDS, Card, Suit, parse_cards
from engine.tricks import (
    FOLLOW_SUIT,
    FREE,
    OBLIGED,
    SUIT,
    SUIT_ELSE_TRUMP,
    SUIT_OR_TRUMP,
    PlayRule,
    Trick,
    beats,
    legal_plays,
    seats_from,
    trick_winner,
    voids_shown,
)

H, D, C, S = Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS, Suit.SPADES


def texts(cards: list[Card]) -> list[str]:
    return [str(c) for c in cards]


def test_doctests() -> None:
    failures, tried = doctest.testmod(tricks)
    assert tried > 10 and failures == 0


@pytest.mark.rule("ruffe-and-trumps.play.follow")
@pytest.mark.parametrize(("rule", "hand", "trick", "expected"), [
    # Piquet / Gleek: follow suit, else anything
    (FOLLOW_SUIT, "AS 10H 5H 3D 2C", "KH", ["10H", "5H"]),
    (FOLLOW_SUIT, "AS 3D 2C", "KH", ["AS", "3D", "2C"]),
    # Ruffe obliged / Мушка / Рамс: follow, else trump, else anything
    (OBLIGED, "AS 10H 5H 3D 2C", "KH", ["10H", "5H"]),
    (OBLIGED, "AS 3D 2C", "KH", ["3D"]),
    (OBLIGED, "AS 2C", "KH", ["AS", "2C"]),
    # Ruffe free: follow or trump at will
    (FREE, "AS 10H 5H 3D 2C", "KH", ["10H", "5H", "3D"]),
    (FREE, "AS 3D 2C", "KH", ["3D"]),
    (FREE, "AS 2C", "KH", ["AS", "2C"]),
    # a trump led is followed in trumps
    (OBLIGED, "AS 10H 3D 2C", "5D", ["3D"]),
    (FREE, "AS 10H 3D 2C", "5D", ["3D"]),
])
def test_follow_policies(rule: PlayRule, hand: str, trick: str, expected: list[str]) -> None:
    assert texts(legal_plays(parse_cards(hand), parse_cards(trick), D, rule)) == expected


@pytest.mark.rule("ruffe-and-trumps.play.first-lead")
def test_leader_plays_anything() -> None:
    hand = parse_cards("AS 10H 3D")
    for rule in (FOLLOW_SUIT, OBLIGED, FREE, PlayRule(SUIT, head=True)):
        assert legal_plays(hand, [], D, rule) == hand


def test_no_trump_game() -> None:
    assert texts(legal_plays(parse_cards("AS 2C"), parse_cards("KH"), None, OBLIGED)) == ["AS", "2C"]
    assert trick_winner(parse_cards("KH AS AH"), None) == 2


def test_heading_the_trick() -> None:
    head = PlayRule(SUIT_ELSE_TRUMP, head=True)
    # must beat the king with the ace when able
    assert texts(legal_plays(parse_cards("AH 5H 2C"), parse_cards("KH"), D, head)) == ["AH"]
    # cannot beat: any heart
    assert texts(legal_plays(parse_cards("QH 5H 2C"), parse_cards("KH"), D, head)) == ["QH", "5H"]
    # void in hearts, must trump; over-trump when a trump is already on it
    assert texts(legal_plays(parse_cards("9D 3D 2C"), parse_cards("KH 5D"), D, head)) == ["9D"]


def test_constraint_hook_rams_trump_ace_covers() -> None:
    # Рамс: if a trump K, Q or J is on the trick, the trump ace must cover it
    def ace_covers(hand, trick, trump, legal):  # type: ignore[no-untyped-def]
        ace = Card.parse("A" + trump.value)
        honours_down = any(c.suit is trump and c.rank_value in (11, 12, 13) for c in trick)
        return [ace] if honours_down and ace in legal else legal

    rams = PlayRule(SUIT_ELSE_TRUMP, constraint=ace_covers)
    assert texts(legal_plays(parse_cards("AD 3D 2C"), parse_cards("KD"), D, rams)) == ["AD"]
    assert texts(legal_plays(parse_cards("AD 3D 2C"), parse_cards("9D"), D, rams)) == ["AD", "3D"]


def test_constraint_must_not_empty_the_choice() -> None:
    broken = PlayRule(SUIT, constraint=lambda hand, trick, trump, legal: [])
    with pytest.raises(ValueError, match="no card"):
        legal_plays(parse_cards("AS"), parse_cards("KS"), None, broken)


def test_unknown_policy_refused() -> None:
    with pytest.raises(ValueError, match="unknown follow policy 'sometimes'"):
        PlayRule("sometimes")


@pytest.mark.rule("ruffe-and-trumps.play.trick-winner", "ruffe-and-trumps.deck.rank-order")
@pytest.mark.parametrize(("trick", "trump", "winner"), [
    ("KH 2H AH 5D", D, 3),   # a trump wins
    ("KH 2H AH 5S", D, 2),   # the highest of the suit led
    ("3C AD 2C", C, 0),      # off-suit ace loses
    ("5D 9D AH", D, 1),      # trumps led: highest trump
    ("QS AS KS 2S", H, 1),   # ace above king
    ("10D JD 9D", C, 1),     # jack above ten
    ("2H 3S 4C 5D", S, 1),   # a low trump beats the higher off-suits
])
def test_trick_winner(trick: str, trump: Suit, winner: int) -> None:
    assert trick_winner(parse_cards(trick), trump) == winner


def test_special_card_hooks() -> None:
    jack_of_clubs = Card.parse("JC")
    ace_of_spades = Card.parse("AS")

    def pamphil(card, position, trick, trump):  # type: ignore[no-untyped-def]
        return 300 if card is jack_of_clubs else None

    assert trick_winner(parse_cards("AH JC KH"), H, pamphil) == 1
    assert trick_winner(parse_cards("JC AH"), H, pamphil) == 0

    def mushka_ace(card, position, trick, trump):  # type: ignore[no-untyped-def]
        # the ace of spades beats the trump ace, but only when another card was led
        if card is ace_of_spades and position > 0:
            return 200 + 14 + 1
        return None

    assert trick_winner(parse_cards("AD AS"), D, mushka_ace) == 1
    assert trick_winner(parse_cards("AS AD"), D, mushka_ace) == 1  # led: an ordinary spade, the trump ace wins
    # heading uses the same strengths
    head = PlayRule(SUIT_ELSE_TRUMP, head=True, strength=pamphil)
    assert texts(legal_plays(parse_cards("AH JC"), parse_cards("KH"), H, head)) == ["AH"]
    assert beats(jack_of_clubs, parse_cards("AH"), H, pamphil)


def test_trick_winner_needs_cards() -> None:
    with pytest.raises(ValueError, match="empty trick"):
        trick_winner([], H)


@pytest.mark.parametrize(("card", "trick", "follow", "voids"), [
    ("2D", "KH", SUIT_ELSE_TRUMP, (H, C)),
    ("2C", "KH", SUIT_ELSE_TRUMP, (H,)),
    ("2C", "KH", SUIT_OR_TRUMP, ()),
    ("2D", "KH", SUIT_OR_TRUMP, (H, C)),
    ("2D", "KH", SUIT, (H,)),
    ("5H", "KH", SUIT, ()),
])
def test_voids_shown(card: str, trick: str, follow: str, voids: tuple[Suit, ...]) -> None:
    assert voids_shown(Card.parse(card), parse_cards(trick), C, follow) == voids


def test_trick_record_and_rotation() -> None:
    t = Trick(leader=2, players=4)
    for c in parse_cards("KH AH 2C 3S"):
        t.add(c)
    assert t.complete and t.seats() == [2, 3, 0, 1]
    assert t.finish(C) == 0
    assert t.to_json() == {"leader": 2, "winner": 0, "cards": [
        {"seat": 2, "card": "KH"}, {"seat": 3, "card": "AH"}, {"seat": 0, "card": "2C"}, {"seat": 1, "card": "3S"}]}
    with pytest.raises(ValueError):
        t.add(Card.parse("4S"))
    assert seats_from(3, 4) == [3, 0, 1, 2]


def test_winner_is_always_a_legal_strongest_card() -> None:
    # property: under every policy a random legal trick is won by a led-suit or trump card,
    # and no other card of the trick would have beaten it
    rng = random.Random(5)
    for _ in range(500):
        deck = list(ALL_CARDS)
        rng.shuffle(deck)
        hands = [deck[i * 8:(i + 1) * 8] for i in range(4)]
        trump = rng.choice(list(Suit))
        rule = rng.choice([FOLLOW_SUIT, OBLIGED, FREE])
        trick: list[Card] = []
        for hand in hands:
            legal = legal_plays(hand, trick, trump, rule)
            assert legal and all(c in hand for c in legal)
            trick.append(rng.choice(legal))
        w = trick_winner(trick, trump)
        assert trick[w].suit in (trick[0].suit, trump)
        for i, c in enumerate(trick):
            if i != w:
                assert not (c.suit is trick[w].suit and c.rank_value > trick[w].rank_value)
                if trick[w].suit is not trump:
                    assert c.suit is not trump


@pytest.mark.parametrize("follow", [SUIT, SUIT_ELSE_TRUMP, SUIT_OR_TRUMP])
def test_follow_bits_agree_with_legal_plays(follow: str) -> None:
    rng = random.Random(10)
    rule = PlayRule(follow)
    for _ in range(600):
        cards = list(ALL_CARDS)
        rng.shuffle(cards)
        hand = cards[:rng.randrange(1, 25)]
        led = cards[30]
        trump = rng.choice([None, *Suit])
        expected = legal_plays(hand, [led], trump, rule)
        allowed = tricks.follow_bits(tricks.card_bits(hand), led.suit_index, trump.index if trump else -1, follow)
        assert [c for c in hand if allowed >> c.index & 1] == expected
        assert allowed & ~tricks.card_bits(hand) == 0


def test_card_bits_and_suit_bits() -> None:
    assert tricks.card_bits([]) == 0
    assert tricks.card_bits(ALL_CARDS) == (1 << 52) - 1 == sum(tricks.SUIT_BITS)
    for suit in Suit:
        assert tricks.card_bits(c for c in ALL_CARDS if c.suit is suit) == tricks.SUIT_BITS[suit.index]


def test_strength_table_agrees_with_card_strength_and_trick_winner() -> None:
    rng = random.Random(11)
    for trump in [None, *Suit]:
        t = trump.index if trump else -1
        for led in Suit:
            lead = [next(c for c in ALL_CARDS if c.suit is led)]
            table = tricks.strength_table(t, led.index)
            assert [tricks.card_strength(c, 1, lead, trump) for c in ALL_CARDS] == list(table)
    for _ in range(2000):
        trick = rng.sample(ALL_CARDS, rng.randrange(1, 5))
        trump = rng.choice([None, *Suit])
        table = tricks.strength_table(trump.index if trump else -1, trick[0].suit_index)
        values = [table[c.index] for c in trick]
        assert values.index(max(values)) == trick_winner(trick, trump)
    with pytest.raises(ValueError, match="suit indexes"):
        tricks.strength_table(0, 4)
