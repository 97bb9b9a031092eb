"""The command line's --paired-jobs (threads) and --jobs (processes) reach compare's two RunOptions fields."""

from __future__ import annotations

import pytest

from simpeval import api
from simpeval.cli import main


@pytest.mark.parametrize("command", ["compare", "report"])
def test_paired_jobs_and_jobs_reach_their_own_fields(runner, tmp_corpus, monkeypatch, tmp_path, command) -> None:
    files = tmp_corpus()
    runs: list[api.RunOptions] = []
    real = api.compare

    def recording(*args, run=None, **kwargs):
        runs.append(run)
        return real(*args, run=run, **kwargs)

    monkeypatch.setattr(api, "compare", recording)
    args = [command, "-s", files["src.txt"], "-r", files["ref0.txt"], "-i", files["sys1.txt"], files["sys2.txt"]]
    args += ["-m", "bleu", "--jobs", "1", "--paired-jobs", "3", "-q"]
    args += ["-o", str(tmp_path / "report.html")] if command == "report" else []
    result = runner.invoke(main, args)
    assert result.exit_code == 0, result.output
    assert [(run.paired_jobs, run.n_jobs) for run in runs] == [(3, 1)]


def test_the_help_tells_threads_from_processes(runner) -> None:
    text = " ".join(runner.invoke(main, ["compare", "--help"], terminal_width=200).output.split())
    assert "--paired-jobs N Metrics compared at once, on threads (0: one per CPU; worker processes are --jobs)" in text
    assert "worker processes extracting the statistics, their compiled kernels on one thread each" in text
