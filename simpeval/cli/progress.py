"""The one progress indicator of the command line.

The library never prints: :func:`simpeval.api.compare` reports ``progress(label, done, total)``
and :func:`simpeval.testsets.download` (and :func:`~simpeval.testsets.load_testset`)
``progress(file_name, bytes_done, bytes_total_or_None)``. A :class:`Progress` draws both as one
line on standard error, and only when standard error is a terminal, so piped output and logs
stay clean::

    with Progress(enabled=not quiet) as progress:
        table = api.compare(..., progress=progress)
        data = load_testset(name, progress=progress.download)

Examples:
    >>> progress = Progress(enabled=False)  # as under --quiet, or when stderr is not a terminal
    >>> progress("metrics", 1, 4); progress.download("asset.test.orig", 2048, None); progress.close()
"""

from __future__ import annotations

import sys
from types import TracebackType
from typing import Optional

import click

__all__ = ["Progress"]

#: Characters of the bar and of the label.
_BAR = 30
_LABEL = 24


class Progress:
    """A one-line progress indicator on standard error, drawn only on a terminal.

    Args:
        enabled: ``False`` draws nothing (``--quiet``); ``True`` draws when stderr is a terminal.
    """

    def __init__(self, enabled: bool = True) -> None:
        stream = sys.stderr
        self.enabled = enabled and stream is not None and stream.isatty()
        self._width = 0  # length of the longest line drawn, to erase it

    def __call__(self, label: str, done: int, total: Optional[int], unit: str = "") -> None:
        """Draw ``label [#####.....] done/total`` (no bar when the total is unknown)."""
        if not self.enabled:
            return
        if total:
            filled = _BAR * min(done, total) // total
            text = f"{label[:_LABEL]:<{_LABEL}} [{'#' * filled}{'.' * (_BAR - filled)}] {done}/{total}{unit}"
        else:
            text = f"{label[:_LABEL]:<{_LABEL}} {done}{unit}"
        click.echo("\r" + text.ljust(self._width), err=True, nl=False)  # covers a longer previous line
        self._width = max(self._width, len(text))

    def download(self, name: str, done: int, total: Optional[int]) -> None:
        """The callback of :func:`simpeval.testsets.download`: bytes, drawn in KiB."""
        self(name, done // 1024, None if total is None else total // 1024, " KiB")

    def close(self) -> None:
        """Erase the line (if one was drawn)."""
        if self._width:
            click.echo("\r" + " " * self._width + "\r", err=True, nl=False)
            self._width = 0

    def __enter__(self) -> Progress:
        return self

    def __exit__(
        self,
        exc_type: Optional[type[BaseException]],
        exc: Optional[BaseException],
        traceback: Optional[TracebackType],
    ) -> None:
        self.close()
