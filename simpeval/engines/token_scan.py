"""Compiled tokenization in two flat passes: a kind for every byte, then tokens hashed as they are read.

The kernels of :class:`~simpeval.engines.vocab.TokenVocabulary`, which splits lines on
whitespace (``str.split()``), after 13a (:mod:`simpeval.engines.tokenize13a`) or not, or on
single spaces (``str.split(" ")``). Asking, for each byte of each token, several questions
(whitespace? the line separator? a 13a break? the first byte of a non-ASCII space?) and hashing
the token in a second loop cost twice as much as this: :func:`byte_kinds` answers the questions
once per byte, in one pass that also applies 13a's rules, and :func:`encode_kinds` reads the
kinds, hashing each token byte as it goes (FNV-1a, the hash of :mod:`simpeval.engines.hashing`,
which :meth:`~simpeval.engines.vocab.TokenVocabulary.lookup` uses too). :func:`encode_spaces`
splits on single spaces. ``tests/tokenizers/test_compiled.py`` compares the tokens with
sacrebleu's and ``str.split()``'s, ``tests/engines/test_token_scan.py`` with the NumPy path's.

Kinds: :data:`TOKEN` (a byte inside a token, or the first after whitespace), :data:`BREAK` (13a
starts a new token before this byte), :data:`SPACE` (every byte of a whitespace character that
``str.split()`` splits on), :data:`LINE_END` (the line separator ``\\x01``).
"""

from __future__ import annotations

import numpy as np

from .hashing import add_bytes, find_bytes, intern_bytes
from .jit import jit
from .tokenize13a import PUNCT_13A

__all__ = ["BREAK", "LINE_END", "SPACE", "TOKEN", "byte_kinds", "encode_kinds", "encode_spaces"]

TOKEN, BREAK, SPACE, LINE_END = 0, 1, 2, 3

# Byte classes, looked up in the scanning loops (far cheaper than comparisons in helpers).
_WS, _SEP, _LEAD, _PUNCT, _DIGIT, _DOT, _DASH = 1, 2, 4, 8, 16, 32, 64
_CLASSES = np.zeros(256, dtype=np.uint8)
_CLASSES[[9, 10, 11, 12, 13, 32, 0x1C, 0x1D, 0x1E, 0x1F]] = _WS  # ASCII whitespace of str.split()
_CLASSES[1] = _SEP  # the line separator
_CLASSES[[0xC2, 0xE1, 0xE2, 0xE3]] = _LEAD  # first bytes of the non-ASCII whitespace characters
_CLASSES[PUNCT_13A] = _PUNCT  # 13a's first rule
_CLASSES[48:58] = _DIGIT
_CLASSES[[44, 46]] = _DOT  # ',' and '.'
_CLASSES[45] = _DASH  # '-'

_FNV_OFFSET = np.uint64(14695981039346656037)
_FNV_PRIME = np.uint64(1099511628211)


@jit
def _unicode_space_length(a: np.ndarray, i: int, n: int) -> int:
    """Length in bytes of the non-ASCII whitespace character (``str.split()``) at ``a[i]``, or 0."""
    b = a[i]
    if b == 0xC2:  # U+0085, U+00A0
        return 2 if i + 1 < n and (a[i + 1] == 0x85 or a[i + 1] == 0xA0) else 0
    if i + 2 >= n:
        return 0
    b1 = a[i + 1]
    b2 = a[i + 2]
    if b == 0xE1:  # U+1680
        return 3 if b1 == 0x9A and b2 == 0x80 else 0
    if b == 0xE3:  # U+3000
        return 3 if b1 == 0x80 and b2 == 0x80 else 0
    if b == 0xE2 and b1 == 0x80:  # U+2000-U+200A, U+2028, U+2029, U+202F
        return 3 if (0x80 <= b2 <= 0x8A or b2 == 0xA8 or b2 == 0xA9 or b2 == 0xAF) else 0
    return 3 if b == 0xE2 and b1 == 0x81 and b2 == 0x9F else 0  # U+205F


