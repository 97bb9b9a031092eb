"""The NumPy replay of sacrebleu's BLEU and chrF bootstrap scoring equals sacrebleu's scoring of
each row, bit for bit and type for type, under each of sum()'s rules, and never needs Numba."""

from __future__ import annotations

import os
import subprocess
import sys
from typing import Any

import numpy as np
import pytest
import sacrebleu
import sacrebleu.metrics.bleu
from hypothesis import given, settings
from hypothesis import strategies as st
from sacrebleu.utils import my_log

from simpeval import _arith
from simpeval._arith import NEUMAIER, NEUMAIER_INTS, PLAIN, reference_sum
from simpeval.engines import jit
from simpeval.engines import resample_numpy as replay
from simpeval.engines.resample import score_rows
from simpeval.metrics import _sacrebleu

pytestmark = pytest.mark.skipif(not replay.NEP50, reason="the replay is used under NumPy >= 2 (NEP 50) only")

RULES = [PLAIN, NEUMAIER, NEUMAIER_INTS]
SMOOTHING = [
    ("none", None),
    ("floor", None),
    ("floor", 0.5),
    ("add-k", None),
    ("add-k", 0.5),
    ("add-k", 2),
    ("exp", None),
]
DTYPES = [np.float32, np.float64]
#: Counts with many zeros, then a scale that makes them fractional or large (resampled sums).
count = st.integers(0, 3) | st.integers(0, 2_000)
scale = st.sampled_from([1, 0.5, 37, 1001.25])


def bleu_sums(data: st.DataObject, order: int, dtype: Any) -> np.ndarray:
    """Rows of BLEU statistics: lengths, matches, totals; matches may exceed totals, totals be 0."""
    return any_sums(data, 2 + 2 * order, dtype)


def any_sums(data: st.DataObject, width: int, dtype: Any) -> np.ndarray:
    """0 to 8 rows of ``width`` counts (chrF's: hypothesis, reference, match counts, in any relation)."""
    rows = [data.draw(st.lists(count, min_size=width, max_size=width)) for _ in range(data.draw(st.integers(0, 8)))]
    return (np.array(rows, dtype=np.float64).reshape(-1, width) * data.draw(scale)).astype(dtype)


def bleu_args(impl: Any, sums: np.ndarray, rule: int = _arith.RUNNING_RULE) -> tuple[Any, ...]:
    method = impl.smooth_method
    value = impl.smooth_value if impl.smooth_value is not None else sacrebleu.BLEU.SMOOTH_DEFAULTS[method]
    code = replay.SMOOTH_CODES[method]
    return (sums, impl.max_ngram_order, code, float(value or 0.0), impl.effective_order, sums.dtype == np.float32, rule)


def sacrebleu_rows(impl: Any, sums: np.ndarray) -> list[Any]:
    return [impl._compute_score_from_stats(row.copy()).score for row in sums]


def handed_on(batch: Any) -> list[Any]:
    """What ``score_rows`` hands the significance code when a scorer's batch gives ``batch``."""

    def scorer(row: Any) -> Any:
        raise AssertionError("the batch scores every row")

    scorer.score_rows = lambda sums: batch  # type: ignore[attr-defined]
    return list(score_rows(scorer, np.zeros((0, 1))))


def same_bits(a: Any, b: Any) -> bool:
    return np.array(a, dtype=np.float64).tobytes() == np.array(b, dtype=np.float64).tobytes()


@settings(max_examples=300, deadline=None)
@given(
    data=st.data(),
    order=st.integers(1, 5),
    smoothing=st.sampled_from(SMOOTHING),
    effective=st.booleans(),
    dtype=st.sampled_from(DTYPES),
)
@pytest.mark.slow
def test_bleu_equals_sacrebleu(data: st.DataObject, order: int, smoothing: Any, effective: bool, dtype: Any) -> None:
    impl = sacrebleu.BLEU(
        max_ngram_order=order, smooth_method=smoothing[0], smooth_value=smoothing[1], effective_order=effective
    )
    sums = bleu_sums(data, order, dtype)
    expected = sacrebleu_rows(impl, sums)
    scores = replay.bleu_scores(*bleu_args(impl, sums))
    assert scores.dtype == np.float64 and all(type(x) is float for x in expected)  # Python floats, both
    assert same_bits(scores, expected)


