"""Resampling segments: seeded, paired across systems, the draws of simpeval's other bootstraps."""

from __future__ import annotations

import math

import numpy as np
import pytest

from simpeval.engines.resample import bootstrap_counts
from simpeval.exceptions import InvalidOptionError
from simpeval.metaeval.bootstrap import Resamples, percentile_interval

SEGMENTS = [0, 0, 0, 1, 1, 5, 7, 7, 9]  # ratings of 5 distinct segments, 1 to 3 systems each


def test_same_seed_same_draws_other_seed_other_draws() -> None:
    a, b = Resamples.draw(SEGMENTS, 50, seed=3), Resamples.draw(SEGMENTS, 50, seed=3)
    assert np.array_equal(a.weights, b.weights)
    assert not np.array_equal(a.weights, Resamples.draw(SEGMENTS, 50, seed=4).weights)


def test_the_ratings_of_a_segment_move_together() -> None:
    weights = Resamples.draw(SEGMENTS, 200, seed=1).weights
    for segment in set(SEGMENTS):
        mine = weights[:, [k for k, s in enumerate(SEGMENTS) if s == segment]]
        assert (mine == mine[:, :1]).all()
    # each resample draws 5 segments: the counts of the distinct segments sum to 5
    distinct = weights[:, [0, 3, 5, 6, 8]]
    assert (distinct.sum(axis=1) == 5).all()


def test_draws_are_those_of_every_simpeval_bootstrap() -> None:
    weights = Resamples.draw(SEGMENTS, 30, seed=12345).weights
    assert np.array_equal(weights[:, [0, 3, 5, 6, 8]], bootstrap_counts(12345, 5, 30))


def test_no_resamples_and_bad_counts() -> None:
    assert Resamples.draw(SEGMENTS, 0, seed=1).weights.shape == (0, len(SEGMENTS))
    with pytest.raises(InvalidOptionError, match="n_samples must be an integer >= 1"):
        Resamples.draw(SEGMENTS, -5, seed=1)
    with pytest.raises(InvalidOptionError, match="seed must be an integer >= 0"):
        Resamples.draw(SEGMENTS, 5, seed=-1)


def test_percentile_interval_is_sacrebleus_rule() -> None:
    values = [float(v) for v in range(1000)]
    assert percentile_interval(values[::-1]) == (25.0, 974.0)  # n // 40 and n - n // 40 - 1
    assert percentile_interval([0.3, math.nan, 0.1, 0.2]) == (0.1, 0.3)
    low, high = percentile_interval([math.nan])
    assert math.isnan(low) and math.isnan(high)
