"""The loo family's shared rules (Мушка, Памфил, Рамс, Петух, after Розалиев): the rule
ids a game names, the variant's common options, and the pure rule functions every game of
the family uses (seats by the draw, the deal of five, the turned trump, the order of the
bidding, the buy, the first lead, the end and the settlement).  The state is in
:mod:`engine.games.loo.state`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar

from engine.actions import name_kind
from engine.cards import Card, Rank, Suit, format_cards
from engine.errors import EngineError, IllegalActionError, VariantError
from engine.game import setting_refused
from engine.i18n import N_, Text, tr
from engine.limits import MAX_ACTION_VALUE
from engine.readings import Rules
from engine.rules import implements

__all__ = [
    "LooRules",
    "LooVariant",
    "check_players",
    "seat_order",
    "draw_for_seats",
    "first_dealer_of",
    "next_dealer",
    "after_misdeal",
    "deal_five",
    "turn_trump",
    "bid_order",
    "buy",
    "deal_void",
    "first_leader",
    "winners",
    "settlement",
    "one_suit",
    "jacks_held",
    "COLOURS",
    "TRICKS_PER_DEAL",
    "Payments",
    "VOID_WHY",
    "cards_word",
    "five_of",
    "tricks_word",
    "and_seats",
]

for _kind, _word in (("stand", N_("Stand")), ("buy", N_("Buy"))):  # ('pass': core's)
    name_kind(_kind, _word)  # (an action's word in the reader's language, as a refusal names the action)

"""The shared refusal of a variant option's value (its Russian is core's)."""

TRICKS_PER_DEAL = 5
HAND_SIZE = 5

LAY_OUT = "lay_out"
DECLARE = "declare"
BID = "bid"
DISCARD = "discard"
DEALER_EXCHANGE = "dealer_exchange"
PLAY = "play"
OVER = "over"



@dataclass(frozen=True)
class LooRules:
    """The ids of one game's rules that the shared skeleton applies.

    Each field names the rule of *this* game that a shared step implements,
    so that a refusal, a log line or a score entry cites the right id.
    ``None`` means the game has no such rule.
    """

    game: str
    players: str
    deck: str
    seats: str
    first_dealer: str
    rotation: str
    deal: str
    trump: str
    bid: str
    order: str
    must_play: str | None
    discard: str
    stock_limit: str
    all_pass: str | None
    lead: str
    follow: str
    free: str
    winner: str
    start: str
    trick: str
    no_trick: str
    end: str
    tie: str
    misdeal: str
    settle: str


@dataclass(frozen=True)
class LooVariant(Rules):
    """The base of a loo game's rules (:class:`~engine.readings.Rules`): every game of the
    family declares the number of players and the stake of the settlement among its
    options, with its readings; the base checks the number of players against the game's
    bounds and the whole-number options against theirs."""

    if TYPE_CHECKING:
        stake: int  # (every game declares it among its options, under its own rule)

    MIN_PLAYERS: ClassVar[int] = 2
    MAX_PLAYERS: ClassVar[int] = 6
    RULES: ClassVar[LooRules]
    WHOLE_NUMBERS: ClassVar[dict[str, tuple[int, int | None]]] = {"stake": (0, None)}
    """The options that take a whole number, with their least and greatest values (None: no limit)."""

    def __post_init__(self) -> None:
        check_players(self.players, self.MIN_PLAYERS, self.MAX_PLAYERS, self.RULES.players)
        super().__post_init__()  # the readings (direct construction bypasses from_options)
        for name, bounds in self.WHOLE_NUMBERS.items():
            field, setting = self.SETTINGS[name]
            opt, value = setting.option, getattr(self, field)
            low, high = bounds
            if isinstance(value, bool) or not isinstance(value, int) or value < low \
                    or value > (high if high is not None else MAX_ACTION_VALUE - 1):
                most = format(high if high is not None else MAX_ACTION_VALUE - 1, ",")
                allowed = Text("a whole number from {} to {}", low, most)
                raise setting_refused(opt.name, opt.rule, value, allowed)


# ---------------------------------------------------------------- shared rule functions

@implements("mushka.setup.players", "rams.setup.players", "petukh.setup.players")
def check_players(players: Any, low: int, high: int, rule: str) -> int:
    """The number of players, or :class:`VariantError` naming the rule.

    >>> check_players(7, 2, 6, "mushka.setup.players")
    Traceback (most recent call last):
    ...
    engine.errors.VariantError: variant option 'players' (rule mushka.setup.players): 7 is not allowed; allowed values: 2 to 6 players
    """
    if isinstance(players, bool) or not isinstance(players, int) or not low <= players <= high:
        raise setting_refused("players", rule, players, Text("{} to {} players", low, high))
    return players


@implements("mushka.setup.seats")
def seat_order(draws: list[Card]) -> list[int]:
    """Seats from the cards drawn: the i-th drawer sits at the returned seat,
    in ascending order of the cards (ace high; equal ranks keep the order
    of drawing), so the lowest card is seat 0.

    >>> from engine.cards import parse_cards
    >>> seat_order(parse_cards("9H 7S KD"))
    [1, 0, 2]
    """
    ranked = sorted(range(len(draws)), key=lambda i: draws[i].rank_value)
    seats = [0] * len(draws)
    for seat, drawer in enumerate(ranked):
        seats[drawer] = seat
    return seats


@implements("mushka.setup.seats")
def draw_for_seats(pack: list[Card], players: int) -> tuple[list[int], list[list[Card]]]:
    """Each player draws a card from the (shuffled) ``pack``; players who tie
    draw again, as often as needed.  Returns the seat of each drawer (ascending
    by the cards, ace high, so the lowest sits at seat 0) and the cards each drew.

    >>> from engine.cards import parse_cards
    >>> draw_for_seats(parse_cards("9H 7S 9D KD 2C"), 3)
    ([2, 0, 1], [[Card(Rank.NINE, Suit.HEARTS), Card(Rank.KING, Suit.DIAMONDS)], [Card(Rank.SEVEN, Suit.SPADES)], [Card(Rank.NINE, Suit.DIAMONDS), Card(Rank.TWO, Suit.CLUBS)]])
    """
    cards = iter(pack)
    drawn = [[next(cards)] for _ in range(players)]
    while True:
        keys = [tuple(c.rank_value for c in d) for d in drawn]
        tied = [i for i, key in enumerate(keys) if keys.count(key) > 1]
        if not tied:
            break
        try:
            for i in tied:
                drawn[i].append(next(cards))
        except StopIteration:  # the pack is spent (never with these packs): the order of drawing decides
            break
    keys = [tuple(c.rank_value for c in d) for d in drawn]
    ranked = sorted(range(players), key=lambda i: keys[i])
    seats = [0] * players
    for seat, drawer in enumerate(ranked):
        seats[drawer] = seat
    return seats, drawn


@implements("mushka.setup.first-dealer", "rams.setup.first-dealer", "petukh.setup.first-dealer")
def first_dealer_of(draws: list[Card]) -> int:
    """The drawer of the lowest card (ace high) deals first.

    >>> from engine.cards import parse_cards
    >>> first_dealer_of(parse_cards("AS 2H 10C"))
    1
    """
    return min(range(len(draws)), key=lambda i: draws[i].rank_value)


@implements("mushka.deal.rotation", "rams.deal.rotation", "petukh.deal.rotation")
def next_dealer(players: int, dealer: int) -> int:
    """The deal passes to the dealer's left (the next seat)."""
    return (dealer + 1) % players


