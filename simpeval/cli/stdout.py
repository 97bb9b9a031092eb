"""Standard output that can fail cleanly: a full disk or a closed pipe ends any command with one line.

Every command writes its results with ``click.echo`` to ``sys.stdout``. :func:`guarded_stdout`
(entered once, by the command group's ``main``) puts a thin proxy there for the run: a write or
flush that fails with an :class:`OSError` (``ENOSPC`` on ``> /dev/full``, ``EPIPE`` under
``| head -c1``, ``EIO``...) raises :class:`StdoutError` instead, a ``click.ClickException`` that
click prints as one ``Error: ...`` line on standard error with exit code 1. A closed pipe exits
quietly with code 1, as click itself does and as well-behaved Unix tools do (the reader has
gone; nothing is wrong with the command). On the way out the descriptor behind a failed standard
output is pointed at ``/dev/null``, so that the interpreter's last flush of the text still buffered cannot
fail a second time (Python's documented recipe for ``SIGPIPE``).

Examples:
    >>> import io
    >>> class Full(io.StringIO):
    ...     def write(self, text): raise OSError(28, "No space left on device")
    >>> guarded = _Guarded(Full())
    >>> guarded.write("scores")
    Traceback (most recent call last):
    ...
    simpeval.cli.stdout.StdoutError: could not write to standard output (No space left on device), so the output is incomplete. Free space on its device, or redirect it to another file.
"""

from __future__ import annotations

import contextlib
import errno
import os
import sys
from collections.abc import Iterable, Iterator
from typing import IO, Any

import click

__all__ = ["StdoutError", "guarded_stdout"]


class StdoutError(click.ClickException):
    """Standard output failed: one line on standard error (none for a closed pipe), exit code 1."""

    def __init__(self, err: OSError) -> None:
        self.broken_pipe = err.errno == errno.EPIPE
        reason = err.strerror or str(err) or type(err).__name__
        full = err.errno in (errno.ENOSPC, errno.EDQUOT, errno.EFBIG)
        remedy = (
            "Free space on its device, or redirect it to another file."
            if full
            else ("Check where it goes, or redirect it to a file.")
        )
        super().__init__(f"could not write to standard output ({reason}), so the output is incomplete. {remedy}")

    def show(self, file: IO[Any] | None = None) -> None:
        if not self.broken_pipe:  # the reader of a pipe has gone: nothing to tell anyone
            super().show(file)


def _silence(stream: Any) -> None:
    """Point ``stream``'s file descriptor at /dev/null (when it has one), so later flushes succeed."""
    try:
        fd = stream.fileno()
        devnull = os.open(os.devnull, os.O_WRONLY)
    except (OSError, ValueError, AttributeError):  # no descriptor (a test runner's buffer): nothing to flush there
        return
    try:
        os.dup2(devnull, fd)
    finally:
        os.close(devnull)


class _Guarded:
    """A stream (text, or the bytes under it) whose failed writes and flushes raise :class:`StdoutError`."""

    def __init__(self, stream: Any, text: _Guarded | None = None) -> None:
        self._stream = stream
        self._text = text  # the text stream of which this is the bytes stream
        self.failed = False

    def _fail(self, err: OSError) -> StdoutError:
        self.failed = True
        if self._text is not None:
            self._text.failed = True
        return StdoutError(err)

    def write(self, data: Any) -> int:
        try:
            return int(self._stream.write(data))
        except OSError as err:
            raise self._fail(err) from err

    def writelines(self, lines: Iterable[Any]) -> None:
        for line in lines:
            self.write(line)

    def flush(self) -> None:
        try:
            self._stream.flush()
        except OSError as err:
            raise self._fail(err) from err

    @property
    def buffer(self) -> _Guarded:
        """The bytes stream under a text stream, guarded too (click writes there for some encodings)."""
        return _Guarded(self._stream.buffer, self)

    def __getattr__(self, name: str) -> Any:
        return getattr(self._stream, name)


@contextlib.contextmanager
def guarded_stdout() -> Iterator[None]:
    """``sys.stdout`` guarded for the duration (nothing changes when standard output is closed: ``None``)."""
    original = sys.stdout
    if original is None:
        yield
        return
    guarded = _Guarded(original)
    sys.stdout = guarded
    try:
        yield
    finally:
        sys.stdout = original
        if guarded.failed:
            _silence(original)
