"""The Metric contract over every teaching metric; signatures; tokenizers; Hypothesis properties."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from nltk.tokenize import word_tokenize

from simpeval import Signature
from simpeval.exceptions import ReferenceLayoutError, SimpevalError, UnknownTokenizerError
from simpeval.metrics import Metric
from simpeval.metrics.signature import SIGNATURE_KEYS
from simpeval.metrics.teaching import (
    METEOR,
    NLTKBLEU,
    NLTKCHRF,
    PEM,
    WER,
    BagOfWords,
    EditDistance,
)
from simpeval.tokenizers import get_tokenizer

HYPOTHESES = ["The fast brown fox jumps over the dog .", "It rained a lot in the city .", ""]
REFERENCES = [
    ["The brown fox jumps over the lazy dog .", "Yesterday it rained a lot in the city .", "Nothing here ."],
    ["A quick fox jumps over the dog .", "It rained hard in the city .", ""],
]
FACTORIES = {
    "NLTK-BLEU": lambda: NLTKBLEU(smoothing=1),
    "NLTK-BLEU-m7": lambda: NLTKBLEU(smoothing=7, weights=(0.5, 0.5)),
    "METEOR": METEOR,
    "NLTK-chrF": NLTKCHRF,
    "EditDistance": EditDistance,
    "EditDistance-char": lambda: EditDistance(level="char", transpositions=True),
    "WER": WER,
    "PEM": PEM,
    "BagOfWords": BagOfWords,
}


@pytest.fixture(
    params=[pytest.param(name, marks=pytest.mark.wordnet) if name == "METEOR" else name for name in sorted(FACTORIES)]
)
def metric(request: pytest.FixtureRequest) -> Metric:
    return FACTORIES[request.param]()  # type: ignore[no-any-return]


def test_metadata(metric: Metric) -> None:
    cls = type(metric)
    assert cls.name in SIGNATURE_KEYS and cls.requires_source is False
    assert cls.higher_is_better is (cls.name not in {"EditDistance", "WER"})
    assert cls.citation.lstrip().startswith("@") and "Examples:" in (cls.__doc__ or "")
    assert cls.signature_abbreviations == SIGNATURE_KEYS[cls.name]


def test_corpus_score_is_score_of_summed_stats(metric: Metric) -> None:
    stats = metric.corpus_stats(HYPOTHESES, REFERENCES)
    assert stats.dtype == np.float64 and stats.shape[0] == len(HYPOTHESES)
    corpus = metric.corpus_score(HYPOTHESES, REFERENCES)
    assert metric.score_from_stats(metric.sum_rows(stats)).score == corpus.score  # the reference's addition


def test_sentence_score_is_corpus_of_one(metric: Metric) -> None:
    for i, hyp in enumerate(HYPOTHESES):
        refs = [r[i] for r in REFERENCES]
        one = metric.sentence_score(hyp, refs)
        assert one.score == metric.corpus_score([hyp], [[r] for r in refs]).score
        assert one.score == metric.sentence_scores(HYPOTHESES, REFERENCES)[i]


def test_signature_round_trip(metric: Metric) -> None:
    keys = type(metric).signature_abbreviations
    for sig in (metric.get_signature(), metric.corpus_score(HYPOTHESES, REFERENCES).signature):
        assert sig.metric == metric.name and sig["nltk"] and sig["version"]
        assert Signature.parse(sig.format(), keys=keys) == sig
        assert Signature.parse(sig.format(short=True), keys=keys) == sig
    assert metric.corpus_score(HYPOTHESES, REFERENCES).signature["nrefs"] == "2"


def test_no_reference_and_bad_input(metric: Metric) -> None:
    with pytest.raises(ReferenceLayoutError, match="no reference"):
        metric.sentence_score("a b", [])
    with pytest.raises(SimpevalError):
        metric.corpus_score(HYPOTHESES, [r[:1] for r in REFERENCES])
    with pytest.raises(SimpevalError):
        metric.score_from_stats(np.zeros(1000))


def test_signatures_name_every_option() -> None:
    assert (
        NLTKBLEU(smoothing=4, auto_reweigh=True, lowercase=True, tokenize="13a")
        .get_signature()
        .format(short=True)
        .startswith("NLTK-BLEU|c:lc|tok:13a|w:0.25,0.25,0.25,0.25|s:method4|k:5|rw:yes|nltk:")
    )
    assert NLTKBLEU(smoothing=6, alpha=3).get_signature()["alpha"] == "3"
    assert (
        EditDistance(level="char")
        .get_signature()
        .format(short=True)
        .startswith("EditDistance|lv:char|c:mixed|sub:1|tr:no|")
    )
    assert "tok" not in PEM().get_signature().to_dict()
    assert BagOfWords(alpha=1).get_signature()["alpha"] == "1.0"


def test_nltk_word_tokenizer_is_word_tokenize_without_sentence_splitting() -> None:
    lines = [
        'He said "hello" ... (ok)?',
        "“Smart quotes” and — dashes… isn't it",
        "I can't, won't; 3.5% $10.",
        "Mr. Smith went to Washington. He left.",
        "  spaced\tout  ",
    ]
    tokenizer = get_tokenizer("nltk-word")
    for line in lines:
        assert tokenizer(line).split() == word_tokenize(line, preserve_line=True)
    # the registry's treebank is TreebankWordTokenizer, which differs on Unicode quotes
    assert get_tokenizer("treebank")(lines[1]) != tokenizer(lines[1])
    assert NLTKBLEU(tokenize="nltk-word").get_signature()["tok"] == "nltk-word"
    with pytest.raises(UnknownTokenizerError, match="nltk-word"):
        WER(tokenize="nltk")


# ------------------------------------------------------------------ properties
WORDS = ["the", "cat", "sat", "on", "mat", "a", "dog", ",", ".", "The", "runs", "running"]
sentences = st.lists(st.sampled_from(WORDS), min_size=0, max_size=10).map(" ".join)
corpora = st.integers(1, 5).flatmap(
    lambda n: st.tuples(st.lists(sentences, min_size=n, max_size=n), st.lists(sentences, min_size=n, max_size=n))
)
ADDITIVE = {
    "NLTK-BLEU-m0": lambda: NLTKBLEU(),
    "NLTK-BLEU-m3": lambda: NLTKBLEU(smoothing=3),
    "NLTK-chrF": NLTKCHRF,
    "EditDistance": EditDistance,
    "WER": WER,
    "PEM": PEM,
    "BagOfWords": BagOfWords,
}
FAST = settings(max_examples=30, deadline=None)


@pytest.mark.slow
@pytest.mark.filterwarnings("ignore::UserWarning")
@FAST
@given(a=corpora, b=corpora, name=st.sampled_from(sorted(ADDITIVE)))
def test_stats_are_additive(a: tuple[list[str], list[str]], b: tuple[list[str], list[str]], name: str) -> None:
    """stats(A + B) are the rows of A then the rows of B; integer statistics give order-free corpus scores."""
    metric = ADDITIVE[name]()
    joint = metric.corpus_stats(a[0] + b[0], [a[1] + b[1]])
    np.testing.assert_array_equal(joint[: len(a[0])], metric.corpus_stats(a[0], [a[1]]))
    np.testing.assert_array_equal(joint[len(a[0]) :], metric.corpus_stats(b[0], [b[1]]))
    if name != "NLTK-chrF":  # chrF sums float F-scores: a permutation may move the last bit
        swapped = metric.corpus_score(b[0] + a[0], [b[1] + a[1]]).score
        assert swapped == metric.corpus_score(a[0] + b[0], [a[1] + b[1]]).score


@pytest.mark.slow
@pytest.mark.filterwarnings("ignore::UserWarning")
@FAST
@given(corpus=corpora)
def test_bounds_and_identity(corpus: tuple[list[str], list[str]]) -> None:
    hyps, refs = corpus
    for metric in (NLTKBLEU(smoothing=1), NLTKCHRF(), PEM(), BagOfWords()):
        assert 0.0 <= metric.corpus_score(hyps, [refs]).score <= 100.0
    assert EditDistance().corpus_score(hyps, [hyps]).score == 0.0
    assert WER().corpus_score(hyps, [hyps]).score == 0.0
    assert PEM().corpus_score(hyps, [hyps]).score == 100.0
    if all(len(h.split()) >= 4 for h in hyps):
        assert NLTKBLEU().corpus_score(hyps, [hyps]).score == 100.0
