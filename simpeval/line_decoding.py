"""The rules of reading one UTF-8 file line by line, shared by :mod:`simpeval.io` and the workers.

:func:`decode_lines` is the strict line reader over an open binary handle: the one that
:func:`simpeval.io.iter_lines` runs over a whole file, and that
:mod:`simpeval.engines.ranges` runs from a chunk's byte offset and line number when a chunk
holds anything a worker does not read itself. The errors it raises (:func:`too_long`,
:func:`bad_byte`, :func:`empty_file`), the byte-order mark it removes (:func:`strip_bom`) and the
warnings about carriage returns (:data:`ENDING_WARNINGS`, :func:`ending_kind`,
:func:`check_endings`) are declared here once, so that every reader words them the same way.

Examples:
    >>> import io, warnings
    >>> with warnings.catch_warnings(record=True) as caught:
    ...     warnings.simplefilter("always")
    ...     lines = list(decode_lines(io.BytesIO(b"a\\r\\nb\\r\\n"), "sys.txt", 0))
    >>> lines, [ending_kind(line, True) for line in lines], len(caught)
    (['a\\r', 'b\\r'], ['crlf', 'crlf'], 1)
"""

from __future__ import annotations

import os
import warnings
from codecs import BOM_UTF8
from collections.abc import Iterator
from typing import IO, Union

from .exceptions import InputFileError

__all__ = [
    "ENDING_WARNINGS",
    "STDIN",
    "PathLike",
    "bad_byte",
    "check_endings",
    "decode_lines",
    "display_name",
    "empty_file",
    "ending_kind",
    "open_binary",
    "strip_bom",
    "too_long",
]

PathLike = Union[str, "os.PathLike[str]"]

#: The path that means standard input.
STDIN = "-"


def display_name(path: PathLike) -> str:
    """How a path is named in messages: ``<stdin>`` for ``"-"``, the path otherwise."""
    text = os.fspath(path)
    return "<stdin>" if text == STDIN else text


def open_binary(path: PathLike) -> IO[bytes]:
    """Open a file for reading bytes; a clear :class:`~simpeval.exceptions.InputFileError` when that is impossible."""
    name = display_name(path)
    try:
        return open(path, "rb")
    except FileNotFoundError as err:
        raise InputFileError(f"file {name} does not exist; check the path.") from err
    except IsADirectoryError as err:
        raise InputFileError(f"file {name} is a directory; pass a text file with one segment per line.") from err
    except OSError as err:
        raise InputFileError(f"file {name} cannot be read ({err.strerror or err}).") from err


def too_long(name: str, line: int, limit: int) -> InputFileError:
    """The error for line ``line`` of file ``name``, longer than ``limit`` bytes."""
    return InputFileError(
        f"file {name}, line {line}: longer than {limit:,} bytes, the limit on one line (a file that never ends "
        "a line, such as /dev/zero or a binary file, would otherwise fill memory). If the line is real, raise "
        "the limit: --max-line-length BYTES on the command line, max_line_length= in Python (0: no limit)."
    )


def empty_file(name: str, why: str = "") -> InputFileError:
    """The error for an empty file (``why``: what it holds, said after "is empty")."""
    return InputFileError(f"file {name} is empty{why}; every input file needs one line per segment.")


def strip_bom(data: bytes, name: str, stacklevel: int) -> bytes:
    """``data`` without its leading UTF-8 byte-order mark, if any (with a warning ``stacklevel`` frames up)."""
    if data.startswith(BOM_UTF8):
        message = f"file {name} starts with a UTF-8 byte-order mark (BOM); it was removed, so that it is not "
        warnings.warn(message + "read as part of the first segment.", stacklevel=stacklevel + 1)
    return data.removeprefix(BOM_UTF8)