@implements("mushka.deal.misdeal", "rams.deal.misdeal")
def after_misdeal(players: int, dealer: int, same_dealer: bool) -> int:
    """Who deals again after a card exposed in dealing or a faulty deal: the
    same dealer (Мушка) or the next (Рамс).  (The engine deals without
    mistakes, so this never arises in its games; the rule is kept with its
    examples.)"""
    return dealer if same_dealer else next_dealer(players, dealer)


@implements("mushka.deal.five-singly", "rams.deal.five-and-trump", "petukh.deal.five-singly")
def deal_five(players: int, dealer: int, deck: list[Card]) -> tuple[list[list[Card]], list[Card]]:
    """Five cards each, one at a time, clockwise from the dealer's left;
    returns the hands (by seat, in the order received) and the rest of the
    pack (top first)."""
    if len(deck) < players * HAND_SIZE:
        raise EngineError(f"a pack of {len(deck)} cards cannot deal five to {players} players")
    hands: list[list[Card]] = [[] for _ in range(players)]
    for i in range(players * HAND_SIZE):
        hands[(dealer + 1 + i) % players].append(deck[i])
    return hands, list(deck[players * HAND_SIZE:])


@implements("mushka.deal.turned-trump", "rams.deal.five-and-trump", "petukh.deal.turned-trump")
def turn_trump(stock: list[Card]) -> tuple[Card, Suit, list[Card]]:
    """The top card of the rest is turned up: its suit is trumps; it stays on
    the table and the stock is what lies under it."""
    if not stock:
        raise EngineError("no card is left to turn up for trumps")
    return stock[0], stock[0].suit, list(stock[1:])


