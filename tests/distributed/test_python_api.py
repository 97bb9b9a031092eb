"""The distributed tables from Python: the tables ``simpeval score --engine dask`` prints, without the CLI."""

from __future__ import annotations

import dataclasses
import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner

from simpeval import api
from simpeval.cli import main
from simpeval.distributed import ClusterSpec, result_table, score_shards, score_systems, shard_files
from simpeval.exceptions import InputFileError, InvalidOptionError
from simpeval.metrics import get_metric
from simpeval.report import ResultTable, SegmentTable, render

from ..needs import import_module

pytestmark = pytest.mark.cluster

import_module("distributed")

SOURCES = ["the old cat sat on the soft mat", "the big dog ran in the green park", "it is a very big house"]
REFERENCES = [
    ["a cat sat on the mat", "the dog ran in the park", "it is a big house"],
    ["the cat sat on a mat", "a big dog ran", "the house is big"],
]
SYSTEMS = {"a": ["the cat sat on a mat", "the dog ran", "it is big"], "b": SOURCES}
METRICS = ["sari", "bleu", "chrf", "ter"]


@pytest.fixture
def cluster(dask_address: str) -> ClusterSpec:
    return ClusterSpec("dask", dask_address)


def test_corpus_table_equals_the_local_table(cluster: ClusterSpec) -> None:
    table = score_systems(SYSTEMS, REFERENCES, sources=SOURCES, metrics=METRICS, cluster=cluster)
    local = api.evaluate_systems(SYSTEMS, REFERENCES, sources=SOURCES, metrics=METRICS)
    assert isinstance(table, ResultTable)
    assert render(table, "json") == render(local, "json")
    assert table.metrics == local.metrics


def test_intervals_and_sentence_scores_equal_the_local_ones(cluster: ClusterSpec) -> None:
    intervals = score_systems(
        SYSTEMS, REFERENCES, sources=SOURCES, metrics=METRICS, cluster=cluster, how="confidence", confidence_samples=30
    )
    local = api.compare(SYSTEMS, REFERENCES, sources=SOURCES, metrics=METRICS, interval=api.Bootstrap(n=30))
    assert render(intervals, "json") == render(local, "json")
    segments = score_systems(SYSTEMS, REFERENCES, sources=SOURCES, metrics=METRICS, cluster=cluster, how="sentence")
    assert isinstance(segments, SegmentTable)
    assert render(segments, "jsonl") == render(
        api.sentence_level(SYSTEMS, REFERENCES, sources=SOURCES, metrics=METRICS), "jsonl"
    )


def test_the_python_table_is_the_cli_table(cluster: ClusterSpec, tmp_path: Path) -> None:
    files = {"src.txt": SOURCES, "r0.txt": REFERENCES[0], "r1.txt": REFERENCES[1], "a": SYSTEMS["a"]}
    for name, lines in files.items():
        (tmp_path / name).write_text("".join(f"{line}\n" for line in lines), encoding="utf-8")
    args = ["score", "-s", str(tmp_path / "src.txt"), "-r", str(tmp_path / "r0.txt"), str(tmp_path / "r1.txt")]
    args += [
        "-i",
        str(tmp_path / "a"),
        "-m",
        *METRICS,
        "-f",
        "json",
        "--engine",
        "dask",
        "--scheduler",
        cluster.scheduler,
    ]
    result = CliRunner().invoke(main, [*args, "-q"])
    assert result.exit_code == 0, result.output
    table = score_systems({"a": SYSTEMS["a"]}, REFERENCES, sources=SOURCES, metrics=METRICS, cluster=cluster)
    assert json.loads(result.stdout) == json.loads(render(table, "json"))


def test_shards_from_python(cluster: ClusterSpec, tmp_path: Path) -> None:
    folder = tmp_path / "corpus"
    folder.mkdir()
    rows = ["hypothesis\tref0\tref1\tsource"]
    rows += ["\t".join(row) for row in zip(SYSTEMS["a"], REFERENCES[0], REFERENCES[1], SOURCES)]
    (folder / "part-0.tsv").write_text("\n".join(rows[:2]) + "\n", encoding="utf-8")
    (folder / "part-1.tsv").write_text("\n".join([rows[0], *rows[2:]]) + "\n", encoding="utf-8")
    (folder / "part-2.tsv").write_bytes(b"")  # 0 bytes: no segment, skipped
    assert shard_files(str(folder)) == ("tsv", [str(folder / f"part-{k}.tsv") for k in range(3)])
    table = score_shards(str(folder), metrics=["bleu", "sari"], cluster=cluster)
    local = api.evaluate_systems({"corpus": SYSTEMS["a"]}, REFERENCES, sources=SOURCES, metrics=["bleu", "sari"])
    assert render(table, "json") == render(local, "json")
    (folder / "part-1.tsv").write_text("hypothesis\tsource\nx\ty\n", encoding="utf-8")
    with pytest.raises(InputFileError, match="part-1.tsv has no reference"):
        score_shards(str(folder), metrics=["bleu"], cluster=cluster)


@pytest.mark.parametrize(
    ("engine", "scheduler", "message"),
    [
        ("dask", "local[0]", "takes local[N] with N >= 1 worker processes"),
        ("dask", "no address", "takes local[N] (N >= 1) or a scheduler's address"),
        ("spark", "http://x", "takes a master URL"),
        ("ray", "local[2]", "a cluster engine is one of dask, spark"),
    ],
)
def test_a_cluster_spec_is_checked_when_made(engine: str, scheduler: str, message: str) -> None:
    with pytest.raises(InvalidOptionError, match=re.escape(message)):
        ClusterSpec(engine, scheduler)


def test_a_cluster_spec_is_frozen() -> None:
    spec = ClusterSpec("spark", "local[*]")
    with pytest.raises(dataclasses.FrozenInstanceError):
        spec.scheduler = "local[1]"  # type: ignore[misc]


def test_bad_shard_directories(tmp_path: Path) -> None:
    with pytest.raises(InvalidOptionError, match="not a directory of shards"):
        shard_files(str(tmp_path / "missing"))
    with pytest.raises(InvalidOptionError, match="no \\*.parquet or \\*.tsv file"):
        shard_files(str(tmp_path))


def test_result_table_uses_the_local_column_rule() -> None:
    bleu, chrf = get_metric("bleu"), get_metric("chrf")
    scores = (bleu.corpus_score(SYSTEMS["a"], REFERENCES), chrf.corpus_score(SYSTEMS["a"], REFERENCES))
    table = result_table(["a"], [bleu, chrf], [scores])
    assert table.metrics == api.evaluate_systems({"a": SYSTEMS["a"]}, REFERENCES, metrics=[bleu, chrf]).metrics
    with pytest.raises(InvalidOptionError, match="how must be one of corpus, confidence, sentence"):
        score_systems(SYSTEMS, REFERENCES, metrics=["bleu"], cluster=ClusterSpec("dask"), how="bootstrap")
