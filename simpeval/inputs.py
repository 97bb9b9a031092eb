"""Reading aligned inputs (system outputs, references, sources): one reader, one length check, one message.

What ``simpeval score``, ``compare``, ``evaluate`` and ``report`` read, callable from Python with
the same checks and the same errors (the command line turns :class:`~simpeval.exceptions.InvalidOptionError`
into a usage error).

:func:`open_inputs` opens every input lazily, whether it comes from files or from a built-in
test set, as an :class:`Inputs`: the system outputs by system name, the reference streams, the
sources, and the name of every stream for messages. :func:`read_inputs` reads them into lists
in lockstep. Either way the line counts are checked by :func:`simpeval.alignment.iter_aligned_chunks`
(by :func:`simpeval.api.evaluate_streams` when streaming), so a mismatch always reads::

    input files must have the same number of lines, one per segment, but they differ:
    sys.txt: 3 lines, test set asset-test: 359 lines.

:func:`check_data_options` rejects impossible combinations of the data options before any
file is read (:class:`~simpeval.exceptions.InvalidOptionError`, naming the command line's options). While the files are read, one references file given without ``--num-refs`` whose
every line has a tab is an error (a TSV of several references, read as one), and identical
reference streams (the same file twice) get a warning.
"""

from __future__ import annotations

import hashlib
import os
import sys
import warnings
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Generic, TypeVar

from .alignment import LINE_COUNT_MISMATCH, iter_aligned_chunks
from .defaults import CHUNK_SIZE
from .engines.linefiles import CheckedLines, file_lines
from .exceptions import InvalidOptionError, ReferenceLayoutError
from .io import MAX_LINE_LENGTH, STDIN, display_name, iter_tsv_references
from .metrics import Metric, References, available_metrics, metric_class
from .report import ResultTable, SegmentTable

if TYPE_CHECKING:  # the test sets are imported by the first one read (load_testset)
    from .testsets import TestSet

__all__ = [
    "LINE_COUNT_MISMATCH",
    "UNIT",
    "Inputs",
    "check_data_options",
    "check_outputs",
    "open_inputs",
    "read_inputs",
    "reference_streams",
    "system_names",
]

#: What the length check counts (``"3 lines"``).
UNIT = "line"

S = TypeVar("S", Iterator[str], list[str])
T = TypeVar("T", ResultTable, SegmentTable)


@dataclass(frozen=True)
class Inputs(Generic[S]):
    """The inputs of a command, lazy (``Inputs[Iterator[str]]``) or read (``Inputs[list[str]]``).

    Attributes:
        systems: system name -> its outputs.
        references: reference streams (``references[j]``: reference ``j`` of every segment).
        sources: the source sentences, if given.
        names: the name of every stream in messages (file names, ``test set NAME``): systems,
            then references, then sources.
        test_set: the built-in test set the references and sources come from, if any.
    """

    systems: dict[str, S]
    references: list[S]
    sources: S | None
    names: list[str]
    test_set: str | None = None

    def streams(self) -> list[S]:
        """Every stream, in the order of :attr:`names`."""
        streams = list(self.systems.values())
        streams.extend(self.references)
        if self.sources is not None:
            streams.append(self.sources)
        return streams

    def tag(self, table: T) -> T:
        """``table`` with ``test:NAME`` in every signature when the data is a built-in test set."""
        return table.with_signature_fields(test=self.test_set) if self.test_set else table


