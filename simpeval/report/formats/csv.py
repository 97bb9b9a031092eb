"""The CSV format: the flat records of :mod:`~simpeval.report.formats.records`, one line each.

Scores, components, details, intervals and deltas have ``width`` decimals; p-values are
unrounded; a value that was not computed is an empty field.
"""

from __future__ import annotations

import csv
import io

from ..table import ResultTable
from .layout import AnyTable, Options, number
from .records import P_COLUMNS, Value, result_records, segment_records

__all__ = ["render_csv"]


def _field(column: str, value: Value, width: int) -> str:
    if value is None:
        return ""
    if isinstance(value, float):
        return repr(value) if column in P_COLUMNS else number(value, width)
    return value


def render_csv(table: AnyTable, opts: Options) -> str:
    """A header line, then one line per record (no trailing newline)."""
    if isinstance(table, ResultTable):
        columns, records = result_records(table, opts.deltas)
    else:
        columns, records = segment_records(table)
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(columns)
    writer.writerows([_field(column, record[column], opts.width) for column in columns] for record in records)
    return out.getvalue().rstrip("\n")
