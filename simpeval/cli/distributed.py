"""``simpeval score --engine dask|spark --scheduler ADDRESS|local[N]``: the same table, computed on a cluster.

The files are read on the client with the usual strict checks, split into partitions, and every
(system, metric) score comes from :func:`simpeval.distributed.score_dask` (or ``score_spark``),
equal bit for bit to the local path, so ``--format json`` prints the same JSON. ``--confidence``
and ``--sentence-level`` work the same way: the cluster computes every segment's statistics row
(a few numbers each), and the client resamples them, or scores them one by one, exactly as the
local path does. ``--shards DIR`` scores a directory of shards read by the engine itself, for
corpora larger than the client: Parquet files (``*.parquet``) or tab-separated text files
(``*.tsv``, read by the local path's rules: UTF-8, only ``\\n`` ends a row, a header line, no
quoting, an empty field an empty string, every row with every field), with the columns
``hypothesis``, ``ref0``, ``ref1``, ..., and ``source`` (:mod:`simpeval.distributed.shards`).
Spark draws its own console progress bar on a terminal; Dask's completion events feed simpeval's
bar (partitions done); ``--quiet`` hides both.

A local Spark master (``local``, ``local[N]``) runs its Python workers with this very interpreter
(``sys.executable``), so a virtual environment need not be activated.
"""

from __future__ import annotations

import contextlib
import logging
import os
import re
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any, Optional, Union

import click
from click.core import ParameterSource

from .. import api
from ..metrics import Metric, References
from ..metrics.score import Score
from ..report import ResultTable, SegmentTable
from ..report.table import MetricColumn
from .inputs import Inputs
from .options import Decorator, option_group
from .progress import Progress

__all__ = ["check_engine_usage", "engine_options", "score_on_engine", "score_shards"]

#: ``--engine`` and ``--scheduler``.
engine_options: Decorator = option_group(
    click.option(
        "--engine",
        type=click.Choice(["local", "dask", "spark"]),
        default="local",
        show_default=True,
        help="Where to compute: this process, a Dask cluster or Spark (simplification-metrics[dask], simplification-metrics[spark]).",
    ),
    click.option(
        "--scheduler",
        default="local[2]",
        show_default=True,
        metavar="ADDRESS|local[N]",
        help="Dask: a scheduler address (tcp://host:8786) or local[N] worker processes (N >= 1); Spark: a "
        "master URL (local[N], spark://host:7077, ...).",
    ),
    click.option(
        "--shards",
        metavar="DIR",
        help="With --engine dask|spark: a directory of Parquet (*.parquet) or "
        "tab-separated text shards with a header (*.tsv): columns hypothesis, ref0, ref1, ..., source "
        "(instead of --input/--sources/--references).",
    ),
)

#: How long the client waits for a Dask scheduler to answer before giving up.
CONNECT_TIMEOUT_SECONDS = 10
#: Options that give the data, which ``--shards`` gives instead (parameter name, flag).
_DATA_OPTIONS = (
    ("inputs", "--input"),
    ("sources", "--sources"),
    ("references", "--references"),
    ("test_set", "--test-set"),
    ("num_refs", "--num-refs"),
    ("names", "--names"),
    ("encoding", "--encoding"),
)
#: Options that need every system's outputs on the client, which ``--shards`` does not read there.
_CLIENT_OPTIONS = (("confidence", "--confidence"), ("sentence_level", "--sentence-level"))


def _given(ctx: click.Context, name: str) -> bool:
    return ctx.get_parameter_source(name) in (ParameterSource.COMMANDLINE, ParameterSource.ENVIRONMENT)


def check_engine_usage(ctx: click.Context, engine: str, scheduler: str, shards: Optional[str]) -> None:
    """Usage errors (exit code 2) for options the engine cannot honour, before any work."""
    if engine == "local":
        if shards is not None:
            raise click.UsageError("--shards is read by a cluster engine: add --engine dask or --engine spark.")
        if _given(ctx, "scheduler"):
            raise click.UsageError("--scheduler names where --engine dask or --engine spark computes; add one of them.")
        return
    _check_scheduler(engine, scheduler)
    if shards is not None:
        utf8 = name_is_utf8(ctx.params.get("encoding"))
        given = [flag for name, flag in _DATA_OPTIONS if _given(ctx, name) and not (name == "encoding" and utf8)]
        if given:
            raise click.UsageError(
                f"--shards {shards} gives the data (UTF-8 shards, one system); do not also give {', '.join(given)}."
            )
        given = [flag for name, flag in _CLIENT_OPTIONS if _given(ctx, name)]
        if given:
            raise click.UsageError(
                f"{given[0]} is not available with --shards (the client never reads the shards' segments); "
                f"score the files with --input/--sources/--references and --engine {engine}, or drop {given[0]}."
            )