def check_data_options(
    metrics: Sequence[Metric],
    inputs: Sequence[str],
    test_set: str | None,
    sources: str | None,
    references: Sequence[str],
    num_refs: int | None,
    needs_references: bool = False,
) -> None:
    """Reject impossible combinations of the data options (the command line's usage errors, exit code 2).

    References are required when a metric needs them (FKGL alone does not), or when the
    command itself shows them (``needs_references``: the report's reference column).

    Raises:
        InvalidOptionError: the combination cannot be read (the message names the options).
    """
    wanted = needs_references or any(m.requires_references for m in metrics)
    if test_set is None and not references and wanted:
        raise InvalidOptionError("Missing option '--references' / '-r' (or give a built-in test set with --test-set).")
    files = (("--sources", sources), ("--references", references), ("--num-refs", num_refs))
    given = [option for option, value in files if value]
    if test_set is not None and given:
        raise InvalidOptionError(
            f"--test-set {test_set} provides the sources and references; do not also give {', '.join(given)}."
        )
    needing = [m.name for m in metrics if m.requires_source]
    if needing and sources is None and test_set is None:
        others = " ".join(name for name in available_metrics() if not metric_class(name).requires_source)
        raise InvalidOptionError(
            f"{', '.join(needing)} needs the source sentences: pass --sources FILE, or drop "
            f"{', '.join(n.lower() for n in needing)} from --metrics (e.g. --metrics {others})."
        )
    if num_refs is not None and num_refs > 1 and len(references) != 1:
        raise InvalidOptionError(
            f"--num-refs {num_refs} reads all references from one tab-separated file, but "
            f"{len(references)} files were given to --references."
        )
    if [sources, *references, *inputs].count(STDIN) > 1:
        raise InvalidOptionError("standard input ('-') can be used for one file only.")
    if tuple(inputs) == (STDIN,) and sys.stdin.isatty():
        raise InvalidOptionError(
            "no --input given and standard input is a terminal: pass --input FILE... or pipe a file."
        )


def check_outputs(outputs: Mapping[str, str | None], inputs: Mapping[str, Iterable[str | None]]) -> None:
    """Refuse an output file that is one of the inputs, before any work and without touching it.

    The same file is found by :func:`os.path.samefile` (a symbolic or hard link to an input is
    that input) or, where a path cannot be looked up, by its real path.

    Args:
        outputs: option -> the file it writes (``None``: not given).
        inputs: option -> the files it reads (``None`` and ``"-"``, standard input, are skipped).

    Raises:
        InvalidOptionError: an output is an input (the message names both options and files).

    Examples:
        >>> check_outputs({"-o": "sys.txt"}, {"--input": ["sys.txt"]})
        Traceback (most recent call last):
        ...
        simpeval.exceptions.InvalidOptionError: -o sys.txt is also an input (--input sys.txt): it would be overwritten; write to another file.
    """
    for option, output in outputs.items():
        for flag, path in ((flag, path) for flag, paths in inputs.items() for path in paths):
            if output is not None and path not in (None, STDIN) and _same_file(output, path):
                raise InvalidOptionError(
                    f"{option} {output} is also an input ({flag} {path}): it would be overwritten; "
                    "write to another file."
                )


def _same_file(a: str, b: str) -> bool:
    try:
        return os.path.samefile(a, b)
    except OSError:  # one does not exist (yet), or cannot be looked up
        return os.path.realpath(a) == os.path.realpath(b)


def _no_duplicates(names: Sequence[str], what: str) -> None:
    duplicates = [name for name in dict.fromkeys(names) if names.count(name) > 1]
    if duplicates:
        raise InvalidOptionError(f"{what}: {' '.join(duplicates)}.")


def system_names(paths: Sequence[str], names: Sequence[str] = ()) -> list[str]:
    """System names: ``names`` if given, else the file basenames (the paths where basenames collide).

    Raises:
        InvalidOptionError: not one name per file, or a name given twice (systems would collapse).

    Examples:
        >>> system_names(["a/x.txt", "b/y.txt", "-"])
        ['x.txt', 'y.txt', 'stdin']
        >>> system_names(["a/x.txt", "b/x.txt"])
        ['a/x.txt', 'b/x.txt']
    """
    if names:
        if len(names) != len(paths):
            raise InvalidOptionError(f"--names gives {len(names)} names for {len(paths)} --input files.")
        _no_duplicates(names, "--names gives the same name to several systems")
        return list(names)
    found = ["stdin" if p == STDIN else os.path.basename(p) or p for p in paths]
    if len(set(found)) < len(found):
        found = [display_name(p) for p in paths]
    _no_duplicates(found, "--input lists the same file more than once")
    return found


def _not_all_tabbed(lines: Iterator[str], name: str) -> Iterator[str]:
    """The lines of the one references file given without ``--num-refs``, unchanged.

    Raises:
        ReferenceLayoutError: at the end of the file, if every line had a tab: a TSV of several
            references would otherwise be scored as one reference per line.
    """
    count, fewest, most = 0, 0, 0  # lines; fewest and most tab-separated fields (0: a line had no tab)
    for line in lines:
        count += 1
        if count == 1 or fewest:
            fields = line.count("\t") + 1
            fewest, most = (min(fewest or fields, fields), max(most, fields)) if fields > 1 else (0, 0)
        yield line
    _TabCheck(name).judge(count, fewest, most)


