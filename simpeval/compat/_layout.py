"""Reference streams as the peers read them: the layout stated, so that square references get no warning.

sacrebleu and EASSE take ``references[j][i]`` (reference ``j`` of segment ``i``) and say nothing
when the references are square (as many streams as segments), where simpeval's own API warns
(:class:`~simpeval.exceptions.ReferenceLayoutWarning`: square lists read two ways). The
compatibility modules state the peers' layout instead, so they warn only where their peer does.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from ..metrics.references import References

__all__ = ["stated_streams"]


def stated_streams(references: Any) -> Any:
    """``references`` as :class:`~simpeval.metrics.references.References` streams when they are plain
    square lists (two streams or more, each with one entry per stream); anything else unchanged, so
    that simpeval's checks give their usual errors.

    Examples:
        >>> type(stated_streams([["a", "b"], ["c", "d"]])).__name__, stated_streams([["a", "b"]])
        ('References', [['a', 'b']])
    """
    if isinstance(references, (str, bytes, References)) or not isinstance(references, Sequence):
        return references
    square = len(references) > 1 and all(
        isinstance(stream, Sequence) and not isinstance(stream, (str, bytes)) and len(stream) == len(references)
        for stream in references
    )
    return References.from_streams(references) if square else references
