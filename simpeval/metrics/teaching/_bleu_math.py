"""NLTK's ``corpus_bleu`` arithmetic, operation for operation, on pooled counts.

``nltk.translate.bleu_score.corpus_bleu`` pools the clipped n-gram counts (numerators), the
n-gram totals (denominators, at least 1 per segment and order) and the lengths of a corpus,
then applies one of Chen & Cherry's smoothing methods (``SmoothingFunction().method0`` to
``method7``) to the pooled precisions. This module repeats that computation from the pooled
counts with the same Python types in the same order (exact :class:`~fractions.Fraction` where
NLTK keeps its ``Fraction``, floats where NLTK turns to floats), so the result is NLTK's float,
bit for bit.

Two smoothing methods read more than the pooled counts, because ``corpus_bleu`` passes them the
loop variables ``references`` and ``hypothesis`` left over from its loop, i.e. the **last**
segment of the corpus: ``method5`` (and so ``method7``) reads the last segment's 5-gram
modified precision, ``method6`` the number of n-grams of the last hypothesis. For a single
sentence that is the sentence itself. :class:`BleuCounts` carries those two facts
(``fifth`` and ``ngram_counts``) separately from the pooled counts.
"""

from __future__ import annotations

import math
import sys
import warnings
from collections.abc import Callable
from dataclasses import dataclass
from fractions import Fraction

from ...exceptions import InvalidOptionError

__all__ = ["BleuCounts", "Smoothing", "bleu", "brevity_penalty"]

Value = Fraction | float | int

# NLTK's warning of method0, word for word (bleu_score.py, SmoothingFunction.method0).
_ZERO_ORDER_WARNING = (
    "\nThe hypothesis contains 0 counts of {}-gram overlaps.\n"
    "Therefore the BLEU score evaluates to 0, independently of\n"
    "how many N-gram overlaps of lower order it contains.\n"
    "Consider using lower n-gram order or use "
    "SmoothingFunction()"
)


@dataclass(frozen=True)
class BleuCounts:
    """The counts NLTK's BLEU is computed from.

    Attributes:
        hyp_len: total hypothesis length (tokens).
        ref_len: total closest-reference length.
        numerators: pooled clipped n-gram counts, orders 1..N.
        denominators: pooled n-gram totals (each segment counts at least 1), orders 1..N.
        fifth: ``(numerator, denominator)`` of the 5-gram modified precision ``method5`` reads.
        ngram_counts: number of k-grams (k = 1..N) of the hypothesis ``method6`` reads.
    """

    hyp_len: int
    ref_len: int
    numerators: tuple[int, ...]
    denominators: tuple[int, ...]
    fifth: tuple[int, int] = (0, 1)
    ngram_counts: tuple[int, ...] = ()


@dataclass(frozen=True)
class Smoothing:
    """A ``SmoothingFunction(epsilon, alpha, k).method<method>`` of NLTK."""

    method: int = 0
    epsilon: float = 0.1
    alpha: float = 5
    k: float = 5


def brevity_penalty(closest_ref_len: int, hyp_len: int) -> Value:
    """NLTK's ``brevity_penalty`` (an int 1 or 0, else a float).

    Examples:
        >>> brevity_penalty(12, 13), brevity_penalty(13, 0), round(brevity_penalty(28, 12), 4)
        (1, 0, 0.2636)
    """
    if hyp_len > closest_ref_len:
        return 1
    if hyp_len == 0:
        return 0
    return math.exp(1 - closest_ref_len / hyp_len)


Raw = list[tuple[int, int]]


def _method0(p_n: list[Value], raw: Raw, counts: BleuCounts, s: Smoothing) -> list[Value]:
    smoothed: list[Value] = []
    for i, p_i in enumerate(p_n):
        if raw[i][0] != 0:
            smoothed.append(p_i)
        else:
            warnings.warn(_ZERO_ORDER_WARNING.format(i + 1), UserWarning, stacklevel=5)
            smoothed.append(sys.float_info.min)
    return smoothed


def _method1(p_n: list[Value], raw: Raw, counts: BleuCounts, s: Smoothing) -> list[Value]:
    return [(num + s.epsilon) / den if num == 0 else p_i for p_i, (num, den) in zip(p_n, raw)]


def _method2(p_n: list[Value], raw: Raw, counts: BleuCounts, s: Smoothing) -> list[Value]:
    return [Fraction(num + 1, den + 1) if i != 0 else p_n[0] for i, (num, den) in enumerate(raw)]


