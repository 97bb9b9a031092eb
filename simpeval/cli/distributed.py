"""``simpeval score --engine dask --scheduler ADDRESS|local[N]``: the same table, computed on Dask.

The files are read on the client with the usual strict checks, split into partitions, and every
(system, metric) score comes from :func:`simpeval.distributed.score_dask`, equal bit for bit to
the local path, so ``--format json`` prints the same JSON.
"""

from __future__ import annotations

import re
from typing import Any, Optional

import click

from ..metrics import Metric
from ..report import ResultTable
from ..report.table import MetricColumn
from .options import Decorator, option_group

__all__ = ["engine_options", "score_on_dask"]

#: ``--engine`` and ``--scheduler``.
engine_options: Decorator = option_group(
    click.option("--engine", type=click.Choice(["local", "dask"]), default="local", show_default=True,
                 help="Where to compute: this process, or a Dask cluster (pip install \"simpeval[dask]\")."),
    click.option("--scheduler", default="local[2]", show_default=True, metavar="ADDRESS|local[N]",
                 help="With --engine dask: a scheduler address (tcp://host:8786), or local[N] for N local worker processes."),
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
                  metrics: list[Metric], scheduler: str) -> ResultTable:  # fmt: skip
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
            rows.append(tuple(score_dask(ddf, m, refs=list(columns), src="source" if sources is not None else None)
                              for m in metrics))  # fmt: skip
    finally:
        client.close()
    cols = tuple(MetricColumn(score.metric, m.higher_is_better, m.name.lower()) for score, m in zip(rows[0], metrics))
    return ResultTable(tuple(systems), cols, tuple(rows))
