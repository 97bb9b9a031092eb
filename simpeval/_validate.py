"""The one check of integer options (counts, sizes, limits), shared by every layer.

``isinstance(value, int)`` alone lets ``True`` through (``bool`` is an ``int``) and turns away
NumPy's integers; :func:`check_int` accepts every integer but a ``bool``, checks a lower bound
and says what was expected, naming the owner and the argument.

Examples:
    >>> check_int(3, "BLEU: max_ngram_order")
    3
    >>> check_int(True, "BLEU: max_ngram_order")
    Traceback (most recent call last):
    ...
    simpeval.exceptions.InvalidOptionError: BLEU: max_ngram_order must be an integer >= 1 (got True).
"""

from __future__ import annotations

import numbers

from .exceptions import InvalidOptionError, SimpevalError

__all__ = ["check_int"]


def check_int(
    value: object,
    what: str,
    *,
    minimum: int | None = 1,
    expected: str | None = None,
    error: type[SimpevalError] = InvalidOptionError,
) -> int:
    """``value`` as an ``int``, if it is an integer (not a ``bool``) of at least ``minimum``.

    Args:
        value: the value to check (``int`` or a NumPy integer).
        what: the owner and argument, as the message starts: ``"compare: jobs"``.
        minimum: the smallest valid value (``None``: no bound).
        expected: what the message says was expected (default: ``"an integer >= {minimum}"``).
        error: the exception class to raise.

    Raises:
        InvalidOptionError: (or ``error``) ``value`` is not such an integer; the message reads
            ``"{what} must be {expected} (got {value!r})."``.
    """
    if isinstance(value, bool) or not isinstance(value, numbers.Integral) or (minimum is not None and value < minimum):
        if expected is None:
            expected = "an integer" if minimum is None else f"an integer >= {minimum}"
        raise error(f"{what} must be {expected} (got {value!r}).")
    return int(value)
