"""The Dask path in one pass: a running total over the partitions in order (bit for bit the local
sum, float statistics included, on many partitions), each partition read once, and neither the
data of a client-held frame nor the metric embedded in the graph."""

from __future__ import annotations

import warnings
from typing import Any

import numpy as np
import pandas as pd
import pytest

from ..needs import import_module

dd = import_module("dask.dataframe")
distributed = import_module("distributed")

import dask  # noqa: E402

from simpeval import References, get_metric  # noqa: E402
from simpeval.distributed import Cluster, score_dask  # noqa: E402
from simpeval.distributed.rows import NotSequential, running_sum  # noqa: E402
from simpeval.exceptions import InvalidInputError  # noqa: E402

pytestmark = pytest.mark.cluster

WORDS = np.array("the a cat dog sat ran on in mat park big small it was . , !".split())
#: SARI presets whose statistics are floats (sentence-averaged), and NLTK's chrF (its own sum).
FLOAT_STATISTICS = [("sari", {"variant": "hf"}), ("sari", {"variant": "t2t"}), ("sari", {"variant": "xu2016"})]
#: A metric that sums its rows as the base class does (the running total's precondition).
METRIC = get_metric("bleu")


def _generated(n: int, seed: int) -> pd.DataFrame:
    rng = np.random.default_rng(seed)

    def sentence(k: int) -> str:
        return " ".join(WORDS[rng.integers(0, len(WORDS), int(rng.integers(3, 14)))]) + f" {k}"

    frame = pd.DataFrame({"source": [sentence(k) for k in range(n)], "hypothesis": [sentence(k) for k in range(n)]})
    frame["ref0"], frame["ref1"] = [sentence(k) for k in range(n)], [sentence(k) if k % 3 else None for k in range(n)]
    return frame


def _local(frame: pd.DataFrame, name: str, **options: Any) -> Any:
    refs = References.from_streams([[v if isinstance(v, str) else None for v in frame[c]] for c in ("ref0", "ref1")])
    return get_metric(name, **options).corpus_score(list(frame["hypothesis"]), refs, sources=list(frame["source"]))


def _uneven(frame: pd.DataFrame, cuts: list[int]) -> Any:
    """The frame cut at ``cuts`` (repeated cuts give empty partitions), one partition per piece."""
    bounds = [0, *cuts, len(frame)]
    return dd.concat([dd.from_pandas(frame.iloc[a:b], npartitions=1) for a, b in zip(bounds, bounds[1:])])


@pytest.mark.parametrize("k", [2, 3, 12, 41, 48])
def test_a_running_total_is_the_sum_of_all_rows(k: int) -> None:
    rng = np.random.default_rng(k)
    rows = rng.random((5_000, k)) * rng.choice([1e-3, 1.0, 1e6], size=(5_000, k))
    bounds = [0, *sorted(rng.integers(0, 5_000, 40).tolist()), 5_000]
    total = None
    for a, b in zip(bounds, bounds[1:]):
        total = running_sum(METRIC, total, rows[a:b])
    assert total is not None and np.array_equal(total, rows.sum(axis=0))
    # the data exercises the order: adding per-piece sums gives other bits
    assert not np.array_equal(sum(rows[a:b].sum(axis=0) for a, b in zip(bounds, bounds[1:])), rows.sum(axis=0))


def test_rows_numpy_would_sum_pairwise_are_refused() -> None:
    with pytest.raises(NotSequential):
        running_sum(METRIC, None, np.ones((10, 1)))
    with pytest.raises(NotSequential):
        running_sum(METRIC, None, np.asfortranarray(np.ones((10, 3))))
    assert running_sum(METRIC, None, np.zeros((0, 0))) is None


@pytest.mark.parametrize(("name", "options"), [*FLOAT_STATISTICS, ("nltk-chrf", {}), ("ter", {}), ("bleu", {})])
def test_float_statistics_on_many_partitions(client: Any, name: str, options: dict[str, Any]) -> None:
    frame = _generated(3_000, seed=5)
    rng = np.random.default_rng(7)
    cuts = sorted(rng.integers(0, 3_000, 60).tolist()) + [3_000, 3_000]  # 63 partitions, empty ones too
    metric = get_metric(name, **options)
    score = score_dask(_uneven(frame, cuts), metric, refs=["ref0", "ref1"], src="source")
    local = _local(frame, name, **options)
    assert score.score == local.score and score.signature == local.signature


