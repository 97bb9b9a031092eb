"""Compiled n-gram matching of a hypothesis against its references (chrF and BLEU statistics).

Both metrics count, for every n-gram order, hypothesis n-grams matched by reference n-grams,
clipped: a hypothesis n-gram occurring ``h`` times counts at most ``h`` matches.

* chrF (sacrebleu's ``CHRF``) compares the hypothesis with each reference separately,
  ``[hyp, ref, match]`` counts per order and reference, then keeps the counts of the first
  reference with the highest sentence F-score (:func:`best_reference`, which evaluates
  sacrebleu's formula with the same float64 operations in the same order);
* BLEU (sacrebleu's ``BLEU``) clips each hypothesis n-gram by its highest count in any one
  reference and sums.

:func:`match_counts` does the counting over sequences of integer symbols (code points,
word or token ids), one segment at a time: the hypothesis n-grams get dense ids in a hash
table per order (an n-gram is the pair (id of its (n-1)-gram prefix, next symbol), packed
exactly into one int64, so ids never collide), and a reference n-gram is looked up, never
inserted, so an n-gram absent from the hypothesis costs nothing. Segments are independent:
blocks of them run on Numba's threads.
"""

from __future__ import annotations

import numpy as np

from .hashing import find, intern, new_table, reset
from .jit import jit, jit_parallel, prange, run_blocks

__all__ = ["best_reference", "closest_lengths", "match_counts"]


def match_counts(
    symbols: np.ndarray, str_off: np.ndarray, ref_off: np.ndarray, n_symbols: int, max_order: int, per_reference: bool
) -> np.ndarray:
    """Clipped n-gram matches of every segment's hypothesis.

    String ``i < n`` is the hypothesis of segment ``i``; the references of segment ``i`` are
    strings ``n + ref_off[i] .. n + ref_off[i + 1] - 1``; string ``k`` is
    ``symbols[str_off[k]:str_off[k + 1]]`` and symbols are below ``n_symbols``.

    Returns:
        with ``per_reference`` (chrF): ``(n_references, max_order, 3)`` counts
        ``[hyp, ref, match]`` of every (segment, reference) pair, where, as in sacrebleu, the
        hypothesis count of an order is 0 when the reference has no n-gram of that order;
        otherwise (BLEU): ``(n, max_order)`` matches clipped by the highest count of each
        n-gram in any one reference.
    """
    n = ref_off.size - 1
    shape = (int(ref_off[-1]), max_order, 3) if per_reference else (n, max_order, 1)
    out = np.zeros(shape, dtype=np.int64)
    run_blocks(_count_block, _count_blocks, n, symbols, str_off, ref_off, n_symbols, max_order, per_reference, out)
    return out if per_reference else out[:, :, 0]


@jit_parallel
def _count_blocks(
    n_blocks: int,
    symbols: np.ndarray,
    str_off: np.ndarray,
    ref_off: np.ndarray,
    n_symbols: int,
    max_order: int,
    per_reference: bool,
    out: np.ndarray,
) -> None:
    n = ref_off.size - 1
    for block in prange(n_blocks):
        _count_block(
            block * n // n_blocks,
            (block + 1) * n // n_blocks,
            symbols,
            str_off,
            ref_off,
            n_symbols,
            max_order,
            per_reference,
            out,
        )


