"""sacrebleu's warning about tokenized text: its own lines, whichever engine counts, once per corpus."""

from __future__ import annotations

import logging
import os
import subprocess
import sys
from pathlib import Path

import pytest

from simpeval import BLEU, evaluate_streams
from simpeval.engines.jit import NUMBA_AVAILABLE

SACREBLEU_LINES = [
    "That's 100 lines that end in a tokenized period ('.')",
    "It looks like you forgot to detokenize your test data, which may hurt your score.",
    "If you insist your data is detokenized, or don't care, you can suppress this message with the `force` parameter.",
]

TOKENIZED = [f"A tokenized line number {i} ." for i in range(150)]
ENGINES = ["sacrebleu", "numpy", *(["numba"] if NUMBA_AVAILABLE else [])]


def _said(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [record.getMessage() for record in caplog.records if record.name == "sacrebleu"]


@pytest.mark.parametrize("engine", ENGINES)
def test_every_engine_says_sacrebleus_lines_once(engine: str, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="sacrebleu"):
        BLEU(engine=engine).corpus_stats(TOKENIZED, [TOKENIZED])
    assert _said(caplog) == SACREBLEU_LINES


@pytest.mark.parametrize("engine", ENGINES)
def test_force_and_fewer_than_100_lines_say_nothing(engine: str, caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING, logger="sacrebleu"):
        BLEU(engine=engine, force=True).corpus_stats(TOKENIZED, [TOKENIZED])
        BLEU(engine=engine).corpus_stats(TOKENIZED[:99], [TOKENIZED[:99]])
    assert _said(caplog) == []


def test_a_streamed_corpus_says_it_once_per_system(caplog: pytest.LogCaptureFixture) -> None:
    hyps = TOKENIZED * 4  # four chunks of 150, each with 150 tokenized lines
    with caplog.at_level(logging.WARNING, logger="sacrebleu"):
        evaluate_streams({"a": hyps, "b": hyps}, [hyps], metrics=["bleu"], chunk_size=150)
    assert _said(caplog) == SACREBLEU_LINES * 2


@pytest.mark.slow
def test_every_worker_count_prints_the_same_warnings(tmp_path: Path) -> None:
    lines = [f"segment {i} of a tokenized file ." for i in range(21_000)]  # three chunks of the stream
    (tmp_path / "sys.txt").write_text("\n".join(lines) + "\n", encoding="utf-8")
    (tmp_path / "ref.txt").write_text("\n".join(lines[::-1]) + "\n", encoding="utf-8")
    env = {**os.environ, "SIMPEVAL_PARALLEL_MIN_SEGMENTS": "1000"}  # each chunk split among workers too
    outputs = []
    for jobs in ("1", "2", "3"):
        command = [sys.executable, "-m", "simpeval", "score", "-r", "ref.txt", "-i", "sys.txt", "-m", "bleu", "ter"]
        run = subprocess.run(
            [*command, "--jobs", jobs, "--quiet"], cwd=tmp_path, env=env, capture_output=True, text=True, check=True
        )
        outputs.append((run.stdout, run.stderr))
    assert outputs[0][1].splitlines() == SACREBLEU_LINES
    assert outputs[1] == outputs[0] and outputs[2] == outputs[0]
