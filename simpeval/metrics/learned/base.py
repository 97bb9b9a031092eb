"""The base class of the learned metrics: one scoring call at a time per metric object, in this process.

A learned metric keeps a loaded model and caches of encoded sentences on its object, and its model
runs on PyTorch's threads (or a GPU) already: a second thread scoring on the same object waits
for the first (so a cache is never read half-written, and idf, which reads the whole call, sees
one call), and a call never goes to worker processes, each of which would load the model again.
Every learned metric (BERTScore, LENS) gets this from :class:`LearnedMetric`.
"""

from __future__ import annotations

import threading

from ..._types import StatsArray
from ..base import Metric

__all__ = ["LearnedMetric"]


class LearnedMetric(Metric):
    """A :class:`~simpeval.metrics.base.Metric` run by a neural model: :meth:`extract_stats` one call
    at a time per object (a re-entrant lock, which a pickled copy gets anew), never on workers."""

    def _locked_extract(
        self,
        hypotheses: list[str],
        references: list[list[str]],
        sources: list[str] | None,
        n_jobs: int | None = None,
    ) -> StatsArray:
        """:meth:`extract_stats` under this object's lock; ``n_jobs`` is not used (the model has its threads)."""
        with self._lock():
            return self.extract_stats(hypotheses, references, sources)

    def _lock(self) -> threading.RLock:
        """This object's re-entrant lock, made on first use (every thread gets the same one)."""
        lock: threading.RLock | None = self.__dict__.get("_stats_lock")
        if lock is None:  # dict.setdefault is atomic
            lock = self.__dict__.setdefault("_stats_lock", threading.RLock())
        return lock
