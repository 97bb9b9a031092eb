"""Reading shards (``simpeval score --shards DIR``) with the rules the local path reads files by.

A shard is a Parquet file (``*.parquet``) or a tab-separated text file (``*.tsv``) with the columns
``hypothesis``, ``ref0``, ``ref1``, ... and optionally ``source``. Text shards are read by
:func:`simpeval.io.iter_lines` on the worker that scores them, so only ``\\n`` ends a row (a
``\\r`` inside a field is text, as in a local file), the text is strict UTF-8 and a line has the
local line-length limit; a row with fewer or more fields than the header is an error naming the
file and its line. Parquet shards are read by pandas; a null or non-text hypothesis or source is
an error naming the file and its row. A shard of 0 bytes holds no segment: it is skipped.

Examples:
    >>> import tempfile, os
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     path = os.path.join(tmp, "part-0.tsv")
    ...     with open(path, "wb") as f:
    ...         _ = f.write(b"hypothesis\\tref0\\na cat sat\\tthe cat sat\\nit rained\\t\\n")
    ...     read_shard(path, "tsv", shard_columns(path, "tsv")).to_dict("list")
    {'hypothesis': ['a cat sat', 'it rained'], 'ref0': ['the cat sat', '']}
"""

from __future__ import annotations

import os
import re
from collections.abc import Iterator, Sequence
from typing import Any

from ..exceptions import InputFileError
from ..io import MAX_LINE_LENGTH, display_name, iter_lines
from ..line_decoding import ENDING_WARNINGS, decode_lines, ending_kind, open_binary

__all__ = [
    "SHARD_KINDS",
    "check_shard_columns",
    "iter_shard_rows",
    "parquet_shard",
    "read_shard",
    "reference_columns",
    "shard_columns",
]

#: The kinds of shard, by file suffix.
SHARD_KINDS = ("parquet", "tsv")
_LAYOUT = "the columns hypothesis, ref0, ref1, ... and optionally source"


def reference_columns(names: Sequence[str]) -> list[str]:
    """The reference columns (``ref0``, ``ref1``, ... in number order).

    Examples:
        >>> reference_columns(["hypothesis", "ref10", "ref2", "references", "source"])
        ['ref2', 'ref10']
    """
    return sorted((c for c in names if re.fullmatch(r"ref\d+", c)), key=lambda c: int(c[3:]))


def shard_columns(path: str, kind: str, max_line_length: int = MAX_LINE_LENGTH) -> list[str]:
    """A shard's column names: a text shard's header line, a Parquet file's schema.

    Raises:
        InputFileError: the header cannot be read (not UTF-8, not Parquet...).
    """
    if kind == "tsv":
        return next(iter_lines(path, max_line_length)).split("\t")
    import pyarrow.parquet as pq

    try:
        return [str(name) for name in pq.read_schema(path).names]
    except (OSError, ValueError) as err:  # pyarrow's ArrowInvalid is a ValueError
        raise InputFileError(f"shard {display_name(path)} is not a Parquet file ({err}).") from err


def check_shard_columns(
    files: Sequence[str], kind: str, needs_source: bool, max_line_length: int = MAX_LINE_LENGTH
) -> list[str]:
    """The columns every shard shares, checked: a ``hypothesis`` and a reference column, the same in
    every shard, and a ``source`` column when a metric needs it.

    Raises:
        InputFileError: a shard lacks one of them, or its columns differ from the first shard's.
    """
    first: tuple[str, list[str]] | None = None  # the first shard's name and columns
    for path in files:
        if os.path.getsize(path) == 0:  # no header, no segment: skipped
            continue
        columns = shard_columns(path, kind, max_line_length)
        missing = [
            what
            for what, ok in (
                ("hypothesis", "hypothesis" in columns),
                ("reference (ref0, ref1, ...)", bool(reference_columns(columns))),
                ("source", "source" in columns or not needs_source),
            )
            if not ok
        ]
        if missing:
            ends_in_cr = bool(columns) and columns[-1].endswith("\r")
            crlf = " Its header line ends in \\r (CRLF line endings): convert it with dos2unix." * ends_in_cr
            raise InputFileError(
                f"shard {display_name(path)} has no {' and no '.join(missing)} column (columns: "
                f"{', '.join(map(_shown, columns)) or 'none'}); every shard needs {_LAYOUT}"
                f"{' (SARI needs the source)' * needs_source}.{crlf}"
            )
        if first is None:
            first = (display_name(path), columns)
        elif sorted(columns) != sorted(first[1]):
            raise InputFileError(
                f"shard {display_name(path)} has the columns {', '.join(columns)}, but {first[0]} "
                f"has {', '.join(first[1])}: every shard needs the same columns."
            )
    if first is None:
        raise InputFileError(
            f"every shard is empty (0 bytes: {', '.join(map(display_name, files))}); no segment to score."
        )
    return first[1]


def _shown(column: str) -> str:
    """A column name as the error shows it: control characters escaped (``source\\r``), so that
    a name that looks like ``source`` but is not can be seen."""
    return column if column.isprintable() else repr(column)[1:-1]


