"""Holm's step-down correction against hand-computed values and its defining properties."""

from __future__ import annotations

from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from simpeval.exceptions import InvalidInputError, InvalidValueError
from simpeval.significance import holm_bonferroni


@pytest.mark.parametrize(
    ("raw", "adjusted"),
    [
        # sorted 0.005, 0.01, 0.03, 0.04 -> 4*0.005, 3*0.01, 2*0.03, max(1*0.04, 0.06)
        ([0.01, 0.04, 0.03, 0.005], [0.03, 0.06, 0.06, 0.02]),
        # 3*0.01, 2*0.02, max(1*0.03, 0.04): the running maximum keeps them monotone
        ([0.01, 0.02, 0.03], [0.03, 0.04, 0.04]),
        ([0.5, 0.6], [1.0, 1.0]),  # 2*0.5 = 1, then max(0.6, 1): capped at 1
        ([0.02, 0.02], [0.04, 0.04]),  # ties
        ([0.2, 0.001, 0.3], [0.4, 0.003, 0.4]),  # 3*0.001, 2*0.2, max(0.3, 0.4)
        ([0.04], [0.04]),  # one test: no correction
        ([], []),
        ([0.0, 1.0], [0.0, 1.0]),
    ],
)
def test_hand_computed_examples(raw: list[float], adjusted: list[float]) -> None:
    assert holm_bonferroni(raw) == pytest.approx(adjusted, abs=1e-15)


@given(st.lists(st.floats(0, 1), max_size=30))
def test_adjusted_values_are_monotone_bounded_and_not_smaller(raw: list[float]) -> None:
    adjusted = holm_bonferroni(raw)
    assert len(adjusted) == len(raw)
    for p, a in zip(raw, adjusted):
        assert p <= a <= 1
        assert a <= min(1.0, len(raw) * p)  # never more conservative than Bonferroni
    for i in range(len(raw)):
        for j in range(len(raw)):
            if raw[i] <= raw[j]:
                assert adjusted[i] <= adjusted[j]


def test_accepts_numpy_values() -> None:
    import numpy as np

    assert holm_bonferroni(np.array([0.01, 0.02])) == pytest.approx([0.02, 0.02])


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        ([0.1, 1.5], r"holm_bonferroni: p_values\[1\] must be in \[0, 1\] \(got 1\.5\)"),
        ([float("nan")], r"p_values\[0\] must be in \[0, 1\] \(got nan\)"),
        ([-0.1], r"p_values\[0\] must be in \[0, 1\]"),
        (["0.1"], r"p_values\[0\] must be a number \(got str: '0\.1'\)"),
        ([True], r"p_values\[0\] must be a number \(got bool"),
        (0.05, r"p_values must be a sequence of p-values \(got float\)"),
        ("0.05", r"p_values must be a sequence of p-values \(got str\)"),
    ],
)
def test_invalid_p_values_raise(raw: Any, message: str) -> None:
    # a p-value out of range is a value problem (ValueError); the wrong type a TypeError
    expected = InvalidValueError if "must be in" in message else InvalidInputError
    with pytest.raises(expected, match=message):
        holm_bonferroni(raw)
