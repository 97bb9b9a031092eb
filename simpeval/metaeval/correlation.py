"""Correlation coefficients between metric scores and human ratings.

The coefficients are SciPy's: Pearson's r (``scipy.stats.pearsonr``), Spearman's rho
(``spearmanr``: Pearson's r of the ranks, ties averaged) and Kendall's tau-b (``kendalltau``'s
default variant, which corrects for ties in either variable; computed here from exact integer
pair counts and correctly rounded, :mod:`.kendall`, so the same bits with every SciPy version). :func:`correlation` computes one;
:func:`correlation_rows` one per row of two matrices, and :func:`weighted_correlation_rows` one
per row of integer weights over the same two vectors (a bootstrap resample: each item counted as
often as drawn); both equal SciPy's on the same data to rounding, Pearson and Spearman vectorized. A coefficient is NaN where it is
undefined: fewer than :data:`MIN_ITEMS` items, a constant variable, or a NaN among the values.

Examples:
    >>> round(correlation([1, 2, 3, 4], [1, 3, 2, 4], "pearson"), 3)
    0.8
    >>> round(correlation([1, 2, 3, 4], [1, 3, 2, 4], "kendall"), 3)
    0.667
    >>> correlation([1, 1, 1], [1, 2, 3], "spearman")
    nan
"""

from __future__ import annotations

import math
import warnings

import numpy as np
from numpy.typing import ArrayLike

from ..exceptions import InvalidOptionError, InvalidValueError
from ._scipy import scipy_stats
from .kendall import kendall_tau_b, ratio_sqrt

__all__ = ["METHODS", "MIN_ITEMS", "check_method", "correlation", "correlation_rows", "weighted_correlation_rows"]

#: The coefficients, in report order.
METHODS: tuple[str, ...] = ("pearson", "spearman", "kendall")
#: Fewest items a coefficient is computed on (with two, every coefficient is +-1).
MIN_ITEMS = 3
#: Longest rows whose Kendall tau is computed pair by pair in NumPy (beyond, by SciPy, row by row).
_PAIRWISE_LIMIT = 1000
#: Elements of one block of pairwise signs.
_BLOCK = 1 << 22


def check_method(method: str, owner: str = "correlation") -> str:
    """``method`` if it is one of :data:`METHODS`.

    Raises:
        InvalidOptionError: any other value.
    """
    if method not in METHODS:
        raise InvalidOptionError(f"{owner}: method must be one of {', '.join(METHODS)} (got {method!r}).")
    return method


def _pair(x: ArrayLike, y: ArrayLike, owner: str) -> tuple[np.ndarray, np.ndarray]:
    a, b = np.asarray(x, dtype=np.float64), np.asarray(y, dtype=np.float64)
    if a.shape != b.shape:
        raise InvalidValueError(f"{owner}: x and y must have the same shape (got {a.shape} and {b.shape}).")
    return a, b


