"""Metric registry: ``get_metric(name, **options)`` and ``available_metrics()``.

Metric modules are imported lazily, on first use, so ``import simpeval`` stays cheap.
"""

from __future__ import annotations

from importlib import import_module
from typing import Any, Mapping

from ..exceptions import UnknownMetricError
from .base import Metric, count_references, references_from_segments
from .score import Score, Signature

__all__ = [
    "Metric",
    "Score",
    "Signature",
    "available_metrics",
    "get_metric",
    "metric_class",
    "references_from_segments",
    "count_references",
    "signature_keys",
]

_REGISTRY: dict[str, str] = {
    "sari": "simpeval.metrics.sari:SARI",
    "bleu": "simpeval.metrics.bleu:BLEU",
    "chrf": "simpeval.metrics.chrf:CHRF",
    "ter": "simpeval.metrics.ter:TER",
}


def available_metrics() -> list[str]:
    """Registry names of every metric, e.g. ``['bleu', 'chrf', 'sari', 'ter']``.

    Examples:
        >>> available_metrics()
        ['bleu', 'chrf', 'sari', 'ter']
    """
    return sorted(_REGISTRY)


def metric_class(name: str) -> type[Metric]:
    """The class registered under ``name`` (case-insensitive; ``chrf++`` means chrF)."""
    key = str(name).lower()
    if key == "chrf++":
        key = "chrf"
    if key not in _REGISTRY:
        raise UnknownMetricError(
            f"unknown metric {name!r}; valid metrics: {', '.join(available_metrics())}."
        )
    module_name, class_name = _REGISTRY[key].split(":")
    cls: type[Metric] = getattr(import_module(module_name), class_name)
    return cls


def get_metric(name: str, **options: Any) -> Metric:
    """Instantiate a metric by registry name.

    Args:
        name: ``"sari"``, ``"bleu"``, ``"chrf"`` (or ``"chrf++"``, which sets ``word_order=2``), ``"ter"``.
        options: keyword arguments of the metric class, e.g. ``variant="hf"`` for SARI.

    Examples:
        >>> get_metric("sari", variant="hf").config.aggregate
        'sentence'
    """
    cls = metric_class(name)
    if str(name).lower() == "chrf++":
        options.setdefault("word_order", 2)
    return cls(**options)


def signature_keys(metric_name: str) -> tuple[tuple[str, ...], Mapping[str, str]]:
    """Canonical key order and abbreviations of the signature of the metric shown as ``metric_name``."""
    key = metric_name.lower()
    if key not in _REGISTRY:  # matched by name first: parsing never imports unrelated metrics
        raise KeyError(metric_name)
    cls = metric_class(key)
    return cls.signature_key_order(), cls.all_abbreviations()
