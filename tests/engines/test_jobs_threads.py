"""``n_jobs=N`` / ``--jobs N`` is N cores in all: worker processes whose kernels run on one
thread each, and for a call run in this process, its kernels on at most N threads (one for
``n_jobs=1``); ``n_jobs=None`` keeps every thread. The threads are observed where the rows are
extracted (:func:`simpeval.engines.jit.num_threads`), never by timing.
"""

from __future__ import annotations

import multiprocessing
import os
import threading
from collections.abc import Iterator
from contextvars import copy_context
from pathlib import Path
from typing import Any

import numpy as np
import pytest
from click.testing import CliRunner

from simpeval import BLEU, evaluate_systems
from simpeval.cli import main
from simpeval.engines import jit, pool

WORDS = "the a cat dog sat ran on in park mat river old big city flood rain , .".split()


def _every_thread() -> int:
    """The threads a parallel kernel may use with no limit in force."""
    return jit.num_threads()


def _needs_threads() -> None:
    if _every_thread() < 2:
        pytest.skip("the parallel kernels have one thread here (no Numba, or one core)")


def _corpus(n: int, seed: int = 2) -> tuple[list[str], list[str]]:
    rng = np.random.default_rng(seed)
    hyps = [" ".join(rng.choice(WORDS, size=int(rng.integers(2, 12)))) for _ in range(n)]
    refs = [" ".join(rng.choice(WORDS, size=int(rng.integers(2, 12)))) for _ in range(n)]
    return hyps, refs


@pytest.fixture
def observed(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[int]]:
    """The threads BLEU's kernels may use at each extraction in this process."""
    seen: list[int] = []
    extract = BLEU.extract_stats

    def recording(self: BLEU, *args: Any, **kwargs: Any) -> Any:
        seen.append(jit.num_threads())
        return extract(self, *args, **kwargs)

    monkeypatch.setattr(BLEU, "extract_stats", recording)
    yield seen


class ThreadsAndProcess(BLEU):
    """BLEU whose rows say, for each segment, the threads its kernels may use and the process."""

    def extract_stats(
        self, hypotheses: list[str], references: list[list[str]], sources: list[str] | None = None
    ) -> Any:
        return np.array([[jit.num_threads(), os.getpid()]] * len(hypotheses), dtype=np.int64)


def test_a_threads_block_limits_the_kernels_and_ends_with_it() -> None:
    every = _every_thread()
    with jit.threads(1):
        assert jit.num_threads() == 1
        with jit.threads(0):  # no limit of its own
            assert jit.num_threads() == every
    with jit.threads(2):
        assert jit.num_threads() == min(2, every)
        seen: list[int] = []
        started = threading.Thread(target=copy_context().run, args=(lambda: seen.append(jit.num_threads()),))
        started.start()
        started.join()
        assert seen == [min(2, every)]  # a thread started with the context keeps the limit
    with jit.one_thread(), jit.threads(2):  # within limit_threads, as in a worker process
        assert jit.num_threads() == 1
    assert jit.num_threads() == every


def test_n_jobs_1_extracts_on_one_thread_and_none_on_every_thread(observed: list[int]) -> None:
    _needs_threads()
    hyps, refs = _corpus(50)
    bleu = BLEU()
    rows = {jobs: bleu.corpus_stats(hyps, [refs], n_jobs=jobs) for jobs in (None, 1, 2)}
    assert observed == [_every_thread(), 1, min(2, _every_thread())]  # 2: too small for workers, 2 threads here
    assert np.array_equal(rows[1], rows[None]) and np.array_equal(rows[2], rows[None])


def test_a_whole_run_of_n_jobs_1_extracts_on_one_thread(observed: list[int]) -> None:
    _needs_threads()
    hyps, refs = _corpus(40)
    one = evaluate_systems({"a": hyps, "b": refs}, [refs], metrics=[BLEU()], n_jobs=1)
    assert observed and set(observed) == {1}
    observed.clear()
    assert evaluate_systems({"a": hyps, "b": refs}, [refs], metrics=[BLEU()]) == one
    assert set(observed) == {_every_thread()}


