"""Ratings: the HumanRatings value, and the registered sets (served by the loopback mirror)."""

from __future__ import annotations

import csv
import statistics
from collections import defaultdict
from pathlib import Path
from types import SimpleNamespace

import numpy as np
import pytest

from simpeval.exceptions import InvalidOptionError, InvalidValueError
from simpeval.metaeval import HumanRatings, from_registry
from simpeval.metaeval.ratings import ASSET_SYSTEM, rater_zscores

from .conftest import Upstream


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        (((0, 1), ("a",), ("x", "y"), (1.0, 2.0)), "one entry per rating"),
        (((), (), (), ()), "one entry per rating"),
        (((0, -1), ("a", "a"), ("x", "y"), (1.0, 2.0)), "rating 1: segment must be a line index >= 0"),
        (((0, 1), ("a", "a"), ("x", "y"), (1.0, float("inf"))), "rating 1: score must be a finite number"),
        (((3, 3), ("a", "a"), ("x", "y"), (1.0, 2.0)), "second rating of segment 3 .*rating 0"),
    ],
)
def test_bad_ratings_are_refused(fields: tuple, message: str) -> None:
    with pytest.raises(InvalidValueError, match=message):
        HumanRatings("mine", "simplicity", *fields)


def test_lists_and_numpy_values_are_taken() -> None:
    ratings = HumanRatings("mine", "s", np.array([2, 0]), ["a", "b"], ["x", "y"], np.array([0.5, 1]))
    assert ratings.segments == (2, 0) and type(ratings.segments[0]) is int
    assert ratings.scores == (0.5, 1.0) and type(ratings.scores[1]) is float and ratings.systems == ("a", "b")
    with pytest.raises(InvalidValueError, match="system and output must be strings"):
        HumanRatings("mine", "s", [0], [1], ["x"], [0.5])


def test_rater_zscores_by_hand() -> None:
    rows = [
        SimpleNamespace(worker_id=w, aspect=a, rating=r)
        for w, a, r in [
            (1, "fluency", 10),
            (1, "fluency", 30),
            (1, "meaning", 50),
            (1, "meaning", 50),
            (2, "fluency", 70),
        ]
    ]
    # rater 1, fluency: mean 20, population std 10; meaning: constant -> 0; rater 2: one rating -> 0
    assert rater_zscores(rows) == [-1.0, 1.0, 0.0, 0.0, 0.0]


def test_unknown_set_and_aspect() -> None:
    with pytest.raises(InvalidOptionError, match="ratings must be one of simplicity-da, asset-human-ratings"):
        from_registry("simplicity")
    with pytest.raises(InvalidOptionError, match="aspect must be one of simplicity, fluency, meaning"):
        from_registry("simplicity-da", "grammar")


def test_simplicity_da_from_the_registry(upstream: Upstream, shared: Path) -> None:
    ratings = from_registry("simplicity-da")
    assert (ratings.name, ratings.aspect, ratings.corpus) == ("simplicity-da", "simplicity_zscore", "asset-test")
    assert len(ratings.scores) == 600 and len(ratings.system_names) == 6
    with open(shared / "human_ratings" / "simplicity_DA.csv", encoding="utf-8", newline="") as handle:
        first = next(csv.DictReader(handle))
    assert ratings.segments[0] == int(first["sent_id"]) - 1 and ratings.scores[0] == float(first["simplicity_zscore"])
    raw = from_registry("simplicity-da", "fluency", zscore=False)
    assert raw.aspect == "fluency" and raw.scores[0] == float(first["fluency"])


def test_asset_ratings_are_the_mean_of_per_rater_zscores(upstream: Upstream, shared: Path) -> None:
    """An independent computation from the shared CSV: z-score within (worker, aspect), average per output."""
    with open(shared / "human_ratings" / "asset_human_ratings.csv", encoding="utf-8", newline="") as handle:
        rows = list(csv.DictReader(handle))
    by_rater = defaultdict(list)
    for r in rows:
        by_rater[r["worker_id"], r["aspect"]].append(float(r["rating"]))
    per_output = defaultdict(list)
    for r in rows:
        if r["aspect"] == "meaning":
            values = by_rater[r["worker_id"], "meaning"]
            per_output[int(r["original_sentence_id"])].append(
                (float(r["rating"]) - statistics.fmean(values)) / statistics.pstdev(values)
            )
    ratings = from_registry("asset-human-ratings", "meaning")
    assert ratings.aspect == "meaning_zscore" and set(ratings.systems) == {ASSET_SYSTEM}
    assert ratings.segments == tuple(sorted(per_output))
    assert ratings.scores == pytest.approx([statistics.fmean(per_output[s]) for s in sorted(per_output)], abs=1e-12)
    assert "mean over 15 raters" in ratings.note
    raw = from_registry("asset-human-ratings", "meaning", zscore=False)
    assert raw.scores[0] == pytest.approx(
        statistics.fmean(
            float(r["rating"])
            for r in rows
            if r["aspect"] == "meaning" and int(r["original_sentence_id"]) == raw.segments[0]
        )
    )