@implements("mushka.bid.order", "rams.bid.options", "petukh.exchange.order")
def bid_order(players: int, dealer: int) -> list[int]:
    """Declaring and buying go clockwise from the dealer's left to the dealer."""
    return [(dealer + 1 + i) % players for i in range(players)]


@implements("mushka.buy.discard-first", "mushka.buy.stock-limit", "rams.buy.discard-first",
            "petukh.exchange.order", "petukh.exchange.stock-limit")
def buy(hand: list[Card], discard: list[Card], stock: list[Card], rules: LooRules,
        action: Any = "buy", seat: int | None = None) -> tuple[list[Card], list[Card]]:
    """Discard first, then draw as many from the top of the stock: returns the
    new hand (kept cards in order, then those drawn) and the stock left.
    Refuses a card not held (``discard`` rule) or more cards than the stock
    holds (``stock_limit`` rule)."""
    for card in discard:
        if card not in hand:
            raise IllegalActionError(rules.discard, action,
                                     Text("{} is not in the hand ({})", card, format_cards(hand)), seat)
    if len(set(discard)) != len(discard):
        raise IllegalActionError(rules.discard, action, Text("a card is discarded twice"), seat)
    if len(discard) > len(stock):
        raise IllegalActionError(rules.stock_limit, action,
                                 Text("{} cards discarded but the stock holds only {}", len(discard), len(stock)), seat)
    kept = [c for c in hand if c not in discard]
    n = len(discard)
    return kept + stock[:n], stock[n:]


@implements("mushka.bid.all-pass", "rams.bid.all-pass")
def deal_void(choices: list[str]) -> bool:
    """If every player passes, the deal is void: nobody's record changes."""
    return all(c == "pass" for c in choices)


@implements("mushka.play.lead", "rams.play.lead", "petukh.play.lead")
def first_leader(players: int, dealer: int, active: list[int]) -> int:
    """The player on the dealer's left leads; if he passed, the nearest active
    player to his left."""
    for seat in bid_order(players, dealer):
        if seat in active:
            return seat
    raise EngineError("no active player to lead")


@implements("mushka.end.winner", "mushka.end.tie", "rams.end.winner", "petukh.end.winner")
def winners(records: list[int]) -> list[int]:
    """The seats whose record is written off (0); several share the win."""
    return [seat for seat, record in enumerate(records) if record <= 0]


