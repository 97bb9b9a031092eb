"""Explaining one segment's score: n-gram by n-gram (SARI and BLEU), token by token (BERTScore)."""

from __future__ import annotations

from collections.abc import Sequence

from ..exceptions import InvalidOptionError
from ..metrics import Metric, get_metric
from ..metrics.explanation import Explanation

__all__ = ["explain"]


def explain(
    metric: Metric | str, hypothesis: str, references: Sequence[str], *, source: str | None = None
) -> Explanation:
    """The explanation of one segment's score under ``metric`` (an object or a registry name).

    Args:
        metric: a metric that can explain itself (:class:`~simpeval.SARI`,
            :class:`~simpeval.BLEU` or :class:`~simpeval.metrics.learned.bertscore.BERTScore`, any preset or option), or its
            name (a name builds the metric with its default options: BERTScore's default model is
            roberta-large; give an object for another).
        hypothesis: the system output (prediction).
        references: the references of the segment.
        source: the source sentence (SARI needs it).

    Raises:
        InvalidOptionError: the metric cannot explain its scores.

    Examples:
        >>> e = explain("sari", "a b d", ["a b c"], source="a b c")
        >>> [op.operation for op in e.operations]
        ['add', 'keep', 'delete']
    """
    resolved = get_metric(metric) if isinstance(metric, str) else metric
    method = getattr(resolved, "explain", None)
    if method is None:
        raise InvalidOptionError(
            f"explain: {resolved.name} cannot explain its scores; explanations exist for SARI, BLEU and BERTScore."
        )
    if resolved.requires_source:
        result: Explanation = method(hypothesis, references, source=source)
    else:
        result = method(hypothesis, references)
    return result
