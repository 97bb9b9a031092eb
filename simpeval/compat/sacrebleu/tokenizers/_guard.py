"""One line for a sacrebleu tokenizer whose dependency or model is missing."""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager

from ....exceptions import MissingDependencyError
from ....tokenizers.sacrebleu import SACREBLEU_TOKENIZERS


@contextmanager
def _one_line(name: str) -> Iterator[None]:
    """Turn the error of creating sacrebleu's tokenizer ``name`` into one line naming what it needs."""
    try:
        yield
    except (ImportError, RuntimeError, OSError) as err:
        reason = (str(err).strip().splitlines() or [type(err).__name__])[0]
        needs = SACREBLEU_TOKENIZERS[name][2]
        raise MissingDependencyError(f"tokenizer {name!r} needs {needs} ({reason}).") from None
