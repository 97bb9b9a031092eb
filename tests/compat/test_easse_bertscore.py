"""``simpeval.compat.easse.bertscore``: EASSE's ``corpus_bertscore`` computed by simpeval's BERTScore.

The oracle is EASSE's function written out with ``bert_score`` itself (EASSE's ``bertscore.py``:
normalize, regroup the reference streams per output, ``BERTScorer(lang="en",
rescale_with_baseline=True).score``, the mean of each tensor), with the session's tiny BERT and a
baseline file in place of roberta-large and its English baseline (no download).
"""

from __future__ import annotations

import sys
from pathlib import Path

import numpy as np
import pytest

from simpeval.compat.easse.bertscore import EASSE_OPTIONS, corpus_bertscore, get_bertscore_sentence_scores
from simpeval.compat.easse.utils.preprocessing import normalize
from simpeval.exceptions import MissingDependencyError

from ..needs import import_module

HYPS = ["The Cat sat on the mat.", "It rained all day.", "People live in the City.", "Nothing here"]
REFS = [
    ["A cat sat on the mat.", "It rained the whole day.", "The city has many people.", "Nothing."],
    ["The cat was on a mat.", "All day, it rained.", "People in the city.", "Here is nothing"],
]


def _baseline(folder: Path, layers: int) -> str:
    path = folder / "baseline.tsv"
    rows = [f"{k},{0.3 + k / 50:.6f},{0.25 + k / 40:.6f},{0.28 + k / 45:.6f}" for k in range(layers + 1)]
    path.write_text("LAYER,P,R,F\n" + "\n".join(rows) + "\n", encoding="utf-8")
    return str(path)


def _easse_with_bert_score(model: str, baseline: str, lowercase: bool, tokenizer: str) -> list[np.ndarray]:
    """EASSE's ``get_bertscore_sentence_scores``, its scorer given the tiny model and the baseline file."""
    bert_score = import_module("bert_score")
    from transformers.tokenization_utils_base import PreTrainedTokenizerBase

    if not hasattr(PreTrainedTokenizerBase, "build_inputs_with_special_tokens"):  # removed in Transformers 5
        PreTrainedTokenizerBase.build_inputs_with_special_tokens = lambda self, ids: [  # type: ignore[attr-defined]
            self.cls_token_id,
            *ids,
            self.sep_token_id,
        ]
    scorer = bert_score.BERTScorer(
        lang="en", rescale_with_baseline=True, model_type=model, num_layers=2, baseline_path=baseline, nthreads=0
    )
    hyps = [normalize(sent, lowercase, tokenizer) for sent in HYPS]
    streams = [[normalize(sent, lowercase, tokenizer) for sent in stream] for stream in REFS]
    return [t.numpy() for t in scorer.score(hyps, [list(r) for r in zip(*streams)])]


def test_easses_options() -> None:
    assert EASSE_OPTIONS == {"model_type": "roberta-large", "rescale_with_baseline": True, "lang": "en"}


@pytest.mark.learned
@pytest.mark.parametrize(("lowercase", "tokenizer"), [(False, "13a"), (True, "none")])
def test_equal_to_easses_computation(tiny_bert_folder: Path, tmp_path: Path, lowercase: bool, tokenizer: str) -> None:
    baseline = _baseline(tmp_path, 2)
    options = {"model_type": str(tiny_bert_folder), "num_layers": 2, "baseline_path": baseline}
    expected = _easse_with_bert_score(str(tiny_bert_folder), baseline, lowercase, tokenizer)
    rows = get_bertscore_sentence_scores(HYPS, REFS, lowercase, tokenizer, **options)
    for ours, theirs in zip(rows, expected):
        assert str(ours.dtype) == "torch.float32" and ours.shape == (len(HYPS),)
        np.testing.assert_allclose(ours.numpy(), theirs, rtol=0, atol=1e-6)
    means = corpus_bertscore(HYPS, REFS, lowercase=lowercase, tokenizer=tokenizer, **options)
    assert all(isinstance(value, float) for value in means)
    assert means == pytest.approx([float(t.mean()) for t in expected], abs=1e-6)  # EASSE: the tensors' means


@pytest.mark.learned
def test_no_english_baseline_for_another_model_is_one_line(tiny_bert_folder: Path) -> None:
    with pytest.raises(Exception, match="baseline") as error:
        corpus_bertscore(HYPS, REFS, model_type=str(tiny_bert_folder), num_layers=2)
    assert "\n" not in str(error.value)
    plain = corpus_bertscore(HYPS, REFS, model_type=str(tiny_bert_folder), num_layers=2, rescale_with_baseline=False)
    assert all(0 < value <= 1 for value in plain)  # raw cosines of a random model: positive, at most 1


def test_the_learned_extra_missing_is_one_line(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "torch", None)
    for function in (corpus_bertscore, get_bertscore_sentence_scores):
        with pytest.raises(MissingDependencyError) as error:
            function(HYPS, REFS)
        assert '"simplification-metrics[learned]"' in str(error.value) and "\n" not in str(error.value)
