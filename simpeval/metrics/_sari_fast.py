"""Fast SARI statistics: the whole corpus at once, in NumPy or with compiled kernels.

Both engines produce exactly the array that the readable reference path
(:func:`simpeval.metrics.sari.sari_segment_counts`, one segment at a time with
``collections.Counter``) produces, bit for bit, for every configuration. The property tests
compare them on generated corpora.

This module holds what the two share (chunking, the cache of encoded sources and
references, the normalization of the corpus into bytes) and the NumPy engine. With
``compiled=True``, tokens get ids from :class:`~simpeval.tokenizers._compiled.TokenVocabulary`
(which also tokenizes each distinct string once) and :func:`._sari_numba.sari_counts` does
the counting, segment by segment.

Outline of the NumPy engine:

1. Every distinct string is normalized once (lowercasing and 13a run over the joined corpus,
   :mod:`simpeval.tokenizers.batch`) and split into tokens, which a dict maps to integer ids.
2. Within each segment (source, output, references) tokens get *segment-local* ids, so that
   an n-gram of order ``n`` is packed exactly into ``n`` small fields of one int64 (no hashing,
   hence no collisions). Sorting happens per segment (many short rows sorted at once), which
   is far cheaper than one global sort.
3. For each order, the sorted keys (n-gram, side, reference or position) give each n-gram's
   count in the source, in the output, in the references and the number of references
   containing it; the keep/delete/add statistics follow with element-wise NumPy.
4. Integer-valued sums use ``bincount``. Sums of fractions (per-n-gram ratios, tensor2tensor
   weights) are accumulated in the reference path's order, source n-grams by first
   occurrence, with a sequential ``cumsum``, so the floating-point result is identical.
"""

from __future__ import annotations

import itertools
from typing import TYPE_CHECKING, Any, Optional, Union

import numpy as np

from .._jit import NUMBA_AVAILABLE
from ..tokenizers.batch import (
    SEPARATOR,
    concat_encoded,
    join_lines,
    normalize_spaces,
    replacements_13a,
    tokenize_13a_bytes,
    tokenize_batch,
)

if TYPE_CHECKING:  # pragma: no cover
    from ..tokenizers._compiled import TokenVocabulary
    from .sari import SARIConfig

__all__ = ["ReferenceCache", "Vocabulary", "encode_lines", "fast_sari_counts"]

_N_RAW = 12
_SEPARATOR_BYTE = SEPARATOR.encode()
_MAX_KEY_BITS = 62


class Vocabulary:
    """Token (UTF-8 bytes) -> integer id, shared by every side of one computation.

    Ids are unique but not dense (one pass: every lookup draws a number), which is all the
    engine needs: they are only compared, and ranked within a segment.
    """

    def __init__(self) -> None:
        self.ids: dict[bytes, int] = {SEPARATOR.encode(): 0}
        self.separator = 0
        self._counter = itertools.count(1)

    def lookup(self, tokens: list[bytes]) -> np.ndarray:
        return np.fromiter(map(self.ids.setdefault, tokens, self._counter), dtype=np.int64, count=len(tokens))

    @property
    def bound(self) -> int:
        """One more than the largest id handed out."""
        return next(self._counter)


AnyVocabulary = Union[Vocabulary, "TokenVocabulary"]


