"""The Williams test: do two metrics correlate with the same human ratings differently?

Both correlations share the human variable, so they are dependent, and the test takes their
own correlation into account (Williams 1959, the T2 statistic recommended by Steiger 1980; as
Graham and Baldwin 2014 and the WMT metrics tasks use it for metric comparisons)::

    t = (r12 - r13) * sqrt((n - 1) * (1 + r23))
        / sqrt(2 * K * (n - 1) / (n - 3) + (r12 + r13)**2 / 4 * (1 - r23)**3)
    K = 1 - r12**2 - r13**2 - r23**2 + 2 * r12 * r13 * r23

with ``1`` the human ratings, ``2`` and ``3`` the two metrics, on ``n - 3`` degrees of freedom.
:func:`williams` returns ``t`` and the one-sided p-value of ``r12 > r13``.

Examples:
    Howell, *Statistical Methods for Psychology* (6th ed., p. 262): r12 = .80, r13 = .72,
    r23 = .89, n = 26 give t(23) = 1.361, two-sided p = .187.

    >>> t, p = williams(0.80, 0.72, 0.89, 26)
    >>> round(t, 3), round(2 * p, 3)
    (1.361, 0.187)
"""

from __future__ import annotations

import math

from .._validate import check_int
from ..exceptions import InvalidValueError
from ._scipy import scipy_stats

__all__ = ["williams"]


def _check(name: str, r: float) -> None:
    if not math.isnan(r) and not -1.0 <= r <= 1.0:
        raise InvalidValueError(f"williams: {name} must be a correlation in [-1, 1] (got {r!r}).")


def williams(r12: float, r13: float, r23: float, n: int) -> tuple[float, float]:
    """Williams's t for ``r12 > r13`` and its one-sided p-value (``P(T >= t)``, ``n - 3`` df).

    Args:
        r12: correlation of the human ratings with metric A.
        r13: correlation of the human ratings with metric B.
        r23: correlation of metric A with metric B.
        n: items correlated (segments, or systems).

    Returns:
        ``(t, p)``; both NaN when a correlation is NaN, ``n <= 3``, or the variance estimate
        is not positive (perfectly correlated metrics).

    Raises:
        InvalidValueError: a correlation outside [-1, 1], or ``n`` not an integer.
        MissingDependencyError: SciPy is not installed.
    """
    check_int(n, "williams: n", minimum=None, error=InvalidValueError)
    for name, r in (("r12", r12), ("r13", r13), ("r23", r23)):
        _check(name, r)
    if n <= 3 or any(math.isnan(r) for r in (r12, r13, r23)):
        return math.nan, math.nan
    k = 1 - r12**2 - r13**2 - r23**2 + 2 * r12 * r13 * r23
    variance = 2 * k * (n - 1) / (n - 3) + (r12 + r13) ** 2 / 4 * (1 - r23) ** 3
    if variance <= 0:
        return math.nan, math.nan
    t = (r12 - r13) * math.sqrt((n - 1) * (1 + r23)) / math.sqrt(variance)
    return t, float(scipy_stats().t.sf(t, n - 3))
