"""Ruffe and Trumps, after the Russian retelling of Willughby's *Book of Games*.

A deal follows the text's order: cards dealt four at a time, the rest (or
its top four) is the *head*, whose top card is turned for trumps; each
player in turn announces his *ruff* (his best suit counted: pips at face
value, courts 10, ace 11, the turned card added to the trump suit) and the
best ruff scores 12; the holder of the trump ace (the dealer, if the ace was
turned) takes the head and discards four; *after this* the ruff's winner
proves it by showing the suit he counted; the tricks are played, first lead
from the dealer's left; each side then counts its cards above those dealt.
Game to 52 (40, 36 in the smaller configurations).

Every rule of ``engine/catalogue/ruffe-and-trumps.toml`` is implemented
under ``@implements`` with its id, here (the state) or in
:mod:`engine.games.ruffe.rules` (the pure rule functions, found there by
the rule registry); each contested rule is an option of :class:`RuffeRules` whose
values are the catalogue's reading ids, and whose field holds what the reading means.  Beside the state: its phases
(:mod:`engine.games.ruffe.phases`), the sensible player's advice
(:mod:`engine.games.ruffe.advice`) and its part of the table's view and the
deal summaries (:mod:`engine.games.ruffe.view`).

>>> from engine.games.ruffe.state import SPEC
>>> state = SPEC.new_game(seed=1)
>>> state.phase, state.current_player(), len(state.view(0)["hands"][0])
('ruff', 0, 12)
"""

from __future__ import annotations

import random
from collections.abc import Iterable
from operator import itemgetter
from typing import Any

from engine.view_types import Contest, HiddenHand, Pile, SeatCount, Show, View
from engine.cards import ALL_CARDS, Card, Rank, Suit
from engine.game import Action, GameSpec
from engine.games.ruffe.rules import (
    _BIT,
    DealConfig,
    GAME_ID,
    HEAD,
    _INDEX,
    PLAY,
    RUFF,
    RUFF_POINTS,
    RuffeRules,
    _IN_SUIT,
    _announcement,
    best_ruff,
    _best_ruff_bits,
    _cards_of,
    count_points,
    _count_points,
    deal_config,
    game_winner,
    _head_rule,
    head_taker,
    _packets,
    ruff_value,
    ruff_winners,
    _suit_run,
)
from engine.determinize import Hidden
from engine.games.ruffe import view as ruffe_view
from engine.games.ruffe.phases import FLOW, PHASES, RUFF_DIALOGUE
from engine.i18n import N_, Text, ngettext
from engine.partie import Partie
from engine.phases import TrickTable
from engine.phases.trick import PLAY_BY_INDEX as _PLAY_BY_INDEX
from engine.rules import implements
from engine.tricks import PlayRule, card_bits

__all__ = ["RuffeState", "SPEC"]

_Counted = tuple[int, int, Suit, Card, int | None, tuple[int, ...], tuple[int, ...], tuple[int, ...],
                 tuple[int, list[Card], int, tuple[int, ...]] | None, tuple[tuple[int, Suit, int], ...], tuple[int, ...], str | None, int]
"""A deal at its count: number, dealer, trump, turned card, head-taker, cards and tricks won
per seat, points per side, the last trick, the ruffs announced, the ruff's winner, the
rule the head went by and the number of discards."""

_REACHED = (N_("{} reached {} of {} after {} deal"), "{} reached {} of {} after {} deals")
"""The end of the game (its reason): the side, its total, the target, and the deals played."""


