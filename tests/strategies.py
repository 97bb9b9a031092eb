"""Hypothesis strategies for sentences and small corpora (shared by property tests)."""

from __future__ import annotations

from hypothesis import strategies as st

# A small vocabulary makes n-gram overlaps (and repeated n-grams) likely.
WORDS = ["the", "cat", "sat", "on", "mat", "a", "dog", "ran", ",", ".", "The", "Cat", "n't", "é"]

sentences = st.lists(st.sampled_from(WORDS), min_size=0, max_size=12).map(" ".join)


@st.composite
def corpora(draw: st.DrawFn, min_segments: int = 1, max_segments: int = 6, max_refs: int = 3) -> tuple:
    """(sources, hypotheses, reference streams) with a fixed number of references per segment."""
    n = draw(st.integers(min_segments, max_segments))
    k = draw(st.integers(1, max_refs))
    sources = draw(st.lists(sentences, min_size=n, max_size=n))
    hypotheses = draw(st.lists(sentences, min_size=n, max_size=n))
    streams = [draw(st.lists(sentences, min_size=n, max_size=n)) for _ in range(k)]
    return sources, hypotheses, streams
