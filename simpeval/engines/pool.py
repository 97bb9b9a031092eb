"""One process, every core: statistics extracted in worker processes, chunk by chunk, in order.

Tokenizing, encoding and counting are Python and NumPy work that one interpreter runs on one
core (the GIL), so ``n_jobs`` runs them in worker processes: the segments are cut into
contiguous chunks, each worker extracts the statistics rows of a chunk, and the rows come back
in chunk order. A segment's row never depends on the other segments, so the rows, and every
sum and score made of them, are the same bits as ``n_jobs=1``; a streamed corpus keeps its
chunks and their order too (:func:`ordered_map`).

``n_jobs=N`` is N cores in all, like ``make -jN``: N worker processes, each running Numba's
parallel kernels on one thread, and a call run in this process runs them on at most N threads
(:func:`simpeval.engines.jit.threads`), so ``n_jobs=1`` is this process on one core; 0 means one
per core available to this process (:func:`available_cores`). ``None`` (the Python API's default)
starts no worker and leaves the kernels every thread. A job of fewer than
:data:`MIN_SEGMENTS_PER_WORKER` segments per worker uses fewer workers, and one of fewer than
twice that runs in this process: starting workers and sending them the text costs more than it
saves. The setting of a whole run (every
metric and system of ``evaluate_systems`` or ``compare``) is :func:`jobs`, a context like
:func:`simpeval.engines.jit.job`; the workers are started once for it and reused.

Workers are forked where that is safe (Linux: they start at once, with the modules and compiled
kernels already loaded, and an in-memory job's inputs: only each chunk's bounds are sent, and the
rows come back through shared memory) and spawned elsewhere (each chunk's inputs pickled). Each runs Numba's parallel kernels on one thread
(the processes are the parallelism), in the job of the whole run (:func:`simpeval.engines.jit.job`),
so it runs the engine the whole run would. An exception raised in a worker (a bad segment) is
raised here unchanged. A worker ends when this process does, however it ends (killed by
``SIGTERM``, ``SIGKILL``, the system): a watchdog thread in it waits on this process's sentinel; the
shared rows are an anonymous mapping, which leaves nothing in ``/dev/shm``.
"""

from __future__ import annotations

import itertools
import mmap
import multiprocessing
import os
import pickle
import sys
import threading
import warnings
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from concurrent.futures import Executor, Future, ProcessPoolExecutor
from concurrent.futures.process import BrokenProcessPool
from contextlib import contextmanager
from contextvars import ContextVar
from typing import Any, TypeVar

import numpy as np

from .. import _validate
from ..exceptions import SimpevalWarning, WorkerError
from . import jit

__all__ = [
    "MIN_SEGMENTS_PER_WORKER",
    "available_cores",
    "chunked_rows",
    "current_jobs",
    "jobs",
    "ordered_map",
    "pickled",
    "resolve_jobs",
    "workers_for",
]

T = TypeVar("T")
R = TypeVar("R")

#: Segments a worker must have at least, for a job to be split among workers;
#: ``SIMPEVAL_PARALLEL_MIN_SEGMENTS`` in the environment overrides it.
MIN_SEGMENTS_PER_WORKER = 5_000

#: Segments this process extracts before it forks workers for an in-memory job, to load the
#: kernels they need once.
WARM_SEGMENTS = 64

#: Chunks per worker of an in-memory job: a few, so that a slow chunk does not leave workers idle.
CHUNKS_PER_WORKER = 4


class _Run:
    """The setting of a :func:`jobs` block: its worker count, and its pool once one is needed."""

    def __init__(self, n_jobs: int) -> None:
        self.n_jobs = n_jobs
        self.pool: Executor | None = None

    def executor(self) -> Executor:
        if self.pool is None:
            self.pool = _new_pool(self.n_jobs)
        return self.pool


_RUN: ContextVar[_Run | None] = ContextVar("simpeval_jobs", default=None)


def available_cores() -> int:
    """The cores this process may run on (its CPU affinity where the system tells it)."""
    if hasattr(os, "sched_getaffinity"):
        return max(1, len(os.sched_getaffinity(0)))
    return max(1, os.cpu_count() or 1)


