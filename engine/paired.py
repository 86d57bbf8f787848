"""Readings compared soundly: the same games under two readings, paired, with intervals.

Game g of a measured row uses seed ``seed + g`` (the shuffles and the bots' seeds) under
every reading, so game g under reading A and game g under reading B start from the same
deck; the games are the *units* of the comparison and each unit pairs with itself.

Every metric is a ratio of sums over the games, sum(num) / sum(den), the figure
:func:`engine.simulate.play_games` records per game (a share of games has den 1 a game;
a per-deal metric has the game's deals as den; a per-player or per-buyer metric counts
those). Per-deal metrics are therefore paired **by game**, not by (game, deal): when a
reading changes how many deals a game lasts, the deals after the shorter game's last have
no partner and dropping them would bias the comparison, and the deals of one game are not
independent of each other (the running score steers the play); pairing by game keeps every
deal and counts the correlated deals of a game as one unit (a cluster). How often the deal
counts diverge is recorded per reading (``deals_diverge_share``).

Per reading and metric (:func:`estimate`): the value and its 95 % interval (Wilson for a
share of games, where each game is one trial; otherwise a t interval on the games'
linearized contributions, the delta method for a ratio of sums, cut to the metric's range:
:func:`bounds`). Per non-default reading
and metric (:func:`differences`): the paired difference from the default with its 95 %
paired t interval on the linearized contributions and its p-value, a paired bootstrap
percentile interval for the focus metrics (:data:`engine.stats.BOOTSTRAP_REPS` resamples
of the games, seed :data:`engine.stats.BOOTSTRAP_SEED`), the Benjamini–Hochberg q-value
across all the rule's tests (every metric of every non-default reading), and a verdict:

- ``effect``: q < 0.05;
- ``no difference detected``: q >= 0.05 (the interval says how large a difference is still possible);
- ``cannot differ here``: every game was played identically under both readings (same actions,
  same totals): the reading does not change play in the measured context;
- ``not comparable``: the metric counts in a unit that the readings change (the game's
  measures say why, ``GameMeasures.incomparable``);
- ``not measured``: nothing to count under one of the readings.

A median metric has no ratio form: its difference takes the bootstrap interval alone,
with no p-value and outside the false discovery rate family (its verdict is read from
the bootstrap interval).

:class:`RuleMeasurement` adds games in batches until the focus metrics' difference intervals
are as narrow as :func:`precision_target` asks or a cap is reached; :class:`GameMeasurement`
runs that for every contested rule of one game and one kind of player, as tasks that a
runner (in process, or :mod:`engine.campaign`'s Dask cluster) plays in any order: the
figures depend on the seed and the games' numbers only.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from . import games as game_registry, stats
from .errors import EngineError, VariantError
from .measuring import measures_of
from .simulate import MEDIAN_METRICS, contested_rules, play_games

__all__ = ["Task", "GameMeasurement", "estimate", "differences", "precision_target", "play_task",
           "SHARE_PRECISION", "MEAN_PRECISION", "ALPHA", "VERDICTS", "bounds", "COUNTS"]

ALPHA = 0.05
"""The false discovery rate controlled across a rule's tests (and 1 - the intervals' level)."""
SHARE_PRECISION = 0.01
"""The half-width asked of a share's difference interval: ±1 percentage point."""
MEAN_PRECISION = 0.02
"""The half-width asked of a mean's difference interval, relative to the default's value: ±2 %."""
VERDICTS = ("effect", "no difference detected", "cannot differ here", "not comparable", "not measured")

Records = Sequence[Mapping[str, Any]]


# --------------------------------------------------------------------------- the figures of one metric

def _fractions(records: Records, name: str) -> tuple[list[float], list[float]]:
    nums, dens = [], []
    for r in records:
        f = r["values"].get(name)
        nums.append(f[0] if f else 0.0)
        dens.append(f[1] if f else 0.0)
    return nums, dens


def _places(records: Records, name: str) -> int:
    return next((int(r["values"][name][2]) for r in records if r["values"].get(name)), 3)


def _round(x: float | None, places: int) -> float | None:
    return None if x is None else round(x, places + 2)


def is_share(name: str) -> bool:
    """Is the metric a share (its precision is in percentage points)?"""
    return name.endswith("_share")


