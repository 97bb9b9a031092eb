"""The installed version of simpeval, read once from the package metadata (one version source).

The import package is ``simpeval``; the distribution on PyPI is :data:`DISTRIBUTION` (the name
``simpeval`` there belongs to an unrelated project), so ``pip install simplification-metrics``.
"""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

__all__ = ["DISTRIBUTION", "__version__"]

#: The distribution name: what ``pip install`` takes and what the installed metadata is read under.
DISTRIBUTION = "simplification-metrics"

try:
    __version__ = version(DISTRIBUTION)
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0+unknown"
