"""Checksummed, cached download of registered test sets (urllib only, no extra dependency).

Where files go:
    ``<cache>/testsets/<name>/<file name>``, where ``<cache>`` is, first match wins:
    the ``cache_dir`` argument; the environment variable ``SIMPEVAL_CACHE``; the per-user
    cache (``$XDG_CACHE_HOME/simpeval``, else ``~/.cache/simpeval``; ``%LOCALAPPDATA%\\simpeval``
    on Windows). Everything is resolved at call time, never at import.

Where files come from:
    each registry URL is ``https://raw.githubusercontent.com/<owner>/<repo>/<commit>/<path>``.
    A mirror (the ``mirror`` argument, else ``SIMPEVAL_MIRROR``) replaces the scheme and host,
    so ``SIMPEVAL_MIRROR=http://mirror.example.org/gh`` fetches
    ``http://mirror.example.org/gh/facebookresearch/asset/<commit>/dataset/asset.test.orig``.
    Any scheme urllib knows works, ``file://`` included. Proxies come from the usual
    ``https_proxy`` / ``no_proxy`` variables.

How files are checked:
    * a download is written to a temporary file in the target folder, hashed while it is
      written, compared with the ``Content-Length`` it announced and with the registry's
      sha256, and only then renamed over the final name (``os.replace``, atomic). An
      interrupted or corrupted download therefore never leaves a file under the final name;
      a checksum mismatch raises :class:`ChecksumMismatchError` and the temporary file is
      removed.
    * a cached file is hashed again whenever a process first uses it (cheap: the sets are a few
      megabytes at most); the result is remembered for the rest of the
      process, keyed by the file's size and modification time. A cached file with the wrong
      checksum is removed and fetched again. When every file of a set is present and
      verified, no network connection is opened at all.
    * offline and not cached: :class:`DownloadError` names the URL that failed, the folder
      and file name to place it under by hand, and its sha256.

The module never prints: progress goes to an optional callback (the command line draws it
with its one progress helper, :mod:`simpeval.cli.progress`), everything else to the logger.

Examples:
    >>> import tempfile
    >>> with tempfile.TemporaryDirectory() as tmp:
    ...     folder = testset_dir("asset-test", cache_dir=tmp)
    ...     folder.relative_to(tmp).as_posix()
    'testsets/asset-test'
    >>> mirror_url("https://raw.githubusercontent.com/o/r/c/a.txt", "http://127.0.0.1:8000/")
    'http://127.0.0.1:8000/o/r/c/a.txt'
"""

from __future__ import annotations

import errno
import hashlib
import logging
import os
import stat as stat_module
import time
from collections.abc import Callable
from pathlib import Path
from typing import IO
from urllib.parse import SplitResult, urlsplit

from ..cache import CACHE_ENV, PathArg, atomic_write, default_cache_dir, remove_orphaned_writes, resolve_cache_dir
from ..exceptions import SimpevalError
from .errors import ChecksumMismatchError, DownloadError
from .registry import UPSTREAM_HOST, RemoteFile, TestSetSpec, get_testset

__all__ = [
    "CACHE_ENV",
    "MIRROR_ENV",
    "default_cache_dir",
    "download",
    "is_cached",
    "mirror_url",
    "resolve_cache_dir",
    "testset_dir",
]

logger = logging.getLogger(__name__)

#: Environment variable replacing ``https://raw.githubusercontent.com`` in every URL.
MIRROR_ENV = "SIMPEVAL_MIRROR"

#: ``progress(file_name, bytes_done, bytes_total_or_None)``.
ProgressFn = Callable[[str, int, int | None], None]

_CHUNK = 1 << 16
_TIMEOUT = 30.0
#: Seconds one file's whole transfer may take (checked between chunks), so a slow mirror ends.
DEADLINE = 600.0
#: Seconds after which a temporary ``.part`` file nobody writes to is an orphan (left by a
#: killed process): a live transfer writes at least every read timeout.
ORPHAN_AGE = 3600.0

# path -> (size, mtime_ns, sha256) of files verified by this process.
_verified: dict[str, tuple[int, int, str]] = {}


# ------------------------------------------------------------ locations
def testset_dir(name: str, cache_dir: PathArg | None = None) -> Path:
    """The folder holding test set ``name``'s files: ``<cache>/testsets/<name>``."""
    return resolve_cache_dir(cache_dir) / "testsets" / get_testset(name).name


testset_dir.__test__ = False  # type: ignore[attr-defined]  # not a pytest test, despite the name


