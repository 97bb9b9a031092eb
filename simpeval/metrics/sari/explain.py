"""SARI, n-gram by n-gram: the structured explanation behind :meth:`SARI.explain`.

For each operation (add, keep, delete) and n-gram order, every n-gram is listed with its
counts in the source, the prediction and the references, the counts SARI compares (source
and prediction counts times the number of references, or reference counts divided by the
number of non-empty references, depending on ``ref_weight``), and its contribution to the
numerator and denominator of the operation's precision and recall. The totals are the
reference path's own statistics (:func:`.reference.order_stats`), and the score is computed
from them, so an explanation adds up to :meth:`SARI.sentence_score` exactly.

Examples:
    >>> from simpeval import SARI
    >>> e = SARI().explain("About 95 species are now agreed .",
    ...                    ["About 95 species are currently known .", "About 95 species are now accepted .",
    ...                     "95 species are now accepted ."], source="About 95 species are currently accepted .")
    >>> [(r.text, r.precision_num) for r in e.operation("add").orders[0].rows]
    [('now', 1.0), ('agreed', 0.0), ('known', 0.0)]
    >>> about = e.operation("keep").orders[0].rows[0]
    >>> about.text, about.weighted_prediction, about.weighted_references, about.precision_num
    ('about', 3.0, 2.0, 2.0)
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np

from ..base import Metric
from ..explanation import Explanation, ExplanationPart
from ..score import Score
from .config import SARIConfig
from .dsari import DSARIPenalties, apply_penalties, document_penalties
from .reference import OrderCounters, order_counters, order_stats, tokenize_line
from .scoring import OPERATIONS, sentence_rows

__all__ = ["NgramRow", "OperationBreakdown", "OrderBreakdown", "SARIExplanation", "explain_sari"]


@dataclass(frozen=True)
class NgramRow(ExplanationPart):
    """One n-gram's part in one operation at one order.

    Attributes:
        ngram: the n-gram's tokens.
        source_count: its count in the source (0/1 with binary n-grams).
        prediction_count: its count in the prediction.
        reference_count: its total count over the references.
        in_references: how many references contain it.
        weighted_source: the source count as SARI compares it (times the number of references
            with ``ref_weight="all"``).
        weighted_prediction: likewise for the prediction.
        weighted_references: the reference count as SARI compares it (divided by the number of
            non-empty references with ``ref_weight="nonempty"``).
        precision_num: its contribution to the numerator of the operation's precision.
        precision_den: its contribution to the denominator (1 per selected n-gram when the
            precision is a per-n-gram mean; then the numerator term is that n-gram's ratio).
        recall_num: its contribution to the numerator of the recall.
        recall_den: its contribution to the denominator of the recall.

    Addition counts n-grams as sets: for an ``add`` row only whether the n-gram occurs in the
    prediction and in the references matters (each term is 0 or 1), not the weighted counts.
    With a per-n-gram precision or recall (``hf``, ``xu2016``) a row's numerator term is its
    own ratio and its denominator term 1.
    """

    ngram: tuple[str, ...]
    source_count: float
    prediction_count: float
    reference_count: float
    in_references: int
    weighted_source: float
    weighted_prediction: float
    weighted_references: float
    precision_num: float
    precision_den: float
    recall_num: float
    recall_den: float

    @property
    def text(self) -> str:
        """The n-gram as text (tokens joined by spaces)."""
        return " ".join(self.ngram)


@dataclass(frozen=True)
class OrderBreakdown(ExplanationPart):
    """One operation at one n-gram order: its n-grams and the totals that give P, R and F1.

    ``precision``, ``recall`` and ``f1`` are on the 0-100 scale, equal to the score's
    ``breakdown``; the ``*_num``/``*_den`` totals are the reference path's statistics.
    """

    order: int
    rows: tuple[NgramRow, ...]
    precision_num: float
    precision_den: float
    recall_num: float
    recall_den: float
    precision: float
    recall: float
    f1: float

    def row(self, ngram: str) -> NgramRow:
        """The row of ``ngram`` (its tokens joined by spaces, e.g. ``"about 95"``)."""
        for row in self.rows:
            if row.text == ngram:
                return row
        raise KeyError(f"OrderBreakdown: no {self.order}-gram {ngram!r} here (n-grams: {[r.text for r in self.rows]}).")


@dataclass(frozen=True)
class OperationBreakdown(ExplanationPart):
    """One operation (``add``, ``keep`` or ``delete``) over all orders.

    Attributes:
        operation: the operation's name.
        orders: one breakdown per n-gram order.
        score: the operation's score (0-100), the score's component of that name.
        rule: how the orders are combined into ``score`` (e.g. "mean of F1 over orders").
    """

    operation: str
    orders: tuple[OrderBreakdown, ...]
    score: float
    rule: str

    def order(self, n: int) -> OrderBreakdown:
        """The breakdown of n-gram order ``n`` (1 for unigrams)."""
        if not 1 <= n <= len(self.orders):
            raise KeyError(f"OperationBreakdown: order must be 1..{len(self.orders)} (got {n!r}).")
        return self.orders[n - 1]


@dataclass(frozen=True, repr=False)
class SARIExplanation(Explanation):
    """SARI of one segment, n-gram by n-gram.

    Attributes:
        source, prediction, references: the input as given.
        source_tokens, prediction_tokens, reference_tokens: the tokens SARI compares.
        weighting: how the counts are weighted (``ref_weight``), in words.
        operations: add, keep and delete, in that order.
        statistics: the segment's statistics row (``SARI.corpus_stats`` of this segment).
        score: the :class:`Score`, equal to ``SARI.sentence_score`` of this segment.
        penalties: D-SARI's penalties and the lengths they come from (``penalty="dsari"``),
            else ``None``; the operations' scores are the penalised ones.
    """

    source: str
    prediction: str
    references: tuple[str, ...]
    source_tokens: tuple[str, ...]
    prediction_tokens: tuple[str, ...]
    reference_tokens: tuple[tuple[str, ...], ...]
    weighting: str
    operations: tuple[OperationBreakdown, ...]
    statistics: tuple[float, ...]
    score: Score
    penalties: DSARIPenalties | None = None

    def __repr__(self) -> str:
        parts = ", ".join(f"{op.operation} {op.score:.2f}" for op in self.operations)
        return f"<SARIExplanation SARI {self.score.score:.2f} ({parts}); print() it for the n-grams>"

    def operation(self, name: str) -> OperationBreakdown:
        """The breakdown of operation ``name`` (``"add"``, ``"keep"`` or ``"delete"``)."""
        for operation in self.operations:
            if operation.operation == name:
                return operation
        raise KeyError(f"SARIExplanation: operation must be one of {', '.join(OPERATIONS)} (got {name!r}).")


# ------------------------------------------------------------------ building
def _terms(g: Any, good: Mapping[Any, float], selected: Mapping[Any, float], per_ngram: bool) -> tuple[float, float]:
    """One n-gram's (numerator, denominator) terms, as :func:`.reference._ratio_terms` sums them."""
    if g not in selected:
        return 0.0, 0.0
    if per_ngram:
        return float(good.get(g, 0) / selected[g]), 1.0
    return float(good.get(g, 0)), float(selected[g])


def _row(g: Any, c: OrderCounters, precision: tuple[float, float], recall: tuple[float, float]) -> NgramRow:
    return NgramRow(
        ngram=tuple(g),
        source_count=float(c.source.get(g, 0)),
        prediction_count=float(c.hypothesis.get(g, 0)),
        reference_count=float(sum(ref.get(g, 0) for ref in c.references)),
        in_references=sum(1 for ref in c.references if ref.get(g, 0) > 0),
        weighted_source=float(c.weighted_source.get(g, 0)),
        weighted_prediction=float(c.weighted_hypothesis.get(g, 0)),
        weighted_references=float(c.weighted_references.get(g, 0)),
        precision_num=precision[0],
        precision_den=precision[1],
        recall_num=recall[0],
        recall_den=recall[1],
    )


def _rows(operation: str, c: OrderCounters, config: SARIConfig) -> tuple[NgramRow, ...]:
    """The n-grams of one operation at one order, in the order the reference path sums them."""
    per_p = config.precision == "per-ngram"
    per_r = config.keep_recall == "per-ngram"
    if operation == "keep":
        return tuple(
            _row(g, c, _terms(g, c.keep_good, c.keep, per_p), _terms(g, c.keep_good, c.keep_all, per_r))
            for g in c.weighted_source
        )
    if operation == "delete":
        return tuple(
            _row(g, c, _terms(g, c.del_good, c.delete, per_p), _terms(g, c.del_good, c.del_all, per_r))
            for g in c.weighted_source
        )
    added = [g for g in c.hypothesis if g in c.add]  # prediction order
    missed = [g for g in c.weighted_references if g in c.add_all and g not in c.add]  # reference order
    return tuple(
        _row(g, c, (float(g in c.add_good), float(g in c.add)), (float(g in c.add_good), float(g in c.add_all)))
        for g in added + missed
    )


_STATS_BASE = {"keep": 0, "delete": 4, "add": 8}  # position of each operation within an order's 12 stats


_PENALTIES = {"add": " x LP1", "keep": " x LP2 x SLP", "delete": " x LP2"}  # D-SARI's, per operation


def _rule(config: SARIConfig, operation: str) -> str:
    if operation == "delete" and config.deletion == "precision":
        kind = "precision"
    else:
        kind = "F1"
    if config.average == "pr" and kind == "F1":
        rule = "F1 of the mean precision and the mean recall over orders"
    else:
        rule = f"mean of {kind} over orders"
    return rule + (_PENALTIES[operation] if config.penalty == "dsari" else "")


def _weighting(config: SARIConfig, n_refs: int) -> str:
    if config.ref_weight == "all":
        return f"source and prediction counts x {n_refs} (the number of references); reference counts summed"
    return "reference counts summed, divided by the number of references with n-grams of that order"


def explain_sari(
    sari: Metric,
    config: SARIConfig,
    tokenize: Callable[[str], str],
    hypothesis: str,
    references: Sequence[str],
    source: str | None,
) -> SARIExplanation:
    """Build the explanation of one segment (see :meth:`SARI.explain`, which validates the input): ``sari`` with its
    ``config`` and the tokenizer that config names."""
    src = tokenize_line(source or "", config, tokenize, config.normalize_source)
    hyp = tokenize_line(hypothesis, config, tokenize)
    refs = [tokenize_line(ref, config, tokenize) for ref in references]
    counters = [order_counters(src, hyp, refs, config, n, source or "") for n in range(1, config.max_order + 1)]
    raw = [value for c in counters for value in order_stats(c, config)]
    stats = np.asarray(raw, dtype=np.float64)
    penalties = None
    if config.aggregate == "sentence":
        stats = sentence_rows(stats[None, :], config)[0]
    if config.penalty == "dsari":
        penalties = document_penalties(source or "", hypothesis, references, config.sentence_split)
        stats = apply_penalties(stats[None, :], [penalties])[0]
    score = sari.score_from_stats(stats, sari.get_signature(len(references)))
    operations = []
    for op in OPERATIONS:
        orders = []
        for n, c in enumerate(counters, start=1):
            base = (n - 1) * 12 + _STATS_BASE[op]
            orders.append(
                OrderBreakdown(
                    order=n,
                    rows=_rows(op, c, config),
                    precision_num=raw[base],
                    precision_den=raw[base + 1],
                    recall_num=raw[base + 2],
                    recall_den=raw[base + 3],
                    precision=score.breakdown[f"{op}_precision"][n - 1],
                    recall=score.breakdown[f"{op}_recall"][n - 1],
                    f1=score.breakdown[f"{op}_f1"][n - 1],
                )
            )
        operations.append(OperationBreakdown(op, tuple(orders), score.components[op], _rule(config, op)))
    return SARIExplanation(
        source=source or "",
        prediction=hypothesis,
        references=tuple(references),
        source_tokens=tuple(src),
        prediction_tokens=tuple(hyp),
        reference_tokens=tuple(map(tuple, refs)),
        weighting=_weighting(config, len(references)),
        operations=tuple(operations),
        statistics=tuple(float(x) for x in stats),
        score=score,
        penalties=penalties,
    )
