"""Compiled tokenization to integer ids: 13a and splitting in one pass over the bytes.

:class:`TokenVocabulary` maps tokens (UTF-8 byte strings) to dense integer ids with an
open-addressing hash table whose entries are compared byte for byte, so two different tokens
never share an id. :meth:`TokenVocabulary.encode` takes the UTF-8 bytes of many lines joined
with :data:`~simpeval.engines.tokenize13a.SEPARATOR` and returns the id of every token of every
line, flat, with line offsets. It never builds a Python object per token.

With ``tok13a`` the token boundaries are those of sacrebleu's 13a tokenizer: the byte-level
rules of :mod:`simpeval.engines.tokenize13a` (whose module docstring derives them), evaluated in
one loop over the bytes instead of with whole-array NumPy passes (the scanning kernels are in
:mod:`simpeval.engines.token_scan`: a kind for every byte, then the tokens). The caller applies 13a's
string replacements beforehand (:func:`~simpeval.engines.tokenize13a.replacements_13a`).
Whitespace is every character ``str.split()`` splits on, non-ASCII ones included.

Splitting follows ``str.split()`` (``space=False``: runs of whitespace separate tokens) or
``str.split(" ")`` (``space=True``: every single space separates two tokens, which may be
empty; after 13a, whose output has single spaces only, this differs from ``str.split()``
only for an empty line, which gives one empty token).

This module needs Numba (:data:`simpeval.engines.jit.NUMBA_AVAILABLE`); the property tests check it
against the NumPy path and against sacrebleu.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .hashing import byte_slot, fnv1a, intern_bytes, rehashed
from .jit import jit
from .token_scan import byte_kinds, encode_kinds, encode_spaces

__all__ = ["TokenVocabulary"]


@jit
def _lookup_all(
    a: np.ndarray,
    starts: np.ndarray,
    lengths: np.ndarray,
    ids: np.ndarray,
    cursor: np.ndarray,
    table: np.ndarray,
    hashes: np.ndarray,
    tok_start: np.ndarray,
    tok_len: np.ndarray,
    pool: np.ndarray,
    sizes: np.ndarray,
) -> bool:
    """Ids of tokens ``a[starts[i]:starts[i] + lengths[i]]`` from ``cursor[0]`` on (see :func:`_encode`)."""
    for i in range(cursor[0], starts.size):
        t0 = starts[i]
        t1 = t0 + lengths[i]
        h = fnv1a(a, t0, t1)
        found = intern_bytes(a, t0, t1, h, table, hashes, tok_start, tok_len, pool, sizes)
        if found < 0:
            cursor[0] = i
            return False
        ids[i] = found
    return True


@jit
def _unique_lines(a: np.ndarray, n_lines: int) -> tuple[Any, ...]:
    """Byte offsets of the lines joined by ``\\x01`` in ``a``, the rank of each line among the
    distinct lines (in order of first appearance) and the number of distinct lines."""
    bounds = np.empty(n_lines + 1, dtype=np.int64)  # line i is a[bounds[i]:bounds[i + 1] - 1]
    bounds[0] = 0
    line = 1
    for i in range(a.size):
        if a[i] == 1:
            bounds[line] = i + 1
            line += 1
    bounds[n_lines] = a.size + 1
    bits = 4
    while (1 << bits) < 2 * n_lines:
        bits += 1
    mask = (1 << bits) - 1
    table = np.full(1 << bits, -1, dtype=np.int64)  # first line of each distinct content
    hashes = np.empty(n_lines, dtype=np.uint64)
    rank = np.empty(n_lines, dtype=np.int64)
    n_unique = 0
    for line in range(n_lines):
        t0 = bounds[line]
        t1 = bounds[line + 1] - 1
        h = fnv1a(a, t0, t1)
        hashes[line] = h
        slot = byte_slot(h, mask)
        while True:
            other = table[slot]
            if other < 0:
                table[slot] = line
                rank[line] = n_unique
                n_unique += 1
                break
            o0 = bounds[other]
            if hashes[other] == h and bounds[other + 1] - 1 - o0 == t1 - t0:
                same = True
                for k in range(t1 - t0):
                    if a[o0 + k] != a[t0 + k]:
                        same = False
                        break
                if same:
                    rank[line] = rank[other]
                    break
            slot = (slot + 1) & mask
    return bounds, rank, n_unique


@jit
def _compact(a: np.ndarray, bounds: np.ndarray, rank: np.ndarray, n_unique: int) -> np.ndarray:
    """The distinct lines of ``a`` (see :func:`_unique_lines`), in order, joined by ``\\x01``."""
    size = n_unique - 1
    next_rank = 0
    for line in range(rank.size):
        if rank[line] == next_rank:
            size += bounds[line + 1] - 1 - bounds[line]
            next_rank += 1
    out = np.empty(max(size, 0), dtype=np.uint8)
    pos = 0
    next_rank = 0
    for line in range(rank.size):
        if rank[line] == next_rank:
            if next_rank > 0:
                out[pos] = 1
                pos += 1
            length = bounds[line + 1] - 1 - bounds[line]
            out[pos : pos + length] = a[bounds[line] : bounds[line] + length]
            pos += length
            next_rank += 1
    return out


def _grown(values: np.ndarray, size: int) -> np.ndarray:
    out = np.zeros(max(size, 2 * values.size), dtype=values.dtype)
    out[: values.size] = values
    return out


class TokenVocabulary:
    """Token bytes -> dense integer ids (0, 1, 2, ... in order of first appearance), compiled.

    Examples:
        >>> from simpeval.engines.jit import NUMBA_AVAILABLE
        >>> vocab = TokenVocabulary()
        >>> if NUMBA_AVAILABLE:
        ...     ids, offsets = vocab.encode("a b\\x01b  c".encode(), 2)
        ...     print(ids.tolist(), offsets.tolist(), vocab.token(2))
        ... else:
        ...     print([0, 1, 1, 2], [0, 2, 4], b"c")
        [0, 1, 1, 2] [0, 2, 4] b'c'
    """

    def __init__(self, capacity: int = 1 << 12) -> None:
        self._table = np.full(2 * capacity, -1, dtype=np.int64)
        self._hashes = np.zeros(capacity, dtype=np.uint64)
        self._start = np.zeros(capacity, dtype=np.int64)
        self._length = np.zeros(capacity, dtype=np.int64)
        self._pool = np.zeros(8 * capacity, dtype=np.uint8)
        self._sizes = np.zeros(2, dtype=np.int64)  # tokens, pool bytes in use

    @property
    def size(self) -> int:
        """Number of distinct tokens seen."""
        return int(self._sizes[0])

    bound = size  # one more than the largest id handed out

    def encode(
        self, data: bytes, n_lines: int, *, tok13a: bool = False, space: bool = False
    ) -> tuple[np.ndarray, np.ndarray]:
        """Ids of the tokens of ``n_lines`` lines joined by ``\\x01`` in ``data`` (which no line may contain).

        Returns ``(ids, offsets)``: the tokens of line ``i`` are ``ids[offsets[i]:offsets[i + 1]]``.
        """
        a = np.frombuffer(data, dtype=np.uint8)
        ids = np.empty(a.size + n_lines + 1, dtype=np.int64)  # at most one token per byte, or per line
        offsets = np.zeros(n_lines + 1, dtype=np.int64)
        cursor = np.zeros(3, dtype=np.int64)
        if space and not tok13a:  # str.split(" ")
            while not encode_spaces(a, ids, offsets, cursor, *self._state()):
                self._grow(a.size)
        else:  # str.split(), after 13a (whose output has single spaces: split(" ") keeps an empty line)
            kinds = byte_kinds(a, tok13a)
            while not encode_kinds(a, kinds, space, ids, offsets, cursor, *self._state()):
                self._grow(a.size)
        return ids[: cursor[2]], offsets  # a view: the unused tail was never touched

    def encode_unique(
        self, data: bytes, n_lines: int, *, tok13a: bool = False, space: bool = False
    ) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
        """:meth:`encode` of the distinct lines only: ``(ids, offsets, index)``, where line ``i``
        is distinct line ``index[i]`` (whose tokens are ``ids[offsets[index[i]]:offsets[index[i] + 1]]``).

        Each distinct line is tokenized once; lines are compared byte for byte.
        """
        if n_lines == 0:
            return np.zeros(0, dtype=np.int64), np.zeros(1, dtype=np.int64), np.zeros(0, dtype=np.int64)
        a = np.frombuffer(data, dtype=np.uint8)
        bounds, index, n_unique = _unique_lines(a, n_lines)
        if n_unique < n_lines:
            data = _compact(a, bounds, index, n_unique).tobytes()
        ids, offsets = self.encode(data, n_unique, tok13a=tok13a, space=space)
        return ids, offsets, index

    def lookup(self, tokens: list[bytes]) -> np.ndarray:
        """Ids of arbitrary tokens (any bytes, separators included), in order."""
        lengths = np.fromiter(map(len, tokens), dtype=np.int64, count=len(tokens))
        starts = np.zeros(len(tokens), dtype=np.int64)
        np.cumsum(lengths[:-1], out=starts[1:])
        a = np.frombuffer(b"".join(tokens), dtype=np.uint8)
        ids = np.empty(len(tokens), dtype=np.int64)
        cursor = np.zeros(1, dtype=np.int64)
        while not _lookup_all(a, starts, lengths, ids, cursor, *self._state()):
            self._grow(a.size)
        return ids

    def token(self, token_id: int) -> bytes:
        """The bytes of token ``token_id``."""
        start = int(self._start[token_id])
        return self._pool[start : start + int(self._length[token_id])].tobytes()

    def _state(self) -> tuple[np.ndarray, ...]:
        return self._table, self._hashes, self._start, self._length, self._pool, self._sizes

    def _grow(self, pending_bytes: int) -> None:
        """Double the id arrays and the table, and make room in the pool for ``pending_bytes``."""
        n_vocab, used = (int(x) for x in self._sizes)
        self._hashes = _grown(self._hashes, n_vocab + 1)
        self._start = _grown(self._start, n_vocab + 1)
        self._length = _grown(self._length, n_vocab + 1)
        if used + pending_bytes > self._pool.size:
            self._pool = _grown(self._pool, used + pending_bytes)
        self._table = rehashed(self._hashes, n_vocab, max(self._table.size, 2 * self._hashes.size))
