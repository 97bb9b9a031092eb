"""``simpeval.compat.sacrebleu`` gives sacrebleu's results, to the bit, and sacrebleu's signature strings."""

from __future__ import annotations

from typing import Any

import pytest
import sacrebleu
import sacrebleu.significance
from sacrebleu.tokenizers.tokenizer_ter import TercomTokenizer as SacrebleuTercom

import simpeval.compat.sacrebleu as compat
from simpeval.compat.sacrebleu.significance import PairedTest
from simpeval.compat.sacrebleu.tokenizers.tokenizer_ter import TercomTokenizer
from simpeval.exceptions import InvalidOptionError

REFS = [
    ["The cat sat on the mat.", "It is raining today.", "He left early.", "We ate rice.", "A dog barked twice."],
    ["A cat was on the mat.", "Today it rains.", "He went home early.", "Rice was eaten.", "The dog barked."],
]
SYSTEMS = [
    ("base", ["A cat sat.", "Rain today.", "He went.", "We ate.", "Dog barked."]),
    ("good", ["The cat sat on a mat.", "It is raining today.", "He left early.", "We ate rice.", "A dog barked."]),
    ("same", ["A cat sat.", "Rain today.", "He went.", "We ate.", "Dog barked!"]),
]
METRICS = {"BLEU": {}, "CHRF": {"word_order": 2}, "TER": {}}


def _results(scores: dict[str, list[Any]]) -> dict[str, list[Any]]:
    return {key: [vars(r) if not isinstance(r, str) else r for r in values] for key, values in scores.items()}


@pytest.mark.parametrize("test_type", ["bs", "ar"])
@pytest.mark.parametrize("confidence", [-1, 50])
def test_paired_test_equals_sacrebleus(test_type: str, confidence: int, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SACREBLEU_SEED", "7")
    ours = {name: getattr(compat.metrics, name)(references=REFS, **options) for name, options in METRICS.items()}
    theirs = {name: getattr(sacrebleu.metrics, name)(references=REFS, **options) for name, options in METRICS.items()}
    our_signatures, our_scores = PairedTest(SYSTEMS, ours, None, test_type, 100, confidence)()
    their_signatures, their_scores = sacrebleu.significance.PairedTest(
        SYSTEMS, theirs, None, test_type, 100, confidence
    )()
    assert {k: str(v) for k, v in our_signatures.items()} == {k: str(v) for k, v in their_signatures.items()}
    ours_, theirs_ = _results(our_scores), _results(their_scores)
    # The one deliberate difference: no difference at all is p = 1 (sacrebleu: 1 / (n + 1)).
    for metric in ours_:
        if metric != "System" and ours_[metric][2]["score"] == ours_[metric][0]["score"]:
            assert (ours_[metric][2]["p_value"], theirs_[metric][2]["p_value"]) == (1.0, 1 / 101)
            ours_[metric][2]["p_value"] = theirs_[metric][2]["p_value"]
    assert ours_ == theirs_


def test_paired_test_refuses_unknown_tests_and_metrics(monkeypatch: pytest.MonkeyPatch) -> None:
    with pytest.raises(InvalidOptionError, match="test_type must be 'ar' or 'bs'"):
        PairedTest(SYSTEMS, {}, REFS, "t-test")
    with pytest.raises(InvalidOptionError, match="BLEU, CHRF or TER of simpeval.compat.sacrebleu.metrics"):
        PairedTest(SYSTEMS, {"BLEU": sacrebleu.metrics.BLEU()}, REFS, "bs")
    monkeypatch.setenv("SACREBLEU_SEED", "twelve")
    with pytest.raises(InvalidOptionError, match=r"\$SACREBLEU_SEED must be an integer or 'none'"):
        PairedTest(SYSTEMS, {}, REFS, "bs")


@pytest.mark.parametrize("name", METRICS)
def test_signatures_are_sacrebleus_strings(name: str) -> None:
    ours, theirs = getattr(compat.metrics, name)(**METRICS[name]), getattr(sacrebleu.metrics, name)(**METRICS[name])
    hyps = SYSTEMS[1][1]
    for metric in (ours, theirs):
        metric.corpus_score(hyps, REFS, 20)  # sacrebleu's positional n_bootstrap
    assert str(ours.get_signature()) == str(theirs.get_signature())
    assert ours.get_signature().format(short=True) == theirs.get_signature().format(short=True)
    assert str(ours.corpus_score(hyps, REFS, 20)) == str(theirs.corpus_score(hyps, REFS, 20))
    ours.sentence_score(hyps[0], [REFS[0][0]])
    theirs.sentence_score(hyps[0], [REFS[0][0]])
    assert str(ours.get_signature()) == str(theirs.get_signature())


def test_signature_before_any_score_is_sacrebleus_error() -> None:
    with pytest.raises(ValueError, match="Number of references unknown"):
        compat.BLEU().get_signature()
    assert str(compat.BLEU(references=REFS).get_signature()).startswith("nrefs:2|")


def test_options_read_as_attributes() -> None:
    assert compat.BLEU(smooth_method="floor").smooth_method == "floor"
    assert compat.CHRF(beta=3).beta == 3
    with pytest.raises(AttributeError, match="no attribute 'nonsense'"):
        compat.TER().nonsense


@pytest.mark.parametrize(
    "args",
    [([9, 7, 5, 3], [10, 8, 6, 4], 11, 11), ([0, 0, 0, 0], [4, 4, 2, 1], 0, 1), ([6, 5, 4, 0], [6, 5, 4, 3], 6, 6)],
)
@pytest.mark.parametrize("smooth", [("none", None), ("floor", 0.1), ("add-k", 1), ("exp", None)])
def test_compute_bleu_equals_sacrebleus(args: tuple[Any, ...], smooth: tuple[str, Any]) -> None:
    ours = compat.BLEU.compute_bleu(*args, smooth_method=smooth[0], smooth_value=smooth[1])
    theirs = sacrebleu.metrics.BLEU.compute_bleu(*args, smooth_method=smooth[0], smooth_value=smooth[1])
    assert (ours.score, ours.bp, ours.precisions) == (theirs.score, theirs.bp, theirs.precisions)


@pytest.mark.parametrize(
    "options",
    [
        {},
        {"normalized": True},
        {"no_punct": True},
        {"normalized": True, "asian_support": True},
        {"case_sensitive": True},
    ],
)
def test_tercom_tokenizer_is_sacrebleus(options: dict[str, bool]) -> None:
    line = "Jim's \"cat\" costs $3.50, doesn't it? 日本語のテキスト—yes!"
    assert TercomTokenizer(**options)(line) == SacrebleuTercom(**options)(line)
    assert TercomTokenizer().signature() == "tercom"


def test_raw_corpus_bleu_equals_sacrebleus() -> None:
    hyps, refs = ["this is a fest", "am I am a character sequence"], [["this is a test", "I am a symbol string"]]
    for smooth in (None, 0.0, 0.01):
        ours, theirs = compat.raw_corpus_bleu(hyps, refs, smooth), sacrebleu.raw_corpus_bleu(hyps, refs, smooth)
        assert (ours.score, ours.counts, ours.totals) == (theirs.score, theirs.counts, theirs.totals)
