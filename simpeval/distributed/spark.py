"""Scoring a Spark DataFrame with any metric, giving exactly the single-machine numbers.

The same design as :mod:`simpeval.distributed.dask`: ``mapInPandas`` computes each batch's
statistics rows with the local engines; integer statistics are summed per batch and the sums
combined with ``treeReduce`` (exact in float64 below 2**53 in any order); float statistics come
back as rows with a ``monotonically_increasing_id`` and are summed on the driver in the frame's
order, exactly as ``corpus_score`` sums them. A Spark DataFrame's order is that of its
partitions: ``coalesce`` keeps it, a shuffle (``repartition``) does not, and for float
statistics the last bits follow the order. The Python workers need simpeval installed: pyspark
starts them with ``$PYSPARK_PYTHON`` (else ``python3`` on the PATH), so for a local session set it
to ``sys.executable``, as ``simpeval score --engine spark`` does for local masters. A worker's
simpeval error reaches the driver with its own type and message (a row that cannot be scored
named over the whole frame), not as Spark's text of a Python traceback.
"""

from __future__ import annotations

import contextlib
import re
from collections.abc import Iterator, Sequence
from typing import Any, Callable, Optional, TypeVar, Union

import numpy as np

from .. import exceptions
from ..exceptions import InvalidInputError, InvalidValueError, MissingDependencyError, SimpevalError
from ..io import MAX_LINE_LENGTH
from ..metrics import Metric
from ..metrics.score import Score
from .rows import EXACT, ReferenceColumns, RowError, as_metric, numbered_stats, row_error
from .shards import iter_shard_rows

__all__ = ["corpus_stats_spark", "score_spark", "shards_frame_spark"]

T = TypeVar("T")

#: Spark hands a worker's exception to the driver as text (its traceback), so simpeval's errors travel
#: sealed in this envelope (with the partition and row of a row that cannot be scored) and are raised
#: again on the driver with their own type and message.
_ENVELOPE = re.compile(r"<simpeval-error (\w+) (-?\d+) (-?\d+)>(.*?)</simpeval-error>", re.S)


def _sealed(work: Callable[[Any], Iterator[T]]) -> Callable[[Any], Iterator[T]]:
    """``work`` (a worker's function returning an iterator): a :class:`SimpevalError` leaves it sealed,
    for :func:`_opened` on the driver."""

    def run(argument: Any) -> Iterator[T]:
        try:
            yield from work(argument)
        except RowError as failure:
            error = failure.error
            raise RuntimeError(
                f"<simpeval-error {type(error).__name__} {failure.partition} {failure.row}>{error}</simpeval-error>"
            ) from None
        except SimpevalError as err:
            raise RuntimeError(f"<simpeval-error {type(err).__name__} -1 -1>{err}</simpeval-error>") from None

    return run


@contextlib.contextmanager
def _opened(frame: Any = None) -> Iterator[None]:
    """On the driver: a Spark error carrying a sealed :class:`SimpevalError` raises that error again;
    a row's, with the row numbered over ``frame`` (the partitions before it are counted then)."""
    try:
        yield
    except Exception as err:
        found = _ENVELOPE.search(str(err))
        if found is None:
            raise
        kind = getattr(exceptions, found.group(1), None)
        error = (kind if isinstance(kind, type) and issubclass(kind, SimpevalError) else InvalidValueError)(
            found.group(4)
        )
        partition, row = int(found.group(2)), int(found.group(3))
        if partition < 0 or frame is None:
            raise error from None
        sizes = frame.rdd.mapPartitionsWithIndex(lambda k, rows: [(k, sum(1 for _ in rows))]).collect()
        raise row_error("score_spark", sum(n for k, n in sizes if k < partition) + row, error) from None


def _located(
    batches: Iterator[Any], metric: Metric, hyp: str, refs: ReferenceColumns, src: Optional[str]
) -> Iterator[tuple[Any, np.ndarray, set[int]]]:
    """Each batch of a partition with its statistics rows and numbers of references; a row that cannot
    be scored raised as a :class:`RowError` numbered within the partition (this task's)."""
    from pyspark import TaskContext

    offset = 0
    for batch in batches:
        try:
            rows, counts = numbered_stats(batch, metric, hyp, refs, src, 0)
        except RowError as failure:
            context = TaskContext.get()
            raise RowError(context.partitionId() if context else 0, offset + failure.row, failure.error) from None
        offset += len(batch)
        yield batch, rows, counts


def _spark() -> Any:
    try:
        from pyspark.sql import functions
    except ImportError as err:
        raise MissingDependencyError('the Spark engine needs: pip install "simplification-metrics[spark]"') from err
    return functions


