"""``evaluate.load("sari")``."""

from __future__ import annotations

from typing import Any

from ..metrics import References
from ..metrics.sari import SARI as _SARI
from ._module import EvaluationModule, _per_segment

__all__ = ["SARI"]


class SARI(EvaluationModule):
    """``evaluate.load("sari")``: ``compute(sources=, predictions=, references=)`` -> ``{"sari": ...}``.

    SARI with the ``hf`` preset (lowercase and 13a, sentence scores averaged, deletion by
    precision), equal to ``evaluate``'s ``sari`` on its golden figures; references may be
    ragged (a different number per segment).
    """

    name = "SARI"
    inputs = ("sources", "predictions", "references")

    def __init__(self) -> None:
        super().__init__()
        self.metric = _SARI("hf")

    def _compute(self, *, sources: list[str], predictions: list[str], references: list[Any]) -> dict[str, Any]:
        per_segment = _per_segment(self.name, predictions, references, same_count=False)
        score = self.metric.corpus_score(predictions, References.from_segments(per_segment), sources=sources)
        return {"sari": score.score}
