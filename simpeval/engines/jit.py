"""Optional compilation of the hot loops with Numba (the ``fast`` extra).

``pip install "simplification-metrics[fast]"`` installs Numba, a PyPI package with wheels for every
supported platform (no compiler needed). Its kernels are compiled on first use and cached on
disk next to the module (or under ``NUMBA_CACHE_DIR``), so later processes only load them.
Without Numba the vectorized NumPy engine is used; both give bit-identical statistics.

Numba itself is imported only when a kernel module is (on first use of the compiled engine),
so ``import simpeval`` and the command line stay quick. ``SIMPEVAL_DISABLE_NUMBA=1`` in the
environment makes simpeval behave as if Numba were not installed (read at import time).

Loading the kernels costs about 0.4 s a process once they are cached, and seconds the first
time (compilation), while the NumPy and sacrebleu engines score a small job in less. So
``engine="fast"`` runs the compiled kernels only once the process has met
:data:`COMPILED_MIN_TEXTS` texts of work (:func:`use_compiled`; a job that announces its size
with :func:`expect_work` commits at once); before that, the other engine of the metric runs.
The bootstrap scoring of BLEU and chrF counts each resampled row as a text, so a small paired
test never loads (nor caches) the compiled kernels either.
Every engine gives the same bits, so this changes times, never numbers.

The parallel kernels run on Numba's threading layer, chosen here before their first launch:
``"forksafe"`` (TBB when installed, else ``workqueue``; OpenMP only where it survives ``fork``,
i.e. not GNU OpenMP on Linux). Numba's own default prefers GNU OpenMP, after which a ``fork``
child (``multiprocessing.Pool``, ``ProcessPoolExecutor`` on Linux) aborts or hangs with "fork()
called from a process already using GNU OpenMP"; ``workqueue`` serves a forked child, but two
threads must not launch on it at once, so every launch holds :data:`parallel_lock` (which a
forked child gets back unlocked). The layer changes threads, never bits. A
``NUMBA_THREADING_LAYER`` set in the environment is respected as it is.
"""

from __future__ import annotations

import importlib.util
import os
import threading
from typing import Any, Callable, TypeVar

__all__ = [
    "COMPILED_MIN_TEXTS",
    "NUMBA_AVAILABLE",
    "expect_work",
    "jit",
    "jit_inline",
    "jit_parallel",
    "num_threads",
    "parallel_lock",
    "resolve_engine",
    "run_blocks",
    "run_engine",
    "use_compiled",
]  # and prange, lazily

F = TypeVar("F", bound=Callable[..., Any])

#: Whether the compiled kernels can be used (Numba is installed and not disabled).
NUMBA_AVAILABLE: bool = os.environ.get("SIMPEVAL_DISABLE_NUMBA", "").strip() in ("", "0") and (
    importlib.util.find_spec("numba") is not None
)


def _compile(function: F, **options: Any) -> F:
    if not NUMBA_AVAILABLE:  # the plain function; callers never run it on real data
        return function
    import numba

    _choose_threading_layer(numba)
    compiled: F = numba.njit(cache=True, nogil=True, **options)(function)
    return compiled


def _choose_threading_layer(numba: Any) -> None:
    """Numba's ``"forksafe"`` layer unless the user chose one (see the module docstring); Numba
    reads the setting at the first parallel launch, which comes after a kernel is compiled."""
    if not os.environ.get("NUMBA_THREADING_LAYER", "").strip():
        numba.config.THREADING_LAYER = "forksafe"


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


#: Texts (segments x (references + 2)) of work in a process from which ``engine="fast"`` runs
#: the compiled kernels; ``SIMPEVAL_COMPILED_MIN_TEXTS`` in the environment overrides it (0:
#: always compiled). ASSET's test set is 359 x 12 = 4,308 texts per system and metric.
COMPILED_MIN_TEXTS = 20_000

_work_lock = threading.Lock()
_work = {"done": 0, "committed": False}


def _threshold() -> int:
    value = os.environ.get("SIMPEVAL_COMPILED_MIN_TEXTS", "").strip()
    return int(value) if value.isdigit() else COMPILED_MIN_TEXTS


