"""The reference layout: sacrebleu's *streams*, ``references[j][i]`` = reference ``j`` of segment ``i``.

Hugging Face ``evaluate`` and torchmetrics take per-segment lists instead; the one conversion
between the two is :func:`references_from_segments`.
"""

from __future__ import annotations

from typing import Optional, Sequence, Union

from ..exceptions import InvalidInputError

__all__ = ["count_references", "references_from_segments"]


def references_from_segments(references: Sequence[Sequence[str]]) -> list[list[Optional[str]]]:
    """Convert per-segment references to simpeval's stream layout.

    Hugging Face ``evaluate`` (and torchmetrics) take ``references[i]`` = the list of
    references of segment ``i``. simpeval, sacrebleu and EASSE take *streams*:
    ``references[j][i]`` = reference ``j`` of segment ``i``. Segments with fewer references
    are padded with ``None`` (a missing reference, not an empty one).

    Args:
        references: one list of reference strings per segment.

    Returns:
        The reference streams.

    Raises:
        InvalidInputError: ``references`` or one of its items is a bare string.

    Examples:
        >>> references_from_segments([["a", "b"], ["c"]])
        [['a', 'c'], ['b', None]]
    """
    if isinstance(references, str) or not isinstance(references, Sequence):
        raise InvalidInputError(
            "references_from_segments: references must be a list of per-segment lists of strings "
            f"(got {type(references).__name__})."
        )
    for i, refs in enumerate(references):
        if isinstance(refs, str) or not isinstance(refs, Sequence):
            raise InvalidInputError(
                f"references_from_segments: references[{i}] must be a list of strings "
                f"(got {type(refs).__name__}: {refs!r})."
            )
    width = max((len(refs) for refs in references), default=0)
    return [
        [refs[j] if j < len(refs) else None for refs in references] for j in range(width)
    ]


def count_references(per_segment: Sequence[Sequence[str]]) -> Union[int, str]:
    """The ``nrefs`` signature value: the common number of references, or ``"var"``."""
    counts = {len(refs) for refs in per_segment}
    return counts.pop() if len(counts) == 1 else "var"
