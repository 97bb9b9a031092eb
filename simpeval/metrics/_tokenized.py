"""sacrebleu's warning about tokenized text, said once per corpus whichever engine counts.

sacrebleu logs three lines on its logger when 100 hypotheses or more of a ``corpus_score`` end
in a tokenized period (``" ."``), unless the metric was built with ``force=True``. simpeval's
engines (compiled, NumPy, or sacrebleu's own extraction) say exactly those lines, so the
warning does not depend on the engine a job runs. A streamed corpus is scored chunk by chunk,
on any number of worker processes: only its first chunk looks
(:func:`simpeval.alignment.later_chunk`), so the
warning comes once per system and metric, as in sacrebleu, and the same for every ``--jobs``.
"""

from __future__ import annotations

import itertools
import logging
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from typing import Any

from ..alignment import later_chunk

__all__ = ["TOKENIZED_LINES", "sacrebleu_quiet", "warn_if_tokenized"]

#: sacrebleu warns when this many hypotheses end in a tokenized period.
TOKENIZED_LINES = 100

#: sacrebleu's own lines (``sacrebleu.metrics.base.Metric._extract_corpus_statistics``).
_LINES = (
    "That's 100 lines that end in a tokenized period ('.')",
    "It looks like you forgot to detokenize your test data, which may hurt your score.",
    "If you insist your data is detokenized, or don't care, you can suppress this message with the `force` parameter.",
)


def warn_if_tokenized(impl: Any, hypotheses: Sequence[str]) -> None:
    """sacrebleu's warning (on its logger) when 100 or more ``hypotheses`` end in ``" ."``,
    unless ``impl`` was built with ``force=True`` or this is a later chunk of a corpus."""
    if getattr(impl, "_force", False) or later_chunk():
        return
    tokenized = (hyp for hyp in hypotheses if hyp.endswith(" ."))
    if next(itertools.islice(tokenized, TOKENIZED_LINES - 1, None), None) is not None:  # stops at the 100th
        logger = logging.getLogger("sacrebleu")
        for line in _LINES:
            logger.warning(line)


@contextmanager
def sacrebleu_quiet(impl: Any) -> Iterator[None]:
    """Around sacrebleu's own extraction: its check off, since the warning is said once per call
    by :func:`warn_if_tokenized`, by the same rule for every engine. (The metric's lock is held:
    the ``_force`` flag is the object's own state.)"""
    forced = getattr(impl, "_force", False)
    impl._force = True
    try:
        yield
    finally:
        impl._force = forced
