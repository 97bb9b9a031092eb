"""The compiled replay of sacrebleu's BLEU and chrF resampling scores equals sacrebleu's scoring."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
import sacrebleu
from hypothesis import given, settings
from hypothesis import strategies as st

from simpeval.engines.jit import NUMBA_AVAILABLE
from simpeval.metrics import _sacrebleu
from simpeval.significance._resample import score_rows

from ..needs import require_numba

if not NUMBA_AVAILABLE:
    require_numba()  # part of the test extra: CI tests the compiled code

from simpeval.engines.resample import NEP50

pytestmark = pytest.mark.skipif(not NEP50, reason="the compiled scoring is used under NumPy >= 2 only")


def row_by_row(impl: Any, sums: np.ndarray) -> list[Any]:
    return [impl._compute_score_from_stats(row.copy()).score for row in sums]


def assert_same_scores(impl: Any, sums: np.ndarray) -> None:
    """Same values, same types (what sorted() and statistics.mean see), same np.array dtype."""
    score, _ = _sacrebleu.resampling_scorer(impl)
    assert hasattr(score, "score_rows")
    batch = list(score_rows(score, sums.copy()))
    expected = row_by_row(impl, sums)
    if sums.dtype == np.float32:  # bootstrap sums: sorted() and statistics.mean() see these types
        assert [type(x) for x in batch] == [type(x) for x in expected]
    # float64 sums (approximate randomization) only ever go through np.array()
    np.testing.assert_array_equal(np.array(batch), np.array(expected))
    assert np.array(batch).dtype == np.array(expected).dtype


counts = st.integers(0, 40)


@settings(max_examples=300, deadline=None)
@given(
    data=st.data(),
    order=st.integers(1, 5),
    smooth=st.sampled_from(["exp", "floor", "add-k", "none"]),
    value=st.sampled_from([None, 0.1, 0.5, 1, 2]),
    effective=st.booleans(),
    dtype=st.sampled_from([np.float32, np.float64]),
)
def test_bleu_scores(data: st.DataObject, order: int, smooth: str, value: Any, effective: bool, dtype: Any) -> None:
    impl = sacrebleu.BLEU(max_ngram_order=order, smooth_method=smooth, smooth_value=value, effective_order=effective)
    rows = []
    for _ in range(data.draw(st.integers(1, 8))):
        total = data.draw(st.lists(counts, min_size=order, max_size=order))
        correct = [data.draw(st.integers(0, t)) for t in total]
        rows.append([data.draw(counts), data.draw(counts), *correct, *total])
    assert_same_scores(impl, np.array(rows, dtype=dtype) * data.draw(st.sampled_from([1, 37, 1001])))


@settings(max_examples=300, deadline=None)
@given(
    data=st.data(),
    char_order=st.integers(0, 6),
    word_order=st.integers(0, 2),
    beta=st.integers(0, 3),
    eps=st.booleans(),
    dtype=st.sampled_from([np.float32, np.float64]),
)
@pytest.mark.slow
def test_chrf_scores(data: st.DataObject, char_order: int, word_order: int, beta: int, eps: bool, dtype: Any) -> None:
    if char_order + word_order == 0:
        char_order = 1
    impl = sacrebleu.CHRF(char_order=char_order, word_order=word_order, beta=beta, eps_smoothing=eps)
    rows = []
    for _ in range(data.draw(st.integers(1, 8))):
        row = []
        for _ in range(char_order + word_order):
            hyp, ref = data.draw(counts), data.draw(counts)
            row += [hyp, ref, data.draw(st.integers(0, min(hyp, ref)))]
        rows.append(row)
    assert_same_scores(impl, np.array(rows, dtype=dtype) * data.draw(st.sampled_from([1, 3, 997])))


def test_real_resampled_sums_score_identically() -> None:
    rng = np.random.default_rng(0)
    for impl, width in ((sacrebleu.BLEU(), 10), (sacrebleu.CHRF(), 18)):
        stats = rng.integers(0, 30, size=(200, width)).astype(np.float32)
        if width == 10:
            stats[:, 2:6] = np.minimum(stats[:, 2:6], stats[:, 6:10])
        else:
            stats[:, 2::3] = np.minimum(stats[:, 2::3], np.minimum(stats[:, 0::3], stats[:, 1::3]))
        sums = np.stack([stats[rng.integers(0, 200, 200)].sum(axis=0) for _ in range(500)])
        assert_same_scores(impl, sums)
