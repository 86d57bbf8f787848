"""Whole games played by bots, and the measured consequences of each reading.

:func:`simulate` plays ``games`` games with seeded bots and summarises them: the
generic statistics every game has (deals per game, win shares, final totals and the
winner's margin, read the right way round for a game whose lower total is better),
and the facts the game itself contributes through one hook, its entry in
:data:`GAME_MEASURES` (a :class:`GameMeasures` subclass that may watch every action
and reads the score sheet and the log of every finished game).

:func:`measure_readings` does that once for every reading of every contested rule of
a game (the other options at their defaults, or in the configuration where the
readings bite), which is what the game pages show beside the readings: what changes
in play when one reads the text one way or another.

>>> stats = simulate("ruffe-and-trumps", games=2, bots="heuristic", seed=1)
>>> stats["games"], len(stats["win_share_by_side"])
(2, 2)
"""

from __future__ import annotations

import statistics
import time
from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from typing import Any, ClassVar

from . import catalogue, games as game_registry
from .bots import Bot, BotKinds, check_bot_kinds, check_budget, make_bot
from .cards import Card
from .errors import EngineError, VariantError
from .game import Action, GameSpec, GameState, Variant

MAX_ACTIONS_PER_GAME = 200_000

Observer = Callable[[GameState, int, Action, int], None]

# The rows every game's measures begin and end with; a game may reword them
# (:attr:`GameMeasures.generic`) or leave some out (:attr:`GameMeasures.omit`).
GENERIC_HEAD: dict[str, str] = {
    "games": "games played for this row (N)",
    "mean_deals_per_game": "mean number of deals before a side reached the target",
    "median_deals_per_game": "median number of deals per game",
}
GENERIC_TAIL: dict[str, str] = {
    "first_side_win_share": "share of games won by the side of seat 0 (eldest hand in the first deal)",
    "mean_winning_total": "mean final total of the winning side",
    "mean_margin": "mean final lead of the winner over the best other side",
}


# --------------------------------------------------------------------------- helpers

def _bots_for(kinds: BotKinds, players: int, seed: int, budget: int | None = None) -> list[Bot]:
    kinds = check_bot_kinds(kinds, players)
    check_budget(budget)
    return [make_bot(kind, seed=seed * 101 + seat, budget=budget) for seat, kind in enumerate(kinds)]


def _variant(spec: GameSpec, variant: Variant | Mapping[str, Any] | None) -> Variant:
    if variant is None:
        return spec.make_variant()
    if isinstance(variant, Mapping):
        return spec.variant_from(variant)
    return variant


def play_game(state: GameState, bots: Sequence[Bot], observe: Observer | None = None) -> GameState:
    """Let one bot per seat play ``state`` to its end (in place).

    ``observe(state, seat, action, deal)``, if given, sees every action just before it
    is applied; ``deal`` is the number (from 1) of the deal it belongs to.
    """
    for _ in range(MAX_ACTIONS_PER_GAME):
        if state.is_over():
            return state
        seat = state.current_player()
        assert seat is not None  # a game not over has a seat to act
        action = bots[seat].choose(state, seat)
        if observe is not None:
            observe(state, seat, action, len(state.deals))
        state.apply(action)
    raise EngineError(f"{state.game_id}: a game did not end within {MAX_ACTIONS_PER_GAME} actions")


def sheet_by_deal(view: Mapping[str, Any], n_sides: int, n_deals: int) -> list[dict[str, Any]]:
    """Per deal (1 .. ``n_deals``, and any later deal the sheet names): the points each
    side scored (``points``, summed from the score sheet) and the sheet's entries."""
    facts: dict[int, dict[str, Any]] = {}

    def fact(deal: int) -> dict[str, Any]:
        return facts.setdefault(deal, {"deal": deal, "points": [0] * n_sides, "entries": []})

    for deal_sheet in view.get("score_sheet") or []:
        entry_deal = fact(deal_sheet["deal"])
        for entry in deal_sheet.get("entries", []):
            entry_deal["points"][entry["side"]] += entry["points"]
            entry_deal["entries"].append(entry)
    for number in range(1, n_deals + 1):
        fact(number)
    return [facts[k] for k in sorted(facts)]


def rule_tail(rule: str | None) -> str:
    """A rule id without its game: ``mushka.score.no-trick`` -> ``score.no-trick``
    (Памфил scores by Мушка's rules, so a tail names the rule in both)."""
    return (rule or "").partition(".")[2]


def _tops(values: Sequence[int], side: int) -> bool:
    """Did ``side`` score strictly more than every other side?"""
    return all(values[side] > v for i, v in enumerate(values) if i != side)


def _share(hits: int | float, total: int | float) -> float | None:
    return round(hits / total, 4) if total else None


def _mean(values: Sequence[float]) -> float | None:
    return round(statistics.fmean(values), 3) if values else None


# --------------------------------------------------------------------------- the hook

class GameMeasures:
    """What one game adds to :func:`simulate`: its own facts, gathered game by game.

    A subclass declares ``metrics`` (name -> plain description, in page order), may
    reword or leave out generic rows (``generic``, ``omit``), names for a contested rule
    the configuration where its readings bite (``contexts``) and the rows that show its
    consequence (``focus``). One instance serves one :func:`simulate` call: ``observe``
    sees every action (only when ``observes`` is true), ``add_game`` every finished game,
    ``results`` returns one value per metric.
    """

    game_id: ClassVar[str] = ""
    metrics: ClassVar[dict[str, str]] = {}
    generic: ClassVar[dict[str, str]] = {}
    omit: ClassVar[tuple[str, ...]] = ()
    contexts: ClassVar[dict[str, dict[str, Any]]] = {}
    focus: ClassVar[dict[str, tuple[str, ...]]] = {}
    observes: ClassVar[bool] = False

    def __init__(self, variant: Variant) -> None:
        self.variant = variant

    @classmethod
    def rows(cls) -> dict[str, str]:
        """Every metric of a measured row, in order, with its description."""
        rows = {**GENERIC_HEAD, **cls.metrics, **GENERIC_TAIL}
        return {name: cls.generic.get(name, text) for name, text in rows.items() if name not in cls.omit}

    def observe(self, state: GameState, seat: int, action: Action, deal: int) -> None:
        """One action, before it is applied (only called when ``observes``)."""

    def add_game(self, state: GameState, view: Mapping[str, Any], deals: list[dict[str, Any]]) -> None:
        """A finished game: its omniscient view and :func:`sheet_by_deal`."""

    def results(self) -> dict[str, Any]:
        return {}


