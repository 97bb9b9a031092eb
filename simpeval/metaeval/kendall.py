"""Kendall's tau-b from exact integer pair counts, correctly rounded.

tau-b is ``(P - Q) / sqrt((P + Q + T) * (P + Q + U))`` over the pairs ``i < j``: ``P``
concordant, ``Q`` discordant, ``T`` tied in ``x`` only, ``U`` tied in ``y`` only (a pair tied
in both counts in neither). Every term is an integer, so the value is a ratio of an integer and
the square root of one; :func:`ratio_sqrt` rounds it to the nearest float, the same bits on
every platform and with every SciPy and NumPy version. SciPy's ``kendalltau`` counts the same
pairs and divides by two rounded square roots in turn, so the two agree to an ulp or two.

Examples:
    >>> kendall_tau_b([1, 1, 2, 3], [1, 2, 2, 3])  # P = 4, T = U = 1: 4 / sqrt(5 * 5)
    0.8
"""

from __future__ import annotations

import math
from fractions import Fraction

import numpy as np
from numpy.typing import ArrayLike

__all__ = ["kendall_tau_b", "pair_counts", "ratio_sqrt"]

#: Longest vectors whose pairs are compared all at once (beyond, by sorting and a Fenwick tree).
_PAIRWISE_LIMIT = 2000


def ratio_sqrt(numerator: int, radicand: int) -> float:
    """``numerator / sqrt(radicand)`` rounded to the nearest float (ties to even), ``radicand > 0``.

    Examples:
        >>> ratio_sqrt(1, 3), 1 / 3**0.5, ratio_sqrt(-6, 4)  # the second rounds twice
        (0.5773502691896257, 0.5773502691896258, -3.0)
    """
    if numerator == 0:
        return 0.0
    sign, a = (-1.0 if numerator < 0 else 1.0), abs(numerator)
    square = Fraction(a * a, radicand)  # the exact value, squared
    guess = a / math.sqrt(radicand)  # within a few ulps
    while True:
        below, above = math.nextafter(guess, 0.0), math.nextafter(guess, math.inf)
        low, high = (Fraction(guess) + Fraction(below)) / 2, (Fraction(guess) + Fraction(above)) / 2
        if low * low > square:
            guess = below
        elif high * high < square:
            guess = above
        else:
            break
    odd = math.frexp(guess)[0] * 2**53 % 2 == 1
    if odd and low * low == square:
        guess = below
    elif odd and high * high == square:
        guess = above
    return sign * guess


def _tied_pairs(*columns: np.ndarray) -> int:
    """Pairs with equal values in every column."""
    _, counts = np.unique(np.stack(columns, axis=1), axis=0, return_counts=True)
    return sum(int(c) * (int(c) - 1) // 2 for c in counts)


def _discordant(x: np.ndarray, y: np.ndarray) -> int:
    """Pairs ordered one way by ``x`` and strictly the other way by ``y``."""
    n = len(x)
    if n <= _PAIRWISE_LIMIT:
        i, j = np.triu_indices(n, k=1)
        return int(((np.sign(x[i] - x[j]) * np.sign(y[i] - y[j])) < 0).sum())
    order = np.lexsort((y, x))  # by x, then y: pairs tied in x are never counted
    ranks = np.unique(y, return_inverse=True)[1].ravel()[order]
    size = int(ranks.max()) + 1
    tree = [0] * (size + 1)  # a Fenwick tree of the ranks seen so far
    discordant = 0
    for seen, rank in enumerate(ranks.tolist()):
        k, not_above = rank + 1, 0
        while k > 0:
            not_above += tree[k]
            k -= k & -k
        discordant += seen - not_above  # earlier items with a larger y
        k = rank + 1
        while k <= size:
            tree[k] += 1
            k += k & -k
    return discordant


def pair_counts(x: ArrayLike, y: ArrayLike) -> tuple[int, int, int]:
    """``(P - Q, P + Q + U, P + Q + T)`` of two 1-D vectors of one length, as Python ints: the
    numerator, the pairs not tied in ``x`` and the pairs not tied in ``y``.

    Examples:
        >>> pair_counts([1, 1, 2, 3], [1, 2, 2, 3])
        (4, 5, 5)
    """
    a, b = np.asarray(x, dtype=np.float64), np.asarray(y, dtype=np.float64)
    n = len(a)
    total = n * (n - 1) // 2
    tied_x, tied_y, tied_both = _tied_pairs(a), _tied_pairs(b), _tied_pairs(a, b)
    discordant = _discordant(a, b)
    concordant = total - tied_x - tied_y + tied_both - discordant
    return concordant - discordant, total - tied_x, total - tied_y


def kendall_tau_b(x: ArrayLike, y: ArrayLike) -> float:
    """Kendall's tau-b of ``x`` and ``y``, correctly rounded; NaN when either is constant."""
    numerator, untied_x, untied_y = pair_counts(x, y)
    if untied_x == 0 or untied_y == 0:
        return math.nan
    return ratio_sqrt(numerator, untied_x * untied_y)
