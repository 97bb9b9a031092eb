"""``bootstrap_sums`` of several systems: one shared product of the integer matrices, same bits."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from hypothesis.extra.numpy import arrays

from simpeval.engines import resample


def matrices(n_segments: int) -> st.SearchStrategy[list[np.ndarray]]:
    """Systems on ``n_segments`` segments: integer counts, non-integer values or negative integers."""
    integers = st.integers(0, 60).map(float)
    values = st.one_of(integers, st.floats(-5, 5, allow_nan=False), st.integers(-9, 9).map(float))
    one = st.integers(1, 5).flatmap(lambda cols: arrays(np.float64, (n_segments, cols), elements=values))
    return st.lists(one, min_size=1, max_size=5)


@pytest.mark.slow
@settings(max_examples=60, deadline=None)
@given(
    data=st.integers(1, 25).flatmap(matrices),
    seed=st.integers(0, 2**32),
    n=st.integers(1, 50),
    block=st.integers(1, 40),
    single=st.booleans(),
)
def test_each_system_gets_the_sums_of_its_own_call(
    data: list[np.ndarray], seed: int, n: int, block: int, single: bool
) -> None:
    """Scored together, every system's resampled sums are the bits of resampling it alone."""
    dtype = np.dtype(np.float32 if single else np.float64)
    original = resample._BLOCK_ELEMENTS
    resample._BLOCK_ELEMENTS = block
    try:
        together = resample.bootstrap_sums(np.random.default_rng(seed), n, data, dtype)
        alone = [resample.bootstrap_sums(np.random.default_rng(seed), n, [m], dtype)[0] for m in data]
    finally:
        resample._BLOCK_ELEMENTS = original
    for joint, own in zip(together, alone):
        assert joint.dtype == own.dtype == dtype
        assert joint.tobytes() == own.tobytes()


def test_integer_counts_match_the_indexed_sums() -> None:
    """Ten integer systems, sacrebleu's draw: each output is ``stats[row].sum(0)`` for every resample."""
    generator = np.random.default_rng(3)
    systems = [generator.integers(0, 40, size=(37, 9)).astype(np.float64) for _ in range(10)]
    sums = resample.bootstrap_sums(np.random.default_rng(12345), 300, systems, np.dtype(np.float64))
    idx = np.random.default_rng(12345).choice(37, size=(300, 37), replace=True)
    for stats, got in zip(systems, sums):
        assert np.array_equal(got, np.array([stats[row].sum(axis=0) for row in idx]))
