"""Teaching metrics: NLTK's BLEU, METEOR, chrF, edit distance, WER, PEM and bag of words.

Each metric equals the NLTK function a classroom notebook calls (×100 where NLTK gives 0-1;
the edit distance stays a count) on the same tokens, on simpeval's :class:`~simpeval.metrics.Metric`
API: additive statistics per segment, sentence and corpus scores, signatures.

Examples:
    >>> from simpeval.metrics.teaching import NLTKBLEU, WER
    >>> round(NLTKBLEU(smoothing=1).sentence_score("the cat sat on the mat", ["the cat is on the mat"]).score, 2)
    25.41
    >>> WER().sentence_score("the cat sat on the mat", ["the cat is on the mat"]).score
    16.666666666666664
"""

from __future__ import annotations

from .bow import BagOfWords
from .edit import EditDistance, EditOp, align
from .edit_rates import PEM, WER
from .meteor import METEOR
from .nltk_bleu import NLTKBLEU
from .nltk_chrf import NLTKCHRF
from .wordnet import ensure_wordnet, load_wordnet

__all__ = [
    "METEOR",
    "NLTKBLEU",
    "NLTKCHRF",
    "PEM",
    "WER",
    "BagOfWords",
    "EditDistance",
    "EditOp",
    "align",
    "ensure_wordnet",
    "load_wordnet",
]
