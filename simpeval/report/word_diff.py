"""The report's word diff: an output's added words in ``<ins>``, the source words it left out in
``<del>`` (:func:`diff_markup`), by :class:`difflib.SequenceMatcher` within a bounded amount
of work (:data:`DIFF_BUDGET`); past it, a cheap diff that :func:`word_diff` reports, so that
one long line (up to the 1 MiB line limit) cannot stall a report.

Examples:
    >>> diff_markup("The big cat sat.", "The cat sat down.")
    'The <del>big</del> cat sat <ins>down</ins>.'
"""

from __future__ import annotations

import difflib
import re
from collections import Counter

from .svg import escape

__all__ = ["DIFF_BUDGET", "diff_markup", "word_diff"]

_TOKEN = re.compile(r"\w+(?:['’]\w+)*|[^\w\s]")


#: Work (steps of :class:`difflib.SequenceMatcher`'s inner loop, bounded before each of its
#: searches) one output's word diff may take. ``SequenceMatcher`` is cubic in the worst case (a
#: long line of two alternating words takes seconds); a sentence takes a few hundred steps, a long
#: paragraph tens of thousands, and this budget a fraction of a second (the times: the
#: documentation's "Speed and engines").
DIFF_BUDGET = 1_000_000


class _OverBudget(Exception):
    pass


class _BoundedMatcher(difflib.SequenceMatcher[str]):
    """``SequenceMatcher`` that counts an upper bound of its work and stops over ``budget``."""

    def __init__(self, a: list[str], b: list[str], budget: int) -> None:
        super().__init__(a=a, b=b, autojunk=False)
        self._words, self._places = a, Counter(b)  # no junk: b2j[word] lists all the places of word in b
        self.work = 0
        self.budget = budget

    def find_longest_match(
        self, alo: int = 0, ahi: int | None = None, blo: int = 0, bhi: int | None = None
    ) -> difflib.Match:
        ahi = len(self._words) if ahi is None else ahi
        # the search visits every position of a[alo:ahi] and, for each, the places of its word in b
        self.work += (ahi - alo) + sum(self._places[word] for word in self._words[alo:ahi])
        if self.work > self.budget:
            raise _OverBudget
        return super().find_longest_match(alo, ahi, blo, bhi)


Opcode = tuple[str, int, int, int, int]


def _opcodes(a: list[str], b: list[str], budget: int) -> tuple[list[Opcode], bool]:
    """``SequenceMatcher``'s opcodes and True; over the budget, the cheap diff and False: the
    common first and last words are equal, the words between them deleted and inserted."""
    try:
        opcodes: list[Opcode] = list(_BoundedMatcher(a, b, budget).get_opcodes())
        return opcodes, True
    except _OverBudget:
        pass
    head = 0
    while head < min(len(a), len(b)) and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < min(len(a), len(b)) - head and a[-1 - tail] == b[-1 - tail]:
        tail += 1
    middle = "replace" if head + tail < min(len(a), len(b)) else "delete" if len(a) > len(b) else "insert"
    spans: list[Opcode] = [
        ("equal", 0, head, 0, head),
        (middle, head, len(a) - tail, head, len(b) - tail),
        ("equal", len(a) - tail, len(a), len(b) - tail, len(b)),
    ]
    return [span for span in spans if span[1] < span[2] or span[3] < span[4]], False


def diff_markup(source: str, output: str) -> str:
    """``output`` as HTML, its own text kept, with the runs of words it added (not in ``source``)
    in ``<ins>`` and the runs of source words it left out in ``<del>``, where they were.

    Words are ``\\w+`` runs (with inner apostrophes) and single punctuation marks, compared with
    :class:`difflib.SequenceMatcher`; everything is escaped. A pair whose diff would take more
    than :data:`DIFF_BUDGET` steps gets a cheap diff instead (:func:`word_diff` says which).

    Examples:
        >>> diff_markup("the big cat", "the small cat sat")
        'the <del>big</del> <ins>small</ins> cat <ins>sat</ins>'
        >>> diff_markup("a", "b>")
        '<del>a</del> <ins>b&gt;</ins>'
    """
    return word_diff(source, output)[0]


def word_diff(source: str, output: str, budget: int = DIFF_BUDGET) -> tuple[str, bool]:
    """:func:`diff_markup`'s markup, and whether it is ``SequenceMatcher``'s diff (True) or,
    over ``budget`` steps, the cheap one (False): the common first and last words kept, the
    words between them marked deleted and inserted as two runs.

    Examples:
        >>> word_diff("a b c d", "a x y d", budget=1)
        ('a <del>b c</del> <ins>x y</ins> d', False)
    """
    src, out = list(_TOKEN.finditer(source)), list(_TOKEN.finditer(output))
    opcodes, exact = _opcodes([m.group() for m in src], [m.group() for m in out], budget)
    parts: list[str] = []
    position = 0  # in output: what is written so far
    for op, i1, i2, j1, j2 in opcodes:
        start = out[j1].start() if j1 < len(out) else len(output)
        if op in ("delete", "replace"):  # spaced as in the source, where the output has no space of its own
            gap = output[position:start]
            before = source[src[i1 - 1].end() : src[i1].start()] if i1 else ""
            after = source[src[i2 - 1].end() : src[i2].start()] if i2 < len(src) else ""
            lead = " " if not gap and output[:start].strip() and before else ""
            words = i2 == len(src) and j1 < len(out) and (source[src[i2 - 1].end() - 1] + output[start]).isalnum()
            trail = " " if j1 < len(out) and after or words else ""
            parts.append(f"{escape(gap)}{lead}<del>{escape(source[src[i1].start() : src[i2 - 1].end()])}</del>{trail}")
            position = start
        if op in ("insert", "replace", "equal"):
            end = out[j2 - 1].end()
            parts.append(escape(output[position:start]))
            text = escape(output[start:end])
            parts.append(text if op == "equal" else f"<ins>{text}</ins>")
            position = end
    parts.append(escape(output[position:]))
    return "".join(parts), exact
