"""BLEU, n-gram by n-gram: the structured explanation behind :meth:`BLEU.explain`.

For each order, every n-gram of the prediction with its count, its largest count in any one
reference, and the clipped count that BLEU credits (``min`` of the two); the matches and
totals per order, the (smoothed) precisions, the closest reference length, the brevity
penalty and the smoothing applied. The statistics are exactly those of ``BLEU.corpus_stats``
for this segment (sacrebleu's), and the score is computed from them.

Examples:
    >>> from simpeval import BLEU
    >>> e = BLEU().explain("the cat sat on the mat", ["the cat is on the mat", "a cat sat on a mat"])
    >>> [(r.text, r.count, r.max_reference, r.clipped) for r in e.orders[0].rows][:2]
    [('the', 2.0, 2.0, 2.0), ('cat', 1.0, 1.0, 1.0)]
    >>> e.orders[1].matches, e.orders[1].total, e.ref_len
    (5.0, 5.0, 6.0)
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Sequence
from dataclasses import dataclass

import numpy as np

from .base import Metric
from .explanation import Explanation, ExplanationPart
from .score import Score

__all__ = ["BLEUExplanation", "BLEUNgram", "BLEUOrder", "BLEUSettings", "explain_bleu"]


@dataclass(frozen=True)
class BLEUNgram(ExplanationPart):
    """One n-gram of the prediction.

    Attributes:
        ngram: its tokens.
        count: how often the prediction has it.
        max_reference: the largest number of times any single reference has it.
        clipped: ``min(count, max_reference)``: the matches BLEU credits it with.
    """

    ngram: tuple[str, ...]
    count: float
    max_reference: float
    clipped: float

    @property
    def text(self) -> str:
        """The n-gram as text."""
        return " ".join(self.ngram)


@dataclass(frozen=True)
class BLEUOrder(ExplanationPart):
    """One n-gram order: its n-grams, the clipped matches over the total, and the precision.

    ``precision`` is the (smoothed) precision on 0-100, as sacrebleu reports it.
    """

    order: int
    rows: tuple[BLEUNgram, ...]
    matches: float
    total: float
    precision: float


@dataclass(frozen=True, repr=False)
class BLEUExplanation(Explanation):
    """BLEU of one segment, n-gram by n-gram.

    Attributes:
        prediction, references: the input as given.
        prediction_tokens, reference_tokens: the tokens BLEU compares (after lowercasing, if
            asked, and the tokenizer).
        orders: one breakdown per n-gram order.
        hyp_len: the prediction's length in tokens.
        ref_len: the closest reference length (ties: the shorter).
        bp: the brevity penalty, ``exp(1 - ref_len / hyp_len)`` when the prediction is shorter, else 1.
        smoothing: the smoothing method and its value (``"exp"``, ``"floor 0.1"``, ...).
        effective_order: whether orders without n-grams are left out.
        statistics: the segment's statistics row (``BLEU.corpus_stats`` of this segment).
        score: the :class:`Score`, equal to ``BLEU.sentence_score`` of this segment.
    """

    prediction: str
    references: tuple[str, ...]
    prediction_tokens: tuple[str, ...]
    reference_tokens: tuple[tuple[str, ...], ...]
    orders: tuple[BLEUOrder, ...]
    hyp_len: float
    ref_len: float
    bp: float
    smoothing: str
    effective_order: bool
    statistics: tuple[float, ...]
    score: Score

    def __repr__(self) -> str:
        return f"<BLEUExplanation BLEU {self.score.score:.2f}, BP {self.bp:.4f}; print() it for the n-grams>"

    def order(self, n: int) -> BLEUOrder:
        """The breakdown of n-gram order ``n`` (1 for unigrams)."""
        if not 1 <= n <= len(self.orders):
            raise KeyError(f"BLEUExplanation: order must be 1..{len(self.orders)} (got {n!r}).")
        return self.orders[n - 1]


@dataclass(frozen=True)
class BLEUSettings:
    """What the explanation needs of a BLEU configuration (the tokenizer resolved, the smoothing
    value filled in with sacrebleu's default)."""

    lowercase: bool
    tokenize: Callable[[str], str]
    max_ngram_order: int
    smooth_method: str
    smooth_value: float | None
    effective_order: bool


def _ngrams(tokens: Sequence[str], order: int) -> Counter[tuple[str, ...]]:
    return Counter(tuple(tokens[i : i + order]) for i in range(len(tokens) - order + 1))


def _closest(hyp_len: int, ref_lens: list[int]) -> int:
    """sacrebleu's closest reference length: the smallest difference, ties to the shorter."""
    return min(ref_lens, key=lambda length: (abs(hyp_len - length), length))


def explain_bleu(
    bleu: Metric,
    settings: BLEUSettings,
    hypothesis: str,
    references: Sequence[str],
) -> BLEUExplanation:
    """Build the explanation of one segment (see :meth:`BLEU.explain`, which validates the input) under ``settings``."""

    def tokens(text: str) -> list[str]:
        return str(settings.tokenize((text.lower() if settings.lowercase else text).rstrip())).split()

    hyp = tokens(hypothesis)
    refs = [tokens(ref) for ref in references]
    n_orders = settings.max_ngram_order
    orders_counts = []
    for n in range(1, n_orders + 1):
        ref_max: Counter[tuple[str, ...]] = Counter()
        for ref in refs:
            for g, c in _ngrams(ref, n).items():
                ref_max[g] = max(ref_max[g], c)
        rows = tuple(
            BLEUNgram(g, float(c), float(ref_max[g]), float(min(c, ref_max[g]))) for g, c in _ngrams(hyp, n).items()
        )
        orders_counts.append((rows, float(sum(r.clipped for r in rows)), float(max(len(hyp) - n + 1, 0))))
    ref_len = _closest(len(hyp), [len(r) for r in refs])
    stats = np.array(
        [len(hyp), ref_len, *(m for _, m, _ in orders_counts), *(t for _, _, t in orders_counts)], dtype=np.float64
    )
    score = bleu.score_from_stats(stats, bleu.get_signature(len(references)))
    precisions = score.breakdown["precisions"]
    method, value = settings.smooth_method, settings.smooth_value
    return BLEUExplanation(
        prediction=hypothesis,
        references=tuple(references),
        prediction_tokens=tuple(hyp),
        reference_tokens=tuple(map(tuple, refs)),
        orders=tuple(BLEUOrder(n, rows, m, t, precisions[n - 1]) for n, (rows, m, t) in enumerate(orders_counts, 1)),
        hyp_len=float(len(hyp)),
        ref_len=float(ref_len),
        bp=float(score.details["bp"]),  # type: ignore[arg-type]
        smoothing=method if value is None else f"{method} {value}",
        effective_order=settings.effective_order,
        statistics=tuple(float(x) for x in stats),
        score=score,
    )
