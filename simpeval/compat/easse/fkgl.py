"""EASSE's ``easse.fkgl``: the Flesch-Kincaid grade level of a corpus.

Examples:
    >>> round(corpus_fkgl(["The cat sat on the mat.", "Photosynthesis converts light energy."]), 2)
    3.47
    >>> round(corpus_fkgl(['He said : " the committee postponed its controversial decision indefinitely . "']), 2)
    8.54
"""

from __future__ import annotations

from collections.abc import Sequence

from ...metrics.fkgl import FKGL

__all__ = ["corpus_fkgl"]


def corpus_fkgl(sentences: Sequence[str], tokenizer: str = "13a") -> float:
    """FKGL of the sentences (lowercased, then tokenized with ``tokenizer``), as EASSE's ``corpus_fkgl``.

    Sentences are counted as EASSE's Punkt counts them (:mod:`simpeval.metrics.sentences`).

    Raises:
        UnknownTokenizerError: ``tokenizer`` is not registered.

    Examples:
        >>> text = ["The committee postponed the decision. Several members were absent."]
        >>> round(corpus_fkgl(text), 2), round(corpus_fkgl(text, tokenizer="moses"), 2)  # two sentences each
        (5.86, 7.6)
        >>> corpus_fkgl([])
        0.0
    """
    if not sentences:
        return 0.0  # EASSE's grade of no sentence (simpeval's FKGL refuses an empty corpus)
    return float(FKGL(tokenize=tokenizer).corpus_score(list(sentences)).score)
