"""SARI statistics engines, shared part: chunking, encoding to token ids, the reference cache.

Both fast engines produce exactly the array that the readable reference path
(:func:`simpeval.metrics.sari.reference.sari_segment_counts`, one segment at a time with
``collections.Counter``) produces, bit for bit, for every configuration; the property tests
compare them on generated corpora.

Every distinct string is normalized once (lowercasing and 13a over the joined corpus,
:mod:`simpeval.engines.tokenize13a`) and mapped to integer token ids: by :class:`Vocabulary`
(a dict of token bytes) for the NumPy engine (:mod:`.sari_numpy`), or by
:class:`~simpeval.engines.vocab.TokenVocabulary` (compiled, no Python object per token) for the
Numba kernel (:mod:`.sari_numba`). Sources and references are kept encoded in a
:class:`ReferenceCache`, so the systems of a comparison share them.

This module never imports a metric: the settings come as any object with the attributes of
:class:`SARICounting` (``simpeval.metrics.sari.SARIConfig`` is one).
"""

from __future__ import annotations

import itertools
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import TYPE_CHECKING, Any, Union

import numpy as np

from ..tokenizers import is_builtin
from .jit import NUMBA_AVAILABLE, num_threads
from .sari_numpy import numpy_counts
from .sari_settings import N_RAW, SARICounting
from .tokenize13a import (
    SEPARATOR,
    concat_encoded,
    join_lines,
    normalize_spaces,
    replacements_13a,
    tokenize_13a_bytes,
    tokenize_batch,
)

if TYPE_CHECKING:  # pragma: no cover
    from .vocab import TokenVocabulary

__all__ = [
    "CHUNK_SEGMENTS",
    "ReferenceCache",
    "SARICounting",
    "Vocabulary",
    "chunk_bounds",
    "encode_lines",
    "fast_sari_counts",
]

_SEPARATOR_BYTE = SEPARATOR.encode()


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
    lines: list[str], vocab: AnyVocabulary, *, normalize: bool, config: SARICounting
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
    # the vectorized 13a and none reproduce simpeval's own tokenizers, not a replacement registered
    # under their names (register_tokenizer(..., overwrite=True)), which runs as registered
    native = is_builtin(config.tokenize) and config.tokenize in ("13a", "none")
    is_13a = normalize and native and config.tokenize == "13a"
    if normalize and not native:
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
    lines: list[str], vocab: AnyVocabulary, *, normalize: bool, config: SARICounting
) -> tuple[np.ndarray, np.ndarray]:
    from ..tokenizers import get_tokenizer

    tokenizer = get_tokenizer(config.tokenize)
    texts = [tokenizer(line.lower() if config.lowercase else line) if normalize else line for line in lines]
    per_line = [t.split(" ") if config.split == "space" else t.split() for t in texts]
    offsets = np.zeros(len(lines) + 1, dtype=np.int64)
    np.cumsum([len(t) for t in per_line], out=offsets[1:])
    return vocab.lookup([t.encode("utf-8") for tokens in per_line for t in tokens]), offsets


#: Segments per chunk: small enough for the working arrays to stay in cache, large enough to
#: amortize NumPy's per-call overhead (a flat optimum: the documentation's "Speed and engines").
CHUNK_SEGMENTS = 4096


class ReferenceCache:
    """Encoded sources and references of recent chunks, reused when other systems are scored.

    All systems of a comparison share their sources and references; with this cache (one
    per :class:`~simpeval.metrics.sari.SARI` object) they are normalized, tokenized and
    mapped to ids once, and only each system's outputs are encoded per call. Entries are
    keyed by the chunk's exact sources and references; the oldest are dropped beyond
    ``max_entries`` chunks, so memory stays bounded when streaming. The chunks of one call may
    be encoded on several threads, so entries are read and written under a lock.
    """

    def __init__(self, max_entries: int = 8) -> None:
        self.max_entries = max_entries
        self._entries: dict[Any, _Shared] = {}
        self._lock = threading.Lock()

    def get(self, key: Any) -> _Shared | None:
        with self._lock:
            return self._entries.get(key)

    def __getstate__(self) -> dict[str, Any]:
        """A copy (another process's metric) starts empty: a cache is not state."""
        return {"max_entries": self.max_entries}

    def __setstate__(self, state: dict[str, Any]) -> None:
        self.max_entries = state["max_entries"]
        self._entries = {}
        self._lock = threading.Lock()

    def put(self, key: Any, value: _Shared) -> None:
        with self._lock:
            self._entries[key] = value
            while len(self._entries) > self.max_entries:
                self._entries.pop(next(iter(self._entries)))


class _Shared:
    """The encoded sources and references of one chunk (with the vocabulary that encoded them):
    string ``k`` is ``ids[offsets[k]:offsets[k + 1]]``; the sources are strings ``src_idx``, the
    references (segment after segment) strings ``ref_idx``. The outputs scored with them extend
    the vocabulary under ``lock`` (two chunks of one call may share an entry)."""

    def __init__(
        self, vocab: AnyVocabulary, ids: np.ndarray, offsets: np.ndarray, src_idx: np.ndarray, ref_idx: np.ndarray
    ) -> None:
        self.vocab, self.ids, self.offsets, self.src_idx, self.ref_idx = vocab, ids, offsets, src_idx, ref_idx
        self.lock = threading.Lock()


#: With several threads, a call's segments are cut into chunks of at least this many segments
#: (a multiple of the threads, so that the threads get equal work), each counted on one thread.
THREAD_MIN_SEGMENTS = 512


