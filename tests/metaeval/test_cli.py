"""``simpeval meta-eval`` through click's CliRunner: the data routes, the options, the errors."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest
from click.testing import CliRunner, Result

from simpeval.cli import main

from .conftest import Upstream


def _run(runner: CliRunner, *args: str) -> Result:
    return runner.invoke(main, ["meta-eval", "-q", *args])


def _csv_args(files: dict[str, Path]) -> list[str]:
    return ["--ratings", str(files["ratings"]), "--refs", str(files["ref"]), "--sources", str(files["src"])]


def test_a_csv_of_ones_own_with_reference_files(runner: CliRunner, toy_files: dict[str, Path], tmp_path: Path) -> None:
    plot = tmp_path / "corr.svg"
    result = _run(
        runner, *_csv_args(toy_files), "-m", "sari", "chrf", "--n-samples", "20", "-f", "json", "--plot", str(plot)
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    assert data["ratings"] == "ratings.csv" and data["references"] == str(toy_files["ref"])
    assert data["preset"] == "none" and [r["metric"] for r in data["ranking"]] == ["SARI", "chrF2"]
    assert plot.read_text(encoding="utf-8").lstrip().startswith("<?xml")


def test_metric_flags_components_and_formats(runner: CliRunner, toy_files: dict[str, Path]) -> None:
    result = _run(
        runner,
        *_csv_args(toy_files),
        "-m",
        "sari",
        "--sari-variant",
        "hf",
        "--components",
        "-f",
        "csv",
        "--n-samples",
        "0",
    )
    assert result.exit_code == 0, result.output
    assert result.stdout.startswith("table,level,metric_a,metric_b,method,value,ci_low,ci_high,n,t,p_value")
    assert "SARI-add" in result.stdout and "\nwilliams,segment," in result.stdout
    text = _run(runner, *_csv_args(toy_files), "-m", "sari", "--sari-variant", "hf", "--n-samples", "0")
    assert "variant:hf" in text.stdout and "SARI-add" not in text.stdout


@pytest.mark.parametrize(
    ("args", "message"),
    [
        ([], "give the ratings: --test-set NAME"),
        (["-t", "simplicity-da", "--ratings", "r.csv"], "not both"),
        (["-t", "simplicity-da", "--refs", "ref.txt"], "--refs goes with --ratings FILE"),
        (["-t", "simplicity-da", "--zero-based"], "--zero-based goes with --ratings FILE"),
        (["--ratings", "r.csv", "--aspect", "meaning"], "--aspect goes with --test-set"),
        (["--ratings", "r.csv", "--sources", "src.txt"], "--sources goes with --refs"),
        (["--ratings", "r.csv", "--refs", "ref.txt", "-r", "turk"], "give the references once"),
        (["-t", "simplicity-da", "-m", "bleu", "--sari-variant", "hf"], "--sari-variant was given but sari is not in"),
        (["-t", "simplicity-da", "--plot", "corr.gif"], "the file must end in .png, .svg, .pdf"),
        (["-t", "simplicity-da", "--n-samples", "-1"], "-1 is not in the range"),
        (["-t", "tweets"], "'tweets' is not one of"),
    ],
)
def test_usage_errors_exit_2(runner: CliRunner, args: list[str], message: str) -> None:
    result = _run(runner, *args)
    assert result.exit_code == 2, result.output
    assert message in result.output and "Traceback" not in result.output


def test_bad_inputs_exit_1_with_one_line(runner: CliRunner, toy_files: dict[str, Path], tmp_path: Path) -> None:
    toy_files["ratings"].write_text("sent_id,sys_name,simp_sent,rating\n1,A,x,0.5\n2,A,y,good\n", encoding="utf-8")
    result = _run(runner, *_csv_args(toy_files))
    assert result.exit_code == 1 and "Traceback" not in result.output
    assert (
        "Error: ratings file ratings.csv, line 3, column 'rating': the rating must be a number (got 'good')."
        in result.output
    )
    toy_files["ratings"].write_text("sent_id,sys_name,simp_sent,rating\n9,A,x,0.5\n", encoding="utf-8")
    result = _run(runner, *_csv_args(toy_files), "-m", "bleu")
    assert (
        result.exit_code == 1
        and "ratings.csv, line 2: segment 9 is not a line of the references, which have 3" in result.output
    )
    result = _run(runner, "--ratings", str(toy_files["ratings"]), "--refs", str(tmp_path / "nope.txt"))
    assert result.exit_code == 1 and "nope.txt" in result.output


def test_registered_sets_offline_fail_cleanly(runner: CliRunner, dead_mirror: str) -> None:
    result = _run(runner, "-t", "simplicity-da")
    assert result.exit_code == 1 and "could not download" in result.output and "Traceback" not in result.output


@pytest.mark.slow
def test_registered_ratings_and_references(runner: CliRunner, upstream: Upstream) -> None:
    result = _run(runner, "-t", "asset-human-ratings", "--aspect", "fluency", "-m", "bleu", "--n-samples", "20")
    assert result.exit_code == 0, result.output
    assert "asset-human-ratings: fluency_zscore; references: asset" in result.stdout
    assert re.search(r"segment +BLEU +100 ", result.stdout) and "system " not in result.stdout
    assert "system-level figures need 3 systems or more (got 1)" in result.stdout
    raw = _run(runner, "-t", "simplicity-da", "-r", "turk", "-m", "bleu", "--raw", "--no-preset", "--n-samples", "0")
    assert raw.exit_code == 0, raw.output
    assert "simplicity-da: simplicity; references: turk" in raw.stdout and "tok:13a" in raw.stdout
    assert "Alva-Manchego" not in raw.stdout  # no preset: not the paper's settings
