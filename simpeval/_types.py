"""Type aliases shared across the package.

The reference layout is sacrebleu's *streams* layout: ``references[j][i]`` is reference
``j`` of segment ``i``. A stream entry may be ``None`` where a segment has fewer
references than others (variable number of references).
"""

from __future__ import annotations

from typing import Optional, Sequence

import numpy as np
import numpy.typing as npt

Hypotheses = Sequence[str]
"""One system output per segment."""

Sources = Sequence[str]
"""One source sentence per segment."""

RefStreams = Sequence[Sequence[Optional[str]]]
"""Reference streams: ``references[j][i]`` is reference ``j`` of segment ``i`` (or ``None``)."""

SegmentReferences = Sequence[Sequence[str]]
"""Per-segment layout (Hugging Face ``evaluate``): ``references[i]`` lists the references of segment ``i``."""

StatsArray = npt.NDArray[np.float64]
"""Sufficient statistics: shape ``(n_segments, n_stats)`` or ``(n_stats,)``, float64, additive."""
