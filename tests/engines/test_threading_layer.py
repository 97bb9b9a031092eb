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

import pytest

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
