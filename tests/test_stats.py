"""engine/stats.py (standard library only, it runs in Pyodide) against scipy, numpy and statsmodels, to 1e-9.

The paired comparison of readings (engine/paired.py) prints its intervals from these
functions; here each one is checked against the field's libraries on the same inputs. The
libraries are imported by the tests that use them, not with the module (scipy.stats and
statsmodels take a second or two to import, in every process that collects the suite).
"""

from __future__ import annotations

import math
import random
from typing import Any

import pytest

from engine import stats


def lazy_numpy() -> Any:
    return pytest.importorskip("numpy")


def lazy_scipy_stats() -> Any:
    return pytest.importorskip("scipy.stats")


def lazy_statsmodels(module: str) -> Any:
    """``statsmodels.stats.<module>`` (``proportion``, ``multitest``)."""
    return pytest.importorskip(f"statsmodels.stats.{module}")


TOL = 1e-9


def close(a: float, b: float, tol: float = TOL) -> bool:
    return abs(a - b) <= tol * max(1.0, abs(b))


@pytest.mark.parametrize("a, b, x", [(0.5, 0.5, 0.3), (2.0, 3.0, 0.7), (10.0, 0.5, 0.99), (500.0, 0.5, 0.999),
                                     (0.1, 40.0, 0.001), (1.0, 1.0, 0.5), (3.5, 0.5, 0.05)])
def test_betainc_matches_scipy(a, b, x):
    special = pytest.importorskip("scipy.special")
    assert close(stats.betainc(a, b, x), float(special.betainc(a, b, x)))


@pytest.mark.parametrize("df", [1, 2, 3, 4, 7, 10, 29, 99, 499, 999, 4999])
@pytest.mark.parametrize("p", [1e-6, 0.025, 0.1, 0.4, 0.6, 0.9, 0.975, 0.995, 0.999999])
def test_t_quantile_matches_scipy(df, p):
    scipy_stats = lazy_scipy_stats()
    assert close(stats.t_ppf(p, df), float(scipy_stats.t.ppf(p, df)))


@pytest.mark.parametrize("df", [1, 3, 10, 200])
@pytest.mark.parametrize("t", [-6.0, -1.5, 0.0, 0.3, 2.2, 8.0])
def test_t_tail_matches_scipy(df, t):
    scipy_stats = lazy_scipy_stats()
    assert close(stats.t_sf(t, df), float(scipy_stats.t.sf(t, df)))
    assert close(stats.t_cdf(t, df), float(scipy_stats.t.cdf(t, df)))


@pytest.mark.parametrize("k, n", [(0, 10), (3, 10), (10, 10), (21, 1000), (500, 1000), (1, 3)])
def test_wilson_matches_statsmodels(k, n):
    proportion = lazy_statsmodels("proportion")
    low, high = proportion.proportion_confint(k, n, alpha=0.05, method="wilson")
    ours = stats.wilson(k, n)
    assert close(ours[0], float(low)) and close(ours[1], float(high))


def test_t_interval_matches_scipy():
    np, scipy_stats = lazy_numpy(), lazy_scipy_stats()
    rng = random.Random(5)
    values = [rng.gauss(3.0, 2.0) for _ in range(37)]
    ours = stats.t_interval(values)
    low, high = scipy_stats.t.interval(0.95, len(values) - 1, loc=np.mean(values), scale=scipy_stats.sem(values))
    assert close(ours.estimate, float(np.mean(values))) and close(ours.low, float(low)) and close(ours.high, float(high))


def test_paired_t_matches_scipy():
    scipy_stats = lazy_scipy_stats()
    rng = random.Random(6)
    a = [rng.gauss(0, 1) for _ in range(50)]
    b = [x + 0.3 + rng.gauss(0, 0.5) for x in a]
    ours = stats.paired_t(a, b)
    result = scipy_stats.ttest_rel(b, a)
    ci = result.confidence_interval(0.95)
    assert close(ours.p, float(result.pvalue))
    assert close(ours.low, float(ci.low)) and close(ours.high, float(ci.high))
    assert ours.n == 50


