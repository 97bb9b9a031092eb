"""sacrebleu's public module tree through ``simpeval.compat.sacrebleu``: every module path and public
name of the installed sacrebleu, the score classes, the class constants, the tokenizers, the test
set names (offline) and ``python -m simpeval.compat.sacrebleu`` against sacrebleu's own command."""

from __future__ import annotations

import importlib
import inspect
import pkgutil
import subprocess
import sys
from pathlib import Path

import pytest
import sacrebleu

import simpeval.compat.sacrebleu as compat
from simpeval.compat.sacrebleu import dataset, utils
from simpeval.compat.sacrebleu.metrics import BLEU, CHRF, METRICS, TER
from simpeval.compat.sacrebleu.metrics.bleu import BLEUScore
from simpeval.compat.sacrebleu.metrics.chrf import CHRFScore
from simpeval.compat.sacrebleu.metrics.ter import TERScore
from simpeval.compat.sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a
from simpeval.exceptions import DownloadError, MissingDependencyError

MODULES = ["", "metrics", "metrics.base", "metrics.bleu", "metrics.chrf", "metrics.ter", "metrics.helpers"]
MODULES += ["tokenizers", "utils", "dataset", "significance", "compat"]
MODULES += [
    "tokenizers." + m.name for m in pkgutil.iter_modules(importlib.import_module("sacrebleu.tokenizers").__path__)
]


@pytest.mark.parametrize("module", MODULES)
def test_every_public_name_of_sacrebleus_modules_is_here(module: str) -> None:
    real = importlib.import_module(f"sacrebleu.{module}".rstrip("."))
    ours = importlib.import_module(f"simpeval.compat.sacrebleu.{module}".rstrip("."))
    public = getattr(real, "__all__", None) or [
        name
        for name, value in vars(real).items()
        if not name.startswith("_")
        and (getattr(value, "__module__", None) == real.__name__ or (name.isupper() and not inspect.ismodule(value)))
    ]
    assert [name for name in public if not hasattr(ours, name)] == []


def test_scores_are_sacrebleus_score_classes() -> None:
    hyps, refs = ["The cat sat on the mat."], [["The cat sat on a mat."]]
    assert isinstance(BLEU().corpus_score(hyps, refs), BLEUScore)
    assert isinstance(BLEU().sentence_score(hyps[0], [refs[0][0]]), BLEUScore)
    assert isinstance(CHRF().corpus_score(hyps, refs), CHRFScore)
    assert isinstance(CHRF(word_order=2).corpus_score(hyps, refs), CHRFScore)
    assert isinstance(TER().corpus_score(hyps, refs), TERScore)
    assert isinstance(compat.corpus_bleu(hyps, refs), BLEUScore)
    assert isinstance(BLEU.compute_bleu([1, 0, 0, 0], [1, 0, 0, 0], 1, 1), BLEUScore)
    assert isinstance(TER().corpus_score(hyps, refs), compat.metrics.base.Score)
    assert isinstance(BLEU(), compat.metrics.base.Metric)


def test_class_constants_and_metrics() -> None:
    assert BLEU.TOKENIZERS == sacrebleu.BLEU.TOKENIZERS and BLEU.SMOOTH_DEFAULTS == sacrebleu.BLEU.SMOOTH_DEFAULTS
    assert BLEU.TOKENIZER_DEFAULT == "13a" and (CHRF.CHAR_ORDER, CHRF.WORD_ORDER, CHRF.BETA) == (6, 0, 2)
    assert METRICS == {"BLEU": BLEU, "CHRF": CHRF, "TER": TER}
    bleu = BLEU()
    bleu.corpus_score(["a b"], [["a b"]])
    assert isinstance(bleu.get_signature(), compat.metrics.base.Signature)


def test_tokenizers_are_sacrebleus() -> None:
    assert Tokenizer13a()("Hello, world!") == "Hello , world !"
    assert compat.tokenizers.tokenizer_intl.TokenizerV14International().signature() == "intl"
    try:
        import MeCab  # noqa: F401
    except ImportError:
        with pytest.raises(MissingDependencyError, match="ja-mecab"):
            compat.tokenizers.tokenizer_ja_mecab.TokenizerJaMecab()


def test_test_sets_are_named_offline() -> None:
    assert utils.get_available_testsets() == sacrebleu.utils.get_available_testsets()
    assert "wmt19" in dataset.DATASETS and dataset.DATASETS["wmt19"].langpairs == sacrebleu.DATASETS["wmt19"].langpairs
    assert dataset.DATASETS["wmt14"].description == sacrebleu.DATASETS["wmt14"].description
    for call in (
        lambda: utils.get_source_file("wmt19", "de-en"),
        lambda: utils.get_reference_files("wmt19", "de-en"),
        lambda: dataset.DATASETS["wmt19"].source("de-en"),
        lambda: dataset.DATASETS["wmt22"].fieldnames("cs-en"),
        lambda: compat.download_test_set("wmt19"),
    ):
        with pytest.raises(DownloadError, match="does not download") as raised:
            call()
        assert "\n" not in str(raised.value)


def _run(command: list[str], stdin: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, input=stdin, capture_output=True, text=True, timeout=300)


@pytest.mark.slow
@pytest.mark.parametrize(
    "arguments",
    [
        [],
        ["-m", "bleu", "chrf", "ter"],
        ["-m", "bleu", "chrf", "ter", "-b"],
        ["-f", "text", "-w", "4", "-tok", "intl", "-lc"],
        ["-m", "chrf", "--chrf-word-order", "2", "-f", "text"],
        ["-sl", "-m", "bleu"],
        ["--short", "-f", "text", "-m", "ter"],
    ],
)
def test_command_line_is_sacrebleus(tmp_path: Path, arguments: list[str]) -> None:
    reference = tmp_path / "ref.txt"
    reference.write_text("The cat sat on the mat.\nIt rains today.\nWe stay at home.\n", encoding="utf-8")
    system = "The cat sat on a mat.\nIt is raining today.\nWe stay home.\n"
    ours = _run([sys.executable, "-m", "simpeval.compat.sacrebleu", str(reference), *arguments], system)
    theirs = _run([sys.executable, "-m", "sacrebleu", str(reference), *arguments], system)
    assert (ours.returncode, ours.stdout) == (theirs.returncode, theirs.stdout), ours.stderr[-2000:]


@pytest.mark.slow
def test_command_line_test_sets_are_one_line() -> None:
    result = _run([sys.executable, "-m", "simpeval.compat.sacrebleu", "-t", "wmt19", "-l", "de-en"], "a\n")
    assert result.returncode == 1 and "Traceback" not in result.stderr
    assert result.stderr.strip().endswith("and pass the files.") and "does not download" in result.stderr
