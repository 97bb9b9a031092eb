"""``sacrebleu.dataset``: the names of sacrebleu's test sets, their language pairs and metadata.

``DATASETS`` maps each test set's name to a view of sacrebleu's own record of it (``name``,
``langpairs``, ``description``, ``citation``, ``data``, ``md5``, ``get_files(langpair)``, the
non-XML sets' ``fieldnames(langpair)``). What needs the test set's files (``maybe_download``,
``process_to_text``, ``source``, ``references``, ``get_source_file``, ``get_reference_files``, the
WMT XML sets' ``fieldnames``) raises one line: simpeval does not download WMT test sets.

Examples:
    >>> "wmt19" in DATASETS and "de-en" in DATASETS["wmt19"].langpairs
    True
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from sacrebleu import dataset as _sacrebleu
from sacrebleu.dataset.wmt_xml import WMTXMLDataset

from ._offline import needs_test_set

__all__ = ["COUNTRIES", "DATASETS", "DOMAINS", "SUBSETS", "OfflineDataset"]

SUBSETS = _sacrebleu.SUBSETS
COUNTRIES = _sacrebleu.COUNTRIES
DOMAINS = _sacrebleu.DOMAINS

_NEED_FILES = frozenset(
    {"maybe_download", "process_to_text", "source", "references", "get_source_file", "get_reference_files"}
)


class OfflineDataset:
    """sacrebleu's record of one test set, without its downloads (see the module's docstring)."""

    def __init__(self, dataset: Any) -> None:
        self._dataset = dataset

    def __getattr__(self, name: str) -> Any:
        if name in _NEED_FILES:
            return lambda *args, **kwargs: needs_test_set(
                f"{name}() of {self._dataset.name!r}", self._dataset.name, args[0] if args else None
            )
        return getattr(self._dataset, name)

    def __contains__(self, key: str) -> bool:  # sacrebleu's CLI asks "'citation' in DATASETS[test_set]"
        return bool(getattr(self._dataset, key, None))

    def __iter__(self) -> Iterator[Any]:
        needs_test_set(f"iterating {self._dataset.name!r}", self._dataset.name)

    def fieldnames(self, langpair: str) -> list[str]:
        """The field names of ``langpair`` (the WMT XML sets' need their files: one line)."""
        if isinstance(self._dataset, WMTXMLDataset):
            needs_test_set(f"fieldnames() of {self._dataset.name!r}", self._dataset.name, langpair)
        names: list[str] = self._dataset.fieldnames(langpair)
        return names

    def __repr__(self) -> str:
        return f"OfflineDataset({self._dataset.name!r})"


#: Every test set sacrebleu knows, by name.
DATASETS: dict[str, OfflineDataset] = {name: OfflineDataset(ds) for name, ds in _sacrebleu.DATASETS.items()}
