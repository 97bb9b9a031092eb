"""Scoring a Dask DataFrame or Bag with any metric, giving exactly the single-machine numbers.

A Bag holds one record (a mapping) per segment, with the same keys a DataFrame has as columns
(``{"hypothesis": ..., "references": [...], "source": ...}``); each partition becomes a small
pandas frame on its worker.

One pass over the partitions: every partition computes its statistics rows with the same engines
as the local path (a segment's row never depends on the other segments) and its rows stay on the
worker that computed them; a running total then visits the partitions in order, each step on the
worker holding that partition's rows (:func:`~simpeval.distributed.rows.running_sum`), so only a
vector of a few dozen floats travels between workers, and the client receives the total and each
partition's numbers of references. The local path sums all rows at once (``Metric.sum_rows``:
``stats.sum(axis=0)``), which NumPy does one row after the other for these ``(n, k >= 2)`` arrays: the running total is
bit for bit that sum, on any partitioning, for integer statistics (n-gram counts) and float ones
(sentence-averaged SARI presets, TER's mean reference lengths) alike. A metric with its own
``sum_rows`` (NLTK's chrF) has its rows gathered in order and summed on the client instead.

The metric reaches the cluster once per call (``Client.scatter``; a delayed object without a
distributed client): every task reads that one key, so the metric is not embedded in the graph
once per task (nor is the data of a frame made by :meth:`simpeval.distributed.Cluster.frame`).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import numpy as np

from ..exceptions import InvalidInputError, MissingDependencyError, SimpevalError
from ..io import MAX_LINE_LENGTH
from ..metrics import Metric
from ..metrics.score import Score
from .rows import (
    TEXT_NOT_LISTS,
    NotSequential,
    Partition,
    ReferenceColumns,
    RowError,
    as_metric,
    check_columns,
    corpus_score_of,
    numbered_stats,
    partition_rows,
    row_error,
    rows_in_order,
    running_sum,
    sums_in_order,
)
from .shards import read_shard
from .worker import Notes, first_said, heap_frozen, kernel_threads, task_threads

ProgressFn = Callable[[str, int, int | None], None]

__all__ = ["corpus_stats_dask", "score_dask", "sentence_scores_dask", "shards_frame_dask"]


def _dask() -> Any:
    try:
        import dask
        import dask.dataframe
    except ImportError as err:
        raise MissingDependencyError('the Dask engine needs: pip install "simplification-metrics[dask]"') from err
    return dask


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


def _global(dask: Any, parts: list[Any], failure: RowError, owner: str) -> SimpevalError:
    """The error of a :class:`RowError`, with the row's number over the whole frame (1-based): the
    lengths of the partitions before it are counted now, on the cluster (only when a row failed)."""
    offset = int(sum(dask.compute(*[dask.delayed(len)(p) for p in parts[: failure.partition]])))
    return row_error(owner, offset + failure.row, failure.error)


def _client() -> Any:
    """The distributed client ``dask.compute`` would run on, or ``None`` (a local scheduler, also
    when one is configured while a client exists: ``dask.config.set(scheduler="sync")``)."""
    import dask.base

    try:
        from distributed import Client
    except ImportError:
        return None
    client = getattr(dask.base.get_scheduler(), "__self__", None)
    return client if isinstance(client, Client) else None


def _shared(dask: Any, metric: Metric) -> Any:
    """The metric as one key that every task of the call reads: scattered once to the cluster with
    a distributed client (so the graph carries its key, not its pickle in every task), a delayed
    object with Dask's local schedulers."""
    client = _client()
    if client is None:
        return dask.delayed(metric, pure=False)
    return dask.delayed(client.scatter([metric], hash=False)[0])


