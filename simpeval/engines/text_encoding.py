"""Texts to integer symbols as sacrebleu's BLEU and chrF see them, for the n-gram kernels.

* :class:`WordEncoder`: BLEU's tokens (lowercased on request, trailing whitespace stripped,
  tokenized, split on whitespace) as ids of one growing vocabulary, 13a straight from the
  UTF-8 bytes (:class:`~simpeval.engines.vocab.TokenVocabulary`);
* :func:`encode_chrf_texts`: chrF's characters (code points) and chrF++'s words.

Every encoded list is ``(symbols, offsets)``: text ``i`` is ``symbols[offsets[i]:offsets[i + 1]]``.
"""

from __future__ import annotations

import string
from collections.abc import Callable

import numpy as np

from .tokenize13a import SEPARATOR, join_lines, replacements_13a

__all__ = ["WordEncoder", "encode_chrf_texts", "split_punctuation"]

Encoded = tuple[np.ndarray, np.ndarray]


class WordEncoder:
    """Token ids of texts as sacrebleu's BLEU splits them; one vocabulary for all calls.

    Args:
        lowercase: lowercase the texts first.
        tokenizer: the tokenizer's name (``"13a"`` and ``"none"`` run on the bytes directly).
        tokenize: the tokenizer itself, used (once per distinct string) for the other names.
    """

    def __init__(self, lowercase: bool, tokenizer: str, tokenize: Callable[[str], str]) -> None:
        from .vocab import TokenVocabulary  # compiled: imported on first use

        self.vocab = TokenVocabulary()
        self.lowercase = lowercase
        self.tokenizer = tokenizer
        self.tokenize = tokenize

    def encode(self, texts: list[str]) -> Encoded | None:
        """The token ids of ``texts``; ``None`` when a text holds the engine's line separator."""
        if self.lowercase:
            texts = [text.lower() for text in texts]
        texts = [text.rstrip() for text in texts]
        if self.tokenizer not in ("13a", "none"):  # sacrebleu's tokenizer, once per distinct string
            cache: dict[str, str] = {}
            texts = [cache[t] if t in cache else cache.setdefault(t, self.tokenize(t)) for t in texts]
        data = join_lines(texts)
        if data.count(SEPARATOR.encode()) != len(texts) - 1:
            return None
        if self.tokenizer == "13a":
            ids, offsets, index = self.vocab.encode_unique(replacements_13a(data), len(texts), tok13a=True)
        else:
            ids, offsets, index = self.vocab.encode_unique(data, len(texts))
        # every text's tokens, in order (distinct texts were encoded once)
        lengths = np.diff(offsets)[index]
        str_off = np.zeros(len(texts) + 1, dtype=np.int64)
        np.cumsum(lengths, out=str_off[1:])
        positions = np.repeat(offsets[index] - str_off[:-1], lengths) + np.arange(int(str_off[-1]), dtype=np.int64)
        return ids[positions], str_off


def encode_chrf_texts(
    texts: list[str], words: dict[str, int], char_order: int, word_order: int, *, lowercase: bool, whitespace: bool
) -> list[Encoded]:
    """The characters (code points) and the words (ids in ``words``, which grows) of the texts,
    as sacrebleu's chrF sees them: the parts with a positive order, characters first."""
    if lowercase:
        texts = [text.lower() for text in texts]
    parts = []
    if char_order > 0:
        parts.append(_code_points(texts if whitespace else ["".join(text.split()) for text in texts]))
    if word_order > 0:
        ids = [[words.setdefault(w, len(words)) for w in split_punctuation(text)] for text in texts]
        offsets = np.zeros(len(ids) + 1, dtype=np.int64)
        np.cumsum([len(w) for w in ids], out=offsets[1:])
        parts.append((np.fromiter((i for w in ids for i in w), dtype=np.int64, count=int(offsets[-1])), offsets))
    return parts


def _code_points(texts: list[str]) -> Encoded:
    """The code points of all texts, flat, with offsets."""
    offsets = np.zeros(len(texts) + 1, dtype=np.int64)
    np.cumsum([len(text) for text in texts], out=offsets[1:])
    symbols = np.frombuffer("".join(texts).encode("utf-32-le"), dtype=np.uint32).astype(np.int64)
    return symbols, offsets


_PUNCTUATION = frozenset(string.punctuation)


def split_punctuation(text: str) -> list[str]:
    """chrF++'s words: whitespace tokens, with one punctuation character split off the end of a
    word or, failing that, off its start, as sacrebleu does.

    Examples:
        >>> split_punctuation("(hi) there.")
        ['(hi', ')', 'there', '.']
    """
    words: list[str] = []
    for word in text.split():
        if len(word) > 1 and word[-1] in _PUNCTUATION:
            words += (word[:-1], word[-1])
        elif len(word) > 1 and word[0] in _PUNCTUATION:
            words += (word[0], word[1:])
        else:
            words.append(word)
    return words
