"""Unit tests of the orchestration helpers ``compare_to_baseline`` and ``compare_all_pairs``."""

from __future__ import annotations

from typing import Any, ClassVar

import numpy as np
import pytest

from simpeval.exceptions import InputLengthMismatchError, InvalidInputError, InvalidOptionError, InvalidValueError
from simpeval.metrics.base import Metric
from simpeval.metrics.score import Score, Signature
from simpeval.significance import (
    PairedResult,
    compare_all_pairs,
    compare_to_baseline,
    holm_bonferroni,
    paired_approximate_randomization,
    paired_bootstrap,
)


class ToyAccuracy(Metric):
    """Exact-match accuracy; statistics per segment are ``[match, 1]``."""

    name: ClassVar[str] = "Acc"

    def extract_stats(self, hypotheses: list[str], references: list[list[str]], sources: list[str] | None) -> Any:
        return np.array([[float(h in refs), 1.0] for h, refs in zip(hypotheses, references)])

    def score_from_stats(self, stats: Any, signature: Signature | None = None) -> Score:
        return Score("Acc", 100.0 * float(stats[0]) / float(stats[1]), signature or self.get_signature())

    def signature_fields(self) -> list[tuple[str, Any]]:
        return []


def score_fn(v: np.ndarray) -> float:
    return 100.0 * float(v[0]) / float(v[1])


@pytest.fixture
def systems() -> dict[str, np.ndarray]:
    rng = np.random.default_rng(0)
    accuracy = {"base": 0.5, "a": 0.55, "b": 0.8, "c": 0.5}
    return {name: np.column_stack([(rng.random(60) < p).astype(float), np.ones(60)]) for name, p in accuracy.items()}


def test_compare_to_baseline_runs_the_paired_bootstrap(systems: dict[str, np.ndarray]) -> None:
    results = {r.system: r for r in compare_to_baseline(ToyAccuracy(), systems, "base", "bs", n_samples=300, seed=7)}
    assert list(results) == ["a", "b", "c"]
    for name, result in results.items():
        single = paired_bootstrap(systems["base"], systems[name], score_fn, n_samples=300, seed=7)
        assert result == PairedResult(
            system=name,
            baseline="base",
            metric="Acc",
            test="bs",
            p_value=single.p_value,
            n_samples=300,
            seed=7,
            mean=single.mean,
            ci=single.ci,
        )
    assert results["b"].significant() and not results["c"].significant()


def test_compare_to_baseline_runs_approximate_randomization(systems: dict[str, np.ndarray]) -> None:
    results = {r.system: r for r in compare_to_baseline(ToyAccuracy(), systems, "a", "ar", n_samples=300)}
    assert list(results) == ["base", "b", "c"]
    for name, result in results.items():
        single = paired_approximate_randomization(systems["a"], systems[name], score_fn, n_samples=300, seed=12345)
        assert result.p_value == single.p_value
        assert (result.test, result.n_samples, result.seed, result.mean, result.ci) == ("ar", 300, 12345, None, None)


@pytest.mark.slow
@pytest.mark.parametrize(("test", "n"), [("bs", 1000), ("ar", 10000)])
def test_default_sample_sizes_are_sacrebleus(test: str, n: int) -> None:
    stats = {"x": np.array([[1.0, 1.0], [0.0, 1.0]]), "y": np.array([[1.0, 1.0], [1.0, 1.0]])}
    (result,) = compare_to_baseline(ToyAccuracy(), stats, "x", test)
    assert result.n_samples == n


def test_holm_correction_over_the_family(systems: dict[str, np.ndarray]) -> None:
    raw = compare_to_baseline(ToyAccuracy(), systems, "base", "ar", n_samples=200)
    corrected = compare_to_baseline(ToyAccuracy(), systems, "base", "ar", n_samples=200, correction="holm")
    expected = holm_bonferroni([r.p_value for r in raw])
    assert [r.corrected_p_value for r in corrected] == expected
    assert all(r.correction == "holm" for r in corrected)
    assert all(r.corrected_p_value is None and r.correction is None for r in raw)
    assert [r.p_value for r in corrected] == [r.p_value for r in raw]
    assert [r.reported_p_value for r in corrected] == expected


