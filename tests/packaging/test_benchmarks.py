"""The benchmark scripts run (``--quick``) against the current API, so they never rot.

They print ratios against baselines measured in the same process; nothing here asserts on a
time or on a speed target (a loaded machine may miss one: ``bench_all.py`` reports them), only
that each script completes, prints its table and reports its parity checks as met.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from ..needs import ROOT


@pytest.mark.slow
@pytest.mark.parametrize(  # a script, then options; what its output must match (a regular expression)
    ("script", "expected"),
    [
        # without --easse and --hf-sari, sections e and f say how to get the peers and the script goes on
        ("bench_sari.py", r"identical: yes(?s:.*)not measured: EASSE's(?s:.*)not measured: HF evaluate's"),
        ("bench_compare.py", "All identical: simpeval's BLEU/chrF paired p-values equal sacrebleu's."),
        (
            "bench_compare.py --with-ter --n-systems 2",
            r"paired p-values with TER equal sacrebleu's +yes +identical +met",
        ),
        ("bench_ter.py --repeat 1 --line-mb 0.1", "identical: yes"),  # checks as --quick, on a shorter line
        ("bench_distributed.py --metrics bleu", "scores equal to the single process: yes"),
        ("bench_jobs.py --jobs 1,2", "identical with any --jobs: yes"),
        (
            "bench_engines.py --metrics bleu,ter --repeat 1",
            r"bleu: every engine the same rows +yes(?s:.*)ter: every engine the same rows +yes",
        ),
    ],
)
def test_benchmark_runs_quick(script: str, expected: str, shared: Path) -> None:
    result = _run_quick(script, shared)
    assert re.search(expected, result.stdout), result.stdout[-3000:]


@pytest.mark.slow
def test_bench_all_runs_its_scripts_quick(shared: Path, tmp_path: Path) -> None:
    """``bench_all.py`` runs two scripts, each checked in its log as the scripts above are checked
    in their output (``bench_cli.py`` and ``bench_memory.py`` run here only), and prints its table."""
    result = _run_quick("bench_all.py --only bench_cli.py bench_memory.py", shared, "--log-dir", str(tmp_path))
    assert re.search(r"met: \d+; not met: \d+", result.stdout), result.stdout[-3000:]  # reported, never asserted
    assert re.search(
        r"Issue 40(?s:.*)not run: skipped(?s:.*)first simpeval score / sacrebleu's CLI +\d+\.\d+x", result.stdout
    ), result.stdout[-3000:]
    for log, expected in (("bench_cli.txt", "first run within 3x:"), ("bench_memory.txt", "peak RSS under 1 GB: yes")):
        output = (tmp_path / log).read_text(encoding="utf-8")
        assert expected in output, output[-3000:]


def _run_quick(script: str, shared: Path, *more: str) -> subprocess.CompletedProcess[str]:
    """Run ``benchmarks/<script> --quick`` (then its options and ``more``) to its end; it must exit with 0."""
    name, *options = script.split()
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / name), "--quick", "--shared", str(shared), *options, *more],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    return result