class RuffeMeasures(GameMeasures):
    """Ruffe and Trumps: the ruff and the head, and whether they win the deal.

    The sheet's entries name their rule: ``.ruff.`` points are the ruff, ``.count.``,
    ``.score.`` and ``.head.`` points are cards or tricks won; the log entry that gives
    the head names the taker's seat and a ``.head.`` rule (:data:`HEAD_TAKING_RULES`).
    """

    game_id = "ruffe-and-trumps"
    metrics = {
        "mean_points_per_deal": "mean points scored in a deal, all sides together",
        "mean_ruff_points_per_deal": "mean points per deal scored for the ruff, all sides together",
        "mean_count_points_per_deal": "mean points per deal scored for cards or tricks won, all sides together",
        "deals_with_ruff_scored_share": "share of deals in which someone scored the ruff",
        "deals_with_head_taken_share": "share of deals in which someone took the head",
        "ruff_side_tops_deal_share": "share of deals, among those where one side alone scored the ruff, "
                                     "in which that side also scored most in the deal",
        "ruff_side_tops_count_share": "share of deals, among those where one side alone scored the ruff, "
                                      "in which that side also scored most for cards or tricks won (the ruff left out)",
        "head_taker_side_tops_deal_share": "share of deals, among those where someone took the head, "
                                           "in which the head-taker's side scored most in the deal",
        "head_taker_side_tops_count_share": "share of deals, among those where someone took the head, "
                                            "in which the head-taker's side scored most for cards or tricks won",
    }
    contexts = {
        # Four players are dealt twelve: "dealt" and "twelve" agree there; three dealt sixteen differ.
        "ruffe-and-trumps.count.baseline": {"players": 3, "partnerships": False, "hand_size": 16},
        # The two-handed target only exists for two players dealt twenty-four.
        "ruffe-and-trumps.config.two-target": {"players": 2, "partnerships": False, "hand_size": 24},
    }
    focus = {
        "ruffe-and-trumps.ruff.tie": ("deals_with_ruff_scored_share", "mean_ruff_points_per_deal",
                                      "mean_deals_per_game"),
        "ruffe-and-trumps.head.no-holder": ("deals_with_head_taken_share", "head_taker_side_tops_deal_share",
                                            "mean_deals_per_game"),
        "ruffe-and-trumps.head.discards-count": ("mean_count_points_per_deal", "head_taker_side_tops_count_share",
                                                 "mean_deals_per_game"),
        "ruffe-and-trumps.play.follow": ("mean_count_points_per_deal", "ruff_side_tops_count_share",
                                         "mean_deals_per_game", "mean_margin"),
        "ruffe-and-trumps.count.method": ("mean_count_points_per_deal", "mean_deals_per_game", "mean_margin"),
        "ruffe-and-trumps.count.baseline": ("mean_count_points_per_deal", "mean_deals_per_game"),
        "ruffe-and-trumps.config.two-target": ("mean_deals_per_game", "mean_winning_total", "mean_margin"),
    }

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        self.deal_points: list[int] = []
        self.ruff_points: list[int] = []
        self.count_points: list[int] = []
        self.ruff_scored = self.ruff_single = self.ruff_single_tops = self.ruff_single_tops_count = 0
        self.head_taken = self.head_tops = self.head_tops_count = 0

    def add_game(self, state: GameState, view: Mapping[str, Any], deals: list[dict[str, Any]]) -> None:
        sides = state.sides()
        head_takers: dict[int, int] = {}
        for entry in state.log:
            if entry.get("seat") is not None and entry.get("rule") in HEAD_TAKING_RULES.get(state.game_id, ()):
                head_takers[entry["deal"]] = entry["seat"]
        for deal in deals:
            ruff = [0] * len(sides)
            count = [0] * len(sides)
            for entry in deal["entries"]:
                rule = entry.get("rule") or ""
                topic = rule.split(".")[1] if rule.count(".") >= 2 else ""
                if topic == "ruff":
                    ruff[entry["side"]] += entry["points"]
                elif topic in ("count", "score", "head"):
                    count[entry["side"]] += entry["points"]
            points = deal["points"]
            self.deal_points.append(sum(points))
            self.ruff_points.append(sum(ruff))
            self.count_points.append(sum(count))
            ruff_sides = [i for i, p in enumerate(ruff) if p > 0]
            if ruff_sides:
                self.ruff_scored += 1
            if len(ruff_sides) == 1:
                self.ruff_single += 1
                self.ruff_single_tops += _tops(points, ruff_sides[0])
                self.ruff_single_tops_count += _tops(count, ruff_sides[0])
            taker = head_takers.get(deal["deal"])
            if taker is not None:
                self.head_taken += 1
                taker_side = next(i for i, s in enumerate(sides) if taker in s)
                self.head_tops += _tops(points, taker_side)
                self.head_tops_count += _tops(count, taker_side)

    def results(self) -> dict[str, Any]:
        n_deals = len(self.deal_points)
        return {
            "mean_points_per_deal": _mean(self.deal_points),
            "mean_ruff_points_per_deal": _mean(self.ruff_points),
            "mean_count_points_per_deal": _mean(self.count_points),
            "deals_with_ruff_scored_share": _share(self.ruff_scored, n_deals),
            "deals_with_head_taken_share": _share(self.head_taken, n_deals),
            "ruff_side_tops_deal_share": _share(self.ruff_single_tops, self.ruff_single),
            "ruff_side_tops_count_share": _share(self.ruff_single_tops_count, self.ruff_single),
            "head_taker_side_tops_deal_share": _share(self.head_tops, self.head_taken),
            "head_taker_side_tops_count_share": _share(self.head_tops_count, self.head_taken),
        }


