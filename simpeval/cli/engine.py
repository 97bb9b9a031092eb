"""``simpeval score --engine dask|spark --scheduler ADDRESS|local[N] [--shards DIR]``: where the table is computed.

The engine group hands ``score`` one :class:`EngineOptions`; the cluster, its sessions, the
shards and the tables are :mod:`simpeval.distributed`'s (:func:`~simpeval.distributed.score_systems`,
:func:`~simpeval.distributed.score_shards`, :class:`~simpeval.distributed.ClusterSpec`). Here are
only the usage rules: options the engine cannot honour are usage errors (exit code 2) before
any work. The files are read on the client with the usual strict checks; ``--shards DIR`` scores
a directory of shards read by the engine itself (Parquet or tab-separated text, columns
``hypothesis``, ``ref0``, ``ref1``, ..., ``source``). Spark draws its own console progress bar on
a terminal; Dask's completion events feed simpeval's bar; ``--quiet`` hides both.
"""

from __future__ import annotations

import codecs
import sys
from dataclasses import dataclass

import click
from click.core import ParameterSource

from ..distributed import ClusterSpec
from .groups import keywords, option_object, usage_errors
from .options import Decorator

__all__ = ["EngineOptions", "engine_group", "name_is_utf8"]

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


@dataclass(frozen=True)
class EngineOptions:
    """``--engine`` (``local``, ``dask``, ``spark``), ``--scheduler`` and ``--shards``."""

    engine: str = "local"
    scheduler: str = "local[2]"
    shards: str | None = None

    @property
    def local(self) -> bool:
        return self.engine == "local"

    def cluster(self, quiet: bool) -> ClusterSpec:
        """The cluster to compute on (a usage error for a scheduler the engine cannot use); Spark's
        console bar only on a terminal, and not under ``--quiet``."""
        with usage_errors():
            return ClusterSpec(self.engine, self.scheduler, console_progress=not quiet and sys.stderr.isatty())

    def check(self, ctx: click.Context) -> None:
        """Usage errors (exit code 2) for options the engine cannot honour, before any work."""
        if self.local:
            if self.shards is not None:
                raise click.UsageError("--shards is read by a cluster engine: add --engine dask or --engine spark.")
            if _given(ctx, "scheduler"):
                raise click.UsageError(
                    "--scheduler names where --engine dask or --engine spark computes; add one of them."
                )
            return
        self.cluster(quiet=True)
        if self.shards is None:
            return
        utf8 = name_is_utf8(ctx.params.get("encoding"))
        given = [flag for name, flag in _DATA_OPTIONS if _given(ctx, name) and not (name == "encoding" and utf8)]
        if given:
            raise click.UsageError(
                f"--shards {self.shards} gives the data (UTF-8 shards, one system); do not also give {', '.join(given)}."
            )
        given = [flag for name, flag in _CLIENT_OPTIONS if _given(ctx, name)]
        if given:
            raise click.UsageError(
                f"{given[0]} is not available with --shards (the client never reads the shards' segments); "
                f"score the files with --input/--sources/--references and --engine {self.engine}, or drop {given[0]}."
            )


def _given(ctx: click.Context, name: str) -> bool:
    return ctx.get_parameter_source(name) in (ParameterSource.COMMANDLINE, ParameterSource.ENVIRONMENT)


def name_is_utf8(encoding: str | None) -> bool:
    """Whether ``encoding`` names UTF-8 (the shards' encoding), in any spelling Python knows.

    Examples:
        >>> name_is_utf8("UTF8"), name_is_utf8("latin-1")
        (True, False)
    """
    try:
        return encoding is not None and codecs.lookup(encoding).name == "utf-8"
    except LookupError:
        return False


#: ``engine: EngineOptions``: ``--engine``, ``--scheduler`` and ``--shards``.
engine_group: Decorator = option_object(
    "engine",
    keywords(EngineOptions),
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
