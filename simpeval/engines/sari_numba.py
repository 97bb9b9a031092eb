"""Compiled SARI statistics: the reference algorithm, one segment at a time, in Numba.

This kernel follows :func:`simpeval.metrics.sari.sari_segment_counts` step by step, with
integer ids instead of strings and open-addressing hash tables instead of ``Counter``:

* tokens get segment-local ids ``1..m``; the n-gram at position ``i`` of order ``n`` is the pair
  (id of the (n-1)-gram at ``i``, local id of token ``i + n - 1``), packed exactly into one
  int64 and given a dense id by the order's table, so ids never collide and never overflow;
* n-grams enter the table source first, then output, then each reference, so the dense ids
  of source n-grams are their order of first occurrence in the source: sums of fractions are
  accumulated in that order, as the reference path's ``sum()`` over a ``Counter`` does, and
  are therefore bit-identical.

Used when Numba is installed (:data:`simpeval.engines.jit.NUMBA_AVAILABLE`); the property tests
compare it with the reference path and the NumPy engine on generated corpora.
"""

from __future__ import annotations

import numpy as np

from .hashing import intern, new_table, reset
from .jit import jit, jit_inline, jit_parallel, prange, run_blocks

__all__ = ["sari_counts"]

_N_RAW = 12


@jit_inline
def _add_terms(out: np.ndarray, k: int, good: float, selected: float, per_ngram: bool) -> None:
    """Add one source n-gram to the numerator ``out[k]`` and denominator ``out[k + 1]`` of a
    precision or recall: its counts (``pooled``), or its ratio and 1 (``per-ngram``, when
    ``selected > 0``), as :func:`simpeval.metrics.sari._ratio_terms` sums them."""
    if not per_ngram:
        out[k] += good
        out[k + 1] += selected
    elif selected > 0:
        out[k] += good / selected
        out[k + 1] += 1.0


@jit
def _piece_string(
    seg: int, piece: int, src_idx: np.ndarray, hyp_idx: np.ndarray, ref_off: np.ndarray, ref_idx: np.ndarray
) -> int:
    """String index of piece ``piece`` of segment ``seg``: 0 the source, 1 the output, 2 + j reference j."""
    if piece == 0:
        return src_idx[seg]
    if piece == 1:
        return hyp_idx[seg]
    return ref_idx[ref_off[seg] + piece - 2]


def sari_counts(
    ids: np.ndarray,
    str_off: np.ndarray,
    src_idx: np.ndarray,
    hyp_idx: np.ndarray,
    ref_off: np.ndarray,
    ref_idx: np.ndarray,
    n_vocab: int,
    max_order: int,
    binary: bool,
    weight_all: bool,
    per_ngram_p: bool,
    per_ngram_r: bool,
    del_min: bool,
    *,
    parallel: bool = True,
) -> np.ndarray:
    """The ``(n, max_order, 12)`` raw statistics of ``n`` segments.

    Segment ``i`` has source string ``src_idx[i]``, output ``hyp_idx[i]`` and references
    ``ref_idx[ref_off[i]:ref_off[i + 1]]``; string ``j`` is ``ids[str_off[j]:str_off[j + 1]]``.
    Segments are independent, so blocks of them are counted in parallel (Numba threads;
    ``NUMBA_NUM_THREADS`` limits them); the result does not depend on the number of threads.
    ``parallel=False`` counts on the calling thread (which then runs without the GIL).
    """
    n = src_idx.size
    raw = np.zeros((n, max_order, _N_RAW), dtype=np.float64)
    args = (
        ids,
        str_off,
        src_idx,
        hyp_idx,
        ref_off,
        ref_idx,
        n_vocab,
        max_order,
        binary,
        weight_all,
        per_ngram_p,
        per_ngram_r,
        del_min,
        raw,
    )
    if parallel:
        run_blocks(_count_block, _count_blocks, n, *args)
    else:
        _count_block(0, n, *args)
    return raw


@jit_parallel
def _count_blocks(
    n_blocks: int,
    ids: np.ndarray,
    str_off: np.ndarray,
    src_idx: np.ndarray,
    hyp_idx: np.ndarray,
    ref_off: np.ndarray,
    ref_idx: np.ndarray,
    n_vocab: int,
    max_order: int,
    binary: bool,
    weight_all: bool,
    per_ngram_p: bool,
    per_ngram_r: bool,
    del_min: bool,
    raw: np.ndarray,
) -> None:
    n = src_idx.size
    for block in prange(n_blocks):
        _count_block(
            block * n // n_blocks,
            (block + 1) * n // n_blocks,
            ids,
            str_off,
            src_idx,
            hyp_idx,
            ref_off,
            ref_idx,
            n_vocab,
            max_order,
            binary,
            weight_all,
            per_ngram_p,
            per_ngram_r,
            del_min,
            raw,
        )


