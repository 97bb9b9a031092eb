"""EASSE's ``easse.fkgl``: the Flesch-Kincaid grade level of a corpus.

Examples:
    >>> round(corpus_fkgl(["The cat sat on the mat.", "Photosynthesis converts light energy."]), 2)
    3.47
    >>> round(corpus_fkgl(['He said : " the committee postponed its controversial decision indefinitely . "']), 2)
    8.54
"""

from __future__ import annotations

from typing import Sequence

from ...metrics.fkgl import FKGL

__all__ = ["corpus_fkgl"]


def corpus_fkgl(sentences: Sequence[str], tokenizer: str = "13a") -> float:
    """FKGL of the sentences (lowercased, then tokenized with ``tokenizer``), as EASSE's ``corpus_fkgl``.

    Sentences are counted as EASSE's Punkt counts them (:mod:`simpeval.metrics.sentences`).

    Raises:
        UnknownTokenizerError: ``tokenizer`` is not registered.
    """
    return float(FKGL(tokenize=tokenizer).corpus_score(list(sentences)).score)
