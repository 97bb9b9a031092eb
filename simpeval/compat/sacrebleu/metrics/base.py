"""``sacrebleu.metrics.base``: the base classes, as compat's metrics and scores derive from them.

``Metric`` is the base of compat's :class:`~simpeval.compat.sacrebleu.metrics.BLEU`, ``CHRF`` and
``TER``; ``Score`` the base of their score classes; ``Signature`` is sacrebleu's own signature
class, the one ``get_signature()`` returns an instance of.
"""

from __future__ import annotations

from sacrebleu.metrics.base import Signature

from ..score import SacrebleuScore as Score
from . import _SacrebleuFront as Metric

__all__ = ["Metric", "Score", "Signature"]
