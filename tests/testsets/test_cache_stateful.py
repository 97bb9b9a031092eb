"""A stateful test of the test-set cache (Hypothesis ``RuleBasedStateMachine``).

Whatever happens to the cached files between loads (deleted, truncated, corrupted, replaced by a
folder, a stray ``.part`` left by a killed process), the next load either returns exactly the
upstream files or raises one clear error, and no temporary ``.part`` file survives it.
"""

from __future__ import annotations

import os
import shutil
from pathlib import Path

import pytest
from hypothesis import settings
from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule, run_state_machine_as_test

from simpeval.exceptions import DownloadError
from simpeval.testsets import get_testset, load_testset, testset_dir

from .conftest import Upstream

NAME = "asset-test"


@pytest.mark.slow
def test_cache_survives_any_sequence_of_damage(upstream: Upstream, cache: Path, shared: Path) -> None:
    spec = get_testset(NAME)
    files = [remote.name for remote in spec.all_files]
    expected = {
        name: (shared / "corpora" / "asset" / name).read_bytes()
        for name in files
        if (shared / "corpora" / "asset" / name).is_file()
    }

    class Cache(RuleBasedStateMachine):
        def __init__(self) -> None:
            super().__init__()
            shutil.rmtree(cache, ignore_errors=True)
            self.folder = testset_dir(NAME)

        def _path(self, index: int) -> Path:
            return self.folder / files[index % len(files)]

        @rule()
        def load(self) -> None:
            data = load_testset(NAME)
            assert len(data.sources) == spec.n_segments
            for name, content in expected.items():
                assert (self.folder / name).read_bytes() == content, name

        @rule(index=st.integers(0, 100))
        def delete(self, index: int) -> None:
            self._path(index).unlink(missing_ok=True)

        @rule(index=st.integers(0, 100), keep=st.integers(0, 50))
        def truncate(self, index: int, keep: int) -> None:
            path = self._path(index)
            if path.is_file():
                path.write_bytes(path.read_bytes()[:keep])

        @rule(index=st.integers(0, 100), at=st.integers(0, 1000))
        def corrupt(self, index: int, at: int) -> None:
            path = self._path(index)
            if path.is_file() and path.stat().st_size:
                data = bytearray(path.read_bytes())
                data[at % len(data)] ^= 0x20
                path.write_bytes(bytes(data))

        @rule(index=st.integers(0, 100))
        def stray_part_file(self, index: int) -> None:
            self.folder.mkdir(parents=True, exist_ok=True)
            (self.folder / f".{files[index % len(files)]}.killed.part").write_bytes(b"half")

        @rule(down=st.booleans())
        def mirror_down_then_load(self, down: bool) -> None:
            if not down:
                return
            url = os.environ["SIMPEVAL_MIRROR"]
            upstream.mode = "missing"
            try:
                load_testset(NAME)  # fine when the cache is whole; else one clear error
            except DownloadError as err:
                assert "404" in str(err) or "Not Found" in str(err) or NAME in str(err)
            finally:
                upstream.mode = "ok"
                os.environ["SIMPEVAL_MIRROR"] = url

        @invariant()
        def no_new_part_file_survives(self) -> None:
            if self.folder.is_dir():
                parts = [p.name for p in self.folder.iterdir() if p.name.endswith(".part") and ".killed." not in p.name]
                assert parts == []

    run_state_machine_as_test(Cache, settings=settings(max_examples=15, stateful_step_count=8, deadline=None))
