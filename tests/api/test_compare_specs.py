"""compare's specs: what they accept, what they refuse, and one result shape."""

from __future__ import annotations

import dataclasses
import inspect
import warnings

import pytest

import simpeval
from simpeval import api
from simpeval.api import Agreement, Bootstrap, PairedBootstrap, Randomization, RunOptions, compare, paired_test
from simpeval.exceptions import InvalidOptionError, InvalidValueError
from simpeval.report.table import ResultTable

SYSTEMS = {
    "a": ["the cat sat on the mat", "a dog ran", "it is raining today", "he left early"],
    "b": ["the cat sat", "dog ran in the park", "rain today", "he went early"],
    "c": ["a cat sat on a mat", "a dog ran", "it rains today", "he left"],
}
REFS = [["the cat sat on the mat", "a dog ran in the park", "it is raining today", "he left early"]]


def test_compare_has_at_most_ten_parameters_and_no_untyped_ones() -> None:
    parameters = inspect.signature(compare).parameters
    assert len(parameters) <= 10
    assert "Any" not in str(inspect.signature(compare))


def test_specs_are_frozen_and_exported_everywhere() -> None:
    for spec in (Bootstrap(), PairedBootstrap(), Randomization(), Agreement(), RunOptions()):
        with pytest.raises(dataclasses.FrozenInstanceError):
            spec.n = 5  # type: ignore[misc, union-attr]
        assert getattr(simpeval, type(spec).__name__) is type(spec) is getattr(api, type(spec).__name__)
    assert (PairedBootstrap().n, Randomization().n, PairedBootstrap.name, Randomization.name) == (
        1000,
        10000,
        "bs",
        "ar",
    )


@pytest.mark.parametrize(
    ("make", "message"),
    [
        (lambda: PairedBootstrap(n=0), r"PairedBootstrap: n must be an integer >= 1 \(got 0\)"),
        (lambda: Randomization(n=True), r"Randomization: n must be an integer >= 1 \(got True\)"),
        (lambda: Bootstrap(n=2.5), r"Bootstrap: n must be an integer >= 1 \(got 2.5\)"),
        (lambda: Agreement(n=-1), r"Agreement: n must be an integer >= 1"),
        (lambda: PairedBootstrap(pairs="every"), r"pairs must be 'baseline' or 'all' \(got 'every'\)"),
        (lambda: Randomization(correction="bonferroni"), r"correction must be None or 'holm'"),
        (lambda: PairedBootstrap(baseline=3), r"baseline must be a system name or None"),
        (
            lambda: RunOptions(paired_jobs=-1),
            r"compare: paired_jobs must be an integer >= 0, 0 for one per CPU \(got -1\)",
        ),
        (lambda: paired_test(None, pairs="all"), r"need a test"),
        (lambda: paired_test(None, correction="holm"), r"need a test"),
        (lambda: paired_test("xx"), r"name must be 'bs', 'ar' or None"),
    ],
)
def test_an_invalid_spec_cannot_be_made(make: object, message: str) -> None:
    with pytest.raises(InvalidOptionError, match=message):
        make()  # type: ignore[operator]


def test_paired_test_builds_the_named_spec() -> None:
    assert paired_test(None) is None
    assert paired_test("bs", 200, pairs="all", correction="holm", baseline="b") == PairedBootstrap(
        200, "all", "holm", "b"
    )
    assert paired_test("ar") == Randomization()


def test_an_interval_and_a_paired_bootstrap_share_their_resamples() -> None:
    table = compare(SYSTEMS, REFS, metrics=["bleu"], interval=Bootstrap(), test=PairedBootstrap(n=50))
    assert table.interval("a", "BLEU").n_samples == 50  # type: ignore[union-attr]
    with pytest.raises(InvalidOptionError, match=r"Bootstrap\(n=60\) and test=PairedBootstrap\(n=50\) must have"):
        compare(SYSTEMS, REFS, metrics=["bleu"], interval=Bootstrap(n=60), test=PairedBootstrap(n=50))
    randomized = compare(SYSTEMS, REFS, metrics=["bleu"], interval=Bootstrap(n=60), test=Randomization(n=50))
    assert randomized.interval("a", "BLEU").n_samples == 60  # type: ignore[union-attr]


def test_the_baseline_is_checked_before_any_work() -> None:
    with pytest.raises(InvalidOptionError, match="baseline must be one of the systems"):
        compare(SYSTEMS, REFS, metrics=["bleu"], test=Randomization(baseline="nope"))
    with pytest.raises(InvalidValueError, match="at least two systems"):
        compare({"a": SYSTEMS["a"]}, REFS, metrics=["bleu"], test=Randomization(n=10))


@pytest.mark.parametrize(
    ("keywords", "message"),
    [
        ({"interval": True}, r"compare: interval must be Bootstrap\(\.\.\.\) or None \(got True\)\."),
        ({"test": "bs"}, r"compare: test must be PairedBootstrap\(\.\.\.\) or Randomization\(\.\.\.\) or None"),
        ({"agreement": True}, r"compare: agreement must be Agreement\(\.\.\.\) or None \(got True\)\."),
        ({"run": {"paired_jobs": 2}}, r"compare: run must be RunOptions\(\.\.\.\) or None"),
    ],
)
def test_a_keyword_given_something_else_than_its_spec_is_one_clear_error(
    keywords: dict[str, object], message: str
) -> None:
    with pytest.raises(TypeError, match=message):
        compare(SYSTEMS, REFS, metrics=["bleu"], **keywords)  # type: ignore[arg-type]


@pytest.mark.parametrize("keyword", ["confidence", "paired", "all_pairs", "agreement_samples", "jobs", "progress"])
def test_only_the_specs_are_keywords(keyword: str) -> None:
    with pytest.raises(TypeError, match=f"unexpected keyword argument '{keyword}'"):
        compare(SYSTEMS, REFS, metrics=["bleu"], **{keyword: True})  # type: ignore[arg-type]


def test_the_new_spelling_warns_nothing() -> None:
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        compare(SYSTEMS, REFS, metrics=["bleu"], interval=Bootstrap(n=20), test=PairedBootstrap(n=20))


@pytest.mark.parametrize("test", [PairedBootstrap(n=30), Randomization(n=30)])
def test_one_result_shape_for_both_kinds_of_pairs(test: PairedBootstrap) -> None:
    against_baseline = compare(SYSTEMS, REFS, metrics=["bleu", "chrf"], test=test)
    every_pair = compare(SYSTEMS, REFS, metrics=["bleu", "chrf"], test=dataclasses.replace(test, pairs="all"))
    assert type(against_baseline) is type(every_pair) is ResultTable
    assert against_baseline.baseline == every_pair.baseline == "a"
    assert len(against_baseline.tests) == 2 * 2 and len(every_pair.tests) == 3 * 2
    for system in ("b", "c"):
        for metric in ("BLEU", "chrF2"):
            one, other = against_baseline.paired_result(system, metric), every_pair.paired_result(system, metric)
            assert one is not None and one == other and one in against_baseline.tests and other in every_pair.tests
    assert every_pair.paired_result("a", "BLEU") is None and against_baseline.paired_result("a", "BLEU") is None
    assert compare(SYSTEMS, REFS, metrics=["bleu"]).tests == ()
