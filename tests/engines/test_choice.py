"""engine="fast" loads the compiled kernels only for a job that repays them, whatever ran before."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator
from typing import Any

import pytest

from simpeval import BLEU, SARI, compare
from simpeval.engines import jit

needs_numba = pytest.mark.skipif(not jit.NUMBA_AVAILABLE, reason="Numba is not installed")


@pytest.fixture
def default_threshold(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The default threshold (tests/conftest.py sets 0 for the suite)."""
    monkeypatch.delenv("SIMPEVAL_COMPILED_MIN_TEXTS", raising=False)
    yield


@needs_numba
@pytest.mark.usefixtures("default_threshold")
def test_small_calls_run_the_other_engine_however_many_ran_before() -> None:
    for _ in range(5):
        assert not jit.use_compiled(jit.COMPILED_MIN_TEXTS - 1)
    assert jit.use_compiled(jit.COMPILED_MIN_TEXTS)
    assert not jit.use_compiled(1)


@needs_numba
@pytest.mark.usefixtures("default_threshold")
def test_a_job_gives_its_size_to_the_calls_inside_it_only() -> None:
    with jit.job(jit.COMPILED_MIN_TEXTS - 1):
        assert not jit.use_compiled(1)
    with jit.job(jit.COMPILED_MIN_TEXTS):
        assert jit.use_compiled(1)
        with jit.job(0):  # an inner job of its own size
            assert not jit.use_compiled(1)
        assert jit.use_compiled(1)
    assert not jit.use_compiled(1)


@needs_numba
@pytest.mark.usefixtures("default_threshold")
def test_the_threshold_is_an_environment_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SIMPEVAL_COMPILED_MIN_TEXTS", "0")
    assert jit.compiled_min_texts() == 0 and jit.use_compiled(1)


@needs_numba
@pytest.mark.usefixtures("default_threshold")
def test_engines_chosen_by_size_give_the_same_bits(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    real = jit.run_engine

    def spy(engine: str, requested: str, fallback: str, texts: int, **options: bool) -> str:
        chosen = real(engine, requested, fallback, texts, **options)
        calls.append(chosen)
        return chosen

    monkeypatch.setattr("simpeval.metrics.sari.metric.run_engine", spy)
    monkeypatch.setattr("simpeval.metrics._sacrebleu.run_engine", spy)
    hyps = ["the cat sat on the mat .", "a dog ran in the park ."] * 1000
    srcs = ["the cat sat on a red mat .", "a big dog ran in the park today ."] * 1000
    refs = [["the cat sat on a mat .", "a dog ran in a park ."] * 1000] * 3
    sari, bleu = SARI(), BLEU()
    small = (sari.corpus_score(hyps, refs, sources=srcs).score, bleu.corpus_score(hyps, refs).score)
    with jit.job(jit.COMPILED_MIN_TEXTS):
        large = (sari.corpus_score(hyps, refs, sources=srcs).score, bleu.corpus_score(hyps, refs).score)
    assert calls == ["numpy", "numpy", "numba", "numpy"]  # BLEU chooses by the call alone (8,000 texts)
    assert (
        small
        == large
        == (
            SARI(engine="numba").corpus_score(hyps, refs, sources=srcs).score,
            BLEU(engine="sacrebleu").corpus_score(hyps, refs).score,
        )
    )


@needs_numba
@pytest.mark.usefixtures("default_threshold")
def test_a_comparison_of_many_systems_runs_compiled_from_its_first_call(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    real = jit.run_engine

    def spy(*args: Any, **options: bool) -> str:
        calls.append(real(*args, **options))
        return calls[-1]

    monkeypatch.setattr("simpeval.metrics.sari.metric.run_engine", spy)
    monkeypatch.setattr("simpeval.metrics._sacrebleu.run_engine", spy)
    hyps, srcs = ["the cat sat on the mat ."] * 2_000, ["the cat sat on the red mat ."] * 2_000
    refs = [["the cat sat on a mat ."] * 2_000] * 3
    compare({f"s{k}": hyps for k in range(3)}, refs, metrics=["sari"], sources=srcs)  # 3 x 2,000 x 5 texts: one job
    compare({"s0": hyps}, refs, metrics=["sari"], sources=srcs)  # 10,000 texts: a small job, whatever ran before
    assert calls == ["numba"] * 3 + ["numpy"]
    calls.clear()  # BLEU and chrF choose by the call alone: their NumPy engine prepares the references once
    compare({f"s{k}": hyps for k in range(3)}, refs, metrics=["bleu", "chrf"])
    assert calls == ["numpy"] * 6


@pytest.mark.slow
@needs_numba
def test_a_small_cli_job_never_imports_numba(tmp_path: pytest.TempPathFactory) -> None:
    folder = tmp_path
    (folder / "src.txt").write_text("The cat sat on the red mat .\n" * 50, encoding="utf-8")  # type: ignore[operator]
    (folder / "ref.txt").write_text("The cat sat on the mat .\n" * 50, encoding="utf-8")  # type: ignore[operator]
    code = (
        "import sys; from simpeval.cli import main\n"
        "try:\n    main(['score', '-s', sys.argv[1], '-r', sys.argv[2], '-i', sys.argv[2], '-m', 'sari', 'bleu', 'chrf'])\n"
        "except SystemExit as exit:\n    assert not exit.code, exit.code\n"
        "print('numba' in sys.modules)\n"
    )
    env = {k: v for k, v in os.environ.items() if k != "SIMPEVAL_COMPILED_MIN_TEXTS"}
    result = subprocess.run(
        [sys.executable, "-c", code, str(folder / "src.txt"), str(folder / "ref.txt")],  # type: ignore[operator]
        capture_output=True,
        text=True,
        env=env,
        check=True,
    )
    assert result.stdout.strip().splitlines()[-1] == "False"
