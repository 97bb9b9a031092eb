"""simpeval: exact, reproducible and fast evaluation of text simplification and translation.

Examples:
    >>> from simpeval import SARI
    >>> sari = SARI()  # the EASSE corpus_sari defaults
    >>> score = sari.corpus_score(["About 95 you now get in."],
    ...                           [["About 95 species are currently known."]],
    ...                           sources=["About 95 species are currently accepted."])
    >>> round(score.score, 4)
    27.3016
"""

from __future__ import annotations

from importlib import import_module
from importlib.metadata import PackageNotFoundError, version
from typing import Any

try:
    __version__ = version("simpeval")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0+unknown"

from .exceptions import SimpevalError
from .metrics import (
    Metric,
    Score,
    Signature,
    available_metrics,
    get_metric,
    references_from_segments,
)
from .tokenizers import available_tokenizers, get_tokenizer, register_tokenizer

__all__ = [
    "BLEU",
    "CHRF",
    "Metric",
    "SARI",
    "Score",
    "Signature",
    "SimpevalError",
    "TER",
    "__version__",
    "compare",
    "evaluate_systems",
    "available_metrics",
    "available_tokenizers",
    "get_metric",
    "get_tokenizer",
    "load_testset",
    "references_from_segments",
    "register_tokenizer",
]

_LAZY = {
    "load_testset": "simpeval.testsets",
    "compare": "simpeval.api",
    "evaluate_systems": "simpeval.api",
    "SARI": "simpeval.metrics.sari",
    "BLEU": "simpeval.metrics.bleu",
    "CHRF": "simpeval.metrics.chrf",
    "TER": "simpeval.metrics.ter",
}


def __getattr__(name: str) -> Any:
    # Metric classes are imported on first use so that `import simpeval` stays cheap.
    if name in _LAZY:
        return getattr(import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'simpeval' has no attribute {name!r}")
