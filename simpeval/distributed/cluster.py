"""Where a cluster computes: a frozen :class:`ClusterSpec`, and the Dask client or Spark session it opens.

:class:`ClusterSpec` names the engine (``"dask"`` or ``"spark"``) and its scheduler, checked when
the spec is made (``local[N]`` needs N >= 1, since ``local[0]`` would wait forever for a worker;
Dask also takes a scheduler's address, Spark a master URL). :func:`open_cluster` starts a local
cluster (or connects to a running one) for the time of a ``with`` block and yields a
:class:`Cluster`: the one object through which :mod:`simpeval.distributed.tables` builds frames,
reads shards and scores them, whichever the engine. The messages name the options of
``simpeval score`` (``--engine``, ``--scheduler``), the fields of the spec.

A local Spark master (``local``, ``local[N]``) runs its Python workers with this very interpreter
(``sys.executable``, also set as ``PYSPARK_PYTHON``), so a virtual environment need not be
activated; its session logs at ``FATAL`` once started (a failed task is one simpeval error).

Examples:
    >>> ClusterSpec("dask", "local[2]").scheduler
    'local[2]'
    >>> ClusterSpec("dask", "local[0]")
    Traceback (most recent call last):
    ...
    simpeval.exceptions.InvalidOptionError: --scheduler 'local[0]': --engine dask takes local[N] with N >= 1 worker processes, e.g. local[2].
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import sys
from collections.abc import Callable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..exceptions import InvalidOptionError, MissingDependencyError
from ..metrics import Metric
from ..metrics.score import Score
from .dask import corpus_stats_dask, score_dask, shards_frame_dask
from .spark import SparkShards, corpus_stats_spark, score_spark

__all__ = [
    "CONNECT_TIMEOUT_SECONDS",
    "ENGINES",
    "PARTITION_ROWS",
    "Cluster",
    "ClusterSpec",
    "check_scheduler",
    "open_cluster",
]

#: The cluster engines.
ENGINES = ("dask", "spark")
#: The most rows of a partition :meth:`Cluster.frame` makes: a worker scoring one holds its text, its
#: statistics rows and the metric's working arrays, well under 1 GiB for any metric.
PARTITION_ROWS = 50_000
#: How long a Dask client waits for a scheduler to answer before giving up, by default.
CONNECT_TIMEOUT_SECONDS = 10

ProgressFn = Callable[[str, int, int | None], None]


def check_scheduler(engine: str, scheduler: str) -> None:
    """Whether ``engine`` can compute on ``scheduler``: ``local[N]`` with N >= 1 (Spark also ``local``,
    ``local[*]``), a Dask scheduler's address (``tcp://host:8786``) or a Spark master URL.

    Raises:
        InvalidOptionError: an engine other than ``dask`` or ``spark``, or a scheduler it cannot use.
    """
    if engine not in ENGINES:
        raise InvalidOptionError(f"--engine {engine!r}: a cluster engine is one of {', '.join(ENGINES)}.")
    local = re.fullmatch(r"local(?:\[(.*)\])?", scheduler)
    if local is not None:
        count = local.group(1)
        ok = (count is not None and re.fullmatch(r"[1-9]\d*", count) is not None) or (
            engine == "spark" and (count is None or re.fullmatch(r"(\*|[1-9]\d*)(,[1-9]\d*)?", count) is not None)
        )
        if not ok:
            forms = (
                "local[N] with N >= 1 worker processes"
                if engine == "dask"
                else "local, local[N] or local[*] (N >= 1 threads)"
            )
            raise InvalidOptionError(f"--scheduler {scheduler!r}: --engine {engine} takes {forms}, e.g. local[2].")
    elif engine == "dask" and not re.fullmatch(r"([a-z][a-z0-9+.-]*://)?[^\s/:]+:\d+/?", scheduler):
        raise InvalidOptionError(
            f"--scheduler {scheduler!r}: --engine dask takes local[N] (N >= 1) or a scheduler's address, tcp://host:8786."
        )
    elif engine == "spark" and not re.fullmatch(r"local-cluster\[\d+,\d+,\d+\]|spark://\S+|yarn|k8s://\S+", scheduler):
        raise InvalidOptionError(
            f"--scheduler {scheduler!r}: --engine spark takes a master URL: local[N], local[*], spark://host:7077, "
            "yarn or k8s://https://host:port."
        )


@dataclass(frozen=True)
class ClusterSpec:
    """Where to compute: checked when made (:func:`check_scheduler`).

    Attributes:
        engine: ``"dask"`` or ``"spark"``.
        scheduler: ``local[N]`` (N worker processes for Dask, threads for Spark), a Dask
            scheduler's address (``tcp://host:8786``) or a Spark master URL (``spark://host:7077``,
            ``yarn``, ``k8s://...``).
        console_progress: Spark draws its console progress bar (Dask reports to the ``progress``
            callback of the scoring functions instead).
        connect_timeout: seconds a Dask client waits for a scheduler's answer.
    """

    engine: str
    scheduler: str = "local[2]"
    console_progress: bool = False
    connect_timeout: float = CONNECT_TIMEOUT_SECONDS

    def __post_init__(self) -> None:
        check_scheduler(self.engine, self.scheduler)


class Cluster:
    """An open Dask client (or, as :class:`SparkCluster`, a Spark session): how to build a frame of
    columns, a frame of shards, and score it or gather its statistics rows."""

    def __init__(self, client: Any) -> None:
        self.client = client
        self._scattered: list[Any] = []  # the futures of the frames' data: the cluster keeps what is held

    def frame(self, columns: Mapping[str, Sequence[str | None]]) -> Any:
        """A distributed frame of ``columns``: its partitions (at most :data:`PARTITION_ROWS` rows,
        at least two per worker) scattered to the workers once, so that the graphs that score it
        carry their keys, not the data."""
        import dask
        import dask.dataframe as dd
        import pandas as pd

        rows = pd.DataFrame(columns)
        workers = max(1, len(self.client.scheduler_info().get("workers", {})))
        count = max(2 * workers, -(-len(rows) // PARTITION_ROWS))
        size = max(1, -(-len(rows) // count))
        pieces = [rows.iloc[start : start + size] for start in range(0, len(rows), size)] or [rows]
        futures = self.client.scatter(pieces, hash=False)
        self._scattered.append(futures)  # held here while the cluster is open, whatever the frame keeps
        with dask.config.set({"dataframe.convert-string": False}):  # Python text, as given (no Arrow round trip)
            return dd.from_delayed(futures, meta=rows.iloc[:0], verify_meta=False)

    def shards(self, files: Sequence[str], kind: str, columns: Sequence[str], max_line_length: int) -> Any:
        """A frame of shard files, each read on a worker (:mod:`simpeval.distributed.shards`)."""
        return shards_frame_dask(files, kind, columns, max_line_length)

    def score(
        self, frame: Any, metric: Metric, refs: list[str], src: str | None, progress: ProgressFn | None = None
    ) -> Score:
        """The corpus score of ``frame`` (:func:`~simpeval.distributed.score_dask`), on this client
        even where another one is current (a ``with Client(...)`` block around the call)."""
        with self.client.as_current():
            return score_dask(frame, metric, refs=refs, src=src, progress=progress)

    def stats(self, frame: Any, metric: Metric, refs: list[str], src: str | None) -> np.ndarray:
        """Every segment's statistics rows, in order (:func:`~simpeval.distributed.corpus_stats_dask`), on this client."""
        with self.client.as_current():
            return corpus_stats_dask(frame, metric, refs=refs, src=src)


