"""BLEU's tokens as integer ids without compiled code, for :mod:`.ngram_numpy`.

A text is tokenized as sacrebleu's ``BLEU._preprocess_segment`` does it: lowercased on request
(``str.lower()``), trailing whitespace stripped, then tokenized and split on whitespace. 13a, when
it is sacrebleu's own, runs on the whole corpus at once (:func:`~.tokenize13a.tokenize_13a_bytes`,
whose property tests hold it to sacrebleu's); every other tokenizer is called once per distinct
text. Tokens become ids through a dictionary: a reference set fills it, and a hypothesis token
it does not hold gets ``-1`` (it can match nothing).
"""

from __future__ import annotations

from itertools import chain
from typing import Callable

import numpy as np

from .tokenize13a import SEPARATOR, tokenize_13a_bytes

__all__ = ["token_ids"]

Encoded = tuple[np.ndarray, np.ndarray]


def token_ids(
    texts: list[str],
    vocabulary: dict[str, int],
    *,
    grow: bool,
    lowercase: bool,
    native: str,
    tokenize: Callable[[str], str],
) -> Encoded:
    """The token ids of ``texts`` as ``(ids, offsets)`` (text ``i`` is ``ids[offsets[i]:offsets[i + 1]]``).

    Args:
        texts: the texts.
        vocabulary: token -> id.
        grow: give new tokens new ids (references); otherwise they get ``-1`` (hypotheses).
        lowercase: lowercase first, as sacrebleu's ``BLEU(lowercase=True)``.
        native: ``"13a"`` or ``"none"`` when sacrebleu's own tokenizer of that name runs (its
            corpus-at-once equivalent is used), else ``""``.
        tokenize: the tokenizer.

    Examples:
        >>> vocabulary: dict[str, int] = {}
        >>> ids, offsets = token_ids(["a, b", "b"], vocabulary, grow=True, lowercase=False, native="13a", tokenize=str)
        >>> ids.tolist(), offsets.tolist(), vocabulary
        ([0, 1, 2, 2], [0, 3, 4], {'a': 0, ',': 1, 'b': 2})
    """
    if lowercase:
        texts = [text.lower() for text in texts]
    texts = [text.rstrip() for text in texts]
    if native == "13a" and texts and not any(SEPARATOR in text for text in texts):
        joined = tokenize_13a_bytes(SEPARATOR.join(texts).encode("utf-8")).decode("utf-8")
        lines = [line.split() for line in joined.split(SEPARATOR)]
    elif native == "none":
        lines = [text.split() for text in texts]
    else:
        cache: dict[str, list[str]] = {}
        lines = [cache[t] if t in cache else cache.setdefault(t, tokenize(t).split()) for t in texts]
    lengths = np.fromiter(map(len, lines), dtype=np.int64, count=len(lines))
    offsets = np.zeros(len(lines) + 1, dtype=np.int64)
    np.cumsum(lengths, out=offsets[1:])
    tokens = chain.from_iterable(lines)
    if grow:
        for token in tokens:
            vocabulary.setdefault(token, len(vocabulary))
        tokens = chain.from_iterable(lines)
        ids = np.fromiter(map(vocabulary.__getitem__, tokens), dtype=np.int64, count=int(offsets[-1]))
    else:
        get = vocabulary.get
        ids = np.fromiter((get(token, -1) for token in tokens), dtype=np.int64, count=int(offsets[-1]))
    return ids, offsets
