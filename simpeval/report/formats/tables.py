"""A result table or a segment table as a :class:`~simpeval.report.document.Document`.

The first section (``"scores"``) holds the grid with its legend and signatures
(:func:`~.layout.build_report`), the flat records of CSV (:mod:`.records`), the JSON objects and
the lines of TSV and JSON Lines (:mod:`.objects`); a second section (``"comparisons"``) holds
the all-pairs comparisons, when there are any, for the human formats (the machine formats carry
them in each record).
"""

from __future__ import annotations

from collections.abc import Callable, Collection
from typing import Any

from ..document import VIEWS, Document, Records, Section
from ..table import ResultTable, SegmentTable
from .layout import COMPARISONS_TITLE, AnyTable, Options, build_report
from .objects import result_objects, segment_lines, segment_objects, wide_records
from .records import result_records, segment_records

__all__ = ["build_document"]


def _records(table: AnyTable, opts: Options) -> Records:
    if isinstance(table, ResultTable):
        columns, rows = result_records(table, opts.deltas, opts.short)
    else:
        columns, rows = segment_records(table, opts.short)
    return Records(tuple(columns), tuple(rows))


def _machine(table: AnyTable, opts: Options, views: Collection[str]) -> dict[str, Any]:
    """The machine views asked for, as :class:`~simpeval.report.document.Section` fields."""
    builders: dict[str, Callable[[], Any]]
    if isinstance(table, ResultTable):
        builders = {  # TSV and JSON Lines: the records of CSV and the objects of JSON, one a line
            "records": lambda: _records(table, opts),
            "line_records": lambda: _records(table, opts),
            "tree": lambda: result_objects(table, opts),
            "line_objects": lambda: tuple(result_objects(table, opts)),
        }
    else:
        builders = {  # TSV and JSON Lines: one line per system and segment, every metric side by side
            "records": lambda: _records(table, opts),
            "line_records": lambda: wide_records(table),
            "tree": lambda: segment_objects(table, opts.short),
            "line_objects": lambda: tuple(segment_lines(table)),
        }
    return {view: build() for view, build in builders.items() if view in views}


def build_document(table: AnyTable, opts: Options, views: Collection[str] = VIEWS) -> Document:
    """``table`` as a document, with the ``views`` asked for (all by default)."""
    if not isinstance(table, (ResultTable, SegmentTable)):
        raise TypeError(f"build_document: a ResultTable or a SegmentTable (got {type(table).__name__}).")
    human: dict[str, Any] = {}
    comparisons: tuple[Section, ...] = ()
    if "grid" in views:
        report = build_report(table, opts)
        human = {"grid": report.grid, "legend": report.notes, "signatures": report.signatures}
        if report.comparisons is not None:
            comparisons = (Section("comparisons", COMPARISONS_TITLE, report.comparisons, report.comparison_notes),)
    return Document((Section("scores", **human, **_machine(table, opts, views)), *comparisons))
