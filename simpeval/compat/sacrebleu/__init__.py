"""sacrebleu's public API, computed by simpeval: ``import simpeval.compat.sacrebleu as sacrebleu``.

The module-level functions (:mod:`.compat`: ``corpus_bleu``, ``raw_corpus_bleu``,
``sentence_bleu``, ``corpus_chrf``, ``sentence_chrf``, ``corpus_ter``, ``sentence_ter``), the
metric classes (:mod:`.metrics`: ``BLEU`` with ``compute_bleu``, ``CHRF``, ``TER``, their score
classes ``BLEUScore``, ``CHRFScore``, ``TERScore`` and ``METRICS``; ``metrics.base``,
``metrics.bleu``, ``metrics.chrf``, ``metrics.ter``, ``metrics.helpers``) and paired
significance tests (:mod:`.significance`: ``PairedTest``, ``Result``) have sacrebleu's names,
arguments and defaults; scores are sacrebleu's to the last bit and signatures are sacrebleu's
own strings. The rest of sacrebleu's tree is there too: :mod:`.tokenizers` (``tokenizer_13a``
and every other module, with sacrebleu's class names), :mod:`.utils` and :mod:`.dataset` (the
test sets' names and language pairs; what needs their files is one line, since simpeval does
not download WMT test sets), and ``python -m simpeval.compat.sacrebleu``, sacrebleu's command
line with simpeval's metrics. ``__version__`` is the version of sacrebleu whose definitions these are.

Examples:
    >>> import simpeval.compat.sacrebleu as sacrebleu
    >>> print(sacrebleu.corpus_bleu(["The cat sat on the mat."], [["The cat sat on a mat."]]))
    BLEU = 48.89 85.7/66.7/40.0/25.0 (BP = 1.000 ratio = 1.000 hyp_len = 7 ref_len = 7)
    >>> print(sacrebleu.metrics.TER().corpus_score(["d e f g h a b c"], [["a b c d e f g h"]]))
    TER = 12.50
"""

from __future__ import annotations

from importlib.metadata import version

from . import compat, dataset, metrics, significance, tokenizers, utils
from .compat import (
    corpus_bleu,
    corpus_chrf,
    corpus_ter,
    raw_corpus_bleu,
    sentence_bleu,
    sentence_chrf,
    sentence_ter,
)
from .dataset import DATASETS
from .metrics import BLEU, CHRF, TER
from .metrics.helpers import extract_char_ngrams, extract_word_ngrams
from .utils import (
    SACREBLEU_DIR,
    download_test_set,
    get_available_testsets,
    get_langpairs_for_testset,
    get_reference_files,
    get_source_file,
    smart_open,
)

__all__ = [
    "BLEU",
    "CHRF",
    "DATASETS",
    "SACREBLEU_DIR",
    "TER",
    "__version__",
    "compat",
    "dataset",
    "download_test_set",
    "extract_char_ngrams",
    "extract_word_ngrams",
    "get_available_testsets",
    "get_langpairs_for_testset",
    "get_reference_files",
    "get_source_file",
    "smart_open",
    "utils",
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
