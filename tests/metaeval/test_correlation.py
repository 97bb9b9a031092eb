"""Correlation coefficients: SciPy's, hand-computed values, and the resampled (weighted) forms."""

from __future__ import annotations

import math
import sys

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from scipy import stats

from simpeval.exceptions import InvalidOptionError, InvalidValueError, MissingDependencyError
from simpeval.metaeval.correlation import METHODS, correlation, correlation_rows, weighted_correlation_rows

SCIPY = {"pearson": stats.pearsonr, "spearman": stats.spearmanr, "kendall": stats.kendalltau}
#: Small integers: many ties, the hard case of Spearman's and Kendall's tie corrections.
VALUES = st.lists(st.integers(-3, 3).map(float), min_size=3, max_size=25)


@pytest.mark.parametrize(
    ("method", "expected"),
    [  # by hand: x = 1 2 3 4, y = 1 3 2 4. Pearson: sum dx dy = 4, sum dx^2 = sum dy^2 = 5 -> 0.8;
        # Spearman: the ranks are the values -> 0.8; Kendall: 5 concordant, 1 discordant of 6 -> 4/6
        ("pearson", 0.8),
        ("spearman", 0.8),
        ("kendall", 4 / 6),
    ],
)
def test_hand_computed_coefficients(method: str, expected: float) -> None:
    assert correlation([1, 2, 3, 4], [1, 3, 2, 4], method) == pytest.approx(expected, abs=1e-12)


def test_kendall_is_tau_b_with_ties() -> None:
    # x = 1 1 2 3, y = 1 2 2 3: of 6 pairs, 1 tied in x, 1 tied in y, concordant 4, discordant 0:
    # tau-b = 4 / sqrt((6 - 1) * (6 - 1)) = 0.8 (tau-a would be 4 / 6)
    assert correlation([1, 1, 2, 3], [1, 2, 2, 3], "kendall") == pytest.approx(0.8, abs=1e-12)


@pytest.mark.parametrize(("x", "y"), [([1, 1, 1], [1, 2, 3]), ([1, 2], [2, 1]), ([1, 2, float("nan")], [1, 2, 3])])
def test_undefined_coefficients_are_nan(x: list[float], y: list[float]) -> None:
    for method in METHODS:
        assert math.isnan(correlation(x, y, method))


@pytest.mark.slow
@settings(max_examples=80, deadline=None)
@given(data=st.data())
def test_every_form_equals_scipy(data: st.DataObject) -> None:
    x = np.array(data.draw(VALUES))
    y = np.array(data.draw(st.lists(st.integers(-3, 3).map(float), min_size=len(x), max_size=len(x))))
    weights = np.array(
        data.draw(st.lists(st.lists(st.integers(0, 3), min_size=len(x), max_size=len(x)), min_size=1, max_size=4))
    )
    for method in METHODS:
        expected = SCIPY[method](x, y)[0] if np.ptp(x) and np.ptp(y) else math.nan
        assert correlation(x, y, method) == pytest.approx(expected, abs=1e-12, nan_ok=True)
        rows = correlation_rows(np.vstack([x, y[::-1]]), np.vstack([y, x]), method)
        assert rows[0] == pytest.approx(expected, abs=1e-12, nan_ok=True)
        assert rows[1] == pytest.approx(correlation(y[::-1], x, method), abs=1e-12, nan_ok=True)
        resampled = weighted_correlation_rows(x, y, weights, method)
        for w, value in zip(weights, resampled):  # a weight is how often an item was drawn
            assert value == pytest.approx(correlation(np.repeat(x, w), np.repeat(y, w), method), abs=1e-12, nan_ok=True)


def test_long_vectors_use_scipy_row_by_row() -> None:
    rng = np.random.default_rng(7)
    x, y = rng.normal(size=1200), rng.normal(size=1200)
    weights = rng.integers(0, 2, size=(2, 1200))
    assert correlation_rows(x[None], y[None], "kendall")[0] == pytest.approx(stats.kendalltau(x, y)[0], abs=1e-12)
    expected = [stats.kendalltau(np.repeat(x, w), np.repeat(y, w))[0] for w in weights]
    assert weighted_correlation_rows(x, y, weights, "kendall") == pytest.approx(expected, abs=1e-12)


def test_bad_arguments() -> None:
    with pytest.raises(InvalidOptionError, match="method must be one of pearson, spearman, kendall"):
        correlation([1, 2, 3], [1, 2, 3], "tau")
    with pytest.raises(InvalidValueError, match="same shape"):
        correlation([1, 2, 3], [1, 2], "pearson")
    with pytest.raises(InvalidValueError, match="1-D"):
        correlation([[1, 2, 3]], [[1, 2, 3]], "pearson")
    with pytest.raises(InvalidValueError, match="2-D"):
        correlation_rows([1, 2, 3], [1, 2, 3], "pearson")
    with pytest.raises(InvalidValueError, match="non-negative integer counts"):
        weighted_correlation_rows([1, 2, 3], [1, 2, 3], [[1, 0.5, 1]], "pearson")


def test_without_scipy_the_error_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "scipy", None)  # import scipy now raises ImportError
    with pytest.raises(MissingDependencyError, match=r'pip install "simplification-metrics\[metaeval\]"'):
        correlation([1, 2, 3], [1, 3, 2], "pearson")