def test_workers_run_their_kernels_on_one_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SIMPEVAL_PARALLEL_MIN_SEGMENTS", "10")
    hyps, refs = _corpus(200)
    rows = ThreadsAndProcess().corpus_stats(hyps, [refs], n_jobs=2)
    assert rows.shape == (200, 2) and set(rows[:, 0].tolist()) == {1}
    assert os.getpid() not in set(rows[:, 1].tolist())  # extracted by the workers, not here


@pytest.mark.parametrize("jobs", ["1", "2"])
def test_score_jobs_n_runs_the_kernels_here_on_n_threads(
    observed: list[int], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, jobs: str
) -> None:
    _needs_threads()
    monkeypatch.setenv("SIMPEVAL_PARALLEL_MIN_SEGMENTS", "100000")  # every chunk extracted here
    hyps, refs = _corpus(300)
    (tmp_path / "hyp.txt").write_text("\n".join(hyps) + "\n", encoding="utf-8")
    (tmp_path / "ref.txt").write_text("\n".join(refs) + "\n", encoding="utf-8")
    command = ["score", "-m", "bleu", "-r", str(tmp_path / "ref.txt"), "-i", str(tmp_path / "hyp.txt"), "-q"]
    result = CliRunner().invoke(main, [*command, "--jobs", jobs])
    assert result.exit_code == 0, result.output
    assert observed and set(observed) == {min(int(jobs), _every_thread())}


def _typed_rows(hypotheses: list[str], references: list[list[str]], sources: list[str] | None) -> np.ndarray:
    """Rows whose type depends on the chunk: float for a chunk starting with "f", else integer or objects."""
    lengths = [[len(h), len(r[0])] for h, r in zip(hypotheses, references)]
    kinds = {"f": np.float64, "o": object}
    return np.array(lengths, dtype=kinds.get(hypotheses[0][0], np.int64))


@pytest.mark.parametrize("first", ["f", "i", "o"])
def test_chunks_whose_rows_differ_in_type_are_concatenated_as_they_are(first: str) -> None:
    n = 160
    hyps = [f"{first}{k}" if k < 80 else f"i{k}" for k in range(n)]
    hyps[120] = "f120"  # 8 chunks of 20 segments: the seventh starts here, with float rows
    refs = [[f"ref {k}"] for k in range(n)]
    spans = [(a, a + 20) for a in range(0, n, 20)]
    expected = np.concatenate([_typed_rows(hyps[a:b], refs[a:b], None) for a, b in spans])
    rows = pool.chunked_rows(_typed_rows, hyps, refs, None, workers=2, texts=0)
    assert rows.dtype == expected.dtype and np.array_equal(rows, expected)


@pytest.mark.slow
def test_spawned_workers_receive_pickled_chunks_and_give_the_same_rows(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SIMPEVAL_PARALLEL_MIN_SEGMENTS", "10")
    monkeypatch.setattr(pool, "_context", lambda: multiprocessing.get_context("spawn"))
    hyps, refs = _corpus(120)
    with pool.jobs(2):  # one pool of spawned workers for both calls
        rows = BLEU().corpus_stats(hyps, [refs])
        spawned = ThreadsAndProcess().corpus_stats(hyps, [refs])
    assert np.array_equal(rows, BLEU().corpus_stats(hyps, [refs]))
    assert set(spawned[:, 0].tolist()) == {1} and os.getpid() not in set(spawned[:, 1].tolist())


def test_one_thread_blocks_of_two_threads_left_in_any_order_leave_no_limit() -> None:
    every = _every_thread()
    first_in, second_in, first_may_leave = threading.Event(), threading.Event(), threading.Event()
    seen: list[int] = []

    def first() -> None:
        with jit.one_thread():
            first_in.set()
            first_may_leave.wait(10)
        seen.append(jit.num_threads())  # the other block is still open: still one thread

    worker = threading.Thread(target=first)
    worker.start()
    first_in.wait(10)
    with jit.one_thread():  # entered after the first, left after it
        second_in.set()
        first_may_leave.set()
        worker.join(10)
        assert jit.num_threads() == 1
    assert seen == [1]
    assert jit.num_threads() == every
