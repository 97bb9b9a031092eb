"""BLEU and chrF statistics by whole-array NumPy passes: the counts of :mod:`.ngram`, no compiled code.

The input is integer symbols (token ids, code points, word ids) of the texts as
:mod:`.text_encoding` and :mod:`.word_ids` give them: ``(symbols, offsets)``, text ``i`` being
``symbols[offsets[i]:offsets[i + 1]]``. The references of segment ``s`` are references
``ref_off[s] .. ref_off[s + 1] - 1``.

1. :class:`ReferenceNgrams` (once per reference set, kept by the metric for every system
   compared on it) groups the references' n-grams order by order, in blocks of consecutive
   segments (:data:`BLOCK_SYMBOLS`: arrays that stay in the processor's caches). A group is one
   n-gram of one segment's references: at order 1 the key (segment, symbol); at order ``k`` the
   key (group of the ``k - 1``-gram prefix, rank of the last symbol among the segment's),
   exact in one int64, so groups never collide. Keys are sorted packed with their index
   (``np.sort`` of integers, far quicker than ``np.argsort``), and a group keeps its count in
   each reference (chrF) or its highest count in any one reference (BLEU).
2. :meth:`ReferenceNgrams.match` builds the same keys for the hypotheses and finds their groups
   by ``np.searchsorted`` on the sorted group keys (an n-gram no reference of its segment has
   gets none and can match nothing), counts each per segment and clips it by the reference
   counts, ``min(hypothesis count, reference count)``, summed per segment or per reference with
   ``np.bincount`` or ``np.add.reduceat``. Every count is an integer, so the sums are exact.
3. :func:`best_reference` picks chrF's reference as :func:`.ngram.best_reference` does,
   with the same float64 operations in the same order, element-wise over all references.

A key that would not fit into 63 bits (corpora of billions of symbols) makes
:class:`ReferenceNgrams` raise :class:`KeyOverflow`; the caller then lets sacrebleu count.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

__all__ = [
    "BLOCK_SYMBOLS",
    "MIN_TEXTS",
    "KeyOverflow",
    "ReferenceNgrams",
    "best_reference",
    "closest_lengths",
    "ranges",
]

Encoded = tuple[np.ndarray, np.ndarray]
_KEY_LIMIT = 1 << 62
#: The bits of a key and its index packed into one int64 for sorting (else ``np.argsort``).
_PACK_BITS = 62


class KeyOverflow(ArithmeticError):
    """An n-gram key would not fit into an int64: the corpus is too large for this engine."""


def _checked(bound: int) -> None:
    if bound >= _KEY_LIMIT:
        raise KeyOverflow(f"n-gram keys up to {bound} do not fit into an int64")


def ranges(starts: np.ndarray, lengths: np.ndarray) -> np.ndarray:
    """The concatenation of ``arange(s, s + l)`` for every pair ``(s, l)``.

    Examples:
        >>> ranges(np.array([5, 0]), np.array([2, 3])).tolist()
        [5, 6, 0, 1, 2]
    """
    total = int(lengths.sum())
    if total == 0:
        return np.zeros(0, dtype=np.int64)
    first = np.zeros(lengths.size, dtype=np.int64)
    np.cumsum(lengths[:-1], out=first[1:])
    return np.repeat(starts - first, lengths) + np.arange(total, dtype=np.int64)


def _layout(offsets: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The text of every symbol and the number of symbols from it to its text's end (itself included)."""
    lengths = np.diff(offsets)
    text = np.repeat(np.arange(lengths.size, dtype=np.int64), lengths)
    remaining = offsets[1:][text] - np.arange(int(offsets[-1]), dtype=np.int64)
    return text, remaining


def _lookup(keys: np.ndarray, needles: np.ndarray) -> np.ndarray:
    """Index of each needle in the sorted distinct ``keys``, ``-1`` where it is absent."""
    if keys.size == 0:
        return np.full(needles.size, -1, dtype=np.int64)
    found = np.minimum(np.searchsorted(keys, needles), keys.size - 1)
    return np.where(keys[found] == needles, found, -1)


