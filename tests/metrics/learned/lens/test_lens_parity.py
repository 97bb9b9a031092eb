"""LENS equal to ``lens-metric`` 0.2.0 (the oracle) on tiny random checkpoints, every setting it reads.

``lens-metric`` pins pytorch-lightning 2.0.9, pandas < 2 and (for ``pkg_resources``) an older
setuptools, so it runs in a venv of its own: ``SIMPEVAL_LENS_ORACLE`` names that venv's python
(``.ci/run`` builds it: ``.ci/lens-oracle``). Without it the test is skipped with how to build
one, and fails when ``CI`` is set. The oracle reads the same checkpoint folders (``tiny_lens.py``)
and prints its scores as JSON (``oracle_lens.py``); simpeval's must equal them on every segment.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from simpeval import References
from simpeval.metrics.learned.lens import LENS

from ....needs import oracle_answer
from ....needs import oracle_python as needs_oracle
from .conftest import OUTPUTS, REFERENCES, SOURCES

ORACLE = Path(__file__).with_name("oracle_lens.py")
#: On simpeval's 0-100 scale (the same float32 arithmetic; measured: 7.5e-7, as simpeval encodes
#: batches of one length without padding and lens-metric pads its batches).
TOLERANCE = 1e-5
#: (checkpoint settings, rescale): every pooling, a numbered layer, the scalar mix with and without
#: layer normalization (lens-metric reads it from train_data), lens-metric's rescaling.
JOBS: list[tuple[dict[str, Any], bool]] = [
    ({}, False),
    ({}, True),
    ({"layer_norm": False}, False),
    ({"pool": "max", "layer": 1}, False),
    ({"pool": "cls"}, False),
    ({"pool": "default", "layer": 2}, True),
]


def oracle_python() -> str:
    return needs_oracle("SIMPEVAL_LENS_ORACLE", "lens-metric 0.2.0", "lens-oracle")


@pytest.mark.slow
def test_equal_to_lens_metric(build_checkpoint: Callable[..., Path]) -> None:
    python = oracle_python()
    folders = [build_checkpoint(**settings) for settings, _ in JOBS]
    request = {
        "jobs": [{"checkpoint": str(folder), "rescale": rescale} for folder, (_, rescale) in zip(folders, JOBS)],
        "batch_size": 3,
        "sources": SOURCES,
        "outputs": OUTPUTS,
        "references": REFERENCES,
    }
    oracle = oracle_answer(python, ORACLE, request)
    worst = 0.0
    for folder, (settings, rescale), expected in zip(folders, JOBS, oracle["scores"]):
        metric = LENS(checkpoint=str(folder), rescale=rescale, batch_size=2, device="cpu")
        rows = metric.corpus_stats(OUTPUTS, References.from_segments(REFERENCES), sources=SOURCES)
        found = rows[:, 0].tolist()
        assert len(set(found)) == len(found), f"{settings}: the tiny network gives equal scores (no test)"
        difference = max(abs(a - b) for a, b in zip(found, expected))
        assert difference <= TOLERANCE, f"{settings}, rescale={rescale}: {found} != {expected}"
        worst = max(worst, difference)
    sys.stderr.write(f"LENS parity: max abs difference {worst:.3g} against {oracle['versions']}\n")
