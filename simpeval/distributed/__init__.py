"""Scale-out: corpus scores of data too large for one process, on Dask (``simplification-metrics[dask]``) or
Spark (``simplification-metrics[spark]``: :func:`score_spark`, :func:`corpus_stats_spark`).

:func:`score_dask` gives bit for bit the single-machine ``corpus_score`` on any partitioning
(see :mod:`simpeval.distributed.dask` for how), :func:`sentence_scores_dask` a column of
sentence scores, :func:`corpus_stats_dask` the gathered statistics rows for bootstrap intervals
and paired tests (:mod:`simpeval.significance`). :mod:`.shards` reads the shards of ``simpeval
score --shards`` by the local path's rules (:func:`shards_frame_dask`, :func:`shards_frame_spark`).

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

from .dask import corpus_stats_dask, score_dask, sentence_scores_dask, shards_frame_dask
from .shards import check_shard_columns, reference_columns
from .spark import corpus_stats_spark, score_spark, shards_frame_spark

__all__ = [
    "check_shard_columns",
    "corpus_stats_dask",
    "corpus_stats_spark",
    "reference_columns",
    "score_dask",
    "score_spark",
    "sentence_scores_dask",
    "shards_frame_dask",
    "shards_frame_spark",
]
