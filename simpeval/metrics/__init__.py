"""Metric registry: ``get_metric(name, **options)``, ``available_metrics()``, ``metric_key(name)``.

One set of spellings names a metric everywhere (the API, the CLI's ``--metrics``, a
:class:`~simpeval.report.ResultTable` lookup): the registry name in any case (``"sari"``,
``"SARI"``), and for chrF also its display names (``"chrF2"``, ``"chrF2++"``) and ``"chrf++"``
(which sets ``word_order=2`` when it creates the metric).

Metric modules are imported lazily, on first use, so ``import simpeval`` stays cheap.

Metrics of one's own join the registry with :func:`register_metric`, or from an installed
package through the entry-point group ``simpeval.metrics`` (name = metric name, value =
``module:Class``), read on the first listing or on the first lookup of an unknown name; the
CLI's ``--metrics``, ``score``, ``compare`` and every API that takes a registry name then
accept them.
"""

from __future__ import annotations

import inspect
import re
import threading
from collections.abc import Mapping
from importlib import import_module, metadata
from typing import Any

from ..exceptions import InvalidOptionError, UnknownMetricError
from ..tokenizers._registry import entry_points
from .base import Metric
from .options import metric_options
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
    "register_metric",
    "unregister_metric",
]

#: Registry name -> ``"module:Class"`` (imported on first use) or the class itself.
_REGISTRY: dict[str, str | type[Metric]] = {
    "sari": "simpeval.metrics.sari:SARI",
    "bleu": "simpeval.metrics.bleu:BLEU",
    "chrf": "simpeval.metrics.chrf:CHRF",
    "ter": "simpeval.metrics.ter:TER",
    "fkgl": "simpeval.metrics.fkgl:FKGL",
    # learned metrics: PyTorch and Transformers, imported on first use (the `learned` extra)
    "bertscore": "simpeval.metrics.learned.bertscore:BERTScore",
    # teaching metrics, equal to the NLTK functions classroom notebooks call (simpeval.metrics.teaching)
    "nltk-bleu": "simpeval.metrics.teaching.nltk_bleu:NLTKBLEU",
    "meteor": "simpeval.metrics.teaching.meteor:METEOR",
    "nltk-chrf": "simpeval.metrics.teaching.nltk_chrf:NLTKCHRF",
    "editdistance": "simpeval.metrics.teaching.edit:EditDistance",
    "wer": "simpeval.metrics.teaching.edit_rates:WER",
    "pem": "simpeval.metrics.teaching.edit_rates:PEM",
    "bagofwords": "simpeval.metrics.teaching.bow:BagOfWords",
    # learned metrics (the "learned" extra: torch, transformers)
    "lens": "simpeval.metrics.learned.lens:LENS",
}
# chrF's display names: chrF2, chrF3++, chrF1+, ... (beta digits, then the word-order pluses)
_CHRF_NAME = re.compile(r"chrf\d*\+*")
_BUILTIN = frozenset(_REGISTRY)
_NAME = re.compile(r"[a-z0-9][a-z0-9+._-]*")
#: The entry-point group of metric plugins.
ENTRY_POINT_GROUP = "simpeval.metrics"
_LOCK = threading.Lock()
_PLUGINS_LOADED = threading.Event()


def register_metric(name: str, metric: type[Metric] | str, *, overwrite: bool = False) -> None:
    """Add a metric to the registry under ``name``: a :class:`Metric` subclass, or its
    ``"module:Class"`` path (imported on first use).

    Args:
        name: the registry name (lowercase letters, digits, ``+ . _ -``), then accepted by
            :func:`get_metric`, ``--metrics`` and every API that takes metric names.
        metric: the class, or where to import it from.
        overwrite: replace a metric already registered under ``name`` (never a built-in one).

    Raises:
        InvalidOptionError: a bad name or class, or ``name`` taken (built-in names always are).

    Examples:
        >>> from simpeval.metrics.bleu import BLEU
        >>> class Bleu2(BLEU):
        ...     def __init__(self) -> None:
        ...         super().__init__(max_ngram_order=2)
        >>> register_metric("bleu2", Bleu2)
        >>> get_metric("bleu2").config.max_ngram_order
        2
        >>> unregister_metric("bleu2")
    """
    if not isinstance(name, str) or not _NAME.fullmatch(name):
        raise InvalidOptionError(f"register_metric: name must be lowercase letters, digits and '+._-' (got {name!r}).")
    valid_class = isinstance(metric, type) and issubclass(metric, Metric)
    if not valid_class and not (isinstance(metric, str) and re.fullmatch(r"[\w.]+:\w+", metric)):
        raise InvalidOptionError(
            f"register_metric: metric must be a Metric subclass or a 'module:Class' path (got {metric!r})."
        )
    owner = _builtin_owner(name)
    if owner is not None:
        what = "a built-in metric" if name == owner else f"a spelling of the built-in metric {owner!r}"
        raise InvalidOptionError(
            f"register_metric: the name {name!r} is {what}; a plugin cannot take a built-in metric's "
            "name, display names or aliases (in any case, e.g. chrF2, chrF2++, chrf++): choose another name."
        )
    with _LOCK:
        if name in _REGISTRY and not overwrite:
            raise InvalidOptionError(f"register_metric: the name {name!r} is taken; pass overwrite=True to replace it.")
        _REGISTRY[name] = metric