def mirror_url(url: str, mirror: str | None = None) -> str:
    """The URL to fetch: ``url`` with ``https://raw.githubusercontent.com`` replaced by the mirror.

    Args:
        url: a registry URL.
        mirror: scheme, host and optional path prefix; else ``$SIMPEVAL_MIRROR``; none: ``url``.
    """
    base = mirror if mirror is not None else os.environ.get(MIRROR_ENV)
    if not base or not url.startswith(UPSTREAM_HOST + "/"):
        return url
    try:
        parts: SplitResult | None = urlsplit(base)
        _ = parts.port if parts is not None else None  # reading the port checks it (http://h:99999)
    except ValueError:  # a malformed host or port: http://[bad, http://h:abc
        parts = None
    if parts is None or not parts.scheme or not (parts.netloc or parts.scheme == "file"):
        given = "the mirror argument" if mirror is not None else MIRROR_ENV
        raise DownloadError(
            f"{given} is {base!r}, which is not a URL: it needs a scheme and a host, e.g. "
            f"http://mirror.example.org/gh or file:///srv/mirror. Fix it, or unset {MIRROR_ENV} to use {UPSTREAM_HOST}."
        )
    return base.rstrip("/") + url[len(UPSTREAM_HOST) :]


# ------------------------------------------------------------ verification
def _sha256_of(path: Path) -> str:
    digest = hashlib.sha256()
    with open(path, "rb") as handle:
        for chunk in iter(lambda: handle.read(_CHUNK), b""):
            digest.update(chunk)
    return digest.hexdigest()


def _is_verified(path: Path, sha256: str) -> bool | None:
    """``True``: present with the right checksum; ``False``: present, wrong; ``None``: absent."""
    try:
        stat = path.stat()
    except (FileNotFoundError, NotADirectoryError):  # absent, or a parent is a file (reported when writing)
        return None
    except OSError as err:
        if err.errno != errno.ELOOP:
            raise
        raise DownloadError(
            f"the cache path {path} runs into a loop of symbolic links; point {CACHE_ENV} at a folder "
            f"(or remove the loop)."
        ) from None
    if not stat_module.S_ISREG(stat.st_mode):
        raise DownloadError(
            f"the cache holds something other than a file at {path}; remove it (simpeval downloads the file "
            f"again) or point {CACHE_ENV} at another folder."
        )
    key = (stat.st_size, stat.st_mtime_ns, sha256)
    if _verified.get(str(path)) == key:
        return True
    if _sha256_of(path) != sha256:
        return False
    _verified[str(path)] = key
    return True


def is_cached(name: str, cache_dir: PathArg | None = None) -> bool:
    """Whether every file of test set ``name`` is in the cache with the right checksum (no network).

    Examples:
        >>> import tempfile
        >>> with tempfile.TemporaryDirectory() as tmp:
        ...     is_cached("asset-test", cache_dir=tmp)
        False
    """
    folder = testset_dir(name, cache_dir)
    return all(_is_verified(folder / f.name, f.sha256) for f in get_testset(name).all_files)


# ------------------------------------------------------------ fetching
def _manual_hint(spec: TestSetSpec, remote: RemoteFile, folder: Path) -> str:
    return (
        f"To install test set {spec.name!r} by hand, place each of its files in {folder}{os.sep} under its "
        f"upstream file name; this one is {folder / remote.name} (sha256 {remote.sha256}). "
        f"`simpeval testsets download {spec.name} --urls` lists every URL, path and checksum; or run "
        f"`simpeval testsets download {spec.name}` on a connected machine and copy {folder} over; "
        f"or set {MIRROR_ENV} to a reachable mirror of {UPSTREAM_HOST}."
    )


def _fetch(
    spec: TestSetSpec,
    remote: RemoteFile,
    folder: Path,
    mirror: str | None,
    progress: ProgressFn | None,
    timeout: tuple[float, float],
) -> None:
    """Download one file to ``folder / remote.name`` atomically and verify it.

    ``timeout``: (seconds per connection and read, seconds for the whole file).
    """
    url = mirror_url(remote.url, mirror)
    dest = folder / remote.name
    logger.info("downloading %s to %s", url, dest)
    try:
        folder.mkdir(parents=True, exist_ok=True)
        with atomic_write(dest) as out:  # a temporary .part file, renamed only once verified
            actual = _transfer(url, out, remote.name, progress, timeout, _manual_hint(spec, remote, folder))
            if actual != remote.sha256:
                raise ChecksumMismatchError(
                    f"the file downloaded from {url} has sha256 {actual}, but test set {spec.name!r} "
                    f"expects {remote.sha256} for {remote.name}; the file was removed. If this is a mirror, "
                    f"it serves a different file than {remote.url}."
                )
    except SimpevalError:
        raise
    except OSError as err:  # the cache folder: a file in the way, read-only, full
        raise DownloadError(
            f"cannot write test set {spec.name!r} to the cache folder {folder} ({err.strerror or err}"
            f"{': ' + str(err.filename) if err.filename else ''}). Make the folder writable (a file must not "
            f"stand in its place), or choose another cache with {CACHE_ENV} or cache_dir."
        ) from err
    stat = dest.stat()
    _verified[str(dest)] = (stat.st_size, stat.st_mtime_ns, remote.sha256)
    remove_orphaned_writes(dest, ORPHAN_AGE)


