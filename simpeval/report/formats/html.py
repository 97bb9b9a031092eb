"""The HTML format: one ``<div>``; per section a ``<table>`` (the title as its caption), the legend,
the notes and the signatures (in a ``<pre>``). Also Jupyter's view of a result table.

The fragment carries minimal inline styles (padded cells, a ruled header, wrapped signatures), so
that it is readable where no stylesheet styles it; the classes (``simpeval-table``,
``simpeval-legend``, ``simpeval-notes``, ``simpeval-signatures``) stay for a page's own CSS.

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


#: The inline styles of a fragment (:func:`write_html`): it is read on its own (a notebook, an email,
#: a page without a stylesheet), so cells are padded apart, the header ruled, numbers in figures of
#: one width; a page that styles ``.simpeval-table`` itself calls :func:`html_grid` unstyled.
_STYLE = {
    "table": "border-collapse: collapse; border-top: 2px solid; border-bottom: 2px solid; font-variant-numeric: tabular-nums",
    "caption": "text-align: left; font-weight: bold; padding: 0.25em 0",
    "th": "padding: 0.2em 0.6em; border-bottom: 1px solid",
    "td": "padding: 0.2em 0.6em; white-space: nowrap",
    "p": "margin: 0.4em 0; font-size: 0.9em",
    "pre": "margin: 0.4em 0; white-space: pre-wrap; overflow-wrap: anywhere",
}


def _style(tag: str, styled: bool, extra: str = "") -> str:
    """A ``style`` attribute: the alignment ``extra``, and the fragment's own style of ``tag`` when ``styled``."""
    rules = "; ".join(rule for rule in (extra, _STYLE[tag] if styled else "") if rule)
    return f' style="{rules}"' if rules else ""


def html_grid(grid: Grid, caption: str | None = None, styled: bool = False) -> list[str]:
    """The lines of a ``<table class="simpeval-table">``, each cell aligned by a ``style``; with
    ``styled``, the table, caption and cells carry the inline styles of a fragment read on its own."""
    aligns = [f"text-align: {'right' if a[0] == 'r' else 'left'}" for a in grid.aligns]
    head = "".join(f"<th{_style('th', styled, a)}>{html_escape(h)}</th>" for a, h in zip(aligns, grid.header))
    body = [
        "<tr>" + "".join(f"<td{_style('td', styled, a)}>{_cell(cell)}</td>" for a, cell in zip(aligns, row)) + "</tr>"
        for row in grid.rows
    ]
    title = [f"<caption{_style('caption', styled)}>{html_escape(caption)}</caption>"] if caption else []
    table = f'<table class="simpeval-table"{_style("table", styled)}>'
    return [table, *title, "<thead>", f"<tr>{head}</tr>", "</thead>", "<tbody>", *body, "</tbody>", "</table>"]


def _paragraph(css: str, items: Sequence[str]) -> list[str]:
    return [f'<p class="{css}"{_style("p", True)}>' + "<br>\n".join(items) + "</p>"] if items else []


def _section(section: Section) -> list[str]:
    lines = html_grid(section.grid, section.title, styled=True) if section.grid is not None else []
    legend = [f"{_bold('bold') if s is None else html_escape(s)}: {html_escape(text)}" for s, text in section.legend]
    lines += _paragraph("simpeval-legend", legend)
    lines += _paragraph("simpeval-notes", [html_escape(note) for note in section.notes])
    if section.signatures:
        signatures = "\n".join(html_escape(sig) for sig in section.signatures)
        lines.append(f'<pre class="simpeval-signatures"{_style("pre", True)}>{signatures}</pre>')
    return lines


def write_html(document: Document) -> str:
    """Every section inside one ``<div class="simpeval-report">``, styled inline (readable without a stylesheet)."""
    return "\n".join(
        ['<div class="simpeval-report">', *(line for s in document.sections for line in _section(s)), "</div>"]
    )
