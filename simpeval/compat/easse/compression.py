"""EASSE's ``easse.compression``: token F1 for sentence compression.

Examples:
    >>> round(corpus_f1_token(["A mother and her son are accused"], [["A mother is accused"]]), 4)
    54.5455
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence

import numpy as np

from .utils.preprocessing import normalize

__all__ = ["corpus_f1_token"]


def _f1(sys_tokens: list[str], ref_tokens: list[str]) -> float:
    correct = sum((Counter(sys_tokens) & Counter(ref_tokens)).values())
    if not correct:
        return 0.0
    precision, recall = correct / len(sys_tokens), correct / len(ref_tokens)
    return 2 * precision * recall / (precision + recall)


def corpus_f1_token(
    sys_sents: Sequence[str], refs_sents: Sequence[Sequence[str]], lowercase: bool = True, tokenizer: str = "13a"
) -> float:
    """100 x the mean over outputs of the best token F1 against any of its references.

    Tokens are the whitespace tokens of the normalized text; correct tokens are the multiset
    intersection of output and reference. ``refs_sents`` are streams (``refs_sents[j][i]``);
    as in EASSE, sentences are paired with ``zip``, so the shortest sequence sets how many are
    scored. An output or reference without tokens scores 0 (EASSE divides by zero).

    Examples:
        >>> corpus_f1_token(["a mother is accused", ""], [["a mother is accused", "a b"]])
        50.0
    """
    outputs = [normalize(sent, lowercase, tokenizer).split() for sent in sys_sents]
    streams = [[normalize(sent, lowercase, tokenizer).split() for sent in stream] for stream in refs_sents]
    scores = [max((_f1(out, ref) for ref in refs), default=0.0) for out, *refs in zip(outputs, *streams)]
    return float(100.0 * np.mean(scores))
