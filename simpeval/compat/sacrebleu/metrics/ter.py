"""``sacrebleu.metrics.ter``: ``TER``, its score class and its signature class."""

from __future__ import annotations

from sacrebleu.metrics.ter import TERSignature

from ..score import TERScore
from . import TER

__all__ = ["TER", "TERScore", "TERSignature"]
