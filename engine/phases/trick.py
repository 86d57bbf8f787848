"""Trick play, once for every game: the follow rules, their refusals, the voids a
play shows, the winner of a trick, the next lead.

The partie mixes in :class:`TrickTable` (the deal's trick state: each hand as a bit set
of card indexes and as its play actions in index order, the trick, the leader, the
tricks won, the voids shown) and declares one :class:`TrickPlay` among its phases.

A deal's follow rule is the kernel's :class:`~engine.tricks.PlayRule`.  When it is plain
(no heading, no game constraint, no card that changes suit), or its only addition is a
constraint that answers on bit sets too (:class:`~engine.tricks.BitConstraint`: Рамс's
trump ace), and it has no special strength, the deal runs on bit sets: the legal cards are ``hand & first[led] or hand & second[led]
or hand`` (:func:`~engine.tricks.follow_masks`), the winner is kept as the cards fall
from :func:`~engine.tricks.strength_table`, and the voids come from a table by suit led
and suit played.  Otherwise (Памфил's pamphil, Мушка's ace of spades)
the kernel's :func:`~engine.tricks.legal_plays` and :func:`~engine.tricks.trick_winner`
answer, with the game's hooks.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any, NamedTuple

from engine.actions import Action
from engine.cards import ALL_CARDS, Card, Suit, format_cards
from engine.errors import IllegalActionError
from engine.i18n import N_, Text
from engine.phases.base import S, Phase
from engine.view_types import LastTrick, TrickKeys
from engine.tricks import (
    SUIT_OR_TRUMP,
    BitConstraint,
    PlayRule,
    card_bits,
    follow_masks,
    legal_plays,
    strength_table,
    trick_winner,
)

if TYPE_CHECKING:
    from engine.partie import Partie

__all__ = ["TrickPlay", "TrickTable", "ListHands", "TrickRules", "DealTables", "deal_tables", "void_mask", "PLAY_BY_INDEX"]

SUITS = (Suit.SPADES, Suit.HEARTS, Suit.DIAMONDS, Suit.CLUBS)
PLAY_BY_INDEX = tuple(Action("play", c) for c in ALL_CARDS)
"""The play action of each card, by ``card.index`` (interned: one object per card)."""
_BIT = tuple(1 << i for i in range(52))


def void_mask(led: int, played: int, trump: int, follow: str) -> int:
    """The suits (bit i: suit index i) a player shows he lacks by playing a card of suit
    ``played`` to a trick led in suit ``led`` (suit indexes, as the follow rule sees the
    cards; ``trump = -1`` for none): not following shows the suit led missing, and under
    a rule that then asks for a trump, a card that is not a trump shows trumps missing too.

    >>> void_mask(1, 3, 2, "suit-else-trump") == 0b0110   # hearts led, a club played, diamonds trumps
    True
    >>> void_mask(1, 2, 2, "suit-or-trump")                # trumping at will shows nothing
    0
    """
    if played == led:
        return 0
    if follow == "suit":
        return 1 << led
    if played == trump:
        return 0 if follow == SUIT_OR_TRUMP else 1 << led
    return (1 << led) | (1 << trump) if 0 <= trump != led else 1 << led


class DealTables(NamedTuple):
    """A deal's follow rule and trump, made ready for play (:func:`deal_tables`)."""

    rule: PlayRule
    trump: Suit | None
    fast: bool
    """Bit sets answer (a plain rule, no special strength)."""
    first: tuple[int, ...]
    second: tuple[int, ...]
    voids: tuple[int, ...]
    """:func:`void_mask` by ``led * 4 + played``."""
    strengths: tuple[tuple[int, ...], ...]
    """Fast only: each card's strength by suit led (:func:`strength_table`)."""
    trump_index: int = -1
    narrow: Callable[[int, list[Card], int], int] | None = None
    """Fast only: a game's constraint on bit sets (:class:`~engine.tricks.BitConstraint`), else None."""


