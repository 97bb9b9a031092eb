"""Tokenize many lines at once, with output identical to the per-line tokenizers.

sacrebleu's 13a tokenizer runs four regular expressions over every line, which dominates SARI
on large corpora (the time a line: the documentation's "Speed and engines"). :func:`tokenize_13a_joined` computes the same result for a whole corpus with a
handful of NumPy passes over the code points of the joined text.

How 13a works, and why the vectorized rules are exact. After its string replacements
(``<skipped>``, ``-\\n``, ``\\n``, four HTML entities) 13a pads the line with spaces and runs
four regular expressions, each inserting spaces, then collapses whitespace:

* rule 1, ``([{-~[-` -&(-+:-@/])`` -> ``" \\1 "``: every character of that ASCII class is split off;
* rules 2, ``([^0-9])([.,])`` -> ``"\\1 \\2 "``, and 3, ``([.,])([^0-9])`` -> ``" \\1 \\2"`` (left to right,
  non-overlapping): for a maximal run ``d1..dm`` of ``.``/``,`` with neighbours ``L`` and
  ``R`` (a space at the line ends), every pair inside the run is split; ``L|d1`` is split
  unless ``m == 1`` and both ``L`` and ``R`` are digits; ``dm|R`` is split unless ``R`` is a
  digit and ``dm`` was not the second group of a rule-2 match, which happens exactly when
  ``L`` is not a digit and ``m`` is odd, or ``L`` is a digit and ``m`` is even;
* rule 4, ``([0-9])(-)`` -> ``"\\1 \\2 "``: a ``-`` right after a digit is split off on both sides.

Only insertions of spaces happen, so the output is fully described by a "break before
character i" mask. The joined text separates lines with ``\\x01``, which behaves like the
padding space at a line end in every rule; a line that itself contains ``\\x01`` is
tokenized on its own. Property tests check the result against sacrebleu on random text.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

import numpy as np

__all__ = [
    "PUNCT_13A",
    "SEPARATOR",
    "concat_encoded",
    "join_lines",
    "normalize_spaces",
    "replacements_13a",
    "tokenize_13a_bytes",
    "tokenize_13a_joined",
    "tokenize_batch",
]

#: Line separator of joined texts: not whitespace, not a digit, not punctuation 13a touches.
SEPARATOR = "\x01"

#: The one 13a byte table: 13a's first rule, ``([{-~[-` -&(-+:-@/])``, splits off every byte of
#: this ASCII class (the space of the range excepted: a space padded with spaces is whitespace).
PUNCT_13A = np.zeros(256, dtype=bool)
for _lo, _hi in ((0x7B, 0x7E), (0x5B, 0x60), (0x21, 0x26), (0x28, 0x2B), (0x3A, 0x40), (0x2F, 0x2F)):
    PUNCT_13A[_lo : _hi + 1] = True

_CLASS_1 = PUNCT_13A[:128].copy()
_CLASS_1[ord(SEPARATOR)] = True  # isolate the separator as a token of its own
_CLASS_1_BYTES = np.zeros(256, dtype=bool)
_CLASS_1_BYTES[:128] = _CLASS_1


#: Characters ``str.split()`` treats as whitespace but ``bytes.split()`` does not, as UTF-8.
_UNICODE_SPACES = tuple(
    c.encode("utf-8")
    for c in "\x1c\x1d\x1e\x1f\x85\xa0\u1680\u2000\u2001\u2002\u2003\u2004\u2005\u2006"
    "\u2007\u2008\u2009\u200a\u2028\u2029\u202f\u205f\u3000"
)
_UNICODE_SPACE_RE = re.compile(b"|".join(re.escape(c) for c in _UNICODE_SPACES))


def normalize_spaces(data: bytes) -> bytes:
    """Turn every whitespace character that ``str.split()`` knows into an ASCII space.

    After this, ``data.split()`` (bytes) splits exactly where ``data.decode().split()`` would.
    """
    if not _has_unicode_space(np.frombuffer(data, dtype=np.uint8)):
        return data
    return _UNICODE_SPACE_RE.sub(b" ", data)


def _has_unicode_space(a: np.ndarray) -> bool:
    """Whether UTF-8 bytes hold one of :data:`_UNICODE_SPACES` (vectorized: lead bytes, then the rest)."""
    if ((a >= 0x1C) & (a <= 0x1F)).any():
        return True
    lead = np.flatnonzero((a == 0xC2) | ((a >= 0xE1) & (a <= 0xE3)))
    if lead.size == 0:
        return False
    padded = np.concatenate((a, np.zeros(2, dtype=np.uint8)))
    b0, b1, b2 = padded[lead], padded[lead + 1], padded[lead + 2]
    found = (b0 == 0xC2) & ((b1 == 0x85) | (b1 == 0xA0))
    found |= (b0 == 0xE1) & (b1 == 0x9A) & (b2 == 0x80)
    found |= (b0 == 0xE2) & (b1 == 0x80) & (((b2 >= 0x80) & (b2 <= 0x8A)) | (b2 == 0xA8) | (b2 == 0xA9) | (b2 == 0xAF))
    found |= (b0 == 0xE2) & (b1 == 0x81) & (b2 == 0x9F)
    found |= (b0 == 0xE3) & (b1 == 0x80) & (b2 == 0x80)
    return bool(found.any())


def concat_encoded(
    first: tuple[np.ndarray, np.ndarray], second: tuple[np.ndarray, np.ndarray]
) -> tuple[np.ndarray, np.ndarray]:
    """Two encoded line lists ``(ids, offsets)`` (line ``i`` is ``ids[offsets[i]:offsets[i + 1]]``)
    as one: the lines of ``first``, then those of ``second``.

    Examples:
        >>> ids, offsets = concat_encoded((np.array([7, 8]), np.array([0, 2])), (np.array([9]), np.array([0, 0, 1])))
        >>> ids.tolist(), offsets.tolist()
        ([7, 8, 9], [0, 2, 2, 3])
    """
    (ids_a, offsets_a), (ids_b, offsets_b) = first, second
    return np.concatenate((ids_a, ids_b)), np.concatenate((offsets_a[:-1], offsets_b + offsets_a[-1]))


def join_lines(lines: Sequence[str], lowercase: bool = False) -> bytes:
    """UTF-8 bytes of the lines joined with :data:`SEPARATOR`, lowercased like ``str.lower()``.

    Only non-ASCII lines go through ``str.lower()``; ASCII is lowercased on the bytes.
    """
    if lowercase:
        ascii_flags = np.fromiter(map(str.isascii, lines), dtype=bool, count=len(lines))
        if not ascii_flags.all():
            lines = list(lines)
            for i in np.flatnonzero(~ascii_flags).tolist():
                lines[i] = lines[i].lower()
    data = SEPARATOR.join(lines).encode("utf-8")
    return data.lower() if lowercase else data  # bytes.lower() changes ASCII letters only


_ENTITIES = (b"&quot;", b"&amp;", b"&lt;", b"&gt;")


def replacements_13a(data: bytes) -> bytes:
    """13a's string replacements, in its order.

    After them 13a only inserts spaces (see the module docstring), so its tokens are
    substrings of the result. Each pattern is searched only if its first byte occurs (a
    ``memchr``), which on clean text skips every full search.
    """
    if b"<" in data:
        data = data.replace(b"<skipped>", b"")
    if b"\n" in data:
        data = data.replace(b"-\n", b"").replace(b"\n", b" ")
    if _has_entity(data):
        data = data.replace(b"&quot;", b'"').replace(b"&amp;", b"&").replace(b"&lt;", b"<").replace(b"&gt;", b">")
    return data


def _has_entity(data: bytes, max_checks: int = 1000) -> bool:
    """Whether one of 13a's four HTML entities occurs (``True`` also after ``max_checks`` '&'s)."""
    pos = data.find(b"&")
    for _ in range(max_checks):
        if pos < 0:
            return False
        if data.startswith(_ENTITIES, pos):
            return True
        pos = data.find(b"&", pos + 1)
    return pos >= 0


