"""The reference layout: sacrebleu's *streams*, ``references[j][i]`` = reference ``j`` of segment ``i``.

Hugging Face ``evaluate`` and torchmetrics take per-segment lists instead. A plain nested list
is always read as streams; where the two readings could both be right (as many references per
segment as segments: a square), :class:`References` states which layout is meant:
``References.from_streams(...)`` or ``References.from_segments(...)``, and a plain square
list gets a :class:`~simpeval.exceptions.ReferenceLayoutWarning`.

Examples:
    >>> per_segment = [["a1", "a2"], ["b1", "b2"]]  # two segments, two references each
    >>> list(References.from_segments(per_segment))
    [['a1', 'b1'], ['a2', 'b2']]
    >>> list(References.from_streams(per_segment))
    [['a1', 'a2'], ['b1', 'b2']]
"""

from __future__ import annotations

import gc
import warnings
from collections import Counter
from collections.abc import Iterable, Iterator, Sequence
from contextlib import contextmanager
from typing import Any, overload

from ..exceptions import InvalidInputError, ReferenceLayoutError, ReferenceLayoutWarning
from .validation import check_unicode, materialize, materialized_or_given

__all__ = ["References", "check_streams", "count_references", "references_from_segments", "square_layout_message"]


class References(Sequence[list[str | None]]):
    """Reference streams whose layout was stated, so they can never be read the other way.

    Build one with :meth:`from_streams` (sacrebleu's and EASSE's layout, ``streams[j][i]`` =
    reference ``j`` of segment ``i``) or :meth:`from_segments` (Hugging Face ``evaluate``'s,
    ``segments[i]`` = the references of segment ``i``). Either way the object *is* the
    sequence of streams, accepted wherever simpeval takes ``references``; plain nested lists
    are still read as streams, with a warning when they are square (as many references per
    segment as segments), the one shape where the other reading would also fit.

    Attributes:
        layout: ``"streams"`` or ``"segments"``: how the references were given.

    Examples:
        >>> refs = References.from_segments([["a", "b"], ["c"]])
        >>> refs.layout, refs.n_segments, list(refs)
        ('segments', 2, [['a', 'c'], ['b', None]])
        >>> refs.segments()
        [['a', 'b'], ['c']]
    """

    __slots__ = ("_streams", "layout")

    def __init__(self, streams: Sequence[list[str | None]], layout: str) -> None:
        self._streams = tuple(streams)
        self.layout = layout

    @classmethod
    def from_streams(cls, streams: Iterable[Iterable[str | None]]) -> References:
        """References given as streams: ``streams[j][i]`` = reference ``j`` of segment ``i``.

        Each stream is read once (any iterable); ``None`` marks a missing reference.

        Raises:
            ReferenceLayoutError: ``streams`` or one stream is a bare string or not iterable.
        """
        return cls([list(stream) for stream in _iterables(streams, "from_streams", "streams", "a stream")], "streams")

    @classmethod
    def from_segments(cls, segments: Iterable[Iterable[str]]) -> References:
        """References given per segment: ``segments[i]`` = the references of segment ``i``.

        Segments may have different numbers of references (the missing ones become ``None``;
        segments that all have none give one stream of ``None``, so the segments still count).

        Raises:
            ReferenceLayoutError: ``segments`` or one segment's list is a bare string or not iterable.
        """
        per_segment = [list(refs) for refs in _iterables(segments, "from_segments", "segments", "a segment")]
        # segments without any reference still count: one stream of missing references
        streams = references_from_segments(per_segment) or ([[None] * len(per_segment)] if per_segment else [])
        return cls(streams, "segments")

    @property
    def n_segments(self) -> int:
        """The number of segments (the length of every stream)."""
        return len(self._streams[0]) if self._streams else 0

    def segments(self) -> list[list[str]]:
        """The references of every segment, missing ones (``None``) left out."""
        return [[ref for ref in refs if ref is not None] for refs in zip(*self._streams)]

    @overload
    def __getitem__(self, index: int) -> list[str | None]: ...
    @overload
    def __getitem__(self, index: slice) -> Sequence[list[str | None]]: ...
    def __getitem__(self, index: int | slice) -> Any:
        return self._streams[index]

    def __len__(self) -> int:
        return len(self._streams)

    def __iter__(self) -> Iterator[list[str | None]]:
        return iter(self._streams)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, References) and self._streams == other._streams

    __hash__ = None  # type: ignore[assignment]  # the streams are lists

    def __repr__(self) -> str:
        n = len(self._streams)
        return f"References({n} stream{'' if n == 1 else 's'} x {self.n_segments} segments, given as {self.layout})"


def _iterables(values: Any, method: str, argument: str, what: str) -> list[Any]:
    if isinstance(values, (str, bytes)) or not isinstance(values, Iterable):
        raise ReferenceLayoutError(
            f"References.{method}: {argument} must be a list of lists of strings (got {type(values).__name__})."
        )
    items = list(values)
    for k, item in enumerate(items):
        if isinstance(item, (str, bytes)) or not isinstance(item, Iterable):
            raise ReferenceLayoutError(
                f"References.{method}: {argument}[{k}] must be {what}'s list of strings "
                f"(got {type(item).__name__}: {item!r:.60})."
            )
    return items