class RuffeState(TrickTable, Partie):
    """A whole game of Ruffe and Trumps, deal after deal, to the target.

    The phases of a deal, in the text's order: ``ruff`` (each player in turn
    from the dealer's left announces his best ruff; the best scores 12),
    ``head`` (the taker adds the head and discards four, one card an action),
    then the proof of the ruff (automatic, no action), then ``play`` (the
    tricks); the count and the next deal follow the last trick.

    >>> s = SPEC.new_game({"players": 3}, seed=5)
    >>> s.num_players, s.config.target, [len(h) for h in s.hands]
    (3, 40, [16, 16, 16])
    """

    game_id = GAME_ID
    variant: RuffeRules
    params: RuffeRules
    """The rules (the variant itself), under the name the rule code reads them by."""
    keeps_bits = True  # each hand is kept as a bit set and its play actions from the deal on

    PARTIE_RULES = {"deck": "ruffe-and-trumps.deck.full", "first_dealer": "ruffe-and-trumps.deal.first-dealer",
                    "rotation": "ruffe-and-trumps.deal.rotation", "end": "ruffe-and-trumps.game.end",
                    "target": "ruffe-and-trumps.game.target"}

    FLOW = FLOW  # the ruff, the head, the play (:mod:`engine.games.ruffe.phases`)
    PHASES = PHASES

    def __init__(self, variant: RuffeRules, seed: int = 0, decks: Iterable[Iterable[str | Card]] | None = None,
                 first_dealer: int | None = None) -> None:
        variant.check()  # (rules altered behind their validation are refused, never played)
        self.params = params = variant  # (the rules, under the name the rule code reads them by)
        assert params.play.plain  # Ruffe's follow readings have no heading and no constraint
        self.config, self.rule, self._sides, self._side_of = params.config, params.play, params.sides, params.side_of
        self._next_seat, self._count_texts = params.next_seat, params.count_texts
        self.tricks_per_deal = self.config.tricks
        self._counted: list[_Counted] = []  # each deal at its count: what ``deal_summary``
        # tells (tuples, never changed, so a clone shares them)
        super().__init__(variant, seed, decks, first_dealer)

    # ----- setup -----------------------------------------------------------
    @implements("ruffe-and-trumps.deck.full")
    def make_pack(self) -> list[Card]:
        """The full pack of 52 (shuffled in card-index order)."""
        return list(ALL_CARDS)

    @implements("ruffe-and-trumps.deal.first-dealer")
    def default_first_dealer(self) -> int:
        """The last seat deals first, so seat 0 is eldest (real play cuts for it);
        a record, or one deal replayed under another reading, may name another seat."""
        return self.num_players - 1

    @implements("ruffe-and-trumps.deal.rotation")
    def next_dealer(self) -> int:
        """The deal passes to the left: the next seat."""
        return (self.dealer + 1) % self.num_players

    def deal(self, cards: list[Card]) -> None:
        self._deal([c.index for c in cards])
        self._begin_deal()

    @implements("ruffe-and-trumps.deal.packets", "ruffe-and-trumps.deal.head", "ruffe-and-trumps.deal.trump")
    def _deal(self, deck: list[int]) -> None:
        """Four cards at a time to each player from the dealer's left; the next
        four are the head (the rest, in a short deal, set aside); the head's
        top card is turned and its suit is trumps.  (``deck``: card indexes.)"""
        n, config = self.num_players, self.config
        first = (self.dealer + 1) % n
        # each hand as its play actions in deck order, and as a bit set (``hands`` reads the cards)
        acts: list[list[Action]] = [[]] * n  # (each seat's list is replaced below)
        bits = [0] * n
        self._acts, self._bits = acts, bits
        for i, packets in enumerate(_packets(n, config.hand_size)):  # the i-th player from the dealer's left
            seat = (first + i) % n
            dealt = itemgetter(*sorted(packets(deck)))  # (itemgetter: the fastest way to look up many indexes)
            acts[seat] = list(dealt(_PLAY_BY_INDEX))
            bits[seat] = sum(dealt(_BIT))
        pos = n * config.hand_size
        self.head = [ALL_CARDS[i] for i in deck[pos:pos + config.head]]
        self.aside = [ALL_CARDS[i] for i in deck[pos + config.head:]]
        self.turned = turned = self.head[0]
        self.trump = turned.suit
        self._trump_index = turned.suit_index

    def _begin_deal(self) -> None:
        k = self.deal_number - 1
        n = self.num_players
        self._say("ruffe-and-trumps.deal.trump", None,
                  N_("Deal {}: seat {} deals {} cards each, four at a time; the head's top card {} is turned: {} are trumps."),
                  k + 1, self.dealer, self.config.hand_size, self.turned._symbol, self.trump.words)
        trump, with_turned = self._trump_index, RUFF_POINTS[self.turned.index]  # the turned card is a trump
        self._ruffs = [_best_ruff_bits(b, trump, with_turned) for b in self._bits]
        self.announcements: list[tuple[int, Suit, int]] = []
        self.ruff_winners_: list[int] = []
        self._ruff_cards: list[Card] = []  # the winner's counted suit as he announced it, shown at the proof
        self.proofs: list[dict[str, Any]] = []
        self.head_taker_: int | None = None
        self.head_rule: str | None = None
        self.head_taken = False
        self.head_cards: list[Card] = []
        self.discards: list[Card] = []
        self.trick: list[Card] = []
        self.leader = (self.dealer + 1) % n
        self.last_trick = None
        self.won = [0] * n
        self.tricks_won = [0] * n
        self.tricks_played = 0
        self.voids = [0] * n  # bit i: suit with index i shown void
        self._allowed = 0  # in play: the cards the seat to act may play, as a bit set (TrickTable)
        self.enter(RUFF)
        RUFF_DIALOGUE.open(self, [(self.dealer + 1 + i) % n for i in range(n)])

    # ----- GameState interface (phase, current_player, is_over, outcome: the base's) ----
    def sides(self) -> list[list[int]]:
        return [list(s) for s in self._sides]

    def side_of(self, seat: int) -> int:
        return self._side_of[seat]

    @property
    def hands(self) -> list[list[Card]]:
        """Each seat's cards, in deck order (fresh lists, built when read: the
        state keeps a hand as its actions and as a bit set)."""
        return [_cards_of(acts) for acts in self._acts]

    @property
    def target(self) -> int:
        return self.config.target

    # ----- ruff ------------------------------------------------------------
    @implements("ruffe-and-trumps.ruff.announce")
    def announce(self, seat: int, suit: Suit, value: int) -> None:
        """Each player in turn from the dealer's left announces his best ruff
        (its value; the suit stays his own until the proof)."""
        self.history.append((seat, _announcement(value)))
        self.announcements.append((seat, suit, value))
        self._say("ruffe-and-trumps.ruff.announce", seat, N_("Seat {} announces a ruff of {}."), seat, value)

    @implements("ruffe-and-trumps.ruff.award")
    def award_ruff(self) -> None:
        """The best ruff scores 12 for its side as soon as all have announced;
        the suit it was counted in is noted, as it stands, for the proof."""
        values = [0] * self.num_players
        for seat, _suit, value in self.announcements:
            values[seat] = value
        tie_break = self.params.tie_break
        winners = ruff_winners(values, self.dealer, tie_break, self._sides)
        self.ruff_winners_ = winners
        best = max(values)
        if values.count(best) > 1:
            tied = [s for s in range(self.num_players) if values[s] == best]
            self._say("ruffe-and-trumps.ruff.tie", None, N_("Seats {} tie at {}; {}."),
                      ", ".join(map(str, tied)), best,
                      Text(tie_break.to_seat, winners[0]) if winners else Text(tie_break.to_nobody))
        if winners:
            seat = winners[0]
            self._ruff_cards = _cards_of(_suit_run(self._acts[seat], self._bits[seat], self._ruffs[seat][0]))
            self._score(self._side_of[seat], 12, "ruffe-and-trumps.ruff.award", Text("Ruff: {}, seat {}", best, seat),
                        seat)

    @implements("ruffe-and-trumps.ruff.proof")
    def _prove_ruff(self) -> None:
        """After the head is taken and the discards made, the ruff's winner
        shows the suit he counted, as it stood when he announced it (with the
        turned card when it is trumps); cards of it he has laid out since are
        shown from his discards."""
        for seat in self.ruff_winners_:
            suit = self._ruffs[seat][0]
            counted = self._ruff_cards
            in_hand = self._bits[seat]
            laid_out = [c for c in counted if not in_hand >> c.index & 1]  # (only the head's taker discards)
            with_turned = suit is self.trump
            self.proofs.append({
                "seat": seat, "suit": suit.value, "value": self._ruffs[seat][1],
                "cards": [c._text for c in counted], "from_discards": [c._text for c in laid_out],
                "turned": self.turned._text if with_turned else None,
            })
            self._say("ruffe-and-trumps.ruff.proof", seat, N_("Seat {} shows {}{}{}: a ruff of {} {}."),
                      seat, counted,
                      Text(" with the turned {}", self.turned._symbol) if with_turned else "",
                      Text(" ({} from his discards)", tuple(laid_out)) if laid_out else "",
                      self._ruffs[seat][1], Text(_IN_SUIT[suit.index]))

    def ruff_of(self, seat: int) -> tuple[Suit, int]:
        """``seat``'s best ruff this deal: its suit (his own until the proof) and its value."""
        return self._ruffs[seat]

    # ----- head ------------------------------------------------------------
    def start_head(self) -> None:
        ace = self._trump_index * 13  # the trump ace's index (it heads its suit)
        holder = next((seat for seat, bits in enumerate(self._bits) if bits >> ace & 1), None)
        taker, rule = _head_rule(holder, self.dealer, self.turned.index == ace, self.params.dealer_takes_unheld_head)
        self.head_taker_ = taker
        self.head_rule = rule
        if taker is None:
            self._say(rule, None, N_("Nobody holds the trump ace: the head ({} cards) is set aside untaken."),
                      len(self.head))
            self._prove_ruff()
            self._start_play()
            return
        if rule == "ruffe-and-trumps.head.ace-holder":
            why = Text("seat {} holds the ace of trumps", taker)
        elif rule == "ruffe-and-trumps.head.turned-ace":
            why = Text("the turned card is the ace of trumps, so the dealer")
        else:
            why = Text("no player holds the ace of trumps, so the dealer")
        self._say(rule, taker, N_("The head goes to seat {}: {}; he adds its {} cards and discards four."),
                  taker, why, len(self.head))
        self.head_taken = True
        self.head_cards, self.head = self.head, []
        hand = _cards_of(self._acts[taker]) + self.head_cards
        hand.sort(key=_INDEX)
        self._bits[taker] |= card_bits(self.head_cards)
        self._acts[taker] = [_PLAY_BY_INDEX[c.index] for c in hand]
        self.enter(HEAD)
        self._to_act = taker

    @implements("ruffe-and-trumps.head.discard")
    def discarded(self) -> None:
        """The head-taker has discarded four cards, one at a time, face down; then the
        ruff is proved and the play begins."""
        self._say("ruffe-and-trumps.head.discard", self.head_taker_, N_("Seat {} has discarded four cards."),
                  self.head_taker_)
        self._prove_ruff()
        self._start_play()

    # ----- play ------------------------------------------------------------
    @implements("ruffe-and-trumps.play.first-lead")
    def _start_play(self) -> None:
        """The player on the dealer's left leads to the first trick."""
        self.enter(PLAY)
        self.start_tricks((self.dealer + 1) % self.num_players, list(range(self.num_players)))

    @implements("ruffe-and-trumps.play.trick-winner", "ruffe-and-trumps.play.next-lead",
                "ruffe-and-trumps.play.all-cards")
    def trick_taken(self, winner: int, trick: list[Card]) -> None:
        """The highest trump, else the highest card of the suit led, takes the
        trick (trick play's :class:`~engine.phases.TrickPlay`); its winner leads next;
        play goes on until every card is played.  Its cards are his."""
        self.won[winner] += len(trick)

    def tricks_done(self) -> None:
        self._count()

    def trick_rule(self) -> PlayRule:
        return self.rule

    def hand_cards(self, seat: int) -> list[Card]:
        return _cards_of(self._acts[seat])

    # ----- count and game end ----------------------------------------------
    @implements("ruffe-and-trumps.head.discards-count")
    def _cards_won(self) -> list[int]:
        """Cards won per seat; by the ``count`` reading of head_discards the
        head-taker's four discards count as cards he won."""
        won = list(self.won)
        if self.params.discards_count and self.head_taker_ is not None:
            won[self.head_taker_] += len(self.discards)
        return won

    def _count(self) -> None:
        params = self.params
        won = self._cards_won()
        points = _count_points(won, self.tricks_won, self._sides, params.count_tricks, params.baseline)
        counts = self.tricks_won if params.count_tricks else won
        for i, side in enumerate(self._sides):
            rule, template, dealt, partners = self._count_texts[i]
            self._score(i, points[i], rule, Text(template, sum([counts[s] for s in side]), dealt, partners=partners))
        self.ledger.close_deal()
        self._counted.append((self.deal_number, self.dealer, self.trump, self.turned, self.head_taker_, tuple(won),
                              tuple(self.tricks_won), tuple(points), self.last_trick,  # (the next deal starts new lists)
                              tuple(self.announcements), tuple(self.ruff_winners_), self.head_rule,
                              len(self.discards)))
        totals = self.totals()
        winner = game_winner(totals, self.config.target)
        if winner is not None:
            self._end(winner)
            return
        top = max(totals)
        if top >= self.config.target:
            self._say("ruffe-and-trumps.game.end", None, N_("Tie at the top ({}): another deal."), top)
        self.next_deal()

    def deal_summary(self, deal: int) -> dict[str, Any]:
        return ruffe_view.deal_summary(self, deal)

    def _end(self, side: int) -> None:
        seats = tuple(self._sides[side])
        who = Text("seats {}", Text("{} and {}", *seats)) if len(seats) > 1 else Text("seat {}", seats[0])
        n = self.deal_number
        reason = Text(_REACHED[0], who, self.totals()[side], self.config.target, n, plural=(_REACHED[1], n))
        self._say("ruffe-and-trumps.game.end", None, N_("Game: {}."), reason)
        self.end(seats, reason, "ruffe-and-trumps.game.end")

    def _score(self, side: int, points: int, rule: str, why: Text, seat: int | None = None) -> None:
        entry = self.score(side, points, rule, why, seat)
        self._say(rule, seat, N_("Side {} scores {}: {} (total {})."), side, points, why, entry.after)

    _say = Partie.say


    # ----- copies ------------------------------------------------------------
    def hidden_from(self, seat: int) -> Hidden:
        """What ``seat`` cannot see (other hands, the untaken head, the cards set aside,
        another player's discards) and what it knows: suits a player showed void, the
        ruff-winner's shown cards (in his hand, or in his discards when shown from them),
        the turned card, and the trump ace's whereabouts implied by who took the head.
        (The values announced for the ruff are not enforced on the redealt hands; before
        the proof the winner's suit in the copy is the best of his redealt cards.)"""
        n = self.num_players
        taker = self.head_taker_ if self.head_taken else None
        hands = self.hands
        hidden = Hidden()
        for p in range(n):
            if p != seat:
                hidden.voids[len(hidden.places)] = self.voids[p]
                hidden.add("hand", p, hands[p])
        if self.head:  # untaken head: its turned top card is public
            hidden.add("head", -1, [c for c in self.head if c is not self.turned])
        if self.aside:
            hidden.add("aside", -1, self.aside)
        if taker is not None and taker != seat and self.discards:
            hidden.add("discards", -1, self.discards)
        in_pool = {c for cards in hidden.cards for c in cards}

        def only(card: Card, places: list[tuple[str, int]]) -> None:
            allowed = [i for i in (hidden.index(*p) for p in places) if i is not None]
            if allowed:
                hidden.fixed[card] = allowed

        for proof in self.proofs:
            w = proof["seat"]
            if w == seat:
                continue
            laid_out = set(proof["from_discards"])
            for text in proof["cards"]:
                card = Card.parse(text)
                if card in in_pool:
                    only(card, [("discards", -1)] if text in laid_out else [("hand", w)])
        ace = Card(Rank.ACE, self.trump)
        if taker is not None and taker != seat:
            if self.turned in in_pool:
                only(self.turned, [("hand", taker), ("discards", -1)])
            if ace in in_pool and ace is not self.turned:
                if self.head_rule == "ruffe-and-trumps.head.ace-holder":
                    only(ace, [("hand", taker), ("discards", -1)])
                elif self.head_rule == "ruffe-and-trumps.head.no-holder":
                    only(ace, [("hand", taker), ("discards", -1), ("aside", -1)])
        elif self.head_rule == "ruffe-and-trumps.head.no-holder" and taker is None and self.head_taker_ is None \
                and self._phase != RUFF and ace in in_pool:
            only(ace, [("head", -1), ("aside", -1)])
        return hidden

    def place_hidden(self, seat: int, hidden: Hidden, cards: list[list[Card]], rng: random.Random) -> None:
        hands = self.hands
        taker = self.head_taker_ if self.head_taken else None
        for (kind, p), placed in zip(hidden.places, cards):
            if kind == "hand":
                placed.sort(key=_INDEX)
                hands[p] = placed
            elif kind == "head":
                self.head = [self.turned] + placed
            elif kind == "aside":
                self.aside = placed
            else:
                self.discards = placed
        self._acts = [[_PLAY_BY_INDEX[c.index] for c in hand] for hand in hands]
        self._bits = [card_bits(hand) for hand in hands]
        if self._phase == RUFF:
            self._ruffs = [best_ruff(h, self.trump, self.turned) if p != seat else self._ruffs[p]
                           for p, h in enumerate(hands)]
            # announcements already made stand as made
        elif self._phase == HEAD and self.ruff_winners_ and self.ruff_winners_[0] != seat:
            # the proof is still to come and its suit is hidden from seat: in the copy the ruff's
            # winner will show the best suit of his redealt cards
            w = self.ruff_winners_[0]
            held = hands[w] + (self.discards if w == taker else [])
            suit = best_ruff(held, self.trump, self.turned)[0]
            self._ruffs = self._ruffs[:]
            self._ruffs[w] = (suit, self._ruffs[w][1])
            self._ruff_cards = [c for c in held if c.suit is suit]
        if self._phase == PLAY and self._to_act is not None:
            self._allowed = self.allowed_bits(self._to_act)

    # ----- views -------------------------------------------------------------
    def prompt_fields(self) -> dict[str, Any]:
        left = 4 - len(self.discards)
        words = (ngettext("{} more card", "{} more cards", left) if self.discards
                 else ngettext("{} card", "{} cards", left)).format(left)
        return super().prompt_fields() | {"left": words}

    def view(self, seat: int | None) -> View:
        self.check_seat(seat)
        hands: list[list[str] | HiddenHand] = [[str(a.card) for a in acts] if seat is None or p == seat
                                               else {"count": len(acts)} for p, acts in enumerate(self._acts)]
        return {**self.view_header(seat), "trump": self.trump.value, "hands": hands, **self.trick_view(), "detail": {}}

    def contest_view(self, viewer: int | None) -> Contest | None:
        return ruffe_view.contest(self, viewer)

    def shows_view(self, viewer: int | None) -> list[Show]:
        return ruffe_view.shows(self)

    def piles_view(self, viewer: int | None) -> list[Pile]:
        return ruffe_view.piles(self, viewer)

    def seat_counts_view(self, viewer: int | None) -> list[list[SeatCount]]:
        return ruffe_view.seat_counts(self)

    def ledger_target(self) -> tuple[int | None, str | None]:
        return self.config.target, self.partie_rule("target")


SPEC = GameSpec(
    id=GAME_ID,
    name="Ruffe and Trumps",
    min_players=2,
    max_players=4,
    variant_class=RuffeRules,
    state_class=RuffeState,
    summary=("A seventeenth-century English trick-taking game: the best suit in hand (the ruff) scores 12, "
             "the holder of the trump ace takes the four-card head, and cards won above those dealt score; "
             "game to 52."),
    measures="engine.games.ruffe.measures:RuffeMeasures",
    examples="engine.games.ruffe.examples:RUNNERS",
    seen="engine.games.ruffe.seen:RuffeSeen",
    order=1,
    bench_players=4,
)
