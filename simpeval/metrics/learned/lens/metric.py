"""LENS, the learned simplification metric of Maddela et al. (2023), from a released checkpoint.

Equal to ``lens-metric`` 0.2.0's ``LENS(path, rescale).score(complex, simplified, references)``
(``tests/metrics/learned/lens/test_lens_parity.py`` runs it as the oracle), without pytorch-lightning:
the checkpoint's weights are read with ``torch.load(weights_only=True)`` and its settings with a
YAML parser (:mod:`.checkpoint`), the network is :mod:`.network`.

Per segment, every text is lowercased (as lens-metric does), the output is scored against each
reference with the source, and the segment's score is the maximum over its references, times
100 (after ``rescale``: the standard normal CDF of the raw score, lens-metric's option). A
segment's statistics are ``[score, 1]``: the corpus score is their mean, and bootstrap intervals
and paired tests work as for every metric. Each distinct text is encoded once per metric object
(sources and references shared by several systems included).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

import numpy as np

from .... import _citations
from ...._types import StatsArray
from ....exceptions import ChecksumMismatchError, InvalidOptionError, InvalidStatisticsError, InvalidValueError
from ...options import check_declared, option
from ...score import Score
from ...signature import Signature
from .. import runtime
from ..base import LearnedMetric
from .checkpoint import CKPT, file_sha256, load_weights, locate, read_settings
from .network import LensNetwork

__all__ = ["LENS", "LENSConfig"]

#: The released LENS checkpoint on the Hugging Face Hub (downloaded only when given).
RELEASED = "davidheineman/lens"
#: Embeddings kept per metric object before the cache starts over.
CACHE_LIMIT = 200_000
_HEX = frozenset("0123456789abcdef")


@dataclass(frozen=True)
class LENSConfig:
    """Options of :class:`LENS` (``checkpoint`` has no default: a local folder or an id must be given)."""

    checkpoint: str | None = option(
        None,
        help=f"A LENS checkpoint folder (hparams.yaml, checkpoints/model.ckpt) or a Hugging Face id ({RELEASED}).",
    )
    rescale: bool = option(
        False,
        help="Rescale raw scores with the normal CDF before x100 (lens-metric's rescale).",
        choices={True: "yes", False: "no"},
        signature=("rescale", "r"),
    )
    sha256: str | None = option(
        None, help="Expected sha256 of checkpoints/model.ckpt (12 or more leading hex digits): checked on load."
    )
    encoder: str | None = option(
        None, help="The encoder's folder (or id) instead of the one hparams.yaml names (offline: a local copy)."
    )
    batch_size: int = option(16, help="Texts encoded per batch.", minimum=1)
    device: str | None = option(None, help="A torch device (cpu, cuda, cuda:1); default: cuda when present.")

    def __post_init__(self) -> None:
        check_declared("LENS", self)
        if self.checkpoint is None or not self.checkpoint.strip():
            raise InvalidOptionError(
                f"LENS: checkpoint must be given (got {self.checkpoint!r}): a local LENS folder, or the Hugging "
                f"Face id {RELEASED!r} (downloaded once; CLI: --lens-checkpoint)."
            )
        digest = (self.sha256 or "").lower()
        if self.sha256 is not None and (len(digest) < 12 or len(digest) > 64 or not set(digest) <= _HEX):
            raise InvalidOptionError(f"LENS: sha256 must be 12 to 64 hex digits (got {self.sha256!r}).")


class LENS(LearnedMetric):
    """LENS (Maddela et al., 2023) from a checkpoint folder, equal to ``lens-metric``'s scores.

    Args:
        config: a :class:`LENSConfig`; or its options by name (``LENS(checkpoint=..., rescale=True)``).

    Examples:
        >>> LENS(checkpoint="davidheineman/lens")  # doctest: +SKIP
        >>> LENSConfig(checkpoint="lens-folder", rescale=True).rescale
        True
        >>> LENSConfig()
        Traceback (most recent call last):
        ...
        simpeval.exceptions.InvalidOptionError: LENS: checkpoint must be given (got None): ...
    """

    name: ClassVar[str] = "LENS"
    higher_is_better: ClassVar[bool | None] = True
    requires_source: ClassVar[bool] = True
    requires_references: ClassVar[bool] = True
    citation: ClassVar[str] = _citations.MADDELA_2023
    config_class: ClassVar[type[LENSConfig]] = LENSConfig
    signature_facts: ClassVar[dict[str, str]] = {"ckpt": "ckpt", "sha256": "h"}
    signature_order: ClassVar[tuple[str, ...]] = ("ckpt", "sha256", "rescale")
    _caches: ClassVar[tuple[str, ...]] = ("_network", "_embeddings")
    config: LENSConfig

    def _setup(self) -> None:
        checkpoint = str(self.config.checkpoint)
        self._local = Path(checkpoint).expanduser().exists()
        self.folder = locate(checkpoint)
        self.settings = read_settings(self.folder)
        self.sha256 = file_sha256(self.folder / CKPT)
        expected = (self.config.sha256 or "").lower()
        if expected and not self.sha256.startswith(expected):
            raise ChecksumMismatchError(
                f"LENS: {self.folder / CKPT} has sha256 {self.sha256}, expected {expected} (sha256=...): "
                "another checkpoint, or a damaged download; download it again or correct sha256."
            )
        self.ckpt = checkpoint if not self._local else self.folder.resolve().name
        self._network: LensNetwork | None = None
        self._embeddings: dict[str, Any] = {}

    def network(self) -> LensNetwork:
        """The checkpoint's network, loaded on first use (then kept)."""
        network: LensNetwork | None = getattr(self, "_network", None)  # a pickled copy has none
        if network is None:
            encoder = self.config.encoder or self.settings.pretrained_model
            local_only = self._local and not Path(encoder).expanduser().is_dir() and self.config.encoder is None
            device = runtime.resolve_device(self.config.device, self.name)
            network = LensNetwork(self.settings, load_weights(self.folder), encoder, local_only, device, self.folder)
            self._network, self._embeddings = network, {}
        return network

    def extract_stats(
        self, hypotheses: list[str], references: list[list[str]], sources: list[str] | None
    ) -> StatsArray:
        """``[score, 1]`` of every segment: the best LENS score over its references (0–100 scale)."""
        empty = [i for i, refs in enumerate(references) if not refs]
        if empty:
            raise InvalidValueError(f"LENS: every segment needs a reference (segment {empty[0] + 1} has none).")
        network = self.network()
        torch = network.torch
        if len(self._embeddings) > CACHE_LIMIT:
            self._embeddings = {}
        srcs = [text.lower() for text in sources or ()]
        outs = [text.lower() for text in hypotheses]
        refs = [[text.lower() for text in segment] for segment in references]
        texts = [*srcs, *outs, *(ref for segment in refs for ref in segment)]
        fresh = [text for text in dict.fromkeys(texts) if text not in self._embeddings]
        self._embeddings.update(zip(fresh, network.embed(fresh, self.config.batch_size) if fresh else []))
        pairs = [(i, ref) for i, segment in enumerate(refs) for ref in segment]
        raw: list[float] = []
        step = max(self.config.batch_size, 256)
        for start in range(0, len(pairs), step):
            chunk = pairs[start : start + step]
            rows = [
                torch.stack([self._embeddings[text] for text in column])
                for column in ([srcs[i] for i, _ in chunk], [outs[i] for i, _ in chunk], [ref for _, ref in chunk])
            ]
            raw.extend(network.regress(*rows))
        stats = np.zeros((len(outs), 2), dtype=np.float64)
        stats[:, 0] = -np.inf
        for (i, _), value in zip(pairs, raw):
            score = 0.5 * (math.erf(value / 2**0.5) + 1) if self.config.rescale else value
            stats[i, 0] = max(stats[i, 0], score * 100.0)
        stats[:, 1] = 1.0
        return stats

    def score_from_stats(self, stats: StatsArray, signature: Signature | None = None) -> Score:
        """The mean segment score of a summed ``[score sum, segments]`` (raw LENS scores may be negative)."""
        array = np.asarray(stats, dtype=np.float64)
        self.validate_stats(np.array([0.0, array[1]]) if array.shape == (2,) else array, 2)  # shape, count
        total, count = float(array[0]), float(array[1])
        if not math.isfinite(total):
            raise InvalidStatisticsError(f"LENS: stats[0] must be a finite sum of scores (got {total!r}).")
        return Score(self.name, total / count if count else 0.0, signature or self.get_signature())
