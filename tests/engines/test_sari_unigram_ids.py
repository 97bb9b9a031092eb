"""The compiled SARI kernel's unigrams, the text checks and the streamed chunks, against the readable paths.

The compiled kernel gives a unigram the rank of its token's first occurrence in the segment
(source, output, then each reference) without hashing it; the statistics must stay those of the
reference engine, bit for bit, for every preset, on text where tokens repeat within and across
the pieces of a segment, with empty strings, non-ASCII whitespace and scripts. The text checks
read ``str.isascii()`` and every value's type in C; a lone surrogate or a value that is not a
string must still be refused with the position. Streamed chunks check only a chunk's last row
for an input that ended; every length mismatch must still be found, with every input's length.
"""

from __future__ import annotations

import itertools

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from simpeval import SARI, References
from simpeval.alignment import iter_aligned_chunks
from simpeval.engines.jit import NUMBA_AVAILABLE
from simpeval.exceptions import InputLengthMismatchError, InvalidInputError, InvalidTextError
from simpeval.metrics.sari import VARIANTS
from simpeval.metrics.validation import check_strings, check_unicode

needs_numba = pytest.mark.skipif(not NUMBA_AVAILABLE, reason="Numba is not installed (the fast extra)")

#: Few tokens, so that unigrams and longer n-grams repeat; spaces of several kinds; other scripts.
TOKENS = ["a", "A", "b", "a b", "", " ", "  ", "\u00a0", "\u3000", "é", "É", "猫", "🐱", ".", "3.5", "-", "'s", "&amp;"]
texts = st.lists(st.sampled_from(TOKENS), max_size=14).map(" ".join) | st.text(max_size=12).filter(
    lambda t: not any("\ud800" <= ch <= "\udfff" for ch in t)
)


@st.composite
def segments(draw: st.DrawFn) -> tuple[list[str], list[list[str]], list[str]]:
    n = draw(st.integers(1, 5))
    k = draw(st.integers(1, 4))
    hypotheses = draw(st.lists(texts, min_size=n, max_size=n))
    sources = draw(st.lists(texts, min_size=n, max_size=n))
    streams = [draw(st.lists(texts, min_size=n, max_size=n)) for _ in range(k)]
    return hypotheses, streams, sources


@pytest.mark.slow
@needs_numba
@settings(max_examples=60, deadline=None)
@given(corpus=segments(), preset=st.sampled_from(sorted(VARIANTS)))
def test_compiled_statistics_equal_the_reference_engine(
    corpus: tuple[list[str], list[list[str]], list[str]], preset: str
) -> None:
    hypotheses, plain, sources = corpus
    streams = References.from_streams(plain)
    compiled = SARI(preset, engine="numba").corpus_stats(hypotheses, streams, sources=sources)
    reference = SARI(preset, engine="reference").corpus_stats(hypotheses, streams, sources=sources)
    assert compiled.tobytes() == reference.tobytes()


@needs_numba
@pytest.mark.parametrize("preset", sorted(VARIANTS))
def test_a_segment_made_of_one_repeated_token_and_empty_pieces(preset: str) -> None:
    hypotheses, sources = ["x x x x x", ""], ["x x x", "y y y y"]
    streams = References.from_streams([["x x", ""], ["", "y"]])
    compiled = SARI(preset, engine="numba").corpus_stats(hypotheses, streams, sources=sources)
    reference = SARI(preset, engine="reference").corpus_stats(hypotheses, streams, sources=sources)
    assert compiled.tobytes() == reference.tobytes()


@pytest.mark.parametrize(
    ("values", "position"),
    [(["ok", "é", "caf\udce9"], 2), (["\udce9"], 0), (["ok", None, "x\ud800y"], 2), (["é", "😀", "\udfff"], 2)],
)
def test_a_lone_surrogate_is_found_among_ascii_and_other_text(values: list, position: int) -> None:
    with pytest.raises(InvalidTextError, match=rf"SARI: hypotheses\[{position}\] holds a lone surrogate"):
        check_unicode(values, "hypotheses", "SARI")


def test_valid_text_and_holes_pass_the_unicode_check() -> None:
    check_unicode(["ok", None, "é", "😀", ""], "references[0]", "SARI")


class Text(str):
    """A subclass of str is a string."""


@pytest.mark.parametrize(
    ("values", "position", "kind"),
    [(["a", 3], 1, "int"), ([None], 0, "NoneType"), ([Text("a"), b"b", "c"], 1, "bytes")],
)
def test_a_value_that_is_no_string_is_named(values: list, position: int, kind: str) -> None:
    with pytest.raises(InvalidInputError, match=rf"SARI: hypotheses\[{position}\] must be a string \(got {kind}"):
        check_strings(values, "hypotheses", "SARI")


def test_strings_and_their_subclasses_pass() -> None:
    check_strings(["a", Text("b"), ""], "hypotheses", "SARI")


@settings(max_examples=200, deadline=None)
@given(lengths=st.lists(st.integers(0, 9), min_size=1, max_size=4), chunk_size=st.integers(1, 5))
def test_streamed_chunks_find_every_length_mismatch(lengths: list[int], chunk_size: int) -> None:
    named = [(f"input{k}", iter(range(n))) for k, n in enumerate(lengths)]
    if len(set(lengths)) == 1:
        chunks = list(iter_aligned_chunks(named, chunk_size))
        assert [list(itertools.chain.from_iterable(c[k] for c in chunks)) for k in range(len(lengths))] == [
            list(range(n)) for n in lengths
        ]
        assert all(len(column) <= chunk_size for chunk in chunks for column in chunk)
        return
    with pytest.raises(InputLengthMismatchError) as error:
        list(iter_aligned_chunks(named, chunk_size))
    for k, n in enumerate(lengths):
        assert f"input{k}: {n}" in str(error.value)


def test_items_that_equal_everything_are_no_end_of_input() -> None:
    class Equal:
        def __eq__(self, other: object) -> bool:
            return True

        __hash__ = object.__hash__

    items = [Equal(), Equal(), Equal()]
    chunks = list(iter_aligned_chunks([("a", items), ("b", items)], 2))
    assert [len(chunk[0]) for chunk in chunks] == [2, 1]
    assert np.array_equal([c is i for c, i in zip(chunks[0][0] + chunks[1][0], items)], [True] * 3)