def _method3(p_n: list[Value], raw: Raw, counts: BleuCounts, s: Smoothing) -> list[Value]:
    incvnt = 1
    for i, (num, den) in enumerate(raw):
        if num == 0:
            p_n[i] = 1 / (2**incvnt * den)
            incvnt += 1
    return p_n


def _method4(p_n: list[Value], raw: Raw, counts: BleuCounts, s: Smoothing) -> list[Value]:
    incvnt = 1
    hyp_len = counts.hyp_len
    for i, (num, den) in enumerate(raw):
        if num == 0 and hyp_len > 1:
            numerator = 1 / (2**incvnt * s.k / math.log(hyp_len))
            p_n[i] = numerator / den
            incvnt += 1
    return p_n


def _method5(p_n: list[Value], raw: Raw, counts: BleuCounts, s: Smoothing) -> list[Value]:
    p_n_plus1 = p_n + [Fraction(*counts.fifth)]
    m: dict[int, Value] = {-1: p_n[0] + 1}
    for i, p_i in enumerate(p_n):  # p_n[i] is still the unsmoothed value when it is read
        p_n[i] = (m[i - 1] + p_i + p_n_plus1[i + 1]) / 3
        m[i] = p_n[i]
    return p_n


def _method6(p_n: list[Value], raw: Raw, counts: BleuCounts, s: Smoothing) -> list[Value]:
    if raw[2][0] == 0:  # NLTK: assert p_n[2], "... requires non-zero precision for bigrams."
        raise InvalidOptionError(
            "NLTK-BLEU: smoothing=6 (NLTK's method6) needs at least one matching trigram, and the "
            "trigram precision here is 0 (NLTK stops with an AssertionError). Choose another smoothing "
            "method for this input."
        )
    for i, (num, _) in enumerate(raw):
        if i in (0, 1):
            continue
        pi0: Value = 0 if p_n[i - 2] == 0 else p_n[i - 1] ** 2 / p_n[i - 2]
        if counts.ngram_counts[i] + s.alpha == 0:  # NLTK: ZeroDivisionError
            raise InvalidOptionError(
                f"NLTK-BLEU: smoothing=6 (NLTK's method6) with alpha={s.alpha} divides by the number of "
                f"{i + 1}-grams in the last hypothesis, which has none (NLTK stops with a ZeroDivisionError). "
                "Give alpha > 0 or choose another smoothing method for this input."
            )
        p_n[i] = (num + s.alpha * pi0) / (counts.ngram_counts[i] + s.alpha)
    return p_n


def _method7(p_n: list[Value], raw: Raw, counts: BleuCounts, s: Smoothing) -> list[Value]:
    return _method5(_method4(p_n, raw, counts, s), raw, counts, s)


_METHODS: tuple[Callable[[list[Value], Raw, BleuCounts, Smoothing], list[Value]], ...] = (
    _method0,
    _method1,
    _method2,
    _method3,
    _method4,
    _method5,
    _method6,
    _method7,
)


def bleu(
    counts: BleuCounts, weights: tuple[float, ...], smoothing: Smoothing, auto_reweigh: bool
) -> tuple[float, list[Value], Value]:
    """NLTK's ``corpus_bleu`` (0-1) of pooled counts: ``(bleu, smoothed precisions, brevity penalty)``.

    Examples:
        >>> counts = BleuCounts(18, 18, (17, 10, 7, 4), (18, 17, 16, 15))  # NLTK's docstring example
        >>> round(bleu(counts, (0.25,) * 4, Smoothing(0), False)[0], 4)
        0.5046
    """
    raw = list(zip(counts.numerators, counts.denominators))
    bp = brevity_penalty(counts.ref_len, counts.hyp_len)
    p_n: list[Value] = [Fraction(num, den) for num, den in raw]
    if counts.numerators[0] == 0:  # NLTK returns 0 before smoothing when no unigram matches
        return 0.0, p_n, bp
    p_n = _METHODS[smoothing.method](p_n, raw, counts, smoothing)
    weight = weights
    if auto_reweigh and counts.hyp_len < 4 and weight == (0.25, 0.25, 0.25, 0.25):
        weight = (1 / counts.hyp_len,) * counts.hyp_len
    terms = (w_i * math.log(p_i) for w_i, p_i in zip(weight, p_n) if p_i > 0)
    return float(bp * math.exp(math.fsum(terms))), p_n, bp
