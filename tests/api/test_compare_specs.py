"""compare's specs: what they accept, the old keywords they replace, and one result shape."""

from __future__ import annotations

import dataclasses
import inspect
import math
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


def _same(left: ResultTable, right: ResultTable) -> None:
    """Equal tables; correlations compared with NaN equal to NaN."""
    for field in dataclasses.fields(ResultTable):
        if field.name != "correlations":
            assert getattr(left, field.name) == getattr(right, field.name), field.name
    assert len(left.correlations) == len(right.correlations)
    for one, other in zip(left.correlations, right.correlations):
        for name in ("value", "low", "high"):
            x, y = getattr(one, name), getattr(other, name)
            assert x == y or (math.isnan(x) and math.isnan(y))


def _old(**keywords: object) -> ResultTable:
    with pytest.warns(DeprecationWarning) as caught:
        table = compare(SYSTEMS, REFS, metrics=["bleu", "chrf"], **keywords)  # type: ignore[arg-type]
    assert len(caught) == 1
    return table


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
    ("old", "new"),
    [
        ({"confidence": True, "confidence_samples": 40}, {"interval": Bootstrap(n=40)}),
        (
            {"confidence": True, "paired": "bs", "paired_samples": 40, "baseline": "b"},
            {"interval": Bootstrap(), "test": PairedBootstrap(n=40, baseline="b")},
        ),
        (
            {"paired": "ar", "paired_samples": 30, "all_pairs": True, "correction": "holm"},
            {"test": Randomization(n=30, pairs="all", correction="holm")},
        ),
        (
            {"agreement": True, "agreement_samples": 20, "jobs": 2},
            {"agreement": Agreement(n=20), "run": RunOptions(paired_jobs=2)},
        ),
    ],
)
def test_the_old_keywords_give_the_same_table_with_a_warning(old: dict[str, object], new: dict[str, object]) -> None:
    with pytest.warns(
        DeprecationWarning, match=r"is deprecated and goes in the next release: write compare\("
    ) as caught:
        table = compare(SYSTEMS, REFS, metrics=["bleu", "chrf"], **old)  # type: ignore[arg-type]
    for name, spec in new.items():
        spelled = "run=RunOptions(paired_jobs=2)" if name == "run" else f"{name}={spec!r}"
        assert spelled in str(caught[0].message)
    assert caught[0].filename == __file__  # the warning points at the caller
    _same(table, compare(SYSTEMS, REFS, metrics=["bleu", "chrf"], **new))  # type: ignore[arg-type]


def test_the_old_keywords_keep_their_old_checks() -> None:
    cases = [
        ({"paired": "xx"}, "paired must be 'bs', 'ar' or None"),
        ({"all_pairs": True}, "need a paired test"),
        ({"correction": "holm"}, "need a paired test"),
        ({"paired": "bs", "correction": "bonferroni"}, "correction must be 'holm' or None"),
        (
            {"confidence": True, "confidence_samples": 500, "paired": "bs", "paired_samples": 200},
            r"confidence_samples \(500\) and paired_samples \(200\) must be equal",
        ),
    ]
    for old, message in cases:
        with warnings.catch_warnings():
            warnings.simplefilter("ignore", DeprecationWarning)
            with pytest.raises(InvalidOptionError, match=message):
                compare(SYSTEMS, REFS, metrics=["bleu"], **old)  # type: ignore[arg-type]


def test_old_and_new_keywords_for_one_thing_do_not_mix() -> None:
    with pytest.raises(TypeError, match="give test= or the old paired, not both"):
        compare(SYSTEMS, REFS, metrics=["bleu"], test=Randomization(), paired="ar")  # type: ignore[call-arg]
    with pytest.raises(TypeError, match="unexpected keyword argument 'pairs'"):
        compare(SYSTEMS, REFS, metrics=["bleu"], pairs="all")  # type: ignore[call-arg]


def test_old_sample_counts_without_their_analysis_are_ignored_as_before() -> None:
    with pytest.warns(DeprecationWarning):
        table = compare(SYSTEMS, REFS, metrics=["bleu"], agreement_samples=5, paired_samples=5, confidence_samples=5)  # type: ignore[arg-type]
    assert table.correlations == () and table.tests == () and table.intervals is None
    with pytest.raises(TypeError, match="give agreement= or the old agreement_samples, not both"):
        compare(SYSTEMS, REFS, metrics=["bleu"], agreement=Agreement(), agreement_samples=5)  # type: ignore[call-arg]
    with pytest.warns(DeprecationWarning, match=r"write compare\(agreement=Agreement\(n=5\)"):
        kept = compare(SYSTEMS, REFS, metrics=["bleu", "chrf"], agreement=Agreement(n=5), jobs=1)  # type: ignore[call-arg]
    assert len(kept.correlations) == 3


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