def read_shard(path: str, kind: str, columns: Sequence[str], max_line_length: int = MAX_LINE_LENGTH) -> Any:
    """One shard as a pandas frame of text columns, in the order ``columns`` (a 0-byte shard: no row).

    Raises:
        InputFileError: as :func:`iter_shard_rows`.
    """
    import pandas as pd

    if kind == "parquet" and os.path.getsize(path) > 0:
        table = parquet_shard(path, columns)
        return pd.DataFrame({c: pd.Series(table.column(c).to_pylist(), dtype=object) for c in columns})
    rows = list(iter_shard_rows(path, kind, columns, max_line_length))
    return (
        pd.DataFrame(rows, columns=list(columns), dtype=object)
        if rows
        else pd.DataFrame({c: pd.Series([], dtype=object) for c in columns})
    )


def iter_shard_rows(
    path: str, kind: str, columns: Sequence[str], max_line_length: int = MAX_LINE_LENGTH
) -> Iterator[tuple[str | None, ...]]:
    """A shard's rows, one tuple of the ``columns`` at a time (a text shard is read a line at a time;
    a missing reference in a Parquet shard is ``None``).

    Raises:
        InputFileError: a text row with fewer or more fields than the header, or a line the local
            reader refuses (not UTF-8, a NUL byte, too long); a null or non-text hypothesis or
            source in a Parquet shard. The message names the file and its line (or row), from 1.
    """
    if os.path.getsize(path) == 0:
        return
    if kind == "tsv":
        yield from _tsv_rows(path, columns, max_line_length)
        return
    table = parquet_shard(path, columns)
    yield from zip(*(table.column(c).to_pylist() for c in columns))


def parquet_shard(path: str, columns: Sequence[str]) -> Any:
    """A Parquet shard's ``columns`` as an Arrow table of text (``pa.string()``) columns, checked: the
    hypothesis and source are text in every row, and a reference that is not text (null, or a column
    of another type) is missing (null).

    A shard whose columns are text, without a null hypothesis or source, is read by Arrow alone
    (no Python object per row); any other is read row by row, so that the first bad row is named.

    Raises:
        InputFileError: a null or non-text hypothesis or source (naming the file and its row, from 1).
    """
    import pyarrow as pa
    import pyarrow.parquet as pq

    table = pq.read_table(path, columns=list(columns))
    text = pa.schema([(c, pa.string()) for c in columns])
    if all(_is_text(table.schema.field(c).type) for c in columns) and not any(
        table.column(c).null_count for c in columns if c in _REQUIRED
    ):
        return table.select(list(columns)).cast(text)
    rows = list(_checked_rows(path, table.select(list(columns)).to_pylist(), columns))
    return pa.table([pa.array([row[k] for row in rows], pa.string()) for k in range(len(columns))], schema=text)


#: The columns every row of a shard needs as text (a reference may be missing).
_REQUIRED = ("hypothesis", "source")


def _is_text(kind: Any) -> bool:
    """An Arrow type whose values are all text or null: (large) strings, or a dictionary of them."""
    import pyarrow as pa

    if pa.types.is_dictionary(kind):
        kind = kind.value_type
    return bool(pa.types.is_string(kind) or pa.types.is_large_string(kind))


def _checked_rows(path: str, records: list[dict[str, Any]], columns: Sequence[str]) -> Iterator[tuple[str | None, ...]]:
    for number, record in enumerate(records, start=1):
        for column in _REQUIRED:
            value = record.get(column, "")
            if column in columns and not isinstance(value, str):
                raise InputFileError(
                    f"shard {display_name(path)}, row {number}: the {column} must be text (got "
                    f"{type(value).__name__}: {value!r}). Every segment needs its {column}; fill it or drop the row."
                )
        yield tuple(value if isinstance(value, str) else None for value in (record[c] for c in columns))


def _tsv_rows(path: str, columns: Sequence[str], max_line_length: int) -> Iterator[tuple[str, ...]]:
    # The header's line ending was warned of once, by check_shard_columns on the client: the rows
    # warn (once, wherever they are read) only of an ending the header did not show.
    warned = set(ENDING_WARNINGS)
    with open_binary(path) as handle:
        lines = decode_lines(handle, display_name(path), max_line_length, warned=warned)
        first = next(lines)
        warned.clear()
        warned.add(ending_kind(first, terminated=True))
        yield from _tsv_fields(path, first.split("\t"), columns, lines)


def _tsv_fields(
    path: str, header: list[str], columns: Sequence[str], lines: Iterator[str]
) -> Iterator[tuple[str, ...]]:
    order = [header.index(c) for c in columns]
    for number, line in enumerate(lines, start=2):
        fields = line.split("\t")
        if len(fields) != len(header):
            raise InputFileError(
                f"shard {display_name(path)}, line {number}: expected {len(header)} tab-separated fields "
                f"({', '.join(header)}) but found {len(fields)}. Every row needs every column (an empty field "
                "is an empty text), and a text cannot hold a tab in a TSV shard."
            )
        yield tuple(fields[k] for k in order)
