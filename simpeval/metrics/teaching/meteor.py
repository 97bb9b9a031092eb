"""NLTK's METEOR (``nltk.translate.meteor_score.meteor_score``) as a Metric.

The alignment is NLTK's own (``align_words``: exact, then Porter-stem, then WordNet-synonym
matches, on lowercased tokens); the score is computed from it with ``single_meteor_score``'s
arithmetic, operation for operation, so it is NLTK's float.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ... import _citations
from ..._types import StatsArray
from ..options import option
from ..score import Score
from ..signature import Signature
from ._common import TeachingMetric, check_number, check_stats
from .wordnet import load_wordnet

__all__ = ["METEOR", "METEORConfig"]

_WIDTH = 10  # score, 1, precision, recall, fmean, penalty, matches, hyp_len, ref_len, chunks


@dataclass(frozen=True)
class METEORConfig:
    """Options of :class:`METEOR`, NLTK's parameters of ``meteor_score`` (each field declares
    its default, help and signature key: :func:`~simpeval.metrics.options.option`)."""

    alpha: float = option(
        0.9, help="Relative weight of precision and recall (0-1).", minimum=0, signature=("alpha", "a")
    )
    beta: float = option(3.0, help="Shape of the fragmentation penalty.", minimum=0, signature=("beta", "b"))
    gamma: float = option(0.5, help="Weight of the fragmentation penalty.", minimum=0, signature=("gamma", "g"))
    tokenize: str = option(
        "whitespace", help="Tokenizer: whitespace (str.split), nltk-word or a registry name.", signature=("tok", "tok")
    )

    def __post_init__(self) -> None:
        # floats: NLTK's arithmetic gives the same result for an int (it meets floats only)
        object.__setattr__(self, "alpha", float(check_number("METEOR", "alpha", self.alpha, 0.0, 1.0)))
        object.__setattr__(self, "beta", float(check_number("METEOR", "beta", self.beta, 0.0)))
        object.__setattr__(self, "gamma", float(check_number("METEOR", "gamma", self.gamma, 0.0)))


def count_chunks(matches: list[tuple[int, int]]) -> int:
    """NLTK's ``_count_chunks``: the fewest runs of adjacent matches (1 when there is none).

    Examples:
        >>> count_chunks([(0, 0), (1, 1), (3, 2)]), count_chunks([])
        (2, 1)
    """
    chunks = 1
    for (h0, r0), (h1, r1) in zip(matches, matches[1:]):
        if not (h1 == h0 + 1 and r1 == r0 + 1):
            chunks += 1
    return chunks


def meteor_row(hyp: list[str], ref: list[str], wordnet: Any, config: METEORConfig) -> list[float]:
    """``[score, 1, precision, recall, fmean, penalty, matches, hyp_len, ref_len, chunks]`` of one pair.

    ``score`` is ``single_meteor_score(ref, hyp)``; where NLTK returns 0.0 on a zero division,
    ``fmean`` and ``penalty`` are 0 (and ``precision``/``recall`` 0 when undefined).
    """
    from nltk.translate.meteor_score import align_words

    matches, _, _ = align_words(hyp, ref, wordnet=wordnet)
    alpha, n_matches, chunks = config.alpha, len(matches), count_chunks(matches)
    counts = [float(n_matches), float(len(hyp)), float(len(ref)), float(chunks)]
    try:  # single_meteor_score, expression for expression
        precision = float(n_matches) / len(hyp)
        recall = float(n_matches) / len(ref)
        fmean = (precision * recall) / (alpha * precision + (1 - alpha) * recall)
        frag_frac = float(chunks) / n_matches
    except ZeroDivisionError:
        precision = n_matches / len(hyp) if hyp else 0.0
        recall = n_matches / len(ref) if ref else 0.0
        return [0.0, 1.0, precision, recall, 0.0, 0.0] + counts
    penalty = config.gamma * frag_frac**config.beta
    return [(1 - penalty) * fmean, 1.0, precision, recall, fmean, penalty] + counts


class METEOR(TeachingMetric):
    """METEOR exactly as NLTK's ``meteor_score`` computes it, ×100.

    ``sentence_score(h, refs)`` is ``100 * meteor_score([r.split() for r in refs], h.split())``
    (NLTK lowercases, then matches exact words, Porter stems and WordNet 3.0 synonyms; with
    several references it keeps the best). WordNet is found offline by
    :func:`~simpeval.metrics.teaching.wordnet.ensure_wordnet` when the first segment is scored.

    METEOR is not additive: a row is ``[score, 1, precision, recall, fmean, penalty, matches,
    hyp_len, ref_len, chunks]`` of the best reference, and the **corpus score is the mean of the
    sentence scores** (NLTK has no corpus METEOR; this is what a classroom averages). The
    components ``precision``, ``recall``, ``fmean`` and ``penalty`` are means over segments too,
    ×100; ``details`` holds the summed raw counts.

    Args:
        config: a :class:`METEORConfig` (default: NLTK's parameters).
        options: options replacing the config's, by name (``METEOR(alpha=0.85)``), positional
            in NLTK's order too: the fields of :class:`METEORConfig`.

    Raises:
        MissingDependencyError: WordNet was not found (the message says how to install it).

    Examples:
        >>> hyp = "It is a guide to action which ensures that the military always obeys the commands of the party"
        >>> ref = "It is a guide to action that ensures that the military will forever heed Party commands"
        >>> round(METEOR().sentence_score(hyp, [ref]).score, 2)  # NLTK's docstring: 0.6944
        69.44
        >>> METEOR().get_signature().format(short=True)  # doctest: +ELLIPSIS
        'METEOR|tok:whitespace|a:0.9|b:3.0|g:0.5|nltk:...|v:...'
    """

    name: ClassVar[str] = "METEOR"
    higher_is_better: ClassVar[bool] = True
    requires_source: ClassVar[bool] = False
    citation: ClassVar[str] = "\n".join(
        (_citations.BANERJEE_LAVIE_2005, _citations.LAVIE_AGARWAL_2007, _citations.MILLER_1995, _citations.BIRD_2009)
    )
    config_class: ClassVar[type[METEORConfig]] = METEORConfig
    signature_order: ClassVar[tuple[str, ...]] = ("tok", "alpha", "beta", "gamma", "nltk")
    config: METEORConfig

    def _setup(self) -> None:
        self._set_text_options(False, self.config.tokenize)

    def extract_stats(
        self, hypotheses: list[str], references: list[list[str]], sources: list[str] | None
    ) -> StatsArray:
        """One row per segment: the best reference's :func:`meteor_row` (the first of equals)."""
        self._require_references(references)
        wordnet = load_wordnet()
        rows = []
        for hyp_text, refs in zip(hypotheses, references):
            hyp = self._tokens(hyp_text)
            candidates = [meteor_row(hyp, self._tokens(ref), wordnet, self.config) for ref in refs]
            rows.append(max(candidates, key=lambda row: row[0]))
        return self._stack(rows, _WIDTH)

    def score_from_stats(self, stats: StatsArray, signature: Signature | None = None) -> Score:
        """The mean sentence METEOR ×100 of a summed vector (``score_sum / segments``)."""
        total, n, precision, recall, fmean, penalty, matches, hyp_len, ref_len, chunks = check_stats(
            stats, _WIDTH, self.name
        )
        mean = (lambda x: 100 * (x / n)) if n else (lambda x: 0.0)
        return Score(
            metric=self.name,
            score=mean(total),
            signature=signature if signature is not None else self.get_signature(),
            components={
                "precision": mean(precision),
                "recall": mean(recall),
                "fmean": mean(fmean),
                "penalty": mean(penalty),
            },
            details={"segments": n, "matches": matches, "hyp_len": hyp_len, "ref_len": ref_len, "chunks": chunks},
        )
