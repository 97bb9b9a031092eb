"""An optional on-disk cache of encoded sentences, keyed by the model's hash and the text.

Off by default (a learned metric takes ``cache_dir=None``). Given a folder, each encoded sentence
is kept as ``<folder>/<model key>/<sha256 of the text>.npz`` holding its token ids and its
embedding (float32), so that a second run, another process or another day encodes only the
sentences it has not seen. The model key (:func:`model_key`) hashes every file of the model folder,
the layer used, and the PyTorch and Transformers versions and the device type, since each can change
the embeddings' last bits: a cached embedding is the one this setup computes.

Examples:
    >>> import tempfile, numpy as np
    >>> cache = EmbeddingCache(tempfile.mkdtemp(), "k")
    >>> cache.get("a cat") is None
    True
    >>> cache.put("a cat", np.array([101, 102]), np.ones((2, 3), dtype=np.float32))
    >>> ids, embedding = cache.get("a cat")
    >>> ids.tolist(), embedding.shape
    ([101, 102], (2, 3))
"""

from __future__ import annotations

import hashlib
import os
import tempfile
from pathlib import Path

import numpy as np

__all__ = ["EmbeddingCache", "model_key"]

_CHUNK = 1 << 20


def model_key(folder: Path, *facts: str) -> str:
    """A hex key of a model folder's files (names and bytes, sorted by name) and ``facts``."""
    digest = hashlib.sha256()
    for path in sorted(p for p in folder.rglob("*") if p.is_file() and ".cache" not in p.parts):
        digest.update(str(path.relative_to(folder)).encode() + b"\0")
        with path.open("rb") as handle:
            for chunk in iter(lambda: handle.read(_CHUNK), b""):
                digest.update(chunk)
    for fact in facts:
        digest.update(b"\0" + fact.encode())
    return digest.hexdigest()[:32]


class EmbeddingCache:
    """Encoded sentences of one model setup in ``folder/key/`` (created on the first write)."""

    def __init__(self, folder: str, key: str) -> None:
        self.folder = Path(folder).expanduser() / key

    def _path(self, text: str) -> Path:
        return self.folder / f"{hashlib.sha256(text.encode('utf-8')).hexdigest()}.npz"

    def get(self, text: str) -> tuple[np.ndarray, np.ndarray] | None:
        """``(token ids, embedding)`` of ``text``, or ``None`` when it is not cached (or unreadable)."""
        path = self._path(text)
        if not path.is_file():
            return None
        try:
            with np.load(path) as stored:
                return stored["ids"], stored["embedding"]
        except (OSError, ValueError, KeyError):  # a truncated or foreign file: encoded again
            return None

    def put(self, text: str, ids: np.ndarray, embedding: np.ndarray) -> None:
        """Keep ``text``'s token ids and embedding; written to a temporary file, then renamed, so a
        reader in another process never sees half a file."""
        self.folder.mkdir(parents=True, exist_ok=True)
        handle, temporary = tempfile.mkstemp(dir=self.folder, suffix=".tmp")
        try:
            with os.fdopen(handle, "wb") as out:
                np.savez(out, ids=np.asarray(ids, dtype=np.int64), embedding=np.asarray(embedding, dtype=np.float32))
            os.replace(temporary, self._path(text))
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