#: The kind of each byte before 13a's rules and non-ASCII spaces: whitespace, line end or a token byte.
_KIND_OF_BYTE = np.zeros(256, dtype=np.uint8)
_KIND_OF_BYTE[(_CLASSES & _WS) != 0] = SPACE
_KIND_OF_BYTE[1] = LINE_END
#: The bytes the rules look at (2% of English text): 13a's (punctuation, '-', '.', ',') and the
#: first bytes of non-ASCII spaces; without 13a, those first bytes only.
_RULED_13A = ((_CLASSES & (_PUNCT | _DASH | _DOT | _LEAD)) != 0).astype(np.int64)
_RULED_SPLIT = ((_CLASSES & _LEAD) != 0).astype(np.int64)
_BLOCK = 4096  # bytes whose ruled positions are gathered at a time


@jit
def byte_kinds(a: np.ndarray, tok13a: bool) -> np.ndarray:
    """The kind of every byte of ``a``, with 13a's breaks (``tok13a``) or without: each byte's kind
    from a table, then the rules at the few bytes they concern (gathered without branches)."""
    n = a.size
    kinds = np.empty(n + 1, dtype=np.uint8)  # a break may be marked one past the end
    for i in range(n):
        kinds[i] = _KIND_OF_BYTE[a[i]]
    kinds[n] = TOKEN
    ruled = _RULED_13A if tok13a else _RULED_SPLIT
    positions = np.empty(_BLOCK, dtype=np.int64)
    done = 0  # bytes before this one were handled with an earlier position
    for start in range(0, n, _BLOCK):
        m = 0
        for i in range(start, min(start + _BLOCK, n)):
            positions[m] = i
            m += ruled[a[i]]
        done = _apply_rules(a, kinds, positions[:m], done, tok13a)
    return kinds


@jit
def _break_before(kinds: np.ndarray, i: int) -> None:
    """13a starts a token at byte ``i``, unless it is whitespace or a line end."""
    if kinds[i] == TOKEN:
        kinds[i] = BREAK


# A compiled kernel: its length is its speed (helpers would be separate Numba calls). The 13a
# rules are derived in simpeval.engines.tokenize13a's docstring: the line separator is a
# non-digit, like the padding space at a line end, so lines need no special case.
@jit
def _apply_rules(a: np.ndarray, kinds: np.ndarray, positions: np.ndarray, done: int, tok13a: bool) -> int:
    """Apply the rules at ``positions`` (increasing) from byte ``done`` on; the byte after the last
    one handled. Breaks are only ever marked after the current byte, on a character's first byte
    (after an ASCII one), so a non-ASCII space found later still overrides them."""
    classes = _CLASSES
    n = a.size
    for i in positions:
        if i < done:  # inside a run of dots or a space already handled
            continue
        c = classes[a[i]]
        done = i + 1
        if c & _LEAD:
            length = _unicode_space_length(a, i, n)
            if length > 0:
                kinds[i : i + length] = SPACE
                done = i + length
        elif not tok13a:
            continue
        elif c & _PUNCT:
            kinds[i] = BREAK
            _break_before(kinds, i + 1)
        elif c & _DASH:  # '-' after a digit
            if i > 0 and classes[a[i - 1]] & _DIGIT:
                kinds[i] = BREAK
                _break_before(kinds, i + 1)
        elif c & _DOT:  # a maximal run of '.' and ','
            run_end = i + 1
            while run_end < n and classes[a[run_end]] & _DOT:
                run_end += 1
            length = run_end - i
            left = i > 0 and classes[a[i - 1]] & _DIGIT != 0
            right = run_end < n and classes[a[run_end]] & _DIGIT != 0
            for j in range(i + 1, run_end):
                kinds[j] = BREAK
            if not (length == 1 and left and right):
                kinds[i] = BREAK
            odd = length % 2 == 1
            second_group = (not left and odd) or (left and not odd)
            if not (right and not second_group):
                _break_before(kinds, run_end)
            done = run_end
    return done


