"""Unit tests of ``paired_bootstrap`` and ``paired_approximate_randomization``.

The reference implementations below are written from the definitions (one resample or trial
at a time, plain loops) and must agree exactly with the vectorised ones. The definition is
sacrebleu's, except that a zero observed difference gives p = 1 (sacrebleu
2.6.0 gives 1 / (n + 1) there, which reports a copy of the baseline as significant).
"""

from __future__ import annotations

import inspect
from typing import Any

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from simpeval.defaults import PAIRED_SAMPLES
from simpeval.engines import resample
from simpeval.exceptions import InputLengthMismatchError, InvalidOptionError, InvalidValueError, SimpevalError
from simpeval.significance import (
    PairedResult,
    paired_approximate_randomization,
    paired_bootstrap,
)


def weighted(v: np.ndarray) -> float:
    return float(np.dot(v, np.arange(1, len(v) + 1))) / (1.0 + float(v.sum()))


@st.composite
def stats_pairs(draw: Any) -> tuple[np.ndarray, np.ndarray]:
    shape = (draw(st.integers(1, 25)), draw(st.integers(1, 4)))
    elements = st.integers(0, 30).map(float)
    return draw(arrays(np.float64, shape, elements=elements)), draw(arrays(np.float64, shape, elements=elements))


def reference_bootstrap(base: np.ndarray, system: np.ndarray, n: int, seed: int) -> tuple[float, float, float, float]:
    idx = np.random.default_rng(seed).choice(len(base), size=(n, len(base)), replace=True)
    b = np.array([weighted(base[row].sum(axis=0)) for row in idx])
    s = np.array([weighted(system[row].sum(axis=0)) for row in idx])
    observed = abs(weighted(base.sum(axis=0)) - weighted(system.sum(axis=0)))
    d = np.abs(s - b)
    count = sum(1 for x in d - d.mean() if x > observed)
    ordered = np.sort(s)
    p = 1.0 if observed == 0 else (count + 1) / (n + 1)
    return p, float(ordered.mean()), float(ordered[n // 40]), float(ordered[n - n // 40 - 1])


def reference_ar(base: np.ndarray, system: np.ndarray, n: int, seed: int) -> float:
    keep = np.random.default_rng(seed).integers(2, size=(n, len(base)), dtype=bool)
    observed = abs(weighted(base.sum(axis=0)) - weighted(system.sum(axis=0)))
    count = 0
    for mask in keep:
        a = np.where(mask[:, None], base, system).sum(axis=0)
        b = np.where(mask[:, None], system, base).sum(axis=0)
        count += abs(weighted(a) - weighted(b)) > observed
    return 1.0 if observed == 0 else (count + 1) / (n + 1)


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(pair=stats_pairs(), seed=st.integers(0, 2**32), n=st.integers(1, 60))
def test_paired_bootstrap_follows_its_definition(pair: tuple[np.ndarray, np.ndarray], seed: int, n: int) -> None:
    base, system = pair
    result = paired_bootstrap(base, system, weighted, n_samples=n, seed=seed)
    p, mean, low, high = reference_bootstrap(base, system, n, seed)
    assert (result.p_value, result.mean, result.ci.low, result.ci.high) == (p, mean, low, high)
    assert (result.ci.mean, result.ci.n_samples, result.ci.seed) == (mean, n, seed)
    assert round(result.p_value * (n + 1)) in range(1, n + 2)  # p = (c + 1) / (n + 1)
    assert paired_bootstrap(base, system, weighted, n_samples=n, seed=seed) == result  # deterministic
    assert paired_bootstrap(base, system, weighted, n_samples=n, seed=seed, rng=np.random.default_rng(seed)) == result
    assert paired_bootstrap(system, base, weighted, n_samples=n, seed=seed).p_value == result.p_value  # symmetric


@pytest.mark.slow
@settings(max_examples=30, deadline=None)
@given(pair=stats_pairs(), seed=st.integers(0, 2**32), n=st.integers(1, 60))
def test_paired_ar_follows_its_definition(pair: tuple[np.ndarray, np.ndarray], seed: int, n: int) -> None:
    base, system = pair
    p = paired_approximate_randomization(base, system, weighted, n_samples=n, seed=seed).p_value
    assert p == reference_ar(base, system, n, seed)
    assert 1 / (n + 1) <= p <= 1
    assert paired_approximate_randomization(base, system, weighted, n_samples=n, seed=seed).p_value == p
    assert (
        paired_approximate_randomization(
            base, system, weighted, n_samples=n, seed=seed, rng=np.random.default_rng(seed)
        ).p_value
        == p
    )
    assert paired_approximate_randomization(system, base, weighted, n_samples=n, seed=seed).p_value == p  # symmetric


@pytest.mark.parametrize("n_segments", [1, 7, 30, 64, 100])
def test_blockwise_randomization_draws_equal_one_draw(n_segments: int, monkeypatch: pytest.MonkeyPatch) -> None:
    """Masks drawn in blocks of whole 32-bit words are sacrebleu's single draw.

    Integer statistics, so that the sums are exact whatever the blocks: BLAS products of
    non-integer statistics can change in the last bits with the number of rows."""
    rng = np.random.default_rng(5)
    base, system = (
        rng.integers(0, 99, (n_segments, 2)).astype(float),
        rng.integers(0, 99, (n_segments, 2)).astype(float),
    )
    keep = np.random.default_rng(12345).integers(2, size=(101, n_segments), dtype=bool)
    expected = (keep @ base + ~keep @ system, ~keep @ base + keep @ system)
    for block in (1, 33, 100, 10**6):
        monkeypatch.setattr(resample, "_AR_BLOCK_ELEMENTS", block)
        pseudo_a, pseudo_b = resample.randomization_sums(np.random.default_rng(12345), 101, base, system)
        assert np.array_equal(pseudo_a, expected[0]) and np.array_equal(pseudo_b, expected[1]), block


@pytest.mark.parametrize("n", [1, 10, 1000])
def test_identical_systems_get_p_one(n: int) -> None:
    """A zero observed difference is no evidence of a difference: p = 1.

    This test used to assert sacrebleu's p = (0 + 1) / (n + 1) (sacrebleu 2.6.0 counts statistics
    *strictly* above the observed difference, which is never true when it is 0), which reported a
    copy of the baseline as significantly different; simpeval departs from sacrebleu here only."""
    stats = np.random.default_rng(0).integers(0, 10, size=(20, 3)).astype(float)
    bs = paired_bootstrap(stats, stats, weighted, n_samples=n)
    ar = paired_approximate_randomization(stats, stats, weighted, n_samples=n)
    assert bs.p_value == ar.p_value == 1.0
    assert not bs.significant() and not ar.significant()


def test_equal_scores_of_different_outputs_get_p_one() -> None:
    """The rule is on the observed score difference, not on identical statistics."""
    stats = np.random.default_rng(1).integers(1, 10, size=(20, 3)).astype(float)
    assert paired_approximate_randomization(stats, stats[::-1].copy(), weighted, n_samples=100).p_value == 1.0
    assert paired_bootstrap(stats, stats[::-1].copy(), weighted, n_samples=100).p_value == 1.0


def test_clearly_different_systems_are_significant() -> None:
    base = np.array([[0.0, 1.0]] * 30 + [[1.0, 1.0]] * 10)
    system = np.array([[1.0, 1.0]] * 38 + [[0.0, 1.0]] * 2)

    def accuracy(v: np.ndarray) -> float:
        return 100 * v[0] / v[1]

    result = paired_bootstrap(base, system, accuracy, n_samples=500)
    assert result.p_value == 1 / 501
    assert result.ci is not None and result.mean is not None
    assert result.ci.low <= result.mean <= result.ci.high and 80 < result.mean < 100
    assert paired_approximate_randomization(base, system, accuracy, n_samples=500).p_value == 1 / 501


def test_every_paired_test_returns_one_result_type() -> None:
    stats = np.ones((3, 2))
    result = paired_bootstrap(stats, stats, weighted, n_samples=5, seed=9, system="s", baseline="b", metric="M")
    assert isinstance(result, PairedResult)
    assert (result.test, result.system, result.baseline, result.metric) == ("bs", "s", "b", "M")
    assert result.ci is not None and (result.ci.n_samples, result.ci.seed, result.ci.level) == (5, 9, 0.95)
    ar = paired_approximate_randomization(stats, stats, weighted, n_samples=5, seed=9)
    assert isinstance(ar, PairedResult) and (ar.test, ar.n_samples, ar.seed, ar.mean, ar.ci) == ("ar", 5, 9, None, None)


def test_defaults_are_sacrebleus() -> None:
    assert dict(PAIRED_SAMPLES) == {"bs": 1000, "ar": 10000}
    bs = inspect.signature(paired_bootstrap).parameters
    ar = inspect.signature(paired_approximate_randomization).parameters
    assert (bs["n_samples"].default, bs["seed"].default) == (1000, 12345)
    assert (ar["n_samples"].default, ar["seed"].default) == (10000, 12345)


def test_float32_mode_rounds_the_resampled_sums() -> None:
    seen: list[Any] = []
    stats = np.full((4, 2), 0.1)
    paired_bootstrap(stats, stats, lambda v: seen.append(v.copy()) or 0.0, n_samples=2, dtype=np.float32)
    # 2 + 2 resamples in float32, then the two full corpora, unrounded (float64) as in sacrebleu.
    assert [v.dtype for v in seen] == [np.float32] * 4 + [np.float64] * 2
    assert seen[0][0] == np.float32(0.1) + np.float32(0.1) + np.float32(0.1) + np.float32(0.1)
    assert seen[-1][0] == 0.1 + 0.1 + 0.1 + 0.1


@pytest.mark.parametrize("test", [paired_bootstrap, paired_approximate_randomization])
@pytest.mark.parametrize(
    ("base", "system", "error", "message"),
    [
        (
            np.ones((4, 2)),
            np.ones((5, 2)),
            InputLengthMismatchError,
            r"baseline_stats and system_stats must have the same number of segments \(got 4 and 5\)",
        ),
        (np.ones((4, 2)), np.ones((4, 3)), InvalidValueError, r"same number of statistics per segment \(got 2 and 3\)"),
        (np.ones(4), np.ones((4, 2)), InvalidValueError, r"baseline_stats must be a 2-D array"),
        (np.ones((4, 2)), [[1, np.inf]] * 4, InvalidValueError, r"system_stats must hold finite numbers only"),
    ],
)
def test_invalid_statistics_raise_typed_errors(test: Any, base: Any, system: Any, error: type, message: str) -> None:
    with pytest.raises(error, match=message) as info:
        test(base, system, weighted, n_samples=10)
    assert isinstance(info.value, SimpevalError)
    assert str(info.value).startswith(f"{test.__name__}: ")


def test_invalid_options_raise_typed_errors() -> None:
    stats = np.ones((4, 2))
    message = r"paired_approximate_randomization: n_samples must be an integer >= 1 \(got 0\)"
    with pytest.raises(InvalidOptionError, match=message):
        paired_approximate_randomization(stats, stats, weighted, n_samples=0)
    with pytest.raises(InvalidOptionError, match=r"paired_bootstrap: seed must be an integer >= 0 \(got -5\)"):
        paired_bootstrap(stats, stats, weighted, n_samples=10, seed=-5)
    with pytest.raises(InvalidOptionError, match=r"paired_bootstrap: level must be strictly between 0 and 1"):
        paired_bootstrap(stats, stats, weighted, n_samples=10, level=0)
    with pytest.raises(ValueError):  # typed errors are also the builtin ones
        paired_bootstrap(stats, stats, weighted, n_samples=-1)


@pytest.mark.parametrize("dtype", [np.float64, np.float32])
def test_paired_bootstraps_equal_separate_calls(dtype: type) -> None:
    """Each system resampled once for all pairs: the same results as one call per pair."""
    from simpeval.significance.paired import paired_bootstraps

    rng = np.random.default_rng(3)
    systems = {
        "base": rng.integers(0, 20, size=(50, 3)).astype(np.float64),
        "a": rng.integers(0, 20, size=(50, 3)).astype(np.float64),
        "b": rng.random((50, 3)) * 7,  # non-integer: the sequential float32 path
    }

    def score(v: np.ndarray) -> float:
        return float(100 * v[0] / (1 + v[1] + v[2]))

    pairs = [("base", "a"), ("base", "b"), ("a", "b")]
    together = paired_bootstraps(systems, pairs, score, 300, 7, dtype=dtype)
    separate = [paired_bootstrap(systems[x], systems[y], score, n_samples=300, seed=7, dtype=dtype) for x, y in pairs]
    assert together == separate
