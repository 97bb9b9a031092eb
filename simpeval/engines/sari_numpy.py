"""The NumPy SARI engine: the raw statistics of encoded segments in whole-array passes.

Input comes from :mod:`.sari_encode` (token ids of every distinct string, and which string is
each segment's source, output and references); the result equals the reference path's
counts bit for bit.

1. Within each segment (source, output, references) tokens get *segment-local* ids, so that
   an n-gram of order ``n`` is packed exactly into ``n`` small fields of one int64 (no hashing,
   hence no collisions). Sorting happens per segment (many short rows sorted at once), which
   is far cheaper than one global sort.
2. For each order, the sorted keys (n-gram, side, reference or position) give each n-gram's
   count in the source, in the output, in the references and the number of references
   containing it; the keep/delete/add statistics follow with element-wise NumPy.
3. Integer-valued sums use ``bincount``. Sums of fractions (per-n-gram ratios, tensor2tensor
   weights) are accumulated in the reference path's order, source n-grams by first
   occurrence, with a sequential ``cumsum``, so the floating-point result is identical.
"""

from __future__ import annotations

import numpy as np

from .sari_settings import N_RAW, SARICounting

__all__ = ["numpy_counts"]
_MAX_KEY_BITS = 62


def _bits(value: int) -> int:
    return max(1, int(value).bit_length())


