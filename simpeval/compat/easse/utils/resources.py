"""EASSE's ``easse.utils.resources``: test sets and system outputs by EASSE's names and paths.

EASSE keeps its data in ``easse/resources/data``; here :data:`~.constants.DATA_DIR` has the same
layout and is filled on first use from simpeval's test-set registry (downloads checksummed,
``$SIMPEVAL_MIRROR`` honoured, offline once cached): every registered file whose upstream URL is
in EASSE's data folder keeps EASSE's path below it, and ASSET's files go to ``test_sets/asset/``
(EASSE's place for them).

Examples:
    >>> data_path("turkcorpus_test_legacy", "orig").relative_to(DATA_DIR).as_posix()
    'test_sets/turkcorpus/legacy/test.8turkers.tok.norm'
    >>> data_path("asset_test", "refs")[9].relative_to(DATA_DIR).as_posix()
    'test_sets/asset/asset.test.simp.9'
    >>> get_system_outputs_dir("turkcorpus_test").relative_to(DATA_DIR).as_posix()
    'system_outputs/turkcorpus/test'
"""

from __future__ import annotations

import os
from collections.abc import Mapping, Sequence
from functools import lru_cache
from pathlib import Path

from ....cache import atomic_write
from ....exceptions import InvalidOptionError
from ....testsets import available_testsets, download, get_testset
from ....testsets.easse_data import EASSE_DATA_PREFIX
from .constants import DATA_DIR, SYSTEM_OUTPUTS_DIR

__all__ = [
    "data_path",
    "ensure_data_file",
    "get_orig_and_refs_sents",
    "get_orig_sents",
    "get_refs_sents",
    "get_system_outputs_dir",
]

_ROLES = {"orig": "src", "refs": "ref"}
# EASSE's folder of system outputs for each test set (ASSET's sources are TurkCorpus's).
_OUTPUTS = {"turkcorpus": "turkcorpus/test", "asset": "turkcorpus/test", "pwkp": "pwkp/test", "newsela": "newsela/test"}


@lru_cache(maxsize=1)
def _layout() -> Mapping[str, tuple[str, str]]:
    """EASSE's path below ``DATA_DIR`` -> (registered set, file name), for every file EASSE ships."""
    layout: dict[str, tuple[str, str]] = {}
    for name in available_testsets():
        for remote in get_testset(name).all_files:
            if remote.url.startswith(EASSE_DATA_PREFIX):
                layout.setdefault(remote.url[len(EASSE_DATA_PREFIX) :], (name, remote.name))
            elif name.startswith("asset-") and get_testset(name).kind == "corpus":
                layout.setdefault(f"test_sets/asset/{remote.name}", (name, remote.name))
    return layout


def ensure_data_file(filepath: str | os.PathLike[str]) -> Path:
    """``filepath``; if it lies in ``DATA_DIR`` and is missing, it is fetched from the registry first.

    Raises:
        DownloadError, ChecksumMismatchError: the file could not be fetched (see
            :func:`simpeval.testsets.download`).

    Examples:
        >>> ensure_data_file("not/easse/data.txt").as_posix()  # outside DATA_DIR: returned as it is
        'not/easse/data.txt'
    """
    path = Path(os.fspath(filepath))
    if path.exists():
        return path
    try:
        relative = path.resolve().relative_to(DATA_DIR.resolve()).as_posix()
    except (ValueError, RuntimeError):  # RuntimeError: a loop of symbolic links on the way (Path.resolve)
        return path  # not EASSE's data, or not reachable: opening it reports the error as EASSE's open() does
    entry = _layout().get(relative)
    if entry is not None:
        source = download(entry[0]) / entry[1]
        path.parent.mkdir(parents=True, exist_ok=True)
        with atomic_write(path) as out:
            out.write(source.read_bytes())
    return path


def _paths(test_set: str, role: str) -> list[Path]:
    spec = get_testset(test_set)
    where = {entry: path for path, entry in _layout().items()}
    return [DATA_DIR / where[(spec.name, remote.name)] for remote in spec.files[role]]


