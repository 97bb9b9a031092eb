"""The frozen result of scoring: :class:`Score`.

Nothing here formats a score for humans; renderers live in :mod:`simpeval.report`.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from types import MappingProxyType
from typing import Any, Mapping, Union

from .signature import Signature

__all__ = ["Score", "Signature"]

@dataclass(frozen=True)
class Score:
    """The result of scoring one system (or one segment) with one metric.

    Attributes:
        metric: the metric's display name (``"SARI"``, ``"BLEU"``, ``"chrF2"``, ``"TER"``).
        score: the score, on the metric's usual scale (0-100 for all built-in metrics).
        signature: the reproducibility signature of this computation.
        components: named sub-scores on the score's scale (0-100), e.g. SARI's ``add``,
            ``keep`` and ``delete``, in that order.
        breakdown: per n-gram-order figures on the same 0-100 scale, one value per order, e.g.
            SARI's ``add_precision`` or BLEU's ``precisions``.
        details: the raw quantities behind the score, each on its own scale: counts and
            lengths (BLEU's ``sys_len``, ``counts``; TER's ``num_edits``), ratios such as
            BLEU's brevity penalty ``bp``. A value is a number or a tuple (one per order).

    Examples:
        >>> from simpeval import SARI
        >>> s = SARI().sentence_score("a b", ["a b"], source="a b c")
        >>> round(s.score, 2), list(s.components)
        (41.67, ['add', 'keep', 'delete'])
    """

    metric: str
    score: float
    signature: Signature
    components: Mapping[str, float] = field(default_factory=dict)
    breakdown: Mapping[str, tuple[float, ...]] = field(default_factory=dict)
    details: Mapping[str, Union[float, tuple[float, ...]]] = field(default_factory=dict)

    def __post_init__(self) -> None:
        object.__setattr__(self, "score", float(self.score))
        object.__setattr__(
            self, "components", MappingProxyType({k: float(v) for k, v in self.components.items()})
        )
        object.__setattr__(
            self,
            "breakdown",
            MappingProxyType({k: tuple(float(x) for x in v) for k, v in self.breakdown.items()}),
        )
        object.__setattr__(
            self,
            "details",
            MappingProxyType(
                {k: tuple(float(x) for x in v) if isinstance(v, tuple) else float(v) for k, v in self.details.items()}
            ),
        )

    def __hash__(self) -> int:
        return hash((self.metric, self.score, self.signature))

    def __float__(self) -> float:
        return self.score

    def to_dict(self) -> dict[str, Any]:
        """A JSON-ready dict: ``metric``, ``score``, ``signature``, ``components``, ``breakdown``, ``details``."""
        return {
            "metric": self.metric,
            "score": self.score,
            "signature": self.signature.format(),
            "components": dict(self.components),
            "breakdown": {k: list(v) for k, v in self.breakdown.items()},
            "details": {k: list(v) if isinstance(v, tuple) else v for k, v in self.details.items()},
        }
