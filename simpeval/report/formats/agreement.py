"""Metric agreement (:class:`~simpeval.significance.agreement.Correlation` values) in every format.

One row per metric pair and coefficient, with the bootstrap percentile interval when it was
computed: a grid in the human formats, a list of objects in JSON, one line per row in CSV.
"""

from __future__ import annotations

import csv
import io
import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any, Optional

from ..._json import dumps
from .html import html_grid
from .latex import latex_grid
from .layout import Cell, Grid
from .markdown import markdown_grid
from .text import text_grid

if TYPE_CHECKING:  # pragma: no cover
    from ...significance.agreement import Correlation

__all__ = ["AGREEMENT_TITLE", "agreement_table"]

AGREEMENT_TITLE = "Metric agreement across systems"


def _nan_to_none(value: float) -> Optional[float]:
    return None if math.isnan(value) else value


def _records(correlations: Sequence[Correlation]) -> list[dict[str, Any]]:
    return [
        {
            "metric_a": c.metric_a,
            "metric_b": c.metric_b,
            "method": c.method,
            "value": c.value,
            "ci_low": _nan_to_none(c.low),
            "ci_high": _nan_to_none(c.high),
            "n_systems": c.n_systems,
            "n_samples": c.n_samples,
            "seed": c.seed,
        }
        for c in correlations
    ]


def _csv(records: list[dict[str, Any]]) -> str:
    out = io.StringIO()
    writer = csv.DictWriter(out, fieldnames=list(records[0]) if records else ["metric_a"], lineterminator="\n")
    writer.writeheader()
    writer.writerows({k: ("" if v is None else v) for k, v in r.items()} for r in records)
    return out.getvalue().rstrip("\n")


def _grid(correlations: Sequence[Correlation], width: int) -> Grid:
    def number(value: float) -> str:
        return "n/a" if math.isnan(value) else f"{value:.{width}f}"

    rows = tuple(
        (
            Cell((c.metric_a,)),
            Cell((c.metric_b,)),
            Cell((c.method,)),
            Cell((number(c.value),)),
            Cell((f"{number(c.low)}–{number(c.high)}" if c.n_samples else "",)),
        )
        for c in correlations
    )
    return Grid(("Metric A", "Metric B", "Coefficient", "Value", "95% CI"), rows, ("l", "l", "l", "r", "r"))


def agreement_table(correlations: Sequence[Correlation], fmt: str, width: int) -> str:
    """The correlations in ``fmt`` (one of :func:`simpeval.report.available_formats`), ``width`` decimals."""
    if fmt == "json":
        return dumps(_records(correlations), indent=2)
    if fmt == "csv":
        return _csv(_records(correlations))
    grid = _grid(correlations, width)
    if fmt == "text":
        return "\n".join([AGREEMENT_TITLE, *text_grid(grid)])
    if fmt == "markdown":
        return "\n".join(markdown_grid(grid))
    if fmt == "latex":
        return "\n".join(latex_grid(grid))
    return "\n".join(html_grid(grid, caption=AGREEMENT_TITLE))