def name_is_utf8(encoding: Optional[str]) -> bool:
    """Whether ``encoding`` names UTF-8 (the shards' encoding), in any spelling Python knows.

    Examples:
        >>> name_is_utf8("UTF8"), name_is_utf8("latin-1")
        (True, False)
    """
    import codecs

    try:
        return encoding is not None and codecs.lookup(encoding).name == "utf-8"
    except LookupError:
        return False


def _check_scheduler(engine: str, scheduler: str) -> None:
    """``local[N]`` needs N >= 1 (``local[0]`` would wait forever for a worker); Dask also takes an address."""
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
            raise click.UsageError(f"--scheduler {scheduler!r}: --engine {engine} takes {forms}, e.g. local[2].")
    elif engine == "dask" and not re.fullmatch(r"([a-z][a-z0-9+.-]*://)?[^\s/:]+:\d+/?", scheduler):
        raise click.UsageError(
            f"--scheduler {scheduler!r}: --engine dask takes local[N] (N >= 1) or a scheduler's address, tcp://host:8786."
        )
    elif engine == "spark" and not re.fullmatch(r"local-cluster\[\d+,\d+,\d+\]|spark://\S+|yarn|k8s://\S+", scheduler):
        raise click.UsageError(
            f"--scheduler {scheduler!r}: --engine spark takes a master URL: local[N], local[*], spark://host:7077, "
            "yarn or k8s://https://host:port."
        )


# ------------------------------------------------------------ the engines
class _Engine:
    """One engine's ways to build a frame, score it and gather its statistics rows (Dask's here)."""

    def __init__(self, client: Any, quiet: bool) -> None:
        self.client, self.quiet = client, quiet

    def frame(self, columns: dict[str, list[str]]) -> Any:
        import dask.dataframe as dd
        import pandas as pd

        partitions = max(2, 2 * len(self.client.scheduler_info().get("workers", {})))
        rows = pd.DataFrame(columns)
        return dd.from_pandas(rows, npartitions=min(partitions, len(rows)))

    def shards(self, files: list[str], kind: str, columns: list[str], max_line_length: int) -> Any:
        from ..distributed import shards_frame_dask

        return shards_frame_dask(files, kind, columns, max_line_length)

    def score(self, frame: Any, metric: Metric, refs: list[str], src: Optional[str]) -> Score:
        from ..distributed import score_dask

        with Progress(enabled=not self.quiet) as progress:
            return score_dask(frame, metric, refs=refs, src=src, progress=progress)

    def stats(self, frame: Any, metric: Metric, refs: list[str], src: Optional[str]) -> Any:
        from ..distributed import corpus_stats_dask

        return corpus_stats_dask(frame, metric, refs=refs, src=src)


class _Spark(_Engine):
    def frame(self, columns: dict[str, list[str]]) -> Any:
        import pandas as pd

        return self.client.createDataFrame(pd.DataFrame(columns))

    def shards(self, files: list[str], kind: str, columns: list[str], max_line_length: int) -> Any:
        from ..distributed import shards_frame_spark

        return shards_frame_spark(self.client, files, kind, columns, max_line_length)

    def score(self, frame: Any, metric: Metric, refs: list[str], src: Optional[str]) -> Score:
        from ..distributed import score_spark

        return score_spark(frame, metric, refs=refs, src=src)

    def stats(self, frame: Any, metric: Metric, refs: list[str], src: Optional[str]) -> Any:
        from ..distributed import corpus_stats_spark

        return corpus_stats_spark(frame, metric, refs=refs, src=src)


@contextlib.contextmanager
def _engine(engine: str, scheduler: str, quiet: bool) -> Iterator[_Engine]:
    if engine == "spark":
        yield _Spark(_spark_session(scheduler, quiet), quiet)
        return
    client = _client(scheduler)
    try:
        yield _Engine(client, quiet)
    finally:
        client.close()


def _client(scheduler: str) -> Any:
    try:
        import distributed
    except ImportError as err:
        raise click.ClickException('--engine dask needs Dask: pip install "simplification-metrics[dask]"') from err
    local = re.fullmatch(r"local\[(\d+)\]", scheduler)
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
        return distributed.Client(scheduler, timeout=f"{CONNECT_TIMEOUT_SECONDS}s")
    except (
        OSError,
        ValueError,
        TypeError,
    ) as err:  # unreachable (OSError, TimeoutError), or an address Dask cannot parse
        raise click.ClickException(
            f"--scheduler {scheduler}: no Dask scheduler answered within {CONNECT_TIMEOUT_SECONDS} s ({err}). "
            "Check the address, start one (dask scheduler), or use local[N]."
        ) from None