# A compiled kernel: its length is its speed (one pass over the bytes; helpers would be separate
# Numba calls).
@jit
def encode_kinds(
    a: np.ndarray,
    kinds: np.ndarray,
    empty_line_token: bool,
    ids: np.ndarray,
    offsets: np.ndarray,
    cursor: np.ndarray,
    table: np.ndarray,
    hashes: np.ndarray,
    tok_start: np.ndarray,
    tok_len: np.ndarray,
    pool: np.ndarray,
    sizes: np.ndarray,
) -> bool:
    """Ids of the tokens of the lines of ``a`` (by ``kinds``) from ``cursor`` (byte, line, token
    count) on, into ``ids`` and ``offsets``, new tokens added to the vocabulary's arrays (see
    :meth:`simpeval.engines.vocab.TokenVocabulary.encode`); ``empty_line_token``: a line without
    tokens gives one empty token (``"".split(" ")`` after 13a). ``False`` when the vocabulary is
    full: the caller grows it and calls again (``cursor`` is then at the pending token)."""
    n = a.size
    n_lines = offsets.size - 1
    i = cursor[0]
    line = cursor[1]
    count = cursor[2]
    t0 = -1  # start of the token being read, -1 between tokens
    h = _FNV_OFFSET
    while line < n_lines:
        kind = kinds[i] if i < n else LINE_END  # the end of the data ends the last line
        if kind == TOKEN and t0 >= 0:
            h = (h ^ np.uint64(a[i])) * _FNV_PRIME
            i += 1
            continue
        if t0 >= 0:  # the token ends here
            found, slot = find_bytes(a, t0, i, h, table, hashes, tok_start, tok_len, pool)
            if found < 0:  # a new token (rare): a call, outside the inlined lookup
                found = add_bytes(a, t0, i, h, slot, table, hashes, tok_start, tok_len, pool, sizes)
            if found < 0:
                cursor[0] = t0
                cursor[1] = line
                cursor[2] = count
                return False
            ids[count] = found
            count += 1
            t0 = -1
        if kind == TOKEN or kind == BREAK:
            t0 = i
            h = (_FNV_OFFSET ^ np.uint64(a[i])) * _FNV_PRIME
        elif kind == LINE_END:
            if empty_line_token and count == offsets[line]:
                found = intern_bytes(a, i, i, _FNV_OFFSET, table, hashes, tok_start, tok_len, pool, sizes)
                if found < 0:
                    cursor[0] = i
                    cursor[1] = line
                    cursor[2] = count
                    return False
                ids[count] = found
                count += 1
            line += 1
            offsets[line] = count
        i += 1
    cursor[0] = i
    cursor[1] = line
    cursor[2] = count
    return True


@jit
def encode_spaces(
    a: np.ndarray,
    ids: np.ndarray,
    offsets: np.ndarray,
    cursor: np.ndarray,
    table: np.ndarray,
    hashes: np.ndarray,
    tok_start: np.ndarray,
    tok_len: np.ndarray,
    pool: np.ndarray,
    sizes: np.ndarray,
) -> bool:
    """:func:`encode_kinds` for ``str.split(" ")``: every single space ends a token, which may be
    empty (the line separator ends the line's last one)."""
    n = a.size
    n_lines = offsets.size - 1
    t0 = cursor[0]
    line = cursor[1]
    count = cursor[2]
    h = _FNV_OFFSET
    i = t0
    while line < n_lines:
        if i < n and a[i] != 32 and a[i] != 1:
            h = (h ^ np.uint64(a[i])) * _FNV_PRIME
            i += 1
            continue
        found, slot = find_bytes(a, t0, i, h, table, hashes, tok_start, tok_len, pool)
        if found < 0:  # a new token (rare): a call, outside the inlined lookup
            found = add_bytes(a, t0, i, h, slot, table, hashes, tok_start, tok_len, pool, sizes)
        if found < 0:
            cursor[0] = t0
            cursor[1] = line
            cursor[2] = count
            return False
        ids[count] = found
        count += 1
        if i >= n or a[i] == 1:
            line += 1
            offsets[line] = count
        i += 1
        t0 = i
        h = _FNV_OFFSET
    cursor[0] = t0
    cursor[1] = line
    cursor[2] = count
    return True
