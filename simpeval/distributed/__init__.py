"""Scale-out: corpus scores of data too large for one process, on Dask (``simplification-metrics[dask]``) or
Spark (``simplification-metrics[spark]``: :func:`~simpeval.distributed.score_spark`,
:func:`~simpeval.distributed.corpus_stats_spark`).

:func:`score_dask` gives bit for bit the single-machine ``corpus_score`` on any partitioning
(see :mod:`simpeval.distributed.dask` for how), :func:`sentence_scores_dask` a column of
sentence scores, :func:`corpus_stats_dask` the gathered statistics rows for bootstrap intervals
and paired tests (:mod:`simpeval.significance`). :mod:`.shards` reads the shards of ``simpeval
score --shards`` by the local path's rules (:func:`shards_frame_dask`, :func:`shards_frame_spark`; and
:class:`SparkShards`, which :func:`score_spark` reads in the tasks that score them).

Whole result tables, as ``simpeval score --engine dask|spark`` prints them: :func:`score_systems`
(systems held on the client; corpus scores, intervals or sentence scores) and :func:`score_shards`
(a directory of shards read by the engine), on the cluster a frozen :class:`ClusterSpec` names
(:mod:`.cluster` opens it; :mod:`.tables` builds the tables with the local tables' columns).
:mod:`.rows` holds what the Dask and Spark engines share.

Examples:
    >>> import pandas as pd, dask.dataframe as dd
    >>> from simpeval import BLEU
    >>> frame = dd.from_pandas(pd.DataFrame({"hypothesis": ["a cat sat on the mat", "it rained all day long"],
    ...                                      "ref0": ["a cat sat on a mat", "it rained all day"]}), npartitions=2)
    >>> score_dask(frame, "bleu", refs=["ref0"]).score == BLEU().corpus_score(
    ...     ["a cat sat on the mat", "it rained all day long"], [["a cat sat on a mat", "it rained all day"]]).score
    True
"""

from __future__ import annotations

from .cluster import Cluster, ClusterSpec, open_cluster
from .dask import corpus_stats_dask, score_dask, sentence_scores_dask, shards_frame_dask
from .shards import check_shard_columns, reference_columns
from .spark import SparkShards, corpus_stats_spark, score_spark, shards_frame_spark
from .tables import result_table, score_shards, score_systems, shard_files

__all__ = [
    "Cluster",
    "ClusterSpec",
    "SparkShards",
    "check_shard_columns",
    "corpus_stats_dask",
    "corpus_stats_spark",
    "open_cluster",
    "reference_columns",
    "result_table",
    "score_dask",
    "score_shards",
    "score_spark",
    "score_systems",
    "sentence_scores_dask",
    "shard_files",
    "shards_frame_dask",
    "shards_frame_spark",
]
