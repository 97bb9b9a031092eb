"""Workers that read their own chunks of the input files: the parent only finds where chunks start.

A streamed corpus (:func:`simpeval.api.evaluate_streams`, ``simpeval score --jobs N``) is read in
chunks of aligned lines. When every input is a regular UTF-8 file
(:class:`~simpeval.engines.linefiles.LineFile`), :func:`plan_ranges` scans each file once for its
newlines (NumPy over large blocks) and notes the byte offset where each chunk starts and how many
lines the file has; :func:`ranged_results` then
hands each worker a chunk's byte ranges, and the worker reads, decodes and checks them itself
before computing the chunk's work. This process reads nothing else, so it no longer bounds the
speed-up.

Fidelity: a chunk that holds anything irregular (bytes that are not UTF-8, NUL, a byte-order mark,
a line over the limit) is not read by a worker but read again here by
:func:`simpeval.line_decoding.decode_lines`, the line reader of :func:`simpeval.io.iter_lines`,
started at the chunk's offset and line number, so that its warning or error is the one a single
process raises, with the same file name and line. Carriage returns are read by the
worker, which reports the first line of each kind; this process warns of them once per file, in
the order one process would. Files whose line counts differ, an empty file, standard input,
another encoding, a file that is not regular (a pipe): :func:`plan_ranges` gives ``None`` and the
inputs are read by one process, whose errors are the reference. The files must not change while
they are read.
"""

from __future__ import annotations

import os
import stat
import warnings
from codecs import BOM_UTF8
from collections.abc import Callable, Iterable, Iterator, Sequence
from contextlib import ExitStack
from dataclasses import dataclass
from itertools import islice
from typing import Any, TypeVar

import numpy as np

from ..alignment import scoring_chunk
from ..line_decoding import ENDING_WARNINGS, decode_lines, ending_kind, open_binary
from .linefiles import CheckedLines, ChunkCheck, LineFile
from .pool import ordered_map

__all__ = ["ChunkSpan", "RangePlan", "plan_ranges", "ranged_results", "scan_lines"]

R = TypeVar("R")

#: Bytes scanned for newlines at a time: NumPy's work dominates, and larger blocks were no faster (the
#: measurement: the documentation's "Speed and engines", "Workers read their own lines").
SCAN_BLOCK = 1 << 20


@dataclass(frozen=True)
class FileSpec:
    """A file that workers read: its path, its name in messages, its line limit (0: none)."""

    path: str
    name: str
    max_line_length: int


@dataclass(frozen=True)
class ChunkSpan:
    """One chunk of aligned lines: where it lies in every file.

    Attributes:
        first: the number (1-based) of its first line.
        lines: how many lines it has.
        spans: ``(start, end)`` byte offsets of its lines in each file.
        long: some file has a line over its limit in this chunk (read here, to raise the error).
    """

    first: int
    lines: int
    spans: tuple[tuple[int, int], ...]
    long: bool = False


@dataclass(frozen=True)
class RangePlan:
    """How the inputs are read by chunks: the files, the chunks, each stream's check (or ``None``)."""

    files: tuple[FileSpec, ...]
    chunks: tuple[ChunkSpan, ...]
    checks: tuple[tuple[ChunkCheck, int] | None, ...]
    streams: tuple[Any, ...]


