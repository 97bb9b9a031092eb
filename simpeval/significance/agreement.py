"""How far metrics agree on the ranking of systems: system-level correlations with bootstrap CIs.

Given several systems scored by several metrics, :func:`metric_agreement` computes, for each
pair of metrics, the Pearson, Spearman and Kendall (tau-b) correlation of the systems'
corpus scores, and a percentile bootstrap interval obtained by resampling *segments*: every
resample draws the same segment indices for all systems and metrics, and scores are
recomputed from summed statistics (never from averaged finished scores). The resamples and
the percentile rule are those of :func:`~simpeval.significance.bootstrap_ci`, so one seed
gives the same resampled segments everywhere in a table.

Examples:
    >>> import numpy as np
    >>> pearson(np.array([1.0, 2.0, 3.0]), np.array([2.0, 4.0, 7.0])) > 0.98
    True
    >>> round(kendall_tau_b(np.array([1, 2, 3, 4]), np.array([1, 3, 2, 4])), 4)
    0.6667
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations

import numpy as np

from ..defaults import AGREEMENT_SAMPLES, CONFIDENCE_LEVEL, DEFAULT_SEED
from ..engines.resample import bootstrap_counts, check_level, interval_indices, summed
from ..exceptions import InputLengthMismatchError, InvalidOptionError, InvalidValueError

__all__ = ["Correlation", "kendall_tau_b", "metric_agreement", "pearson", "spearman"]

ScoreFn = Callable[[np.ndarray], float]


def pearson(x: np.ndarray, y: np.ndarray) -> float:
    """Pearson's r (``nan`` when either input is constant)."""
    x, y = np.asarray(x, dtype=np.float64), np.asarray(y, dtype=np.float64)
    dx, dy = x - x.mean(), y - y.mean()
    denominator = np.sqrt((dx * dx).sum() * (dy * dy).sum())
    return float((dx * dy).sum() / denominator) if denominator > 0 else float("nan")


def _ranks(values: np.ndarray) -> np.ndarray:
    """Average ranks (ties share the mean of their positions), 1-based."""
    values = np.asarray(values, dtype=np.float64)
    order = np.argsort(values, kind="mergesort")
    ranks = np.empty(values.size, dtype=np.float64)
    sorted_values = values[order]
    start = 0
    for end in range(1, values.size + 1):
        if end == values.size or sorted_values[end] != sorted_values[start]:
            ranks[order[start:end]] = (start + end + 1) / 2.0
            start = end
    return ranks


def spearman(x: np.ndarray, y: np.ndarray) -> float:
    """Spearman's rho: Pearson's r of the average ranks."""
    return pearson(_ranks(x), _ranks(y))


def kendall_tau_b(x: np.ndarray, y: np.ndarray) -> float:
    """Kendall's tau-b, which corrects for ties (``nan`` when either input is constant)."""
    x, y = np.asarray(x, dtype=np.float64), np.asarray(y, dtype=np.float64)
    i, j = np.triu_indices(x.size, k=1)
    sx, sy = np.sign(x[i] - x[j]), np.sign(y[i] - y[j])
    concordant_minus_discordant = float((sx * sy).sum())
    n_x, n_y = float(np.count_nonzero(sx)), float(np.count_nonzero(sy))
    return float(concordant_minus_discordant / np.sqrt(n_x * n_y)) if n_x > 0 and n_y > 0 else float("nan")


_COEFFICIENTS: Mapping[str, Callable[[np.ndarray, np.ndarray], float]] = {
    "pearson": pearson,
    "spearman": spearman,
    "kendall": kendall_tau_b,
}


