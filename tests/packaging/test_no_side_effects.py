"""Importing simpeval and scoring opens no network connection and writes nothing
outside the cache (Numba's kernel cache is pointed into it, as ``NUMBA_CACHE_DIR`` allows)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

SCRIPT = r"""
import socket, sys
def refuse(*args, **kwargs):
    raise AssertionError(f"network access: {args!r}")
socket.socket.connect = refuse
socket.socket.connect_ex = refuse
socket.create_connection = refuse
import simpeval
hyps = ["The cat sat on the mat .", "It rained all day ."]
refs = [["The cat sat on a mat .", "It rained the whole day ."]]
srcs = ["The big cat sat on the old mat .", "It rained hard all day long ."]
for name in ("sari", "bleu", "chrf", "ter", "wer", "editdistance"):
    print(name, simpeval.get_metric(name).corpus_score(hyps, refs, sources=srcs).score)
print(simpeval.compare({"a": hyps, "b": srcs}, refs, sources=srcs, metrics=["sari", "bleu"],
                       test=simpeval.PairedBootstrap(n=20)).cell("a", "SARI").score)
"""


def _listing(folder: Path) -> set[str]:
    return {str(path.relative_to(folder)) for path in folder.rglob("*")}


@pytest.mark.slow
def test_scoring_touches_no_network_and_writes_only_the_cache(tmp_path: Path) -> None:
    """About 40 s on 2 cores: the compiled kernels are compiled from nothing into the fresh
    ``NUMBA_CACHE_DIR`` (where that cache goes is the claim)."""
    home, work, cache = tmp_path / "home", tmp_path / "work", tmp_path / "cache"
    for folder in (home, work, cache):
        folder.mkdir()
    env = {
        **{k: v for k, v in os.environ.items() if not k.startswith(("SIMPEVAL_", "XDG_", "NUMBA_CACHE"))},
        "HOME": str(home),
        "XDG_CACHE_HOME": str(home / ".cache"),
        "SIMPEVAL_CACHE": str(cache),
        "NUMBA_CACHE_DIR": str(cache / "numba"),
        "SIMPEVAL_COMPILED_MIN_TEXTS": "0",
        "PYTHONDONTWRITEBYTECODE": "1",
    }
    result = subprocess.run([sys.executable, "-c", SCRIPT], cwd=work, env=env, capture_output=True, text=True)
    assert result.returncode == 0, result.stderr[-3000:]
    assert "network access" not in result.stderr
    assert len(result.stdout.splitlines()) == 7
    assert _listing(home) == set() and _listing(work) == set()
