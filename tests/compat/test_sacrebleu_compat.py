"""sacrebleu users switch by changing an import: the score objects of ``simpeval.compat.sacrebleu``.

Their attributes and printed lines (plain, ``format(...)``, JSON, with a bootstrap interval) are
compared with sacrebleu's live; then references given to the constructor. The cases of sacrebleu's
own test suite (``test/test_bleu.py``, ``test_sentence_bleu.py``, ``test_chrf.py``, ...) run
unchanged against ``simpeval.compat.sacrebleu`` in ``tests/compat/test_sacrebleu_suite.py``.
"""

from __future__ import annotations

import json
from typing import Any

import pytest
import sacrebleu

import simpeval
from simpeval import BLEU, CHRF, TER
from simpeval.compat.sacrebleu import metrics as fronts
from simpeval.compat.sacrebleu.score import sacrebleu_score

# sacrebleu's README example (sacrebleu/test/test_bleu.py)
REFS = [
    ["The dog bit the man.", "It was not unexpected.", "The man bit him first."],
    ["The dog had bit the man.", "No one was surprised.", "The man had bitten the dog."],
]
HYPS = ["The dog bit the man.", "It wasn't surprising.", "The man had just bitten him."]


# ---------------------------------------------------------------- score objects, against sacrebleu's live
@pytest.mark.parametrize(
    ("ours", "theirs"),
    [
        (lambda: simpeval.corpus_bleu(HYPS, REFS), lambda: sacrebleu.corpus_bleu(HYPS, REFS)),
        (
            lambda: simpeval.corpus_chrf(HYPS, REFS, word_order=2),
            lambda: sacrebleu.corpus_chrf(HYPS, REFS, word_order=2),
        ),
        (lambda: simpeval.corpus_ter(HYPS, REFS), lambda: sacrebleu.corpus_ter(HYPS, REFS)),
        (
            lambda: simpeval.sentence_ter(HYPS[1], [r[1] for r in REFS]),
            lambda: sacrebleu.sentence_ter(HYPS[1], [r[1] for r in REFS]),
        ),
    ],
    ids=["bleu", "chrf++", "ter", "sentence-ter"],
)
def test_scores_read_and_print_as_sacrebleus(ours: Any, theirs: Any) -> None:
    a, b = ours(), theirs()
    assert (
        str(a) == str(b)
        and a.format(width=4) == b.format(width=4)
        and a.format(score_only=True) == b.format(score_only=True)
    )
    assert a.name == b.name
    for attribute in (
        "bp",
        "counts",
        "totals",
        "precisions",
        "sys_len",
        "ref_len",
        "prec_str",
        "char_order",
        "word_order",
        "beta",
        "num_edits",
        "ref_length",
    ):
        if hasattr(b, attribute):
            assert getattr(a, attribute) == getattr(b, attribute), attribute
            assert type(getattr(a, attribute)) is type(getattr(b, attribute)), attribute
    signature = a.signature.format(prefix=False).removesuffix(f"|simpeval:{simpeval.__version__}")
    assert a.format(signature=signature) == b.format(signature=str(theirs_signature(b)))
    assert json.loads(a.format(signature=signature, is_json=True)) == json.loads(
        b.format(signature=str(theirs_signature(b)), is_json=True)
    )


def theirs_signature(score: Any) -> Any:
    metric = {"BLEU": sacrebleu.BLEU(), "TER": sacrebleu.TER()}.get(score.name) or sacrebleu.CHRF(word_order=2)
    metric.corpus_score(HYPS, REFS)  # sets nrefs
    return metric.get_signature()


def test_unknown_attributes_are_attribute_errors() -> None:
    score = TER().corpus_score(HYPS, REFS)
    with pytest.raises(AttributeError, match="no attribute 'bp'"):
        _ = score.bp
    assert not hasattr(CHRF().corpus_score(HYPS, REFS), "counts")


@pytest.mark.parametrize(
    ("ours", "theirs"),
    [(BLEU, sacrebleu.BLEU), (CHRF, sacrebleu.CHRF), (TER, sacrebleu.TER)],
    ids=["bleu", "chrf", "ter"],
)
def test_n_bootstrap_gives_sacrebleus_mean_and_interval(ours: Any, theirs: Any) -> None:
    hyps = [f"{h} number {k}" for k in range(20) for h in HYPS]
    refs = [[f"{r} number {k}" for k in range(20) for r in stream] for stream in REFS]
    front = getattr(fronts, ours.__name__)  # the same metric, its scores printed as sacrebleu's
    a, b = front().corpus_score(hyps, refs, n_bootstrap=300), theirs().corpus_score(hyps, refs, n_bootstrap=300)
    assert str(a) == str(b) and a.format(width=4, score_only=True) == b.format(width=4, score_only=True)
    assert a.ci is not None and a.ci.n_samples == 300 and a.ci.low <= a.score <= a.ci.high
    assert a.signature["bs"] == "300" and a.signature["seed"] == "12345"
    assert ours().corpus_score(hyps, refs).ci is None


def test_n_bootstrap_is_checked() -> None:
    with pytest.raises(simpeval.exceptions.InvalidOptionError, match="n_bootstrap"):
        BLEU().corpus_score(HYPS, REFS, n_bootstrap=0)


@pytest.mark.parametrize(
    ("ours", "theirs"),
    [(BLEU, sacrebleu.BLEU), (CHRF, sacrebleu.CHRF), (TER, sacrebleu.TER)],
    ids=["bleu", "chrf", "ter"],
)
def test_references_given_to_the_constructor(ours: Any, theirs: Any) -> None:
    metric = ours(references=REFS)
    assert str(sacrebleu_score(metric.corpus_score(HYPS))) == str(theirs(references=REFS).corpus_score(HYPS, None))
    assert metric.corpus_score(HYPS).score == ours().corpus_score(HYPS, REFS).score
    assert metric.corpus_score(HYPS, [REFS[0]]).score == ours().corpus_score(HYPS, [REFS[0]]).score  # a call's own win
    assert list(metric.sentence_scores(HYPS)) == list(ours().sentence_scores(HYPS, REFS))
    with pytest.raises(simpeval.exceptions.ReferenceLayoutError, match="none were given to the constructor"):
        ours().corpus_score(HYPS)