def tokenize_13a_bytes(data: bytes) -> bytes:
    """13a on UTF-8 bytes of lines joined with :data:`SEPARATOR`; tokens separated by spaces.

    The separator comes out as a token of its own and every whitespace character is an
    ASCII space, so ``result.split()`` yields all tokens with a separator token between lines.
    """
    data = normalize_spaces(replacements_13a(data))
    if not data:
        return data
    # Every rule concerns ASCII characters, which are single bytes in UTF-8, and the bytes of
    # a multi-byte character (all >= 0x80) are neither digits nor punctuation, exactly like
    # the character itself; spaces are only inserted next to ASCII bytes.
    a = np.frombuffer(data, dtype=np.uint8)
    n = a.size
    digit = (a >= 48) & (a <= 57)
    marks = [np.flatnonzero(_CLASS_1_BYTES[a])]  # break before and after these bytes
    after = [marks[0] + 1]

    dash = np.flatnonzero(a == 45)
    dash = dash[dash > 0]
    dash = dash[digit[dash - 1]]
    marks.append(dash)
    after.append(dash + 1)

    dc = np.flatnonzero((a == 46) | (a == 44))
    if dc.size:
        new_run = np.ones(dc.size, dtype=bool)
        new_run[1:] = dc[1:] != dc[:-1] + 1
        marks.append(dc[~new_run])  # inside a run
        starts = dc[new_run]
        last = np.flatnonzero(np.append(new_run[1:], True))
        ends = dc[last] + 1  # one past the run
        length = ends - starts
        left_digit = np.zeros(starts.size, dtype=bool)
        has_left = starts > 0
        left_digit[has_left] = digit[starts[has_left] - 1]
        right_digit = np.zeros(starts.size, dtype=bool)
        inside = ends < n
        right_digit[inside] = digit[ends[inside]]
        marks.append(starts[~((length == 1) & left_digit & right_digit)])
        odd = (length % 2) == 1
        last_is_second_group = (~left_digit & odd) | (left_digit & ~odd)
        after.append(ends[~(right_digit & ~last_is_second_group)])

    brk = np.zeros(n + 1, dtype=bool)  # brk[i]: a space goes before byte i
    for positions in marks + after:
        brk[positions] = True
    positions = np.flatnonzero(brk[:n])
    return np.insert(a, positions, 32).tobytes()


