"""Typed errors of the test-set registry and downloader.

Like every error in :mod:`simpeval.exceptions`, each is a
:class:`~simpeval.exceptions.SimpevalError` *and* the builtin a caller would naturally
catch: an unknown name is a ``KeyError``, a failed download an ``OSError``, a checksum
mismatch a ``ValueError``.

Examples:
    >>> from simpeval.testsets import get_testset
    >>> try:
    ...     get_testset("asset-tset")
    ... except KeyError as err:
    ...     print(str(err).split(".")[0])
    get_testset: name must be a registered test set (got 'asset-tset')
"""

from __future__ import annotations

# The classes live with every other typed error in simpeval.exceptions.
from ..exceptions import ChecksumMismatchError, DownloadError, TestSetFormatError, UnknownTestSetError

__all__ = ["ChecksumMismatchError", "DownloadError", "TestSetFormatError", "UnknownTestSetError"]