def resolve_jobs(n_jobs: object, owner: str = "n_jobs") -> int:
    """``n_jobs`` as a number of workers: an integer >= 1, or 0 for :func:`available_cores`.

    Raises:
        InvalidOptionError: ``n_jobs`` is not an integer >= 0.
    """
    value = _validate.check_int(n_jobs, owner, minimum=0, expected="an integer >= 0 (0: one per available core)")
    return value or available_cores()


def min_segments_per_worker() -> int:
    """The threshold in force: ``SIMPEVAL_PARALLEL_MIN_SEGMENTS`` if set to a number, else
    :data:`MIN_SEGMENTS_PER_WORKER`."""
    value = os.environ.get("SIMPEVAL_PARALLEL_MIN_SEGMENTS", "").strip()
    return max(1, int(value)) if value.isdigit() else MIN_SEGMENTS_PER_WORKER


def workers_for(segments: int, n_jobs: int) -> int:
    """Workers a job of ``segments`` segments runs on (1: this process): at most ``n_jobs``,
    each with :func:`min_segments_per_worker` segments or more."""
    return max(1, min(n_jobs, segments // min_segments_per_worker()))


def current_jobs() -> int:
    """The worker count of the :func:`jobs` block around this call (1 outside one)."""
    run = _RUN.get()
    return 1 if run is None else run.n_jobs


@contextmanager
def jobs(n_jobs: object) -> Iterator[int]:
    """Run the statistics extraction inside on ``n_jobs`` worker processes (0: one per available
    core), started once, at the first job large enough, and stopped when the block ends. Threads
    started inside share them (``copy_context``). Yields the worker count.

    Raises:
        InvalidOptionError: ``n_jobs`` is not an integer >= 0.
    """
    run = _Run(resolve_jobs(n_jobs))
    token = _RUN.set(run)
    try:
        with jit.threads(run.n_jobs):  # N cores in all: a call run here runs its kernels on N threads
            yield run.n_jobs
    finally:
        _RUN.reset(token)
        if run.pool is not None:
            run.pool.shutdown(wait=True, cancel_futures=True)


def _context() -> Any:
    """Fork where it is safe and fast (Linux); spawn elsewhere (macOS and Windows)."""
    method = "fork" if sys.platform.startswith("linux") else "spawn"
    return multiprocessing.get_context(method)


def _new_pool(workers: int) -> Executor:
    return ProcessPoolExecutor(max_workers=workers, mp_context=_context(), initializer=_worker_started)


def _worker_started() -> None:
    """In each worker: Numba's parallel kernels on one thread (the workers are the parallelism),
    no :func:`jobs` block (a forked worker starts in a copy of its parent's context), and a
    watchdog that ends the worker with its parent (:func:`_exit_with_parent`)."""
    jit.limit_threads(1)
    _RUN.set(None)
    _exit_with_parent()


def _exit_with_parent() -> None:
    """End this worker as soon as its parent has gone, however it went (``SIGTERM``, ``SIGKILL``, killed
    for want of memory), on every start method: a daemon thread waits on the parent's sentinel (the end
    of a pipe whose other end only the parent, and workers forked after this one, hold; a process
    handle on Windows), which becomes ready when the parent has gone. Without it the workers, blocked on
    their task queue, stayed for ever, re-parented to PID 1. (Linux's ``PR_SET_PDEATHSIG`` fires when the
    *thread* that forked the worker ends, which a pool started from a short-lived thread would see.)"""
    parent = multiprocessing.parent_process()
    if parent is None:  # not a child of multiprocessing
        return

    def watch() -> None:
        parent.join()  # returns once the parent's sentinel is ready: the parent has gone
        os._exit(1)  # no clean-up: the task queue's other end has gone with the parent

    threading.Thread(target=watch, name="simpeval-parent-watch", daemon=True).start()


def _forking() -> bool:
    """Whether workers are forked copies of this process (Linux)."""
    return bool(_context().get_start_method() == "fork")


@contextmanager
def _executor(workers: int, warm: Callable[[], object]) -> Iterator[Executor]:
    """A pool of ``workers`` for one call. Forked workers start as copies of this process, so
    ``warm()`` runs here first: the compiled kernels the call needs are loaded once, by this
    process, rather than once by every worker (each would spend its CPU on it); then the pool is forked
    for this call, as cheap as a fork. Spawned workers start empty and load them anyway: they
    are started once per :func:`jobs` block and reused."""
    run = _RUN.get()
    if run is not None and not _forking():
        yield run.executor()
        return
    if _forking():
        warm()
    pool = _new_pool(workers)
    try:
        yield pool
    finally:
        pool.shutdown(wait=True, cancel_futures=True)


def pickled(work: object, owner: str) -> bytes | None:
    """``work`` pickled, to send to worker processes; ``None`` if it cannot be, with a warning that
    ``owner`` runs in this process (a metric of the user's own holding a lambda, say)."""
    try:
        return pickle.dumps(work, protocol=pickle.HIGHEST_PROTOCOL)
    except Exception as err:  # pickle raises PicklingError, TypeError, AttributeError... as the object decides
        warnings.warn(
            f"{owner}: cannot be copied to worker processes ({type(err).__name__}: {err}), so it runs in this process.",
            SimpevalWarning,
            stacklevel=3,
        )
        return None


def _result(future: Future[R]) -> R:
    """A task's result; a worker that died (killed by the system) is a :class:`WorkerError`."""
    try:
        return future.result()
    except BrokenProcessPool:
        raise WorkerError(
            "a worker process stopped before it finished (killed by the system, most often for want of memory): "
            "run with fewer workers (--jobs N, n_jobs=N) or in one process (--jobs 1)."
        ) from None


def _in_job(texts: int, work: Callable[..., R], *args: Any) -> R:
    """``work(*args)`` inside the job of the whole run (the engine it would choose)."""
    with jit.job(texts):
        return work(*args)


def _warm(texts: int, work: Callable[..., R], *args: Any) -> R:
    """``work(*args)`` here as a worker would run it (the same engine, kernels on one thread), so
    that workers forked afterwards find its compiled kernels loaded."""
    with jit.one_thread():
        return _in_job(texts, work, *args)


def chunked_rows(
    extract: Callable[[list[str], list[list[str]], list[str] | None], np.ndarray],
    hypotheses: list[str],
    references: list[list[str]],
    sources: list[str] | None,
    workers: int,
    texts: int,
) -> np.ndarray:
    """``extract(hypotheses, references, sources)`` computed by ``workers`` processes, chunk by
    chunk, and concatenated in order: the same rows as one call; ``texts`` is the size of the
    whole job (:func:`simpeval.engines.jit.job`). Forked workers (Linux) inherit the inputs and
    receive only each chunk's bounds (:func:`_forked_rows`); spawned ones receive each chunk's
    inputs pickled, and ``extract`` too (a bound method of a metric takes its metric along)."""
    n = len(hypotheses)
    bounds = np.linspace(0, n, min(n, workers * CHUNKS_PER_WORKER) + 1).astype(int)
    spans = list(zip(bounds[:-1].tolist(), bounds[1:].tolist()))
    job = (extract, hypotheses, references, sources, texts)
    if _forking():
        return _forked_rows(job, spans, workers)
    with _executor(workers, _nothing) as pool:  # spawned workers start empty: they load the kernels anyway
        futures = [pool.submit(_rows, *_sliced(job, a, b)) for a, b in spans]
        return np.concatenate([_result(future) for future in futures])


#: An in-memory job of :func:`chunked_rows`: the extraction, hypotheses, references, sources, texts.
_Job = tuple[Callable[..., np.ndarray], list[str], list[list[str]], list[str] | None, int]

#: The in-memory jobs running now, by key, with the array of their rows (shared memory, or None):
#: forked workers find theirs in the memory they inherit.
_INHERITED: dict[int, tuple[_Job, np.ndarray | None]] = {}
_KEYS = itertools.count()


def _nothing() -> None:
    """No warm-up (done already, or not needed)."""


def _forked_rows(job: _Job, spans: list[tuple[int, int]], workers: int) -> np.ndarray:
    """:func:`chunked_rows` on forked workers. The job is left in :data:`_INHERITED` before the
    pool forks, so the workers read the inputs from the memory they inherit and receive only
    ``(start, stop)`` bounds: nothing is pickled but those. They write the rows into an array in
    memory shared with this process (:func:`_shared_rows`), shaped like those of the first
    :data:`WARM_SEGMENTS` segments, which this process extracts first (:func:`_warm`: the
    workers then find the compiled kernels loaded); a chunk whose rows differ in shape or type
    comes back pickled, and the chunks are concatenated as they are."""
    extract, hypotheses, references, sources, texts = _sliced(job, 0, WARM_SEGMENTS)
    out = _shared_rows(len(job[1]), _warm(texts, extract, hypotheses, references, sources))
    key = next(_KEYS)
    _INHERITED[key] = (job, out)
    try:
        with _executor(workers, _nothing) as pool:
            futures = [pool.submit(_inherited_rows, key, a, b) for a, b in spans]
            parts = [_result(future) for future in futures]
    finally:
        _INHERITED.pop(key, None)
    if out is None:  # every worker sent its rows
        return np.concatenate([part for part in parts if part is not None])
    if all(part is None for part in parts):
        return out
    return np.concatenate([out[a:b] if part is None else part for part, (a, b) in zip(parts, spans)])


def _shared_rows(n: int, sample: object) -> np.ndarray | None:
    """An empty array for ``n`` rows like those of ``sample``, in an anonymous shared mapping
    (``mmap``) that workers forked afterwards write into; ``None`` when ``sample`` is not a 2-D
    array of numbers."""
    if not isinstance(sample, np.ndarray) or sample.ndim != 2 or sample.dtype.hasobject:
        return None
    size = n * sample.shape[1] * sample.dtype.itemsize
    if size == 0:
        return None
    return np.frombuffer(mmap.mmap(-1, size), dtype=sample.dtype).reshape(n, sample.shape[1])


def _sliced(job: _Job, start: int, stop: int) -> _Job:
    """The part of ``job`` for segments ``start:stop``."""
    extract, hypotheses, references, sources, texts = job
    return extract, hypotheses[start:stop], references[start:stop], sources and sources[start:stop], texts


def _rows(
    extract: Callable[..., np.ndarray],
    hypotheses: list[str],
    references: list[list[str]],
    sources: list[str] | None,
    texts: int,
) -> np.ndarray:
    """In a worker: the rows of a chunk, inside the job of the whole run."""
    return _in_job(texts, extract, hypotheses, references, sources)


def _inherited_rows(key: int, start: int, stop: int) -> np.ndarray | None:
    """In a forked worker: the rows of segments ``start:stop`` of the job its parent left under
    ``key``, written into the job's shared array (``None`` returned), or returned when they do
    not fit it."""
    job, out = _INHERITED[key]
    rows = _rows(*_sliced(job, start, stop))
    if out is None or rows.dtype != out.dtype or rows.shape != (stop - start, out.shape[1]):
        return rows
    out[start:stop] = rows
    return None


def ordered_map(
    work: Callable[[T], R], items: Iterable[T], workers: int, texts: int = 0, window: int | None = None
) -> Iterator[R]:
    """``work(item)`` of every item, computed by ``workers`` processes, yielded in the items' order.

    ``items`` is read lazily, at most ``window`` (default: twice ``workers``) ahead of the
    results, so a streamed corpus stays in bounded memory while this process reads the next
    chunks. With one worker, everything runs here. An exception of ``work`` is raised when its
    item's turn comes, after the items before it.
    """
    if workers <= 1:
        for item in items:
            yield work(item)
        return
    items = iter(items)
    first: list[R] = []

    def warm() -> None:  # the first item, here: it loads what the workers will need before they fork
        for item in itertools.islice(items, 1):
            first.append(_warm(texts, work, item))

    ahead = window or 2 * workers
    with _executor(workers, warm) as pool:
        if first:
            yield first.pop()
        pending: deque[Future[R]] = deque()
        for item in items:
            pending.append(pool.submit(_in_job, texts, work, item))
            if len(pending) >= ahead:
                yield _result(pending.popleft())
        while pending:
            yield _result(pending.popleft())
