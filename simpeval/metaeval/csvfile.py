"""Human ratings from a CSV file of one's own (:func:`from_csv`).

One row per rated output, with a header naming the columns; four of them are read: the segment
id (the line of the test set, counted from 1 by default), the system, the output and the rating.
Every fault is one :class:`~simpeval.exceptions.InputFileError` naming the file, the line and
the column, with what was expected.

Examples:
    >>> import pathlib, tempfile
    >>> path = pathlib.Path(tempfile.mkdtemp()) / "r.csv"
    >>> _ = path.write_text("id,sys,text,score\\n1,A,a cat,0.5\\n2,A,a dog,high\\n", encoding="utf-8")
    >>> from_csv(path, segment="id", system="sys", output="text", rating="score")
    Traceback (most recent call last):
    ...
    simpeval.exceptions.InputFileError: ratings file r.csv, line 3, column 'score': the rating must be a number (got 'high').
"""

from __future__ import annotations

import csv
import io
import math
import re
from pathlib import Path
from typing import Any

from ..exceptions import InputFileError, InvalidOptionError
from ..io import check_encoding
from .ratings import HumanRatings

__all__ = ["from_csv"]

NEWLINE = b"\n"
#: What a CSV file's numbers look like (Python's int() and float() accept more: ``1_0``, ``inf``, ``١``).
_INTEGER = re.compile(r"[+-]?[0-9]+")
_NUMBER = re.compile(r"[+-]?(?:[0-9]+(?:\.[0-9]*)?|\.[0-9]+)(?:[eE][+-]?[0-9]+)?")


class _Rows:
    """The columns being collected, and the file for messages."""

    def __init__(self, label: str) -> None:
        self.label = label
        self.segments: list[int] = []
        self.systems: list[str] = []
        self.outputs: list[str] = []
        self.scores: list[float] = []
        self.lines: list[int] = []
        self.first: dict[tuple[str, int], int] = {}  # (system, segment) -> the line of its rating

    def fail(self, line: int, column: str | None, message: str) -> InputFileError:
        where = f"ratings file {self.label}, line {line}" + (f", column {column!r}" if column else "")
        return InputFileError(f"{where}: {message}")


def _text(path: Path, label: str, encoding: str) -> str:
    try:
        codec = check_encoding("from_csv", encoding)
    except InvalidOptionError:
        raise InputFileError(f"ratings file {label}: {encoding!r} is not a text encoding Python knows.") from None
    try:
        data = path.read_bytes()
    except OSError as err:
        raise InputFileError(f"ratings file {label} cannot be read ({err.strerror or err}).") from err
    try:
        return data.decode("utf-8-sig" if codec == "utf-8" else codec)  # a byte-order mark skipped
    except UnicodeError as err:  # punycode and idna give no byte offset
        start = getattr(err, "start", None)
        where = f", line {data[:start].count(NEWLINE) + 1}" if start is not None else ""
        byte = f" (byte {data[start]:#04x})" if start is not None else ""
        raise InputFileError(
            f"ratings file {label}{where}: not valid {encoding}{byte}; save the file as UTF-8 or name its encoding."
        ) from None


def _header(reader: Any, rows: _Rows, wanted: dict[str, str]) -> tuple[dict[str, int], int]:
    """Where each wanted column is, and how many fields a row has."""
    header: list[str] | None = next(reader, None)
    if not header:
        raise rows.fail(
            1, None, f"expected a header naming the columns ({', '.join(wanted.values())}); the file is empty."
        )
    missing = [name for name in wanted.values() if name not in header]
    if missing:
        raise rows.fail(
            1,
            None,
            f"no column {', '.join(map(repr, missing))} in the header (it has: "
            f"{', '.join(header)}); name the columns to read (CLI: --segment-column, --system-column, "
            "--output-column, --rating-column).",
        )
    twice = [name for name in wanted.values() if header.count(name) > 1]
    if twice:
        raise rows.fail(1, twice[0], "the header names this column twice; rename one.")
    return {role: header.index(name) for role, name in wanted.items()}, len(header)


