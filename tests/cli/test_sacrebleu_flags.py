"""sacrebleu's command-line habits work in ``simpeval score``/``compare``: ``-tok``, positional
reference files, and sentence-level BLEU with the effective order."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
import sacrebleu
from click.testing import CliRunner

from simpeval.cli import main

REFS = [["The cat sat on the mat .", "It is raining ."], ["A cat sat on a mat .", "It rains ."]]
HYPS = ["The cat sat on a mat .", "It rains ."]


@pytest.fixture
def files(tmp_path: Path) -> dict[str, str]:
    paths = {}
    for name, lines in {"ref1": REFS[0], "ref2": REFS[1], "sys": HYPS}.items():
        (tmp_path / name).write_text("\n".join(lines) + "\n", encoding="utf-8")
        paths[name] = str(tmp_path / name)
    return paths


def _scores(result: object) -> list[float]:
    assert result.exit_code == 0, result.output  # type: ignore[attr-defined]
    return [row["score"] for row in json.loads(result.output)]  # type: ignore[attr-defined]


@pytest.mark.parametrize("spelling", [["-tok", "intl"], ["--tokenize", "intl"], ["--bleu-tokenize", "intl"]])
def test_tok_sets_bleus_tokenizer(files: dict[str, str], spelling: list[str]) -> None:
    result = CliRunner().invoke(
        main, ["score", "-r", files["ref1"], files["ref2"], "-i", files["sys"], "-m", "bleu", *spelling, "-f", "json"]
    )
    assert _scores(result) == [sacrebleu.corpus_bleu(HYPS, REFS, tokenize="intl").score]
    assert "tok:intl" in json.loads(result.output)[0]["signature"]


def test_bleu_tokenize_wins_over_tok(files: dict[str, str]) -> None:
    result = CliRunner().invoke(
        main,
        [
            "score",
            "-r",
            files["ref1"],
            "-i",
            files["sys"],
            "-m",
            "bleu",
            "-tok",
            "intl",
            "--bleu-tokenize",
            "char",
            "-f",
            "json",
        ],
    )
    assert "tok:char" in json.loads(result.output)[0]["signature"]


@pytest.mark.parametrize("command", ["score", "compare"])
def test_positional_reference_files(files: dict[str, str], command: str) -> None:
    runner = CliRunner()
    positional = runner.invoke(
        main, [command, files["ref1"], files["ref2"], "-i", files["sys"], "-m", "bleu", "-f", "json"]
    )
    named = runner.invoke(
        main, [command, "-r", files["ref1"], files["ref2"], "-i", files["sys"], "-m", "bleu", "-f", "json"]
    )
    assert positional.exit_code == 0, positional.output
    assert positional.output == named.output
    both = runner.invoke(main, [command, files["ref1"], "-r", files["ref2"], "-i", files["sys"], "-m", "bleu"])
    assert both.exit_code == 2 and "both positionally" in both.output


def test_sentence_level_bleu_uses_the_effective_order(files: dict[str, str]) -> None:
    result = CliRunner().invoke(
        main, ["score", files["ref1"], "-i", files["sys"], "-m", "bleu", "--sentence-level", "-f", "jsonl"]
    )
    assert result.exit_code == 0, result.output
    scores = [json.loads(line)["scores"]["BLEU"] for line in result.output.splitlines()]
    assert scores == [sacrebleu.sentence_bleu(h, [r]).score for h, r in zip(HYPS, REFS[0])]
    assert scores[1] > 0  # three words: 0.0 without the effective order (no 4-gram)