def stats_on_worker(part: Any, metric: Metric, hyp: str, refs: ReferenceColumns, src: str | None, k: int) -> Partition:
    """A partition's :func:`~simpeval.distributed.rows.numbered_stats`, on a worker: its kernels on
    the worker's own threads (:func:`~simpeval.distributed.worker.kernel_threads`), the worker's
    own objects out of the garbage collector's sight (:func:`~simpeval.distributed.worker.heap_frozen`)."""
    with kernel_threads(task_threads()), heap_frozen():
        return numbered_stats(part, metric, hyp, refs, src, k)


def _fold(metric: Metric, total: np.ndarray | None, part: Partition) -> np.ndarray | None:
    """One step of the running total: run on the worker that holds the partition's rows."""
    return running_sum(metric, total, part.rows)


def _counts(part: Partition) -> tuple[int, set[int], Notes]:
    """What the client needs of a partition: its number of rows, of references per segment, its notes."""
    return len(part.rows), part.counts, part.notes


def _check(frame: Any, hyp: str, refs: ReferenceColumns, src: str | None) -> None:
    """A DataFrame's columns are checked here; a Bag's keys on the workers, partition by partition."""
    if _is_bag(frame):
        return
    if not hasattr(frame, "to_delayed") or not hasattr(frame, "columns"):
        raise InvalidInputError(f"score_dask: expected a dask DataFrame or Bag (got {type(frame).__name__}).")
    check_columns("score_dask", frame.columns, hyp, refs, src)
    if isinstance(refs, str) and str(frame.dtypes[refs]).startswith("string"):  # the lists stored as their text
        raise InvalidInputError(TEXT_NOT_LISTS.format(column=refs))


def corpus_stats_dask(
    frame: Any,
    metric: Metric | str,
    *,
    hyp: str = "hypothesis",
    refs: ReferenceColumns = "references",
    src: str | None = None,
) -> np.ndarray:
    """Every segment's statistics rows, gathered in order: ``metric.corpus_stats`` of the whole
    frame, computed on the workers (for bootstrap intervals and paired tests, which fit in memory)."""
    dask = _dask()
    _check(frame, hyp, refs, src)
    m = as_metric(metric)
    partitions = _partitions(dask, frame)
    shared = _shared(dask, m)
    try:
        parts: tuple[Partition, ...] = dask.compute(
            *[dask.delayed(stats_on_worker)(p, shared, hyp, refs, src, k) for k, p in enumerate(partitions)]
        )
    except RowError as failure:
        raise _global(dask, partitions, failure, "score_dask") from None
    rows = rows_in_order("score_dask", [p.rows for p in parts])
    first_said([p.notes for p in parts]).say(stacklevel=2)
    return rows


