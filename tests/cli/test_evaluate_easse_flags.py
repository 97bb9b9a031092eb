"""``simpeval evaluate`` takes EASSE's flags with EASSE's meanings.

``easse evaluate -q`` is ``--quality_estimation``; simpeval's progress bar is silenced with
``--quiet`` only. The features are lowercased (and tokenized) as ``easse evaluate`` does.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from click.testing import CliRunner

from simpeval.cli import main

from ..needs import SHARED, shared_path
from ..testsets.conftest import serve_upstream


@pytest.fixture
def files(tmp_path: Path) -> dict[str, str]:
    (tmp_path / "src.txt").write_text("The Cat sat on the mat .\nIt rained all day .\n", encoding="utf-8")
    (tmp_path / "sys.txt").write_text("the cat sat on the mat .\nIt rained .\n", encoding="utf-8")
    return {name: str(tmp_path / f"{name}.txt") for name in ("src", "sys")}


def _evaluate(runner: CliRunner, files: dict[str, str], *flags: str) -> dict[str, object]:
    args = ["evaluate", "-s", files["src"], "-r", files["sys"], "-i", files["sys"], "-m", "bleu", "-f", "json", *flags]
    result = runner.invoke(main, args)
    assert result.exit_code == 0, result.output
    document: dict[str, object] = json.loads(result.stdout)
    return document


@pytest.mark.parametrize("flag", ["-q", "--quality_estimation", "--quality-estimation", "--features"])
def test_q_means_quality_estimation_as_in_easse(runner: CliRunner, files: dict[str, str], flag: str) -> None:
    document = _evaluate(runner, files, flag)
    assert isinstance(document, dict) and document["features"] == _evaluate(runner, files, "--features")["features"]


def test_quiet_is_long_only_and_adds_no_features(runner: CliRunner, files: dict[str, str]) -> None:
    document = _evaluate(runner, files, "--quiet")
    assert isinstance(document, list) and document[0]["metric"] == "BLEU"  # scores only
    help_text = runner.invoke(main, ["evaluate", "--help"]).output
    assert "-q, --features, --quality-estimation, --quality_estimation" in help_text
    assert "--quiet" in help_text and "-q, --quiet" not in help_text


def test_features_are_lowercased_as_easse_evaluate_does(runner: CliRunner, files: dict[str, str]) -> None:
    lowercased = _evaluate(runner, files, "-q")["features"]
    kept = _evaluate(runner, files, "-q", "--no-lowercase")["features"]
    assert isinstance(lowercased, list) and isinstance(kept, list)
    assert lowercased[0]["Exact copies"] == 0.5  # "The Cat sat ..." is copied once lowercased
    assert kept[0]["Exact copies"] == 0.0
    assert lowercased[0]["signature"].startswith("Features|case:lc")


@pytest.mark.slow
def test_easses_path_options(runner: CliRunner, files: dict[str, str]) -> None:
    ours = _evaluate(runner, files, "-q")
    args = [
        "evaluate",
        "--orig_sents_path",
        files["src"],
        "--refs_sents_paths",
        f"{files['sys']},{files['src']}",
        "--sys_sents_path",
        files["sys"],
        "-m",
        "bleu",
        "-f",
        "json",
        "-q",
    ]
    result = runner.invoke(main, args)
    assert result.exit_code == 0, result.output
    easse = json.loads(result.stdout)
    assert easse["features"][0]["Exact copies"] == ours["features"][0]["Exact copies"]  # type: ignore[index]
    assert easse["scores"][0]["signature"].count("nrefs:2")
    both = runner.invoke(main, ["evaluate", "-s", files["src"], "--orig_sents_path", files["src"], "-i", files["sys"]])
    assert both.exit_code == 2 and "--orig_sents_path is EASSE's spelling of --sources" in both.output


def test_easses_test_set_spelling(runner: CliRunner, files: dict[str, str]) -> None:
    both = runner.invoke(main, ["evaluate", "-t", "asset_test", "--test_set", "asset_test", "-i", files["sys"]])
    assert both.exit_code == 2 and "--test_set is EASSE's spelling of --test-set" in both.output
    unknown = runner.invoke(main, ["evaluate", "--test_set", "no_such_set", "-i", files["sys"]])
    assert unknown.exit_code == 2 and "asset-test" in unknown.output


@pytest.mark.slow
def test_an_easse_command_line_runs_unchanged(
    runner: CliRunner, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``easse evaluate -t turkcorpus_test -m bleu,sari,fkgl -q --sys_sents_path ACCESS [-tok moses]``."""
    shared_path("UPSTREAM.md")
    access = SHARED / "corpora" / "easse" / "system_outputs" / "turkcorpus" / "test" / "ACCESS"
    monkeypatch.setenv("SIMPEVAL_CACHE", str(tmp_path / "cache"))
    fkgl = {}
    with serve_upstream(monkeypatch):
        for tokenizer in ("13a", "moses"):
            result = runner.invoke(
                main,
                [
                    "evaluate",
                    "--test_set",
                    "turkcorpus_test",
                    "-m",
                    "bleu,sari,fkgl",
                    "-q",
                    "--sys_sents_path",
                    str(access),
                    "-tok",
                    tokenizer,
                    "-f",
                    "json",
                ],
            )
            assert result.exit_code == 0, result.output
            document = json.loads(result.stdout)
            fkgl[tokenizer] = next(r["score"] for r in document["scores"] if r["metric"] == "FKGL")
            assert document["features"][0]["signature"].startswith("Features|case:lc")
    assert round(fkgl["13a"], 2) == 7.29 and round(fkgl["moses"], 2) == 7.55  # EASSE's figures for ACCESS