def _spark_session(master: str, quiet: bool) -> Any:
    try:
        from pyspark.sql import SparkSession
    except ImportError as err:
        raise click.ClickException('--engine spark needs Spark: pip install "simplification-metrics[spark]"') from err
    builder = SparkSession.builder.master(master).appName("simpeval")
    builder = builder.config("spark.ui.showConsoleProgress", str(not quiet and sys.stderr.isatty()).lower())
    if re.fullmatch(r"local(\[.*\])?", master):  # workers on this machine: this interpreter, where simpeval is
        os.environ["PYSPARK_PYTHON"] = sys.executable  # what pyspark reads for the workers it starts
        builder = builder.config("spark.pyspark.python", sys.executable)
    try:
        session = builder.getOrCreate()
    except Exception as err:  # py4j's and pyspark's errors: the JVM's reason on its first line
        reason = str(err).strip().splitlines()[0] if str(err).strip() else type(err).__name__
        raise click.ClickException(
            f"--scheduler {master}: Spark could not start on this master ({reason}). Give a master URL Spark "
            "accepts: local[N], spark://host:7077, yarn, k8s://https://host:port."
        ) from None
    # A failed task is logged by the executor with its Python traceback, then raised on the driver,
    # where simpeval reports it as one line: the log would say it again, at length.
    session.sparkContext.setLogLevel("FATAL")
    return session


# ------------------------------------------------------------ scoring
def score_on_engine(
    engine: str,
    data: Inputs[list[str]],
    metrics: list[Metric],
    scheduler: str,
    how: str,
    confidence_n: Optional[int],
    seed: int,
    quiet: bool = True,
) -> Union[ResultTable, SegmentTable]:
    """The table ``simpeval score`` prints (``how``: ``corpus``, ``confidence`` or ``sentence``), every
    score or statistics row computed on the engine; ``test:NAME`` in the signatures for a built-in test set."""
    references = {f"ref{j}": stream for j, stream in enumerate(data.references)}
    sources = {"source": data.sources} if data.sources is not None else {}
    refs, src = list(references), "source" if sources else None

    def frame(on: _Engine, hyps: Any) -> Any:
        return on.frame({"hypothesis": list(hyps), **references, **sources})

    with _engine(engine, scheduler, quiet) as on:
        if how == "corpus":
            rows = [
                tuple(on.score(frame(on, outputs), m, refs, src) for m in metrics) for outputs in data.systems.values()
            ]
            return data.tag(_table(tuple(data.systems), metrics, rows))

        def statistics(metric: Metric, system: str, hyps: Any) -> Any:
            return on.stats(frame(on, hyps), metric, refs, src)

        streams = References.from_streams(data.references)
        if how == "sentence":
            return data.tag(
                api.sentence_level(data.systems, streams, sources=data.sources, metrics=metrics, statistics=statistics)
            )
        return data.tag(
            api.compare(
                data.systems,
                streams,
                sources=data.sources,
                metrics=metrics,
                interval=api.Bootstrap(n=confidence_n),
                seed=seed,
                run=api.RunOptions(statistics=statistics),
            )
        )


def _table(systems: tuple[str, ...], metrics: list[Metric], rows: list[tuple[Score, ...]]) -> ResultTable:
    cols = tuple(MetricColumn(score.metric, m.higher_is_better, m.name.lower()) for score, m in zip(rows[0], metrics))
    return ResultTable(systems, cols, tuple(rows))


def _shard_files(path: str) -> tuple[str, list[str]]:
    """The shards' kind (``parquet`` or ``tsv``) and their files, in name order (0-byte files too)."""
    folder = Path(path)
    if not folder.is_dir():
        raise click.UsageError(f"--shards {path}: not a directory of shards (*.parquet or *.tsv files).")
    kinds = {kind: sorted(str(f) for f in folder.glob(f"*.{kind}")) for kind in ("parquet", "tsv")}
    found = [kind for kind, files in kinds.items() if files]
    if len(found) != 1:
        what = "both *.parquet and *.tsv files" if found else "no *.parquet or *.tsv file"
        raise click.UsageError(f"--shards {path}: the directory holds {what}; give one kind of shard.")
    return found[0], kinds[found[0]]


def score_shards(
    path: str,
    metrics: list[Metric],
    engine: str,
    scheduler: str,
    quiet: bool = True,
    max_line_length: Optional[int] = None,
) -> ResultTable:
    """The scores of a directory of shards, read by the engine (one system, named after the directory).
    A 0-byte shard holds no segment and is skipped; the others need the same columns."""
    from ..distributed import check_shard_columns, reference_columns
    from ..io import MAX_LINE_LENGTH

    limit = MAX_LINE_LENGTH if max_line_length is None else max_line_length
    kind, files = _shard_files(path)
    columns = check_shard_columns(files, kind, any(m.requires_source for m in metrics), limit)
    files = [f for f in files if os.path.getsize(f) > 0]
    refs, src = reference_columns(columns), "source" if "source" in columns else None
    with _engine(engine, scheduler, quiet) as on:
        frame = on.shards(files, kind, ["hypothesis", *refs, *([src] if src else [])], limit)
        scores = tuple(on.score(frame, m, refs, src) for m in metrics)
    return _table((Path(path).name,), metrics, [scores])
