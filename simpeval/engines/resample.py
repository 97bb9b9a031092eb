"""The one resampler: argument checks, random draws, resampled sums, the bootstrap interval.

``Metric.corpus_score(..., n_bootstrap=N)`` and :mod:`simpeval.significance` both use it, so it
lives below both and imports neither. A metric comes in as its score function only (``ScoreFn``),
which may carry a vectorized ``score_rows`` and the metric's ``sum_rows`` (:func:`summed`).

Everything here works on statistics matrices of shape ``(n_segments, n_stats)``: a resample
of the corpus is a multiset of segments, and its statistics are the sum of their rows. The
score function is applied to those sums only, so the cost of resampling does not depend on
how expensive a metric's text processing is.

The draws are exactly sacrebleu's (``sacrebleu/significance.py``):

* bootstrap: ``rng.choice(n_segments, size=(n_samples, n_segments), replace=True)``;
* approximate randomization: ``rng.integers(2, size=(n_samples, n_segments), dtype=bool)``;

with ``rng = numpy.random.default_rng(seed)`` made afresh for every call.

To bound memory, large draws are made block by block (rows of the matrices above). That
gives the very same draws as one call: ``choice`` takes 32-bit words from the bit
generator, which keeps a half-used 64-bit word across calls, and boolean draws use 32 bits
per word, so blocks of a multiple of 32 booleans consume whole words (pinned by the tests).
Test sets of usual sizes (``n x n_segments`` below 4-8 million) are drawn in one block.
"""

from __future__ import annotations

import math
import statistics
from collections.abc import Callable, Sequence
from fractions import Fraction
from typing import Any, NamedTuple

import numpy as np
import numpy.typing as npt

from .._validate import check_int
from ..defaults import CONFIDENCE_LEVEL, CONFIDENCE_SAMPLES, DEFAULT_SEED
from ..exceptions import InvalidInputError, InvalidOptionError, InvalidValueError

__all__ = [
    "MAX_RESAMPLES",
    "Interval",
    "ScoreFn",
    "bootstrap_counts",
    "bootstrap_interval",
    "bootstrap_sums",
    "check_count",
    "check_level",
    "check_stats",
    "draw_indices",
    "draw_swaps",
    "interval_indices",
    "make_rng",
    "randomization_sums",
    "resample_dtype",
    "resampled_sums",
    "score_rows",
    "summed",
]


#: A score function: a 1-D vector of summed statistics to a score. Its return value is used
#: as is (a NumPy float32 scalar stays float32), exactly as sacrebleu uses its scores.
ScoreFn = Callable[[npt.NDArray[Any]], float]

#: The most resamples (bootstrap) or trials (approximate randomization) one call accepts. Every
#: resample keeps a row of summed statistics per system (``(n, n_stats)`` float64 arrays, two per
#: pair for randomization) and a score, so memory grows with ``n`` whatever the block size: at this
#: limit that is tens of megabytes per system, at 10**8 it would be tens of gigabytes (MemoryError).
MAX_RESAMPLES = 100_000

#: Upper bound on the elements of one (resamples x segments) block of bootstrap indices.
_BLOCK_ELEMENTS = 1 << 22
#: Upper bound on the elements of one (trials x segments) block of randomization masks.
_AR_BLOCK_ELEMENTS = 1 << 23


