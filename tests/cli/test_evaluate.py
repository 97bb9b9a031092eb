"""``simpeval evaluate``, EASSE's one-liner and its defaults."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from simpeval import BLEU, SARI
from simpeval.cli import main


def _lines(path: str) -> list[str]:
    return Path(path).read_text(encoding="utf-8").splitlines()


def test_defaults_are_easses(runner: CliRunner, tmp_corpus) -> None:
    corpus = tmp_corpus()
    refs = [corpus[f"ref{j}.txt"] for j in range(3)]
    result = runner.invoke(
        main,
        ["evaluate", "-s", corpus["src.txt"], "-r", *refs, "-f", "json"],
        input=Path(corpus["sys1.txt"]).read_text(encoding="utf-8"),
    )
    assert result.exit_code == 0, result.output
    records = {r["metric"]: r for r in json.loads(result.output)}
    streams = [_lines(path) for path in refs]
    hyps, srcs = _lines(corpus["sys1.txt"]), _lines(corpus["src.txt"])
    # easse evaluate: corpus_sari(tokenizer="13a", lowercase=True), corpus_bleu(force=True, lowercase=True)
    assert (
        records["SARI"]["score"] == SARI(lowercase=True, tokenize="13a").corpus_score(hyps, streams, sources=srcs).score
    )
    assert records["BLEU"]["score"] == BLEU(lowercase=True, force=True).corpus_score(hyps, streams).score
    assert records["SARI"]["system"] == "stdin"


def test_comma_separated_metrics_and_case(runner: CliRunner, tmp_corpus) -> None:
    corpus = tmp_corpus()
    base = ["evaluate", "-s", corpus["src.txt"], "-r", corpus["ref0.txt"], "-i", corpus["sys1.txt"], "-f", "json"]
    cased = runner.invoke(main, [*base, "-m", "bleu,sari", "--no-lowercase", "-tok", "intl"])
    assert cased.exit_code == 0, cased.output
    records = json.loads(cased.output)
    assert [r["metric"] for r in records] == ["BLEU", "SARI"]
    assert "case:mixed" in records[0]["signature"] and "tok:intl" in records[0]["signature"]
    assert "case:mixed" in records[1]["signature"] and "tok:intl" in records[1]["signature"]
    override = json.loads(runner.invoke(main, [*base, "-m", "bleu", "--bleu-tokenize", "none"]).output)
    assert "tok:none" in override[0]["signature"]  # a metric's own flag wins


def test_unknown_metric_is_one_error(runner: CliRunner, tmp_corpus) -> None:
    corpus = tmp_corpus()
    result = runner.invoke(
        main,
        ["evaluate", "-s", corpus["src.txt"], "-r", corpus["ref0.txt"], "-i", corpus["sys1.txt"], "-m", "bleu,samsa"],
    )
    assert result.exit_code == 1 and "unknown metric 'samsa'" in result.output


@pytest.fixture
def runner() -> CliRunner:
    return CliRunner()
