"""Every benchmark script runs against the current API (``--smoke``), so that none of them rots.

One process, ``benchmarks/bench_all.py --smoke``, runs every script of benchmarks/ at its smallest
sizes, each in a process of its own with its output in a log (the module's fixture); the tests
read the logs. They check that each script exits with 0 and prints its sections and tables (their
headings), never a figure: a smoke run's figures mean nothing. The numbers themselves are guarded
where they come from: their equality with sacrebleu, EASSE, HF evaluate, bert_score and between
the engines by the parity and engine-matrix modules (tests/metrics, tests/significance,
tests/engines, tests/distributed), and a time by nothing (a loaded machine may miss any).
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from ..needs import ROOT, require_learned, unavailable

pytestmark = pytest.mark.slow

#: Each script's sections and tables, in order (a regular expression on its log). A peer that is
#: not installed (torchmetrics, NLTK's CMU dictionary for compare_fkgl.py's textstat column) leaves
#: "not measured: ..." and the script goes on.
HEADINGS = {
    "bench_ter.py": r"1\. First call(?s:.*)2\. Corpus TER(?s:.*)3\. One long line(?s:.*)Summary",
    "bench_cli.py": (
        r"score SARI\+BLEU, first run(?s:.*)score SARI\+BLEU, warm(?s:.*)peer: +sacrebleu"
        r"(?s:.*)score SARI BLEU chrF TER, 2 systems(?s:.*)compare SARI BLEU chrF TER, 2 systems"
    ),
    "bench_compare.py": (
        r"1\. Statistics extraction(?s:.*)2\. Whole job, BLEU \+ chrF:(?s:.*)3\. Parity(?s:.*)Against the peer"
        r"(?s:.*)4\. Whole job, BLEU \+ chrF \+ TER(?s:.*)Summary"
    ),
    "bench_sari.py": (
        r"a\. Corpus SARI per preset(?s:.*)b\. Corpus SARI per preset(?s:.*)c\. Batch sentence-level SARI"
        r"(?s:.*)e\. Corpus SARI vs EASSE's(?s:.*)f\. Batch sentence SARI vs HF(?s:.*)d\. Streamed corpus SARI"
        r"(?s:.*)Summary"
    ),
    "bench_memory.py": r"simpeval score SARI \+ BLEU \(streamed\)(?s:.*)baseline: read the 3 files(?s:.*)peak RSS under",
    "bench_jobs.py": r"1\. simpeval score -m sari bleu --jobs N(?s:.*)2\. metric\.corpus_stats(?s:.*)Summary",
    "bench_distributed.py": r"BLEU \(score(?s:.*)--jobs W(?s:.*)Dask LocalCluster(?s:.*)Summary",
    "bench_engines.py": r"sari: engines(?s:.*)bleu: engines(?s:.*)chrf: engines(?s:.*)ter: engines(?s:.*)Summary",
    "bench_resample.py": r"1\. Scoring float32(?s:.*)2\. simpeval\.compare in a fresh process(?s:.*)Summary",
    "bench_learned.py": r"bert_score\.score once per system(?s:.*)simpeval compare:(?s:.*)identical numbers:",
    "compare_fkgl.py": r"system +easse +textstat +segments differing",
    "compare_torchmetrics.py": r"## Corpus scores(?s:.*)## Mean sentence BLEU(?s:.*)## Written cases",
}


@pytest.fixture(scope="module")
def smoke(shared: Path, tmp_path_factory: pytest.TempPathFactory) -> tuple[subprocess.CompletedProcess[str], Path]:
    """``bench_all.py --smoke`` run to its end: its output and the folder of the scripts' logs. About a
    minute and a half on 2 cores: twelve scripts, each in processes of its own (a Dask cluster,
    PyTorch's start for bench_learned.py, the peers' imports)."""
    logs = tmp_path_factory.mktemp("bench-logs")
    command = [sys.executable, str(ROOT / "benchmarks" / "bench_all.py"), "--smoke", "--shared", str(shared)]
    result = subprocess.run(
        [*command, "--log-dir", str(logs)], capture_output=True, text=True, timeout=1200, cwd=ROOT, check=False
    )
    return result, logs


def test_bench_all_runs_every_script(smoke: tuple[subprocess.CompletedProcess[str], Path]) -> None:
    """``bench_all.py --smoke`` runs every script of benchmarks/, each exits with 0, and it prints
    its two tables (their headings: the figures and the targets' marks are reported, never asserted)."""
    result, logs = smoke
    assert result.returncode == 0, result.stdout[-3000:] + result.stderr[-3000:]
    scripts = sorted(p.name for p in (ROOT / "benchmarks").glob("*.py") if not p.name.startswith("_"))
    assert sorted([*HEADINGS, "bench_all.py"]) == scripts, "a new script: add its headings to HEADINGS"
    assert sorted(p.name.removesuffix(".txt") + ".py" for p in logs.glob("*.txt")) == sorted(HEADINGS)
    assert re.search(r"All figures(?s:.*)script +figure +value +target +status", result.stdout), result.stdout[-3000:]
    assert re.search(
        r"The peer ratios: every ratio against the tool a user comes from(?s:.*)first simpeval score / sacrebleu's CLI",
        result.stdout,
    ), result.stdout[-3000:]


@pytest.mark.parametrize("script", sorted(HEADINGS))
def test_script_prints_its_tables(script: str, smoke: tuple[subprocess.CompletedProcess[str], Path]) -> None:
    """The script ran under ``--smoke`` (it says so) and printed its sections and tables."""
    log = smoke[1] / f"{script.removesuffix('.py')}.txt"
    assert log.is_file(), smoke[0].stdout[-3000:]
    output = log.read_text(encoding="utf-8")
    assert "[--smoke: checks that the script runs; its figures mean nothing]" in output, output[-3000:]
    if script == "bench_learned.py" and "not measured:" in output:
        require_learned()  # PyTorch or Transformers missing: skipped, or failed under CI
        unavailable(f"bench_learned.py: {output.split('not measured: ')[1].splitlines()[0]}")
    assert re.search(HEADINGS[script], output), output[-3000:]
