"""The compiled tokenizer (13a and splitting straight to ids) equals sacrebleu and str.split."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a

from simpeval.engines.jit import NUMBA_AVAILABLE
from simpeval.engines.tokenize13a import SEPARATOR, join_lines, replacements_13a

from ..needs import require_numba

if not NUMBA_AVAILABLE:
    require_numba()  # part of the test extra: CI tests the compiled code

from simpeval.engines.vocab import TokenVocabulary

PIECES = list("ab5 0.,-.,.,--&;<>\"qut'$/\n\t{}[]^_`~|@:=?!%#*()+") + [
    "&quot;",
    "&amp;",
    "&lt;",
    "&gt;",
    "<skipped>",
    "é",
    "Σ",
    "\u00a0",
    "\u2003",
    "\u205f",
    "\u3000",
    "\u1680",
    "\x1c",
    "\x1f",
    "\x85",
    "\u2028",
    "\u200b",
    "0.",
    ".5",
    "İ",
    "\x00",
    "日本",
    "  ",
]
line = st.lists(st.sampled_from(PIECES), max_size=16).map("".join)
lines = st.lists(line, min_size=1, max_size=12)
SACREBLEU_13A = Tokenizer13a()


def decoded(vocab: TokenVocabulary, ids: np.ndarray, offsets: np.ndarray) -> list[list[str]]:
    return [[vocab.token(t).decode("utf-8") for t in ids[offsets[i] : offsets[i + 1]]] for i in range(offsets.size - 1)]


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(batch=lines, space=st.booleans())
def test_13a_tokens_equal_sacrebleu(batch: list[str], space: bool) -> None:
    vocab = TokenVocabulary(capacity=2)  # tiny: the arrays grow while encoding
    ids, offsets = vocab.encode(replacements_13a(join_lines(batch)), len(batch), tok13a=True, space=space)
    expected = [SACREBLEU_13A(x).split(" ") if space else SACREBLEU_13A(x).split() for x in batch]
    assert decoded(vocab, ids, offsets) == expected


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(batch=lines, space=st.booleans())
def test_splitting_equals_str_split(batch: list[str], space: bool) -> None:
    vocab = TokenVocabulary(capacity=2)
    ids, offsets = vocab.encode(join_lines(batch), len(batch), space=space)
    assert decoded(vocab, ids, offsets) == [x.split(" ") if space else x.split() for x in batch]


@settings(max_examples=200, deadline=None)
@given(batch=st.lists(st.sampled_from(["a b", "a  b", "b a", "", "a b ", "é b"]), min_size=1, max_size=12))
def test_distinct_lines_are_encoded_once(batch: list[str]) -> None:
    vocab = TokenVocabulary()
    ids, offsets, index = vocab.encode_unique(join_lines(batch), len(batch))
    distinct = list(dict.fromkeys(batch))
    assert index.tolist() == [distinct.index(x) for x in batch]
    assert offsets.size == len(distinct) + 1
    assert decoded(vocab, ids, offsets) == [x.split() for x in distinct]


def test_ids_are_dense_exact_and_stable_across_calls() -> None:
    vocab = TokenVocabulary(capacity=1)
    words = [f"w{i}" for i in range(5000)]
    first, _ = vocab.encode(" ".join(words).encode(), 1)
    assert first.tolist() == list(range(5000))
    again, offsets = vocab.encode(SEPARATOR.join(reversed(words)).encode(), 5000)
    assert again.tolist() == list(range(4999, -1, -1)) and offsets.tolist() == list(range(5001))
    tokens = [b"w7", b"\x01", b"a b", b"", b"w7", "é".encode()]
    looked_up = vocab.lookup(tokens)
    assert looked_up[0] == looked_up[4] == 7
    assert len(set(looked_up.tolist())) == 5
    assert [vocab.token(t) for t in looked_up] == tokens
    assert vocab.size == vocab.bound == 5004
