"""The names the resampler had here, before it moved below the metrics.

The resampler is :mod:`simpeval.engines.resample`: ``Metric.corpus_score(..., n_bootstrap=N)``
uses it too, and a metric may not import the significance layer. This module only re-exports
the names that modules outside :mod:`simpeval.significance` still import from here (the
command line's ``MAX_RESAMPLES``, the meta-evaluation's bootstrap); import them from there.
"""

from __future__ import annotations

from ..engines.resample import (
    MAX_RESAMPLES,
    bootstrap_counts,
    check_count,
    check_level,
    interval_indices,
    make_rng,
)

__all__ = ["MAX_RESAMPLES", "bootstrap_counts", "check_count", "check_level", "interval_indices", "make_rng"]
