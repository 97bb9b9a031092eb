"""The JSON format: a list of objects, one per system and metric (or per segment).

Every object has ``system``, ``metric``, ``score``, ``signature``, ``components`` (sub-scores)
and ``details`` (raw quantities: numbers and lists); a result table adds ``higher_is_better``
and, where computed, ``ci``, the paired test against the baseline (``p_value``...), ``delta``
and ``comparisons``. Every number has full precision: ``width`` is for the human formats.

``ci`` (``low``, ``high``, ``mean``, ``level``, ``n_samples``, ``seed``) is the cell's confidence
interval, or else, for a paired bootstrap (``"test": "bs"``), the tested system's bootstrap mean
and interval, which sacrebleu prints as ``μ ± CI``; the all-pairs ``comparisons`` of a paired
bootstrap carry the latter as ``ci`` too.
"""

from __future__ import annotations

from typing import Any, Optional, Union

from ..._json import dumps
from ...defaults import ALPHA
from ...metrics.score import Score
from ...significance.results import ConfidenceInterval, PairedResult
from ..table import ResultTable
from .layout import AnyTable, Options, delta_baseline, deltas, paired_grid, paired_interval
from .records import comparisons_of

__all__ = ["render_json", "result_objects"]


def _listed(value: Union[float, tuple[float, ...]]) -> Union[float, list[float]]:
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


def _cell_ci(table: ResultTable, system: str, metric: str, test: Optional[PairedResult]) -> Optional[dict[str, Any]]:
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


def render_json(table: AnyTable, opts: Options) -> str:
    """The objects as an indented JSON array (non-ASCII characters kept as they are)."""
    if isinstance(table, ResultTable):
        records = result_objects(table, opts)
    else:
        records = [
            {"line": row.line, "system": row.system, "metric": row.metric, **_score_json(row.score, opts.short)}
            for row in table.rows
        ]
    return dumps(records, indent=2)