def check_stats(stats: Any, argument: str, owner: str) -> npt.NDArray[np.float64]:
    """Validate a statistics matrix and return it as a float64 array.

    Raises:
        InvalidInputError: ``stats`` is not a finite numeric 2-D array with at least one
            segment and one statistic.
    """
    try:
        array = np.asarray(stats, dtype=np.float64)
    except (TypeError, ValueError) as err:
        raise InvalidInputError(
            f"{owner}: {argument} must be a numeric array of shape (n_segments, n_stats) "
            f"(got {type(stats).__name__}). Use metric.corpus_stats(...)."
        ) from err
    if array.ndim != 2 or array.shape[0] == 0 or array.shape[1] == 0:
        hint = " Pass the per-segment rows, not their sum." if array.ndim == 1 else ""
        raise InvalidValueError(
            f"{owner}: {argument} must be a 2-D array of shape (n_segments, n_stats) with at least "
            f"one segment and one statistic (got shape {array.shape}).{hint} Use metric.corpus_stats(...)."
        )
    if not np.isfinite(array).all():
        raise InvalidValueError(
            f"{owner}: {argument} must hold finite numbers only (got NaN or infinity in "
            f"{int((~np.isfinite(array)).sum())} cells)."
        )
    return array


def check_count(value: Any, argument: str, owner: str) -> int:
    """Validate a number of resamples or trials (an integer from 1 to :data:`MAX_RESAMPLES`).

    Raises:
        InvalidOptionError: ``value`` is not a positive integer, or exceeds :data:`MAX_RESAMPLES`.
    """
    count = check_int(value, f"{owner}: {argument}")
    if count > MAX_RESAMPLES:
        raise InvalidOptionError(
            f"{owner}: {argument} must be at most {MAX_RESAMPLES:,} (got {count:,}): every resample keeps its "
            f"statistics in memory. {MAX_RESAMPLES:,} resamples already give p-values and interval bounds "
            "to about 0.3%; for more, repeat the test with other seeds."
        )
    return count


def check_level(level: Any, owner: str) -> Fraction:
    """Validate a confidence level and return it as an exact decimal fraction (0.95 -> 19/20).

    Raises:
        InvalidOptionError: ``level`` is not a number strictly between 0 and 1.
    """
    if isinstance(level, (bool, np.bool_)) or not isinstance(level, (int, float, np.integer, np.floating)):
        raise InvalidOptionError(f"{owner}: level must be a number between 0 and 1, e.g. 0.95 (got {level!r}).")
    if not 0 < float(level) < 1:
        raise InvalidOptionError(f"{owner}: level must be strictly between 0 and 1, e.g. 0.95 (got {level!r}).")
    # The decimal the caller wrote, not its binary approximation: 0.95 -> 19/20 exactly.
    return Fraction(repr(float(level)))


def interval_indices(n: int, level: Fraction) -> tuple[int, int]:
    """Positions of the interval bounds in the sorted resampled scores.

    ``lower = floor(n * (1 - level) / 2)`` and ``upper = n - lower - 1``; for ``level = 0.95``
    that is sacrebleu's ``n // 40`` and ``n - n // 40 - 1``.
    """
    lower = (n * (level.denominator - level.numerator)) // (2 * level.denominator)
    return lower, n - lower - 1


def make_rng(seed: Any, rng: np.random.Generator | None, owner: str) -> tuple[int, np.random.Generator]:
    """Validate ``seed`` and return it with the generator to draw from.

    ``rng`` (if given) is used as is; otherwise a fresh ``numpy.random.default_rng(seed)``.

    Raises:
        InvalidOptionError: ``seed`` is not a non-negative integer.
        InvalidInputError: ``rng`` is not a ``numpy.random.Generator``.
    """
    if isinstance(seed, (bool, np.bool_)) or not isinstance(seed, (int, np.integer)) or seed < 0:
        raise InvalidOptionError(f"{owner}: seed must be an integer >= 0 (got {seed!r}).")
    if rng is None:
        return int(seed), np.random.default_rng(int(seed))
    if not isinstance(rng, np.random.Generator):
        raise InvalidInputError(
            f"{owner}: rng must be a numpy.random.Generator or None (got {type(rng).__name__}). "
            "Use numpy.random.default_rng(seed), or pass only seed."
        )
    return int(seed), rng


