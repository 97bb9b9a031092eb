"""Hugging Face evaluate's call shape returns evaluate's dicts, keys and numbers."""

from __future__ import annotations

import json
from typing import Any

import pytest
import sacrebleu

from simpeval import hf
from simpeval.exceptions import InputLengthMismatchError, InvalidValueError, ReferenceLayoutError

from ..needs import SHARED, import_module, shared_paths

GOLDEN = SHARED / "golden" / "examples.json"


def golden_cases() -> list[dict[str, Any]]:
    cases: list[dict[str, Any]] = json.loads(shared_paths([GOLDEN])[0].read_text(encoding="utf-8"))["cases"]
    return [case for case in cases if "score" in case["results"].get("hf_evaluate", {})]


# The examples of the metric cards of evaluate's sari, sacrebleu, chrf and ter, with the dicts the cards print.
def test_sari_card() -> None:
    result = hf.SARI().compute(
        sources=["About 95 species are currently accepted."],
        predictions=["About 95 you now get in."],
        references=[
            [
                "About 95 species are currently known.",
                "About 95 species are now accepted.",
                "95 species are now accepted.",
            ]
        ],
    )
    assert result == {"sari": 26.953601953601954}


def test_sacrebleu_card() -> None:
    result = hf.SacreBLEU().compute(
        predictions=["hello there general kenobi", "foo bar foobar"],
        references=[["hello there general kenobi", "hello there !"], ["foo bar foobar", "foo bar foobar"]],
    )
    assert result == {
        "score": 100.00000000000004,
        "counts": [7, 5, 3, 1],
        "totals": [7, 5, 3, 1],
        "precisions": [100.0, 100.0, 100.0, 100.0],
        "bp": 1.0,
        "sys_len": 7,
        "ref_len": 7,
    }


def test_chrf_card() -> None:
    result = hf.CHRF().compute(
        predictions=[
            "The relationship between cats and dogs is not exactly friendly.",
            "a good bookshop is just a genteel black hole that knows how to read.",
        ],
        references=[
            ["The relationship between dogs and cats is not exactly friendly."],
            ["A good bookshop is just a genteel Black Hole that knows how to read."],
        ],
    )
    assert result == {"score": 84.64214891738334, "char_order": 6, "word_order": 0, "beta": 2}


def test_ter_card() -> None:
    result = hf.TER().compute(
        predictions=[
            "does this sentence match??",
            "what about this sentence?",
            "What did the TER metric user say to the developer?",
        ],
        references=[
            ["does this sentence match", "does this sentence match!?!"],
            ["wHaT aBoUt ThIs SeNtEnCe?", "wHaT aBoUt ThIs SeNtEnCe?"],
            ["Your jokes are...", "...TERrible"],
        ],
        case_sensitive=True,
    )
    assert result == {"score": 150.0, "num_edits": 15, "ref_length": 10.0}
    assert isinstance(result["num_edits"], int)


def test_sari_equals_evaluate_on_every_golden_case() -> None:
    cases = golden_cases()
    assert len(cases) > 100
    sari = hf.SARI()
    for case in cases:
        refs = case["references"]
        got = sari.compute(sources=case["sources"], predictions=case["predictions"], references=refs)
        assert got["sari"] == pytest.approx(case["results"]["hf_evaluate"]["score"], abs=1e-9), case["id"]


@pytest.mark.parametrize(
    ("options", "theirs"),
    [
        ({}, {}),
        (
            {"lowercase": True, "tokenize": "intl", "smooth_method": "floor", "smooth_value": 0.2},
            {"lowercase": True, "tokenize": "intl", "smooth_method": "floor", "smooth_value": 0.2},
        ),
        ({"use_effective_order": True}, {"use_effective_order": True}),
    ],
)
def test_sacrebleu_options_map_to_sacrebleu(options: dict[str, Any], theirs: dict[str, Any]) -> None:
    preds = ["The cat sat on the mat.", "It is raining today in the big city."]
    refs = [["The cat is on the mat.", "A cat sat on a mat."], ["Today it rains in the city.", "It rains."]]
    result = hf.SacreBLEU().compute(predictions=preds, references=refs, **options)
    expected = sacrebleu.corpus_bleu(preds, [list(r) for r in zip(*refs)], **theirs)
    assert result["score"] == expected.score and result["counts"] == expected.counts
    assert result["sys_len"] == expected.sys_len and result["ref_len"] == expected.ref_len


