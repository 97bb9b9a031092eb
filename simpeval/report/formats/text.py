"""The text format: an aligned plain-text table, its legend and the signatures.

Each part of a cell (score, interval, p-value) is a sub-column of its own, aligned on its own;
the best score of each metric gets a ``†`` (:data:`~.layout.BEST_MARK`; ``*`` is kept for
significant p-values), the other scores a space.

Examples:
    >>> from simpeval.report.formats.layout import Cell, Grid
    >>> grid = Grid(("System", "TER"), ((Cell(("a",)), Cell(("4.0",), True)), (Cell(("bb",)), Cell(("10.0",), False))), ("l", "r"))
    >>> print("\\n".join(text_grid(grid)))
    System   TER
    a        4.0†
    bb      10.0
"""

from __future__ import annotations

from collections.abc import Sequence

from .layout import BEST_MARK, COMPARISONS_TITLE, AnyTable, Grid, Note, Options, build_report

__all__ = ["render_text", "text_grid"]


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


def _notes(notes: Sequence[Note]) -> list[str]:
    return [f"{BEST_MARK if symbol is None else symbol} {text}" for symbol, text in notes]


def render_text(table: AnyTable, opts: Options) -> str:
    """The table, a blank line, the legend and the signatures, then the comparisons if any."""
    report = build_report(table, opts)
    lines = text_grid(report.grid) + [""] + _notes(report.notes) + list(report.signatures)
    if report.comparisons is not None:
        lines += ["", COMPARISONS_TITLE, *text_grid(report.comparisons), "", *_notes(report.comparison_notes)]
    return "\n".join(lines)
