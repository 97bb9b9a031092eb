"""A stateful test of the test-set cache against a misbehaving mirror.

``test_cache_stateful.py`` damages the cache between loads from a healthy mirror. Here the
mirror misbehaves too (it corrupts a byte, cuts the transfer, sends half a body without a
length, answers 404), files are damaged in every way (deleted, truncated, a byte flipped, an
extra byte, emptied, replaced by a link elsewhere), the process "restarts" (its memory of
verified files is cleared), and the cache folder is made read-only (not as root, whom the
permission does not stop). The invariants, after every step:

* a load returns exactly the upstream files (the ``TestSet`` and every cached file equal the
  files under ``../shared``), or raises :class:`DownloadError` / :class:`ChecksumMismatchError`
  whose message names the URL or the folder;
* ``is_cached`` is true exactly when every file in the cache is byte for byte the upstream one;
* no temporary ``*.part`` file survives a load.

A folder standing where a cached file should be is one clear :class:`DownloadError` naming it.
"""

from __future__ import annotations

import importlib
import os
import shutil
import stat
from pathlib import Path

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    initialize,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from simpeval.exceptions import ChecksumMismatchError, DownloadError
from simpeval.testsets import get_testset, is_cached, load_testset, testset_dir

from .conftest import Upstream, upstream_table

NAME = "asset-test"
dl = importlib.import_module("simpeval.testsets.download")
ROOT = hasattr(os, "geteuid") and os.geteuid() == 0


def _expected() -> dict[str, bytes]:
    table = upstream_table()
    return {remote.name: table[remote.url][0].read_bytes() for remote in get_testset(NAME).all_files}


@pytest.mark.slow
def test_cache_under_a_misbehaving_mirror(upstream: Upstream, cache: Path) -> None:
    expected = _expected()
    names = sorted(expected)
    spec = get_testset(NAME)

    class Cache(RuleBasedStateMachine):
        @initialize()
        def empty_cache(self) -> None:
            shutil.rmtree(cache, ignore_errors=True)
            dl._verified.clear()
            upstream.mode = "ok"
            self.folder = testset_dir(NAME)
            self.read_only = False

        def _path(self, index: int) -> Path:
            return self.folder / names[index % len(names)]

        def _rewrite(self, path: Path, data: bytes) -> None:
            """Write ``data`` and move the modification time on, as a later edit would."""
            info = path.stat()
            path.write_bytes(data)
            os.utime(path, ns=(info.st_atime_ns, info.st_mtime_ns + 1_000_000_000))

        # -------------------------------------------------------------- the process
        @rule()
        def new_process(self) -> None:
            dl._verified.clear()

        # -------------------------------------------------------------- damage
        @rule(index=st.integers(0, 100))
        def delete(self, index: int) -> None:
            if not self.read_only:
                self._path(index).unlink(missing_ok=True)

        @rule(index=st.integers(0, 100), keep=st.integers(0, 200))
        def truncate(self, index: int, keep: int) -> None:
            path = self._path(index)
            if path.is_file() and not self.read_only:
                self._rewrite(path, path.read_bytes()[:keep])

        @rule(index=st.integers(0, 100), at=st.integers(0, 10**6), bit=st.integers(0, 7))
        def flip_a_bit(self, index: int, at: int, bit: int) -> None:
            path = self._path(index)
            if path.is_file() and path.stat().st_size and not self.read_only:
                data = bytearray(path.read_bytes())
                data[at % len(data)] ^= 1 << bit
                self._rewrite(path, bytes(data))

        @rule(index=st.integers(0, 100), extra=st.sampled_from([b"\n", b" ", b"\xef\xbb\xbf", b"\x00"]))
        def append(self, index: int, extra: bytes) -> None:
            path = self._path(index)
            if path.is_file() and not self.read_only:
                self._rewrite(path, path.read_bytes() + extra)

        @rule(index=st.integers(0, 100))
        def link_elsewhere(self, index: int) -> None:
            path = self._path(index)
            if path.is_file() and not self.read_only:
                other = cache / "elsewhere.txt"
                other.write_bytes(b"some other file\n")
                path.unlink()
                path.symlink_to(other)

        # -------------------------------------------------------------- permissions (not as root)
        @precondition(lambda self: not ROOT)
        @rule(read_only=st.booleans())
        def folder_permissions(self, read_only: bool) -> None:
            if self.folder.is_dir():
                self.folder.chmod(stat.S_IRUSR | stat.S_IXUSR if read_only else stat.S_IRWXU)
                self.read_only = read_only

        # -------------------------------------------------------------- use
        @rule(mode=st.sampled_from(["ok", "corrupt", "ok", "truncate", "ok", "short", "missing"]))
        def load(self, mode: str) -> None:
            """Load while the mirror behaves as ``mode`` says."""
            upstream.mode = mode
            whole, requests = all(self._intact(name) for name in names), len(upstream.requests)
            try:
                data = load_testset(NAME)
            except (DownloadError, ChecksumMismatchError) as err:
                message = str(err)
                assert upstream.url in message or str(self.folder) in message, message
                if self.read_only:
                    assert isinstance(err, DownloadError)
                return
            assert not whole or len(upstream.requests) == requests  # a whole, verified cache opens no connection
            for name in names:
                assert (self.folder / name).read_bytes() == expected[name], name
            table = upstream_table()
            assert list(data.sources) == table[spec.all_files[0].url][0].read_text(encoding="utf-8").splitlines()
            assert len(data.references) == len(spec.all_files) - 1

        def _intact(self, name: str) -> bool:
            path = self.folder / name
            return path.is_file() and path.read_bytes() == expected[name]

        @invariant()
        def is_cached_tells_the_truth(self) -> None:
            if hasattr(self, "folder"):
                assert is_cached(NAME) == all(self._intact(name) for name in names)

        @invariant()
        def no_temporary_file_survives(self) -> None:
            if hasattr(self, "folder") and self.folder.is_dir():
                assert [p.name for p in self.folder.iterdir() if p.name.endswith(".part")] == []

        def teardown(self) -> None:
            if hasattr(self, "folder") and self.folder.is_dir():
                self.folder.chmod(stat.S_IRWXU)
            upstream.mode = "ok"

    run_state_machine_as_test(Cache, settings=settings(max_examples=50, stateful_step_count=15, deadline=None))


def test_a_folder_in_place_of_a_cached_file_is_one_clear_error(upstream: Upstream, cache: Path) -> None:
    load_testset(NAME)
    victim = testset_dir(NAME) / get_testset(NAME).all_files[1].name
    victim.unlink()
    victim.mkdir()
    dl._verified.clear()
    with pytest.raises(DownloadError, match=str(victim).replace("\\", "\\\\")):
        load_testset(NAME)