def square_layout_message(owner: str, n: int) -> str:
    """The warning for plain square references, read as streams but readable both ways."""
    return (
        f"{owner}: the references are square ({n} lists of {n} strings for {n} segments), so they read two ways: "
        "as streams (references[j][i] = reference j of segment i, sacrebleu's layout, which simpeval uses for "
        "plain lists) or per segment (Hugging Face evaluate's layout), which would give another score without "
        "an error. Say which: simpeval.References.from_streams(references) or "
        "simpeval.References.from_segments(references)."
    )


def references_from_segments(references: Sequence[Sequence[str]]) -> list[list[str | None]]:
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
    return [[refs[j] if j < len(refs) else None for refs in references] for j in range(width)]


def count_references(per_segment: Sequence[Sequence[str]]) -> int | str:
    """The ``nrefs`` signature value: the common number of references, or ``"var"``."""
    counts = {len(refs) for refs in per_segment}
    return counts.pop() if len(counts) == 1 else "var"


def _lengths_text(lengths: list[int], n_segments: int) -> str:
    """The stream lengths of a layout error, short however many streams there are.

    Examples:
        >>> _lengths_text([3, 2], 3)
        'the 2 streams have lengths [3, 2]'
        >>> _lengths_text([10] * 500, 500)
        'the 500 streams have lengths 10 (all 500); references[0] has 10 entries'
        >>> _lengths_text([4] * 8 + [3] * 4, 4)
        'the 12 streams have lengths 4 (8), 3 (4); references[8] has 3 entries'
    """
    if len(lengths) <= 10:
        return f"the {len(lengths)} streams have lengths {lengths}"
    counts = sorted(Counter(lengths).items(), key=lambda item: (-item[1], item[0]))
    shown = ", ".join(f"{length} ({'all ' if n == len(lengths) else ''}{n})" for length, n in counts[:5])
    first = next(j for j, length in enumerate(lengths) if length != n_segments)
    more = f" and {len(counts) - 5} more lengths" if len(counts) > 5 else ""
    return f"the {len(lengths)} streams have lengths {shown}{more}; references[{first}] has {lengths[first]} entries"


@contextmanager
def _collector_paused() -> Iterator[None]:
    """Python's cyclic garbage collector paused inside (unless it was off already): creating
    many lists, which hold no cycle, sets it off again and again over every object alive (most of
    the time of building a large corpus's per-segment lists: the documentation's "Speed and engines")."""
    enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if enabled:
            gc.enable()


def check_streams(owner: str, references: Any, n_segments: int) -> list[list[str]]:
    """Validate reference streams and return the per-segment lists (``None`` removed).

    Plain square streams (as many as segments, more than one) are read as streams with a
    :class:`ReferenceLayoutWarning`; :class:`References` states the layout and has none.
    """
    given, outer = references, materialize(references)
    if outer is not None:  # every stream read once; a bare string is left for the error below
        references = [materialized_or_given(stream) for stream in outer]
    if outer is None or len(outer) == 0:
        raise ReferenceLayoutError(
            f"{owner}: references must be a non-empty list of reference streams, "
            f"references[j][i] = reference j of segment i (got {references!r:.80}). "
            "For one reference per segment pass [refs]."
        )
    for j, stream in enumerate(references):
        if isinstance(stream, str) or not isinstance(stream, Sequence):
            raise ReferenceLayoutError(
                f"{owner}: references[{j}] must be a list of strings (a stream with one "
                f"reference per segment), got {type(stream).__name__} {stream!r:.60}. References use "
                "sacrebleu's stream layout references[j][i]; for one reference per segment pass [refs]."
            )
    lengths = [len(stream) for stream in references]
    if any(length != n_segments for length in lengths):
        looks_per_segment = len(references) == n_segments
        hint = (
            " They look like per-segment lists (one list of references per segment, as in "
            "Hugging Face evaluate): pass simpeval.References.from_segments(references)."
            if looks_per_segment
            else ""
        )
        raise ReferenceLayoutError(
            f"{owner}: every reference stream must have one entry per segment ({n_segments}), "
            f"but {_lengths_text(lengths, n_segments)}. simpeval expects the stream "
            f"layout references[j][i] = reference j of segment i.{hint}"
        )
    if len(references) == n_segments > 1 and not isinstance(given, References):
        warnings.warn(ReferenceLayoutWarning(square_layout_message(owner, n_segments)), stacklevel=4)
    only_strings = [set(map(type, stream)) == {str} for stream in references]  # the common case: no None
    for j, stream in enumerate(references):
        check_unicode(
            stream if only_strings[j] else [ref if isinstance(ref, str) else None for ref in stream],
            f"references[{j}]",
            owner,
        )
    if all(only_strings):
        with _collector_paused():  # a list a segment: the cyclic collector would walk them all, for nothing
            return [list(refs) for refs in zip(*references)]
    per_segment: list[list[str]] = [[] for _ in range(n_segments)]
    for j, stream in enumerate(references):
        for i, ref in enumerate(stream):
            if ref is None:
                continue
            if not isinstance(ref, str):
                raise InvalidInputError(
                    f"{owner}: references[{j}][{i}] must be a string or None (got {type(ref).__name__}: {ref!r})."
                )
            per_segment[i].append(ref)
    return per_segment