def test_paired_ratio_difference_is_the_t_test_on_linearized_values():
    """The delta-method interval of R2 - R1 (ratios of sums over the same games) is the paired
    t interval of the games' linearized contributions, shifted to R2 - R1 (numpy + scipy here)."""
    np, scipy_stats = lazy_numpy(), lazy_scipy_stats()
    rng = random.Random(7)
    dens = [rng.randint(2, 9) for _ in range(80)]
    first = [sum(rng.random() < 0.3 for _ in range(d)) for d in dens]
    dens2 = [d + rng.choice((-1, 0, 0, 1)) for d in dens]
    second = [sum(rng.random() < 0.35 for _ in range(max(d, 0))) for d in dens2]
    ours = stats.paired_ratio_difference((first, dens), (second, dens2))
    x1, d1, x2, d2 = (np.array(v, dtype=float) for v in (first, dens, second, dens2))
    r1, r2 = x1.sum() / d1.sum(), x2.sum() / d2.sum()
    z = (x2 - r2 * d2) / d2.mean() - (x1 - r1 * d1) / d1.mean()
    se = z.std(ddof=1) / math.sqrt(len(z))
    half = scipy_stats.t.ppf(0.975, len(z) - 1) * se
    assert close(ours.estimate, r2 - r1)
    assert close(ours.low, r2 - r1 - half) and close(ours.high, r2 - r1 + half)
    assert close(ours.p, float(2 * scipy_stats.t.sf(abs(r2 - r1) / se, len(z) - 1)))


def test_ratio_interval_with_unit_denominators_is_the_t_interval():
    values = [1.0, 4.0, 2.0, 8.0, 5.0, 7.0]
    ratio = stats.ratio_interval(values, [1] * len(values))
    plain = stats.t_interval(values)
    assert close(ratio.estimate, plain.estimate) and close(ratio.low, plain.low) and close(ratio.high, plain.high)


def test_paired_bootstrap_matches_numpy_on_the_same_resamples():
    np = lazy_numpy()
    rng = random.Random(8)
    a = [rng.gauss(0, 1) for _ in range(40)]
    b = [x + rng.gauss(0.2, 1) for x in a]
    draws = stats.bootstrap_indices(len(a), reps=500, seed=stats.BOOTSTRAP_SEED)
    ours = stats.paired_bootstrap(lambda idx: sum(b[i] - a[i] for i in idx) / len(idx), len(a), indices=draws)
    diffs = np.array(b) - np.array(a)
    reps = np.array([diffs[np.array(idx)].mean() for idx in draws])
    assert close(ours[0], float(np.percentile(reps, 2.5))) and close(ours[1], float(np.percentile(reps, 97.5)))
    # the stated seed gives the same resamples every time, and the default call uses them
    assert stats.bootstrap_indices(len(a), 500) == draws
    again = stats.paired_bootstrap(lambda idx: sum(b[i] - a[i] for i in idx) / len(idx), len(a), reps=500)
    assert again == ours


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_bh_qvalues_match_statsmodels(seed):
    multitest = lazy_statsmodels("multitest")
    rng = random.Random(seed)
    ps = [rng.random() ** 3 for _ in range(23)] + [0.0, 1.0, 0.04, 0.04]
    expected = multitest.multipletests(ps, alpha=0.05, method="fdr_bh")[1]
    assert all(close(q, float(e)) for q, e in zip(stats.bh_qvalues(ps), expected))


@pytest.mark.parametrize("call, words", [
    (lambda: stats.wilson(3, 0), "n must be positive"),
    (lambda: stats.wilson(5, 3), "between 0 and n"),
    (lambda: stats.t_ppf(1.0, 3), "strictly between 0 and 1"),
    (lambda: stats.t_ppf(0.5, 0), "degrees of freedom"),
    (lambda: stats.paired_t([1.0], [1.0, 2.0]), "must pair"),
    (lambda: stats.ratio_interval([1.0], [0.0]), "every denominator is zero"),
])
def test_bad_input_is_refused_with_words(call, words):
    with pytest.raises(ValueError, match=words):
        call()


def test_degenerate_differences_are_exact():
    same = stats.paired_t([1.0, 2.0, 3.0], [1.0, 2.0, 3.0])
    assert (same.estimate, same.low, same.high, same.p) == (0.0, 0.0, 0.0, 1.0)
    shifted = stats.paired_t([1.0, 2.0, 3.0], [2.0, 3.0, 4.0])
    assert (shifted.estimate, shifted.low, shifted.high, shifted.p) == (1.0, 1.0, 1.0, 0.0)
    single = stats.paired_t([1.0], [3.0])
    assert single.low is None and single.p is None and single.estimate == 2.0
