"""The delimited formats: CSV writes each section's :attr:`~simpeval.report.document.Section.records`,
TSV its :attr:`~simpeval.report.document.Section.line_records`, a header line then one line per record.

Every number is written at full precision (Python's shortest round-trip ``repr``), whatever
``width``, which is for the human formats; a value that was not computed is an empty field. One
table is one document: a document with two tables cannot be written as one CSV (or TSV) file.

A text cell (a system name, a segment, a header) that starts with ``=``, ``+``, ``-``, ``@``, a tab
or a carriage return gets a leading ``'``, so that a spreadsheet shows it as text instead of running
it as a formula (OWASP's rule against CSV injection); numbers are never changed.

Examples:
    >>> _field("=cmd|' /C calc'!A0"), _field("-1.5"), _field(-1.5), _field("fine")
    ("'=cmd|' /C calc'!A0", "'-1.5", '-1.5', 'fine')
"""

from __future__ import annotations

import csv
import io
from typing import Any

from ...exceptions import InvalidOptionError
from ..document import Document, Records

__all__ = ["write_csv", "write_tsv"]


#: The first characters that make a spreadsheet read a cell as a formula (OWASP, CSV injection).
_FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def _field(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, float):
        return repr(float(value))  # full precision, as JSON
    if isinstance(value, str) and value.startswith(_FORMULA_STARTS):
        return "'" + value  # text only: a number (above, or an int) is never prefixed
    return value


def _write(document: Document, fmt: str, tables: list[Records | None]) -> str:
    present = [table for table in tables if table is not None]
    if len(present) != 1:
        names = ", ".join(s.name for s, t in zip(document.sections, tables) if t is not None)
        raise InvalidOptionError(f"{fmt} holds one table; this document has {len(present)} ({names}).")
    table = present[0]
    rows = [[_field(column) for column in table.columns]]
    rows += [[_field(row.get(column)) for column in table.columns] for row in table.rows]
    return "\n".join(_line(row, "\t" if fmt == "tsv" else ",") for row in rows)


def _line(row: list[Any], delimiter: str) -> str:
    """One record, quoted where a field holds the delimiter, a quote, ``\\n`` or ``\\r``.

    The csv module quotes the characters of its line terminator: with ``"\\r\\n"`` both line
    breaks are quoted (with ``"\\n"``, Python 3.11 would leave a bare ``\\r`` unquoted, which
    readers take for the end of the line); each record then ends with ``"\\n"`` alone.
    """
    out = io.StringIO()
    csv.writer(out, delimiter=delimiter, lineterminator="\r\n").writerow(row)
    return out.getvalue()[:-2]


def write_csv(document: Document) -> str:
    """The one table of records as CSV (no trailing newline)."""
    return _write(document, "csv", [section.records for section in document.sections])


def write_tsv(document: Document) -> str:
    """The one table of line records as TSV (no trailing newline)."""
    return _write(document, "tsv", [section.line_records for section in document.sections])