def bad_byte(name: str, byte: int, line: int) -> InputFileError:
    """The error for a byte no UTF-8 text holds: one that cannot be decoded, or NUL (``byte`` 0)."""
    if byte:
        return InputFileError(
            f"file {name} is not valid UTF-8: byte {byte:#04x} on line {line} "
            f"cannot be decoded. Convert the file to UTF-8 (e.g. iconv -t utf-8)."
        )
    return InputFileError(
        f"file {name} contains a NUL byte (0x00) on line {line}, which no text file holds: it is binary, "
        "or UTF-16/UTF-32 rather than UTF-8. Convert the file to UTF-8 text (e.g. iconv -f utf-16 -t utf-8)."
    )


#: The warnings about line endings, by kind: ``\r\n``, and ``\r`` without ``\n`` (classic Mac);
#: templates with the fields ``name`` (the file) and ``number`` (the first line of the kind).
ENDING_WARNINGS = {
    "crlf": "file {name} has Windows line endings (\\r\\n); the \\r is kept as part of each segment. "
    "Convert the file (e.g. dos2unix) if that is not intended.",
    "cr": "file {name} has \\r line endings without \\n (classic Mac), first on line {number}: simpeval "
    "splits lines on \\n only, so the text they separate is read as one segment (the whole file, if it has "
    "no \\n) and the line counts will not be right. Convert the file to \\n line endings (e.g. mac2unix, "
    "or tr '\\r' '\\n').",
}


def ending_kind(line: str, terminated: bool) -> str:
    """``"cr"``, ``"crlf"`` (a key of :data:`ENDING_WARNINGS`) or ``""``: the carriage return a line holds, if
    any (``terminated``: a newline followed it)."""
    crlf = terminated and line.endswith("\r")
    return "cr" if "\r" in (line[:-1] if crlf else line) else "crlf" if crlf else ""


def check_endings(line: str, number: int, terminated: bool, name: str, warned: set[str], stacklevel: int) -> None:
    """Warn, once per file and kind, of a line with a carriage return (``terminated``: a newline followed it;
    ``warned``: the kinds already warned of in this file, updated)."""
    kind = ending_kind(line, terminated)
    if kind and kind not in warned:
        warned.add(kind)
        warnings.warn(ENDING_WARNINGS[kind].format(name=name, number=number), stacklevel=stacklevel + 1)


def decode_lines(
    handle: IO[bytes], name: str, max_line_length: int, first: int = 1, warned: set[str] | None = None
) -> Iterator[str]:
    """The lines from ``handle`` on, numbered from ``first``, checked as :func:`simpeval.io.iter_lines` checks them.

    Args:
        handle: the binary file, at the start of line ``first``.
        name: the file's name in messages.
        max_line_length: the longest line allowed, in bytes without the newline (0: no limit).
        first: the number (1-based) of the first line read; a byte-order mark is removed on line 1 only.
        warned: the kinds of line endings already warned of in this file (updated), for a reader
            that goes on where another stopped.

    Raises:
        InputFileError: a line over ``max_line_length`` bytes, bytes that are not UTF-8, a NUL byte, or
            no line at all (when reached).
    """
    number, warned = first - 1, set() if warned is None else warned
    size = max_line_length + 1 if max_line_length else -1  # a line, its newline, nothing more
    while raw := handle.readline(size):
        number += 1
        if max_line_length and len(raw) > max_line_length and not raw.endswith(b"\n"):
            raise too_long(name, number, max_line_length)
        raw, terminated = (raw[:-1], True) if raw.endswith(b"\n") else (raw, False)
        if number == 1 and raw.startswith(BOM_UTF8):
            if raw == BOM_UTF8 and not terminated:
                raise empty_file(name, " (it holds only a UTF-8 byte-order mark)")
            raw = strip_bom(raw, name, stacklevel=3)
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as err:
            raise bad_byte(name, raw[err.start], number) from err
        if "\0" in line:
            raise bad_byte(name, 0, number)
        if "\r" in line:
            check_endings(line, number, terminated, name, warned, stacklevel=3)
        yield line
    if number == 0:
        raise empty_file(name)
