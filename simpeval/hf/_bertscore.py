"""``evaluate.load("bertscore")``: bert_score's lists, by simpeval's BERTScore (``learned`` extra)."""

from __future__ import annotations

from typing import Any

from ..exceptions import InvalidValueError
from ..metrics import References, get_metric
from ._module import EvaluationModule, _per_segment

__all__ = ["BERTScore"]

#: bert_score's model for a language when no model_type is given (``lang2model``), as ``evaluate`` picks it.
_LANG_MODELS = {"en": "roberta-large", "zh": "bert-base-chinese", "tr": "dbmdz/bert-base-turkish-cased"}
_LANG_MODELS["en-sci"] = "allenai/scibert_scivocab_uncased"
_MULTILINGUAL = "bert-base-multilingual-cased"


class BERTScore(EvaluationModule):
    """``evaluate.load("bertscore")``: ``compute(predictions=, references=, lang= or model_type=, ...)`` ->
    bert_score's lists (``precision``, ``recall``, ``f1``: one value per prediction, on 0-1) and its
    ``hashcode``, computed by :class:`~simpeval.metrics.learned.bertscore.BERTScore` (``learned`` extra).

    The metric of each option set is kept between calls, so are its references' embeddings.
    ``verbose`` and ``nthreads`` are accepted and change nothing; ``all_layers`` and
    ``use_fast_tokenizer`` are not supported (an error).
    """

    name = "BERTScore"

    def __init__(self) -> None:
        super().__init__()
        self._metrics: dict[tuple[Any, ...], Any] = {}

    def _compute(
        self,
        *,
        predictions: list[str],
        references: list[Any],
        lang: str | None = None,
        model_type: str | None = None,
        num_layers: int | None = None,
        verbose: bool = False,
        idf: bool = False,
        device: str | None = None,
        batch_size: int = 64,
        nthreads: int = 4,
        all_layers: bool = False,
        rescale_with_baseline: bool = False,
        baseline_path: str | None = None,
        use_fast_tokenizer: bool = False,
    ) -> dict[str, Any]:
        if all_layers or use_fast_tokenizer:
            raise InvalidValueError(f"{self.name}.compute: all_layers and use_fast_tokenizer are not supported.")
        if model_type is None:
            if lang is None:
                raise InvalidValueError(
                    f"{self.name}.compute: either 'lang' (e.g. 'en') or 'model_type' (e.g. 'roberta-large') must be specified."
                )
            model_type = _LANG_MODELS.get(lang.lower(), _MULTILINGUAL)
        options = (model_type, num_layers, idf, rescale_with_baseline, lang, baseline_path, batch_size, device)
        if options not in self._metrics:
            self._metrics[options] = get_metric(
                "bertscore",
                model_type=model_type,
                num_layers=num_layers,
                idf=idf,
                rescale_with_baseline=rescale_with_baseline,
                lang=lang,
                baseline_path=baseline_path,
                batch_size=batch_size,
                device=device,
            )
        metric = self._metrics[options]
        per_segment = _per_segment(self.name, predictions, references, same_count=False)
        rows = metric.corpus_stats(predictions, References.from_segments(per_segment)) / 100
        return {
            "precision": rows[:, 0].tolist(),
            "recall": rows[:, 1].tolist(),
            "f1": rows[:, 2].tolist(),
            "hashcode": metric.hash,
        }
