"""Multiple-comparison corrections of p-values."""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import Any

import numpy as np

from ..exceptions import InvalidInputError, InvalidValueError

__all__ = ["holm_bonferroni"]


def holm_bonferroni(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values (Holm, 1979), in the input order.

    With the ``m`` p-values sorted ascending, ``p_(1) <= ... <= p_(m)``, the adjusted value of
    the ``i``-th is ``min(1, max_{j <= i} (m - j + 1) * p_(j))``. Rejecting the hypotheses whose
    adjusted p-value is below ``alpha`` controls the family-wise error rate at ``alpha``.
    Adjusted values are monotone in the raw ones, never below them and capped at 1; ties
    keep their input order.

    Args:
        p_values: the raw p-values of one family of tests.

    Returns:
        The adjusted p-values, one per input, in the same order.

    Raises:
        InvalidInputError: ``p_values`` is not a sequence of numbers in ``[0, 1]``.

    Examples:
        >>> holm_bonferroni([0.01, 0.04, 0.03, 0.005])
        [0.03, 0.06, 0.06, 0.02]
        >>> holm_bonferroni([0.5, 0.6])
        [1.0, 1.0]
    """
    values = _check_p_values(p_values)
    m = len(values)
    order = sorted(range(m), key=values.__getitem__)  # stable: ties keep their order
    adjusted = [0.0] * m
    running = 0.0
    for rank, index in enumerate(order):
        running = max(running, min(1.0, (m - rank) * values[index]))
        adjusted[index] = running
    return adjusted


def _check_p_values(p_values: Any) -> list[float]:
    if isinstance(p_values, (str, bytes)) or not hasattr(p_values, "__len__"):
        raise InvalidInputError(
            f"holm_bonferroni: p_values must be a sequence of p-values (got {type(p_values).__name__})."
        )
    values: list[float] = []
    for i, value in enumerate(p_values):
        if isinstance(value, (bool, np.bool_)) or not isinstance(value, (int, float, np.integer, np.floating)):
            raise InvalidInputError(
                f"holm_bonferroni: p_values[{i}] must be a number (got {type(value).__name__}: {value!r})."
            )
        if math.isnan(value) or not 0 <= value <= 1:
            raise InvalidValueError(f"holm_bonferroni: p_values[{i}] must be in [0, 1] (got {value!r}).")
        values.append(float(value))
    return values
