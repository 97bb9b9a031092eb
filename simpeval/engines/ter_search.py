"""TER's shift search on integer token ids: the rules of sacrebleu's ``lib_ter``, written anew.

sacrebleu's TER (``sacrebleu/metrics/lib_ter.py``, after Tercom) is a greedy search. While the
shifts it tries keep lowering the edit distance, it applies the best one; the result is the
number of shifts plus the final edit distance. Everything that decides the result is kept here:

* the edit distance is a *beam* Levenshtein distance: row ``i`` (hypothesis word ``i``) is only
  computed on the band ``[lo[i], hi[i])`` around the pseudo-diagonal ``floor(i * m / n)``
  (25 cells each side, wider for very unequal lengths; the last row to the end); cells outside
  the band are infinite; costs are 1, and a cell takes the first of diagonal, deletion,
  insertion that is strictly lower (so diagonal wins ties, then deletion);
* the alignment comes from the backtrace of that matrix;
* candidate shifts are the matching word runs (at most 10 words, start positions at most 50
  apart) that are wrong in both the hypothesis and the reference and do not already cover the
  aligned position, each tried at every distinct aligned target; the best has the largest
  gain, then the longest run, then the earliest start, then the earliest target;
* at most 1000 candidates are evaluated in a whole search (a count carried across rounds):
  once it is reached, the search stops, and the shift found in that round is not applied.

sacrebleu caches matrix rows in a trie of hypothesis prefixes (at most 10,000 rows); in one search
every hypothesis has the same length, so a row is a pure function of the prefix and the cache
changes speed only. Here a candidate reuses the rows
of the current hypothesis up to the first moved word, and stops as soon as a row after the
moved words equals the current hypothesis's row plus a constant (every later row then differs
by that constant too). Cell operations are recomputed from the stored values during the
backtrace instead of being stored.

The edit distance and its backtrace are in :mod:`.ter_band`. These functions run as plain Python
on lists (the ``python`` engine) and, registered with Numba's ``register_jitable``, are compiled
into the kernels of :mod:`.ter_kernels`.
"""

from __future__ import annotations

from typing import Any

from .ter_band import INF, align_band, band_bound, band_geometry, fill_row, fill_rows, jitable

__all__ = ["INF", "MAX_SHIFT_CANDIDATES", "band_geometry", "pair_edits", "band_bound", "segment_edits"]

MAX_SHIFT_SIZE = 10
MAX_SHIFT_DIST = 50
MAX_SHIFT_CANDIDATES = 1000


@jitable
def _shifted(words: Any, n: int, start: int, length: int, target: int, out: Any) -> tuple[int, int]:
    """Write into ``out[p:e]`` the words that moving ``words[start:start+length]`` to ``target``
    puts there, as sacrebleu's ``_perform_shift`` does (slices clipped as Python clips them);
    ``words[:p]`` and ``words[e:]`` do not change. Returns ``(p, e)``."""
    if target < start:
        for k in range(length):
            out[target + k] = words[start + k]
        for k in range(start - target):
            out[target + length + k] = words[target + k]
        return target, start + length
    if target > start + length:
        for k in range(target - start - length):
            out[start + k] = words[start + length + k]
        for k in range(length):
            out[target - length + k] = words[start + k]
        return start, target
    end = min(n, length + target)  # a target inside the run (or right after it)
    moved = end - start - length
    for k in range(moved):
        out[start + k] = words[start + length + k]
    for k in range(length):
        out[start + moved + k] = words[start + k]
    return start, end


# A compiled kernel: its length is its speed (the candidate's rows in two rolling buffers, the
# comparison with the current rows inline).
@jitable
def _candidate_distance(
    words: Any, moved: Any, p: int, e: int, ref: Any, n: int, m: int, lo: Any, hi: Any, width: int, mat: Any, rows: Any
) -> int:
    """Edit distance of the shifted words (``moved[p:e]`` replacing ``words[p:e]``), computed from
    row ``p`` of the current matrix ``mat``; stops when a row past ``e`` is the current row plus
    a constant, which the final distance then is too."""
    prev = mat
    prev_at = p * width
    slot = 0
    for i in range(p + 1, n + 1):
        word = moved[i - 1] if i - 1 < e else words[i - 1]
        row_at = slot * width
        fill_row(word, ref, prev, prev_at, lo[i - 1], hi[i - 1], rows, row_at, lo[i], hi[i])
        if i == n:
            return int(rows[row_at + m - lo[n]])
        if i >= e:
            offset = 0
            known = False
            same = True
            for k in range(hi[i] - lo[i]):
                a = rows[row_at + k]
                b = mat[i * width + k]
                if a >= INF or b >= INF:
                    if (a >= INF) != (b >= INF):
                        same = False
                        break
                elif not known:
                    offset = a - b
                    known = True
                elif a - b != offset:
                    same = False
                    break
            if same:
                return int(mat[n * width + m - lo[n]]) + offset
        prev = rows
        prev_at = row_at
        slot = 1 - slot
    return INF  # not reached: row n returns


