"""Progress bars of the command line, drawn by tqdm (a dependency of NLTK, so always installed).

The library never prints: :func:`simpeval.api.compare`, :func:`simpeval.api.evaluate_streams`
and :func:`simpeval.api.sentence_level` report ``progress(label, done, total)``, and
:func:`simpeval.testsets.download` (and :func:`~simpeval.testsets.load_testset`)
``progress(file_name, bytes_done, bytes_total_or_None)``. A :class:`Progress` turns both into
tqdm bars on standard error, one bar per task (a new label closes the previous bar), and only
when standard error is a terminal, so piped output and logs stay clean::

    with Progress(enabled=not quiet) as progress:
        table = api.compare(..., progress=progress)
        data = load_testset(name, progress=progress.download)

Examples:
    >>> progress = Progress(enabled=False)  # as under --quiet, or when stderr is not a terminal
    >>> progress("metrics", 1, 4); progress.download("asset.test.orig", 2048, None); progress.close()
"""

from __future__ import annotations

import os
import sys
from types import TracebackType
from typing import IO, TYPE_CHECKING, Any

from ..metrics.learned.runtime import reporting

if TYPE_CHECKING:  # tqdm is imported by the first bar drawn: not at all under --quiet or in a pipe
    from tqdm import tqdm

__all__ = ["Progress"]

#: Characters of a bar's label.
_LABEL = 24
#: The size assumed for a terminal that reports none (a bare pseudo-terminal reports 0 x 0, on
#: which tqdm would draw nothing): columns, rows.
_FALLBACK_SIZE = (80, 24)
#: The unit of the library's tasks, by label (tqdm's "it" otherwise).
_UNITS = {"segments": "seg", "metrics": "metric", "agreement": "sample", "BERTScore": "sentence"}


class Progress:
    """Progress bars (tqdm) on standard error, drawn only on a terminal.

    Args:
        enabled: ``False`` draws nothing (``--quiet``); ``True`` draws when the stream is a terminal.
        stream: where to draw (standard error by default).
    """

    def __init__(self, enabled: bool = True, stream: IO[str] | None = None) -> None:
        self.stream = stream if stream is not None else sys.stderr
        self.enabled = enabled and self.stream is not None and self.stream.isatty()
        self._bar: tqdm[Any] | None = None
        self._label = ""

    def __call__(self, label: str, done: int, total: int | None, unit: str = "") -> None:
        """Show ``done`` of ``total`` steps of task ``label`` (a counter when the total is unknown)."""
        if not self.enabled:
            return
        bar = self._bar_for(label, total, unit or _UNITS.get(label, "it"))
        if done >= bar.n:
            bar.update(done - bar.n)  # so tqdm's rate and time estimates follow the steps
        else:
            bar.n = done
        bar.refresh()  # the library's steps are coarse: each is drawn

    def download(self, name: str, done: int, total: int | None) -> None:
        """The callback of :func:`simpeval.testsets.download`: bytes, shown in KB/MB."""
        self(name, done, total, unit="B")

    def _bar_for(self, label: str, total: int | None, unit: str) -> tqdm[Any]:
        if self._bar is None or label != self._label or (total or None) != self._bar.total:
            self.close()
            self._label = label
            sized = _has_size(self.stream)
            columns, rows = (None, None) if sized else _FALLBACK_SIZE
            from tqdm import tqdm

            self._bar = tqdm(
                desc=label[:_LABEL],
                total=total or None,
                unit=unit,
                unit_scale=unit == "B",
                file=self.stream,
                leave=False,
                dynamic_ncols=sized,
                ncols=columns,
                nrows=rows,
                mininterval=0.1,
            )
        return self._bar

    def close(self) -> None:
        """Close (and erase) the current bar, if any."""
        if self._bar is not None:
            self._bar.close()
            self._bar = None

    def __enter__(self) -> Progress:
        """Within the block, a learned metric's encoding is shown too (:func:`simpeval.metrics.learned.runtime.reporting`)."""
        self._encoding = reporting(self if self.enabled else None)
        self._encoding.__enter__()
        return self

    def __exit__(
        self,
        exc_type: type[BaseException] | None,
        exc: BaseException | None,
        traceback: TracebackType | None,
    ) -> None:
        self.close()
        encoding = self.__dict__.pop("_encoding", None)
        if encoding is not None:
            encoding.__exit__(exc_type, exc, traceback)


def _has_size(stream: IO[str]) -> bool:
    """Whether the terminal behind ``stream`` reports a size (columns and rows)."""
    try:
        size = os.get_terminal_size(stream.fileno())
    except (AttributeError, OSError, ValueError):  # no file descriptor, or not a terminal
        return False
    return size.columns > 0 and size.lines > 0
