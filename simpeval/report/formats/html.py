"""The HTML format: a ``<div>`` with the ``<table>``, the legend and the signatures (also Jupyter's view).

Examples:
    >>> print(html_escape('<b class="x">&</b>'))
    &lt;b class=&quot;x&quot;&gt;&amp;&lt;/b&gt;
"""

from __future__ import annotations

import html
from collections.abc import Sequence
from typing import Optional

from .layout import COMPARISONS_TITLE, AnyTable, Cell, Grid, Note, Options, build_report, joined

__all__ = ["html_escape", "html_grid", "render_html"]


def html_escape(text: str) -> str:
    """``text`` with ``&``, ``<``, ``>`` and both quotes escaped."""
    return html.escape(text, quote=True)


def _bold(text: str) -> str:
    return f"<strong>{text}</strong>"


def _cell(cell: Cell) -> str:
    return joined(cell, html_escape, _bold)


def html_grid(grid: Grid, caption: Optional[str] = None) -> list[str]:
    """The lines of a ``<table class="simpeval-table">``, each cell aligned by a ``style``."""
    styles = [f' style="text-align: {"right" if a[0] == "r" else "left"}"' for a in grid.aligns]
    head = "".join(f"<th{s}>{html_escape(h)}</th>" for s, h in zip(styles, grid.header))
    body = [
        "<tr>" + "".join(f"<td{style}>{_cell(cell)}</td>" for style, cell in zip(styles, row)) + "</tr>"
        for row in grid.rows
    ]
    title = [f"<caption>{html_escape(caption)}</caption>"] if caption else []
    head_lines = ['<table class="simpeval-table">', *title, "<thead>", f"<tr>{head}</tr>", "</thead>"]
    return [*head_lines, "<tbody>", *body, "</tbody>", "</table>"]


def _notes(notes: Sequence[Note]) -> list[str]:
    if not notes:
        return []
    items = [f"{_bold('bold') if s is None else html_escape(s)}: {html_escape(text)}" for s, text in notes]
    return ['<p class="simpeval-legend">' + "<br>\n".join(items) + "</p>"]


def render_html(table: AnyTable, opts: Options) -> str:
    """The table, the legend and the signatures (in a ``<pre>``), then the comparisons if any."""
    report = build_report(table, opts)
    lines = ['<div class="simpeval-report">', *html_grid(report.grid), *_notes(report.notes)]
    signatures = "\n".join(html_escape(sig) for sig in report.signatures)
    lines.append(f'<pre class="simpeval-signatures">{signatures}</pre>')
    if report.comparisons is not None:
        lines += html_grid(report.comparisons, COMPARISONS_TITLE) + _notes(report.comparison_notes)
    return "\n".join(lines + ["</div>"])
