"""``hf.load`` and evaluate's bleu, google_bleu, wer and cer: every documented example, and random cases.

The examples are those of evaluate's metric cards (``metrics/<name>/README.md``) and of its scripts'
docstrings (huggingface/evaluate a7dd338). The oracles of the random cases: sacrebleu's BLEU where
tensorflow/nmt's BLEU must agree with it (one reference, so the shortest is the closest, and no
smoothing), hand-computed fractions for the smoothing, and jiwer 4.0 itself (which evaluate's wer
and cer scripts call) for the error rates.
"""

from __future__ import annotations

import math
import random

import pytest
import sacrebleu
from nltk.tokenize import NLTKWordTokenizer

from simpeval import hf
from simpeval.exceptions import InvalidOptionError, InvalidValueError, UnknownMetricError

from ..needs import import_module

HELLO = ["hello there general kenobi", "foo bar foobar"]
DUCK = [
    "It is a guide to action which ensures that the rubber duck always disobeys the commands of the cat",
    "he read the book because he was interested in world history",
]
DUCK_REFS = [
    [
        "It is the guiding principle which guarantees the rubber duck forces never being under the command of the cat",
        "It is a guide to action that ensures that the rubber duck will never heed the cat commands",
        "It is the practical guide for the rubber duck army never to heed the directions of the cat",
    ],
    ["he was interested in world history because he read the book"],
]
ASR = (["this is the prediction", "there is an other sample"], ["this is the reference", "there is another one"])


def _bleu(**kwargs: object) -> dict[str, object]:
    result: dict[str, object] = hf.load("bleu").compute(**kwargs)
    return result


def test_bleu_cards_examples() -> None:
    two_refs = [["hello there general kenobi", "hello there !"], ["foo bar foobar"]]
    expected = {
        "bleu": 1.0, "precisions": [1.0, 1.0, 1.0, 1.0], "brevity_penalty": 1.0, "length_ratio": 1.1666666666666667,
        "translation_length": 7, "reference_length": 6,
    }  # fmt: skip
    assert _bleu(predictions=HELLO, references=two_refs) == expected  # "How to Use"
    one_ref = [["hello there general kenobi"], ["foo bar foobar"]]
    assert _bleu(predictions=HELLO, references=one_ref) == {**expected, "length_ratio": 1.0, "reference_length": 7}
    docstring_refs = [["hello there general kenobi", "hello there!"], ["foo bar foobar"]]
    assert _bleu(predictions=HELLO, references=docstring_refs) == expected  # examples 2 and the docstring's
    # the card's NLTK word_tokenize (which needs the punkt download) splits these sentences as its word tokenizer does
    tokenize = NLTKWordTokenizer().tokenize
    assert _bleu(predictions=HELLO, references=docstring_refs, tokenizer=tokenize) == expected


def test_google_bleu_cards_examples() -> None:
    google = hf.load("google_bleu")
    one = google.compute(predictions=["the cat sat on the mat"], references=[["the cat ate the mat"]])
    assert one == {"google_bleu": 0.3333333333333333}
    swapped = google.compute(predictions=["the cat ate the mat"], references=[["the cat sat on the mat"]])
    assert swapped == one  # the card: symmetrical
    duck_one_ref = [[DUCK_REFS[0][0]], DUCK_REFS[1]]
    assert round(google.compute(predictions=DUCK, references=duck_one_ref)["google_bleu"], 2) == 0.44
    assert round(google.compute(predictions=DUCK, references=DUCK_REFS)["google_bleu"], 2) == 0.61
    assert round(google.compute(predictions=DUCK, references=DUCK_REFS, min_len=2)["google_bleu"], 2) == 0.53
    assert round(google.compute(predictions=DUCK, references=DUCK_REFS, min_len=2, max_len=6)["google_bleu"], 2) == 0.4


@pytest.mark.parametrize(
    ("name", "predictions", "references", "expected"),
    [
        ("wer", ["hello world", "good night moon"], ["hello world", "good night moon"], 0.0),
        ("wer", *ASR, 0.5),
        ("wer", ["hello world", "good night moon"], ["hi everyone", "have a great day"], 1.0),
        ("cer", ["hello world", "good night moon"], ["hello world", "good night moon"], 0.0),
        ("cer", *ASR, 0.34146341463414637),
        ("cer", ["hello"], ["gracias"], 1.0),
        ("cer", ["hello world"], ["hello"], 1.2),
    ],
)
def test_wer_and_cer_cards_examples(name: str, predictions: list[str], references: list[str], expected: float) -> None:
    assert hf.load(name).compute(predictions=predictions, references=references) == expected
    assert hf.load(name).compute(predictions=predictions, references=references, concatenate_texts=True) == expected


