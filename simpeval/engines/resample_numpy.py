"""sacrebleu's BLEU and chrF scores of many resampled statistics vectors, by whole-array NumPy, bit for bit.

sacrebleu's paired bootstrap casts the statistics to float32 and scores each resampled sum
with ``BLEU.compute_bleu`` / ``CHRF._compute_f_score``. There, NumPy float32 scalars meet
Python ints and floats, and NumPy >= 2 (NEP 50, :data:`NEP50`) keeps float32 whenever one
operand is a float32: a Python number is rounded to float32 first. Some intermediate values are
float32, others Python floats (double), depending on the branch taken, and chrF returns a
float32 or a Python float. This module replays each formula once over every row, with boolean
masks for the branches sacrebleu takes row by row: every intermediate is a float64 array
holding the value (a float32 result widened, which is exact) together with a mask of the rows
where it is float32, and each operation rounds to float32 where either operand's mask is set
(:func:`_op`), as NumPy does for a float32 scalar meeting a Python number. :func:`chrf_scores`
also reports which scores are float32, so that the caller can build an array of the same dtype
as ``np.array`` of sacrebleu's scores.

``math.log`` and ``math.exp`` run element by element on Python floats, as in sacrebleu (NumPy's
own ``log``/``exp`` may differ from the C library's in the last bit), and the log precisions are
added as the built-in ``sum()`` adds them (:mod:`simpeval._arith`), column by column over the
rows. Importing this module never imports Numba. The tests compare it with sacrebleu's own
scoring of each row, under each of ``sum()``'s rules forced.

Examples:
    >>> sums = np.array([[9, 10, 8, 5, 3, 1, 9, 8, 7, 6], [9, 9, 0, 0, 0, 0, 9, 8, 7, 6]], dtype=np.float32)
    >>> [round(x, 4) for x in bleu_scores(sums, 4, SMOOTH_CODES["exp"], 0.0, False, True).tolist()]  # sacrebleu.BLEU()
    [39.9388, 0.0]
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any

import numpy as np
import numpy.typing as npt

from .._arith import NEUMAIER, PLAIN, RUNNING_RULE

__all__ = ["NEP50", "SMOOTH_CODES", "bleu_scores", "chrf_result", "chrf_scores", "log_sums"]

#: Whether NumPy keeps float32 in float32-with-Python-number arithmetic (NumPy >= 2).
NEP50: bool = type(np.float32(1) * 1.0) is np.float32 and type(np.float32(1) * 2) is np.float32

#: BLEU smoothing methods, as codes for the scorers.
SMOOTH_CODES = {"none": 0, "floor": 1, "add-k": 2, "exp": 3}
_FLOOR, _ADD_K, _EXP = 1, 2, 3

#: sacrebleu's ``my_log`` of a zero precision (an ``int``; exact as a float).
_ZERO_LOG = -9999999999.0

Array = npt.NDArray[np.float64]
Mask = npt.NDArray[np.bool_]

_OPS: dict[str, Callable[[Any, Any], Any]] = {"+": np.add, "*": np.multiply, "/": np.divide}


def _op(a: Any, a32: Any, b: Any, b32: Any, op: str) -> tuple[Array, Mask]:
    """``a op b`` element by element as NumPy >= 2 computes it on scalars: in float32 (both
    operands rounded to float32 first) where either operand is a float32, else in double.
    ``a32``/``b32`` are masks (or bools) of the float32 elements; the result is widened to a
    float64 array (exact), with its own mask."""
    func = _OPS[op]
    a, b = np.asarray(a, dtype=np.float64), np.asarray(b, dtype=np.float64)
    narrow = np.logical_or(a32, b32)
    if not narrow.any():
        return func(a, b), narrow
    rounded = func(a.astype(np.float32), b.astype(np.float32)).astype(np.float64)
    return (rounded if narrow.all() else np.where(narrow, rounded, func(a, b))), narrow


def _elementwise(function: Callable[[float], float], values: Array) -> Array:
    """``function`` (``math.log``, ``math.exp``) of each value, on Python floats as sacrebleu calls it."""
    return np.fromiter(map(function, values.tolist()), dtype=np.float64, count=values.size)


def _brevity_penalty(sums: npt.NDArray[Any]) -> Array:
    """sacrebleu's ``bp`` of each row: ``int()`` lengths, ``math.exp(1 - ref_len / sys_len)``."""
    sys_len = np.trunc(sums[:, 0].astype(np.float64))
    ref_len = np.trunc(sums[:, 1].astype(np.float64))
    bp = np.ones(sums.shape[0], dtype=np.float64)
    short = sys_len < ref_len
    bp[short] = 0.0
    positive = short & (sys_len > 0)
    # int / int is the correctly rounded quotient, as the division of the exact float64 values
    bp[positive] = _elementwise(math.exp, 1.0 - ref_len[positive] / sys_len[positive])
    return bp