def chunk_bounds(n: int, threads: int = 1) -> list[int]:
    """Boundaries of the chunks of ``n`` segments: ``CHUNK_SEGMENTS`` each on one thread; on
    ``threads`` threads, ``k * threads`` chunks of equal size (as few as ``CHUNK_SEGMENTS``
    allows), each of at least :data:`THREAD_MIN_SEGMENTS` segments (a smaller job: one chunk).

    Examples:
        >>> chunk_bounds(10_000)
        [0, 4096, 8192, 10000]
        >>> chunk_bounds(10_000, threads=2)
        [0, 2500, 5000, 7500, 10000]
        >>> chunk_bounds(700, threads=2)
        [0, 700]
    """
    if n == 0:
        return [0]
    if threads <= 1:
        return [*range(0, n, CHUNK_SEGMENTS), n]
    n_chunks = -(-n // (CHUNK_SEGMENTS * threads)) * threads
    n_chunks = max(min(n_chunks, n // THREAD_MIN_SEGMENTS // threads * threads), 1)
    return [k * n // n_chunks for k in range(n_chunks + 1)]


def fast_sari_counts(
    hypotheses: list[str],
    references: list[list[str]],
    sources: list[str],
    config: SARICounting,
    cache: ReferenceCache | None = None,
    compiled: bool = NUMBA_AVAILABLE,
) -> np.ndarray | None:
    """The ``(n_segments, 12 * max_order)`` raw statistics, computed chunk by chunk.

    ``compiled`` counts with the Numba kernel (:mod:`simpeval.engines.sari_numba`), otherwise with NumPy
    passes; the NumPy engine returns ``None`` when a chunk's packed keys would not fit in 64
    bits (extremely long segments), and callers then use the reference path. ``cache`` reuses
    the encoded sources and references across calls. With several threads
    (:func:`~simpeval.engines.jit.num_threads`) the compiled engine encodes and counts whole
    chunks on each (its kernels release the GIL); one chunk runs the threaded counting kernel.
    Rows never depend on other segments, so every figure is the same with any thread count.
    """
    threads = num_threads() if compiled else 1
    bounds = chunk_bounds(len(hypotheses), threads)
    spans = list(zip(bounds[:-1], bounds[1:]))
    threaded = threads > 1 and len(spans) > 1

    def count(span: tuple[int, int]) -> np.ndarray | None:
        start, stop = span
        chunk = (hypotheses[start:stop], references[start:stop], sources[start:stop])
        return _chunk_counts(*chunk, config, cache, compiled, parallel=not threaded)

    if threaded:
        with ThreadPoolExecutor(threads, thread_name_prefix="simpeval-sari") as executor:
            parts = list(executor.map(count, spans))
    else:
        parts = []
        for span in spans:
            part = count(span)
            if part is None:  # the NumPy engine declines: no use counting the other chunks
                return None
            parts.append(part)
    if any(part is None for part in parts):
        return None
    if not parts:
        return np.zeros((0, N_RAW * config.max_order), dtype=np.float64)
    return parts[0] if len(parts) == 1 else np.concatenate(parts)  # type: ignore[arg-type]


def _encode_distinct(
    lines: list[str], vocab: AnyVocabulary, *, normalize: bool, config: SARICounting
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


def _encode_shared(references: list[list[str]], sources: list[str], config: SARICounting, compiled: bool) -> _Shared:
    """Encode the references and sources of a chunk, each distinct string once."""
    vocab: AnyVocabulary
    if compiled:  # the kernels (and Numba) are imported on first use only
        from .vocab import TokenVocabulary

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


def _chunk_counts(
    hypotheses: list[str],
    references: list[list[str]],
    sources: list[str],
    config: SARICounting,
    cache: ReferenceCache | None = None,
    compiled: bool = False,
    parallel: bool = True,
) -> np.ndarray | None:
    n = len(hypotheses)
    # 1. distinct strings, encoded once: sources and references (possibly from the cache), then
    #    the outputs
    key = (compiled, tuple(sources), tuple(map(tuple, references))) if cache is not None else None
    shared = cache.get(key) if cache is not None else None
    if shared is None:
        shared = _encode_shared(references, sources, config, compiled)
        if cache is not None:
            cache.put(key, shared)
    with shared.lock:  # chunks with the same sources and references share the cached vocabulary
        outputs = _encode_distinct(hypotheses, shared.vocab, normalize=True, config=config)
        bound = shared.vocab.bound
    ids, offsets, hyp_idx = _append(shared.ids, shared.offsets, outputs)
    src_idx, ref_idx = shared.src_idx, shared.ref_idx
    n_refs = np.fromiter(map(len, references), dtype=np.int64, count=n)
    if compiled:
        from .sari_numba import sari_counts

        ref_off = np.zeros(n + 1, dtype=np.int64)
        np.cumsum(n_refs, out=ref_off[1:])
        raw = sari_counts(
            ids,
            offsets,
            src_idx,
            hyp_idx,
            ref_off,
            ref_idx,
            bound,
            config.max_order,
            config.ngrams == "binary",
            config.ref_weight == "all",
            config.precision == "per-ngram",
            config.keep_recall == "per-ngram",
            config.del_match == "min",
            parallel=parallel,
        )
        return raw.reshape(n, config.max_order * N_RAW)
    return numpy_counts(ids, offsets, src_idx, hyp_idx, ref_idx, n_refs, bound, config)