COUNTS = frozenset({
    "games", "mean_deals_per_game", "median_deals_per_game", "mean_margin", "mean_players_per_deal",
    "mean_cards_bought", "overshoots_per_game", "boys_per_deal", "jacks_per_deal", "mean_price",
    "mean_turnover_per_deal", "mean_largest_payment", "mean_count_points_per_deal",
    "mean_ruff_points_per_deal", "mean_declaration_takings", "mean_written_off_per_deal",
    "mean_written_up_per_deal",
})
"""The metrics that cannot be negative by what they count (numbers of deals, cards, players or shows;
points scored, money received, a price, a winner's lead): their value intervals stop at 0
(tests/test_campaign.py checks every one of them on played games)."""


def bounds(name: str) -> tuple[float | None, float | None]:
    """The range a metric's true value lies in, by what it counts: a share in [0, 1], a count
    (:data:`COUNTS`) at 0 or above, anything else unbounded. A value interval is cut to it
    (:func:`estimate`): the true value always lies inside, so the cut interval covers it at least
    as often, and a share is never said to be possibly below 0 %.

    >>> bounds("seen_share"), bounds("mean_price"), bounds("mean_dealer_net_per_deal")
    ((0.0, 1.0), (0.0, None), (None, None))
    """
    if is_share(name):
        return 0.0, 1.0
    return (0.0, None) if name in COUNTS else (None, None)


def _within(low: float | None, high: float | None, name: str) -> tuple[float | None, float | None]:
    floor, ceiling = bounds(name)
    if low is not None and floor is not None:
        low = max(low, floor)
    if high is not None and ceiling is not None:
        high = min(high, ceiling)
    return low, high


def estimate(records: Records, name: str) -> dict[str, Any]:
    """One reading's value of a metric with its 95 % interval and the method that gave it."""
    places = _places(records, name)
    if name in MEDIAN_METRICS:
        values = [r["values"][name][0] for r in records if r["values"].get(name)]
        if not values:
            return {"value": None, "low": None, "high": None, "method": None}
        boot = stats.paired_bootstrap(lambda idx: statistics.median(values[i] for i in idx), len(values))
        return {"value": statistics.median(values), "low": boot[0], "high": boot[1], "method": "bootstrap"}
    nums, dens = _fractions(records, name)
    if math.fsum(dens) == 0:
        return {"value": None, "low": None, "high": None, "method": None}
    value = math.fsum(nums) / math.fsum(dens)
    low: float | None
    high: float | None
    if all(d in (0, 1) for d in dens) and all(x in (0, 1) for x in nums) and is_share(name):
        low, high = stats.wilson(math.fsum(nums), math.fsum(dens))
        method = "wilson"
    else:
        interval = stats.ratio_interval(nums, dens)
        low, high = _within(interval.low, interval.high, name)
        method = "t" if all(d == 1 for d in dens) else "ratio-t"
    return {"value": round(value, places), "low": _round(low, places), "high": _round(high, places),
            "method": method, "units": sum(1 for d in dens if d)}


def _bootstrap_difference(first: Records, second: Records, name: str,
                          indices: Sequence[Sequence[int]]) -> tuple[float, float]:
    if name in MEDIAN_METRICS:
        a = [r["values"][name][0] for r in first]
        b = [r["values"][name][0] for r in second]
        return stats.paired_bootstrap(lambda idx: statistics.median(b[i] for i in idx)
                                      - statistics.median(a[i] for i in idx), len(a), indices=indices)
    na, da = _fractions(first, name)
    nb, db = _fractions(second, name)

    def diff(idx: Sequence[int]) -> float:
        den_a, den_b = math.fsum(map(da.__getitem__, idx)), math.fsum(map(db.__getitem__, idx))
        if den_a == 0 or den_b == 0:
            return math.nan
        return math.fsum(map(nb.__getitem__, idx)) / den_b - math.fsum(map(na.__getitem__, idx)) / den_a

    return stats.paired_bootstrap(diff, len(na), indices=indices)


def identical(first: Records, second: Records) -> bool:
    """Were the paired games played identically (the same digests, game for game)?"""
    return len(first) == len(second) and all(a["digest"] == b["digest"] for a, b in zip(first, second))


