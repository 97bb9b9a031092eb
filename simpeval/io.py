"""Strict reading of line-aligned text files.

Every file holds one segment per line. Nothing is filtered, stripped or skipped: an empty
line is an (empty) segment, and a carriage return before the newline stays part of the
segment (with a warning; another for ``\\r`` without ``\\n``: classic Mac line endings). Only
a UTF-8 byte-order mark at the start of a file is removed (as ``utf-8-sig`` does), with a
warning. What *is* rejected, with the file name and line number, is what cannot be right: a
missing or empty file, bytes that are not UTF-8, NUL bytes, a references TSV with the wrong
number of fields, and files whose line counts differ.

``"-"`` stands for standard input.

Examples:
    >>> import tempfile, os
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     path = os.path.join(tmp, "refs.tsv")
    ...     with open(path, "w", encoding="utf-8") as f:
    ...         _ = f.write("a\\tA\\nb\\tB\\n")
    ...     read_lines(path), read_tsv_references(path, 2)
    (['a\\tA', 'b\\tB'], [['a', 'b'], ['A', 'B']])
"""

from __future__ import annotations

import io
import itertools
import os
import sys
import warnings
from codecs import BOM_UTF8
from itertools import zip_longest
from typing import IO, Any, Iterable, Iterator, Mapping, Optional, Sequence, Union

from .exceptions import InputFileError, InputLengthMismatchError, InvalidOptionError, ReferenceLayoutError

__all__ = [
    "LINE_COUNT_MISMATCH",
    "STDIN",
    "check_same_length",
    "display_name",
    "iter_aligned_chunks",
    "iter_chunks",
    "iter_lines",
    "iter_tsv_references",
    "length_mismatch",
    "read_lines",
    "read_tsv_references",
]

PathLike = Union[str, "os.PathLike[str]"]

#: The path that means standard input.
STDIN = "-"
#: The start of the message of every line-count mismatch between files (a test set counts as one).
LINE_COUNT_MISMATCH = "input files must have the same number of lines, one per segment"


def display_name(path: PathLike) -> str:
    """How a path is named in messages: ``<stdin>`` for ``"-"``, the path otherwise."""
    text = os.fspath(path)
    return "<stdin>" if text == STDIN else text


def _read_bytes(path: PathLike) -> bytes:
    name = display_name(path)
    if os.fspath(path) == STDIN:
        stream = getattr(sys.stdin, "buffer", None)
        if stream is not None:
            data: bytes = stream.read()
            return data
        return str(sys.stdin.read()).encode("utf-8")
    with _open_binary(path) as handle:
        try:
            return handle.read()
        except OSError as err:
            raise InputFileError(f"file {name} cannot be read ({err.strerror or err}).") from err


def _open_binary(path: PathLike) -> IO[bytes]:
    """Open a file for reading bytes; a clear :class:`InputFileError` when that is impossible."""
    name = display_name(path)
    try:
        return open(path, "rb")
    except FileNotFoundError as err:
        raise InputFileError(f"file {name} does not exist; check the path.") from err
    except IsADirectoryError as err:
        raise InputFileError(f"file {name} is a directory; pass a text file with one segment per line.") from err
    except OSError as err:
        raise InputFileError(f"file {name} cannot be read ({err.strerror or err}).") from err


def _empty(name: str, why: str = "") -> InputFileError:
    return InputFileError(f"file {name} is empty{why}; every input file needs one line per segment.")


def _strip_bom(data: bytes, name: str, stacklevel: int) -> bytes:
    """``data`` without its leading UTF-8 byte-order mark, if any (with a warning)."""
    if data.startswith(BOM_UTF8):
        message = f"file {name} starts with a UTF-8 byte-order mark (BOM); it was removed, so that it is not "
        warnings.warn(message + "read as part of the first segment.", stacklevel=stacklevel + 1)
    return data.removeprefix(BOM_UTF8)


