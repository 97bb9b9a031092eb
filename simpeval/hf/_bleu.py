"""``evaluate.load("bleu")`` and ``"google_bleu"``: Hugging Face's two other BLEUs.

``bleu`` is tensorflow/nmt's ``compute_bleu`` (``nmt/scripts/bleu.py``), which ``evaluate``'s
script calls on 13a tokens (its own copy of sacrebleu's tokenizer, returning the token list):

* per segment, the reference n-gram counts are the maximum over its references, the matches the
  output's counts clipped by them, and the **shortest** reference's length is the segment's
  reference length (sacrebleu takes the closest);
* pooled over the corpus, the precision of order n is matches / possible n-grams, 0 where no
  n-gram is possible; ``smooth=True`` (Lin and Och 2004) makes every order's (matches + 1) /
  (possible + 1), the unigrams' too;
* the geometric mean is ``exp(sum(log(p_n) / N))`` when every precision is positive, else 0; the
  length ratio is output length / reference length, the brevity penalty 1 above a ratio of 1,
  else ``exp(1 - 1 / ratio)``; BLEU is their product, on 0-1.

``google_bleu`` is NLTK's ``corpus_gleu`` (GLEU, Wu et al. 2016: per segment the minimum of
n-gram recall and precision, pooled) on the same tokens; NLTK is a dependency of simpeval, so it is
computed by NLTK itself, as ``evaluate``'s script does.
"""

from __future__ import annotations

import math
from collections import Counter
from collections.abc import Callable, Sequence
from typing import Any

from .._arith import reference_sum
from .._validate import check_int
from ..exceptions import InvalidOptionError, InvalidValueError
from ..tokenizers import get_tokenizer
from ._module import EvaluationModule, _per_segment

__all__ = ["BLEU", "GoogleBLEU", "nmt_bleu"]

Tokenizer = Callable[[str], Sequence[str]]
#: The highest n-gram order an option may ask for (a billion would hang; the papers use 4).
MAX_ORDER = 100


def _tokens_13a(text: str) -> list[str]:
    """``evaluate``'s default tokenizer: sacrebleu's 13a, as a token list."""
    return get_tokenizer("13a")(text).split()


def _ngrams(tokens: Sequence[str], max_order: int) -> Counter[tuple[str, ...]]:
    counts: Counter[tuple[str, ...]] = Counter()
    for n in range(1, max_order + 1):
        counts.update(tuple(tokens[i : i + n]) for i in range(len(tokens) - n + 1))
    return counts


def nmt_bleu(
    references: Sequence[Sequence[Sequence[str]]], translations: Sequence[Sequence[str]], max_order: int, smooth: bool
) -> dict[str, Any]:
    """tensorflow/nmt's ``compute_bleu`` of tokenized segments, as ``evaluate``'s ``bleu`` returns it.

    Raises:
        InvalidValueError: the references or the outputs have no token at all (the script divides by 0).

    Examples:
        >>> nmt_bleu([[["a", "b", "c"]]], [["a", "b", "c"]], 2, False)["bleu"]
        1.0
    """
    matches, possible = [0] * max_order, [0] * max_order
    reference_length = translation_length = 0
    for refs, hyp in zip(references, translations):
        reference_length += min(len(ref) for ref in refs)
        translation_length += len(hyp)
        merged: Counter[tuple[str, ...]] = Counter()
        for ref in refs:
            merged |= _ngrams(ref, max_order)
        for ngram, count in (_ngrams(hyp, max_order) & merged).items():
            matches[len(ngram) - 1] += count
        for n in range(1, max_order + 1):
            if len(hyp) - n + 1 > 0:
                possible[n - 1] += len(hyp) - n + 1
    if reference_length == 0 or translation_length == 0:
        empty = "references" if reference_length == 0 else "predictions"
        raise InvalidValueError(
            f"BLEU.compute: the {empty} have no token at all, and evaluate's bleu divides by zero there."
        )
    if smooth:
        precisions = [(m + 1.0) / (p + 1.0) for m, p in zip(matches, possible)]
    else:
        precisions = [m / p if p > 0 else 0.0 for m, p in zip(matches, possible)]
    geo_mean = 0.0
    if min(precisions) > 0:  # the built-in sum(), as the script adds the logs (compensated from Python 3.12)
        geo_mean = math.exp(reference_sum((1.0 / max_order) * math.log(p) for p in precisions))
    ratio = translation_length / reference_length
    bp = 1.0 if ratio > 1.0 else math.exp(1 - 1.0 / ratio)
    return {
        "bleu": geo_mean * bp,
        "precisions": precisions,
        "brevity_penalty": bp,
        "length_ratio": ratio,
        "translation_length": translation_length,
        "reference_length": reference_length,
    }


