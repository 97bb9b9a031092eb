"""sacrebleu's BLEU and chrF scores of many resampled statistics vectors at once, bit for bit.

sacrebleu's paired bootstrap casts the statistics to float32 and scores each resampled sum
with ``BLEU.compute_bleu`` / ``CHRF._compute_f_score``. There, NumPy float32 scalars meet
Python ints and floats, and NumPy >= 2 (NEP 50) keeps float32 whenever one operand is a
float32: a Python number is rounded to float32 first. Some intermediate values are float32,
others Python floats (double), depending on the branch taken, and chrF returns a float32 or
a Python float. These kernels replay each formula step by step, tracking for every
intermediate value whether it is float32 (``narrow`` inputs) or double, so they produce the
same values; :func:`chrf_scores` also reports which scores are float32, so that the caller
can build an array of the same dtype as ``np.array`` of sacrebleu's scores.

They are used only under NumPy's NEP 50 promotion (:data:`NEP50`), for a scoring call of many
rows (:func:`simpeval.engines.jit.use_compiled_rows`); :mod:`simpeval.engines.resample_numpy`
replays the same computation with whole-array NumPy for every other call. The tests compare
both with sacrebleu's own scoring on random statistics.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from .._arith import NEUMAIER, PLAIN, RUNNING_RULE
from .jit import jit, jit_inline
from .resample_numpy import NEP50, SMOOTH_CODES

__all__ = ["NEP50", "SMOOTH_CODES", "bleu_scores", "chrf_scores", "log_sum"]


@jit_inline
def _op(a: float, a32: bool, b: float, b32: bool, op: int) -> tuple[Any, ...]:
    """``a op b`` (0: +, 1: *, 2: /) as NumPy computes it: float32 if either operand is float32."""
    if a32 or b32:
        x = np.float32(a)
        y = np.float32(b)
        if op == 0:
            return float(np.float32(x + y)), True
        if op == 1:
            return float(np.float32(x * y)), True
        return float(np.float32(x / y)), True
    if op == 0:
        return a + b, False
    if op == 1:
        return a * b, False
    return a / b, False


@jit
def bleu_scores(
    sums: np.ndarray,
    max_order: int,
    smooth: int,
    smooth_value: float,
    effective_order: bool,
    narrow: bool,
    rule: int = RUNNING_RULE,
) -> np.ndarray:
    """``BLEU._compute_score_from_stats(row).score`` of every row (``narrow``: rows are float32),
    its log precisions added as ``sum()`` adds them under ``rule`` (:mod:`simpeval._arith`; by
    default the running interpreter's)."""
    out = np.zeros(sums.shape[0], dtype=np.float64)
    precisions = np.zeros(max_order, dtype=np.float64)
    correct = np.zeros(max_order, dtype=np.float64)
    total = np.zeros(max_order, dtype=np.float64)
    for row in range(sums.shape[0]):
        stats = sums[row]
        sys_len = int(stats[0])
        ref_len = int(stats[1])
        bp = 1.0
        if sys_len < ref_len:
            bp = math.exp(1 - ref_len / sys_len) if sys_len > 0 else 0.0
        any_correct = False
        for k in range(max_order):
            correct[k] = stats[2 + k]
            total[k] = stats[2 + max_order + k]
            precisions[k] = 0.0
            any_correct = any_correct or correct[k] != 0
        if not any_correct:
            out[row] = 0.0
            continue
        smooth_mteval = 1.0
        eff_order = max_order
        for n in range(1, max_order + 1):
            if smooth == 2 and n > 1:  # add-k, added into the (float32) statistics
                correct[n - 1], _ = _op(correct[n - 1], narrow, smooth_value, False, 0)
                total[n - 1], _ = _op(total[n - 1], narrow, smooth_value, False, 0)
            if total[n - 1] == 0:
                break
            if effective_order:
                eff_order = n
            if correct[n - 1] == 0:
                if smooth == 3:  # exp
                    smooth_mteval *= 2
                    denominator, d32 = _op(smooth_mteval, False, total[n - 1], narrow, 1)
                    precisions[n - 1], _ = _op(100.0, False, denominator, d32, 2)
                elif smooth == 1:  # floor
                    precisions[n - 1], _ = _op(100.0 * smooth_value, False, total[n - 1], narrow, 2)
            else:
                numerator, n32 = _op(100.0, False, correct[n - 1], narrow, 1)
                precisions[n - 1], _ = _op(numerator, n32, total[n - 1], narrow, 2)
        out[row] = bp * math.exp(log_sum(precisions, eff_order, rule) / eff_order)
    return out


@jit
def log_sum(precisions: np.ndarray, count: int, rule: int) -> float:
    """``sum([my_log(p) for p in precisions[:count]])`` as sacrebleu computes it under ``rule``
    (:mod:`simpeval._arith`): ``my_log`` gives the int ``-9999999999`` for a zero precision, and
    ``sum()`` adds leading ints exactly, the first float plainly to them, and from there floats
    (and, under ``NEUMAIER_INTS``, ints) with Neumaier's compensation."""
    total, compensation, floats = 0.0, 0.0, False
    for k in range(count):
        is_int = precisions[k] == 0.0
        x = -9999999999.0 if is_int else math.log(precisions[k])
        if rule == PLAIN or not floats or (is_int and rule == NEUMAIER):
            total += x  # exact while only ints were met (|sum| < 2**53)
            floats = floats or not is_int
            continue
        t = total + x
        if abs(total) >= abs(x):
            compensation += (total - t) + x
        else:
            compensation += (x - t) + total
        total = t
    if compensation != 0.0 and math.isfinite(compensation):
        total += compensation
    return total


@jit
def chrf_scores(sums: np.ndarray, factor: int, eps_smoothing: bool, narrow: bool) -> tuple[Any, ...]:
    """``CHRF._compute_score_from_stats(row).score`` of every row, and whether each is a float32."""
    n_rows = sums.shape[0]
    order = sums.shape[1] // 3
    out = np.zeros(n_rows, dtype=np.float64)
    is32 = np.zeros(n_rows, dtype=np.bool_)
    eps = 1e-16
    f = float(factor)
    f1 = float(1 + factor)
    for row in range(n_rows):
        stats = sums[row]
        score, s32 = 0.0, False
        avg_prec, ap32 = 0.0, False
        avg_rec, ar32 = 0.0, False
        effective_order = 0
        for i in range(order):
            n_hyp = stats[3 * i]
            n_ref = stats[3 * i + 1]
            n_match = stats[3 * i + 2]
            if n_hyp > 0:
                prec, p32 = _op(n_match, narrow, n_hyp, narrow, 2)
            else:
                prec, p32 = eps, False
            if n_ref > 0:
                rec, r32 = _op(n_match, narrow, n_ref, narrow, 2)
            else:
                rec, r32 = eps, False
            fp, fp32 = _op(f, False, prec, p32, 1)
            denom, d32 = _op(fp, fp32, rec, r32, 0)
            if denom > 0:
                t, t32 = _op(f1, False, prec, p32, 1)
                t, t32 = _op(t, t32, rec, r32, 1)
                t, t32 = _op(t, t32, denom, d32, 2)
            else:
                t, t32 = eps, False
            score, s32 = _op(score, s32, t, t32, 0)
            if n_hyp > 0 and n_ref > 0:
                avg_prec, ap32 = _op(avg_prec, ap32, prec, p32, 0)
                avg_rec, ar32 = _op(avg_rec, ar32, rec, r32, 0)
                effective_order += 1
        if eps_smoothing:
            value, v32 = _op(100.0, False, score, s32, 1)
            out[row], is32[row] = _op(value, v32, float(order), False, 2)
            continue
        if effective_order == 0:
            avg_prec, ap32 = 0.0, False
            avg_rec, ar32 = 0.0, False
        else:
            avg_prec, ap32 = _op(avg_prec, ap32, float(effective_order), False, 2)
            avg_rec, ar32 = _op(avg_rec, ar32, float(effective_order), False, 2)
        both, _ = _op(avg_prec, ap32, avg_rec, ar32, 0)
        if both != 0:
            value, v32 = _op(f1, False, avg_prec, ap32, 1)
            value, v32 = _op(value, v32, avg_rec, ar32, 1)
            fp, fp32 = _op(f, False, avg_prec, ap32, 1)
            denominator, d32 = _op(fp, fp32, avg_rec, ar32, 0)
            value, v32 = _op(value, v32, denominator, d32, 2)
            out[row], is32[row] = _op(100.0, False, value, v32, 1)
        else:
            out[row], is32[row] = 0.0, False
    return out, is32