def _bad_byte(name: str, byte: int, line: int) -> InputFileError:
    """The error for a byte no UTF-8 text holds: one that cannot be decoded, or NUL."""
    if byte:
        return InputFileError(
            f"file {name} is not valid UTF-8: byte {byte:#04x} on line {line} "
            f"cannot be decoded. Convert the file to UTF-8 (e.g. iconv -t utf-8)."
        )
    return InputFileError(
        f"file {name} contains a NUL byte (0x00) on line {line}, which no text file holds: it is binary, "
        "or UTF-16/UTF-32 rather than UTF-8. Convert the file to UTF-8 text (e.g. iconv -f utf-16 -t utf-8)."
    )


#: The warnings about line endings, by kind: ``\r\n``, and ``\r`` without ``\n`` (classic Mac).
_ENDINGS = {
    "crlf": "file {name} has Windows line endings (\\r\\n); the \\r is kept as part of each segment. "
    "Convert the file (e.g. dos2unix) if that is not intended.",
    "cr": "file {name} has \\r line endings without \\n (classic Mac), first on line {number}: simpeval "
    "splits lines on \\n only, so the text they separate is read as one segment (the whole file, if it has "
    "no \\n) and the line counts will not be right. Convert the file to \\n line endings (e.g. mac2unix, "
    "or tr '\\r' '\\n').",
}


def _check_endings(line: str, number: int, terminated: bool, name: str, warned: set[str], stacklevel: int) -> None:
    """Warn, once per file and kind, of a line with a carriage return (``terminated``: a newline followed it)."""
    crlf = terminated and line.endswith("\r")
    kind = "cr" if "\r" in (line[:-1] if crlf else line) else "crlf" if crlf else ""
    if kind and kind not in warned:
        warned.add(kind)
        warnings.warn(_ENDINGS[kind].format(name=name, number=number), stacklevel=stacklevel + 1)


def read_lines(path: PathLike) -> list[str]:
    """Read a UTF-8 text file as a list of segments, one per line.

    Lines are split on ``"\\n"`` only; the newline is removed and nothing else. A final
    newline does not add an empty segment, and a last line without a newline is kept.

    A UTF-8 byte-order mark at the start of the file is removed, with a warning.

    Args:
        path: the file to read, or ``"-"`` for standard input.

    Returns:
        The lines, without their newline characters.

    Raises:
        InputFileError: the file is missing, unreadable, empty (0 bytes, or only a BOM), not
            valid UTF-8, or holds a NUL byte (the message gives the 1-based line number of the
            first bad byte).

    Examples:
        >>> import tempfile, os
        >>> with tempfile.TemporaryDirectory() as tmp:
        ...     path = os.path.join(tmp, "sys.txt")
        ...     with open(path, "wb") as f:
        ...         _ = f.write(b"first\\n\\nthird")
        ...     read_lines(path)
        ['first', '', 'third']
    """
    name = display_name(path)
    data = _read_bytes(path)
    if not data or data == BOM_UTF8:
        raise _empty(name, " (it holds only a UTF-8 byte-order mark)" if data else "")
    data = _strip_bom(data, name, stacklevel=2)
    nul = data.find(b"\0")
    nul_line = data.count(b"\n", 0, nul) + 1 if nul >= 0 else 0
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        bad_line = data.count(b"\n", 0, err.start) + 1
        if 0 < nul_line < bad_line:  # the first bad line is reported, as iter_lines does
            raise _bad_byte(name, 0, nul_line) from None
        raise _bad_byte(name, data[err.start], bad_line) from err
    if nul_line:
        raise _bad_byte(name, 0, nul_line)
    terminated = text.endswith("\n")
    lines = (text[:-1] if terminated else text).split("\n")
    if "\r" in text:
        warned: set[str] = set()
        for number, line in enumerate(lines, start=1):
            _check_endings(line, number, terminated or number < len(lines), name, warned, stacklevel=2)
    return lines


