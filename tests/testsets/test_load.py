"""load_testset: every corpus loads with the registered shape; results are tagged with test:NAME."""

from __future__ import annotations

import dataclasses
import re
from pathlib import Path

import pytest

from simpeval.api import evaluate_systems, sentence_level
from simpeval.exceptions import InputLengthMismatchError, InvalidOptionError
from simpeval.io import read_lines
from simpeval.metrics import get_metric
from simpeval.report import ResultTable
from simpeval.testsets import (
    TestSet,
    available_testsets,
    check_system_outputs,
    get_testset,
    load_system_outputs,
    load_testset,
)


@pytest.mark.parametrize("name", available_testsets(kind="corpus"))
def test_every_corpus_loads_with_its_registered_shape(upstream, name: str, shared_files) -> None:
    test_set = load_testset(name)
    spec = get_testset(name)
    assert isinstance(test_set, TestSet) and test_set.name == name and test_set.spec is spec
    assert len(test_set.sources) == len(test_set) == spec.n_segments
    assert len(test_set.references) == test_set.n_references == spec.n_references
    assert all(len(stream) == spec.n_segments for stream in test_set.references)
    assert list(test_set.sources) == read_lines(shared_files[spec.files["src"][0].url][0])
    assert list(test_set.references[-1]) == read_lines(shared_files[spec.files["ref"][-1].url][0])


def test_unpacks_as_sources_and_reference_streams(upstream) -> None:
    sources, references = load_testset("asset-test")
    assert isinstance(sources, tuple) and isinstance(references[0], tuple)
    assert len(sources) == 359 and len(references) == 10
    assert repr(load_testset("asset-test")) == "TestSet('asset-test': 359 segments, 10 references)"
    with pytest.raises(dataclasses.FrozenInstanceError):
        load_testset("asset-test").name = "x"  # type: ignore[misc]


def test_asset_and_turkcorpus_share_their_test_sources(upstream) -> None:
    assert load_testset("asset-test").sources == load_testset("turkcorpus-test").sources


def test_legacy_set_is_tokenized_and_lowercased(upstream) -> None:
    test_set = load_testset("turkcorpus-test-legacy")
    assert all(line == line.lower() for line in test_set.sources)
    assert " , " in test_set.sources[0] or " ." in test_set.sources[0]


def test_a_rating_set_is_not_a_corpus(upstream) -> None:
    with pytest.raises(InvalidOptionError, match="load_human_ratings"):
        load_testset("simplicity-da")
    assert upstream.requests == []


@pytest.mark.parametrize("name", available_testsets(kind="outputs"))
def test_every_set_of_outputs_loads_one_list_per_system(upstream, name: str, shared_files) -> None:
    spec = get_testset(name)
    outputs = load_system_outputs(name)
    assert list(outputs) == [f.name for f in spec.files["outputs"]]
    for remote in spec.files["outputs"]:
        assert outputs[remote.name] == read_lines(shared_files[remote.url][0])
    if spec.corpus:  # a set tied to a registered corpus: the corpus's name finds it
        check_system_outputs(get_testset(spec.corpus), outputs)
        assert load_system_outputs(spec.corpus) == outputs


def test_system_outputs_score_against_asset_and_work_offline_once_cached(
    upstream, dead_mirror: str, monkeypatch
) -> None:
    outputs = load_system_outputs("turkcorpus-test")
    assert set(outputs) >= {"ACCESS", "Dress-Ls", "RM+EX+LS+RO"} and len(outputs) == 11
    sources, references = load_testset("asset-test")
    table = evaluate_systems({"ACCESS": outputs["ACCESS"]}, references, sources=sources, metrics=["sari"])
    assert 30 < table.cell("ACCESS", "SARI").score < 50
    monkeypatch.setenv("SIMPEVAL_MIRROR", dead_mirror)
    requests = len(upstream.requests)
    outputs["mine"] = list(sources)  # a new dict each call: the caller may add systems
    assert "mine" not in load_system_outputs("turkcorpus-test-outputs")
    assert len(upstream.requests) == requests


