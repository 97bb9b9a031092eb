"""JSON text as RFC 8259 has it: a non-finite number (NaN, or WER = inf when the references hold no
word) is written as ``null``, never as the bare ``NaN``/``Infinity`` that ``json.dumps`` allows and
``JSON.parse`` rejects.

Examples:
    >>> dumps({"score": float("inf"), "parts": [1.5, float("nan")]})
    '{"score": null, "parts": [1.5, null]}'
"""

from __future__ import annotations

import json
import math
from typing import Any

__all__ = ["dumps", "finite"]


def finite(value: Any) -> Any:
    """``value`` with every non-finite float (NumPy's too) inside dicts, lists and tuples made ``None``."""
    if isinstance(value, dict):
        return {key: finite(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [finite(item) for item in value]
    if isinstance(value, float) and not math.isfinite(value):  # numpy.float64 is a float
        return None
    if type(value).__module__ == "numpy" and hasattr(value, "dtype") and value.dtype.kind == "f":
        return float(value) if math.isfinite(value) else None
    return value


def dumps(value: Any, indent: int | None = None) -> str:
    """Strict JSON of ``value`` (non-ASCII characters kept as they are)."""
    return json.dumps(finite(value), indent=indent, ensure_ascii=False, allow_nan=False)