def iter_lines(path: PathLike) -> Iterator[str]:
    """Lazily read a UTF-8 text file, one segment per line, with :func:`read_lines`' rules.

    Only one line is in memory at a time, so files of any size can be scored. Errors
    (missing, empty, invalid UTF-8 or NUL with the line number) are raised when reached.

    Examples:
        >>> import tempfile, os
        >>> with tempfile.TemporaryDirectory() as tmp:
        ...     path = os.path.join(tmp, "sys.txt")
        ...     with open(path, "wb") as f:
        ...         _ = f.write(b"first\\n\\nthird")
        ...     list(iter_lines(path))
        ['first', '', 'third']
    """
    name = display_name(path)
    if os.fspath(path) == STDIN:
        stream = getattr(sys.stdin, "buffer", None)
        handle: IO[bytes] = stream if stream is not None else io.BytesIO(sys.stdin.read().encode("utf-8"))
        yield from _decode_lines(handle, name)
        return
    with _open_binary(path) as handle:
        yield from _decode_lines(handle, name)


def _decode_lines(handle: IO[bytes], name: str) -> Iterator[str]:
    number = 0
    warned: set[str] = set()
    for number, raw in enumerate(handle, start=1):
        raw, terminated = (raw[:-1], True) if raw.endswith(b"\n") else (raw, False)
        if number == 1 and raw.startswith(BOM_UTF8):
            if raw == BOM_UTF8 and not terminated:
                raise _empty(name, " (it holds only a UTF-8 byte-order mark)")
            raw = _strip_bom(raw, name, stacklevel=3)
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as err:
            raise _bad_byte(name, raw[err.start], number) from err
        if "\0" in line:
            raise _bad_byte(name, 0, number)
        if "\r" in line:
            _check_endings(line, number, terminated, name, warned, stacklevel=3)
        yield line
    if number == 0:
        raise _empty(name)


def iter_tsv_references(path: PathLike, num_refs: int) -> list[Iterator[str]]:
    """Lazily read a references TSV as ``num_refs`` streams (consume them in lockstep).

    Raises:
        ReferenceLayoutError: a line does not have exactly ``num_refs`` fields (when reached).
    """
    if isinstance(num_refs, bool) or not isinstance(num_refs, int) or num_refs < 1:
        raise InvalidOptionError(f"iter_tsv_references: num_refs must be a positive integer (got {num_refs!r}).")
    name = display_name(path)

    def rows() -> Iterator[list[str]]:
        for number, line in enumerate(iter_lines(path), start=1):
            yield _tsv_fields(line, number, name, num_refs)

    def column(stream: Iterator[list[str]], j: int) -> Iterator[str]:
        return (row[j] for row in stream)

    return [column(stream, j) for j, stream in enumerate(itertools.tee(rows(), num_refs))]


def _tsv_fields(line: str, number: int, name: str, num_refs: int) -> list[str]:
    fields = line.split("\t")
    if len(fields) != num_refs:
        raise ReferenceLayoutError(
            f"file {name}, line {number}: expected {num_refs} tab-separated references "
            f"(num_refs={num_refs}) but found {len(fields)}. Fix the line, or change the "
            "number of references (CLI: --num-refs)."
        )
    return fields


def read_tsv_references(path: PathLike, num_refs: int) -> list[list[str]]:
    """Read references stored as one tab-separated line per segment.

    Args:
        path: the TSV file (or ``"-"`` for standard input).
        num_refs: the number of references (tab-separated fields) on every line.

    Returns:
        Reference streams: ``streams[j][i]`` is reference ``j`` of segment ``i``.

    Raises:
        InvalidOptionError: ``num_refs`` is not a positive integer.
        InputFileError: as :func:`read_lines`.
        ReferenceLayoutError: a line does not have exactly ``num_refs`` fields.
    """
    if isinstance(num_refs, bool) or not isinstance(num_refs, int) or num_refs < 1:
        raise InvalidOptionError(f"read_tsv_references: num_refs must be a positive integer (got {num_refs!r}).")
    name = display_name(path)
    streams: list[list[str]] = [[] for _ in range(num_refs)]
    for number, line in enumerate(read_lines(path), start=1):
        for stream, field in zip(streams, _tsv_fields(line, number, name, num_refs)):
            stream.append(field)
    return streams