def _record(rows: _Rows, line: int, fields: list[str], where: dict[str, int], names: dict[str, str], base: int) -> None:
    segment, rating = fields[where["segment"]].strip(), fields[where["rating"]].strip()
    try:
        seg = int(segment)
    except ValueError:
        raise rows.fail(line, names["segment"], f"the segment id must be an integer (got {segment!r}).") from None
    if not _INTEGER.fullmatch(segment):  # int() also reads 1_0 (as 10) and other scripts' digits
        raise rows.fail(
            line,
            names["segment"],
            f"the segment id must be an integer written with digits 0-9 "
            f"(got {segment!r}, which Python would read as {seg}).",
        )
    if seg < base:
        raise rows.fail(
            line,
            names["segment"],
            f"the segment id must be >= {base}: a line of the test set counted from {base} (got {seg}).",
        )
    try:
        score = float(rating)
    except ValueError:
        raise rows.fail(line, names["rating"], f"the rating must be a number (got {rating!r}).") from None
    if math.isfinite(score) and not _NUMBER.fullmatch(rating):  # float() also reads 1_0 (as 10), other scripts' digits
        raise rows.fail(
            line,
            names["rating"],
            f"the rating must be a number written with digits 0-9, an optional "
            f"sign, decimal point and exponent, as 0.5, -3 or 1e-3 (got {rating!r}, which Python would "
            f"read as {score!r}).",
        )
    if not math.isfinite(score):
        raise rows.fail(line, names["rating"], f"the rating must be a finite number (got {rating!r}).")
    system = fields[where["system"]].strip()
    if not system:
        raise rows.fail(line, names["system"], "the system name is empty.")
    if (system, seg) in rows.first:
        raise rows.fail(
            line,
            names["segment"],
            f"system {system!r} has a second rating of segment {seg} (the "
            f"first: line {rows.first[system, seg]}); give one rating per output (average them first).",
        )
    rows.first[system, seg] = line
    rows.segments.append(seg - base)
    rows.systems.append(system)
    rows.outputs.append(fields[where["output"]])
    rows.scores.append(score)
    rows.lines.append(line)


def from_csv(
    path: str | Path,
    *,
    segment: str = "sent_id",
    system: str = "sys_name",
    output: str = "simp_sent",
    rating: str = "rating",
    one_based: bool = True,
    delimiter: str = ",",
    encoding: str = "utf-8",
    corpus: str | None = None,
) -> HumanRatings:
    """Ratings from a CSV file with a header.

    Args:
        path: the file.
        segment, system, output, rating: the names of the columns holding the segment id, the
            system name, the rated output and the rating (defaults: Simplicity-DA's names).
        one_based: segment ids count the test set's lines from 1 (Simplicity-DA's ``sent_id``);
            ``False``: from 0 (ASSET's ``original_sentence_id``).
        delimiter: the field separator (``"\\t"`` for TSV).
        encoding: the file's encoding (a UTF-8 byte-order mark is skipped).
        corpus: the registered corpus whose lines the segment ids index, if known.

    Returns:
        The ratings, named after the file; the rating column names the aspect.

    Raises:
        InputFileError: the file cannot be read or decoded, a column is missing, a row has
            too few or too many fields, a segment id or rating is not a number, a system name
            is empty, there is no rating, or an output is rated twice (the message names the
            file, the line and the column).
    """
    label = Path(path).name
    rows = _Rows(label)
    names = {"segment": segment, "system": system, "output": output, "rating": rating}
    reader = csv.reader(io.StringIO(_text(Path(path), label, encoding), newline=""), delimiter=delimiter)
    try:
        where, width = _header(reader, rows, names)
        line = reader.line_num + 1
        for fields in reader:
            if fields and len(fields) != width:
                raise rows.fail(
                    line,
                    None,
                    f"{len(fields)} fields, but the header has {width}; quote the fields "
                    "that contain the delimiter or a line break.",
                )
            if fields:
                _record(rows, line, fields, where, names, 1 if one_based else 0)
            line = reader.line_num + 1
    except csv.Error as err:
        raise rows.fail(reader.line_num, None, f"not readable as CSV ({err}).") from None
    if not rows.segments:
        raise rows.fail(2, None, "no rating below the header.")
    return HumanRatings(
        label,
        rating,
        tuple(rows.segments),
        tuple(rows.systems),
        tuple(rows.outputs),
        tuple(rows.scores),
        corpus,
        f"{rating}: from {label}",
        tuple(rows.lines),
    )
