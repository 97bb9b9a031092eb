"""The JSON objects of a table (JSON, JSON Lines) and the wide TSV records of a segment table.

JSON: one object per system and metric (or per segment). Every object has ``system``,
``metric``, ``score``, ``signature``, ``components`` (sub-scores) and ``details`` (raw
quantities: numbers and lists); a result table adds ``higher_is_better`` and, where computed,
``ci``, the paired test against the baseline (``p_value``...), ``delta`` and ``comparisons``.
Every number has full precision: ``width`` is for the human formats.

``ci`` (``low``, ``high``, ``mean``, ``level``, ``n_samples``, ``seed``) is the cell's confidence
interval, or else, for a paired bootstrap (``"test": "bs"``), the tested system's bootstrap mean
and interval, which sacrebleu prints as ``μ ± CI``; the all-pairs ``comparisons`` of a paired
bootstrap carry the latter as ``ci`` too.

TSV and JSON Lines give one line per record, for tools that read line by line (``cut``, ``jq``,
pandas). A :class:`~simpeval.report.SegmentTable` becomes one line per system and segment with
**every metric side by side** (the per-segment output of ``simpeval score --sentence-level``):
``line``, ``system``, then per metric its score and its components (``SARI``, ``SARI_add``,
``SARI_keep``, ``SARI_delete``, ``BLEU``, ...); JSON Lines gives each line as an object with
``line``, ``system``, ``scores`` (metric -> score) and ``components`` (metric -> components).
A :class:`~simpeval.report.ResultTable` gives the records of the CSV format (TSV) or the objects
of the JSON format (JSON Lines), one per line.

Examples:
    >>> from simpeval.metrics.score import Score, Signature
    >>> from simpeval.report.table import MetricColumn, SegmentScore, SegmentTable
    >>> sig = Signature("BLEU", ())
    >>> rows = [SegmentScore(i + 1, "s", "BLEU", Score("BLEU", v, sig)) for i, v in enumerate([50.0, 12.5])]
    >>> table = SegmentTable(("s",), (MetricColumn("BLEU"),), rows)
    >>> segment_lines(table)[1]
    {'line': 2, 'system': 's', 'scores': {'BLEU': 12.5}, 'components': {'BLEU': {}}}
    >>> wide_records(table).columns
    ('line', 'system', 'BLEU')
"""

from __future__ import annotations

from typing import Any

from ...defaults import ALPHA
from ...metrics.score import Score
from ...significance.results import ConfidenceInterval, PairedResult
from ..document import Records
from ..table import ResultTable, SegmentTable
from .layout import Options, delta_baseline, deltas, paired_grid, paired_interval
from .records import comparisons_of

__all__ = ["result_objects", "segment_lines", "segment_objects", "wide_records"]


def _listed(value: float | tuple[float, ...]) -> float | list[float]:
    return list(value) if isinstance(value, tuple) else value


def _score_json(score: Score, short: bool = False) -> dict[str, Any]:
    """``score``, ``signature``, ``components`` and ``details`` of a score (full precision)."""
    return {
        "score": score.score,
        "signature": score.signature.format(short=short),
        "components": dict(score.components),
        "details": {key: _listed(value) for key, value in score.details.items()},
    }


def _ci_json(ci: ConfidenceInterval) -> dict[str, Any]:
    return {
        "low": ci.low,
        "high": ci.high,
        "mean": ci.mean,
        "level": ci.level,
        "n_samples": ci.n_samples,
        "seed": ci.seed,
    }


def _paired_json(result: PairedResult) -> dict[str, Any]:
    record: dict[str, Any] = {"baseline": result.baseline, "test": result.test, "p_value": result.p_value}
    if result.corrected_p_value is not None:
        record.update(p_value_corrected=result.corrected_p_value, correction=result.correction)
    record.update(significant=result.significant(ALPHA), n_samples=result.n_samples, seed=result.seed)
    return record


def _cell_ci(table: ResultTable, system: str, metric: str, test: PairedResult | None) -> dict[str, Any] | None:
    """The cell's confidence interval, else the paired bootstrap's interval of the system, else ``None``."""
    ci = table.interval(system, metric) or paired_interval(test)
    return None if ci is None else _ci_json(ci)


def result_objects(table: ResultTable, opts: Options) -> list[dict[str, Any]]:
    """One object per system and metric (the elements of the JSON array)."""
    paired = paired_grid(table)
    records: list[dict[str, Any]] = []
    for i, (system, scores) in enumerate(zip(table.systems, table.scores)):
        for k, (column, score) in enumerate(zip(table.metrics, scores)):
            record: dict[str, Any] = {"system": system, "metric": column.name, **_score_json(score, opts.short)}
            record["higher_is_better"] = column.higher_is_better
            test = paired[i][k]
            ci = _cell_ci(table, system, column.name, test)
            if ci is not None:
                record["ci"] = ci
            if test is not None:
                record.update(_paired_json(test))
            if opts.deltas:
                record.update(delta=deltas(table, k)[i], delta_baseline=delta_baseline(table))
            if table.comparisons:
                record["comparisons"] = [_comparison_json(r) for r in comparisons_of(table, system, column.name)]
            records.append(record)
    return records


def _comparison_json(result: PairedResult) -> dict[str, Any]:
    record = {"system": result.system, **_paired_json(result)}
    ci = paired_interval(result)
    if ci is not None:
        record["ci"] = _ci_json(ci)
    return record


def segment_lines(table: SegmentTable) -> list[dict[str, Any]]:
    """One object per system and segment: ``line``, ``system``, ``scores``, ``components``."""
    lines: dict[tuple[str, int], dict[str, Any]] = {}
    for row in table.rows:
        entry = lines.setdefault(
            (row.system, row.line), {"line": row.line, "system": row.system, "scores": {}, "components": {}}
        )
        entry["scores"][row.metric] = row.score.score
        entry["components"][row.metric] = dict(row.score.components)
    order = {system: k for k, system in enumerate(table.systems)}
    return sorted(lines.values(), key=lambda entry: (order[entry["system"]], entry["line"]))


def _wide_columns(lines: list[dict[str, Any]], metrics: tuple[str, ...]) -> list[str]:
    columns = ["line", "system"]
    for metric in metrics:
        names = dict.fromkeys(name for entry in lines for name in entry["components"].get(metric, {}))
        columns += [metric, *(f"{metric}_{name}" for name in names)]
    return columns


def segment_objects(table: SegmentTable, short: bool = False) -> list[dict[str, Any]]:
    """One object per segment score: ``line``, ``system``, ``metric``, then as :func:`result_objects`."""
    return [
        {"line": row.line, "system": row.system, "metric": row.metric, **_score_json(row.score, short)}
        for row in table.rows
    ]


def wide_records(table: SegmentTable) -> Records:
    """The records of TSV: one per system and segment, every metric's score and components side by side."""
    lines = segment_lines(table)
    columns = _wide_columns(lines, table.metric_names)
    rows = []
    for entry in lines:
        flat: dict[str, Any] = {"line": entry["line"], "system": entry["system"]}
        for metric, score in entry["scores"].items():
            flat[metric] = float(score)
            flat.update({f"{metric}_{k}": float(v) for k, v in entry["components"][metric].items()})
        rows.append(flat)
    return Records(tuple(columns), tuple(rows))
