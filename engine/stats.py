"""The statistics of the readings compared: intervals, paired differences, false discovery rate.

Standard library only (it runs in Pyodide, where the comparison panel measures games in
the browser with the same code as the build's). Every function is checked against scipy
and statsmodels to 1e-9 in ``tests/test_stats.py``.

- :func:`wilson`: the Wilson score interval of a share ``k / n`` of independent trials.
- :func:`t_ppf`, :func:`t_sf`: Student's t quantile and upper tail, from the regularized
  incomplete beta function (:func:`betainc`, Lentz's continued fraction; the quantile by
  safeguarded Newton steps on the distribution function).
- :func:`t_interval`: the mean of values with its t interval.
- :func:`paired_t`: the mean of paired differences with its t interval and two-sided p-value.
- :func:`ratio_interval`, :func:`paired_ratio_difference`: a ratio of sums over units
  (games) with its interval, and the difference of two such ratios measured on the same
  units; both by linearization (the delta method): each unit's contribution
  ``(num_i - R * den_i) / mean(den)`` is treated as a value, so a unit that holds several
  deals (correlated with each other) counts once.
- :func:`paired_bootstrap`: a percentile interval of a paired statistic, resampling units
  with ``random.Random(seed)``.
- :func:`bh_qvalues`: Benjamini–Hochberg adjusted p-values (q-values).

>>> round(t_ppf(0.975, 10), 6)
2.228139
>>> [round(x, 4) for x in wilson(3, 10)]
[0.1078, 0.6032]
"""

from __future__ import annotations

import functools
import math
import random
import statistics
from collections.abc import Callable, Sequence
from typing import NamedTuple

__all__ = ["Interval", "Difference", "betainc", "t_sf", "t_cdf", "t_ppf", "normal_ppf", "wilson", "t_interval",
           "paired_t", "ratio_interval", "paired_ratio_difference", "linearized", "paired_bootstrap",
           "percentile", "bh_qvalues", "CONFIDENCE", "BOOTSTRAP_SEED", "BOOTSTRAP_REPS"]

CONFIDENCE = 0.95
"""The level of every interval the edition prints."""
BOOTSTRAP_SEED = 20260522
"""The seed of the paired bootstrap (stated in the stored measures)."""
BOOTSTRAP_REPS = 1000
"""Resamples of the paired bootstrap."""

_EPS = 1e-16
_TINY = 1e-300


class Interval(NamedTuple):
    """An estimate with its interval (``low``/``high`` ``None`` when it cannot be given)."""

    estimate: float
    low: float | None
    high: float | None


class Difference(NamedTuple):
    """A paired difference (second minus first) with its interval, two-sided p-value and number of pairs."""

    estimate: float
    low: float | None
    high: float | None
    p: float | None
    n: int


# --------------------------------------------------------------------------- distributions

