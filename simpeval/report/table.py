"""The result model: which system got which :class:`~simpeval.metrics.score.Score`.

These are frozen values with no formatting; :mod:`simpeval.report.formatters` renders them.

Examples:
    >>> from simpeval.metrics.score import Score, Signature
    >>> sig = Signature("TER", (("version", "0"),))
    >>> table = ResultTable(
    ...     systems=("a", "b"),
    ...     metrics=(MetricColumn("TER", higher_is_better=False),),
    ...     scores=((Score("TER", 60.0, sig),), (Score("TER", 40.0, sig),)),
    ... )
    >>> table.cell("b", "TER").score, table.best("TER")
    (40.0, 'b')
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Iterator, Optional

from ..exceptions import InvalidInputError
from ..metrics.score import Score
from ..metrics.signature import Signature
from ..significance.results import ConfidenceInterval, PairedResult

if TYPE_CHECKING:  # pragma: no cover
    import pandas

__all__ = ["MetricColumn", "ResultTable", "SegmentScore", "SegmentTable"]


@dataclass(frozen=True)
class MetricColumn:
    """One metric column of a table.

    Attributes:
        name: the column label, unique within a table (usually ``Score.metric``).
        higher_is_better: the metric's direction (``Metric.higher_is_better``).
    """

    name: str
    higher_is_better: bool = True


def _unique_signatures(scores: Iterator[Score]) -> tuple[Signature, ...]:
    seen: list[Signature] = []
    for score in scores:
        if score.signature not in seen:
            seen.append(score.signature)
    return tuple(seen)


@dataclass(frozen=True)
class ResultTable:
    """Corpus scores of several systems under several metrics.

    Attributes:
        systems: system names, in row order.
        metrics: metric columns, in column order.
        scores: ``scores[i][k]`` is the score of ``systems[i]`` under ``metrics[k]``.
        intervals: optional bootstrap confidence intervals, aligned with ``scores``.
        paired: optional paired significance results, aligned with ``scores`` (``None`` for the
            baseline itself and for pairs that were not tested).
        baseline: the baseline system of the paired tests, if any.
        comparisons: all-pairs paired tests (every system against every other), if requested.
        correlations: system-level agreement between the metrics
            (:class:`simpeval.significance.agreement.Correlation`), if requested.
    """

    systems: tuple[str, ...]
    metrics: tuple[MetricColumn, ...]
    scores: tuple[tuple[Score, ...], ...]
    intervals: Optional[tuple[tuple[Optional[ConfidenceInterval], ...], ...]] = None
    paired: Optional[tuple[tuple[Optional[PairedResult], ...], ...]] = None
    baseline: Optional[str] = None
    comparisons: tuple[PairedResult, ...] = ()
    correlations: tuple[Any, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "systems", tuple(self.systems))
        object.__setattr__(self, "metrics", tuple(self.metrics))
        object.__setattr__(self, "scores", tuple(tuple(row) for row in self.scores))
        _check_unique("ResultTable: systems", self.systems)
        _check_unique("ResultTable: metric names", self.metric_names)
        for field in ("scores", "intervals", "paired"):
            grid = getattr(self, field)
            if grid is None:
                continue
            object.__setattr__(self, field, tuple(tuple(row) for row in grid))
            grid = getattr(self, field)
            if len(grid) != len(self.systems) or any(len(row) != len(self.metrics) for row in grid):
                raise InvalidInputError(
                    f"ResultTable: {field} must have one row per system ({len(self.systems)}) and one "
                    f"entry per metric ({len(self.metrics)}) in each row (got row lengths "
                    f"{[len(row) for row in grid]})."
                )
        object.__setattr__(self, "comparisons", tuple(self.comparisons))
        object.__setattr__(self, "correlations", tuple(self.correlations))
        if self.baseline is not None and self.baseline not in self.systems:
            raise InvalidInputError(
                f"ResultTable: baseline must be one of the systems {list(self.systems)} (got {self.baseline!r})."
            )

    @property
    def metric_names(self) -> tuple[str, ...]:
        """The metric column labels, in order."""
        return tuple(column.name for column in self.metrics)

    def _system_index(self, system: str) -> int:
        try:
            return self.systems.index(system)
        except ValueError:
            raise KeyError(f"unknown system {system!r}; systems: {', '.join(self.systems)}") from None

    def _metric_index(self, metric: str) -> int:
        try:
            return self.metric_names.index(metric)
        except ValueError:
            raise KeyError(f"unknown metric {metric!r}; metrics: {', '.join(self.metric_names)}") from None

    def column(self, metric: str) -> MetricColumn:
        """The column description of ``metric``."""
        return self.metrics[self._metric_index(metric)]

    def cell(self, system: str, metric: str) -> Score:
        """The score of ``system`` under ``metric``."""
        return self.scores[self._system_index(system)][self._metric_index(metric)]

    def interval(self, system: str, metric: str) -> Optional[ConfidenceInterval]:
        """The confidence interval of a cell, or ``None`` when none was computed."""
        if self.intervals is None:
            return None
        return self.intervals[self._system_index(system)][self._metric_index(metric)]

    def paired_result(self, system: str, metric: str) -> Optional[PairedResult]:
        """The paired test of a cell against the baseline, or ``None``."""
        if self.paired is None:
            return None
        return self.paired[self._system_index(system)][self._metric_index(metric)]

    def best_systems(self, metric: str) -> tuple[str, ...]:
        """Every system with the best score under ``metric`` (several on a tie)."""
        column = self.column(metric)
        k = self._metric_index(metric)
        values = [row[k].score for row in self.scores]
        target = max(values) if column.higher_is_better else min(values)
        return tuple(system for system, value in zip(self.systems, values) if value == target)

    def best(self, metric: str) -> str:
        """The system with the best score under ``metric`` (the first one on a tie)."""
        return self.best_systems(metric)[0]

    def signatures(self, metric: str) -> tuple[Signature, ...]:
        """The distinct signatures in a column (one, unless systems were scored differently)."""
        k = self._metric_index(metric)
        return _unique_signatures(row[k] for row in self.scores)


    def with_signature_fields(self, **fields: object) -> ResultTable:
        """A copy whose every signature also records ``fields``, e.g. ``test="asset-test"``.

        Examples:
            >>> from simpeval.api import evaluate_systems
            >>> table = evaluate_systems({"s": ["a b"]}, [["a b"]], metrics=["bleu"])
            >>> table.with_signature_fields(test="asset-test").cell("s", "BLEU").signature.get("test")
            'asset-test'
        """
        scores = tuple(tuple(_with_fields(s, fields) for s in row) for row in self.scores)
        return dataclasses.replace(self, scores=scores)

    def _repr_html_(self) -> str:
        """The HTML rendering, so that Jupyter displays the table (see :func:`~simpeval.report.render`)."""
        from .formatters import render  # lazy: the formatters import this module

        return render(self, "html")

    def to_pandas(self, deltas: bool = False) -> pandas.DataFrame:
        """One row per system and metric, with the columns of the CSV format (unrounded; ``NaN`` if not computed).

        Args:
            deltas: add a ``delta`` column: each score minus the baseline's (``baseline``, or the first system).

        Raises:
            MissingDependencyError: pandas is not installed (``pip install 'simpeval[pandas]'``).
        """
        from .formatters import to_dataframe  # lazy: pandas is optional

        return to_dataframe(self, deltas=deltas)


@dataclass(frozen=True)
class SegmentScore:
    """The score of one segment of one system under one metric.

    Attributes:
        line: the 1-based line number of the segment in the input files.
        system: the system name.
        metric: the metric column label.
        score: the segment's score (with components and the corpus signature).
    """

    line: int
    system: str
    metric: str
    score: Score


@dataclass(frozen=True)
class SegmentTable:
    """Sentence-level scores: one row per system, metric and segment (in that nesting order).

    Attributes:
        systems: system names, in order.
        metrics: metric columns, in order.
        rows: the segment scores.
    """

    systems: tuple[str, ...]
    metrics: tuple[MetricColumn, ...]
    rows: tuple[SegmentScore, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "systems", tuple(self.systems))
        object.__setattr__(self, "metrics", tuple(self.metrics))
        object.__setattr__(self, "rows", tuple(self.rows))
        _check_unique("SegmentTable: systems", self.systems)
        _check_unique("SegmentTable: metric names", self.metric_names)

    @property
    def metric_names(self) -> tuple[str, ...]:
        """The metric column labels, in order."""
        return tuple(column.name for column in self.metrics)

    def signatures(self, metric: str) -> tuple[Signature, ...]:
        """The distinct signatures of ``metric``'s rows."""
        return _unique_signatures(row.score for row in self.rows if row.metric == metric)

    def with_signature_fields(self, **fields: object) -> SegmentTable:
        """A copy whose every signature also records ``fields`` (see :meth:`ResultTable.with_signature_fields`)."""
        rows = tuple(dataclasses.replace(row, score=_with_fields(row.score, fields)) for row in self.rows)
        return dataclasses.replace(self, rows=rows)


def _with_fields(score: Score, fields: dict[str, object]) -> Score:
    return dataclasses.replace(score, signature=score.signature.with_fields(**fields))


def _check_unique(what: str, names: tuple[str, ...]) -> None:
    duplicates = sorted({name for name in names if names.count(name) > 1})
    if duplicates:
        raise InvalidInputError(f"{what} must be unique (got duplicates {duplicates}).")
