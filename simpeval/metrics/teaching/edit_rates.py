"""Rates built on NLTK's edit distance: word error rate (WER) and post-edit modification (PEM)."""

from __future__ import annotations

import math
from dataclasses import dataclass
from fractions import Fraction
from typing import ClassVar

from ... import _citations
from ..._types import StatsArray
from ..options import option
from ..score import Score
from ..signature import Signature
from ._common import CASE, check_stats
from .edit import EditMetric

__all__ = ["PEM", "PEMConfig", "WER", "WERConfig"]


@dataclass(frozen=True)
class WERConfig:
    """Options of :class:`WER` (each field declares its default, help and signature key)."""

    lowercase: bool = option(False, help="Lowercase first.", choices=CASE, signature=("case", "c"))
    tokenize: str = option(
        "whitespace", help="Tokenizer: whitespace (str.split) or a registry name.", signature=("tok", "tok")
    )


@dataclass(frozen=True)
class PEMConfig:
    """Options of :class:`PEM` (each field declares its default, help and signature key)."""

    lowercase: bool = option(False, help="Lowercase first.", choices=CASE, signature=("case", "c"))


class WER(EditMetric):
    """Word error rate: NLTK's word-level ``edit_distance`` over the reference length, ×100.

    ``sentence_score(h, [r])`` is ``100 * (nltk.edit_distance(h.split(), r.split()) / len(r.split()))``;
    lower is better, and it can exceed 100 (a long hypothesis). With several references a
    segment takes the reference with the fewest edits (the first of equals; the same choice as
    :class:`~simpeval.metrics.teaching.edit.EditDistance`). A row is ``[edits, ref_len,
    hyp_len]``, additive: the **corpus WER is the total edits over the total reference words**
    (not the mean of sentence WERs). An empty reference gives 0 when the hypothesis is empty
    too and ``inf`` otherwise (NLTK-based code divides by zero there).

    Args:
        lowercase: lowercase first.
        tokenize: ``"whitespace"`` (``str.split``) or any registry tokenizer.

    Examples:
        >>> WER().sentence_score("the cat sat on mat", ["the cat sat on the mat"]).score
        16.666666666666664
        >>> WER().corpus_score(["a b c", "d"], [["a x c", "d e f"]]).score  # (1 + 2) / (3 + 3)
        50.0
    """

    name: ClassVar[str] = "WER"
    higher_is_better: ClassVar[bool] = False
    requires_source: ClassVar[bool] = False
    citation: ClassVar[str] = _citations.LEVENSHTEIN_1966 + "\n" + _citations.BIRD_2009
    config_class: ClassVar[type[WERConfig]] = WERConfig
    config: WERConfig

    def _setup(self) -> None:
        self._set_text_options(self.config.lowercase, self.config.tokenize)

    def extract_stats(
        self, hypotheses: list[str], references: list[list[str]], sources: list[str] | None
    ) -> StatsArray:
        """``[edits, ref_len, hyp_len]`` per segment (words), for the closest reference."""
        self._require_references(references)
        rows = []
        for hyp, refs in zip(hypotheses, references):
            edits, hyp_len, ref_len = self._closest(hyp, refs)
            rows.append([float(edits), float(ref_len), float(hyp_len)])
        return self._stack(rows, 3)

    def score_from_stats(self, stats: StatsArray, signature: Signature | None = None) -> Score:
        """``100 * (edits / ref_len)``; ``details`` holds ``edits``, ``ref_len`` and ``hyp_len``."""
        edits, ref_len, hyp_len = check_stats(stats, 3, self.name)
        value = 100 * (edits / ref_len) if ref_len else (0.0 if edits == 0 else math.inf)
        return Score(
            metric=self.name,
            score=value,
            signature=signature if signature is not None else self.get_signature(),
            details={"edits": edits, "ref_len": ref_len, "hyp_len": hyp_len},
        )


class PEM(EditMetric):
    """Post-edit modification: the share of characters a post-editor keeps, ×100.

    ``PEM = (L - d) / L * 100`` with ``d`` NLTK's character ``edit_distance`` between hypothesis
    and reference and ``L`` the length of the longer of the two (so ``d <= L``): 100 for
    identical texts, 0 when every character must change. Two empty texts give 100. With several
    references a segment takes the reference with the highest PEM (the first of equals). A row
    is ``[L - d, L, d]``, additive: the **corpus PEM is the sum of ``L - d`` over the sum of
    ``L``** (a character-weighted mean).

    Args:
        lowercase: lowercase first.

    Examples:
        >>> PEM().sentence_score("This is a simple test sentence", ["This is an example sentence"]).score
        70.0
    """

    name: ClassVar[str] = "PEM"
    higher_is_better: ClassVar[bool] = True
    requires_source: ClassVar[bool] = False
    citation: ClassVar[str] = _citations.LEVENSHTEIN_1966 + "\n" + _citations.BIRD_2009
    config_class: ClassVar[type[PEMConfig]] = PEMConfig
    config: PEMConfig

    def _setup(self) -> None:
        self._level = "char"
        self._set_text_options(self.config.lowercase, None)

    def _row(self, hyp: str, ref: str) -> list[int]:
        distance, longest = self._distance(hyp, ref), max(len(hyp), len(ref))
        return [longest - distance, longest, distance]

    def extract_stats(
        self, hypotheses: list[str], references: list[list[str]], sources: list[str] | None
    ) -> StatsArray:
        """``[kept, longest, distance]`` per segment (characters), for the best reference."""
        self._require_references(references)
        rows = []
        for hyp_text, refs in zip(hypotheses, references):
            hyp = self._text(hyp_text)
            candidates = [self._row(hyp, self._text(ref)) for ref in refs]
            best = max(candidates, key=lambda row: Fraction(row[0], row[1]) if row[1] else Fraction(1))
            rows.append([float(x) for x in best])
        return self._stack(rows, 3)

    def score_from_stats(self, stats: StatsArray, signature: Signature | None = None) -> Score:
        """``kept / longest * 100``, in that order, as the definition ``(L - d) / L * 100`` (``100 *
        kept / longest`` differs in the last bit for about a third of the pairs); ``details`` holds
        ``kept``, ``max_chars`` and ``distance``."""
        kept, longest, distance = check_stats(stats, 3, self.name)
        return Score(
            metric=self.name,
            score=kept / longest * 100 if longest else 100.0,
            signature=signature if signature is not None else self.get_signature(),
            details={"kept": kept, "max_chars": longest, "distance": distance},
        )
