"""EASSE's ``easse.bertscore``: BERTScore of normalized outputs, computed by simpeval's BERTScore.

EASSE scores with ``bert_score.BERTScorer(lang="en", rescale_with_baseline=True)``: roberta-large
at layer 17, no idf, batches of 64, rescaled with bert_score's English baseline, each of
precision, recall and F1 the maximum over the references; outputs and references are first
lowercased (``lowercase``) and tokenized (``tokenizer``) as EASSE normalizes them.
``corpus_bertscore`` returns the means ``(P, R, F1)`` as floats on bert_score's scale (0-1 for
raw cosines; rescaled values can be below 0), not simpeval's 0-100.

simpeval computes the same numbers (:class:`simpeval.metrics.learned.bertscore.BERTScore` equals
``bert_score`` to 1e-6 per segment) without ``bert_score`` for the scores; the English baseline
file is the one ``bert_score`` ships (``pip install bert-score``), or any ``baseline_path``. The
means are taken in float64 where EASSE averages bert_score's float32 tensors: the results agree to
about 1e-6, not bit for bit. Keyword options beyond EASSE's (``model_type``, ``num_layers``,
``batch_size``, ``device``, ``cache_dir``, ``baseline_path``...) go to simpeval's BERTScore, so a
smaller model or a local folder can stand in for roberta-large. Without PyTorch and Transformers
every call raises one :class:`~simpeval.exceptions.MissingDependencyError` line naming the
``learned`` extra (``pip install "simplification-metrics[learned]"``).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np

from ...metrics.learned import runtime
from ...metrics.learned.bertscore import BERTScore
from .._layout import stated_streams
from .utils.preprocessing import normalize

__all__ = ["EASSE_OPTIONS", "corpus_bertscore", "get_bertscore_sentence_scores"]

#: What EASSE's ``BERTScorer(lang="en", rescale_with_baseline=True)`` sets, as simpeval's BERTScore options.
EASSE_OPTIONS: dict[str, Any] = {"model_type": "roberta-large", "rescale_with_baseline": True, "lang": "en"}


def _rows(
    sys_sents: Sequence[str],
    refs_sents: Sequence[Sequence[str]],
    lowercase: bool,
    tokenizer: str,
    options: dict[str, Any],
) -> np.ndarray:
    """simpeval's BERTScore rows ``[P, R, F1, 1]`` (0-100) of the normalized outputs and reference streams."""
    runtime.require(BERTScore.name)  # before anything else: one line naming the extra
    metric = BERTScore(**{**EASSE_OPTIONS, **options})
    hypotheses = [normalize(sent, lowercase, tokenizer) for sent in sys_sents]
    references = [[normalize(sent, lowercase, tokenizer) for sent in stream] for stream in refs_sents]
    return np.asarray(metric.corpus_stats(hypotheses, stated_streams(references)), dtype=np.float64)


def get_bertscore_sentence_scores(
    sys_sents: Sequence[str],
    refs_sents: Sequence[Sequence[str]],
    lowercase: bool = False,
    tokenizer: str = "13a",
    **options: Any,
) -> tuple[Any, Any, Any]:
    """Per-segment ``(P, R, F1)`` as EASSE returns them: three float32 ``torch`` tensors, one value per output.

    Args:
        sys_sents: the system outputs.
        refs_sents: reference streams (``refs_sents[j][i]``: reference ``j`` of output ``i``).
        lowercase: lowercase before tokenizing (EASSE's default here: no).
        tokenizer: ``13a`` (default), ``intl``, ``moses``, ``penn``, ``none`` or any registered one.
        **options: options of simpeval's BERTScore over EASSE's (:data:`EASSE_OPTIONS`).

    Raises:
        MissingDependencyError: PyTorch or Transformers is not installed (the ``learned`` extra).
        InputLengthMismatchError: a reference stream has not one sentence per output.
    """
    torch, _ = runtime.require(BERTScore.name)
    rows = _rows(sys_sents, refs_sents, lowercase, tokenizer, options)
    p, r, f = (torch.tensor(rows[:, k] / 100, dtype=torch.float32) for k in range(3))
    return p, r, f


def corpus_bertscore(
    sys_sents: Sequence[str],
    refs_sents: Sequence[Sequence[str]],
    lowercase: bool = False,
    tokenizer: str = "13a",
    **options: Any,
) -> tuple[float, float, float]:
    """Mean precision, recall and F1 over the outputs, as EASSE's ``corpus_bertscore`` returns them.

    Args:
        sys_sents: the system outputs.
        refs_sents: reference streams (``refs_sents[j][i]``).
        lowercase: lowercase before tokenizing (EASSE's default here: no).
        tokenizer: ``13a`` (default), ``intl``, ``moses``, ``penn``, ``none`` or any registered one.
        **options: options of simpeval's BERTScore over EASSE's (:data:`EASSE_OPTIONS`), e.g.
            ``model_type="/path/to/model", num_layers=6, baseline_path="baseline.tsv"``.

    Returns:
        ``(precision, recall, f1)``, floats on bert_score's scale (rescaled: about 0-1, may be negative).

    Raises:
        MissingDependencyError: PyTorch or Transformers is not installed (the ``learned`` extra).
        InvalidOptionError: no English baseline for the model (``bert_score`` not installed): give
            ``baseline_path`` or ``rescale_with_baseline=False``.
        InputLengthMismatchError: a reference stream has not one sentence per output.
    """
    rows = _rows(sys_sents, refs_sents, lowercase, tokenizer, options)
    p, r, f = (float(rows[:, k].mean() / 100) for k in range(3))
    return p, r, f
