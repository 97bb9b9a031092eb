"""The Williams test of two dependent correlations."""

from __future__ import annotations

import math

import pytest
from scipy import stats

from simpeval.exceptions import InvalidValueError
from simpeval.metaeval import williams


def test_howell_example_from_the_literature() -> None:
    """Howell, Statistical Methods for Psychology (6th ed., p. 262), as worked in Bruce Weaver's
    Williams1959.sps (CBU statistics wiki, FAQ/Will): r12 = .80, r13 = .72, r23 = .89, n = 26
    give t = 1.361 on 23 df, two-sided p = .187."""
    t, p = williams(0.80, 0.72, 0.89, 26)
    assert round(t, 3) == 1.361
    assert round(2 * p, 3) == 0.187
    assert p == pytest.approx(stats.t.sf(t, 23))


def test_formula_by_hand() -> None:
    # K = 1 - .36 - .16 - .25 + 2(.6)(.4)(.5) = .47
    # t = .2 sqrt(99 * 1.5) / sqrt(2 * .47 * 99 / 97 + (1.0^2 / 4) * .5^3)
    t, p = williams(0.6, 0.4, 0.5, 100)
    assert t == pytest.approx(0.2 * math.sqrt(99 * 1.5) / math.sqrt(2 * 0.47 * 99 / 97 + 0.25 * 0.125), rel=1e-12)
    assert p == pytest.approx(stats.t.sf(t, 97), rel=1e-12)


def test_swapping_the_metrics_negates_t() -> None:
    t, p = williams(0.5, 0.3, 0.4, 50)
    t2, p2 = williams(0.3, 0.5, 0.4, 50)
    assert t2 == pytest.approx(-t) and p + p2 == pytest.approx(1.0)


@pytest.mark.parametrize(
    ("r12", "r13", "r23", "n"), [(0.5, 0.4, 0.3, 3), (math.nan, 0.4, 0.3, 50), (0.5, 0.5, 1.0, 50)]
)
def test_undefined_tests_are_nan(r12: float, r13: float, r23: float, n: int) -> None:
    t, p = williams(r12, r13, r23, n)
    assert math.isnan(t) and math.isnan(p)


def test_bad_arguments() -> None:
    with pytest.raises(InvalidValueError, match=r"r23 must be a correlation in \[-1, 1\]"):
        williams(0.5, 0.4, 1.5, 20)
    with pytest.raises(InvalidValueError, match="n must be an integer"):
        williams(0.5, 0.4, 0.3, 20.0)  # type: ignore[arg-type]