def score_dask(
    frame: Any,
    metric: Metric | str,
    *,
    hyp: str = "hypothesis",
    refs: ReferenceColumns = "references",
    src: str | None = None,
    progress: ProgressFn | None = None,
) -> Score:
    """The corpus score of a dask DataFrame: bit for bit ``metric.corpus_score`` of its columns.

    One pass: the partitions' rows stay on the workers, a running total visits them in order
    (see :mod:`simpeval.distributed.dask`), and the client receives one vector.

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
    m = as_metric(metric)
    partitions = _partitions(dask, frame)
    shared = _shared(dask, m)
    parts = [dask.delayed(stats_on_worker)(p, shared, hyp, refs, src, k) for k, p in enumerate(partitions)]
    try:
        try:
            total, facts = _total(dask, m, shared, parts, progress, sums_in_order(m))
        except NotSequential:  # one statistic per row: NumPy sums that pairwise, so it takes every row
            total, facts = _total(dask, m, shared, parts, progress, False)
    except RowError as failure:
        raise _global(dask, partitions, failure, "score_dask") from None
    score = corpus_score_of("score_dask", m, total, {c for rows, found, _ in facts if rows for c in found})
    first_said([notes for _, _, notes in facts]).say(stacklevel=2)
    return score


def _total(
    dask: Any, metric: Metric, shared: Any, parts: list[Any], progress: ProgressFn | None, in_order: bool
) -> tuple[np.ndarray | None, list[tuple[int, set[int], Notes]]]:
    """The corpus sum of the partitions' rows and each partition's :func:`_counts`, in one pass:
    ``in_order``, by a running total on the workers (the metric's ``sum_rows``, read from ``shared``,
    its key on the cluster); else every row, summed on the client."""
    if not parts:
        return None, []
    if in_order:
        total = dask.delayed(_fold)(shared, None, parts[0])
        for part in parts[1:]:
            total = dask.delayed(_fold)(shared, total, part)
        *facts, summed = _compute(dask, [dask.delayed(_counts)(p) for p in parts], total, progress, metric.name)
        return summed, facts
    # a metric's own sum (NLTK's chrF): every row, in order, summed on the client as the metric sums them
    gathered: list[Partition] = _compute(dask, parts, None, progress, metric.name)
    kept = [p.rows for p in gathered if p.rows.size]
    return (metric.sum_rows(np.concatenate(kept)) if kept else None), [_counts(p) for p in gathered]


def _compute(dask: Any, tasks: list[Any], last: Any, progress: ProgressFn | None, name: str) -> list[Any]:
    """The results of ``tasks`` in order (then ``last``'s, if given), computed together; ``progress``
    told of each finished task when a distributed client is active."""
    every = [*tasks, last] if last is not None else tasks
    client = _client() if progress is not None else None
    if progress is None or client is None:
        results = list(dask.compute(*every))
        if progress is not None:
            progress(f"{name} partitions", len(tasks), len(tasks))
        return results
    from distributed import as_completed

    futures = client.compute(every)
    for done, _ in enumerate(as_completed(futures[: len(tasks)]), start=1):
        progress(f"{name} partitions", done, len(tasks))
    return [future.result() for future in futures]


def sentence_scores_dask(
    frame: Any,
    metric: Metric | str,
    *,
    hyp: str = "hypothesis",
    refs: ReferenceColumns = "references",
    src: str | None = None,
) -> Any:
    """The sentence-level score of every row, as a new dask Series (``frame.assign(score=...)``), or of
    every record of a Bag, as a Bag of floats in the same order."""
    dask = _dask()
    import pandas as pd

    _check(frame, hyp, refs, src)
    m = as_metric(metric)

    def scores(part: Any, shared: Metric) -> Any:
        with kernel_threads(task_threads()), heap_frozen():
            rows = partition_rows(part, shared, hyp, refs, src)
        return pd.Series(shared.score_rows(rows) if rows.size else [], index=part.index, dtype="float64")

    shared = _shared(dask, m)
    if _is_bag(frame):
        return frame.map_partitions(lambda part, shared: scores(_records(part), shared).tolist(), shared)
    return frame.map_partitions(scores, shared, meta=(m.name, "float64"))


def shards_frame_dask(
    files: Sequence[str], kind: str, columns: Sequence[str], max_line_length: int = MAX_LINE_LENGTH
) -> Any:
    """A dask DataFrame of shards (:mod:`simpeval.distributed.shards`), one partition per file in the
    order given, each read on a worker by :func:`~simpeval.distributed.shards.read_shard` (the local
    path's rules); its errors (naming the file and line) are raised by the computations that read it.
    Its columns hold Python text (``object``), also where Dask's ``dataframe.convert-string`` is on."""
    dask = _dask()
    import dask.dataframe as dd
    import pandas as pd

    meta = pd.DataFrame({c: pd.Series([], dtype=object) for c in columns})
    # one task per partition, the read itself (``from_delayed`` put two more before the scoring task:
    # 2 workers gained 1.62x over 1 with them, 1.73x without, measured on 400,000 segments); the
    # columns stay Python text, as read: Dask would turn each partition into Arrow strings, which
    # scoring turns back into Python text (a tenth of a partition's time, measured)
    with dask.config.set({"dataframe.convert-string": False}):
        return dd.from_map(
            read_shard,
            list(files),
            kind=kind,
            columns=list(columns),
            max_line_length=max_line_length,
            meta=meta,
            enforce_metadata=False,
            label="read_shard",
        )
