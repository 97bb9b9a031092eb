"""Scoring a Dask DataFrame or Bag with any metric, giving exactly the single-machine numbers.

A Bag holds one record (a mapping) per segment, with the same keys a DataFrame has as columns
(``{"hypothesis": ..., "references": [...], "source": ...}``); each partition becomes a small
pandas frame on its worker.

Every partition computes its statistics rows with the same engines as the local path (a
segment's row never depends on the other segments). A corpus score is the score of the summed
rows, and the local path sums all rows at once (``stats.sum(axis=0)``). Two cases keep the
distributed sum bit for bit equal to it, on any partitioning:

* **integer statistics** (n-gram counts: BLEU, chrF, corpus SARI, TER's edit counts...): a sum
  of integers below 2**53 is exact in float64 in any order, so each partition sends one summed
  vector and those are added pairwise, in a tree;
* **float statistics** (sentence-averaged SARI presets, TER's mean reference lengths): a float
  sum depends on its order, so the rows themselves are gathered, in partition order, and summed
  on the client exactly as the local path sums them (a statistics row is a few dozen floats).

The first pass learns which case holds (every partition reports whether its rows are whole
numbers and how large its sums are); the second runs only for float statistics.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, Callable, Optional, Union

import numpy as np

from ..exceptions import InvalidInputError, InvalidValueError, MissingDependencyError, SimpevalError
from ..io import MAX_LINE_LENGTH
from ..metrics import Metric, References, get_metric
from ..metrics.score import Score
from .shards import read_shard

__all__ = ["corpus_stats_dask", "score_dask", "sentence_scores_dask", "shards_frame_dask"]

#: Below this magnitude every integer is exact in float64.
_EXACT = 2.0**53
References_ = Union[str, Sequence[str]]


def _dask() -> Any:
    try:
        import dask
        import dask.dataframe
    except ImportError as err:
        raise MissingDependencyError('the Dask engine needs: pip install "simplification-metrics[dask]"') from err
    return dask


def _metric(metric: Union[Metric, str]) -> Metric:
    return metric if isinstance(metric, Metric) else get_metric(metric)


def _references(frame: Any, refs: References_) -> References:
    """One column of per-segment lists (``refs="refs"``) or one column per reference stream."""
    import pandas as pd

    if isinstance(refs, str):
        if any(isinstance(r, str) for r in frame[refs]):
            raise InvalidInputError(_TEXT_NOT_LISTS.format(column=refs))
        return References.from_segments([[] if r is None or isinstance(r, float) else list(r) for r in frame[refs]])
    return References.from_streams(
        [[v if isinstance(v, str) or not pd.isna(v) else None for v in frame[c]] for c in refs]
    )


_TEXT_NOT_LISTS = (
    "the column {column!r} holds text where per-segment reference lists were expected (refs= names one "
    "column): give one column per reference stream (refs=['ref0', 'ref1', ...]), or lists. Dask stores "
    "lists as their text unless the frame is built under dask.config.set({{'dataframe.convert-string': False}})."
)


def _is_bag(frame: Any) -> bool:
    try:
        import dask.bag
    except ImportError:  # pragma: no cover - dask[dataframe] brings the bag module
        return False
    return isinstance(frame, dask.bag.Bag)


def _records(part: Any) -> Any:
    """A Bag partition (an iterable of mappings) as a pandas frame (object columns, lists kept)."""
    import pandas as pd

    records = list(part)
    bad = next((r for r in records if not isinstance(r, dict)), None)
    if bad is not None:
        raise InvalidInputError(f"score_dask: a Bag must hold one dict per segment (got a {type(bad).__name__}).")
    return pd.DataFrame.from_records(records) if records else pd.DataFrame()


def _partitions(dask: Any, frame: Any) -> list[Any]:
    """One delayed pandas frame per partition, of a DataFrame or of a Bag of records."""
    if _is_bag(frame):
        return [dask.delayed(_records)(p) for p in frame.to_delayed()]
    return list(frame.to_delayed())


def _check_columns(columns: Any, wanted: Sequence[Optional[str]]) -> None:
    missing = [c for c in wanted if c is not None and c not in columns]
    if missing:
        raise InvalidValueError(f"score_dask: no column {', '.join(map(repr, missing))} (columns: {list(columns)}).")


def _rows(frame: Any, metric: Metric, hyp: str, refs: References_, src: Optional[str]) -> np.ndarray:
    """The statistics rows of one partition (``None`` for an empty one)."""
    if len(frame) == 0:
        return np.zeros((0, 0))
    _check_columns(frame.columns, [hyp, src, *([refs] if isinstance(refs, str) else refs)])  # a Bag's keys
    sources = list(frame[src]) if src is not None else None
    return metric.corpus_stats(list(frame[hyp]), _references(frame, refs), sources=sources)


class _RowError(Exception):
    """Partition ``partition``'s row ``row`` (0-based) cannot be scored: ``error`` says why, for that row
    alone. Carried back to the client, which numbers the row over the whole frame (:func:`_global`)."""

    def __init__(self, partition: int, row: int, error: SimpevalError) -> None:
        super().__init__(partition, row, error)
        self.partition, self.row, self.error = partition, row, error


def _numbered_rows(
    frame: Any, metric: Metric, hyp: str, refs: References_, src: Optional[str], partition: int
) -> np.ndarray:
    """:func:`_rows`, with a row that cannot be scored raised as a :class:`_RowError`, since the
    metric's message counts rows from the partition's start. Only once scoring failed, the first
    such row is found by bisection over prefixes (a row's validity does not depend on the others)."""
    try:
        return _rows(frame, metric, hyp, refs, src)
    except SimpevalError as err:
        good, bad = 0, len(frame)  # frame.iloc[:good] scores; frame.iloc[:bad] does not
        while bad - good > 1:
            middle = (good + bad) // 2
            try:
                _rows(frame.iloc[:middle], metric, hyp, refs, src)
                good = middle
            except SimpevalError:
                bad = middle
        if good == 0 and len(frame) > 1 and _fails(frame.iloc[-1:], metric, hyp, refs, src):
            raise  # the first row and the last fail alone: not a row's fault (no source column...)
        try:
            _rows(frame.iloc[bad - 1 : bad], metric, hyp, refs, src)
        except SimpevalError as alone:
            raise _RowError(partition, bad - 1, alone) from err
        raise  # not one row's fault: the message needs no row number


def _fails(frame: Any, metric: Metric, hyp: str, refs: References_, src: Optional[str]) -> bool:
    try:
        _rows(frame, metric, hyp, refs, src)
    except SimpevalError:
        return True
    return False


def _global(dask: Any, parts: list[Any], failure: _RowError, owner: str) -> SimpevalError:
    """The error of a :class:`_RowError`, with the row's number over the whole frame (1-based): the
    lengths of the partitions before it are counted now, on the cluster (only when a row failed)."""
    offset = int(sum(dask.compute(*[dask.delayed(len)(p) for p in parts[: failure.partition]])))
    return _row_error(owner, offset + failure.row, failure.error)


def _row_error(owner: str, row: int, error: SimpevalError) -> SimpevalError:
    """``error`` (of one row, scored alone), naming the row (0-based ``row``) over the whole frame, from 1."""
    return type(error)(
        f"{owner}: row {row + 1:,} of the frame (1-based, in partition order) cannot be scored; "
        f"that row alone gives: {error}"
    )


def _summary(
    frame: Any, metric: Metric, hyp: str, refs: References_, src: Optional[str], partition: int = 0
) -> tuple[Any, bool, list[int]]:
    """A partition's summed rows, whether they are whole numbers within exact range, its reference counts."""
    rows = _numbered_rows(frame, metric, hyp, refs, src, partition)
    if rows.size == 0:
        return None, True, []
    integral = bool(np.all(rows == np.floor(rows)) and np.abs(rows).sum() < _EXACT)
    counts = sorted({len(r) for r in _references(frame, refs).segments()})
    return rows.sum(axis=0), integral, counts


def _check(frame: Any, hyp: str, refs: References_, src: Optional[str]) -> None:
    """A DataFrame's columns are checked here; a Bag's keys on the workers, partition by partition."""
    if _is_bag(frame):
        return
    if not hasattr(frame, "to_delayed") or not hasattr(frame, "columns"):
        raise InvalidInputError(f"score_dask: expected a dask DataFrame or Bag (got {type(frame).__name__}).")
    _check_columns(frame.columns, [hyp, src, *([refs] if isinstance(refs, str) else refs)])
    if isinstance(refs, str) and str(frame.dtypes[refs]).startswith("string"):  # the lists stored as their text
        raise InvalidInputError(_TEXT_NOT_LISTS.format(column=refs))


def corpus_stats_dask(
    frame: Any,
    metric: Union[Metric, str],
    *,
    hyp: str = "hypothesis",
    refs: References_ = "references",
    src: Optional[str] = None,
) -> np.ndarray:
    """Every segment's statistics rows, gathered in order: ``metric.corpus_stats`` of the whole
    frame, computed on the workers (for bootstrap intervals and paired tests, which fit in memory)."""
    dask = _dask()
    _check(frame, hyp, refs, src)
    m = _metric(metric)
    partitions = _partitions(dask, frame)
    try:
        parts = dask.compute(*[dask.delayed(_numbered_rows)(p, m, hyp, refs, src, k) for k, p in enumerate(partitions)])
    except _RowError as failure:
        raise _global(dask, partitions, failure, "score_dask") from None
    kept = [p for p in parts if p.size]
    if not kept:
        raise InvalidValueError("score_dask: the frame has no segment.")
    return np.concatenate(kept)


def score_dask(
    frame: Any,
    metric: Union[Metric, str],
    *,
    hyp: str = "hypothesis",
    refs: References_ = "references",
    src: Optional[str] = None,
    progress: Optional[Callable[[str, int, Optional[int]], None]] = None,
) -> Score:
    """The corpus score of a dask DataFrame: bit for bit ``metric.corpus_score`` of its columns.

    Args:
        frame: a ``dask.dataframe.DataFrame``, one row per segment, or a ``dask.bag.Bag`` of one
            dict per segment whose keys are the column names.
        metric: a metric object or registry name.
        hyp: the column of system outputs.
        refs: a column of per-segment reference lists, or the columns of reference streams
            (``None``/NaN for a missing reference). A column of lists needs
            ``dask.config.set({"dataframe.convert-string": False})`` when the frame is built, or
            Dask stores each list as its text.
        src: the column of sources (SARI).
        progress: ``progress(label, partitions_done, partitions)`` as the cluster finishes them
            (from the distributed client's completion events; without a client, once at the end).

    Returns:
        The score, with the signature the local path gives.

    Raises:
        InvalidInputError: not a dask DataFrame or Bag of dicts. InvalidValueError: a column is missing or
            the frame is empty.
        MissingDependencyError: Dask is not installed (``simplification-metrics[dask]``).
    """
    dask = _dask()
    _check(frame, hyp, refs, src)
    m = _metric(metric)
    partitions = _partitions(dask, frame)
    tasks = [dask.delayed(_summary)(p, m, hyp, refs, src, k) for k, p in enumerate(partitions)]
    try:
        summaries = _compute(dask, tasks, progress, f"{m.name} partitions")
    except _RowError as failure:
        raise _global(dask, partitions, failure, "score_dask") from None
    present = [s for s in summaries if s[0] is not None]
    if not present:
        raise InvalidValueError("score_dask: the frame has no segment.")
    counts = {c for s in present for c in s[2]}
    nrefs: Union[int, str] = counts.pop() if len(counts) == 1 else "var"
    if all(s[1] for s in present) and float(np.abs(np.sum([s[0] for s in present], axis=0)).sum()) < _EXACT:
        total = _tree_sum([s[0] for s in present])
    else:  # float statistics: the rows, summed in order exactly as the local path sums them
        total = corpus_stats_dask(frame, m, hyp=hyp, refs=refs, src=src).sum(axis=0)
    return m.score_from_stats(total, m.get_signature(nrefs))


def _compute(
    dask: Any, tasks: list[Any], progress: Optional[Callable[[str, int, Optional[int]], None]], label: str
) -> list[Any]:
    """The tasks' results in order; ``progress`` told of each finished one when a distributed client is active."""
    if progress is None:
        return list(dask.compute(*tasks))
    try:
        from distributed import as_completed, get_client

        client = get_client()
    except (ImportError, ValueError):  # no distributed client: the local scheduler, one report at the end
        results = list(dask.compute(*tasks))
        progress(label, len(tasks), len(tasks))
        return results
    futures = client.compute(tasks)
    for done, _ in enumerate(as_completed(futures), start=1):
        progress(label, done, len(tasks))
    return [future.result() for future in futures]


def _tree_sum(vectors: list[np.ndarray]) -> np.ndarray:
    """Pairwise sums of exact integer vectors (any order gives the same bits)."""
    while len(vectors) > 1:
        vectors = [
            vectors[k] + vectors[k + 1] if k + 1 < len(vectors) else vectors[k] for k in range(0, len(vectors), 2)
        ]
    return vectors[0]


def sentence_scores_dask(
    frame: Any,
    metric: Union[Metric, str],
    *,
    hyp: str = "hypothesis",
    refs: References_ = "references",
    src: Optional[str] = None,
) -> Any:
    """The sentence-level score of every row, as a new dask Series (``frame.assign(score=...)``), or of
    every record of a Bag, as a Bag of floats in the same order."""
    _dask()
    import pandas as pd

    _check(frame, hyp, refs, src)
    m = _metric(metric)

    def scores(part: Any) -> Any:
        rows = _rows(part, m, hyp, refs, src)
        return pd.Series(m.score_rows(rows) if rows.size else [], index=part.index, dtype="float64")

    if _is_bag(frame):
        return frame.map_partitions(lambda part: scores(_records(part)).tolist())
    return frame.map_partitions(scores, meta=(m.name, "float64"))


def shards_frame_dask(
    files: Sequence[str], kind: str, columns: Sequence[str], max_line_length: int = MAX_LINE_LENGTH
) -> Any:
    """A dask DataFrame of shards (:mod:`simpeval.distributed.shards`), one partition per file in the
    order given, each read on a worker by :func:`~simpeval.distributed.shards.read_shard` (the local
    path's rules); its errors (naming the file and line) are raised by the computations that read it."""
    dask = _dask()
    import dask.dataframe as dd
    import pandas as pd

    meta = pd.DataFrame({c: pd.Series([], dtype=object) for c in columns})
    parts = [dask.delayed(read_shard)(path, kind, list(columns), max_line_length) for path in files]
    return dd.from_delayed(parts, meta=meta, verify_meta=False)
