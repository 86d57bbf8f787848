"""Bots: players the engine can seat at any table.

* ``random``: a legal move chosen at random (seeded, so a game replays exactly).
* ``heuristic``: a sensible player. It uses the game's own advice,
  ``state.heuristic_action(seat)``, when the game provides it, and otherwise a plain
  trick-taking heuristic (win cheaply, do not overtake a partner, throw low).
* ``sampling``: determinized Monte Carlo. For each move it deals the cards it cannot see
  at random in several ways (``state.determinize``), plays every candidate move out to the
  end of the deal with the heuristic player, and keeps the move whose deal score for its
  side is best on average. ``budget`` is the number of playouts per move; ``time_budget``, when
  given, the milliseconds a move may take besides (the playouts stop at whichever comes first:
  the table in the browser gives 200 ms, so that no move makes the reader wait over 300 ms on a
  slow machine; without one a seed gives the same moves on every machine). A game may
  narrow the candidates (``state.sampled_actions(seat, legal)``: Gleek weighs no raise
  beyond what the hand is worth, so that two sampling players' raising ends).

>>> from engine import games
>>> spec = games.get("ruffe-and-trumps")
>>> state = spec.new_game(spec.make_variant(), seed=3)
>>> bot = make_bot("random", seed=1)
>>> bot.choose(state, state.current_player()) in state.legal_actions()
True
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from .cards import Card, Suit
from .errors import EngineError, InvalidInputError, TurnError, brief
from .i18n import Text
from .limits import MAX_BUDGET, MAX_TIME_BUDGET
from .game import Action, GameState

BOT_KINDS = ("random", "heuristic", "sampling")
# Playouts per move of the sampling bot. Measured on Ruffe (a heuristic playout of a
# four-handed deal takes about 0.85 ms in CPython 3.11, 2.4 ms in Pyodide 314.0.7 under Node 20):
# 48 playouts make a move take 22-25 ms on average (at most ~60 ms) in CPython and
# 36-58 ms on average in Pyodide, the slowest move about 250 ms, under the 300 ms a
# browser player should wait.
DEFAULT_BUDGET = 48

Clock = Callable[[], float]
"""A monotonic clock in seconds (``time.perf_counter``; a test injects its own)."""


class Bot(Protocol):
    kind: str

    def choose(self, state: GameState, seat: int) -> Action: ...


Advice = Callable[[int], Action]
"""A game's advice, ``state.heuristic_action(seat)``: the move a sensible player makes
(the games that have one define it; :class:`HeuristicBot` asks for it)."""


def _check_turn(state: GameState, seat: int) -> list[Action]:
    if state.is_over():
        raise TurnError(seat, None)
    to_act = state.current_player()
    if to_act != seat:
        raise TurnError(seat, to_act, Text("seat {} cannot move: it is seat {}'s turn", seat, to_act))
    legal = state.legal_actions()
    if not legal:
        raise EngineError(Text("seat {} has no legal action in phase {}", seat, repr(state.phase)))
    return legal


class RandomBot:
    """Plays a uniformly random legal action."""

    kind = "random"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState, seat: int) -> Action:
        return self.rng.choice(_check_turn(state, seat))

    def __repr__(self) -> str:
        return "RandomBot()"


# --------------------------------------------------------------------------- generic trick play

def _beats(card: Card, best: Card, led: Suit, trump: Suit | None) -> bool:
    """Does ``card`` beat ``best`` (the trick's winning card so far)?"""
    if card.suit == best.suit:
        return card.rank.value > best.rank.value
    if trump is not None and card.suit == trump:
        return True
    return False


def _trick_winner(trick: list[tuple[int, Card]], trump: Suit | None) -> tuple[int, Card]:
    led = trick[0][1].suit
    seat, best = trick[0]
    for s, card in trick[1:]:
        if _beats(card, best, led, trump):
            seat, best = s, card
    return seat, best


def generic_trick_action(state: GameState, seat: int, legal: list[Action]) -> Action:
    """A plain trick-taking choice among ``legal`` card plays (any game).

    Leading: an ace of a side suit, else the lowest card of the longest side suit.
    Following: if a partner is winning, throw the lowest card; else win with the cheapest
    card that wins; else throw the lowest card, keeping trumps.
    """
    plays = [(a, a.card) for a in legal if a.card is not None]  # each card play with its card
    if not plays:
        return legal[0]
    view = state.view(seat)
    trump = Suit.parse(view["trump"]) if view["trump"] is not None else None
    trick = [(entry["seat"], Card.parse(entry["card"])) for entry in view.get("trick") or []]
    partners = next((set(side) for side in state.sides() if seat in side), {seat})

    def cheap(play: tuple[Action, Card]) -> tuple[int, int]:
        card = play[1]
        return (1 if card.suit == trump else 0, card.rank.value)

    if not trick:
        side_plays = [p for p in plays if p[1].suit != trump] or plays
        aces = [p for p in side_plays if p[1].rank.value == 14]
        if aces:
            return aces[0][0]
        length: dict[Suit, int] = {}
        for _, card in side_plays:
            length[card.suit] = length.get(card.suit, 0) + 1
        longest = max(length.values())
        return min((p for p in side_plays if length[p[1].suit] == longest), key=lambda p: p[1].rank.value)[0]
    winner_seat, best = _trick_winner(trick, trump)
    if winner_seat in partners:
        return min(plays, key=cheap)[0]
    led = trick[0][1].suit
    winners = [p for p in plays if _beats(p[1], best, led, trump)]
    if winners:
        return min(winners, key=cheap)[0]
    return min(plays, key=cheap)[0]


class HeuristicBot:
    """A sensible player: the game's own heuristic, else the generic trick heuristic."""

    kind = "heuristic"

    def __init__(self, seed: int | None = None) -> None:
        self.rng = random.Random(seed)

    def choose(self, state: GameState, seat: int) -> Action:
        legal = _check_turn(state, seat)
        if len(legal) == 1:
            return legal[0]
        advice: Advice | None = getattr(state, "heuristic_action", None)  # the game's own, where it has one
        if advice is not None:
            return advice(seat)
        if any(a.card is not None and a.kind == "play" for a in legal):
            return generic_trick_action(state, seat, legal)
        # No game advice for this phase: any legal action, seeded.
        return self.rng.choice(legal)

    def __repr__(self) -> str:
        return "HeuristicBot()"


# --------------------------------------------------------------------------- sampling

def _deal_index(state: GameState) -> int:
    return len(state.deals)


def playout_to_deal_end(state: GameState, policy: Bot, max_actions: int = 10_000) -> GameState:
    """Play ``state`` (in place) with ``policy`` for every seat until its deal is over."""
    deal = _deal_index(state)
    for _ in range(max_actions):
        if state.is_over() or _deal_index(state) != deal:
            return state
        seat = state.current_player()
        assert seat is not None  # a game not over has a seat to act (the steps without a decision run in apply)
        state.apply(policy.choose(state, seat))
    raise EngineError(Text("a playout did not finish its deal within {} actions", max_actions))


class SamplingBot:
    """Determinized Monte Carlo player (perfect-information sampling).

    ``budget`` playouts per move are spread evenly over the candidate moves; each
    playout uses a fresh determinization of the hidden cards and the heuristic player
    to the end of the deal. A phase may leave its decisions to the heuristic
    (``state.sampled()``: Piquet's exchange and declarations). A candidate's value is its side's points in the rest of the
    deal minus the best other side's (for games whose records are written down to nothing,
    ``state.lower_is_better``, points written off count as gains), averaged over its playouts.

    ``time_budget`` (milliseconds, optional) bounds a move by time as well: before each
    determinization and each playout the bot reads ``clock`` and stops when the next playout,
    taking as long as the move's playouts have taken on average so far, would end past the
    move's time, so that a move overruns it by little more than a playout's spread (not by
    a whole playout on a slow machine). The move is then the best on average
    among the candidates played out at least once (the heuristic's own move if time ran out
    before any). Without a time budget the moves depend on the seed alone. After each move
    ``last_playouts`` counts its playouts and ``last_timed_out`` says whether time stopped it.
    """

    kind = "sampling"

    def __init__(self, seed: int | None = None, budget: int | None = None, time_budget: int | None = None,
                 clock: Clock = time.perf_counter) -> None:
        self.budget = check_budget(budget) or DEFAULT_BUDGET
        self.time_budget = check_time_budget(time_budget)
        self.clock = clock
        self.rng = random.Random(seed)
        self.rollout = HeuristicBot(seed)
        self.last_playouts = 0
        self.last_timed_out = False

    def choose(self, state: GameState, seat: int) -> Action:
        started = None if self.time_budget is None else self.clock()
        deadline = None if started is None or self.time_budget is None else started + self.time_budget / 1000
        self.last_playouts, self.last_timed_out = 0, False
        legal = _check_turn(state, seat)
        narrow: Callable[[int, list[Action]], list[Action]] | None = getattr(state, "sampled_actions", None)
        if narrow is not None and len(legal) > 1:  # a game's bound on the moves worth weighing (Gleek's raises)
            legal = narrow(seat, legal)
        if len(legal) == 1:
            return legal[0]
        if not state.sampled():  # (a phase whose decisions the game's advice makes)
            return self.rollout.choose(state, seat)
        side = next(i for i, s in enumerate(state.sides()) if seat in s)
        before = list(state.totals())
        sign = -1 if getattr(state, "lower_is_better", False) else 1  # a record written down: lower is better
        worlds = max(1, self.budget // len(legal))
        value = [0.0] * len(legal)
        count = [0] * len(legal)

        def out_of_time() -> bool:
            if deadline is not None and started is not None and not self.last_timed_out:
                now = self.clock()
                expected = (now - started) / self.last_playouts if self.last_playouts else 0.0
                self.last_timed_out = now + expected >= deadline
            return self.last_timed_out

        for _ in range(worlds):
            if out_of_time():
                break
            world = state.determinize(seat, self.rng)
            for i, action in enumerate(legal):
                if out_of_time():
                    break
                trial = world.clone()
                trial.apply(action)
                playout_to_deal_end(trial, self.rollout)
                gains = [(after - b) * sign for after, b in zip(trial.totals(), before)]
                others = [g for j, g in enumerate(gains) if j != side]
                value[i] += gains[side] - (max(others) if others else 0)
                count[i] += 1
                self.last_playouts += 1
            if self.last_timed_out:
                break
        preferred = self.rollout.choose(state, seat)
        tried = [i for i in range(len(legal)) if count[i]]
        if not tried:  # no time for a single playout: the heuristic's move
            return preferred
        mean = {i: value[i] / count[i] for i in tried}
        best = max(mean.values())
        # Ties go to the heuristic's own choice when it is among the best.
        if preferred in legal and mean.get(legal.index(preferred)) == best:
            return preferred
        return legal[next(i for i in tried if mean[i] == best)]

    def __repr__(self) -> str:
        limit = "" if self.time_budget is None else f", time_budget={self.time_budget}"
        return f"SamplingBot(budget={self.budget}{limit})"


def check_budget(budget: Any) -> int | None:
    """``budget`` if it is ``None`` or a whole number of playouts per move from 1 to
    :data:`~engine.limits.MAX_BUDGET`; else :class:`~engine.errors.InvalidInputError`."""
    if budget is not None and (type(budget) is not int or not 1 <= budget <= MAX_BUDGET):
        raise InvalidInputError(Text("budget: the sampling bot's playouts per move must be a whole number from 1 "
                                     "to {}, not {}",
                                     MAX_BUDGET, brief(budget)))
    return budget


def check_time_budget(time_budget: Any) -> int | None:
    """``time_budget`` if it is ``None`` or a whole number of milliseconds per move from 1 to
    :data:`~engine.limits.MAX_TIME_BUDGET`; else :class:`~engine.errors.InvalidInputError`."""
    if time_budget is not None and (type(time_budget) is not int or not 1 <= time_budget <= MAX_TIME_BUDGET):
        raise InvalidInputError(Text("time_budget: the sampling bot's milliseconds per move must be a whole "
                                     "number from 1 to {}, not {}",
                                     MAX_TIME_BUDGET, brief(time_budget)))
    return time_budget


BotKinds = str | Sequence[str]
"""Bot kinds as a request gives them: one kind for every seat, or one per seat."""


def check_bot_kinds(kinds: Any, players: int) -> list[str]:
    """One bot kind per seat, from one kind for all or a list of ``players`` kinds;
    else :class:`~engine.errors.InvalidInputError` naming the entry."""
    if isinstance(kinds, str):
        kinds = [kinds] * players
    if not isinstance(kinds, (list, tuple)):
        raise InvalidInputError(Text("bots: expected a bot kind ({}) or a list of one per seat, not {}",
                                     ', '.join(BOT_KINDS), brief(kinds)))
    if len(kinds) != players:
        raise InvalidInputError(Text("bots: {} bot kinds given for {} seats", len(kinds), players))
    for i, kind in enumerate(kinds):
        if not isinstance(kind, str) or kind not in BOT_KINDS:
            raise InvalidInputError(Text("bots[{}]: unknown bot kind {}; expected one of {}",
                                         i, brief(kind), ', '.join(BOT_KINDS)))
    return list(kinds)


def make_bot(kind: str, seed: int | None = None, budget: int | None = None, time_budget: int | None = None) -> Bot:
    """A bot of ``kind`` (``random``, ``heuristic`` or ``sampling``; ``budget`` and ``time_budget``
    bound the sampling bot's moves, see :class:`SamplingBot`)."""
    if kind == "random":
        return RandomBot(seed)
    if kind == "heuristic":
        return HeuristicBot(seed)
    if kind == "sampling":
        return SamplingBot(seed, budget, time_budget)
    raise InvalidInputError(Text("unknown bot kind {}: expected one of {}",
                                 brief(kind), ', '.join(BOT_KINDS)))
