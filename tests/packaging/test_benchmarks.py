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
        ("bench_sari.py", "identical: yes"),
        ("bench_compare.py", "All identical: simpeval's BLEU/chrF paired p-values equal sacrebleu's."),
        (
            "bench_compare.py --with-ter --n-systems 2",
            r"paired p-values with TER equal sacrebleu's +yes +identical +met",
        ),
        ("bench_ter.py --repeat 1 --line-mb 0.1", "identical: yes"),  # checks as --quick, on a shorter line
        ("bench_cli.py", "first run within 3x:"),
        ("bench_memory.py", "peak RSS under 1 GB: yes"),
        ("bench_distributed.py --metrics bleu", "scores equal to the single process: yes"),
        ("bench_jobs.py --jobs 1,2", "identical with any --jobs: yes"),
        ("bench_all.py --only bench_cli.py bench_memory.py", r"met: \d+; not met: \d+"),  # reported, never asserted
    ],
)
def test_benchmark_runs_quick(script: str, expected: str, shared: Path) -> None:
    name, *options = script.split()
    result = subprocess.run(
        [sys.executable, str(ROOT / "benchmarks" / name), "--quick", "--shared", str(shared), *options],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert re.search(expected, result.stdout), result.stdout[-3000:]
