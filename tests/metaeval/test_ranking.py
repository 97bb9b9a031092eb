"""Pairwise system-ranking accuracy and metric agreement."""

from __future__ import annotations

import math

import numpy as np
import pytest

from simpeval.metaeval.ranking import decided_pairs, metric_agreement, pair_signs, ranking_accuracy

HUMAN = [0.5, -0.2, 0.1, 0.1]  # pairs (0,1) (0,2) (0,3) (1,2) (1,3) (2,3): the last is a human tie


def test_pair_signs_follow_the_direction() -> None:
    assert pair_signs([3, 1, 2]).tolist() == [[1, 1, -1]]
    assert pair_signs([3, 1, 2], higher_is_better=False).tolist() == [[-1, -1, 1]]
    assert decided_pairs(HUMAN).tolist() == [[True, True, True, True, True, False]]


def test_accuracy_by_hand() -> None:
    # human order: 0 > 2 = 3 > 1. The metric: 0 > 1 > 2 > 3, wrong on (1,2) and (1,3); (2,3) is not counted
    assert ranking_accuracy([40, 30, 20, 10], HUMAN)[0] == pytest.approx(3 / 5)
    # a tie of the metric is a miss: (0,1) tied, (1,2) and (1,3) wrong, (0,2) and (0,3) right
    assert ranking_accuracy([40, 40, 30, 30], HUMAN)[0] == pytest.approx(2 / 5)
    # TER-like: lower is better
    assert ranking_accuracy([1, 9, 5, 5], HUMAN, higher_is_better=False)[0] == 1.0


def test_rows_and_missing_systems() -> None:
    metric = np.array([[40, 30, 20, 10], [40, math.nan, 20, 10]], dtype=float)
    human = np.array([HUMAN, HUMAN])
    # row 2: system 1 has no rating in that resample: its pairs are not counted, (0,2) and (0,3) are right
    assert ranking_accuracy(metric, human).tolist() == pytest.approx([3 / 5, 1.0])
    assert math.isnan(ranking_accuracy([1, 2], [0.3, 0.3])[0])  # the raters decide no pair


def test_agreement_on_the_same_pairs() -> None:
    # SARI-like and TER-like scores ordering every pair the same way agree fully
    assert metric_agreement([40, 30, 20, 10], [1, 2, 3, 4], HUMAN, True, False)[0] == 1.0
    # they disagree on (0,1) only, among the 5 pairs the raters decide
    assert metric_agreement([40, 30, 20, 10], [30, 40, 20, 10], HUMAN)[0] == pytest.approx(4 / 5)
