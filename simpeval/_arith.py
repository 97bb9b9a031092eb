"""The running interpreter's ``sum()``, for the places that promise a reference's bits.

sacrebleu adds BLEU's log precisions with the built-in ``sum()``, and NLTK's ``corpus_chrf``
adds its F-scores with it too. What ``sum()`` computes for floats depends on the interpreter:

* before CPython 3.12 it adds left to right in plain float arithmetic (:data:`PLAIN`);
* from 3.12 (CPython's "What's New in Python 3.12": ``sum()`` of floats is compensated) a run of
  exact ``float`` items is added with Neumaier's improved Kahan-Babuska summation: a running
  total and a running compensation; each float ``x`` gives ``t = total + x`` and adds to the
  compensation the rounding error of that addition (``(total - t) + x`` when
  ``|total| >= |x|``, else ``(x - t) + total``); the compensation is added to the total once,
  at the end (or when a non-number ends the run), and only when it is non-zero and finite, so
  that a ``-0.0`` result and an infinite or overflowed total stay as they are. An ``int`` item
  met inside that run is added to the total without touching the compensation in 3.12 and
  3.13 (:data:`NEUMAIER`); from 3.14 it is converted to a float and added with compensation
  too (CPython issue gh-122234; :data:`NEUMAIER_INTS`).

Before the float run starts, ``sum()`` adds ``int`` items (and a default start of ``0``) as
exact integers; the first float meets that integer with a plain ``+``, and the compensated run
starts from the result. Anything that is not an exact ``int``/``bool`` or ``float`` (a NumPy
scalar, a ``float`` subclass, an ``int`` beyond a C ``long``) ends the fast path: from there
on, every item is added with a plain ``+``.

:func:`reference_sum` replays that rule for the running interpreter (or for the rule given),
and the compiled kernels take the rule as an argument (:data:`RUNNING_RULE`), so that
simpeval's figures match the reference on every Python version. simpeval's own metrics (SARI,
FKGL, ...) never use this: they add left to right on every version
(:func:`simpeval.metrics.sari.reference.sequential_sum`).
"""

from __future__ import annotations

import math
import sys
from collections.abc import Iterable
from typing import Any

__all__ = ["NEUMAIER", "NEUMAIER_INTS", "PLAIN", "RUNNING_RULE", "neumaier_add", "reference_sum", "rule_for"]

#: Plain left-to-right addition (CPython < 3.12).
PLAIN = 0
#: Compensated float items, ``int`` items added plainly (CPython 3.12 and 3.13).
NEUMAIER = 1
#: Compensated float and ``int`` items (CPython >= 3.14).
NEUMAIER_INTS = 2

_LONG_MIN, _LONG_MAX = -(2**63), 2**63 - 1  # a C long on the 64-bit platforms CPython's wheels target


def rule_for(version: tuple[int, int]) -> int:
    """The summation rule of CPython's ``sum()`` at ``version`` (major, minor).

    Examples:
        >>> rule_for((3, 11)), rule_for((3, 12)), rule_for((3, 13)), rule_for((3, 14))
        (0, 1, 1, 2)
    """
    if version < (3, 12):
        return PLAIN
    return NEUMAIER if version < (3, 14) else NEUMAIER_INTS


#: The rule of the interpreter running simpeval (CPython; other interpreters are not promised).
RUNNING_RULE: int = rule_for(sys.version_info[:2])


def neumaier_add(total: float, compensation: float, x: float) -> tuple[float, float]:
    """One step of Neumaier's summation: the new total and compensation after adding ``x``.

    Examples:
        >>> neumaier_add(1e16, 0.0, 1.0)
        (1e+16, 1.0)
    """
    t = total + x
    if abs(total) >= abs(x):
        compensation += (total - t) + x
    else:
        compensation += (x - t) + total
    return t, compensation


def _fits(value: int) -> bool:
    return _LONG_MIN <= value <= _LONG_MAX


def _finish(total: float, compensation: float) -> float:
    return total + compensation if compensation and math.isfinite(compensation) else total


def reference_sum(values: Iterable[Any], start: Any = 0, *, rule: int | None = None) -> Any:
    """``sum(values, start)`` as CPython computes it under ``rule`` (default: the running one).

    Args:
        values: the items, in order (floats and ints; anything else is added with ``+``).
        start: the start value, as ``sum()``'s (``0`` by default).
        rule: :data:`PLAIN`, :data:`NEUMAIER` or :data:`NEUMAIER_INTS`; ``None`` for
            :data:`RUNNING_RULE`, so that the result is the built-in ``sum()``'s, bit for bit.

    Examples:
        >>> reference_sum([1e16, 1.0, -1e16], rule=PLAIN), reference_sum([1e16, 1.0, -1e16], rule=NEUMAIER)
        (0.0, 1.0)
        >>> reference_sum([0.1] * 10) == sum([0.1] * 10)
        True
    """
    rule = RUNNING_RULE if rule is None else rule
    items = iter(values)
    result = start
    if rule == PLAIN:
        for item in items:
            result = result + item
        return result
    if type(result) is int and _fits(result):  # sum()'s integer fast path: a C long
        for item in items:
            exact = (type(item) is int or type(item) is bool) and _fits(item) and _fits(result + item)
            result = result + item
            if not exact:
                break
    if type(result) is float:
        result = _compensated_run(result, items, rule)
    for item in items:  # the generic path: plain additions
        result = result + item
    return result


def _compensated_run(total: float, items: Any, rule: int) -> Any:
    """The float fast path from ``total``: consumes ``items`` until one leaves the fast path."""
    compensation = 0.0
    for item in items:
        kind = type(item)
        if kind is float:
            total, compensation = neumaier_add(total, compensation, item)
            continue
        if isinstance(item, int):
            if rule == NEUMAIER and _fits(item):
                total += float(item)
                continue
            if rule == NEUMAIER_INTS and abs(item) < 2**1024:
                total, compensation = neumaier_add(total, compensation, float(item))
                continue
        return _finish(total, compensation) + item  # then the generic path goes on
    return _finish(total, compensation)