@functools.cache
def _fast_tables(rule: PlayRule, trump: int) -> DealTables:
    first, second = follow_masks(trump, rule.follow)
    voids = tuple(void_mask(led, played, trump, rule.follow) for led in range(4) for played in range(4))
    narrow = rule.constraint.bits if isinstance(rule.constraint, BitConstraint) else None
    return DealTables(rule, SUITS[trump] if trump >= 0 else None, True, first, second, voids,
                      tuple(strength_table(trump, led) for led in range(4)), trump, narrow)


def deal_tables(rule: PlayRule, trump: Suit | None) -> DealTables:
    """The tables of a deal's play under ``rule`` with ``trump`` trumps (cached for the
    rules that run on bit sets)."""
    t = trump.index if trump is not None else -1
    if rule.strength is None and (rule.plain or (not rule.head and rule.suit_of is None
                                                 and isinstance(rule.constraint, BitConstraint))):
        return _fast_tables(rule, t)
    voids = tuple(void_mask(led, played, t, rule.follow) for led in range(4) for played in range(4))
    return DealTables(rule, trump, False, (), (), voids, ())


class TrickRules(NamedTuple):
    """The rule ids trick play names: the follow rule (its refusals), a card not in the
    hand, the trick's winner (the log of each trick), and the form of a play."""

    follow: str
    hand: str
    winner: str
    form: str


