"""EASSE's ``easse.quality_estimation``: how system outputs differ from their sources.

The features of :mod:`simpeval.features` under EASSE's names, averaged over sentences:
compression ratio, sentence splits, Levenshtein similarity, exact copies, additions and
deletions proportions. EASSE's lexical complexity score is not computed (it needs a
word-frequency table download). Needs ``pip install "simplification-metrics[features]"``.

Examples:
    >>> features = corpus_quality_estimation(["It rains. We stay home."], ["It rains. We stay home."])
    >>> features["Exact copies"], features["Sentence splits"]
    (1.0, 1.0)
"""

from __future__ import annotations

from collections.abc import Sequence

from ...features import compute

__all__ = ["corpus_quality_estimation"]


def corpus_quality_estimation(
    orig_sentences: Sequence[str], sys_sentences: Sequence[str], lowercase: bool = False, tokenizer: str = "13a"
) -> dict[str, float]:
    """The mean of every feature over the sentence pairs, by EASSE's feature names.

    Args:
        orig_sentences: the sources.
        sys_sentences: the system outputs, one per source.
        lowercase: lowercase both sides first (EASSE's default here: no; ``easse evaluate`` passes yes).
        tokenizer: ``13a`` (default) or any registered tokenizer.

    Raises:
        InputLengthMismatchError: not one output per source.
        MissingDependencyError: the ``levenshtein`` package is not installed.

    Examples:
        >>> features = corpus_quality_estimation(["The Cat sat ."], ["the cat sat ."], lowercase=True)
        >>> features["Exact copies"], features["Compression ratio"]
        (1.0, 1.0)
    """
    return dict(compute(list(orig_sentences), list(sys_sentences), tokenize=tokenizer, lowercase=lowercase).means)
