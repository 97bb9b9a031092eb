"""Scoring a Spark DataFrame with any metric, giving exactly the single-machine numbers.

The same design as :mod:`simpeval.distributed.dask`, in one Spark job: ``mapInPandas`` computes
the statistics rows of each partition with the local engines, a group of Arrow batches at a time
(at least :data:`GROUP_ROWS` rows, so a call costs what the local path's calls cost), its
kernels on the task's own cores (``spark.task.cpus``); each group comes back to the driver as
its sum when its rows are integers (exact in float64 below 2**53, added in any order), else as
its rows, packed as bytes, which the driver sums in the frame's order exactly as
``corpus_score`` sums them. Only when some groups are integral and others not (rare: a float
metric whose group happens to hold whole numbers) does a second job gather every row. A Spark
DataFrame's order is that of its partitions: ``coalesce`` keeps it, a shuffle (``repartition``)
does not, and for float statistics the last bits follow the order. What a metric says once per
call (sacrebleu's warning about tokenized text) is said once, on the driver. The Python workers
need simpeval installed: pyspark starts them with ``$PYSPARK_PYTHON`` (else ``python3`` on the
PATH), so for a local session set it to ``sys.executable``, as ``simpeval score --engine spark``
does for local masters. A worker's simpeval error reaches the driver with its own type and
message (a row that cannot be scored named over the whole frame), not as Spark's text of a
Python traceback.
"""

from __future__ import annotations

import contextlib
import dataclasses
import functools
import itertools
import os
import pickle
import re
from collections.abc import Callable, Iterator, Sequence
from typing import Any, TypeVar

import numpy as np

from .. import exceptions
from ..exceptions import InvalidInputError, InvalidOptionError, InvalidValueError, MissingDependencyError, SimpevalError
from ..io import MAX_LINE_LENGTH
from ..metrics import Metric
from ..metrics.score import Score
from .rows import (
    EXACT,
    Partition,
    ReferenceColumns,
    RowError,
    as_metric,
    check_columns,
    corpus_score_of,
    numbered_stats,
    row_error,
    rows_in_order,
)
from .shards import iter_shard_rows, parquet_shard, read_shard
from .worker import first_said, kernel_threads, task_threads

__all__ = ["GROUP_ROWS", "SHARD_BATCH_ROWS", "SparkShards", "corpus_stats_spark", "score_spark", "shards_frame_spark"]

T = TypeVar("T")

