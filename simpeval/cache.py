"""Where simpeval caches what it fetches or assembles (test sets, an NLTK WordNet directory).

The cache is the ``cache_dir`` argument, else ``$SIMPEVAL_CACHE``, else the per-user cache
directory. Nothing is read or created at import time.

Examples:
    >>> resolve_cache_dir("/tmp/c").as_posix()
    '/tmp/c'
"""

from __future__ import annotations

import contextlib
import os
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path
from typing import IO, Union

from .exceptions import InvalidOptionError

__all__ = ["CACHE_ENV", "PathArg", "atomic_write", "default_cache_dir", "remove_orphaned_writes", "resolve_cache_dir"]

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


def resolve_cache_dir(cache_dir: PathArg | None = None) -> Path:
    """The cache directory to use: the argument, else ``$SIMPEVAL_CACHE``, else :func:`default_cache_dir`.

    The environment is read at call time.

    Raises:
        InvalidOptionError: ``cache_dir`` is neither a string nor a path.
    """
    if cache_dir is not None and not isinstance(cache_dir, (str, os.PathLike)):
        raise InvalidOptionError(
            f"cache_dir must be a folder path (str or os.PathLike), got {type(cache_dir).__name__} {cache_dir!r}; "
            f"or pass None to use ${CACHE_ENV} or the per-user cache."
        )
    if cache_dir is not None:
        return Path(os.fspath(cache_dir)).expanduser()
    env = os.environ.get(CACHE_ENV)
    return Path(env).expanduser() if env else default_cache_dir()


def _umask() -> int:
    mask = os.umask(0)
    os.umask(mask)
    return mask


@contextlib.contextmanager
def atomic_write(path: PathArg, suffix: str = ".part") -> Iterator[IO[bytes]]:
    """Write ``path`` atomically: a binary handle on a temporary file in the same folder,
    renamed over ``path`` (``os.replace``) only when the block ends without an exception.

    An interrupted or failed write removes the temporary file and leaves ``path`` as it was.
    The file gets the mode an ``open()`` would give it (``0o666`` less the umask), not
    ``mkstemp``'s ``0o600``. A symbolic link is written through, as ``open(path, "w")`` writes:
    the file it points to is replaced and the link stays (renaming over the link replaced
    the link itself with a file).

    Examples:
        >>> import tempfile
        >>> with tempfile.TemporaryDirectory() as tmp:
        ...     with atomic_write(os.path.join(tmp, "a.txt")) as out:
        ...         _ = out.write(b"done")
        ...     sorted(os.listdir(tmp))
        ['a.txt']
    """
    target = Path(os.path.realpath(os.fspath(path)))  # through symbolic links, to the file they name
    fd, tmp_name = tempfile.mkstemp(prefix=_temporary_prefix(target), suffix=suffix, dir=target.parent)
    try:
        with os.fdopen(fd, "wb") as out:
            yield out
            out.flush()
            os.fsync(out.fileno())
        os.chmod(tmp_name, 0o666 & ~_umask())
        os.replace(tmp_name, target)
    finally:
        with contextlib.suppress(FileNotFoundError):
            os.unlink(tmp_name)


def _temporary_prefix(target: Path) -> str:
    """How :func:`atomic_write` names its temporary files of ``target``: ``.NAME.<random><suffix>``."""
    return f".{target.name}."


def remove_orphaned_writes(path: PathArg, older_than: float, suffix: str = ".part") -> None:
    """Remove the temporary files that :func:`atomic_write` calls to ``path`` left behind (a
    killed process never removes its own), once they have been untouched for ``older_than``
    seconds; a write still in progress keeps its file. Files that cannot be removed stay: they
    cost only disk space."""
    target = Path(os.path.realpath(os.fspath(path)))  # where atomic_write puts them
    now, prefix = time.time(), _temporary_prefix(target)
    for part in target.parent.iterdir():
        if not (part.name.startswith(prefix) and part.name.endswith(suffix)):
            continue
        with contextlib.suppress(OSError):  # gone already, or not ours to remove
            if now - part.stat().st_mtime > older_than:
                part.unlink()
