"""``sacrebleu.metrics.bleu``: ``BLEU``, its score class and its signature class."""

from __future__ import annotations

from sacrebleu.metrics.bleu import MAX_NGRAM_ORDER, BLEUSignature

from ..score import BLEUScore
from . import BLEU

__all__ = ["BLEU", "MAX_NGRAM_ORDER", "BLEUScore", "BLEUSignature"]
