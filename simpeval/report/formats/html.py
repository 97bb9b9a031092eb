"""The HTML format: one ``<div>``; per section a ``<table>`` (the title as its caption), the legend,
the notes and the signatures (in a ``<pre>``). Also Jupyter's view of a result table.

Examples:
    >>> print(html_escape('<b class="x">&</b>'))
    &lt;b class=&quot;x&quot;&gt;&amp;&lt;/b&gt;
"""

from __future__ import annotations

import html
from collections.abc import Sequence

from ..document import Cell, Document, Grid, Section
from .layout import joined

__all__ = ["html_escape", "html_grid", "write_html"]


def html_escape(text: str) -> str:
    """``text`` with ``&``, ``<``, ``>`` and both quotes escaped."""
    return html.escape(text, quote=True)


def _bold(text: str) -> str:
    return f"<strong>{text}</strong>"


def _cell(cell: Cell) -> str:
    return joined(cell, html_escape, _bold)


def html_grid(grid: Grid, caption: str | None = None) -> list[str]:
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


def _paragraph(css: str, items: Sequence[str]) -> list[str]:
    return [f'<p class="{css}">' + "<br>\n".join(items) + "</p>"] if items else []


def _section(section: Section) -> list[str]:
    lines = html_grid(section.grid, section.title) if section.grid is not None else []
    legend = [f"{_bold('bold') if s is None else html_escape(s)}: {html_escape(text)}" for s, text in section.legend]
    lines += _paragraph("simpeval-legend", legend)
    lines += _paragraph("simpeval-notes", [html_escape(note) for note in section.notes])
    if section.signatures:
        signatures = "\n".join(html_escape(sig) for sig in section.signatures)
        lines.append(f'<pre class="simpeval-signatures">{signatures}</pre>')
    return lines


def write_html(document: Document) -> str:
    """Every section inside one ``<div class="simpeval-report">``."""
    return "\n".join(
        ['<div class="simpeval-report">', *(line for s in document.sections for line in _section(s)), "</div>"]
    )
