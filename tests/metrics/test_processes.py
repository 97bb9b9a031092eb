"""A process that ran the compiled kernels can start worker processes by any start method.

Numba's default threading layer is GNU OpenMP when it is installed; a ``fork`` child of a
process that had launched an OpenMP kernel printed "fork() called from a process already using
GNU OpenMP, this is unsafe" and ``Pool.map`` never returned (SARI, BLEU and chrF alike). Each
case runs in a fresh interpreter (this one may already have chosen a layer) with the default
size policy (``SIMPEVAL_COMPILED_MIN_TEXTS`` unset): the parent scores a job above
``COMPILED_MIN_TEXTS``, then a pool of the start method scores it again. The timeout on the
pool's result only turns a hang into a failure.
"""

from __future__ import annotations

import os
import subprocess
import sys

import pytest

from simpeval.engines.jit import NUMBA_AVAILABLE

SCRIPT = r"""
import multiprocessing
import sys

import numpy as np

from simpeval import BLEU, CHRF, SARI
from simpeval.engines.jit import COMPILED_MIN_TEXTS

rng = np.random.default_rng(0)
words = np.array("the cat sat on a mat . , it rained all day".split())
n = COMPILED_MIN_TEXTS // 3 + 1  # one reference: hypothesis, reference and source per segment
corpus = [[" ".join(rng.choice(words, size=int(rng.integers(1, 9)))) for _ in range(n)] for _ in range(3)]


def job(k):
    hyps, refs, srcs = corpus
    if k == 0:
        return SARI().corpus_score(hyps, [refs], sources=srcs).score
    return (BLEU(), CHRF())[k - 1].corpus_score(hyps, [refs]).score


if __name__ == "__main__":
    parent = [job(k) for k in range(3)]
    import numba

    layer = numba.threading_layer()  # raises if no parallel kernel ran
    with multiprocessing.get_context(sys.argv[1]).Pool(2) as pool:
        children = pool.map_async(job, range(3)).get(timeout=120)
    print(layer, children == parent)
"""


@pytest.mark.slow
@pytest.mark.skipif(not NUMBA_AVAILABLE, reason="the compiled engine needs Numba")
@pytest.mark.parametrize("method", ["fork", "forkserver", "spawn"])
def test_pool_after_compiled_kernels_returns_the_same_scores(tmp_path, method: str) -> None:
    if method not in __import__("multiprocessing").get_all_start_methods():
        pytest.skip(f"no {method} start method on this platform")
    script = tmp_path / "pool_after_kernels.py"
    script.write_text(SCRIPT, encoding="utf-8")
    env = {k: v for k, v in os.environ.items() if k not in ("SIMPEVAL_COMPILED_MIN_TEXTS", "NUMBA_THREADING_LAYER")}
    env["PYTHONPATH"] = os.pathsep.join(
        [str(__import__("pathlib").Path(__file__).parents[2]), env.get("PYTHONPATH", "")]
    )
    result = subprocess.run(
        [sys.executable, str(script), method], capture_output=True, text=True, timeout=600, env=env, cwd=tmp_path
    )
    assert result.returncode == 0, result.stderr[-3000:]
    layer, same = result.stdout.split()
    assert same == "True", result.stdout
    assert "OpenMP" not in result.stderr, result.stderr[-3000:]