# A compiled kernel: its length is its speed (one pass over a block of segments with every
# counter in registers and local arrays; helpers would be separate Numba calls).
@jit
def _count_block(
    lo: int,
    hi: int,
    symbols: np.ndarray,
    str_off: np.ndarray,
    ref_off: np.ndarray,
    n_symbols: int,
    max_order: int,
    per_reference: bool,
    out: np.ndarray,
) -> None:
    n = ref_off.size - 1
    longest_hyp = 1
    longest_refs = 1
    for seg in range(lo, hi):
        longest_hyp = max(longest_hyp, str_off[seg + 1] - str_off[seg])
        total = 0
        for r in range(n + ref_off[seg], n + ref_off[seg + 1]):
            total += str_off[r + 1] - str_off[r]
        longest_refs = max(longest_refs, total)
    table = new_table(longest_hyp)
    local_of = np.zeros(max(n_symbols, 1), dtype=np.int64)
    local_h = np.empty(longest_hyp, dtype=np.int64)  # local symbol ids of the hypothesis
    prev_h = np.empty(longest_hyp, dtype=np.int64)  # id of the n-gram starting at each position
    keys = np.empty(longest_hyp, dtype=np.int64)
    hyp_count = np.zeros(longest_hyp, dtype=np.int64)
    ref_count = np.zeros(longest_hyp, dtype=np.int64)
    best_count = np.zeros(longest_hyp, dtype=np.int64)  # highest count in one reference (BLEU)
    local_r = np.empty(longest_refs, dtype=np.int64)  # local ids of the references' symbols (0: not in hyp)
    prev_r = np.empty(longest_refs, dtype=np.int64)  # id of the n-gram at each position, -1: not in hyp
    touched = np.empty(longest_refs, dtype=np.int64)

    for seg in range(lo, hi):
        h0 = str_off[seg]
        h_len = str_off[seg + 1] - h0
        m = 0
        for t in range(h_len):
            s = symbols[h0 + t]
            if local_of[s] == 0:
                m += 1
                local_of[s] = m
            local_h[t] = local_of[s]
        base = m + 1
        r_first = n + ref_off[seg]
        r_last = n + ref_off[seg + 1]
        pos = 0
        for r in range(r_first, r_last):
            for t in range(str_off[r], str_off[r + 1]):
                local_r[pos] = local_of[symbols[t]]
                pos += 1
        for order in range(1, max_order + 1):
            # the hypothesis n-grams of this order, with dense ids and counts
            n_grams = max(h_len - order + 1, 0)
            mask, shift = reset(table, n_grams)
            n_ids = 0
            for p in range(n_grams):
                key = local_h[p] if order == 1 else prev_h[p] * base + local_h[p + order - 1]
                found = intern(table, keys, key, mask, shift, n_ids)
                if found == n_ids:  # a new n-gram
                    hyp_count[found] = 0
                    ref_count[found] = 0
                    best_count[found] = 0
                    n_ids += 1
                hyp_count[found] += 1
                prev_h[p] = found
            # each reference: its n-grams looked up among the hypothesis n-grams
            start = 0
            for r in range(r_first, r_last):
                r_len = str_off[r + 1] - str_off[r]
                r_grams = max(r_len - order + 1, 0)
                matches = 0
                n_touched = 0
                for p in range(start, start + r_grams):
                    found = -1
                    last = local_r[p + order - 1]
                    if last > 0 and (order == 1 or prev_r[p] >= 0):
                        found = find(table, keys, last if order == 1 else prev_r[p] * base + last, mask, shift)
                    prev_r[p] = found
                    if found >= 0:
                        if ref_count[found] == 0:
                            touched[n_touched] = found
                            n_touched += 1
                        ref_count[found] += 1
                        if ref_count[found] <= hyp_count[found]:
                            matches += 1
                for k in range(n_touched):
                    g = touched[k]
                    best_count[g] = max(best_count[g], ref_count[g])
                    ref_count[g] = 0
                if per_reference:
                    row = out[r - n, order - 1]
                    row[0] = n_grams if r_grams > 0 else 0
                    row[1] = r_grams
                    row[2] = matches
                start += r_len
            if not per_reference:
                clipped = 0
                for g in range(n_ids):
                    clipped += min(hyp_count[g], best_count[g])
                out[seg, order - 1, 0] = clipped
        for t in range(h_len):  # forget this segment's local ids
            local_of[symbols[h0 + t]] = 0


@jit
def _f_score(stats: np.ndarray, factor: float, eps_smoothing: bool) -> float:
    """sacrebleu's ``CHRF._compute_f_score`` of one ``[hyp, ref, match] x order`` vector, in float64
    with the same operations in the same order (the counts are integers, as in sacrebleu)."""
    eps = 1e-16
    order = stats.shape[0]
    score = 0.0
    effective_order = 0
    avg_prec = 0.0
    avg_rec = 0.0
    for i in range(order):
        n_hyp = stats[i, 0]
        n_ref = stats[i, 1]
        n_match = stats[i, 2]
        prec = n_match / n_hyp if n_hyp > 0 else eps
        rec = n_match / n_ref if n_ref > 0 else eps
        denom = factor * prec + rec
        score += ((1 + factor) * prec * rec / denom) if denom > 0 else eps
        if n_hyp > 0 and n_ref > 0:
            avg_prec += prec
            avg_rec += rec
            effective_order += 1
    if eps_smoothing:
        return 100 * score / order
    if effective_order == 0:
        avg_prec = 0.0
        avg_rec = 0.0
    else:
        avg_prec /= effective_order
        avg_rec /= effective_order
    if avg_prec + avg_rec != 0.0:
        score = (1 + factor) * avg_prec * avg_rec
        score /= (factor * avg_prec) + avg_rec
        return 100 * score
    return 0.0


@jit
def best_reference(counts: np.ndarray, ref_off: np.ndarray, factor: float, eps_smoothing: bool) -> np.ndarray:
    """Per segment, the flat ``[hyp, ref, match] x order`` counts of the first reference with the
    highest sentence F-score (``counts``: :func:`match_counts` of all orders, concatenated)."""
    n = ref_off.size - 1
    order = counts.shape[1]
    out = np.zeros((n, 3 * order), dtype=np.float64)
    stats = np.empty((order, 3), dtype=np.float64)
    for seg in range(n):
        best = -1.0
        best_ref = -1
        for r in range(ref_off[seg], ref_off[seg + 1]):
            for i in range(order):
                for k in range(3):
                    stats[i, k] = counts[r, i, k]
            f = _f_score(stats, factor, eps_smoothing)
            if f > best:
                best = f
                best_ref = r
        if best_ref >= 0:
            for i in range(order):
                for k in range(3):
                    out[seg, 3 * i + k] = counts[best_ref, i, k]
    return out


@jit
def closest_lengths(hyp_len: np.ndarray, ref_len: np.ndarray, ref_off: np.ndarray) -> np.ndarray:
    """BLEU's reference length of each segment: the reference length closest to the hypothesis
    length, the shorter one on a tie (sacrebleu's ``_get_closest_ref_len``)."""
    n = hyp_len.size
    out = np.zeros(n, dtype=np.int64)
    for seg in range(n):
        best_diff = -1
        best = -1
        for r in range(ref_off[seg], ref_off[seg + 1]):
            diff = abs(hyp_len[seg] - ref_len[r])
            if best_diff == -1 or diff < best_diff or (diff == best_diff and ref_len[r] < best):
                best_diff = diff
                best = ref_len[r]
        out[seg] = best
    return out
