"""sacrebleu users switch by changing an import.

The cases of sacrebleu's own test suite (test/test_bleu.py, test_sentence_bleu.py, test_chrf.py,
sacrebleu 2.x), ported to simpeval's functions, metric classes and Score objects; plus the
attributes and printed lines of sacrebleu's score objects (simpeval.compat.sacrebleu's scores),
compared with sacrebleu's live.
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

# ---------------------------------------------------------------- sacrebleu/test/test_bleu.py
EPSILON = 1e-8
REFS = [
    ["The dog bit the man.", "It was not unexpected.", "The man bit him first."],
    ["The dog had bit the man.", "No one was surprised.", "The man had bitten the dog."],
]
HYPS = ["The dog bit the man.", "It wasn't surprising.", "The man had just bitten him."]


@pytest.mark.parametrize(
    ("hypotheses", "kwargs", "expected"),
    [
        (HYPS, {}, 48.530827),
        (("", "", ""), {}, 0.0),  # empty hypotheses are not removed
        (HYPS, {"tokenize": "none"}, 49.1919566),
        (HYPS, {"tokenize": "13a"}, 48.530827),
        (HYPS, {"tokenize": "intl"}, 43.91623493),
        (HYPS, {"smooth_method": "none"}, 48.530827),
    ],
)
def test_corpus_bleu(hypotheses: Any, kwargs: dict[str, Any], expected: float) -> None:
    assert abs(simpeval.corpus_bleu(hypotheses, REFS, **kwargs).score - expected) < EPSILON


@pytest.mark.parametrize(
    ("hypotheses", "references", "expected"),
    [
        (["this is a test", "another test"], ["ref1", "ref2"], 0.003799178428257963),
        (["this is a test"], ["this is a test"], 1.0),
        (["this is a fest"], ["this is a test"], 0.223606797749979),
        (["test"], ["a test"], 0.3678794411714425),
        (["a test"], ["a test"], 1.0),
        (["a little test"], ["a test"], 0.03218297948685433),
    ],
)
def test_raw_corpus_bleu(hypotheses: list[str], references: list[str], expected: float) -> None:
    """sacrebleu's raw_corpus_bleu: floor smoothing 0.01, no tokenization, force. The first case's
    figure is from sacrebleu 1.x's test suite; sacrebleu 2.x gives 0.0 (no matching unigram), as
    simpeval does, so that case is checked against the installed sacrebleu."""
    score = simpeval.corpus_bleu(
        hypotheses,
        [references],
        smooth_method="floor",
        smooth_value=0.01,
        force=True,
        tokenize="none",
        use_effective_order=True,
    )
    assert score.score == sacrebleu.raw_corpus_bleu(hypotheses, [references], 0.01).score
    if score.counts[0]:
        assert abs(score.score / 100 - expected) < EPSILON


def test_statistics() -> None:
    score = simpeval.corpus_bleu(
        ["am I am a character sequence"],
        [["I am a symbol string sequence a a"]],
        smooth_method="floor",
        smooth_value=0.01,
        tokenize="none",
        force=True,
    )
    assert (score.counts, score.totals) == ([4, 2, 1, 0], [6, 5, 4, 3])


def test_offset() -> None:
    hyp, ref = ["am I am a character sequence"], [["I am a symbol string sequence a a"]]
    kwargs: dict[str, Any] = {"smooth_method": "floor", "tokenize": "none", "force": True}
    assert simpeval.corpus_bleu(hyp, ref, smooth_value=0.0, **kwargs).score == 0.0
    assert abs(simpeval.corpus_bleu(hyp, ref, smooth_value=None, **kwargs).score / 100 - 0.1555722182) < EPSILON


# ---------------------------------------------------------------- test_sentence_bleu.py
REF = "producţia de zahăr brut se exprimă în zahăr alb;"
SYS = "Producția de zahăr primă va fi exprimată în ceea ce privește zahărul alb;"


@pytest.mark.parametrize(
    ("smooth_method", "smooth_value", "lowercase", "tok", "expected"),
    [
        ("exp", None, False, "13a", 8.493),
        ("none", None, False, "13a", 0.0),
        ("floor", None, False, "13a", 4.51688),
        ("floor", 0.1, False, "13a", 4.51688),
        ("floor", 0.5, False, "13a", 10.10),
        ("add-k", None, False, "13a", 14.882),
        ("add-k", 1, False, "13a", 14.882),
        ("add-k", 2, False, "13a", 21.389),
        ("exp", None, False, "none", 7.347),
        ("exp", None, False, "intl", 8.493),
        ("exp", None, False, "char", 40.8759),
        ("exp", None, True, "char", 42.0267),
    ],
)
def test_sentence_bleu(smooth_method: str, smooth_value: Any, lowercase: bool, tok: str, expected: float) -> None:
    compat = simpeval.sentence_bleu(
        SYS, [REF], smooth_method=smooth_method, smooth_value=smooth_value, tokenize=tok, lowercase=lowercase
    )
    api = BLEU(
        lowercase=lowercase, tokenize=tok, smooth_method=smooth_method, smooth_value=smooth_value, effective_order=True
    ).sentence_score(SYS, [REF])
    assert abs(compat.score - expected) < 1e-3 and compat.score == api.score


@pytest.mark.parametrize(
    "smooth", [("exp", None), ("none", None), ("floor", None), ("floor", 0.1), ("add-k", None), ("add-k", 1)]
)
def test_sentence_bleu_zero(smooth: tuple[str, Any]) -> None:
    score = BLEU(smooth_method=smooth[0], smooth_value=smooth[1], effective_order=True).sentence_score(
        "this is a cat", ["okay thanks"]
    )
    assert score.score == 0.0


# ---------------------------------------------------------------- test_chrf.py
@pytest.mark.parametrize(
    ("hypotheses", "references", "expected"),
    [
        (["abcdefg"], ["hijklmnop"], 0.0),
        (["a"], ["b"], 0.0),
        ([""], ["b"], 0.0),
        ([""], ["ref"], 0.0),
        ([""], ["reference"], 0.0),
        (["aa"], ["ab"], 8.3333),
        (["a", "b"], ["a", "c"], 8.3333),
        (["a"], ["a"], 16.6667),
        (["a b c"], ["a b c"], 50.0),
        (["a b c"], ["abc"], 50.0),
        (
            [
                " risk assessment must be made of those who are qualified and expertise in the sector - these are the scientists ."
            ],
            [
                "risk assessment has to be undertaken by those who are qualified and expert in that area - that is the scientists ."
            ],
            63.361730,
        ),
        (
            [" Die    Beziehung zwischen  Obama und Netanjahu ist nicht gerade  freundlich. "],
            ["Das Verhältnis zwischen Obama und Netanyahu ist nicht gerade freundschaftlich."],
            64.1302698,
        ),
        (
            ["Niemand hat die Absicht, eine Mauer zu errichten"],
            ["Niemand hat die Absicht, eine Mauer zu errichten"],
            100.0,
        ),
    ],
)
def test_chrf_eps_smoothing(hypotheses: list[str], references: list[str], expected: float) -> None:
    score = simpeval.corpus_chrf(hypotheses, [references], char_order=6, word_order=0, beta=3, eps_smoothing=True)
    assert abs(score.score - expected) < 1e-4


@pytest.mark.parametrize(
    ("hypotheses", "references", "expected"),
    [
        (["a"], ["a"], 100.0),
        ([""], ["reference"], 0.0),
        (["a b c"], ["a b c"], 100.0),
        (["a b c"], ["abc"], 100.0),
        ([""], ["c"], 0.0),
        (["a", "b"], ["a", "c"], 50.0),
        (["aa"], ["ab"], 25.0),
    ],
)
def test_chrf_effective_order(hypotheses: list[str], references: list[str], expected: float) -> None:
    assert abs(simpeval.corpus_chrf(hypotheses, [references], beta=3).score - expected) < 1e-4


@pytest.mark.parametrize(
    ("hypothesis", "expected"),
    [
        (["Die Beziehung zwischen Obama und Netanjahu ist nicht gerade freundlich."], 67.3481606),
        (
            [
                "risk assessment must be made of those who are qualified and expertise in the sector - these are the scientists ."
            ],
            65.2414427,
        ),
    ],
)
def test_chrf_keep_whitespace(hypothesis: list[str], expected: float) -> None:
    refs = {
        67.3481606: ["Das Verhältnis zwischen Obama und Netanyahu ist nicht gerade freundschaftlich."],
        65.2414427: [
            "risk assessment has to be undertaken by those who are qualified and expert in that area - that is the scientists ."
        ],
    }
    score = simpeval.corpus_chrf(hypothesis, [refs[expected]], beta=3, remove_whitespace=False)
    assert abs(score.score - expected) < 1e-4


@pytest.mark.parametrize(
    ("hypothesis", "reference", "expected"),
    [
        (
            "Co nás nejvíc trápí, protože lékaři si vybírají, kdo bude žít a kdo zemře.",
            "Nejvíce smutní jsme z toho, že musíme rozhodovat o tom, kdo bude žít a kdo zemře.",
            39.14078509,
        ),
        (
            "Nebo prostě nemají vybavení, které by jim pomohlo, uvedli lékaři.",
            "A někdy nemáme ani potřebný materiál, abychom jim pomohli, popsali lékaři.",
            31.22557079,
        ),
        (
            "Lapali po dechu, jejich životy skončily dřív, než skutečně začaly.",
            "Lapali po dechu a pak jejich život skončil - dřív, než skutečně mohl začít, připomněli.",
            57.15704367,
        ),
    ],
)
def test_chrf_sentence_level(hypothesis: str, reference: str, expected: float) -> None:
    assert abs(simpeval.sentence_chrf(hypothesis, [reference], eps_smoothing=True).score - expected) < 1e-4


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
