"""Typed exceptions.

Every error simpeval raises on purpose is a :class:`SimpevalError` *and* the builtin
exception a caller would naturally catch (``ValueError``, ``KeyError``, ``TypeError``,
``ImportError``, ``OSError``), so ``except ValueError`` keeps working.

Messages follow one template: which argument (or file and line), what was expected,
what was received, and how to fix it.
"""

from __future__ import annotations

__all__ = [
    "SimpevalError",
    "UnknownOptionError",
    "InputLengthMismatchError",
    "ReferenceLayoutError",
    "MissingSourceError",
    "InvalidInputError",
    "InputFileError",
    "UnknownMetricError",
    "UnknownSystemError",
    "UnknownTokenizerError",
    "UnknownVariantError",
    "InvalidOptionError",
    "InvalidStatisticsError",
    "InvalidTextError",
    "InvalidValueError",
    "MissingDependencyError",
    "SignatureParseError",
    "UnknownTestSetError",
    "DownloadError",
    "ChecksumMismatchError",
    "TestSetFormatError",
    "WorkerError",
    "LessonsError",
    "SimpevalWarning",
    "ReferenceLayoutWarning",
]


class SimpevalError(Exception):
    """Base class of every error raised on purpose by simpeval."""

    def __str__(self) -> str:
        # KeyError's str() wraps the message in quotes; we never want that.
        return str(self.args[0]) if self.args else ""


class InvalidInputError(SimpevalError, TypeError):
    """An argument has the wrong type (e.g. a bare string where a list is expected)."""


class InvalidValueError(SimpevalError, ValueError):
    """An argument has the right type but a value nothing can be computed from: no segment, too
    few systems, statistics of the wrong shape or with NaN, duplicate names."""


class InvalidTextError(SimpevalError, ValueError):
    """A string is not valid Unicode text (a lone surrogate), which no engine could score alike."""


class InvalidStatisticsError(SimpevalError, ValueError):
    """A statistics vector holds NaN, an infinity or a negative count: no score is defined for it."""


class InputLengthMismatchError(SimpevalError, ValueError):
    """Hypotheses, sources and reference streams do not have the same number of segments."""


class ReferenceLayoutError(SimpevalError, ValueError):
    """References were given in a layout other than the expected one."""


class MissingSourceError(SimpevalError, ValueError):
    """A metric that needs the source sentences (SARI) was called without them."""


class InputFileError(SimpevalError, ValueError):
    """A file cannot be used as input: unreadable, empty, or not valid UTF-8."""


class UnknownMetricError(SimpevalError, KeyError):
    """No metric is registered under the requested name."""


class UnknownSystemError(SimpevalError, KeyError):
    """A result table has no system of the requested name (the message lists the systems)."""


class UnknownTokenizerError(SimpevalError, KeyError):
    """No tokenizer is registered under the requested name."""


class UnknownVariantError(SimpevalError, KeyError):
    """No SARI variant (preset) has the requested name."""


class InvalidOptionError(SimpevalError, ValueError):
    """A metric option has a value outside its allowed set."""


class UnknownOptionError(InvalidOptionError, TypeError):
    """A metric was given an option it does not have (a ``TypeError`` too, as Python's own)."""


class MissingDependencyError(SimpevalError, ImportError):
    """An optional dependency needed for the requested feature is not installed."""


class SignatureParseError(SimpevalError, ValueError):
    """A signature string cannot be parsed."""


class UnknownTestSetError(SimpevalError, KeyError):
    """No test set is registered under the requested name (the message lists the valid ones)."""


class DownloadError(SimpevalError, OSError):
    """A test-set file could not be fetched (offline, HTTP error, interrupted transfer).

    The message names the URL that failed and where to place the file by hand.
    """


class ChecksumMismatchError(SimpevalError, ValueError):
    """A downloaded or cached file does not have the sha256 recorded in the registry.

    The message names the URL, the expected and the actual checksum; the bad file is removed.
    """


class TestSetFormatError(SimpevalError, ValueError):
    """A verified file does not have the layout its loader expects (e.g. CSV columns).

    Raised only if the registry and a loader disagree: a bug, never bad user input.
    """

    __test__ = False  # not a pytest test class, despite the name


class WorkerError(SimpevalError, RuntimeError):
    """A worker process (``n_jobs``, ``--jobs``) stopped before it finished: killed by the system,
    most often for want of memory. The message says how to run with fewer workers."""


class LessonsError(SimpevalError, OSError):
    """The classroom lessons cannot be found in this installation, or cannot be written where asked
    (``simpeval lessons DIR``). The message names the folder and what to do."""


class SimpevalWarning(UserWarning):
    """Base class of every warning simpeval gives."""


class ReferenceLayoutWarning(SimpevalWarning):
    """Plain references that could be read in both layouts (square): say which with ``References``."""