def _text(rng: random.Random, words: list[str], most: int = 12) -> str:
    return " ".join(rng.choice(words) for _ in range(rng.randint(0, most)))


def test_bleu_equals_sacrebleu_where_they_agree() -> None:
    """One reference and no smoothing: nmt's BLEU is sacrebleu's (13a, no smoothing), on 0-1."""
    rng = random.Random(26)
    words = "the a cat dog sat on mat . , big small red it is was don't".split()
    for _ in range(200):
        n = rng.randint(1, 6)
        hyps, refs = [_text(rng, words) + " x" for _ in range(n)], [_text(rng, words) + " y" for _ in range(n)]
        ours = _bleu(predictions=hyps, references=refs, max_order=rng.randint(1, 4))
        order = len(ours["precisions"])  # type: ignore[arg-type]
        theirs = sacrebleu.metrics.BLEU(smooth_method="none", max_ngram_order=order).corpus_score(hyps, [refs])
        assert ours["translation_length"] == theirs.sys_len and ours["reference_length"] == theirs.ref_len
        assert ours["precisions"] == pytest.approx([p / 100 for p in theirs.precisions], abs=1e-15)
        assert ours["bleu"] == pytest.approx(theirs.score / 100, abs=1e-12)


def test_bleu_shortest_reference_and_smoothing_by_hand() -> None:
    # "a b c d" against "a b" and "a b c d e": nmt takes the shortest reference (2), sacrebleu the closest
    result = _bleu(predictions=["a b c d"], references=[["a b", "a b c d e"]], smooth=True, max_order=2)
    assert result["reference_length"] == 2 and result["brevity_penalty"] == 1.0
    assert result["precisions"] == [(4 + 1) / (4 + 1), (3 + 1) / (3 + 1)]  # Lin and Och: +1 on every order
    unsmoothed = _bleu(predictions=["a x"], references=[["a b"]], max_order=2)
    smoothed = _bleu(predictions=["a x"], references=[["a b"]], max_order=2, smooth=True)
    assert unsmoothed["bleu"] == 0.0 and unsmoothed["precisions"] == [0.5, 0.0]
    assert smoothed["precisions"] == [2 / 3, 1 / 2]
    assert smoothed["bleu"] == math.exp(0.5 * math.log(2 / 3) + 0.5 * math.log(1 / 2))


def test_error_rates_equal_jiwer() -> None:
    jiwer = import_module("jiwer")
    rng = random.Random(39)
    words = ["a", "b", "cat", "dog", "the", "", " ", "\t", "x\ty", "é"]
    for _ in range(300):
        n = rng.randint(1, 4)
        hyps = [_text(rng, words, 8) for _ in range(n)]
        refs = [_text(rng, words, 8) + rng.choice(["", " "]) + "z" for _ in range(n)]
        wer = jiwer.process_words(refs, hyps)
        expected = (wer.substitutions + wer.deletions + wer.insertions) / (wer.substitutions + wer.deletions + wer.hits)
        assert hf.load("wer").compute(predictions=hyps, references=refs) == expected
        cer = jiwer.process_characters(refs, hyps)
        expected = (cer.substitutions + cer.deletions + cer.insertions) / (cer.substitutions + cer.deletions + cer.hits)
        assert hf.load("cer").compute(predictions=hyps, references=refs) == expected


def test_load_names_and_errors() -> None:
    assert sorted(hf.METRICS) == sorted(
        ["sari", "sacrebleu", "chrf", "ter", "bleu", "google_bleu", "wer", "cer", "bertscore"]
    )
    assert type(hf.load("evaluate-metric/chrf")) is hf.CHRF
    assert isinstance(hf.load("ter", cache_dir="/tmp", experiment_id="x", keep_in_memory=True), hf.TER)
    with pytest.raises(UnknownMetricError, match="offers sari, sacrebleu"):
        hf.load("rouge")
    with pytest.raises(InvalidOptionError, match="unexpected argument"):
        hf.load("bleu", smooth=True)
    with pytest.raises(InvalidOptionError, match="one configuration"):
        hf.load("bleu", config_name="multilabel")
    with pytest.raises(InvalidValueError, match="divides by zero"):
        hf.load("wer").compute(predictions=["a"], references=[" "])
    with pytest.raises(InvalidValueError, match="divides by zero"):
        _bleu(predictions=[""], references=[["a"]])
    with pytest.raises(InvalidOptionError, match="from 1 to 100"):
        _bleu(predictions=["a"], references=[["a"]], max_order=10**9)
    with pytest.raises(InvalidValueError, match="expected format"):
        hf.load("wer").compute(predictions=["a"], references=[["a"]])  # evaluate's wer takes one string each
