"""Unit tests of SARI's options, presets, signature and input handling."""

from __future__ import annotations

import dataclasses

import numpy as np
import pytest

from simpeval import SARI, Signature, get_metric
from simpeval.exceptions import (
    InputLengthMismatchError,
    InvalidOptionError,
    InvalidValueError,
    MissingSourceError,
    ReferenceLayoutError,
    SimpevalError,
    UnknownTokenizerError,
    UnknownVariantError,
)
from simpeval.metrics.sari import VARIANTS, SARIConfig, sari_segment_counts, variant_settings

SRC = ["About 95 species are currently accepted .", "The cat sat on the mat ."]
HYP = ["About 95 species are now accepted .", "The cat sat ."]
REFS = [
    ["About 95 species are currently known .", "A cat sat on a mat ."],
    ["95 species are now accepted .", "The cat sat ."],
]


def test_default_is_easse() -> None:
    assert SARI().config == VARIANTS["easse"]
    assert SARI().variant == "easse"


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_preset_scores_and_names_itself(variant: str) -> None:
    score = SARI(variant).corpus_score(HYP, REFS, sources=SRC)
    assert 0.0 <= score.score <= 100.0
    assert score.signature["variant"] == variant
    assert score.signature["nrefs"] == "2"
    assert Signature.parse(score.signature.format()) == score.signature
    assert Signature.parse(score.signature.format(short=True)) == score.signature


def test_options_override_preset_and_leave_variant_custom() -> None:
    metric = SARI("easse", tokenize="intl", lowercase=False)
    assert metric.config == dataclasses.replace(VARIANTS["easse"], tokenize="intl", lowercase=False)
    assert metric.variant == "custom"
    sig = metric.get_signature(nrefs=2)
    assert sig["tok"] == "intl" and sig["case"] == "mixed" and sig["variant"] == "custom"


def test_override_that_matches_another_preset_is_named_after_it() -> None:
    assert SARI("easse", deletion="precision").variant == "easse-delp"


def test_signature_records_every_setting() -> None:
    sig = SARI("hf").get_signature(nrefs=10).format()
    assert sig.startswith("SARI|nrefs:10|variant:hf|case:lc|tok:13a|")
    for field in (
        "src:norm",
        "split:space",
        "agg:sent",
        "del:prec",
        "avg:f1",
        "zero:1",
        "prec:ngram",
        "krec:pooled",
        "dmatch:sub",
        "ngram:count",
        "rweight:all",
        "addf:all",
        "order:4",
    ):
        assert f"|{field}|" in sig
    assert sig.endswith("|version:" + SARI().get_signature()["version"])


def test_aliases() -> None:
    assert SARI("evaluate").config == VARIANTS["hf"]
    assert get_metric("sari", variant="t2t").config == VARIANTS["t2t"]


def test_variant_settings_lists_options() -> None:
    assert variant_settings("easse-legacy")["normalize_source"] is False


@pytest.mark.parametrize(
    ("options", "error", "fragment"),
    [
        ({"variant": "nope"}, UnknownVariantError, "easse, easse-paper"),
        ({"tokenize": "nope"}, UnknownTokenizerError, "13a"),
        ({"deletion": "recall"}, InvalidOptionError, "'f1', 'precision'"),
        ({"zero_division": 2}, InvalidOptionError, "zero_division"),
        ({"zero_division": True}, InvalidOptionError, "zero_division"),
        ({"max_order": 0}, InvalidOptionError, "max_order"),
        ({"lowercase": "yes"}, InvalidOptionError, "lowercase"),
    ],
)
def test_bad_options(options: dict, error: type, fragment: str) -> None:
    with pytest.raises(error, match=fragment):
        SARI(**options)


def test_unknown_option_names_the_valid_ones() -> None:
    with pytest.raises(TypeError, match="colour"):  # the options are spelled out in SARI's signature
        SARI(colour="blue")  # type: ignore[call-arg]
    with pytest.raises(InvalidOptionError, match="colour.*valid options: .*aggregate"):
        get_metric("sari", colour="blue")


def test_unknown_variant_is_a_key_error_too() -> None:
    with pytest.raises(KeyError):
        SARI("nope")


def test_missing_source() -> None:
    with pytest.raises(MissingSourceError, match="sources"):
        SARI().corpus_score(HYP, REFS)


def test_length_mismatch_names_counts() -> None:
    with pytest.raises(InputLengthMismatchError, match="2 hypotheses, 1 sources"):
        SARI().corpus_score(HYP, REFS, sources=SRC[:1])
    with pytest.raises(ReferenceLayoutError, match=r"lengths \[2, 1\]"):
        SARI().corpus_score(HYP, [REFS[0], REFS[1][:1]], sources=SRC)


def test_per_segment_layout_is_detected_not_guessed() -> None:
    per_segment = [["r1", "r2", "r3"], ["r1", "r2", "r3"]]  # 2 segments x 3 refs
    with pytest.raises(ReferenceLayoutError, match=r"References\.from_segments"):
        SARI().corpus_score(HYP, per_segment, sources=SRC)


