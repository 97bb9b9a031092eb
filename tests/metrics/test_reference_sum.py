"""simpeval._arith.reference_sum is the running interpreter's sum(), and its Python 3.12 rule is
Neumaier's summation; the compiled BLEU replay and NLTK-chrF follow whichever rule is forced."""

from __future__ import annotations

import math
import struct
import sys
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simpeval import _arith
from simpeval._arith import NEUMAIER, NEUMAIER_INTS, PLAIN, reference_sum, rule_for


def bits(value: Any) -> Any:
    """A float's exact bits (NaNs all alike); anything else as it is."""
    if type(value) is float:
        return "nan" if math.isnan(value) else struct.pack("<d", value)
    return (type(value), value)


def neumaier(values: list[float]) -> float:
    """Neumaier's algorithm as textbooks state it, over floats only, from 0.0."""
    total, correction = 0.0, 0.0
    for x in values:
        t = total + x
        if abs(total) >= abs(x):
            correction += (total - t) + x
        else:
            correction += (x - t) + total
        total = t
    return total + correction if correction and math.isfinite(correction) else total


finite = st.floats(allow_nan=False, allow_infinity=False)
floats = st.floats(allow_nan=True, allow_infinity=True) | st.sampled_from([-0.0, 0.0, 0.1, 1e16, -1e16, 1e308])
small_ints = st.integers(-(2**40), 2**40)
items = floats | small_ints | st.booleans() | st.integers(-(2**70), 2**70)
starts = st.sampled_from([0, 0.0, -0.0, 1, -7, 2.5, 2**64, True])


@settings(max_examples=2000, deadline=None)
@given(values=st.lists(items, max_size=12), start=starts)
@pytest.mark.slow
def test_equals_the_builtin_sum(values: list[Any], start: Any) -> None:
    """Floats, ints, bools, infinities, NaN, -0.0, ints beyond a C long, int and float starts."""
    assert bits(reference_sum(values, start)) == bits(sum(values, start))


@pytest.mark.slow
@settings(max_examples=500, deadline=None)
@given(values=st.lists(finite, max_size=30))
def test_equals_the_builtin_sum_of_floats_from_zero(values: list[float]) -> None:
    """sacrebleu's and NLTK's call: sum(list_of_floats), default start 0."""
    assert bits(reference_sum(values)) == bits(sum(values))


def test_the_running_rule() -> None:
    assert _arith.RUNNING_RULE == rule_for(sys.version_info[:2])
    assert reference_sum([0.1] * 10) == sum([0.1] * 10)


@settings(max_examples=1000, deadline=None)
@given(values=st.lists(floats, min_size=1, max_size=20))
@pytest.mark.slow
def test_the_compensated_rule_is_neumaiers_algorithm(values: list[float]) -> None:
    """Over floats, both compensated rules are the textbook algorithm (the first float meets the
    start 0 exactly: 0 + x is x, or 0.0 for -0.0)."""
    expected = neumaier(values)
    assert bits(reference_sum(values, rule=NEUMAIER)) == bits(expected)
    assert bits(reference_sum(values, rule=NEUMAIER_INTS)) == bits(expected)


@pytest.mark.parametrize(
    "values, plain, compensated",
    [
        ([1e16, 1.0, -1e16], 0.0, 1.0),
        ([0.1] * 10, 0.9999999999999999, 1.0),
        ([2.0**53, 1.0, 1.0], 2.0**53, 2.0**53 + 2),
        ([1e308, 1e308, -1e308], math.inf, math.inf),  # an overflowed total stays infinite
        ([math.inf, 1.0], math.inf, math.inf),
        ([-0.0, -0.0], 0.0, 0.0),  # the int start 0 meets -0.0
    ],
)
def test_known_cases(values: list[float], plain: float, compensated: float) -> None:
    assert bits(reference_sum(values, rule=PLAIN)) == bits(plain)
    assert bits(reference_sum(values, rule=NEUMAIER)) == bits(compensated)
    assert bits(reference_sum(values, -0.0, rule=NEUMAIER)) == bits(reference_sum(values, -0.0, rule=NEUMAIER_INTS))


def test_ints_inside_the_float_run() -> None:
    """3.12 and 3.13 add an int to the running total without compensation; 3.14 compensates it."""
    values = [1.0, 1e100, 1, -1e100]
    assert reference_sum(values, rule=PLAIN) == 0.0
    assert reference_sum(values, rule=NEUMAIER) == 1.0
    assert reference_sum(values, rule=NEUMAIER_INTS) == 2.0
    # leading ints are exact integers; the first float is added to them plainly
    leading = [2**53, 1, 1.0, 1.0]
    assert reference_sum(leading, rule=NEUMAIER) == neumaier([(2**53 + 1) + 1.0, 1.0])
    assert reference_sum(leading, rule=NEUMAIER) != neumaier([float(2**53), 1.0, 1.0, 1.0])


def test_a_numpy_scalar_ends_the_compensated_run() -> None:
    """sum() compensates exact floats only: from a NumPy scalar on, additions are plain."""
    values = [1e16, np.float64(1.0), 1.0, -1e16]
    assert reference_sum(values, rule=NEUMAIER) == ((1e16 + np.float64(1.0)) + 1.0) - 1e16
    assert reference_sum(values) == sum(values)
