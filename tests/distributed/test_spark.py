"""The Spark path (a local-mode SparkSession) gives the single-machine numbers bit for bit."""

from __future__ import annotations

from typing import Any

import numpy as np
import pandas as pd
import pytest

from simpeval import References, get_metric
from simpeval.distributed import corpus_stats_spark, score_spark

from ..needs import import_module, java

pytestmark = pytest.mark.cluster

import_module("pyspark")
java()


def _generated(n: int, seed: int = 5) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    words = np.array("the a cat dog sat ran on in mat park big small it was . , !".split())

    def sentence(k: int) -> str:
        return " ".join(words[rng.integers(0, len(words), int(rng.integers(3, 14)))]) + f" {k}"

    return pd.DataFrame(
        {
            "source": [sentence(k) for k in range(n)],
            "hypothesis": [sentence(k) for k in range(n)],
            "ref0": [sentence(k) for k in range(n)],
            "ref1": [sentence(k) for k in range(n)],
        }
    )


@pytest.mark.parametrize(
    ("name", "options"), [("bleu", {}), ("chrf", {}), ("ter", {}), ("sari", {}), ("sari", {"variant": "hf"})]
)
def test_scores_equal_the_local_path(spark: Any, name: str, options: dict[str, Any]) -> None:
    frame = _generated(2_000)
    metric = get_metric(name, **options)
    refs = References.from_streams([list(frame["ref0"]), list(frame["ref1"])])
    local = metric.corpus_score(list(frame["hypothesis"]), refs, sources=list(frame["source"]))
    sdf = spark.createDataFrame(frame).coalesce(3)  # coalesce keeps the rows' order; a shuffle would not
    ours = score_spark(sdf, metric, refs=["ref0", "ref1"], src="source")
    assert ours.score == local.score and ours.signature == local.signature


def test_gathered_statistics_keep_the_frames_order(spark: Any) -> None:
    frame = _generated(500)
    metric = get_metric("sari", variant="hf")
    stats = corpus_stats_spark(spark.createDataFrame(frame).coalesce(4), metric, refs=["ref0"], src="source")
    local = metric.corpus_stats(list(frame["hypothesis"]), [list(frame["ref0"])], sources=list(frame["source"]))
    assert np.array_equal(stats, local)


def test_cli_engine_spark_prints_the_local_json(spark: Any, tmp_path: Any) -> None:
    from click.testing import CliRunner

    from simpeval.cli import main

    frame = _generated(300, seed=7)
    paths = {}
    for column in ("source", "hypothesis", "ref0", "ref1"):
        paths[column] = tmp_path / f"{column}.txt"
        paths[column].write_text("".join(f"{line}\n" for line in frame[column]), encoding="utf-8")
    args = [
        "score",
        "-s",
        str(paths["source"]),
        "-r",
        str(paths["ref0"]),
        str(paths["ref1"]),
        "-i",
        str(paths["hypothesis"]),
        "-m",
        "sari",
        "bleu",
        "chrf",
        "ter",
        "-f",
        "json",
    ]
    local = CliRunner().invoke(main, args)
    on_spark = CliRunner().invoke(main, [*args, "--engine", "spark", "--scheduler", "local[2]"])
    assert local.exit_code == 0 and on_spark.exit_code == 0, on_spark.output
    assert on_spark.stdout == local.stdout
    shards = tmp_path / "shards"
    shards.mkdir()
    frame.to_parquet(shards / "part-0.parquet")
    result = CliRunner().invoke(
        main, ["score", "--shards", str(shards), "--engine", "spark", "-m", "bleu", "-f", "json"]
    )
    assert result.exit_code == 0, result.output
    import json

    refs = References.from_streams([list(frame["ref0"]), list(frame["ref1"])])
    assert (
        json.loads(result.stdout)[0]["score"] == get_metric("bleu").corpus_score(list(frame["hypothesis"]), refs).score
    )

    from .shards import write_tsv_shards

    write_tsv_shards(frame, tmp_path / "text", 70)  # five files of unequal sizes: the order is the files' names
    result = CliRunner().invoke(
        main, ["score", "--shards", str(tmp_path / "text"), "--engine", "spark", "-m", "bleu", "ter", "-f", "json"]
    )
    assert result.exit_code == 0, result.output
    expected = [get_metric(m).corpus_score(list(frame["hypothesis"]), refs).score for m in ("bleu", "ter")]
    assert [r["score"] for r in json.loads(result.stdout)] == expected


def test_shards_read_by_the_scoring_tasks_give_the_frames_numbers_and_errors(spark: Any, tmp_path: Any) -> None:
    from simpeval.distributed import SparkShards, shards_frame_spark
    from simpeval.exceptions import InputFileError, InvalidOptionError, ReferenceLayoutError

    from .shards import write_tsv_shards

    frame = _generated(450, seed=11)
    write_tsv_shards(frame, tmp_path / "text", 100)  # five files, the last one short
    files = tuple(sorted(str(p) for p in (tmp_path / "text").glob("*.tsv")))
    columns = ("hypothesis", "ref0", "ref1", "source")
    shards = SparkShards(spark, files, "tsv", columns)
    assert SparkShards(spark, list(files), "tsv", list(columns)) == shards  # lists are kept as tuples
    with pytest.raises(InvalidOptionError, match=r"^SparkShards: kind must be 'parquet' or 'tsv' \(got 'csv'\)"):
        SparkShards(spark, files, "csv", columns)
    refs = References.from_streams([list(frame["ref0"]), list(frame["ref1"])])
    for metric in (get_metric("sari", variant="hf"), get_metric("ter")):  # float rows; whole-number rows
        local = metric.corpus_score(list(frame["hypothesis"]), refs, sources=list(frame["source"]))
        ours = score_spark(shards, metric, refs=["ref0", "ref1"], src="source")
        assert ours.score == local.score and ours.signature == local.signature
    stats = corpus_stats_spark(shards, "bleu", refs=["ref0", "ref1"])
    assert np.array_equal(stats, get_metric("bleu").corpus_stats(list(frame["hypothesis"]), refs))
    # a row that cannot be scored (no reference at all) has its number over every shard, as in the frame
    blank = frame.assign(**{c: frame[c].where(frame.index != 317, None) for c in ("ref0", "ref1")})
    (tmp_path / "blank").mkdir()
    for k in range(0, 450, 100):
        blank.iloc[k : k + 100].to_parquet(tmp_path / "blank" / f"part-{k:05d}.parquet")
    files = tuple(sorted(str(p) for p in (tmp_path / "blank").glob("*.parquet")))
    for source in (shards_frame_spark(spark, files, "parquet", columns), SparkShards(spark, files, "parquet", columns)):
        with pytest.raises(ReferenceLayoutError, match=r"^score_spark: row 318 of the frame"):
            score_spark(source, "bleu", refs=["ref0", "ref1"])
    # a bad line names its file and line, read on the worker
    bad = tmp_path / "text" / "part-00002.tsv"
    lines = bad.read_text(encoding="utf-8").splitlines()
    bad.write_text("\n".join([*lines[:3], "only one field", *lines[3:]]) + "\n", encoding="utf-8")
    with pytest.raises(InputFileError, match=r"part-00002\.tsv, line 4: expected 4 tab-separated fields"):
        score_spark(
            SparkShards(spark, tuple(sorted(map(str, (tmp_path / "text").glob("*.tsv")))), "tsv", columns),
            "bleu",
            refs=["ref0", "ref1"],
        )
