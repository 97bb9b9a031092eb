"""Result model (:mod:`~simpeval.report.table`) and pure renderers (:mod:`simpeval.report.formats`, one module per format behind :func:`render`).

:func:`render` writes a table as text, Markdown, LaTeX (booktabs), HTML, CSV or JSON;
``ResultTable._repr_html_`` shows it in Jupyter and ``ResultTable.to_pandas()`` (extra ``pandas``,
:mod:`~simpeval.report.frame`) returns the CSV records as a DataFrame. The model imports no
renderer: importing this package installs both displays with
:func:`~simpeval.report.table.register_display`.
"""

from __future__ import annotations

from .formats import available_formats, render, render_agreement
from .frame import to_dataframe
from .table import MetricColumn, ResultTable, SegmentScore, SegmentTable, register_display


def _html(table: ResultTable) -> str:
    return render(table, "html")


register_display("html", _html)
register_display("pandas", to_dataframe)

__all__ = [
    "MetricColumn",
    "ResultTable",
    "SegmentScore",
    "SegmentTable",
    "available_formats",
    "render",
    "render_agreement",
]