def _sorted_runs(keys: np.ndarray) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """``keys`` (non-negative) sorted stably: the permutation, the sorted keys and where a
    new key starts in them. A key fitting beside its index into 62 bits is sorted packed with it
    (``np.sort`` of integers, far quicker than ``np.argsort``)."""
    shift = max(int(keys.size).bit_length(), 1)
    if int(keys.max(initial=0)).bit_length() + shift <= _PACK_BITS:
        packed = np.sort((keys << shift) | np.arange(keys.size, dtype=np.int64))
        order, ordered = packed & ((1 << shift) - 1), packed >> shift
    else:
        order = np.argsort(keys, kind="stable")
        ordered = keys[order]
    new = np.ones(keys.size, dtype=bool)
    np.not_equal(ordered[1:], ordered[:-1], out=new[1:])
    return order, ordered, new


@dataclass(frozen=True)
class _Order:
    """The references' n-grams of one order, in groups: a group is an n-gram of one segment's references."""

    #: sorted distinct keys of the groups (order 1: segment * symbol bound + symbol; order
    #: ``k``: group of the ``k - 1``-gram prefix * alphabet + the last symbol's rank in the segment)
    keys: np.ndarray
    #: the segment of each group
    segments: np.ndarray
    #: BLEU: the highest count of each group in one reference; chrF: its count in each reference
    #: holding it, group by group (those of group ``g`` are ``counts[starts[g]:starts[g + 1]]``)
    counts: np.ndarray
    #: chrF: where each group's counts start (``n_groups + 1`` values; BLEU: empty)
    starts: np.ndarray
    #: chrF: the reference of each count (BLEU: empty)
    refs: np.ndarray
    #: chrF, when not much larger: the counts as a ``(n_groups, most references of a segment)``
    #: matrix, column ``j`` for the segment's reference ``j`` (else empty)
    dense: np.ndarray


#: Texts of a call (segments x (references + 1)) below which sacrebleu's own extraction is quicker
#: than the fixed costs of these passes: ``engine="fast"`` lets sacrebleu count a sentence or two
#: (the measurement: the documentation's "Speed and engines", BLEU and chrF).
MIN_TEXTS = 12

#: Reference symbols a block of segments holds at most (unless one segment has more): the arrays of
#: a block stay in the processor's caches, which whole-corpus arrays of millions of symbols do not.
BLOCK_SYMBOLS = 1 << 16


class ReferenceNgrams:
    """The n-grams of every order of a reference set, numbered and counted for :meth:`match`, in
    blocks of consecutive segments (segments are independent, so blocks change no count).

    Args:
        references: the encoded references, segment by segment (symbols: non-negative int64; a
            hypothesis symbol no reference has, such as ``-1``, matches nothing).
        ref_off: ``ref_off[s] .. ref_off[s + 1] - 1`` are the references of segment ``s``.
        max_order: the highest n-gram order.
        per_reference: count per reference (chrF) instead of the highest count in any one (BLEU).
        block_symbols: the reference symbols of a block (default: :data:`BLOCK_SYMBOLS`).

    Raises:
        KeyOverflow: the corpus is too large for int64 keys.
    """

    def __init__(
        self,
        references: Encoded,
        ref_off: np.ndarray,
        max_order: int,
        per_reference: bool,
        block_symbols: int | None = None,
    ) -> None:
        symbols, offsets = references
        self.ref_off, self.lengths, self.per_reference, self.max_order = (
            ref_off,
            np.diff(offsets),
            per_reference,
            max_order,
        )
        block_symbols = block_symbols or BLOCK_SYMBOLS
        bounds = offsets[ref_off]  # the first reference symbol of every segment, and the end
        cuts = np.searchsorted(bounds, np.arange(block_symbols, int(bounds[-1]), block_symbols), side="right") - 1
        edges = np.concatenate(([0], cuts, [ref_off.size - 1]))  # ascending: np.unique without its sort
        # block b: segments cuts[b]..cuts[b + 1] - 1 (np.unique itself would import numpy.ma)
        self.cuts = edges[np.concatenate(([True], edges[1:] != edges[:-1]))]
        self.blocks = []
        for lo, hi in zip(self.cuts[:-1].tolist(), self.cuts[1:].tolist()):
            first, last = int(ref_off[lo]), int(ref_off[hi])
            part = (symbols[offsets[first] : offsets[last]], offsets[first : last + 1] - offsets[first])
            self.blocks.append(_Block(part, ref_off[lo : hi + 1] - first, max_order, per_reference))

    def match(self, hypotheses: Encoded) -> np.ndarray:
        """Clipped matches of the hypotheses (one per segment, in order).

        Returns:
            BLEU (``per_reference=False``): ``(n_segments, max_order)`` matches clipped by each
            n-gram's highest count in any one reference; chrF: ``(n_references, max_order, 3)``
            counts ``[hyp, ref, match]`` of every (segment, reference) pair, where, as in
            sacrebleu, the hypothesis count of an order is 0 when the reference has no n-gram of it.
        """
        symbols, offsets = hypotheses
        parts = [np.zeros((0, self.max_order, 3) if self.per_reference else (0, self.max_order), dtype=np.int64)]
        for lo, hi, block in zip(self.cuts[:-1].tolist(), self.cuts[1:].tolist(), self.blocks):
            part = (symbols[offsets[lo] : offsets[hi]], offsets[lo : hi + 1] - offsets[lo])
            parts.append(block.match(part))
        return np.concatenate(parts)


