"""Real-data fixtures for the significance parity tests (read lazily, once per session).

The corpora live in ``../shared/corpora`` beside the repository (never copied into it):
TurkCorpus test-set outputs of ACCESS, Dress and PBMT-R (as published with EASSE) and the
10 ASSET test references of the same 359 source sentences. When ``CI`` is set, missing
files fail the run instead of skipping it.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
CORPORA = SHARED / "corpora"
N_SEGMENTS = 359
SYSTEMS = ("ACCESS", "Dress", "PBMT-R")


def _read(path: Path) -> list[str]:
    if not path.is_file():
        message = f"shared corpus missing: {path} (expected ../shared beside the repository)"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return open(path, encoding="utf-8").read().split("\n")[:N_SEGMENTS]


@pytest.fixture(scope="session")
def asset_refs() -> list[list[str]]:
    """The 10 ASSET test reference streams (``refs[j][i]``)."""
    return [_read(CORPORA / "asset" / f"asset.test.simp.{j}") for j in range(10)]


@pytest.fixture(scope="session")
def turk_systems() -> dict[str, list[str]]:
    """``{name: outputs}`` of ACCESS (the baseline), Dress and PBMT-R on the TurkCorpus test set."""
    return {name: _read(CORPORA / "system_outputs" / "turkcorpus_test" / name) for name in SYSTEMS}


@pytest.fixture(autouse=True)
def _default_sacrebleu_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    # sacrebleu reads its seed from SACREBLEU_SEED (default 12345); pin the default.
    monkeypatch.delenv("SACREBLEU_SEED", raising=False)
