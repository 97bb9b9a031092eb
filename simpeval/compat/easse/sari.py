"""EASSE's ``easse.sari``: corpus SARI with EASSE's argument order and flags.

Every call is simpeval's :class:`~simpeval.metrics.sari.SARI` with the preset the flags name:
``easse`` by default, ``legacy=True`` -> ``easse-legacy`` (the source as given, nothing
lowercased: for the tokenized, lowercased TurkCorpus files), ``use_f1_for_deletion=False`` ->
deletion precision (``easse-delp``), ``use_paper_version=True`` -> F1 of the mean precision and
recall (``easse-paper``). ``refs_sents`` are streams: ``refs_sents[j][i]`` is reference ``j`` of
sentence ``i``.

Examples:
    >>> orig = ["About 95 species are currently accepted ."]
    >>> refs = [["About 95 species are currently known ."], ["About 95 species are now accepted ."]]
    >>> round(corpus_sari(orig, ["About 95 species are now agreed ."], refs), 4)
    66.8807
    >>> [round(x, 4) for x in get_corpus_sari_operation_scores(orig, ["About 95 species are now agreed ."], refs)]
    [32.1429, 86.3781, 82.1212]
"""

from __future__ import annotations

from collections.abc import Sequence

from ...metrics.sari import SARI
from .._layout import stated_streams

__all__ = ["corpus_sari", "get_corpus_sari_operation_scores", "sentence_sari"]


def _sari(lowercase: bool, tokenizer: str, legacy: bool, use_f1_for_deletion: bool, use_paper_version: bool) -> SARI:
    return SARI(
        variant="easse-legacy" if legacy else "easse",
        tokenize=tokenizer,
        lowercase=False if legacy else lowercase,  # EASSE: legacy assumes lowercased input
        deletion="f1" if use_f1_for_deletion else "precision",
        average="pr" if use_paper_version else "f1",
    )


def get_corpus_sari_operation_scores(
    orig_sents: Sequence[str],
    sys_sents: Sequence[str],
    refs_sents: Sequence[Sequence[str]],
    lowercase: bool = True,
    tokenizer: str = "13a",
    legacy: bool = False,
    use_f1_for_deletion: bool = True,
    use_paper_version: bool = False,
) -> tuple[float, float, float]:
    """SARI's add, keep and delete scores (0-100), as EASSE computes them.

    Args:
        orig_sents: the source sentences.
        sys_sents: the system outputs, one per source.
        refs_sents: reference streams (``refs_sents[j][i]``).
        lowercase: lowercase everything first (ignored with ``legacy``).
        tokenizer: ``13a`` (default), ``intl``, ``moses``, ``penn``, ``none`` or any registered one.
        legacy: EASSE's legacy mode: the sources are used as given and nothing is lowercased.
        use_f1_for_deletion: deletion F1 (EASSE's default) rather than precision (the paper's).
        use_paper_version: average precision and recall over n-gram orders, then F1.

    Raises:
        InputLengthMismatchError: the outputs, sources and references differ in length.

    Examples:
        >>> get_corpus_sari_operation_scores(["a b"], ["a b"], [["a b"]])
        (0.0, 50.0, 0.0)
    """
    score = _sari(lowercase, tokenizer, legacy, use_f1_for_deletion, use_paper_version).corpus_score(
        list(sys_sents), stated_streams([list(stream) for stream in refs_sents]), sources=list(orig_sents)
    )
    return score.components["add"], score.components["keep"], score.components["delete"]


def corpus_sari(
    orig_sents: Sequence[str],
    sys_sents: Sequence[str],
    refs_sents: Sequence[Sequence[str]],
    lowercase: bool = True,
    tokenizer: str = "13a",
    legacy: bool = False,
    use_f1_for_deletion: bool = True,
    use_paper_version: bool = False,
) -> float:
    """Corpus SARI (0-100): the mean of :func:`get_corpus_sari_operation_scores`; the same arguments.

    Examples:
        >>> corpus_sari(["a b"], ["a b"], [["a b"]])
        16.666666666666668
    """
    add, keep, delete = get_corpus_sari_operation_scores(
        orig_sents, sys_sents, refs_sents, lowercase, tokenizer, legacy, use_f1_for_deletion, use_paper_version
    )
    return (add + keep + delete) / 3


def sentence_sari(
    orig_sent: str,
    sys_sent: str,
    ref_sents: Sequence[str],
    lowercase: bool = True,
    tokenizer: str = "13a",
    legacy: bool = False,
    use_f1_for_deletion: bool = True,
    use_paper_version: bool = False,
) -> float:
    """SARI of one sentence: :func:`corpus_sari` of a corpus of one, ``ref_sents`` its references.

    Examples:
        >>> round(sentence_sari("About 95 species are currently accepted .", "About 95 species are now agreed .",
        ...                     ["About 95 species are currently known .", "95 species are now accepted ."]), 4)
        59.3955
    """
    return corpus_sari(
        [orig_sent],
        [sys_sent],
        [[ref] for ref in ref_sents],
        lowercase,
        tokenizer,
        legacy,
        use_f1_for_deletion,
        use_paper_version,
    )