class SparkCluster(Cluster):
    """A Spark session behind the :class:`Cluster` interface (Spark draws its own progress)."""

    def frame(self, columns: Mapping[str, Sequence[str | None]]) -> Any:
        import pandas as pd

        return self.client.createDataFrame(pd.DataFrame(columns))

    def shards(self, files: Sequence[str], kind: str, columns: Sequence[str], max_line_length: int) -> Any:
        """Shard files read by the tasks that score them (:class:`~simpeval.distributed.SparkShards`)."""
        return SparkShards(self.client, tuple(files), kind, tuple(columns), max_line_length)

    def score(
        self, frame: Any, metric: Metric, refs: list[str], src: str | None, progress: ProgressFn | None = None
    ) -> Score:
        return score_spark(frame, metric, refs=refs, src=src)

    def stats(self, frame: Any, metric: Metric, refs: list[str], src: str | None) -> np.ndarray:
        return corpus_stats_spark(frame, metric, refs=refs, src=src)


@contextlib.contextmanager
def open_cluster(spec: ClusterSpec) -> Iterator[Cluster]:
    """The cluster of ``spec``, open for a ``with`` block (a local Dask cluster is closed after it;
    a Spark session stays for the process, as Spark keeps one).

    Raises:
        MissingDependencyError: the engine is not installed (``simplification-metrics[dask]``, ``[spark]``).
        InvalidOptionError: no Dask scheduler answered at the address, or Spark refused the master.
    """
    if spec.engine == "spark":
        yield SparkCluster(_spark_session(spec))
        return
    client = _client(spec)
    try:
        yield Cluster(client)
    finally:
        client.close()


