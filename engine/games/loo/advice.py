"""A sensible loo player (the heuristic bot's advice), shared by the four games: a mixin
of :class:`~engine.games.loo.state.LooState`, whose hooks a game overrides where it values cards
or tricks otherwise (Мушка's ace of spades and its record, Памфил's pamphil, Рамс's aces,
Петух's boys).

A sensible move: pass a hand unlikely to take a trick when passing is allowed and a blank
is costly, buy to replace the cards that cannot take tricks, keep trumps, aces and kings;
in play take tricks cheaply while they are wanted, and throw low otherwise.
"""

from __future__ import annotations

from engine.cards import Card
from engine.game import Action
from engine.games.loo.rules import PLAY, TRICKS_PER_DEAL
from engine.phases import TrickTable
from engine.tricks import trick_winner

__all__ = ["LooAdvice"]


class LooAdvice(TrickTable):
    """The heuristic player's advice at a loo table (mixed into :class:`~engine.games.loo.state.LooState`):
    what a card, a hand and a blank are worth, and a bid, a discard and a card to play."""

    hands: list[list[Card]]
    stock: list[Card]
    pending: list[Card]
    active: list[int]
    _phase: str

    def card_worth(self, card: Card) -> float:
        """Roughly how likely ``card`` is to take a trick at this table."""
        others = max(1, len(self.active) - 1 if self._phase == PLAY else self.num_players - 1)
        r = card.rank_value
        if self.effective_suit(card) is self.trump:
            return min(1.0, 0.25 + (r - 6) * 0.09) if r < 14 else 1.0
        if r == 14:
            return max(0.25, 0.85 - 0.1 * others)
        if r == 13:
            return max(0.1, 0.5 - 0.1 * others)
        return 0.0

    def keep_card(self, seat: int, card: Card) -> bool:
        """Whether a buyer keeps ``card``: trumps, aces, kings, and what the game values."""
        return self.effective_suit(card) is self.trump or card.rank_value >= 13

    def hand_worth(self, seat: int) -> float:
        return sum(self.card_worth(c) for c in self.hands[seat])

    def no_trick_cost(self, seat: int) -> int:
        """What taking no trick would cost ``seat`` (the penalty written up)."""
        return 5

    def tricks_wanted(self, seat: int) -> int:
        """How many tricks ``seat`` wants this deal (Мушка: no more than its record)."""
        return TRICKS_PER_DEAL

    def bid_advice(self, seat: int, kinds: set[str]) -> Action:
        worth = self.hand_worth(seat)
        weak = [c for c in self.hands[seat] if not self.keep_card(seat, c)]
        cost = self.no_trick_cost(seat)
        if "pass" in kinds and cost > 0 and worth < 0.55 and (len(weak) < 3 or worth < 0.2):
            return Action("pass")
        if "buy" in kinds and weak and (worth < 2.5 or len(weak) >= 2):
            return Action("buy")
        return Action("stand")

    def discard_advice(self, seat: int) -> Action:
        hand = self.hands[seat]
        weak = sorted((c for c in hand if not self.keep_card(seat, c)), key=lambda c: self.card_worth(c))
        room = len(self.stock) - len(self.pending)
        if weak and room > 0:
            return Action("discard", weak[0])
        if self.pending:
            return Action("draw", value=len(self.pending))
        return Action("discard", min(hand, key=self.card_worth))

    def play_advice(self, seat: int, cards: list[Card]) -> Action:
        trump = self.trump
        strength = self.trick_rule().strength
        want = self.tricks_won[seat] < self.tricks_wanted(seat)

        def cheap(c: Card) -> tuple[int, int]:
            return (1 if self.effective_suit(c) is trump else 0, c.rank_value)

        if not self.trick:
            if not want:
                return Action("play", min(cards, key=cheap))
            best = max(cards, key=lambda c: (self.card_worth(c), c.rank_value))
            if self.card_worth(best) >= 0.5:
                return Action("play", best)
            return Action("play", min(cards, key=cheap))
        position = len(self.trick)
        last = position == len(self.active) - 1

        def wins(c: Card) -> bool:
            trial = self.trick + [c]
            return trick_winner(trial, trump, strength) == position

        winning = [c for c in cards if wins(c)]
        if want and winning:
            if last or all(self.effective_suit(c) is trump for c in winning):
                return Action("play", min(winning, key=cheap))
            return Action("play", max(winning, key=lambda c: c.rank_value))
        losing = [c for c in cards if c not in winning] or cards
        return Action("play", min(losing, key=cheap) if want else max(losing, key=cheap))