class TrickTable:
    """The deal's trick state, mixed into a partie that plays tricks.

    Each hand is kept as a bit set of card indexes (``_bits``) and as its play actions in
    index order (``_acts``); :meth:`start_tricks` makes them from :meth:`hand_cards` when
    the play begins.  A game says how many tricks a deal has (``tricks_per_deal``) and what
    follows a trick (:meth:`trick_taken`) and the last (:meth:`tricks_done`).
    """

    trump: Suit
    trick: list[Card]
    leader: int
    tricks_won: list[int]
    tricks_played: int
    voids: list[int]
    """Per seat, the suits (bit i: suit index i) it has shown it lacks."""
    last_trick: tuple[int, list[Card], int, tuple[int, ...]] | None
    """The last trick taken: leader, cards, winner, and the seats in playing order."""
    _to_act: int | None
    _bits: list[int]
    _acts: list[list[Action]]
    _tables: DealTables
    _allowed: int
    _led: int
    _trick_strengths: tuple[int, ...]
    _winning_strength: int
    _winning_seat: int
    _playing: int
    history: list[tuple[int, Action]]
    num_players: int

    tricks_per_deal: int = 0
    _next_in_trick: tuple[int, ...] = ()
    """Each seat's next in the trick (set when the play begins)."""
    _orders: dict[int, tuple[int, ...]] = {}
    """The seats of a trick in playing order, by its leader (set when the play begins)."""
    keeps_bits: bool = False
    """The game keeps each hand as ``_bits`` and ``_acts`` alone, from the deal on (Ruffe);
    else they are made from :meth:`hand_cards` when the play begins, and the game is told of
    each card played (:meth:`card_left_hand`)."""

    def trick_rule(self) -> PlayRule:
        """The follow rule of the deal (its trump is ``self.trump``)."""
        raise NotImplementedError

    def hand_cards(self, seat: int) -> list[Card]:
        """The cards of ``seat``'s hand, in index order."""
        raise NotImplementedError

    def card_left_hand(self, seat: int, card: Card, i: int) -> None:
        """``card``, at place ``i`` of the hand, has been played (a game keeping the hand
        as cards too removes it there)."""

    def play_refusal(self, refusal: IllegalActionError, seat: int, action: Action, card: Card,
                     legal: list[Card]) -> IllegalActionError:
        """The refusal of ``card`` (not among ``legal``), in a game's words where its own
        rule forbids it (Рамс's trump ace, Памфил's pamphil); else ``refusal``."""
        return refusal

    def any_time(self, card: Card) -> bool:
        """A card that may be played whatever was led, showing no void (Памфил's wild pamphil)."""
        return False

    def trick_taken(self, winner: int, trick: list[Card]) -> None:
        """After ``winner`` took ``trick`` (a game's bookkeeping of the cards won)."""

    def tricks_done(self) -> None:
        """After the deal's last trick: the count, the next deal."""
        raise NotImplementedError

    def start_tricks(self, leader: int, seats: list[int]) -> None:
        """The play begins: ``seats`` (in turn order) play, ``leader`` leads."""
        self._tables = deal_tables(self.trick_rule(), self.trump)
        nxt = list(range(self.num_players))
        for i, s in enumerate(seats):
            nxt[s] = seats[(i + 1) % len(seats)]
        self._next_in_trick = tuple(nxt)
        self._orders = {s: tuple(seats[(i + k) % len(seats)] for k in range(len(seats)))
                        for i, s in enumerate(seats)}
        self._playing = len(seats)
        self.trick = []
        self.leader = leader
        self._to_act = leader
        self._led = -1
        self._trick_strengths = ()
        self._winning_strength, self._winning_seat = 0, -1
        if not self.keeps_bits:
            self.sync_hands()
        self._allowed = self.allowed_bits(leader)

    def sync_hands(self) -> None:
        """Make the bit sets and play actions of the hands from :meth:`hand_cards`."""
        players = self.num_players
        self._acts = [[PLAY_BY_INDEX[c.index] for c in self.hand_cards(s)] for s in range(players)]
        self._bits = [card_bits(self.hand_cards(s)) for s in range(players)]

    def allowed_bits(self, seat: int) -> int:
        """The cards ``seat`` may play to the trick as it stands, as a bit set."""
        tables = self._tables
        bits = self._bits[seat]
        if tables.fast:
            if not self.trick:
                allowed = bits
            else:
                led = self._led
                allowed = bits & tables.first[led] or bits & tables.second[led] or bits
            narrow = tables.narrow
            return allowed if narrow is None else narrow(allowed, self.trick, tables.trump_index)
        return card_bits(legal_plays(self.hand_cards(seat), self.trick, self.trump, tables.rule))

    def take_card(self, seat: int, card: Card) -> Action:
        """Take ``card`` out of ``seat``'s hand; its (interned) play action."""
        bit = _BIT[card.index]
        bits = self._bits[seat]
        self._bits[seat] = bits ^ bit
        i = (bits & (bit - 1)).bit_count()  # the card's place in the hand, kept in index order
        act = self._acts[seat].pop(i)
        self.card_left_hand(seat, card, i)
        return act

    def trick_seats(self) -> list[int]:
        """Who played each card of the trick so far, the leader first."""
        seats = [self.leader]
        nxt = self._next_in_trick
        for _ in range(len(self.trick) - 1):
            seats.append(nxt[seats[-1]])
        return seats

    def effective_suit(self, card: Card) -> Suit:
        """A card's suit as the follow rule sees it (a game's ``suit_of`` hook): the deal's
        rule (:meth:`trick_rule`), so also before the play, once the trump is known (a
        bot's advice in the bidding, a copy's hidden hands)."""
        suit_of = self.trick_rule().suit_of
        return suit_of(card, self.trump) if suit_of is not None else card.suit

    def last_trick_json(self) -> LastTrick | None:
        """The last trick taken, for a view: its cards by seat, its leader and winner."""
        if self.last_trick is None:
            return None
        leader, cards, winner, seats = self.last_trick
        return {"cards": [{"seat": s, "card": c._text} for s, c in zip(seats, cards)],
                "leader": leader, "winner": winner}

    def trick_view(self) -> TrickKeys:
        """Trick play's part of the view: the trick, its leader, the last trick taken, the
        tricks each seat has taken this deal, how many are played and how many the deal has."""
        return {
            "trick": [{"seat": s, "card": c._text} for s, c in zip(self.trick_seats(), self.trick)],
            "leader": self.leader,
            "last_trick": self.last_trick_json(),
            "tricks": list(self.tricks_won),
            "tricks_played": self.tricks_played,
            "tricks_per_deal": self.tricks_per_deal,
        }


