"""The JSON format: a list of objects, one per system and metric (or per segment).

Every object has ``system``, ``metric``, ``score``, ``signature``, ``components`` (sub-scores)
and ``details`` (raw quantities: numbers and lists), rounded to ``width`` decimals; a result
table adds ``higher_is_better`` and, where computed, ``ci``, the paired test against the
baseline (``p_value``...), ``delta`` and ``comparisons``. p-values are unrounded.
"""

from __future__ import annotations

import json
from typing import Any, Union

from ...defaults import ALPHA
from ...metrics.score import Score
from ...significance.results import PairedResult
from ..table import ResultTable
from .layout import AnyTable, Options, delta_baseline, deltas, paired_grid
from .records import comparisons_of

__all__ = ["render_json"]


def _rounded(value: Union[float, tuple[float, ...]], width: int) -> Union[float, list[float]]:
    return [round(x, width) for x in value] if isinstance(value, tuple) else round(value, width)


def _score_json(score: Score, width: int) -> dict[str, Any]:
    """``score``, ``signature``, ``components`` and ``details`` of a score, rounded to ``width``."""
    return {
        "score": round(score.score, width),
        "signature": score.signature.format(),
        "components": {key: round(value, width) for key, value in score.components.items()},
        "details": {key: _rounded(value, width) for key, value in score.details.items()},
    }


def _paired_json(result: PairedResult) -> dict[str, Any]:
    record: dict[str, Any] = {"baseline": result.baseline, "test": result.test, "p_value": result.p_value}
    if result.corrected_p_value is not None:
        record.update(p_value_corrected=result.corrected_p_value, correction=result.correction)
    record.update(significant=result.significant(ALPHA), n_samples=result.n_samples, seed=result.seed)
    return record


def _result_json(table: ResultTable, opts: Options) -> list[dict[str, Any]]:
    w, paired = opts.width, paired_grid(table)
    records: list[dict[str, Any]] = []
    for i, (system, scores) in enumerate(zip(table.systems, table.scores)):
        for k, (column, score) in enumerate(zip(table.metrics, scores)):
            record: dict[str, Any] = {"system": system, "metric": column.name, **_score_json(score, w)}
            record["higher_is_better"] = column.higher_is_better
            ci = table.interval(system, column.name)
            if ci is not None:
                record["ci"] = {"low": round(ci.low, w), "high": round(ci.high, w), "mean": round(ci.mean, w)}
                record["ci"].update(level=ci.level, n_samples=ci.n_samples, seed=ci.seed)
            test = paired[i][k]
            if test is not None:
                record.update(_paired_json(test))
            if opts.deltas:
                record.update(delta=round(deltas(table, k)[i], w), delta_baseline=delta_baseline(table))
            if table.comparisons:
                record["comparisons"] = [
                    {"system": r.system, **_paired_json(r)} for r in comparisons_of(table, system, column.name)
                ]
            records.append(record)
    return records


def render_json(table: AnyTable, opts: Options) -> str:
    """The objects as an indented JSON array (non-ASCII characters kept as they are)."""
    if isinstance(table, ResultTable):
        records = _result_json(table, opts)
    else:
        records = [
            {"line": row.line, "system": row.system, "metric": row.metric, **_score_json(row.score, opts.width)}
            for row in table.rows
        ]
    return json.dumps(records, indent=2, ensure_ascii=False)
