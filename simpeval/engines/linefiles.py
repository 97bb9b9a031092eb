"""Streams of a file's lines that say which file they read, so that workers can read parts of it.

:func:`file_lines` opens a UTF-8 file as a :class:`LineFile`: iterated, it is
:func:`simpeval.io.iter_lines` itself (the same lines, checks, warnings and errors, at the same
cost), and it also holds the path, so that :func:`simpeval.engines.ranges.plan_ranges` can
let worker processes read its chunks by byte ranges (``--jobs N``). A check over a whole
stream that :mod:`simpeval.inputs` adds (a references file all of whose lines hold a tab,
identical reference streams) is a :class:`CheckedLines`: its serial generator when iterated,
and a :class:`ChunkCheck` that workers apply chunk by chunk.

Examples:
    >>> import tempfile, os
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     path = os.path.join(tmp, "sys.txt")
    ...     with open(path, "wb") as f:
    ...         _ = f.write(b"first\\n\\nthird")
    ...     lines = file_lines(path)
    ...     type(lines).__name__, list(lines)
    ('LineFile', ['first', '', 'third'])
"""

from __future__ import annotations

import operator
import os
import stat
from collections.abc import Iterator, Mapping, Sequence
from typing import Any, Protocol

from ..exceptions import InvalidOptionError
from ..io import MAX_LINE_LENGTH, STDIN, check_encoding, display_name, iter_lines
from ..line_decoding import PathLike

__all__ = ["CheckedLines", "ChunkCheck", "LineFile", "count_lines", "file_lines"]

#: Bytes read at a time by :func:`count_lines`.
_BLOCK = 1 << 20


def count_lines(path: PathLike) -> int | None:
    """The number of lines :func:`simpeval.io.iter_lines` reads from ``path``, by its newlines (a last
    line without one counts), or None when ``path`` is no regular file (standard input, a pipe, a
    device: reading would consume it) or cannot be read (the error comes when the lines are read).

    Examples:
        >>> import tempfile, os
        >>> with tempfile.TemporaryDirectory() as tmp:
        ...     path = os.path.join(tmp, "sys.txt")
        ...     with open(path, "wb") as f:
        ...         _ = f.write(b"first\\n\\nthird")
        ...     count_lines(path), len(list(file_lines(path)))
        (3, 3)
    """
    if os.fspath(path) == STDIN:
        return None
    try:
        if not stat.S_ISREG(os.stat(path).st_mode):
            return None
        lines, last = 0, b"\n"
        with open(path, "rb") as handle:
            while block := handle.read(_BLOCK):
                lines += block.count(b"\n")
                last = block[-1:]
    except OSError:
        return None
    return lines + (last != b"\n")


class LineFile(Iterator[str]):
    """The lines of one UTF-8 file, read lazily by :func:`simpeval.io.iter_lines` when iterated.

    Attributes:
        path: the file.
        name: its name in messages.
        max_line_length: the longest line read, in bytes (0: no limit).
    """

    def __init__(self, path: PathLike, max_line_length: int = MAX_LINE_LENGTH) -> None:
        self.path = os.fspath(path)
        self.name = display_name(path)
        self.max_line_length = max_line_length
        self._lines: Iterator[str] | None = None
        self._count: int | None = None

    def __length_hint__(self) -> int:
        """The number of lines, before any is read (:func:`count_lines`, counted once; unknown after,
        or for a file that is no regular file): a job of files announces its size as the same
        texts in lists do (:func:`simpeval.api.common.announce_work`), so it runs the same engine."""
        if self._lines is not None:
            return NotImplemented
        if self._count is None:
            self._count = count_lines(self.path)
        return NotImplemented if self._count is None else self._count

    @property
    def started(self) -> bool:
        """Whether the lines have been read (or handed to workers), so that they cannot be read whole again."""
        return self._lines is not None

    def __iter__(self) -> Iterator[str]:
        # the generator itself: reading a line costs what it costs without this object
        if self._lines is None:
            self._lines = iter_lines(self.path, self.max_line_length)
        return self._lines

    def __next__(self) -> str:
        return next(iter(self))

    def taken(self) -> None:
        """Mark the lines as read elsewhere (by workers): iterating gives nothing more."""
        self._lines = iter(())


class ChunkCheck(Protocol):
    """A check over whole streams made of per-chunk summaries: workers summarise each chunk of a
    stream, this process judges the summaries once every chunk has been read (raises or warns)."""

    def summary(self, key: int, lines: Sequence[str]) -> Any:
        """What the check needs of ``lines``, one chunk of the stream ``key`` (picklable, small)."""

    def finish(self, summaries: Mapping[int, Sequence[Any]]) -> None:
        """Judge the streams by their chunks' summaries (``summaries[key]``, in chunk order)."""


class CheckedLines(Iterator[str]):
    """A :class:`LineFile` read through a check: ``serial`` (the check's generator over the file's
    lines) when iterated, ``check`` with stream ``key`` when workers read the file by chunks."""

    __slots__ = ("_serial", "check", "key", "source")

    def __init__(self, source: Iterator[str], serial: Iterator[str], check: ChunkCheck, key: int) -> None:
        self.source, self.check, self.key = source, check, key
        self._serial = serial

    def __length_hint__(self) -> int:
        """The source's (:meth:`LineFile.__length_hint__`)."""
        return operator.length_hint(self.source, 0) or NotImplemented

    def __iter__(self) -> Iterator[str]:
        return self._serial

    def __next__(self) -> str:
        return next(self._serial)

    def taken(self) -> None:
        """Mark the lines as read elsewhere (by workers): iterating gives nothing more."""
        self._serial = iter(())


def file_lines(path: PathLike, max_line_length: int = MAX_LINE_LENGTH, encoding: str = "utf-8") -> Iterator[str]:
    """The lines of a file, read lazily with :func:`simpeval.io.iter_lines`' rules: a :class:`LineFile`
    for a UTF-8 file, which workers may read by parts; the plain generator for standard input and
    other encodings (and for an unknown encoding, whose error comes when the lines are read)."""
    try:
        utf8 = check_encoding("iter_lines", encoding) == "utf-8"
    except InvalidOptionError:
        utf8 = False
    if utf8 and os.fspath(path) != STDIN:
        return LineFile(path, max_line_length)
    return iter_lines(path, max_line_length, encoding)
