"""Flat, unrounded records (one per system and metric, or per segment): CSV and pandas.

The columns are the fixed ones (``system``, ``metric``, ``score``...), the components (SARI's
``add``, ``keep``, ``delete`` first, then the others in first-seen order) and one column per
scalar detail (BLEU's ``bp``, ``sys_len``...; in first-seen order). A component or a detail
whose name is taken gets a ``component_`` or ``detail_`` prefix.

Examples:
    >>> from simpeval.metrics.score import Score, Signature
    >>> from simpeval.report.table import MetricColumn, ResultTable
    >>> score = Score("BLEU", 27.2, Signature("BLEU", ()), details={"bp": 1.0, "counts": (3.0, 2.0)})
    >>> columns, rows = result_records(ResultTable(("s",), (MetricColumn("BLEU"),), ((score,),)))
    >>> columns[:4], rows[0]["bp"]
    (['system', 'metric', 'score', 'bp'], 1.0)
"""

from __future__ import annotations

from collections.abc import Collection, Sequence

from ...metrics.score import Score
from ...significance.results import PairedResult
from ..table import ResultTable, SegmentTable
from .layout import SUB_COLUMNS, deltas, mark, p_text, paired_grid, paired_interval, scores_in_order

__all__ = ["P_COLUMNS", "TEXT_COLUMNS", "Value", "comparisons_of", "result_records", "segment_records"]

#: A record's value: a text, an unrounded number, or ``None`` where nothing was computed.
Value = str | float | None
#: The p-value columns.
P_COLUMNS = ("p_value", "p_value_corrected")
#: The columns that hold text; every other column of a result record is numeric (or ``None``).
TEXT_COLUMNS = frozenset(("system", "metric", "comparisons", "signature"))
_FIXED = frozenset(
    ("line", "system", "metric", "score", "ci_low", "ci_high", "ci_mean", "delta", "comparisons", "signature")
).union(P_COLUMNS)


def _columns(names: Sequence[str], prefix: str, taken: Collection[str]) -> dict[str, str]:
    """Name -> column, with ``prefix`` before the names that are ``taken``."""
    return {name: prefix + name if name in taken else name for name in names}


def _value_columns(scores: Sequence[Score]) -> tuple[dict[str, str], dict[str, str]]:
    """The component columns, then the scalar detail columns, of ``scores``."""
    seen = list(dict.fromkeys(key for score in scores for key in score.components))
    known = [key for key, _ in SUB_COLUMNS if key in seen]
    components = _columns(known + [key for key in seen if key not in known], "component_", _FIXED)
    scalars = dict.fromkeys(k for s in scores for k, v in s.details.items() if not isinstance(v, tuple))
    details = _columns(list(scalars), "detail_", _FIXED.union(components.values()))
    return components, details


def _values(score: Score, components: dict[str, str], details: dict[str, str]) -> dict[str, Value]:
    values: dict[str, Value] = {components[key]: value for key, value in score.components.items()}
    values.update({details[k]: v for k, v in score.details.items() if not isinstance(v, tuple)})
    return values


def _comparisons(table: ResultTable, system: str, metric: str) -> str:
    """The all-pairs tests that involve ``system`` under ``metric``, in one line."""
    return "; ".join(
        f"{r.system} vs {r.baseline}: {r.test} p {p_text(r.reported_p_value)}{mark(r)}"
        for r in comparisons_of(table, system, metric)
    )


def comparisons_of(table: ResultTable, system: str, metric: str) -> list[PairedResult]:
    """The all-pairs tests under ``metric`` in which ``system`` is one of the two systems."""
    return [r for r in table.comparisons if r.metric == metric and system in (r.system, r.baseline)]


def result_records(
    table: ResultTable, with_deltas: bool = False, short: bool = False
) -> tuple[list[str], list[dict[str, Value]]]:
    """The column order and one record per system and metric (unrounded).

    ``ci_low``, ``ci_high`` and ``ci_mean`` are the cell's confidence interval, or else, for a
    paired bootstrap, the tested system's bootstrap interval and mean (sacrebleu's ``μ ± CI``).
    """
    components, details = _value_columns(scores_in_order(table))
    columns = ["system", "metric", "score", *components.values(), *details.values(), "ci_low", "ci_high", "ci_mean"]
    columns += [*P_COLUMNS, *(["delta"] if with_deltas else []), *(["comparisons"] if table.comparisons else [])]
    columns.append("signature")
    paired = paired_grid(table)
    records: list[dict[str, Value]] = []
    for i, system in enumerate(table.systems):
        for k, column in enumerate(table.metrics):
            score, test = table.scores[i][k], paired[i][k]
            ci = table.interval(system, column.name) or paired_interval(test)
            record: dict[str, Value] = dict.fromkeys(columns)
            record.update(
                system=system, metric=column.name, score=score.score, signature=score.signature.format(short=short)
            )
            record.update(_values(score, components, details))
            if ci is not None:
                record.update(ci_low=ci.low, ci_high=ci.high, ci_mean=ci.mean)
            if test is not None:
                record.update(p_value=test.p_value, p_value_corrected=test.corrected_p_value)
            if with_deltas:
                record["delta"] = deltas(table, k)[i]
            if table.comparisons:
                record["comparisons"] = _comparisons(table, system, column.name)
            records.append(record)
    return columns, records


def segment_records(table: SegmentTable, short: bool = False) -> tuple[list[str], list[dict[str, Value]]]:
    """The column order and one record per segment score (unrounded)."""
    components, details = _value_columns([row.score for row in table.rows])
    columns = ["line", "system", "metric", "score", *components.values(), *details.values(), "signature"]
    records: list[dict[str, Value]] = []
    for row in table.rows:
        record: dict[str, Value] = dict.fromkeys(columns)
        record.update(line=str(row.line), system=row.system, metric=row.metric, score=row.score.score)
        record.update(_values(row.score, components, details))
        record["signature"] = row.score.signature.format(short=short)
        records.append(record)
    return columns, records
