"""engine="fast" loads the compiled kernels only for work that repays them."""

from __future__ import annotations

import os
import subprocess
import sys
from collections.abc import Iterator

import pytest

from simpeval import BLEU, SARI, compare
from simpeval.engines import jit

needs_numba = pytest.mark.skipif(not jit.NUMBA_AVAILABLE, reason="Numba is not installed")


@pytest.fixture
def fresh_process_state(default_engine_policy: None, monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """The default threshold (tests/conftest.py), and a process that has done no work yet."""
    monkeypatch.setattr(jit, "_work", {"done": 0, "committed": False})
    yield


@needs_numba
@pytest.mark.usefixtures("fresh_process_state")
def test_small_calls_run_the_other_engine_until_the_threshold() -> None:
    assert not jit.use_compiled(5_000)
    assert not jit.use_compiled(14_999)
    assert jit.use_compiled(1)  # 20,000 texts reached: committed
    assert jit.use_compiled(1) and jit._work["committed"]


@needs_numba
@pytest.mark.usefixtures("fresh_process_state")
def test_an_announced_large_job_commits_at_once() -> None:
    jit.expect_work(jit.COMPILED_MIN_TEXTS - 1)
    assert not jit._work["committed"]
    jit.expect_work(jit.COMPILED_MIN_TEXTS)
    assert jit.use_compiled(1)


@needs_numba
@pytest.mark.usefixtures("fresh_process_state")
def test_the_threshold_is_an_environment_setting(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SIMPEVAL_COMPILED_MIN_TEXTS", "0")
    assert jit.use_compiled(1)


@needs_numba
@pytest.mark.usefixtures("fresh_process_state")
def test_engines_chosen_per_call_give_the_same_bits(monkeypatch: pytest.MonkeyPatch) -> None:
    calls: list[str] = []
    real = jit.run_engine

    def spy(engine: str, requested: str, fallback: str, texts: int) -> str:
        chosen = real(engine, requested, fallback, texts)
        calls.append(chosen)
        return chosen

    monkeypatch.setattr("simpeval.metrics.sari.metric.run_engine", spy)
    monkeypatch.setattr("simpeval.metrics._sacrebleu.run_engine", spy)
    hyps = ["the cat sat on the mat .", "a dog ran in the park ."] * 1000
    srcs = ["the cat sat on a red mat .", "a big dog ran in the park today ."] * 1000
    refs = [["the cat sat on a mat .", "a dog ran in a park ."] * 1000] * 3
    sari, bleu = SARI(), BLEU()
    first = (sari.corpus_score(hyps, refs, sources=srcs).score, bleu.corpus_score(hyps, refs).score)
    for _ in range(3):
        second = (sari.corpus_score(hyps, refs, sources=srcs).score, bleu.corpus_score(hyps, refs).score)
        assert second == first
    assert calls[:2] == ["numpy", "sacrebleu"] and calls[-2:] == ["numba", "numba"]
    assert first == (
        SARI(engine="numba").corpus_score(hyps, refs, sources=srcs).score,
        BLEU(engine="sacrebleu").corpus_score(hyps, refs).score,
    )


@needs_numba
@pytest.mark.usefixtures("fresh_process_state")
def test_a_comparison_of_many_systems_announces_itself() -> None:
    hyps = ["the cat sat on the mat ."] * 2_000
    refs = [["the cat sat on a mat ."] * 2_000] * 3
    compare({f"s{k}": hyps for k in range(3)}, refs, metrics=["bleu"])
    assert jit._work["committed"]


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
