"""Optional compilation of the hot loops with Numba (the ``fast`` extra).

``pip install "simplification-metrics[fast]"`` installs Numba, a PyPI package with wheels for every
supported platform (no compiler needed). Its kernels are compiled on first use and cached on
disk next to the module (or under ``NUMBA_CACHE_DIR``), so later processes only load them.
Without Numba the vectorized NumPy engine is used; both give bit-identical statistics.

Numba itself is imported only when a kernel module is (on first use of the compiled engine),
so ``import simpeval`` and the command line stay quick. ``SIMPEVAL_DISABLE_NUMBA=1`` in the
environment makes simpeval behave as if Numba were not installed (read at import time).

Loading the kernels costs a fraction of a second a process once they are cached, and seconds the
first time (compilation; the times are in the documentation's "Speed and engines"), while the NumPy
and sacrebleu engines score a small job in less. So the
engine a call runs is a pure function of the job (:func:`run_engine`): the engine asked for,
whether Numba is installed (and not disabled), ``SIMPEVAL_COMPILED_MIN_TEXTS`` and the size of
the job. ``engine="fast"`` runs the compiled kernels for a job of :data:`COMPILED_MIN_TEXTS`
texts or more, the other engine of the metric below that. A job is one call, or the calls
inside :func:`job` (``evaluate_systems`` and ``compare`` declare their whole size so), never
what ran before in the process: the same job runs the same engine whatever came before it.
BLEU and chrF count the call alone (``whole_job=False``): their NumPy engine prepares a reference
set once for every system of a comparison. The bootstrap scoring of BLEU's and chrF's resampled
rows is NumPy's only (:mod:`simpeval.engines.resample_numpy`), so a paired test never loads the
compiled kernels for it.
Every engine gives the same bits, so this changes times, never numbers.

The parallel kernels run on Numba's threading layer, chosen here before Numba starts its threads:
TBB when it is installed, else ``workqueue``, never OpenMP. Numba's own default prefers GNU OpenMP, after which a ``fork``
child (``multiprocessing.Pool``, ``ProcessPoolExecutor`` on Linux) aborts or hangs with "fork()
called from a process already using GNU OpenMP"; ``workqueue`` serves a forked child, but two
threads must not launch on it at once, so every launch holds :data:`parallel_lock` (which a
forked child gets back unlocked). The layer changes threads, never bits. A
``NUMBA_THREADING_LAYER`` or ``NUMBA_THREADING_LAYER_PRIORITY`` set in the environment is respected as it is.
The choice is made again right before Numba starts its threads (:func:`num_threads`, which every
launch asks first): Numba's compiler reloads its settings from the environment whenever a
``NUMBA_*`` variable changed since, which would put its default back.
"""

from __future__ import annotations

import importlib.util
import os
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TYPE_CHECKING, Any, TypeVar

if TYPE_CHECKING:  # the lazy export, seen by type checkers: numba.prange, or range without Numba
    prange = range