class _Block:
    """The n-grams of every order of the references of some segments, numbered and counted."""

    def __init__(self, references: Encoded, ref_off: np.ndarray, max_order: int, per_reference: bool) -> None:
        symbols, offsets = references
        self.ref_off, self.lengths, self.per_reference = ref_off, np.diff(offsets), per_reference
        self._cells: dict[int, np.ndarray] = {}
        #: the segment of every reference, and its place among the segment's references
        self.text_segment = np.repeat(np.arange(ref_off.size - 1, dtype=np.int64), np.diff(ref_off))
        self.text_column = np.arange(int(ref_off[-1]), dtype=np.int64) - ref_off[:-1][self.text_segment]
        text, remaining = _layout(offsets)
        n_segments = ref_off.size - 1
        segment = self.text_segment[text]
        self.low = int(symbols.min(initial=0))
        self.span = int(symbols.max(initial=0)) - self.low + 1
        _checked(n_segments * self.span)
        self.orders: list[_Order] = []
        #: a segment's first group of order 1; the most distinct symbols of a segment; a symbol's rank among them
        self.first, self.alphabet, self.rank = np.zeros(1, dtype=np.int64), 1, np.zeros(0, dtype=np.int64)
        groups = np.zeros(0, dtype=np.int64)
        for order in range(1, max_order + 1):
            starts = np.flatnonzero(remaining >= order)
            if order == 1:
                keys = segment * self.span + (symbols - self.low)
            else:  # a hypothesis key is below this bound too
                _checked(len(self.orders[-1].keys) * self.alphabet)
                keys = groups[starts] * self.alphabet + self.rank[starts + order - 1]
            level, inverse = self._level(keys, text[starts])
            groups = np.full(symbols.size, -1, dtype=np.int64)
            groups[starts] = inverse
            if order == 1:
                self.first = np.searchsorted(level.segments, np.arange(n_segments + 1))
                self.alphabet = int(np.diff(self.first).max(initial=1))
                self.rank = groups - self.first[segment]
            self.orders.append(level)

    def _level(self, keys: np.ndarray, text: np.ndarray) -> tuple[_Order, np.ndarray]:
        """The groups of one order's keys (of n-grams in references ``text``), and the group of every key."""
        order, ordered, new = _sorted_runs(keys)
        inverse = np.empty(keys.size, dtype=np.int64)
        inverse[order] = np.cumsum(new) - 1
        texts = text[order]
        run = new.copy()  # a run: one group in one reference (a group's keys come in text order)
        run[1:] |= texts[1:] != texts[:-1]
        run_starts = np.flatnonzero(run)
        counts = np.diff(np.append(run_starts, keys.size))
        opens = new[run_starts]  # the runs that open a group
        group_runs = np.flatnonzero(opens)
        segments = self.text_segment[texts[new]]
        empty = np.zeros(0, dtype=np.int64)
        if not self.per_reference:
            highest = np.maximum.reduceat(counts, group_runs) if counts.size else counts
            return _Order(ordered[new], segments, highest, empty, empty, empty), inverse
        refs = texts[run_starts]
        width = int(np.diff(self.ref_off).max(initial=1))
        dense = empty
        if segments.size * width <= 4 * counts.size:  # a matrix no larger than 4 times the list
            dense = np.zeros((segments.size, width), dtype=np.int32 if counts.max(initial=0) < 2**31 else np.int64)
            dense[np.cumsum(opens) - 1, self.text_column[refs]] = counts
        starts = np.append(group_runs, run_starts.size)
        return _Order(ordered[new], segments, counts, starts, refs, dense), inverse

    def _tallies(
        self, symbols: np.ndarray, segment: np.ndarray, remaining: np.ndarray
    ) -> list[tuple[np.ndarray, np.ndarray]]:
        """Per order, the groups the hypotheses' n-grams fall into and how often, per segment
        (an n-gram no reference of its segment has is left out: it matches nothing)."""
        out: list[tuple[np.ndarray, np.ndarray]] = []
        # the start of every n-gram found so far and its group (of the last order), in no order
        starts = np.flatnonzero((symbols >= self.low) & (symbols - self.low < self.span))
        groups, rank = np.zeros(0, dtype=np.int64), np.full(symbols.size, -1, dtype=np.int64)
        for k, level in enumerate(self.orders, start=1):
            if k == 1:
                keys = segment[starts] * self.span + (symbols[starts] - self.low)
            else:  # the found (k - 1)-grams followed by a symbol of the segment's references
                longer = remaining[starts] >= k
                starts, groups = starts[longer], groups[longer]
                last = rank[starts + k - 1]
                kept = last >= 0
                starts, groups, last = starts[kept], groups[kept], last[kept]
                keys = groups * self.alphabet + last
            order, ordered, new = _sorted_runs(keys)
            first = np.flatnonzero(new)
            found = _lookup(level.keys, ordered[first])
            counts = np.diff(np.append(first, keys.size))
            groups = np.repeat(found, counts)  # in sorted order
            kept = groups >= 0
            starts, groups = starts[order[kept]], groups[kept]
            if k == 1:
                rank[starts] = groups - self.first[segment[starts]]
            known = found >= 0
            out.append((found[known], counts[known]))
        return out

    def match(self, hypotheses: Encoded) -> np.ndarray:
        """:meth:`ReferenceNgrams.match` of this block's segments."""
        symbols, offsets = hypotheses
        n_segments, n_refs, max_order = offsets.size - 1, int(self.ref_off[-1]), len(self.orders)
        segment, remaining = _layout(offsets)
        hyp_len = np.diff(offsets)
        out = np.zeros((n_refs, max_order, 3) if self.per_reference else (n_segments, max_order), dtype=np.int64)
        ref_segment = np.repeat(np.arange(n_segments, dtype=np.int64), np.diff(self.ref_off))
        for k, ((groups, counts), level) in enumerate(zip(self._tallies(symbols, segment, remaining), self.orders)):
            if self.per_reference:
                ref_grams = np.maximum(self.lengths - k, 0)
                out[:, k, 0] = np.where(ref_grams > 0, np.maximum(hyp_len - k, 0)[ref_segment], 0)
                out[:, k, 1] = ref_grams
                out[:, k, 2] = self._per_reference(level, groups, counts)
            else:
                clipped = np.minimum(counts, level.counts[groups])
                out[:, k] = np.bincount(level.segments[groups], weights=clipped, minlength=n_segments)
        return out

    def cells(self, width: int) -> np.ndarray:
        """Where each reference's count is in a ``(segment, j-th reference of the segment)`` matrix
        of ``width`` columns, flattened (kept per width: the same for every system and order)."""
        if width not in self._cells:
            self._cells[width] = self.text_segment * width + self.text_column
        return self._cells[width]

    def _per_reference(self, level: _Order, groups: np.ndarray, counts: np.ndarray) -> np.ndarray:
        """chrF's matches of every reference: over the hypothesis n-grams of its segment (``groups``,
        occurring ``counts`` times), the sum of ``min(hypothesis count, reference count)``."""
        n_refs = int(self.ref_off[-1])
        if level.dense.size == 0 or groups.size == 0:
            spans = level.starts[groups + 1] - level.starts[groups]
            entries = ranges(level.starts[groups], spans)
            clipped = np.minimum(np.repeat(counts, spans), level.counts[entries])
            return np.bincount(level.refs[entries], weights=clipped, minlength=n_refs)
        rows = np.take(level.dense, groups, axis=0)  # quicker than dense[groups]
        np.minimum(rows, counts.astype(rows.dtype)[:, None], out=rows)
        segments = level.segments[groups]  # ascending
        first = np.flatnonzero(np.concatenate(([True], segments[1:] != segments[:-1])))
        table = np.zeros((self.ref_off.size - 1, rows.shape[1]), dtype=np.int64)  # (segment, its reference)
        table[segments[first]] = np.add.reduceat(rows, first, axis=0)
        return np.take(table.ravel(), self.cells(rows.shape[1]))