def _precisions(
    sums: npt.NDArray[Any], max_order: int, smooth: int, smooth_value: float, effective_order: bool
) -> tuple[Array, npt.NDArray[np.int64]]:
    """sacrebleu's n-gram precisions of each row (float32 values widened when the sums are
    float32) and the number of them its log sum takes (``eff_order``)."""
    work = sums.dtype.type  # float32 statistics give float32 precisions, float64 double ones
    rows = sums.shape[0]
    precisions = np.zeros((rows, max_order), dtype=np.float64)
    eff_order = np.full(rows, max_order, dtype=np.int64)
    active = np.ones(rows, dtype=np.bool_)  # rows still in sacrebleu's loop over the orders
    mteval = np.ones(rows, dtype=np.float64)  # smooth_mteval, a Python float (powers of two)
    for k in range(max_order):
        correct, total = sums[:, 2 + k], sums[:, 2 + max_order + k]
        if smooth == _ADD_K and k > 0:  # added into the statistics: float32 + Python number
            correct, total = correct + work(smooth_value), total + work(smooth_value)
        active &= total != 0
        if effective_order:
            eff_order[active] = k + 1
        missed, hit = active & (correct == 0), active & (correct != 0)
        if smooth == _EXP and missed.any():
            mteval[missed] *= 2
            precisions[missed, k] = work(100.0) / (mteval[missed].astype(work) * total[missed])
        elif smooth == _FLOOR:
            precisions[missed, k] = work(100.0 * smooth_value) / total[missed]
        precisions[hit, k] = work(100.0) * correct[hit] / total[hit]
    return precisions, eff_order


def log_sums(precisions: Array, count: npt.NDArray[np.int64], rule: int = RUNNING_RULE) -> Array:
    """``sum([my_log(p) for p in row[:count]])`` of each row as sacrebleu computes it under ``rule``.

    ``my_log`` gives the int ``-9999999999`` for a zero precision and ``math.log`` otherwise;
    ``sum()`` adds the leading ints exactly, the first float plainly to them, and from there the
    floats (and, under ``NEUMAIER_INTS``, the ints) with Neumaier's compensation, which is added
    once at the end when it is non-zero and finite (:mod:`simpeval._arith`), column by column
    over all rows.
    """
    rows, width = precisions.shape
    used = np.arange(width) < count[:, None]
    is_int = precisions == 0.0
    logs = np.full((rows, width), _ZERO_LOG, dtype=np.float64)
    taken = used & ~is_int
    logs[taken] = _elementwise(math.log, precisions[taken])
    total, compensation = np.zeros(rows, dtype=np.float64), np.zeros(rows, dtype=np.float64)
    floats = np.zeros(rows, dtype=np.bool_)
    for k in range(width):
        x, use = logs[:, k], used[:, k]
        plain = use if rule == PLAIN else use & (~floats | (is_int[:, k] & (rule == NEUMAIER)))
        t = total + x
        error = np.where(np.abs(total) >= np.abs(x), (total - t) + x, (x - t) + total)
        compensation = np.where(use & ~plain, compensation + error, compensation)
        total = np.where(use, t, total)
        floats |= use & ~is_int[:, k]
    finish = (compensation != 0.0) & np.isfinite(compensation)
    return np.where(finish, total + compensation, total)


def bleu_scores(
    sums: npt.NDArray[Any],
    max_order: int,
    smooth: int,
    smooth_value: float,
    effective_order: bool,
    narrow: bool,
    rule: int = RUNNING_RULE,
) -> Array:
    """``BLEU._compute_score_from_stats(row).score`` of every row of ``sums`` (``narrow``: the rows are float32;
    ``smooth``: a :data:`SMOOTH_CODES` value; ``rule``: how ``sum()`` adds, by default the
    running interpreter's). Every score is a Python float in sacrebleu: a float64 array here."""
    sums = np.asarray(sums, dtype=np.float32 if narrow else np.float64)
    out = np.zeros(sums.shape[0], dtype=np.float64)
    any_correct = (sums[:, 2 : 2 + max_order] != 0).any(axis=1)  # sacrebleu's early stop (no match)
    if not any_correct.any():
        return out
    sums = sums[any_correct]
    with np.errstate(all="ignore"):  # masked-out rows may divide by zero; their values are dropped
        precisions, eff_order = _precisions(sums, max_order, smooth, smooth_value, effective_order)
        means = log_sums(precisions, eff_order, rule) / eff_order
    out[any_correct] = _brevity_penalty(sums) * _elementwise(math.exp, means)
    return out


