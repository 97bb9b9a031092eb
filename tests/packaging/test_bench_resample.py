"""``benchmarks/bench_resample.py --quick`` runs against the current API and finds its scorers equal."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from ..needs import ROOT


@pytest.mark.slow
def test_bench_resample_runs_quick(shared: Path) -> None:
    script = ROOT / "benchmarks" / "bench_resample.py"
    result = subprocess.run(
        [sys.executable, str(script), "--quick", "--repeat", "1", "--shared", str(shared)],
        capture_output=True,
        text=True,
        timeout=600,
        cwd=ROOT,
    )
    assert result.returncode == 0, result.stderr[-3000:]
    assert "identical scores and types: yes" in result.stdout, result.stdout[-3000:]
    assert "Numba imported: False" in result.stdout, result.stdout[-3000:]
