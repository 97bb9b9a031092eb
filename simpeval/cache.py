"""Where simpeval caches what it fetches or assembles (test sets, an NLTK WordNet directory).

The cache is the ``cache_dir`` argument, else ``$SIMPEVAL_CACHE``, else the per-user cache
directory. Nothing is read or created at import time.

Examples:
    >>> resolve_cache_dir("/tmp/c").as_posix()
    '/tmp/c'
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Optional, Union

__all__ = ["CACHE_ENV", "PathArg", "default_cache_dir", "resolve_cache_dir"]

#: Environment variable overriding the cache directory.
CACHE_ENV = "SIMPEVAL_CACHE"

PathArg = Union[str, "os.PathLike[str]"]


def default_cache_dir() -> Path:
    """The per-user cache directory, ignoring ``SIMPEVAL_CACHE``.

    ``%LOCALAPPDATA%\\\\simpeval`` on Windows, else ``$XDG_CACHE_HOME/simpeval``, else
    ``~/.cache/simpeval``.
    """
    if os.name == "nt" and os.environ.get("LOCALAPPDATA"):  # pragma: no cover - Windows
        return Path(os.environ["LOCALAPPDATA"]) / "simpeval"
    xdg = os.environ.get("XDG_CACHE_HOME")
    return (Path(xdg) if xdg else Path.home() / ".cache") / "simpeval"


def resolve_cache_dir(cache_dir: Optional[PathArg] = None) -> Path:
    """The cache directory to use: the argument, else ``$SIMPEVAL_CACHE``, else :func:`default_cache_dir`.

    The environment is read at call time.
    """
    if cache_dir is not None:
        return Path(os.fspath(cache_dir)).expanduser()
    env = os.environ.get(CACHE_ENV)
    return Path(env).expanduser() if env else default_cache_dir()
