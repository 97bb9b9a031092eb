"""Extracting a metric's statistics rows: one call at a time per object, here or on worker processes.

Metrics keep caches between calls (encoded references shared by the systems of a comparison,
vocabularies that the outputs extend, sacrebleu's reference cache), so one object shared by
several threads extracts statistics one call at a time, under its lock; separate objects run in
parallel, and scoring from statistics needs no lock. With ``n_jobs`` (or the
:func:`simpeval.engines.pool.jobs` block around the call) and a job large enough, a copy of the
object, pickled under the lock without its caches (``Metric._caches``), extracts the rows chunk
by chunk on worker processes (:func:`simpeval.engines.pool.chunked_rows`): the same rows, since a
segment's row never depends on the other segments. A chunk that cannot be scored is scored
again here, with the others, so that its error names the segment as one call would.
"""

from __future__ import annotations

import pickle
import threading
from contextlib import AbstractContextManager, nullcontext
from functools import partial
from typing import Protocol

from .._types import StatsArray
from ..engines import jit, pool
from ..exceptions import SimpevalError, WorkerError


class Extracting(Protocol):
    """What extraction needs of a :class:`~simpeval.metrics.base.Metric` (which imports this module)."""

    @property
    def name(self) -> str: ...

    def extract_stats(
        self, hypotheses: list[str], references: list[list[str]], sources: list[str] | None
    ) -> StatsArray: ...


__all__ = ["extract_rows"]


def extract_rows(
    metric: Extracting,
    hypotheses: list[str],
    references: list[list[str]],
    sources: list[str] | None,
    n_jobs: int | None = None,
) -> StatsArray:
    """``metric.extract_stats(hypotheses, references, sources)`` under the metric's lock, or on
    ``n_jobs`` worker processes (``None``: those of the :func:`~simpeval.engines.pool.jobs` block
    around the call, else 1; 0: one per available core). An explicit ``n_jobs=N`` is N cores: a
    call it runs here (too small for workers, or ``N=1``) runs its kernels on at most N threads.

    Raises:
        InvalidOptionError: ``n_jobs`` is not an integer >= 0.
    """
    notice = getattr(metric, "warn_about", None)  # warnings about the call's text: said once, here
    if notice is not None:
        notice(hypotheses)
    lock = metric.__dict__.get("_stats_lock")
    if lock is None:  # dict.setdefault is atomic: every thread gets the same lock
        lock = metric.__dict__.setdefault("_stats_lock", threading.RLock())
    wanted = pool.current_jobs() if n_jobs is None else pool.resolve_jobs(n_jobs, f"{metric.name}: n_jobs")
    workers = pool.workers_for(len(hypotheses), wanted)
    with lock, _cores(n_jobs, wanted):
        copy = pool.pickled(metric, metric.name) if workers > 1 else None
        if copy is None:
            return metric.extract_stats(hypotheses, references, sources)
    texts = max(jit.job_texts(), 2 * len(hypotheses) + sum(map(len, references)))
    try:
        return pool.chunked_rows(partial(_extract_copy, copy), hypotheses, references, sources, workers, texts)
    except WorkerError:  # a worker died (out of memory?): said as it is, not done again here
        raise
    except SimpevalError:  # its message counts segments from its chunk's start: the whole job's error, here
        with lock, _cores(n_jobs, wanted):
            return metric.extract_stats(hypotheses, references, sources)


def _cores(n_jobs: int | None, wanted: int) -> AbstractContextManager[None]:
    """An explicit ``n_jobs=N`` is N cores in all: a call it runs here runs its kernels on N
    threads (``n_jobs=1``: one, like ``make -j1``); ``None`` keeps the threads of the context."""
    return nullcontext() if n_jobs is None else jit.threads(wanted)


def _extract_copy(
    copy: bytes, hypotheses: list[str], references: list[list[str]], sources: list[str] | None
) -> StatsArray:
    """In a worker process: the statistics rows of a chunk, by the metric pickled in ``copy``."""
    metric: Extracting = pickle.loads(copy)  # this process's parent pickled it
    return metric.extract_stats(hypotheses, references, sources)
