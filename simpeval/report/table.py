"""The result model: which system got which :class:`~simpeval.metrics.score.Score`.

These are frozen values with no formatting; :mod:`simpeval.report.formats` renders them. This
module imports no renderer, not even inside a function: the renderers import the model. The two
ways a table shows itself, ``ResultTable._repr_html_`` (Jupyter) and ``ResultTable.to_pandas``,
call the :class:`TableRenderers` that :mod:`simpeval.report` installs (:func:`install_renderers`)
when it is imported, which is before this module can be.

A metric is named the same way everywhere a table is asked for one: by its column label
(``"chrF2"``), by that label in any case (``"CHRF2"``), or by any spelling of its registry name
that :func:`simpeval.metrics.metric_key` accepts (``"chrf"``, ``"chrF2++"``).

Examples:
    >>> from simpeval.metrics.score import Score, Signature
    >>> sig = Signature("TER", (("version", "0"),))
    >>> table = ResultTable(
    ...     systems=("a", "b"),
    ...     metrics=(MetricColumn("TER", higher_is_better=False, key="ter"),),
    ...     scores=((Score("TER", 60.0, sig),), (Score("TER", 40.0, sig),)),
    ... )
    >>> table.cell("b", "TER").score, table.best("ter")
    (40.0, 'b')
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from ..exceptions import (
    InvalidOptionError,
    InvalidValueError,
    MissingDependencyError,
    UnknownMetricError,
    UnknownSystemError,
)
from ..metrics import metric_key
from ..metrics.score import Score
from ..metrics.signature import Signature
from ..significance.results import ConfidenceInterval, PairedResult

if TYPE_CHECKING:  # pragma: no cover
    import pandas

__all__ = ["MetricColumn", "ResultTable", "SegmentScore", "SegmentTable", "TableRenderers", "install_renderers"]


@dataclass(frozen=True)
class MetricColumn:
    """One metric column of a table.

    Attributes:
        name: the column label, unique within a table (usually ``Score.metric``).
        higher_is_better: the metric's direction (``Metric.higher_is_better``); ``None`` for a
            descriptive measure (a compression ratio): no system is marked best.
        key: the metric's registry name (``"chrf"``), so that any of its spellings finds the
            column; ``""`` when unknown.
    """

    name: str
    higher_is_better: bool | None = True
    key: str = ""


def _metric_position(columns: tuple[MetricColumn, ...], metric: str) -> int:
    """The index of the column ``metric`` names: its exact label, else its label in another case,
    else (when exactly one column has that key) any spelling of its registry name.

    Raises:
        UnknownMetricError: no column, or several, answer to ``metric`` (the message lists the labels).
    """
    labels = [column.name for column in columns]
    if metric in labels:
        return labels.index(metric)
    folded = metric.casefold() if isinstance(metric, str) else None
    by_label = [k for k, label in enumerate(labels) if label.casefold() == folded]
    key = _registry_key(metric)
    by_key = [k for k, column in enumerate(columns) if column.key == key]
    for matches in (by_label, by_key):
        if len(matches) == 1:
            return matches[0]
    several = by_label if len(by_label) > 1 else by_key
    if several:
        names = ", ".join(labels[k] for k in several)
        raise UnknownMetricError(f"metric {metric!r} names several columns ({names}); use one of the labels.")
    raise UnknownMetricError(f"unknown metric {metric!r}; metrics: {', '.join(labels)}.")


def _registry_key(name: str) -> str | None:
    try:
        return metric_key(name)
    except UnknownMetricError:
        return None


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
    intervals: tuple[tuple[ConfidenceInterval | None, ...], ...] | None = None
    paired: tuple[tuple[PairedResult | None, ...], ...] | None = None
    baseline: str | None = None
    comparisons: tuple[PairedResult, ...] = ()
    correlations: tuple[Any, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "systems", tuple(self.systems))
        object.__setattr__(self, "metrics", tuple(self.metrics))
        _check_unique("ResultTable: systems", self.systems)
        _check_unique("ResultTable: metric names", self.metric_names)
        for field in ("scores", "intervals", "paired"):
            grid = getattr(self, field)
            if grid is None:
                continue
            grid = tuple(tuple(row) for row in grid)
            object.__setattr__(self, field, grid)
            if len(grid) != len(self.systems) or any(len(row) != len(self.metrics) for row in grid):
                raise InvalidValueError(
                    f"ResultTable: {field} must have one row per system ({len(self.systems)}) and one "
                    f"entry per metric ({len(self.metrics)}) in each row (got row lengths "
                    f"{[len(row) for row in grid]})."
                )
        object.__setattr__(self, "comparisons", tuple(self.comparisons))
        object.__setattr__(self, "correlations", tuple(self.correlations))
        if self.baseline is not None and self.baseline not in self.systems:
            raise InvalidOptionError(
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
            raise UnknownSystemError(f"unknown system {system!r}; systems: {', '.join(self.systems)}.") from None

    def _metric_index(self, metric: str) -> int:
        return _metric_position(self.metrics, metric)

    def column(self, metric: str) -> MetricColumn:
        """The column description of ``metric`` (a label or any spelling of the metric's name).

        Raises:
            UnknownMetricError: no column answers to ``metric`` (the message lists the labels).
        """
        return self.metrics[self._metric_index(metric)]

    def cell(self, system: str, metric: str) -> Score:
        """The score of ``system`` under ``metric``.

        Raises:
            UnknownSystemError: ``system`` is not a row (the message lists the systems).
            UnknownMetricError: no column answers to ``metric`` (the message lists the labels).
        """
        return self.scores[self._system_index(system)][self._metric_index(metric)]

    def interval(self, system: str, metric: str) -> ConfidenceInterval | None:
        """The confidence interval of a cell, or ``None`` when none was computed."""
        i, k = self._system_index(system), self._metric_index(metric)
        return None if self.intervals is None else self.intervals[i][k]

    def paired_result(self, system: str, metric: str) -> PairedResult | None:
        """The paired test of a cell against the baseline, or ``None``, whichever pairs were
        tested (with all pairs: the pair of ``system`` and the baseline)."""
        i, k = self._system_index(system), self._metric_index(metric)
        if self.paired is not None:
            return self.paired[i][k]
        label = self.metrics[k].name
        pairs = (r for r in self.comparisons if r.metric == label and (r.system, r.baseline) == (system, self.baseline))
        return next(pairs, None)

    @property
    def tests(self) -> tuple[PairedResult, ...]:
        """Every paired test in the table, whichever pairs were tested: each system against the
        baseline (row by row, metric by metric), or :attr:`comparisons` for all pairs."""
        if self.comparisons or self.paired is None:
            return self.comparisons
        return tuple(result for row in self.paired for result in row if result is not None)

    def best_systems(self, metric: str) -> tuple[str, ...]:
        """Every system with the best score under ``metric`` (several on a tie); none for a
        descriptive measure (``higher_is_better=None``)."""
        k = self._metric_index(metric)
        if self.metrics[k].higher_is_better is None:
            return ()
        values = [row[k].score for row in self.scores]
        target = max(values) if self.metrics[k].higher_is_better else min(values)
        return tuple(system for system, value in zip(self.systems, values) if value == target)

    def best(self, metric: str) -> str:
        """The system with the best score under ``metric`` (the first one on a tie).

        Raises:
            InvalidValueError: ``metric`` is a descriptive measure (``higher_is_better=None``).
        """
        best = self.best_systems(metric)
        if not best:
            raise InvalidValueError(
                f"ResultTable.best: {metric} is a descriptive measure (higher_is_better=None): no system is best."
            )
        return best[0]

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
        """The HTML rendering, so that Jupyter displays the table (see :func:`simpeval.report.render`)."""
        return _installed("ResultTable._repr_html_").html(self)

    def to_pandas(self, deltas: bool = False) -> pandas.DataFrame:
        """One row per system and metric, with the columns of the CSV format (unrounded; ``NaN`` if not computed).

        Args:
            deltas: add a ``delta`` column: each score minus the baseline's (``baseline``, or the first system).

        Raises:
            MissingDependencyError: pandas is not installed (``pip install 'simplification-metrics[pandas]'``).
        """
        return _installed("ResultTable.to_pandas").dataframe(self, deltas)


@dataclass(frozen=True)
class TableRenderers:
    """The renderers a :class:`ResultTable` shows itself with, which import the model.

    Attributes:
        html: the table as HTML, for ``ResultTable._repr_html_`` (Jupyter).
        dataframe: the table (and the ``deltas`` flag) as a :class:`pandas.DataFrame`, for
            :meth:`ResultTable.to_pandas`.
    """

    html: Callable[[ResultTable], str]
    dataframe: Callable[[ResultTable, bool], pandas.DataFrame]


_renderers: TableRenderers | None = None


def install_renderers(renderers: TableRenderers) -> None:
    """Make ``renderers`` the ones every :class:`ResultTable` shows itself with.

    :mod:`simpeval.report` calls it once, on import, with its HTML writer and its DataFrame
    builder. The model cannot import them itself: they import the model.
    """
    global _renderers
    _renderers = renderers


def _installed(caller: str) -> TableRenderers:
    if _renderers is None:
        raise MissingDependencyError(
            f"{caller}: the report renderers must be installed (got none). Import simpeval.report, which installs them."
        )
    return _renderers


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
        """The distinct signatures of ``metric``'s rows (a label or any spelling of the metric's name).

        Raises:
            UnknownMetricError: no column answers to ``metric`` (the message lists the labels).
        """
        label = self.metrics[_metric_position(self.metrics, metric)].name
        return _unique_signatures(row.score for row in self.rows if row.metric == label)

    def with_signature_fields(self, **fields: object) -> SegmentTable:
        """A copy whose every signature also records ``fields`` (see :meth:`ResultTable.with_signature_fields`)."""
        rows = tuple(dataclasses.replace(row, score=_with_fields(row.score, fields)) for row in self.rows)
        return dataclasses.replace(self, rows=rows)


def _with_fields(score: Score, fields: dict[str, object]) -> Score:
    return dataclasses.replace(score, signature=score.signature.with_fields(**fields))


def _check_unique(what: str, names: tuple[str, ...]) -> None:
    duplicates = sorted({name for name in names if names.count(name) > 1})
    if duplicates:
        raise InvalidValueError(f"{what} must be unique (got duplicates {duplicates}).")
