"""The hook behind ``Metric.corpus_score(..., n_bootstrap=N)``.

The resampler lives in :mod:`simpeval.significance`, a higher layer, which registers it here
when it is imported (importing :mod:`simpeval` does).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .._types import StatsArray
from ..defaults import DEFAULT_SEED
from ..exceptions import MissingDependencyError
from .score import ConfidenceInterval

__all__ = ["BootstrapFn", "bootstrap_interval", "register_bootstrap"]

#: ``interval(metric, stats, n_samples, seed)``: the resampler behind ``corpus_score(...,
#: n_bootstrap=N)``, ``metric`` a :class:`~simpeval.metrics.base.Metric` (not imported: base imports this). It lives in :mod:`simpeval.significance`, a higher layer, which registers it.
BootstrapFn = Callable[[Any, StatsArray, int, int], ConfidenceInterval]
_BOOTSTRAP: list[BootstrapFn] = []


def register_bootstrap(interval: BootstrapFn) -> None:
    """Set the resampler of ``corpus_score(..., n_bootstrap=N)`` (called by :mod:`simpeval.significance`)."""
    _BOOTSTRAP[:] = [interval]


def bootstrap_interval(metric: Any, stats: StatsArray, n: int) -> ConfidenceInterval:
    """The registered resampler's interval of ``metric`` over ``stats`` rows, ``n`` samples."""
    if not _BOOTSTRAP:  # pragma: no cover - importing simpeval registers it
        raise MissingDependencyError("corpus_score(n_bootstrap=...) needs simpeval.significance: import simpeval.")
    return _BOOTSTRAP[0](metric, stats, n, DEFAULT_SEED)
