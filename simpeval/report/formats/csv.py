"""The CSV format: the flat records of :mod:`~simpeval.report.formats.records`, one line each.

Every number is written at full precision (Python's shortest round-trip ``repr``), whatever
``width``, which is for the human formats; a value that was not computed is an empty field.
"""

from __future__ import annotations

import csv
import io

from ..table import ResultTable
from .layout import AnyTable, Options
from .records import Value, result_records, segment_records

__all__ = ["csv_rows", "render_csv"]


def _field(value: Value) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return repr(float(value))  # full precision, as JSON
    return value


def csv_rows(table: AnyTable, opts: Options) -> list[list[str]]:
    """The header, then one row of fields per record."""
    if isinstance(table, ResultTable):
        columns, records = result_records(table, opts.deltas, opts.short)
    else:
        columns, records = segment_records(table, opts.short)
    return [columns, *([_field(record[column]) for column in columns] for record in records)]


def render_csv(table: AnyTable, opts: Options) -> str:
    """A header line, then one line per record (no trailing newline)."""
    out = io.StringIO()
    csv.writer(out, lineterminator="\n").writerows(csv_rows(table, opts))
    return out.getvalue().rstrip("\n")
