"""Type aliases shared across the package.

The reference layout is sacrebleu's *streams* layout: ``references[j][i]`` is reference
``j`` of segment ``i``. A stream entry may be ``None`` where a segment has fewer
references than others (variable number of references).
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any, TypeVar

import numpy as np
import numpy.typing as npt

K = TypeVar("K")
V = TypeVar("V")

Hypotheses = Sequence[str]
"""One system output per segment."""

Sources = Sequence[str]
"""One source sentence per segment."""

RefStreams = Sequence[Sequence[str | None]]
"""Reference streams: ``references[j][i]`` is reference ``j`` of segment ``i`` (or ``None``)."""

StatsArray = npt.NDArray[np.float64]
"""Sufficient statistics: shape ``(n_segments, n_stats)`` or ``(n_stats,)``, float64, additive."""


class FrozenDict(Mapping[K, V]):
    """A read-only mapping that pickles: the mapping fields of the frozen result types.

    ``types.MappingProxyType`` is read-only too, but cannot be pickled, so a ``Score`` could
    not come back from a worker process. This one holds a private copy of the items, has no
    mutating method, compares equal to any mapping with the same items (as a dict does) and
    pickles as that copy.

    Examples:
        >>> import pickle
        >>> m = FrozenDict({"add": 1.0, "keep": 2.0})
        >>> m["keep"], list(m), m == {"keep": 2.0, "add": 1.0}
        (2.0, ['add', 'keep'], True)
        >>> pickle.loads(pickle.dumps(m)) == m
        True
        >>> m["add"] = 3.0
        Traceback (most recent call last):
        ...
        TypeError: 'FrozenDict' object does not support item assignment
    """

    __slots__ = ("_items",)
    _items: dict[K, V]

    def __init__(self, items: Mapping[K, V] | Iterable[tuple[K, V]] = (), /) -> None:
        object.__setattr__(self, "_items", dict(items))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"'FrozenDict' object is read-only (cannot set {name!r})")

    def __getitem__(self, key: K) -> V:
        return self._items[key]

    def __iter__(self) -> Iterator[K]:
        return iter(self._items)

    def __len__(self) -> int:
        return len(self._items)

    def __contains__(self, key: object) -> bool:
        return key in self._items

    def __eq__(self, other: object) -> bool:
        if isinstance(other, FrozenDict):
            return self._items == other._items
        if isinstance(other, Mapping):
            return self._items == dict(other.items())
        return NotImplemented

    __hash__ = None  # type: ignore[assignment]  # equal to dicts, which are unhashable

    def __repr__(self) -> str:
        return f"FrozenDict({self._items!r})"

    def __reduce__(self) -> tuple[type[FrozenDict[K, V]], tuple[dict[K, V]]]:
        return (FrozenDict, (dict(self._items),))

    def copy(self) -> dict[K, V]:
        """A mutable ``dict`` of the items (as ``MappingProxyType.copy``)."""
        return dict(self._items)