def closest_lengths(hyp_len: np.ndarray, ref_len: np.ndarray, ref_off: np.ndarray) -> np.ndarray:
    """BLEU's reference length of each segment (every segment has a reference): the reference
    length closest to the hypothesis length, the shorter one on a tie (:func:`.ngram.closest_lengths`).

    Examples:
        >>> closest_lengths(np.array([5, 4]), np.array([3, 7, 2, 6]), np.array([0, 2, 4])).tolist()
        [3, 2]
    """
    if hyp_len.size == 0:
        return np.zeros(0, dtype=np.int64)
    segment = np.repeat(np.arange(hyp_len.size, dtype=np.int64), np.diff(ref_off))
    scale = int(ref_len.max(initial=0)) + 1
    _checked((int(np.abs(hyp_len).max(initial=0)) + scale) * scale)
    key = np.abs(hyp_len[segment] - ref_len) * scale + ref_len  # by distance, then by length
    return np.minimum.reduceat(key, ref_off[:-1]) % scale


def best_reference(counts: np.ndarray, ref_off: np.ndarray, factor: float, eps_smoothing: bool) -> np.ndarray:
    """Per segment, the flat ``[hyp, ref, match] x order`` counts of the first reference with the
    highest sentence F-score, as :func:`.ngram.best_reference` computes it (``counts``: the
    ``(n_references, order, 3)`` counts of :meth:`ReferenceNgrams.match`, orders concatenated)."""
    n, order = ref_off.size - 1, counts.shape[1]
    out = np.zeros((n, 3 * order), dtype=np.float64)
    sizes = np.diff(ref_off)
    segments = np.flatnonzero(sizes > 0)
    if segments.size == 0:
        return out
    scores = _f_scores(counts.astype(np.float64), factor, eps_smoothing)
    starts = ref_off[:-1][segments]
    best = np.maximum.reduceat(scores, starts)
    candidate = np.arange(scores.size, dtype=np.int64)
    is_best = scores == np.repeat(best, sizes[segments])
    first = np.minimum.reduceat(np.where(is_best, candidate, scores.size), starts)
    out[segments] = counts[first].reshape(first.size, 3 * order)
    return out


