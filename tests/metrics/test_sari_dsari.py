"""SARI ``dsari`` equals ``D_SARI.py`` (RLSNLP/Document-level-text-simplification, commit 6d953f0d).

The script is not on PyPI; its algorithm is written out again below from the published script
(SARI.py's n-gram part, :mod:`.sari_oracle`, then the length and sentence-count penalties) and
compared bit for bit with simpeval on generated documents, with the same sentence counter on both
sides. The four documents of the script's own ``main()`` are also checked against the figures the
script printed (run with ``nltk.sent_tokenize`` replaced by simpeval's splitter).
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Sequence
from statistics import fmean

import nltk
import pytest

from simpeval import SARI
from simpeval.exceptions import InvalidOptionError, MissingDependencyError
from simpeval.metrics.sari import VARIANTS
from simpeval.metrics.sari.dsari import document_penalties
from simpeval.metrics.sentences import split_sentences

from .sari_oracle import operation_means


def d_sari(
    source: str, output: str, references: Sequence[str], sentences: Callable[[str], list[str]] = split_sentences
) -> tuple[float, float, float, float]:
    """(score, keep, deletion, addition) on the 0-1 scale, as D_SARI.py's D_SARIsent returns them."""
    keep, dele, add = operation_means(source, output, references)
    n_in, n_out = len(source.split(" ")), len(output.split(" "))
    n_ref = int(sum(len(r.split(" ")) for r in references) / len(references))
    s_out = len(sentences(output))
    s_ref = int(sum(len(sentences(r)) for r in references) / len(references))
    lp1 = math.exp((n_out - n_ref) / n_out) if n_out < n_ref else 1
    lp2 = math.exp((n_ref - n_out) / max(n_in - n_ref, 1)) if n_out > n_ref else 1
    slp = math.exp(-abs(s_ref - s_out) / max(s_ref, s_out))
    keep, dele, add = keep * lp2 * slp, dele * lp2, add * lp1
    return (keep + dele + add) / 3, keep, dele, add


def ours(sari: SARI, source: str, output: str, references: Sequence[str]) -> tuple[float, float, float, float]:
    row = sari.extract_stats([output], [list(references)], [source])[0]
    return float(row[0]), float(row[2]), float(row[3]), float(row[1])


SOURCE = (
    "marengo is a town in and the county seat of iowa county , iowa , united states . it has served as the "
    "county seat since august 1845 , even though it was not incorporated until july 1859 . the population was "
    "2,528 in the 2010 census , a decline from 2,535 in 2000 ."
)
REFERENCE = "marengo is a city in iowa in the US . the population was 2,528 in 2010 ."
# D_SARI.py's main(): each output and the (score, keep, deletion, addition) the script printed.
PRINTED = [
    ("in the US . 2,528 in 2010 .", (0.4280200653372474, 0.23736263736263735, 0.881769943019943, 0.16492761562916164)),
    (
        "marengo is a city in iowa , the US . it has served as the county seat since august 1845 , even though it "
        "was not incorporated . the population was 2,528 in the 2010 census , a decline from 2,535 in 2010 .",
        (0.41000775388400035, 0.11856876089306222, 0.4819357841813988, 0.6295187165775401),
    ),
    (
        "marengo is a town in iowa . marengo is a town in the US . in the US . the population was 2,528 . the "
        "population in the 2010 census .",
        (0.4290833407291635, 0.2567759320245923, 0.667185032604391, 0.36328905755850727),
    ),
    (
        "marengo is a town in iowa , united states . in 2010 , the population was 2,528 .",
        (0.48692556174750085, 0.5005644645912226, 0.8887836492227087, 0.07142857142857144),
    ),
]


@pytest.mark.parametrize(("output", "printed"), PRINTED)
def test_the_scripts_own_examples(output: str, printed: tuple[float, ...]) -> None:
    assert ours(SARI("dsari"), SOURCE, output, [REFERENCE]) == printed
    assert d_sari(SOURCE, output, [REFERENCE]) == printed


def _document(rng: random.Random, words: list[str]) -> str:
    return " ".join(rng.choice(words) for _ in range(rng.randint(1, 40)))


