"""Aligned inputs: the one length check, and walking aligned streams chunk by chunk.

Every stream of a corpus (system outputs, each reference stream, the sources) holds one item
per segment. :func:`iter_aligned_chunks` walks them in lockstep in bounded memory and raises
the one length-mismatch error (:func:`length_mismatch`) naming every input with its length.

Examples:
    >>> [chunk for chunk in iter_aligned_chunks([("a", "xyz"), ("b", "XYZ")], 2)]
    [[['x', 'y'], ['X', 'Y']], [['z'], ['Z']]]
"""

from __future__ import annotations

import itertools
from collections.abc import Iterable, Iterator, Mapping, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from itertools import zip_longest
from typing import Any

from .exceptions import InputLengthMismatchError

__all__ = [
    "COUNT_AHEAD",
    "LINE_COUNT_MISMATCH",
    "MoreThan",
    "check_same_length",
    "iter_aligned_chunks",
    "iter_chunks",
    "later_chunk",
    "length_mismatch",
    "scoring_chunk",
]

#: The start of the message of every line-count mismatch between files (a test set counts as one).
LINE_COUNT_MISMATCH = "input files must have the same number of lines, one per segment"


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
        >>> print(length_mismatch([("a.txt", 3), ("yes.txt", MoreThan(100_003))]))
        input files must have the same number of lines, one per segment, but they differ: a.txt: 3 lines, yes.txt: more than 100003 lines.
    """

    def amount(n: int) -> str:
        more = "more than " if isinstance(n, MoreThan) else ""
        return f"{more}{n} {unit}{'' if n == 1 and not more else 's'}" if unit else f"{more}{n}"

    listing = ", ".join(dict.fromkeys(f"{name}: {amount(n)}" for name, n in counts))
    return InputLengthMismatchError(f"{what}, but they differ: {listing}.")


class MoreThan(int):
    """A length known only to exceed its value: an input still going when the length check stopped counting."""


#: How many items past the end of the shortest input a longer one is counted for the length error;
#: an input longer than that is "more than N" (an endless one, ``yes``, cannot hang the check).
COUNT_AHEAD = 100_000

# ------------------------------------------------------------ aligned chunks (streaming)
_END = object()


def _length(iterator: Iterator[Any], known: int) -> int:
    """``known`` plus what is left of ``iterator``, counting at most :data:`COUNT_AHEAD` more items."""
    rest = sum(1 for _ in itertools.islice(iterator, COUNT_AHEAD))
    if rest == COUNT_AHEAD and next(iterator, _END) is not _END:
        return MoreThan(known + rest)
    return known + rest


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
        InputLengthMismatchError: one iterable ends before the others, raised at once: the message
            gives the length of every input, each longer one counted :data:`COUNT_AHEAD` items on at
            most (past that: "more than N"), so an endless input (``yes``, ``itertools.repeat``)
            cannot hang it.
    """
    names = [name for name, _ in named]
    iterators = [iter(it) for _, it in named]
    done = 0
    while True:
        rows = list(itertools.islice(zip_longest(*iterators, fillvalue=_END), chunk_size))
        if not rows:
            return
        # an exhausted iterable fills every later row: only the chunk's last row can show it
        if any(item is _END for item in rows[-1]):
            lengths = []
            for k, (name, iterator) in enumerate(zip(names, iterators)):
                present = sum(1 for row in rows if row[k] is not _END)
                ended = any(row[k] is _END for row in rows)
                lengths.append((name, done + present if ended else _length(iterator, done + present)))
            raise length_mismatch(lengths, what, unit)
        done += len(rows)
        yield [list(column) for column in zip(*rows)]


def iter_chunks(
    hypotheses: Iterable[str],
    references: Sequence[Iterable[str | None]],
    sources: Iterable[str] | None,
    chunk_size: int,
    owner: str = "simpeval",
) -> Iterator[tuple[list[str], list[list[str | None]], list[str] | None]]:
    """``(hypotheses, reference streams, sources)`` of aligned iterables, chunk by chunk."""
    named: list[tuple[str, Iterable[Any]]] = [("hypotheses", hypotheses)]
    named += [(f"references[{j}]", stream) for j, stream in enumerate(references)]
    if sources is not None:
        named.append(("sources", sources))
    what = f"{owner}: inputs must have the same number of segments"
    for columns in iter_aligned_chunks(named, chunk_size, what):
        refs = columns[1 : 1 + len(references)]
        yield columns[0], refs, (columns[-1] if sources is not None else None)


#: The first line (1-based) of the chunk of a streamed corpus being scored; 0 outside one.
_CHUNK_LINE: ContextVar[int] = ContextVar("simpeval_chunk_line", default=0)


@contextmanager
def scoring_chunk(first_line: int) -> Iterator[None]:
    """Inside: the calls score the chunk of a streamed corpus that starts at line ``first_line``
    (1-based), here or in a worker process; what is said once per corpus, such as sacrebleu's
    warning about tokenized text, is said by its first chunk only (:func:`later_chunk`)."""
    token = _CHUNK_LINE.set(first_line)
    try:
        yield
    finally:
        _CHUNK_LINE.reset(token)


def later_chunk() -> bool:
    """Whether the calls score a chunk of a streamed corpus after its first (:func:`scoring_chunk`)."""
    return _CHUNK_LINE.get() > 1