def scan_lines(path: str, chunk_size: int, max_line_length: int = 0) -> tuple[list[int], int, set[int]]:
    """The byte offset where every chunk of ``chunk_size`` lines starts, the number of lines (as
    :func:`simpeval.io.iter_lines` counts them), and the chunks holding a line over ``max_line_length``
    bytes (0: no limit).

    Examples:
        >>> import tempfile, os
        >>> with tempfile.TemporaryDirectory() as tmp:
        ...     path = os.path.join(tmp, "f.txt")
        ...     with open(path, "wb") as f:
        ...         _ = f.write(b"a\\nbb\\n\\ncccc\\nd")
        ...     scan_lines(path, 2, max_line_length=3)
        ([0, 5, 11], 5, {1})
    """
    starts, long = [0], set()
    lines = size = 0  # newlines and bytes so far
    last = -1  # offset of the last newline so far
    with open(path, "rb") as handle:
        while block := handle.read(SCAN_BLOCK):
            ends = np.flatnonzero(np.frombuffer(block, np.uint8) == 10) + size
            # chunk k starts after newline k * chunk_size - 1 (0-based, counted over the file)
            starts.extend((ends[len(starts) * chunk_size - 1 - lines :: chunk_size] + 1).tolist())
            if max_line_length and len(ends):
                over = np.flatnonzero(np.diff(ends, prepend=last) - 1 > max_line_length)
                long.update(((over + lines) // chunk_size).tolist())
            if len(ends):
                last = int(ends[-1])
            lines, size = lines + len(ends), size + len(block)
    if size > last + 1:  # a last line without a newline
        if max_line_length and size - last - 1 > max_line_length:
            long.add(lines // chunk_size)
        lines += 1
    if starts[-1] == size:  # the file ends with a chunk's last newline
        starts.pop()
    return starts, lines, long


def _files(streams: Sequence[object]) -> list[tuple[LineFile, tuple[ChunkCheck, int] | None]] | None:
    """Each stream's unread UTF-8 file and check, or ``None`` if a stream is anything else."""
    found: list[tuple[LineFile, tuple[ChunkCheck, int] | None]] = []
    for stream in streams:
        check = (stream.check, stream.key) if isinstance(stream, CheckedLines) else None
        source = stream.source if isinstance(stream, CheckedLines) else stream
        if not isinstance(source, LineFile) or source.started:
            return None
        limit = source.max_line_length
        if not isinstance(limit, int) or isinstance(limit, bool) or limit < 0:
            return None  # one process reads it, to raise the option's error
        try:
            if not stat.S_ISREG(os.stat(source.path).st_mode):
                return None  # a pipe or a device is read once, by one process
        except (OSError, ValueError):
            return None  # one process reads it, to raise the file's error
        found.append((source, check))
    if len({id(source) for source, _ in found}) < len(found):
        return None
    return found


def plan_ranges(streams: Sequence[object], chunk_size: int) -> RangePlan | None:
    """The plan of reading ``streams`` by chunks in workers, when every stream is an unread regular
    UTF-8 file (:class:`~simpeval.engines.linefiles.LineFile`, or one read through a check) with as
    many lines as the others, and there are two chunks or more; else ``None`` (one process reads them, and raises
    their errors: a mismatch of line counts, an empty or missing file)."""
    found = _files(streams)
    if not found:
        return None
    scans = [scan_lines(source.path, chunk_size, source.max_line_length) for source, _ in found]
    counts = {lines for _, lines, _ in scans}
    if len(counts) != 1 or min(counts) == 0 or len(scans[0][0]) < 2:
        return None
    lines = counts.pop()
    long = set().union(*(bad for _, _, bad in scans))
    sizes = [os.stat(source.path).st_size for source, _ in found]
    chunks = tuple(
        ChunkSpan(
            k * chunk_size + 1,
            min(chunk_size, lines - k * chunk_size),
            tuple(
                (starts[k], starts[k + 1] if k + 1 < len(starts) else size)
                for (starts, _, _), size in zip(scans, sizes)
            ),
            k in long,
        )
        for k in range(len(scans[0][0]))
    )
    files = tuple(FileSpec(s.path, s.name, s.max_line_length) for s, _ in found)
    return RangePlan(files, chunks, tuple(check for _, check in found), tuple(streams))


#: What a worker found in the chunk it read: the lines of each file, and the first line of each kind of
#: carriage return in each file, ``(line number, file index, kind)``.
_Read = tuple[list[list[str]], list[tuple[int, int, str]]]


def _read_span(spec: FileSpec, span: tuple[int, int]) -> bytes:
    with open(spec.path, "rb") as handle:
        handle.seek(span[0])
        return handle.read(span[1] - span[0])


def _decode_chunk(files: Sequence[FileSpec], chunk: ChunkSpan) -> _Read | None:
    """The chunk's lines in every file, read and decoded in a worker; ``None`` if anything is irregular."""
    columns: list[list[str]] = []
    endings: list[tuple[int, int, str]] = []
    for f, (spec, span) in enumerate(zip(files, chunk.spans)):
        try:
            data = _read_span(spec, span)
            text = data.decode("utf-8")
        except (OSError, UnicodeDecodeError):
            return None
        if (chunk.first == 1 and data.startswith(BOM_UTF8)) or "\0" in text:
            return None
        terminated = text.endswith("\n")
        lines = (text[:-1] if terminated else text).split("\n")
        if len(lines) != chunk.lines:  # the file changed since it was scanned
            return None
        if "\r" in text:
            endings.extend((n, f, kind) for kind, n in _first_endings(lines, terminated, chunk.first).items())
        columns.append(lines)
    return columns, endings


def _first_endings(lines: list[str], terminated: bool, first: int) -> dict[str, int]:
    """The number of the first line of each kind of carriage return (as one process tells them apart)."""
    found: dict[str, int] = {}
    last = len(lines) - 1
    for i, line in enumerate(lines):
        if "\r" in line and (kind := ending_kind(line, terminated or i < last)) not in found and kind:
            found[kind] = first + i
            if len(found) == len(ENDING_WARNINGS):
                break
    return found


@dataclass(frozen=True)
class _ReadChunk:
    """In a worker: a chunk's lines, read from the files, then ``work`` of them and the checks'
    summaries; ``None`` for a chunk to be read by the parent (it holds something irregular)."""

    work: Callable[[list[list[str]]], Any]
    files: tuple[FileSpec, ...]
    checks: tuple[tuple[ChunkCheck, int] | None, ...]

    def __call__(self, chunk: ChunkSpan) -> tuple[Any, list[Any], list[tuple[int, int, str]]] | None:
        read = None if chunk.long else _decode_chunk(self.files, chunk)
        if read is None:
            return None
        columns, endings = read
        with scoring_chunk(chunk.first):
            result = self.work(columns)
        return result, _summaries(self.checks, columns), endings


def _summaries(checks: Sequence[tuple[ChunkCheck, int] | None], columns: list[list[str]]) -> list[Any]:
    return [None if check is None else check[0].summary(check[1], lines) for check, lines in zip(checks, columns)]


def _reread(files: Sequence[FileSpec], chunk: ChunkSpan, warned: Sequence[set[str]]) -> list[list[str]]:
    """The chunk's lines read here by :func:`~simpeval.line_decoding.decode_lines` (``iter_lines``' reader),
    file by file in lockstep as one process reads them: the same warnings, the same first error."""
    with ExitStack() as stack:
        readers = []
        for spec, span, seen in zip(files, chunk.spans, warned):
            handle = stack.enter_context(open_binary(spec.path))
            handle.seek(span[0])
            lines = decode_lines(handle, spec.name, spec.max_line_length, chunk.first, seen)
            readers.append(islice(lines, chunk.lines))
        rows = list(zip(*readers))
    return [list(column) for column in zip(*rows)]


def _warn_endings(
    files: Sequence[FileSpec], endings: Iterable[tuple[int, int, str]], warned: Sequence[set[str]]
) -> None:
    """Warn of the line endings a worker found, once per file and kind, in the order one process reads them."""
    for number, f, kind in sorted(endings):
        if kind not in warned[f]:
            warned[f].add(kind)
            warnings.warn(ENDING_WARNINGS[kind].format(name=files[f].name, number=number), stacklevel=4)


def ranged_results(work: Callable[[list[list[str]]], R], plan: RangePlan, workers: int, texts: int = 0) -> Iterator[R]:
    """``work(chunk)`` of every chunk of ``plan``, in order, each chunk read and computed by one of
    ``workers`` processes (:func:`simpeval.engines.pool.ordered_map`); a chunk holding anything
    irregular is read again and computed here, so that its warnings and errors are one process's.
    The streams' checks are judged once every chunk has been read."""
    for stream in plan.streams:
        stream.taken()  # read by the workers: iterating them later gives nothing
    warned: list[set[str]] = [set() for _ in plan.files]
    summaries: list[list[Any]] = [[] for _ in plan.files]
    reader = _ReadChunk(work, plan.files, plan.checks)
    for chunk, done in zip(plan.chunks, ordered_map(reader, plan.chunks, workers, texts)):
        if done is None:
            columns = _reread(plan.files, chunk, warned)
            with scoring_chunk(chunk.first):
                done = work(columns), _summaries(plan.checks, columns), []
        result, sums, endings = done
        _warn_endings(plan.files, endings, warned)
        for column, summary in zip(summaries, sums):
            column.append(summary)
        yield result
    _finish(plan.checks, summaries)


def _finish(checks: Sequence[tuple[ChunkCheck, int] | None], summaries: Sequence[list[Any]]) -> None:
    """Judge every check (in the order of its first stream) by its streams' summaries."""
    judged: dict[int, tuple[ChunkCheck, dict[int, list[Any]]]] = {}
    for check, column in zip(checks, summaries):
        if check is not None:
            judged.setdefault(id(check[0]), (check[0], {}))[1][check[1]] = column
    for judge, by_key in judged.values():
        judge.finish(by_key)
