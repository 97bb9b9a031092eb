"""What the Dask and Spark engines share: the columns checked, a partition's statistics rows, the row
that fails, and the client's end of a call (the rows in order, the score with its ``nrefs``).

A partition (a pandas frame: a Dask partition, a Spark batch) is scored by
:func:`partition_rows` with the local engines; :func:`numbered_rows` finds, once scoring failed,
the first row that cannot be scored alone and raises it as a :class:`RowError`, which the client
numbers over the whole frame with :func:`row_error`.

Examples:
    >>> import pandas as pd
    >>> part = pd.DataFrame({"hypothesis": ["a cat sat"], "ref0": ["the cat sat"]})
    >>> partition_rows(part, as_metric("bleu"), "hypothesis", ["ref0"], None).shape[0]
    1
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, NamedTuple

import numpy as np

from ..alignment import scoring_chunk
from ..exceptions import InvalidInputError, InvalidValueError, SimpevalError
from ..metrics import Metric, References, get_metric
from ..metrics.score import Score
from .worker import Notes, said_about

__all__ = [
    "EXACT",
    "NotSequential",
    "Partition",
    "TEXT_NOT_LISTS",
    "ReferenceColumns",
    "RowError",
    "as_metric",
    "check_columns",
    "corpus_score_of",
    "rows_in_order",
    "numbered_rows",
    "numbered_stats",
    "partition_rows",
    "partition_stats",
    "row_error",
    "running_sum",
    "segment_references",
    "sums_in_order",
]

#: Below this magnitude every integer is exact in float64.
EXACT = 2.0**53
#: One column of per-segment reference lists, or the columns of reference streams.
ReferenceColumns = str | Sequence[str]


def as_metric(metric: Metric | str) -> Metric:
    return metric if isinstance(metric, Metric) else get_metric(metric)


def segment_references(frame: Any, refs: ReferenceColumns) -> References:
    """One column of per-segment lists (``refs="refs"``) or one column per reference stream."""
    return _references(frame, refs)[0]


def _references(frame: Any, refs: ReferenceColumns) -> tuple[References, set[int]]:
    """:func:`segment_references`, with the distinct numbers of references of the segments (for
    the signature's ``nrefs``), from the columns' missing-value masks rather than value by value."""
    if isinstance(refs, str):
        values = frame[refs].tolist()
        if any(isinstance(r, str) for r in values):
            raise InvalidInputError(TEXT_NOT_LISTS.format(column=refs))
        segments = [[] if r is None or isinstance(r, float) else list(r) for r in values]
        return References.from_segments(segments), {len(r) for r in segments}
    streams = []
    missing = np.zeros(len(frame), dtype=np.int64)
    for column in refs:
        values, absent = frame[column].tolist(), frame[column].isna().to_numpy()
        for k in np.flatnonzero(absent).tolist():  # NaN, None or pd.NA: a missing reference
            values[k] = None
        streams.append(values)
        missing += absent
    return References.from_streams(streams), set((len(refs) - missing).tolist())


def sums_in_order(metric: Metric) -> bool:
    """Whether ``metric`` sums its rows as the base class does (``stats.sum(axis=0)``), so that a
    running total (:func:`running_sum`) gives its corpus sum; a metric with its own ``sum_rows``
    (NLTK's chrF adds columns with ``sum()``) needs every row."""
    return type(metric).sum_rows is Metric.sum_rows


class NotSequential(Exception):
    """Rows that NumPy would not sum one after the other (one column, or not C-contiguous)."""


def running_sum(metric: Metric, total: np.ndarray | None, rows: np.ndarray) -> np.ndarray | None:
    """``total`` (the sum of the rows before, or ``None``) continued over ``rows``, by ``metric.sum_rows``:
    bit for bit its sum of all those rows stacked into one array, when :func:`sums_in_order` holds.

    NumPy reduces a C-contiguous ``(n, k)`` float64 array over axis 0 with ``k >= 2`` one row after
    the other, the inner loop running along each row (pairwise summation applies only along a
    contiguous reduction axis, as for ``k == 1``): so the sum of ``[total, *rows]`` is the sum of
    every row so far, in order.

    Examples:
        >>> rows, bleu = np.array([[0.1, 1.0], [0.2, 2.0], [0.3, 3.0]]), as_metric("bleu")
        >>> bool((running_sum(bleu, running_sum(bleu, None, rows[:1]), rows[1:]) == bleu.sum_rows(rows)).all())
        True

    Raises:
        NotSequential: ``rows`` have one column or are not C-contiguous.
    """
    if rows.size == 0:
        return total
    if rows.ndim != 2 or rows.shape[1] < 2 or not rows.flags.c_contiguous:
        raise NotSequential(rows.shape)
    return np.asarray(metric.sum_rows(rows if total is None else np.concatenate([total[None], rows])))


TEXT_NOT_LISTS = (
    "the column {column!r} holds text where per-segment reference lists were expected (refs= names one "
    "column): give one column per reference stream (refs=['ref0', 'ref1', ...]), or lists. Dask stores "
    "lists as their text unless the frame is built under dask.config.set({{'dataframe.convert-string': False}})."
)


def check_columns(owner: str, columns: Any, hyp: str, refs: ReferenceColumns, src: str | None) -> None:
    """Every column the call names (``hyp``, ``refs``, ``src``) is among ``columns``.

    Raises:
        InvalidValueError: names the missing ones, ``owner`` first (``score_dask``, ``score_spark``).
    """
    wanted = [hyp, src, *([refs] if isinstance(refs, str) else refs)]
    missing = [c for c in wanted if c is not None and c not in columns]
    if missing:
        raise InvalidValueError(f"{owner}: no column {', '.join(map(repr, missing))} (columns: {list(columns)}).")


def rows_in_order(owner: str, parts: Sequence[np.ndarray]) -> np.ndarray:
    """The partitions' (or groups') rows stacked in order: ``corpus_stats`` of the whole frame.

    Raises:
        InvalidValueError: no partition holds a row.
    """
    kept = [rows for rows in parts if rows.size]
    if not kept:
        raise InvalidValueError(f"{owner}: the frame has no segment.")
    return np.concatenate(kept)


def corpus_score_of(owner: str, metric: Metric, total: np.ndarray | None, counts: set[int]) -> Score:
    """The score of the summed rows ``total``, its signature's ``nrefs`` from the numbers of references
    of the segments (``var`` when they differ), as the local path signs it.

    Raises:
        InvalidValueError: no segment (``total`` is ``None`` or no count).
    """
    if total is None or not counts:
        raise InvalidValueError(f"{owner}: the frame has no segment.")
    nrefs: int | str = next(iter(counts)) if len(counts) == 1 else "var"
    return metric.score_from_stats(total, metric.get_signature(nrefs))


class Partition(NamedTuple):
    """What a partition's task computes: its statistics rows, the distinct numbers of references of
    its segments (for the signature's ``nrefs``) and what the metric says about its text, for the
    client to say once (:class:`~simpeval.distributed.worker.Notes`)."""

    rows: np.ndarray
    counts: set[int]
    notes: Notes


#: The first line given to :func:`simpeval.alignment.scoring_chunk` around a partition's extraction:
#: a later chunk's, so that what a metric says once per call is left to the client.
_NOT_THE_FIRST_CHUNK = 2


def partition_rows(frame: Any, metric: Metric, hyp: str, refs: ReferenceColumns, src: str | None) -> np.ndarray:
    """The statistics rows of one partition (an empty ``(0, 0)`` array for an empty one)."""
    return partition_stats(frame, metric, hyp, refs, src).rows


def partition_stats(frame: Any, metric: Metric, hyp: str, refs: ReferenceColumns, src: str | None) -> Partition:
    """:func:`partition_rows`, the distinct numbers of references of the partition's segments and
    the metric's notes about its text (recorded, not said: see :mod:`simpeval.distributed.worker`).

    The columns are read with ``Series.tolist()`` (much quicker than iterating an Arrow-backed
    string column) and the references built once, so a partition costs what ``corpus_stats`` of
    the same lists costs."""
    if len(frame) == 0:
        return Partition(np.zeros((0, 0)), set(), Notes())
    check_columns("score_dask", frame.columns, hyp, refs, src)  # a Dask Bag's keys (Spark's are checked first)
    sources = frame[src].tolist() if src is not None else None
    hypotheses = frame[hyp].tolist()
    references, counts = _references(frame, refs)
    with scoring_chunk(_NOT_THE_FIRST_CHUNK):
        rows = metric.corpus_stats(hypotheses, references, sources=sources)
    return Partition(rows, counts, said_about(metric, hypotheses))


class RowError(Exception):
    """Partition ``partition``'s row ``row`` (0-based) cannot be scored: ``error`` says why, for that row
    alone. Carried back to the client, which numbers the row over the whole frame (:func:`simpeval.distributed.dask`)."""

    def __init__(self, partition: int, row: int, error: SimpevalError) -> None:
        super().__init__(partition, row, error)
        self.partition, self.row, self.error = partition, row, error


def numbered_rows(
    frame: Any, metric: Metric, hyp: str, refs: ReferenceColumns, src: str | None, partition: int
) -> np.ndarray:
    """:func:`numbered_stats` without the reference counts."""
    return numbered_stats(frame, metric, hyp, refs, src, partition)[0]


def numbered_stats(
    frame: Any, metric: Metric, hyp: str, refs: ReferenceColumns, src: str | None, partition: int
) -> Partition:
    """:func:`partition_stats`, with a row that cannot be scored raised as a :class:`RowError`, since the
    metric's message counts rows from the partition's start. Only once scoring failed, the first
    such row is found by bisection over prefixes (a row's validity does not depend on the others)."""
    try:
        return partition_stats(frame, metric, hyp, refs, src)
    except SimpevalError as err:
        good, bad = 0, len(frame)  # frame.iloc[:good] scores; frame.iloc[:bad] does not
        while bad - good > 1:
            middle = (good + bad) // 2
            try:
                partition_rows(frame.iloc[:middle], metric, hyp, refs, src)
                good = middle
            except SimpevalError:
                bad = middle
        if good == 0 and len(frame) > 1 and _fails(frame.iloc[-1:], metric, hyp, refs, src):
            raise  # the first row and the last fail alone: not a row's fault (no source column...)
        try:
            partition_rows(frame.iloc[bad - 1 : bad], metric, hyp, refs, src)
        except SimpevalError as alone:
            raise RowError(partition, bad - 1, alone) from err
        raise  # not one row's fault: the message needs no row number


def _fails(frame: Any, metric: Metric, hyp: str, refs: ReferenceColumns, src: str | None) -> bool:
    try:
        partition_rows(frame, metric, hyp, refs, src)
    except SimpevalError:
        return True
    return False


def row_error(owner: str, row: int, error: SimpevalError) -> SimpevalError:
    """``error`` (of one row, scored alone), naming the row (0-based ``row``) over the whole frame, from 1."""
    return type(error)(
        f"{owner}: row {row + 1:,} of the frame (1-based, in partition order) cannot be scored; "
        f"that row alone gives: {error}"
    )
