"""Gleek: the rules and the pure rule functions (after the Russian retelling of Willughby):
the seats and the deal, the auction's split of the price, the ruff and who wins it, the
gleeks and mournivals, the Tyde, the count of cards and honours, the settlement against
the par and what is left at the end; and :class:`GleekRules`, each option declared once
with the rule it sets and what each reading means (the parameter the rule code reads).
The state and its phases are in :mod:`engine.games.gleek.state`.

Money is reckoned in tokens throughout (:attr:`GleekRules.coin`: a coin is 12 tokens, or one
under the single unit), so that halved gleeks and a third of the count are exact.

>>> from engine.cards import parse_cards
>>> ruff_of(parse_cards("AS KS QS 7S 4H"))
Ruff(value=38, suit=Suit.SPADES, four_aces=False)
>>> settle([30, 12, 24], coin=12, par=22)
([96, -120, 24], 0)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cached_property
from typing import NamedTuple

from engine.cards import Card, Rank, Suit, deck_44
from engine.errors import EngineError, VariantError
from engine.actions import name_kind
from engine.game import Action, setting_refused, side_words
from engine.i18n import N_, Text, tr
from engine.readings import Rules, number, reading
from engine.rules import implements
from engine.tricks import SUIT, SUIT_ELSE_TRUMP, PlayRule


__all__ = [
    "GAME_ID", "PLAYERS", "GleekRules", "ShowRule", "Ruff", "eldest", "order_of_play",
    "next_dealer", "dealers_for_game", "deal_hands", "bid_split", "ruff_of", "ruff_winner", "sets_of",
    "gleek_share", "honour_value", "count_points", "settle", "share_leftover", "four_of_trumps", "stages",
    "tokens_said", "coins_said", "Side", "Cuts", "TRUMPS_WORDS",
]

GAME_ID = "gleek"
PLAYERS = 3
HAND = 12
STOCK_TAKEN = 7
OPENING_BID = 12
TRICKS = 12
MAX_DEALS = 99

# phase names (as the goldens record them) and action kinds
AUCTION, EXCHANGE, VIE, TYDE, PLAY, OVER = "auction", "exchange", "vie", "tyde", "play", "over"
RAISE, PASS, TAKE, DISCARD = "raise", "pass", "take", "discard"
VIE_CALL, SEE, REVIE, YIELD, SHOW, NO_SHOW = "vie", "see", "revie", "yield", "show", "no_show"
SHOW_TYDE, KEEP_TYDE = "show_tyde", "keep_tyde"
VIE_KINDS = (VIE_CALL, PASS, SEE, REVIE, YIELD, SHOW, NO_SHOW)
DECLARE, ANSWER, CONTEST, SHOWDOWN, DONE = "declare", "answer", "contest", "showdown", "done"
"""The stages of the vie: the declarations, the answers to a vie, the contest, the show after a yield, over."""

for _kind, _word in ((RAISE, N_("Raise")), (PASS, N_("Pass")), (TAKE, N_("Take")), (VIE_CALL, N_("Vie")),
                     (SEE, N_("See")), (REVIE, N_("Revie")), (YIELD, N_("Yield")), (SHOW, N_("Show")),
                     (NO_SHOW, N_("No show")), (SHOW_TYDE, N_("Show tyde")), (KEEP_TYDE, N_("Keep tyde"))):
    name_kind(_kind, _word)  # (the word of an action's label in the reader's language: a refusal names actions so)

TRUMPS_WORDS = (N_("spades are trumps"), N_("hearts are trumps"), N_("diamonds are trumps"), N_("clubs are trumps"))
"""The trumps named in a sentence, by suit index (a sentence of its own, for the Russian's case)."""



def tokens_said(n: int) -> Text:
    """``n`` tokens as a sentence says them, in the reader's language (the English always
    "tokens", as the sentences have always said).

    >>> str(tokens_said(12))
    '12 tokens'
    """
    return Text("{} tokens", n, plural=("{} tokens", n))


def coins_said(n: int) -> Text:
    """``n`` coins as a sentence says them: "1 coin", "4 coins"."""
    return Text("{} coin", n, plural=("{} coins", n))


class Side(NamedTuple):
    """Seats named in a sentence kept for later (a :class:`~engine.i18n.Text`'s argument),
    written by :func:`~engine.game.side_words` when read."""

    seats: tuple[int, ...]

    def __str__(self) -> str:
        return side_words(self.seats)


class Cuts(NamedTuple):
    """The cut for the deal in a sentence kept for later: each seat and its cards."""

    cuts: tuple[tuple[int, tuple[Card, ...]], ...]

    def __str__(self) -> str:
        return ", ".join(tr("seat {} {}", seat, " ".join(c.symbol for c in cut)) for seat, cut in self.cuts)


# ---------------------------------------------------------------- the rules: each option once, with its meanings

class ShowRule(NamedTuple):
    """Who may call for the show after a yield, and whether the show decides the contest."""

    yielder_calls: bool
    decides: bool


@implements("gleek.table.players", "gleek.game.length")
@dataclass(frozen=True)
class GleekRules(Rules):
    """The rules of a game of Gleek: three players, the deals of a game (a multiple of
    three, so that each deals equally often) and one field per contested rule, holding
    what its reading means to the code.

    >>> GleekRules.from_options(coin_value="one-token").coin, GleekRules().to_json()["coin_value"]
    (1, 'twelve-tokens')
    >>> GleekRules.from_options(deals=4)
    Traceback (most recent call last):
    ...
    engine.errors.VariantError: variant option 'deals' (rule gleek.game.length): 4 is not allowed; allowed values: a multiple of 3 from 3 to 99, so that each player deals equally often
    """

    game_id = GAME_ID

    players: int = number(PLAYERS, rule="gleek.table.players", values=(PLAYERS,),
                          doc="Gleek is played by exactly three players.")
    deals: int = number(3, rule="gleek.game.length", doc="The deals of a game, agreed beforehand: a multiple of three "
                        "(3 to 99), so that each player deals equally often.")
    coin: int = reading("gleek.stakes.units", {"twelve-tokens": 12, "one-token": 1})
    """Tokens to the coin."""
    opener_offset: int = reading("gleek.stock.opener", {"dealer": 0, "eldest": 1})
    """The opener's seat after the dealer's."""
    raise_steps: tuple[int, ...] | None = reading("gleek.stock.raise", {"one-token": None,
                                                                       "up-to-twelve": tuple(range(1, 13))})
    """The raises a bidder may make (``None``: one token only, written ``raise``): see :attr:`raises`."""
    discard_first: bool = reading("gleek.stock.exchange-order", {"discard-first": True, "take-first": False})
    """Whether the buyer puts out his seven before taking the stock."""
    turned_in_ruff: bool = reading("gleek.ruff.in-hand", {"hand-only": False, "with-turned": True})
    """Whether the turned card counts in its owner's ruff."""
    passers_pay: bool = reading("gleek.vie.base-payment", {"every-loser": True, "passers-exempt": False})
    """Whether a player who passed before the vie pays its 2 coins."""
    caught_pays_more: bool = reading("gleek.vie.caught-claimant", {"loser-pays": True, "challenger-only": False})
    """Whether a vier whose ruff loses the show pays 4 more."""
    pot_carries: bool = reading("gleek.vie.all-pass", {"same-deal": False, "next-deal": True})
    """Whether the pot of an all-pass round waits for a later deal."""
    yield_as_raised: bool = reading("gleek.vie.yield", {"own-stake": False, "as-raised": True})
    """Whether a yielder pays the stake as raised (else his own)."""
    show: ShowRule = reading("gleek.vie.show-after-yield", {"see": ShowRule(True, True),
                                                            "yielder-asks": ShowRule(True, False),
                                                            "winner-shows": ShowRule(False, False)})
    """The show after a yield."""
    turned_to_dealer: bool = reading("gleek.gleeks.turned-card", {"dealer": True, "any-player": False})
    """Whether the turned card is the dealer's (else open to every player)."""
    gleek_from_each: bool = reading("gleek.gleeks.payment", {"shared": False, "from-each": True})
    """Whether each other player pays a gleek in full (else they share it)."""
    tyde_before_tricks: bool = reading("gleek.tyde.timing", {"before-tricks": True, "when-shown": False})
    """Whether the Tyde is paid before the tricks (else when shown)."""
    turned_tyde: int = reading("gleek.tyde.turned", {"single": 1, "double": 2})
    """What a turned Tyde is paid, times a held one."""
    play: PlayRule = reading("gleek.play.follow", {"any-card": PlayRule(SUIT), "must-trump": PlayRule(SUIT_ELSE_TRUMP)})
    """The follow rule."""
    plus_one: bool = reading("gleek.count.honour-and-card", {"plus-one": True, "instead": False})
    """Whether an honour scores its card point too."""
    honours_to_winner: bool = reading("gleek.count.honours-to", {"trick-winner": True, "holder": False})
    """Whether an honour scores for the trick's winner (else its holder)."""
    turned_honour_to_dealer: bool = reading("gleek.count.turned-honour", {"unscored": False, "dealer": True})
    """Whether the dealer scores a turned honour."""
    par: int | None = reading("gleek.settle.par", {"twenty-two": 22, "third-of-total": None})
    """The par of the settlement (``None``: a third of the points scored)."""

    def __post_init__(self) -> None:
        if self.players != PLAYERS:
            raise setting_refused("players", "gleek.table.players", self.players, "3")
        deals = self.deals
        if type(deals) is not int or not 3 <= deals <= MAX_DEALS or deals % PLAYERS:
            raise setting_refused("deals", "gleek.game.length", deals,
                                  Text("a multiple of 3 from 3 to {}, so that each player deals equally often", MAX_DEALS))
        super().__post_init__()  # the readings (direct construction bypasses from_options)
        if self.coin % 3 and not self.plus_one and self.par is None:
            raise VariantError(
                "variant options 'par', 'honour_card' and 'coin_value' (rule gleek.settle.par): a par of a third of "
                "the total with honours in place of their card point can be a fraction of a token under the single "
                "unit; this combination is refused (choose coin_value 'twelve-tokens', honour_card 'plus-one' or "
                "par 'twenty-two')", rule="gleek.settle.par", option="par")

    @cached_property
    def raises(self) -> tuple[Action, ...]:
        """The raise actions a bidder may make (worked out once, read only)."""
        steps = self.raise_steps
        return (Action(RAISE),) if steps is None else tuple(Action(RAISE, value=k) for k in steps)


# ---------------------------------------------------------------- seats, deal, game

@implements("gleek.seats.eldest", "gleek.table.players")
def eldest(dealer: int) -> int:
    """The eldest hand: the dealer's left.

    >>> eldest(2), eldest(0)
    (0, 1)
    """
    return (dealer + 1) % PLAYERS


@implements("gleek.seats.eldest")
def order_of_play(dealer: int) -> list[int]:
    """The three seats in the order of play: the eldest first, the dealer last.

    >>> order_of_play(0)
    [1, 2, 0]
    """
    return [(dealer + 1 + i) % PLAYERS for i in range(PLAYERS)]


@implements("gleek.deal.dealer")
def next_dealer(dealer: int) -> int:
    """The deal passes to the left.

    >>> next_dealer(2)
    0
    """
    return (dealer + 1) % PLAYERS


@implements("gleek.game.length")
def dealers_for_game(deals: int, first_dealer: int) -> list[int]:
    """The dealer of each deal of a game of ``deals`` deals (validated as the variant's).

    >>> dealers_for_game(3, 2)
    [2, 0, 1]
    """
    GleekRules(deals=deals)
    dealers = [first_dealer % PLAYERS]
    while len(dealers) < deals:
        dealers.append(next_dealer(dealers[-1]))
    return dealers


@implements("gleek.deck.cards", "gleek.deck.rank-order")
def gleek_pack() -> list[Card]:
    """The 52-card pack without its twos and threes, ace high (the cards' own order).

    >>> len(gleek_pack()), str(gleek_pack()[0]), str(gleek_pack()[10])
    (44, 'AS', '4S')
    """
    return deck_44()


@implements("gleek.deal.hands", "gleek.deal.stock", "gleek.deal.card-flow")
def deal_hands(deck: Sequence[Card], dealer: int) -> tuple[list[list[Card]], list[Card]]:
    """Twelve cards to each player, four at a time, each round from the eldest; the
    eight left are the stock, its top card (the first) turned for trumps.

    >>> from engine.cards import deck_44
    >>> hands, stock = deal_hands(deck_44(), 2)
    >>> [str(c) for c in hands[0][:4]], str(stock[0]), len(stock)
    (['AS', 'KS', 'QS', 'JS'], 'JC', 8)
    """
    hands: list[list[Card]] = [[] for _ in range(PLAYERS)]
    order = order_of_play(dealer)
    for packet in range(HAND * PLAYERS // 4):
        hands[order[packet % PLAYERS]].extend(deck[packet * 4:packet * 4 + 4])
    return [sorted(h, key=_index) for h in hands], list(deck[HAND * PLAYERS:])


def _index(card: Card) -> int:
    return card.index


@implements("gleek.deal.stages")
def stages(tyde_before_tricks: bool) -> list[str]:
    """The stages of a deal: the Tyde is one of its own when paid before the tricks.

    >>> stages(False)
    ['deal', 'auction', 'exchange', 'vie', 'gleeks', 'tricks', 'count', 'settle']
    """
    tyde = ["tyde"] if tyde_before_tricks else []
    return ["deal", "auction", "exchange", "vie", "gleeks", *tyde, "tricks", "count", "settle"]


# ---------------------------------------------------------------- the auction

@implements("gleek.stock.bid-split")
def bid_split(price: int, buyer: int, last_before: int | None) -> list[int]:
    """What each seat gets (+) or pays (−) for the stock: the buyer pays his bid to the
    other two in halves, the larger half of an odd bid to ``last_before``, the player who
    made the last bid before the winning one.

    >>> bid_split(17, 2, 0)
    [9, 8, -17]
    """
    others = [s for s in range(PLAYERS) if s != buyer]
    half = price // 2
    net = [0] * PLAYERS
    net[buyer] = -price
    for seat in others:
        net[seat] = half
    if price % 2:
        if last_before not in others:
            raise EngineError(f"an odd bid of {price} needs the bid before it by another player")
        net[last_before] += 1
    return net


# ---------------------------------------------------------------- the ruff

RUFF_POINTS = {Rank.ACE: 11, Rank.KING: 10, Rank.QUEEN: 10, Rank.JACK: 10}


class Ruff(NamedTuple):
    """A hand's ruff: its best suit's sum, that suit, and whether it holds four aces."""

    value: int
    suit: Suit
    four_aces: bool

    @property
    def key(self) -> tuple[int, int]:
        """Its strength: four aces beat any sum."""
        return (1 if self.four_aces else 0, self.value)


@implements("gleek.ruff.value", "gleek.ruff.four-aces")
def ruff_of(cards: Sequence[Card]) -> Ruff:
    """The ruff of ``cards``: the largest sum of one suit (pips at face value, courts 10,
    ace 11; the first suit in S H D C order among equal sums) and the four aces flag.

    >>> from engine.cards import parse_cards
    >>> ruff_of(parse_cards("AS AH AD AC 4S"))
    Ruff(value=15, suit=Suit.SPADES, four_aces=True)
    """
    sums = [0, 0, 0, 0]
    aces = 0
    for c in cards:
        sums[c.suit_index] += RUFF_POINTS.get(c.rank, c.rank_value)
        aces += c.rank is Rank.ACE
    best = max(sums)
    return Ruff(best, _SUITS[sums.index(best)], aces == 4)


_SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)


@implements("gleek.ruff.tie", "gleek.ruff.four-aces")
def ruff_winner(ruffs: Sequence[Ruff], among: Sequence[int], dealer: int) -> int:
    """Of the seats ``among``, the one whose ruff wins: four aces, else the largest sum;
    between equal ruffs the seat nearer the eldest in the order of play.

    >>> from engine.cards import parse_cards
    >>> ruff_winner([ruff_of(parse_cards("KS QS")), ruff_of(parse_cards("KH QH")), ruff_of([])], [0, 1, 2], 2)
    0
    """
    order = order_of_play(dealer)
    return max(among, key=lambda s: (ruffs[s].key, -order.index(s)))


# ---------------------------------------------------------------- gleeks, mournivals, Tyde

GLEEK_VALUES = {Rank.JACK: 1, Rank.QUEEN: 2, Rank.KING: 3, Rank.ACE: 4}
"""A gleek's value in coins; a mournival is paid double."""


@implements("gleek.gleeks.values", "gleek.gleeks.ranks", "gleek.gleeks.mournival-only")
def sets_of(cards: Sequence[Card]) -> list[tuple[Rank, list[Card], int]]:
    """The gleeks (three of a rank) and mournivals (four) in ``cards``, jacks to aces only,
    with their value in coins; four of a rank are a mournival only.

    >>> from engine.cards import parse_cards
    >>> [(str(r), len(c), v) for r, c, v in sets_of(parse_cards("JS JH JD QS QH QD QC 10S 10H 10D"))]
    [('Q', 4, 4), ('J', 3, 1)]
    """
    found = []
    for rank in (Rank.ACE, Rank.KING, Rank.QUEEN, Rank.JACK):
        same = [c for c in cards if c.rank is rank]
        if len(same) >= 3:
            found.append((rank, same, GLEEK_VALUES[rank] * (2 if len(same) == 4 else 1)))
    return found


@implements("gleek.gleeks.payment")
def gleek_share(owner: int, tokens: int, from_each: bool) -> list[tuple[int, int]]:
    """Who pays the owner of gleeks and mournivals worth ``tokens``, and how much: each
    other player in full, or half each, the player next after the owner paying the
    larger half of an odd sum.

    >>> gleek_share(0, 5, False), gleek_share(0, 60, True)
    ([(1, 3), (2, 2)], [(1, 60), (2, 60)])
    """
    first, second = (owner + 1) % PLAYERS, (owner + 2) % PLAYERS
    if from_each:
        return [(first, tokens), (second, tokens)]
    return [(first, tokens - tokens // 2), (second, tokens // 2)]


@implements("gleek.tyde.payment")
def four_of_trumps(trump: Suit) -> Card:
    """The Tyde: the four of trumps.

    >>> str(four_of_trumps(Suit.HEARTS))
    '4H'
    """
    return _FOURS[trump.index]


_FOURS = tuple(Card(Rank.FOUR, suit) for suit in (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS))


# ---------------------------------------------------------------- the count and the settlement

HONOURS = {Rank.ACE: 15, Rank.JACK: 9, Rank.KING: 3, Rank.QUEEN: 3}


@implements("gleek.count.honours")
def honour_value(card: Card, trump: Suit) -> int:
    """Tib (the ace of trumps) 15, Tom (the jack) 9, the king and queen of trumps 3 each.

    >>> honour_value(Card.parse("JS"), Suit.SPADES), honour_value(Card.parse("AH"), Suit.SPADES)
    (9, 0)
    """
    return HONOURS.get(card.rank, 0) if card.suit is trump else 0


TrickTaken = tuple[tuple[int, ...], Sequence[Card], int]
"""A trick as the count reads it: the seats in playing order, their cards, its winner."""


@implements("gleek.count.cards", "gleek.count.honour-and-card", "gleek.count.honours-to",
            "gleek.count.turned-honour")
def count_points(tricks: Sequence[TrickTaken], trump: Suit, turned: Card | None, dealer: int, plus_one: bool,
                 to_winner: bool, turned_to_dealer: bool) -> tuple[list[int], list[int], list[int]]:
    """Each seat's points after the tricks, with the cards and honour points counted in
    them: 1 a card to the trick's winner, an honour's value on top of its card point or
    instead of it, to the trick's winner or to the player who held it; a turned honour
    scored by the dealer or by no one.

    >>> from engine.cards import parse_cards
    >>> count_points([((0, 1, 2), parse_cards("KS AS 4S"), 1)], Suit.SPADES, None, 2, True, True, False)[0]
    [0, 21, 0]
    """
    points, cards, honours = [0] * PLAYERS, [0] * PLAYERS, [0] * PLAYERS
    for seats, played, winner in tricks:
        for seat, card in zip(seats, played):
            honour = honour_value(card, trump)
            if not honour or plus_one:
                points[winner] += 1
                cards[winner] += 1
            if honour:
                scorer = winner if to_winner else seat
                points[scorer] += honour
                honours[scorer] += honour
    if turned_to_dealer and turned is not None:
        honour = honour_value(turned, trump)
        points[dealer] += honour
        honours[dealer] += honour
    return points, cards, honours


@implements("gleek.settle.par", "gleek.settle.bank")
def settle(points: Sequence[int], coin: int, par: int | None) -> tuple[list[int], int]:
    """Each seat's result in tokens (his count less the par, a coin a point) and what it
    leaves in the bank: the losers pay in, the winners are paid out.  ``par`` ``None`` is
    a third of the points scored, reckoned in tokens.

    >>> settle([30, 12, 21], 12, 22), settle([30, 12, 20], 12, None)
    (([96, -120, -12], 36), ([112, -104, -8], 0))
    """
    if par is None:
        total = sum(points) * coin
        if total % PLAYERS:
            raise EngineError(f"a third of {sum(points)} points is not a whole number of tokens at {coin} to the "
                              "coin (rule gleek.settle.par)")
        net = [p * coin - total // PLAYERS for p in points]
    else:
        net = [(p - par) * coin for p in points]
    return net, -sum(net)


@implements("gleek.settle.leftover")
def share_leftover(tokens: int, dealer: int) -> list[int]:
    """What is left in the bank and the pot at the end, shared equally; a remainder of one
    or two tokens one each to the players in order of play from the last deal's eldest.

    >>> share_leftover(4, 2)
    [2, 1, 1]
    """
    shares = [tokens // PLAYERS] * PLAYERS
    for seat in order_of_play(dealer)[:tokens % PLAYERS]:
        shares[seat] += 1
    return shares