@pytest.mark.parametrize("name, what", [("simplicity-da", "human judgments"), ("asset-test", "without registered")])
def test_outputs_loader_refuses_other_sets_and_says_which_to_use(upstream, name: str, what: str) -> None:
    with pytest.raises(InvalidOptionError, match=f"{what}.*turkcorpus-test-outputs, pwkp-test, turkcorpus-test\\."):
        load_system_outputs(name)
    assert upstream.requests == []


def test_a_set_of_outputs_is_not_a_corpus(upstream) -> None:
    with pytest.raises(InvalidOptionError, match=r"system outputs.*load_system_outputs\('turkcorpus-test-outputs'\)"):
        load_testset("turkcorpus-test-outputs")


def test_scores_with_a_loaded_set(upstream) -> None:
    sources, references = load_testset("asset-test")
    score = get_metric("sari").corpus_score(list(sources), references, sources=sources)
    assert 0 < score.score < 100 and score.signature["nrefs"] == "10"


def test_check_system_outputs() -> None:
    spec = get_testset("asset-test")
    check_system_outputs(spec, {"ok": ["x"] * 359})
    with pytest.raises(
        InputLengthMismatchError, match=r"short\.txt: 358 lines, long\.txt: 360 lines, test set asset-test: 359"
    ):
        check_system_outputs(spec, {"ok": ["x"] * 359, "short.txt": ["x"] * 358, "long.txt": ["x"] * 360})


def test_with_test_set_tags_every_signature() -> None:
    systems = {"a": ["the cat sat", "a dog"], "b": ["cat", "dog"]}
    refs, srcs = [["the cat sat", "a dog ran"]], ["the cat sat down", "a dog ran"]
    table = evaluate_systems(systems, refs, sources=srcs, metrics=["sari", "bleu"]).with_signature_fields(
        test="asset-test"
    )
    for row in table.scores:
        for score in row:
            fields = score.signature.format()
            assert "|nrefs:1|test:asset-test|" in fields
    segments = sentence_level(systems, refs, sources=srcs, metrics=["bleu"]).with_signature_fields(test="asset-test")
    assert {row.score.signature["test"] for row in segments.rows} == {"asset-test"}


@pytest.mark.slow
def test_the_guides_python_example_records_the_test_set(upstream) -> None:
    """docs/guide/testsets.md promises ``test:asset-test`` in every signature: its Python example does it."""
    guide = (Path(__file__).resolve().parents[2] / "docs" / "guide" / "testsets.md").read_text(encoding="utf-8")
    block = next(b for b in re.findall(r"^```py\n(.*?)^```", guide, re.S | re.M) if "with_signature_fields" in b)
    namespace: dict[str, object] = {}
    exec(compile(block, "docs/guide/testsets.md", "exec"), namespace)
    table = namespace["table"]
    assert isinstance(table, ResultTable) and list(table.systems) == list(load_system_outputs("turkcorpus-test"))
    assert {score.signature["test"] for row in table.scores for score in row} == {"asset-test"}


def test_load_testset_documents_every_registered_corpus() -> None:
    """``help(load_testset)`` names every corpus it loads (the list is written out, so it is checked here)."""
    doc = load_testset.__doc__ or ""
    documented = re.findall(r"``([a-z0-9-]+)``", doc[doc.index("name:") : doc.index("cache_dir:")])
    assert sorted(documented) == list(available_testsets(kind="corpus"))


def test_loading_uses_no_network_once_cached(upstream, dead_mirror: str, monkeypatch, cache: Path) -> None:
    load_testset("turkcorpus-test")
    monkeypatch.setenv("SIMPEVAL_MIRROR", dead_mirror)
    assert len(load_testset("turkcorpus-test", cache_dir=cache)) == 359


@pytest.mark.parametrize("bad", [123, 1.5, b"/tmp/x", ["/tmp"]])
def test_cache_dir_of_the_wrong_type_names_the_argument(bad) -> None:
    with pytest.raises(InvalidOptionError, match=r"cache_dir must be a folder path .*got"):
        load_testset("asset-test", cache_dir=bad)
