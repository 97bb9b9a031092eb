"""Real-data fixtures for the significance parity tests (read lazily, once per session).

The corpora live in ``../shared/corpora`` beside the repository (never copied into it):
TurkCorpus test-set outputs of ACCESS, Dress and PBMT-R (as published with EASSE) and the
10 ASSET test references of the same 359 source sentences; missing files skip the tests, or
fail them when ``CI`` is set (``tests/needs.py``).
"""

from __future__ import annotations

import pytest

from ..needs import shared_path

N_SEGMENTS = 359
SYSTEMS = ("ACCESS", "Dress", "PBMT-R")


def _read(*parts: str) -> list[str]:
    with open(shared_path("corpora", *parts), encoding="utf-8") as lines:
        return lines.read().split("\n")[:N_SEGMENTS]


@pytest.fixture(scope="session")
def asset_refs() -> list[list[str]]:
    """The 10 ASSET test reference streams (``refs[j][i]``)."""
    return [_read("asset", f"asset.test.simp.{j}") for j in range(10)]


@pytest.fixture(scope="session")
def turk_systems() -> dict[str, list[str]]:
    """``{name: outputs}`` of ACCESS (the baseline), Dress and PBMT-R on the TurkCorpus test set."""
    return {name: _read("system_outputs", "turkcorpus_test", name) for name in SYSTEMS}


@pytest.fixture(autouse=True)
def _default_sacrebleu_seed(monkeypatch: pytest.MonkeyPatch) -> None:
    # sacrebleu reads its seed from SACREBLEU_SEED (default 12345); pin the default.
    monkeypatch.delenv("SACREBLEU_SEED", raising=False)
