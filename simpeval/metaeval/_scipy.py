"""The one import of SciPy, the optional extra of meta-evaluation, made when it is first needed."""

from __future__ import annotations

from typing import Any

from ..exceptions import MissingDependencyError

__all__ = ["scipy_stats"]


def scipy_stats() -> Any:
    """``scipy.stats``.

    Raises:
        MissingDependencyError: SciPy is not installed (the message names the extra).
    """
    try:
        from scipy import stats
    except ImportError as err:
        raise MissingDependencyError(
            "meta-evaluation needs SciPy for its correlations and t distribution (not installed): "
            'pip install "simplification-metrics[metaeval]".'
        ) from err
    return stats
