"""The statistics of a profile: intervals, tests and differences, with the standard library.

Every interval is a two-sided 95% interval. A rate (a share of games, of
seats) has the Wilson score interval; a mean over games the Student t
interval; a ratio of two sums over games (decisions per turn) the delta-method
interval of a ratio estimator, which treats each game, not each turn, as one
draw. The fairness of seats is Pearson's chi-square test; a rate against its
fair share is the binomial score test (the test the Wilson interval inverts);
the difference between two profiles' rates is Newcombe's hybrid score
interval with the two-proportion z-test, between two means Welch's.
"""

from __future__ import annotations

import math
import statistics
from typing import TYPE_CHECKING

from ono99.simulation import wilson_interval

if TYPE_CHECKING:
    from collections.abc import Sequence

__all__ = [
    "Z95",
    "chi_square_p",
    "mean_interval",
    "normal_p",
    "ratio_interval",
    "score_p",
    "simultaneous_z",
    "step_up",
    "t_quantile",
    "wilson",
]

Z95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95% interval."""


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    r"""The Wilson score interval of a binomial proportion.

    With :math:`\hat p = k / n`:
    :math:`\frac{\hat p + z^2/2n \pm z\sqrt{\hat p(1-\hat p)/n + z^2/4n^2}}{1 + z^2/n}`.

    >>> low, high = wilson(60, 100)
    >>> round(low, 3), round(high, 3)
    (0.502, 0.691)
    >>> wilson(0, 0)
    (0.0, 1.0)

    The simulation's win rates use the same interval (one function, written there).
    """
    return wilson_interval(successes, trials, z)


def simultaneous_z(intervals: int) -> float:
    """The normal quantile that makes ``intervals`` two-sided intervals hold together at 95%.

    Bonferroni's: each interval at the level ``1 - 0.05 / intervals``, so that
    the chance that any of them misses is at most 5%, however they depend on
    each other (a seat's share of the wins is taken from the others').

    >>> round(simultaneous_z(1), 3), round(simultaneous_z(4), 3)
    (1.96, 2.498)
    """
    return statistics.NormalDist().inv_cdf(1 - 0.025 / max(1, intervals))


def step_up(p_values: Sequence[float], rate: float = 0.05) -> list[bool]:
    r"""Which of ``p_values`` are discoveries at a false discovery rate of ``rate``.

    Benjamini and Hochberg's step-up procedure (1995): with the p-values in
    increasing order :math:`p_{(1)} \le \dots \le p_{(m)}`, find the
    largest :math:`k` with :math:`p_{(k)} \le k q / m` (:math:`q` being ``rate``) and call the
    :math:`k` smallest discoveries. Among the discoveries, the expected
    share of false ones is at most ``rate`` (for independent or positively
    dependent tests); where every null hypothesis holds, the chance of any
    discovery at all is at most ``rate``.

    >>> step_up([0.01, 0.04, 0.03, 0.5])
    [True, False, False, False]
    >>> step_up([0.01, 0.02, 0.03, 0.04])
    [True, True, True, True]
    """
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    cut = 0
    for rank, i in enumerate(order, 1):
        if p_values[i] <= rank * rate / m:
            cut = rank
    found = [False] * m
    for i in order[:cut]:
        found[i] = True
    return found


def t_quantile(df: int) -> float:
    """The 97.5% quantile of Student's t with ``df`` degrees of freedom.

    Exact for one and two degrees of freedom; beyond, the Cornish-Fisher
    expansion in ``1 / df`` (Abramowitz and Stegun 26.7.5), within 0.001 of
    the true value from five degrees of freedom on (0.004 at three), and
    closer as ``df`` grows: a profile's means are over hundreds of games.

    >>> round(t_quantile(1), 3), round(t_quantile(10), 3), round(t_quantile(1000), 3)
    (12.706, 2.228, 1.962)
    """
    if df <= 0:
        return math.inf
    if df == 1:
        return math.tan(math.pi * (0.975 - 0.5))
    if df == 2:
        p = 0.975
        return (2 * p - 1) * math.sqrt(2 / (4 * p * (1 - p)))
    z = Z95
    g1 = (z**3 + z) / 4
    g2 = (5 * z**5 + 16 * z**3 + 3 * z) / 96
    g3 = (3 * z**7 + 19 * z**5 + 17 * z**3 - 15 * z) / 384
    g4 = (79 * z**9 + 776 * z**7 + 1482 * z**5 - 1920 * z**3 - 945 * z) / 92160
    return z + g1 / df + g2 / df**2 + g3 / df**3 + g4 / df**4


def mean_interval(values: Sequence[float]) -> tuple[float, float, float, float]:
    r"""The mean of ``values``, its standard deviation and its Student t interval.

    :math:`\bar x \pm t_{0.975,\,n-1}\, s / \sqrt n`, with :math:`s` the sample
    standard deviation (divisor :math:`n - 1`). One value has the interval of
    its own value.

    Returns:
        ``(mean, sd, low, high)``.

    >>> mean, sd, low, high = mean_interval([1, 2, 3, 4, 5, 6, 7, 8, 9, 10])
    >>> mean, round(sd, 3), round(low, 2), round(high, 2)
    (5.5, 3.028, 3.33, 7.67)
    """
    n = len(values)
    if n == 0:
        return (0.0, 0.0, 0.0, 0.0)
    mean = math.fsum(values) / n
    if n == 1:
        return (mean, 0.0, mean, mean)
    sd = math.sqrt(math.fsum((v - mean) ** 2 for v in values) / (n - 1))
    half = t_quantile(n - 1) * sd / math.sqrt(n)
    return (mean, sd, mean - half, mean + half)


def ratio_interval(
    numerators: Sequence[float], denominators: Sequence[float]
) -> tuple[float, float, float, float]:
    r"""A ratio of sums over games, :math:`R = \sum y_i / \sum x_i`, and its interval.

    Each game is one draw of the pair :math:`(x_i, y_i)` (its turns and its
    turns with a choice, say), so turns of one game are not taken as
    independent. The delta method gives the standard error
    :math:`\sqrt{\sum (y_i - R x_i)^2 / (n (n-1))} / \bar x`, and the interval
    is :math:`R \pm t_{0.975,\,n-1}` times it.

    Returns:
        ``(ratio, se, low, high)``.

    >>> ratio, se, low, high = ratio_interval([1, 2, 3], [2, 4, 6])
    >>> ratio, se, low, high
    (0.5, 0.0, 0.5, 0.5)
    """
    n = len(numerators)
    total = math.fsum(denominators)
    if n == 0 or total == 0:
        return (0.0, 0.0, 0.0, 0.0)
    ratio = math.fsum(numerators) / total
    if n == 1:
        return (ratio, 0.0, ratio, ratio)
    mean_x = total / n
    residuals = math.fsum(
        (y - ratio * x) ** 2 for y, x in zip(numerators, denominators, strict=True)
    )
    se = math.sqrt(residuals / (n * (n - 1))) / mean_x
    half = t_quantile(n - 1) * se
    return (ratio, se, ratio - half, ratio + half)


def normal_p(z: float) -> float:
    """The two-sided p-value of a standard normal statistic ``z``.

    >>> round(normal_p(1.959963984540054), 3)
    0.05
    """
    return math.erfc(abs(z) / math.sqrt(2))


def score_p(successes: int, trials: int, expected: float) -> float:
    r"""The two-sided p-value of "the rate is ``expected``" (the binomial score test).

    :math:`z = (\hat p - p_0) / \sqrt{p_0 (1 - p_0) / n}`: the test whose
    acceptance region is the Wilson interval, so the p-value is below 0.05
    exactly when the interval leaves out ``expected``.

    >>> round(score_p(60, 100, 0.5), 4)
    0.0455
    """
    if trials <= 0 or not 0 < expected < 1:
        return 1.0
    z = (successes / trials - expected) / math.sqrt(expected * (1 - expected) / trials)
    return normal_p(z)


def chi_square_p(statistic: float, df: int) -> float:
    r"""The upper tail of the chi-square distribution with ``df`` degrees of freedom.

    In closed form: for even :math:`k = 2m`,
    :math:`e^{-x/2}\sum_{j<m} (x/2)^j / j!`; for odd :math:`k = 2m+1`,
    :math:`\operatorname{erfc}(\sqrt{x/2}) + 2\varphi(\sqrt x)
    \sum_{j=1}^{m} x^{j-1/2} / (1 \cdot 3 \cdots (2j-1))`.

    >>> round(chi_square_p(3.841458820694124, 1), 4), round(chi_square_p(7.814727903251178, 3), 4)
    (0.05, 0.05)
    """
    if df <= 0:
        return 1.0
    if statistic <= 0:
        return 1.0
    x = statistic
    if df % 2 == 0:
        term = 1.0
        total = 1.0
        for j in range(1, df // 2):
            term *= (x / 2) / j
            total += term
        return min(1.0, math.exp(-x / 2) * total)
    root = math.sqrt(x)
    tail = math.erfc(root / math.sqrt(2))
    density = math.exp(-x / 2) / math.sqrt(2 * math.pi)
    term = root  # x^(1/2) / 1
    total = 0.0
    for j in range(1, (df - 1) // 2 + 1):
        if j > 1:
            term *= x / (2 * j - 1)
        total += term
    return min(1.0, tail + 2 * density * total)
