"""The Markdown format: a GitHub table, its legend as a list and the signatures in a code block.

Examples:
    >>> print(markdown_escape("R&D_#1 | *x*"))
    R&D\\_\\#1 \\| \\*x\\*
"""

from __future__ import annotations

from collections.abc import Sequence

from .layout import COMPARISONS_TITLE, AnyTable, Grid, Note, Options, build_report, joined

__all__ = ["markdown_escape", "markdown_grid", "render_markdown"]

_SPECIAL = set("\\`*_[]<>|#")


def markdown_escape(text: str) -> str:
    """``text`` with a backslash before every character Markdown would interpret."""
    return "".join("\\" + c if c in _SPECIAL else c for c in text)


def _bold(text: str) -> str:
    return f"**{text}**"


def markdown_grid(grid: Grid) -> list[str]:
    """The lines of a GitHub table, padded so that the columns line up in the source too."""
    rows = [[markdown_escape(h) for h in grid.header]]
    rows += [[joined(cell, markdown_escape, _bold) for cell in row] for row in grid.rows]
    right = [a[0] == "r" for a in grid.aligns]
    widths = [max(3, *(len(row[j]) for row in rows)) for j in range(len(right))]

    def line(cells: Sequence[str]) -> str:
        return "| " + " | ".join(c.rjust(w) if r else c.ljust(w) for c, w, r in zip(cells, widths, right)) + " |"

    rule = "|" + "|".join("-" * (w + 1) + ":" if r else ":" + "-" * (w + 1) for w, r in zip(widths, right)) + "|"
    return [line(rows[0]), rule, *(line(row) for row in rows[1:])]


def _notes(notes: Sequence[Note]) -> list[str]:
    return [f"- {_bold('bold') if s is None else markdown_escape(s)}: {markdown_escape(text)}" for s, text in notes]


def render_markdown(table: AnyTable, opts: Options) -> str:
    """The table, the legend, the signatures in a ``text`` code block, then the comparisons if any."""
    report = build_report(table, opts)
    lines = markdown_grid(report.grid)
    if report.notes:
        lines += ["", *_notes(report.notes)]
    lines += ["", "```text", *report.signatures, "```"]
    if report.comparisons is not None:
        lines += ["", _bold(COMPARISONS_TITLE), "", *markdown_grid(report.comparisons)]
        lines += ["", *_notes(report.comparison_notes)]
    return "\n".join(lines)
