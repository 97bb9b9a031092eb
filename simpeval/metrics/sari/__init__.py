"""SARI (Xu et al., 2016), native, with every public implementation reproduced as a preset.

SARI compares a system output (hypothesis) with the source and the references and averages
three operation scores over n-gram orders 1..4: *add* (n-grams the output adds that the
references add), *keep* (source n-grams kept that the references keep) and *delete* (source
n-grams deleted that the references delete).

The public implementations disagree on almost every detail; each detail is an orthogonal
option of :class:`SARIConfig`, and the presets in :data:`VARIANTS` pin them.

Where things are:

* :mod:`.config`: :class:`SARIConfig` (every option, with its signature key) and the presets;
* :mod:`.reference`: the readable reference path, one segment at a time (the specification);
* :mod:`.scoring`: scores from summed statistics;
* :mod:`.metric`: the :class:`SARI` metric, which picks an engine (:mod:`simpeval.engines`).

Statistics are additive. With ``aggregate="corpus"`` every segment contributes 12 counts
per n-gram order (numerator and denominator of the precision and recall of each operation)
and the corpus score is computed from their sums. With ``aggregate="sentence"`` every
segment contributes its finished sentence score, operation scores and per-order P/R/F1 plus
a count of 1, and the corpus score is their mean.

References: ``None`` in a reference stream is a *missing* reference (the segment simply has
fewer references). ``""`` is an *empty* reference: it counts as a reference (it weighs the
source and output counts under ``ref_weight="all"``) but contributes no n-grams, except
that ``split="space"`` turns it into one empty-string token, as ``SARI.py`` and Hugging Face
do. A segment with no reference at all is scored by the same formulas (see the README).
"""

from __future__ import annotations

from .config import DEFAULT_VARIANT, VARIANTS, SARIConfig, variant_settings
from .metric import SARI
from .reference import sari_segment_counts

__all__ = ["DEFAULT_VARIANT", "SARI", "SARIConfig", "VARIANTS", "sari_segment_counts", "variant_settings"]