def resample_dtype(dtype: Any, owner: str) -> np.dtype[Any]:
    """Validate the precision of the resampled sums: float64 (default) or float32 (sacrebleu's).

    Raises:
        InvalidOptionError: ``dtype`` is neither.
    """
    try:
        resolved: np.dtype[Any] = np.dtype(dtype)
    except TypeError as err:
        raise InvalidOptionError(f"{owner}: dtype must be numpy.float64 or numpy.float32 (got {dtype!r}).") from err
    if resolved not in (np.dtype(np.float64), np.dtype(np.float32)):
        raise InvalidOptionError(f"{owner}: dtype must be numpy.float64 or numpy.float32 (got {dtype!r}).")
    return resolved


def draw_indices(rng: np.random.Generator, n_segments: int, n_samples: int) -> npt.NDArray[np.int64]:
    """Bootstrap resamples: row ``r`` lists the segments (with repetition) of resample ``r``."""
    # The same call as sacrebleu, so that the same seed gives the same resamples.
    return rng.choice(n_segments, size=(n_samples, n_segments), replace=True)


def draw_swaps(rng: np.random.Generator, n_segments: int, n_samples: int) -> npt.NDArray[np.bool_]:
    """Approximate-randomization trials: ``True`` where the baseline keeps its own segment."""
    return rng.integers(2, size=(n_samples, n_segments), dtype=bool)


