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
from ..metrics import Metric
from ..metrics.score import Score
from .rows import (
    EXACT,
    TEXT_NOT_LISTS,
    ReferenceColumns,
    RowError,
    as_metric,
    check_columns,
    numbered_rows,
    partition_rows,
    row_error,
    segment_references,
)
from .shards import read_shard

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


def _summary(
    frame: Any, metric: Metric, hyp: str, refs: ReferenceColumns, src: Optional[str], partition: int = 0
) -> tuple[Any, bool, list[int]]:
    """A partition's summed rows, whether they are whole numbers within exact range, its reference counts."""
    rows = numbered_rows(frame, metric, hyp, refs, src, partition)
    if rows.size == 0:
        return None, True, []
    integral = bool(np.all(rows == np.floor(rows)) and np.abs(rows).sum() < EXACT)
    counts = sorted({len(r) for r in segment_references(frame, refs).segments()})
    return rows.sum(axis=0), integral, counts


def _check(frame: Any, hyp: str, refs: ReferenceColumns, src: Optional[str]) -> None:
    """A DataFrame's columns are checked here; a Bag's keys on the workers, partition by partition."""
    if _is_bag(frame):
        return
    if not hasattr(frame, "to_delayed") or not hasattr(frame, "columns"):
        raise InvalidInputError(f"score_dask: expected a dask DataFrame or Bag (got {type(frame).__name__}).")
    check_columns(frame.columns, [hyp, src, *([refs] if isinstance(refs, str) else refs)])
    if isinstance(refs, str) and str(frame.dtypes[refs]).startswith("string"):  # the lists stored as their text
        raise InvalidInputError(TEXT_NOT_LISTS.format(column=refs))


def corpus_stats_dask(
    frame: Any,
    metric: Union[Metric, str],
    *,
    hyp: str = "hypothesis",
    refs: ReferenceColumns = "references",
    src: Optional[str] = None,
) -> np.ndarray:
    """Every segment's statistics rows, gathered in order: ``metric.corpus_stats`` of the whole
    frame, computed on the workers (for bootstrap intervals and paired tests, which fit in memory)."""
    dask = _dask()
    _check(frame, hyp, refs, src)
    m = as_metric(metric)
    partitions = _partitions(dask, frame)
    try:
        parts = dask.compute(*[dask.delayed(numbered_rows)(p, m, hyp, refs, src, k) for k, p in enumerate(partitions)])
    except RowError as failure:
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
    refs: ReferenceColumns = "references",
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
    m = as_metric(metric)
    partitions = _partitions(dask, frame)
    tasks = [dask.delayed(_summary)(p, m, hyp, refs, src, k) for k, p in enumerate(partitions)]
    try:
        summaries = _compute(dask, tasks, progress, f"{m.name} partitions")
    except RowError as failure:
        raise _global(dask, partitions, failure, "score_dask") from None
    present = [s for s in summaries if s[0] is not None]
    if not present:
        raise InvalidValueError("score_dask: the frame has no segment.")
    counts = {c for s in present for c in s[2]}
    nrefs: Union[int, str] = counts.pop() if len(counts) == 1 else "var"
    if all(s[1] for s in present) and float(np.abs(np.sum([s[0] for s in present], axis=0)).sum()) < EXACT:
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
    refs: ReferenceColumns = "references",
    src: Optional[str] = None,
) -> Any:
    """The sentence-level score of every row, as a new dask Series (``frame.assign(score=...)``), or of
    every record of a Bag, as a Bag of floats in the same order."""
    _dask()
    import pandas as pd

    _check(frame, hyp, refs, src)
    m = as_metric(metric)

    def scores(part: Any) -> Any:
        rows = partition_rows(part, m, hyp, refs, src)
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
