"""Tokenizers with no third-party dependency beyond NLTK: ``whitespace``, ``treebank``, ``nltk-word``.

``nltk-word`` is exactly what ``nltk.word_tokenize(text, preserve_line=True)`` gives.
``word_tokenize`` first splits the text into sentences with the Punkt model (a download, not
available offline) and then runs :class:`nltk.tokenize.NLTKWordTokenizer` on each sentence;
with ``preserve_line=True`` it skips the sentence splitting, which needs no data. This is not
``treebank`` (``TreebankWordTokenizer``, its predecessor), which differs on Unicode quotes,
dashes and ellipses: ``“Smart quotes”`` gives ``“ Smart quotes ”`` with ``nltk-word`` and
``“Smart quotes”`` with ``treebank``. Where ``nltk-word`` differs from plain
``word_tokenize(text)`` (with Punkt): a period that ends a sentence *inside* the line stays
attached to its word (``"world. Bye."`` gives ``world.``, ``Bye``, ``.``).
"""

from __future__ import annotations

from typing import Any


class WhitespaceTokenizer:
    """Split on any run of whitespace (``str.split()``) and re-join with single spaces."""

    name = "whitespace"

    def __call__(self, line: str) -> str:
        return " ".join(line.split())


class TreebankTokenizer:
    """NLTK's ``TreebankWordTokenizer`` (regular expressions only, no data download)."""

    name = "treebank"

    def __init__(self) -> None:
        from nltk.tokenize import TreebankWordTokenizer

        self._impl = TreebankWordTokenizer()

    def __call__(self, line: str) -> str:
        return " ".join(self._impl.tokenize(line))


class NLTKWordTokenizer:
    """``nltk.word_tokenize(line, preserve_line=True)``, tokens joined with single spaces.

    Examples:
        >>> NLTKWordTokenizer()("“Smart quotes” aren't hard... Are they?")
        "“ Smart quotes ” are n't hard ... Are they ?"
    """

    name = "nltk-word"

    def __init__(self) -> None:
        from nltk.tokenize import NLTKWordTokenizer as _Impl

        self._impl: Any = _Impl()

    def __call__(self, line: str) -> str:
        return " ".join(self._impl.tokenize(line))

    def __repr__(self) -> str:
        return "NLTKWordTokenizer()"