def _builtin_owner(name: str) -> str | None:
    """The built-in metric that ``name`` spells in any case (its registry or display name, or
    one of chrF's display names ``chrF2``, ``chrF2++``, ``chrf++``), else None. Every built-in
    display name lowercased is its registry name, chrF's with digits and pluses aside
    (``tests/api/test_plugins.py`` checks it)."""
    key = name.strip().lower()
    if key in _BUILTIN:
        return key
    return "chrf" if _CHRF_NAME.fullmatch(key) else None


def unregister_metric(name: str) -> None:
    """Remove a metric added with :func:`register_metric` (or by a plugin); built-ins stay.

    Raises:
        InvalidOptionError: ``name`` is built in.
        UnknownMetricError: nothing is registered under ``name``.
    """
    with _LOCK:
        if name in _BUILTIN:
            raise InvalidOptionError(f"unregister_metric: {name!r} is a built-in metric.")
        if name not in _REGISTRY:
            raise UnknownMetricError(f"unregister_metric: no metric is registered as {name!r}.")
        del _REGISTRY[name]


def _load_plugins() -> None:
    """Register the metrics of installed plugins (once); a plugin never replaces a registered name
    nor takes a spelling of a built-in one."""
    if _PLUGINS_LOADED.is_set():
        return
    _PLUGINS_LOADED.set()
    for point in entry_points(ENTRY_POINT_GROUP, metadata.entry_points):  # the tokenizer registry's scan
        with _LOCK:
            if _NAME.fullmatch(point.name) and point.name not in _REGISTRY and _builtin_owner(point.name) is None:
                _REGISTRY[point.name] = point.value


def available_metrics() -> list[str]:
    """Registry names of every metric, sorted.

    Examples:
        >>> {"sari", "bleu", "chrf", "ter", "fkgl"} <= set(available_metrics())
        True
        >>> available_metrics() == sorted(available_metrics())
        True
    """
    _load_plugins()
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
    if key not in _REGISTRY:
        _load_plugins()
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
    entry = _REGISTRY[metric_key(name)]
    if not isinstance(entry, str):
        return entry
    module_name, class_name = entry.split(":")
    cls = getattr(import_module(module_name), class_name)
    if not (isinstance(cls, type) and issubclass(cls, Metric)):
        raise InvalidOptionError(f"metric {name!r}: {entry} is not a simpeval Metric subclass.")
    return cls


def _signature_keys(metric: str) -> Mapping[str, str] | None:
    """The signature keys the registered metric whose signatures start with ``metric`` declares
    (its registry name in any case, ``chrF2++``, or a plugin's display name), else ``None``."""
    try:
        return metric_class(metric).signature_abbreviations
    except (UnknownMetricError, InvalidOptionError, ImportError, KeyError):
        pass
    for cls in _loaded_classes():
        if cls.name == metric:
            return cls.signature_abbreviations
    return None


def _loaded_classes() -> list[type[Metric]]:
    """Every registered metric class that imports (plugins' modules are imported here)."""
    classes = []
    for key in available_metrics():
        try:
            classes.append(metric_class(key))
        except (InvalidOptionError, ImportError):  # a broken plugin names no signature
            continue
    return classes


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
    accepted = [
        p.name
        for p in inspect.signature(cls).parameters.values()
        if p.kind in (p.KEYWORD_ONLY, p.POSITIONAL_OR_KEYWORD)
    ] + [spec.name for spec in metric_options(cls)]
    unknown = sorted(set(options) - set(accepted))
    if unknown:
        raise InvalidOptionError(
            f"{cls.name}: unknown option(s) {', '.join(unknown)}; valid options: {', '.join(sorted(accepted))}."
        )
    return cls(**options)
