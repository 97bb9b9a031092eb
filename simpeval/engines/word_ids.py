"""BLEU's tokens as integer ids without compiled code, for :mod:`.ngram_numpy`.

A text is tokenized as sacrebleu's ``BLEU._preprocess_segment`` does it: lowercased on request
(``str.lower()``), trailing whitespace stripped, then tokenized and split on whitespace. 13a, when
it is sacrebleu's own, runs on the whole corpus at once (:func:`~.tokenize13a.tokenize_13a_bytes`,
whose property tests hold it to sacrebleu's); every other tokenizer is called once per distinct
text. Tokens become ids through a dictionary: a reference set fills it, and a hypothesis token
it does not hold gets ``-1`` (it can match nothing).
"""

from __future__ import annotations

from collections.abc import Callable
from itertools import chain, repeat

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
        >>> ids.tolist(), offsets.tolist(), vocabulary["b"]
        ([1, 2, 3, 3], [0, 3, 4], 3)
    """
    if lowercase:
        texts = [text.lower() for text in texts]
    texts = [text.rstrip() for text in texts]
    clean = bool(texts) and not any(SEPARATOR in text for text in texts)
    if native == "13a" and clean:  # 13a keeps the separator as a token of its own
        tokens = tokenize_13a_bytes(SEPARATOR.join(texts).encode("utf-8")).decode("utf-8").split()
    else:
        if native != "none":  # the tokenizer, once per distinct text
            cache: dict[str, str] = {}
            texts = [cache[t] if t in cache else cache.setdefault(t, tokenize(t)) for t in texts]
        clean = clean and not any(SEPARATOR in text for text in texts)
        tokens = f" {SEPARATOR} ".join(texts).split() if clean else []
    if not clean:  # a text holds the separator: line by line
        lines = [text.split() for text in texts]
        tokens = list(chain.from_iterable(lines))
        offsets = np.zeros(len(lines) + 1, dtype=np.int64)
        np.cumsum(np.fromiter(map(len, lines), dtype=np.int64, count=len(lines)), out=offsets[1:])
    vocabulary.setdefault(SEPARATOR, len(vocabulary))  # the separator tokens of clean texts have an id
    ids = _ids(tokens, vocabulary, grow)
    if clean:  # the separator tokens mark where each text ends
        ends = np.flatnonzero(ids == vocabulary[SEPARATOR])
        offsets = np.concatenate(([0], ends - np.arange(ends.size), [len(tokens) - ends.size]))
        ids = np.delete(ids, ends)
    return ids, offsets.astype(np.int64)


def _ids(tokens: list[str], vocabulary: dict[str, int], grow: bool) -> np.ndarray:
    """The id of every token; a new one gets the next id (``grow``) or ``-1``."""
    if grow:
        for token in dict.fromkeys(tokens):  # the distinct tokens, in order
            vocabulary.setdefault(token, len(vocabulary))
        return np.fromiter(map(vocabulary.__getitem__, tokens), dtype=np.int64, count=len(tokens))
    return np.fromiter(map(vocabulary.get, tokens, repeat(-1)), dtype=np.int64, count=len(tokens))
