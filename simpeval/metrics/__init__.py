"""Metric registry: ``get_metric(name, **options)``, ``available_metrics()``, ``metric_key(name)``.

One set of spellings names a metric everywhere (the API, the CLI's ``--metrics``, a
:class:`~simpeval.report.ResultTable` lookup): the registry name in any case (``"sari"``,
``"SARI"``), and for chrF also its display names (``"chrF2"``, ``"chrF2++"``) and ``"chrf++"``
(which sets ``word_order=2`` when it creates the metric).

Metric modules are imported lazily, on first use, so ``import simpeval`` stays cheap.
"""

from __future__ import annotations

import inspect
import re
from importlib import import_module
from typing import Any

from ..exceptions import InvalidOptionError, UnknownMetricError
from .base import Metric
from .references import References, count_references, references_from_segments
from .score import Score
from .signature import Signature

__all__ = [
    "Metric",
    "References",
    "Score",
    "Signature",
    "available_metrics",
    "count_references",
    "get_metric",
    "metric_class",
    "metric_key",
    "references_from_segments",
]

_REGISTRY: dict[str, str] = {
    "sari": "simpeval.metrics.sari:SARI",
    "bleu": "simpeval.metrics.bleu:BLEU",
    "chrf": "simpeval.metrics.chrf:CHRF",
    "ter": "simpeval.metrics.ter:TER",
    # teaching metrics, equal to the NLTK functions classroom notebooks call (simpeval.metrics.teaching)
    "nltk-bleu": "simpeval.metrics.teaching.nltk_bleu:NLTKBLEU",
    "meteor": "simpeval.metrics.teaching.meteor:METEOR",
    "nltk-chrf": "simpeval.metrics.teaching.nltk_chrf:NLTKCHRF",
    "editdistance": "simpeval.metrics.teaching.edit:EditDistance",
    "wer": "simpeval.metrics.teaching.edit_rates:WER",
    "pem": "simpeval.metrics.teaching.edit_rates:PEM",
    "bagofwords": "simpeval.metrics.teaching.bow:BagOfWords",
}
# chrF's display names: chrF2, chrF3++, chrF1+, ... (beta digits, then the word-order pluses)
_CHRF_NAME = re.compile(r"chrf\d*\+*")


def available_metrics() -> list[str]:
    """Registry names of every metric, sorted.

    Examples:
        >>> available_metrics()  # doctest: +NORMALIZE_WHITESPACE
        ['bagofwords', 'bleu', 'chrf', 'editdistance', 'meteor', 'nltk-bleu', 'nltk-chrf', 'pem', 'sari',
         'ter', 'wer']
    """
    return sorted(_REGISTRY)


def metric_key(name: str) -> str:
    """The registry name of a metric spelled ``name`` (case-insensitive; chrF's display names too).

    Raises:
        UnknownMetricError: no metric has that name (the message lists the valid ones).

    Examples:
        >>> metric_key("SARI"), metric_key("chrF2++"), metric_key("chrf")
        ('sari', 'chrf', 'chrf')
    """
    key = name.strip().lower() if isinstance(name, str) else ""
    if key not in _REGISTRY and _CHRF_NAME.fullmatch(key):
        key = "chrf"
    if key not in _REGISTRY:
        raise UnknownMetricError(
            f"unknown metric {name!r}; valid metrics: {', '.join(available_metrics())} "
            "(any case; chrF also as chrF2, chrF2++ or chrf++)."
        )
    return key


def metric_class(name: str) -> type[Metric]:
    """The class registered under ``name`` (any spelling :func:`metric_key` accepts)."""
    module_name, class_name = _REGISTRY[metric_key(name)].split(":")
    cls: type[Metric] = getattr(import_module(module_name), class_name)
    return cls


def get_metric(name: str, **options: Any) -> Metric:
    """Instantiate a metric by name.

    Args:
        name: ``"sari"``, ``"bleu"``, ``"chrf"`` (or ``"chrf++"``, which sets ``word_order=2``),
            ``"ter"``, in any case.
        options: keyword arguments of the metric class, e.g. ``variant="hf"`` for SARI.

    Examples:
        >>> get_metric("sari", variant="hf").config.aggregate
        'sentence'
        >>> get_metric("chrF++").config.word_order
        2
    """
    cls = metric_class(name)
    if name.strip().lower().endswith("++"):
        options.setdefault("word_order", 2)
    accepted = [p.name for p in inspect.signature(cls).parameters.values() if p.kind is not p.VAR_KEYWORD]
    unknown = sorted(set(options) - set(accepted))
    if unknown:
        raise InvalidOptionError(
            f"{cls.name}: unknown option(s) {', '.join(unknown)}; valid options: {', '.join(sorted(accepted))}."
        )
    return cls(**options)