HEAD_TAKING_RULES: dict[str, tuple[str, ...]] = {
    "ruffe-and-trumps": (
        "ruffe-and-trumps.head.ace-holder",
        "ruffe-and-trumps.head.turned-ace",
        "ruffe-and-trumps.head.no-holder",
    ),
}


# --------------------------------------------------------------------------- the loo family

# Rule-id tails (after the game) of the sheet entries the loo measures read.
LOO_REMISE = ("score.no-trick", "score.ace-of-spades-penalty")
LOO_TRICK = "score.trick"
ACE_VALUES = {"S": 5, "C": 10, "D": 15, "H": 20}  # rams.score.ace-values
HONOURS = ("K", "Q", "J")


def _card(text: str) -> Card:
    return Card.parse(text)


class LooMeasures(GameMeasures):
    """The loo family (Мушка, Памфил, Рамс, Петух): records written down to nothing.

    Per deal it watches who passed, bought (and how many cards) and the cards played;
    at the first card of the deal it reads the omniscient view (the hands in play, the
    trump, the active players, the shows) and at the end the tricks each took. The
    sheet gives each player's change (negative = written off) and the rule of each
    entry: a no-trick penalty (``score.no-trick``, ``score.ace-of-spades-penalty``) is a
    *remise*. Lower records are better: the winners' records are nothing.
    """

    observes = True
    metrics = {
        "void_deal_share": "share of deals in which every player passed (nobody played)",
        "pass_share": "share of a player's deals in which he passed",
        "pass_forbidden_share": "share of a player's turns to bid in which the rules forbade him to pass",
        "buy_share": "share of a player's deals in which he bought cards from the stock",
        "mean_cards_bought": "mean number of cards a buying player took from the stock",
        "mean_players_per_deal": "mean number of players who played a deal, among deals that were played",
        "no_trick_share": "share of the players who played a deal that took no trick",
        "remise_share": "share of the players who played a deal that took no trick and wrote up a penalty "
                        "(a remise)",
        "mean_written_off_per_deal": "mean points written off per deal, all players together",
        "mean_written_up_per_deal": "mean points written up per deal (penalties and the like), all players together",
        "mean_loser_record": "mean record left to a losing player when the game ended",
        "shared_win_share": "share of games won by two or more players in the same deal",
        "mean_winner_takings": "mean settlement the winner received from the others, in stakes",
        "mean_largest_payment": "mean payment of the worst loser of a game, in stakes",
    }
    generic = {
        "mean_deals_per_game": "mean number of deals until a player's record came down to nothing",
        "first_side_win_share": "share of games won by seat 0 (the first dealer)",
        "mean_winning_total": "mean final record of the winner (nothing: lower is better)",
        "mean_margin": "mean record of the runner-up when the game ended (how close the race was)",
    }
    omit = ("mean_winning_total",)

    def __init__(self, variant: Variant) -> None:
        super().__init__(variant)
        self.n: Counter[str] = Counter()  # event counts
        self.s: Counter[str] = Counter()  # sums
        self.lists: dict[str, list[float]] = {}
        self.current: dict[int, dict[str, Any]] = {}

    # --- watching one game ------------------------------------------------------
    def _deal(self, number: int) -> dict[str, Any]:
        deal = self.current.get(number)
        if deal is None:
            deal = self.current[number] = {
                "passes": set(), "buyers": set(), "drawn": Counter(), "declared": [], "laid_out": False,
                "start": None, "plays": [], "tricks": None,
            }
        return deal

    def observe(self, state: GameState, seat: int, action: Action, deal: int) -> None:
        if self.current and deal not in self.current:
            last = max(self.current)
            if last == deal - 1 and self.current[last]["tricks"] is None:
                self._close(last, state.view(None).get("previous_deal"))
        record = self._deal(deal)
        kind = action.kind
        if kind == "play":
            if record["start"] is None:
                record["start"] = state.view(None)
            record["plays"].append((seat, action.card))
        elif kind in ("pass", "stand", "buy") and state.phase == "bid":
            self.n["bids"] += 1
            self.n["pass_forbidden"] += not state.is_legal(Action("pass"))
            if kind == "pass":
                record["passes"].add(seat)
            elif kind == "buy":
                record["buyers"].add(seat)
        elif kind == "discard":
            record["drawn"][seat] += 1
        elif kind == "declare":
            record["declared"].append(seat)
        elif kind == "lay_out":
            record["laid_out"] = True

    def _close(self, number: int, previous: Mapping[str, Any] | None) -> None:
        if previous and previous.get("deal") == number and previous.get("tricks") is not None:
            self.current[number]["tricks"] = list(previous["tricks"])

    def add(self, name: str, value: float) -> None:
        self.lists.setdefault(name, []).append(value)

    # --- one finished game -------------------------------------------------------
    def add_game(self, state: GameState, view: Mapping[str, Any], deals: list[dict[str, Any]]) -> None:
        n = state.num_players
        if self.current:
            last = max(self.current)
            if self.current[last]["tricks"] is None:
                self._close(last, view.get("previous_deal"))
        self.n["games"] += 1
        outcome = state.outcome()
        winners = set(outcome.winners) if outcome else set()
        records = list(state.totals())
        if len(winners) > 1:
            self.n["shared_wins"] += 1
        for seat in range(n):
            if seat not in winners:
                self.add("loser_record", records[seat])
        settlement = view.get("settlement")
        if settlement and winners:
            self.add("winner_takings", sum(settlement[w] for w in winners) / len(winners))
            losses = [-settlement[s] for s in range(n) if s not in winners]
            if losses:
                self.add("largest_payment", max(losses))
        events: dict[int, list[tuple[str, int | None]]] = {}
        for entry in state.log:
            events.setdefault(entry.get("deal") or 0, []).append((rule_tail(entry.get("rule")), entry.get("seat")))
        self.game_facts(state, view, deals)
        for deal in deals:
            record = self.current.get(deal["deal"]) or self._deal(deal["deal"])
            record["events"] = events.get(deal["deal"], [])
            self.deal_facts(state, deal, record)
        self.current = {}

    def game_facts(self, state: GameState, view: Mapping[str, Any], deals: list[dict[str, Any]]) -> None:
        """Facts of a whole game (subclasses add theirs)."""

    def deal_facts(self, state: GameState, deal: dict[str, Any], record: dict[str, Any]) -> None:
        """Facts of one deal: ``deal`` from the sheet, ``record`` from watching the play
        (and ``record["events"]``: the log's ``(rule tail, seat)`` of the deal)."""
        n = state.num_players
        self.n["deals"] += 1
        self.n["seat_deals"] += n
        self.n["passes"] += len(record["passes"])
        self.n["buyers"] += len(record["buyers"])
        self.s["drawn"] += sum(record["drawn"][s] for s in record["buyers"])
        change = self.changes(deal, n)
        self.s["written_off"] += sum(-e["points"] for e in deal["entries"] if e["points"] < 0)
        self.s["written_up"] += sum(e["points"] for e in deal["entries"] if e["points"] > 0)
        start = record["start"]
        if start is None:
            if len(record["passes"]) == n or not deal["entries"]:
                self.n["void_deals"] += 1
            return
        active = list(start.get("active") or [s for s in range(n) if s not in record["passes"]])
        self.n["played_deals"] += 1
        self.n["active"] += len(active)
        tricks = self.tricks(deal, record, n)
        remised = {e["seat"] for e in deal["entries"] if rule_tail(e.get("rule")) in LOO_REMISE and e["points"] > 0}
        for seat in active:
            self.n["no_trick"] += tricks[seat] == 0
            self.n["remise"] += seat in remised
        self.play_facts(state, deal, record, start, active, tricks, change)

    def play_facts(self, state: GameState, deal: dict[str, Any], record: dict[str, Any], start: Mapping[str, Any],
                   active: list[int], tricks: list[int], change: list[int]) -> None:
        """Facts of a deal that was played (subclasses add theirs)."""

    # --- helpers -------------------------------------------------------------------
    @staticmethod
    def changes(deal: Mapping[str, Any], n: int) -> list[int]:
        """Each seat's change to its record in the deal (negative = written off)."""
        change = [0] * n
        for entry in deal["entries"]:
            change[entry["seat"]] += entry["points"]
        return change

    @staticmethod
    def tricks(deal: Mapping[str, Any], record: Mapping[str, Any], n: int) -> list[int]:
        """Tricks per seat: the view's count at the end of the deal, else the sheet's
        trick entries (one point written off per trick)."""
        if record.get("tricks") is not None:
            return list(record["tricks"])
        tricks = [0] * n
        for entry in deal["entries"]:
            if rule_tail(entry.get("rule")) == LOO_TRICK:
                tricks[entry["seat"]] += -entry["points"]
        return tricks

    @staticmethod
    def in_play(start: Mapping[str, Any], active: Sequence[int], card: str) -> int | None:
        """The active seat that held ``card`` when the play began."""
        hands = start.get("hands") or []
        for seat in active:
            hand = hands[seat] if seat < len(hands) else None
            if isinstance(hand, list) and card in hand:
                return seat
        return None

    @staticmethod
    def trick_list(record: Mapping[str, Any], active: Sequence[int]) -> list[list[tuple[int, Card]]]:
        """The cards played, trick by trick (each trick has one card per active player)."""
        size = max(1, len(active))
        plays = record["plays"]
        return [plays[i:i + size] for i in range(0, len(plays), size)]

    def results(self) -> dict[str, Any]:
        n, s, lists = self.n, self.s, self.lists
        return {
            "void_deal_share": _share(n["void_deals"], n["deals"]),
            "pass_share": _share(n["passes"], n["seat_deals"]),
            "pass_forbidden_share": _share(n["pass_forbidden"], n["bids"]),
            "buy_share": _share(n["buyers"], n["seat_deals"]),
            "mean_cards_bought": round(s["drawn"] / n["buyers"], 3) if n["buyers"] else None,
            "mean_players_per_deal": round(n["active"] / n["played_deals"], 3) if n["played_deals"] else None,
            "no_trick_share": _share(n["no_trick"], n["active"]),
            "remise_share": _share(n["remise"], n["active"]),
            "mean_written_off_per_deal": round(s["written_off"] / n["deals"], 3) if n["deals"] else None,
            "mean_written_up_per_deal": round(s["written_up"] / n["deals"], 3) if n["deals"] else None,
            "mean_loser_record": _mean(lists.get("loser_record", [])),
            "shared_win_share": _share(n["shared_wins"], n["games"]),
            "mean_winner_takings": _mean(lists.get("winner_takings", [])),
            "mean_largest_payment": _mean(lists.get("largest_payment", [])),
        }


