"""The statistics of meta-evaluation: correlations, the Williams test, pairwise ranking accuracy.

Coefficients come from SciPy (``pip install "simpeval[metaeval]"``): Pearson's r, Spearman's rho
and Kendall's tau-b. Undefined values (a constant column, fewer than three items) are NaN.

Examples:
    >>> round(correlation([1, 2, 3, 4], [1, 3, 2, 4], "pearson"), 3)
    0.8
    >>> t, p = williams(0.6, 0.4, 0.5, 100)
    >>> round(t, 2), round(p, 4)
    (2.45, 0.0081)
"""

from __future__ import annotations

import math
import warnings
from typing import Any

import numpy as np
from numpy.typing import ArrayLike

from ..exceptions import InvalidOptionError, MissingDependencyError

__all__ = ["METHODS", "correlation", "pair_signs", "williams"]

#: The correlation coefficients computed.
METHODS = ("pearson", "spearman", "kendall")


def _scipy_stats() -> Any:
    try:
        from scipy import stats
    except ImportError as err:  # pragma: no cover - scipy is in the test extra
        raise MissingDependencyError('meta-evaluation needs SciPy: pip install "simpeval[metaeval]"') from err
    return stats


def correlation(x: ArrayLike, y: ArrayLike, method: str) -> float:
    """The correlation of ``x`` and ``y`` by ``method`` (NaN when it is undefined)."""
    if method not in METHODS:
        raise InvalidOptionError(f"correlation: method must be one of {', '.join(METHODS)} (got {method!r}).")
    a, b = np.asarray(x, dtype=np.float64), np.asarray(y, dtype=np.float64)
    if len(a) < 3 or np.ptp(a) == 0 or np.ptp(b) == 0:
        return math.nan
    stats = _scipy_stats()
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # scipy's ConstantInputWarning: handled above
        function = {"pearson": stats.pearsonr, "spearman": stats.spearmanr, "kendall": stats.kendalltau}[method]
        return float(function(a, b)[0])


def williams(r12: float, r13: float, r23: float, n: int) -> tuple[float, float]:
    """Williams's t for ``r12 > r13``, two correlations with variable 1 in common (one-sided p).

    ``t = (r12 - r13) sqrt((n - 1)(1 + r23)) / sqrt(2 K (n - 1)/(n - 3) + (r12 + r13)^2 / 4 (1 - r23)^3)``
    with ``K = 1 - r12^2 - r13^2 - r23^2 + 2 r12 r13 r23``, on ``n - 3`` degrees of freedom
    (Williams 1959, as Graham and Baldwin 2014 and the WMT metrics tasks use it).
    """
    if n <= 3 or any(math.isnan(r) for r in (r12, r13, r23)):
        return math.nan, math.nan
    k = 1 - r12**2 - r13**2 - r23**2 + 2 * r12 * r13 * r23
    denominator = 2 * k * (n - 1) / (n - 3) + (r12 + r13) ** 2 / 4 * (1 - r23) ** 3
    if denominator <= 0:
        return math.nan, math.nan
    t = (r12 - r13) * math.sqrt((n - 1) * (1 + r23)) / math.sqrt(denominator)
    return t, float(_scipy_stats().t.sf(t, n - 3))


def pair_signs(values: ArrayLike, higher_is_better: bool = True) -> np.ndarray:
    """The order of every pair ``i < j``: ``+1`` if ``i`` is better, ``-1`` if worse, ``0`` for a tie."""
    v = np.asarray(values, dtype=np.float64) * (1 if higher_is_better else -1)
    i, j = np.triu_indices(len(v), k=1)
    return np.sign(v[i] - v[j]).astype(np.int64)
