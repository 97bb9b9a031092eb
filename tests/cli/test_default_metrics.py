"""The default metrics are those the data given can feed: ``simpeval score REF < sys`` prints
BLEU, chrF and TER as ``sacrebleu REF < sys`` prints BLEU; SARI joins them when sources (or a
test set) are given. One line on stderr names what was skipped; ``-m sari`` stays an error."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from simpeval.cli import main
from simpeval.cli.metric_group import runnable_defaults
from simpeval.cli.metric_options import MetricFlags

from ..needs import SHARED, shared_path
from ..testsets.conftest import serve_upstream

NOTE = "SARI skipped: it needs the source sentences (--sources FILE or --test-set); computing BLEU, chrF, TER."


def _header(stdout: str) -> list[str]:
    return stdout.splitlines()[0].split()


def _run(runner: CliRunner, *args: str, input: str | None = None) -> tuple[int, str, str]:
    result = runner.invoke(main, list(args), input=input, catch_exceptions=False)
    return result.exit_code, result.stdout, result.stderr


def test_score_reference_and_standard_input_prints_bleu_chrf_ter(runner: CliRunner, tmp_corpus) -> None:
    files = tmp_corpus()
    system = Path(files["sys1.txt"]).read_text(encoding="utf-8")
    code, out, err = _run(runner, "score", files["ref0.txt"], input=system)
    assert code == 0, err
    assert _header(out) == ["System", "BLEU", "chrF2", "TER"]
    assert err.strip().splitlines() == [NOTE]


def test_score_system_files_and_several_references(runner: CliRunner, tmp_corpus) -> None:
    files = tmp_corpus()
    args = ["score", "-r", files["ref0.txt"], files["ref1.txt"], "-i", files["sys1.txt"], files["sys2.txt"]]
    code, out, err = _run(runner, *args, "-f", "json")
    assert code == 0, err
    assert [(r["system"], r["metric"]) for r in json.loads(out)] == [
        (system, metric) for system in ("sys1.txt", "sys2.txt") for metric in ("BLEU", "chrF2", "TER")
    ]
    assert err.strip().splitlines() == [NOTE]


def test_with_sources_the_defaults_are_unchanged_and_nothing_is_said(runner: CliRunner, tmp_corpus) -> None:
    files = tmp_corpus()
    code, out, err = _run(runner, "score", "-s", files["src.txt"], "-r", files["ref0.txt"], "-i", files["sys1.txt"])
    assert code == 0, err
    assert _header(out) == ["System", "SARI", "Add", "Keep", "Delete", "BLEU", "chrF2", "TER"]
    assert "skipped" not in err


@pytest.mark.parametrize(
    "extra",
    [pytest.param(["-m", "sari", "bleu"], id="named"), pytest.param(["--sari-variant", "hf"], id="sari-flag")],
)
def test_sari_asked_for_without_sources_stays_an_error(runner: CliRunner, tmp_corpus, extra: list[str]) -> None:
    files = tmp_corpus()
    code, out, err = _run(runner, "score", "-r", files["ref0.txt"], "-i", files["sys1.txt"], *extra)
    assert code == 2 and out == ""
    assert "SARI needs the source sentences: pass --sources FILE" in err and "skipped" not in err


def test_compare_follows_the_same_rule(runner: CliRunner, tmp_corpus) -> None:
    files = tmp_corpus()
    args = ["compare", "-r", files["ref0.txt"], "-i", files["sys1.txt"], files["sys2.txt"], "-q"]
    code, out, err = _run(runner, *args)
    assert code == 0, err
    assert _header(out) == ["System", "BLEU", "chrF2", "TER"]
    assert err.strip().splitlines() == [NOTE]


def test_evaluate_keeps_easses_other_defaults(runner: CliRunner, tmp_corpus) -> None:
    files = tmp_corpus()
    code, out, err = _run(
        runner, "evaluate", "--refs_sents_paths", files["ref0.txt"], "-i", files["sys1.txt"], "--quiet"
    )
    assert code == 0, err
    assert _header(out) == ["System", "BLEU", "FKGL"]
    assert err.strip().splitlines() == [
        "SARI skipped: it needs the source sentences (--sources FILE or --test-set); computing BLEU, FKGL."
    ]


@pytest.mark.slow
def test_a_test_set_gives_the_sources(runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    shared_path("UPSTREAM.md")
    access = SHARED / "corpora" / "easse" / "system_outputs" / "turkcorpus" / "test" / "ACCESS"
    monkeypatch.setenv("SIMPEVAL_CACHE", str(tmp_path / "cache"))
    with serve_upstream(monkeypatch):
        code, out, err = _run(runner, "score", "-t", "turkcorpus-test", "-i", str(access), "-q")
    assert code == 0, err
    assert _header(out) == ["System", "SARI", "Add", "Keep", "Delete", "BLEU", "chrF2", "TER"]
    assert "skipped" not in err


def test_runnable_defaults_keeps_everything_when_nothing_could_run(capsys: pytest.CaptureFixture[str]) -> None:
    assert runnable_defaults(("sari",), MetricFlags()) == ("sari",)  # the data check then says what is missing
    assert runnable_defaults(("bleu", "no-such-metric"), MetricFlags()) == ("bleu", "no-such-metric")
    assert capsys.readouterr().err == ""
    assert runnable_defaults(("sari", "fkgl"), MetricFlags()) == ("fkgl",)
    assert capsys.readouterr().err.startswith("SARI skipped: it needs the source sentences")
