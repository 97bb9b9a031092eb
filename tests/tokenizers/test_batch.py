"""The batch 13a tokenizer equals sacrebleu's, line by line."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a

from simpeval.engines.tokenize13a import tokenize_13a_joined, tokenize_batch
from simpeval.tokenizers import get_tokenizer

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
    "\x1c",
    "\x85",
    "0.",
    ".5",
    "İ",
    "\x01",
    "\x00",
    "日本",
]
lines = st.lists(st.lists(st.sampled_from(PIECES), max_size=16).map("".join), max_size=12)
SACREBLEU_13A = Tokenizer13a()


@pytest.mark.slow
@settings(max_examples=400, deadline=None)
@given(batch=lines, lowercase=st.booleans())
def test_batch_13a_equals_sacrebleu(batch: list[str], lowercase: bool) -> None:
    expected = [SACREBLEU_13A(line.lower() if lowercase else line) for line in batch]
    assert tokenize_batch(batch, "13a", lowercase=lowercase) == expected


@pytest.mark.slow
@settings(max_examples=100, deadline=None)
@given(batch=lines)
def test_batch_other_tokenizers_fall_back_per_line(batch: list[str]) -> None:
    for name in ("intl", "char", "none", "whitespace"):
        assert tokenize_batch(batch, name) == [get_tokenizer(name)(line) for line in batch]


def test_joined_text_marks_lines() -> None:
    assert tokenize_13a_joined("a,b\x01c.").split() == ["a", ",", "b", "\x01", "c", "."]


def test_digit_rules() -> None:
    cases = {"3.5": "3.5", "..0": ". .0", "5.": "5 .", "1,000-2": "1,000 - 2", "a-b": "a-b", "5-": "5 -"}
    for line, expected in cases.items():
        assert tokenize_batch([line], "13a") == [expected] == [SACREBLEU_13A(line)]


def test_unicode_space_detection_matches_str_split() -> None:
    """The vectorized detector finds exactly the non-ASCII characters str.split() treats as spaces."""
    import numpy as np

    from simpeval.engines.tokenize13a import _has_unicode_space

    for cp in (
        list(range(0x00, 0x800)) + list(range(0x1600, 0x1700)) + list(range(0x2000, 0x2100)) + [0x3000, 0x3001, 0xFEFF]
    ):
        char = chr(cp)
        expected = char.isspace() and char not in " \t\n\r\x0b\x0c"
        assert _has_unicode_space(np.frombuffer(("a" + char + "b").encode(), dtype=np.uint8)) == expected, hex(cp)
