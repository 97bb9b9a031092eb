"""Sentence splitting as EASSE splits sentences: for FKGL and the sentence-splits feature.

EASSE splits a normalized (lowercased, tokenized) text with NLTK's ``PunktSentenceTokenizer``
and no trained parameters: no abbreviation list and no orthographic statistics (the figures
EASSE prints, such as FKGL 7.55 for ACCESS with ``-tok moses``, are those of that tokenizer,
not of NLTK's trained English model). This module implements the decisions it makes:

1. A possible break is a ``.``, ``?`` or ``!`` that whitespace and more text follow, or one
   of ``)";}]*:@'({[!?`` (or a curly quote or guillemet) directly.
2. ``?``, ``!`` and a standalone ``.`` (what 13a leaves) end a sentence there. So does a word
   ending in ``.`` (``city.``: Moses leaves a period attached before a lowercase word), except
   an initial (``j.``) or a number (``1990.``) before a lowercase word or one of ``;:,.!?``,
   and an initial before a capitalized word (``J. Smith``). An ellipsis (``...``) never does.
3. Closing quotes and brackets (``"``, ``'``, ``)``, ``]``, ``}``, curly quotes, guillemets) that
   follow a break, up to whitespace, ``--`` or the end, belong to the sentence before:
   ``the hill . "`` and ``( it rains . )`` are one sentence each.

NLTK treats curly quotes and guillemets as closing punctuation since version 3.10; simpeval
does too, so with an older NLTK, EASSE can count one more sentence where a curly quote
closes one.

Examples:
    >>> split_sentences('the cat sat on the hill . "')
    ['the cat sat on the hill . "']
    >>> split_sentences("it rains in the city. they stay home.")
    ['it rains in the city.', 'they stay home.']
    >>> split_sentences("mr. smith was born in 1990. he left ( on foot . ) then")
    ['mr.', 'smith was born in 1990. he left ( on foot . )', 'then']
"""

from __future__ import annotations

import re
from typing import Iterator

__all__ = ["split_sentences"]

# Characters that cannot be inside a word (curly quotes and guillemets since NLTK 3.10).
_NON_WORD = ")\";}]*:@'({[!?\u2018\u2019\u201c\u201d\xab\xbb"
_NW = re.escape(_NON_WORD)
# A possible sentence end: the mark, then a non-word character or whitespace and the next word.
_CANDIDATE = re.compile(rf"[.?!](?=(?:[{_NW}]|\s+(?P<next>\S+)))")
# Where the word before a period starts: after whitespace or a dash run.
_CHUNK_START = re.compile(r"(?:^|\s|--+)(\S*)$")
_LEADING = "(\"`{[:;&#*@)}]-,"  # characters a word cannot start with (each is a token of its own)
_NUMBER = re.compile(r"^-?[.,]?\d[\d,.-]*\.?$")
_INITIAL = re.compile(r"[^\W\d]\.$")
_NOT_STARTERS = frozenset(";:,.!?")  # tokens that never start a sentence
_CLOSERS = re.compile("[\"')\\]}\u2018\u2019\u201c\u201d\xab\xbb]+?(?:\\s+|(?=--)|$)")


def _word_before(text: str, end: int) -> str:
    """The word that the period at ``text[end]`` ends, with the period (``"."`` alone if none).

    A word ends before a non-word character, which starts the next word unless a word cannot
    start with it (``(``, ``"``, ...: a token of its own), so ``'s.`` is one word.
    """
    match = _CHUNK_START.search(text, 0, end)
    chunk = match.group(1) if match else ""
    start = 0
    for i, char in enumerate(chunk):
        if char in _NON_WORD:
            start = i + 1 if char in _LEADING else i
    word = chunk[start:].lstrip(_LEADING)
    run = len(word) - len(word.rstrip("."))
    return word[-run:] + "." if run else word + "."  # "wait.." + "." is the ellipsis "..."


def _first_token(word: str) -> str:
    """The first token of the next word: the word up to a non-word character or a period run."""
    if word[0] in _NON_WORD or word[0] in _LEADING:
        return word[0]
    return re.split(rf"[{_NW}]|\.\.|,(?=$)", word)[0]


def _period_ends_sentence(word: str, following: str) -> bool:
    """Whether a word ending in ``.`` ends its sentence before the token ``following``."""
    if word == ".":
        return True
    if not word.strip("."):
        return False  # an ellipsis
    initial = bool(_INITIAL.match(word))
    if not (initial or _NUMBER.match(word.lower())):
        return True
    # Punkt's orthographic heuristic, without statistics: a lowercase word or one of ;:,.!?
    # does not start a sentence; a capitalized word after an initial is taken for a name.
    if following in _NOT_STARTERS or following[:1].islower():
        return False
    return not (initial and following[:1].isupper())


def _breaks(text: str) -> Iterator[tuple[int, int]]:
    """``(end of a sentence, start of the next)`` for every sentence break of ``text``."""
    for match in _CANDIDATE.finditer(text):
        following = match.group("next")
        if match.group() != "." or _period_ends_sentence(
            _word_before(text, match.start()), _first_token(following if following is not None else text[match.end()])
        ):
            yield match.end(), match.start("next") if following is not None else match.end()


def split_sentences(text: str) -> list[str]:
    """The sentences of a (normalized) text, as EASSE's Punkt splits them (none for a blank text).

    Examples:
        >>> split_sentences("it rains ! we stay home . ' ok")
        ['it rains !', "we stay home . '", 'ok']
        >>> split_sentences("   ")
        []
    """
    text = text.strip()
    spans: list[list[int]] = []
    start = 0
    for end, next_start in _breaks(text):
        spans.append([start, end])
        start = next_start
    spans.append([start, len(text)])
    for before, after in zip(spans, spans[1:]):
        closers = _CLOSERS.match(text, after[0], after[1])
        if closers:  # closing quotes and brackets go back to the sentence before
            before[1] = after[0] + len(closers.group().rstrip())
            after[0] = closers.end()
    return [text[a:b] for a, b in spans if a < b]
