"""TER's edit distance on integer token ids: the beam Levenshtein matrix of sacrebleu's ``lib_ter``
and its backtrace, written anew (the rules are listed in :mod:`.ter_search`, which searches the
shifts with them).

These functions run as plain Python on lists (the ``python`` engine) and, registered with
Numba's ``register_jitable``, are compiled into the kernels of :mod:`.ter_kernels`.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, TypeVar

from .jit import NUMBA_AVAILABLE

__all__ = [
    "BEAM_WIDTH",
    "DEL",
    "DIAG",
    "INF",
    "INS",
    "NONE",
    "align_band",
    "band_bound",
    "band_geometry",
    "fill_row",
    "fill_rows",
    "jitable",
]

F = TypeVar("F", bound=Callable[..., Any])

BEAM_WIDTH = 25
#: Plays sacrebleu's ``int(1e16)``: above every distance, and ``INF + n`` still fits an int32.
INF = 1 << 30
#: Backtrace operations (hypothesis -> reference): diagonal (match or substitution), deletion of
#: a hypothesis word, insertion of a reference word, and "no operation" (a cell never reached).
DIAG, DEL, INS, NONE = 0, 1, 2, 3


def jitable(function: F) -> F:
    """``function`` itself, also compiled into the Numba kernels that call it (when Numba is on)."""
    if not NUMBA_AVAILABLE:
        return function
    from numba.extending import register_jitable

    register_jitable(function)
    return function


@jitable
def band_geometry(n: int, m: int, lo: Any, hi: Any) -> int:
    """Fill the band ``[lo[i], hi[i])`` of every row ``0..n`` and return the widest band.

    Row 0 (the first row of insertions) keeps only the cells row 1 reads.
    """
    ratio = m / n
    if BEAM_WIDTH < ratio / 2:
        beam = int(math.ceil(ratio / 2 + BEAM_WIDTH))
    else:
        beam = BEAM_WIDTH
    widest = 0
    for i in range(1, n + 1):
        diagonal = int(math.floor(i * ratio))
        lo[i] = max(0, diagonal - beam)
        hi[i] = m + 1 if i == n else min(m + 1, diagonal + beam)
        widest = max(widest, hi[i] - lo[i])
    lo[0] = max(0, lo[1] - 1)
    hi[0] = hi[1]
    return max(widest, hi[0] - lo[0])


@jitable
def band_bound(n: int, m: int) -> int:
    """An upper bound of the widest band of :func:`band_geometry` (the matrix has ``n + 1`` rows)."""
    ratio = m / max(n, 1)
    beam = int(math.ceil(ratio / 2 + BEAM_WIDTH)) if BEAM_WIDTH < ratio / 2 else BEAM_WIDTH
    return min(m + 1, 2 * beam + 2)


@jitable
def fill_row(
    word: int, ref: Any, prev: Any, prev_at: int, prev_lo: int, prev_hi: int, row: Any, row_at: int, lo: int, hi: int
) -> None:
    """Cells ``lo..hi-1`` of a row (hypothesis word ``word``) from the row above it."""
    left = INF  # the cell left of the band
    for j in range(lo, hi):
        up = prev[prev_at + j - prev_lo] if prev_lo <= j < prev_hi else INF
        if j == 0:
            value = up + 1
        else:
            value = INF
            diagonal = prev[prev_at + j - 1 - prev_lo] if prev_lo <= j - 1 < prev_hi else INF
            if word != ref[j - 1]:
                diagonal += 1
            if value > diagonal:
                value = diagonal
            if value > up + 1:
                value = up + 1
            if value > left + 1:
                value = left + 1
        row[row_at + j - lo] = value
        left = value


@jitable
def fill_rows(words: Any, ref: Any, n: int, lo: Any, hi: Any, width: int, mat: Any, first: int) -> None:
    """Rows ``first..n`` of the matrix of ``words`` (row 0 holds ``j`` at column ``j``)."""
    if first == 1:
        for j in range(lo[0], hi[0]):
            mat[j - lo[0]] = j
    for i in range(first, n + 1):
        fill_row(words[i - 1], ref, mat, (i - 1) * width, lo[i - 1], hi[i - 1], mat, i * width, lo[i], hi[i])


@jitable
def _cell(mat: Any, width: int, lo: Any, hi: Any, i: int, j: int) -> int:
    if j < lo[i] or j >= hi[i]:
        return INF
    return int(mat[i * width + j - lo[i]])


@jitable
def _operation(words: Any, ref: Any, mat: Any, width: int, lo: Any, hi: Any, i: int, j: int) -> int:
    """The operation that set cell ``(i, j)``, as :func:`fill_row` chose it."""
    if i == 0:
        return INS
    if j < lo[i] or j >= hi[i]:
        return NONE
    if j == 0:
        return DEL
    value = INF
    operation = NONE
    diagonal = _cell(mat, width, lo, hi, i - 1, j - 1) + (0 if words[i - 1] == ref[j - 1] else 1)
    if value > diagonal:
        value = diagonal
        operation = DIAG
    if value > _cell(mat, width, lo, hi, i - 1, j) + 1:
        value = _cell(mat, width, lo, hi, i - 1, j) + 1
        operation = DEL
    if value > _cell(mat, width, lo, hi, i, j - 1) + 1:
        operation = INS
    return operation


@jitable
def align_band(
    words: Any, ref: Any, n: int, m: int, mat: Any, width: int, lo: Any, hi: Any, align: Any, hyp_err: Any, ref_err: Any
) -> bool:
    """Backtrace: ``align[j]`` (the hypothesis position of reference word ``j``, -1 before the
    first) and the running error counts ``hyp_err[k]``/``ref_err[k]`` of the first ``k`` words.

    Returns:
        False if the backtrace reaches a cell outside the beam (sacrebleu raises there).
    """
    for k in range(n + 1):
        hyp_err[k] = 0
    for k in range(m + 1):
        ref_err[k] = 0
    i = n
    j = m
    while i > 0 or j > 0:
        operation = _operation(words, ref, mat, width, lo, hi, i, j)
        if operation == DIAG:
            i -= 1
            j -= 1
            align[j] = i
            if words[i] != ref[j]:
                hyp_err[i + 1] = 1
                ref_err[j + 1] = 1
        elif operation == DEL:
            i -= 1
            hyp_err[i + 1] = 1
        elif operation == INS:
            j -= 1
            align[j] = i - 1
            ref_err[j + 1] = 1
        else:
            return False
    for k in range(n):
        hyp_err[k + 1] += hyp_err[k]
    for k in range(m):
        ref_err[k + 1] += ref_err[k]
    return True
