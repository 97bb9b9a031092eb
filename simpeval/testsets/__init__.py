"""Standard test sets and human-judgment data: registry, checksummed download, cache, loaders.

* :func:`available_testsets` / :func:`get_testset`: the registry of frozen
  :class:`TestSetSpec` entries (upstream URLs pinned to a commit, sha256, size, citation, licence);
* :func:`download`: fetch a set into the cache (``$SIMPEVAL_CACHE``, else ``~/.cache/simpeval``)
  from upstream or ``$SIMPEVAL_MIRROR``, atomically and checksummed; offline once cached;
* :func:`load_testset`: a corpus as ``(sources, references)`` (a frozen :class:`TestSet`);
* :func:`load_system_outputs`: the published outputs of systems on a corpus's sources, as
  ``{system: lines}`` (EASSE's collection; kind ``"outputs"`` in the registry);
* :func:`load_human_ratings` (and :func:`load_simplicity_da`, :func:`load_asset_human_ratings`,
  :func:`load_simplicity_da_metrics`; LENS's SimpEval sets: :func:`load_simpeval_2022`,
  :func:`load_simpeval_past`, :func:`load_simpda_2022`, :func:`load_simplikert_2022`): human
  judgments as typed rows or a DataFrame;

Importing this package does no I/O; nothing is read or fetched until a loader is called.

Examples:
    >>> from simpeval.testsets import available_testsets, get_testset
    >>> available_testsets(kind="corpus")  # doctest: +NORMALIZE_WHITESPACE
    ('asset-test', 'asset-valid', 'googlecomp-test', 'googlecomp-valid', 'hsplit-test', 'pwkp-test', 'pwkp-valid',
     'qats-test', 'simpeval-2022-refs', 'turkcorpus-test', 'turkcorpus-test-legacy', 'turkcorpus-valid', 'turkcorpus-valid-legacy',
     'wikisplit-test', 'wikisplit-valid')
    >>> get_testset("asset-valid").n_segments
    2000
"""

from __future__ import annotations

from .download import CACHE_ENV, MIRROR_ENV, default_cache_dir, download, is_cached, resolve_cache_dir, testset_dir
from .errors import ChecksumMismatchError, DownloadError, TestSetFormatError, UnknownTestSetError
from .lens_ratings import load_simpda_2022, load_simpeval_2022, load_simpeval_past, load_simplikert_2022
from .lens_rows import SimpEval2022Rating, SimpEvalPastRating, SimpWorkerRating
from .load import TestSet, check_system_outputs, load_system_outputs, load_testset
from .ratings import (
    AssetHumanRating,
    SimplicityDAMetrics,
    SimplicityDARating,
    load_asset_human_ratings,
    load_human_ratings,
    load_simplicity_da,
    load_simplicity_da_metrics,
)
from .registry import RemoteFile, TestSetSpec, available_testsets, get_testset
from .spec import KINDS

__all__ = [
    "CACHE_ENV",
    "KINDS",
    "MIRROR_ENV",
    "AssetHumanRating",
    "ChecksumMismatchError",
    "DownloadError",
    "RemoteFile",
    "SimpEval2022Rating",
    "SimpEvalPastRating",
    "SimpWorkerRating",
    "SimplicityDAMetrics",
    "SimplicityDARating",
    "TestSet",
    "TestSetFormatError",
    "TestSetSpec",
    "UnknownTestSetError",
    "available_testsets",
    "check_system_outputs",
    "default_cache_dir",
    "download",
    "get_testset",
    "is_cached",
    "load_asset_human_ratings",
    "load_human_ratings",
    "load_simplicity_da",
    "load_simpda_2022",
    "load_simpeval_2022",
    "load_simpeval_past",
    "load_simplicity_da_metrics",
    "load_simplikert_2022",
    "load_system_outputs",
    "load_testset",
    "resolve_cache_dir",
    "testset_dir",
]
