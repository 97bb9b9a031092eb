"""The built-in metrics as the tests see them: read from the registry, never from a copy of it.

A contributor's metric (one module and one line in ``simpeval/metrics/__init__.py``'s registry)
is then run by every test parametrized here: the contract (``tests/metrics/test_contract.py``),
the worker pool (``tests/engines/test_pool.py``), the reserved spellings of the plugin registry
(``tests/api/test_plugins.py``) and the command line (``tests/cli/test_every_metric.py``). The
one place that spells the list out is the snapshot test ``test_the_builtin_metrics`` of the
contract module.

What a test passes a metric follows the metric's class attributes, not its name: sources only
when ``requires_source`` is set, references only when ``requires_references`` is.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from simpeval.metrics import _BUILTIN, available_metrics, metric_class

from .needs import metric_params

#: The metrics that score only with a model given as an option (LENS: a checkpoint; no default is
#: downloaded), so the registry-wide tests leave them out; each has its own tests on tiny models that
#: the tests build (``tests/metrics/learned/lens/``, the contract's checks included). BERTScore has a default
#: model, which the ``learned`` tests replace with a tiny one (``tests/conftest.py``).
NEEDS_A_MODEL = frozenset({"lens"})


def builtin_metrics() -> list[str]:
    """The registry names of the built-in metrics that score with their defaults, sorted (plugins,
    ``register_metric`` and :data:`NEEDS_A_MODEL` aside)."""
    return sorted(_BUILTIN - NEEDS_A_MODEL)


def registered_metrics() -> list[str]:
    """``available_metrics()`` less :data:`NEEDS_A_MODEL`: every metric that scores with its defaults."""
    return [name for name in available_metrics() if name not in NEEDS_A_MODEL]


def builtin_metric_params() -> list[object]:
    """:func:`builtin_metrics` as ``pytest.param`` values (the metrics reading WordNet marked ``wordnet``)."""
    return metric_params(builtin_metrics())


def scoring_inputs(name: str, references: Sequence[Sequence[str | None]], sources: Sequence[str]) -> dict[str, Any]:
    """The keyword arguments metric ``name`` is scored with: ``references`` (``None`` when it
    reads none) and ``sources`` (``None`` when it needs none)."""
    cls = metric_class(name)
    return {
        "references": references if cls.requires_references else None,
        "sources": sources if cls.requires_source else None,
    }