class MushkaMeasures(LooMeasures):
    """Мушка: the ace of spades (may not pass; written off with a trick, paid without one), overshoots, five of a
    suit, settlement."""

    game_id = "mushka"
    metrics = {
        **LooMeasures.metrics,
        "ace_of_spades_in_play_share": "share of played deals in which the ace of spades was in a playing hand",
        "ace_of_spades_holder_change": "mean change to the record of the player holding the ace of spades "
                                       "in play (negative = written off)",
        "other_player_change": "mean change to the record of each other player in the same deals",
        "ace_of_spades_remise_share": "share of those deals in which the ace of spades' holder took no trick",
        "ace_meets_trump_ace_share": "share of played deals in which the ace of spades, played to another's lead, "
                                     "met the ace of trumps in the same trick",
        "overshoots_per_game": "mean number of times per game a player took more tricks than his record "
                               "needed and started again",
        "mean_record_after_overshoot": "mean record a player starts again from after taking too many tricks",
        "five_of_a_suit_deal_share": "share of deals in which a player showed five cards of one suit",
        "five_of_a_suit_win_share": "share of games won by showing five cards of one suit",
    }
    contexts = {
        # The 32- or 52-card question is only open for two players.
        "mushka.setup.deck": {"players": 2},
    }
    focus = {
        "mushka.setup.deck": ("mean_deals_per_game", "buy_share", "mean_cards_bought", "pass_share",
                              "no_trick_share", "ace_of_spades_in_play_share"),
        "mushka.play.ace-of-spades-power": ("ace_meets_trump_ace_share", "ace_of_spades_holder_change",
                                            "ace_of_spades_remise_share", "mean_deals_per_game"),
        "mushka.score.ace-of-spades-penalty": ("ace_of_spades_remise_share", "ace_of_spades_holder_change",
                                               "mean_written_up_per_deal", "mean_deals_per_game"),
        "mushka.end.overshoot": ("mean_record_after_overshoot", "overshoots_per_game", "mean_deals_per_game",
                                 "mean_margin"),
        "mushka.special.five-of-a-suit": ("five_of_a_suit_deal_share", "five_of_a_suit_win_share",
                                          "mean_deals_per_game", "mean_written_off_per_deal"),
        "mushka.settle.systems": ("mean_winner_takings", "mean_largest_payment", "mean_deals_per_game"),
    }

    def game_facts(self, state: GameState, view: Mapping[str, Any], deals: list[dict[str, Any]]) -> None:
        for deal in deals:
            for e in deal["entries"]:
                # a restart (the record starts again above nothing), not the ace's bonus stopped at nothing
                if rule_tail(e.get("rule")) == "end.overshoot" and e["record"] > 0:
                    self.n["overshoots"] += 1
                    self.add("restart_record", e["record"])

    def deal_facts(self, state: GameState, deal: dict[str, Any], record: dict[str, Any]) -> None:
        super().deal_facts(state, deal, record)
        shown = {seat for tail, seat in record["events"] if tail == "special.five-of-a-suit"}
        if shown:
            self.n["five_deals"] += 1
            outcome = state.outcome()
            if outcome and deal["deal"] == len(state.deals) and shown & set(outcome.winners):
                self.n["five_wins"] += 1

    def play_facts(self, state: GameState, deal: dict[str, Any], record: dict[str, Any], start: Mapping[str, Any],
                   active: list[int], tricks: list[int], change: list[int]) -> None:
        holder = self.in_play(start, active, "AS")
        if holder is None:
            return
        self.n["ace_in_play"] += 1
        self.add("ace_holder_change", change[holder])
        for seat in active:
            if seat != holder:
                self.add("other_change", change[seat])
        self.n["ace_remise"] += tricks[holder] == 0
        trump = start.get("trump")
        if trump and trump != "S":
            for trick in self.trick_list(record, active):
                cards = [str(card) for _, card in trick]
                if "AS" in cards[1:] and f"A{trump}" in cards:
                    self.n["ace_meets"] += 1
                    break

    def results(self) -> dict[str, Any]:
        n = self.n
        return {
            **super().results(),
            "ace_of_spades_in_play_share": _share(n["ace_in_play"], n["played_deals"]),
            "ace_of_spades_holder_change": _mean(self.lists.get("ace_holder_change", [])),
            "other_player_change": _mean(self.lists.get("other_change", [])),
            "ace_of_spades_remise_share": _share(n["ace_remise"], n["ace_in_play"]),
            "ace_meets_trump_ace_share": _share(n["ace_meets"], n["played_deals"]),
            "overshoots_per_game": round(n["overshoots"] / n["games"], 3) if n["games"] else None,
            "mean_record_after_overshoot": _mean(self.lists.get("restart_record", [])),
            "five_of_a_suit_deal_share": _share(n["five_deals"], n["deals"]),
            "five_of_a_suit_win_share": _share(n["five_wins"], n["games"]),
        }