def _f_scores(stats: np.ndarray, factor: float, eps_smoothing: bool) -> np.ndarray:
    """sacrebleu's ``CHRF._compute_f_score`` of every row of ``(rows, order, 3)`` float64 counts:
    the float64 operations of ``ngram._f_score``, in its order, element-wise."""
    eps = 1e-16
    order = stats.shape[1]
    score = np.zeros(stats.shape[0], dtype=np.float64)
    effective_order = np.zeros(stats.shape[0], dtype=np.int64)
    avg_prec = np.zeros(stats.shape[0], dtype=np.float64)
    avg_rec = np.zeros(stats.shape[0], dtype=np.float64)
    with np.errstate(divide="ignore", invalid="ignore"):  # the lanes np.where discards
        for i in range(order):
            n_hyp, n_ref, n_match = stats[:, i, 0], stats[:, i, 1], stats[:, i, 2]
            prec = np.where(n_hyp > 0, n_match / n_hyp, eps)
            rec = np.where(n_ref > 0, n_match / n_ref, eps)
            denom = factor * prec + rec
            score += np.where(denom > 0, (1 + factor) * prec * rec / denom, eps)
            both = (n_hyp > 0) & (n_ref > 0)
            avg_prec = np.where(both, avg_prec + prec, avg_prec)
            avg_rec = np.where(both, avg_rec + rec, avg_rec)
            effective_order += both
        if eps_smoothing:
            result: np.ndarray = 100 * score / order
            return result
        avg_prec = np.where(effective_order == 0, 0.0, avg_prec / effective_order)
        avg_rec = np.where(effective_order == 0, 0.0, avg_rec / effective_order)
        value = (1 + factor) * avg_prec * avg_rec
        value = value / ((factor * avg_prec) + avg_rec)
        return np.where(avg_prec + avg_rec != 0.0, 100 * value, 0.0)
