"""The LENS oracle: ``lens-metric`` 0.2.0 scoring tiny random checkpoints, every setting it reads.

Its venv (see the pins): lens-metric pins pytorch-lightning 2.0.9 and pandas < 2; beside them
torch==2.13.0, named so that pip keeps the CPU build on disk (lens-metric asks for any torch >= 2.0.1,
and a resolver left alone picks a multi-GB CUDA build); transformers 4.46.3 (lens-metric's RoBERTa
encoder unpacks three outputs from a model built without a pooler, which Transformers 5 no longer
returns); numpy < 2 (pandas < 2 is built against it) and setuptools < 81 (pytorch-lightning 2.0.9
imports pkg_resources).

The checkpoints are built by ``tests/metrics/learned/lens/tiny_lens.py`` from fixed seeds; the answers
hold each one's digest (:func:`checkpoint_digest`), which the parity test checks before comparing.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from . import Oracle, digest_files, digest_tensors

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
#: lens-metric's batch size in the oracle (simpeval's test uses another: padding must not matter).
BATCH_SIZE = 3


def checkpoint_digest(lens_folder: Path) -> str:
    """sha256 of what a tiny LENS checkpoint's scores depend on: the LENS state dict, the encoder's
    weights, its tokenizer's vocabulary and merges, and the hyperparameters but the encoder's path."""
    import torch
    import yaml
    from safetensors.torch import load_file

    state = torch.load(lens_folder / "checkpoints" / "model.ckpt", map_location="cpu", weights_only=False)
    hparams = yaml.safe_load((lens_folder / "hparams.yaml").read_text(encoding="utf-8"))
    encoder = Path(hparams.pop("pretrained_model"))
    tensors = {f"lens/{k}": v for k, v in state["state_dict"].items()}
    tensors.update({f"encoder/{k}": v for k, v in load_file(encoder / "model.safetensors").items()})
    files = {name: encoder / name for name in ("vocab.json", "merges.txt")}
    return digest_tensors(tensors) + ":" + digest_files(files) + ":" + repr(sorted(hparams.items()))


def corpus() -> tuple[list[str], list[str], list[list[str]]]:
    """The sources, outputs and per-segment references of the LENS tests."""
    from ..metrics.learned.lens.conftest import OUTPUTS, REFERENCES, SOURCES

    return SOURCES, OUTPUTS, REFERENCES


def make(workdir: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    from ..metrics.learned.lens import tiny_lens

    folders = [tiny_lens.build(workdir / f"lens{k}", **settings) for k, (settings, _) in enumerate(JOBS)]
    sources, outputs, references = corpus()
    request = {
        "jobs": [{"checkpoint": str(folder), "rescale": rescale} for folder, (_, rescale) in zip(folders, JOBS)],
        "batch_size": BATCH_SIZE,
        "sources": sources,
        "outputs": outputs,
        "references": references,
    }
    inputs = {
        "jobs": [{"settings": settings, "rescale": rescale} for settings, rescale in JOBS],
        "checkpoint_digests": [checkpoint_digest(folder) for folder in folders],
        "sources": sources,
        "outputs": outputs,
        "references": references,
        "batch_size": BATCH_SIZE,
    }
    return request, inputs


ORACLE = Oracle(
    name="lens",
    requirements=(
        "lens-metric==0.2.0",
        "torch==2.13.0",
        "transformers==4.46.3",
        "numpy<2",
        "setuptools<81",
    ),
    make=make,
)
