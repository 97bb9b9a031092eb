"""``--jobs N``: every command that scores takes it, and prints the same bytes with any N."""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest
from click.testing import CliRunner

from simpeval.cli import main

WORDS = "the a cat dog sat ran on in park mat river old big city flood rain , .".split()


def _files(folder: Path, segments: int) -> dict[str, str]:
    rng = np.random.default_rng(4)
    paths = {}
    for name in ("src", "ref", "a", "b"):
        lines = [" ".join(rng.choice(WORDS, size=int(rng.integers(2, 12)))) for _ in range(segments)]
        paths[name] = str(folder / f"{name}.txt")
        Path(paths[name]).write_text("\n".join(lines) + "\n", encoding="utf-8")
    return paths


@pytest.mark.slow
@pytest.mark.parametrize(
    ("command", "segments"),
    [
        # 12,000 segments: two chunks of score's stream (10,000 lines each), split among workers
        (["score", "-m", "sari", "bleu", "chrf"], 12_000),
        # the others read whole files and split them among workers from 500 segments on (set below)
        (["score", "-m", "ter", "--sentence-level", "-f", "tsv"], 1_500),
        (["score", "-m", "sari", "--confidence", "--confidence-n", "50"], 1_500),
        (["compare", "-m", "bleu", "sari", "--paired-n", "50", "-f", "json"], 1_500),
        (["evaluate", "-m", "sari,bleu,fkgl"], 1_500),
    ],
    ids=["score", "sentence-level", "confidence", "compare", "evaluate"],
)
def test_the_output_is_the_same_bytes_with_any_jobs(
    command: list[str], segments: int, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("SIMPEVAL_PARALLEL_MIN_SEGMENTS", "500")
    files = _files(tmp_path, segments)
    data = ["-s", files["src"], "-r", files["ref"], "-i", files["a"], files["b"], "-q"]
    outputs = []
    for jobs in ("1", "3", "0"):
        result = CliRunner().invoke(main, [*command, *data, "--jobs", jobs])
        assert result.exit_code == 0, result.output
        outputs.append(result.stdout)
    assert outputs[1] == outputs[0] and outputs[2] == outputs[0]


@pytest.mark.parametrize("command", ["score", "compare", "evaluate", "report", "meta-eval"])
def test_every_scoring_command_takes_jobs(command: str) -> None:
    help_text = CliRunner().invoke(main, [command, "--help"]).output
    assert "-j, --jobs N" in help_text and "one per available core" in help_text
    refused = CliRunner().invoke(main, [command, "--jobs", "-2"])
    assert refused.exit_code == 2 and "-2 is not in the range x>=0" in refused.output
