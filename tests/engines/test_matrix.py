"""Every engine of every metric against the reference, on random inputs.

``tests/metrics/test_sari_engine.py`` draws SARI presets and settings at random from a small
alphabet; ``tests/metrics/test_compiled_statistics.py`` does BLEU (four tokenizers) and chrF.
This module runs the whole matrix, one parametrized property per cell, on arbitrary Unicode
(control characters, combining marks, right-to-left text, CJK, emoji, and now and then a lone
surrogate) with ``None`` holes in the references:

* SARI: every preset x every override of its settings x the ``reference``, ``numpy`` and
  ``numba`` engines;
* BLEU: every offline tokenizer x lowercase x the ``sacrebleu``, ``numpy`` and ``numba`` engines;
* chrF / chrF++: every option x the ``sacrebleu``, ``numpy`` and ``numba`` engines;
* TER: every option x the ``reference`` (sacrebleu), ``python`` and ``numba`` engines.

The property: the statistics of every engine are equal bit for bit (``ndarray.tobytes``), and so
are the sentence scores; or every engine raises the same error with the same message.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from simpeval import BLEU, CHRF, SARI, TER
from simpeval.engines.jit import NUMBA_AVAILABLE
from simpeval.exceptions import SimpevalError
from simpeval.metrics.options import config_options
from simpeval.metrics.sari import VARIANTS, SARIConfig

from ..tally import Tally

#: SARI's options with choices (bools aside), as SARIConfig declares them.
_CHOICES = {spec.name: spec.choices for spec in config_options(SARIConfig) if spec.kind != "bool" and spec.choices}


if not NUMBA_AVAILABLE:  # the NumPy and sacrebleu engines are compared with the reference all the same
    pytest.skip("Numba is not installed (pip install 'simplification-metrics[fast]')", allow_module_level=True)

PIECES = [
    "the",
    "The",
    "cat",
    "sat",
    ".",
    ",",
    "3.5",
    "U.S.",
    "don't",
    "e-mail",
    "&amp;",
    "<skipped>",
    "猫",
    "が",
    "。",
    "القط",
    "बिल्ली",
    "🐱",
    "👍🏽",
    "👩‍👩‍👧",
    "e\u0301",
    "ß",
    "İ",
    "Σ",
    "ς",
    "ﬁ",
    "\u202e",
    "\u200f",
    "\x0b",
    "\x0c",
    "\x1c",
    "\x85",
    "\u2028",
    "\u00a0",
    "\u3000",
    "\t",
    " ",
    "  ",
    "",
    "\x00",
]
ANY_TEXT = st.text(st.characters(exclude_categories=()), max_size=15)  # lone surrogates included
SEGMENT = st.integers(0, 19).flatmap(
    lambda k: (
        ANY_TEXT
        if k == 0
        else st.one_of(
            st.lists(st.sampled_from(PIECES), max_size=12).map(" ".join),
            st.lists(st.sampled_from(PIECES), max_size=12).map("".join),
            st.text(st.characters(codec="utf-8"), max_size=15),
        )
    )
)
REFERENCE = st.integers(0, 5).flatmap(lambda k: st.none() if k == 0 else SEGMENT)
Corpus = tuple[list[str], list[list[str | None]], list[str]]


@st.composite
def corpora(draw: st.DrawFn) -> Corpus:
    n = draw(st.integers(1, 5))
    hyps = draw(st.lists(SEGMENT, min_size=n, max_size=n))
    refs = [draw(st.lists(REFERENCE, min_size=n, max_size=n)) for _ in range(draw(st.integers(1, 3)))]
    for i in range(n):  # BLEU, chrF and TER need one reference per segment; SARI is tested with holes anyway
        if all(stream[i] is None for stream in refs) and draw(st.booleans()):
            refs[0][i] = draw(SEGMENT)
    srcs = draw(st.lists(SEGMENT, min_size=n, max_size=n))
    return hyps, refs, srcs


def _outcome(make: Callable[[], Any], corpus: Corpus) -> tuple[str, ...]:
    """The statistics and sentence scores as bytes, or the error's type and message."""
    hyps, refs, srcs = corpus
    try:
        metric = make()
        stats = metric.corpus_stats(hyps, refs, sources=srcs)
        rows = np.asarray(metric.sentence_scores(hyps, refs, sources=srcs), dtype=np.float64)
    except SimpevalError as err:
        return type(err).__name__, str(err)
    return "ok", stats.dtype.str, str(stats.shape), stats.tobytes().hex(), rows.tobytes().hex()


def _same_everywhere(makers: dict[str, Callable[[], Any]], corpus: Corpus) -> bool:
    """Every engine gives the same outcome; returns whether that outcome is a result (not an error)."""
    outcomes = {engine: _outcome(make, corpus) for engine, make in makers.items()}
    reference = next(iter(outcomes.values()))
    for engine, outcome in outcomes.items():
        assert outcome == reference, (engine, outcome[:2], reference[:2])
    return reference[0] == "ok"


