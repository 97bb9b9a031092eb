"""TSV and JSON Lines: one line per record, for tools that read line by line (``cut``, ``jq``, pandas).

A :class:`~simpeval.report.SegmentTable` becomes one line per system and segment with **every
metric side by side** (the per-segment output of ``simpeval score --sentence-level``): ``line``,
``system``, then per metric its score and its components (``SARI``, ``SARI_add``,
``SARI_keep``, ``SARI_delete``, ``BLEU``, ...); JSON Lines gives each line as an object with
``line``, ``system``, ``scores`` (metric -> score) and ``components`` (metric -> components).
A :class:`~simpeval.report.ResultTable` gives the records of the CSV format (TSV) or the objects
of the JSON format (JSON Lines), one per line. Numbers have full precision, as in CSV and JSON.

Examples:
    >>> from simpeval.metrics.score import Score, Signature
    >>> from simpeval.report.table import MetricColumn, SegmentScore, SegmentTable
    >>> sig = Signature("BLEU", ())
    >>> rows = [SegmentScore(i + 1, "s", "BLEU", Score("BLEU", v, sig)) for i, v in enumerate([50.0, 12.5])]
    >>> table = SegmentTable(("s",), (MetricColumn("BLEU"),), rows)
    >>> print(render_tsv(table, Options(width=1, deltas=False)).replace(chr(9), " | "))
    line | system | BLEU
    1 | s | 50.0
    2 | s | 12.5
    >>> print(render_jsonl(table, Options(width=1, deltas=False)))
    {"line": 1, "system": "s", "scores": {"BLEU": 50.0}, "components": {"BLEU": {}}}
    {"line": 2, "system": "s", "scores": {"BLEU": 12.5}, "components": {"BLEU": {}}}
"""

from __future__ import annotations

import csv
import io
from typing import Any

from ..._json import dumps
from ..table import ResultTable, SegmentTable
from .csv import csv_rows
from .json import result_objects
from .layout import AnyTable, Options

__all__ = ["render_jsonl", "render_tsv", "segment_lines"]


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


def render_tsv(table: AnyTable, opts: Options) -> str:
    """A header line, then one tab-separated line per record (no trailing newline)."""
    out = io.StringIO()
    writer = csv.writer(out, delimiter="\t", lineterminator="\n")
    if isinstance(table, ResultTable):
        writer.writerows(csv_rows(table, opts))
        return out.getvalue().rstrip("\n")
    lines = segment_lines(table)
    columns = _wide_columns(lines, table.metric_names)
    writer.writerow(columns)
    for entry in lines:
        flat: dict[str, Any] = {"line": entry["line"], "system": entry["system"]}
        for metric, score in entry["scores"].items():
            flat[metric] = repr(float(score))
            flat.update({f"{metric}_{k}": repr(float(v)) for k, v in entry["components"][metric].items()})
        writer.writerow([flat.get(column, "") for column in columns])
    return out.getvalue().rstrip("\n")


def render_jsonl(table: AnyTable, opts: Options) -> str:
    """One JSON object per line (no trailing newline)."""
    if isinstance(table, ResultTable):
        objects = result_objects(table, opts)
    else:
        objects = segment_lines(table)
    return "\n".join(dumps(obj) for obj in objects)