@dataclass(frozen=True)
class _TabCheck:
    """:func:`_not_all_tabbed` chunk by chunk (:class:`~simpeval.engines.linefiles.ChunkCheck`), for workers."""

    name: str

    def summary(self, key: int, lines: Sequence[str]) -> tuple[int, int, int]:
        """The chunk's lines, and their fewest and most tab-separated fields (0, 0: a line had no tab)."""
        fewest, most = 0, 0
        for line in lines:
            fields = line.count("\t") + 1
            if fields == 1:
                return len(lines), 0, 0
            fewest, most = min(fewest or fields, fields), max(most, fields)
        return len(lines), fewest, most

    def finish(self, summaries: Mapping[int, Sequence[tuple[int, int, int]]]) -> None:
        """:meth:`judge` the whole file by its chunks."""
        parts = summaries[0]
        tabbed = all(fewest for _, fewest, _ in parts)
        fewest = min(fewest for _, fewest, _ in parts) if tabbed else 0
        self.judge(sum(count for count, _, _ in parts), fewest, max(most for _, _, most in parts) if tabbed else 0)

    def judge(self, count: int, fewest: int, most: int) -> None:
        """Raise the error if every line had a tab (``fewest`` > 0)."""
        if not fewest:
            return
        how = (
            f"--num-refs {most} to read its {most} tab-separated references per line"
            if fewest == most
            else f"--num-refs N to read N tab-separated references per line (its lines have between {fewest} "
            f"and {most} tab-separated fields; every line must have N)"
        )
        raise ReferenceLayoutError(
            f"references file {self.name}: every line ({count} line{'' if count == 1 else 's'}) contains a tab, so it "
            "looks like several references per line, but --num-refs was not given and each line would be scored "
            f"as one reference, tabs included. Pass {how}, or --num-refs 1 to keep each line, tabs included, as "
            "one reference."
        )


class _IdenticalStreams:
    """Hashes reference streams as they are read; warns of identical ones once all have ended.

    Workers hash each chunk (:class:`~simpeval.engines.linefiles.ChunkCheck`): streams of the same
    length are cut alike, so they are identical when their chunks are.
    """

    def __init__(self, names: Sequence[str]) -> None:
        self.names = list(names)
        self.digests: dict[int, tuple[int, bytes]] = {}

    def watch(self, streams: Sequence[Iterator[str]]) -> list[Iterator[str]]:
        """``streams``, each hashed as it is read (nothing is read twice or kept)."""
        return [CheckedLines(stream, self._hashed(j, stream), self, j) for j, stream in enumerate(streams)]

    def summary(self, key: int, lines: Sequence[str]) -> tuple[int, bytes]:
        """The chunk's lines and their digest."""
        data = "\n".join(lines).encode("utf-8", "surrogatepass") + b"\n"
        return len(lines), hashlib.blake2b(data, digest_size=16).digest()

    def finish(self, summaries: Mapping[int, Sequence[tuple[int, bytes]]]) -> None:
        """Warn of the streams whose every chunk is the same."""
        for j, parts in summaries.items():
            self.digests[j] = (sum(count for count, _ in parts), b"".join(digest for _, digest in parts))
        self._warn()

    def _hashed(self, j: int, lines: Iterator[str]) -> Iterator[str]:
        digest, count = hashlib.blake2b(digest_size=16), 0
        for line in lines:  # lines hold no \n, so "\n" separates them unambiguously
            digest.update(line.encode("utf-8", "surrogatepass") + b"\n")
            count += 1
            yield line
        self.digests[j] = (count, digest.digest())
        if len(self.digests) == len(self.names):
            self._warn()

    def _warn(self) -> None:
        groups: dict[tuple[int, bytes], list[int]] = {}
        for j in sorted(self.digests):
            groups.setdefault(self.digests[j], []).append(j)
        for group in (g for g in groups.values() if len(g) > 1):
            numbers, files = _listing([str(j + 1) for j in group]), _listing([self.names[j] for j in group])
            warnings.warn(
                f"reference streams {numbers} are identical, line for line ({files}): each counts as a separate "
                "reference, which changes the scores. Give each reference once unless that is intended.",
                stacklevel=2,
            )


