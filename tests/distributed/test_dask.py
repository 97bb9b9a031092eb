"""The Dask path gives the single-machine numbers bit for bit, on any partitioning,
on a real LocalCluster of processes."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pandas as pd
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from ..needs import LEARNED_METRICS, SHARED, import_module, shared_path
from ..registry import registered_metrics

dd = import_module("dask.dataframe")
distributed = import_module("distributed")

from simpeval import References, get_metric  # noqa: E402
from simpeval.distributed import corpus_stats_dask, score_dask, sentence_scores_dask  # noqa: E402
from simpeval.metrics.sari import VARIANTS  # noqa: E402
from simpeval.significance import bootstrap_ci  # noqa: E402

pytestmark = pytest.mark.cluster

# METEOR: WordNet in every worker, slow to load; a learned metric's model in every worker: docs/guide/learned.md
METRICS = [m for m in registered_metrics() if m != "meteor" and m not in LEARNED_METRICS]


def _asset() -> pd.DataFrame:
    asset = shared_path("corpora", "asset")

    def lines(path: Path) -> list[str]:
        return path.read_text(encoding="utf-8").split("\n")[:359]

    frame = pd.DataFrame(
        {
            "source": lines(asset / "asset.test.orig"),
            "hypothesis": lines(SHARED / "corpora" / "system_outputs" / "turkcorpus_test" / "ACCESS"),
        }
    )
    for j in range(10):
        frame[f"ref{j}"] = lines(asset / f"asset.test.simp.{j}")
    return frame


def _generated(n: int, seed: int = 16) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    words = np.array("the a cat dog sat ran on in mat park big small it was . , !".split())

    def sentence(k: int) -> str:
        return " ".join(words[rng.integers(0, len(words), int(rng.integers(3, 14)))]) + f" {k}"

    frame = pd.DataFrame({"source": [sentence(k) for k in range(n)], "hypothesis": [sentence(k) for k in range(n)]})
    frame["ref0"], frame["ref1"] = [sentence(k) for k in range(n)], [sentence(k) if k % 3 else None for k in range(n)]
    return frame


def _streams(frame: pd.DataFrame) -> References:
    """The reference columns as streams, a missing reference (None/NaN/NA in pandas) as None."""
    return References.from_streams([[v if isinstance(v, str) else None for v in frame[c]] for c in _refs(frame)])


def _local(frame: pd.DataFrame, name: str, **options: Any) -> float:
    metric = get_metric(name, **options)
    refs = _streams(frame)
    return metric.corpus_score(list(frame["hypothesis"]), refs, sources=list(frame["source"])).score


def _refs(frame: pd.DataFrame) -> list[str]:
    return [c for c in frame.columns if c.startswith("ref")]


#: The metrics scored on the whole of ASSET test in :func:`test_every_metric_on_asset`.
FULL_ASSET = frozenset({"sari", "bleu", "chrf"})


@pytest.mark.parametrize("name", METRICS)
def test_every_metric_on_asset(client: Any, name: str) -> None:
    # Whole ASSET test for the metrics users run at scale; the first 100 segments (5 partitions still)
    # for the others, whose pure-Python statistics (PEM, edit distance, NLTK's chrF...) took a minute
    # each on all of it: the claim (a partition's rows sum to the local corpus's) is the same on any corpus
    frame = _asset() if name in FULL_ASSET else _asset().iloc[:100]
    score = score_dask(dd.from_pandas(frame, npartitions=5), name, refs=_refs(frame), src="source")
    assert score.score == _local(frame, name)
    assert score.signature == get_metric(name).get_signature(10)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_sari_preset_on_a_generated_corpus(client: Any, variant: str) -> None:
    frame = _generated(4_000)
    metric = get_metric("sari", variant=variant)
    score = score_dask(dd.from_pandas(frame, npartitions=7), metric, refs=_refs(frame), src="source")
    assert score.score == _local(frame, "sari", variant=variant)
    assert score.signature["nrefs"] == "var"


@settings(
    max_examples=12, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow]
)
@given(
    cuts=st.lists(st.integers(0, 300), max_size=6),
    name=st.sampled_from(["sari", "bleu", "ter", "chrf"]),
    variant=st.sampled_from(["easse", "hf"]),
)
def test_partitioning_never_changes_a_number(client: Any, cuts: list[int], name: str, variant: str) -> None:
    frame = _generated(300, seed=3)
    bounds = [0, *sorted(cuts), 300]
    pieces = [dd.from_pandas(frame.iloc[a:b], npartitions=1) for a, b in zip(bounds, bounds[1:])]  # empty ones too
    options = {"variant": variant} if name == "sari" else {}
    distributed_score = score_dask(dd.concat(pieces), get_metric(name, **options), refs=_refs(frame), src="source")
    assert distributed_score.score == _local(frame, name, **options)


def test_sentence_scores_and_gathered_statistics(client: Any) -> None:
    frame = _generated(500)
    metric = get_metric("sari", variant="hf")
    ddf = dd.from_pandas(frame, npartitions=4)
    refs = _streams(frame)
    local = metric.sentence_scores(list(frame["hypothesis"]), refs, sources=list(frame["source"]))
    assert list(sentence_scores_dask(ddf, metric, refs=_refs(frame), src="source").compute()) == list(local)
    stats = corpus_stats_dask(ddf, metric, refs=_refs(frame), src="source")
    local_stats = metric.corpus_stats(list(frame["hypothesis"]), refs, sources=list(frame["source"]))
    assert np.array_equal(stats, local_stats)
    score_fn, dtype = metric.resampling_scorer()
    assert bootstrap_ci(stats, score_fn, n_samples=50) == bootstrap_ci(local_stats, score_fn, n_samples=50)


def test_per_segment_reference_lists(client: Any) -> None:
    import dask

    frame = pd.DataFrame(
        {"hypothesis": ["a cat sat", "it rained all day"], "refs": [["a cat sat down"], ["it rained", "rain"]]}
    )
    with dask.config.set({"dataframe.convert-string": False}):  # else dask turns the lists into their repr
        ddf = dd.from_pandas(frame, npartitions=2)
    score = score_dask(ddf, "bleu", refs="refs")
    expected = get_metric("bleu").corpus_score(list(frame["hypothesis"]), References.from_segments(list(frame["refs"])))
    assert score.score == expected.score and score.signature["nrefs"] == "var"


@pytest.mark.parametrize("name", ["sari", "bleu", "chrf", "ter"])
def test_a_bag_of_records_gives_the_local_numbers(client: Any, name: str) -> None:
    import dask.bag as db

    frame = _generated(400, seed=11)
    records = [
        {"hypothesis": h, "references": [r for r in (r0, r1) if isinstance(r, str)], "source": s}
        for h, r0, r1, s in zip(frame["hypothesis"], frame["ref0"], frame["ref1"], frame["source"])
    ]
    bag = db.from_sequence(records, npartitions=7)
    metric = get_metric(name, **({"variant": "hf"} if name == "sari" else {}))
    refs = References.from_segments([r["references"] for r in records])
    local = metric.corpus_score(list(frame["hypothesis"]), refs, sources=list(frame["source"]))
    scored = score_dask(bag, metric, src="source")
    assert scored.score == local.score and scored.signature == local.signature
    sentences = sentence_scores_dask(bag, metric, src="source").compute()
    assert sentences == list(metric.sentence_scores(list(frame["hypothesis"]), refs, sources=list(frame["source"])))
    assert np.array_equal(
        corpus_stats_dask(bag, metric, src="source"),
        metric.corpus_stats(list(frame["hypothesis"]), refs, sources=list(frame["source"])),
    )


def test_bad_input(client: Any) -> None:
    from simpeval.exceptions import InvalidInputError, InvalidValueError

    with pytest.raises(InvalidInputError):
        score_dask(pd.DataFrame({"hypothesis": ["a"]}), "bleu")
    with pytest.raises(InvalidValueError, match="no column 'nope'"):
        score_dask(dd.from_pandas(pd.DataFrame({"hypothesis": ["a"]}), npartitions=1), "bleu", refs=["nope"])
    import dask.bag as db

    with pytest.raises(InvalidValueError, match="no column 'references'"):
        score_dask(db.from_sequence([{"hypothesis": "a"}]), "bleu")
    with pytest.raises(InvalidInputError, match="one dict per segment"):
        score_dask(db.from_sequence(["a b"]), "bleu")


def test_cli_engine_dask_prints_the_local_json(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from simpeval.cli import main

    frame = _generated(300, seed=9)
    paths = {}
    for column in ("source", "hypothesis", "ref0"):
        paths[column] = tmp_path / f"{column}.txt"
        paths[column].write_text("".join(f"{line}\n" for line in frame[column]), encoding="utf-8")
    args = [
        "score",
        "-s",
        str(paths["source"]),
        "-r",
        str(paths["ref0"]),
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
    on_dask = CliRunner().invoke(main, [*args, "--engine", "dask", "--scheduler", "local[2]"])
    assert local.exit_code == 0 and on_dask.exit_code == 0, on_dask.output
    assert on_dask.stdout == local.stdout


def test_cli_scores_a_directory_of_parquet_shards(tmp_path: Path) -> None:
    from click.testing import CliRunner

    from simpeval.cli import main

    frame = _generated(600, seed=11)
    shards = tmp_path / "shards"
    shards.mkdir()
    for k, start in enumerate(range(0, 600, 200)):
        frame.iloc[start : start + 200].to_parquet(shards / f"part-{k}.parquet")
    result = CliRunner().invoke(
        main,
        [
            "score",
            "--shards",
            str(shards),
            "--engine",
            "dask",
            "--scheduler",
            "local[2]",
            "-m",
            "bleu",
            "sari",
            "-f",
            "json",
        ],
    )
    assert result.exit_code == 0, result.output
    import json

    records = json.loads(result.stdout)
    assert records[0]["system"] == "shards"
    assert records[0]["score"] == _local(frame, "bleu") and records[1]["score"] == _local(frame, "sari")
    usage = CliRunner().invoke(main, ["score", "--shards", str(shards), "-m", "bleu"])
    assert usage.exit_code == 2 and "--engine dask" in usage.output


def test_cli_scores_a_directory_of_text_shards(tmp_path: Path) -> None:
    import json

    from click.testing import CliRunner

    from simpeval.cli import main

    from .shards import write_tsv_shards

    frame = _generated(700, seed=13).fillna("")  # a missing reference is an empty field: an empty reference
    write_tsv_shards(frame, tmp_path / "shards", 150)
    result = CliRunner().invoke(
        main,
        [
            "score",
            "--shards",
            str(tmp_path / "shards"),
            "--engine",
            "dask",
            "--scheduler",
            "local[2]",
            "-m",
            "bleu",
            "ter",
            "sari",
            "-f",
            "json",
        ],
    )
    assert result.exit_code == 0, result.output
    assert [r["score"] for r in json.loads(result.stdout)] == [_local(frame, m) for m in ("bleu", "ter", "sari")]
    frame.iloc[:10].to_parquet(tmp_path / "shards" / "x.parquet")
    mixed = CliRunner().invoke(main, ["score", "--shards", str(tmp_path / "shards"), "--engine", "dask", "-m", "bleu"])
    assert mixed.exit_code == 2 and "both *.parquet and *.tsv" in mixed.output


@pytest.mark.slow
def test_a_few_hundred_thousand_segments(client: Any) -> None:
    """At scale: 20,000 generated segments in 16 partitions (over the compiled engines' threshold),
    integer and float statistics (many float partitions: ``test_dask_single_pass.py``; the benchmark's
    400,000 are checked bit for bit by ``bench_distributed.py``)."""
    frame = _generated(20_000, seed=21)
    ddf = dd.from_pandas(frame, npartitions=16)
    # Integer statistics (BLEU; corpus SARI's are integers too) and float ones (sentence-averaged
    # SARI); TER's floats and corpus SARI are covered on ASSET and on the generated corpora above.
    for name, options in (("bleu", {}), ("sari", {"variant": "hf"})):
        score = score_dask(ddf, get_metric(name, **options), refs=_refs(frame), src="source")
        assert score.score == _local(frame, name, **options), (name, options)


def test_progress_counts_finished_partitions(client: Any) -> None:
    frame = _generated(200, seed=5)
    calls: list[tuple[str, int, Any]] = []
    metric = get_metric("bleu")
    ddf = dd.from_pandas(frame, npartitions=5)
    scored = score_dask(ddf, metric, refs=_refs(frame), progress=lambda *call: calls.append(call))
    assert scored.score == _local(frame, "bleu")
    assert [done for _, done, _ in calls] == [1, 2, 3, 4, 5]
    assert {(label, total) for label, _, total in calls} == {("BLEU partitions", 5)}


def test_lists_stored_as_text_are_refused_not_scored(client: Any) -> None:
    """Under Dask's default string conversion a column of lists arrives as their text: SARI would
    score every segment without references, a silent wrong number."""
    from simpeval.exceptions import InvalidInputError

    frame = pd.DataFrame(
        {
            "hypothesis": ["a cat sat", "it rained"],
            "source": ["a big cat sat", "it rained a lot"],
            "references": [["a cat sat down"], ["it rained", "rain"]],
        }
    )
    for metric in ("sari", "bleu"):
        with pytest.raises(InvalidInputError, match="convert-string"):
            score_dask(dd.from_pandas(frame, npartitions=1), metric, src="source")
    import dask.bag as db

    records = [{"hypothesis": "a cat sat", "references": "a cat sat down"}]  # text, not a list
    with pytest.raises(InvalidInputError, match="holds text"):
        score_dask(db.from_sequence(records), "bleu")


def test_shard_columns_are_ref_and_a_number() -> None:
    from simpeval.distributed import reference_columns

    assert reference_columns(["hypothesis", "ref10", "ref2", "references", "refs", "source"]) == ["ref2", "ref10"]