def tokenize_13a_joined(text: str) -> str:
    """13a-tokenize a text whose lines are joined with :data:`SEPARATOR` (see :func:`tokenize_13a_bytes`).

    Examples:
        >>> tokens = tokenize_13a_joined(SEPARATOR.join(["Hello, world!", "It costs 3.50$."])).split()
        >>> [t if t != SEPARATOR else "<line>" for t in tokens]
        ['Hello', ',', 'world', '!', '<line>', 'It', 'costs', '3.50', '$', '.']
    """
    return tokenize_13a_bytes(text.encode("utf-8")).decode("utf-8")


def tokenize_batch(lines: Sequence[str], name: str, lowercase: bool = False) -> list[str]:
    """Tokenize every line; identical to ``[get_tokenizer(name)(l.lower() if lowercase else l) ...]``.

    ``13a`` (and ``none``) take the vectorized path; other tokenizers are called once per
    distinct line.

    Examples:
        >>> tokenize_batch(["Hello, World!", "3.5-4"], "13a", lowercase=True)
        ['hello , world !', '3.5 - 4']
    """
    from ..tokenizers import get_tokenizer, is_builtin

    lines = list(lines)
    if lowercase:
        lines = _lower_all(lines)
    native = is_builtin(name)  # a tokenizer registered over a built-in name runs as registered
    if name == "none" and native:
        return lines
    if name == "13a" and native and not any(SEPARATOR in line for line in lines):
        if not lines:
            return []
        joined = tokenize_13a_bytes(SEPARATOR.join(lines).encode("utf-8")).decode("utf-8")
        return [" ".join(part.split()) for part in joined.split(SEPARATOR)]
    tokenizer = get_tokenizer(name)
    cache: dict[str, str] = {}
    out = []
    for line in lines:
        tokens = cache.get(line)
        if tokens is None:
            tokens = cache[line] = tokenizer(line)
        out.append(tokens)
    return out


def _lower_all(lines: list[str]) -> list[str]:
    """``[l.lower() for l in lines]`` in one call (the separator does not change casing context)."""
    if not lines or any(SEPARATOR in line for line in lines):
        return [line.lower() for line in lines]
    return SEPARATOR.join(lines).lower().split(SEPARATOR)
