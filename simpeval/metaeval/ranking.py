"""Pairwise system ranking: does a metric order two systems as the human raters do?

For every pair of systems (``i < j``), the sign of the difference of their scores: ``+1`` if
``i`` is better, ``-1`` if worse, ``0`` for a tie (a metric's direction respected: TER's lower
is better). A pair counts when the raters tell its systems apart (a nonzero difference of
their mean ratings) and both have scores; the *ranking accuracy* of a metric is the share of
those pairs it orders as the raters do (a tie of the metric is a miss), and the *agreement* of
two metrics the share of the same pairs they order the same way. Every function works row by
row (one row of system scores per bootstrap resample).

Examples:
    >>> pair_signs([[3.0, 1.0, 2.0]])
    array([[ 1.,  1., -1.]])
    >>> ranking_accuracy([[30.0, 10.0, 20.0]], [[0.5, -0.5, 0.1]])
    array([1.])
    >>> ranking_accuracy([[1.0, 3.0, 2.0]], [[0.5, -0.5, 0.1]], higher_is_better=False)
    array([1.])
"""

from __future__ import annotations

import numpy as np
from numpy.typing import ArrayLike

__all__ = ["decided_pairs", "metric_agreement", "pair_signs", "ranking_accuracy"]


def pair_signs(values: ArrayLike, higher_is_better: bool = True) -> np.ndarray:
    """``(n_rows, n_pairs)``: the order of every pair ``i < j`` of the systems in each row (NaN
    where a score is missing)."""
    v = np.atleast_2d(np.asarray(values, dtype=np.float64)) * (1.0 if higher_is_better else -1.0)
    i, j = np.triu_indices(v.shape[1], k=1)
    return np.sign(v[:, i] - v[:, j])


def decided_pairs(human: ArrayLike) -> np.ndarray:
    """``(n_rows, n_pairs)`` booleans: the pairs whose mean ratings differ."""
    signs = pair_signs(human)
    decided: np.ndarray = np.isfinite(signs) & (signs != 0)
    return decided


def _share(hits: np.ndarray, counted: np.ndarray) -> np.ndarray:
    n = counted.sum(axis=1)
    with np.errstate(invalid="ignore", divide="ignore"):
        return np.where(n > 0, (hits & counted).sum(axis=1) / np.maximum(n, 1), np.nan)


def ranking_accuracy(metric: ArrayLike, human: ArrayLike, higher_is_better: bool = True) -> np.ndarray:
    """Per row: the share of the pairs the raters decide that the metric orders as they do
    (NaN when they decide none)."""
    ours, theirs = pair_signs(metric, higher_is_better), pair_signs(human)
    counted = decided_pairs(human) & np.isfinite(ours)
    return _share(ours == theirs, counted)


def metric_agreement(
    a: ArrayLike, b: ArrayLike, human: ArrayLike, a_higher_is_better: bool = True, b_higher_is_better: bool = True
) -> np.ndarray:
    """Per row: the share of the pairs the raters decide that metrics ``a`` and ``b`` order the
    same way (each by its own direction; NaN when the raters decide none)."""
    signs_a, signs_b = pair_signs(a, a_higher_is_better), pair_signs(b, b_higher_is_better)
    counted = decided_pairs(human) & np.isfinite(signs_a) & np.isfinite(signs_b)
    return _share(signs_a == signs_b, counted)
