"""TER's edit counts from integer token ids, as sacrebleu's ``TER`` computes them.

sacrebleu's TER of a segment is the fewest edits (shifts plus beam edit distance, see
:mod:`.ter_search`) of the hypothesis to any reference, and the mean reference length. Texts
are tokenized by the metric (sacrebleu's Tercom tokenizer, passed in as functions) and the
tokens turned into ids of one vocabulary (:func:`encode_words`); :func:`ter_edits` then runs the
search, with one of two engines that give the same integers:

* ``"numba"``: the search compiled (:mod:`.ter_kernels`): blocks of segments on a pool of Python
  threads, as many as :func:`.jit.num_threads` allows (the kernel releases the GIL; it is not a
  Numba parallel kernel and takes no :data:`.jit.parallel_lock`);
* ``"python"``: the same functions run by the interpreter on lists (no Numba needed).

Examples:
    >>> words: dict[str, int] = {}
    >>> hyps = encode_words(["a b c d"], str.split, words)
    >>> refs = encode_words(["c d a b", "a b x d e"], str.split, words)
    >>> ter_edits(hyps, refs, np.array([0, 2]), "python").tolist()  # one shift; or 1 sub + 1 ins
    [1]
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np

from .ter_search import band_bound, segment_edits
from .tokenize13a import concat_encoded

__all__ = ["encode_words", "ter_edits"]

Encoded = tuple[np.ndarray, np.ndarray]


def encode_words(texts: list[str], tokenize: Callable[[str], list[str]], words: dict[str, int]) -> Encoded:
    """The tokens ``tokenize(text)`` of every text, as ids in ``words`` (which grows).

    Returns ``(ids, offsets)``: text ``i`` is ``ids[offsets[i]:offsets[i + 1]]``. Each distinct
    text is tokenized once.
    """
    seen: dict[str, list[int]] = {}
    lists = []
    for text in texts:
        ids = seen.get(text)
        if ids is None:
            ids = seen[text] = [words.setdefault(token, len(words)) for token in tokenize(text)]
        lists.append(ids)
    offsets = np.zeros(len(lists) + 1, dtype=np.int64)
    np.cumsum([len(ids) for ids in lists], out=offsets[1:])
    flat = np.fromiter((i for ids in lists for i in ids), dtype=np.int64, count=int(offsets[-1]))
    return flat, offsets


def ter_edits(hyps: Encoded, refs: Encoded, ref_off: np.ndarray, engine: str) -> np.ndarray:
    """The fewest TER edits of each hypothesis to one of its references.

    Args:
        hyps: one encoded hypothesis per segment.
        refs: the references of all segments, segment after segment.
        ref_off: the references of segment ``i`` are ``refs`` lines ``ref_off[i]..ref_off[i + 1] - 1``.
        engine: ``"numba"`` or ``"python"``.

    Returns:
        int64 edits per segment; -1 for a segment where sacrebleu raises an error (a backtrace
        outside its beam), which the caller hands to sacrebleu.
    """
    symbols, str_off = concat_encoded(hyps, refs)
    ref_off = np.ascontiguousarray(ref_off, dtype=np.int64)
    if engine == "numba":
        from .ter_kernels import compiled_edits

        return compiled_edits(symbols, str_off, ref_off)
    return np.array(_python_edits(symbols.tolist(), str_off.tolist(), ref_off.tolist()), dtype=np.int64)


def _python_edits(symbols: list[int], str_off: list[int], ref_off: list[int]) -> list[int]:
    """:func:`ter_edits` by the interpreter, with list workspaces sized for the longest pair."""
    n_hyps = len(ref_off) - 1
    longest_hyp = longest_ref = largest_band = largest_matrix = 1
    for seg in range(n_hyps):
        n = str_off[seg + 1] - str_off[seg]
        longest_hyp = max(longest_hyp, n)
        for r in range(n_hyps + ref_off[seg], n_hyps + ref_off[seg + 1]):
            m = str_off[r + 1] - str_off[r]
            band = band_bound(n, m)
            longest_ref = max(longest_ref, m)
            largest_band = max(largest_band, band)
            largest_matrix = max(largest_matrix, (n + 1) * band)
    hyp_sized = [[0] * (longest_hyp + 1) for _ in range(5)]  # words, moved, lo, hi, hyp_err
    ref_sized = [[0] * (longest_ref + 1) for _ in range(3)]  # ref, align, ref_err
    mat = [0] * largest_matrix
    rows = [0] * (2 * largest_band)
    words, moved, lo, hi, hyp_err = hyp_sized
    ref, align, ref_err = ref_sized
    return [
        segment_edits(
            symbols,
            str_off,
            seg,
            n_hyps + ref_off[seg],
            n_hyps + ref_off[seg + 1],
            words,
            ref,
            lo,
            hi,
            mat,
            align,
            hyp_err,
            ref_err,
            moved,
            rows,
        )
        for seg in range(n_hyps)
    ]
