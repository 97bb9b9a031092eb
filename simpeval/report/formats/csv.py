"""The delimited formats: CSV writes each section's :attr:`~simpeval.report.document.Section.records`,
TSV its :attr:`~simpeval.report.document.Section.line_records`, a header line then one line per record.

Every number is written at full precision (Python's shortest round-trip ``repr``), whatever
``width``, which is for the human formats; a value that was not computed is an empty field. One
table is one document: a document with two tables cannot be written as one CSV (or TSV) file.
"""

from __future__ import annotations

import csv
import io
from typing import Any

from ...exceptions import InvalidOptionError
from ..document import Document, Records

__all__ = ["write_csv", "write_tsv"]


def _field(value: Any) -> Any:
    if value is None:
        return ""
    if isinstance(value, float):
        return repr(float(value))  # full precision, as JSON
    return value


def _write(document: Document, fmt: str, tables: list[Records | None]) -> str:
    present = [table for table in tables if table is not None]
    if len(present) != 1:
        names = ", ".join(s.name for s, t in zip(document.sections, tables) if t is not None)
        raise InvalidOptionError(f"{fmt} holds one table; this document has {len(present)} ({names}).")
    table = present[0]
    out = io.StringIO()
    writer = csv.writer(out, delimiter="\t" if fmt == "tsv" else ",", lineterminator="\n")
    writer.writerow(table.columns)
    writer.writerows([_field(row.get(column)) for column in table.columns] for row in table.rows)
    return out.getvalue().rstrip("\n")


def write_csv(document: Document) -> str:
    """The one table of records as CSV (no trailing newline)."""
    return _write(document, "csv", [section.records for section in document.sections])


def write_tsv(document: Document) -> str:
    """The one table of line records as TSV (no trailing newline)."""
    return _write(document, "tsv", [section.line_records for section in document.sections])
