"""``nltk-word``: exactly what ``nltk.word_tokenize(text, preserve_line=True)`` gives.

``word_tokenize`` first splits the text into sentences with the Punkt model (a download, not
available offline) and then runs :class:`nltk.tokenize.NLTKWordTokenizer` on each sentence.
With ``preserve_line=True`` it skips the sentence splitting, which needs no data. This is
*not* the registry's ``treebank`` tokenizer (``TreebankWordTokenizer``): NLTK's
``NLTKWordTokenizer`` is its improved successor and differs on Unicode quotes, dashes and
ellipses, for example ``“Smart quotes”`` gives ``“ Smart quotes ”`` here and
``“Smart quotes”`` with ``treebank``.

Where ``nltk-word`` differs from plain ``word_tokenize(text)`` (with Punkt): a period that ends
a sentence *inside* the line stays attached to its word (``"world. Bye."`` gives ``world.``,
``Bye``, ``.``), because only the line's last period is split off without sentence splitting.
"""

from __future__ import annotations

from typing import Any

__all__ = ["NLTK_WORD", "NLTKWordTokenizer"]

#: Registry name of the tokenizer.
NLTK_WORD = "nltk-word"


class NLTKWordTokenizer:
    """``nltk.word_tokenize(line, preserve_line=True)``, tokens joined with single spaces.

    Examples:
        >>> NLTKWordTokenizer()("“Smart quotes” aren't hard... Are they?")
        "“ Smart quotes ” are n't hard ... Are they ?"
    """

    name = NLTK_WORD

    def __init__(self) -> None:
        from nltk.tokenize import NLTKWordTokenizer as _Impl

        self._impl: Any = _Impl()

    def __call__(self, line: str) -> str:
        return " ".join(self._impl.tokenize(line))

    def __repr__(self) -> str:
        return "NLTKWordTokenizer()"
