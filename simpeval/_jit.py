"""Optional compilation of the hot loops with Numba (the ``fast`` extra).

``pip install "simpeval[fast]"`` installs Numba, a PyPI package with wheels for every
supported platform (no compiler needed). Its kernels are compiled on first use and cached on
disk next to the module (or under ``NUMBA_CACHE_DIR``), so later processes only load them.
Without Numba the vectorized NumPy engine is used; both give bit-identical statistics.

``SIMPEVAL_DISABLE_NUMBA=1`` in the environment makes simpeval behave as if Numba were not
installed (the environment is read at import time).
"""

from __future__ import annotations

import os
from typing import Any, Callable, TypeVar

__all__ = ["NUMBA_AVAILABLE", "jit", "jit_inline", "jit_parallel", "num_threads", "prange"]

F = TypeVar("F", bound=Callable[..., Any])

try:  # pragma: no branch
    if os.environ.get("SIMPEVAL_DISABLE_NUMBA", "").strip() not in ("", "0"):
        raise ImportError("disabled by SIMPEVAL_DISABLE_NUMBA")
    import numba as _numba
except ImportError:  # the NumPy engine is used instead
    _numba = None

#: Whether the compiled kernels can be used.
NUMBA_AVAILABLE: bool = _numba is not None


def jit(function: F) -> F:
    """Compile ``function`` with ``numba.njit`` (lazily, cached on disk) when Numba is installed.

    Without Numba the plain Python function is returned unchanged; callers check
    :data:`NUMBA_AVAILABLE` and never run such a kernel uncompiled on real data.
    """
    if _numba is None:
        return function
    compiled: F = _numba.njit(cache=True, nogil=True)(function)
    return compiled


def jit_inline(function: F) -> F:
    """:func:`jit` for small helpers of the kernels, inlined into their callers by Numba
    (calls between separately compiled functions are not inlined and cost more than the
    helpers' bodies)."""
    if _numba is None:
        return function
    compiled: F = _numba.njit(cache=True, nogil=True, inline="always")(function)
    return compiled


def jit_parallel(function: F) -> F:
    """:func:`jit` with Numba's parallel loops: ``prange`` iterations run on Numba's threads."""
    if _numba is None:
        return function
    compiled: F = _numba.njit(cache=True, nogil=True, parallel=True)(function)
    return compiled


def num_threads() -> int:
    """Threads a parallel kernel may use (``NUMBA_NUM_THREADS``, by default the CPU count)."""
    return 1 if _numba is None else int(_numba.get_num_threads())


#: ``numba.prange`` (``range`` without Numba).
prange = range if _numba is None else _numba.prange
