"""``sacrebleu.metrics.helpers``: sacrebleu's n-gram extraction functions, which are pure and need
no data, so they are sacrebleu's own (simpeval's engines count n-grams their own way, to the same
figures)."""

from __future__ import annotations

from sacrebleu.metrics.helpers import (
    extract_all_char_ngrams,
    extract_all_word_ngrams,
    extract_char_ngrams,
    extract_word_ngrams,
)

__all__ = ["extract_all_char_ngrams", "extract_all_word_ngrams", "extract_char_ngrams", "extract_word_ngrams"]
