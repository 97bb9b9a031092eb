"""Bag-of-words precision, recall and F-measure: ``nltk.metrics.scores`` on token sets."""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from ... import _citations
from ..._types import StatsArray
from ..options import option
from ..score import Score
from ..signature import Signature
from ._common import CASE, TeachingMetric, check_number, check_stats

__all__ = ["BagOfWords", "BagOfWordsConfig", "set_scores"]


@dataclass(frozen=True)
class BagOfWordsConfig:
    """Options of :class:`BagOfWords` (each field declares its default, help and signature key)."""

    alpha: float = option(
        0.5, help="NLTK's alpha of f_measure (0-1; 0.5: the harmonic mean).", minimum=0, signature=("alpha", "a")
    )
    lowercase: bool = option(False, help="Lowercase first.", choices=CASE, signature=("case", "c"))
    tokenize: str = option(
        "whitespace", help="Tokenizer: whitespace (str.split) or a registry name.", signature=("tok", "tok")
    )

    def __post_init__(self) -> None:
        object.__setattr__(self, "alpha", float(check_number("BagOfWords", "alpha", self.alpha, 0.0, 1.0)))


def set_scores(
    common: float, hyp_size: float, ref_size: float, alpha: float = 0.5
) -> tuple[float | None, float | None, float | None]:
    """NLTK's ``precision``, ``recall`` and ``f_measure`` from set sizes (``None`` where NLTK gives None).

    ``precision = common / hyp_size`` (None for an empty hypothesis set), ``recall = common /
    ref_size`` (None for an empty reference set), ``f = 1 / (alpha / p + (1 - alpha) / r)``
    (None if either is None, 0 if either is 0), operation for operation as in NLTK.

    Examples:
        >>> set_scores(2, 4, 3)
        (0.5, 0.6666666666666666, 0.5714285714285714)
        >>> set_scores(0, 0, 3)
        (None, 0.0, None)
    """
    p = None if hyp_size == 0 else common / hyp_size
    r = None if ref_size == 0 else common / ref_size
    if p is None or r is None:
        return p, r, None
    if p == 0 or r == 0:
        return p, r, 0.0
    return p, r, 1.0 / (alpha / p + (1 - alpha) / r)


class BagOfWords(TeachingMetric):
    """Precision, recall and F-measure of the *sets* of tokens, as ``nltk.metrics.scores`` gives them.

    For one segment, with ``H = set(h.split())`` and ``R = set(r.split())``: ``precision(R, H)``,
    ``recall(R, H)`` and ``f_measure(R, H, alpha)`` of NLTK; the score is the F-measure ×100
    and the components ``precision`` and ``recall`` ×100. Where NLTK returns ``None`` (an empty
    token set), simpeval gives 0. With several references a segment takes the reference with
    the best F-measure (the first of equals). A row is ``[|H ∩ R|, |H|, |R|]``, additive: the
    **corpus figures pool the set sizes** (micro-average: total common tokens over total
    hypothesis and reference set sizes), then apply NLTK's formulas.

    Args:
        alpha: NLTK's ``alpha`` of ``f_measure`` (0.5: the harmonic mean).
        lowercase: lowercase first.
        tokenize: ``"whitespace"`` (``str.split``) or any registry tokenizer.

    Examples:
        >>> score = BagOfWords().sentence_score("the cat sat on the mat", ["the cat is on the mat"])
        >>> round(score.score, 2), {k: round(v, 2) for k, v in score.components.items()}
        (80.0, {'precision': 80.0, 'recall': 80.0})
    """

    name: ClassVar[str] = "BagOfWords"
    higher_is_better: ClassVar[bool] = True
    requires_source: ClassVar[bool] = False
    citation: ClassVar[str] = _citations.VAN_RIJSBERGEN_1979 + "\n" + _citations.BIRD_2009
    config_class: ClassVar[type[BagOfWordsConfig]] = BagOfWordsConfig
    signature_order: ClassVar[tuple[str, ...]] = ("case", "tok", "alpha", "nltk")
    config: BagOfWordsConfig

    def _setup(self) -> None:
        self.alpha = self.config.alpha
        self._set_text_options(self.config.lowercase, self.config.tokenize)

    def _row(self, hyp: set[str], ref: set[str]) -> list[float]:
        return [float(len(ref.intersection(hyp))), float(len(hyp)), float(len(ref))]

    def extract_stats(
        self, hypotheses: list[str], references: list[list[str]], sources: list[str] | None
    ) -> StatsArray:
        """``[common, hypothesis set size, reference set size]`` per segment, for the best reference."""
        self._require_references(references)
        rows = []
        for hyp_text, refs in zip(hypotheses, references):
            hyp = set(self._tokens(hyp_text))
            candidates = [self._row(hyp, set(self._tokens(ref))) for ref in refs]
            rows.append(
                max(candidates, key=lambda row: _or_minus_one(set_scores(row[0], row[1], row[2], self.alpha)[2]))
            )
        return self._stack(rows, 3)

    def score_from_stats(self, stats: StatsArray, signature: Signature | None = None) -> Score:
        """F-measure ×100 of a summed vector; ``details`` holds ``common``, ``hyp_size``, ``ref_size``."""
        common, hyp_size, ref_size = check_stats(stats, 3, self.name)
        p, r, f = set_scores(common, hyp_size, ref_size, self.alpha)
        return Score(
            metric=self.name,
            score=100 * (f or 0.0),
            signature=signature if signature is not None else self.get_signature(),
            components={"precision": 100 * (p or 0.0), "recall": 100 * (r or 0.0)},
            details={"common": common, "hyp_size": hyp_size, "ref_size": ref_size},
        )


def _or_minus_one(value: float | None) -> float:
    return -1.0 if value is None else value
