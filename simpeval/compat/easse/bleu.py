"""EASSE's ``easse.bleu``: BLEU on normalized text, as EASSE computes it with sacrebleu.

EASSE normalizes every sentence (:func:`.utils.preprocessing.normalize`: lowercase if asked,
then the tokenizer) and scores the result with sacrebleu's BLEU and no further tokenization;
so does this module, with simpeval's :class:`~simpeval.metrics.bleu.BLEU` (equal to sacrebleu's).
``refs_sents`` are streams: ``refs_sents[j][i]`` is reference ``j`` of sentence ``i``.

Examples:
    >>> refs = [["The cat sat on the mat .", "It rains ."]]
    >>> round(corpus_bleu(["The cat sat on a mat .", "It rains ."], refs), 4)
    53.8956
    >>> round(sentence_bleu("It rains today .", ["It rains ."]), 4)
    18.803
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np

from ...metrics.bleu import BLEU
from .._layout import stated_streams
from .utils.preprocessing import normalize

__all__ = ["corpus_averaged_sentence_bleu", "corpus_bleu", "sentence_bleu"]


def corpus_bleu(
    sys_sents: Sequence[str],
    refs_sents: Sequence[Sequence[str]],
    smooth_method: str = "exp",
    smooth_value: float | None = None,
    force: bool = True,
    lowercase: bool = False,
    tokenizer: str = "13a",
    effective_order: bool = False,
) -> float:
    """Corpus BLEU (0-100) of normalized outputs against normalized reference streams.

    Args:
        sys_sents: the system outputs.
        refs_sents: reference streams (``refs_sents[j][i]``).
        smooth_method: ``exp`` (default), ``floor``, ``add-k`` or ``none``.
        smooth_value: the value of ``floor`` / ``add-k`` smoothing (``None``: sacrebleu's default).
        force: accepted for EASSE's signature (simpeval does not warn about tokenized input here).
        lowercase: lowercase before tokenizing.
        tokenizer: ``13a`` (default), ``intl``, ``moses``, ``penn``, ``none`` or any registered one.
        effective_order: skip n-gram orders without any n-gram (for sentence BLEU).

    Raises:
        InputLengthMismatchError: a reference stream has not one sentence per output.

    Examples:
        >>> round(corpus_bleu(["The cat sat on a mat ."], [["The cat sat on the mat ."]]), 4)
        48.8923
    """
    bleu = BLEU(
        tokenize="none",
        force=True,
        smooth_method=smooth_method,
        smooth_value=smooth_value,
        effective_order=effective_order,
    )
    hypotheses = [normalize(sent, lowercase, tokenizer) for sent in sys_sents]
    references = [[normalize(sent, lowercase, tokenizer) for sent in stream] for stream in refs_sents]
    return float(bleu.corpus_score(hypotheses, stated_streams(references)).score)


def sentence_bleu(
    sys_sent: str,
    ref_sents: Sequence[str],
    smooth_method: str = "floor",
    smooth_value: float | None = None,
    lowercase: bool = False,
    tokenizer: str = "13a",
    effective_order: bool = True,
) -> float:
    """BLEU of one sentence against its references (EASSE's defaults: floor smoothing, effective order).

    Examples:
        >>> round(sentence_bleu("It rains .", ["It rains .", "It is raining ."]), 4)
        100.0
    """
    return corpus_bleu(
        [sys_sent],
        [[ref] for ref in ref_sents],
        smooth_method,
        smooth_value,
        True,
        lowercase,
        tokenizer,
        effective_order,
    )


def corpus_averaged_sentence_bleu(
    sys_sents: Sequence[str],
    refs_sents: Sequence[Sequence[str]],
    smooth_method: str = "floor",
    smooth_value: float | None = None,
    lowercase: bool = False,
    tokenizer: str = "13a",
    effective_order: bool = True,
) -> float:
    """The mean of the sentence BLEU of every output (EASSE's score for sentence splitting).

    As in EASSE, sentences are paired with ``zip``: the shortest of the outputs and the
    reference streams sets how many are scored.

    Examples:
        >>> round(corpus_averaged_sentence_bleu(["It rains .", "We stay home ."], [["It rains .", "We stay home ."]]), 6)
        100.0
    """
    scores = [
        sentence_bleu(sys_sent, ref_sents, smooth_method, smooth_value, lowercase, tokenizer, effective_order)
        for sys_sent, *ref_sents in zip(sys_sents, *refs_sents)
    ]
    return float(np.mean(scores))
