"""Fixtures of the LENS tests: tiny random LENS checkpoints (``tiny_lens.py``) and a small corpus.

The checkpoints need torch, transformers and tokenizers (the ``learned`` extra): without them the
tests are skipped with the install hint, and fail when ``CI`` is set (``tests/needs.py``).
"""

from __future__ import annotations

import importlib
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from ....needs import unavailable
from . import tiny_lens

#: Sources, outputs and per-segment references (1 to 3), written for these tests: an empty output,
#: a source longer than the tiny encoder's 36 tokens (truncated), mixed case (lowercased by LENS).
SOURCES = [
    *tiny_lens.CORPUS,
    "It rained heavily in the City yesterday , so we stayed home and the children played in the garden "
    "while their parents talked about the weather and the cat sat on the mat .",
]
OUTPUTS = [
    "the cat sat .",
    "a fox jumps over the dog .",
    "",
    "the committee waited .",
    "It Rained .",
    "children play in the garden .",
    "it rained , we stayed home .",
]
REFERENCES = [
    ["a cat sat ."],
    ["a brown fox jumps .", "the fox jumps over a lazy dog"],
    ["new frogs were found ."],
    ["the decision was postponed .", "members were absent .", "the committee postponed the decision ."],
    ["it rained a lot ."],
    ["children play ."],
    ["it rained and we stayed home .", "It rained, so we stayed at home."],
]


#: What the LENS tests import: the ``learned`` extra and what it brings.
LEARNED_MODULES = ("torch", "transformers", "tokenizers", "yaml", "huggingface_hub")


@pytest.fixture(scope="session")
def learned() -> None:
    """The ``learned`` extra, or skip (fail under CI) with the install hint."""
    for name in LEARNED_MODULES:
        try:
            importlib.import_module(name)
        except ImportError as err:
            unavailable(
                f"{name} is not installed ({err}); the LENS tests need the learned extra: "
                "install PyTorch's CPU build (pip install torch==2.13.0), then pip install -e '.[test,test-learned]'"
            )


@pytest.fixture(scope="session")
def build_checkpoint(learned: None, tmp_path_factory: pytest.TempPathFactory) -> Callable[..., Path]:
    """``build_checkpoint(**settings)``: a tiny LENS checkpoint folder (built once per settings)."""
    built: dict[tuple[tuple[str, Any], ...], Path] = {}

    def build(**settings: Any) -> Path:
        key = tuple(sorted(settings.items()))
        if key not in built:
            built[key] = tiny_lens.build(tmp_path_factory.mktemp("lens"), **settings)
        return built[key]

    return build


@pytest.fixture(scope="session")
def checkpoint(build_checkpoint: Callable[..., Path]) -> Path:
    """The default tiny checkpoint: scalar mix with layer norm, average pooling."""
    return build_checkpoint()
