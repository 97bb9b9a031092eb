"""``simpeval score --engine dask|spark --scheduler ADDRESS|local[N]``: the same table, computed on a cluster.

The files are read on the client with the usual strict checks, split into partitions, and every
(system, metric) score comes from :func:`simpeval.distributed.score_dask` (or ``score_spark``),
equal bit for bit to the local path, so ``--format json`` prints the same JSON. ``--shards DIR``
scores a directory of shards read by the engine itself, for corpora larger than the client:
Parquet files (``*.parquet``) or tab-separated text files (``*.tsv``, UTF-8, a header line,
no quoting, an empty field an empty string), with the columns ``hypothesis``, ``ref0``,
``ref1``, ..., and ``source``. Spark draws its own
console progress bar on a terminal; Dask's completion events feed simpeval's bar (partitions done);
``--quiet`` hides both.
"""

from __future__ import annotations

import csv
import functools
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
                 help="Where to compute: this process, a Dask cluster or Spark (simplification-metrics[dask], simplification-metrics[spark])."),
    click.option("--scheduler", default="local[2]", show_default=True, metavar="ADDRESS|local[N]",
                 help="Dask: a scheduler address (tcp://host:8786) or local[N] worker processes; Spark: a master URL."),
    click.option("--shards", metavar="DIR", help="With --engine dask|spark: a directory of Parquet (*.parquet) or "
                 "tab-separated text shards with a header (*.tsv): columns hypothesis, ref0, ref1, ..., source."),
)  # fmt: skip


def _client(scheduler: str) -> Any:
    try:
        import distributed
    except ImportError as err:
        raise click.ClickException('--engine dask needs Dask: pip install "simplification-metrics[dask]"') from err
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
        raise click.ClickException('--engine spark needs Spark: pip install "simplification-metrics[spark]"') from err
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


def _shard_files(path: str) -> tuple[str, list[str]]:
    """The shards' kind (``parquet`` or ``tsv``) and their files, in name order."""
    from pathlib import Path

    folder = Path(path)
    if not folder.is_dir():
        raise click.UsageError(f"--shards {path}: not a directory of shards (*.parquet or *.tsv files).")
    kinds = {kind: sorted(str(f) for f in folder.glob(f"*.{kind}")) for kind in ("parquet", "tsv")}
    found = [kind for kind, files in kinds.items() if files]
    if len(found) != 1:
        what = "both *.parquet and *.tsv files" if found else "no *.parquet or *.tsv file"
        raise click.UsageError(f"--shards {path}: the directory holds {what}; give one kind of shard.")
    return found[0], kinds[found[0]]


def _columns(names: Any) -> tuple[list[str], Optional[str]]:
    """The reference columns (``ref0``, ``ref1``, ... in number order) and the source column, if any."""
    refs = sorted((str(c) for c in names if re.fullmatch(r"ref\d+", str(c))), key=lambda c: int(c[3:]))
    return refs, "source" if "source" in names else None


def score_shards(path: str, metrics: list[Metric], engine: str, scheduler: str, quiet: bool = True) -> ResultTable:
    """The scores of a directory of shards, read by the engine (one system, named after the directory)."""
    from pathlib import Path

    if engine not in ("dask", "spark"):
        raise click.UsageError("--shards is read by a cluster engine: add --engine dask or --engine spark.")
    kind, files = _shard_files(path)
    if engine == "dask":
        import dask.dataframe as dd

        from ..distributed import score_dask

        client = _client(scheduler)
        try:
            frame = dd.read_parquet(files) if kind == "parquet" else dd.read_csv(
                files, sep="\t", quoting=csv.QUOTE_NONE, dtype=str, keep_default_na=False, na_filter=False,
                encoding="utf-8", header=0)  # fmt: skip
            refs, src = _columns(frame.columns)
            with Progress(enabled=not quiet) as progress:
                scores = tuple(score_dask(frame, m, refs=refs, src=src, progress=progress) for m in metrics)
        finally:
            client.close()
    else:
        from ..distributed import score_spark

        reader = _spark_session(scheduler, quiet).read
        # One frame per file, united in name order: Spark's own packing of several files into
        # partitions orders them by size, and float statistics are summed in the frame's order.
        if kind == "parquet":
            parts = [reader.parquet(f) for f in files]
        else:  # no quoting; an empty field is read as null, which is an empty string here
            parts = [reader.options(sep="\t", header=True, quote="", encoding="UTF-8").csv(f).fillna("") for f in files]
        frame = functools.reduce(lambda a, b: a.unionByName(b), parts)
        refs, src = _columns(frame.columns)
        scores = tuple(score_spark(frame, m, refs=refs, src=src) for m in metrics)
    cols = tuple(MetricColumn(score.metric, m.higher_is_better, m.name.lower()) for score, m in zip(scores, metrics))
    return ResultTable((Path(path).name,), cols, (scores,))
