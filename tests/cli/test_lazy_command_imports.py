"""A command imports what its command line uses: the flags of the metrics it names, no progress
bar under ``--quiet``, no test-set registry when it reads files; ``--help`` still lists everything."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from click.testing import CliRunner

from simpeval.cli import groups, main
from simpeval.cli.metric_options import spelled_metrics
from simpeval.testsets import available_testsets


@pytest.fixture
def files(tmp_path: Path) -> dict[str, str]:
    texts = {
        "ref": "The cat sat on the mat .\nIt rained all day .\n",
        "a": "the cat sat on the mat .\nIt rained .\n",
        "b": "A cat sat on a mat .\nIt rained all day long .\n",
    }
    for name, text in texts.items():
        (tmp_path / f"{name}.txt").write_text(text, encoding="utf-8")
    return {name: str(tmp_path / f"{name}.txt") for name in texts}


def _compare(files: dict[str, str], *flags: str) -> list[str]:
    return ["compare", "-r", files["ref"], "-i", files["a"], files["b"], "-f", "json", "-q", *flags]


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (["-m", "bleu", "chrf"], []),
        (["-m", "sari", "--sari-lowercase"], ["sari"]),
        (["--bleu-tokenize=none", "--chrf-word-order", "2"], ["bleu", "chrf"]),
        (["--nltk-bleu-weights", "1"], ["nltk-bleu"]),  # a hyphenated name is not its last part's
        (["-bleu-x", "--bleux"], []),
    ],
)
def test_spelled_metrics(args: list[str], expected: list[str]) -> None:
    assert spelled_metrics(["bleu", "chrf", "sari", "nltk-bleu"], args) == expected


@pytest.mark.slow
def test_a_fresh_process_imports_only_the_named_metrics(files: dict[str, str]) -> None:
    """The module list of ``compare -m bleu chrf`` run in a new interpreter."""
    code = (
        "import json, sys\n"
        "from click.testing import CliRunner\n"
        "from simpeval.cli import main\n"
        f"result = CliRunner().invoke(main, {json.dumps(_compare(files, '-m', 'bleu', 'chrf'))})\n"
        "assert result.exit_code == 0, result.output\n"
        "print(json.dumps(sorted(sys.modules)))\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True)
    modules = set(json.loads(done.stdout.splitlines()[-1]))
    assert {"simpeval.metrics.bleu", "simpeval.metrics.chrf"} <= modules
    for unused in ("simpeval.metrics.sari", "simpeval.metrics.ter", "simpeval.metrics.fkgl", "tqdm"):
        assert unused not in modules
    assert not any(name.startswith(("simpeval.metrics.teaching", "simpeval.testsets")) for name in modules)


def test_flags_of_a_metric_named_by_its_flag_only(runner: CliRunner, files: dict[str, str]) -> None:
    """A flag of a metric the command line spells works as before, and so do its errors."""
    plain = runner.invoke(main, _compare(files, "-m", "chrf"))
    word = runner.invoke(main, _compare(files, "-m", "chrf", "--chrf-word-order", "2"))
    assert plain.exit_code == 0 and word.exit_code == 0, plain.output + word.output
    assert json.loads(plain.stdout) != json.loads(word.stdout)
    assert "chrF2++" in word.stdout
    other = runner.invoke(main, _compare(files, "-m", "bleu", "--sari-lowercase"))
    assert other.exit_code == 2 and "--sari-lowercase was given but sari is not in --metrics" in other.output
    typo = runner.invoke(main, _compare(files, "-m", "bleu", "--bleu-smooth-metod", "exp"))
    assert typo.exit_code == 2 and "--bleu-smooth-method" in typo.output  # click's suggestion


@pytest.mark.parametrize("help_flag", ["--help", "-h"])
def test_help_lists_every_metrics_flags(runner: CliRunner, help_flag: str) -> None:
    result = runner.invoke(main, ["compare", "-m", "bleu", help_flag])
    assert result.exit_code == 0, result.output
    for flag in ("--bleu-tokenize", "--sari-lowercase", "--ter-case-sensitive", "--nltk-chrf-beta"):
        assert flag in result.output


def test_test_set_names_read_when_needed() -> None:
    choice = groups.TestSetChoice("corpus")
    assert list(choice.choices) == list(available_testsets(kind="corpus"))
    assert choice.convert("ASSET_test", None, None) == "asset-test"


def test_an_unknown_test_set_lists_the_names(runner: CliRunner, files: dict[str, str]) -> None:
    result = runner.invoke(main, ["compare", "-t", "no-such-set", "-i", files["a"]])
    assert result.exit_code == 2 and "asset-test" in result.output