def check_same_length(named: Mapping[str, Sequence[object]]) -> None:
    """Check that every file has the same number of lines.

    Args:
        named: file name -> its lines.

    Raises:
        InputLengthMismatchError: the line counts differ; the message lists every file
            with its count.

    Examples:
        >>> check_same_length({"src.txt": ["a", "b"], "sys.txt": ["a"]})
        Traceback (most recent call last):
        ...
        simpeval.exceptions.InputLengthMismatchError: input files must have the same number of lines, one per segment, but they differ: src.txt: 2 lines, sys.txt: 1 line.
    """
    counts = [(name, len(lines)) for name, lines in named.items()]
    if len({n for _, n in counts}) > 1:
        raise length_mismatch(counts)


def length_mismatch(
    counts: Iterable[tuple[str, int]], what: str = LINE_COUNT_MISMATCH, unit: str = "line"
) -> InputLengthMismatchError:
    """The error for inputs of different lengths: ``what``, then every input with its length.

    The one wording of every length check (:func:`check_same_length`,
    :func:`iter_aligned_chunks`, :func:`simpeval.testsets.check_system_outputs`). An input
    named twice with the same length (a TSV file feeding several reference streams) is listed once.

    Args:
        counts: ``(name, length)`` of every input, in the order to list them.
        what: the start of the message.
        unit: what is counted (``"line"`` gives ``"3 lines"``); empty: bare numbers.

    Examples:
        >>> print(length_mismatch([("a.txt", 3), ("b.txt", 2), ("b.txt", 2)]))
        input files must have the same number of lines, one per segment, but they differ: a.txt: 3 lines, b.txt: 2 lines.
    """

    def amount(n: int) -> str:
        return f"{n} {unit}{'' if n == 1 else 's'}" if unit else str(n)

    listing = ", ".join(dict.fromkeys(f"{name}: {amount(n)}" for name, n in counts))
    return InputLengthMismatchError(f"{what}, but they differ: {listing}.")


# ------------------------------------------------------------ aligned chunks (streaming)
_END = object()


def iter_aligned_chunks(
    named: Sequence[tuple[str, Iterable[Any]]],
    chunk_size: int,
    what: str = "inputs must have the same number of segments",
    unit: str = "",
) -> Iterator[list[list[Any]]]:
    """Walk aligned iterables in lockstep, ``chunk_size`` items at a time.

    Yields one list per iterable (its items in this chunk). Nothing is buffered beyond a
    chunk, so files of any length can be read this way.

    Args:
        named: ``(name, iterable)`` pairs; names are used in the error message.
        chunk_size: items per chunk.
        what: the start of the error message.
        unit: what is counted, for the message (``"line"`` gives ``"3 lines"``).

    Raises:
        InputLengthMismatchError: one iterable ends before the others; the message gives the
            length of every input.
    """
    names = [name for name, _ in named]
    iterators = [iter(it) for _, it in named]
    done = 0
    while True:
        rows = list(itertools.islice(zip_longest(*iterators, fillvalue=_END), chunk_size))
        if not rows:
            return
        if any(_END in row for row in rows):
            lengths = []
            for k, (name, iterator) in enumerate(zip(names, iterators)):
                present = sum(1 for row in rows if row[k] is not _END)
                rest = 0 if any(row[k] is _END for row in rows) else sum(1 for _ in iterator)
                lengths.append((name, done + present + rest))
            raise length_mismatch(lengths, what, unit)
        done += len(rows)
        yield [list(column) for column in zip(*rows)]


def iter_chunks(
    hypotheses: Iterable[str],
    references: Sequence[Iterable[Optional[str]]],
    sources: Optional[Iterable[str]],
    chunk_size: int,
    owner: str = "simpeval",
) -> Iterator[tuple[list[str], list[list[Optional[str]]], Optional[list[str]]]]:
    """``(hypotheses, reference streams, sources)`` of aligned iterables, chunk by chunk."""
    named: list[tuple[str, Iterable[Any]]] = [("hypotheses", hypotheses)]
    named += [(f"references[{j}]", stream) for j, stream in enumerate(references)]
    if sources is not None:
        named.append(("sources", sources))
    what = f"{owner}: inputs must have the same number of segments"
    for columns in iter_aligned_chunks(named, chunk_size, what):
        refs = columns[1 : 1 + len(references)]
        yield columns[0], refs, (columns[-1] if sources is not None else None)
