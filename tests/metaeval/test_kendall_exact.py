"""Kendall's tau-b from exact pair counts: the definition by brute force over pairs, correct
rounding (against 60-digit decimal arithmetic), SciPy to an ulp or two, and the Simplicity-DA
case: the same figure whatever SciPy's version."""

from __future__ import annotations

import math
from decimal import Decimal, getcontext

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from simpeval.metaeval import correlation
from simpeval.metaeval.correlation import correlation_rows, weighted_correlation_rows
from simpeval.metaeval.kendall import _discordant, kendall_tau_b, pair_counts, ratio_sqrt


def by_definition(x: list[float], y: list[float]) -> tuple[int, int, int, int]:
    """(P, Q, T, U) over the pairs i < j, one by one."""
    p = q = t = u = 0
    for i in range(len(x)):
        for j in range(i + 1, len(x)):
            dx, dy = (x[i] > x[j]) - (x[i] < x[j]), (y[i] > y[j]) - (y[i] < y[j])
            if dx == 0 and dy == 0:
                continue
            if dx == 0:
                t += 1
            elif dy == 0:
                u += 1
            elif dx == dy:
                p += 1
            else:
                q += 1
    return p, q, t, u


def nearest(numerator: int, radicand: int) -> float:
    getcontext().prec = 60
    return float(Decimal(numerator) / Decimal(radicand).sqrt())


def test_a_hand_checked_case_with_ties() -> None:
    """x = 1 1 2 2 3, y = 1 2 1 3 3: the pairs (1,2) T, (1,3) U, (1,4) P, (1,5) P, (2,3) Q,
    (2,4) P, (2,5) P, (3,4) T, (3,5) P, (4,5) U: P = 5, Q = 1, T = 2, U = 2, tau-b = 4/8."""
    x, y = [1, 1, 2, 2, 3], [1, 2, 1, 3, 3]
    assert by_definition(x, y) == (5, 1, 2, 2)
    assert pair_counts(x, y) == (4, 8, 8)
    assert kendall_tau_b(x, y) == 0.5 == correlation(x, y, "kendall")
    assert stats.kendalltau(x, y)[0] == pytest.approx(0.5, abs=1e-15)


values = st.lists(st.integers(0, 6).map(float) | st.floats(-3, 3), min_size=3, max_size=40)


@settings(max_examples=300, deadline=None)
@given(data=st.data(), x=values)
@pytest.mark.slow
def test_counts_are_the_definition(data: st.DataObject, x: list[float]) -> None:
    y = data.draw(st.lists(st.integers(0, 4).map(float), min_size=len(x), max_size=len(x)))
    p, q, t, u = by_definition(x, y)
    assert pair_counts(x, y) == (p - q, p + q + u, p + q + t)
    if p + q + t and p + q + u:
        expected = (p - q) / math.sqrt((p + q + t) * (p + q + u))
        assert kendall_tau_b(x, y) == pytest.approx(expected, rel=1e-15, abs=1e-300)
        assert kendall_tau_b(x, y) == pytest.approx(stats.kendalltau(x, y)[0], rel=1e-15, abs=1e-300)


def test_fenwick_path_counts_like_the_pairwise_path() -> None:
    rng = np.random.default_rng(3)
    x, y = rng.integers(0, 50, 600).astype(float), rng.integers(0, 30, 600).astype(float)
    order = np.lexsort((y, x))
    import simpeval.metaeval.kendall as kendall

    pairwise = _discordant(x, y)
    limit, kendall._PAIRWISE_LIMIT = kendall._PAIRWISE_LIMIT, 10
    try:
        assert _discordant(x, y) == pairwise == _discordant(x[order], y[order])
    finally:
        kendall._PAIRWISE_LIMIT = limit


@pytest.mark.slow
@settings(max_examples=1000, deadline=None)
@given(numerator=st.integers(-(10**12), 10**12), radicand=st.integers(1, 10**24))
def test_ratio_sqrt_is_correctly_rounded(numerator: int, radicand: int) -> None:
    assert ratio_sqrt(numerator, radicand) == nearest(numerator, radicand)


def test_exact_squares_and_ties_to_even() -> None:
    assert ratio_sqrt(3, 9) == 1.0 and ratio_sqrt(-7, 49) == -1.0 and ratio_sqrt(0, 5) == 0.0
    assert ratio_sqrt(1, 3) == nearest(1, 3) and ratio_sqrt(2, 3) == nearest(2, 3)
    assert ratio_sqrt(2**60 + 1, 2**120) == 1.0  # the exact value 1 + 2**-60 rounds to 1
    assert ratio_sqrt(2**53 + 1, 2**106) == 1.0  # halfway between 1 and 1 + 2**-52: to even
    assert ratio_sqrt(2**53 + 3, 2**106) == 1 + 2**-51  # halfway between 1 + 2**-52 and 1 + 2**-51


def test_rows_and_weighted_rows_agree_with_the_point_value() -> None:
    rng = np.random.default_rng(5)
    x, y = rng.integers(0, 5, 30).astype(float), rng.normal(size=30).round(1)
    weights = rng.integers(0, 3, size=(20, 30))
    rows = correlation_rows(np.stack([x] * 3), np.stack([y] * 3), "kendall")
    assert rows.tolist() == [correlation(x, y, "kendall")] * 3
    expected = [kendall_tau_b(np.repeat(x, w), np.repeat(y, w)) for w in weights]
    assert weighted_correlation_rows(x, y, weights, "kendall").tolist() == expected
