"""Pure renderers: a :class:`ResultTable` (or :class:`SegmentTable`) in, a string out.

Examples:
    >>> from simpeval.metrics.score import Score, Signature
    >>> from simpeval.report.table import MetricColumn, ResultTable
    >>> sig = Signature("BLEU", (("nrefs", "1"), ("version", "0")))
    >>> table = ResultTable(("sys",), (MetricColumn("BLEU"),), ((Score("BLEU", 27.25, sig),),))
    >>> print(render(table, "text"))
    System  BLEU
    sys     27.2
    <BLANKLINE>
    BLEU|nrefs:1|version:0
    >>> print(render(table, "text", width=2, score_only=True))
    27.25
"""

from __future__ import annotations

import json
from typing import Any, Callable, Sequence, Union

from ..exceptions import InvalidOptionError
from ..metrics.score import Score
from .table import ResultTable, SegmentTable

__all__ = ["available_formats", "render"]

AnyTable = Union[ResultTable, SegmentTable]

#: Components shown next to a score when a metric has all of them (SARI), with their headers.
SUB_COLUMNS: tuple[tuple[str, str], ...] = (("keep", "Keep"), ("delete", "Delete"), ("add", "Add"))

BEST_MARK = "*"


def available_formats() -> list[str]:
    """Names accepted by :func:`render`'s ``fmt``."""
    return sorted(_RENDERERS)


def render(table: AnyTable, fmt: str = "text", width: int = 1, score_only: bool = False) -> str:
    """Render a result table.

    Args:
        table: corpus scores (:class:`ResultTable`) or sentence-level scores (:class:`SegmentTable`).
        fmt: ``"text"`` (aligned table plus signatures) or ``"json"``.
        width: number of decimals of every printed number (JSON values are rounded to it).
        score_only: print only the scores, one per line, systems x metrics (x segments) order.

    Raises:
        InvalidOptionError: unknown ``fmt`` or a negative ``width``.
    """
    if fmt not in _RENDERERS:
        raise InvalidOptionError(f"render: fmt must be one of {', '.join(available_formats())} (got {fmt!r}).")
    if isinstance(width, bool) or not isinstance(width, int) or width < 0:
        raise InvalidOptionError(f"render: width must be a non-negative integer (got {width!r}).")
    if score_only:
        return "\n".join(_number(score.score, width) for score in _scores_in_order(table))
    return _RENDERERS[fmt](table, width)


# ---------------------------------------------------------------- helpers
def _number(value: float, width: int) -> str:
    return f"{value:.{width}f}"


def _scores_in_order(table: AnyTable) -> list[Score]:
    if isinstance(table, ResultTable):
        return [score for row in table.scores for score in row]
    return [row.score for row in table.rows]


def _sub_columns(scores: Sequence[Score]) -> tuple[tuple[str, str], ...]:
    """The component sub-columns to show for a metric column (those every score has)."""
    if scores and all(all(key in s.components for key, _ in SUB_COLUMNS) for s in scores):
        return SUB_COLUMNS
    return ()


def _align(rows: list[list[str]], left: tuple[int, ...] = (0,)) -> list[str]:
    """Align cells: the columns in ``left`` to the left, the others to the right."""
    widths = [max(len(row[k]) for row in rows) for k in range(len(rows[0]))]
    return [
        "  ".join(
            cell.ljust(w) if k in left else cell.rjust(w) for k, (cell, w) in enumerate(zip(row, widths))
        ).rstrip()
        for row in rows
    ]


def _signature_lines(table: AnyTable) -> list[str]:
    return [sig.format() for name in table.metric_names for sig in table.signatures(name)]


def _legend(table: ResultTable) -> list[str]:
    lower = [column.name for column in table.metrics if not column.higher_is_better]
    note = f" ({', '.join(lower)}: lower is better)" if lower else ""
    return [f"{BEST_MARK} best system per metric{note}"]


# ---------------------------------------------------------------- text
def _text_result(table: ResultTable, width: int) -> str:
    mark_best = len(table.systems) > 1
    header = ["System"]
    subs = []
    for k, name in enumerate(table.metric_names):
        sub = _sub_columns([row[k] for row in table.scores])
        subs.append(sub)
        header += [name + (" " if mark_best else "")] + [title for _, title in sub]
    rows = [header]
    for system, scores in zip(table.systems, table.scores):
        cells = [system]
        for name, score, sub in zip(table.metric_names, scores, subs):
            mark = (BEST_MARK if system in table.best_systems(name) else " ") if mark_best else ""
            cells.append(_number(score.score, width) + mark)
            cells += [_number(score.components[key], width) for key, _ in sub]
        rows.append(cells)
    lines = _align(rows) + [""]
    if mark_best:
        lines += _legend(table)
    return "\n".join(lines + _signature_lines(table))


def _text_segments(table: SegmentTable, width: int) -> str:
    rows = [["Line", "System", "Metric", "Score"]]
    rows += [[str(r.line), r.system, r.metric, _number(r.score.score, width)] for r in table.rows]
    lines = _align(rows, left=(1, 2))
    return "\n".join(lines + [""] + _signature_lines(table))


def _text(table: AnyTable, width: int) -> str:
    if isinstance(table, ResultTable):
        return _text_result(table, width)
    return _text_segments(table, width)


# ---------------------------------------------------------------- json
def _rounded_components(score: Score, width: int) -> dict[str, float]:
    return {key: round(value, width) for key, value in score.components.items()}


def _json(table: AnyTable, width: int) -> str:
    records: list[dict[str, Any]] = []
    if isinstance(table, ResultTable):
        for system, scores in zip(table.systems, table.scores):
            for column, score in zip(table.metrics, scores):
                records.append(
                    {
                        "system": system,
                        "metric": column.name,
                        "score": round(score.score, width),
                        "signature": score.signature.format(),
                        "components": _rounded_components(score, width),
                        "higher_is_better": column.higher_is_better,
                    }
                )
    else:
        for row in table.rows:
            records.append(
                {
                    "line": row.line,
                    "system": row.system,
                    "metric": row.metric,
                    "score": round(row.score.score, width),
                    "signature": row.score.signature.format(),
                    "components": _rounded_components(row.score, width),
                }
            )
    return json.dumps(records, indent=2, ensure_ascii=False)


_RENDERERS: dict[str, Callable[[Any, int], str]] = {"text": _text, "json": _json}
