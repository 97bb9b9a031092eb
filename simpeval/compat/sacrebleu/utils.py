"""``sacrebleu.utils``: the helpers that need no test set files are sacrebleu's own; the others
(``get_source_file``, ``get_reference_files``, ``download_test_set``, ...) raise one line, since
simpeval does not download WMT test sets.

Examples:
    >>> "wmt19" in get_available_testsets() and "de-en" in get_langpairs_for_testset("wmt19")
    True
"""

from __future__ import annotations

from typing import Any

import sacrebleu.utils as _sacrebleu_utils
from sacrebleu.utils import (
    SACREBLEU_DIR,
    USERHOME,
    Color,
    args_to_dict,
    extract_tarball,
    get_available_testsets,
    get_available_testsets_for_langpair,
    get_langpairs_for_testset,
    get_md5sum,
    my_log,
    print_results_table,
    print_single_results,
    sanity_check_lengths,
    smart_open,
    sum_of_lists,
)
from sacrebleu.utils import filter_subset as _filter_subset

from ._offline import needs_test_set
from .dataset import COUNTRIES, DATASETS, DOMAINS, SUBSETS

__all__ = [
    "DATASETS",
    "SACREBLEU_DIR",
    "SUBSETS",
    "USERHOME",
    "Color",
    "args_to_dict",
    "download_file",
    "download_test_set",
    "extract_tarball",
    "filter_subset",
    "get_available_origlangs",
    "get_available_subsets",
    "get_available_testsets",
    "get_available_testsets_for_langpair",
    "get_files",
    "get_langpairs_for_testset",
    "get_md5sum",
    "get_reference_files",
    "get_source_file",
    "my_log",
    "print_results_table",
    "print_single_results",
    "print_subset_results",
    "print_test_set",
    "sanity_check_lengths",
    "smart_open",
    "sum_of_lists",
]
if hasattr(_sacrebleu_utils, "COUNTRIES"):  # sacrebleu < 2.5's utils also names the test sets' subsets
    __all__ += ["COUNTRIES", "DOMAINS"]


def get_source_file(test_set: str, langpair: str) -> str:
    """sacrebleu's: the source file of a test set; here one line (no WMT downloads)."""
    needs_test_set("get_source_file()", test_set, langpair)


def get_reference_files(test_set: str, langpair: str) -> list[str]:
    """sacrebleu's: the reference files of a test set; here one line (no WMT downloads)."""
    needs_test_set("get_reference_files()", test_set, langpair)


def get_files(test_set: str, langpair: str) -> list[str]:
    """sacrebleu's: the source and reference files of a test set; here one line (no WMT downloads)."""
    needs_test_set("get_files()", test_set, langpair)


def download_test_set(test_set: str, langpair: str | None = None) -> list[str]:
    """sacrebleu's: download a test set; here one line (no WMT downloads)."""
    needs_test_set("download_test_set()", test_set, langpair)


def download_file(source_path: str, dest_path: str, extract_to: str | None = None, expected_md5: Any = None) -> None:
    """sacrebleu's: download a file; here one line (no WMT downloads)."""
    needs_test_set("download_file()")


def print_test_set(
    test_set: str, langpair: str, requested_fields: Any, origlang: Any = None, subset: Any = None
) -> None:
    """sacrebleu's ``--echo``; here one line (no WMT downloads)."""
    needs_test_set("print_test_set() (--echo)", test_set, langpair)


def get_available_origlangs(test_sets: Any, langpair: str) -> list[str]:
    """sacrebleu's: the original languages of a test set's documents; here one line (no WMT downloads)."""
    needs_test_set("get_available_origlangs()", test_sets, langpair)


def get_available_subsets(test_sets: Any, langpair: str) -> list[str]:
    """sacrebleu's: the subsets of a test set; here one line (no WMT downloads)."""
    needs_test_set("get_available_subsets()", test_sets, langpair)


def print_subset_results(metrics: Any, full_system: Any, full_refs: Any, args: Any) -> None:
    """sacrebleu's ``--detail``; here one line (no WMT downloads)."""
    needs_test_set(
        "print_subset_results() (--detail)", getattr(args, "test_set", None), getattr(args, "langpair", None)
    )


def filter_subset(systems: Any, test_sets: Any, langpair: Any, origlang: Any, subset: Any = None) -> Any:
    """sacrebleu's: the systems unchanged without a test set or a filter; a filter needs the files (one line)."""
    if test_sets is None or (origlang is None and subset is None):
        return _filter_subset(systems, test_sets, langpair, origlang, subset)  # type: ignore[no-untyped-call]
    needs_test_set("filter_subset() (--origlang, --subset)", test_sets, langpair)