def _listing(items: Sequence[str]) -> str:
    """``a``, ``a and b``, ``a, b and c``."""
    return items[0] if len(items) == 1 else f"{', '.join(items[:-1])} and {items[-1]}"


def load_testset(name: str, progress: Callable[[str, int, int | None], None] | None = None) -> TestSet:
    """:func:`simpeval.testsets.load_testset`, whose registry is imported by the first test set read."""
    from .testsets import load_testset as load

    return load(name, progress=progress)


def open_inputs(
    inputs: Sequence[str],
    *,
    test_set: str | None = None,
    sources: str | None = None,
    references: Sequence[str] = (),
    num_refs: int | None = None,
    names: Sequence[str] = (),
    progress: Callable[[str, int, int | None], None] | None = None,
    max_line_length: int = MAX_LINE_LENGTH,
    encoding: str = "utf-8",
) -> Inputs[Iterator[str]]:
    """Open every input lazily: nothing is read until the streams are consumed.

    Args:
        inputs: system output files (``"-"``: standard input).
        test_set: a built-in corpus giving the sources and references (loaded here, downloaded
            on first use with ``progress``), instead of ``sources``/``references``/``num_refs``.
        sources, references, num_refs: the files (``num_refs > 1``: one TSV file of references).
        names: system names, one per input file (default: the file names).
        progress: ``progress(file_name, bytes_done, bytes_total_or_None)`` as a test set downloads.
        max_line_length: the longest line read from a file, in bytes (0: no limit).
        encoding: the files' text encoding (test sets are UTF-8).

    When the streams are read: one ``references`` file without ``num_refs`` whose every line
    has a tab raises :class:`ReferenceLayoutError` at its end (use ``num_refs``, or 1 to keep
    the tabs), and identical reference streams give a warning once they have all been read.
    """
    systems = {
        name: file_lines(path, max_line_length, encoding) for name, path in zip(system_names(inputs, names), inputs)
    }
    files = [display_name(path) for path in inputs]
    if test_set is not None:
        data = load_testset(test_set, progress=progress)
        label = f"test set {data.name}"
        refs = [iter(stream) for stream in data.references]
        return Inputs(systems, refs, iter(data.sources), files + [label] * (len(refs) + 1), data.name)
    if num_refs is not None and num_refs > 1:
        refs = iter_tsv_references(references[0], num_refs, max_line_length, encoding)
        ref_names = [display_name(references[0])] * num_refs
    else:
        refs = [file_lines(path, max_line_length, encoding) for path in references]
        ref_names = [display_name(path) for path in references]
        if num_refs is None and len(refs) == 1:  # a TSV read without --num-refs: an error at its end
            refs = [CheckedLines(refs[0], _not_all_tabbed(refs[0], ref_names[0]), _TabCheck(ref_names[0]), 0)]
    refs = _IdenticalStreams(ref_names).watch(refs) if len(refs) > 1 else refs
    srcs = file_lines(sources, max_line_length, encoding) if sources is not None else None
    return Inputs(systems, refs, srcs, files + ref_names + ([display_name(sources)] if sources is not None else []))


def reference_streams(data: Inputs[list[str]]) -> References:
    """The read references as streams; without references (metrics that need none, such as
    FKGL), one stream holding ``None`` for every segment."""
    if data.references:
        return References.from_streams(data.references)
    first = next(iter(data.systems.values()), [])
    return References.from_streams([[None] * len(first)])


def read_inputs(opened: Inputs[Iterator[str]]) -> Inputs[list[str]]:
    """Read inputs opened by :func:`open_inputs` into lists, in lockstep, checking the line counts.

    Raises:
        InputLengthMismatchError: the line counts differ (every file, or the test set, is named
            with its count), as :func:`simpeval.api.evaluate_streams` says it when streaming.
    """
    columns: list[list[str]] = [[] for _ in opened.names]
    named: list[tuple[str, Iterable[str]]] = list(zip(opened.names, opened.streams()))
    for chunk in iter_aligned_chunks(named, CHUNK_SIZE, LINE_COUNT_MISMATCH, UNIT):
        for column, lines in zip(columns, chunk):
            column.extend(lines)
    n_systems, n_refs = len(opened.systems), len(opened.references)
    systems = dict(zip(opened.systems, columns[:n_systems]))
    sources = columns[-1] if opened.sources is not None else None
    return Inputs(systems, columns[n_systems : n_systems + n_refs], sources, opened.names, opened.test_set)
