"""EASSE's ``easse.fkgl``: the Flesch-Kincaid grade level of a corpus.

Examples:
    >>> round(corpus_fkgl(["The cat sat on the mat.", "Photosynthesis converts light energy."]), 2)
    3.47
    >>> round(corpus_fkgl(['He said : " the committee postponed its controversial decision indefinitely . "']), 2)
    8.54
"""

from __future__ import annotations

from collections.abc import Iterable

from ...metrics.fkgl import FKGL

__all__ = ["corpus_fkgl"]


def corpus_fkgl(sentences: Iterable[str], tokenizer: str = "13a") -> float:
    """FKGL of the sentences (lowercased, then tokenized with ``tokenizer``), as EASSE's ``corpus_fkgl``.

    Sentences are counted as EASSE's Punkt counts them (:mod:`simpeval.metrics.sentences`).
    ``sentences`` is any iterable, as EASSE loops over it: a list, a generator, a NumPy array or a
    pandas Series; none (an empty one) gives 0.

    Raises:
        UnknownTokenizerError: ``tokenizer`` is not registered.

    Examples:
        >>> text = ["The committee postponed the decision. Several members were absent."]
        >>> round(corpus_fkgl(text), 2), round(corpus_fkgl(text, tokenizer="moses"), 2)  # two sentences each
        (5.86, 7.6)
        >>> corpus_fkgl([]), corpus_fkgl(text for text in [])
        (0.0, 0.0)
    """
    texts = list(sentences)  # not `if not sentences`: a NumPy array or a Series has no truth value
    if not texts:
        return 0.0  # EASSE's grade of no sentence (simpeval's FKGL refuses an empty corpus)
    return float(FKGL(tokenize=tokenizer).corpus_score(texts).score)
