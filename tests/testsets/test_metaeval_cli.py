"""``simpeval meta-eval`` on the registered ratings, served by the loopback mirror."""

from __future__ import annotations

import csv
import json
from pathlib import Path

import pytest
from click.testing import CliRunner
from scipy import stats

from simpeval.cli import main

from .conftest import Upstream


def _authors_pearson(shared: Path, column: str, test_set: str) -> float:
    with open(shared / "human_ratings" / "simplicity_DA.csv", encoding="utf-8", newline="") as handle:
        human = {(r["sent_id"], r["sys_name"]): float(r["simplicity_zscore"]) for r in csv.DictReader(handle)}
    with open(shared / "human_ratings" / "metrics_simplicity_DA.csv", encoding="utf-8", newline="") as handle:
        rows = [r for r in csv.DictReader(handle) if r["test_set"] == test_set]
    return float(
        stats.pearsonr([float(r[column]) for r in rows], [human[(r["sent_id"], r["sys_name"])] for r in rows])[0]
    )


@pytest.mark.parametrize("references", ["asset", "turk"])
@pytest.mark.slow
def test_the_plain_command_reproduces_the_paper(
    upstream: Upstream, shared: Path, references: str, tmp_path: Path
) -> None:
    plot = tmp_path / "corr.png"
    result = CliRunner().invoke(
        main,
        [
            "meta-eval",
            "-t",
            "simplicity-da",
            "--references",
            references,
            "-m",
            "sari",
            "bleu",
            "--n-samples",
            "50",
            "-f",
            "json",
            "--plot",
            str(plot),
        ],
    )
    assert result.exit_code == 0, result.output
    data = json.loads(result.stdout)
    pearson = {(c["metric"], c["level"]): c["value"] for c in data["correlations"] if c["method"] == "pearson"}
    assert pearson[("SARI", "segment")] == pytest.approx(_authors_pearson(shared, "sari", references), abs=1e-9)
    assert pearson[("BLEU", "segment")] == pytest.approx(_authors_pearson(shared, "bleu", references), abs=1e-9)
    assert data["aspect"] == "simplicity_zscore" and plot.stat().st_size > 1000


@pytest.mark.slow
def test_asset_ratings_per_aspect(upstream: Upstream, shared: Path) -> None:
    for aspect in ("fluency", "meaning", "simplicity"):
        result = CliRunner().invoke(
            main,
            ["meta-eval", "-t", "asset-human-ratings", "--aspect", aspect, "-m", "sari", "bleu", "--n-samples", "20"],
        )
        assert result.exit_code == 0, result.output
        assert f"{aspect}_zscore" in result.output and "segment  SARI" in result.output


def test_usage_errors(upstream: Upstream) -> None:
    both = CliRunner().invoke(main, ["meta-eval"])
    assert both.exit_code == 2 and "--test-set" in both.output
    unknown = CliRunner().invoke(main, ["meta-eval", "-t", "simplicity-da", "--references", "nope", "-m", "bleu"])
    assert unknown.exit_code == 1 and "asset, turk" in unknown.output