@pytest.mark.slow
@settings(max_examples=300, deadline=None)
@given(
    data=st.data(),
    char_order=st.integers(0, 6),
    word_order=st.integers(0, 2),
    beta=st.integers(0, 3),
    eps=st.booleans(),
    dtype=st.sampled_from(DTYPES),
)
def test_chrf_equals_sacrebleu(
    data: st.DataObject, char_order: int, word_order: int, beta: int, eps: bool, dtype: Any
) -> None:
    char_order = char_order or (0 if word_order else 1)
    impl = sacrebleu.CHRF(char_order=char_order, word_order=word_order, beta=beta, eps_smoothing=eps)
    sums = any_sums(data, 3 * (char_order + word_order), dtype)
    expected = sacrebleu_rows(impl, sums)
    values, is32 = replay.chrf_scores(sums, beta**2, eps, dtype == np.float32)
    assert same_bits(values, [float(x) for x in expected])
    assert is32.tolist() == [type(x) is np.float32 for x in expected]
    result = handed_on(replay.chrf_result(values, is32))
    assert [type(x) for x in result] == [type(x) for x in expected] or dtype == np.float64
    assert np.array(result).dtype == np.array(expected).dtype


@pytest.mark.slow
@pytest.mark.parametrize("rule", RULES)
@settings(max_examples=200, deadline=None)
@given(
    values=st.lists(st.sampled_from([0.0, 100.0, 1.0]) | st.floats(1e-3, 100.0), min_size=1, max_size=6), data=st.data()
)
def test_log_sums_is_sum_of_my_log(rule: int, values: list[float], data: st.DataObject) -> None:
    """Zero precisions give sacrebleu's int -9999999999, at the start or inside the float run."""
    count = data.draw(st.integers(1, len(values)))
    expected = reference_sum([my_log(p) for p in values[:count]], rule=rule)
    total = replay.log_sums(np.array([values, values[::-1]]), np.array([count, len(values)]), rule)
    assert total[0] == expected and type(expected) in (int, float)
    assert total[1] == reference_sum([my_log(p) for p in values[::-1]], rule=rule)


def forced(monkeypatch: pytest.MonkeyPatch, rule: int) -> None:
    """sacrebleu's sum() under ``rule``, and the scorers' default rule too."""
    monkeypatch.setattr(_arith, "RUNNING_RULE", rule)
    monkeypatch.setattr(
        sacrebleu.metrics.bleu, "sum", lambda values, start=0: reference_sum(values, start, rule=rule), raising=False
    )


def resampled(width: int, rows: int = 300) -> np.ndarray:
    """Bootstrap sums of 200 random count rows (matches no larger than their totals)."""
    rng = np.random.default_rng(0)
    stats = rng.integers(0, 30, size=(200, width)).astype(np.float32)
    if width == 10:
        stats[:, 2:6] = np.minimum(stats[:, 2:6], stats[:, 6:10])
    else:
        stats[:, 2::3] = np.minimum(stats[:, 2::3], np.minimum(stats[:, 0::3], stats[:, 1::3]))
    return np.stack([stats[rng.integers(0, 200, 200)].sum(axis=0) for _ in range(rows)])


@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("smooth", ["exp", "add-k", "floor", "none"])
def test_forced_rule_equals_sacrebleu(monkeypatch: pytest.MonkeyPatch, rule: int, smooth: str) -> None:
    forced(monkeypatch, rule)
    impl = sacrebleu.BLEU(smooth_method=smooth)
    for sums in (resampled(10), resampled(10).astype(np.float64)):
        assert same_bits(replay.bleu_scores(*bleu_args(impl, sums, rule)), sacrebleu_rows(impl, sums))


def test_the_rules_differ_on_these_sums() -> None:
    """The forced-rule test can fail: plain and compensated sums differ on some resamples."""
    impl, sums = sacrebleu.BLEU(), resampled(10)
    plain = replay.bleu_scores(*bleu_args(impl, sums, PLAIN))
    assert (plain != replay.bleu_scores(*bleu_args(impl, sums, NEUMAIER))).sum() > 10


