"""Unit tests of ``bootstrap_ci``, ``half_width`` and the resampling machinery."""

from __future__ import annotations

import statistics
from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from simpeval.engines import resample
from simpeval.exceptions import InvalidInputError, InvalidOptionError, InvalidValueError, SimpevalError
from simpeval.significance import ConfidenceInterval, bootstrap_ci, half_width


def accuracy(v: np.ndarray) -> float:
    """A toy metric over (correct, total) statistics."""
    return 100.0 * float(v[0]) / float(v[1]) if v[1] else 0.0


def integer_stats(max_segments: int = 30, max_stats: int = 4) -> st.SearchStrategy[np.ndarray]:
    shapes = st.tuples(st.integers(1, max_segments), st.integers(1, max_stats))
    return shapes.flatmap(lambda shape: arrays(np.float64, shape, elements=st.integers(0, 50).map(float)))


def weighted(v: np.ndarray) -> float:
    return float(np.dot(v, np.arange(1, len(v) + 1))) / (1.0 + float(v.sum()))


class Recorder:
    """A score function that remembers every vector it scored."""

    def __init__(self) -> None:
        self.scores: list[float] = []

    def __call__(self, v: np.ndarray) -> float:
        score = weighted(v)
        self.scores.append(score)
        return score


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(stats=integer_stats(), seed=st.integers(0, 2**32), n=st.integers(1, 60))
def test_bootstrap_ci_is_deterministic_given_a_seed(stats: np.ndarray, seed: int, n: int) -> None:
    first = bootstrap_ci(stats, weighted, n_samples=n, seed=seed)
    assert bootstrap_ci(stats, weighted, n_samples=n, seed=seed) == first
    assert bootstrap_ci(stats, weighted, n_samples=n, seed=seed, rng=np.random.default_rng(seed)) == first
    assert (first.n_samples, first.seed, first.level) == (n, seed, 0.95)
    assert first.low <= first.high
    if n < 40:  # no order statistic is trimmed: the interval is [min, max]
        assert first.low <= first.mean <= first.high


