"""``n_jobs``: statistics extracted on worker processes, chunk by chunk, are the same bits as in one process.

The threshold of segments per worker (``SIMPEVAL_PARALLEL_MIN_SEGMENTS``) is lowered so that
the suite's small corpora are split among workers; each test compares the parallel result with
the one-process result exactly (``np.array_equal``, ``==`` on the scores and rendered tables).
"""

from __future__ import annotations

import os
import pickle
import threading
from collections.abc import Iterator
from typing import Any

import numpy as np
import pytest

from simpeval import BLEU, compare, evaluate_streams, evaluate_systems, get_metric, sentence_level
from simpeval.api import PairedBootstrap, RunOptions
from simpeval.engines import pool
from simpeval.exceptions import (
    InputLengthMismatchError,
    InvalidOptionError,
    ReferenceLayoutError,
    SimpevalWarning,
    WorkerError,
)
from simpeval.report import render

from ..needs import LEARNED_METRICS, assert_same_rows
from ..registry import builtin_metric_params, scoring_inputs

WORDS = "the a cat dog sat ran on in park mat river old big city flood rain museum opened , .".split()
METRICS = builtin_metric_params()


def _sentences(rng: np.random.Generator, n: int) -> list[str]:
    return [" ".join(rng.choice(WORDS, size=int(rng.integers(1, 14)))) for _ in range(n)]