class PamphilMeasures(MushkaMeasures):
    """Памфил: Мушка's measures and the pamphil (the jack of clubs) and its declaration."""

    game_id = "pamphil"
    metrics = {
        **MushkaMeasures.metrics,
        "pamphil_turned_share": "share of deals in which the dealer turned up the pamphil and laid out a card",
        "pamphil_declared_share": "share of deals in which the pamphil was declared for a payment",
        "mean_declaration_takings": "mean declaration money received per game, all players together, in stakes",
        "pamphil_in_play_share": "share of played deals in which the pamphil was in a playing hand",
        "pamphil_holder_change": "mean change to the record of the pamphil's holder in play",
        "pamphil_off_suit_share": "share of played deals in which the pamphil was played to a side-suit lead "
                                  "its holder could have followed",
    }
    contexts = {}
    focus = {
        "pamphil.play.pamphil-follow": ("pamphil_off_suit_share", "pamphil_holder_change", "no_trick_share",
                                        "mean_deals_per_game"),
        "pamphil.special.five-of-a-suit": ("five_of_a_suit_deal_share", "five_of_a_suit_win_share",
                                           "mean_deals_per_game", "mean_written_off_per_deal"),
    }

    def game_facts(self, state: GameState, view: Mapping[str, Any], deals: list[dict[str, Any]]) -> None:
        super().game_facts(state, view, deals)
        payments = view.get("payments") or []
        self.add("declaration_takings", sum(p for p in payments if p > 0))

    def deal_facts(self, state: GameState, deal: dict[str, Any], record: dict[str, Any]) -> None:
        super().deal_facts(state, deal, record)
        self.n["turned"] += record["laid_out"]
        self.n["declared"] += bool(record["declared"])

    def play_facts(self, state: GameState, deal: dict[str, Any], record: dict[str, Any], start: Mapping[str, Any],
                   active: list[int], tricks: list[int], change: list[int]) -> None:
        super().play_facts(state, deal, record, start, active, tricks, change)
        holder = self.in_play(start, active, "JC")
        if holder is None:
            return
        self.n["pamphil_in_play"] += 1
        self.add("pamphil_holder_change", change[holder])
        trump = start.get("trump")
        hand = {_card(c) for c in start["hands"][holder]}
        for trick in self.trick_list(record, active):
            led_seat, led = trick[0]
            for seat, card in trick:
                if seat == holder:
                    if (seat != led_seat and str(card) == "JC" and led.suit.value != trump
                            and any(c.suit == led.suit and str(c) != "JC" for c in hand)):
                        self.n["pamphil_off_suit"] += 1
                    hand.discard(card)

    def results(self) -> dict[str, Any]:
        n = self.n
        return {
            **super().results(),
            "pamphil_turned_share": _share(n["turned"], n["deals"]),
            "pamphil_declared_share": _share(n["declared"], n["deals"]),
            "mean_declaration_takings": _mean(self.lists.get("declaration_takings", [])),
            "pamphil_in_play_share": _share(n["pamphil_in_play"], n["played_deals"]),
            "pamphil_holder_change": _mean(self.lists.get("pamphil_holder_change", [])),
            "pamphil_off_suit_share": _share(n["pamphil_off_suit"], n["played_deals"]),
        }


