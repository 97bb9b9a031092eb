"""Numba's threading layer is simpeval's choice even when SARI's engine asks for threads first.

``jit.num_threads()`` calls ``numba.get_num_threads()``, which starts Numba's threads with the
layer configured at that moment. SARI's compiled engine asks for the thread count before any
kernel module is imported (and so before ``jit`` chose ``"forksafe"``): Numba then started GNU
OpenMP, SARI's one-chunk call ran its counting kernel on it, and a ``fork`` child of that
process aborted ("fork() called from a process already using GNU OpenMP, this is unsafe") while
``Pool.map`` waited forever. The case runs in a fresh interpreter, where nothing chose a layer yet.
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path
from types import SimpleNamespace

import pytest

from simpeval.engines import jit
from simpeval.engines.jit import NUMBA_AVAILABLE

SCRIPT = r"""
import multiprocessing
import sys

import numba

from simpeval import SARI


def score(_):
    # one chunk (< 1,024 segments) of >= 128 segments: the threaded counting kernel runs
    n = 600
    hyps = [f"the cat sat on a mat {i}" for i in range(n)]
    refs = [[f"a cat sat on the mat {i}" for i in range(n)]]
    srcs = [f"the old cat sat on the mat {i}" for i in range(n)]
    return SARI(engine="numba").corpus_score(hyps, refs, sources=srcs).score


if __name__ == "__main__":
    parent = score(0)
    layer = numba.threading_layer()
    with multiprocessing.get_context("fork").Pool(2) as pool:
        children = pool.map_async(score, range(2)).get(timeout=120)
    print(layer, children == [parent, parent])
"""


@pytest.mark.slow
@pytest.mark.skipif(not NUMBA_AVAILABLE, reason="the compiled engine needs Numba")
@pytest.mark.skipif(sys.platform != "linux", reason="GNU OpenMP and fork: the Linux case")
def test_sari_first_starts_the_forksafe_layer(tmp_path: Path) -> None:
    script = tmp_path / "sari_then_fork.py"
    script.write_text(SCRIPT, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k != "NUMBA_THREADING_LAYER"}
    env["PYTHONPATH"] = os.pathsep.join([str(Path(__file__).parents[2]), env.get("PYTHONPATH", "")])
    result = subprocess.run(
        [sys.executable, str(script)], capture_output=True, text=True, timeout=600, env=env, cwd=tmp_path
    )
    assert result.returncode == 0, result.stderr[-3000:]
    layer, same = result.stdout.split()
    assert layer != "omp", result.stdout  # "forksafe" on Linux: TBB or workqueue, never GNU OpenMP
    assert same == "True", result.stdout


FORK_SCRIPT = r"""
import multiprocessing
import os
import sys
from concurrent.futures import ProcessPoolExecutor

import numba

from simpeval import BLEU, CHRF, SARI

N = int(sys.argv[2])


def score(_):
    hyps = [f"the cat sat on a mat {i}" for i in range(N)]
    refs = [[f"a cat sat on the mat {i}" for i in range(N)]]
    srcs = [f"the old cat sat on the mat {i}" for i in range(N)]
    return (
        BLEU().corpus_score(hyps, refs).score,
        CHRF().corpus_score(hyps, refs).score,
        SARI().corpus_score(hyps, refs, sources=srcs).score,
    )


if __name__ == "__main__":
    os.environ["NUMBA_DEBUG_CACHE"] = "0"  # a NUMBA_* change: Numba's compiler reloads its settings
    parent = score(0)
    layer = numba.threading_layer()  # raises unless a parallel kernel ran here
    context = multiprocessing.get_context("fork")
    if sys.argv[1] == "pool":
        with context.Pool(2) as pool:
            children = pool.map_async(score, range(2)).get(timeout=240)
    else:
        with ProcessPoolExecutor(2, mp_context=context) as executor:
            children = list(executor.map(score, range(2), timeout=240))
    print(layer, children == [parent, parent])
"""


@pytest.mark.slow
@pytest.mark.skipif(not NUMBA_AVAILABLE, reason="the compiled engine needs Numba")
@pytest.mark.skipif(sys.platform != "linux", reason="GNU OpenMP and fork: the Linux case")
@pytest.mark.parametrize(
    ("threshold", "segments"), [(None, 21_000), ("0", 600)], ids=["default-threshold", "threshold-0"]
)
@pytest.mark.parametrize("runner", ["pool", "executor"])
def test_fork_children_run_the_kernels_after_the_parent(
    tmp_path: Path, runner: str, threshold: str | None, segments: int
) -> None:
    fork_after_kernels(tmp_path, runner, threshold, segments)


def fork_after_kernels(tmp_path: Path, runner: str, threshold: str | None, segments: int) -> None:
    """A ``fork`` ``Pool`` (``runner="pool"``) or ``ProcessPoolExecutor`` whose children score ``segments``
    segments after the parent ran the compiled kernels returns the parent's numbers, on a layer that is
    not OpenMP (under GNU OpenMP the children hung or aborted, "fork() called from a process already
    using GNU OpenMP"); ``threshold`` is ``SIMPEVAL_COMPILED_MIN_TEXTS`` (``None``: the default)."""
    script = tmp_path / "fork_after_kernels.py"
    script.write_text(FORK_SCRIPT, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if not k.startswith(("NUMBA_THREADING_LAYER", "SIMPEVAL_COMPILED"))}
    if threshold is not None:
        env["SIMPEVAL_COMPILED_MIN_TEXTS"] = threshold
    env["PYTHONPATH"] = os.pathsep.join([str(Path(__file__).parents[2]), env.get("PYTHONPATH", "")])
    result = subprocess.run(
        [sys.executable, str(script), runner, str(segments)],
        capture_output=True, text=True, timeout=300, env=env, cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 0, result.stderr[-3000:]
    assert "GNU OpenMP" not in result.stderr, result.stderr[-3000:]
    layer, same = result.stdout.split()
    assert layer in ("tbb", "workqueue"), result.stdout
    assert same == "True", result.stdout


def test_the_layer_is_tbb_else_workqueue_unless_the_user_chose(monkeypatch: pytest.MonkeyPatch) -> None:
    """Numba's settings as :func:`simpeval.engines.jit._choose_threading_layer` leaves them: its
    ``"default"`` layer tried TBB first, then ``workqueue`` (which always loads: OpenMP is never
    reached); a layer or an order the user set in the environment is left as it is."""
    numba = SimpleNamespace(
        config=SimpleNamespace(THREADING_LAYER="default", THREADING_LAYER_PRIORITY=["tbb", "omp", "workqueue"])
    )
    for name in ("NUMBA_THREADING_LAYER", "NUMBA_THREADING_LAYER_PRIORITY"):
        monkeypatch.delenv(name, raising=False)
    jit._choose_threading_layer(numba)
    assert (numba.config.THREADING_LAYER, numba.config.THREADING_LAYER_PRIORITY) == (
        "default",
        ["tbb", "workqueue", "omp"],
    )
    for name, value in (("NUMBA_THREADING_LAYER", "omp"), ("NUMBA_THREADING_LAYER_PRIORITY", "omp tbb workqueue")):
        numba.config.THREADING_LAYER, numba.config.THREADING_LAYER_PRIORITY = "omp", ["omp", "tbb", "workqueue"]
        with monkeypatch.context() as mp:
            mp.setenv(name, value)
            jit._choose_threading_layer(numba)
        assert (numba.config.THREADING_LAYER, numba.config.THREADING_LAYER_PRIORITY) == (
            "omp",
            ["omp", "tbb", "workqueue"],
        )