SETTINGS = settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
#: The share of examples that must score on every engine (not end in the same clean error).
MIN_RESULTS = 0.0
SARI_TOKENIZERS = [
    "13a",
    "none",
    "intl",
    "char",
    "whitespace",
    "zh",
    "moses",
    "penn",
    "tercom",
    "nltk-word",
    "treebank",
]


@pytest.mark.parametrize("preset", sorted(VARIANTS))
@pytest.mark.slow
def test_sari_engines_equal_the_reference(preset: str) -> None:
    tally = Tally(f"SARI {preset}")

    @SETTINGS
    @given(corpus=corpora(), data=st.data())
    def check(corpus: Corpus, data: st.DataObject) -> None:
        base = VARIANTS[preset]
        changes = data.draw(
            st.fixed_dictionaries(
                {},
                optional={
                    **{name: st.sampled_from(sorted(choices, key=str)) for name, choices in _CHOICES.items()},
                    "tokenize": st.sampled_from(SARI_TOKENIZERS),
                    "lowercase": st.booleans(),
                    "normalize_source": st.booleans(),
                    "max_order": st.integers(1, 5),
                },
            )
        )
        if changes.get("penalty", base.penalty) == "dsari":  # D-SARI scores documents one by one
            changes["aggregate"] = "sentence"
        changes.pop("sentence_split", None)  # "punkt" needs NLTK data; the counter is no engine's business
        options: dict[str, Any] = dataclasses.asdict(dataclasses.replace(base, **changes))
        engines = ("reference", "numpy", "numba")
        tally.record(_same_everywhere({e: partial(SARI, engine=e, **options) for e in engines}, corpus))

    check()
    tally.check(MIN_RESULTS)


BLEU_TOKENIZERS = [
    "13a",
    "none",
    "intl",
    "char",
    "zh",
    "moses",
    "penn",
    "whitespace",
    "tercom",
    "nltk-word",
    "treebank",
]


@pytest.mark.parametrize("tokenize", BLEU_TOKENIZERS)
def test_bleu_engines_equal_sacrebleu(tokenize: str) -> None:
    tally = Tally(f"BLEU {tokenize}")

    @SETTINGS
    @given(
        corpus=corpora(),
        lowercase=st.booleans(),
        order=st.integers(1, 5),
        smooth=st.sampled_from(["exp", "floor", "add-k", "none"]),
        effective=st.booleans(),
    )
    def check(corpus: Corpus, lowercase: bool, order: int, smooth: str, effective: bool) -> None:
        options: dict[str, Any] = {
            "tokenize": tokenize,
            "lowercase": lowercase,
            "max_ngram_order": order,
            "smooth_method": smooth,
            "effective_order": effective,
        }
        tally.record(
            _same_everywhere({e: partial(BLEU, engine=e, **options) for e in ("sacrebleu", "numpy", "numba")}, corpus)
        )

    check()
    tally.check(MIN_RESULTS)


@pytest.mark.parametrize("word_order", [0, 1, 2])
def test_chrf_engines_equal_sacrebleu(word_order: int) -> None:
    tally = Tally(f"chrF word_order={word_order}")

    @SETTINGS
    @given(
        corpus=corpora(),
        char_order=st.integers(0, 7),
        beta=st.integers(0, 3),
        lowercase=st.booleans(),
        whitespace=st.booleans(),
        eps=st.booleans(),
    )
    def check(corpus: Corpus, char_order: int, beta: int, lowercase: bool, whitespace: bool, eps: bool) -> None:
        options: dict[str, Any] = {
            "char_order": char_order,
            "word_order": word_order,
            "beta": beta,
            "lowercase": lowercase,
            "whitespace": whitespace,
            "eps_smoothing": eps,
        }
        tally.record(
            _same_everywhere({e: partial(CHRF, engine=e, **options) for e in ("sacrebleu", "numpy", "numba")}, corpus)
        )

    check()
    tally.check(MIN_RESULTS)


@pytest.mark.parametrize("normalized", [False, True])
@pytest.mark.parametrize("asian_support", [False, True])
def test_ter_engines_equal_sacrebleu(normalized: bool, asian_support: bool) -> None:
    tally = Tally(f"TER normalized={normalized} asian_support={asian_support}")

    @SETTINGS
    @given(corpus=corpora(), no_punct=st.booleans(), case_sensitive=st.booleans())
    def check(corpus: Corpus, no_punct: bool, case_sensitive: bool) -> None:
        options: dict[str, Any] = {
            "normalized": normalized,
            "asian_support": asian_support,
            "no_punct": no_punct,
            "case_sensitive": case_sensitive,
        }
        engines = ("reference", "python", "numba")
        tally.record(_same_everywhere({e: partial(TER, engine=e, **options) for e in engines}, corpus))

    check()
    tally.check(MIN_RESULTS)


def test_the_matrix_covers_every_offline_tokenizer() -> None:
    from simpeval import available_tokenizers

    needs_downloads_or_extras = {"flores101", "flores200", "spBLEU-1K", "spm", "ja-mecab", "ko-mecab"}
    assert set(available_tokenizers()) - needs_downloads_or_extras == set(BLEU_TOKENIZERS)