def _client(spec: ClusterSpec) -> Any:
    try:
        import distributed
    except ImportError as err:
        raise MissingDependencyError('--engine dask needs Dask: pip install "simplification-metrics[dask]"') from err
    local = re.fullmatch(r"local\[(\d+)\]", spec.scheduler)
    if local:
        # silence_logs: a worker's failed task is the client's one error line, not also a log record
        cluster = distributed.LocalCluster(
            n_workers=int(local.group(1)),
            threads_per_worker=1,
            processes=True,
            dashboard_address=None,
            silence_logs=logging.CRITICAL,
        )
        return distributed.Client(cluster)
    try:
        return distributed.Client(spec.scheduler, timeout=f"{spec.connect_timeout:g}s")
    except (
        OSError,
        ValueError,
        TypeError,
    ) as err:  # unreachable (OSError, TimeoutError), or an address Dask cannot parse
        raise InvalidOptionError(
            f"--scheduler {spec.scheduler}: no Dask scheduler answered within {spec.connect_timeout:g} s ({err}). "
            "Check the address, start one (dask scheduler), or use local[N]."
        ) from None


def _spark_session(spec: ClusterSpec) -> Any:
    try:
        from pyspark.sql import SparkSession
    except ImportError as err:
        raise MissingDependencyError('--engine spark needs Spark: pip install "simplification-metrics[spark]"') from err
    master = spec.scheduler
    builder = SparkSession.builder.master(master).appName("simpeval")
    builder = builder.config("spark.ui.showConsoleProgress", str(spec.console_progress).lower())
    if re.fullmatch(r"local(\[.*\])?", master):  # workers on this machine: this interpreter, where simpeval is
        os.environ["PYSPARK_PYTHON"] = sys.executable  # what pyspark reads for the workers it starts
        builder = builder.config("spark.pyspark.python", sys.executable)
    try:
        session = builder.getOrCreate()
    except Exception as err:  # py4j's and pyspark's errors: the JVM's reason on its first line
        reason = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
        raise InvalidOptionError(
            f"--scheduler {master}: Spark could not start on this master ({reason}). Give a master URL Spark "
            "accepts: local[N], spark://host:7077, yarn, k8s://https://host:port."
        ) from None
    # A failed task is logged by the executor with its Python traceback, then raised on the driver,
    # where simpeval reports it as one line: the log would say it again, at length.
    session.sparkContext.setLogLevel("FATAL")
    return session
