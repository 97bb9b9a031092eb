"""What the SARI engines read of a configuration, without importing the metric.

Examples:
    >>> from simpeval.metrics.sari import SARIConfig
    >>> config: SARICounting = SARIConfig()  # the metric's frozen config has these attributes
    >>> N_RAW * config.max_order
    48
"""

from __future__ import annotations

from typing import Protocol

__all__ = ["N_RAW", "SARICounting"]

#: Raw statistics per n-gram order: keep P/R, delete P/R, add P/R (numerator, denominator each).
N_RAW = 12


class SARICounting(Protocol):
    """The SARI settings the engines read (the fields of ``simpeval.metrics.sari.SARIConfig``)."""

    @property
    def tokenize(self) -> str: ...
    @property
    def lowercase(self) -> bool: ...
    @property
    def normalize_source(self) -> bool: ...
    @property
    def split(self) -> str: ...
    @property
    def precision(self) -> str: ...
    @property
    def keep_recall(self) -> str: ...
    @property
    def del_match(self) -> str: ...
    @property
    def ngrams(self) -> str: ...
    @property
    def ref_weight(self) -> str: ...
    @property
    def max_order(self) -> int: ...
