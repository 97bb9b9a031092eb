"""What a metric says once per call about its text is said once, by the client or driver, not by
every partition on the workers; and Spark scores float statistics in one job."""

from __future__ import annotations

import logging
from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest

from simpeval import References, get_metric
from simpeval.distributed import SparkShards, score_dask, score_spark, shards_frame_spark
from simpeval.distributed.worker import Notes, first_said, said_about

from ..needs import import_module

pytestmark = pytest.mark.cluster

FIRST_LINE = "That's 100 lines that end in a tokenized period ('.')"


def _tokenized(n: int, seed: int = 3) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    words = np.array("the a cat dog sat ran on in mat park big small".split())

    def sentence(k: int) -> str:
        return " ".join(words[rng.integers(0, len(words), int(rng.integers(3, 12)))]) + f" {k} ."

    return pd.DataFrame(
        {"hypothesis": [sentence(k) for k in range(n)], "ref0": [sentence(k) for k in range(n)]},
    )


def _said(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "sacrebleu"]


def test_the_notes_of_a_partition_are_recorded_not_said(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING):
        notes = said_about(get_metric("bleu"), list(_tokenized(150)["hypothesis"]))
    assert _said(caplog) == []
    assert [message for _, _, message in notes.records][0] == FIRST_LINE
    with caplog.at_level(logging.WARNING):
        first_said([Notes(), notes, notes]).say()
    assert _said(caplog).count(FIRST_LINE) == 1
    assert not said_about(get_metric("bleu", force=True), list(_tokenized(150)["hypothesis"]))
    assert not said_about(get_metric("sari"), list(_tokenized(150)["hypothesis"]))  # SARI says nothing


def test_dask_says_the_tokenized_warning_once(client: Any, caplog: pytest.LogCaptureFixture) -> None:
    dd = import_module("dask.dataframe")
    table = _tokenized(1_200)
    local = get_metric("bleu").corpus_score(list(table["hypothesis"]), References.from_streams([list(table["ref0"])]))
    caplog.clear()  # the local call said it too
    with caplog.at_level(logging.WARNING):
        ours = score_dask(dd.from_pandas(table, npartitions=4), "bleu", refs=["ref0"])
    assert ours.score == local.score
    assert _said(caplog).count(FIRST_LINE) == 1
    assert len(_said(caplog)) == 3  # sacrebleu's three lines, once


def test_spark_says_the_tokenized_warning_once_on_the_driver(spark: Any, caplog: pytest.LogCaptureFixture) -> None:
    table = _tokenized(1_200)
    local = get_metric("bleu").corpus_score(list(table["hypothesis"]), References.from_streams([list(table["ref0"])]))
    caplog.clear()  # the local call said it too
    with caplog.at_level(logging.WARNING):
        ours = score_spark(spark.createDataFrame(table).coalesce(3), "bleu", refs=["ref0"])
    assert ours.score == local.score
    assert _said(caplog).count(FIRST_LINE) == 1
    assert len(_said(caplog)) == 3


def _jobs(spark: Any, group: str, run: Any) -> tuple[Any, int]:
    context = spark.sparkContext
    context.setJobGroup(group, group)
    try:
        result = run()
    finally:
        context.setLocalProperty("spark.jobGroup.id", None)
    return result, len(context.statusTracker().getJobIdsForGroup(group))


@pytest.mark.parametrize(("name", "options"), [("sari", {"variant": "hf"}), ("sari", {}), ("bleu", {})])
def test_spark_scores_shards_in_one_job(spark: Any, tmp_path: Path, name: str, options: dict[str, Any]) -> None:
    table = _tokenized(900).assign(source=lambda t: t["hypothesis"].str.upper())
    for k in range(3):
        table.iloc[k * 300 : (k + 1) * 300].to_parquet(tmp_path / f"part-{k}.parquet")
    metric = get_metric(name, **options)
    local = metric.corpus_score(
        list(table["hypothesis"]), References.from_streams([list(table["ref0"])]), sources=list(table["source"])
    )
    files = sorted(str(p) for p in tmp_path.glob("*.parquet"))
    frame = shards_frame_spark(spark, files, "parquet", ["hypothesis", "ref0", "source"])
    # a task per core of the session (getOrCreate may give a local[1] session another module started)
    assert frame.rdd.getNumPartitions() == min(3, spark.sparkContext.defaultParallelism)
    # the frame, and the same files read by the tasks that score them (what --shards scores)
    for k, shards in enumerate((frame, SparkShards(spark, tuple(files), "parquet", ("hypothesis", "ref0", "source")))):
        ours, jobs = _jobs(
            spark,
            f"one-job-{name}-{len(options)}-{k}",
            lambda: score_spark(shards, metric, refs=["ref0"], src="source"),
        )
        assert ours.score == local.score and ours.signature == local.signature
        assert jobs == 1
