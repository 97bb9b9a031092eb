"""Every engine of every metric against the reference, on random inputs and on ASSET.

The one home of the claim "every engine equals the reference". One parametrized property per cell,
each example a corpus drawn from one family of text (:data:`FAMILIES`), with ``None`` holes in the
references:

* ``mixed``: arbitrary Unicode (control characters, combining marks, right-to-left text, CJK,
  emoji, and now and then a lone surrogate) and pieces of it joined with or without spaces;
* ``colliding``: a small alphabet, so that n-grams collide between hypothesis, references and
  source (13a's punctuation rules, entities, whitespace only ``str.split()`` knows, case
  mappings that depend on context or change length);
* ``glued``: pieces glued without spaces, so that tokenizer boundaries fall inside words;
* ``shifting``: few distinct tokens and odd separators, so that TER's shifts pay; TER's cells
  add single pairs longer than the largest shift distance (50 words) and pairs of very unequal
  lengths (:data:`TER_CORPORA`).

The cells:

* SARI: every preset x every override of its settings x the ``reference``, ``numpy`` and
  ``numba`` engines;
* BLEU: every offline tokenizer x lowercase x the ``sacrebleu``, ``numpy`` and ``numba`` engines;
* chrF / chrF++: every option x the ``sacrebleu``, ``numpy`` and ``numba`` engines;
* TER: every option x the ``reference`` (sacrebleu), ``python`` and ``numba`` engines;
* BLEU and chrF on ASSET test (10 references) x two published systems, every engine.

The property: the statistics of every engine are equal bit for bit (``ndarray.tobytes``), and so
are the sentence scores (the statistics only, on ASSET); or every engine raises the same error
with the same message.
"""

from __future__ import annotations

import dataclasses
import zlib
from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np
import pytest
from hypothesis import HealthCheck, given, seed, settings
from hypothesis import strategies as st

from simpeval import BLEU, CHRF, SARI, TER
from simpeval.engines.jit import NUMBA_AVAILABLE
from simpeval.exceptions import SimpevalError
from simpeval.metrics.options import config_options
from simpeval.metrics.sari import VARIANTS, SARIConfig

from ..needs import SHARED, require_numba, shared_paths
from ..tally import Tally

#: SARI's options with choices (bools aside), as SARIConfig declares them.
_CHOICES = {spec.name: spec.choices for spec in config_options(SARIConfig) if spec.kind != "bool" and spec.choices}


