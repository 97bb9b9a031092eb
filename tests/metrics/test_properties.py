"""Hypothesis properties of the statistics-based API (additivity, order invariance, bounds)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simpeval import SARI
from simpeval.metrics.sari import VARIANTS

from .. import strategies

PRESETS = sorted(VARIANTS)
FAST = settings(max_examples=40, deadline=None)


@pytest.mark.slow
@FAST
@given(corpus=strategies.corpora(), variant=st.sampled_from(PRESETS))
def test_scores_are_bounded(corpus: tuple, variant: str) -> None:
    sources, hypotheses, streams = corpus
    score = SARI(variant).corpus_score(hypotheses, streams, sources=sources)
    assert 0.0 <= score.score <= 100.0
    for value in score.components.values():
        assert 0.0 <= value <= 100.0 + 1e-9


@pytest.mark.slow
@FAST
@given(a=strategies.corpora(), b=strategies.corpora(), variant=st.sampled_from(PRESETS))
def test_stats_are_additive(a: tuple, b: tuple, variant: str) -> None:
    """stats(A + B) are the rows of A followed by the rows of B; the corpus score is their sum's score."""
    metric = SARI(variant)
    width = max(len(a[2]), len(b[2]))
    pad = lambda streams, n: streams + [[None] * n] * (width - len(streams))  # noqa: E731
    src = a[0] + b[0]
    hyp = a[1] + b[1]
    refs = [x + y for x, y in zip(pad(a[2], len(a[0])), pad(b[2], len(b[0])))]
    joint = metric.corpus_stats(hyp, refs, sources=src)
    np.testing.assert_array_equal(joint[: len(a[0])], metric.corpus_stats(a[1], a[2], sources=a[0]))
    np.testing.assert_array_equal(joint[len(a[0]) :], metric.corpus_stats(b[1], b[2], sources=b[0]))
    assert metric.corpus_score(hyp, refs, sources=src).score == metric.score_from_stats(joint.sum(axis=0)).score


@pytest.mark.slow
@FAST
@given(corpus=strategies.corpora(min_segments=2), variant=st.sampled_from(PRESETS), seed=st.integers(0, 2**16))
def test_corpus_score_is_order_invariant(corpus: tuple, variant: str, seed: int) -> None:
    sources, hypotheses, streams = corpus
    order = np.random.default_rng(seed).permutation(len(sources))
    metric = SARI(variant)
    original = metric.corpus_score(hypotheses, streams, sources=sources)
    shuffled = metric.corpus_score(
        [hypotheses[i] for i in order], [[s[i] for i in order] for s in streams], sources=[sources[i] for i in order]
    )
    # corpus statistics are integer counts (exact); sentence means are float sums (last-bit rounding)
    assert shuffled.score == pytest.approx(original.score, abs=1e-9)


@pytest.mark.slow
@FAST
@given(corpus=strategies.corpora(max_segments=1), variant=st.sampled_from(PRESETS))
def test_sentence_score_is_a_corpus_of_one(corpus: tuple, variant: str) -> None:
    sources, hypotheses, streams = corpus
    metric = SARI(variant)
    sentence = metric.sentence_score(hypotheses[0], [s[0] for s in streams], source=sources[0])
    assert sentence == metric.corpus_score(hypotheses, streams, sources=sources)
    assert metric.sentence_scores(hypotheses, streams, sources=sources)[0] == sentence.score


@pytest.mark.slow
@FAST
@given(corpus=strategies.corpora())
def test_corpus_presets_share_counts(corpus: tuple) -> None:
    """The EASSE presets differ only in how the pooled counts are scored."""
    sources, hypotheses, streams = corpus
    base = SARI("easse").corpus_stats(hypotheses, streams, sources=sources)
    for variant in ("easse-paper", "easse-delp", "easse-paper-delp"):
        np.testing.assert_array_equal(SARI(variant).corpus_stats(hypotheses, streams, sources=sources), base)
