"""Bootstrap confidence interval of one system's corpus score.

The algorithm is sacrebleu's ``--confidence`` (``Metric.corpus_score(..., n_bootstrap=N)``,
i.e. ``sacrebleu.significance._bootstrap_resample`` followed by ``Score.estimate_ci``),
reimplemented over simpeval's statistics matrices with an explicit seed. The resampling itself is
:func:`simpeval.engines.resample.bootstrap_interval`, which ``corpus_score`` calls too.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from ..defaults import CONFIDENCE_LEVEL, CONFIDENCE_SAMPLES, DEFAULT_SEED
from ..engines.resample import ScoreFn, bootstrap_interval
from .results import ConfidenceInterval

__all__ = ["bootstrap_ci", "half_width"]


def bootstrap_ci(
    stats: Any,
    score_fn: ScoreFn,
    *,
    n_samples: int = CONFIDENCE_SAMPLES,
    seed: int = DEFAULT_SEED,
    level: float = CONFIDENCE_LEVEL,
    rng: np.random.Generator | None = None,
    dtype: Any = np.float64,
) -> ConfidenceInterval:
    """Bootstrap confidence interval of a corpus score, as sacrebleu's ``--confidence``.

    Draws ``n_samples`` resamples of the segments with replacement
    (``numpy.random.default_rng(seed).choice(n_segments, (n_samples, n_segments))``, sacrebleu's
    draws), sums each resample's statistics rows and scores every sum with ``score_fn``.

    Mapping to sacrebleu, which prints ``mean ± ci`` (``Score._mean``, ``Score._ci``): with the
    ``n`` resampled scores sorted,

    * ``low`` = ``scores[n // 40]`` and ``high`` = ``scores[n - n // 40 - 1]`` (for
      ``level=0.95``; in general ``lower = floor(n * (1 - level) / 2)``): a percentile interval;
    * ``mean`` = ``statistics.mean(scores)`` (sacrebleu's ``_mean``, exactly);
    * sacrebleu's ``± ci`` is the half-width ``0.5 * (high - low)``, see :func:`half_width`.
      sacrebleu's printed interval ``mean ± ci`` is this percentile interval re-centred on the
      mean; ``[low, high]`` is the percentile interval itself.

    Precision: by default the resampled sums are float64 (exact for integer statistics).
    sacrebleu rounds the statistics to float32 and sums them in float32 (exact for integer
    statistics below 2**24, but not for TER's mean reference lengths); ``dtype=numpy.float32``
    reproduces those sums bit for bit. With NumPy >= 2, sacrebleu's score formulas then also
    run in float32 arithmetic on those sums (NEP 50), which simpeval's metrics do not do, so
    their scores can differ from sacrebleu's in about the 7th significant digit.

    Args:
        stats: per-segment statistics, shape ``(n_segments, n_stats)`` (``metric.corpus_stats``).
        score_fn: maps a summed statistics vector to a score, e.g.
            ``lambda v: metric.score_from_stats(v).score``.
        n_samples: number of bootstrap resamples (sacrebleu's ``--confidence-n``, default 1000).
        seed: seed of ``numpy.random.default_rng``; recorded in the result.
        level: coverage of the interval.
        rng: draw from this generator instead of ``default_rng(seed)`` (``seed`` is then only
            recorded; pass the seed the generator was made from).
        dtype: precision of the resampled sums, ``numpy.float64`` or ``numpy.float32``.

    Returns:
        The interval, with ``level``, ``n_samples`` and ``seed``.

    Raises:
        InvalidInputError: ``stats`` is not a finite 2-D array.
        InvalidOptionError: ``n_samples``, ``seed``, ``level`` or ``dtype`` is invalid.

    Examples:
        >>> import numpy as np
        >>> stats = np.array([[1, 1], [0, 1], [1, 1], [1, 1], [0, 1]])  # (correct, total)
        >>> accuracy = lambda v: 100 * v[0] / v[1]
        >>> ci = bootstrap_ci(stats, accuracy, n_samples=200, seed=1)
        >>> ci.low <= ci.mean <= ci.high, ci.n_samples, ci.seed
        (True, 200, 1)
        >>> bootstrap_ci(stats, accuracy, n_samples=200, seed=1) == ci  # deterministic
        True
    """
    interval = bootstrap_interval(stats, score_fn, n_samples=n_samples, seed=seed, level=level, rng=rng, dtype=dtype)
    return ConfidenceInterval(**interval._asdict())


def half_width(ci: ConfidenceInterval) -> float:
    """sacrebleu's ``±`` value of an interval: ``0.5 * (high - low)``.

    sacrebleu reports a bootstrap interval as ``mean ± half_width``; with ``ci`` from
    :func:`bootstrap_ci` or :func:`~simpeval.significance.paired_bootstrap` this is the same
    number: exactly for float64 scores, and for float32 scores (sacrebleu's chrF and TER
    under NumPy >= 2) whenever ``low <= high <= 2 * low``, where sacrebleu's float32
    subtraction is exact; otherwise within the last float32 bit of the bounds (~2e-6 at 30).

    Examples:
        >>> from simpeval.significance import ConfidenceInterval
        >>> half_width(ConfidenceInterval(low=30.0, high=34.0, mean=32.1))
        2.0
    """
    return 0.5 * (ci.high - ci.low)