#: The fewest rows (but a partition's last group) a task scores in one call: Spark's Arrow batches
#: (``spark.sql.execution.arrow.maxRecordsPerBatch``, 10,000 rows by default) are put together up to it.
GROUP_ROWS = 50_000
#: Rows of a shard in one Arrow batch of :func:`shards_frame_spark`.
SHARD_BATCH_ROWS = 10_000
#: What each group of a partition sends to the driver.
_GROUP_SCHEMA = "part long, seq long, stats array<double>, integral boolean, width int, counts array<int>, rows binary, notes binary"

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
    a row's, with the row numbered over ``frame`` (a DataFrame or :class:`SparkShards`: the
    partitions before it are counted then)."""
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
        if isinstance(frame, SparkShards):
            frame = frame.frame()
        sizes = frame.rdd.mapPartitionsWithIndex(lambda k, rows: [(k, sum(1 for _ in rows))]).collect()
        raise row_error("score_spark", sum(n for k, n in sizes if k < partition) + row, error) from None


def _groups(batches: Iterator[Any]) -> Iterator[Any]:
    """A partition's Arrow batches (pandas frames) put together into groups of at least
    :data:`GROUP_ROWS` rows (the last one may hold fewer)."""
    import pandas as pd

    pending: list[Any] = []
    size = 0
    for batch in batches:
        pending.append(batch)
        size += len(batch)
        if size >= GROUP_ROWS:
            yield pending[0] if len(pending) == 1 else pd.concat(pending, ignore_index=True)
            pending, size = [], 0
    if pending:
        yield pending[0] if len(pending) == 1 else pd.concat(pending, ignore_index=True)


def _located(
    batches: Iterator[Any], metric: Metric, hyp: str, refs: ReferenceColumns, src: str | None
) -> Iterator[Partition]:
    """Each group of a partition's batches as its statistics rows, numbers of references and notes,
    computed with the task's cores; a row that cannot be scored raised as a :class:`RowError`
    numbered within the partition (this task's)."""
    from pyspark import TaskContext

    offset = 0
    with kernel_threads(task_threads()):
        for group in _groups(batches):
            try:
                yield numbered_stats(group, metric, hyp, refs, src, 0)
            except RowError as failure:
                context = TaskContext.get()
                raise RowError(context.partitionId() if context else 0, offset + failure.row, failure.error) from None
            offset += len(group)


def _spark() -> Any:
    try:
        from pyspark.sql import functions
    except ImportError as err:
        raise MissingDependencyError('the Spark engine needs: pip install "simplification-metrics[spark]"') from err
    return functions


def _check(frame: Any, hyp: str, refs: ReferenceColumns, src: str | None) -> None:
    if isinstance(frame, SparkShards):
        check_columns("score_spark", frame.columns, hyp, refs, src)
        return
    if not hasattr(frame, "mapInPandas"):
        raise InvalidInputError(f"score_spark: expected a pyspark DataFrame (got {type(frame).__name__}).")
    check_columns("score_spark", frame.columns, hyp, refs, src)


def _integral(rows: np.ndarray) -> bool:
    """Whether every row is a whole number and their sum exact in float64 in any order."""
    return bool(np.all(rows == np.floor(rows)) and np.abs(rows).sum() < EXACT)


def _summaries(metric: Metric, hyp: str, refs: ReferenceColumns, src: str | None, every_row: bool) -> Any:
    """The task of :data:`_GROUP_SCHEMA` (given its partition's pandas frames, unsealed): each group's
    sum (integral rows) or rows (``every_row``, or rows that are not whole numbers), its numbers of
    references and its notes."""

    def run(batches: Iterator[Any]) -> Iterator[Any]:
        import pandas as pd
        from pyspark import TaskContext

        context = TaskContext.get()
        part = context.partitionId() if context is not None else 0
        for seq, group in enumerate(_located(batches, metric, hyp, refs, src)):
            if not group.rows.size:
                continue
            rows = np.ascontiguousarray(group.rows, dtype=np.float64)
            integral = not every_row and _integral(rows)
            yield pd.DataFrame(
                {
                    "part": [part],
                    "seq": [seq],
                    "stats": [metric.sum_rows(rows).tolist() if integral else []],
                    "integral": [integral],
                    "width": [rows.shape[1]],
                    "counts": [sorted(group.counts)],
                    "rows": [b"" if integral else rows.tobytes()],
                    "notes": [pickle.dumps(group.notes) if group.notes else b""],
                }
            )

    return run


def _collected(
    frame: Any, metric: Metric, hyp: str, refs: ReferenceColumns, src: str | None, every_row: bool
) -> list[Any]:
    """The groups of the whole frame (:func:`_summaries`), in the frame's order, by one Spark job
    (of :class:`SparkShards`: its files read by the tasks that score them); the notes of the first
    group that has any said here, once."""
    task = _summaries(metric, hyp, refs, src, every_row)
    with _opened(frame):
        if isinstance(frame, SparkShards):
            read = functools.partial(_shard_frames, frame.files, frame.kind, frame.columns, frame.max_line_length)
            job = _file_numbers(frame.spark, len(frame.files)).mapInPandas(
                _sealed(lambda n: task(read(n))), _GROUP_SCHEMA
            )
        else:
            job = frame.mapInPandas(_sealed(task), _GROUP_SCHEMA)
        groups: list[Any] = job.collect()
    groups.sort(key=lambda g: (g["part"], g["seq"]))
    first_said([pickle.loads(g["notes"]) for g in groups if g["notes"]]).say(stacklevel=3)
    return groups


def _rows(group: Any) -> np.ndarray:
    """A group's rows, from the bytes its task sent."""
    return np.frombuffer(bytes(group["rows"]), dtype=np.float64).reshape(-1, int(group["width"]))


def corpus_stats_spark(
    frame: Any,
    metric: Metric | str,
    *,
    hyp: str = "hypothesis",
    refs: ReferenceColumns = "references",
    src: str | None = None,
) -> np.ndarray:
    """Every segment's statistics rows, gathered on the driver in the frame's order (one Spark job);
    ``frame`` a DataFrame or :class:`SparkShards`."""
    _spark()
    _check(frame, hyp, refs, src)
    groups = _collected(frame, as_metric(metric), hyp, refs, src, every_row=True)
    return rows_in_order("score_spark", [_rows(g) for g in groups])


def score_spark(
    frame: Any,
    metric: Metric | str,
    *,
    hyp: str = "hypothesis",
    refs: ReferenceColumns = "references",
    src: str | None = None,
) -> Score:
    """The corpus score of a Spark DataFrame, or of :class:`SparkShards` read by the tasks that score
    them: bit for bit ``metric.corpus_score`` of its columns (arguments as
    :func:`simpeval.distributed.score_dask`), in one Spark job (see :mod:`simpeval.distributed.spark`)."""
    _spark()
    _check(frame, hyp, refs, src)
    m = as_metric(metric)
    groups = _collected(frame, m, hyp, refs, src, every_row=False)
    if not groups:
        raise InvalidValueError("score_spark: the frame has no segment.")
    integral = [bool(g["integral"]) for g in groups]
    total: np.ndarray | None = None
    if all(integral):
        total = m.sum_rows(np.array([g["stats"] for g in groups], dtype=np.float64))
        if float(np.abs(total).sum()) >= EXACT:
            total = None
    elif not any(integral):  # float statistics: the rows in order, summed as the local path sums them
        total = m.sum_rows(np.concatenate([_rows(g) for g in groups]))
    if total is None:  # groups of whole numbers beside others, or sums beyond 2**53: every row, in order
        total = m.sum_rows(corpus_stats_spark(frame, m, hyp=hyp, refs=refs, src=src))
    return corpus_score_of("score_spark", m, total, {c for g in groups for c in g["counts"]})


def shards_frame_spark(
    spark: Any, files: Sequence[str], kind: str, columns: Sequence[str], max_line_length: int = MAX_LINE_LENGTH
) -> Any:
    """A Spark DataFrame of shards (:mod:`simpeval.distributed.shards`), in the order given, each file
    read on a worker by :func:`~simpeval.distributed.shards.iter_shard_rows` (the local path's rules;
    a Parquet shard by :func:`~simpeval.distributed.shards.parquet_shard`); its errors (naming the
    file and line) are raised by the jobs that read it.

    The files are split, in order, into one partition per core of the session
    (``defaultParallelism``, at most one per file): each task of a Python stage costs tens of
    milliseconds, so a partition per file made a corpus of many small shards slow. The rows reach
    Spark as Arrow batches of at most :data:`SHARD_BATCH_ROWS` rows (``mapInArrow`` over the files'
    numbers), so a scoring job reads them without unpickling a Python object per row in the JVM;
    a text shard is read a line at a time and need not fit in memory, and a Parquet shard's text
    columns go from Arrow to Spark without a Python object per row."""
    from pyspark.sql.types import StringType, StructField, StructType

    names, paths = list(columns), list(files)

    def batches(numbers: Iterator[Any]) -> Iterator[Any]:
        import pyarrow as pa

        for number in (k for batch in numbers for k in batch.column(0).to_pylist()):
            if kind == "parquet" and os.path.getsize(paths[number]) > 0:  # Arrow's columns as they are
                yield from parquet_shard(paths[number], names).to_batches(max_chunksize=SHARD_BATCH_ROWS)
                continue
            rows = iter_shard_rows(paths[number], kind, names, max_line_length)  # a line at a time
            while chunk := list(itertools.islice(rows, SHARD_BATCH_ROWS)):
                arrays = [pa.array([row[k] for row in chunk], type=pa.string()) for k in range(len(names))]
                yield pa.RecordBatch.from_arrays(arrays, names=names)

    schema = StructType([StructField(name, StringType(), True) for name in names])
    return _file_numbers(spark, len(paths)).mapInArrow(_sealed(batches), schema)


def _file_numbers(spark: Any, count: int) -> Any:
    """The numbers ``0 .. count - 1`` of a list of files, split in order into one partition per core
    of the session (``defaultParallelism``, at most one per file)."""
    return spark.range(0, count, 1, max(1, min(count, int(spark.sparkContext.defaultParallelism))))


def _shard_frames(
    files: Sequence[str], kind: str, columns: Sequence[str], max_line_length: int, numbers: Iterator[Any]
) -> Iterator[Any]:
    """On a worker: the rows of the files whose ``numbers`` (pandas frames of ``id``) a task holds,
    as pandas frames of text, in order (a Parquet shard whole, a text shard :data:`GROUP_ROWS`
    lines at a time)."""
    import pandas as pd

    for number in (k for batch in numbers for k in batch["id"].tolist()):
        if kind == "parquet":
            yield read_shard(files[number], kind, columns, max_line_length)
            continue
        rows = iter_shard_rows(files[number], kind, columns, max_line_length)
        while chunk := list(itertools.islice(rows, GROUP_ROWS)):
            yield pd.DataFrame(chunk, columns=list(columns), dtype=object)


@dataclasses.dataclass(frozen=True)
class SparkShards:
    """Shard files (:mod:`simpeval.distributed.shards`) for :func:`score_spark` and
    :func:`corpus_stats_spark`, read by the tasks that score them: no DataFrame of texts between
    the reading and the scoring (there the JVM turns each Arrow batch into rows and back: 1.1 of
    5.4 CPU seconds for BLEU's 400,000 segments, measured). The files are split into partitions
    as :func:`shards_frame_spark` splits them, so the numbers are its numbers bit for bit and a
    row that cannot be scored has the same number; :meth:`frame` is that DataFrame, for anything
    else (sentence scores, your own queries).

    Attributes:
        spark: the SparkSession.
        files: the shards, in order.
        kind: ``"parquet"`` or ``"tsv"``.
        columns: the columns to read, in order (``hypothesis``, ``ref0``, ..., ``source``).
        max_line_length: the longest line of a text shard, in bytes (0: no limit).
    """

    spark: Any
    files: tuple[str, ...]
    kind: str
    columns: tuple[str, ...]
    max_line_length: int = MAX_LINE_LENGTH

    def __post_init__(self) -> None:
        if self.kind not in ("parquet", "tsv"):
            raise InvalidOptionError(f"SparkShards: kind must be 'parquet' or 'tsv' (got {self.kind!r}).")
        object.__setattr__(self, "files", tuple(self.files))  # a list given is kept as the tuple it stands for
        object.__setattr__(self, "columns", tuple(self.columns))

    def frame(self) -> Any:
        """The same shards as a Spark DataFrame (:func:`shards_frame_spark`)."""
        return shards_frame_spark(self.spark, self.files, self.kind, self.columns, self.max_line_length)
