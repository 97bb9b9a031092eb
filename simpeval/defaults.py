"""Every default that more than one module uses, written once.

Examples:
    >>> DEFAULT_SEED, PAIRED_SAMPLES["bs"], PAIRED_SAMPLES["ar"]
    (12345, 1000, 10000)
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

__all__ = [
    "AGREEMENT_SAMPLES",
    "ALPHA",
    "CHUNK_SIZE",
    "CONFIDENCE_LEVEL",
    "CONFIDENCE_SAMPLES",
    "DEFAULT_METRICS",
    "DEFAULT_SEED",
    "PAIRED_SAMPLES",
    "WIDTH",
]

#: Seed of every random draw (sacrebleu's ``SACREBLEU_SEED`` default); recorded in signatures.
DEFAULT_SEED: int = 12345
#: Bootstrap resamples of a confidence interval (sacrebleu's ``--confidence-n``).
CONFIDENCE_SAMPLES: int = 1000
#: Coverage of the confidence intervals.
CONFIDENCE_LEVEL: float = 0.95
#: Samples of each paired test: ``--paired-bs-n`` 1000, ``--paired-ar-n`` 10000 (sacrebleu's).
PAIRED_SAMPLES: Mapping[str, int] = MappingProxyType({"bs": 1000, "ar": 10000})
#: Bootstrap resamples of the metric-agreement intervals.
AGREEMENT_SAMPLES: int = 1000
#: Significance level behind the ``*`` of a significant paired test.
ALPHA: float = 0.05
#: Segments per chunk when scoring iterables (files) in bounded memory.
CHUNK_SIZE: int = 10_000
#: Metrics computed when none are named, in column order.
DEFAULT_METRICS: tuple[str, ...] = ("sari", "bleu", "chrf", "ter")
#: Decimals of the scores in tables meant for people (text, Markdown, LaTeX, HTML).
WIDTH: int = 1
