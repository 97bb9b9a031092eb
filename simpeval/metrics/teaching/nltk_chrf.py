"""NLTK's chrF (``nltk.translate.chrf_score.sentence_chrf`` / ``corpus_chrf``) as a Metric."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from ... import _citations
from ..._arith import reference_sum
from ..._types import StatsArray
from ..._validate import check_int
from ...exceptions import InvalidOptionError
from ..options import check_bounds, option
from ..score import Score
from ..signature import Signature
from ._common import CASE, TeachingMetric, check_bool, check_number, check_stats

__all__ = ["NLTKCHRF", "NLTKCHRFConfig"]


@dataclass(frozen=True)
class NLTKCHRFConfig:
    """Options of :class:`NLTKCHRF`, NLTK's arguments of ``sentence_chrf`` (each field declares its
    default, help and signature key: :func:`~simpeval.metrics.options.option`; the signature's
    ``order`` records ``min_len-max_len``)."""

    # Bounded as chrF's (simpeval.metrics.chrf): published orders reach 6, beta 3.
    min_len: int = option(1, help="Lowest character n-gram order (at most 20).", minimum=1, maximum=20)
    max_len: int = option(
        6, help="Highest character n-gram order (at most 20).", minimum=1, maximum=20, signature=("order", "n")
    )
    beta: float = option(
        3.0, help="Weight of recall against precision (at most 100).", minimum=0, maximum=100, signature=("beta", "b")
    )
    ignore_whitespace: bool = option(
        True,
        help="Remove all whitespace before counting n-grams.",
        choices={True: "no", False: "yes"},  # the signature's space:no: whitespace is not counted
        signature=("space", "s"),
    )
    lowercase: bool = option(False, help="Lowercase first (NLTK does not).", choices=CASE, signature=("case", "c"))
    tokenize: str = option(
        "whitespace", help="Tokenizer; NLTK joins the tokens with single spaces.", signature=("tok", "tok")
    )

    def __post_init__(self) -> None:
        for argument in ("min_len", "max_len"):
            check_int(getattr(self, argument), f"NLTK-chrF: {argument}")
        if self.min_len > self.max_len:
            raise InvalidOptionError(
                f"NLTK-chrF: min_len must not exceed max_len (got {self.min_len} > {self.max_len})."
            )
        # a float: NLTK's arithmetic gives the same result for an int (it meets floats only)
        object.__setattr__(self, "beta", float(check_number("NLTK-chrF", "beta", self.beta, 0.0)))
        object.__setattr__(
            self, "ignore_whitespace", check_bool("NLTK-chrF", "ignore_whitespace", self.ignore_whitespace)
        )
        check_bounds("NLTK-chrF", self)


class NLTKCHRF(TeachingMetric):
    """chrF exactly as NLTK's ``sentence_chrf`` and ``corpus_chrf`` compute it, ×100.

    ``sentence_score(h, [r])`` is ``100 * sentence_chrf(r, h)`` and ``corpus_score`` is
    ``100 * corpus_chrf(refs, hyps)`` (NLTK passes a tokenized sentence as its tokens joined by
    spaces; with the default ``whitespace`` tokenizer and ``ignore_whitespace=True`` this is the
    raw string's score). NLTK's chrF is a **macro average**: the F-score of every sentence and
    n-gram order (``1e-16`` when a count is zero, as in NLTK), averaged over orders and
    sentences. A row is therefore ``[1, F_min..F_max, P_min..P_max, R_min..R_max, matches...,
    hypothesis n-grams..., reference n-grams...]``: the per-sentence F-scores add up, and the
    score of a sum is ``sum over orders of (summed F) / orders / segments``, NLTK's own
    formula and summation order (sentence by sentence, then order by order).

    NLTK's chrF takes one reference; with several, simpeval keeps the reference with the best
    sentence chrF (the first of equals), as sacrebleu does.

    Args:
        config: a :class:`NLTKCHRFConfig` (default: NLTK's arguments; beta 3, not sacrebleu's 2).
        options: options replacing the config's, by name or positional in NLTK's order: the fields
            of :class:`NLTKCHRFConfig` (``tokenize="none"`` scores the raw string).

    Examples:
        >>> ref = "It is a guide to action that ensures that the military will forever heed Party commands"
        >>> hyp = "It is a guide to action which ensures that the military always obeys the commands of the party"
        >>> round(NLTKCHRF().sentence_score(hyp, [ref]).score, 2)  # NLTK's docstring: 0.6349...
        63.5
        >>> NLTKCHRF().get_signature().format(short=True)  # doctest: +ELLIPSIS
        'NLTK-chrF|c:mixed|tok:whitespace|n:1-6|b:3.0|s:no|nltk:...|v:...'
    """

    name: ClassVar[str] = "NLTK-chrF"
    higher_is_better: ClassVar[bool] = True
    requires_source: ClassVar[bool] = False
    citation: ClassVar[str] = _citations.POPOVIC_2015 + "\n" + _citations.BIRD_2009
    config_class: ClassVar[type[NLTKCHRFConfig]] = NLTKCHRFConfig
    signature_order: ClassVar[tuple[str, ...]] = ("case", "tok", "order", "beta", "space", "nltk")
    config: NLTKCHRFConfig

    def _setup(self) -> None:
        self._set_text_options(self.config.lowercase, self.config.tokenize)
        self._orders: int = self.config.max_len - self.config.min_len + 1

    def signature_field(self, key: str) -> Any:
        """``order`` is ``min_len-max_len``; the other keys are their options' spellings."""
        return f"{self.config.min_len}-{self.config.max_len}" if key == "order" else super().signature_field(key)

    @property
    def n_stats(self) -> int:
        """Width of a row: 1 plus six values per n-gram order."""
        return 1 + 6 * self._orders

    def _prepared(self, text: str) -> str:
        from nltk.translate.chrf_score import _preprocess  # NLTK's whitespace removal (its regex engine)

        prepared: str = _preprocess(" ".join(self._tokens(text)), self.config.ignore_whitespace)
        return prepared

    def _row(self, hyp: str, ref: str) -> list[float]:
        from nltk.translate.chrf_score import chrf_precision_recall_fscore_support

        orders = range(self.config.min_len, self.config.max_len + 1)
        # (precision, recall, fscore, matches) per order, NLTK's values
        prf = [chrf_precision_recall_fscore_support(ref, hyp, n, beta=self.config.beta) for n in orders]
        columns = [[x[2] for x in prf], [x[0] for x in prf], [x[1] for x in prf], [x[3] for x in prf]]
        columns += [[max(0, len(hyp) - n + 1) for n in orders], [max(0, len(ref) - n + 1) for n in orders]]
        return [1.0] + [float(x) for column in columns for x in column]

    def extract_stats(
        self, hypotheses: list[str], references: list[list[str]], sources: list[str] | None
    ) -> StatsArray:
        """One row per segment, for its best reference (see the class docstring)."""
        self._require_references(references)
        rows = []
        k = self._orders
        for hyp_text, refs in zip(hypotheses, references):
            hyp = self._prepared(hyp_text)
            candidates = [self._row(hyp, self._prepared(ref)) for ref in refs]
            rows.append(max(candidates, key=lambda row: reference_sum(row[1 : 1 + k]) / k))
        return self._stack(rows, self.n_stats)

    def sum_rows(self, stats: StatsArray) -> StatsArray:
        """The rows added; the F-score columns as ``corpus_chrf`` adds them, with ``sum()`` over
        the sentences (compensated from Python 3.12: :func:`simpeval._arith.reference_sum`)."""
        total = super().sum_rows(stats)
        for column in range(1, 1 + self._orders):
            total[column] = reference_sum(stats[:, column].tolist())
        return total

    def score_from_stats(self, stats: StatsArray, signature: Signature | None = None) -> Score:
        """NLTK's macro-averaged chrF ×100 of a summed vector.

        ``breakdown`` holds the mean ``fscores``, ``precisions`` and ``recalls`` per order (×100);
        ``details`` the number of ``segments`` and the summed ``counts`` (matching n-grams),
        ``hyp_totals`` and ``ref_totals`` per order.
        """
        vector, k = check_stats(stats, self.n_stats, self.name), self._orders
        n = vector[0]
        block = [tuple(vector[1 + i * k : 1 + (i + 1) * k]) for i in range(6)]
        # corpus_chrf: the sum over sentences of each order's F-score, as Python floats (sum()
        # compensates only exact floats, not NumPy scalars)
        total_scores = [float(x) for x in block[0]]
        value = (reference_sum(total_scores) / k) / n if n else 0.0
        mean = (lambda xs: tuple(100 * (x / n) for x in xs)) if n else (lambda xs: tuple(0.0 for _ in xs))
        return Score(
            metric=self.name,
            score=100 * value,
            signature=signature if signature is not None else self.get_signature(),
            breakdown={"fscores": mean(block[0]), "precisions": mean(block[1]), "recalls": mean(block[2])},
            details={"segments": n, "counts": block[3], "hyp_totals": block[4], "ref_totals": block[5]},
        )
