"""Checks of what a metric is given: text that every engine can read, statistics that define a score."""

from __future__ import annotations

import itertools
import math
from collections.abc import Iterable, Mapping, Sequence
from typing import Any

import numpy as np

from .._types import StatsArray
from ..exceptions import (
    InvalidInputError,
    InvalidOptionError,
    InvalidStatisticsError,
    InvalidTextError,
    InvalidValueError,
)

__all__ = [
    "check_bool",
    "check_finite_stats",
    "check_number",
    "check_stats_vector",
    "check_strings",
    "check_unicode",
    "materialize",
    "materialized_or_given",
    "text_column",
]


def check_stats_vector(stats: Any, n_stats: int, owner: str) -> StatsArray:
    """A summed statistics vector as float64, checked: the right shape, finite, no negative value.

    Raises:
        InvalidInputError: ``stats`` is not a 1-D vector of ``n_stats`` numbers.
        InvalidStatisticsError: a value is NaN, infinite or negative.
    """
    array = np.asarray(stats, dtype=np.float64)
    if array.shape != (n_stats,):
        hint = " Sum the segment rows first: score_from_stats(stats.sum(axis=0))." if array.ndim == 2 else ""
        raise InvalidValueError(
            f"{owner}: stats must be a 1-D vector of {n_stats} statistics (got shape {array.shape}).{hint}"
        )
    check_finite_stats(array, owner)
    return array


def check_finite_stats(stats: StatsArray, owner: str) -> None:
    """Refuse a statistics vector with NaN, an infinity or a negative value (all statistics are
    counts or sums of non-negative terms): no score is defined for it, and none is made up.

    Raises:
        InvalidStatisticsError: the first offending position and value.
    """
    bad = ~np.isfinite(stats) | (stats < 0)
    if bad.any():
        k = int(np.flatnonzero(bad)[0])
        raise InvalidStatisticsError(
            f"{owner}: stats[{k}] must be a finite number >= 0 (got {stats[k]!r}); statistics are counts "
            "or sums of non-negative terms, so no score is defined. Check how the statistics were computed."
        )


def check_strings(values: Sequence[Any], argument: str, owner: str) -> None:
    """Refuse a value that is not a string (every value's type is read in C; a loop finds the first).

    Raises:
        InvalidInputError: names ``argument[i]`` and the value.
    """
    if not set(map(type, values)) - {str}:
        return
    for i, value in enumerate(values):
        if not isinstance(value, str):
            raise InvalidInputError(
                f"{owner}: {argument}[{i}] must be a string (got {type(value).__name__}: {value!r})."
            )


def check_unicode(values: Sequence[str | None], argument: str, owner: str) -> None:
    """Refuse lone surrogates (not valid Unicode text): every engine then fails alike, with the
    position, instead of the compiled ones failing on UTF-8 encoding and the others not.

    Raises:
        InvalidTextError: names ``argument[i]`` and the code point.

    Examples:
        >>> check_unicode(["ok", None, "caf\\udce9"], "hypotheses", "SARI")
        Traceback (most recent call last):
        ...
        simpeval.exceptions.InvalidTextError: SARI: hypotheses[2] holds a lone surrogate (U+DCE9), which is not valid Unicode text. Decode the input with errors='replace' or fix its source.
    """
    try:
        try:  # str.isascii() reads a flag of the string: only the others are encoded
            joined = "".join(itertools.filterfalse(str.isascii, values))  # type: ignore[arg-type]
        except TypeError:  # a None among them
            joined = "".join(value for value in values if value is not None and not value.isascii())
        joined.encode("utf-8")
    except UnicodeEncodeError:
        for i, value in enumerate(values):
            char = next((ch for ch in value or "" if "\ud800" <= ch <= "\udfff"), None)
            if char is not None:
                raise InvalidTextError(
                    f"{owner}: {argument}[{i}] holds a lone surrogate (U+{ord(char):04X}), which is not "
                    "valid Unicode text. Decode the input with errors='replace' or fix its source."
                ) from None
        raise


# ------------------------------------------------------------ option values
def check_bool(metric_name: str, argument: str, value: Any) -> bool:
    """Validate a boolean option (sacrebleu and NLTK take any truthy value; simpeval wants a bool).

    Raises:
        InvalidOptionError: ``value`` is not a bool.
    """
    if not isinstance(value, (bool, np.bool_)):
        raise InvalidOptionError(f"{metric_name}: {argument} must be True or False (got {value!r}).")
    return bool(value)


def check_number(metric: str, argument: str, value: Any, low: float, high: float = math.inf) -> float:
    """Validate a finite real option with ``low <= value <= high``; an int stays an int.

    Raises:
        InvalidOptionError: ``value`` is not a finite number in range.
    """
    ok = isinstance(value, (int, float, np.integer, np.floating)) and not isinstance(value, (bool, np.bool_))
    if not ok or not math.isfinite(value) or not low <= value <= high:
        bounds = f">= {low}" if high == math.inf else f"between {low} and {high}"
        raise InvalidOptionError(f"{metric}: {argument} must be a finite number {bounds} (got {value!r}).")
    return int(value) if isinstance(value, (int, np.integer)) else float(value)


def materialize(values: Any) -> list[Any] | None:
    """``values`` as a list when it is an ordered collection of segments (a list, tuple, NumPy array,
    generator or any other iterable, read once); ``None`` for a bare string or bytes, and for
    unordered collections (sets, mappings), whose order of segments would be arbitrary."""
    if isinstance(values, (str, bytes, set, frozenset, Mapping)) or not isinstance(values, Iterable):
        return None
    return list(values)


def text_column(values: Any, argument: str, owner: str) -> list[str]:
    """``values`` as a list of valid Unicode strings, one per segment (:func:`materialize`,
    :func:`check_strings`, :func:`check_unicode`).

    Raises:
        InvalidInputError: ``values`` is no ordered collection of segments, or a value is no string.
    """
    materialized = materialize(values)
    if materialized is None:
        raise InvalidInputError(
            f"{owner}: {argument} must be a sequence or iterable of strings, one per segment "
            f"(got {type(values).__name__}). Wrap a single sentence in a list, or use sentence_score()."
        )
    check_strings(materialized, argument, owner)
    check_unicode(materialized, argument, owner)
    return list(materialized)


def materialized_or_given(values: Any) -> Any:
    """:func:`materialize`'s list, or ``values`` itself when it is not a collection of segments."""
    materialized = materialize(values)
    return values if materialized is None else materialized
