"""Sentence splitting as EASSE splits sentences: for FKGL and the sentence-splits feature.

EASSE splits a normalized (lowercased, tokenized) text with NLTK's ``PunktSentenceTokenizer``
and no trained parameters: no abbreviation list and no orthographic statistics (the figures
EASSE prints, such as FKGL 7.55 for ACCESS with ``-tok moses``, are those of that tokenizer,
not of NLTK's trained English model). This module implements the decisions it makes:

1. A possible break is a ``.``, ``?`` or ``!`` that whitespace and more text follow, or one
   of ``)";}]*:@'({[!?`` (or a curly quote or guillemet) directly. Marks with no whitespace
   between them (``acting!!!``) are one possible break, after the last.
2. The break is taken if a token of the word before it, the mark and the next token (split as
   Punkt splits words) ends a sentence: ``?``, ``!`` and a standalone ``.`` (what 13a leaves)
   do; so does a word ending in ``.`` (``city.``: Moses leaves a period attached before a
   lowercase word), except an initial (``j.``) or a number (``1990.``) before a lowercase word
   or one of ``;:,.!?``, and an initial before a capitalized word (``J. Smith``). An ellipsis
   (``...``) never does.
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
from collections.abc import Iterator

__all__ = ["split_sentences"]

# Characters that cannot be inside a word (curly quotes and guillemets since NLTK 3.10).
_NON_WORD = ")\";}]*:@'({[!?\u2018\u2019\u201c\u201d\xab\xbb"
_NW = re.escape(_NON_WORD)
# A possible sentence end: the mark, then a non-word character or whitespace and the next word.
_CANDIDATE = re.compile(rf"[.?!](?=(?:[{_NW}]|\s+(?P<next>\S+)))")
# Punkt's words: a dash or period run, else a word up to whitespace, a non-word character, a
# run or a word-final comma (a word cannot start with one of ( " ` { [ : ; & # * @ ) } ] - ,),
# else one character.
_RUN = r"(?:-{2,}|\.{2,}|(?:\.\s){2,}\.)"
_WORD = re.compile(rf"{_RUN}|(?=[^(\"`{{\[:;&#*@)}}\]\-,])\S+?(?=\s|$|[{_NW}]|{_RUN}|,(?=$|\s|[{_NW}]|{_RUN}))|\S")
_NUMBER = re.compile(r"^-?[.,]?\d[\d,.-]*\.?$")
_INITIAL = re.compile(r"[^\W\d]\.$")
_ELLIPSIS = re.compile(r"\.\.+$")
_NOT_STARTERS = frozenset(";:,.!?")  # tokens that never start a sentence
_CLOSERS = re.compile("[\"')\\]}\u2018\u2019\u201c\u201d\xab\xbb]+?(?:\\s+|(?=--)|$)")


def _ends_sentence(token: str, following: str) -> bool:
    """Punkt's decision, with no trained parameters, on ``token`` before the token ``following``."""
    if token in (".", "?", "!"):
        return True
    if not token.endswith(".") or token.endswith("..") or _ELLIPSIS.match(token):
        return False
    initial = bool(_INITIAL.match(token))
    if not (initial or _NUMBER.match(token.lower())):
        return True  # a word-final period (no abbreviation is known)
    # the orthographic heuristic, without statistics: a lowercase word or one of ;:,.!? does not
    # start a sentence; a capitalized word after an initial is taken for a name ("J. Smith")
    if following in _NOT_STARTERS or following[:1].islower():
        return False
    return not (initial and following[:1].isupper())


def _contains_break(context: str) -> bool:
    """Whether a token of ``context``, other than its last, ends a sentence."""
    tokens = _WORD.findall(context)
    return any(_ends_sentence(token, following) for token, following in zip(tokens, tokens[1:]))


def _contexts(text: str) -> Iterator[tuple[re.Match[str], str]]:
    """Each possible break with the text Punkt decides it on: the word before it, the mark, what follows.

    Marks with no whitespace between them (``acting!!!``) form one group, decided at its last mark.
    """
    previous: re.Match[str] | None = None
    word_start = word_end = 0
    for match in _CANDIDATE.finditer(text):
        before = text[word_end : match.start()]
        space = max(before.rfind(c) for c in " \t\n\r\x0b\x0c")
        start = word_end + space + 1 if space > 0 else word_start  # Punkt takes a space at 0 for none
        if previous is not None and word_end <= start:
            yield previous, text[word_start:word_end] + previous.group() + _after(text, previous)
        previous, word_start, word_end = match, start, match.start()
    if previous is not None:
        yield previous, text[word_start:word_end] + previous.group() + _after(text, previous)


def _after(text: str, match: re.Match[str]) -> str:
    return text[match.end() : match.end("next")] if match.group("next") is not None else text[match.end()]


def _breaks(text: str) -> Iterator[tuple[int, int]]:
    """``(end of a sentence, start of the next)`` for every sentence break of ``text``."""
    for match, context in _contexts(text):
        if _contains_break(context):
            yield match.end(), match.start("next") if match.group("next") is not None else match.end()


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