def _check(frame: Any, columns: list[Optional[str]]) -> None:
    if not hasattr(frame, "mapInPandas"):
        raise InvalidInputError(f"score_spark: expected a pyspark DataFrame (got {type(frame).__name__}).")
    missing = [c for c in columns if c is not None and c not in frame.columns]
    if missing:
        raise InvalidValueError(f"score_spark: no column {', '.join(map(repr, missing))} (columns: {frame.columns}).")


def _summaries(metric: Metric, hyp: str, refs: ReferenceColumns, src: Optional[str]) -> Any:
    def run(batches: Iterator[Any]) -> Iterator[Any]:
        import pandas as pd

        for _, rows, counts in _located(batches, metric, hyp, refs, src):
            if not rows.size:
                continue
            integral = bool(np.all(rows == np.floor(rows)) and np.abs(rows).sum() < EXACT)
            yield pd.DataFrame(
                {"stats": [rows.sum(axis=0).tolist()], "integral": [integral], "counts": [sorted(counts)]}
            )

    return _sealed(run)


def _ordered_rows(metric: Metric, hyp: str, refs: ReferenceColumns, src: Optional[str]) -> Any:
    def run(batches: Iterator[Any]) -> Iterator[Any]:
        import pandas as pd

        for batch, rows, _ in _located(batches, metric, hyp, refs, src):
            if rows.size:
                yield pd.DataFrame({"_i": batch["_i"].to_numpy(), "stats": [r.tolist() for r in rows]})

    return _sealed(run)


def corpus_stats_spark(
    frame: Any,
    metric: Union[Metric, str],
    *,
    hyp: str = "hypothesis",
    refs: ReferenceColumns = "references",
    src: Optional[str] = None,
) -> np.ndarray:
    """Every segment's statistics rows, gathered on the driver in the frame's order."""
    functions = _spark()
    _check(frame, [hyp, src, *([refs] if isinstance(refs, str) else refs)])
    m = as_metric(metric)
    indexed = frame.withColumn("_i", functions.monotonically_increasing_id())
    with _opened(frame):
        result = indexed.mapInPandas(_ordered_rows(m, hyp, refs, src), "_i long, stats array<double>").collect()
    if not result:
        raise InvalidValueError("score_spark: the frame has no segment.")
    ordered = sorted(result, key=lambda row: row["_i"])
    return np.asarray([row["stats"] for row in ordered], dtype=np.float64)


def score_spark(
    frame: Any,
    metric: Union[Metric, str],
    *,
    hyp: str = "hypothesis",
    refs: ReferenceColumns = "references",
    src: Optional[str] = None,
) -> Score:
    """The corpus score of a Spark DataFrame: bit for bit ``metric.corpus_score`` of its columns
    (arguments as :func:`simpeval.distributed.score_dask`)."""
    _spark()
    _check(frame, [hyp, src, *([refs] if isinstance(refs, str) else refs)])
    m = as_metric(metric)
    schema = "stats array<double>, integral boolean, counts array<int>"
    summaries = frame.mapInPandas(_summaries(m, hyp, refs, src), schema).cache()
    try:
        with _opened(frame):
            facts = summaries.select("integral", "counts").collect()
        if not facts:
            raise InvalidValueError("score_spark: the frame has no segment.")
        counts = {c for row in facts for c in row["counts"]}
        nrefs: Union[int, str] = counts.pop() if len(counts) == 1 else "var"
        if all(row["integral"] for row in facts):
            with _opened(frame):
                total = summaries.rdd.map(lambda row: np.asarray(row["stats"], dtype=np.float64)).treeReduce(np.add)
            if float(np.abs(total).sum()) >= EXACT:
                total = m.sum_rows(corpus_stats_spark(frame, m, hyp=hyp, refs=refs, src=src))
        else:  # float statistics: the rows in order, summed as the local path sums them
            total = m.sum_rows(corpus_stats_spark(frame, m, hyp=hyp, refs=refs, src=src))
    finally:
        summaries.unpersist()
    return m.score_from_stats(total, m.get_signature(nrefs))


def shards_frame_spark(
    spark: Any, files: Sequence[str], kind: str, columns: Sequence[str], max_line_length: int = MAX_LINE_LENGTH
) -> Any:
    """A Spark DataFrame of shards (:mod:`simpeval.distributed.shards`), one partition per file in the
    order given, each read on a worker by :func:`~simpeval.distributed.shards.iter_shard_rows` (the local
    path's rules); its errors (naming the file and line) are raised by the jobs that read it."""
    from pyspark.sql.types import StringType, StructField, StructType

    names = list(columns)

    def rows(path: str) -> Iterator[tuple[Optional[str], ...]]:
        return iter_shard_rows(path, kind, names, max_line_length)  # a line at a time: a shard need not fit in memory

    schema = StructType([StructField(name, StringType(), True) for name in names])
    return spark.createDataFrame(spark.sparkContext.parallelize(list(files), len(files)).flatMap(_sealed(rows)), schema)
