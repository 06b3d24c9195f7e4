"""Intervals for win shares and score margins (95% unless told otherwise)."""

from __future__ import annotations

import math
import statistics

Z95 = 1.959963984540054


def wilson(successes: float, trials: float, z: float = Z95) -> tuple[float, float]:
    """Wilson score interval of a proportion; shared wins count as fractions."""
    if trials == 0:
        return (0.0, 1.0)
    p = successes / trials
    centre = p + z * z / (2 * trials)
    spread = z * math.sqrt(p * (1 - p) / trials + z * z / (4 * trials * trials))
    scale = 1 + z * z / trials
    # Rounding can put an end a hair past p at p = 0 or 1; the interval always holds p.
    return (min(p, max(0.0, (centre - spread) / scale)),
            max(p, min(1.0, (centre + spread) / scale)))


def mean_interval(values: list[float], z: float = Z95) -> tuple[float, float, float]:
    """Mean with its normal interval (zero width from fewer than two values)."""
    if not values:
        return (math.nan, math.nan, math.nan)
    mean = statistics.fmean(values)
    if len(values) < 2:
        return (mean, mean, mean)
    half = z * statistics.stdev(values) / math.sqrt(len(values))
    return (mean, mean - half, mean + half)


def share_difference(wins_a: float, n_a: float, wins_b: float, n_b: float,
                     z: float = Z95) -> tuple[float, float, float]:
    """Difference of two win shares (a - b) with Newcombe's interval, built from the
    two Wilson intervals: unlike the plain normal one it stays honest for small
    samples and shares near 0 or 1."""
    if not n_a or not n_b:
        return (math.nan, math.nan, math.nan)
    pa, pb = wins_a / n_a, wins_b / n_b
    la, ua = wilson(wins_a, n_a, z)
    lb, ub = wilson(wins_b, n_b, z)
    d = pa - pb
    return (d, d - math.hypot(pa - la, ub - pb), d + math.hypot(ua - pa, pb - lb))


def clustered_share_difference(groups: list[tuple[float, int, float, int]],
                               z: float = Z95) -> tuple[float, float, float]:
    """`share_difference` where the trials come in groups that are not independent:
    each group is one game's (wins_a, n_a, wins_b, n_b), and the seats of one game
    share its result (with two seats and one winner, a's win is b's loss). The
    difference's variance is taken over games (the delta method for a ratio of
    sums); its ratio to the variance the independent formula assumes (the design
    effect, never below 1) shrinks both samples to their effective sizes before
    Newcombe's interval is built, so the interval keeps its shape and widens as
    much as the games' dependence asks."""
    wins_a = sum(g[0] for g in groups)
    n_a = sum(g[1] for g in groups)
    wins_b = sum(g[2] for g in groups)
    n_b = sum(g[3] for g in groups)
    if not n_a or not n_b:
        return (math.nan, math.nan, math.nan)
    pa, pb = wins_a / n_a, wins_b / n_b
    independent = pa * (1 - pa) / n_a + pb * (1 - pb) / n_b
    deff = 1.0
    if len(groups) > 1 and independent > 0:
        residuals = sum(((wa - pa * na) / n_a - (wb - pb * nb) / n_b) ** 2
                        for wa, na, wb, nb in groups)
        deff = max(1.0, residuals * len(groups) / (len(groups) - 1) / independent)
    return share_difference(wins_a / deff, n_a / deff, wins_b / deff, n_b / deff, z)


def paired_share_difference(games: list[tuple[float, int, float, int]],
                            z: float = Z95) -> tuple[float, float, float]:
    """Difference of win shares within games that each hold both sides (a
    component's users and the other seats at the same table): each game's
    (wins_a, n_a, wins_b, n_b) gives its own difference of shares, and the result
    is their mean over games, with a Wilson interval on games as the draws. The
    interval is built on each game's score s = (difference + 1) / 2 in [0, 1],
    counted as as many trials as carry its variance (n = games * p(1 - p) /
    variance of s: exactly the games where s is a win or a loss, as with two seats
    and one winner, more where the table's other seats soften it). So a handful
    of games gets the width a handful of games deserves: three games won of three
    do not exclude a fair component."""
    scores = [(wa / na - wb / nb + 1) / 2 for wa, na, wb, nb in games if na and nb]
    if not scores:
        return (math.nan, math.nan, math.nan)
    p = statistics.fmean(scores)
    spread = statistics.pvariance(scores, p)
    seats = sum(na + nb for _, na, _, nb in games if na and nb)
    trials = float(len(scores))
    if spread > 0:
        # never more draws than the seat-games behind them
        trials = min(float(seats), len(scores) * p * (1 - p) / spread)
    low, high = wilson(p * trials, trials, z)
    return (2 * p - 1, 2 * low - 1, 2 * high - 1)


def z_for(confidence: float) -> float:
    return statistics.NormalDist().inv_cdf(0.5 + confidence / 2)
