"""The frozen results of the significance tests: :class:`ConfidenceInterval` (defined with
:class:`~simpeval.metrics.score.Score`, which carries one) and :class:`PairedResult`."""

from __future__ import annotations

from dataclasses import dataclass

from ..defaults import ALPHA
from ..metrics.score import ConfidenceInterval

__all__ = ["ConfidenceInterval", "PairedResult"]


@dataclass(frozen=True)
class PairedResult:
    """A paired significance test of one system against a baseline under one metric.

    Every paired test returns this type: :func:`~simpeval.significance.paired_bootstrap` and
    :func:`~simpeval.significance.paired_approximate_randomization` for one pair, and
    :func:`~simpeval.significance.compare_to_baseline` and
    :func:`~simpeval.significance.compare_all_pairs` a list of them.

    Attributes:
        test: ``"bs"`` (paired bootstrap resampling) or ``"ar"`` (approximate randomization).
        p_value: the p-value of the test.
        n_samples: number of resamples (or randomization trials).
        seed: seed of the random generator.
        system: the tested system.
        baseline: the system it is compared with.
        metric: the metric (column) name.
        corrected_p_value: the p-value after a multiple-comparison correction, if one was applied.
        correction: the name of that correction (``"holm"``), if any.
        mean: mean resampled score of ``system`` (paired bootstrap only, as sacrebleu reports it).
        ci: the bootstrap interval of ``system`` (paired bootstrap only); sacrebleu prints its
            half-width ``0.5 * (ci.high - ci.low)``.
    """

    test: str
    p_value: float
    n_samples: int
    seed: int
    system: str = "system"
    baseline: str = "baseline"
    metric: str = ""
    corrected_p_value: float | None = None
    correction: str | None = None
    mean: float | None = None
    ci: ConfidenceInterval | None = None

    @property
    def reported_p_value(self) -> float:
        """The corrected p-value when a correction was applied, else the raw one."""
        return self.p_value if self.corrected_p_value is None else self.corrected_p_value

    def significant(self, alpha: float = ALPHA) -> bool:
        """Whether the (corrected) p-value is below ``alpha``."""
        return self.reported_p_value < alpha