class ListHands:
    """The trick table's hooks for a game that keeps each hand as a list of cards in index
    order (``hands``), the cards every player knows a hand holds (``known``) and the cards
    played this deal (``played``): the loo family, Piquet.  Mixed in before
    :class:`TrickTable`."""

    hands: list[list[Card]]
    known: dict[Card, int]
    played: list[Card]

    def hand_cards(self, seat: int) -> list[Card]:
        return self.hands[seat]

    def card_left_hand(self, seat: int, card: Card, i: int) -> None:
        hand = self.hands[seat]
        if i < len(hand) and hand[i] is card:  # (a hand in index order: the card's place is known)
            del hand[i]
        else:
            hand.remove(card)
        self.known.pop(card, None)
        self.played.append(card)


class TrickPlay(Phase[S]):
    """Trick play: the seat to act plays a card the follow rule allows; the trick's
    winner takes it and leads the next; after the deal's last trick the game counts.

    ``rules``: the rule ids it names (:class:`TrickRules`, names the game declares
    allowed); ``advice``: the game's heuristic, ``(state, seat, cards) -> Action``.
    """

    kind = "trick"
    by_identity = False  # (a card is checked against the allowed bits: no list kept)

    def __init__(self, rules: TrickRules, text: str, cases: Mapping[str, tuple[str, str]] | None = None,
                 advice: Callable[[S, int, list[Card]], Action] | None = None) -> None:
        super().__init__(rules.follow, text, cases)
        self.rules = rules
        self._advice = advice
        self._resolved: dict[tuple[type, str], str] = {}

    def _rule(self, state: Partie, name: str) -> str:
        """A rule of :attr:`rules` as an id (a name the game declares resolved, once per game)."""
        key = (type(state), name)
        rule = self._resolved.get(key)
        if rule is None:
            rule = getattr(self.rules, name)
            rule = self._resolved[key] = rule if "." in rule else state.partie_rule(rule) or rule
        return rule

    def legal(self, state: S, seat: int) -> list[Action]:
        table: TrickTable = state  # type: ignore[assignment]
        # the whole hand, one run of it (a suit, or the suit led and trumps when adjacent), or the
        # cards picked out
        allowed = table._allowed
        acts = table._acts[seat]
        bits = table._bits[seat]
        if allowed == bits:
            return acts[:]
        lo = (bits & ((allowed & -allowed) - 1)).bit_count()  # the seat's cards below the lowest allowed
        n = allowed.bit_count()
        if (bits & ((1 << allowed.bit_length()) - 1)).bit_count() - lo == n:
            return acts[lo:lo + n]
        return [a for a in acts if allowed & _BIT[a.card.index]]  # type: ignore[union-attr]

    def apply(self, state: S, seat: int, action: Action) -> None:
        table: TrickTable = state  # type: ignore[assignment]
        card = action.card
        if action.kind != "play" or card is None or action.value is not None:
            raise self.refuse_form(state, seat, action)
        bit = _BIT[card.index]
        if not table._allowed & bit:
            raise self.refuse_card(state, seat, action, card)
        # the card leaves the hand (take_card, inlined: this is the hot path)
        hand_bits = table._bits
        bits = hand_bits[seat]
        hand_bits[seat] = bits ^ bit
        i = (bits & (bit - 1)).bit_count()  # the card's place in the hand, kept in index order
        table.history.append((seat, table._acts[seat].pop(i)))
        if not table.keeps_bits:
            table.card_left_hand(seat, card, i)
        # ... and falls to the trick
        trick = table.trick
        tables = table._tables
        if tables.fast:
            if trick:
                led = table._led
                if card.suit_index != led:  # the seat shows suits it lacks (for determinize)
                    table.voids[seat] |= tables.voids[led * 4 + card.suit_index]
                strength = table._trick_strengths[card.index]
                if strength > table._winning_strength:  # the trick's winner so far
                    table._winning_strength, table._winning_seat = strength, seat
            else:
                led = table._led = card.suit_index
                strengths = table._trick_strengths = tables.strengths[led]
                table._winning_strength, table._winning_seat = strengths[card.index], seat
        elif trick:
            if not table.any_time(card):
                led, mine = table._led, table.effective_suit(card).index
                table.voids[seat] |= tables.voids[led * 4 + mine]
        else:
            table._led = table.effective_suit(card).index
        trick.append(card)
        if len(trick) < table._playing:
            seat = table._to_act = table._next_in_trick[seat]
            if tables.fast:  # allowed_bits, inlined (hot path)
                bits = table._bits[seat]
                led = table._led
                allowed = bits & tables.first[led] or bits & tables.second[led] or bits  # (the follow rule)
                narrow = tables.narrow
                table._allowed = allowed if narrow is None else narrow(allowed, trick, tables.trump_index)
            else:
                table._allowed = table.allowed_bits(seat)
        else:
            self.finish(table)

    def refuse_form(self, state: S, seat: int, action: Action) -> IllegalActionError:
        """The refusal of an action that is not ``play <card>`` (a game names its own rule for
        a call of another phase made now)."""
        return IllegalActionError(self._rule(state, "form"), action,
                                  Text("the tricks are being played: the only action is 'play <card>'"), seat)

    def finish(self, table: TrickTable) -> None:
        """The highest trump, else the highest card of the suit led (or what the game's
        strength hook says), takes the trick; its winner leads the next."""
        trick = table.trick
        leader = table.leader
        seats = table._orders[leader]
        tables = table._tables
        if tables.fast:  # kept as the cards fell: the earlier card on equal strength
            winner = table._winning_seat
        else:
            winner = seats[trick_winner(trick, tables.trump, tables.rule.strength)]
        table.tricks_won[winner] += 1
        table.tricks_played = number = table.tricks_played + 1
        table.last_trick = (leader, trick, winner, seats)
        state: Partie = table  # type: ignore[assignment]
        state.say(self._rule(state, "winner"), winner, N_("Trick {}: {} (led by seat {}); seat {} takes it."),
                  number, trick, leader, winner)
        table.trick = []
        table.leader = winner
        table.trick_taken(winner, trick)
        if number < table.tricks_per_deal:
            table._to_act = winner
            table._led = -1
            table._allowed = table.allowed_bits(winner)
            return
        table.tricks_done()

    def refuse_card(self, state: S, seat: int, action: Action, card: Card) -> IllegalActionError:
        """Why ``card`` may not be played: not in the hand, or the follow rule (the suit
        led, else a trump), naming the cards that may be played."""
        table: TrickTable = state  # type: ignore[assignment]
        if not table._bits[seat] & _BIT[card.index]:
            return IllegalActionError(self._rule(state, "hand"), action, Text("{} is not in seat {}'s hand", card, seat),
                                      seat)
        legal = [a.card for a in self.legal(state, seat) if a.card is not None]
        cards = format_cards(legal, symbols=True)
        rule = self._rule(state, "follow")
        reason: Text
        if not table.trick:
            reason = Text("seat {} must lead {}", seat, cards)
        else:
            led = table.effective_suit(table.trick[0])
            trump = table.trump
            if table._tables.rule.follow == SUIT_OR_TRUMP:
                reason = Text("must follow suit ({}) or trump ({}): {}", led.words, trump.words, cards)
            elif any(table.effective_suit(c) is led for c in legal):
                reason = Text("must follow suit ({} were led): {}", led.words, cards)
            else:
                reason = Text("cannot follow {}, so must trump ({}): {}", led.words, trump.words, cards)
        return table.play_refusal(IllegalActionError(rule, action, reason, seat), seat, action, card, legal)

    def advice(self, state: S, seat: int, legal: list[Action]) -> Action:
        if self._advice is None:
            return legal[0]
        return self._advice(state, seat, [a.card for a in legal if a.card is not None])

    def fields(self, state: S) -> dict[str, Any]:
        table: TrickTable = state  # type: ignore[assignment]
        case = "follow" if table.trick else "lead" if table.tricks_played == 0 else "next_lead"
        return {"trick": table.tricks_played + 1, "leader": table.leader, "case": case}