def expect_work(texts: int) -> None:
    """Announce a job of ``texts`` texts: from :data:`COMPILED_MIN_TEXTS` on, ``"fast"`` commits
    to the compiled kernels for the rest of the process."""
    if NUMBA_AVAILABLE and texts >= _threshold():
        with _work_lock:
            _work["committed"] = True


def use_compiled(texts: int) -> bool:
    """Whether a ``"fast"`` call on ``texts`` texts runs compiled: Numba is available and the
    process has committed (an announced job, or the texts scored so far, this call's included,
    reach :data:`COMPILED_MIN_TEXTS`). Once committed, always."""
    if not NUMBA_AVAILABLE:
        return False
    with _work_lock:
        _work["done"] = int(_work["done"]) + texts
        if int(_work["done"]) >= _threshold():
            _work["committed"] = True
        return bool(_work["committed"])


def run_engine(engine: str, requested: str, fallback: str, texts: int) -> str:
    """The engine one call runs: ``engine`` (as :func:`resolve_engine` resolved ``requested``),
    except that a ``"fast"`` request runs ``fallback`` until :func:`use_compiled` says otherwise."""
    if requested == "fast" and engine == "numba" and not use_compiled(texts):
        return fallback
    return engine


#: Held while a parallel kernel runs: Numba's default threading layer ("workqueue") aborts
#: the process when two Python threads launch parallel kernels at the same time.
parallel_lock = threading.Lock()


def _unlock_in_child() -> None:
    """A child forked while another thread held a lock gets it locked and no thread to release
    it: the child starts with both locks free (their holders do not exist in it)."""
    for lock in (parallel_lock, _work_lock):
        if lock.locked():
            lock.release()


if hasattr(os, "register_at_fork"):  # POSIX
    os.register_at_fork(after_in_child=_unlock_in_child)


def num_threads() -> int:
    """Threads a parallel kernel may use (``NUMBA_NUM_THREADS``, by default the CPU count)."""
    if not NUMBA_AVAILABLE:
        return 1
    import numba

    return int(numba.get_num_threads())


def resolve_engine(owner: str, engine: str, fallback: str, *others: str) -> str:
    """The engine ``owner`` (a metric name) runs for the user's ``engine`` option: ``"fast"`` is
    ``"numba"`` when Numba is available, else ``fallback``; ``"numba"`` needs Numba;
    ``fallback`` and ``others`` are taken as they are.

    Raises:
        InvalidOptionError: ``engine`` is none of these, or is ``"numba"`` without Numba.
    """
    from ..exceptions import InvalidOptionError

    choices = ["fast", "numba", fallback, *others]
    if engine not in choices:
        names = [repr(choice) for choice in choices]
        raise InvalidOptionError(f"{owner}: engine must be {', '.join(names[:-1])} or {names[-1]} (got {engine!r}).")
    if engine == "numba" and not NUMBA_AVAILABLE:
        raise InvalidOptionError(
            f"{owner}: engine='numba' needs Numba: pip install \"simplification-metrics[fast]\" "
            f"(or use engine='fast', which falls back to {fallback})."
        )
    return ("numba" if NUMBA_AVAILABLE else fallback) if engine == "fast" else engine


#: Below this many segments a kernel runs on one thread: starting threads costs more.
PARALLEL_MIN_SEGMENTS = 128


def run_blocks(block: Callable[..., None], blocks: Callable[..., None], n: int, *args: Any) -> None:
    """``block(0, n, *args)`` on one thread, or, for ``n >= PARALLEL_MIN_SEGMENTS`` segments and
    several threads, ``blocks(n_blocks, *args)``, a parallel kernel running ``block`` over
    ``n_blocks`` ranges of segments (one launch at a time, see :data:`parallel_lock`)."""
    if n < PARALLEL_MIN_SEGMENTS or num_threads() == 1:
        block(0, n, *args)
        return
    with parallel_lock:
        blocks(4 * num_threads(), *args)


def __getattr__(name: str) -> Any:
    if name == "prange":  # ``numba.prange`` (``range`` without Numba), resolved on first use
        if not NUMBA_AVAILABLE:
            return range
        import numba

        return numba.prange
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
