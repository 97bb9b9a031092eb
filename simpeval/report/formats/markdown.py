"""The Markdown format: per section a bold title, a GitHub table, its legend and notes, and the
signatures in a code block; a blank line between sections.

Examples:
    >>> print(markdown_escape("R&D_#1 | *x*"))
    R&D\\_\\#1 \\| \\*x\\*
"""

from __future__ import annotations

from collections.abc import Sequence

from ..document import Document, Grid, Section
from .layout import joined

__all__ = ["markdown_escape", "markdown_grid", "write_markdown"]

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


def _blocks(section: Section) -> list[list[str]]:
    """The section's blocks (title, grid, legend, notes, signatures), the empty ones left out."""
    legend = [
        f"- {_bold('bold') if s is None else markdown_escape(s)}: {markdown_escape(t)}" for s, t in section.legend
    ]
    blocks = [
        [_bold(markdown_escape(section.title))] if section.title else [],
        markdown_grid(section.grid) if section.grid is not None else [],
        legend,
        [markdown_escape(note) for note in section.notes],
        ["```text", *section.signatures, "```"] if section.signatures else [],
    ]
    return [block for block in blocks if block]


def write_markdown(document: Document) -> str:
    """Every block of every section, a blank line between blocks."""
    return "\n\n".join("\n".join(block) for section in document.sections for block in _blocks(section))
