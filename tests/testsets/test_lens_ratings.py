"""LENS's SimpEval sets (Maddela et al., 2023): downloaded from the loopback mirror, checksummed, typed rows."""

from __future__ import annotations

import dataclasses
from collections import Counter

import pytest

from simpeval.testsets import (
    SimpEval2022Rating,
    SimpEvalPastRating,
    SimpWorkerRating,
    TestSetFormatError,
    download,
    get_testset,
    load_human_ratings,
    load_simpda_2022,
    load_simpeval_2022,
    load_simpeval_past,
    load_simplikert_2022,
    load_testset,
)

from ..needs import import_module

SETS = ("simpeval-2022", "simpeval-past", "simpda-2022", "simplikert-2022")
SYSTEMS_2022 = {"GPT-3-zero-shot", "GPT-3-few-shot", "Muss", "T5-3B", "Human 1 Writing", "Human 2 Writing"}


def _check_types(row: object) -> None:
    for field in dataclasses.fields(row):  # type: ignore[arg-type]
        assert type(getattr(row, field.name)).__name__ == field.type, field.name


@pytest.mark.parametrize("name", [*SETS, "simpeval-2022-refs"])
def test_each_set_is_pinned_to_the_lens_commit_and_downloads_checksummed(name: str, upstream) -> None:
    spec = get_testset(name)
    assert spec.citation.startswith("@inproceedings{maddela-etal-2023-lens")
    assert all("/Yao-Dou/LENS/8fa5b149f099f0c75563ee8344a2411b0bffbc37/" in f.url for f in spec.all_files)
    folder = download(name)
    assert sorted(p.name for p in folder.iterdir() if not p.name.startswith(".")) == sorted(
        f.name for f in spec.all_files
    )
    assert len(upstream.requests) == len(spec.all_files)


def test_simpeval_2022_rows(upstream) -> None:
    rows = load_simpeval_2022()
    assert len(rows) == 360 and all(isinstance(r, SimpEval2022Rating) for r in rows)
    for row in rows:
        _check_types(row)
    assert Counter(r.system for r in rows) == {system: 60 for system in SYSTEMS_2022}
    assert Counter(Counter(r.original_id for r in rows).values()) == {6: 60}  # 60 sources x 6 systems
    assert Counter(r.sentence_type for r in rows) == {"Splittings": 227, "Paraphrases": 96, "Deletions": 37}
    assert all(0 <= x <= 100 for r in rows for x in (r.rating_1, r.rating_2, r.rating_3))
    first = rows[0]
    assert (first.original_id, first.system, first.rating_1) == (37, "GPT-3-zero-shot", 100.0)
    assert first.rating_1_zscore == pytest.approx(1.3618218519299852)


def test_simpeval_2022_sources_are_lines_of_its_corpus(upstream) -> None:
    corpus = load_testset("simpeval-2022-refs")
    assert len(corpus) == 61 and corpus.n_references == 1
    assert {r.original for r in load_simpeval_2022()} == set(corpus.sources)  # 60 sources, one line twice
    assert corpus.sources[15] == corpus.sources[52] and corpus.references[0][15] != corpus.references[0][52]


def test_simpeval_past_rows(upstream) -> None:
    rows = load_simpeval_past()
    assert len(rows) == 2400 and all(isinstance(r, SimpEvalPastRating) for r in rows)
    for row in rows[:100]:
        _check_types(row)
    systems = Counter(r.system for r in rows)
    assert len(systems) == 24 and set(systems.values()) == {100}
    assert Counter(Counter(r.original_id for r in rows).values()) == {24: 100}
    assert len({r.id for r in rows}) == 2400
    assert all(0 <= getattr(r, f"rating_{k}") <= 100 for r in rows for k in range(1, 6))
    assert {r.original for r in rows} <= set(load_testset("asset-test").sources)


@pytest.mark.parametrize(
    "loader, scales",
    [
        (load_simpda_2022, {"adequacy": range(0, 101), "fluency": range(0, 101), "simplicity": range(0, 101)}),
        (load_simplikert_2022, {"adequacy": range(1, 6), "fluency": range(1, 6), "simplicity": range(-2, 3)}),
    ],
)
def test_worker_rows(loader, scales, upstream) -> None:
    rows = loader()
    assert len(rows) == 1080 and all(isinstance(r, SimpWorkerRating) for r in rows)
    for row in rows:
        _check_types(row)
    assert Counter(Counter((r.input_id, r.system) for r in rows).values()) == {3: 360}
    assert len({(r.input_id, r.system, r.worker_id) for r in rows}) == 1080  # no worker rates an output twice
    assert {r.system for r in rows} == SYSTEMS_2022 and {r.input_id for r in rows} == set(range(60))
    for aspect, scale in scales.items():
        assert {getattr(r, aspect) for r in rows} <= set(scale), aspect


def test_da_and_likert_rate_the_same_outputs(upstream) -> None:
    def outputs(rows: tuple[SimpWorkerRating, ...]) -> Counter[tuple[int, str, str]]:
        return Counter((r.input_id, r.system, r.simplified) for r in rows)

    assert outputs(load_simpda_2022()) == outputs(load_simplikert_2022())


@pytest.mark.parametrize("name", SETS)
def test_as_frame_has_one_column_per_field(name: str, upstream) -> None:
    import_module("pandas")
    frame = load_human_ratings(name, as_frame=True)
    row_type = type(load_human_ratings(name)[0])
    assert list(frame.columns) == [f.name for f in dataclasses.fields(row_type)]
    assert len(frame) == get_testset(name).n_segments


def test_an_empty_answer_is_a_format_error(upstream, cache, tmp_path) -> None:
    """The pinned files have no empty cell; a copy with one is refused with the record's number."""
    folder = download("simpda-2022")
    path = folder / "simpDA_2022.csv"
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    broken = tmp_path / "broken.csv"
    broken.write_text("".join([lines[0], lines[1].rstrip("\r\n").rsplit(",", 1)[0] + ",\n"]), encoding="utf-8")
    from simpeval.testsets.ratings import _read_rows

    with pytest.raises(TestSetFormatError, match="record 2"):
        _read_rows(broken, SimpWorkerRating, "simpda-2022")


def test_a_corrupted_copy_is_refused_by_its_checksum(upstream) -> None:
    from simpeval.testsets import ChecksumMismatchError

    upstream.mode = "corrupt"
    with pytest.raises(ChecksumMismatchError, match="simpeval_2022.csv"):
        load_simpeval_2022()