class RamsMeasures(LooMeasures):
    """Рамс: aces (spades 5, clubs 10, diamonds 15, hearts 20), five of a suit, the
    Rams, the trump ace's duties and the jacks."""

    game_id = "rams"
    metrics = {
        **LooMeasures.metrics,
        "ace_holder_change": "mean change to the record of a player who played holding an ace",
        "no_ace_change": "mean change to the record of a player who played holding no ace",
        "ace_holder_no_trick_share": "share of the players holding an ace in play who took no trick "
                                     "(and so paid for their aces)",
        "trump_ace_holder_change": "mean change to the record of the player holding the ace of trumps in play",
        "trump_ace_cover_share": "share of played deals in which the ace of trumps fell on the trump king, "
                                 "queen or jack of another player",
        "five_of_a_suit_deal_share": "share of deals ended by a player showing five cards of one suit",
        "five_of_a_suit_others_change": "mean change to the record of each other player in a deal ended by "
                                        "five of a suit",
        "rams_deal_share": "share of deals in which a player showed the four aces (a Rams)",
        "jacks_per_deal": "mean number of jack shows per deal",
        "jacks_points_per_deal": "mean points written off for jacks per deal",
        "jacks_no_trick_share": "share of the players who showed jacks, played and took no trick",
        "jacks_no_trick_change": "mean change to the record of a player who showed jacks and took no trick",
        "jacks_finish_share": "share of games ended by a player's jacks clearing his record",
    }
    contexts = {
        # The offset only arises when the jack variant is played.
        "rams.jacks.no-trick": {"jacks": "jacks"},
    }
    focus = {
        "rams.bid.ace-may-not-pass": ("pass_forbidden_share", "pass_share", "mean_players_per_deal",
                                      "ace_holder_no_trick_share", "mean_deals_per_game"),
        "rams.play.trump-ace-cover": ("trump_ace_cover_share", "trump_ace_holder_change", "mean_deals_per_game"),
        "rams.score.start": ("mean_deals_per_game", "median_deals_per_game", "mean_loser_record",
                             "mean_winner_takings"),
        "rams.special.five-of-a-suit": ("five_of_a_suit_deal_share", "five_of_a_suit_others_change",
                                        "mean_written_up_per_deal", "mean_deals_per_game"),
        "rams.special.rams": ("rams_deal_share", "mean_winner_takings", "mean_largest_payment", "mean_loser_record"),
        "rams.variant.jacks": ("jacks_per_deal", "jacks_points_per_deal", "jacks_finish_share",
                               "mean_deals_per_game"),
        "rams.jacks.no-trick": ("jacks_no_trick_share", "jacks_no_trick_change", "mean_deals_per_game"),
    }

    def game_facts(self, state: GameState, view: Mapping[str, Any], deals: list[dict[str, Any]]) -> None:
        if deals and any(rule_tail(e.get("rule")) == "jacks.finish" for e in deals[-1]["entries"]):
            self.n["jacks_finish"] += 1

    def deal_facts(self, state: GameState, deal: dict[str, Any], record: dict[str, Any]) -> None:
        super().deal_facts(state, deal, record)
        entries = deal["entries"]
        tails = [rule_tail(e.get("rule")) for e in entries]
        if "special.rams" in tails:
            self.n["rams"] += 1
        jacks = [e for e, t in zip(entries, tails) if t == "jacks.at-discard"]
        self.n["jacks"] += len(jacks)
        self.s["jacks_points"] += sum(-e["points"] for e in jacks)
        fives = [e for e, t in zip(entries, tails) if t == "special.five-of-a-suit"]
        if fives and record["start"] is None:
            self.n["five_deals"] += 1
            shower = {e["seat"] for e in fives if e["points"] < 0}
            change = self.changes(deal, state.num_players)
            for seat in {e["seat"] for e in entries} - shower:
                self.add("five_others_change", change[seat])

    def play_facts(self, state: GameState, deal: dict[str, Any], record: dict[str, Any], start: Mapping[str, Any],
                   active: list[int], tricks: list[int], change: list[int]) -> None:
        hands = start.get("hands") or []
        jack_seats = {e["seat"] for e in deal["entries"] if rule_tail(e.get("rule")) == "jacks.at-discard"}
        for seat in active:
            hand = hands[seat] if isinstance(hands[seat], list) else []
            if any(card.startswith("A") for card in hand):
                self.add("ace_holder_change", change[seat])
                self.n["ace_holders"] += 1
                self.n["ace_holders_no_trick"] += tricks[seat] == 0
            else:
                self.add("no_ace_change", change[seat])
            if seat in jack_seats:
                self.n["jack_players"] += 1
                if tricks[seat] == 0:
                    self.n["jack_no_trick"] += 1
                    self.add("jacks_no_trick_change", change[seat])
        trump = start.get("trump")
        if not trump:
            return
        ace = f"A{trump}"
        holder = self.in_play(start, active, ace)
        if holder is None:
            return
        self.add("trump_ace_holder_change", change[holder])
        honours = {f"{r}{trump}" for r in HONOURS}
        for trick in self.trick_list(record, active):
            cards = [(seat, str(card)) for seat, card in trick]
            for i, (seat, card) in enumerate(cards):
                if card == ace and i > 0 and any(c in honours and s != seat for s, c in cards[:i]):
                    self.n["trump_ace_cover"] += 1

    def results(self) -> dict[str, Any]:
        n, s = self.n, self.s
        return {
            **super().results(),
            "ace_holder_change": _mean(self.lists.get("ace_holder_change", [])),
            "no_ace_change": _mean(self.lists.get("no_ace_change", [])),
            "ace_holder_no_trick_share": _share(n["ace_holders_no_trick"], n["ace_holders"]),
            "trump_ace_holder_change": _mean(self.lists.get("trump_ace_holder_change", [])),
            "trump_ace_cover_share": _share(n["trump_ace_cover"], n["played_deals"]),
            "five_of_a_suit_deal_share": _share(n["five_deals"], n["deals"]),
            "five_of_a_suit_others_change": _mean(self.lists.get("five_others_change", [])),
            "rams_deal_share": _share(n["rams"], n["deals"]),
            "jacks_per_deal": round(n["jacks"] / n["deals"], 4) if n["deals"] else None,
            "jacks_points_per_deal": round(s["jacks_points"] / n["deals"], 3) if n["deals"] else None,
            "jacks_no_trick_share": _share(n["jack_no_trick"], n["jack_players"]),
            "jacks_no_trick_change": _mean(self.lists.get("jacks_no_trick_change", [])),
            "jacks_finish_share": _share(n["jacks_finish"], n["games"]),
        }


