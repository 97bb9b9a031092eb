"""Result tables computed on a cluster: the tables ``simpeval score --engine dask|spark`` prints, from Python.

:func:`score_systems` scores systems held on the client (lists of lines): every corpus score, or
every segment's statistics row for intervals and sentence scores, is computed on the cluster and
equals the local path's bit for bit, so the table is the one :func:`simpeval.api.evaluate_systems`,
:func:`simpeval.api.compare` (``how="confidence"``) or :func:`simpeval.api.sentence_level`
(``how="sentence"``) gives. :func:`score_shards` scores a directory of shards read by the engine
itself (:mod:`simpeval.distributed.shards`), for corpora larger than the client. Both build their
columns by the rule of the local tables (:func:`result_table`).

Examples:
    >>> from simpeval.distributed import ClusterSpec, score_systems
    >>> table = score_systems({"sys": ["a cat sat on the mat"]}, [["a cat sat on a mat"]],
    ...                       metrics=["bleu"], cluster=ClusterSpec("dask", "local[1]"))  # doctest: +SKIP
    >>> table.metric_names  # doctest: +SKIP
    ('BLEU',)
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any

from .. import api
from ..api.common import MetricSpec, ProgressFn, columns, resolve_metrics
from ..defaults import DEFAULT_SEED
from ..exceptions import InvalidOptionError
from ..io import MAX_LINE_LENGTH
from ..metrics import Metric, References
from ..metrics.score import Score
from ..report import ResultTable, SegmentTable
from .cluster import Cluster, ClusterSpec, open_cluster
from .shards import SHARD_KINDS, check_shard_columns, reference_columns

__all__ = ["HOW", "result_table", "score_shards", "score_systems", "shard_files"]

#: What :func:`score_systems` computes: corpus scores, with bootstrap intervals, or per segment.
HOW = ("corpus", "confidence", "sentence")


def result_table(systems: Sequence[str], metrics: Sequence[Metric], rows: Sequence[Sequence[Score]]) -> ResultTable:
    """The table of ``rows`` (one tuple of scores per system, in ``metrics`` order), with the
    columns the local tables have (:func:`simpeval.api.common.columns`)."""
    return ResultTable(tuple(systems), columns([score.metric for score in rows[0]], metrics), tuple(map(tuple, rows)))


def score_systems(
    systems: Mapping[str, Sequence[str]],
    references: Sequence[Sequence[str | None]],
    *,
    sources: Sequence[str] | None = None,
    metrics: Sequence[MetricSpec],
    cluster: ClusterSpec,
    how: str = "corpus",
    confidence_samples: int | None = None,
    seed: int = DEFAULT_SEED,
    progress: ProgressFn | None = None,
) -> ResultTable | SegmentTable:
    """Score systems on a cluster: the local path's table, every score computed there.

    Args:
        systems: system name -> its outputs, one per segment.
        references: reference streams (``references[j][i]``: reference ``j`` of segment ``i``).
        sources: the source sentences (SARI).
        metrics: metric objects or registry names, in column order.
        cluster: the engine and scheduler (:class:`ClusterSpec`).
        how: ``"corpus"`` (a :class:`~simpeval.report.ResultTable` of corpus scores),
            ``"confidence"`` (the same with bootstrap intervals, as :func:`simpeval.api.compare`
            gives them) or ``"sentence"`` (a :class:`~simpeval.report.SegmentTable`).
        confidence_samples: bootstrap resamples for ``how="confidence"``.
        seed: the seed of the resampling.
        progress: ``progress(label, done, total)`` as Dask finishes partitions (corpus scores).

    Raises:
        InvalidOptionError: ``how`` is not one of :data:`HOW`; the cluster cannot be reached.
        SimpevalError: the data cannot be scored, as the local path says.
    """
    if how not in HOW:
        raise InvalidOptionError(f"score_systems: how must be one of {', '.join(HOW)} (got {how!r}).")
    resolved = resolve_metrics(metrics)
    columns_: dict[str, list[str | None]] = {f"ref{j}": list(stream) for j, stream in enumerate(references)}
    if sources is not None:
        columns_["source"] = list(sources)
    refs, src = [f"ref{j}" for j in range(len(references))], "source" if sources is not None else None

    frames: dict[str, Any] = {}  # a system's frame is sent to the cluster once, whatever the metrics

    def frame(on: Cluster, system: str, hyps: Sequence[str]) -> Any:
        if system not in frames:
            frames[system] = on.frame({"hypothesis": list(hyps), **columns_})
        return frames[system]

    with open_cluster(cluster) as on:
        if how == "corpus":
            rows = [
                tuple(on.score(frame(on, name, hyps), m, refs, src, progress) for m in resolved)
                for name, hyps in systems.items()
            ]
            return result_table(tuple(systems), resolved, rows)

        def statistics(metric: Metric, system: str, hyps: Sequence[str]) -> Any:
            return on.stats(frame(on, system, hyps), metric, refs, src)

        streams = References.from_streams([list(stream) for stream in references])
        if how == "sentence":
            return api.sentence_level(systems, streams, sources=sources, metrics=resolved, statistics=statistics)
        return api.compare(
            systems,
            streams,
            sources=sources,
            metrics=resolved,
            interval=api.Bootstrap(n=confidence_samples),
            seed=seed,
            run=api.RunOptions(statistics=statistics),
        )


def shard_files(path: str) -> tuple[str, list[str]]:
    """The shards' kind (``parquet`` or ``tsv``) and their files, in name order (0-byte files too).

    Raises:
        InvalidOptionError: ``path`` is not a directory, or holds no shard or both kinds.
    """
    folder = Path(path)
    if not folder.is_dir():
        raise InvalidOptionError(f"--shards {path}: not a directory of shards (*.parquet or *.tsv files).")
    kinds = {kind: sorted(str(f) for f in folder.glob(f"*.{kind}")) for kind in SHARD_KINDS}
    found = [kind for kind, files in kinds.items() if files]
    if len(found) != 1:
        what = "both *.parquet and *.tsv files" if found else "no *.parquet or *.tsv file"
        raise InvalidOptionError(f"--shards {path}: the directory holds {what}; give one kind of shard.")
    return found[0], kinds[found[0]]


def score_shards(
    path: str,
    *,
    metrics: Sequence[MetricSpec],
    cluster: ClusterSpec,
    max_line_length: int = MAX_LINE_LENGTH,
    progress: ProgressFn | None = None,
) -> ResultTable:
    """The scores of a directory of shards read by the engine: one system, named after the directory.

    Args:
        path: a directory of Parquet (``*.parquet``) or tab-separated text (``*.tsv``) shards with the
            columns ``hypothesis``, ``ref0``, ``ref1``, ... and ``source``, taken in name order; a
            0-byte shard holds no segment and is skipped, the others need the same columns.
        metrics: metric objects or registry names, in column order.
        cluster: the engine and scheduler (:class:`ClusterSpec`).
        max_line_length: the longest line of a text shard, in bytes (0: no limit).
        progress: ``progress(label, done, total)`` as Dask finishes partitions.

    Raises:
        InvalidOptionError: not a directory of one kind of shard (:func:`shard_files`).
        InputFileError: a shard's columns are missing or differ, every shard is empty, or a row
            cannot be read (the message names the file and its line).
    """
    resolved = resolve_metrics(metrics)
    kind, files = shard_files(path)
    found = check_shard_columns(files, kind, any(m.requires_source for m in resolved), max_line_length)
    files = [f for f in files if os.path.getsize(f) > 0]
    refs, src = reference_columns(found), "source" if "source" in found else None
    with open_cluster(cluster) as on:
        frame = on.shards(files, kind, ["hypothesis", *refs, *([src] if src else [])], max_line_length)
        scores = tuple(on.score(frame, m, refs, src, progress) for m in resolved)
    return result_table((Path(path).name,), resolved, [scores])