__all__ = [
    "COMPILED_MIN_TEXTS",
    "LAYER_PRIORITY",
    "NUMBA_AVAILABLE",
    "compiled_min_texts",
    "job",
    "jit",
    "jit_inline",
    "jit_parallel",
    "job_texts",
    "limit_threads",
    "num_threads",
    "parallel_lock",
    "resolve_engine",
    "run_blocks",
    "run_engine",
    "threads",
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
    """TBB, else ``workqueue``, unless the user chose a layer (see the module docstring): Numba's
    ``"default"`` layer tried in the order :data:`LAYER_PRIORITY`. Numba reads the setting when it
    starts its threads: at the first parallel launch, or at the first ``numba.get_num_threads()``
    (:func:`num_threads`), which SARI's engine asks before compiling."""
    if any(os.environ.get(name, "").strip() for name in ("NUMBA_THREADING_LAYER", "NUMBA_THREADING_LAYER_PRIORITY")):
        return
    numba.config.THREADING_LAYER = "default"
    numba.config.THREADING_LAYER_PRIORITY = list(LAYER_PRIORITY)


#: The order in which Numba tries the threading layers for simpeval: TBB if its library loads, else
#: ``workqueue``, which always does, so OpenMP (Numba wants all three named) is never reached.
#: Numba's own order puts OpenMP second: GNU OpenMP on Linux, which a ``fork`` child cannot survive.
LAYER_PRIORITY = ("tbb", "workqueue", "omp")


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


#: Texts (segments x (references + 2)) of a job from which ``engine="fast"`` runs the compiled
#: kernels; ``SIMPEVAL_COMPILED_MIN_TEXTS`` in the environment overrides it (0: always compiled).
#: ASSET's test set is 359 x 12 = 4,308 texts per system and metric. ARCHITECTURE.md
#: ("Engine choice") gives the measurement behind it.
COMPILED_MIN_TEXTS = 20_000

#: The size of the job being run (see :func:`job`); 0 outside one.
_JOB_TEXTS: ContextVar[int] = ContextVar("simpeval_job_texts", default=0)


def compiled_min_texts() -> int:
    """The threshold in force: ``SIMPEVAL_COMPILED_MIN_TEXTS`` if set to a number, else
    :data:`COMPILED_MIN_TEXTS`."""
    value = os.environ.get("SIMPEVAL_COMPILED_MIN_TEXTS", "").strip()
    return int(value) if value.isdigit() else COMPILED_MIN_TEXTS


@contextmanager
def job(texts: int) -> Iterator[None]:
    """Run the calls inside as one job of ``texts`` texts: each chooses its engine by the larger
    of its own size and the job's (so the first call of a large comparison runs compiled too).
    The size holds in this context only (threads started inside get it by ``copy_context``)."""
    token = _JOB_TEXTS.set(texts)
    try:
        yield
    finally:
        _JOB_TEXTS.reset(token)


def job_texts() -> int:
    """The size of the :func:`job` around this call (0 outside one)."""
    return _JOB_TEXTS.get()


def use_compiled(texts: int, *, whole_job: bool = True) -> bool:
    """Whether ``engine="fast"`` runs compiled for a call of ``texts`` texts: Numba is available
    and the call, or (``whole_job``) the :func:`job` around it, reaches :func:`compiled_min_texts`."""
    return NUMBA_AVAILABLE and max(texts, _JOB_TEXTS.get() if whole_job else 0) >= compiled_min_texts()


def run_engine(engine: str, requested: str, fallback: str, texts: int, *, whole_job: bool = True) -> str:
    """The engine one call of ``texts`` texts runs, a pure function of the job: ``engine`` (what
    :func:`resolve_engine` made of the ``requested`` option), except that a ``"fast"`` request
    runs ``fallback`` for a job too small to repay loading the compiled kernels
    (:func:`use_compiled`). With ``whole_job=False`` the call alone is the job: BLEU's and chrF's
    NumPy engine prepares a reference set once for every system scored on it, after which a
    system costs it less than the compiled engine, which reads the references again each call."""
    if requested == "fast" and engine == "numba" and not use_compiled(texts, whole_job=whole_job):
        return fallback
    return engine


#: Held while a parallel kernel (:func:`jit_parallel`, launched by :func:`run_blocks`) runs: the
#: ``workqueue`` threading layer, which ``"forksafe"`` picks without TBB, aborts the process when two
#: Python threads launch parallel kernels at the same time. TER's search and a large SARI call's chunks run
#: on pools of Python threads, each running plain (non-parallel) kernels that release the GIL, so they do not take it.
parallel_lock = threading.Lock()


def _unlock_in_child() -> None:
    """A child forked while another thread held the lock gets it locked and no thread to release
    it: the child starts with it free (its holder does not exist in it)."""
    if parallel_lock.locked():
        parallel_lock.release()


if hasattr(os, "register_at_fork"):  # POSIX
    os.register_at_fork(after_in_child=_unlock_in_child)


#: At most this many threads a parallel kernel (0: no limit), set by :func:`limit_threads`.
_THREAD_LIMIT = 0


def limit_threads(threads: int) -> None:
    """Let the parallel kernels of this process use at most ``threads`` threads (a worker
    process of :mod:`simpeval.engines.pool` runs on one: the processes are the parallelism)."""
    global _THREAD_LIMIT
    _THREAD_LIMIT = threads


#: :func:`one_thread` blocks open in this process (any thread), counted under a lock so that blocks
#: of several threads, entered and left in any order, never leave a limit behind.
_ONE_THREAD_BLOCKS = 0
_ONE_THREAD_LOCK = threading.Lock()


@contextmanager
def one_thread() -> Iterator[None]:
    """Run the parallel kernels inside on one thread, as a worker process does (:func:`limit_threads`),
    so that the kernels loaded here are the ones the workers forked afterwards run. The limit is the
    process's while any such block is open, whatever :func:`threads` blocks are nested inside."""
    global _ONE_THREAD_BLOCKS
    with _ONE_THREAD_LOCK:
        _ONE_THREAD_BLOCKS += 1
    try:
        yield
    finally:
        with _ONE_THREAD_LOCK:
            _ONE_THREAD_BLOCKS -= 1


#: At most this many threads a parallel kernel run in this context (0: no limit), set by :func:`threads`.
_CONTEXT_LIMIT: ContextVar[int] = ContextVar("simpeval_threads", default=0)


@contextmanager
def threads(limit: int) -> Iterator[None]:
    """Run the parallel kernels called inside on at most ``limit`` threads (0: no limit): an
    explicit ``n_jobs=N`` (``--jobs N``) is N cores in all, so a call it runs in this process
    runs its kernels on N threads (``n_jobs=1``: one). The limit holds in this context only
    (threads started inside get it by ``copy_context``), within :func:`limit_threads`."""
    token = _CONTEXT_LIMIT.set(limit)
    try:
        yield
    finally:
        _CONTEXT_LIMIT.reset(token)


def num_threads() -> int:
    """Threads a parallel kernel may use (``NUMBA_NUM_THREADS``, by default the CPU count,
    within :func:`limit_threads` and the :func:`threads` block around the call)."""
    limits = [limit for limit in (_THREAD_LIMIT, _CONTEXT_LIMIT.get()) if limit]
    if not NUMBA_AVAILABLE or 1 in limits or _ONE_THREAD_BLOCKS:
        return 1
    import numba

    _choose_threading_layer(numba)  # get_num_threads() starts the layer, maybe before any kernel is compiled
    return min([int(numba.get_num_threads()), *limits])


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