# A compiled kernel: its length is its speed (sacrebleu's enumeration order, filters and ranking
# in one loop nest, with every running value in a local).
@jitable
def _best_shift(
    words: Any,
    ref: Any,
    n: int,
    m: int,
    lo: Any,
    hi: Any,
    width: int,
    mat: Any,
    align: Any,
    hyp_err: Any,
    ref_err: Any,
    checked: int,
    moved: Any,
    rows: Any,
) -> tuple[int, int, int, int, int]:
    """One round of sacrebleu's ``_shift``: ``(checked, gain, start, length, target)`` of the best
    candidate (``gain`` 0 and ``length`` 0 if there is none); ``checked`` counts candidates."""
    distance = int(mat[n * width + m - lo[n]])
    best_gain = 0
    best_start = 0
    best_length = 0
    best_target = 0
    for start_h in range(n):
        if hyp_err[min(n, start_h + MAX_SHIFT_SIZE)] == hyp_err[start_h]:
            continue  # no run starting here holds a hypothesis error
        for start_r in range(max(0, start_h - MAX_SHIFT_DIST), min(m, start_h + MAX_SHIFT_DIST + 1)):
            if ref_err[min(m, start_r + MAX_SHIFT_SIZE)] == ref_err[start_r]:
                continue  # no run starting here holds a reference error
            length = 0
            while (
                length < MAX_SHIFT_SIZE
                and start_h + length < n
                and start_r + length < m
                and words[start_h + length] == ref[start_r + length]
            ):
                length += 1
                if hyp_err[start_h + length] == hyp_err[start_h] or ref_err[start_r + length] == ref_err[start_r]:
                    continue
                if start_h <= align[start_r] < start_h + length:
                    continue
                previous = -1
                for offset in range(-1, length):
                    target = 0 if start_r + offset == -1 else align[start_r + offset] + 1
                    if target == previous:
                        continue
                    previous = target
                    p, e = _shifted(words, n, start_h, length, target, moved)
                    gain = distance - _candidate_distance(words, moved, p, e, ref, n, m, lo, hi, width, mat, rows)
                    checked += 1
                    if (
                        best_length == 0
                        or gain > best_gain
                        or (
                            gain == best_gain
                            and (
                                length > best_length
                                or (
                                    length == best_length
                                    and (start_h < best_start or (start_h == best_start and target < best_target))
                                )
                            )
                        )
                    ):
                        best_gain = gain
                        best_start = start_h
                        best_length = length
                        best_target = target
                if checked >= MAX_SHIFT_CANDIDATES:
                    return checked, best_gain, best_start, best_length, best_target
    return checked, best_gain, best_start, best_length, best_target


@jitable
def pair_edits(
    words: Any,
    ref: Any,
    n: int,
    m: int,
    lo: Any,
    hi: Any,
    mat: Any,
    align: Any,
    hyp_err: Any,
    ref_err: Any,
    moved: Any,
    rows: Any,
) -> int:
    """sacrebleu's ``translation_edit_rate(words, ref)[0]``: shifts plus the final edit distance.

    ``words`` (length ``n``, changed in place) and ``ref`` (length ``m``) are token ids; the
    other arguments are workspaces (sizes in :func:`segment_edits`). Returns -1 where sacrebleu
    raises (a backtrace leaves the beam; not seen on any input so far).

    Examples:
        >>> lo, hi, align, hyp_err, ref_err, moved = ([0] * 6 for _ in range(6))
        >>> mat, rows = [0] * (6 * band_bound(5, 5)), [0] * (2 * band_bound(5, 5))
        >>> pair_edits([3, 4, 0, 1, 2], [0, 1, 2, 3, 4], 5, 5, lo, hi, mat, align, hyp_err, ref_err, moved, rows)
        1
    """
    if m == 0:
        return n
    if n == 0:
        return m
    width = band_geometry(n, m, lo, hi)
    fill_rows(words, ref, n, lo, hi, width, mat, 1)
    shifts = 0
    checked = 0
    while True:
        if not align_band(words, ref, n, m, mat, width, lo, hi, align, hyp_err, ref_err):
            return -1
        checked, gain, start, length, target = _best_shift(
            words, ref, n, m, lo, hi, width, mat, align, hyp_err, ref_err, checked, moved, rows
        )
        if checked >= MAX_SHIFT_CANDIDATES or gain <= 0:
            break
        shifts += 1
        p, e = _shifted(words, n, start, length, target, moved)
        for k in range(p, e):
            words[k] = moved[k]
        fill_rows(words, ref, n, lo, hi, width, mat, p + 1)
    return shifts + int(mat[n * width + m - lo[n]])


@jitable
def segment_edits(
    symbols: Any,
    str_off: Any,
    hyp: int,
    first_ref: int,
    last_ref: int,
    words: Any,
    ref: Any,
    lo: Any,
    hi: Any,
    mat: Any,
    align: Any,
    hyp_err: Any,
    ref_err: Any,
    moved: Any,
    rows: Any,
) -> int:
    """The fewest edits of string ``hyp`` to any of strings ``first_ref..last_ref-1`` (string
    ``k`` is ``symbols[str_off[k]:str_off[k + 1]]``), -1 if a pair fails (:func:`pair_edits`).

    Workspaces hold at least: ``words``, ``moved``: n; ``ref``, ``align``: m; ``lo``, ``hi``,
    ``hyp_err``: n + 1; ``ref_err``: m + 1; ``mat``: (n + 1) * w; ``rows``: 2 * w, for the
    longest n and m and w = :func:`band_bound`. A reference is skipped when it cannot beat the
    best so far (edits are at least the length difference), which leaves the minimum unchanged.
    """
    h0 = str_off[hyp]
    n = str_off[hyp + 1] - h0
    best = -1
    for r in range(first_ref, last_ref):
        r0 = str_off[r]
        m = str_off[r + 1] - r0
        if best >= 0 and abs(n - m) >= best:
            continue
        for k in range(n):
            words[k] = symbols[h0 + k]
        for k in range(m):
            ref[k] = symbols[r0 + k]
        edits = pair_edits(words, ref, n, m, lo, hi, mat, align, hyp_err, ref_err, moved, rows)
        if edits < 0:
            return -1
        if best < 0 or edits < best:
            best = edits
        if best == 0:
            break
    return best
