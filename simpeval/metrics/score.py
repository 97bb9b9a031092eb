"""The frozen results of scoring: :class:`Score`, and :class:`ConfidenceInterval`.

Both are values with no text of their own: :mod:`simpeval.report` renders them, and
:mod:`simpeval.compat.sacrebleu`'s scores read and print as sacrebleu's score objects do
(``score.bp``, ``str(score)``: :class:`~simpeval.compat.sacrebleu.score.SacrebleuScore`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from .._types import FrozenDict
from ..defaults import CONFIDENCE_LEVEL, CONFIDENCE_SAMPLES, DEFAULT_SEED
from .signature import Signature

__all__ = ["ConfidenceInterval", "Score", "Signature"]


@dataclass(frozen=True)
class ConfidenceInterval:
    """A bootstrap confidence interval of a corpus score.

    Attributes:
        low: lower bound (percentile ``(1 - level) / 2``).
        high: upper bound.
        mean: mean of the resampled scores.
        level: coverage, 0.95 by default.
        n_samples: number of bootstrap resamples.
        seed: seed of the ``numpy.random.Generator`` that drew them.
    """

    low: float
    high: float
    mean: float
    level: float = CONFIDENCE_LEVEL
    n_samples: int = CONFIDENCE_SAMPLES
    seed: int = DEFAULT_SEED

    def to_dict(self) -> dict[str, float]:
        """``{"low", "high", "mean"}`` plus the level, as in the JSON output."""
        return {"low": self.low, "high": self.high, "mean": self.mean, "level": self.level}


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
        ci: the bootstrap confidence interval, when one was asked for
            (``corpus_score(..., n_bootstrap=N)``, as sacrebleu's ``--confidence``).

    sacrebleu's view of the same figures (``score.bp``, ``score.counts``, ``str(score)``) is
    :mod:`simpeval.compat.sacrebleu`'s (its scores are :class:`Score` objects too).

    Examples:
        >>> from simpeval import SARI
        >>> s = SARI().sentence_score("a b", ["a b"], source="a b c")
        >>> round(s.score, 2), list(s.components)
        (41.67, ['add', 'keep', 'delete'])
        >>> from simpeval import BLEU
        >>> b = BLEU().corpus_score(["The cat sat on the mat."], [["The cat is on the mat."]])
        >>> round(b.score, 2), b.details["counts"], b.details["sys_len"]
        (48.89, (6.0, 4.0, 2.0, 1.0), 7.0)
    """

    metric: str
    score: float
    signature: Signature
    components: Mapping[str, float] = field(default_factory=dict)
    breakdown: Mapping[str, tuple[float, ...]] = field(default_factory=dict)
    details: Mapping[str, float | tuple[float, ...]] = field(default_factory=dict)
    ci: ConfidenceInterval | None = None

    def __post_init__(self) -> None:
        object.__setattr__(self, "score", float(self.score))
        object.__setattr__(self, "components", FrozenDict({k: float(v) for k, v in self.components.items()}))
        object.__setattr__(
            self,
            "breakdown",
            FrozenDict({k: tuple(float(x) for x in v) for k, v in self.breakdown.items()}),
        )
        object.__setattr__(
            self,
            "details",
            FrozenDict(
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
            **({"ci": {**self.ci.to_dict(), "n_samples": self.ci.n_samples, "seed": self.ci.seed}} if self.ci else {}),
        }