def _order(value: object, what: str) -> int:
    order = check_int(value, what, expected=f"an integer from 1 to {MAX_ORDER}")
    if order > MAX_ORDER:
        raise InvalidOptionError(f"{what} must be an integer from 1 to {MAX_ORDER} (got {order}).")
    return order


def _tokenized(
    name: str, predictions: list[str], references: list[Any], tokenizer: Tokenizer | None
) -> tuple[list[list[list[str]]], list[list[str]]]:
    tokenize = _tokens_13a if tokenizer is None else tokenizer
    if not callable(tokenize):
        raise InvalidValueError(
            f"{name}.compute: tokenizer must be a function from a string to a list of tokens (got {tokenizer!r})."
        )
    per_segment = _per_segment(name, predictions, references, same_count=False)
    refs = [[list(tokenize(ref)) for ref in segment] for segment in per_segment]
    return refs, [list(tokenize(prediction)) for prediction in predictions]


class BLEU(EvaluationModule):
    """``evaluate.load("bleu")``: ``compute(predictions=, references=, tokenizer=, max_order=4, smooth=False)`` ->
    ``bleu`` (0-1), ``precisions``, ``brevity_penalty``, ``length_ratio``, ``translation_length``,
    ``reference_length``: tensorflow/nmt's BLEU (the shortest reference's length; add-one smoothing on
    request) on 13a tokens, or on the tokens of ``tokenizer`` (a function from a string to a token list).
    This is not sacrebleu's BLEU (``hf.SacreBLEU``, on 0-100)."""

    name = "BLEU"

    def _compute(
        self,
        *,
        predictions: list[str],
        references: list[Any],
        tokenizer: Tokenizer | None = None,
        max_order: int = 4,
        smooth: bool = False,
    ) -> dict[str, Any]:
        max_order = _order(max_order, f"{self.name}.compute: max_order")
        refs, hyps = _tokenized(self.name, predictions, references, tokenizer)
        return nmt_bleu(refs, hyps, max_order, bool(smooth))


class GoogleBLEU(EvaluationModule):
    """``evaluate.load("google_bleu")``: ``compute(predictions=, references=, tokenizer=, min_len=1, max_len=4)``
    -> ``{"google_bleu": ...}`` (0-1): NLTK's ``corpus_gleu`` on 13a tokens (or ``tokenizer``'s)."""

    name = "GoogleBLEU"

    def _compute(
        self,
        *,
        predictions: list[str],
        references: list[Any],
        tokenizer: Tokenizer | None = None,
        min_len: int = 1,
        max_len: int = 4,
    ) -> dict[str, Any]:
        from nltk.translate.gleu_score import corpus_gleu

        min_len, max_len = (
            _order(min_len, f"{self.name}.compute: min_len"),
            _order(max_len, f"{self.name}.compute: max_len"),
        )
        refs, hyps = _tokenized(self.name, predictions, references, tokenizer)
        return {"google_bleu": corpus_gleu(refs, hyps, min_len=min_len, max_len=max_len)}
