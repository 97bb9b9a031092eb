"""Paired significance tests of a system against a baseline: bootstrap resampling and
approximate randomization (AR).

Both are sacrebleu's ``--paired-bs`` and ``--paired-ar`` (``sacrebleu.significance``
``_paired_bs_test`` / ``_paired_ar_test`` run by ``PairedTest``), reimplemented as pure
functions over statistics matrices with an explicit seed instead of ``SACREBLEU_SEED``.
For the same seed and number of samples they make the same random draws and apply the
same formulas, so they return sacrebleu's p-values, means and intervals.

The p-value of both tests (sacrebleu's ``_compute_p_value``, after multeval) is::

    p = (c + 1) / (n + 1),   c = #{samples whose statistic is strictly greater than the
                                   observed |score(system) - score(baseline)|}

so it lies in ``[1 / (n + 1), 1]``, with one deliberate exception: where the observed
difference is exactly zero (e.g. a copy of the baseline), ``p = 1``. sacrebleu (2.6.0) gives
such a pair ``1 / (n + 1)``, because with a strict comparison no statistic is ever greater
than 0, and thus reports a copy of the baseline as significantly different. Every other
p-value is sacrebleu's, bit for bit.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from fractions import Fraction
from typing import Any

import numpy as np
import numpy.typing as npt

from ..defaults import CONFIDENCE_LEVEL, DEFAULT_SEED, PAIRED_SAMPLES
from ..engines.resample import (
    ScoreFn,
    bootstrap_sums,
    check_count,
    check_level,
    check_stats,
    interval_indices,
    make_rng,
    randomization_sums,
    resample_dtype,
    score_rows,
    summed,
)
from ..exceptions import InputLengthMismatchError, InvalidValueError
from .results import ConfidenceInterval, PairedResult

__all__ = ["check_pair", "paired_approximate_randomization", "paired_bootstrap", "paired_bootstraps"]


def check_pair(
    baseline: Any, system: Any, owner: str, names: tuple[str, str] = ("baseline_stats", "system_stats")
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """Validate the statistics of two systems scored on the same segments with one metric.

    Raises:
        InvalidInputError: either matrix is invalid, or their numbers of statistics differ.
        InputLengthMismatchError: their numbers of segments differ.
    """
    base = check_stats(baseline, names[0], owner)
    other = check_stats(system, names[1], owner)
    if base.shape[0] != other.shape[0]:
        raise InputLengthMismatchError(
            f"{owner}: {names[0]} and {names[1]} must have the same number of segments "
            f"(got {base.shape[0]} and {other.shape[0]}). Score both systems on the same test set."
        )
    if base.shape[1] != other.shape[1]:
        raise InvalidValueError(
            f"{owner}: {names[0]} and {names[1]} must have the same number of statistics per segment "
            f"(got {base.shape[1]} and {other.shape[1]}). Compute both with the same metric and options."
        )
    return base, other


def _p_value(sample_statistics: npt.NDArray[Any], observed: float) -> float:
    # Strict '>' and the +1 correction, as sacrebleu (after multeval). ``observed`` must stay
    # a Python float: against float32 samples NumPy >= 2 then compares in float32, as sacrebleu.
    # No difference at all is no evidence of one: p = 1 (sacrebleu: 1 / (n + 1), see the module).
    if observed == 0.0:
        return 1.0
    count = int(np.count_nonzero(sample_statistics > observed))
    return (count + 1) / (len(sample_statistics) + 1)


def _observed_difference(
    baseline: npt.NDArray[np.float64], system: npt.NDArray[np.float64], score_fn: ScoreFn
) -> float:
    # sacrebleu scores the full corpora from unrounded statistics (never float32), each summed as
    # corpus_score sums it (the metric's sum_rows, when score_fn is a metric_scorer).
    return abs(float(score_fn(summed(score_fn, baseline))) - float(score_fn(summed(score_fn, system))))


def paired_bootstrap(
    baseline_stats: Any,
    system_stats: Any,
    score_fn: ScoreFn,
    *,
    n_samples: int = PAIRED_SAMPLES["bs"],
    seed: int = DEFAULT_SEED,
    level: float = CONFIDENCE_LEVEL,
    rng: np.random.Generator | None = None,
    dtype: Any = np.float64,
    system: str = "system",
    baseline: str = "baseline",
    metric: str = "",
) -> PairedResult:
    """Paired bootstrap resampling test (Koehn, 2004), as sacrebleu's ``--paired-bs``.

    Draws ``n_samples`` resamples of the segment indices with replacement
    (``default_rng(seed).choice(n_segments, (n_samples, n_segments))``) and scores both
    systems on each resample (the same segments for both). With ``d_r = |s_r - b_r|`` the
    absolute score difference on resample ``r``, the test statistic of a resample is
    ``d_r - mean(d)`` (the differences centred under the null hypothesis) and
    ``p = (#{r: d_r - mean(d) > |S - B|} + 1) / (n_samples + 1)`` where ``S`` and ``B`` are
    the full-corpus scores, except ``p = 1`` when ``S == B`` (sacrebleu: ``1 / (n_samples + 1)``).

    ``mean`` is ``np.mean`` of the system's sorted resampled scores and ``ci`` their
    percentile interval (``sorted[n // 40]``, ``sorted[n - n // 40 - 1]`` for 95%), as
    sacrebleu's ``estimate_ci``; sacrebleu's ``ci`` is ``0.5 * (ci.high - ci.low)``.

    Precision: see :func:`~simpeval.significance.bootstrap_ci`; ``dtype=numpy.float32``
    gives sacrebleu's float32 resampled sums.

    Args:
        baseline_stats: per-segment statistics of the baseline, ``(n_segments, n_stats)``.
        system_stats: per-segment statistics of the system, same shape.
        score_fn: maps a summed statistics vector to a score.
        n_samples: number of resamples (sacrebleu's default 1000).
        seed: seed of ``numpy.random.default_rng``; recorded in ``ci``.
        level: coverage of ``ci`` (sacrebleu: 0.95).
        rng: draw from this generator instead of ``default_rng(seed)``.
        dtype: precision of the resampled sums, ``numpy.float64`` or ``numpy.float32``.
        system: the system's name, recorded in the result.
        baseline: the baseline's name, recorded in the result.
        metric: the metric's name, recorded in the result.

    Returns:
        The :class:`~simpeval.significance.PairedResult` (``test="bs"``) with the p-value and
        the system's bootstrap ``mean`` and ``ci``.

    Raises:
        InvalidInputError: a statistics matrix is invalid, or their widths differ.
        InputLengthMismatchError: the two systems have different numbers of segments.
        InvalidOptionError: ``n_samples``, ``seed``, ``level`` or ``dtype`` is invalid.

    Examples:
        >>> import numpy as np
        >>> baseline = np.array([[0, 1]] * 6 + [[1, 1]] * 4)  # (correct, total): 40% accuracy
        >>> system = np.array([[1, 1]] * 9 + [[0, 1]])        # 90% accuracy
        >>> accuracy = lambda v: 100 * v[0] / v[1]
        >>> result = paired_bootstrap(baseline, system, accuracy, n_samples=100, seed=1)
        >>> result.p_value < 0.05, result.ci.low <= result.mean <= result.ci.high, result.test
        (True, True, 'bs')
        >>> paired_bootstrap(system, system, accuracy, n_samples=100).p_value  # no difference: p = 1
        1.0
    """
    owner = "paired_bootstrap"
    base, other = check_pair(baseline_stats, system_stats, owner)
    n = check_count(n_samples, "n_samples", owner)
    fraction = check_level(level, owner)
    precision = resample_dtype(dtype, owner)
    seed_value, generator = make_rng(seed, rng, owner)

    base_scores, system_scores = resampled_scores(generator, n, [base, other], score_fn, precision)
    result = _bootstrap_result(base, other, base_scores, system_scores, score_fn, n, fraction, float(level), seed_value)
    return replace(result, system=system, baseline=baseline, metric=metric)


def resampled_scores(
    generator: np.random.Generator,
    n: int,
    matrices: list[npt.NDArray[np.float64]],
    score_fn: ScoreFn,
    precision: Any,
) -> list[npt.NDArray[Any]]:
    """The scores of ``n`` bootstrap resamples of every matrix, all resampled with the same draws.

    A baseline compared with several systems is therefore resampled and scored once.
    ``np.array`` keeps score_fn's type (float64, or float32 for sacrebleu's chrF and TER).
    """
    return [np.array(score_rows(score_fn, sums)) for sums in bootstrap_sums(generator, n, matrices, precision)]


def _bootstrap_result(
    base: npt.NDArray[np.float64],
    other: npt.NDArray[np.float64],
    base_scores: npt.NDArray[Any],
    system_scores: npt.NDArray[Any],
    score_fn: ScoreFn,
    n: int,
    fraction: Fraction,
    level: float,
    seed: int,
) -> PairedResult:
    """sacrebleu's paired bootstrap result from the resampled scores of the two systems."""
    ordered = np.sort(system_scores)
    mean = float(ordered.mean())  # the mean of the *sorted* scores, as sacrebleu (summation order)
    lower, upper = interval_indices(n, fraction)
    ci = ConfidenceInterval(
        low=float(ordered[lower]),
        high=float(ordered[upper]),
        mean=mean,
        level=level,
        n_samples=n,
        seed=seed,
    )
    differences = np.abs(system_scores - base_scores)
    p_value = _p_value(differences - differences.mean(), _observed_difference(base, other, score_fn))
    return PairedResult(test="bs", p_value=p_value, n_samples=n, seed=seed, mean=mean, ci=ci)


def paired_bootstraps(
    systems: Mapping[str, npt.NDArray[np.float64]],
    pairs: list[tuple[str, str]],
    score_fn: ScoreFn,
    n_samples: int,
    seed: int,
    *,
    level: float = CONFIDENCE_LEVEL,
    dtype: Any = np.float64,
) -> list[PairedResult]:
    """:func:`paired_bootstrap` of every ``(baseline, system)`` pair, with the same results, but
    each system resampled and scored once (the draws depend only on the seed and the number
    of segments, so every pair sees the same resamples, exactly as separate calls would)."""
    owner = "paired_bootstraps"
    names = list(dict.fromkeys(name for pair in pairs for name in pair))
    _, generator = make_rng(seed, None, owner)
    precision = resample_dtype(dtype, owner)
    fraction = check_level(level, owner)
    resampled = resampled_scores(generator, n_samples, [systems[name] for name in names], score_fn, precision)
    scores = dict(zip(names, resampled))
    return [
        _bootstrap_result(
            systems[a], systems[b], scores[a], scores[b], score_fn, n_samples, fraction, float(level), seed
        )
        for a, b in pairs
    ]


def paired_approximate_randomization(
    baseline_stats: Any,
    system_stats: Any,
    score_fn: ScoreFn,
    *,
    n_samples: int = PAIRED_SAMPLES["ar"],
    seed: int = DEFAULT_SEED,
    rng: np.random.Generator | None = None,
    system: str = "system",
    baseline: str = "baseline",
    metric: str = "",
) -> PairedResult:
    """Paired approximate randomization test (Riezler & Maxwell, 2005), as sacrebleu's ``--paired-ar``.

    Each trial swaps the two systems' outputs on a random half of the segments
    (``default_rng(seed).integers(2, size=(n_samples, n_segments), dtype=bool)``: ``True``
    keeps the baseline's segment in pseudo-system A and the system's in B) and scores both
    pseudo-systems; the trial statistic is ``|score(A) - score(B)|``. Then
    ``p = (#{trials: |score(A) - score(B)| > |S - B|} + 1) / (n_samples + 1)``, except ``p = 1``
    when ``S == B`` (sacrebleu: ``1 / (n_samples + 1)``).

    The pseudo-systems' statistics are float64 sums (``mask @ stats``, as sacrebleu, which
    does not round to float32 in this test).

    Args:
        baseline_stats: per-segment statistics of the baseline, ``(n_segments, n_stats)``.
        system_stats: per-segment statistics of the system, same shape.
        score_fn: maps a summed statistics vector to a score.
        n_samples: number of randomization trials (sacrebleu's default 10000).
        seed: seed of ``numpy.random.default_rng``.
        rng: draw from this generator instead of ``default_rng(seed)``.
        system: the system's name, recorded in the result.
        baseline: the baseline's name, recorded in the result.
        metric: the metric's name, recorded in the result.

    Returns:
        The :class:`~simpeval.significance.PairedResult` (``test="ar"``).

    Raises:
        InvalidInputError: a statistics matrix is invalid, or their widths differ.
        InputLengthMismatchError: the two systems have different numbers of segments.
        InvalidOptionError: ``n_samples`` or ``seed`` is invalid.

    Examples:
        >>> import numpy as np
        >>> baseline = np.array([[0, 1]] * 6 + [[1, 1]] * 4)
        >>> system = np.array([[1, 1]] * 9 + [[0, 1]])
        >>> accuracy = lambda v: 100 * v[0] / v[1]
        >>> result = paired_approximate_randomization(baseline, system, accuracy, n_samples=1000, seed=1)
        >>> result.p_value < 0.05, result.test
        (True, 'ar')
        >>> paired_approximate_randomization(system, system, accuracy, n_samples=1000).p_value
        1.0
    """
    owner = "paired_approximate_randomization"
    base, other = check_pair(baseline_stats, system_stats, owner)
    n = check_count(n_samples, "n_samples", owner)
    seed_value, generator = make_rng(seed, rng, owner)

    pseudo_a, pseudo_b = randomization_sums(generator, n, base, other)
    scores_a = np.array(score_rows(score_fn, pseudo_a))
    scores_b = np.array(score_rows(score_fn, pseudo_b))
    p_value = _p_value(np.abs(scores_a - scores_b), _observed_difference(base, other, score_fn))
    return PairedResult(
        test="ar", p_value=p_value, n_samples=n, seed=seed_value, system=system, baseline=baseline, metric=metric
    )
