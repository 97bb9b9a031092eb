"""The engine a call runs is a pure function of the job: its size, the options, the installed
packages and the explicit settings; never what ran before in the process."""

from __future__ import annotations

import threading
from collections import Counter
from collections.abc import Iterator
from pathlib import Path

import pytest

from simpeval import BLEU, SARI, compare
from simpeval.api import RunOptions
from simpeval.engines import jit

needs_numba = pytest.mark.skipif(not jit.NUMBA_AVAILABLE, reason="Numba is not installed")

HYPS = ["the cat sat on the mat .", "a dog ran in the park ."] * 500
SRCS = ["the cat sat on a red mat .", "a big dog ran in the park today ."] * 500
REFS = [["the cat sat on a mat .", "a dog ran in a park ."] * 500] * 2  # 1,000 x 4 = 4,000 texts a call


@pytest.fixture
def chosen(monkeypatch: pytest.MonkeyPatch) -> Iterator[list[str]]:
    """The engines chosen by SARI, BLEU and chrF calls, in order, under the default threshold."""
    monkeypatch.delenv("SIMPEVAL_COMPILED_MIN_TEXTS", raising=False)
    calls: list[str] = []
    real = jit.run_engine

    def spy(engine: str, requested: str, fallback: str, texts: int, **options: bool) -> str:
        calls.append(real(engine, requested, fallback, texts, **options))
        return calls[-1]

    monkeypatch.setattr("simpeval.metrics.sari.metric.run_engine", spy)
    monkeypatch.setattr("simpeval.metrics._sacrebleu.run_engine", spy)
    yield calls


def _small_job() -> tuple[float, float]:
    return SARI().corpus_score(HYPS, REFS, sources=SRCS).score, BLEU().corpus_score(HYPS, REFS).score


@needs_numba
def test_the_same_job_runs_the_same_engine_whatever_ran_before(chosen: list[str]) -> None:
    first = _small_job()
    engines_first = list(chosen)
    compare({f"s{k}": HYPS for k in range(6)}, REFS, metrics=["sari", "bleu"], sources=SRCS)  # 24,000 texts
    # SARI runs the job's engine; BLEU chooses by the call alone (4,000 texts)
    assert Counter(chosen[len(engines_first) :]) == {"numba": 6, "numpy": 6}
    chosen.clear()
    assert _small_job() == first
    assert chosen == engines_first == ["numpy", "numpy"]


@needs_numba
def test_the_choice_depends_on_size_and_settings_only(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SIMPEVAL_COMPILED_MIN_TEXTS", raising=False)
    table = {
        texts: jit.run_engine("numba", "fast", "numpy", texts) for texts in (0, 1, 19_999, 20_000, 10**6, 1, 19_999)
    }
    assert table == {0: "numpy", 1: "numpy", 19_999: "numpy", 20_000: "numba", 10**6: "numba"}
    assert jit.run_engine("numba", "numba", "numpy", 1) == "numba"  # an explicit engine is kept
    assert jit.run_engine("numpy", "numpy", "numpy", 10**6) == "numpy"
    monkeypatch.setenv("SIMPEVAL_COMPILED_MIN_TEXTS", "0")
    assert jit.run_engine("numba", "fast", "numpy", 1) == "numba"


@needs_numba
def test_a_job_does_not_reach_other_threads(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("SIMPEVAL_COMPILED_MIN_TEXTS", raising=False)
    seen: list[bool] = []
    with jit.job(10**6):
        assert jit.use_compiled(1)
        thread = threading.Thread(target=lambda: seen.append(jit.use_compiled(1)))
        thread.start()
        thread.join()
    assert seen == [False]


@needs_numba
def test_a_comparison_on_threads_is_one_job(chosen: list[str]) -> None:
    systems = {f"s{k}": HYPS for k in range(6)}
    one = compare(systems, REFS, metrics=["sari", "bleu", "chrf"], sources=SRCS)
    assert Counter(chosen) == {"numba": 6, "numpy": 12}  # SARI by the job, BLEU and chrF by the call
    chosen.clear()
    threaded = compare(systems, REFS, metrics=["sari", "bleu", "chrf"], sources=SRCS, run=RunOptions(paired_jobs=3))
    assert Counter(chosen) == {"numba": 6, "numpy": 12}
    assert threaded == one


def test_without_numba_fast_is_always_the_other_engine(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(jit, "NUMBA_AVAILABLE", False)
    assert not jit.use_compiled(10**9)
    assert jit.resolve_engine("SARI", "fast", "numpy") == "numpy"


@needs_numba
def test_the_command_line_and_the_api_run_the_same_engines(chosen: list[str], tmp_path: Path) -> None:
    """``simpeval score`` streams its files (``evaluate_streams``), ``evaluate_systems`` takes lists: the
    same texts are the same job (6 systems x 1,000 segments x 4 texts: 24,000 texts, compiled SARI),
    since a file opened by the command line counts its lines (``LineFile.__length_hint__``)."""
    from click.testing import CliRunner

    from simpeval.api import evaluate_systems
    from simpeval.cli import main

    systems = {f"s{k}": HYPS for k in range(6)}
    evaluate_systems(systems, REFS, sources=SRCS, metrics=["sari", "bleu"])
    by_api = list(chosen)
    assert Counter(by_api) == {"numba": 6, "numpy": 6}  # SARI by the job, BLEU by the call
    chosen.clear()

    def write(name: str, lines: list[str]) -> str:
        path = tmp_path / name
        path.write_text("\n".join(lines) + "\n", encoding="utf-8")
        return str(path)

    paths = [write(f"{name}.txt", lines) for name, lines in systems.items()]
    refs = [write(f"ref{j}.txt", stream) for j, stream in enumerate(REFS)]
    args = ["score", "-s", write("src.txt", SRCS), "-r", *refs, "-i", *paths, "-m", "sari", "bleu", "-q"]
    result = CliRunner().invoke(main, args)
    assert result.exit_code == 0, result.output
    assert chosen == by_api
