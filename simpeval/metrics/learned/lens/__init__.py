"""LENS, a learned metric for text simplification (Maddela et al., 2023), from a released checkpoint.

:class:`LENS` (registry name ``lens``) needs the ``learned`` extra (torch, transformers); the
modules import them on first use only, so ``import simpeval.metrics.learned.lens`` stays cheap.
"""

from __future__ import annotations

from .metric import LENS, LENSConfig

__all__ = ["LENS", "LENSConfig"]
