"""``simpeval score --engine dask|spark --scheduler ADDRESS|local[N]``: the same table, computed on a cluster.

The files are read on the client with the usual strict checks, split into partitions, and every
(system, metric) score comes from :func:`simpeval.distributed.score_dask` (or ``score_spark``),
equal bit for bit to the local path, so ``--format json`` prints the same JSON. ``--shards DIR``
scores a directory of Parquet shards (columns ``hypothesis``, ``ref0``, ``ref1``, ...,
``source``) read by the engine itself, for corpora larger than the client. Spark draws its own
console progress bar on a terminal; Dask's completion events feed simpeval's bar (partitions done);
``--quiet`` hides both.
"""

from __future__ import annotations

import re
from typing import Any, Optional

import click

from ..metrics import Metric
from ..report import ResultTable
from ..report.table import MetricColumn
from .options import Decorator, option_group
from .progress import Progress

__all__ = ["engine_options", "score_on_dask", "score_on_engine", "score_shards"]

#: ``--engine`` and ``--scheduler``.
engine_options: Decorator = option_group(
    click.option("--engine", type=click.Choice(["local", "dask", "spark"]), default="local", show_default=True,
                 help="Where to compute: this process, a Dask cluster or Spark (simpeval[dask], simpeval[spark])."),
    click.option("--scheduler", default="local[2]", show_default=True, metavar="ADDRESS|local[N]",
                 help="Dask: a scheduler address (tcp://host:8786) or local[N] worker processes; Spark: a master URL."),
    click.option("--shards", metavar="DIR", help="With --engine dask|spark: a directory of Parquet shards "
                 "(columns hypothesis, ref0, ref1, ..., source) instead of the files."),
)  # fmt: skip


def _client(scheduler: str) -> Any:
    try:
        import distributed
    except ImportError as err:
        raise click.ClickException('--engine dask needs Dask: pip install "simpeval[dask]"') from err
    local = re.fullmatch(r"local\[(\d+)\]", scheduler)
    if local:
        cluster = distributed.LocalCluster(n_workers=int(local.group(1)), threads_per_worker=1, processes=True,
                                           dashboard_address=None)  # fmt: skip
        return distributed.Client(cluster)
    return distributed.Client(scheduler)


def score_on_dask(systems: dict[str, list[str]], references: list[list[str]], sources: Optional[list[str]],
                  metrics: list[Metric], scheduler: str, quiet: bool = True) -> ResultTable:  # fmt: skip
    """The table ``simpeval score`` prints, every score computed by :func:`simpeval.distributed.score_dask`."""
    import dask.dataframe as dd
    import pandas as pd

    from ..distributed import score_dask

    client = _client(scheduler)
    try:
        partitions = max(2, 2 * len(client.scheduler_info().get("workers", {})))
        columns = {f"ref{j}": stream for j, stream in enumerate(references)}
        rows = []
        for outputs in systems.values():
            frame = pd.DataFrame({"hypothesis": outputs, **columns, **({"source": sources} if sources is not None else {})})
            ddf = dd.from_pandas(frame, npartitions=min(partitions, len(frame)))
            with Progress(enabled=not quiet) as progress:
                rows.append(tuple(score_dask(ddf, m, refs=list(columns), src="source" if sources is not None else None,
                                             progress=progress) for m in metrics))  # fmt: skip
    finally:
        client.close()
    cols = tuple(MetricColumn(score.metric, m.higher_is_better, m.name.lower()) for score, m in zip(rows[0], metrics))
    return ResultTable(tuple(systems), cols, tuple(rows))


def _spark_session(master: str, quiet: bool) -> Any:
    try:
        from pyspark.sql import SparkSession
    except ImportError as err:
        raise click.ClickException('--engine spark needs Spark: pip install "simpeval[spark]"') from err
    import sys

    show = not quiet and sys.stderr.isatty()
    return (SparkSession.builder.master(master).appName("simpeval").config("spark.ui.showConsoleProgress", str(show).lower())
            .config("spark.pyspark.python", sys.executable).getOrCreate())  # fmt: skip


def score_on_engine(engine: str, systems: dict[str, list[str]], references: list[list[str]],
                    sources: Optional[list[str]], metrics: list[Metric], scheduler: str, quiet: bool = True) -> ResultTable:  # fmt: skip
    """``score_on_dask``, or the same on Spark."""
    if engine == "dask":
        return score_on_dask(systems, references, sources, metrics, scheduler, quiet)
    import pandas as pd

    from ..distributed import score_spark

    spark = _spark_session(scheduler, quiet)
    columns = {f"ref{j}": stream for j, stream in enumerate(references)}
    rows = []
    for outputs in systems.values():
        frame = spark.createDataFrame(pd.DataFrame({"hypothesis": outputs, **columns, **({"source": sources} if sources is not None else {})}))
        rows.append(tuple(score_spark(frame, m, refs=list(columns), src="source" if sources is not None else None) for m in metrics))
    cols = tuple(MetricColumn(score.metric, m.higher_is_better, m.name.lower()) for score, m in zip(rows[0], metrics))
    return ResultTable(tuple(systems), cols, tuple(rows))


def score_shards(path: str, metrics: list[Metric], engine: str, scheduler: str, quiet: bool = True) -> ResultTable:
    """The scores of a directory of Parquet shards, read by the engine (one system, named after the directory)."""
    from pathlib import Path

    if engine not in ("dask", "spark"):
        raise click.UsageError("--shards is read by a cluster engine: add --engine dask or --engine spark.")
    if not Path(path).is_dir():
        raise click.UsageError(f"--shards {path}: not a directory of Parquet files.")
    if engine == "dask":
        import dask.dataframe as dd

        from ..distributed import score_dask

        client = _client(scheduler)
        try:
            frame = dd.read_parquet(str(Path(path) / "*.parquet"))
            refs = sorted((c for c in frame.columns if str(c).startswith("ref")), key=lambda c: int(str(c)[3:] or 0))
            src = "source" if "source" in frame.columns else None
            with Progress(enabled=not quiet) as progress:
                scores = tuple(score_dask(frame, m, refs=refs, src=src, progress=progress) for m in metrics)
        finally:
            client.close()
    else:
        from ..distributed import score_spark

        frame = _spark_session(scheduler, quiet).read.parquet(str(path))
        refs = sorted((c for c in frame.columns if c.startswith("ref")), key=lambda c: int(c[3:] or 0))
        src = "source" if "source" in frame.columns else None
        scores = tuple(score_spark(frame, m, refs=refs, src=src) for m in metrics)
    cols = tuple(MetricColumn(score.metric, m.higher_is_better, m.name.lower()) for score, m in zip(scores, metrics))
    return ResultTable((Path(path).name,), cols, (scores,))
