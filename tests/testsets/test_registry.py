"""The registry: required sets, consistent specs, and checksums equal to the upstream files'."""

from __future__ import annotations

import dataclasses
import hashlib
import re
from pathlib import Path

import pytest

from simpeval.exceptions import SimpevalError
from simpeval.testsets import (
    TestSetSpec,
    UnknownTestSetError,
    available_testsets,
    get_testset,
)
from simpeval.testsets.registry import UPSTREAM_HOST

REQUIRED = (
    "asset-test",
    "asset-valid",
    "turkcorpus-test",
    "turkcorpus-valid",
    "turkcorpus-test-legacy",
    "simplicity-da",
    "asset-human-ratings",
    "turkcorpus-test-outputs",
    "simpeval-2022",
    "simpeval-past",
    "simpda-2022",
    "simplikert-2022",
    "simpeval-2022-refs",
)


@pytest.mark.parametrize("name", REQUIRED)
def test_required_sets_are_registered(name: str) -> None:
    spec = get_testset(name)
    assert spec.name == name
    assert spec.description and spec.citation.startswith("@") and spec.licence


@pytest.mark.parametrize("name", available_testsets(kind="corpus"))
def test_corpus_specs_are_consistent(name: str) -> None:
    spec = get_testset(name)
    assert len(spec.files["src"]) == 1
    assert len(spec.files["ref"]) == spec.n_references > 0
    names = [f.name for f in spec.all_files]
    assert len(set(names)) == len(names), "file names must be unique within a set's folder"


@pytest.mark.parametrize("name", available_testsets(kind="ratings"))
def test_rating_specs_have_one_csv(name: str) -> None:
    spec = get_testset(name)
    assert list(spec.files) == ["ratings"] and spec.files["ratings"][0].name.endswith(".csv")
    assert spec.n_references == 0


@pytest.mark.parametrize("name", available_testsets(kind="outputs"))
def test_output_specs_have_one_file_per_system_and_their_corpus_if_registered(name: str) -> None:
    spec = get_testset(name)
    assert list(spec.files) == ["outputs"] and spec.n_references == 0
    if spec.corpus:  # Newsela's outputs have no registered corpus (its references are licensed)
        corpus = get_testset(spec.corpus)
        assert corpus.kind == "corpus" and spec.n_segments == corpus.n_segments
    systems = [f.name for f in spec.files["outputs"]]
    assert len(set(systems)) == len(systems) > 1, "one file per system, each under its own name"


def test_a_corpus_has_at_most_one_set_of_outputs_that_names_it() -> None:
    corpora = [get_testset(name).corpus for name in available_testsets(kind="outputs") if get_testset(name).corpus]
    assert len(corpora) == len(set(corpora)), "load_system_outputs(corpus) must find one set"
    assert {"turkcorpus-test", "pwkp-test"} <= set(corpora)


def test_only_output_sets_name_a_corpus() -> None:
    assert all(not get_testset(name).corpus for name in available_testsets() if get_testset(name).kind != "outputs")


def test_an_unknown_kind_is_refused() -> None:
    from simpeval.exceptions import InvalidOptionError

    with pytest.raises(InvalidOptionError, match="kind must be one of corpus, ratings, outputs"):
        TestSetSpec("x", "x", {}, 1, 0, "@x", "x", kind="outputz")


def test_urls_are_commit_pinned_on_the_upstream_host() -> None:
    for name in available_testsets():
        for remote in get_testset(name).all_files:
            assert remote.url.startswith(UPSTREAM_HOST + "/")
            owner_repo_commit = remote.url[len(UPSTREAM_HOST) + 1 :].split("/")[:3]
            assert re.fullmatch(r"[0-9a-f]{40}", owner_repo_commit[2]), remote.url
            assert re.fullmatch(r"[0-9a-f]{64}", remote.sha256)


def test_specs_are_frozen_and_hashable() -> None:
    spec = get_testset("asset-test")
    with pytest.raises(dataclasses.FrozenInstanceError):
        spec.name = "other"  # type: ignore[misc]
    with pytest.raises(TypeError):
        spec.files["src"] = ()  # type: ignore[index]
    assert {spec: 1}[get_testset("asset-test")] == 1
    assert isinstance(spec, TestSetSpec)


def test_unknown_name_is_a_typed_key_error_listing_the_choices() -> None:
    with pytest.raises(UnknownTestSetError) as info:
        get_testset("asset-tset")
    assert isinstance(info.value, KeyError) and isinstance(info.value, SimpevalError)
    message = str(info.value)
    assert "'asset-tset'" in message
    for name in available_testsets():
        assert name in message


def test_names_are_case_insensitive() -> None:
    assert get_testset("ASSET-Test") is get_testset("asset-test")


def test_registry_urls_and_checksums_match_upstream_md(shared_files: dict[str, tuple[Path, str]]) -> None:
    registered = {f.url: f.sha256 for name in available_testsets() for f in get_testset(name).all_files}
    for url, sha in registered.items():
        assert url in shared_files, f"{url} is not listed in ../shared/UPSTREAM.md"
        assert shared_files[url][1] == sha, url


def test_registry_checksums_equal_the_shared_copies(shared_files: dict[str, tuple[Path, str]]) -> None:
    """The shared copies are byte-identical to upstream: their sha256 must be the registry's."""
    for name in available_testsets():
        for remote in get_testset(name).all_files:
            local = shared_files[remote.url][0]
            assert hashlib.sha256(local.read_bytes()).hexdigest() == remote.sha256, f"{name}: {local}"


def test_easse_spellings_with_underscores_name_the_same_sets() -> None:
    """EASSE users type ``-t asset_test``."""
    from click.testing import CliRunner

    from simpeval.cli import main
    from simpeval.testsets import get_testset

    assert get_testset("asset_test") is get_testset("asset-test")
    assert get_testset("TURKCORPUS_TEST_LEGACY").name == "turkcorpus-test-legacy"
    result = CliRunner().invoke(main, ["score", "-t", "no_such_set", "-i", "-"], input="a\n")
    assert result.exit_code == 2 and "asset-test" in result.output


def test_the_two_turkcorpus_output_sets_say_how_they_differ() -> None:
    """turkcorpus-test-outputs is the notebooks' 11 of the 21 files of easse-outputs-turkcorpus-test,
    the same files (URL and sha256), and each description says so."""
    course, every = get_testset("turkcorpus-test-outputs"), get_testset("easse-outputs-turkcorpus-test")
    assert len(course.files["outputs"]) == 11 and len(every.files["outputs"]) == 21
    assert set(course.files["outputs"]) < set(every.files["outputs"])
    assert "easse-outputs-turkcorpus-test" in course.description and "11" in course.description
    assert "turkcorpus-test-outputs" in every.description and "21" in every.description
