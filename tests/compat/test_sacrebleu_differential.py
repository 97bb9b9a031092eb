"""The seeded differential test against sacrebleu, kept in the suite.

2,000 random corpora (``numpy.random.default_rng``, fixed seed) of BLEU, chrF, chrF++ and TER,
every option of each drawn at random, compared with sacrebleu 2.x live. A sentence is of one of
two families:

* words of an English-like vocabulary (with a number, an abbreviation, a contraction, an umlaut
  and a CJK character) joined by spaces;
* that vocabulary mixed with CJK, Arabic, Devanagari, emoji sequences, combining accents,
  bidirectional controls, control characters, Unicode spaces and line separators, entities and
  punctuation, glued with or without spaces.

References are missing (``None``) here and there. Compared:

* the metric classes (simpeval's default engines), corpus level and every segment at sentence
  level;
* sacrebleu's function interface (``corpus_bleu`` ... ``sentence_ter``) against sacrebleu's own.

simpeval claims equality, not closeness, for these metrics, so every comparison is ``==``
(which implies the required ``|ours - theirs| <= 1e-9``). EASSE and Hugging Face ``evaluate``
cannot be installed offline here; their SARI figures are pinned by
``tests/metrics/test_sari_golden.py`` (the published corpora and edge cases, every preset).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
import sacrebleu

import simpeval
from simpeval import BLEU, CHRF, TER

SEED = 20261123
WORDS = "the a cat dog sat ran on in mat park , . ! ? it is was big small 3.5 U.S. don't e-mail 猫 Über".split()
PIECES = [
    "猫",
    "が",
    "座",
    "った",
    "。",
    "、",
    "القط",
    "جلس",
    "ال",
    "बिल्ली",
    "बैठी",
    "।",
    "🐱",
    "👍🏽",
    "👩‍👩‍👧",
    "e\u0301",
    "ß",
    "İ",
    "Σ",
    "ς",
    "ﬁ",
    "Ⅻ",
    "①",
    "\u202e",
    "\u200f",
    "\u061c",
    "\x0b",
    "\x0c",
    "\x1c",
    "\x85",
    "\u2028",
    "\u00a0",
    "\u3000",
    "\t",
    "&amp;",
    "&quot;",
    "<skipped>",
    "-",
    "'",
    '"',
    "(",
    ")",
    "$",
    "%",
    "/",
    "\\",
]
Streams = list[list[str | None]]


def _sentence(rng: np.random.Generator) -> str:
    if rng.integers(2) == 0:  # words only
        return " ".join(rng.choice(WORDS, size=int(rng.integers(0, 12))))
    parts = rng.choice(WORDS + PIECES, size=int(rng.integers(0, 16)))
    glue = str(rng.choice(["", " ", " ", " "]))
    return glue.join(parts)


def _corpus(rng: np.random.Generator) -> tuple[list[str], Streams]:
    n, k = int(rng.integers(1, 6)), int(rng.integers(1, 4))
    hyps = [_sentence(rng) for _ in range(n)]
    refs: Streams = [[_sentence(rng) for _ in range(n)] for _ in range(k)]
    if k > 1 and rng.integers(4) == 0:  # a missing reference (sacrebleu skips None too)
        refs[int(rng.integers(1, k))][int(rng.integers(n))] = None
    return hyps, refs


def _bleu(rng: np.random.Generator) -> dict[str, Any]:
    method = str(rng.choice(["exp", "floor", "add-k", "none"]))
    return {
        "lowercase": bool(rng.integers(2)),
        "tokenize": str(rng.choice(["13a", "none", "intl", "char", "zh"])),
        "smooth_method": method,
        "smooth_value": None if rng.integers(2) else float(rng.choice([0.0, 0.1, 1.0, 2.0])),
        "effective_order": bool(rng.integers(2)),
        "max_ngram_order": int(rng.integers(1, 5)),
    }


def _chrf(rng: np.random.Generator, word_order: int) -> dict[str, Any]:
    return {
        "char_order": int(rng.integers(1, 7)),
        "word_order": word_order,
        "beta": int(rng.integers(0, 4)),
        "lowercase": bool(rng.integers(2)),
        "whitespace": bool(rng.integers(2)),
        "eps_smoothing": bool(rng.integers(2)),
    }


def _ter(rng: np.random.Generator) -> dict[str, Any]:
    return {name: bool(rng.integers(2)) for name in ("normalized", "no_punct", "asian_support", "case_sensitive")}


#: name -> (simpeval's class, sacrebleu's, the options drawn, the number of corpora): 2,000 in all.
CASES: dict[str, tuple[type, Callable[..., Any], Callable[[np.random.Generator], dict[str, Any]], int]] = {
    "bleu": (BLEU, sacrebleu.BLEU, _bleu, 600),
    "chrf": (CHRF, sacrebleu.CHRF, lambda rng: _chrf(rng, int(rng.integers(2))), 450),  # word_order 0 or 1
    "chrf++": (CHRF, sacrebleu.CHRF, lambda rng: _chrf(rng, 2), 450),
    "ter": (TER, sacrebleu.TER, _ter, 500),
}


@pytest.mark.parametrize("name", sorted(CASES))
@pytest.mark.slow
def test_seeded_corpora_equal_sacrebleu(name: str) -> None:
    ours_cls, theirs_cls, draw, n_cases = CASES[name]
    rng = np.random.default_rng([SEED, sorted(CASES).index(name)])
    for case in range(n_cases):
        hyps, refs = _corpus(rng)
        options = draw(rng)
        ours, theirs = ours_cls(**options), theirs_cls(**options)
        a, b = ours.corpus_score(hyps, refs).score, theirs.corpus_score(hyps, refs).score
        assert a == b and abs(a - b) <= 1e-9, (case, options, hyps, refs, a, b)
        for i, hyp in enumerate(hyps):
            segment_refs = [str(stream[i]) for stream in refs if stream[i] is not None]
            a, b = ours.sentence_score(hyp, segment_refs).score, theirs.sentence_score(hyp, segment_refs).score
            assert a == b, (case, i, options, hyp, segment_refs, a, b)


def _function_calls(rng: np.random.Generator) -> tuple[str, dict[str, Any]]:
    name = str(rng.choice(["bleu", "chrf", "ter"]))
    if name == "bleu":
        return name, {
            "smooth_method": str(rng.choice(["exp", "floor", "add-k", "none"])),
            "lowercase": bool(rng.integers(2)),
            "tokenize": str(rng.choice(["13a", "intl", "char", "none"])),
            "use_effective_order": bool(rng.integers(2)),
        }
    if name == "chrf":
        return name, {
            "char_order": int(rng.integers(1, 7)),
            "word_order": int(rng.integers(0, 3)),
            "beta": int(rng.integers(1, 4)),
            "remove_whitespace": bool(rng.integers(2)),
            "eps_smoothing": bool(rng.integers(2)),
        }
    return name, _ter(rng)


@pytest.mark.slow
def test_seeded_function_interface_equals_sacrebleus() -> None:
    rng = np.random.default_rng([SEED, 99])
    for case in range(150):
        hyps, refs = _corpus(rng)
        full = [[r if r is not None else "" for r in stream] for stream in refs]  # sacrebleu's functions take no None
        name, options = _function_calls(rng)
        a = getattr(simpeval, f"corpus_{name}")(hyps, full, **options).score
        b = getattr(sacrebleu, f"corpus_{name}")(hyps, full, **options).score
        assert a == b, (case, name, options, hyps, full, a, b)
        segment_refs = [stream[0] for stream in full]
        a = getattr(simpeval, f"sentence_{name}")(hyps[0], segment_refs, **options).score
        b = getattr(sacrebleu, f"sentence_{name}")(hyps[0], segment_refs, **options).score
        assert a == b, (case, name, options, hyps[0], segment_refs, a, b)