EDGE_BLEU = [
    [0, 0, 0, 0, 0, 0, 0, 0, 0, 0],  # nothing at all
    [5, 9, 0, 0, 0, 0, 5, 4, 3, 2],  # no match: sacrebleu's early stop
    [5, 9, 3, 0, 0, 0, 5, 0, 0, 0],  # zero totals from order 2: the loop stops there
    [5, 9, 2, 1, 0, 0, 0, 0, 0, 0],  # matches but no totals
    [0, 9, 3, 2, 1, 1, 5, 4, 3, 2],  # empty hypotheses: brevity penalty 0
    [12, 9, 3, 0, 1, 0, 12, 11, 10, 9],  # longer than the references, a zero inside
]


@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("smoothing", SMOOTHING)
@pytest.mark.parametrize("effective", [False, True])
def test_bleu_edge_rows(dtype: Any, smoothing: Any, effective: bool) -> None:
    impl = sacrebleu.BLEU(smooth_method=smoothing[0], smooth_value=smoothing[1], effective_order=effective)
    sums = np.array(EDGE_BLEU, dtype=dtype)
    assert same_bits(replay.bleu_scores(*bleu_args(impl, sums)), sacrebleu_rows(impl, sums))


@pytest.mark.parametrize("rows", [0, 1, 7, 500])
@pytest.mark.parametrize("dtype", DTYPES)
@pytest.mark.parametrize("kind", ["bleu", "chrf"])
def test_the_scorer_gives_sacrebleus_scores_and_types(kind: str, dtype: Any, rows: int) -> None:
    """Through ``resampling_scorer``: the same list as scoring each row, empty resamples included."""
    impl = sacrebleu.BLEU() if kind == "bleu" else sacrebleu.CHRF(word_order=2)
    sums = resampled(10 if kind == "bleu" else 24, 500)[:rows].astype(dtype)
    score, _ = _sacrebleu.resampling_scorer(impl)
    batch, expected = score_rows(score, sums.copy()), sacrebleu_rows(impl, sums)
    assert same_bits(batch, expected) and len(batch) == rows
    assert [type(x) for x in list(batch)] == [type(x) for x in expected] or dtype == np.float64
    assert np.array(batch).dtype == np.array(expected).dtype


def test_a_comparison_scores_its_resamples_by_numpy(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every row of a call in one NumPy call, whatever the job around it (here a large one)."""
    calls: list[int] = []
    real = replay.bleu_scores
    monkeypatch.setattr(replay, "bleu_scores", lambda sums, *args: calls.append(len(sums)) or real(sums, *args))
    score, _ = _sacrebleu.resampling_scorer(sacrebleu.BLEU())
    with jit.job(10**9):
        score_rows(score, resampled(10, 2000))
    assert calls == [2000]


SCRIPT = """
import sys
import numpy as np
from simpeval import compare
from simpeval.api.common import RunOptions
from simpeval.significance.specs import PairedBootstrap

rng = np.random.default_rng(1)
table = {(m, k): rng.integers(0, 30, size=(359, 10 if m == "BLEU" else 18)).astype(np.float64)
         for m in ("BLEU", "chrF") for k in range(10)}
systems = {f"s{k}": ["a cat ."] * 359 for k in range(10)}
references = [["the cat ."] * 359] * 10  # 10 x 359 x 12 = 43,080 texts: a job the extraction runs compiled
compare(systems, references, metrics=["bleu", "chrf"], test=PairedBootstrap(n=500),
        run=RunOptions(statistics=lambda metric, system, hyps: table[metric.name, int(system[1:])]))
print("numba" in sys.modules)
"""


def test_an_asset_size_comparison_scores_resamples_without_numba() -> None:
    """A fresh interpreter compares 10 systems of ASSET's size on given statistics (BLEU, chrF,
    paired bootstrap) without importing Numba: the scoring runs on NumPy, whatever the job."""
    env = {k: v for k, v in os.environ.items() if k != "SIMPEVAL_COMPILED_MIN_TEXTS"}
    result = subprocess.run([sys.executable, "-c", SCRIPT], capture_output=True, text=True, env=env, check=True)
    assert result.stdout.strip().splitlines()[-1] == "False"
