"""The installed version of simpeval, read once from the package metadata (one version source)."""

from __future__ import annotations

from importlib.metadata import PackageNotFoundError, version

__all__ = ["__version__"]

try:
    __version__ = version("simpeval")
except PackageNotFoundError:  # running from a source tree that was never installed
    __version__ = "0+unknown"
