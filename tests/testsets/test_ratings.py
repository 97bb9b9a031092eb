"""Human-judgment loaders: typed frozen rows, DataFrames, and their errors."""

from __future__ import annotations

import dataclasses
import sys

import pytest

from simpeval.exceptions import InvalidOptionError, MissingDependencyError
from simpeval.testsets import (
    AssetHumanRating,
    SimplicityDAMetrics,
    SimplicityDARating,
    load_asset_human_ratings,
    load_human_ratings,
    load_simplicity_da,
    load_simplicity_da_metrics,
    load_testset,
)

from ..needs import import_module


def _check_types(row: object) -> None:
    for field in dataclasses.fields(row):  # type: ignore[arg-type]
        assert type(getattr(row, field.name)).__name__ == field.type, field.name


def test_simplicity_da_rows(upstream) -> None:
    rows = load_simplicity_da()
    assert isinstance(rows, tuple) and len(rows) == 600
    assert all(isinstance(row, SimplicityDARating) for row in rows)
    for row in rows:
        _check_types(row)
    assert {row.sys_name for row in rows} == {"ACCESS", "DMASS-DCSS", "Dress-Ls", "Hybrid", "PBMT-R", "SBMT-SARI"}
    first = rows[0]
    assert (first.sent_id, first.sys_name, first.sys_type) == (268, "ACCESS", "NeuralSeq2Seq")
    assert first.fluency == pytest.approx(77.4) and first.simplicity_zscore == pytest.approx(0.611059647)
    with pytest.raises(dataclasses.FrozenInstanceError):
        first.fluency = 0.0  # type: ignore[misc]


def test_simplicity_da_sent_id_is_the_1_based_test_line(upstream) -> None:
    sources = load_testset("asset-test").sources
    assert all(sources[row.sent_id - 1] == row.orig_sent for row in load_simplicity_da())


def test_simplicity_da_metrics_rows(upstream) -> None:
    rows = load_simplicity_da_metrics()
    assert len(rows) == 2400 and all(isinstance(row, SimplicityDAMetrics) for row in rows)
    _check_types(rows[0])
    assert {row.test_set for row in rows} == {"asset", "turk", "hsplit", "all"}
    assert rows[0].sari == pytest.approx(47.57991651270721)


def test_asset_human_ratings_rows(upstream) -> None:
    rows = load_asset_human_ratings()
    assert len(rows) == 4500 and all(isinstance(row, AssetHumanRating) for row in rows)
    for row in rows[:50]:
        _check_types(row)
    assert {row.aspect for row in rows} == {"meaning", "fluency", "simplicity"}
    assert all(0 <= row.rating <= 100 for row in rows)
    assert len({row.original_sentence_id for row in rows}) == 100


def test_as_frame(upstream) -> None:
    pandas = import_module("pandas")
    frame = load_human_ratings("asset-human-ratings", as_frame=True)
    assert isinstance(frame, pandas.DataFrame) and frame.shape == (4500, 6)
    assert list(frame.columns) == [f.name for f in dataclasses.fields(AssetHumanRating)]
    assert str(frame["rating"].dtype) == "int64" and frame["original_sentence_id"].iloc[0] == 7
    da = load_simplicity_da(as_frame=True)
    assert str(da["simplicity_zscore"].dtype) == "float64" and len(da) == 600


def test_as_frame_without_pandas_names_the_extra(monkeypatch, upstream) -> None:
    monkeypatch.setitem(sys.modules, "pandas", None)  # makes `import pandas` fail
    with pytest.raises(MissingDependencyError, match=r"simplification-metrics\[pandas\]"):
        load_simplicity_da(as_frame=True)
    assert upstream.requests == []  # failed before downloading anything


def test_a_corpus_is_not_a_rating_set() -> None:
    with pytest.raises(InvalidOptionError, match="load_testset"):
        load_human_ratings("asset-test")
