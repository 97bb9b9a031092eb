"""Teaching metrics: NLTK's BLEU, METEOR, chrF, edit distance, WER, PEM and bag of words."""

from __future__ import annotations

from .meteor import METEOR
from .nltk_bleu import NLTKBLEU
from .nltk_chrf import NLTKCHRF

__all__ = ["METEOR", "NLTKBLEU", "NLTKCHRF"]
