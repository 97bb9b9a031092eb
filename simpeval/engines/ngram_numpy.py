"""BLEU and chrF statistics by whole-array NumPy passes: the counts of :mod:`.ngram`, no compiled code.

The input is integer symbols (token ids, code points, word ids) of the texts as
:mod:`.text_encoding` and :mod:`.word_ids` give them: ``(symbols, offsets)``, text ``i`` being
``symbols[offsets[i]:offsets[i + 1]]``. The references of segment ``s`` are references
``ref_off[s] .. ref_off[s + 1] - 1``.

1. :class:`ReferenceNgrams` (once per reference set, kept by the metric for every system
   compared on it) numbers the references' n-grams order by order: an n-gram of order ``k``
   is the pair (id of its ``k - 1``-gram prefix, id of its last symbol), packed exactly into one
   int64 and numbered by ``np.unique``, so ids never collide. It keeps, per (segment, n-gram),
   the n-gram's count in each reference (chrF) or its highest count in any one reference (BLEU),
   as sorted int64 keys.
2. :meth:`ReferenceNgrams.match` gives a hypothesis n-gram the id of the same reference n-gram
   by ``np.searchsorted`` on those sorted keys (an n-gram no reference has gets none and
   can match nothing), counts it per (segment, n-gram) and clips it by the reference counts:
   ``min(hypothesis count, reference count)``, summed per segment or per reference with
   ``np.bincount``. Every count is an integer, so the sums are exact.
3. :func:`best_reference` picks chrF's reference as :func:`.ngram.best_reference` does,
   with the same float64 operations in the same order, element-wise over all references.

A key that would not fit into 63 bits (corpora of billions of symbols) makes
:class:`ReferenceNgrams` raise :class:`KeyOverflow`; the caller then lets sacrebleu count.
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

__all__ = ["KeyOverflow", "ReferenceNgrams", "best_reference", "closest_lengths", "ranges"]

Encoded = tuple[np.ndarray, np.ndarray]
_KEY_LIMIT = 1 << 62


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


@dataclass(frozen=True)
class _Order:
    """The references' n-grams of one order."""

    #: sorted distinct keys (prefix id * base + last symbol id) of the n-grams; an n-gram's id is its index
    keys: np.ndarray
    #: sorted keys ``segment * n_ids + id`` (BLEU: distinct; chrF: one per reference holding the n-gram)
    entries: np.ndarray
    #: BLEU: the highest count of the entry's n-gram in one reference; chrF: its count in the entry's reference
    counts: np.ndarray
    #: chrF: the reference of each entry (BLEU: empty)
    refs: np.ndarray


