"""LENS equal to ``lens-metric`` 0.2.0 (the oracle) on tiny random checkpoints, every setting it reads.

``lens-metric`` pins pytorch-lightning 2.0.9, pandas < 2 and an older setuptools, so it runs in a venv
of its own and answers once: its scores on the checkpoints of :data:`tests.oracles.lens.JOBS` are
frozen in ``tests/oracles/answers/lens.json`` (``python -m tests.oracles regenerate lens``; with
``--check`` the live oracle is compared with them). The checkpoints are built here again from the same
seeds (``tiny_lens.py``), checked against the digests the answers were made on, and simpeval's scores
must equal the oracle's on every segment.
"""

from __future__ import annotations

import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from simpeval import References
from simpeval.metrics.learned.lens import LENS

from ....oracles import command, frozen
from ....oracles.lens import JOBS, checkpoint_digest
from .conftest import OUTPUTS, REFERENCES, SOURCES

#: On simpeval's 0-100 scale (the same float32 arithmetic; measured: 7.5e-7, as simpeval encodes
#: batches of one length without padding and lens-metric pads its batches).
TOLERANCE = 1e-5


@pytest.mark.slow
def test_equal_to_lens_metric(build_checkpoint: Callable[..., Path]) -> None:
    """About 30 s on 2 cores: six tiny checkpoints built (a BPE tokenizer trained, two encoders each) and scored."""
    answers = frozen("lens")
    inputs = answers["inputs"]
    assert [(job["settings"], job["rescale"]) for job in inputs["jobs"]] == JOBS, f"JOBS changed: `{command('lens')}`"
    assert (inputs["sources"], inputs["outputs"], inputs["references"]) == (SOURCES, OUTPUTS, REFERENCES), (
        f"the corpus changed: `{command('lens')}`"
    )
    worst = 0.0
    for (settings, rescale), digest, expected in zip(JOBS, inputs["checkpoint_digests"], answers["answers"]["scores"]):
        folder = build_checkpoint(**settings)
        assert checkpoint_digest(folder) == digest, (
            f"{settings}: the tiny checkpoint built here is not the one the frozen answers were made on "
            f"(another PyTorch draws other weights?): `{command('lens')}`"
        )
        metric = LENS(checkpoint=str(folder), rescale=rescale, batch_size=2, device="cpu")
        rows = metric.corpus_stats(OUTPUTS, References.from_segments(REFERENCES), sources=SOURCES)
        found = rows[:, 0].tolist()
        assert len(set(found)) == len(found), f"{settings}: the tiny network gives equal scores (no test)"
        difference = max(abs(a - b) for a, b in zip(found, expected))
        assert difference <= TOLERANCE, f"{settings}, rescale={rescale}: {found} != {expected}"
        worst = max(worst, difference)
    sys.stderr.write(f"LENS parity: max abs difference {worst:.3g} against {answers['versions']}\n")
