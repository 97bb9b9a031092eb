"""Bootstrap resampling of rated segments, and percentile intervals.

A resample draws the *segments* (source sentences) with replacement and keeps every rated
output of each drawn segment, so the systems stay paired: one draw serves every system and
every metric. The draws are :func:`simpeval.engines.resample.bootstrap_counts`', the
ones every bootstrap in simpeval makes for the same seed and number of segments, and the
intervals use its percentile rule (sacrebleu's): with 1000 resamples the 25th and 976th of the
sorted values.

Examples:
    >>> r = Resamples.draw([0, 0, 1, 1, 2, 2], n_samples=3, seed=1)
    >>> r.weights.shape, bool((r.weights.sum(axis=1) == 6).all())
    ((3, 6), True)
    >>> percentile_interval([0.2, 0.1, float("nan"), 0.3])
    (0.1, 0.3)
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

import numpy as np

from ..defaults import CONFIDENCE_LEVEL
from ..engines.resample import bootstrap_counts, check_count, check_level, interval_indices, make_rng

__all__ = ["Resamples", "percentile_interval"]


@dataclass(frozen=True)
class Resamples:
    """Bootstrap resamples of the rated segments.

    Attributes:
        weights: ``(n_samples, n_ratings)``: how often each rating is in each resample (the
            count of its segment's draws).
        seed: the seed of the draws.
    """

    weights: np.ndarray
    seed: int

    @classmethod
    def draw(cls, segments: Sequence[int], n_samples: int, seed: int) -> Resamples:
        """``n_samples`` resamples of the distinct ``segments`` (``n_samples = 0``: none).

        Raises:
            InvalidOptionError: ``n_samples`` is negative or too large, or ``seed`` negative.
        """
        seed, _ = make_rng(seed, None, "meta_evaluate")
        if n_samples == 0:
            return cls(np.zeros((0, len(segments))), seed)
        check_count(n_samples, "n_samples", "meta_evaluate")
        distinct, position = np.unique(np.asarray(segments, dtype=np.int64), return_inverse=True)
        counts = bootstrap_counts(seed, len(distinct), n_samples)
        return cls(counts[:, position.ravel()], seed)

    @property
    def n_samples(self) -> int:
        """Number of resamples."""
        return int(self.weights.shape[0])


def percentile_interval(values: Iterable[float]) -> tuple[float, float]:
    """The bootstrap percentile interval (level :data:`simpeval.defaults.CONFIDENCE_LEVEL`) of
    ``values``, leaving NaN out (resamples where a coefficient is undefined); NaN if all are."""
    kept = sorted(v for v in values if not math.isnan(v))
    if not kept:
        return math.nan, math.nan
    low, high = interval_indices(len(kept), check_level(CONFIDENCE_LEVEL, "percentile_interval"))
    return float(kept[low]), float(kept[high])
