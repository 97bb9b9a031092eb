"""EASSE's quality-estimation features."""

from __future__ import annotations

import json

import Levenshtein
import pytest
from click.testing import CliRunner

from simpeval import features
from simpeval.cli import main
from simpeval.exceptions import InputLengthMismatchError, InvalidInputError


def test_definitions_on_one_pair() -> None:
    report = features.compute(["The big cat sat on the mat ."], ["The cat sat . It was big ."])
    src, out = "The big cat sat on the mat .", "The cat sat . It was big ."
    means = report.means
    assert means["Compression ratio"] == len(out) / len(src)
    assert means["Sentence splits"] == 2.0
    assert means["Levenshtein similarity"] == Levenshtein.ratio(src, out)
    assert means["Exact copies"] == 0.0
    # output words not in the source (multisets): ". It was" -> 3 of max(8, 8)
    assert means["Additions proportion"] == 3 / 8
    assert means["Deletions proportion"] == 3 / 8  # "on the mat" -> "the" kept once: on, the, mat


def test_means_are_per_segment_averages() -> None:
    report = features.compute(["a b", "c d e"], ["a b", "c"])
    assert list(report.per_segment["Exact copies"]) == [1.0, 0.0]
    assert report.means["Exact copies"] == 0.5
    assert features.compute([""], [""]).means["Additions proportion"] == 0.0  # EASSE divides by zero here


def test_bad_input() -> None:
    with pytest.raises(InputLengthMismatchError):
        features.compute(["a"], ["a", "b"])
    with pytest.raises(InvalidInputError):
        features.compute("a", ["a"])  # type: ignore[arg-type]


def test_evaluate_prints_features(tmp_path) -> None:  # type: ignore[no-untyped-def]
    (tmp_path / "src.txt").write_text("The big cat sat on the mat .\nIt rained .\n", encoding="utf-8")
    (tmp_path / "sys.txt").write_text("The cat sat on the mat .\nIt rained .\n", encoding="utf-8")
    result = CliRunner().invoke(
        main,
        [
            "evaluate",
            "-s",
            str(tmp_path / "src.txt"),
            "-r",
            str(tmp_path / "sys.txt"),
            "-i",
            str(tmp_path / "sys.txt"),
            "-m",
            "bleu",
            "--features",
            "-f",
            "json",
        ],
    )
    assert result.exit_code == 0, result.output
    document = json.loads(result.stdout)  # one document: the scores and the features
    feature_records = document["features"]
    assert feature_records[0]["Exact copies"] == 0.5 and feature_records[0]["signature"].startswith("Features|")
    assert [r["metric"] for r in document["scores"]] == ["BLEU"]
    lines = (
        CliRunner()
        .invoke(
            main,
            [
                "evaluate",
                "-s",
                str(tmp_path / "src.txt"),
                "-r",
                str(tmp_path / "sys.txt"),
                "-i",
                str(tmp_path / "sys.txt"),
                "-m",
                "bleu",
                "--features",
                "-f",
                "jsonl",
            ],
        )
        .stdout
    )
    records = [json.loads(line) for line in lines.splitlines()]
    assert len(records) == 2 and records[1]["signature"].startswith("Features|")
    refused = CliRunner().invoke(
        main,
        [
            "evaluate",
            "-s",
            str(tmp_path / "src.txt"),
            "-r",
            str(tmp_path / "sys.txt"),
            "-i",
            str(tmp_path / "sys.txt"),
            "--features",
            "-f",
            "csv",
        ],
    )
    assert refused.exit_code == 2 and "--features" in refused.output
    assert features.available_features()[0] == "Compression ratio"
