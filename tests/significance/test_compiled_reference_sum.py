"""The compiled replay of sacrebleu's BLEU adds the log precisions as sum() does, under the
running interpreter's rule and under each rule forced (sacrebleu's sum() replaced to match)."""

from __future__ import annotations

import os
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
from simpeval.engines.jit import NUMBA_AVAILABLE
from simpeval.metrics import _sacrebleu
from simpeval.significance._resample import score_rows

if not NUMBA_AVAILABLE:
    if os.environ.get("CI") and not os.environ.get("SIMPEVAL_DISABLE_NUMBA"):
        pytest.fail("Numba is part of the test extra; CI must test the compiled scoring.", pytrace=False)
    pytest.skip("Numba is not installed (pip install 'simplification-metrics[fast]')", allow_module_level=True)

from simpeval.engines.resample import NEP50, log_sum

RULES = [PLAIN, NEUMAIER, NEUMAIER_INTS]
precision = st.sampled_from([0.0, 100.0, 1.0]) | st.floats(1e-3, 100.0)


@pytest.mark.parametrize("rule", RULES)
@settings(max_examples=400, deadline=None)
@given(values=st.lists(precision, min_size=1, max_size=6))
def test_log_sum_is_sum_of_my_log(rule: int, values: list[float]) -> None:
    """Zero precisions give sacrebleu's int -9999999999, at the start or inside the float run."""
    expected = reference_sum([my_log(p) for p in values], rule=rule)
    assert log_sum(np.array(values), len(values), rule) == expected


def forced(monkeypatch: pytest.MonkeyPatch, rule: int) -> None:
    """simpeval's kernels and sacrebleu's sum() both under ``rule``."""
    monkeypatch.setattr(_arith, "RUNNING_RULE", rule)
    monkeypatch.setattr(
        sacrebleu.metrics.bleu, "sum", lambda values, start=0: reference_sum(values, start, rule=rule), raising=False
    )


def resampled_bleu_sums() -> np.ndarray:
    rng = np.random.default_rng(0)
    stats = rng.integers(0, 30, size=(200, 10)).astype(np.float32)
    stats[:, 2:6] = np.minimum(stats[:, 2:6], stats[:, 6:10])
    return np.stack([stats[rng.integers(0, 200, 200)].sum(axis=0) for _ in range(300)])


def batch_and_rows(impl: Any, sums: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    score, _ = _sacrebleu.resampling_scorer(impl)
    batch = np.array(list(score_rows(score, sums.copy())))
    return batch, np.array([impl._compute_score_from_stats(row.copy()).score for row in sums])


@pytest.mark.skipif(not NEP50, reason="the compiled scoring is used under NumPy >= 2 only")
@pytest.mark.parametrize("rule", RULES)
@pytest.mark.parametrize("smooth", ["exp", "add-k", "floor", "none"])
def test_forced_rule_kernel_equals_sacrebleu(monkeypatch: pytest.MonkeyPatch, rule: int, smooth: str) -> None:
    forced(monkeypatch, rule)
    impl = sacrebleu.BLEU(smooth_method=smooth)
    sums = resampled_bleu_sums()
    batch, rows = batch_and_rows(impl, sums)
    np.testing.assert_array_equal(batch, rows)
    np.testing.assert_array_equal(*batch_and_rows(impl, sums.astype(np.float64)))  # approximate randomization


@pytest.mark.skipif(not NEP50, reason="the compiled scoring is used under NumPy >= 2 only")
def test_the_rules_differ_on_these_sums(monkeypatch: pytest.MonkeyPatch) -> None:
    """The forced-rule test can fail: plain and compensated sums differ on some resamples."""
    sums = resampled_bleu_sums()
    forced(monkeypatch, PLAIN)
    plain, _ = batch_and_rows(sacrebleu.BLEU(), sums)
    forced(monkeypatch, NEUMAIER)
    compensated, _ = batch_and_rows(sacrebleu.BLEU(), sums)
    assert (plain != compensated).sum() > 10