def encode_lines(
    lines: list[str], vocab: AnyVocabulary, *, normalize: bool, config: SARIConfig
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Token ids of every line: ``(ids, offsets, index)``; line ``i`` is encoded line
    ``k = index[i]``, whose tokens are ``ids[offsets[k]:offsets[k + 1]]``.

    With ``normalize`` the line is lowercased (``config.lowercase``) and tokenized
    (``config.tokenize``) first; then it is split on whitespace or on single spaces
    (``config.split``), exactly as the reference path does (``str.split()`` /
    ``str.split(" ")``), but on the UTF-8 bytes of the whole corpus at once. The compiled
    vocabulary encodes each distinct line once (``index`` maps lines to distinct lines); the
    NumPy one encodes every line (``index`` is ``0, 1, 2, ...``), its callers de-duplicate.
    """
    if not lines:
        return np.zeros(0, dtype=np.int64), np.zeros(1, dtype=np.int64), np.zeros(0, dtype=np.int64)
    everything = np.arange(len(lines), dtype=np.int64)
    space = config.split == "space"
    is_13a = normalize and config.tokenize == "13a"
    if normalize and config.tokenize not in ("13a", "none"):
        if any(SEPARATOR in line for line in lines):
            return (*_encode_one_by_one(lines, vocab, normalize=normalize, config=config), everything)
        lines = tokenize_batch(lines, config.tokenize, lowercase=config.lowercase)
        data = join_lines(lines)
        if data.count(_SEPARATOR_BYTE) != len(lines) - 1:  # the tokenizer produced a separator
            return (*_encode_one_by_one(lines, vocab, normalize=False, config=config), everything)
    else:
        data = join_lines(lines, lowercase=normalize and config.lowercase)
        if data.count(_SEPARATOR_BYTE) != len(lines) - 1:  # a line holds the separator
            return (*_encode_one_by_one(lines, vocab, normalize=normalize, config=config), everything)
    if not isinstance(vocab, Vocabulary):  # compiled: tokens never become Python objects
        if is_13a:
            return vocab.encode_unique(replacements_13a(data), len(lines), tok13a=True, space=space)
        return vocab.encode_unique(data, len(lines), space=space)
    return (*_split_and_lookup(data, len(lines), vocab, is_13a=is_13a, space=space), everything)


def _split_and_lookup(
    data: bytes, n_lines: int, vocab: Vocabulary, *, is_13a: bool, space: bool
) -> tuple[np.ndarray, np.ndarray]:
    """Split joined lines into tokens (bytes objects) and look them up in ``vocab``."""
    if is_13a:
        tokens = tokenize_13a_bytes(data).split()
    elif space:  # str.split(" ") == bytes.split(b" ") on UTF-8; the separator becomes " \x01 "
        tokens = data.replace(SEPARATOR.encode(), b" \x01 ").split(b" ")
    else:
        tokens = normalize_spaces(data).replace(SEPARATOR.encode(), b" \x01 ").split()
    ids = vocab.lookup(tokens)
    is_sep = ids == vocab.separator
    sep_pos = np.flatnonzero(is_sep)
    starts = np.concatenate(([0], sep_pos + 1))
    ends = np.concatenate((sep_pos, [ids.size]))
    lengths = ends - starts
    ids = ids[~is_sep]
    if space and is_13a:
        # 13a output is whitespace-normalized, so split(" ") differs from split() only on an
        # empty line, which gives one empty-string token.
        empty = np.flatnonzero(lengths == 0)
        if empty.size:
            ids = np.insert(ids, (starts - np.arange(starts.size))[empty], vocab.lookup([b""])[0])
            lengths = np.where(lengths == 0, 1, lengths)
    offsets = np.zeros(n_lines + 1, dtype=np.int64)
    np.cumsum(lengths, out=offsets[1:])
    return ids, offsets


def _encode_one_by_one(
    lines: list[str], vocab: AnyVocabulary, *, normalize: bool, config: SARIConfig
) -> tuple[np.ndarray, np.ndarray]:
    from ..tokenizers import get_tokenizer

    tokenizer = get_tokenizer(config.tokenize)
    texts = [tokenizer(line.lower() if config.lowercase else line) if normalize else line for line in lines]
    per_line = [t.split(" ") if config.split == "space" else t.split() for t in texts]
    offsets = np.zeros(len(lines) + 1, dtype=np.int64)
    np.cumsum([len(t) for t in per_line], out=offsets[1:])
    return vocab.lookup([t.encode("utf-8") for tokens in per_line for t in tokens]), offsets


# ---------------------------------------------------------------------------- helpers
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


def _ordered_sums(
    seg: np.ndarray, pos: np.ndarray, values: np.ndarray, widths: np.ndarray
) -> np.ndarray:
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


# ---------------------------------------------------------------------------- engine
#: Segments per chunk: small enough for the working arrays to stay in cache, large enough to
#: amortize NumPy's per-call overhead (measured on ASSET-like data; 2k-8k are equally good).
CHUNK_SEGMENTS = 4096


class ReferenceCache:
    """Encoded sources and references of recent chunks, reused when other systems are scored.

    All systems of a comparison share their sources and references; with this cache (one
    per :class:`~simpeval.metrics.sari.SARI` object) they are normalized, tokenized and
    mapped to ids once, and only each system's outputs are encoded per call. Entries are
    keyed by the chunk's exact sources and references; the oldest are dropped beyond
    ``max_entries`` chunks, so memory stays bounded when streaming.
    """

    def __init__(self, max_entries: int = 8) -> None:
        self.max_entries = max_entries
        self._entries: dict[Any, _Shared] = {}

    def get(self, key: Any) -> Optional[_Shared]:
        return self._entries.get(key)

    def put(self, key: Any, value: _Shared) -> None:
        self._entries[key] = value
        while len(self._entries) > self.max_entries:
            self._entries.pop(next(iter(self._entries)))


class _Shared:
    """The encoded sources and references of one chunk (with the vocabulary that encoded them):
    string ``k`` is ``ids[offsets[k]:offsets[k + 1]]``; the sources are strings ``src_idx``, the
    references (segment after segment) strings ``ref_idx``."""

    def __init__(self, vocab: AnyVocabulary, ids: np.ndarray, offsets: np.ndarray, src_idx: np.ndarray,
                 ref_idx: np.ndarray) -> None:  # fmt: skip
        self.vocab, self.ids, self.offsets, self.src_idx, self.ref_idx = vocab, ids, offsets, src_idx, ref_idx


def fast_sari_counts(
    hypotheses: list[str],
    references: list[list[str]],
    sources: list[str],
    config: SARIConfig,
    cache: Optional[ReferenceCache] = None,
    compiled: bool = NUMBA_AVAILABLE,
) -> Optional[np.ndarray]:
    """The ``(n_segments, 12 * max_order)`` raw statistics, computed chunk by chunk.

    ``compiled`` counts with the Numba kernel (:mod:`._sari_numba`), otherwise with NumPy
    passes; the NumPy engine returns ``None`` when a chunk's packed keys would not fit in 64
    bits (extremely long segments), and callers then use the reference path. ``cache`` reuses
    the encoded sources and references across calls.
    """
    parts = []
    for start in range(0, len(hypotheses), CHUNK_SEGMENTS):
        stop = start + CHUNK_SEGMENTS
        part = _fast_counts(
            hypotheses[start:stop], references[start:stop], sources[start:stop], config, cache, compiled
        )
        if part is None:
            return None
        parts.append(part)
    if not parts:
        return np.zeros((0, _N_RAW * config.max_order), dtype=np.float64)
    return parts[0] if len(parts) == 1 else np.concatenate(parts)


def _encode_distinct(
    lines: list[str], vocab: AnyVocabulary, *, normalize: bool, config: SARIConfig
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """:func:`encode_lines`, each distinct string encoded once (the NumPy path de-duplicates here)."""
    if not isinstance(vocab, Vocabulary):  # the compiled kernel de-duplicates the normalized bytes
        return encode_lines(lines, vocab, normalize=normalize, config=config)
    distinct = list(dict.fromkeys(lines))
    position = dict(zip(distinct, range(len(distinct))))
    ids, offsets, _ = encode_lines(distinct, vocab, normalize=normalize, config=config)
    return ids, offsets, np.fromiter(map(position.__getitem__, lines), dtype=np.int64, count=len(lines))


def _append(
    ids: np.ndarray, offsets: np.ndarray, more: tuple[np.ndarray, np.ndarray, np.ndarray]
) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """Strings ``more`` after strings ``(ids, offsets)``: the joined arrays and the new strings' indices."""
    more_ids, more_offsets, more_index = more
    return (*concat_encoded((ids, offsets), (more_ids, more_offsets)), more_index + (offsets.size - 1))


def _encode_shared(references: list[list[str]], sources: list[str], config: SARIConfig, compiled: bool) -> _Shared:
    """Encode the references and sources of a chunk, each distinct string once."""
    vocab: AnyVocabulary
    if compiled:  # the kernels (and Numba) are imported on first use only
        from ..tokenizers._compiled import TokenVocabulary

        vocab = TokenVocabulary()
    else:
        vocab = Vocabulary()
    strings = list(itertools.chain.from_iterable(references))
    n_ref_strings = len(strings)
    if config.normalize_source:
        strings.extend(sources)
    ids, offsets, index = _encode_distinct(strings, vocab, normalize=True, config=config)
    if config.normalize_source:
        src_idx = index[n_ref_strings:]
    else:  # the source as given: its own strings, after the normalized ones
        ids, offsets, src_idx = _append(ids, offsets, _encode_distinct(sources, vocab, normalize=False, config=config))
    return _Shared(vocab, ids, offsets, src_idx, index[:n_ref_strings])


def _fast_counts(
    hypotheses: list[str],
    references: list[list[str]],
    sources: list[str],
    config: SARIConfig,
    cache: Optional[ReferenceCache] = None,
    compiled: bool = False,
) -> Optional[np.ndarray]:
    n = len(hypotheses)
    # 1. distinct strings, encoded once: sources and references (possibly from the cache), then
    #    the outputs
    key = (compiled, tuple(sources), tuple(map(tuple, references))) if cache is not None else None
    shared = cache.get(key) if cache is not None else None
    if shared is None:
        shared = _encode_shared(references, sources, config, compiled)
        if cache is not None:
            cache.put(key, shared)
    vocab = shared.vocab
    outputs = _encode_distinct(hypotheses, vocab, normalize=True, config=config)
    ids, offsets, hyp_idx = _append(shared.ids, shared.offsets, outputs)
    src_idx, ref_idx = shared.src_idx, shared.ref_idx
    n_refs = np.fromiter((len(r) for r in references), dtype=np.int64, count=n)
    if compiled:
        from ._sari_numba import sari_counts

        ref_off = np.zeros(n + 1, dtype=np.int64)
        np.cumsum(n_refs, out=ref_off[1:])
        raw = sari_counts(ids, offsets, src_idx, hyp_idx, ref_off, ref_idx, vocab.bound, config.max_order,
                          config.ngrams == "binary", config.ref_weight == "all", config.precision == "per-ngram",
                          config.keep_recall == "per-ngram", config.del_match == "min")  # fmt: skip
        return raw.reshape(n, config.max_order * _N_RAW)
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
    if _bits(vocab.bound) + pos_bits > _MAX_KEY_BITS:
        return None
    order = tokens.sort((entry_tok << pos_bits) | tokens.col)
    sorted_tok = order >> pos_bits
    sorted_col = order & ((1 << pos_bits) - 1)
    new_run = np.ones(order.size, dtype=bool)
    new_run[1:] = (sorted_tok[1:] != sorted_tok[:-1]) | (entry_seg[1:] != entry_seg[:-1])
    run_rank = np.cumsum(new_run.astype(np.int64)) - 1
    run_rank -= run_rank[tokens.starts[entry_seg]]  # ranks restart in every segment
    local = np.empty(order.size, dtype=np.int64)
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

    raw = np.zeros((n, order, _N_RAW), dtype=np.float64)
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
    ref_bit = np.where(is_ref_entry, np.left_shift(1, sub), 0) if binary else None
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
    return raw.reshape(n, config.max_order * _N_RAW)