if not NUMBA_AVAILABLE:
    require_numba()  # part of the test extra: CI tests the compiled engines

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
MIXED = st.integers(0, 19).flatmap(
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
# A small alphabet: 13a's punctuation rules (digits around '.', ',', '-'), entities, whitespace
# that only str.split() knows, the engines' internal separator, case mappings that depend on
# context (Greek sigma) or change length; and a handful of words.
COLLIDING = [*"ab c5 0.,-.,&;<>\"'$/\n\t", "&quot;", "&amp;", "<skipped>", "é", "Σ", "ΑΣ ", "\u00a0", "\x1c"]
COLLIDING += ["\x01", "İ", "  ", "The ", "Cat ", "sat "]
COLLIDING_WORDS = ["the", "cat", "sat", "on", "a", "mat", "The", ".", ",", "3.5", ""]
# Pieces glued without spaces: tokenizer boundaries inside words, odd whitespace, a line break.
GLUED = ["the", "The", "cat", "sat", ".", ",", "(hi)", "'s", "3.5", "-", "é", "Σ", "日本", "ß", "İ", " ", "  ", "\t"]
GLUED += ["\u00a0", "\u2003", "x", "ab", "a.b", "!", "", "&amp;", "-\n", "\x01"]
# Few distinct tokens, so that words repeat and TER's shifts pay; punctuation, case, CJK, entities
# and odd separators, so that every TER option changes something.
SHIFTING = ["a", "b", "c", "a", "b", "A", "B", "d", ".", ",", "(", ")", "'s", ";", "4.2", "-", "&amp;", "&quot;"]
SHIFTING += ["美", "众", "り", "の", "。", "，", "Jim's"]
SEPARATORS = [" ", " ", " ", "", "  ", "\t", "\n", "\n-", "\u3000"]


def shifting(min_words: int, max_words: int) -> st.SearchStrategy[str]:
    """Words of :data:`SHIFTING`, each followed by one of :data:`SEPARATORS`."""
    words = st.integers(min_words, max_words).flatmap(
        lambda n: st.tuples(
            st.lists(st.sampled_from(SHIFTING), min_size=n, max_size=n),
            st.lists(st.sampled_from(SEPARATORS), min_size=n, max_size=n),
        )
    )
    return words.map(lambda pair: "".join(p + s for p, s in zip(*pair)))


#: The families of text; every segment of a corpus (hypotheses, references, sources) is of one.
FAMILIES: dict[str, st.SearchStrategy[str]] = {
    "mixed": MIXED,
    "colliding": st.one_of(
        st.lists(st.sampled_from(COLLIDING), max_size=10).map("".join),
        st.lists(st.sampled_from(COLLIDING_WORDS), max_size=9).map(" ".join),
    ),
    "glued": st.lists(st.sampled_from(GLUED), max_size=14).map("".join),
    "shifting": shifting(0, 14),
}
#: The family of an example: ``mixed`` (the widest) and ``colliding`` (the one that counts n-grams
#: hardest) two times in six each, the others one time in six.
FAMILY = st.sampled_from(["mixed", "mixed", "colliding", "colliding", "glued", "shifting"])
Corpus = tuple[list[str], list[list[str | None]], list[str]]


@st.composite
def corpora(draw: st.DrawFn, family: str | None = None) -> Corpus:
    """A corpus of 1 to 6 segments and 1 to 4 reference streams, of ``family`` (else one drawn)."""
    segment = FAMILIES[family or draw(FAMILY)]
    reference = st.integers(0, 5).flatmap(lambda k: st.none() if k == 0 else segment)
    n = draw(st.integers(1, 6))
    hyps = draw(st.lists(segment, min_size=n, max_size=n))
    refs = [draw(st.lists(reference, min_size=n, max_size=n)) for _ in range(draw(st.integers(1, 4)))]
    for i in range(n):  # BLEU, chrF and TER need one reference per segment; SARI is tested with holes anyway
        if all(stream[i] is None for stream in refs) and draw(st.booleans()):
            refs[0][i] = draw(segment)
    srcs = draw(st.lists(segment, min_size=n, max_size=n))
    return hyps, refs, srcs


def long_pair() -> st.SearchStrategy[Corpus]:
    """One pair of :func:`shifting` text longer than TER's largest shift distance (50 words): the
    1000-candidate limit is reached."""
    return st.tuples(shifting(51, 64), shifting(40, 64)).map(lambda pair: ([pair[0]], [[pair[1]]], [""]))


def unequal_pair() -> st.SearchStrategy[Corpus]:
    """One pair of :func:`shifting` text of very unequal lengths: the beam widens when the
    reference is over 50 times the hypothesis (either way round)."""
    pairs = st.tuples(shifting(0, 3), shifting(20, 160), st.booleans())
    return pairs.map(lambda p: ([p[1]], [[p[0]]], [""]) if p[2] else ([p[0]], [[p[1]]], [""]))


#: TER's corpora: one example in ten a :func:`long_pair` (sacrebleu needs about 0.7 s for one, and
#: an example runs it twice), two in ten an :func:`unequal_pair`, three in ten ``shifting`` corpora,
#: the others :func:`corpora` of any family.
TER_CORPORA = st.integers(0, 9).flatmap(
    lambda k: long_pair() if k == 0 else unequal_pair() if k < 3 else corpora("shifting") if k < 6 else corpora()
)


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


def run_cell(check: Callable[[], None], tally: Tally) -> None:
    """Run a cell's ``check`` on examples of its own, then assert :data:`MIN_RESULTS`.

    Derandomized (the ``ci`` profile), Hypothesis seeds a test from its source code, and every
    cell's inner ``check`` has the same source: each cell of a metric would run the same examples.
    A seed from the cell's name gives each cell its own, the same on every run; elsewhere the
    draws stay random.
    """
    if settings.default.derandomize:
        check = seed(zlib.crc32(tally.what.encode()))(check)
    check()
    tally.check(MIN_RESULTS)


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

    run_cell(check, tally)


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


@pytest.mark.slow
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

    run_cell(check, tally)


@pytest.mark.slow
@pytest.mark.parametrize("word_order", [0, 1, 2, 3])
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

    run_cell(check, tally)


@pytest.mark.parametrize("normalized", [False, True])
@pytest.mark.parametrize("asian_support", [False, True])
@pytest.mark.slow  # the long pairs: sacrebleu needs about 0.7 s for one
def test_ter_engines_equal_sacrebleu(normalized: bool, asian_support: bool) -> None:
    tally = Tally(f"TER normalized={normalized} asian_support={asian_support}")

    @SETTINGS
    @given(corpus=TER_CORPORA, no_punct=st.booleans(), case_sensitive=st.booleans())
    def check(corpus: Corpus, no_punct: bool, case_sensitive: bool) -> None:
        options: dict[str, Any] = {
            "normalized": normalized,
            "asian_support": asian_support,
            "no_punct": no_punct,
            "case_sensitive": case_sensitive,
        }
        engines = ("reference", "python", "numba")
        tally.record(_same_everywhere({e: partial(TER, engine=e, **options) for e in engines}, corpus))

    run_cell(check, tally)


#: ASSET's cases: chrF, chrF++ and chrF's text options; BLEU, and BLEU lowercased.
ASSET_CASES = [
    pytest.param(CHRF, {}, id="chrF"),
    pytest.param(CHRF, {"word_order": 2}, id="chrF++"),
    pytest.param(CHRF, {"lowercase": True, "whitespace": True}, id="chrF-lowercase-whitespace"),
    pytest.param(BLEU, {}, id="BLEU"),
    pytest.param(BLEU, {"lowercase": True}, id="BLEU-lowercase"),
]


@pytest.fixture(scope="module")
def asset() -> tuple[dict[str, list[str]], list[list[str]]]:
    """ASSET test's 10 reference streams and two systems' outputs (``../shared``; skipped, or failed
    under ``CI``, when missing)."""
    outputs = SHARED / "corpora" / "system_outputs" / "turkcorpus_test"
    references = [SHARED / "corpora" / "asset" / f"asset.test.simp.{j}" for j in range(10)]
    paths = shared_paths([outputs / "ACCESS", outputs / "Dress-Ls", *references])
    lines = [path.read_text(encoding="utf-8").splitlines() for path in paths]
    return {"ACCESS": lines[0], "Dress-Ls": lines[1]}, lines[2:]


@pytest.mark.slow
@pytest.mark.parametrize(("cls", "options"), ASSET_CASES)
def test_engines_equal_on_asset(
    cls: type, options: dict[str, Any], asset: tuple[dict[str, list[str]], list[list[str]]]
) -> None:
    """Real text at scale: one metric object per engine scores both systems, as a comparison
    does (the references encoded once)."""
    systems, streams = asset
    metrics = {engine: cls(engine=engine, **options) for engine in ("sacrebleu", "numpy", "numba")}
    for name, hyps in systems.items():
        expected = metrics["sacrebleu"].corpus_stats(hyps, streams)
        for engine in ("numpy", "numba"):
            np.testing.assert_array_equal(metrics[engine].corpus_stats(hyps, streams), expected, err_msg=engine)


def test_the_matrix_covers_every_offline_tokenizer() -> None:
    from simpeval import available_tokenizers

    needs_downloads_or_extras = {"flores101", "flores200", "spBLEU-1K", "spm", "ja-mecab", "ko-mecab"}
    assert set(available_tokenizers()) - needs_downloads_or_extras == set(BLEU_TOKENIZERS)
