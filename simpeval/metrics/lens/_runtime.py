"""What running a learned metric needs, LENS's copy: the optional imports, the device, where a
model comes from, and batches that encode each distinct text once.

Each function has one of these jobs (the BERTScore runtime has the same; the two are to become
one module):

* :func:`import_torch` / :func:`import_transformers`: the ``learned`` extra, imported on first
  use, or one line saying how to install it;
* :func:`choose_device`: ``None`` (CUDA when present, else the CPU) or the device asked for,
  checked;
* :func:`is_local` / :func:`download`: a local folder is read as it is and never touches the
  network; a Hugging Face id is downloaded with ``huggingface_hub`` (or found in its cache);
* :func:`length_batches`: the distinct texts, longest first, in batches (little padding);
  :func:`encode_once` runs an encoder over each distinct text once and keeps the results.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator, MutableMapping
from pathlib import Path
from typing import Any

from ...exceptions import DownloadError, InvalidOptionError, MissingDependencyError

__all__ = ["choose_device", "download", "encode_once", "import_torch", "import_transformers", "is_local"]

INSTALL = 'pip install "simplification-metrics[learned]"'


def _import(name: str, metric: str) -> Any:
    try:
        return __import__(name)
    except ImportError as err:
        raise MissingDependencyError(
            f"{metric} needs {name}, which is not installed ({err}). Install it with: {INSTALL}"
        ) from None


def import_torch(metric: str) -> Any:
    """The ``torch`` module, or :class:`MissingDependencyError` naming the ``learned`` extra."""
    return _import("torch", metric)


def import_transformers(metric: str) -> Any:
    """The ``transformers`` module (torch first), or :class:`MissingDependencyError`."""
    import_torch(metric)
    transformers = _import("transformers", metric)
    transformers.logging.set_verbosity_error()  # no "weights not initialized" chatter: the checkpoint sets them
    transformers.logging.disable_progress_bar()
    return transformers


def choose_device(metric: str, device: str | None) -> Any:
    """``torch.device`` for ``device`` (``None``: ``"cuda"`` when a GPU is usable, else ``"cpu"``).

    Raises:
        InvalidOptionError: not a device name torch knows, or a CUDA (MPS) device asked for that
            this machine does not have.
    """
    torch = import_torch(metric)
    if device is None:
        return torch.device("cuda" if torch.cuda.is_available() else "cpu")
    try:
        chosen = torch.device(device)
    except RuntimeError:
        raise InvalidOptionError(
            f"{metric}: device must be a torch device such as 'cpu', 'cuda' or 'cuda:1' (got {device!r})."
        ) from None
    if chosen.type == "cuda" and (not torch.cuda.is_available() or (chosen.index or 0) >= torch.cuda.device_count()):
        raise InvalidOptionError(
            f"{metric}: device={device!r} was asked for, but no such CUDA device is available "
            f"({torch.cuda.device_count()} found). Use device='cpu', or leave device unset to choose."
        )
    if chosen.type == "mps" and not torch.backends.mps.is_available():
        raise InvalidOptionError(f"{metric}: device='mps' was asked for, but MPS is not available here. Use 'cpu'.")
    return chosen


def is_local(name: str) -> bool:
    """True when ``name`` is a folder on disk (read as it is, never from the network)."""
    return Path(name).expanduser().is_dir()


def download(metric: str, repo_id: str, *, what: str) -> Path:
    """The local folder of Hugging Face repository ``repo_id`` (its cache, downloaded when missing).

    Only called for an id the user gave; ``HF_HUB_OFFLINE=1`` (or no network) reads the cache alone.

    Raises:
        MissingDependencyError: ``huggingface_hub`` is not installed.
        DownloadError: not in the cache and not downloadable (offline, unknown id); the message
            says how to give a local folder instead.
    """
    try:
        from huggingface_hub import snapshot_download
    except ImportError:
        raise MissingDependencyError(
            f"{metric} needs huggingface_hub to download {repo_id!r}. Install it with: {INSTALL}"
        ) from None
    try:
        return Path(snapshot_download(repo_id=repo_id, local_files_only=bool(os.environ.get("HF_HUB_OFFLINE"))))
    except Exception as err:  # network, authentication, unknown repository: one line, whatever the cause
        reason = (str(err).strip().splitlines() or [type(err).__name__])[0]
        raise DownloadError(
            f"{metric}: {what} {repo_id!r} is neither a local folder nor downloadable from the Hugging Face "
            f"Hub ({type(err).__name__}: {reason}). Offline, download it once elsewhere "
            f"(huggingface-cli download {repo_id} --local-dir FOLDER) and give that FOLDER instead."
        ) from None


def length_batches(texts: Iterable[str], batch_size: int, length: Callable[[str], int]) -> Iterator[list[str]]:
    """The distinct ``texts``, longest first (by ``length``), in batches of at most ``batch_size``."""
    ordered = sorted(dict.fromkeys(texts), key=lambda text: (-length(text), text))
    for start in range(0, len(ordered), batch_size):
        yield ordered[start : start + batch_size]


def encode_once(
    texts: Iterable[str],
    encode: Callable[[list[str]], Any],
    cache: MutableMapping[str, Any],
    *,
    batch_size: int,
    length: Callable[[str], int] = len,
) -> list[Any]:
    """``encode`` (a batch of texts -> one row each) over every distinct text not in ``cache`` yet,
    in length-sorted batches; returns the rows of ``texts`` in order (each also kept in ``cache``)."""
    texts = list(texts)
    for batch in length_batches((t for t in texts if t not in cache), batch_size, length):
        for text, row in zip(batch, encode(batch)):
            cache[text] = row
    return [cache[text] for text in texts]
