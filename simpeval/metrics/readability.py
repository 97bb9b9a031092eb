"""Readability counts as EASSE computes them for FKGL: sentences, words and syllables of a text.

* words: whitespace-separated tokens of the normalized (lowercased, tokenized) text;
* syllables: EASSE's counter (itself from DRESS and nltk_contrib's ``syllables_en``): a table
  of exceptions, else vowel groups after a final silent ``e`` is dropped, plus one for each
  pattern that adds a syllable and minus one for each that removes one;
* sentences: as EASSE's Punkt model splits them (:mod:`.sentences`: a break after ``?``, ``!``,
  a standalone ``.`` or a word-final period that is no abbreviation, closing quotes and brackets
  kept with the sentence they close). FKGL and the sentence-splits feature share this splitter.

Examples:
    >>> count_syllables("simplification"), count_syllables("the"), count_syllables("table")
    (5, 1, 2)
    >>> split_sentences("it rains . we stay home .")
    ['it rains .', 'we stay home .']
"""

from __future__ import annotations

import re
from functools import lru_cache

from .sentences import split_sentences

__all__ = ["count_syllables", "split_sentences"]

# Words whose syllables the rules miscount (EASSE's exceptions).
_EXCEPTIONS = {
    "the": 1,
    "tottered": 2,
    "chummed": 1,
    "peeped": 1,
    "moustaches": 2,
    "shamefully": 3,
    "messieurs": 2,
    "satiated": 4,
    "sailmaker": 4,
    "sheered": 1,
    "disinterred": 3,
    "propitiatory": 6,
    "bepatched": 2,
    "particularized": 5,
    "caressed": 2,
    "trespassed": 2,
    "sepulchre": 3,
    "flapped": 1,
    "hemispheres": 3,
    "pencilled": 2,
    "motioned": 2,
    "poleman": 2,
    "slandered": 2,
    "sombre": 2,
    "etc": 4,
    "sidespring": 2,
    "mimes": 1,
    "effaces": 2,
    "mr": 2,
    "mrs": 2,
    "ms": 1,
    "dr": 2,
    "st": 1,
    "sr": 2,
    "jr": 2,
    "truckle": 2,
    "foamed": 1,
    "fringed": 2,
    "clattered": 2,
    "capered": 2,
    "mangroves": 2,
    "suavely": 2,
    "reclined": 2,
    "brutes": 1,
    "effaced": 2,
    "quivered": 2,
    "h'm": 1,
    "veriest": 3,
    "sententiously": 4,
    "deafened": 2,
    "manoeuvred": 3,
    "unstained": 2,
    "gaped": 1,
    "stammered": 2,
    "shivered": 2,
    "discoloured": 3,
    "gravesend": 2,
    "60": 2,
    "lb": 1,
    "unexpressed": 3,
    "greyish": 2,
    "unostentatious": 5,
}
# Patterns that remove a syllable from the vowel-group count, and patterns that add one.
_FEWER = [re.compile(p) for p in ("cial", "tia", "cius", "cious", "gui", "ion", "iou", "sia$", ".ely$")]
_MORE = [
    re.compile(p)
    for p in (
        "ia",
        "riet",
        "dien",
        "iu",
        "io",
        "ii",
        "[aeiouy]bl$",
        "mbl$",
        "[aeiou]{3}",
        "^mc",
        "ism$",
        r"(.)(?!\1)([aeiouy])\2l$",
        "[^l]llien",
        "^coad.",
        "^coag.",
        "^coal.",
        "^coax.",
        r"(.)(?!\1)[gq]ua(.)(?!\2)[aeiou]",
        "dnt$",
    )
]
_VOWELS = frozenset("aeiouy")


@lru_cache(maxsize=100_000)
def count_syllables(word: str) -> int:
    """EASSE's syllable count of one word (lowercased and stripped first; may be 0 or negative
    for tokens without vowels, as in EASSE)."""
    word = word.lower().strip()
    if word in _EXCEPTIONS:
        return _EXCEPTIONS[word]
    word = word.rstrip("e")
    count, previous = 0, False
    for char in word:
        vowel = char in _VOWELS
        if vowel and not previous:
            count += 1
        previous = vowel
    count += sum(1 for pattern in _MORE if pattern.search(word))
    count -= sum(1 for pattern in _FEWER if pattern.search(word))
    return count