def test_one_string_per_prediction_is_one_reference() -> None:
    assert hf.SacreBLEU().compute(predictions=["a b c d"], references=["a b c d"])["score"] == pytest.approx(100)


@pytest.mark.parametrize("metric", [hf.SacreBLEU(), hf.CHRF(), hf.TER()], ids=["sacrebleu", "chrf", "ter"])
def test_ragged_references_are_refused_as_evaluate_does(metric: Any) -> None:
    with pytest.raises(ReferenceLayoutError, match="same number of references for each prediction") as info:
        metric.compute(predictions=["a", "b"], references=[["a", "x"], ["b"]])
    assert isinstance(info.value, ValueError)


def test_sari_takes_ragged_references() -> None:
    result = hf.SARI().compute(
        sources=["a b c", "d e f"], predictions=["a b", "d e"], references=[["a b", "a c"], ["d e"]]
    )
    assert 0 <= result["sari"] <= 100


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (
            lambda: hf.SARI().compute(sources=["a"], predictions=["a", "b"], references=[["a"], ["b"]]),
            InputLengthMismatchError,
        ),
        (lambda: hf.SacreBLEU().compute(predictions=["a"], references=[["a"], ["b"]]), InputLengthMismatchError),
        (lambda: hf.CHRF().compute(predictions="a", references=[["a"]]), InvalidValueError),
    ],
)
def test_bad_shapes_are_clear_errors(call: Any, error: type) -> None:
    with pytest.raises(error):
        call()


# ---------------------------------------------------------------- add, add_batch, arrays (evaluate's module API)
def test_add_and_add_batch_accumulate_until_compute() -> None:
    preds = ["The cat sat on the mat.", "It is raining today.", "He left early."]
    refs = [["The cat is on the mat.", "A cat sat."], ["Today it rains.", "It rains."], ["He went early.", "He left."]]
    bleu = hf.SacreBLEU()
    bleu.add(prediction=preds[0], reference=refs[0])
    bleu.add_batch(predictions=preds[1:], references=refs[1:])
    assert bleu.compute(tokenize="intl") == hf.SacreBLEU().compute(predictions=preds, references=refs, tokenize="intl")
    with pytest.raises(ValueError, match="nothing to compute"):  # compute() emptied the stack
        bleu.compute()
    bleu.add_batch(predictions=preds[:1], references=refs[:1])
    both = bleu.compute(predictions=preds[1:], references=refs[1:])  # given inputs join the stack, as in evaluate
    assert both == hf.SacreBLEU().compute(predictions=preds, references=refs)
    sari = hf.SARI()
    sari.add(
        sources="About 95 species are currently accepted.",
        prediction="About 95 you now get in.",
        reference=["About 95 species are currently known.", "About 95 species are now accepted."],
    )
    assert 0 < sari.compute()["sari"] < 100


@pytest.mark.parametrize(
    ("module", "failing"),
    [
        (hf.SacreBLEU, {"smooth_method": "nope"}),  # a bad option
        (hf.CHRF, {"char_ordr": 4}),  # a typo'd keyword
        (hf.SacreBLEU, {"predictions": ["x"], "references": [["a", "b"]]}),  # ragged with what was added
        (hf.TER, {"predictions": ["x", "y"], "references": [["a"]]}),  # a batch of the wrong length
    ],
    ids=["bad-option", "typo", "ragged", "mismatch"],
)
def test_a_failed_compute_keeps_what_was_added(module: Any, failing: dict[str, Any]) -> None:
    preds = ["The cat sat on the mat.", "It is raining today."]
    refs = [["The cat is on the mat."], ["Today it rains."]]
    metric = module()
    metric.add(prediction=preds[0], reference=refs[0])
    metric.add_batch(predictions=preds[1:], references=refs[1:])
    with pytest.raises((ValueError, TypeError)):
        metric.compute(**failing)
    assert metric.compute() == module().compute(predictions=preds, references=refs)  # nothing lost, nothing added
    with pytest.raises(ValueError, match="nothing to compute"):  # the successful compute emptied the stack
        metric.compute()