def test_float_statistics_would_differ_if_partition_sums_were_added() -> None:
    """The preset of the test above is one where the order of summation shows in the score's bits."""
    frame = _generated(3_000, seed=5)
    metric = get_metric("sari", variant="hf")
    refs = References.from_streams([[v if isinstance(v, str) else None for v in frame[c]] for c in ("ref0", "ref1")])
    stats = metric.corpus_stats(list(frame["hypothesis"]), refs, sources=list(frame["source"]))
    pieces = np.array_split(stats, 63)
    assert not np.array_equal(np.sum([p.sum(axis=0) for p in pieces], axis=0), stats.sum(axis=0))


def test_each_partition_is_read_and_scored_once() -> None:
    """Float statistics too: one pass (no second pass gathering the rows), on the local scheduler."""
    frame = _generated(600, seed=2)
    calls: list[int] = []

    def piece(k: int) -> pd.DataFrame:
        calls.append(k)
        return frame.iloc[100 * k : 100 * (k + 1)]

    parts = [dask.delayed(piece)(k) for k in range(6)]
    with dask.config.set(scheduler="sync"):
        ddf = dd.from_delayed(parts, meta=frame.iloc[:0], verify_meta=False)
        score = score_dask(ddf, get_metric("sari", variant="hf"), refs=["ref0", "ref1"], src="source")
    assert sorted(calls) == list(range(6))
    assert score.score == _local(frame, "sari", variant="hf").score


def test_one_task_per_partition_on_a_cluster(client: Any) -> None:
    frame = _generated(700, seed=4)
    with distributed.get_task_stream(client) as stream:
        score_dask(dd.from_pandas(frame, npartitions=7), get_metric("sari", variant="t2t"), refs=["ref1"], src="source")
    names = [str(task["key"][0] if isinstance(task["key"], tuple) else task["key"]) for task in stream.data]
    assert sum(name.startswith("stats_on_worker") for name in names) == 7
    assert not any(name.startswith("numbered_rows") for name in names)


def _graph_warnings(run: Any) -> list[str]:
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        run()
    return [str(w.message) for w in caught if "large graph" in str(w.message).lower()]


def test_no_large_graph_warning(client: Any) -> None:
    frame = _generated(20_000, seed=8)
    metric = get_metric("sari")
    metric.corpus_stats(list(frame["hypothesis"]), [list(frame["ref0"])], sources=list(frame["source"]))  # caches
    on = Cluster(client)
    data = on.frame({c: list(frame[c]) for c in ("hypothesis", "ref0", "source")})
    with dask.config.set({"distributed.admin.large-graph-warning-threshold": "256kB"}):
        assert _graph_warnings(lambda: on.score(data, metric, ["ref0"], "source")) == []
        assert _graph_warnings(lambda: on.stats(data, metric, ["ref0"], "source")) == []
        # the threshold is low enough to catch the data embedded in a graph
        embedded = dd.from_pandas(frame[["hypothesis", "ref0", "source"]], npartitions=4)
        assert _graph_warnings(lambda: score_dask(embedded, "bleu", refs=["ref0"]))
    assert on.score(data, metric, ["ref0"], "source").score == _local_one_ref(frame)


def _local_one_ref(frame: pd.DataFrame) -> float:
    metric = get_metric("sari")
    return metric.corpus_score(list(frame["hypothesis"]), [list(frame["ref0"])], sources=list(frame["source"])).score


def test_a_row_that_cannot_be_scored_is_numbered_over_the_frame(client: Any) -> None:
    frame = _generated(500, seed=6)
    frame.loc[377, "hypothesis"] = None
    with pytest.raises(InvalidInputError, match=r"^score_dask: row 378 of the frame \(1-based, in partition order\)"):
        score_dask(
            _uneven(frame, [50, 50, 200, 301, 499]), get_metric("sari", variant="hf"), refs=["ref0"], src="source"
        )


def test_a_cluster_computes_on_its_own_client_where_another_is_current(client: Any) -> None:
    """The data a Cluster scattered lives on its client: it scores there even inside another
    client's block (the command line's LocalCluster opened in a program that has a client)."""
    from simpeval.distributed import ClusterSpec, open_cluster

    frame = _generated(300, seed=12)
    with client.as_current(), open_cluster(ClusterSpec("dask", "local[1]")) as on:
        data = on.frame({c: list(frame[c]) for c in ("hypothesis", "ref0", "source")})
        score = on.score(data, get_metric("sari", variant="hf"), ["ref0"], "source")
        stats = on.stats(data, get_metric("bleu"), ["ref0"], None)
    local = get_metric("sari", variant="hf").corpus_score(
        list(frame["hypothesis"]), [list(frame["ref0"])], sources=list(frame["source"])
    )
    assert score.score == local.score
    assert np.array_equal(stats, get_metric("bleu").corpus_stats(list(frame["hypothesis"]), [list(frame["ref0"])]))