def data_path(test_set: str, phase: str) -> Path | list[Path]:
    """EASSE's path of a test set's sources (``phase="orig"``) or references (``"refs"``, a list).

    Raises:
        UnknownTestSetError: ``test_set`` is not registered (the message lists the names).
        InvalidOptionError: ``phase`` is neither ``orig`` nor ``refs``.

    Examples:
        >>> data_path("wikisplit_test", "orig").relative_to(DATA_DIR).as_posix()
        'test_sets/wikisplit/wikisplit.test.untok.orig'
    """
    if phase not in _ROLES:
        raise InvalidOptionError(f"data_path: phase must be 'orig' or 'refs' (got {phase!r}).")
    paths = _paths(test_set, _ROLES[phase])
    return paths[0] if phase == "orig" else paths


def _read(path: Path) -> list[str]:
    """EASSE's ``read_lines`` (:func:`.helpers.read_lines` reads the same way)."""
    with open(ensure_data_file(path), encoding="utf-8") as f:
        return [line.rstrip() for line in f]


def get_orig_sents(test_set: str) -> list[str]:
    """The source sentences of a test set, by EASSE's name (``"turkcorpus_test_legacy"``).

    Raises:
        UnknownTestSetError: no such test set.
        DownloadError, ChecksumMismatchError: its files could not be fetched.

    Examples:
        >>> get_orig_sents("turkcorpus")  # doctest: +ELLIPSIS
        Traceback (most recent call last):
        ...
        simpeval.exceptions.UnknownTestSetError: get_testset: name must be a registered test set (got 'turkcorpus')...
    """
    return _read(_paths(test_set, "src")[0])


def get_refs_sents(test_set: str) -> list[list[str]]:
    """The reference streams of a test set: ``refs[j][i]`` is reference ``j`` of sentence ``i``.

    Examples:
        >>> [path.name for path in data_path("hsplit_test", "refs")]  # what get_refs_sents("hsplit_test") reads
        ['hsplit.tok.1', 'hsplit.tok.2', 'hsplit.tok.3', 'hsplit.tok.4']
    """
    return [_read(path) for path in _paths(test_set, "ref")]


def get_orig_and_refs_sents(
    test_set: str, orig_sents_path: str | None = None, refs_sents_paths: Sequence[str] | None = None
) -> tuple[list[str], list[list[str]]]:
    """Sources and references: of a registered test set, or from files when ``test_set="custom"``.

    Raises:
        InvalidOptionError: ``custom`` without both paths, or files of different lengths.

    Examples:
        >>> import tempfile, pathlib
        >>> folder = pathlib.Path(tempfile.mkdtemp())
        >>> _ = (folder / "orig").write_text("It rains heavily .\\n", encoding="utf-8")
        >>> _ = (folder / "ref").write_text("It rains .\\n", encoding="utf-8")
        >>> get_orig_and_refs_sents("custom", str(folder / "orig"), [str(folder / "ref")])
        (['It rains heavily .'], [['It rains .']])
    """
    if test_set != "custom":
        return get_orig_sents(test_set), get_refs_sents(test_set)
    if orig_sents_path is None or not refs_sents_paths:
        raise InvalidOptionError(
            "get_orig_and_refs_sents: test_set 'custom' needs orig_sents_path and refs_sents_paths."
        )
    orig_sents = _read(Path(orig_sents_path))
    refs_sents = [_read(Path(path)) for path in refs_sents_paths]
    if any(len(orig_sents) != len(refs) for refs in refs_sents):
        raise InvalidOptionError(
            f"get_orig_and_refs_sents: every reference file must have one line per source ({len(orig_sents)} lines)."
        )
    return orig_sents, refs_sents


def get_system_outputs_dir(test_set: str) -> Path:
    """EASSE's folder of published system outputs for a test set (its files are fetched when read).

    Raises:
        InvalidOptionError: EASSE has no system outputs for ``test_set``.

    Examples:
        >>> get_system_outputs_dir("pwkp_test").relative_to(DATA_DIR).as_posix()
        'system_outputs/pwkp/test'
    """
    corpus = test_set.lower().replace("-", "_").split("_")[0]
    if corpus not in _OUTPUTS or not test_set.lower().replace("-", "_").endswith("test"):
        raise InvalidOptionError(
            f"get_system_outputs_dir: test_set must be one with published outputs "
            f"(turkcorpus_test, asset_test, pwkp_test, newsela_test) (got {test_set!r})."
        )
    return SYSTEM_OUTPUTS_DIR / _OUTPUTS[corpus]
