"""``sacrebleu.metrics.chrf``: ``CHRF``, its score class and its signature class."""

from __future__ import annotations

from sacrebleu.metrics.chrf import CHRFSignature

from ..score import CHRFScore
from . import CHRF

__all__ = ["CHRF", "CHRFScore", "CHRFSignature"]
