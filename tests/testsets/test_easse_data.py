"""EASSE's other test sets and its published system outputs are registered."""

from __future__ import annotations

from pathlib import Path

import pytest

from simpeval.io import read_lines
from simpeval.testsets import available_testsets, download, get_testset, load_testset
from simpeval.testsets.easse_data import EASSE_DATA_PREFIX

EASSE_CORPORA = (
    "pwkp-test",
    "pwkp-valid",
    "hsplit-test",
    "wikisplit-test",
    "wikisplit-valid",
    "googlecomp-test",
    "googlecomp-valid",
    "qats-test",
)


def test_easses_test_sets_are_corpora_by_easses_names_too() -> None:
    for name in EASSE_CORPORA:
        spec = get_testset(name.replace("-", "_"))
        assert spec.name == name and spec.kind == "corpus"
        assert all(f.url.startswith(EASSE_DATA_PREFIX + "test_sets/") for f in spec.all_files)
    assert get_testset("hsplit_test").n_references == 4


@pytest.mark.parametrize("name", available_testsets(kind="outputs"))
def test_output_sets_have_one_role_and_unique_file_names(name: str) -> None:
    spec = get_testset(name)
    assert list(spec.files) == ["outputs"] and spec.n_references == 0
    names = [f.name for f in spec.all_files]
    assert len(set(names)) == len(names)
    assert all(f.url.startswith(EASSE_DATA_PREFIX + "system_outputs/") for f in spec.all_files)


def test_every_published_output_is_registered(shared: Path) -> None:
    published = {
        p.relative_to(shared / "corpora" / "easse").as_posix()
        for p in (shared / "corpora" / "easse" / "system_outputs").rglob("*")
        if p.is_file()
    }
    registered = {
        f.url[len(EASSE_DATA_PREFIX) :]
        for name in available_testsets(kind="outputs")
        for f in get_testset(name).all_files
    }
    assert published == registered and len(registered) == 72


def test_outputs_download_checksummed_with_one_line_per_segment(upstream) -> None:  # type: ignore[no-untyped-def]
    spec = get_testset("easse-outputs-pwkp-test")
    folder = download(spec.name)
    for remote in spec.files["outputs"]:
        assert len(read_lines(folder / remote.name)) == spec.n_segments
    assert len(load_testset("wikisplit-test").references[0]) == 5000