class PetukhMeasures(LooMeasures):
    """Петух: everybody plays; exchanges from the stock; boys (pairs of jacks)."""

    game_id = "petukh"
    metrics = {
        **{k: v for k, v in LooMeasures.metrics.items()
           if k not in ("void_deal_share", "pass_share", "pass_forbidden_share")},
        "boys_per_deal": "mean number of boys (pairs of jacks, or all four) declared per deal",
        "boys_points_per_deal": "mean points written off for boys per deal",
    }
    contexts = {
        # The reduced pack only exists for six players.
        "petukh.setup.six-players": {"players": 6},
    }
    focus = {
        "petukh.setup.six-players": ("buy_share", "mean_cards_bought", "mean_deals_per_game", "no_trick_share",
                                     "remise_share", "boys_per_deal"),
    }

    def deal_facts(self, state: GameState, deal: dict[str, Any], record: dict[str, Any]) -> None:
        super().deal_facts(state, deal, record)
        boys = [e for e in deal["entries"] if rule_tail(e.get("rule")).startswith("boys.")]
        self.s["boys_points"] += sum(-e["points"] for e in boys)
        start = record["start"]
        if start is not None:
            self.n["boys"] += sum(1 for show in start.get("shows") or [] if show.get("kind") == "boys")

    def results(self) -> dict[str, Any]:
        n, s = self.n, self.s
        values = super().results()
        return {
            **{k: v for k, v in values.items() if k in self.metrics},
            "boys_per_deal": round(n["boys"] / n["deals"], 4) if n["deals"] else None,
            "boys_points_per_deal": round(s["boys_points"] / n["deals"], 3) if n["deals"] else None,
        }


GAME_MEASURES: dict[str, type[GameMeasures]] = {
    cls.game_id: cls for cls in (RuffeMeasures, MushkaMeasures, PamphilMeasures, RamsMeasures, PetukhMeasures)
}
"""Game id -> the class of its own measures; a game not named here gets the generic ones."""


def measures_for(game_id: str) -> type[GameMeasures]:
    return GAME_MEASURES.get(game_id, GameMeasures)


# --------------------------------------------------------------------------- simulate

