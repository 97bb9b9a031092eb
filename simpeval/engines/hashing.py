"""The one hash-table module of the compiled kernels: open addressing, exact keys, dense ids.

Two kinds of keys share the same scheme (linear probing from a Fibonacci-hashed home slot,
keys compared exactly, so two different keys never share an id):

* int64 keys (packed n-grams), :func:`new_table`, :func:`reset`, :func:`find`, :func:`intern`;
* byte strings (tokens, lines), hashed with :func:`fnv1a` and placed by :func:`byte_slot`:
  :func:`find_bytes`, :func:`add_bytes`, :func:`rehashed`
  (used by :class:`~simpeval.engines.vocab.TokenVocabulary`).

For int64 keys, a table maps distinct keys to dense ids ``0, 1, 2, ...`` in order of first insertion; the
caller keeps the key of every id in ``keys`` and the table (``-1`` for a free slot) in a
scratch array it clears with :func:`reset`. Keys are compared exactly, so two different keys
never share an id. The home slot of a key is the top bits of a Fibonacci (multiplicative)
hash; collisions probe linearly.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from .jit import jit, jit_inline

__all__ = ["add_bytes", "byte_slot", "find", "find_bytes", "fnv1a", "intern", "new_table", "rehashed", "reset"]

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)
_FNV_OFFSET = np.uint64(14695981039346656037)
_FNV_PRIME = np.uint64(1099511628211)


@jit_inline
def new_table(n_keys: int) -> np.ndarray:
    """A table for up to ``n_keys`` keys at a time (clear it with :func:`reset` before use)."""
    bits = 4
    while (1 << bits) < 2 * n_keys:
        bits += 1
    return np.full(1 << bits, -1, dtype=np.int64)


@jit_inline
def reset(table: np.ndarray, n_keys: int) -> tuple[Any, ...]:
    """Clear the part of ``table`` used for up to ``n_keys`` keys (at most half full); its
    ``(mask, shift)``. ``table`` must hold at least ``2 * n_keys`` (and 16) slots."""
    bits = 4
    while (1 << bits) < 2 * n_keys:
        bits += 1
    mask = (1 << bits) - 1
    table[: mask + 1] = -1
    return mask, np.uint64(64 - bits)


@jit_inline
def find(table: np.ndarray, keys: np.ndarray, key: int, mask: int, shift: np.uint64) -> int:
    """The id of ``key``, or -1."""
    slot = np.int64((np.uint64(key) * _GOLDEN) >> shift)
    while True:
        found = table[slot]
        if found < 0 or keys[found] == key:
            return found
        slot = (slot + 1) & mask


@jit_inline
def intern(table: np.ndarray, keys: np.ndarray, key: int, mask: int, shift: np.uint64, n_ids: int) -> int:
    """The id of ``key``; a new key gets id ``n_ids`` (the caller then counts one more id)."""
    slot = np.int64((np.uint64(key) * _GOLDEN) >> shift)
    while True:
        found = table[slot]
        if found < 0:
            table[slot] = n_ids
            keys[n_ids] = key
            return n_ids
        if keys[found] == key:
            return found
        slot = (slot + 1) & mask


# ---------------------------------------------------------------- byte-string keys
@jit_inline
def byte_slot(h: np.uint64, mask: int) -> np.int64:
    """Home slot of a byte string with hash ``h``: the middle bits of a multiplicative mix (the
    low bits of FNV cluster)."""
    return np.int64(((h * _GOLDEN) >> np.uint64(32)) & np.uint64(mask))


@jit_inline
def fnv1a(a: np.ndarray, t0: int, t1: int) -> np.uint64:
    """FNV-1a of ``a[t0:t1]``."""
    h = _FNV_OFFSET
    for k in range(t0, t1):
        h = (h ^ np.uint64(a[k])) * _FNV_PRIME
    return h


@jit_inline
def find_bytes(
    a: np.ndarray,
    t0: int,
    t1: int,
    h: np.uint64,
    table: np.ndarray,
    hashes: np.ndarray,
    tok_start: np.ndarray,
    tok_len: np.ndarray,
    pool: np.ndarray,
) -> tuple[Any, ...]:
    """(id of token ``a[t0:t1]`` whose hash is ``h``, or -1; the table slot where it is or would go).

    The table's first slot for ``h`` comes from the middle bits of a multiplicative mix (the low
    bits of FNV cluster); collisions are resolved by linear probing and byte comparison.
    """
    mask = table.size - 1
    slot = byte_slot(h, mask)
    length = t1 - t0
    while True:
        found = table[slot]
        if found < 0:
            return np.int64(-1), slot
        if hashes[found] == h and tok_len[found] == length:
            base = tok_start[found]
            same = True
            for k in range(length):
                if pool[base + k] != a[t0 + k]:
                    same = False
                    break
            if same:
                return found, slot
        slot = (slot + 1) & mask


@jit
def add_bytes(
    a: np.ndarray,
    t0: int,
    t1: int,
    h: np.uint64,
    slot: int,
    table: np.ndarray,
    hashes: np.ndarray,
    tok_start: np.ndarray,
    tok_len: np.ndarray,
    pool: np.ndarray,
    sizes: np.ndarray,
) -> int:
    """Add token ``a[t0:t1]`` (hash ``h``, free table slot ``slot``); its id, or -1 when the
    arrays must grow first. ``sizes`` (tokens, pool bytes in use) is updated in place."""
    n_vocab = sizes[0]
    used = sizes[1]
    length = t1 - t0
    if n_vocab == hashes.size or used + length > pool.size or 2 * (n_vocab + 1) > table.size:
        return -1
    for k in range(length):
        pool[used + k] = a[t0 + k]
    hashes[n_vocab] = h
    tok_start[n_vocab] = used
    tok_len[n_vocab] = length
    table[slot] = n_vocab
    sizes[0] = n_vocab + 1
    sizes[1] = used + length
    return n_vocab


@jit
def intern_bytes(
    a: np.ndarray,
    t0: int,
    t1: int,
    h: np.uint64,
    table: np.ndarray,
    hashes: np.ndarray,
    tok_start: np.ndarray,
    tok_len: np.ndarray,
    pool: np.ndarray,
    sizes: np.ndarray,
) -> int:
    """The id of token ``a[t0:t1]`` (hash ``h``): :func:`find_bytes`, else :func:`add_bytes`;
    -1 when the arrays must grow first.

    For the loops that look a token up now and then. A loop over every token of a corpus calls
    :func:`find_bytes` (inlined) and :func:`add_bytes` on a new token only: one call of this
    function per token, inlined or not, made the 13a scan several times slower (it passes seven
    arrays on every call; the figure: the documentation's "Speed and engines", SARI)."""
    found, slot = find_bytes(a, t0, t1, h, table, hashes, tok_start, tok_len, pool)
    if found < 0:
        found = add_bytes(a, t0, t1, h, slot, table, hashes, tok_start, tok_len, pool, sizes)
    return int(found)


@jit
def rehashed(hashes: np.ndarray, n_vocab: int, size: int) -> np.ndarray:
    """A table of ``size`` slots holding the tokens of ``hashes[:n_vocab]`` (after growth)."""
    table = np.full(size, -1, dtype=np.int64)
    mask = size - 1
    for token in range(n_vocab):
        slot = byte_slot(hashes[token], mask)
        while table[slot] >= 0:
            slot = (slot + 1) & mask
        table[slot] = token
    return table