@implements("mushka.settle.systems", "rams.settle.remaining-records", "petukh.settle.remaining-records")
def settlement(records: list[int], stake: int, agreed: int | None = None) -> list[int | float]:
    """Net payment per seat at the end: each loser pays the winners his
    remaining record times the stake, or the ``agreed`` sum when one is
    agreed (Мушка's ``fixed`` reading); several winners share equally.

    >>> settlement([0, 7, 12], 1), settlement([0, 7, 12], 1, agreed=25)
    ([19, -7, -12], [50, -25, -25])
    """
    won = winners(records)
    if not won:
        return [0] * len(records)
    net: list[int | float] = [0] * len(records)
    pot = 0
    for seat, record in enumerate(records):
        if seat in won:
            continue
        pays = record * stake if agreed is None else agreed
        net[seat] = -pays
        pot += pays
    share = pot / len(won)
    for seat in won:
        net[seat] = int(share) if share == int(share) else round(share, 2)
    return net


COLOURS = ((Suit.SPADES, Suit.CLUBS), (Suit.HEARTS, Suit.DIAMONDS))
"""The two colours of jacks (black, red) that Рамс and Петух pair."""


def one_suit(hand: list[Card]) -> bool:
    """Five cards of one suit (Мушка's and Памфил's 'some companies' rule, Рамс's five of a suit)."""
    return len(hand) == HAND_SIZE and len({c.suit for c in hand}) == 1


def jacks_held(hand: list[Card]) -> tuple[int, list[tuple[Suit, Suit]]]:
    """How many jacks a hand holds, and the colours of which it holds both
    (Рамс's jack variant, Петух's boys).

    >>> from engine.cards import parse_cards
    >>> jacks_held(parse_cards("JS JC JH 7D 8D"))
    (3, [(Suit.SPADES, Suit.CLUBS)])
    """
    suits = {c.suit for c in hand if c.rank is Rank.JACK}
    return len(suits), [colour for colour in COLOURS if all(s in suits for s in colour)]


_FIVE_OF = {Suit.SPADES: N_("five spades"), Suit.HEARTS: N_("five hearts"), Suit.DIAMONDS: N_("five diamonds"),
            Suit.CLUBS: N_("five clubs")}


def five_of(suit: Suit) -> Text:
    """Five cards of ``suit`` in words ("five hearts"; Russian «пять червей»), written when read."""
    return Text(_FIVE_OF[suit])


def cards_word(n: int) -> Text:
    """``n`` cards in words, written when read ("1 card", "3 cards"; Russian in the accusative,
    "1 карту", "3 карты", as a buyer throws them out and draws them)."""
    return Text("{} card", n, plural=("{} cards", n))


def tricks_word(n: int) -> Text:
    """The tricks a player took, as a score entry says it ("1 trick", "3 tricks"), written when read."""
    return Text("{} trick", n, plural=("{} tricks", n))


def and_seats(seats: list[int]) -> Text:
    """Seats named one by one, joined by "and" ("seat 0 and seat 2"), written when read."""
    who = Text("seat {}", seats[0])
    for seat in seats[1:]:
        who = Text("{} and {}", who, Text("seat {}", seat))
    return who


VOID_WHY = N_("every player passed: the deal is void")
"""Why a deal every player passed is void (the score sheet's reason; the deal summary writes
it in the reader's language)."""


class Payments:
    """The settlement as a sentence names it ("seat 0 -26, seat 1 +26"), written when read;
    ``signed``: a nothing written "+0" (the deal summary's way) rather than "0" (the log's)."""

    __slots__ = ("net", "signed")

    def __init__(self, net: list[int | float], signed: bool = False) -> None:
        self.net = tuple(net)
        self.signed = signed

    def __str__(self) -> str:
        return ", ".join(tr("seat {} {}", s, _signed(p, self.signed)) for s, p in enumerate(self.net))


def _signed(amount: int | float, plus_zero: bool) -> str:
    """A payment with its sign ("+26", "-7"; nothing "0", or "+0" with ``plus_zero``)."""
    return format(amount, "+") if plus_zero or amount > 0 else str(amount)