def bootstrap_sums(
    rng: np.random.Generator,
    n_samples: int,
    matrices: Sequence[npt.NDArray[np.float64]],
    dtype: np.dtype[Any],
) -> list[npt.NDArray[Any]]:
    """Draw ``n_samples`` bootstrap resamples and sum each matrix over every resample.

    All matrices (one per system, same number of segments) are resampled with the same
    indices; the result holds one ``(n_samples, n_stats)`` array per matrix.
    """
    n_segments = matrices[0].shape[0]
    outputs = [np.empty((n_samples, m.shape[1]), dtype=dtype) for m in matrices]
    block = max(1, _BLOCK_ELEMENTS // n_segments)
    exact = [dtype == np.dtype(np.float64) or _exact_in_float32(m) for m in matrices]
    # Integer matrices whose every sum is exact give the same bits in any order of summation,
    # so they share one product (one BLAS call instead of one per system).
    stacked = [i for i, m in enumerate(matrices) if exact[i] and _integral(m)]
    joined = np.hstack([matrices[i] for i in stacked]) if len(stacked) > 1 else None
    bounds = np.cumsum([0] + [matrices[i].shape[1] for i in stacked])
    for start in range(0, n_samples, block):
        rows = min(block, n_samples - start)
        indices = draw_indices(rng, n_segments, rows)
        counts = _counts(indices) if any(exact) else None  # shared by the matrices
        product = counts @ joined if counts is not None and joined is not None else None
        for position, (matrix, output, by_product) in enumerate(zip(matrices, outputs, exact)):
            if product is not None and position in stacked:
                at = stacked.index(position)
                output[start : start + rows] = product[:, bounds[at] : bounds[at + 1]]
            elif by_product and counts is not None:
                output[start : start + rows] = counts @ matrix
            else:
                output[start : start + rows] = resampled_sums(matrix, indices, dtype)
    return outputs


def _integral(stats: npt.NDArray[np.float64]) -> bool:
    """Whether ``stats`` holds integers whose every resampled sum is exact in float64."""
    if stats.size == 0:
        return False
    largest = float(np.abs(stats).max())
    return bool(np.array_equal(stats, np.floor(stats)) and largest * stats.shape[0] < 2**53)


def bootstrap_counts(seed: int, n_segments: int, n_samples: int) -> npt.NDArray[np.float64]:
    """How often each segment is drawn in each of ``n_samples`` bootstrap resamples, shape
    ``(n_samples, n_segments)``: the draws of :func:`draw_indices` from ``default_rng(seed)``,
    so every bootstrap in simpeval resamples the same segments for the same seed."""
    return _counts(draw_indices(np.random.default_rng(seed), n_segments, n_samples))


def _counts(indices: npt.NDArray[np.int64]) -> npt.NDArray[np.float64]:
    """How often each segment occurs in each resample: ``(n_samples, n_segments)`` floats."""
    rows, n_segments = indices.shape
    offsets = indices + (np.arange(rows, dtype=np.int64) * n_segments)[:, None]
    counts = np.bincount(offsets.ravel(), minlength=rows * n_segments).reshape(rows, n_segments)
    return counts.astype(np.float64)


def randomization_sums(
    rng: np.random.Generator,
    n_samples: int,
    baseline: npt.NDArray[np.float64],
    system: npt.NDArray[np.float64],
) -> tuple[npt.NDArray[np.float64], npt.NDArray[np.float64]]:
    """Statistics of the two pseudo-systems of every approximate-randomization trial.

    ``A = keep @ baseline + swap @ system`` and ``B = swap @ baseline + keep @ system``
    (``swap = ~keep``): two float64 products and a sum each, in sacrebleu's order, so that
    non-integer statistics get sacrebleu's bits too. Beyond ``_AR_BLOCK_ELEMENTS`` mask cells
    the trials are processed in blocks; the draws stay the same, but BLAS products of
    non-integer statistics may then differ from one big product in the last bits.
    """
    n_segments = baseline.shape[0]
    unit = 32 // math.gcd(n_segments, 32)  # rows per whole number of 32-bit words
    block = max(unit, (_AR_BLOCK_ELEMENTS // n_segments) // unit * unit)
    pseudo_a = np.empty((n_samples, baseline.shape[1]), dtype=np.float64)
    pseudo_b = np.empty_like(pseudo_a)
    for start in range(0, n_samples, block):
        rows = min(block, n_samples - start)
        keep = draw_swaps(rng, n_segments, rows)
        swap = ~keep
        pseudo_a[start : start + rows] = keep @ baseline + swap @ system
        pseudo_b[start : start + rows] = swap @ baseline + keep @ system
    return pseudo_a, pseudo_b


def _exact_in_float32(stats: npt.NDArray[np.float64]) -> bool:
    """Whether every sum of ``n_segments`` rows (drawn with replacement) is exact in float32."""
    if stats.size == 0:
        return True
    largest = float(stats.max())
    return bool(float(stats.min()) >= 0 and np.array_equal(stats, np.floor(stats)) and largest * stats.shape[0] < 2**24)


def resampled_sums(
    stats: npt.NDArray[np.float64], indices: npt.NDArray[np.int64], dtype: np.dtype[Any]
) -> npt.NDArray[Any]:
    """The summed statistics of the resamples in ``indices``, shape ``(n_samples, n_stats)``.

    * ``float64``: counts of every segment in every resample, times the statistics (one
      matrix product per block of resamples). Integer statistics are summed exactly; sums of
      non-integer statistics may differ from a sequential sum in the last bits.
    * ``float32``: sacrebleu's arithmetic, bit for bit: the statistics are rounded to float32
      and every resample's rows are summed with ``ndarray.sum(axis=0)`` in float32. When the
      statistics are non-negative integers whose resampled sums stay below 2**24 (every
      partial sum is then an integer float32 holds exactly, in any summation order), the
      exact float64 path below gives the same numbers and is used instead.
    """
    n_samples, n_segments = indices.shape
    if dtype == np.dtype(np.float32) and _exact_in_float32(stats):
        return resampled_sums(stats, indices, np.dtype(np.float64)).astype(np.float32)
    if dtype == np.dtype(np.float32):
        rows32 = stats.astype(np.float32)
        sums32 = np.empty((n_samples, stats.shape[1]), dtype=np.float32)
        for r in range(n_samples):
            sums32[r] = rows32[indices[r]].sum(axis=0)
        return sums32
    sums = np.empty((n_samples, stats.shape[1]), dtype=np.float64)
    block = max(1, _BLOCK_ELEMENTS // n_segments)
    for start in range(0, n_samples, block):
        chunk = indices[start : start + block]
        sums[start : start + chunk.shape[0]] = _counts(chunk) @ stats
    return sums


def score_rows(score_fn: Any, sums: npt.NDArray[Any]) -> Any:
    """``[score_fn(row) for row in sums]``, in one vectorized call when the scorer offers one.

    A scorer from :meth:`simpeval.metrics.base.Metric.resampling_scorer` may carry a
    ``score_rows(matrix)`` attribute that scores every row at once with the same arithmetic
    and returns the same values with the same types as the row-by-row scores (a float64 or
    float32 array, or a list; SARI, and sacrebleu's BLEU and chrF under NumPy >= 2); otherwise each
    row is scored on its own, keeping the scorer's return type.
    """
    batch = getattr(score_fn, "score_rows", None)
    if batch is None:
        return [score_fn(row) for row in sums]
    scores = batch(sums)
    if isinstance(scores, np.ndarray) and scores.dtype == np.float64:
        return scores.tolist()  # Python floats, as a float-returning scorer gives
    return scores


def summed(score_fn: Any, stats: npt.NDArray[Any]) -> npt.NDArray[Any]:
    """The corpus total of the rows ``stats``: the metric's ``sum_rows`` when ``score_fn`` carries
    it (:func:`simpeval.significance.metric_scorer`), else the rows added by NumPy, as ``Metric.sum_rows`` does by default
    (a bare score function stands for no metric, so has no summation of its own)."""
    sum_rows = getattr(score_fn, "sum_rows", None)
    if sum_rows is None:
        return np.asarray(stats.sum(axis=0))
    return np.asarray(sum_rows(stats))


class Interval(NamedTuple):
    """A bootstrap interval's figures: the fields of
    :class:`~simpeval.metrics.score.ConfidenceInterval`, which its callers build from them."""

    low: float
    high: float
    mean: float
    level: float
    n_samples: int
    seed: int


def bootstrap_interval(
    stats: Any,
    score_fn: ScoreFn,
    *,
    n_samples: int = CONFIDENCE_SAMPLES,
    seed: int = DEFAULT_SEED,
    level: float = CONFIDENCE_LEVEL,
    rng: np.random.Generator | None = None,
    dtype: Any = np.float64,
    owner: str = "bootstrap_ci",
) -> Interval:
    """The percentile interval of ``n_samples`` bootstrap resamples of ``stats``, as sacrebleu's
    ``--confidence``: :func:`simpeval.significance.bootstrap_ci` documents the rule and every argument.

    Raises:
        InvalidInputError: ``stats`` is not a finite 2-D array (the message names ``owner``).
        InvalidOptionError: ``n_samples``, ``seed``, ``level`` or ``dtype`` is invalid.
    """
    array = check_stats(stats, "stats", owner)
    n = check_count(n_samples, "n_samples", owner)
    fraction = check_level(level, owner)
    precision = resample_dtype(dtype, owner)
    seed_value, generator = make_rng(seed, rng, owner)

    (sums,) = bootstrap_sums(generator, n, [array], precision)
    # Keep the scores as score_fn returns them (float or NumPy scalar): sacrebleu sorts and
    # averages those raw values with sorted() and statistics.mean().
    scores = sorted(score_rows(score_fn, sums))
    lower, upper = interval_indices(n, fraction)
    return Interval(float(scores[lower]), float(scores[upper]), _mean(scores), float(level), n, seed_value)


def _mean(scores: list[Any]) -> float:
    """``statistics.mean`` of the raw scores, as sacrebleu takes it; as Python floats when their types mix
    (chrF and TER score a resample of only empty segments as a float, the others as float32, which
    ``statistics.mean`` refuses: sacrebleu 2.6.0 raises TypeError there)."""
    try:
        return float(statistics.mean(scores))
    except TypeError:
        return float(statistics.mean([float(score) for score in scores]))
