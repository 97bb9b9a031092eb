"""Result model (:mod:`~simpeval.report.table`), the neutral :class:`~simpeval.report.Document` every
result becomes (:mod:`~simpeval.report.document`) and one writer per format behind
:func:`~simpeval.report.render` (:mod:`simpeval.report.formats`).

:func:`render` writes a document, or a table, as text, Markdown, LaTeX (booktabs), HTML, CSV,
TSV, JSON or JSON Lines; :func:`table_document` and :func:`agreement_document` give the documents
of a table and of metric agreement, which add up (``a + b``) into one.
``ResultTable._repr_html_`` shows a table in Jupyter and ``ResultTable.to_pandas()`` (extra ``pandas``,
:mod:`~simpeval.report.frame`) returns the CSV records as a DataFrame. The model imports no
renderer: this package, above both, installs them in it on import
(:func:`~simpeval.report.table.install_renderers`).
"""

from __future__ import annotations

from .document import Cell, Document, Grid, Records, Section, interval
from .formats import agreement_document, available_formats, render, render_agreement, table_document
from .frame import to_dataframe
from .table import MetricColumn, ResultTable, SegmentScore, SegmentTable, TableRenderers, install_renderers

__all__ = [
    "Cell",
    "Document",
    "Grid",
    "MetricColumn",
    "Records",
    "ResultTable",
    "SegmentScore",
    "Section",
    "SegmentTable",
    "agreement_document",
    "available_formats",
    "interval",
    "render",
    "render_agreement",
    "table_document",
]


def _html(table: ResultTable) -> str:
    """The HTML a table shows in Jupyter (``ResultTable._repr_html_``)."""
    return render(table, "html")


# The model's two displays, installed here, above the model and its renderers (which import it).
install_renderers(TableRenderers(html=_html, dataframe=to_dataframe))