def _transfer(
    url: str, out: IO[bytes], name: str, progress: ProgressFn | None, timeout: tuple[float, float], hint: str
) -> str:
    """Copy ``url`` into ``out`` and return the sha256 of what was written.

    Raises:
        DownloadError: an HTTP error, no connection, or a transfer cut short (``hint`` says how
            to install the file by hand).
    """
    import http.client  # imported here: only a download needs them
    import urllib.error
    import urllib.request

    digest = hashlib.sha256()
    done = 0
    end = time.monotonic() + timeout[1]
    try:
        request = urllib.request.Request(url, headers={"User-Agent": "simpeval"})
        with urllib.request.urlopen(request, timeout=timeout[0]) as response:
            length = response.headers.get("Content-Length")
            total = int(length) if length and length.isdigit() else None
            while True:
                chunk = response.read1(_CHUNK) if hasattr(response, "read1") else response.read(_CHUNK)
                if not chunk:
                    break
                if time.monotonic() > end:
                    raise DownloadError(
                        f"could not download {url}: {done} bytes in {timeout[1]:g} s, the deadline for one file "
                        f"(a slow mirror?); nothing was kept. Retry, raise the deadline, or use another mirror. {hint}"
                    )
                out.write(chunk)
                digest.update(chunk)
                done += len(chunk)
                if progress is not None:
                    progress(name, done, total)
    except DownloadError:
        raise
    except urllib.error.HTTPError as err:
        err.close()
        raise DownloadError(f"could not download {url} (HTTP {err.code} {err.reason}). {hint}") from err
    except urllib.error.URLError as err:
        raise DownloadError(f"could not download {url} ({err.reason}); is this machine offline? {hint}") from err
    except (OSError, http.client.HTTPException) as err:
        raise DownloadError(
            f"could not download {url}: the transfer failed after {done} bytes "
            f"({type(err).__name__}: {err}). Run the command again to retry. {hint}"
        ) from err
    if total is not None and done != total:
        raise DownloadError(
            f"could not download {url}: the connection closed after {done} of {total} bytes; "
            f"nothing was kept. Run the command again to retry. {hint}"
        )
    return digest.hexdigest()


def download(
    name: str,
    cache_dir: PathArg | None = None,
    mirror: str | None = None,
    *,
    progress: bool | ProgressFn | None = None,
    timeout: float = _TIMEOUT,
    deadline: float = DEADLINE,
) -> Path:
    """Make sure every file of test set ``name`` is in the cache and verified; return its folder.

    Files already cached with the right sha256 are not fetched again (no network access when
    all are); missing ones are downloaded, atomically and checksummed.

    Args:
        name: a registered test set (see :func:`~simpeval.testsets.available_testsets`).
        cache_dir: the cache root; default ``$SIMPEVAL_CACHE``, else the per-user cache.
        mirror: replaces ``https://raw.githubusercontent.com``; default ``$SIMPEVAL_MIRROR``.
        progress: a callable ``progress(file_name, done_bytes, total_bytes_or_None)`` told of
            every chunk; ``None`` (or a bool, accepted for compatibility) reports nothing.
        timeout: seconds to wait for the server on each connection and read.
        deadline: seconds one file's whole transfer may take (default 600, checked between chunks).

    Returns:
        The folder ``<cache>/testsets/<name>`` holding the files under their registry names.

    Raises:
        UnknownTestSetError: no such test set.
        DownloadError: a file could not be fetched (offline, HTTP error, interrupted, over the
            deadline, ``$SIMPEVAL_MIRROR`` not a URL, the cache folder not writable); the message
            names the URL or folder and the fix. No partial file is left behind.
        ChecksumMismatchError: a downloaded file has the wrong sha256 (it is removed).
    """
    spec = get_testset(name)
    folder = testset_dir(spec.name, cache_dir)
    report = progress if callable(progress) else None  # False/None/True: no callback, nothing drawn
    for remote in spec.all_files:
        state = _is_verified(folder / remote.name, remote.sha256)
        if state:
            continue
        if state is False:
            logger.warning("cached file %s has the wrong sha256; fetching it again", folder / remote.name)
            (folder / remote.name).unlink(missing_ok=True)
        _fetch(spec, remote, folder, mirror, report, (timeout, deadline))
    return folder
