"""``simpeval score --engine dask|spark`` held to the local path's standard.

Every option works on a cluster engine or is a usage error; bad schedulers are one-line errors;
a row that cannot be scored is named by its number over the whole frame; a local Spark master
runs the driver's own Python. Cluster fixtures are in ``conftest.py``.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pandas as pd
import pytest
from click.testing import CliRunner

import simpeval
from simpeval.cli import main

from ..needs import import_module

pytestmark = pytest.mark.cluster

ROOT = Path(simpeval.__file__).resolve().parents[1]  # this checkout, ahead of any installed copy

#: A corpus written for these tests: sources, two references, one system.
CORPUS = {
    "src.txt": [
        "the old cat sat on the soft mat",
        "the big dog ran in the green park",
        "it is a very big house",
        "heavy rain made the river overflow",
        "the museum opened in 1990",
    ],
    "ref0.txt": [
        "a cat sat on the mat",
        "the dog ran in the park",
        "it is a big house",
        "the river flooded",
        "the museum opened in 1990",
    ],
    "ref1.txt": [
        "the cat sat on a mat",
        "a big dog ran",
        "the house is big",
        "rain made the river flood",
        "it opened in 1990",
    ],
    "sys.txt": [
        "the cat sat on a mat",
        "the dog ran",
        "it is big",
        "heavy rain made the river flood",
        "the museum opened",
    ],
}


@pytest.fixture
def files(tmp_path: Path) -> dict[str, str]:
    for name, lines in CORPUS.items():
        (tmp_path / name).write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    return {name: str(tmp_path / name) for name in CORPUS}


def _score(files: dict[str, str], *extra: str) -> list[str]:
    return ["score", "-s", files["src.txt"], "-r", files["ref0.txt"], files["ref1.txt"], "-i", files["sys.txt"], *extra]


def _invoke(args: list[str]) -> Any:
    return CliRunner().invoke(main, args, catch_exceptions=False)


# ---------------------------------------------------------------- options: working, or usage errors
@pytest.mark.parametrize(
    "options",
    [["--confidence", "--confidence-n", "50", "-f", "json"], ["--sentence-level", "-f", "jsonl"]],
    ids=["confidence", "sentence-level"],
)
def test_confidence_and_sentence_level_print_the_local_output(
    files: dict[str, str], engine: list[str], options: list[str]
) -> None:
    args = _score(files, "-m", "sari", "bleu", "chrf", "ter", *options)
    local, distributed = _invoke(args), _invoke([*args, *engine])
    assert local.exit_code == 0 and distributed.exit_code == 0, distributed.output
    assert distributed.stdout == local.stdout  # bit for bit: the same rows, resampled by the same resampler
    if "--confidence" in options:
        assert all(record["ci"] is not None for record in json.loads(distributed.stdout))


@pytest.mark.parametrize(
    ("engine", "scheduler", "message"),
    [
        ("dask", "local[abc]", "--scheduler 'local[abc]': --engine dask takes local[N] with N >= 1 worker processes"),
        ("dask", "local[0]", "--scheduler 'local[0]': --engine dask takes local[N] with N >= 1 worker processes"),
        ("dask", "no such host", "--engine dask takes local[N] (N >= 1) or a scheduler's address"),
        ("spark", "local[abc]", "--scheduler 'local[abc]': --engine spark takes local, local[N] or local[*]"),
        ("spark", "local[0]", "--scheduler 'local[0]': --engine spark takes local, local[N] or local[*]"),
        ("spark", "nonsense", "--scheduler 'nonsense': --engine spark takes a master URL"),
    ],
)
def test_a_bad_scheduler_is_a_usage_error(files: dict[str, str], engine: str, scheduler: str, message: str) -> None:
    result = _invoke(_score(files, "-m", "bleu", "--engine", engine, "--scheduler", scheduler))
    assert result.exit_code == 2 and message in result.stderr, result.output


def test_scheduler_without_a_cluster_engine_is_a_usage_error(files: dict[str, str]) -> None:
    result = _invoke(_score(files, "-m", "bleu", "--scheduler", "local[2]"))
    assert result.exit_code == 2 and "--scheduler names where --engine dask or --engine spark computes" in result.stderr


@pytest.mark.parametrize(
    ("extra", "flag"),
    [
        (["-i", "sys.txt"], "--input"),
        (["-s", "src.txt"], "--sources"),
        (["-r", "ref0.txt"], "--references"),
        (["-t", "asset-test"], "--test-set"),
        (["--confidence"], "--confidence"),
        (["--sentence-level"], "--sentence-level"),
        (["-e", "latin-1"], "--encoding"),
        (["--names", "a"], "--names"),
        (["--num-refs", "2"], "--num-refs"),
    ],
)
def test_shards_refuse_the_options_they_would_ignore(tmp_path: Path, extra: list[str], flag: str) -> None:
    (tmp_path / "shards").mkdir()
    (tmp_path / "shards" / "part-0.tsv").write_text("hypothesis\tref0\na\tb\n", encoding="utf-8")
    result = _invoke(["score", "--shards", str(tmp_path / "shards"), "-m", "bleu", "--engine", "dask", *extra])
    assert result.exit_code == 2 and flag in result.stderr.splitlines()[-1], result.output


def test_shards_take_utf8_by_any_name(tmp_path: Path, dask_address: str) -> None:
    (tmp_path / "shards").mkdir()
    (tmp_path / "shards" / "part-0.tsv").write_text(
        "hypothesis\tref0\nthe cat sat on the mat\tthe cat sat on the mat\n", encoding="utf-8"
    )
    result = _invoke(
        [
            "score",
            "--shards",
            str(tmp_path / "shards"),
            "-m",
            "bleu",
            "-e",
            "UTF8",
            "-b",
            "--engine",
            "dask",
            "--scheduler",
            dask_address,
            "-q",
        ]
    )
    assert result.exit_code == 0 and result.stdout == "100.0\n", result.output


# ---------------------------------------------------------------- row numbers over the whole frame
def test_a_dask_error_names_the_row_of_the_frame_not_of_its_partition() -> None:
    dd = import_module("dask.dataframe")
    from simpeval.distributed import corpus_stats_dask, score_dask
    from simpeval.exceptions import InvalidInputError, MissingSourceError, ReferenceLayoutError

    hypotheses: list[Any] = ["a b c"] * 10
    hypotheses[7] = None  # the 8th row: the 4th of the second of three partitions
    frame = dd.from_pandas(pd.DataFrame({"hypothesis": hypotheses, "ref0": ["a b c"] * 10}), npartitions=3)
    with pytest.raises(InvalidInputError, match=r"^score_dask: row 8 of the frame \(1-based, in partition order\)"):
        score_dask(frame, "bleu", refs=["ref0"])
    references = [None if i == 8 else "x" for i in range(10)]
    frame = dd.from_pandas(pd.DataFrame({"hypothesis": ["a"] * 10, "ref0": references}), npartitions=3)
    with pytest.raises(ReferenceLayoutError, match=r"^score_dask: row 9 of the frame .* has no reference"):
        corpus_stats_dask(frame, "bleu", refs=["ref0"])
    hypotheses = ["a b c"] * 10
    hypotheses[5] = None  # the first row of the second partition of two
    frame = dd.from_pandas(pd.DataFrame({"hypothesis": hypotheses, "ref0": ["a b c"] * 10}), npartitions=2)
    with pytest.raises(InvalidInputError, match=r"^score_dask: row 6 of the frame"):
        score_dask(frame, "bleu", refs=["ref0"])
    frame = dd.from_pandas(pd.DataFrame({"hypothesis": ["a b c"] * 10, "ref0": ["a b c"] * 10}), npartitions=2)
    with pytest.raises(MissingSourceError, match=r"^SARI: sources are required"):  # no row's fault: no row named
        score_dask(frame, "sari", refs=["ref0"])


def test_a_spark_workers_error_is_simpevals_own_and_names_the_row_of_the_frame(spark_master: str) -> None:
    from pyspark.sql import SparkSession

    from simpeval.distributed import corpus_stats_spark, score_spark
    from simpeval.exceptions import InvalidInputError, MissingSourceError

    spark = SparkSession.builder.master(spark_master).getOrCreate()
    rows = [("a b c", "a b c")] * 10
    rows[7] = (None, "a b c")  # the 8th row: the 2nd of the third of three partitions
    frame = spark.createDataFrame(spark.sparkContext.parallelize(rows, 3), "hypothesis string, ref0 string")
    for score in (score_spark, corpus_stats_spark):
        with pytest.raises(
            InvalidInputError, match=r"^score_spark: row 8 of the frame .* BLEU: hypotheses\[0\] must be a string"
        ):
            score(frame, "bleu", refs=["ref0"])
    with pytest.raises(MissingSourceError, match=r"^SARI: sources are required"):  # no row's fault: no row named
        score_spark(frame.where("hypothesis is not null"), "sari", refs=["ref0"])
