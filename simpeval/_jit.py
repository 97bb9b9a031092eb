"""Optional compilation of the hot loops with Numba (the ``fast`` extra).

``pip install "simpeval[fast]"`` installs Numba, a PyPI package with wheels for every
supported platform (no compiler needed). Its kernels are compiled on first use and cached on
disk next to the module (or under ``NUMBA_CACHE_DIR``), so later processes only load them.
Without Numba the vectorized NumPy engine is used; both give bit-identical statistics.

Numba itself is imported only when a kernel module is (on first use of the compiled engine),
so ``import simpeval`` and the command line stay quick. ``SIMPEVAL_DISABLE_NUMBA=1`` in the
environment makes simpeval behave as if Numba were not installed (read at import time).
"""

from __future__ import annotations

import importlib.util
import os
import threading
from typing import Any, Callable, TypeVar

__all__ = ["NUMBA_AVAILABLE", "jit", "jit_inline", "jit_parallel", "num_threads", "parallel_lock"]  # and prange, lazily

F = TypeVar("F", bound=Callable[..., Any])

#: Whether the compiled kernels can be used (Numba is installed and not disabled).
NUMBA_AVAILABLE: bool = os.environ.get("SIMPEVAL_DISABLE_NUMBA", "").strip() in ("", "0") and (
    importlib.util.find_spec("numba") is not None
)


def _compile(function: F, **options: Any) -> F:
    if not NUMBA_AVAILABLE:  # the plain function; callers never run it on real data
        return function
    import numba

    compiled: F = numba.njit(cache=True, nogil=True, **options)(function)
    return compiled


def jit(function: F) -> F:
    """Compile ``function`` with ``numba.njit`` (lazily, cached on disk) when Numba is available."""
    return _compile(function)


def jit_inline(function: F) -> F:
    """:func:`jit` for small helpers of the kernels, inlined into their callers by Numba
    (calls between separately compiled functions are not inlined and cost more than the
    helpers' bodies)."""
    return _compile(function, inline="always")


def jit_parallel(function: F) -> F:
    """:func:`jit` with Numba's parallel loops: ``prange`` iterations run on Numba's threads."""
    return _compile(function, parallel=True)


#: Held while a parallel kernel runs: Numba's default threading layer ("workqueue") aborts
#: the process when two Python threads launch parallel kernels at the same time.
parallel_lock = threading.Lock()


def num_threads() -> int:
    """Threads a parallel kernel may use (``NUMBA_NUM_THREADS``, by default the CPU count)."""
    if not NUMBA_AVAILABLE:
        return 1
    import numba

    return int(numba.get_num_threads())


def __getattr__(name: str) -> Any:
    if name == "prange":  # ``numba.prange`` (``range`` without Numba), resolved on first use
        if not NUMBA_AVAILABLE:
            return range
        import numba

        return numba.prange
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
