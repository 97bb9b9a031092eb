"""A seeded differential test against sacrebleu, kept in the suite.

2,000 random corpora (fixed seed) of BLEU, chrF, chrF++ and TER, corpus and sentence level, every
option of each drawn at random, compared with sacrebleu live: BLEU and chrF exactly (``==``), TER
exactly too. EASSE and Hugging Face ``evaluate`` cannot be installed offline here; their SARI
figures are pinned by ``tests/metrics/test_sari_golden.py`` (126 edge cases and the published
corpora, every preset, to 1e-9).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest
import sacrebleu

from simpeval import BLEU, CHRF, TER

SEED = 20261123
WORDS = "the a cat dog sat ran on in mat park , . ! ? it is was big small 3.5 U.S. don't e-mail 猫 Über".split()


def _corpus(rng: np.random.Generator) -> tuple[list[str], list[list[str]]]:
    n, k = int(rng.integers(1, 6)), int(rng.integers(1, 4))

    def sentence() -> str:
        words = rng.choice(WORDS, size=int(rng.integers(0, 12)))
        return " ".join(words)

    return [sentence() for _ in range(n)], [[sentence() for _ in range(n)] for _ in range(k)]


def _bleu_options(rng: np.random.Generator) -> dict[str, Any]:
    method = str(rng.choice(["exp", "floor", "add-k", "none"]))
    return {
        "lowercase": bool(rng.integers(2)),
        "tokenize": str(rng.choice(["13a", "none", "intl", "char"])),
        "smooth_method": method,
        "smooth_value": None if rng.integers(2) else float(rng.choice([0.0, 0.1, 1.0, 2.0])),
        "effective_order": bool(rng.integers(2)),
        "max_ngram_order": int(rng.integers(1, 5)),
    }


def _chrf_options(rng: np.random.Generator) -> dict[str, Any]:
    return {
        "char_order": int(rng.integers(1, 7)),
        "word_order": int(rng.integers(0, 3)),
        "beta": int(rng.integers(0, 4)),
        "lowercase": bool(rng.integers(2)),
        "whitespace": bool(rng.integers(2)),
        "eps_smoothing": bool(rng.integers(2)),
    }


def _ter_options(rng: np.random.Generator) -> dict[str, Any]:
    return {name: bool(rng.integers(2)) for name in ("normalized", "no_punct", "asian_support", "case_sensitive")}


CASES = {
    "bleu": (BLEU, sacrebleu.BLEU, _bleu_options),
    "chrf": (CHRF, sacrebleu.CHRF, _chrf_options),
    "ter": (TER, sacrebleu.TER, _ter_options),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_seeded_corpora_equal_sacrebleu(name: str) -> None:
    ours_cls, theirs_cls, draw = CASES[name]
    rng = np.random.default_rng([SEED, sorted(CASES).index(name)])
    n_cases = 700 if name != "ter" else 600
    for case in range(n_cases):
        hyps, refs = _corpus(rng)
        options = draw(rng)
        ours, theirs = ours_cls(**options), theirs_cls(**options)
        a, b = ours.corpus_score(hyps, refs).score, theirs.corpus_score(hyps, refs).score
        assert a == b, (case, options, hyps, refs, a, b)
        if case % 5 == 0:  # sentence level on a sample
            refs0 = [stream[0] for stream in refs]
            assert ours.sentence_score(hyps[0], refs0).score == theirs.sentence_score(hyps[0], refs0).score, (
                case,
                options,
            )