@pytest.mark.parametrize("bad", ["a string", [["ok", 3]], [None]])
def test_bad_reference_types(bad: object) -> None:
    with pytest.raises(SimpevalError):
        SARI().corpus_score(HYP[:1] * 2, bad, sources=SRC)  # type: ignore[arg-type]


def test_bad_hypothesis_types() -> None:
    with pytest.raises(SimpevalError, match=r"hypotheses\[1\] must be a string"):
        SARI().corpus_score(["a", None], REFS, sources=SRC)  # type: ignore[list-item]
    with pytest.raises(SimpevalError, match="sequence or iterable of strings"):
        SARI().corpus_score("a b", REFS, sources=SRC)
    with pytest.raises(SimpevalError, match="at least one segment"):
        SARI().corpus_score([], [[]], sources=[])


def test_sentence_score_equals_corpus_of_one() -> None:
    for variant in VARIANTS:
        metric = SARI(variant)
        one = metric.sentence_score(HYP[0], [r[0] for r in REFS], source=SRC[0])
        corpus = metric.corpus_score(HYP[:1], [r[:1] for r in REFS], sources=SRC[:1])
        assert one == corpus


def test_variable_references_are_none_in_streams() -> None:
    streams = [["ref a", "ref b"], ["ref a2", None]]
    score = SARI().corpus_score(["hyp a", "hyp b"], streams, sources=["src a", "src b"])
    assert score.signature["nrefs"] == "var"
    # segment 1 with one reference scores like a corpus of its own with that reference
    alone = SARI().sentence_score("hyp b", ["ref b"], source="src b")
    stats = SARI().corpus_stats(["hyp a", "hyp b"], streams, sources=["src a", "src b"])
    assert SARI().score_from_stats(stats[1]).score == alone.score


def test_missing_reference_differs_from_empty_reference() -> None:
    # An empty reference counts as a reference (it weighs the counts); None does not exist.
    with_empty = SARI().sentence_score("a b", ["a b", ""], source="a b c")
    with_missing = SARI().corpus_score(["a b"], [["a b"], [None]], sources=["a b c"])
    assert with_empty.signature["nrefs"] == "2" and with_missing.signature["nrefs"] == "1"
    assert with_missing.score == SARI().sentence_score("a b", ["a b"], source="a b c").score
    assert with_empty.score != with_missing.score


def test_zero_references_follow_each_convention() -> None:
    hf = SARI("hf").sentence_score("a b d", [], source="a b c")
    easse = SARI("easse").sentence_score("a b d", [], source="a b c")
    assert hf.signature["nrefs"] == "0"
    assert easse.score == 0.0  # EASSE: every count is zero, 0/0 = 0
    assert hf.score > 0.0  # HF: 0/0 = 1


def test_corpus_score_is_score_of_summed_stats() -> None:
    for variant in VARIANTS:
        metric = SARI(variant)
        stats = metric.corpus_stats(HYP, REFS, sources=SRC)
        assert stats.dtype == np.float64 and stats.shape == (2, metric.n_stats)
        assert metric.score_from_stats(stats.sum(axis=0)).score == metric.corpus_score(HYP, REFS, sources=SRC).score


def test_sentence_aggregation_is_mean_of_sentence_scores() -> None:
    metric = SARI("hf")
    sentence = metric.sentence_scores(HYP, REFS, sources=SRC)
    assert metric.corpus_score(HYP, REFS, sources=SRC).score == pytest.approx(sentence.mean(), abs=1e-12)


def test_breakdown_has_one_value_per_order() -> None:
    score = SARI(max_order=3).corpus_score(HYP, REFS, sources=SRC)
    assert score.signature["order"] == "3"
    assert set(score.breakdown) == {
        f"{op}_{kind}" for op in ("add", "keep", "delete") for kind in ("precision", "recall", "f1")
    }
    assert all(len(v) == 3 for v in score.breakdown.values())


def test_score_from_stats_checks_shape() -> None:
    with pytest.raises(InvalidValueError, match="vector of 48"):
        SARI().score_from_stats(np.zeros(5))


def test_keep_bug_toy_example() -> None:
    """The keep recall as Xu et al.'s code computes it, not as the paper writes it.

    I='a b', O='b', refs 'a b','a': the code gives r_keep(1)=1/2, the paper 1/3."""
    tokens = ("a b".split(), "b".split(), [["a", "b"], ["a"]])
    buggy = sari_segment_counts(*tokens, VARIANTS["xu2016"])
    fixed = sari_segment_counts(*tokens, VARIANTS["hf"])
    assert buggy[2] / buggy[3] == pytest.approx(1 / 2)
    assert fixed[2] / fixed[3] == pytest.approx(1 / 3)


def test_legacy_leaves_source_untouched() -> None:
    # With the source used as given, a capitalised source word is never "kept" by a lowercased output.
    legacy = SARI("easse-legacy").sentence_score("the cat", ["the cat"], source="The cat")
    easse = SARI("easse").sentence_score("the cat", ["the cat"], source="The cat")
    assert legacy.components["keep"] < easse.components["keep"]


def test_config_is_frozen() -> None:
    with pytest.raises(dataclasses.FrozenInstanceError):
        SARIConfig().lowercase = False  # type: ignore[misc]