# A compiled kernel: its length is its speed (one pass over a block of segments with every
# counter in registers and local arrays; helpers would be separate Numba calls).
@jit
def _count_block(
    lo: int,
    hi: int,
    ids: np.ndarray,
    str_off: np.ndarray,
    src_idx: np.ndarray,
    hyp_idx: np.ndarray,
    ref_off: np.ndarray,
    ref_idx: np.ndarray,
    n_vocab: int,
    max_order: int,
    binary: bool,
    weight_all: bool,
    per_ngram_p: bool,
    per_ngram_r: bool,
    del_min: bool,
    raw: np.ndarray,
) -> None:
    """Count segments ``lo..hi-1`` into ``raw``."""
    # scratch space, sized for the longest segment
    longest = 1
    for seg in range(lo, hi):
        total = str_off[src_idx[seg] + 1] - str_off[src_idx[seg]]
        total += str_off[hyp_idx[seg] + 1] - str_off[hyp_idx[seg]]
        for j in range(ref_off[seg], ref_off[seg + 1]):
            total += str_off[ref_idx[j] + 1] - str_off[ref_idx[j]]
        longest = max(longest, total)
    table = new_table(longest)
    local_of = np.zeros(max(n_vocab, 1), dtype=np.int64)
    tokens = np.empty(longest, dtype=np.int64)  # local ids of the segment's tokens, piece after piece
    prev = np.empty(longest, dtype=np.int64)  # dense id of the (n-1)-gram starting at each position
    keys = np.empty(longest, dtype=np.int64)  # key of each dense id
    s_cnt = np.zeros(longest, dtype=np.int64)
    h_cnt = np.zeros(longest, dtype=np.int64)
    r_cnt = np.zeros(longest, dtype=np.int64)
    last_ref = np.zeros(longest, dtype=np.int64)
    max_pieces = 2
    for seg in range(lo, hi):
        max_pieces = max(max_pieces, 2 + ref_off[seg + 1] - ref_off[seg])
    piece_start = np.zeros(max_pieces + 1, dtype=np.int64)

    for seg in range(lo, hi):
        n_refs = ref_off[seg + 1] - ref_off[seg]
        n_pieces = 2 + n_refs
        # gather the pieces (source, output, references) and give tokens local ids
        count = 0
        n_local = 0
        n_src_tokens = 0  # distinct tokens of the source
        for p in range(n_pieces):
            sid = _piece_string(seg, p, src_idx, hyp_idx, ref_off, ref_idx)
            piece_start[p] = count
            for t in range(str_off[sid], str_off[sid + 1]):
                token = ids[t]
                if local_of[token] == 0:
                    n_local += 1
                    local_of[token] = n_local
                tokens[count] = local_of[token]
                count += 1
            if p == 0:
                n_src_tokens = n_local
        piece_start[n_pieces] = count
        base = n_local + 1

        for order in range(1, max_order + 1):
            # size the table for this order's n-grams
            n_grams = 0
            for p in range(n_pieces):
                n_grams += max(piece_start[p + 1] - piece_start[p] - order + 1, 0)
            if order == 1:
                # a token's local id is its rank of first occurrence, piece after piece: the
                # dense id of the unigram is that rank, found without the table
                mask, shift = 0, np.uint64(0)
                m = n_local
                for g in range(m):
                    s_cnt[g] = 0
                    h_cnt[g] = 0
                    r_cnt[g] = 0
                    last_ref[g] = -1
            else:
                mask, shift = reset(table, n_grams)
                m = 0  # distinct n-grams so far
            n_src = 0
            k_nonempty = 0
            for p in range(n_pieces):
                first = piece_start[p]
                stop = piece_start[p + 1] - order + 1  # n-grams start before this position
                if p >= 2 and stop > first:
                    k_nonempty += 1
                for pos in range(first, stop):
                    if order == 1:
                        found = tokens[pos] - 1
                    else:
                        found = intern(table, keys, prev[pos] * base + tokens[pos + order - 1], mask, shift, m)
                        if found == m:  # a new n-gram
                            s_cnt[m] = 0
                            h_cnt[m] = 0
                            r_cnt[m] = 0
                            last_ref[m] = -1
                            m += 1
                    prev[pos] = found
                    if p == 0:
                        s_cnt[found] += 1
                    elif p == 1:
                        h_cnt[found] += 1
                    elif not binary:
                        r_cnt[found] += 1
                    elif last_ref[found] != p:
                        last_ref[found] = p
                        r_cnt[found] += 1
                if p == 0:
                    n_src = n_src_tokens if order == 1 else m

            # the statistics of this order, source n-grams in order of first occurrence
            k = float(n_refs)
            out = raw[seg, order - 1]  # zeros; the keep and deletion terms are added in
            add_good = add = add_all = 0.0
            for g in range(m):
                s = float(s_cnt[g])
                h = float(h_cnt[g])
                r = float(r_cnt[g])
                if binary:
                    s = min(s, 1.0)
                    h = min(h, 1.0)
                if g >= n_src:  # not in the source: addition
                    if h > 0:
                        add += 1.0
                        if r > 0:
                            add_good += 1.0
                    if r > 0:
                        add_all += 1.0
                    continue
                if weight_all:
                    s_w = s * k
                    h_w = h * k
                    r_w = r
                else:
                    s_w = s
                    h_w = h
                    r_w = r / k_nonempty if k_nonempty > 0 else 0.0
                keep = min(s_w, h_w)
                keep_good = min(keep, r_w)
                keep_all = min(s_w, r_w)
                delete = max(s_w - h_w, 0.0)
                del_all = max(s_w - r_w, 0.0)
                if del_min:
                    del_good = min(delete, del_all)
                else:
                    del_good = max(delete - r_w, 0.0)
                _add_terms(out, 0, keep_good, keep, per_ngram_p)
                _add_terms(out, 2, keep_good, keep_all, per_ngram_r)
                _add_terms(out, 4, del_good, delete, per_ngram_p)
                _add_terms(out, 6, del_good, del_all, per_ngram_r)
            out[8] = add_good
            out[9] = add
            out[10] = add_good
            out[11] = add_all
        # forget this segment's local ids
        for p in range(n_pieces):
            sid = _piece_string(seg, p, src_idx, hyp_idx, ref_off, ref_idx)
            for t in range(str_off[sid], str_off[sid + 1]):
                local_of[ids[t]] = 0