def differences(default: Records, others: Mapping[str, Records], metrics: Sequence[str],
                focus: Sequence[str] = (), incomparable: Mapping[str, str] | None = None,
                bootstrap: bool = True) -> dict[str, Any]:
    """Each reading of ``others`` against ``default`` (the same games, in the same order):
    per reading ``{"identical", "games", "deals_diverge_share", "metrics": {name: {"estimate",
    "low", "high", "p", "q", "boot_low", "boot_high", "verdict"}}}``, q-values by
    Benjamini–Hochberg across every test of the family (all readings and metrics given)."""
    incomparable = incomparable or {}
    out: dict[str, Any] = {}
    tests: list[tuple[str, str, float]] = []
    for reading, records in others.items():
        if len(records) != len(default):
            raise EngineError(f"paired: {len(records)} games under {reading!r} against {len(default)} "
                              "under the default: they must pair")
        same = identical(default, records)
        diverge = sum(a["deals"] != b["deals"] for a, b in zip(default, records))
        rows: dict[str, Any] = {}
        indices = (stats.bootstrap_indices(len(default)) if bootstrap and focus and not same and len(default) > 1
                   else None)
        for name in metrics:
            row: dict[str, Any] = {"estimate": None, "low": None, "high": None, "p": None, "q": None,
                                   "boot_low": None, "boot_high": None}
            places = _places(default, name)
            if same:
                row.update(estimate=0.0, verdict="cannot differ here")
            elif name in incomparable:
                row.update(verdict="not comparable", reason=incomparable[name])
            elif name in MEDIAN_METRICS:
                a = [r["values"][name][0] for r in default]
                b = [r["values"][name][0] for r in records]
                row["estimate"] = statistics.median(b) - statistics.median(a)
                if len(a) > 1:
                    low, high = _bootstrap_difference(default, records, name,
                                                      indices or stats.bootstrap_indices(len(a)))
                    row.update(boot_low=low, boot_high=high)
                    row["verdict"] = "effect" if (low > 0 or high < 0) else "no difference detected"
                else:
                    row["verdict"] = "not measured"
            else:
                first, second = _fractions(default, name), _fractions(records, name)
                if math.fsum(first[1]) == 0 or math.fsum(second[1]) == 0:
                    row["verdict"] = "not measured"
                else:
                    d = stats.paired_ratio_difference(first, second)
                    row.update(estimate=_round(d.estimate, places), low=_round(d.low, places),
                               high=_round(d.high, places), p=d.p)
                    if d.p is not None:
                        tests.append((reading, name, d.p))
                    else:
                        row["verdict"] = "not measured"
                    if indices is not None and name in focus:
                        low, high = _bootstrap_difference(default, records, name, indices)
                        row.update(boot_low=_round(low, places), boot_high=_round(high, places))
            rows[name] = row
        out[reading] = {"identical": same, "games": len(records),
                        "deals_diverge_share": round(diverge / len(records), 4) if records else None,
                        "metrics": rows}
    qs = stats.bh_qvalues([p for _, _, p in tests])
    for (reading, name, _p), q in zip(tests, qs):
        row = out[reading]["metrics"][name]
        row["q"] = q
        row["verdict"] = "effect" if q < ALPHA else "no difference detected"
    return out


def precision_target(name: str, default_value: float | None) -> float | None:
    """The half-width asked of a focus metric's difference interval: ±1 point for a share,
    ±2 % of the default's value for a mean (``None``: no target, the value is zero or missing)."""
    if is_share(name):
        return SHARE_PRECISION
    if not default_value:
        return None
    return MEAN_PRECISION * abs(default_value)


# --------------------------------------------------------------------------- tasks

@dataclass(frozen=True)
class Task:
    """Games ``first`` .. ``first + count - 1`` of one variant, for one kind of player."""

    game: str
    variant: tuple[tuple[str, Any], ...]
    bots: str
    budget: int | None
    seed: int
    first: int
    count: int

    def args(self) -> tuple[Any, ...]:
        return (self.game, dict(self.variant), self.bots, self.seed, self.first, self.count, self.budget)


def play_task(task: Task) -> list[dict[str, Any]]:
    """Play a task's games: the records :mod:`engine.paired` needs (no per-deal lists)."""
    records = play_games(*task.args())
    return [{k: r[k] for k in ("game", "deals", "digest", "values")} for r in records]


# --------------------------------------------------------------------------- one rule, one game