@dataclass(frozen=True)
class Correlation:
    """Agreement of two metrics over the compared systems.

    Attributes:
        metric_a: first metric (column) name.
        metric_b: second metric name.
        method: ``"pearson"``, ``"spearman"`` or ``"kendall"``.
        value: the correlation of the systems' corpus scores.
        low: lower bound of the bootstrap percentile interval (``nan`` without bootstrap).
        high: upper bound.
        n_systems: number of systems correlated.
        n_samples: bootstrap resamples (0 without bootstrap).
        seed: seed of the resampling.
    """

    metric_a: str
    metric_b: str
    method: str
    value: float
    low: float
    high: float
    n_systems: int
    n_samples: int
    seed: int


def metric_agreement(
    stats: Mapping[str, Mapping[str, np.ndarray]],
    score_fns: Mapping[str, ScoreFn],
    *,
    methods: Sequence[str] = ("pearson", "spearman", "kendall"),
    n_samples: int = AGREEMENT_SAMPLES,
    seed: int = DEFAULT_SEED,
    level: float = CONFIDENCE_LEVEL,
    progress: Callable[[int, int], None] | None = None,
) -> list[Correlation]:
    """Correlations between every pair of metrics across systems, with bootstrap intervals.

    Args:
        stats: metric name -> system name -> that system's per-segment statistics
            (``Metric.corpus_stats``); every metric must cover the same systems and segments.
        score_fns: metric name -> function from a summed statistics vector to the score.
        methods: correlation coefficients to compute.
        n_samples: bootstrap resamples of the segments (0 disables the intervals).
        seed: seed of the resampling.
        level: coverage of the percentile interval.
        progress: optional callback ``progress(done, total)``.

    Raises:
        InvalidInputError: fewer than two metrics or three systems, or an unknown method.
        InputLengthMismatchError: the systems do not have the same number of segments.
    """
    metrics = list(stats)
    unknown = [m for m in methods if m not in _COEFFICIENTS]
    if unknown:
        raise InvalidOptionError(
            f"metric_agreement: methods must be among {', '.join(_COEFFICIENTS)} (got {', '.join(unknown)})."
        )
    if len(metrics) < 2:
        raise InvalidValueError("metric_agreement: at least two metrics are needed to correlate them.")
    systems = list(stats[metrics[0]])
    if len(systems) < 3:
        raise InvalidValueError(
            f"metric_agreement: at least three systems are needed for a correlation (got {len(systems)})."
        )
    sizes = {stats[m][s].shape[0] for m in metrics for s in systems}
    if len(sizes) != 1:
        raise InputLengthMismatchError(
            f"metric_agreement: every system must have the same number of segments (got {sorted(sizes)})."
        )
    n_segments = sizes.pop()
    point = {m: np.array([score_fns[m](summed(score_fns[m], stats[m][s])) for s in systems]) for m in metrics}
    resampled: dict[str, np.ndarray] = {}
    if n_samples > 0:
        counts = bootstrap_counts(seed, n_segments, n_samples)  # the draws of every bootstrap here
        total = len(metrics) * len(systems)
        for k, (m, s) in enumerate((m, s) for m in metrics for s in systems):
            sums = counts @ stats[m][s]
            column = np.array([score_fns[m](row) for row in sums])
            resampled.setdefault(m, np.empty((n_samples, len(systems))))[:, systems.index(s)] = column
            if progress is not None:
                progress(k + 1, total)
    fraction = check_level(level, "metric_agreement")
    results = []
    for a, b in combinations(metrics, 2):
        for method in methods:
            coefficient = _COEFFICIENTS[method]
            value = coefficient(point[a], point[b])
            low = high = float("nan")
            if n_samples > 0:
                values = np.array([coefficient(resampled[a][r], resampled[b][r]) for r in range(n_samples)])
                values = np.sort(values[~np.isnan(values)])
                if values.size:  # the percentile rule of bootstrap_ci (sacrebleu's)
                    lower, upper = interval_indices(values.size, fraction)
                    low, high = float(values[lower]), float(values[upper])
            results.append(Correlation(a, b, method, value, low, high, len(systems), n_samples, seed))
    return results