class ReferenceNgrams:
    """The n-grams of every order of a reference set, numbered and counted for :meth:`match`.

    Args:
        references: the encoded references, segment by segment.
        ref_off: ``ref_off[s] .. ref_off[s + 1] - 1`` are the references of segment ``s``.
        max_order: the highest n-gram order.
        per_reference: count per reference (chrF) instead of the highest count in any one (BLEU).

    Raises:
        KeyOverflow: the corpus is too large for int64 keys.
    """

    def __init__(self, references: Encoded, ref_off: np.ndarray, max_order: int, per_reference: bool) -> None:
        symbols, offsets = references
        self.ref_off = ref_off
        self.lengths = np.diff(offsets)
        self.per_reference = per_reference
        self.symbols, ids = np.unique(symbols, return_inverse=True)  # order 1: the distinct symbols
        ids = ids.reshape(-1).astype(np.int64)
        text, remaining = _layout(offsets)
        n_segments = ref_off.size - 1
        segment = np.repeat(np.arange(n_segments, dtype=np.int64), np.diff(ref_off))[text]
        local = text - ref_off[:-1][segment]  # the reference's rank among its segment's
        width = int(np.diff(ref_off).max(initial=1))
        self.orders: list[_Order] = []
        prefix, base = ids, self.symbols.size
        for order in range(1, max_order + 1):
            starts = np.flatnonzero(remaining >= order)
            if order == 1:
                keys, n_ids = self.symbols, base
            else:
                _checked(max(len(self.orders[-1].keys), 1) * max(base, 1))
                keys, inverse = np.unique(prefix[starts] * base + ids[starts + order - 1], return_inverse=True)
                prefix = np.full(symbols.size, -1, dtype=np.int64)
                prefix[starts] = inverse.reshape(-1)
                n_ids = keys.size
            _checked((n_segments + 1) * max(n_ids, 1) * width)
            entry, counts = np.unique(
                (segment[starts] * n_ids + prefix[starts]) * width + local[starts], return_counts=True
            )
            self.orders.append(self._entries(keys, entry // width, entry % width, counts))

    def _entries(self, keys: np.ndarray, entries: np.ndarray, local: np.ndarray, counts: np.ndarray) -> _Order:
        """The counts of one order, from the sorted (segment, n-gram, reference) triples."""
        counts = counts.astype(np.int64)
        if self.per_reference:
            segment = entries // max(keys.size, 1)
            return _Order(keys, entries, counts, self.ref_off[:-1][segment] + local)
        first = np.flatnonzero(np.concatenate(([True], entries[1:] != entries[:-1])))
        highest = np.maximum.reduceat(counts, first) if first.size else counts
        return _Order(keys, entries[first], highest, np.zeros(0, dtype=np.int64))

    def _hypothesis_ids(self, symbols: np.ndarray, remaining: np.ndarray) -> list[np.ndarray]:
        """Per order, the id of the reference n-gram starting at each hypothesis position (``-1``: none)."""
        ids = _lookup(self.symbols, symbols)
        out = [ids]
        for order in range(2, len(self.orders) + 1):
            prefix = out[-1]
            starts = np.flatnonzero(remaining >= order)
            starts = starts[(prefix[starts] >= 0) & (ids[starts + order - 1] >= 0)]
            current = np.full(symbols.size, -1, dtype=np.int64)
            keys = prefix[starts] * self.symbols.size + ids[starts + order - 1]
            current[starts] = _lookup(self.orders[order - 1].keys, keys)
            out.append(current)
        return out

    def match(self, hypotheses: Encoded) -> np.ndarray:
        """Clipped matches of the hypotheses (one per segment, in order).

        Returns:
            BLEU (``per_reference=False``): ``(n_segments, max_order)`` matches clipped by each
            n-gram's highest count in any one reference; chrF: ``(n_references, max_order, 3)``
            counts ``[hyp, ref, match]`` of every (segment, reference) pair, where, as in
            sacrebleu, the hypothesis count of an order is 0 when the reference has no n-gram of it.
        """
        symbols, offsets = hypotheses
        n_segments, n_refs, max_order = offsets.size - 1, int(self.ref_off[-1]), len(self.orders)
        segment, remaining = _layout(offsets)
        hyp_len = np.diff(offsets)
        out = np.zeros((n_refs, max_order, 3) if self.per_reference else (n_segments, max_order), dtype=np.int64)
        ref_segment = np.repeat(np.arange(n_segments, dtype=np.int64), np.diff(self.ref_off))
        for k, (ids, order) in enumerate(zip(self._hypothesis_ids(symbols, remaining), self.orders)):
            n_ids = max(order.keys.size, 1)
            found = ids >= 0
            keys, counts = np.unique(segment[found] * n_ids + ids[found], return_counts=True)
            if self.per_reference:
                ref_grams = np.maximum(self.lengths - k, 0)
                hyp_grams = np.maximum(hyp_len - k, 0)[ref_segment]
                out[:, k, 0] = np.where(ref_grams > 0, hyp_grams, 0)
                out[:, k, 1] = ref_grams
                out[:, k, 2] = self._per_reference(order, keys, counts.astype(np.int64), n_refs)
            else:
                index = _lookup(order.entries, keys)
                clipped = np.where(index >= 0, np.minimum(counts, order.counts[index]), 0)
                out[:, k] = np.bincount(keys // n_ids, weights=clipped, minlength=n_segments).astype(np.int64)
        return out

    @staticmethod
    def _per_reference(order: _Order, keys: np.ndarray, counts: np.ndarray, n_refs: int) -> np.ndarray:
        """Per reference, the sum over its segment's hypothesis n-grams of ``min(hyp count, ref count)``."""
        lo = np.searchsorted(order.entries, keys, side="left")
        hi = np.searchsorted(order.entries, keys, side="right")
        spans = hi - lo
        entries = ranges(lo, spans)
        clipped = np.minimum(np.repeat(counts, spans), order.counts[entries])
        return np.bincount(order.refs[entries], weights=clipped, minlength=n_refs).astype(np.int64)


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
    the float64 operations of :func:`.ngram._f_score`, in its order, element-wise."""
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
