"""The runtime every learned metric shares: PyTorch and Transformers loaded lazily, a model folder
resolved offline first, a device checked, token sequences run through an encoder in batches sorted
by length under ``torch.inference_mode``, and encoding progress reported to whoever listens.

Nothing here is imported by ``import simpeval``; :func:`require` imports PyTorch and Transformers
on the first call and turns their absence into one line naming the ``learned`` extra.

A batch holds sequences of one length only, so nothing is padded: a sentence's embedding is the
one it gets alone, whatever else the call encodes (padding changes the attention's last bits), and
a segment's score does not depend on the other segments of the call.

Examples:
    >>> sequences = [[1, 2, 3], [4], [5, 6, 7], [8, 9]]
    >>> by_length(sequences)
    [0, 2, 3, 1]
    >>> list(batches(sequences, 8))
    [[0, 2], [3], [1]]
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from importlib import metadata
from pathlib import Path
from typing import Any

from ...exceptions import DownloadError, InvalidOptionError, MissingDependencyError

__all__ = [
    "INSTALL_HINT",
    "batches",
    "by_length",
    "download",
    "encode",
    "first_line",
    "installed_version",
    "looks_like_path",
    "model_folder",
    "quiet_loading",
    "report_progress",
    "reporting",
    "require",
    "resolve_device",
]

#: How to install what every learned metric needs.
INSTALL_HINT = 'pip install "simplification-metrics[learned]"'
#: File patterns of a model folder on the Hugging Face Hub that loading needs (weights, config, tokenizer).
_MODEL_FILES = ("*.json", "*.txt", "*.model", "*.safetensors")
_PROGRESS: list[Callable[[str, int, int | None], None]] = []
_PROGRESS_LOCK = threading.Lock()


def require(metric: str) -> tuple[Any, Any]:
    """``(torch, transformers)``, imported on first use.

    Raises:
        MissingDependencyError: either is not installed (the message names the ``learned`` extra).
    """
    try:
        import torch
        import transformers
    except ImportError as err:
        raise MissingDependencyError(
            f"{metric} needs PyTorch and Transformers ({err.name or err} is not installed): {INSTALL_HINT}"
        ) from None
    return torch, transformers


def installed_version(package: str) -> str:
    """The installed version of ``package`` (read without importing it), or ``"none"``."""
    try:
        return metadata.version(package)
    except metadata.PackageNotFoundError:
        return "none"


def first_line(error: BaseException) -> str:
    """The first line of ``error``'s message (its type's name when it has none): one line for an error of ours."""
    return (str(error).strip().splitlines() or [type(error).__name__])[0]


def looks_like_path(name: str) -> bool:
    """A local path rather than a Hugging Face Hub id (``org/name`` or ``name``)."""
    return name.startswith((".", "/", "~")) or name.count("/") > 1 or "\\" in name


def download(repo_id: str, metric: str, *, what: str, patterns: Sequence[str], how: str) -> Path:
    """The local folder of Hugging Face Hub repository ``repo_id`` holding its files that match
    ``patterns``: from the local Hub cache, or, online, downloaded with ``huggingface_hub``.
    Called only for an id the user gave (or a metric's default); ``HF_HUB_OFFLINE`` reads the cache alone.

    ``what`` names the repository in the errors (``"model"``, ``"checkpoint"``), and ``how`` ends them:
    how to give a local folder instead.

    Raises:
        MissingDependencyError: ``huggingface_hub`` is not installed.
        DownloadError: neither cached nor downloadable (offline, unknown id).
    """
    offline = os.environ.get("HF_HUB_OFFLINE", "").strip().lower() in ("1", "true", "yes", "on")
    try:
        from huggingface_hub import snapshot_download
    except ImportError:
        raise MissingDependencyError(
            f"{metric}: {what} {repo_id!r} is no local folder, and huggingface_hub is not installed to fetch it: "
            f"{INSTALL_HINT}, or {how}."
        ) from None
    try:
        return Path(snapshot_download(repo_id, allow_patterns=list(patterns), local_files_only=offline))
    except Exception as err:  # huggingface_hub raises its own errors, OSError and requests' alike
        state = "offline (HF_HUB_OFFLINE is set) and not in the Hugging Face cache" if offline else "not downloadable"
        raise DownloadError(f"{metric}: {what} {repo_id!r} is {state} ({first_line(err)}); {how}.") from None


def model_folder(model: str, metric: str) -> Path:
    """The local folder of ``model``: a folder as it is (never the network), else a Hugging Face
    Hub id (:func:`download`: its weights, configuration and tokenizer).

    Raises:
        InvalidOptionError: ``model`` names a path that is not a folder.
        DownloadError: a Hub id that is neither cached nor downloadable (offline, unknown id): the
            message says how to give a local folder instead.
    """
    path = Path(model).expanduser()
    if path.is_dir():
        return path
    if looks_like_path(model) or path.exists():
        raise InvalidOptionError(
            f"{metric}: model {model!r} is not a folder (give a model folder saved by save_pretrained)."
        )
    how = (
        f"give a local model folder instead ({metric.lower()} model_type=/path/to/folder; CLI: "
        f"--{metric.lower()}-model-type FOLDER), e.g. one saved by save_pretrained or `hf download {model} --local-dir FOLDER`"
    )
    folder = download(model, metric, what="model", patterns=_MODEL_FILES, how=how)
    if not any(folder.glob("*.safetensors")):  # an older repository: PyTorch's weights
        folder = download(model, metric, what="model", patterns=["*.bin"], how=how)
    return folder


def resolve_device(device: str | None, metric: str) -> Any:
    """The ``torch.device`` to run on: ``device`` as given (``"cpu"``, ``"cuda"``, ``"cuda:1"``,
    ``"mps"``), or, for ``None``, a CUDA GPU when there is one, else the CPU (as bert_score chooses).

    Raises:
        InvalidOptionError: a device PyTorch does not know, or one that is not there.
    """
    torch, _ = require(metric)
    if device is None:
        return torch.device("cuda" if torch.cuda.is_available() else "cpu")
    try:
        chosen = torch.device(device)
    except (RuntimeError, TypeError) as err:
        raise InvalidOptionError(
            f"{metric}: device {device!r} is not a PyTorch device ({err}); use cpu or cuda."
        ) from None
    if chosen.type == "cuda" and not torch.cuda.is_available():
        build = (
            "a CPU-only build" if torch.version.cuda is None else f"CUDA {torch.version.cuda}, but no GPU is visible"
        )
        raise InvalidOptionError(
            f"{metric}: device {device!r} was asked for, but PyTorch {torch.__version__} sees no CUDA GPU ({build}); "
            "use device='cpu' (CLI: --device cpu)."
        )
    if chosen.type == "cuda" and chosen.index is not None and chosen.index >= torch.cuda.device_count():
        raise InvalidOptionError(
            f"{metric}: device {device!r}: there are {torch.cuda.device_count()} CUDA device(s); use cuda:0 or cpu."
        )
    if chosen.type == "mps" and not torch.backends.mps.is_available():
        raise InvalidOptionError(f"{metric}: device 'mps' was asked for, but PyTorch sees no Apple GPU; use 'cpu'.")
    return chosen


@contextmanager
def quiet_loading(transformers: Any) -> Iterator[None]:
    """Within the block, Transformers loads without its progress bars ("Loading weights", on
    standard error even when it is no terminal) and without its warnings about weights a head
    leaves unused or new (an encoder is loaded without its head): the library never prints.
    Transformers' own settings are restored after the block."""
    logging = transformers.logging
    verbosity, bars = logging.get_verbosity(), logging.is_progress_bar_enabled()
    logging.set_verbosity_error()
    logging.disable_progress_bar()
    try:
        yield
    finally:
        logging.set_verbosity(verbosity)
        if bars:
            logging.enable_progress_bar()


@contextmanager
def reporting(progress: Callable[[str, int, int | None], None] | None) -> Iterator[None]:
    """Report encoding progress to ``progress(label, done, total)`` within the block (the CLI's bars);
    ``None`` does nothing. The library never prints: a learned metric reports, the caller draws."""
    if progress is None:
        yield
        return
    with _PROGRESS_LOCK:
        _PROGRESS.append(progress)
    try:
        yield
    finally:
        with _PROGRESS_LOCK:
            _PROGRESS.remove(progress)


def report_progress(label: str, done: int, total: int | None) -> None:
    """Tell the innermost :func:`reporting` block, if any, that ``done`` of ``total`` steps of ``label`` are done."""
    with _PROGRESS_LOCK:
        listener = _PROGRESS[-1] if _PROGRESS else None
    if listener is not None:
        listener(label, done, total)


def by_length(sequences: Sequence[Sequence[int]]) -> list[int]:
    """The indices of ``sequences``, longest first (stable among equal lengths): batches of similar
    lengths waste little on padding."""
    return sorted(range(len(sequences)), key=lambda i: -len(sequences[i]))


def batches(sequences: Sequence[Sequence[int]], size: int) -> Iterator[list[int]]:
    """The indices of ``sequences``, longest first, in batches of at most ``size`` sequences of one length."""
    batch: list[int] = []
    for index in by_length(sequences):
        if batch and (len(batch) == size or len(sequences[batch[0]]) != len(sequences[index])):
            yield batch
            batch = []
        batch.append(index)
    if batch:
        yield batch


def encode(
    sequences: Sequence[Sequence[int]],
    forward: Callable[[Any, Any], Any],
    *,
    batch_size: int,
    device: Any,
    label: str = "encoding",
) -> list[Any]:
    """Run token-id ``sequences`` through ``forward(ids, attention_mask)`` (a ``(batch, length, ...)``
    tensor out) in batches of at most ``batch_size`` sequences of one length (:func:`batches`: no
    padding), under ``torch.inference_mode``.

    Returns one tensor per sequence, in the input order (``[length, ...]``, on ``device``). Progress
    is reported as ``label`` (:func:`report_progress`), one step per sequence.
    """
    torch = require("learned metrics")[0]
    found: list[Any] = [None] * len(sequences)
    done = 0
    report_progress(label, 0, len(sequences))
    with torch.inference_mode():
        for batch in batches(sequences, batch_size):
            ids = torch.tensor([list(sequences[index]) for index in batch], dtype=torch.long)
            out = forward(ids.to(device), torch.ones_like(ids).to(device))
            for row, index in enumerate(batch):
                found[index] = out[row]
            done += len(batch)
            report_progress(label, done, len(sequences))
    return found
