"""Open-addressing hash tables of int64 keys for the compiled kernels (dense ids, no collisions).

A table maps distinct keys to dense ids ``0, 1, 2, ...`` in order of first insertion; the
caller keeps the key of every id in ``keys`` and the table (``-1`` for a free slot) in a
scratch array it clears with :func:`reset`. Keys are compared exactly, so two different keys
never share an id. The home slot of a key is the top bits of a Fibonacci (multiplicative)
hash; collisions probe linearly.
"""

from __future__ import annotations

import numpy as np

from .jit import jit_inline

__all__ = ["find", "intern", "new_table", "reset"]

_GOLDEN = np.uint64(0x9E3779B97F4A7C15)


@jit_inline
def new_table(n_keys: int) -> np.ndarray:
    """A table for up to ``n_keys`` keys at a time (clear it with :func:`reset` before use)."""
    bits = 4
    while (1 << bits) < 2 * n_keys:
        bits += 1
    return np.full(1 << bits, -1, dtype=np.int64)


@jit_inline
def reset(table: np.ndarray, n_keys: int) -> tuple:
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
