"""Result model (:mod:`~simpeval.report.table`) and pure renderers (:mod:`~simpeval.report.formatters`)."""

from __future__ import annotations

from .formatters import available_formats, render
from .table import MetricColumn, ResultTable, SegmentScore, SegmentTable

__all__ = ["MetricColumn", "ResultTable", "SegmentScore", "SegmentTable", "available_formats", "render"]