def _ranges(starts: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """Concatenation of ``arange(s, s + l)`` for every (s, l)."""
    total = int(lengths.sum())
    if total == 0:
        return np.zeros(0, dtype=np.int64)
    block_start = np.zeros(lengths.size, dtype=np.int64)
    np.cumsum(lengths[:-1], out=block_start[1:])
    return np.repeat(starts - block_start, lengths) + np.arange(total, dtype=np.int64)


class _Segmented:
    """Flat per-segment blocks (segment-major) and a per-segment row sort.

    Segments are grouped by width class (a power of two at least as large as the segment);
    each class is a padded matrix whose rows are sorted at once. All classes live in one
    buffer, so sorting costs one scatter, a row sort per class and one gather.
    """

    def __init__(self, seg: np.ndarray, n_segments: int) -> None:
        self.seg = seg
        self.counts = np.bincount(seg, minlength=n_segments)
        starts = np.zeros(n_segments, dtype=np.int64)
        np.cumsum(self.counts[:-1], out=starts[1:])
        self.starts = starts
        self.col = np.arange(seg.size, dtype=np.int64) - starts[seg]
        width = (1 << np.ceil(np.log2(np.maximum(self.counts, 8))).astype(np.int64)).astype(np.int64)
        width[self.counts == 0] = 0
        # rows of the same width are stored together: order segments by width, stably
        order = np.argsort(width, kind="stable")
        row_start = np.zeros(n_segments, dtype=np.int64)
        row_start[order] = np.concatenate(([0], np.cumsum(width[order])[:-1]))
        self.target = row_start[seg] + self.col
        self.size = int(width.sum())
        self.blocks = []  # (offset, rows, width) of each width class
        for w in np.unique(width[width > 0]):
            members = np.flatnonzero(width == w)
            self.blocks.append((int(row_start[members].min()), members.size, int(w)))

    def sort(self, keys: np.ndarray) -> np.ndarray:
        buffer = np.full(self.size, np.iinfo(np.int64).max, dtype=np.int64)
        buffer[self.target] = keys
        for offset, rows, width in self.blocks:
            buffer[offset : offset + rows * width].reshape(rows, width).sort(axis=1)
        return buffer[self.target]


_BYTE_POPCOUNT = np.array([bin(i).count("1") for i in range(256)], dtype=np.int64)


def _popcount(values: np.ndarray) -> np.ndarray:
    """Number of set bits of non-negative int64 values."""
    if hasattr(np, "bitwise_count"):  # NumPy >= 2.0
        return np.bitwise_count(values).astype(np.int64)
    as_bytes = np.ascontiguousarray(values, dtype=np.int64).view(np.uint8).reshape(-1, 8)
    return _BYTE_POPCOUNT[as_bytes].sum(axis=1)


def _ordered_sums(seg: np.ndarray, pos: np.ndarray, values: np.ndarray, widths: np.ndarray) -> np.ndarray:
    """Per-segment sums of ``values`` added left to right in order of ``pos`` (as Python's sum)."""
    n_segments = widths.size
    out = np.zeros(n_segments, dtype=np.float64)
    if values.size == 0:
        return out
    width_class = (1 << np.ceil(np.log2(np.maximum(widths, 1))).astype(np.int64)).astype(np.int64)
    group_class = width_class[seg]
    for w in np.unique(width_class[widths > 0]):
        segs = np.flatnonzero((width_class == w) & (widths > 0))
        row = np.full(n_segments, -1, dtype=np.int64)
        row[segs] = np.arange(segs.size)
        idx = np.flatnonzero(group_class == w)
        matrix = np.zeros((segs.size, int(w)), dtype=np.float64)
        matrix[row[seg[idx]], pos[idx]] = values[idx]
        out[segs] = np.cumsum(matrix, axis=1)[:, -1]
    return out


# The vectorized counting below is one long function on purpose: its length is its speed (every
# step is a whole-array pass whose intermediate arrays feed the next; splitting it would mean
# passing a dozen arrays between helpers). The comments number its steps.
def numpy_counts(
    ids: np.ndarray,
    offsets: np.ndarray,
    src_idx: np.ndarray,
    hyp_idx: np.ndarray,
    ref_idx: np.ndarray,
    n_refs: np.ndarray,
    bound: int,
    config: SARICounting,
) -> np.ndarray | None:
    """The ``(n_segments, 12 * max_order)`` raw statistics of encoded segments, or ``None`` when
    the packed keys would not fit in 64 bits (extremely long segments: use the reference path).

    String ``k`` is ``ids[offsets[k]:offsets[k + 1]]``; segment ``i`` has source string
    ``src_idx[i]``, output ``hyp_idx[i]`` and references ``ref_idx`` (segment after segment,
    ``n_refs[i]`` each); ``bound`` is one more than the largest token id.
    """
    n = hyp_idx.size
    str_start, str_len = offsets[:-1], np.diff(offsets)

    # 2. pieces: per segment the source, the output, then each reference
    per_seg = n_refs + 2
    piece_seg = np.repeat(np.arange(n, dtype=np.int64), per_seg)
    first_piece = np.zeros(n, dtype=np.int64)
    np.cumsum(per_seg[:-1], out=first_piece[1:])
    piece_rank = np.arange(piece_seg.size, dtype=np.int64) - first_piece[piece_seg]  # 0 src, 1 hyp, 2+j ref j
    piece_str = np.empty(piece_seg.size, dtype=np.int64)
    piece_str[first_piece] = src_idx
    piece_str[first_piece + 1] = hyp_idx
    ref_mask = piece_rank >= 2
    piece_str[ref_mask] = ref_idx
    piece_side = np.minimum(piece_rank, 2)
    piece_sub = np.where(ref_mask, piece_rank - 2, 0)
    piece_len = str_len[piece_str]

    # 3. token entries and segment-local token ids
    entry_piece = np.repeat(np.arange(piece_seg.size, dtype=np.int64), piece_len)
    entry_tok = ids[_ranges(str_start[piece_str], piece_len)]
    entry_seg = piece_seg[entry_piece]
    tokens = _Segmented(entry_seg, n)
    if int(tokens.counts.max(initial=0)) >= 1 << 21:  # counts are packed in 21-bit fields below
        return None
    pos_bits = _bits(int(tokens.counts.max(initial=1)))
    if _bits(bound) + pos_bits > _MAX_KEY_BITS:
        return None
    by_token = tokens.sort((entry_tok << pos_bits) | tokens.col)
    sorted_tok = by_token >> pos_bits
    sorted_col = by_token & ((1 << pos_bits) - 1)
    new_run = np.ones(by_token.size, dtype=bool)
    new_run[1:] = (sorted_tok[1:] != sorted_tok[:-1]) | (entry_seg[1:] != entry_seg[:-1])
    run_rank = np.cumsum(new_run.astype(np.int64)) - 1
    run_rank -= run_rank[tokens.starts[entry_seg]]  # ranks restart in every segment
    local = np.empty(by_token.size, dtype=np.int64)
    local[tokens.starts[entry_seg] + sorted_col] = run_rank + 1  # 0 pads n-grams past a piece end
    local_bits = _bits(int(run_rank.max(initial=0)) + 1)

    entry_pos = np.arange(entry_piece.size, dtype=np.int64) - np.repeat(
        np.concatenate(([0], np.cumsum(piece_len)[:-1])), piece_len
    )
    max_refs = int(n_refs.max(initial=0))
    max_src = int(str_len[src_idx].max(initial=0))
    sub_bits = _bits(max(max_refs, max_src, 1))
    low_bits = 2 + sub_bits
    order = config.max_order
    binary = config.ngrams == "binary"
    if order * local_bits + low_bits > _MAX_KEY_BITS or (binary and max_refs > 62):
        return None

    # One key per token position: the n-gram of the highest order starting there (padded with
    # 0 past the end of its piece), then the side (source < output < references) and the source
    # position or the reference index. Sorting the keys within each segment groups equal
    # n-grams of *every* order at once: an n-gram group is a run of equal key prefixes.
    remaining = piece_len[entry_piece] - entry_pos
    code = np.zeros(entry_piece.size, dtype=np.int64)
    last = entry_piece.size - 1
    for t in range(order):
        ahead = np.where(remaining > t, local[np.minimum(np.arange(entry_piece.size) + t, last)], 0)
        code = (code << local_bits) | ahead
    side = piece_side[entry_piece]
    sub = np.where(side == 0, entry_pos, piece_sub[entry_piece])
    keys = tokens.sort((code << low_bits) | (side << sub_bits) | sub)
    code = keys >> low_bits
    side = (keys >> sub_bits) & 3
    sub = keys & ((1 << sub_bits) - 1)

    raw = np.zeros((n, order, N_RAW), dtype=np.float64)
    weight_all = config.ref_weight == "all"
    per_ngram_p = config.precision == "per-ngram"
    per_ngram_r = config.keep_recall == "per-ngram"
    is_ref_piece = piece_side == 2
    src_len = str_len[src_idx]
    token_mask = (1 << local_bits) - 1
    # per-entry indicators, shared by every order (the sorted layout is the same for all)
    # source, output and reference counts packed into one int64 per entry (21 bits each;
    # a segment has far fewer than 2**21 entries), so one reduceat sums all three
    is_ref_entry = side == 2
    packed = (side == 0).astype(np.int64) | ((side == 1).astype(np.int64) << 21) | (is_ref_entry.astype(np.int64) << 42)
    ref_bit = np.where(is_ref_entry, np.left_shift(1, sub), 0) if binary else np.zeros(0, dtype=np.int64)
    src_pos = np.where(is_ref_entry | (side == 1), np.iinfo(np.int64).max, sub)
    new_segment = np.ones(keys.size, dtype=bool)
    new_segment[1:] = entry_seg[1:] != entry_seg[:-1]
    for order_n in range(1, order + 1):
        prefix = code >> (local_bits * (order - order_n))
        # groups: runs of equal n-gram prefixes within a segment. Entries too close to the end of
        # their piece have a 0 (padding) last field; they form groups of their own, dropped below.
        change = new_segment.copy()
        change[1:] |= prefix[1:] != prefix[:-1]
        starts_all = np.flatnonzero(change)
        if starts_all.size == 0:
            continue
        full = (prefix[starts_all] & token_mask) != 0
        gseg = entry_seg[starts_all[full]]
        sums = np.add.reduceat(packed, starts_all)[full]
        mask21 = (1 << 21) - 1
        s_cnt = (sums & mask21).astype(np.float64)
        h_cnt = ((sums >> 21) & mask21).astype(np.float64)
        if binary:  # number of references containing the n-gram: OR of one bit per reference
            r_cnt = _popcount(np.bitwise_or.reduceat(ref_bit, starts_all)[full]).astype(np.float64)
            s_cnt, h_cnt = (s_cnt > 0).astype(np.float64), (h_cnt > 0).astype(np.float64)
        else:
            r_cnt = (sums >> 42).astype(np.float64)
        # position of the first occurrence in the source (for sums in the reference path's order)
        first_pos = np.minimum.reduceat(src_pos, starts_all)[full]
        if gseg.size == 0:
            continue

        if weight_all:
            k = n_refs[gseg].astype(np.float64)
            s_w, h_w, r_w = s_cnt * k, h_cnt * k, r_cnt
        else:
            long_enough = is_ref_piece & (piece_len >= order_n)
            k_seg = np.bincount(piece_seg[long_enough], minlength=n).astype(np.float64)
            k = k_seg[gseg]
            s_w, h_w = s_cnt, h_cnt
            r_w = np.where(k > 0, r_cnt / np.where(k > 0, k, 1.0), 0.0)

        keep = np.minimum(s_w, h_w)
        keep_good = np.minimum(keep, r_w)
        keep_all = np.minimum(s_w, r_w)
        delete = np.maximum(s_w - h_w, 0.0)
        del_all = np.maximum(s_w - r_w, 0.0)
        if config.del_match == "min":
            del_good = np.minimum(delete, del_all)
        else:
            del_good = np.maximum(delete - r_w, 0.0)

        in_src = s_cnt > 0
        src_grams = np.maximum(src_len - order_n + 1, 0)  # source n-gram positions per segment
        pos_in_src = first_pos[in_src]
        seg_in_src = gseg[in_src]

        def pooled(values: np.ndarray) -> np.ndarray:
            if weight_all:  # integer-valued: exact in any order
                return np.bincount(gseg, weights=values, minlength=n)
            return _ordered_sums(seg_in_src, pos_in_src, values[in_src], src_grams)

        def ratio_terms(good: np.ndarray, selected: np.ndarray, per_ngram: bool) -> tuple[np.ndarray, np.ndarray]:
            if not per_ngram:
                return pooled(good), pooled(selected)
            positive = selected > 0
            terms = np.where(positive, good / np.where(positive, selected, 1.0), 0.0)
            numerator = _ordered_sums(seg_in_src, pos_in_src, terms[in_src], src_grams)
            return numerator, np.bincount(gseg, weights=positive.astype(np.float64), minlength=n)

        stats = raw[:, order_n - 1, :]
        stats[:, 0], stats[:, 1] = ratio_terms(keep_good, keep, per_ngram_p)
        stats[:, 2], stats[:, 3] = ratio_terms(keep_good, keep_all, per_ngram_r)
        stats[:, 4], stats[:, 5] = ratio_terms(del_good, delete, per_ngram_p)
        stats[:, 6], stats[:, 7] = ratio_terms(del_good, del_all, per_ngram_r)
        added = (h_cnt > 0) & ~in_src
        ref_added = (r_cnt > 0) & ~in_src
        add_good = np.bincount(gseg, weights=(added & (r_cnt > 0)).astype(np.float64), minlength=n)
        stats[:, 8] = add_good
        stats[:, 9] = np.bincount(gseg, weights=added.astype(np.float64), minlength=n)
        stats[:, 10] = add_good
        stats[:, 11] = np.bincount(gseg, weights=ref_added.astype(np.float64), minlength=n)
    return raw.reshape(n, config.max_order * N_RAW)
