"""simpeval: exact, reproducible and fast evaluation of text simplification and translation.

The public API, in one place. Metric classes, the orchestration functions, the report and
significance types are imported on first use (so ``import simpeval`` stays cheap) and are
typed for mypy and listed by ``dir(simpeval)`` all the same.

Examples:
    >>> from simpeval import SARI
    >>> sari = SARI()  # the EASSE corpus_sari defaults
    >>> score = sari.corpus_score(["About 95 you now get in."],
    ...                           [["About 95 species are currently known."]],
    ...                           sources=["About 95 species are currently accepted."])
    >>> round(score.score, 4)
    27.3016
    >>> import simpeval
    >>> "ResultTable" in dir(simpeval) and "compare" in simpeval.__all__
    True
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING

from . import significance as _significance  # noqa: F401  (simpeval.significance without an import of its own)
from ._version import __version__
from .exceptions import SimpevalError
from .metrics import (
    Metric,
    References,
    Score,
    Signature,
    available_metrics,
    get_metric,
    metric_key,
    references_from_segments,
    register_metric,
    unregister_metric,
)
from .report.explain import register as _register_explanation_renderers
from .report.explain_bertscore import register as _register_bertscore_explanation_renderers
from .tokenizers import available_tokenizers, get_tokenizer, register_tokenizer

_register_explanation_renderers()  # str() and HTML of SARI.explain() / BLEU.explain() results
_register_bertscore_explanation_renderers()  # ... and of BERTScore.explain()'s

if TYPE_CHECKING:  # the lazy exports below, seen by type checkers and IDEs (a test keeps both lists equal)
    from .api import RunOptions, compare, evaluate_streams, evaluate_systems, explain, sentence_level
    from .compat.sacrebleu.compat import (
        corpus_bleu,
        corpus_chrf,
        corpus_ter,
        sentence_bleu,
        sentence_chrf,
        sentence_ter,
    )
    from .metrics.bleu import BLEU
    from .metrics.chrf import CHRF
    from .metrics.fkgl import FKGL
    from .metrics.learned.bertscore import BERTScore
    from .metrics.learned.lens import LENS
    from .metrics.sari import SARI
    from .metrics.teaching import METEOR, NLTKBLEU, NLTKCHRF, PEM, WER, BagOfWords, EditDistance
    from .metrics.ter import TER
    from .report import ResultTable, SegmentTable, render
    from .significance import ConfidenceInterval, Correlation, PairedResult
    from .significance.specs import Agreement, Bootstrap, PairedBootstrap, Randomization
    from .testsets import load_system_outputs, load_testset

__all__ = [
    "Agreement",
    "BLEU",
    "Bootstrap",
    "BagOfWords",
    "EditDistance",
    "METEOR",
    "NLTKBLEU",
    "NLTKCHRF",
    "PEM",
    "WER",
    "CHRF",
    "FKGL",
    "BERTScore",
    "LENS",
    "SARI",
    "TER",
    "ConfidenceInterval",
    "Correlation",
    "Metric",
    "PairedBootstrap",
    "PairedResult",
    "Randomization",
    "References",
    "ResultTable",
    "RunOptions",
    "Score",
    "SegmentTable",
    "Signature",
    "SimpevalError",
    "__version__",
    "available_metrics",
    "available_tokenizers",
    "compare",
    "corpus_bleu",
    "corpus_chrf",
    "corpus_ter",
    "evaluate_streams",
    "evaluate_systems",
    "explain",
    "get_metric",
    "get_tokenizer",
    "load_system_outputs",
    "load_testset",
    "metric_key",
    "references_from_segments",
    "register_metric",
    "register_tokenizer",
    "render",
    "sentence_bleu",
    "sentence_chrf",
    "sentence_level",
    "sentence_ter",
    "unregister_metric",
]

#: Lazy exports: name -> module that defines it (imported on first attribute access).
_LAZY = {
    "SARI": "simpeval.metrics.sari",
    "BLEU": "simpeval.metrics.bleu",
    "CHRF": "simpeval.metrics.chrf",
    "TER": "simpeval.metrics.ter",
    "FKGL": "simpeval.metrics.fkgl",
    "BERTScore": "simpeval.metrics.learned.bertscore",
    "LENS": "simpeval.metrics.learned.lens",
    **dict.fromkeys(
        ["BagOfWords", "EditDistance", "METEOR", "NLTKBLEU", "NLTKCHRF", "PEM", "WER"], "simpeval.metrics.teaching"
    ),
    "compare": "simpeval.api",
    **dict.fromkeys(["Agreement", "Bootstrap", "PairedBootstrap", "Randomization"], "simpeval.significance.specs"),
    "RunOptions": "simpeval.api",
    **dict.fromkeys(
        ["corpus_bleu", "corpus_chrf", "corpus_ter", "sentence_bleu", "sentence_chrf", "sentence_ter"],
        "simpeval.compat.sacrebleu.compat",
    ),
    "evaluate_streams": "simpeval.api",
    "evaluate_systems": "simpeval.api",
    "explain": "simpeval.api",
    "sentence_level": "simpeval.api",
    "ResultTable": "simpeval.report",
    "SegmentTable": "simpeval.report",
    "render": "simpeval.report",
    "ConfidenceInterval": "simpeval.significance",
    "Correlation": "simpeval.significance",
    "PairedResult": "simpeval.significance",
    "load_system_outputs": "simpeval.testsets",
    "load_testset": "simpeval.testsets",
}


def __getattr__(name: str) -> object:
    """The lazy exports of :data:`_LAZY`, imported on first access."""
    if name in _LAZY:
        return getattr(import_module(_LAZY[name]), name)
    raise AttributeError(f"module 'simpeval' has no attribute {name!r}")


def __dir__() -> list[str]:
    """The public names, :data:`__all__`, sorted."""
    return sorted(__all__)
