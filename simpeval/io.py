"""Strict reading of line-aligned text files.

Every file holds one segment per line. Nothing is filtered, stripped or skipped: an empty
line is an (empty) segment, and a carriage return before the newline stays part of the
segment (with a warning; another for ``\\r`` without ``\\n``: classic Mac line endings). Only
a UTF-8 byte-order mark at the start of a file is removed (as ``utf-8-sig`` does), with a
warning. What *is* rejected, with the file name and line number, is what cannot be right: a
missing or empty file, bytes that are not UTF-8, NUL bytes, a references TSV with the wrong
number of fields, and lines longer than a limit (an endless line would otherwise fill memory).
That files have the same number of lines is checked by :mod:`simpeval.alignment`. The line reader
itself and the wording of its errors and warnings live in :mod:`simpeval.line_decoding`, which the
workers of :mod:`simpeval.engines.ranges` share.

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

import codecs
import io
import itertools
import os
import sys
from codecs import BOM_UTF8
from collections.abc import Iterator
from typing import IO

from ._validate import check_int
from .exceptions import InputFileError, InvalidOptionError, ReferenceLayoutError
from .line_decoding import (
    STDIN,
    PathLike,
    bad_byte,
    check_endings,
    decode_lines,
    display_name,
    empty_file,
    open_binary,
    strip_bom,
    too_long,
)

__all__ = [
    "MAX_LINE_LENGTH",
    "STDIN",
    "check_encoding",
    "display_name",
    "iter_lines",
    "iter_tsv_references",
    "read_lines",
    "read_tsv_references",
]

#: The longest line read, in bytes (without its newline): 1 MiB by default; 0 lifts the limit.
MAX_LINE_LENGTH: int = 1 << 20
_BLOCK = 1 << 20  # bytes read at a time by read_lines


def _read_bytes(path: PathLike, max_line_length: int) -> bytes:
    name = display_name(path)
    if os.fspath(path) == STDIN:
        stream = getattr(sys.stdin, "buffer", None)
        if stream is None:
            return _bounded(io.BytesIO(str(sys.stdin.read()).encode("utf-8")), name, max_line_length)
        return _bounded(stream, name, max_line_length)
    with open_binary(path) as handle:
        try:
            return _bounded(handle, name, max_line_length)
        except OSError as err:
            raise InputFileError(f"file {name} cannot be read ({err.strerror or err}).") from err


def _bounded(handle: IO[bytes], name: str, max_line_length: int) -> bytes:
    """All of ``handle``, read in blocks, stopping at the first line over ``max_line_length`` bytes.

    A block is at most ``max_line_length + 1`` bytes, so a line inside one block is within the
    limit; only the run of bytes since the last newline needs counting across blocks.
    """
    if not max_line_length:
        return handle.read()
    block_size = min(_BLOCK, max_line_length + 1)
    blocks: list[bytes] = []
    run = 0  # bytes since the last newline
    while block := handle.read(block_size):
        blocks.append(block)
        first, last = block.find(b"\n"), block.rfind(b"\n")
        if (first if first >= 0 else len(block)) + run > max_line_length:
            data = b"".join(blocks)
            raise too_long(name, data.count(b"\n", 0, len(data) - len(block) - run) + 1, max_line_length)
        run = run + len(block) if last < 0 else len(block) - last - 1
    return b"".join(blocks)


def _check_limit(owner: str, max_line_length: int) -> int:
    check_int(
        max_line_length, f"{owner}: max_line_length", minimum=0, expected="a number of bytes >= 0, 0 for no limit"
    )
    return max_line_length


def read_lines(path: PathLike, max_line_length: int = MAX_LINE_LENGTH, encoding: str = "utf-8") -> list[str]:
    """Read a UTF-8 text file as a list of segments, one per line.

    Lines are split on ``"\\n"`` only; the newline is removed and nothing else. A final
    newline does not add an empty segment, and a last line without a newline is kept.

    A UTF-8 byte-order mark at the start of the file is removed, with a warning.

    Args:
        path: the file to read, or ``"-"`` for standard input.
        max_line_length: the longest line allowed, in bytes without the newline
            (:data:`MAX_LINE_LENGTH`, 1 MiB, by default; 0: no limit). Reading stops at the
            first longer line, so an endless line (``/dev/zero``) cannot fill memory.
        encoding: the file's text encoding (``"utf-8"`` by default; any codec Python knows, such
            as ``"latin-1"`` or ``"utf-16"``, whose files are decoded whole).

    Returns:
        The lines, without their newline characters.

    Raises:
        InputFileError: the file is missing, unreadable, empty (0 bytes, or only a BOM), not
            valid UTF-8, holds a NUL byte, or has a line over ``max_line_length`` bytes (the
            message gives the 1-based line number of the first bad line).
        InvalidOptionError: ``max_line_length`` is not an integer >= 0, or ``encoding`` is unknown.

    Examples:
        >>> import tempfile, os
        >>> with tempfile.TemporaryDirectory() as tmp:
        ...     path = os.path.join(tmp, "sys.txt")
        ...     with open(path, "wb") as f:
        ...         _ = f.write(b"first\\n\\nthird")
        ...     read_lines(path)
        ['first', '', 'third']
    """
    name, codec = display_name(path), check_encoding("read_lines", encoding)
    data = _read_bytes(path, _check_limit("read_lines", max_line_length))
    text = _decode_utf8(data, name) if codec == "utf-8" else _decode_other(data, name, codec)
    terminated = text.endswith("\n")
    lines = (text[:-1] if terminated else text).split("\n")
    if "\r" in text:
        warned: set[str] = set()
        for number, line in enumerate(lines, start=1):
            check_endings(line, number, terminated or number < len(lines), name, warned, stacklevel=2)
    return lines


def check_encoding(owner: str, encoding: str) -> str:
    """The codec's canonical name (``"utf-8"`` for UTF-8 with or without ``-sig``).

    Raises:
        InvalidOptionError: ``encoding`` names no codec, or a codec that is not a text encoding
            (``rot13``, ``hex``, ``zlib``: bytes-to-bytes or str-to-str).
    """
    try:
        info = codecs.lookup(encoding) if isinstance(encoding, str) else None
    except LookupError:
        info = None
    # Python marks the codecs that are not text encodings (rot13, hex, zlib, ...); bytes.decode refuses them.
    name = info.name if info is not None and getattr(info, "_is_text_encoding", True) else None
    if name is None:
        raise InvalidOptionError(
            f"{owner}: encoding must be the name of a text encoding such as utf-8 or latin-1 (got {encoding!r})."
        )
    return "utf-8" if name in ("utf-8", "utf-8-sig") else name


def _decode_other(data: bytes, name: str, codec: str) -> str:
    """``data`` decoded with ``codec`` (strictly); NUL is refused as in UTF-8 files."""
    if not data:
        raise empty_file(name)
    try:
        text = data.decode(codec)
    except UnicodeDecodeError as err:
        raise InputFileError(
            f"file {name} is not valid {codec}: byte {data[err.start]:#04x} at offset {err.start} cannot be "
            "decoded. Give the file's encoding (--encoding / encoding=)."
        ) from err
    except UnicodeError as err:  # codecs such as punycode and idna report no byte offset
        raise InputFileError(
            f"file {name} is not valid {codec} ({err}). Give the file's encoding (--encoding / encoding=)."
        ) from err
    if "\0" in text:
        raise bad_byte(name, 0, text.count("\n", 0, text.index("\0")) + 1)
    return text


def _decode_utf8(data: bytes, name: str) -> str:
    """``data`` as UTF-8 text: a leading BOM removed (with a warning); bad bytes and NUL refused with their line."""
    if not data or data == BOM_UTF8:
        raise empty_file(name, " (it holds only a UTF-8 byte-order mark)" if data else "")
    data = strip_bom(data, name, stacklevel=3)
    nul = data.find(b"\0")
    nul_line = data.count(b"\n", 0, nul) + 1 if nul >= 0 else 0
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as err:
        bad_line = data.count(b"\n", 0, err.start) + 1
        if 0 < nul_line < bad_line:  # the first bad line is reported, as iter_lines does
            raise bad_byte(name, 0, nul_line) from None
        raise bad_byte(name, data[err.start], bad_line) from err
    if nul_line:
        raise bad_byte(name, 0, nul_line)
    return text


def iter_lines(path: PathLike, max_line_length: int = MAX_LINE_LENGTH, encoding: str = "utf-8") -> Iterator[str]:
    """Lazily read a UTF-8 text file, one segment per line, with :func:`read_lines`' rules.

    Only one line is in memory at a time, so files of any size can be scored. Errors
    (missing, empty, invalid UTF-8, NUL or a line over ``max_line_length`` bytes, with the line
    number) are raised when reached.

    Examples:
        >>> import tempfile, os
        >>> with tempfile.TemporaryDirectory() as tmp:
        ...     path = os.path.join(tmp, "sys.txt")
        ...     with open(path, "wb") as f:
        ...         _ = f.write(b"first\\n\\nthird")
        ...     list(iter_lines(path))
        ['first', '', 'third']
    """
    name, limit = display_name(path), _check_limit("iter_lines", max_line_length)
    if check_encoding("iter_lines", encoding) != "utf-8":  # other codecs: the whole file, decoded at once
        yield from read_lines(path, limit, encoding)
        return
    if os.fspath(path) == STDIN:
        stream = getattr(sys.stdin, "buffer", None)
        handle: IO[bytes] = stream if stream is not None else io.BytesIO(sys.stdin.read().encode("utf-8"))
        yield from decode_lines(handle, name, limit)
        return
    with open_binary(path) as handle:
        yield from decode_lines(handle, name, limit)


def iter_tsv_references(
    path: PathLike, num_refs: int, max_line_length: int = MAX_LINE_LENGTH, encoding: str = "utf-8"
) -> list[Iterator[str]]:
    """Lazily read a references TSV as ``num_refs`` streams (consume them in lockstep).

    Raises:
        ReferenceLayoutError: a line does not have exactly ``num_refs`` fields (when reached).
    """
    check_int(num_refs, "iter_tsv_references: num_refs", expected="a positive integer")
    name, limit = display_name(path), _check_limit("iter_tsv_references", max_line_length)

    def rows() -> Iterator[list[str]]:
        for number, line in enumerate(iter_lines(path, limit, encoding), start=1):
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


def read_tsv_references(
    path: PathLike, num_refs: int, max_line_length: int = MAX_LINE_LENGTH, encoding: str = "utf-8"
) -> list[list[str]]:
    """Read references stored as one tab-separated line per segment.

    Args:
        path: the TSV file (or ``"-"`` for standard input).
        num_refs: the number of references (tab-separated fields) on every line.
        max_line_length, encoding: as for :func:`read_lines`.

    Returns:
        Reference streams: ``streams[j][i]`` is reference ``j`` of segment ``i``.

    Raises:
        InvalidOptionError: ``num_refs`` is not a positive integer.
        InputFileError: as :func:`read_lines`.
        ReferenceLayoutError: a line does not have exactly ``num_refs`` fields.
    """
    check_int(num_refs, "read_tsv_references: num_refs", expected="a positive integer")
    name = display_name(path)
    streams: list[list[str]] = [[] for _ in range(num_refs)]
    for number, line in enumerate(read_lines(path, max_line_length, encoding), start=1):
        for stream, field in zip(streams, _tsv_fields(line, number, name, num_refs)):
            stream.append(field)
    return streams
