"""Metric agreement (:class:`~simpeval.significance.agreement.Correlation` values) as a document.

One row per metric pair and coefficient, with the bootstrap percentile interval when it was
computed: a grid in the human formats, one record per row in the machine formats (a list of
objects in JSON).
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from ..document import Cell, Document, Grid, Records, Section, interval, number_or_na

if TYPE_CHECKING:  # pragma: no cover
    from ...significance.agreement import Correlation

__all__ = ["AGREEMENT_TITLE", "agreement_document"]

AGREEMENT_TITLE = "Metric agreement across systems"
_COLUMNS = ("metric_a", "metric_b", "method", "value", "ci_low", "ci_high", "n_systems", "n_samples", "seed")


def _nan_to_none(value: float) -> float | None:
    return None if math.isnan(value) else value


def _record(c: Correlation) -> dict[str, Any]:
    values = (c.metric_a, c.metric_b, c.method, c.value, _nan_to_none(c.low), _nan_to_none(c.high))
    return dict(zip(_COLUMNS, (*values, c.n_systems, c.n_samples, c.seed)))


def _grid(correlations: Sequence[Correlation], width: int) -> Grid:
    rows = tuple(
        (
            Cell((c.metric_a,)),
            Cell((c.metric_b,)),
            Cell((c.method,)),
            Cell((number_or_na(c.value, width),)),
            Cell((interval(c.low, c.high, width) if c.n_samples else "",)),
        )
        for c in correlations
    )
    return Grid(("Metric A", "Metric B", "Coefficient", "Value", "95% CI"), rows, ("l", "l", "l", "r", "r"))


def agreement_document(correlations: Sequence[Correlation], width: int = 3) -> Document:
    """The correlations as a one-section document (``"agreement"``), ``width`` decimals in its grid."""
    records = tuple(_record(c) for c in correlations)
    table = Records(_COLUMNS, records)
    section = Section(
        "agreement",
        AGREEMENT_TITLE,
        _grid(correlations, width),
        records=table,
        line_records=table,
        tree=list(records),
        line_objects=records,
    )
    return Document((section,))
