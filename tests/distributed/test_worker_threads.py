"""A worker's kernels run on the worker's own threads, and the numbers stay those of one process."""

from __future__ import annotations

import gc
import os
import threading
from collections.abc import Iterator
from typing import Any

import numpy as np
import pandas as pd
import pytest

from simpeval import References, get_metric
from simpeval.distributed import score_dask
from simpeval.distributed.worker import heap_frozen, kernel_threads, task_threads
from simpeval.engines import jit

from ..needs import import_module

pytestmark = pytest.mark.cluster


def _numba_threads() -> int:
    if not jit.NUMBA_AVAILABLE:
        pytest.skip("the kernels' threads need Numba")
    import numba

    if numba.get_num_threads() < 2:
        pytest.skip("Numba runs one thread here: no limit to see")
    return int(numba.get_num_threads())


def test_kernel_threads_limits_and_lifts() -> None:
    every = _numba_threads()
    assert jit.num_threads() == every
    with kernel_threads(1):
        assert jit.num_threads() == 1
        with kernel_threads(1):  # a second task of the same process
            assert jit.num_threads() == 1
        assert jit.num_threads() == 1  # still limited: the first task runs
    assert jit.num_threads() == every


def test_kernel_threads_stays_set_while_any_task_runs() -> None:
    every = _numba_threads()
    entered, release = threading.Event(), threading.Event()
    seen: list[int] = []

    def task() -> None:
        with kernel_threads(1):
            entered.set()
            release.wait(10)
            seen.append(jit.num_threads())

    other = threading.Thread(target=task)
    other.start()
    entered.wait(10)
    with kernel_threads(1):
        pass  # this task ends first: the other one still runs limited
    release.set()
    other.join(10)
    assert seen == [1]
    assert jit.num_threads() == every


def test_no_limit_outside_a_worker() -> None:
    assert task_threads() is None
    with kernel_threads(None):
        assert jit.num_threads() == _numba_threads()


def _threads_in_a_task() -> tuple[Any, int]:
    with kernel_threads(task_threads()):
        return task_threads(), jit.num_threads()


@pytest.mark.parametrize("threads", [1, 2])
def test_a_dask_workers_kernels_use_its_nthreads(threads: int) -> None:
    every = _numba_threads()
    distributed = import_module("distributed")
    with (
        distributed.LocalCluster(
            n_workers=1, threads_per_worker=threads, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        found, used = client.submit(_threads_in_a_task, pure=False).result()
    assert found == threads
    assert used == min(threads, every)


def _generated(n: int, seed: int = 7) -> pd.DataFrame:
    rng = np.random.default_rng(seed)
    words = np.array("the a cat dog sat ran on in mat park big small it was , !".split())

    def sentence(k: int) -> str:
        return " ".join(words[rng.integers(0, len(words), int(rng.integers(4, 16)))]) + f" {k} ."

    return pd.DataFrame(
        {
            "source": [sentence(k) for k in range(n)],
            "hypothesis": [sentence(k) for k in range(n)],
            "ref0": [sentence(k) for k in range(n)],
        }
    )


@pytest.fixture(scope="module")
def compiled_everywhere() -> Iterator[None]:
    """The compiled (threaded) kernels for every call, here and on the workers started after."""
    before = os.environ.get("SIMPEVAL_COMPILED_MIN_TEXTS")
    os.environ["SIMPEVAL_COMPILED_MIN_TEXTS"] = "0"
    yield
    if before is None:
        del os.environ["SIMPEVAL_COMPILED_MIN_TEXTS"]
    else:
        os.environ["SIMPEVAL_COMPILED_MIN_TEXTS"] = before


@pytest.mark.parametrize(("name", "options"), [("sari", {}), ("sari", {"variant": "hf"}), ("bleu", {}), ("ter", {})])
def test_one_and_two_single_threaded_workers_give_the_local_numbers(
    compiled_everywhere: None, name: str, options: dict[str, Any]
) -> None:
    distributed = import_module("distributed")
    dd = import_module("dask.dataframe")
    table = _generated(3_000)
    metric = get_metric(name, **options)
    local = metric.corpus_score(
        list(table["hypothesis"]), References.from_streams([list(table["ref0"])]), sources=list(table["source"])
    )
    for workers in (1, 2):
        with (
            distributed.LocalCluster(
                n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None
            ) as cluster,
            distributed.Client(cluster),
        ):
            frame = dd.from_pandas(table, npartitions=5)
            ours = score_dask(frame, metric, refs=["ref0"], src="source")
        assert ours.score == local.score, workers
        assert ours.signature == local.signature


def test_the_heap_is_frozen_from_the_first_task_in_to_the_last_one_out() -> None:
    """Two tasks overlap: the first freezes what existed, the second's exit keeps it frozen,
    the last exit unfreezes; a task's own garbage is still collected."""
    assert gc.get_freeze_count() == 0
    first, second = heap_frozen(), heap_frozen()
    first.__enter__()
    assert gc.get_freeze_count() > 0
    second.__enter__()
    cycle: list[Any] = []
    cycle.append(cycle)
    del cycle
    assert gc.collect() >= 1  # the task's own cycle
    first.__exit__(None, None, None)
    assert gc.get_freeze_count() > 0  # still frozen (a frozen object may have been freed: not the same count)
    second.__exit__(None, None, None)
    assert gc.get_freeze_count() == 0