def simulate(
    game_id: str,
    games: int = 100,
    variant: Variant | Mapping[str, Any] | None = None,
    bots: str | Sequence[str] = "heuristic",
    seed: int = 0,
    budget: int | None = None,
) -> dict[str, Any]:
    """Play ``games`` games and return their statistics.

    Game ``g`` uses seed ``seed + g``; bots are seeded from it too, so the same call
    gives the same statistics. ``bots`` is one kind for every seat or one per seat.
    Totals are read the game's way: when ``lower_is_better`` (the loo family, whose
    records go down to nothing) the margin is the runner-up's total minus the winner's.
    """
    if not isinstance(games, int) or isinstance(games, bool) or games < 1:
        raise EngineError(f"games must be a positive integer, not {games!r}")
    spec = game_registry.get(game_id)
    variant = _variant(spec, variant)
    measures = measures_for(game_id)(variant)
    observe = measures.observe if measures.observes else None
    started = time.perf_counter()
    deals_per_game: list[int] = []
    wins_by_seat: list[int] = []
    wins_by_side: list[int] = []
    final_totals: list[list[int]] = []
    winning_totals: list[int] = []
    margins: list[int] = []
    deal_points: list[int] = []
    points_by_side: list[list[int]] = []
    sides: list[list[int]] = []
    kinds: list[str] = []
    lower = False
    for g in range(games):
        state = spec.new_game(variant, seed + g)
        lower = bool(getattr(state, "lower_is_better", False))
        n = state.num_players
        sides = [list(s) for s in state.sides()]
        if not wins_by_seat:
            wins_by_seat, wins_by_side = [0] * n, [0] * len(sides)
        game_bots = _bots_for(bots, n, seed + g, budget)
        kinds = [b.kind for b in game_bots]
        play_game(state, game_bots, observe)
        outcome = state.outcome()
        totals = list(state.totals())
        final_totals.append(totals)
        winners = set(outcome.winners) if outcome else set()
        for seat in winners:
            wins_by_seat[seat] += 1
        winning_sides = [i for i, side in enumerate(sides) if winners & set(side)]
        for i in winning_sides:
            wins_by_side[i] += 1
        if winning_sides:
            w = winning_sides[0]
            winning_totals.append(totals[w])
            others = [t for i, t in enumerate(totals) if i not in winning_sides]
            if lower:
                margins.append(min(others) - totals[w] if others else 0)
            else:
                margins.append(totals[w] - max(others) if others else totals[w])
        view = state.view(None)
        deals = sheet_by_deal(view, len(sides), len(state.deals))
        deals_per_game.append(len(state.deals))
        for deal in deals:
            deal_points.append(sum(deal["points"]))
            points_by_side.append(deal["points"])
        measures.add_game(state, view, deals)
    return {
        "game": game_id,
        "variant": variant.to_json(),
        "bots": kinds,
        "seed": seed,
        "games": games,
        "sides": sides,
        "lower_is_better": lower,
        "mean_deals_per_game": _mean(deals_per_game),
        "median_deals_per_game": statistics.median(deals_per_game),
        "win_share_by_seat": [_share(w, games) for w in wins_by_seat],
        "win_share_by_side": [_share(w, games) for w in wins_by_side],
        "first_side_win_share": _share(wins_by_side[0], games),
        "mean_points_per_deal": _mean(deal_points),
        "mean_points_per_deal_by_side": [_mean([p[i] for p in points_by_side]) for i in range(len(sides))],
        **measures.results(),
        "mean_final_totals_by_side": [_mean([t[i] for t in final_totals]) for i in range(len(sides))],
        "mean_winning_total": _mean(winning_totals),
        "mean_margin": _mean(margins),
        "deals": len(deal_points),
        "seconds": round(time.perf_counter() - started, 2),
    }


# --------------------------------------------------------------------------- readings

def contested_rules(game_id: str) -> list[dict[str, Any]]:
    """The catalogue's rules that have readings, each with its option name."""
    rules = []
    for rule in catalogue.load(game_id).rules:
        readings = rule.get("readings") or []
        if readings:
            rules.append(rule)
    return rules


def measure_readings(
    game_id: str,
    games_per_reading: int = 200,
    seed: int = 0,
    bots: str | Sequence[str] = "heuristic",
    progress: Any = None,
) -> dict[str, Any]:
    """For each contested rule, one row of metrics per reading (other options at defaults,
    or at the rule's context where its readings bite).

    The same seeds (so the same first deals) are used for every reading; a row whose
    variant was already played is reused. Returns ``{"game", "engine_version",
    "games_per_reading", "seed", "bots", "metrics", "rules": {rule_id: {"option",
    "default", "context", "focus", "readings": {reading_id: {metric: value}}}}}``.
    """
    spec = game_registry.get(game_id)
    kind = measures_for(game_id)
    metrics = kind.rows()
    started = time.perf_counter()
    from . import __version__

    result: dict[str, Any] = {
        "game": game_id,
        "engine_version": __version__,
        "games_per_reading": games_per_reading,
        "seed": seed,
        "bots": bots if isinstance(bots, str) else list(bots),
        "lower_is_better": bool(getattr(spec.state_class, "lower_is_better", False)),
        "metrics": metrics,
        "notes": [
            "Every row plays the same games: game g uses seed + g, and deal k of a game has the same deck "
            "under every reading, so the rows differ only by the reading.",
            f"The bots: {bots if isinstance(bots, str) else ', '.join(bots)} in every seat; shares are fractions "
            "of the row's games or deals; points are game points as the score sheet gives them.",
            "A rule with a context was measured in that configuration (its readings only matter there); "
            "every other option is at its default.",
        ],
        "rules": {},
    }
    played: dict[str, dict[str, Any]] = {}
    for rule in contested_rules(game_id):
        option = rule["readings"][0].get("option")
        if not option:
            raise EngineError(f"{rule['id']}: its readings name no variant option")
        context = dict(kind.contexts.get(rule["id"], {}))
        rows: dict[str, Any] = {}
        for reading in rule["readings"]:
            try:
                variant = spec.make_variant(**{**context, option: reading["id"]})
            except VariantError as error:
                rows[reading["id"]] = {"error": str(error)}
                continue
            key = repr(sorted(variant.to_json().items()))
            stats = played.get(key)
            if stats is None:
                stats = played[key] = simulate(game_id, games_per_reading, variant, bots, seed)
                if progress:
                    progress(f"{rule['id']} = {reading['id']}: {stats['seconds']} s")
            rows[reading["id"]] = {name: stats[name] for name in metrics}
        result["rules"][rule["id"]] = {
            "option": option,
            "default": next((r["id"] for r in rule["readings"] if r.get("default")), None),
            "context": context,
            "focus": [name for name in kind.focus.get(rule["id"], ()) if name in metrics],
            "readings": rows,
        }
    result["seconds"] = round(time.perf_counter() - started, 1)
    return result