@dataclass
class RuleMeasurement:
    """One contested rule, one kind of player: its readings' variants and the N reached."""

    rule: dict[str, Any]
    option: str
    default: str
    context: dict[str, Any]
    focus: list[str]
    incomparable: dict[str, str]
    variants: dict[str, tuple[tuple[str, Any], ...] | None]  # reading -> variant key (None: refused)
    errors: dict[str, str]
    n: int
    cap: int
    stopped: str | None = None
    widths: dict[str, Any] = field(default_factory=dict)


class GameMeasurement:
    """Every contested rule of one game, measured with one kind of player to the stated precision.

    ``tasks()`` names the games still to play (in chunks of ``chunk``, numbered from the
    seed, so that the figures never depend on who plays them); ``feed(task, records)``
    takes them back; when every rule is done (precision reached or the cap) ``result()``
    gives the stored figures. Rules start with ``batch`` games per reading; a rule not yet
    precise enough asks for the N that its widest focus interval projects (width shrinks
    as 1 / sqrt(N)), times 1.2, rounded up to a whole chunk, at most ``cap``.
    """

    def __init__(self, game_id: str, bots: str = "heuristic", seed: int = 0, batch: int = 100,
                 cap: int = 1000, budget: int | None = None, chunk: int = 25,
                 rules: Iterable[str] | None = None) -> None:
        for name, value in (("batch", batch), ("cap", cap), ("chunk", chunk)):
            if type(value) is not int or value < 1:
                raise EngineError(f"{name}: must be a whole number of games from 1, not {value!r}")
        self.game = game_id
        self.spec = game_registry.get(game_id)
        self.kind = measures_of(self.spec)
        self.metrics = [m for m in self.kind.rows() if m != "games"]
        self.bots, self.seed, self.budget, self.chunk = bots, seed, budget, chunk
        self.batch, self.cap = min(batch, cap), cap
        self.records: dict[tuple[tuple[str, Any], ...], list[dict[str, Any]] | None] = {}
        self.asked: dict[tuple[tuple[str, Any], ...], int] = {}
        self.pending: dict[tuple[tuple[str, Any], ...], dict[int, list[dict[str, Any]]]] = {}
        self.rules: dict[str, RuleMeasurement] = {}
        wanted = None if rules is None else set(rules)
        for rule in contested_rules(game_id):
            if wanted is not None and rule["id"] not in wanted:
                continue
            option = rule["readings"][0].get("option")
            if not option:
                raise EngineError(f"{rule['id']}: its readings name no variant option")
            context = dict(self.kind.contexts.get(rule["id"], {}))
            variants: dict[str, tuple[tuple[str, Any], ...] | None] = {}
            errors: dict[str, str] = {}
            for reading in rule["readings"]:
                try:
                    variant = self.spec.make_variant(**{**context, option: reading["id"]})
                except VariantError as error:
                    variants[reading["id"]], errors[reading["id"]] = None, str(error)
                    continue
                key = tuple(sorted(variant.to_json().items()))
                variants[reading["id"]] = key
                self.records.setdefault(key, [])
            default = next((r["id"] for r in rule["readings"] if r.get("default")), rule["readings"][0]["id"])
            self.rules[rule["id"]] = RuleMeasurement(
                rule=rule, option=option, default=default, context=context,
                focus=[m for m in self.kind.focus.get(rule["id"], ()) if m in self.metrics],
                incomparable=dict(self.kind.incomparable.get(rule["id"], {})),
                variants=variants, errors=errors, n=self.batch, cap=cap)
        if wanted is not None and wanted - set(self.rules):
            raise EngineError(f"rules: {', '.join(sorted(wanted - set(self.rules)))} are no contested rules "
                              f"of {game_id}")

    # --- the games asked and received ------------------------------------------
    def _need(self) -> dict[tuple[tuple[str, Any], ...], int]:
        need: dict[tuple[tuple[str, Any], ...], int] = {}
        for rm in self.rules.values():
            if rm.stopped is None:
                for key in rm.variants.values():
                    if key is not None:
                        need[key] = max(need.get(key, 0), rm.n)
        return need

    def tasks(self) -> list[Task]:
        """The games to play before the next look at the intervals (each asked once)."""
        out = []
        for key, n in self._need().items():
            start = self.asked.get(key, 0)
            for first in range(start, n, self.chunk):
                out.append(Task(self.game, key, self.bots, self.budget, self.seed, first, min(self.chunk, n - first)))
            self.asked[key] = max(start, n)
        return out

    def feed(self, task: Task, records: list[dict[str, Any]]) -> None:
        """A task's games; when every game asked is in, the rules are looked at again."""
        self.pending.setdefault(task.variant, {})[task.first] = records
        played = self.records[task.variant]
        assert played is not None
        waiting = self.pending[task.variant]
        while len(played) in waiting:
            played.extend(waiting.pop(len(played)))
        if all(len(self.records[k] or []) >= n for k, n in self.asked.items()):
            self._look()

    @property
    def done(self) -> bool:
        return all(rm.stopped is not None for rm in self.rules.values())

    # --- the precision rule ----------------------------------------------------
    def _rows(self, rm: RuleMeasurement) -> dict[str, list[dict[str, Any]]]:
        return {reading: (self.records[key] or [])[:rm.n] for reading, key in rm.variants.items() if key is not None}

    def _look(self) -> None:
        for rm in self.rules.values():
            if rm.stopped is not None:
                continue
            rows = self._rows(rm)
            if any(len(r) < rm.n for r in rows.values()):
                continue
            default = rows.get(rm.default)
            if default is None:
                rm.stopped = "refused"
                continue
            others = {r: v for r, v in rows.items() if r != rm.default}
            widest = 0.0  # the largest (half-width / target)
            widths: dict[str, Any] = {}
            for reading, records in others.items():
                if identical(default, records):
                    continue
                for name in rm.focus:
                    if name in rm.incomparable or name in MEDIAN_METRICS:
                        continue
                    first, second = _fractions(default, name), _fractions(records, name)
                    if math.fsum(first[1]) == 0 or math.fsum(second[1]) == 0:
                        continue
                    d = stats.paired_ratio_difference(first, second)
                    value = math.fsum(first[0]) / math.fsum(first[1])
                    target = precision_target(name, value)
                    if d.low is None or d.high is None or target is None:
                        continue
                    half = (d.high - d.low) / 2
                    widths[f"{reading}:{name}"] = {"half_width": half, "target": target}
                    widest = max(widest, half / target)
            rm.widths = widths
            if widest <= 1.0:
                rm.stopped = "precision"
            elif rm.n >= rm.cap:
                rm.stopped = "cap"
            else:
                projected = math.ceil(rm.n * widest * widest * 1.2)
                rounded = -(-projected // self.chunk) * self.chunk
                rm.n = min(rm.cap, max(rounded, rm.n + self.chunk))

    # --- the stored figures -----------------------------------------------------
    def result(self) -> dict[str, Any]:
        """Per rule: N, why it stopped, each reading's values with intervals and each
        non-default reading's paired differences (see the module's docstring)."""
        if not self.done:
            raise EngineError(f"{self.game}: the measurement is not finished")
        out: dict[str, Any] = {}
        for rule_id, rm in self.rules.items():
            rows = self._rows(rm)
            values = {reading: {name: estimate(records, name) for name in self.metrics}
                      for reading, records in rows.items()}
            default = rows.get(rm.default)
            diffs = ({} if default is None else
                     differences(default, {r: v for r, v in rows.items() if r != rm.default}, self.metrics,
                                 rm.focus, rm.incomparable))
            out[rule_id] = {
                "n": rm.n, "stopped": rm.stopped, "widths": rm.widths,
                "errors": rm.errors, "values": values, "differences": diffs,
            }
        return out


def run_in_process(measurements: Sequence[GameMeasurement],
                   progress: Callable[[int, int], None] | None = None,
                   after: Callable[[], None] | None = None) -> None:
    """Play every measurement's tasks here, one after the other, until all are done;
    ``progress(games played, games asked so far)`` and ``after()`` after each task."""
    played = asked = 0
    while not all(m.done for m in measurements):
        batch = [(m, t) for m in measurements for t in m.tasks()]
        if not batch:
            raise EngineError("paired: a measurement is not done and asks for no games")
        asked += sum(t.count for _, t in batch)
        for m, task in batch:
            m.feed(task, play_task(task))
            played += task.count
            if progress:
                progress(played, asked)
            if after:
                after()