@pytest.mark.slow
@pytest.mark.parametrize("engine", ["fast", "reference"])
def test_equals_the_published_algorithm_on_generated_documents(engine: str) -> None:
    rng = random.Random(2021)
    words = "the a cat dog sat on mat . , ! ? it is was big small red The Cat Mr. 1990.".split()
    sari = SARI("dsari", engine=engine)
    checked = 0
    for _ in range(400):
        source, output = _document(rng, words), _document(rng, words)
        references = [_document(rng, words) for _ in range(rng.randint(1, 3))]
        if not (split_sentences(output) or any(split_sentences(r) for r in references)):
            continue  # D_SARI.py divides 0 by 0 here (see test_no_sentence_anywhere)
        assert ours(sari, source, output, references) == d_sari(source, output, references)
        checked += 1
    assert checked > 350


def test_corpus_score_is_the_mean_of_document_scores() -> None:
    outputs = [o for o, _ in PRINTED]
    sari = SARI("dsari")
    score = sari.corpus_score(outputs, [[REFERENCE] * 4], sources=[SOURCE] * 4)
    assert score.score == pytest.approx(100 * fmean(p[0] for _, p in PRINTED), abs=1e-12)
    assert sari.sentence_scores(outputs, [[REFERENCE] * 4], sources=[SOURCE] * 4) == pytest.approx(
        [100 * p[0] for _, p in PRINTED], abs=1e-12
    )


def test_penalties_by_hand() -> None:
    # output 4 tokens, reference 6: LP1 = exp(-2/4); one sentence less than the reference's 2: SLP = exp(-1/2)
    p = document_penalties("a b c d e f . g h .", "a b c .", ["a b c . d ."], "simpeval")
    assert (p.output_length, p.reference_length, p.output_sentences, p.reference_sentences) == (4, 6, 1, 2)
    assert (p.lp1, p.lp2, p.slp) == (math.exp(-0.5), 1.0, math.exp(-0.5))
    # output 8 tokens, input 10, reference 4: LP2 = exp((4 - 8) / max(10 - 4, 1)); reference lengths 3 and 5 -> 4
    p = document_penalties("a b c d e f g h i j", "a b c d e f g h", ["a b c", "a b c d e"], "simpeval")
    assert (p.reference_length, p.lp1, p.lp2) == (4, 1.0, math.exp(-4 / 6))


def test_no_sentence_anywhere() -> None:
    """Empty output and references: no sentence on either side, SLP 1 (D_SARI.py divides 0 by 0)."""
    assert document_penalties("a b", "", [""], "simpeval").slp == 1.0
    assert SARI("dsari").sentence_score("", [""], source="a b").score >= 0


def test_signature_explain_and_options() -> None:
    sari = SARI("dsari")
    signature = sari.get_signature(1).format()
    assert "|variant:dsari|" in signature and "|pen:dsari|sents:simpeval|" in signature
    assert "|pen:none|order:" in SARI().get_signature(1).format()  # the counter only where it counts
    assert VARIANTS["dsari"].penalty == "dsari" and SARI(VARIANTS["xu2016"], penalty="dsari").variant == "dsari"
    output, printed = PRINTED[0]
    explained = sari.explain(output, [REFERENCE], source=SOURCE)
    assert explained.score.score == sari.sentence_score(output, [REFERENCE], source=SOURCE).score
    assert explained.penalties is not None and explained.penalties.lp1 < 1
    assert explained.operation("add").score == pytest.approx(100 * printed[3], abs=1e-12)
    assert "x LP1" in explained.operation("add").rule and "D-SARI penalties: LP1" in str(explained)
    with pytest.raises(InvalidOptionError, match="aggregate='sentence'"):
        SARI("easse", penalty="dsari")
    none = document_penalties("a b c .", "a b .", [], "simpeval")  # no reference: length and sentences 0
    assert (none.reference_length, none.lp1, none.lp2, none.slp) == (0, 1.0, math.exp(-3 / 4), math.exp(-1))


def test_punkt_counter(monkeypatch: pytest.MonkeyPatch) -> None:
    """sentence_split='punkt' counts with nltk.sent_tokenize, as D_SARI.py does; without its data, one line."""
    monkeypatch.setattr(nltk, "sent_tokenize", lambda text: text.split(" . "))
    sari = SARI("dsari", sentence_split="punkt")
    output = PRINTED[0][0]
    assert ours(sari, SOURCE, output, [REFERENCE]) == d_sari(
        SOURCE, output, [REFERENCE], lambda text: text.split(" . ")
    )
    assert "|sents:punkt|" in sari.get_signature(1).format()

    def missing(text: str) -> list[str]:
        raise LookupError("Resource punkt_tab not found.")

    monkeypatch.setattr(nltk, "sent_tokenize", missing)
    with pytest.raises(MissingDependencyError, match="nltk.downloader punkt_tab"):
        sari.corpus_score([output], [[REFERENCE]], sources=[SOURCE])
