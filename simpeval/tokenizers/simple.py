"""Tokenizers with no third-party dependency beyond NLTK: ``whitespace`` and ``treebank``."""

from __future__ import annotations


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
