"""Result model (:mod:`~simpeval.report.table`) and pure renderers (:mod:`~simpeval.report.formatters`).

:func:`render` writes a table as text, Markdown, LaTeX (booktabs), HTML, CSV or JSON;
``ResultTable._repr_html_`` shows it in Jupyter and ``ResultTable.to_pandas()`` (extra ``pandas``)
returns the CSV records as a DataFrame.
"""

from __future__ import annotations

from .formatters import available_formats, render
from .table import MetricColumn, ResultTable, SegmentScore, SegmentTable

__all__ = ["MetricColumn", "ResultTable", "SegmentScore", "SegmentTable", "available_formats", "render"]