def chrf_scores(sums: npt.NDArray[Any], factor: int, eps_smoothing: bool, narrow: bool) -> tuple[Array, Mask]:
    """``CHRF._compute_score_from_stats(row).score`` of every row and whether each is a float32
    (``factor``: ``beta ** 2``; ``narrow``: the rows are float32). :func:`chrf_result` turns the pair into
    what sacrebleu's scores give."""
    sums = np.asarray(sums, dtype=np.float32 if narrow else np.float64).astype(np.float64)
    rows, order = sums.shape[0], sums.shape[1] // 3
    f, f1 = float(factor), float(1 + factor)
    score, s32 = np.zeros(rows), np.zeros(rows, dtype=np.bool_)
    avg_prec, ap32 = np.zeros(rows), np.zeros(rows, dtype=np.bool_)
    avg_rec, ar32 = np.zeros(rows), np.zeros(rows, dtype=np.bool_)
    effective_order = np.zeros(rows, dtype=np.int64)
    with np.errstate(all="ignore"):  # masked-out rows may divide by zero; their values are dropped
        for i in range(order):
            n_hyp, n_ref, n_match = sums[:, 3 * i], sums[:, 3 * i + 1], sums[:, 3 * i + 2]
            prec, p32 = _ratio(n_match, n_hyp, narrow)
            rec, r32 = _ratio(n_match, n_ref, narrow)
            denom, d32 = _op(*_op(f, False, prec, p32, "*"), rec, r32, "+")
            term, t32 = _op(*_op(*_op(f1, False, prec, p32, "*"), rec, r32, "*"), denom, d32, "/")
            positive = denom > 0
            score, s32 = _op(score, s32, np.where(positive, term, 1e-16), t32 & positive, "+")
            both = (n_hyp > 0) & (n_ref > 0)
            avg_prec, ap32 = _where(both, _op(avg_prec, ap32, prec, p32, "+"), (avg_prec, ap32))
            avg_rec, ar32 = _where(both, _op(avg_rec, ar32, rec, r32, "+"), (avg_rec, ar32))
            effective_order += both
        if eps_smoothing:
            return _op(*_op(100.0, False, score, s32, "*"), float(order), False, "/")
        return _f_score(avg_prec, ap32, avg_rec, ar32, effective_order, f)


def _ratio(numerator: Array, denominator: Array, narrow: bool) -> tuple[Array, Mask]:
    """``n_match / n if n > 0 else eps``: float32 when the statistics are, eps a Python float."""
    positive = denominator > 0
    value, _ = _op(numerator, narrow, denominator, narrow, "/")
    return np.where(positive, value, 1e-16), positive & narrow


def _where(mask: Mask, chosen: tuple[Array, Mask], other: tuple[Array, Mask]) -> tuple[Array, Mask]:
    """A value and its float32 mask, from ``chosen`` where ``mask`` is set, else from ``other``."""
    return np.where(mask, chosen[0], other[0]), np.where(mask, chosen[1], other[1])


def _f_score(
    avg_prec: Array, ap32: Mask, avg_rec: Array, ar32: Mask, effective_order: npt.NDArray[np.int64], f: float
) -> tuple[Array, Mask]:
    """sacrebleu's chrF of the summed precisions and recalls (``eps_smoothing=False``)."""
    counted = effective_order > 0  # else both stay 0.0 (Python floats), as sacrebleu sets them
    divisor = np.maximum(effective_order, 1).astype(np.float64)
    avg_prec, ap32 = _where(counted, _op(avg_prec, ap32, divisor, False, "/"), (avg_prec, ap32))
    avg_rec, ar32 = _where(counted, _op(avg_rec, ar32, divisor, False, "/"), (avg_rec, ar32))
    both, _ = _op(avg_prec, ap32, avg_rec, ar32, "+")
    value, v32 = _op(*_op(1.0 + f, False, avg_prec, ap32, "*"), avg_rec, ar32, "*")
    value, v32 = _op(value, v32, *_op(*_op(f, False, avg_prec, ap32, "*"), avg_rec, ar32, "+"), "/")
    value, v32 = _op(100.0, False, value, v32, "*")
    nonzero = both != 0
    return np.where(nonzero, value, 0.0), v32 & nonzero


def chrf_result(values: Array, is32: Mask) -> Any:
    """What ``[score(row) ...]`` of sacrebleu's chrF gives, from the values and float32 flags:
    a float32 array when every score is a NumPy float32, the float64 array when none is, else
    a list of float32 scalars and Python floats (so ``np.array`` of it has sacrebleu's dtype)."""
    if values.size == 0 or not is32.any():
        return values
    if is32.all():
        return values.astype(np.float32)
    return [np.float32(v) if narrow else v for v, narrow in zip(values.tolist(), is32.tolist())]
