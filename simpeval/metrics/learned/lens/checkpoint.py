"""A released LENS checkpoint, read without pytorch-lightning: where it is, its sha256, its settings.

A LENS checkpoint is a folder (the Hugging Face repository ``davidheineman/lens``, or a copy)::

    hparams.yaml              the model's settings (read with a YAML parser)
    checkpoints/model.ckpt    a torch file whose ``state_dict`` holds every weight

:func:`locate` finds the folder (a local folder, its ``model.ckpt``, or a Hugging Face id, downloaded
only then), :func:`file_sha256` hashes ``model.ckpt`` once per file version, :func:`read_settings`
checks ``hparams.yaml`` and :func:`load_weights` the state dict (``torch.load(weights_only=True)``:
tensors and plain containers only, no code run). Every problem is one
:class:`~simpeval.exceptions.InvalidOptionError` naming the file and what is wrong.
"""

from __future__ import annotations

import hashlib
import threading
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from ....exceptions import InvalidOptionError
from .. import runtime

__all__ = ["LensSettings", "file_sha256", "load_weights", "locate", "read_settings"]

NAME = "LENS"
CKPT = Path("checkpoints") / "model.ckpt"
HPARAMS = "hparams.yaml"
#: lens-metric's model classes: the LENS regressor (this one) and LENS-SALSA (not supported).
LENS_CLASS = "regression_metric_multi_ref"
POOLS = ("avg", "max", "cls", "default")
_HASHES: dict[tuple[str, int, int], str] = {}
_HASH_LOCK = threading.Lock()


def _bad(folder: Path | str, problem: str) -> InvalidOptionError:
    return InvalidOptionError(
        f"{NAME}: checkpoint must be a LENS checkpoint folder (hparams.yaml and checkpoints/model.ckpt, "
        f"as lens-metric releases them); {folder}: {problem}."
    )


def locate(checkpoint: str) -> Path:
    """The checkpoint folder of ``checkpoint``: a folder, a ``model.ckpt`` in one, or a Hugging Face id.

    Raises:
        InvalidOptionError: a local path that is no LENS checkpoint folder.
        DownloadError: an id that is not in the cache and cannot be downloaded.
    """
    path = Path(checkpoint).expanduser()
    if path.is_file() and path.name.endswith(".ckpt"):
        path = path.parents[1]
    elif not path.is_dir():
        if runtime.looks_like_path(checkpoint) or path.exists():
            raise _bad(checkpoint, "no such folder")
        how = (
            f"offline, download it once elsewhere (hf download {checkpoint} --local-dir FOLDER) and give that "
            "FOLDER instead (checkpoint=FOLDER; CLI: --lens-checkpoint FOLDER)"
        )
        path = runtime.download(checkpoint, NAME, what="checkpoint", patterns=(HPARAMS, CKPT.as_posix()), how=how)
    for part in (HPARAMS, str(CKPT)):
        if not (path / part).is_file():
            raise _bad(path, f"{part} is missing")
    return path


def file_sha256(path: Path) -> str:
    """The sha256 of ``path`` in hex, computed once per (file, size, modification time)."""
    stat = path.stat()
    key = (str(path.resolve()), stat.st_size, stat.st_mtime_ns)
    with _HASH_LOCK:
        if key not in _HASHES:
            digest = hashlib.sha256()
            with path.open("rb") as handle:
                for block in iter(lambda: handle.read(1 << 20), b""):
                    digest.update(block)
            _HASHES[key] = digest.hexdigest()
        return _HASHES[key]


@dataclass(frozen=True)
class LensSettings:
    """What ``hparams.yaml`` says of the network, as lens-metric 0.2.0 reads it.

    ``layer_norm``: lens-metric's regressor hands its base class ``train_data`` where that expects
    ``layer_norm``, so the scalar mix normalizes each layer exactly when ``train_data`` is set
    (as in the released checkpoint); the other names mean what they say.
    """

    pretrained_model: str
    pool: str
    layer: str | int
    layer_norm: bool
    hidden_sizes: tuple[int, ...]
    activation: str
    final_activation: str | None


def read_settings(folder: Path) -> LensSettings:
    """The :class:`LensSettings` of ``folder/hparams.yaml``, checked."""
    import yaml  # a dependency of transformers and huggingface_hub: there wherever LENS can run

    file = folder / HPARAMS
    try:
        hparams = yaml.safe_load(file.read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError, yaml.YAMLError) as err:
        raise _bad(file, f"not readable as YAML ({type(err).__name__})") from None
    if not isinstance(hparams, dict):
        raise _bad(file, "not a mapping of settings")
    kind = hparams.get("class_identifier")
    if kind != LENS_CLASS:
        raise _bad(file, f"class_identifier is {kind!r}, not {LENS_CLASS!r} (LENS-SALSA and others are not supported)")
    if hparams.get("encoder_model") != "RoBERTa":
        raise _bad(file, f"encoder_model is {hparams.get('encoder_model')!r}; LENS checkpoints use 'RoBERTa'")
    pretrained = hparams.get("pretrained_model")
    pool = hparams.get("pool", "avg")
    layer = hparams.get("layer", "mix")
    sizes = hparams.get("hidden_sizes", [2304, 768])
    activation = hparams.get("activations", "Tanh")
    final = hparams.get("final_activation")
    problems = [
        (not isinstance(pretrained, str) or not pretrained, f"pretrained_model must name the encoder (got {pretrained!r})"),
        (pool not in POOLS, f"pool must be one of {', '.join(POOLS)} (got {pool!r})"),
        (layer != "mix" and (not isinstance(layer, int) or layer < 0), f"layer must be 'mix' or a layer number (got {layer!r})"),
        (not isinstance(sizes, list) or not sizes or not all(isinstance(s, int) and s > 0 for s in sizes),
         f"hidden_sizes must be a list of positive sizes (got {sizes!r})"),
        (not isinstance(activation, str), f"activations must name a torch.nn activation (got {activation!r})"),
        (final is not None and not isinstance(final, str), f"final_activation must name an activation (got {final!r})"),
    ]  # fmt: skip
    for failed, problem in problems:
        if failed:
            raise _bad(file, problem)
    return LensSettings(
        pretrained_model=str(pretrained),
        pool=pool,
        layer=layer,
        layer_norm=bool(hparams.get("train_data")),
        hidden_sizes=tuple(sizes),
        activation=activation,
        final_activation=final,
    )


def load_weights(folder: Path) -> dict[str, Any]:
    """The ``state_dict`` of ``folder/checkpoints/model.ckpt``, on the CPU (``weights_only=True``)."""
    torch, _ = runtime.require(NAME)
    file = folder / CKPT
    try:
        content = torch.load(file, map_location="cpu", weights_only=True)
    except Exception as err:  # not a torch file, truncated, or holding objects that are no weights
        reason = runtime.first_line(err)
        raise _bad(file, f"not loadable as weights ({type(err).__name__}: {reason[:200]})") from None
    state = content.get("state_dict") if isinstance(content, dict) else None
    if not isinstance(state, dict) or not all(isinstance(v, torch.Tensor) for v in state.values()):
        raise _bad(file, "no 'state_dict' of tensors in it")
    return state
