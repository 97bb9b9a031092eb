"""The neutral document every result becomes before it is written in a format.

A :class:`Document` is a sequence of :class:`Section` values. A section carries what people read
(a title, a :class:`Grid` of plain-text :class:`Cell` values, legend notes, prose notes,
signature lines) and what programs read (flat :class:`Records` for CSV and TSV, a JSON value and
the objects of JSON Lines). Each format has one writer (:mod:`simpeval.report.formats`) that
knows this model and nothing else; :func:`simpeval.report.render` writes a document, and turns a
result table into one first. Documents add up: ``a + b`` is one document, whose JSON holds both
sections by name (``{"scores": [...], "features": [...]}``).

A converter may be asked for only some :data:`VIEWS` (a writer reads one view: the human formats
``"grid"``, CSV ``"records"``, TSV ``"line_records"``, JSON ``"tree"``, JSON Lines
``"line_objects"``), so that rendering a large table in one format builds only that view.

Every interval is spelled by :func:`interval`: ``(low–high)``.

Examples:
    >>> grid = Grid(("System", "BLEU"), ((Cell(("a",)), Cell(("27.2", interval(26.0, 28.5, 1)))),), ("l", "rr"))
    >>> section = Section("scores", grid=grid, records=Records(("system", "score"), ({"system": "a", "score": 27.25},)))
    >>> [cell.parts for cell in section.grid.rows[0]]
    [('a',), ('27.2', '(26.0–28.5)')]
    >>> [s.name for s in (Document((section,)) + Document((Section("features"),))).sections]
    ['scores', 'features']
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass
from typing import Any

__all__ = ["VIEWS", "Cell", "Document", "Grid", "Note", "Records", "Section", "interval", "number_or_na"]

#: The views a converter can build: the human one and the four machine ones.
VIEWS: frozenset[str] = frozenset(("grid", "records", "line_records", "tree", "line_objects"))


@dataclass(frozen=True)
class Cell:
    """One table cell: plain-text parts (score, interval, p-value) and whether it is a best score.

    ``best`` is ``None`` for cells that are never marked; the human formats join the parts with a
    space (the text format aligns each part as a sub-column) and highlight part 0 when ``best``.
    """

    parts: tuple[str, ...]
    best: bool | None = None


@dataclass(frozen=True)
class Grid:
    """A header row, body rows and, per column, the alignment (``"l"``/``"r"``) of each cell part."""

    header: tuple[str, ...]
    rows: tuple[tuple[Cell, ...], ...]
    aligns: tuple[str, ...]


#: A legend note: (symbol, explanation); symbol ``None`` stands for the format's best-system mark.
Note = tuple[str | None, str]


@dataclass(frozen=True)
class Records:
    """Flat records: the column order and one mapping per row (a text, a number, or ``None``).

    The delimited formats write a number at full precision (``repr``) and ``None`` as an empty field.
    """

    columns: tuple[str, ...]
    rows: tuple[Mapping[str, Any], ...]


@dataclass(frozen=True)
class Section:
    """One part of a document; every field is optional, and a writer reads only its own.

    Attributes:
        name: the section's key when a JSON document holds several sections.
        title: printed above the grid (a caption in HTML).
        grid: the table of the human formats.
        legend: the marks used in the grid and what they mean.
        notes: prose lines printed below the grid.
        signatures: the signature lines (set in a code font where the format has one).
        records: the flat records of CSV.
        line_records: the flat records of TSV (one line per record).
        tree: the JSON value (a list of objects, or an object).
        line_objects: the objects of JSON Lines (one line each).
    """

    name: str
    title: str | None = None
    grid: Grid | None = None
    legend: tuple[Note, ...] = ()
    notes: tuple[str, ...] = ()
    signatures: tuple[str, ...] = ()
    records: Records | None = None
    line_records: Records | None = None
    tree: Any = None
    line_objects: tuple[Any, ...] | None = None


@dataclass(frozen=True)
class Document:
    """A result as every format writes it: sections, in order (see the module's docstring)."""

    sections: tuple[Section, ...]

    def __add__(self, other: Document) -> Document:
        """One document: this one's sections, then ``other``'s."""
        return Document(self.sections + other.sections)


def number_or_na(value: float, width: int) -> str:
    """``value`` with ``width`` decimals, ``"n/a"`` for NaN."""
    return "n/a" if math.isnan(value) else f"{value:.{width}f}"


def interval(low: float, high: float, width: int) -> str:
    """The one spelling of an interval in the human formats: ``(40.1–42.3)``; ``""`` when not computed (NaN).

    Examples:
        >>> interval(0.2, 0.9, 2), interval(float("nan"), float("nan"), 2)
        ('(0.20–0.90)', '')
    """
    if math.isnan(low) or math.isnan(high):
        return ""
    return f"({low:.{width}f}–{high:.{width}f})"
