"""What the Dask and Spark engines share: a partition's statistics rows, and the row that fails.

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
from typing import Any, Optional, Union

import numpy as np

from ..exceptions import InvalidInputError, InvalidValueError, SimpevalError
from ..metrics import Metric, References, get_metric

__all__ = [
    "EXACT",
    "TEXT_NOT_LISTS",
    "ReferenceColumns",
    "RowError",
    "as_metric",
    "check_columns",
    "numbered_rows",
    "partition_rows",
    "row_error",
    "segment_references",
]

#: Below this magnitude every integer is exact in float64.
EXACT = 2.0**53
#: One column of per-segment reference lists, or the columns of reference streams.
ReferenceColumns = Union[str, Sequence[str]]


def as_metric(metric: Union[Metric, str]) -> Metric:
    return metric if isinstance(metric, Metric) else get_metric(metric)


def segment_references(frame: Any, refs: ReferenceColumns) -> References:
    """One column of per-segment lists (``refs="refs"``) or one column per reference stream."""
    import pandas as pd

    if isinstance(refs, str):
        if any(isinstance(r, str) for r in frame[refs]):
            raise InvalidInputError(TEXT_NOT_LISTS.format(column=refs))
        return References.from_segments([[] if r is None or isinstance(r, float) else list(r) for r in frame[refs]])
    return References.from_streams(
        [[v if isinstance(v, str) or not pd.isna(v) else None for v in frame[c]] for c in refs]
    )


TEXT_NOT_LISTS = (
    "the column {column!r} holds text where per-segment reference lists were expected (refs= names one "
    "column): give one column per reference stream (refs=['ref0', 'ref1', ...]), or lists. Dask stores "
    "lists as their text unless the frame is built under dask.config.set({{'dataframe.convert-string': False}})."
)


def check_columns(columns: Any, wanted: Sequence[Optional[str]]) -> None:
    missing = [c for c in wanted if c is not None and c not in columns]
    if missing:
        raise InvalidValueError(f"score_dask: no column {', '.join(map(repr, missing))} (columns: {list(columns)}).")


def partition_rows(frame: Any, metric: Metric, hyp: str, refs: ReferenceColumns, src: Optional[str]) -> np.ndarray:
    """The statistics rows of one partition (``None`` for an empty one)."""
    if len(frame) == 0:
        return np.zeros((0, 0))
    check_columns(frame.columns, [hyp, src, *([refs] if isinstance(refs, str) else refs)])  # a Bag's keys
    sources = list(frame[src]) if src is not None else None
    return metric.corpus_stats(list(frame[hyp]), segment_references(frame, refs), sources=sources)


class RowError(Exception):
    """Partition ``partition``'s row ``row`` (0-based) cannot be scored: ``error`` says why, for that row
    alone. Carried back to the client, which numbers the row over the whole frame (:func:`simpeval.distributed.dask`)."""

    def __init__(self, partition: int, row: int, error: SimpevalError) -> None:
        super().__init__(partition, row, error)
        self.partition, self.row, self.error = partition, row, error


def numbered_rows(
    frame: Any, metric: Metric, hyp: str, refs: ReferenceColumns, src: Optional[str], partition: int
) -> np.ndarray:
    """:func:`partition_rows`, with a row that cannot be scored raised as a :class:`RowError`, since the
    metric's message counts rows from the partition's start. Only once scoring failed, the first
    such row is found by bisection over prefixes (a row's validity does not depend on the others)."""
    try:
        return partition_rows(frame, metric, hyp, refs, src)
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


def _fails(frame: Any, metric: Metric, hyp: str, refs: ReferenceColumns, src: Optional[str]) -> bool:
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
