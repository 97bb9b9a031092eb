"""sacrebleu's public API, computed by simpeval: ``import simpeval.compat.sacrebleu as sacrebleu``.

The module-level functions (:mod:`.compat`: ``corpus_bleu``, ``raw_corpus_bleu``,
``sentence_bleu``, ``corpus_chrf``, ``sentence_chrf``, ``corpus_ter``, ``sentence_ter``), the
metric classes (:mod:`.metrics`: ``BLEU`` with ``compute_bleu``, ``CHRF``, ``TER``), paired
significance tests (:mod:`.significance`: ``PairedTest``, ``Result``) and the Tercom tokenizer
(:mod:`.tokenizers.tokenizer_ter`) have sacrebleu's names, arguments and defaults; scores are
sacrebleu's to the last bit and signatures are sacrebleu's own strings. ``__version__`` is the
version of sacrebleu whose definitions these are.

Examples:
    >>> import simpeval.compat.sacrebleu as sacrebleu
    >>> print(sacrebleu.corpus_bleu(["The cat sat on the mat."], [["The cat sat on a mat."]]))
    BLEU = 48.89 85.7/66.7/40.0/25.0 (BP = 1.000 ratio = 1.000 hyp_len = 7 ref_len = 7)
    >>> print(sacrebleu.metrics.TER().corpus_score(["d e f g h a b c"], [["a b c d e f g h"]]))
    TER = 12.50
"""

from __future__ import annotations

from importlib.metadata import version

from . import compat, metrics, significance, tokenizers
from .compat import (
    corpus_bleu,
    corpus_chrf,
    corpus_ter,
    raw_corpus_bleu,
    sentence_bleu,
    sentence_chrf,
    sentence_ter,
)
from .metrics import BLEU, CHRF, TER

__all__ = [
    "BLEU",
    "CHRF",
    "TER",
    "__version__",
    "compat",
    "corpus_bleu",
    "corpus_chrf",
    "corpus_ter",
    "metrics",
    "raw_corpus_bleu",
    "sentence_bleu",
    "sentence_chrf",
    "sentence_ter",
    "significance",
    "tokenizers",
]

__version__ = version("sacrebleu")