@pytest.mark.parametrize("n", [1, 39, 40, 200, 1000, 1001])
def test_interval_is_sacrebleus_order_statistics_and_mean(n: int) -> None:
    """low/high are the n//40-th and (n - n//40 - 1)-th sorted scores, mean statistics.mean."""
    stats = np.random.default_rng(7).integers(0, 20, size=(25, 3)).astype(float)
    recorder = Recorder()
    ci = bootstrap_ci(stats, recorder, n_samples=n, seed=3)
    scores = sorted(recorder.scores)
    assert len(scores) == n
    assert (ci.low, ci.high) == (scores[n // 40], scores[n - n // 40 - 1])
    assert ci.mean == statistics.mean(scores)
    assert half_width(ci) == 0.5 * (scores[n - n // 40 - 1] - scores[n // 40])


def test_draws_are_sacrebleus() -> None:
    """Resample r is row r of default_rng(seed).choice(n_segments, (n, n_segments))."""
    stats = np.random.default_rng(1).integers(0, 9, size=(17, 2)).astype(float)
    recorder = Recorder()
    bootstrap_ci(stats, recorder, n_samples=50, seed=12345)
    idx = np.random.default_rng(12345).choice(17, size=(50, 17), replace=True)
    assert recorder.scores == [weighted(stats[row].sum(axis=0)) for row in idx]


@pytest.mark.parametrize(("level", "lower"), [(0.95, 25), (0.9, 50), (0.99, 5), (0.5, 250)])
def test_level_sets_the_trimmed_fraction(level: float, lower: int) -> None:
    stats = np.random.default_rng(2).integers(0, 20, size=(30, 2)).astype(float)
    recorder = Recorder()
    ci = bootstrap_ci(stats, recorder, n_samples=1000, seed=5, level=level)
    scores = sorted(recorder.scores)
    assert (ci.low, ci.high, ci.level) == (scores[lower], scores[999 - lower], level)


def test_interval_indices_equal_sacrebleus_for_95_percent() -> None:
    for n in range(1, 5000):
        assert resample.interval_indices(n, Fraction(19, 20)) == (n // 40, n - n // 40 - 1)


def test_constant_segments_give_a_degenerate_interval() -> None:
    stats = np.tile([3.0, 4.0], (12, 1))
    ci = bootstrap_ci(stats, accuracy, n_samples=100)
    assert ci == ConfidenceInterval(low=75.0, high=75.0, mean=75.0, level=0.95, n_samples=100, seed=12345)
    assert half_width(ci) == 0.0


@pytest.mark.slow
@settings(max_examples=40, deadline=None)
@given(stats=integer_stats(), seed=st.integers(0, 2**32), n=st.integers(1, 40), block=st.integers(1, 64))
def test_blockwise_float64_sums_are_exact_and_use_sacrebleus_draws(
    stats: np.ndarray, seed: int, n: int, block: int
) -> None:
    """Drawn and summed block by block (any block size), the resampled sums are exactly
    those of sacrebleu's single draw, for integer statistics."""
    idx = np.random.default_rng(seed).choice(len(stats), size=(n, len(stats)), replace=True)
    expected = np.array([stats[row].sum(axis=0) for row in idx])
    original = resample._BLOCK_ELEMENTS
    resample._BLOCK_ELEMENTS = block
    try:
        (sums,) = resample.bootstrap_sums(np.random.default_rng(seed), n, [stats], np.dtype(np.float64))
    finally:
        resample._BLOCK_ELEMENTS = original
    assert sums.dtype == np.float64
    assert np.array_equal(sums, expected)


def test_float32_sums_are_sacrebleus() -> None:
    """dtype=float32: statistics rounded to float32, each resample summed with .sum(0) in float32."""
    stats = np.random.default_rng(4).random((40, 2)) * 30  # non-integer, like TER's reference lengths
    idx = np.random.default_rng(12345).choice(40, size=(100, 40), replace=True)
    sums = resample.resampled_sums(stats, idx, np.dtype(np.float32))
    as_sacrebleu = np.array(stats, dtype="float32")[idx]
    assert sums.dtype == np.float32
    assert np.array_equal(sums, np.array([s.sum(0) for s in as_sacrebleu]))
    # ... which is not the float64 sum: that is what sacrebleu's TER intervals round.
    assert not np.array_equal(sums, resample.resampled_sums(stats, idx, np.dtype(np.float64)))


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(
    n=st.integers(1, 60),
    width=st.integers(1, 5),
    scale=st.sampled_from([1, 50, 10_000, 2**24 // 40, 2**24]),
    seed=st.integers(0, 2**16),
)
def test_float32_sums_of_integer_statistics_take_the_exact_path(n: int, width: int, scale: int, seed: int) -> None:
    """Integer statistics: the float64 product, rounded, equals sacrebleu's float32 .sum(0) -
    and near or beyond 2**24, where float32 sums are inexact, the sequential path is used."""
    rng = np.random.default_rng(seed)
    stats = rng.integers(0, scale + 1, size=(n, width)).astype(np.float64)
    idx = rng.integers(0, n, size=(30, n))
    sums = resample.resampled_sums(stats, idx, np.dtype(np.float32))
    as_sacrebleu = np.array(stats, dtype="float32")[idx]
    assert sums.dtype == np.float32
    assert np.array_equal(sums, np.array([s.sum(0) for s in as_sacrebleu]))


def test_score_fn_gets_each_resample_in_the_chosen_dtype() -> None:
    seen: list[Any] = []
    stats = np.ones((5, 2))
    bootstrap_ci(stats, lambda v: seen.append(v.dtype) or 1.0, n_samples=3, dtype=np.float32)
    bootstrap_ci(stats, lambda v: seen.append(v.dtype) or 1.0, n_samples=3)
    assert seen == [np.float32] * 3 + [np.float64] * 3


@pytest.mark.parametrize(
    ("kwargs", "error", "message"),
    [
        (
            {"stats": [1.0, 2.0]},
            InvalidValueError,
            r"must be a 2-D array .* \(got shape \(2,\)\)\. Pass the per-segment rows",
        ),
        ({"stats": np.zeros((0, 2))}, InvalidValueError, r"at least one segment .* \(got shape \(0, 2\)\)"),
        ({"stats": [[1.0, float("nan")]]}, InvalidValueError, r"stats must hold finite numbers only"),
        ({"stats": [["a", "b"]]}, InvalidInputError, r"stats must be a numeric array"),
        ({"n_samples": 0}, InvalidOptionError, r"n_samples must be an integer >= 1 \(got 0\)"),
        ({"n_samples": 10.0}, InvalidOptionError, r"n_samples must be an integer >= 1 \(got 10\.0\)"),
        ({"n_samples": True}, InvalidOptionError, r"n_samples must be an integer"),
        ({"seed": -1}, InvalidOptionError, r"seed must be an integer >= 0 \(got -1\)"),
        ({"seed": "12345"}, InvalidOptionError, r"seed must be an integer >= 0 \(got '12345'\)"),
        ({"level": 1.0}, InvalidOptionError, r"level must be strictly between 0 and 1, e\.g\. 0\.95 \(got 1\.0\)"),
        ({"level": "95%"}, InvalidOptionError, r"level must be a number"),
        ({"dtype": np.int64}, InvalidOptionError, r"dtype must be numpy\.float64 or numpy\.float32"),
        ({"rng": 12345}, InvalidInputError, r"rng must be a numpy\.random\.Generator or None \(got int\)"),
    ],
)
def test_invalid_arguments_raise_typed_errors(kwargs: dict[str, Any], error: type, message: str) -> None:
    arguments: dict[str, Any] = {"stats": np.ones((4, 2)), "score_fn": accuracy, **kwargs}
    with pytest.raises(error, match=message) as info:
        bootstrap_ci(**arguments)
    assert isinstance(info.value, SimpevalError)
    assert str(info.value).startswith("bootstrap_ci: ")
