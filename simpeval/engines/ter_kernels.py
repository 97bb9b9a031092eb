"""The compiled driver of TER's search (:mod:`.ter_search`): blocks of segments, on several threads.

Imported only by the ``numba`` engine of :func:`simpeval.engines.ter.ter_edits` (it compiles on
first use and then loads from Numba's on-disk cache; the times are in the documentation's
"Speed and engines", TER). A block allocates its workspaces once, for its longest hypothesis and
reference, and scores its segments one after the other. Segments are independent and the kernel
releases the GIL, so blocks run on a pool of Python threads, as many as
:func:`simpeval.engines.jit.num_threads` allows (``NUMBA_NUM_THREADS``, by default the CPU count,
within ``jit.limit_threads``, ``jit.threads`` and ``jit.one_thread``: one in a worker process of
``n_jobs``): no Numba parallel kernel to compile, and no launch that takes
:data:`simpeval.engines.jit.parallel_lock`. Threads change times, never bits.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import numpy as np

from .jit import jit, num_threads
from .ter_search import band_bound, segment_edits

__all__ = ["compiled_edits"]

#: Below this many segments the search runs on the calling thread.
THREADED_MIN_SEGMENTS = 16


def compiled_edits(symbols: np.ndarray, str_off: np.ndarray, ref_off: np.ndarray) -> np.ndarray:
    """:func:`simpeval.engines.ter.ter_edits` with the compiled search (same layout and result)."""
    n = ref_off.size - 1
    out = np.zeros(n, dtype=np.int64)
    threads = num_threads()
    if n < THREADED_MIN_SEGMENTS or threads == 1:
        _edits_block(0, n, symbols, str_off, ref_off, out)
        return out
    n_blocks = min(n, 4 * threads)  # segments differ in cost: more blocks than threads

    def block(k: int) -> None:
        _edits_block(k * n // n_blocks, (k + 1) * n // n_blocks, symbols, str_off, ref_off, out)

    with ThreadPoolExecutor(max_workers=threads) as pool:
        list(pool.map(block, range(n_blocks)))
    return out


@jit
def _edits_block(
    first: int, last: int, symbols: np.ndarray, str_off: np.ndarray, ref_off: np.ndarray, out: np.ndarray
) -> None:
    n_hyps = ref_off.size - 1
    longest_hyp = 1
    longest_ref = 1
    largest_band = 1
    largest_matrix = 1
    for seg in range(first, last):
        n = str_off[seg + 1] - str_off[seg]
        longest_hyp = max(longest_hyp, n)
        for r in range(n_hyps + ref_off[seg], n_hyps + ref_off[seg + 1]):
            m = str_off[r + 1] - str_off[r]
            longest_ref = max(longest_ref, m)
            band = band_bound(n, m)
            largest_band = max(largest_band, band)
            largest_matrix = max(largest_matrix, (n + 1) * band)
    words = np.empty(longest_hyp, dtype=np.int64)
    moved = np.empty(longest_hyp, dtype=np.int64)
    ref = np.empty(longest_ref, dtype=np.int64)
    align = np.empty(longest_ref, dtype=np.int64)
    lo = np.empty(longest_hyp + 1, dtype=np.int64)
    hi = np.empty(longest_hyp + 1, dtype=np.int64)
    hyp_err = np.empty(longest_hyp + 1, dtype=np.int64)
    ref_err = np.empty(longest_ref + 1, dtype=np.int64)
    mat = np.empty(largest_matrix, dtype=np.int32)
    rows = np.empty(2 * largest_band, dtype=np.int32)
    for seg in range(first, last):
        out[seg] = segment_edits(
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
