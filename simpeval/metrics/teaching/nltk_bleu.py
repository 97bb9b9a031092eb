"""NLTK's BLEU (``sentence_bleu`` / ``corpus_bleu`` with Chen & Cherry's smoothing) as a Metric.

The statistics of a segment are NLTK's own counts (``modified_precision`` and
``closest_ref_length``); :mod:`._bleu_math` repeats ``corpus_bleu``'s arithmetic on their sums.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from ... import _citations
from ..._types import StatsArray
from ...exceptions import InvalidOptionError
from ..options import check_bounds, option
from ..score import Score
from ..signature import Signature
from ._bleu_math import BleuCounts, Smoothing, bleu
from ._common import CASE, TeachingMetric, check_bool, check_number, check_stats

__all__ = ["NLTKBLEU", "NLTKBLEUConfig"]

#: The smoothing methods that read the last segment of a corpus (see :mod:`._bleu_math`).
_LAST_SEGMENT_METHODS = (5, 6, 7)
#: The signature key of the parameter each smoothing method reads.
_PARAMETERS = {1: "eps", 4: "k", 6: "alpha", 7: "k"}


@dataclass(frozen=True)
class NLTKBLEUConfig:
    """Options of :class:`NLTKBLEU`, named after NLTK's arguments (each field declares its default,
    help and signature key: :func:`~simpeval.metrics.options.option`)."""

    weights: Sequence[float] = option(
        (0.25, 0.25, 0.25, 0.25),
        help="Weights of the n-gram orders 1..N (sentence_bleu's weights), e.g. 0.5,0.5 for BLEU-2; at most 10.",
        maximum=10,  # one weight per order: bounded as BLEU's max_ngram_order
        signature=("weights", "w"),
    )
    smoothing: int = option(
        0,
        help="n of NLTK's SmoothingFunction().method<n>, 0 (none) to 7.",
        choices={n: f"method{n}" for n in range(8)},
        signature=("smooth", "s"),
    )
    epsilon: float = option(0.1, help="SmoothingFunction(epsilon=...), used by method 1.", signature=("eps", "eps"))
    alpha: float = option(5, help="SmoothingFunction(alpha=...), used by method 6.", signature=("alpha", "al"))
    k: float = option(5, help="SmoothingFunction(k=...), used by methods 4 and 7.", signature=("k", "k"))
    auto_reweigh: bool = option(False, help="sentence_bleu's auto_reweigh.", signature=("reweigh", "rw"))
    lowercase: bool = option(False, help="Lowercase first (NLTK does not).", choices=CASE, signature=("case", "c"))
    tokenize: str = option(
        "whitespace", help="Tokenizer: whitespace (str.split), nltk-word or a registry name.", signature=("tok", "tok")
    )

    def __post_init__(self) -> None:
        weights = self.weights
        if isinstance(weights, (str, bytes)) or not isinstance(weights, Sequence) or not weights:
            raise InvalidOptionError(
                f"NLTK-BLEU: weights must be a non-empty tuple of numbers, one per n-gram order (got {weights!r}); "
                "score several weightings with one metric each."
            )
        checked = tuple(float(check_number("NLTK-BLEU", "weights", w, -math.inf)) for w in weights)
        object.__setattr__(self, "weights", checked)
        if isinstance(self.smoothing, bool) or self.smoothing not in range(8):
            raise InvalidOptionError(
                f"NLTK-BLEU: smoothing must be 0 to 7, NLTK's SmoothingFunction().method0 to method7 (got {self.smoothing!r})."
            )
        if self.smoothing == 6 and len(self.weights) < 3:
            raise InvalidOptionError(
                "NLTK-BLEU: smoothing=6 (NLTK's method6) reads the trigram precision, so it needs at least "
                f"3 weights (got {len(self.weights)})."
            )
        object.__setattr__(self, "epsilon", check_number("NLTK-BLEU", "epsilon", self.epsilon, 0.0))
        object.__setattr__(self, "alpha", check_number("NLTK-BLEU", "alpha", self.alpha, 0.0))
        object.__setattr__(self, "k", check_number("NLTK-BLEU", "k", self.k, 0.0))
        object.__setattr__(self, "auto_reweigh", check_bool("NLTK-BLEU", "auto_reweigh", self.auto_reweigh))
        check_bounds("NLTK-BLEU", self)


class NLTKBLEU(TeachingMetric):
    """BLEU exactly as NLTK's ``sentence_bleu`` and ``corpus_bleu`` compute it, ×100.

    ``sentence_score(h, refs)`` is ``100 * sentence_bleu([r.split() for r in refs], h.split(), weights,
    SmoothingFunction(epsilon, alpha, k).method<smoothing>, auto_reweigh)`` and ``corpus_score`` is
    ``100 * corpus_bleu(...)`` on the same tokens, to the last bit, including NLTK's edge cases:
    0 when no unigram matches, ``sys.float_info.min`` for an order without matches under method 0
    (with NLTK's warning, so the score is tiny but not 0), 0 for an empty hypothesis.

    Statistics per segment: ``[hyp_len, closest_ref_len, numerator_1..N, denominator_1..N]``,
    NLTK's counts (the denominator of an order is at least 1, as in ``modified_precision``). All
    additive: ``corpus_bleu`` pools exactly these. **Methods 5, 6 and 7** also read the *last*
    segment of the corpus (``corpus_bleu`` hands the smoothing function its leftover loop
    variables): for them a row also holds the segment's 5-gram precision and n-gram counts, and
    the last row of a scored batch carries a flag and a copy of them. A summed vector whose flag
    is exactly 1 (``corpus_score``, or any sum that holds the last row once) is scored as NLTK
    scores the corpus; any other sum (rows without the last one; several chunks of
    ``corpus_score_iter``) uses the pooled 5-gram precision and n-gram counts instead, which is
    what a corpus of one sentence gives in both cases.

    Args:
        weights: n-gram weights, e.g. ``(0.5, 0.5)`` for BLEU-2.
        smoothing: 0-7, ``SmoothingFunction().method<smoothing>``.
        epsilon, alpha, k: the parameters of ``SmoothingFunction``.
        auto_reweigh: NLTK's ``auto_reweigh``.
        lowercase: lowercase first.
        tokenize: ``"whitespace"`` (``str.split``), ``"nltk-word"`` (``word_tokenize`` without
            sentence splitting) or any registry tokenizer.

    Raises:
        InvalidOptionError: an option is invalid; smoothing 6 on a corpus without a matching trigram.

    Examples:
        >>> hyp = "It is a guide to action which ensures that the military always obeys the commands of the party"
        >>> refs = ["It is a guide to action that ensures that the military will forever heed Party commands",
        ...         "It is the guiding principle which guarantees the military forces always being under the command of the Party",
        ...         "It is the practical guide for the army always to heed the directions of the party"]
        >>> round(NLTKBLEU().sentence_score(hyp, refs).score, 2)  # NLTK's docstring: 0.5045...
        50.46
        >>> NLTKBLEU(smoothing=1).get_signature().format(short=True)  # doctest: +ELLIPSIS
        'NLTK-BLEU|c:mixed|tok:whitespace|w:0.25,0.25,0.25,0.25|s:method1|eps:0.1|rw:no|nltk:...|v:...'
    """

    name: ClassVar[str] = "NLTK-BLEU"
    higher_is_better: ClassVar[bool] = True
    requires_source: ClassVar[bool] = False
    citation: ClassVar[str] = (
        _citations.PAPINENI_2002 + "\n" + _citations.CHEN_CHERRY_2014 + "\n" + _citations.BIRD_2009
    )
    config_class: ClassVar[type[NLTKBLEUConfig]] = NLTKBLEUConfig
    signature_order: ClassVar[tuple[str, ...]] = (
        "case",
        "tok",
        "weights",
        "smooth",
        "eps",
        "alpha",
        "k",
        "reweigh",
        "nltk",
    )
    config: NLTKBLEUConfig

    def _setup(self) -> None:
        self._set_text_options(self.config.lowercase, self.config.tokenize)
        self._weights = tuple(self.config.weights)
        self._order = len(self._weights)
        self._last = self.config.smoothing in _LAST_SEGMENT_METHODS
        self._smoothing = Smoothing(self.config.smoothing, self.config.epsilon, self.config.alpha, self.config.k)

    def signature_field(self, key: str) -> Any:
        """A smoothing parameter only where the method reads it (``eps`` for method 1, ``k`` for 4
        and 7, ``alpha`` for 6); the other keys are their options' spellings."""
        if key in _PARAMETERS.values() and _PARAMETERS.get(self.config.smoothing) != key:
            return None
        return super().signature_field(key)

    @property
    def n_stats(self) -> int:
        """Width of a statistics row: ``2 + 2N``, plus ``N + 6`` for methods 5-7."""
        return 2 + 2 * self._order + (self._order + 6 if self._last else 0)

    # ------------------------------------------------------------ statistics
    def _row(self, hyp: list[str], refs: list[list[str]]) -> list[float]:
        from nltk.translate.bleu_score import closest_ref_length, modified_precision

        precisions = [modified_precision(refs, hyp, n) for n in range(1, self._order + 1)]
        row = [len(hyp), closest_ref_length(refs, len(hyp))]
        row += [p.numerator for p in precisions] + [p.denominator for p in precisions]
        if self._last:
            fifth = precisions[4] if self._order >= 5 else modified_precision(refs, hyp, 5)
            row += [fifth.numerator, fifth.denominator]
            row += [max(0, len(hyp) - i) for i in range(self._order)]
            row += [0, 0, 0, 0]  # flag, length, 5-gram numerator and denominator of the last segment
        return [float(x) for x in row]

    def extract_stats(
        self, hypotheses: list[str], references: list[list[str]], sources: list[str] | None
    ) -> StatsArray:
        """Rows of NLTK's counts; the last row also flags itself for methods 5-7 (see the class)."""
        self._require_references(references)
        rows = [self._row(self._tokens(h), [self._tokens(r) for r in refs]) for h, refs in zip(hypotheses, references)]
        if self._last:
            last, start = rows[-1], 2 + 2 * self._order
            last[-4:] = [1.0, last[0], last[start], last[start + 1]]
        return self._stack(rows, self.n_stats)

    def _counts(self, vector: list[float]) -> BleuCounts:
        n, ints = self._order, [int(x) for x in vector]
        counts = BleuCounts(ints[0], ints[1], tuple(ints[2 : 2 + n]), tuple(ints[2 + n : 2 + 2 * n]))
        if not self._last:
            return counts
        start = 2 + 2 * n
        flag, last_len, last_num, last_den = ints[-4:]
        if flag == 1:  # NLTK's corpus_bleu: the last segment's 5-gram precision and n-gram counts
            fifth, ngrams = (last_num, last_den), tuple(max(0, last_len - i) for i in range(n))
        else:
            fifth, ngrams = (ints[start], ints[start + 1]), tuple(ints[start + 2 : start + 2 + n])
        return BleuCounts(counts.hyp_len, counts.ref_len, counts.numerators, counts.denominators, fifth, ngrams)

    def score_from_stats(self, stats: StatsArray, signature: Signature | None = None) -> Score:
        """NLTK's BLEU ×100 of a summed statistics vector.

        ``breakdown["precisions"]`` holds the (smoothed) precisions that enter the geometric mean,
        ×100; ``details`` the brevity penalty ``bp`` (0-1), ``sys_len``, ``ref_len`` and NLTK's raw
        ``counts`` (clipped matches) and ``totals`` (denominators) per order.
        """
        counts = self._counts(check_stats(stats, self.n_stats, self.name))
        value, precisions, bp = bleu(counts, self._weights, self._smoothing, self.config.auto_reweigh)
        return Score(
            metric=self.name,
            score=100 * value,
            signature=signature if signature is not None else self.get_signature(),
            breakdown={"precisions": tuple(100 * float(p) for p in precisions)},
            details={
                "bp": float(bp),
                "sys_len": float(counts.hyp_len),
                "ref_len": float(counts.ref_len),
                "counts": tuple(float(x) for x in counts.numerators),
                "totals": tuple(float(x) for x in counts.denominators),
            },
        )