def test_compare_all_pairs_tests_every_unordered_pair_once(systems: dict[str, np.ndarray]) -> None:
    results = compare_all_pairs(ToyAccuracy(), systems, "bs", n_samples=100, correction="holm")
    pairs = [(r.baseline, r.system) for r in results]
    assert pairs == [("base", "a"), ("base", "b"), ("base", "c"), ("a", "b"), ("a", "c"), ("b", "c")]
    for r in results:
        assert r.p_value == paired_bootstrap(systems[r.baseline], systems[r.system], score_fn, n_samples=100).p_value
    assert [r.corrected_p_value for r in results] == holm_bonferroni([r.p_value for r in results])


def test_metric_name_labels_the_results(systems: dict[str, np.ndarray]) -> None:
    results = compare_all_pairs(ToyAccuracy(), systems, "ar", n_samples=10, metric_name="Acc (toy)")
    assert {r.metric for r in results} == {"Acc (toy)"}
    results_by_system = compare_to_baseline(ToyAccuracy(), systems, "a", "ar", n_samples=10, metric_name="X")
    assert {r.metric for r in results_by_system} == {"X"}


def test_works_with_a_real_metric() -> None:
    from simpeval import BLEU

    bleu = BLEU()
    refs = [["The cat sat on the mat .", "It is raining today .", "He left early ."]]
    outputs = {"base": ["A cat sat .", "Rain today .", "He went ."], "new": [r for r in refs[0]]}
    stats = {name: bleu.corpus_stats(hyps, refs) for name, hyps in outputs.items()}
    (result,) = compare_to_baseline(bleu, stats, "base", "bs", n_samples=50)
    assert result.system == "new"
    assert result.metric == "BLEU" and result.ci is not None and result.ci.high == pytest.approx(100.0)


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        (
            {"baseline": "nope"},
            InvalidOptionError,
            r"baseline must be one of the systems \('x', 'y', 'z'\) \(got 'nope'\)",
        ),
        ({"test": "t"}, InvalidOptionError, r"test must be 'bs' \(paired bootstrap\) or 'ar' .* \(got 't'\)"),
        ({"correction": "bonferroni"}, InvalidOptionError, r"correction must be None or 'holm' \(got 'bonferroni'\)"),
        ({"n_samples": 0}, InvalidOptionError, r"n_samples must be an integer >= 1 \(got 0\)"),
        ({"seed": -1}, InvalidOptionError, r"seed must be an integer >= 0"),
        ({"stats_by_system": {"x": np.ones((3, 2))}}, InvalidValueError, r"at least two systems \(got 1\)"),
        ({"stats_by_system": [np.ones((3, 2))] * 2}, InvalidInputError, r"must be a mapping .* \(got list\)"),
        (
            {"stats_by_system": {"x": np.ones((3, 2)), "y": np.ones((4, 2))}},
            InputLengthMismatchError,
            r"stats_by_system\['x'\] and stats_by_system\['y'\] must have the same number of segments \(got 3 and 4\)",
        ),
        (
            {"stats_by_system": {"x": np.ones((3, 2)), "y": np.ones(3)}},
            InvalidValueError,
            r"stats_by_system\['y'\] must be a 2-D",
        ),
    ],
)
def test_invalid_arguments_raise_typed_errors(kwargs: dict[str, Any], error: type, message: str) -> None:
    arguments: dict[str, Any] = {
        "metric": ToyAccuracy(),
        "stats_by_system": {name: np.ones((3, 2)) for name in "xyz"},
        "baseline": "x",
        "test": "bs",
        "n_samples": 10,
        **kwargs,
    }
    with pytest.raises(error, match=message) as info:
        compare_to_baseline(**arguments)
    assert str(info.value).startswith("compare_to_baseline: ")
