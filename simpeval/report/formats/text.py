"""The text format: each section's title, its aligned grid, then its legend, notes and signatures.

Each part of a cell (score, interval, p-value) is a sub-column of its own, aligned on its own;
the best score of each metric gets a ``†`` (:data:`~.layout.BEST_MARK`; ``*`` is kept for
significant p-values), the other scores a space. Sections are separated by a blank line.

Examples:
    >>> from simpeval.report.document import Cell, Grid
    >>> grid = Grid(("System", "TER"), ((Cell(("a",)), Cell(("4.0",), True)), (Cell(("bb",)), Cell(("10.0",), False))), ("l", "r"))
    >>> print("\\n".join(text_grid(grid)))
    System   TER
    a        4.0†
    bb      10.0
"""

from __future__ import annotations

from ..document import Document, Grid, Section
from .layout import BEST_MARK

__all__ = ["text_grid", "write_text"]


def text_grid(grid: Grid) -> list[str]:
    """Align the grid, one sub-column per cell part; a best score gets ``†``, other scores a space."""
    header: list[str] = []
    for j, title in enumerate(grid.header):
        marked = any(row[j].best is not None for row in grid.rows)
        header += [title + (" " if marked else "")] + [""] * (len(grid.aligns[j]) - 1)
    rows = [header]
    for row in grid.rows:
        cells: list[str] = []
        for cell in row:
            mark = "" if cell.best is None else (BEST_MARK if cell.best else " ")
            cells += [cell.parts[0] + mark, *cell.parts[1:]]
        rows.append(cells)
    aligns = "".join(grid.aligns)
    widths = [max(len(row[k]) for row in rows) for k in range(len(aligns))]
    return [
        "  ".join(c.ljust(w) if a == "l" else c.rjust(w) for c, w, a in zip(row, widths, aligns)).rstrip()
        for row in rows
    ]


def _section(section: Section) -> list[str]:
    lines = [section.title] if section.title else []
    footer = [f"{BEST_MARK if symbol is None else symbol} {text}" for symbol, text in section.legend]
    footer += [*section.notes, *section.signatures]
    if section.grid is not None:
        lines += text_grid(section.grid) + ([""] if footer else [])
    return lines + footer


def write_text(document: Document) -> str:
    """Every section (title, grid, a blank line, legend, notes, signatures); a blank line between sections."""
    return "\n\n".join(text for text in ("\n".join(_section(s)) for s in document.sections) if text)