def _betacf(a: float, b: float, x: float) -> float:
    """The continued fraction of the incomplete beta function (modified Lentz)."""
    qab, qap, qam = a + b, a + 1.0, a - 1.0
    c, d = 1.0, 1.0 - qab * x / qap
    d = 1.0 / (d if abs(d) > _TINY else _TINY)
    h = d
    for m in range(1, 10_000):
        m2 = 2 * m
        aa = m * (b - m) * x / ((qam + m2) * (a + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > _TINY else _TINY)
        c = 1.0 + aa / c
        c = c if abs(c) > _TINY else _TINY
        h *= d * c
        aa = -(a + m) * (qab + m) * x / ((a + m2) * (qap + m2))
        d = 1.0 + aa * d
        d = 1.0 / (d if abs(d) > _TINY else _TINY)
        c = 1.0 + aa / c
        c = c if abs(c) > _TINY else _TINY
        delta = d * c
        h *= delta
        if abs(delta - 1.0) < _EPS:
            return h
    raise ArithmeticError(f"betainc: the continued fraction did not converge (a={a}, b={b}, x={x})")


def betainc(a: float, b: float, x: float) -> float:
    """The regularized incomplete beta function I_x(a, b)."""
    if not (a > 0 and b > 0):
        raise ValueError(f"betainc: a and b must be positive, not {a}, {b}")
    if x <= 0.0:
        return 0.0
    if x >= 1.0:
        return 1.0
    log_front = (math.lgamma(a + b) - math.lgamma(a) - math.lgamma(b)
                 + a * math.log(x) + b * math.log1p(-x))
    if x < (a + 1.0) / (a + b + 2.0):
        return math.exp(log_front) * _betacf(a, b, x) / a
    return 1.0 - math.exp(log_front) * _betacf(b, a, 1.0 - x) / b


def t_sf(t: float, df: float) -> float:
    """P(T > t) for Student's t with ``df`` degrees of freedom."""
    if df <= 0:
        raise ValueError(f"t: the degrees of freedom must be positive, not {df}")
    if math.isinf(t):
        return 0.0 if t > 0 else 1.0
    x = df / (df + t * t)
    tail = 0.5 * betainc(df / 2.0, 0.5, x)
    return tail if t > 0 else 1.0 - tail


def t_cdf(t: float, df: float) -> float:
    """P(T <= t) for Student's t with ``df`` degrees of freedom."""
    return t_sf(-t, df)


def _t_pdf(t: float, df: float) -> float:
    log = (math.lgamma((df + 1) / 2) - math.lgamma(df / 2) - 0.5 * math.log(df * math.pi)
           - (df + 1) / 2 * math.log1p(t * t / df))
    return math.exp(log)


def normal_ppf(p: float) -> float:
    """The standard normal quantile (the standard library's, Wichura's AS 241)."""
    return statistics.NormalDist().inv_cdf(p)


@functools.lru_cache(maxsize=4096)
def t_ppf(p: float, df: float) -> float:
    """Student's t quantile: the t with P(T <= t) = ``p``.

    Newton's method on :func:`t_cdf` from the normal quantile, kept inside a bracket
    that bisection narrows whenever a Newton step would leave it; the tail is computed
    on the smaller side so that p near 0 or 1 keeps its relative precision.
    """
    if not 0.0 < p < 1.0:
        raise ValueError(f"t_ppf: p must be strictly between 0 and 1, not {p}")
    if df <= 0:
        raise ValueError(f"t_ppf: the degrees of freedom must be positive, not {df}")
    if p == 0.5:
        return 0.0
    if p < 0.5:
        return -t_ppf(1.0 - p, df)
    q = 1.0 - p  # the upper tail wanted
    lo, hi = 0.0, 1.0
    while t_sf(hi, df) > q:
        lo, hi = hi, hi * 2.0
        if hi > 1e300:
            return math.inf
    t = min(max(normal_ppf(p), lo), hi)
    for _ in range(200):
        f = t_sf(t, df) - q  # decreasing in t
        if f > 0:
            lo = t
        else:
            hi = t
        step = f / _t_pdf(t, df)
        candidate = t + step
        if not lo < candidate < hi:
            candidate = (lo + hi) / 2.0
        if abs(candidate - t) <= 1e-15 * max(1.0, abs(t)):
            return candidate
        t = candidate
        if hi - lo <= 1e-15 * max(1.0, abs(t)):
            return t
    return t


# --------------------------------------------------------------------------- intervals

def wilson(k: float, n: float, confidence: float = CONFIDENCE) -> tuple[float, float]:
    """The Wilson score interval of the share ``k / n`` (``k`` successes in ``n`` independent trials)."""
    if n <= 0:
        raise ValueError(f"wilson: n must be positive, not {n}")
    if not 0 <= k <= n:
        raise ValueError(f"wilson: k must lie between 0 and n={n}, not {k}")
    z = normal_ppf(1.0 - (1.0 - confidence) / 2.0)
    phat = k / n
    denom = 1.0 + z * z / n
    centre = (phat + z * z / (2.0 * n)) / denom
    half = z * math.sqrt(phat * (1.0 - phat) / n + z * z / (4.0 * n * n)) / denom
    return max(0.0, centre - half), min(1.0, centre + half)


def t_interval(values: Sequence[float], confidence: float = CONFIDENCE) -> Interval:
    """The mean of ``values`` with its Student t interval (``None`` bounds for fewer than two values)."""
    n = len(values)
    if n == 0:
        raise ValueError("t_interval: no values")
    m = math.fsum(values) / n
    if n < 2:
        return Interval(m, None, None)
    se = statistics.stdev(values) / math.sqrt(n)
    half = t_ppf(1.0 - (1.0 - confidence) / 2.0, n - 1) * se
    return Interval(m, m - half, m + half)


def paired_t(first: Sequence[float], second: Sequence[float], confidence: float = CONFIDENCE) -> Difference:
    """The mean of ``second[i] - first[i]`` with its paired t interval and two-sided p-value.

    All differences equal: the interval is that difference, p is 1 when it is zero and 0 otherwise.
    """
    if len(first) != len(second):
        raise ValueError(f"paired_t: {len(first)} values against {len(second)}: they must pair")
    diffs = [b - a for a, b in zip(first, second)]
    return _difference_of(diffs, confidence)


def _difference_of(diffs: Sequence[float], confidence: float) -> Difference:
    n = len(diffs)
    if n == 0:
        raise ValueError("paired difference: no pairs")
    m = math.fsum(diffs) / n
    if n < 2:
        return Difference(m, None, None, None, n)
    sd = statistics.stdev(diffs)
    if sd == 0.0:
        return Difference(m, m, m, 1.0 if m == 0 else 0.0, n)
    se = sd / math.sqrt(n)
    half = t_ppf(1.0 - (1.0 - confidence) / 2.0, n - 1) * se
    p = min(1.0, 2.0 * t_sf(abs(m) / se, n - 1))
    return Difference(m, m - half, m + half, p, n)


def linearized(nums: Sequence[float], dens: Sequence[float]) -> tuple[float, list[float]]:
    """The ratio R = sum(nums) / sum(dens) and each unit's linearized contribution
    ``(num_i - R * den_i) / mean(dens)`` (their mean is zero; their spread is R's)."""
    if len(nums) != len(dens) or not nums:
        raise ValueError(f"ratio: {len(nums)} numerators against {len(dens)} denominators")
    total = math.fsum(dens)
    if total == 0:
        raise ValueError("ratio: every denominator is zero")
    r = math.fsum(nums) / total
    dbar = total / len(dens)
    return r, [(x - r * d) / dbar for x, d in zip(nums, dens)]


def ratio_interval(nums: Sequence[float], dens: Sequence[float], confidence: float = CONFIDENCE) -> Interval:
    """The ratio of sums over units, with a t interval from its linearization (units independent)."""
    r, z = linearized(nums, dens)
    if len(z) < 2:
        return Interval(r, None, None)
    half = t_ppf(1.0 - (1.0 - confidence) / 2.0, len(z) - 1) * statistics.stdev(z) / math.sqrt(len(z))
    return Interval(r, r - half, r + half)


def paired_ratio_difference(first: tuple[Sequence[float], Sequence[float]],
                            second: tuple[Sequence[float], Sequence[float]],
                            confidence: float = CONFIDENCE) -> Difference:
    """R2 - R1 for two ratios of sums measured on the same units (``(nums, dens)`` each,
    unit i of both the same game): a paired t interval and p-value on the difference of
    the units' linearized contributions. With every denominator 1 it is :func:`paired_t`."""
    r1, z1 = linearized(*first)
    r2, z2 = linearized(*second)
    if len(z1) != len(z2):
        raise ValueError(f"paired ratio: {len(z1)} units against {len(z2)}: they must pair")
    diff = r2 - r1
    n = len(z1)
    if n < 2:
        return Difference(diff, None, None, None, n)
    sd = statistics.stdev([b - a for a, b in zip(z1, z2)])
    if sd == 0.0:  # no spread: the difference is exact
        return Difference(diff, diff, diff, 1.0 if diff == 0 else 0.0, n)
    se = sd / math.sqrt(n)
    half = t_ppf(1.0 - (1.0 - confidence) / 2.0, n - 1) * se
    p = min(1.0, 2.0 * t_sf(abs(diff) / se, n - 1))
    return Difference(diff, diff - half, diff + half, p, n)


# --------------------------------------------------------------------------- bootstrap

def percentile(sorted_values: Sequence[float], q: float) -> float:
    """The ``q`` quantile (0..1) of sorted values, linear between order statistics (numpy's default)."""
    if not sorted_values:
        raise ValueError("percentile: no values")
    pos = q * (len(sorted_values) - 1)
    below = math.floor(pos)
    above = min(below + 1, len(sorted_values) - 1)
    frac = pos - below
    return sorted_values[below] + (sorted_values[above] - sorted_values[below]) * frac


def bootstrap_indices(n: int, reps: int = BOOTSTRAP_REPS, seed: int = BOOTSTRAP_SEED) -> list[list[int]]:
    """The ``reps`` resamples of ``n`` units the paired bootstrap uses (``random.Random(seed)``)."""
    rng = random.Random(seed)
    return [[math.floor(rng.random() * n) for _ in range(n)] for _ in range(reps)]


def paired_bootstrap(statistic: Callable[[Sequence[int]], float], n: int, reps: int = BOOTSTRAP_REPS,
                     seed: int = BOOTSTRAP_SEED, confidence: float = CONFIDENCE,
                     indices: Sequence[Sequence[int]] | None = None) -> tuple[float, float]:
    """The percentile interval of a paired statistic: ``statistic(idx)`` computes it on
    the units ``idx`` (both readings' values of the same units, so the pairs stay
    together); the units are resampled ``reps`` times with ``random.Random(seed)``
    (or ``indices`` given, from :func:`bootstrap_indices`)."""
    if n < 1:
        raise ValueError("paired_bootstrap: no units")
    draws = indices if indices is not None else bootstrap_indices(n, reps, seed)
    values = sorted(statistic(idx) for idx in draws)
    alpha = (1.0 - confidence) / 2.0
    return percentile(values, alpha), percentile(values, 1.0 - alpha)


# --------------------------------------------------------------------------- false discovery rate

def bh_qvalues(pvalues: Sequence[float]) -> list[float]:
    """Benjamini–Hochberg adjusted p-values: q_(i) = min over j >= i of p_(j) * m / j, at most 1."""
    m = len(pvalues)
    order = sorted(range(m), key=lambda i: pvalues[i])
    q = [0.0] * m
    running = 1.0
    for rank in range(m, 0, -1):
        i = order[rank - 1]
        running = min(running, pvalues[i] * m / rank)
        q[i] = min(1.0, running)
    return q