def test_numpy_arrays_and_pandas_series_are_accepted() -> None:
    np = import_module("numpy")
    pd = import_module("pandas")
    preds = ["The cat sat on the mat.", "It is raining today."]
    refs = [["The cat is on the mat.", "A cat sat."], ["Today it rains.", "It rains."]]
    expected = hf.CHRF().compute(predictions=preds, references=refs)
    assert hf.CHRF().compute(predictions=np.array(preds), references=np.array(refs)) == expected
    assert hf.CHRF().compute(predictions=pd.Series(preds), references=pd.Series(refs)) == expected
    assert hf.CHRF().compute(predictions=tuple(preds), references=[np.array(r) for r in refs]) == expected
    sari = hf.SARI().compute(
        sources=pd.Series(["a b c", "d e f"]),
        predictions=np.array(["a b", "d e"]),
        references=pd.Series([["a b", "a c"], ["d e"]]),
    )
    assert sari == hf.SARI().compute(
        sources=["a b c", "d e f"], predictions=["a b", "d e"], references=[["a b", "a c"], ["d e"]]
    )


@pytest.mark.parametrize(
    ("call", "message"),
    [
        (lambda m: m.compute(predictions=["a"]), r"inputs are missing: \['references'\]"),
        (
            lambda m: m.add_batch(predictions=["a"], references=[["a"]], sources=["x"]),
            r"bad inputs for evaluation module: \['sources'\]",
        ),
        (
            lambda m: m.add_batch(predictions=["a", "b"], references=[["a"]]),
            r"mismatch in the number of predictions \(2\) and references \(1\)",
        ),
        (
            lambda m: m.add_batch(predictions=[1, 2], references=[["a"], ["b"]]),
            "predictions don't match the expected format",
        ),
        (lambda m: m.add(prediction="a", reference=[["nested"]]), "references don't match the expected format"),
        (lambda m: m.compute(), "nothing to compute"),
    ],
)
def test_module_errors_are_value_errors_as_in_evaluate(call: Any, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        call(hf.SacreBLEU())


def _evaluate_sari(sources: list[str], predictions: list[str], references: list[list[str]]) -> float:
    """evaluate's sari script, restated (tests/metrics/sari_oracle.py): each text lowercased and
    13a-tokenized by sacrebleu, SARIsent's (keep + deletion + addition) / 3, the sentence scores
    added left to right, divided by their number, times 100."""
    from sacrebleu.tokenizers.tokenizer_13a import Tokenizer13a

    from ..metrics.sari_oracle import operation_means

    tokenize = Tokenizer13a()

    def normalize(text: str) -> str:
        return tokenize(text.lower())

    total = 0.0
    for src, pred, refs in zip(sources, predictions, references):
        keep, dele, add = operation_means(normalize(src), normalize(pred), [normalize(r) for r in refs], hf=True)
        total += (keep + dele + add) / 3
    return 100 * (total / len(predictions))


@pytest.mark.slow
def test_sari_is_bit_identical_to_evaluates_script() -> None:
    """The same bits as evaluate's sari on random corpora (its sum order: keep + deletion + addition)."""
    import random

    rng = random.Random(376)
    words = "The the a cat dog sat on mat . , big small red it is was don't 95".split()

    def text() -> str:
        return " ".join(rng.choice(words) for _ in range(rng.randint(1, 12)))

    for _ in range(300):
        n = rng.randint(1, 5)
        sources, predictions = [text() for _ in range(n)], [text() for _ in range(n)]
        references = [[text() for _ in range(rng.randint(1, 4))] for _ in range(n)]
        got = hf.SARI().compute(sources=sources, predictions=predictions, references=references)["sari"]
        assert got == _evaluate_sari(sources, predictions, references)