@pytest.fixture
def small_chunks(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """Jobs of 10 segments or more a worker are split among workers."""
    monkeypatch.setenv("SIMPEVAL_PARALLEL_MIN_SEGMENTS", "10")
    yield


def _corpus(n: int = 160, seed: int = 3) -> tuple[list[str], list[list[str]], list[str]]:
    rng = np.random.default_rng(seed)
    hyps, srcs = _sentences(rng, n), _sentences(rng, n)
    refs = [_sentences(rng, n), _sentences(rng, n)]
    return hyps, refs, srcs


@pytest.mark.slow
@pytest.mark.parametrize("name", METRICS)
def test_every_metric_gives_the_same_rows_on_workers(small_chunks: None, name: str) -> None:
    hyps, refs, srcs = _corpus()
    metric, given = get_metric(name), scoring_inputs(name, refs, srcs)
    alone = metric.corpus_stats(hyps, **given, n_jobs=1)
    parallel = metric.corpus_stats(hyps, **given, n_jobs=3)
    assert parallel.dtype == alone.dtype
    assert_same_rows(name, parallel, alone)
    if name not in LEARNED_METRICS:  # whose scores agree to float32 rounding (assert_same_rows)
        assert metric.corpus_score(hyps, **given, n_jobs=2) == metric.corpus_score(hyps, **given)


@pytest.mark.slow
def test_variable_references_and_float_statistics_keep_their_bits(small_chunks: None) -> None:
    hyps, (ref0, ref1), srcs = _corpus(300, seed=5)
    ref1 = [None if k % 3 else r for k, r in enumerate(ref1)]  # a variable number of references
    for name in ("ter", "sari"):
        metric = get_metric(name, **({"variant": "hf"} if name == "sari" else {}))
        alone = metric.corpus_stats(hyps, [ref0, ref1], sources=srcs)
        assert np.array_equal(metric.corpus_stats(hyps, [ref0, ref1], sources=srcs, n_jobs=4), alone)


def test_a_worker_error_is_raised_as_in_one_process(small_chunks: None) -> None:
    hyps, (ref0, _), _ = _corpus()
    holes = [None if k == 130 else r for k, r in enumerate(ref0)]  # segment 130: no reference at all
    with pytest.raises(ReferenceLayoutError) as alone:
        get_metric("bleu").corpus_stats(hyps, [holes], n_jobs=1)
    with pytest.raises(ReferenceLayoutError) as parallel:
        get_metric("bleu").corpus_stats(hyps, [holes], n_jobs=3)
    assert str(parallel.value) == str(alone.value) and "segment 130" in str(alone.value)


@pytest.mark.slow
def test_tables_are_the_same_bits_with_any_worker_count(small_chunks: None) -> None:
    hyps, refs, srcs = _corpus(120)
    rng = np.random.default_rng(9)
    systems = {"a": hyps, "b": _sentences(rng, 120), "c": srcs}
    metrics = ["sari", "bleu", "chrf", "ter"]
    one = evaluate_systems(systems, refs, sources=srcs, metrics=metrics)
    assert render(evaluate_systems(systems, refs, sources=srcs, metrics=metrics, n_jobs=2), "json") == render(
        one, "json"
    )
    segments = sentence_level(systems, refs, sources=srcs, metrics=["sari", "ter"])
    assert sentence_level(systems, refs, sources=srcs, metrics=["sari", "ter"], n_jobs=2) == segments
    specs = {"interval": None, "test": PairedBootstrap(n=50), "seed": 7}
    table = compare(systems, refs, sources=srcs, metrics=metrics, **specs)
    assert compare(systems, refs, sources=srcs, metrics=metrics, run=RunOptions(n_jobs=2), **specs) == table


@pytest.mark.slow
def test_streamed_chunks_are_summed_in_the_same_order(small_chunks: None) -> None:
    hyps, refs, srcs = _corpus(230)
    systems = {"a": hyps, "b": srcs}
    calls: list[tuple[str, int, object]] = []

    def stream(n_jobs: int) -> str:
        table = evaluate_streams(
            {k: iter(v) for k, v in systems.items()},
            [iter(r) for r in refs],
            sources=iter(srcs),
            metrics=["sari", "ter", "chrf"],
            chunk_size=40,
            n_jobs=n_jobs,
            progress=lambda *call: calls.append(call),
        )
        return render(table, "json")

    assert stream(3) == stream(1)
    assert calls[-1] == ("segments", 230, None)


def test_streams_of_different_lengths_are_refused_on_workers(small_chunks: None) -> None:
    hyps, refs, srcs = _corpus(230)
    with pytest.raises(InputLengthMismatchError, match="229"):
        evaluate_streams({"a": iter(hyps[:-1])}, [iter(refs[0])], metrics=["bleu"], chunk_size=40, n_jobs=2)


def test_a_small_job_stays_in_this_process(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SIMPEVAL_PARALLEL_MIN_SEGMENTS", raising=False)
    assert pool.workers_for(9_999, 16) == 1
    assert pool.workers_for(10_000, 16) == 2
    assert pool.workers_for(10**7, 16) == 16

    def refuse(*args: object, **kwargs: object) -> None:
        raise AssertionError("a pool was started for a small job")

    monkeypatch.setattr(pool, "_new_pool", refuse)
    hyps, refs, srcs = _corpus()
    assert get_metric("bleu").corpus_score(hyps, refs, n_jobs=8).score >= 0


@pytest.mark.parametrize("bad", [-1, True, 1.5, "2"])
def test_n_jobs_must_be_a_count(bad: object) -> None:
    hyps, refs, _ = _corpus(5)
    with pytest.raises(InvalidOptionError, match="n_jobs must be an integer >= 0"):
        get_metric("bleu").corpus_stats(hyps, refs, n_jobs=bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidOptionError, match="n_jobs"):
        evaluate_systems({"a": hyps}, refs, metrics=["bleu"], n_jobs=bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidOptionError, match="n_jobs"):
        RunOptions(n_jobs=bad)  # type: ignore[arg-type]


def test_zero_means_every_available_core() -> None:
    assert pool.resolve_jobs(0) == pool.available_cores() >= 1
    with pool.jobs(0) as workers:
        assert workers == pool.current_jobs() == pool.available_cores()
    assert pool.current_jobs() == 1


@pytest.mark.slow
def test_a_copy_sent_to_workers_leaves_the_caches_behind() -> None:
    hyps, refs, srcs = _corpus(400)
    for name in ("bleu", "chrf", "sari"):
        metric = get_metric(name, engine="sacrebleu") if name != "sari" else get_metric(name)
        before = len(pickle.dumps(metric))
        metric.corpus_stats(hyps, refs, sources=srcs)
        assert len(pickle.dumps(metric)) <= before + 64, name  # no encoded references travel
        copy = pickle.loads(pickle.dumps(metric))
        assert np.array_equal(
            copy.corpus_stats(hyps, refs, sources=srcs), metric.corpus_stats(hyps, refs, sources=srcs)
        )


def test_threads_may_share_a_metric_with_workers(small_chunks: None) -> None:
    hyps, refs, srcs = _corpus(200)
    metric = get_metric("sari")
    expected = metric.corpus_stats(hyps, refs, sources=srcs)
    results: list[bool] = []

    def run() -> None:
        results.append(np.array_equal(metric.corpus_stats(hyps, refs, sources=srcs, n_jobs=2), expected))

    threads = [threading.Thread(target=run) for _ in range(3)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert results == [True, True, True]


class _DiesInWorkers(BLEU):
    """BLEU, whose statistics kill the process that extracts them, unless it is the test's own."""

    def __init__(self, parent: int) -> None:
        super().__init__()
        self.parent = parent

    def extract_stats(self, hypotheses: list[str], references: list[list[str]], sources: list[str] | None) -> Any:
        if os.getpid() != self.parent:
            os._exit(3)  # as the system's out-of-memory killer would stop it
        return super().extract_stats(hypotheses, references, sources)


def test_a_worker_killed_by_the_system_is_one_clear_error(small_chunks: None) -> None:
    hyps, refs, _ = _corpus()
    with pytest.raises(WorkerError, match=r"worker process stopped .* \(--jobs 1\)"):
        _DiesInWorkers(os.getpid()).corpus_stats(hyps, refs, n_jobs=2)


def test_a_metric_that_cannot_be_copied_runs_here_with_a_warning(small_chunks: None) -> None:
    hyps, refs, _ = _corpus()
    metric = BLEU()
    metric.hook = lambda: None  # type: ignore[attr-defined]  # a lambda does not pickle
    with pytest.warns(SimpevalWarning, match="cannot be copied to worker processes"):
        rows = metric.corpus_stats(hyps, refs, n_jobs=2)
    assert np.array_equal(rows, BLEU().corpus_stats(hyps, refs))


def _pid_and_thread_limit(item: int) -> tuple[int, int, bool]:
    return item, os.getpid(), pool.jit.num_threads() == 1


@pytest.mark.skipif(not pool._forking(), reason="workers are forked only where that is safe (Linux)")
def test_forked_workers_find_the_first_items_kernels_loaded_here() -> None:
    # The first item runs here, on one thread as a worker would, before the workers fork: what it
    # loads (compiled kernels) every worker then has; the others run on the workers, in order.
    results = list(pool.ordered_map(_pid_and_thread_limit, range(6), 2))
    assert [item for item, _, _ in results] == list(range(6))
    assert results[0][1] == os.getpid() and results[0][2]
    assert all(pid != os.getpid() for _, pid, _ in results[1:])


#: The calls of :func:`_extract_here` that this process made (a worker appends to its own copy).
_CALLS: list[int] = []


def _extract_here(hypotheses: list[str], references: list[list[str]], sources: list[str] | None) -> np.ndarray:
    _CALLS.append(len(hypotheses))
    return np.array([[len(h), os.getpid()] for h in hypotheses], dtype=np.float64)


@pytest.mark.skipif(not pool._forking(), reason="workers are forked only where that is safe (Linux)")
def test_an_in_memory_job_warms_up_here_on_a_few_segments_then_forks() -> None:
    _CALLS.clear()
    hyps = [f"segment {i}" for i in range(400)]
    rows = pool.chunked_rows(_extract_here, hyps, [[h] for h in hyps], None, 2, 0)
    assert _CALLS == [pool.WARM_SEGMENTS]  # the warm-up, here; every chunk on the workers
    assert rows[:, 0].tolist() == [len(h) for h in hyps]
    assert os.getpid() not in set(rows[:, 1].tolist())