def _defined(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Per row: enough items, no NaN, and neither variable constant."""
    if a.shape[-1] < MIN_ITEMS:
        return np.zeros(a.shape[:-1], dtype=bool)
    finite = np.isfinite(a).all(axis=-1) & np.isfinite(b).all(axis=-1)
    with np.errstate(invalid="ignore"):
        defined: np.ndarray = finite & (np.ptp(a, axis=-1) > 0) & (np.ptp(b, axis=-1) > 0)
    return defined


def correlation(x: ArrayLike, y: ArrayLike, method: str) -> float:
    """The ``method`` coefficient of ``x`` and ``y`` (NaN when it is undefined).

    Raises:
        InvalidOptionError: an unknown ``method``.
        InvalidValueError: ``x`` and ``y`` differ in length.
        MissingDependencyError: SciPy is not installed.
    """
    check_method(method)
    a, b = _pair(x, y, "correlation")
    if a.ndim != 1:
        raise InvalidValueError(f"correlation: x and y must be 1-D sequences (got {a.ndim} dimensions).")
    if not _defined(a, b):
        return math.nan
    stats = scipy_stats()
    if method == "kendall":
        return kendall_tau_b(a, b)
    function = {"pearson": stats.pearsonr, "spearman": stats.spearmanr}[method]
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # constant input is NaN above; nothing else to say
        return float(function(a, b)[0])


def _pearson_rows(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    da = a - a.mean(axis=1, keepdims=True)
    db = b - b.mean(axis=1, keepdims=True)
    r: np.ndarray = (da * db).sum(axis=1) / np.sqrt((da * da).sum(axis=1) * (db * db).sum(axis=1))
    return np.clip(r, -1.0, 1.0, out=r)


def _kendall_rows(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    """Kendall's tau-b of every row pair (rows with ties allowed, none constant):
    ``sum(sign(da) * sign(db)) / sqrt((n0 - ties_a) * (n0 - ties_b))`` over the pairs ``i < j``,
    integer counts pair by pair in blocks of rows (or :func:`.kendall_tau_b` row by row for long
    rows), correctly rounded (:func:`.ratio_sqrt`)."""
    n = a.shape[1]
    if n > _PAIRWISE_LIMIT:
        return np.array([kendall_tau_b(x, y) for x, y in zip(a, b)])
    i, j = np.triu_indices(n, k=1)
    out = np.empty(a.shape[0])
    step = max(1, _BLOCK // max(1, len(i)))
    n0 = len(i)
    for start in range(0, a.shape[0], step):
        block_a, block_b = a[start : start + step], b[start : start + step]
        sa = np.sign(block_a[:, i] - block_a[:, j]).astype(np.int64)
        sb = np.sign(block_b[:, i] - block_b[:, j]).astype(np.int64)
        numerators = (sa * sb).sum(axis=1).tolist()
        untied = zip((n0 - (sa == 0).sum(axis=1)).tolist(), (n0 - (sb == 0).sum(axis=1)).tolist())
        out[start : start + step] = [ratio_sqrt(p, ua * ub) for p, (ua, ub) in zip(numerators, untied)]
    return out


def correlation_rows(x: ArrayLike, y: ArrayLike, method: str) -> np.ndarray:
    """The ``method`` coefficient of every row pair: ``[correlation(x[i], y[i], method) for i ...]``.

    Raises:
        InvalidOptionError: an unknown ``method``.
        InvalidValueError: ``x`` and ``y`` are not matrices of the same shape.
    """
    check_method(method, "correlation_rows")
    a, b = _pair(x, y, "correlation_rows")
    if a.ndim != 2:
        raise InvalidValueError(f"correlation_rows: x and y must be 2-D (got {a.ndim} dimensions).")
    out = np.full(a.shape[0], np.nan)
    ok = _defined(a, b)
    if not ok.any():
        return out
    stats = scipy_stats()
    if method == "kendall":
        out[ok] = _kendall_rows(a[ok], b[ok])
        return out
    if method == "spearman":
        out[ok] = _pearson_rows(stats.rankdata(a[ok], axis=1), stats.rankdata(b[ok], axis=1))
    else:
        out[ok] = _pearson_rows(a[ok], b[ok])
    return out


def _weighted_pearson(a: np.ndarray, b: np.ndarray, w: np.ndarray) -> np.ndarray:
    """Per row of ``w``: Pearson's r of ``a`` and ``b`` (rows or one vector each), item ``i``
    counted ``w[:, i]`` times."""
    total = w.sum(axis=1, keepdims=True)
    da = a - (w * a).sum(axis=1, keepdims=True) / total
    db = b - (w * b).sum(axis=1, keepdims=True) / total
    r: np.ndarray = (w * da * db).sum(axis=1) / np.sqrt((w * da * da).sum(axis=1) * (w * db * db).sum(axis=1))
    return np.clip(r, -1.0, 1.0, out=r)


def _weighted_ranks(x: np.ndarray, w: np.ndarray) -> np.ndarray:
    """Per row of ``w``: the rank of each item among the items counted ``w`` times (ties and
    repeats share their average rank), as ``scipy.stats.rankdata`` ranks the repeated sample."""
    values, inverse = np.unique(x, return_inverse=True)
    per_value = np.stack([np.bincount(inverse.ravel(), weights=row, minlength=len(values)) for row in w])
    below = np.cumsum(per_value, axis=1) - per_value
    return (below + (per_value + 1) / 2)[:, inverse.ravel()]


def _weighted_kendall(a: np.ndarray, b: np.ndarray, w: np.ndarray) -> np.ndarray:
    """Per row of ``w``: Kendall's tau-b of the repeated sample, from quadratic forms over the
    pairs of distinct items (``w_i * w_j`` pairs each) plus the pairs among the copies of one
    item (tied in both variables); SciPy on the repeated sample for long vectors."""
    n = len(a)
    if n > _PAIRWISE_LIMIT:
        everything = np.arange(n)
        repeated = (np.repeat(everything, row.astype(np.int64)) for row in w)
        return np.array([kendall_tau_b(a[r], b[r]) for r in repeated])
    sa, sb = np.sign(a[:, None] - a[None, :]), np.sign(b[:, None] - b[None, :])

    def pairs(matrix: np.ndarray) -> np.ndarray:  # sum over i < j of w_i w_j matrix_ij, per row of w
        total: np.ndarray = ((w @ matrix) * w).sum(axis=1) / 2
        return total

    copies = (w * (w - 1)).sum(axis=1) / 2
    total = w.sum(axis=1)
    n0 = total * (total - 1) / 2
    tied_a = pairs((sa == 0).astype(np.float64) - np.eye(n)) + copies
    tied_b = pairs((sb == 0).astype(np.float64) - np.eye(n)) + copies
    # integers held exactly in float64 (below 2**53): rounded once, correctly
    untied = zip((n0 - tied_a).tolist(), (n0 - tied_b).tolist())
    return np.array([ratio_sqrt(int(p), int(ua) * int(ub)) for p, (ua, ub) in zip(pairs(sa * sb).tolist(), untied)])


def weighted_correlation_rows(x: ArrayLike, y: ArrayLike, weights: ArrayLike, method: str) -> np.ndarray:
    """The ``method`` coefficient of ``x`` and ``y`` with each item counted as often as
    ``weights[r]`` says, for every row ``r``: ``correlation(np.repeat(x, weights[r]),
    np.repeat(y, weights[r]), method)``.

    Raises:
        InvalidOptionError: an unknown ``method``.
        InvalidValueError: ``x`` and ``y`` are not vectors of one length, or ``weights`` not a
            matrix of non-negative integers with that many columns.

    Examples:
        The second resample draws item 0 twice and item 1 not at all: x = 1 1 3 4, y = 1 1 2 4.

        >>> w = [[1, 1, 1, 1], [2, 0, 1, 1]]
        >>> [round(float(r), 6) for r in weighted_correlation_rows([1, 2, 3, 4], [1, 3, 2, 4], w, "spearman")]
        [0.8, 1.0]
    """
    check_method(method, "weighted_correlation_rows")
    a, b = _pair(x, y, "weighted_correlation_rows")
    w = np.asarray(weights, dtype=np.float64)
    if a.ndim != 1 or w.ndim != 2 or w.shape[1] != len(a) or (w < 0).any() or (w != np.floor(w)).any():
        raise InvalidValueError(
            f"weighted_correlation_rows: weights must be a matrix of non-negative integer counts with one column "
            f"per item ({len(a)}) (got shape {w.shape})."
        )
    out = np.full(w.shape[0], np.nan)
    drawn = w > 0
    with np.errstate(invalid="ignore"):
        spread_a = np.where(drawn, a, -np.inf).max(axis=1) - np.where(drawn, a, np.inf).min(axis=1)
        spread_b = np.where(drawn, b, -np.inf).max(axis=1) - np.where(drawn, b, np.inf).min(axis=1)
    finite = bool(np.isfinite(a).all() and np.isfinite(b).all())
    ok = (w.sum(axis=1) >= MIN_ITEMS) & (spread_a > 0) & (spread_b > 0) & finite
    if not ok.any():
        return out
    if method == "kendall":
        out[ok] = _weighted_kendall(a, b, w[ok])
    elif method == "spearman":
        out[ok] = _weighted_pearson(_weighted_ranks(a, w[ok]), _weighted_ranks(b, w[ok]), w[ok])
    else:
        out[ok] = _weighted_pearson(a[None, :], b[None, :], w[ok])
    return out
