"""BLEU, chrF and TER must give exactly sacrebleu's scores and signatures.

Every check compares with ``==``: the wrappers hand sacrebleu the same Python numbers it
would compute itself, so scores are bit-identical, not merely close.
"""

from __future__ import annotations

import importlib.util
import inspect
import itertools
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest
import sacrebleu
from hypothesis import given, settings
from hypothesis import strategies as st

import simpeval
from simpeval import get_metric
from simpeval.exceptions import (
    InputLengthMismatchError,
    InvalidInputError,
    InvalidOptionError,
    InvalidValueError,
    MissingDependencyError,
    ReferenceLayoutError,
    SimpevalError,
    UnknownTokenizerError,
)
from simpeval.metrics import Signature
from simpeval.metrics.bleu import BLEU, BLEUConfig
from simpeval.metrics.chrf import CHRF
from simpeval.metrics.ter import TER

from ..needs import SHARED, shared_paths

# --------------------------------------------------------------------------- data

HYPS = [
    "The cat sat on the mat.",
    "It is raining cats and dogs today!",
    "",
    "Ça va très bien, merci — et toi ?",
    'He said: "Don\'t do that" (again).',
    "数学は難しいです。",
    "我喜欢吃苹果。",
    "The U.S. economy grew 3.5% in 2019, analysts said .",
    "the the the the the",
    "A short one",
]

_REF_A = [
    "The cat is sitting on the mat.",
    "Today it is raining cats and dogs!",
    "Nothing was produced.",
    "Ça va très bien, merci, et toi ?",
    'He said: "Do not do that" (again).',
    "数学はとても難しい。",
    "我很喜欢吃苹果。",
    "Analysts said the US economy grew by 3.5% in 2019.",
    "The cat is on the mat.",
    "A short sentence",
]
_REF_B = [
    "A cat sat on the mat.",
    "It rains heavily today.",
    "",
    "TRÈS BIEN, MERCI — ET TOI ?",
    "He told them not to do that again.",
    "数学は難しい。",
    "我爱吃苹果",
    "In 2019, the U.S. economy grew 3.5 percent, analysts said.",
    "the cat",
    "a short one",
]
_REF_C = [
    "On the mat sat the cat.",
    "It is pouring today.",
    "Empty.",
    "ça va, merci, et toi?",
    '"Don\'t do that," he said again.',
    "数学が難しいです。",
    "我喜欢苹果。",
    "The economy of the U.S. grew 3.5% in 2019.",
    "there there",
    "short",
]

#: name -> reference streams (references[j][i] = reference j of segment i).
REFERENCE_SETS: dict[str, list[list[str | None]]] = {
    "1ref": [_REF_A],
    "3refs": [_REF_A, _REF_B, _REF_C],
    "var-refs": [
        _REF_A,
        [None if i % 3 == 0 else r for i, r in enumerate(_REF_B)],
        [r if i % 2 == 0 else None for i, r in enumerate(_REF_C)],
    ],
}


def sacrebleus_part(signature: Signature) -> Signature:
    """The signature without simpeval's own version field (sacrebleu prints none)."""
    assert signature["simpeval"] == simpeval.__version__
    fields = tuple(field for field in signature.fields if field[0] != "simpeval")
    return Signature(signature.metric, fields, signature.abbreviations)


def _has_module(*names: str) -> bool:
    return all(importlib.util.find_spec(name) is not None for name in names)


HAS_JA_MECAB = _has_module("MeCab", "ipadic")

# ------------------------------------------------------------------ option grid


def _bleu_id(kwargs: dict[str, Any]) -> str:
    return "-".join(f"{k}={v}" for k, v in kwargs.items()) or "default"


_BLEU_TOKENIZERS = [
    "none",
    "13a",
    "intl",
    "char",
    "zh",
    pytest.param("ja-mecab", marks=pytest.mark.skipif(not HAS_JA_MECAB, reason="MeCab/ipadic not installed")),
]
BLEU_CASES: list[Any] = []
for _tok in _BLEU_TOKENIZERS:
    _marks = _tok.marks if not isinstance(_tok, str) else ()
    _name = _tok if isinstance(_tok, str) else _tok.values[0]
    for _lc in (False, True):
        _kw = {"tokenize": _name, "lowercase": _lc}
        BLEU_CASES.append(pytest.param(_kw, id=_bleu_id(_kw), marks=_marks))
for _method, _value in [
    ("exp", None),
    ("floor", None),
    ("floor", 0.5),
    ("add-k", None),
    ("add-k", 2),
    ("add-k", 0.5),
    ("none", None),
]:
    for _eff in (False, True):
        _kw = {"smooth_method": _method, "smooth_value": _value, "effective_order": _eff}
        BLEU_CASES.append(pytest.param(_kw, id=_bleu_id(_kw)))
for _order in (1, 2, 6):
    for _eff in (False, True):
        _kw = {"max_ngram_order": _order, "effective_order": _eff}
        BLEU_CASES.append(pytest.param(_kw, id=_bleu_id(_kw)))
BLEU_CASES.append(pytest.param({"trg_lang": "zh"}, id="trg_lang=zh"))

CHRF_CASES: list[Any] = [
    pytest.param(kw, id=_bleu_id(kw))
    for kw in [
        {},
        {"word_order": 2},
        {"char_order": 4},
        {"char_order": 1, "word_order": 2},
        {"char_order": 0, "word_order": 2},
        {"beta": 1},
        {"beta": 3, "word_order": 2},
        {"beta": 0},
        {"lowercase": True},
        {"whitespace": True},
        {"eps_smoothing": True},
        {"eps_smoothing": True, "word_order": 2, "lowercase": True, "whitespace": True},
    ]
]

TER_CASES: list[Any] = [
    pytest.param(
        dict(zip(("normalized", "no_punct", "asian_support", "case_sensitive"), flags)),
        id="-".join(name for name, on in zip(("norm", "nopunct", "asian", "cased"), flags) if on) or "default",
    )
    for flags in itertools.product((False, True), repeat=4)
]

SACREBLEU_CLASSES: dict[type, Callable[..., Any]] = {
    BLEU: sacrebleu.BLEU,
    CHRF: sacrebleu.CHRF,
    TER: sacrebleu.TER,
}

# ----------------------------------------------------------------- parity check


def _segment_refs(references: list[list[str | None]], i: int) -> list[str]:
    return [stream[i] for stream in references if stream[i] is not None]


def assert_parity(ours: Any, theirs: Any, hyps: list[str], references: list[list[str | None]]) -> None:
    """Corpus score, components, sentence scores and signatures equal sacrebleu's exactly."""
    score = ours.corpus_score(hyps, references)
    expected = theirs.corpus_score(hyps, references)
    expected_signature = theirs.get_signature()  # before sentence_score resets num_refs

    assert score.score == expected.score
    assert score.metric == expected.name
    assert sacrebleus_part(score.signature).format(prefix=False) == expected_signature.format()
    assert sacrebleus_part(score.signature).format(short=True, prefix=False) == expected_signature.format(short=True)
    assert Signature.parse(score.signature.format(short=True)) == score.signature
    assert Signature.parse(score.signature.format()) == score.signature

    if isinstance(ours, BLEU):
        assert score.components == {}
        assert {k: score.details[k] for k in ("bp", "sys_len", "ref_len", "ratio")} == {
            "bp": expected.bp,
            "sys_len": expected.sys_len,
            "ref_len": expected.ref_len,
            "ratio": expected.ratio,
        }
        assert score.breakdown == {"precisions": tuple(expected.precisions)}
        # sacrebleu's reported counts and totals (add-k smoothing adds k to orders 2 and up)
        assert score.details["counts"] == tuple(expected.counts)
        assert score.details["totals"] == tuple(expected.totals)
    elif isinstance(ours, TER):
        assert score.details == {"num_edits": expected.num_edits, "ref_length": expected.ref_length}

    sentence_scores = ours.sentence_scores(hyps, references)
    for i, hyp in enumerate(hyps):
        refs = _segment_refs(references, i)
        want = theirs.sentence_score(hyp, refs).score
        assert ours.sentence_score(hyp, refs).score == want, f"segment {i}"
        assert sentence_scores[i] == want, f"segment {i}"


@pytest.mark.parametrize("references", list(REFERENCE_SETS.values()), ids=list(REFERENCE_SETS))
@pytest.mark.parametrize("kwargs", BLEU_CASES)
def test_bleu_parity(kwargs: dict[str, Any], references: list[list[str | None]]) -> None:
    assert_parity(BLEU(**kwargs), sacrebleu.BLEU(**kwargs), HYPS, references)


@pytest.mark.parametrize("references", list(REFERENCE_SETS.values()), ids=list(REFERENCE_SETS))
@pytest.mark.parametrize("kwargs", CHRF_CASES)
def test_chrf_parity(kwargs: dict[str, Any], references: list[list[str | None]]) -> None:
    assert_parity(CHRF(**kwargs), sacrebleu.CHRF(**kwargs), HYPS, references)


@pytest.mark.parametrize("references", list(REFERENCE_SETS.values()), ids=list(REFERENCE_SETS))
@pytest.mark.parametrize("kwargs", TER_CASES)
def test_ter_parity(kwargs: dict[str, Any], references: list[list[str | None]]) -> None:
    assert_parity(TER(**kwargs), sacrebleu.TER(**kwargs), HYPS, references)


def test_chrf_plus_plus_registry_name() -> None:
    metric = get_metric("chrf++")
    assert isinstance(metric, CHRF)
    assert metric.corpus_score(HYPS, [_REF_A]).metric == "chrF2++"


# ------------------------------------------------------------------- real data


def _read_lines(path: Path) -> list[str]:
    return open(path, encoding="utf-8").read().splitlines()


@pytest.fixture(scope="module")
def asset_access() -> tuple[list[str], list[list[str | None]]]:
    corpora = SHARED / "corpora"
    system = corpora / "system_outputs" / "turkcorpus_test" / "ACCESS"
    ref_paths = [corpora / "asset" / f"asset.test.simp.{j}" for j in range(10)]
    shared_paths([system, *ref_paths])
    hyps = _read_lines(system)
    refs: list[list[str | None]] = [list(_read_lines(p)) for p in ref_paths]
    assert len(hyps) == 359 and all(len(r) == 359 for r in refs)
    return hyps, refs


@pytest.mark.slow
@pytest.mark.parametrize("cls", [BLEU, CHRF, TER], ids=lambda c: c.__name__)
def test_asset_access_parity(cls: type, asset_access: tuple[list[str], list[list[str | None]]]) -> None:
    hyps, refs = asset_access
    ours = cls().corpus_score(hyps, refs)
    theirs_metric = SACREBLEU_CLASSES[cls]()
    theirs = theirs_metric.corpus_score(hyps, refs)
    assert ours.score == theirs.score
    assert sacrebleus_part(ours.signature).format(prefix=False) == theirs_metric.get_signature().format()
    assert ours.signature["nrefs"] == "10"


# ------------------------------------------------------------------- contract

WRAPPERS = [BLEU, CHRF, TER]
_wrapper_ids = [c.__name__ for c in WRAPPERS]


@pytest.mark.parametrize("cls", WRAPPERS, ids=_wrapper_ids)
def test_constructor_mirrors_sacrebleu(cls: type) -> None:
    def params(fn: Any, skip: tuple[str, ...]) -> list[tuple[str, Any]]:
        return [(p.name, p.default) for p in inspect.signature(fn).parameters.values() if p.name not in skip]

    # simpeval's own keyword-only ``engine`` (who extracts the statistics) comes on top
    assert params(cls.__init__, ("self", "engine")) == params(SACREBLEU_CLASSES[cls].__init__, ("self",))


@pytest.mark.parametrize("cls", WRAPPERS, ids=_wrapper_ids)
def test_class_metadata(cls: type) -> None:
    theirs = SACREBLEU_CLASSES[cls]()
    signature = theirs._SIGNATURE_TYPE({**vars(theirs), "num_refs": 1})
    shared = sacrebleu.metrics.base.Signature({"num_refs": 1})._abbr
    assert list(cls.signature_abbreviations.items()) == [(k, v) for k, v in signature._abbr.items() if k not in shared]
    assert cls.higher_is_better is (cls is not TER)
    assert cls.requires_source is False
    assert cls.citation.startswith("@inproceedings{")
    assert cls().config == cls().config  # frozen, comparable configuration


@pytest.mark.parametrize("cls", WRAPPERS, ids=_wrapper_ids)
def test_signature_before_scoring(cls: type) -> None:
    signature = cls().get_signature()
    assert "nrefs" not in signature.to_dict()
    assert signature["version"] == sacrebleu.__version__
    assert signature["simpeval"] == simpeval.__version__
    assert signature.format().endswith(f"|version:{sacrebleu.__version__}|simpeval:{simpeval.__version__}")
    assert repr(cls()).startswith(f"{cls.__name__}(")


def test_ter_short_signature_tok_abbreviation_parses() -> None:
    # TER abbreviates 'tok' as 't', which is also the shared abbreviation of 'test'.
    signature = TER().get_signature(nrefs=2, test="asset")
    short = signature.format(short=True)
    # sacrebleu's own order: data facts (test) right after nrefs, then TER's fields
    assert short.startswith("TER|#:2|t:asset|c:lc|t:tercom|")
    from sacrebleu.metrics.ter import TER as SacreTER
    from sacrebleu.metrics.ter import TERSignature

    reference = TERSignature({**vars(SacreTER()), "num_refs": 2, "test_set": "asset"})
    assert sacrebleus_part(signature).format(prefix=False) == reference.format()
    assert short == f"TER|{reference.format(short=True)}|simpeval:{simpeval.__version__}"
    parsed = Signature.parse(short)
    assert parsed == signature
    assert parsed["tok"] == "tercom" and parsed["test"] == "asset"


@pytest.mark.parametrize("cls", WRAPPERS, ids=_wrapper_ids)
def test_sentence_score_is_corpus_of_one(cls: type) -> None:
    metric = cls()
    hyp, refs = HYPS[0], [_REF_A[0], _REF_B[0]]
    assert metric.sentence_score(hyp, refs) == metric.corpus_score([hyp], [[r] for r in refs])


@pytest.mark.parametrize("cls", WRAPPERS, ids=_wrapper_ids)
def test_corpus_score_is_score_of_summed_stats(cls: type) -> None:
    metric = cls()
    references = REFERENCE_SETS["var-refs"]
    stats = metric.corpus_stats(HYPS, references)
    assert stats.dtype == np.float64 and stats.ndim == 2 and stats.shape[0] == len(HYPS)
    corpus = metric.corpus_score(HYPS, references)
    from_stats = metric.score_from_stats(stats.sum(axis=0), metric.get_signature(nrefs="var"))
    assert from_stats == corpus
    assert from_stats.components == corpus.components and from_stats.breakdown == corpus.breakdown
    assert from_stats.details == corpus.details
    assert metric.score_from_stats(stats.sum(axis=0)).signature == metric.get_signature()


@pytest.mark.parametrize("cls", WRAPPERS, ids=_wrapper_ids)
def test_stats_are_additive_over_corpus_splits(cls: type) -> None:
    metric = cls()
    refs = REFERENCE_SETS["3refs"]
    whole = metric.corpus_stats(HYPS, refs)
    head = metric.corpus_stats(HYPS[:4], [s[:4] for s in refs])
    tail = metric.corpus_stats(HYPS[4:], [s[4:] for s in refs])
    assert np.array_equal(whole, np.vstack([head, tail]))


@pytest.mark.parametrize("cls", WRAPPERS, ids=_wrapper_ids)
def test_length_mismatch_raises(cls: type) -> None:
    with pytest.raises(ReferenceLayoutError, match="one entry per segment") as info:
        cls().corpus_score(HYPS, [_REF_A[:-1]])
    assert isinstance(info.value, (SimpevalError, ValueError))
    with pytest.raises(InputLengthMismatchError, match="sources"):
        cls().corpus_score(HYPS, [_REF_A], sources=HYPS[:-1])


@pytest.mark.parametrize("cls", WRAPPERS, ids=_wrapper_ids)
def test_per_segment_references_are_rejected(cls: type) -> None:
    hyps = HYPS[:3]
    per_segment = [[_REF_A[i], _REF_B[i]] for i in range(3)]
    with pytest.raises(ReferenceLayoutError, match=r"References\.from_segments"):
        cls().corpus_score(hyps, per_segment)


@pytest.mark.parametrize("cls", WRAPPERS, ids=_wrapper_ids)
def test_bare_strings_are_rejected(cls: type) -> None:
    with pytest.raises(InvalidInputError, match="hypotheses must be a sequence or iterable of strings"):
        cls().corpus_score("a cat", [["a cat"]])
    with pytest.raises(ReferenceLayoutError, match="stream"):
        cls().corpus_score(["a cat"], ["a cat"])


@pytest.mark.parametrize("cls", WRAPPERS, ids=_wrapper_ids)
def test_segment_without_reference_is_named(cls: type) -> None:
    with pytest.raises(ReferenceLayoutError, match="segment 1 has no reference"):
        cls().corpus_score(["a b c", "d e f"], [["a b c", None]])
    with pytest.raises(ReferenceLayoutError, match="segment 0 has no reference"):
        cls().sentence_score("a b c", [])


@pytest.mark.parametrize("cls", WRAPPERS, ids=_wrapper_ids)
def test_score_from_stats_checks_shape(cls: type) -> None:
    metric = cls()
    stats = metric.corpus_stats(HYPS[:2], [_REF_A[:2]])
    with pytest.raises(InvalidValueError, match=r"sum\(axis=0\)"):
        metric.score_from_stats(stats)
    with pytest.raises(InvalidValueError, match="1-D vector"):
        metric.score_from_stats(np.zeros(stats.shape[1] + 1))


@pytest.mark.parametrize(
    ("factory", "error", "message"),
    [
        pytest.param(
            lambda: BLEU(tokenize="moses13"), UnknownTokenizerError, "13a, char, flores101", id="bleu-tokenize"
        ),
        pytest.param(lambda: BLEU(smooth_method="linear"), InvalidOptionError, "'floor', 'add-k'", id="bleu-smooth"),
        pytest.param(lambda: BLEU(smooth_value=-1), InvalidOptionError, "smooth_value", id="bleu-smooth-value"),
        pytest.param(lambda: BLEU(max_ngram_order=0), InvalidOptionError, "max_ngram_order", id="bleu-order"),
        pytest.param(lambda: BLEU(lowercase="yes"), InvalidOptionError, "lowercase", id="bleu-bool"),
        pytest.param(lambda: BLEU(trg_lang=None), InvalidOptionError, "trg_lang", id="bleu-trg-lang"),
        pytest.param(lambda: BLEUConfig(effective_order=1), InvalidOptionError, "effective_order", id="bleu-config"),
        pytest.param(lambda: CHRF(char_order=0, word_order=0), InvalidOptionError, "at least 1", id="chrf-orders"),
        pytest.param(lambda: CHRF(beta=-1), InvalidOptionError, "beta", id="chrf-beta"),
        pytest.param(lambda: CHRF(word_order=2.0), InvalidOptionError, "word_order", id="chrf-float"),
        pytest.param(lambda: TER(normalized="no"), InvalidOptionError, "normalized", id="ter-bool"),
    ],
)
def test_invalid_options(factory: Callable[[], Any], error: type, message: str) -> None:
    with pytest.raises(error, match=message) as info:
        factory()
    assert isinstance(info.value, SimpevalError)


def test_unknown_bleu_tokenizer_is_a_key_error() -> None:
    with pytest.raises(KeyError):
        BLEU(tokenize="spacy")


def test_missing_mecab_names_the_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    # sys.modules[name] = None makes the import fail whether or not mecab-ko is installed.
    monkeypatch.setitem(sys.modules, "sacrebleu.tokenizers.tokenizer_ko_mecab", None)
    with pytest.raises(MissingDependencyError, match=r"pip install 'simplification-metrics\[ko\]'") as info:
        BLEU(tokenize="ko-mecab")
    assert isinstance(info.value, ImportError)


def test_missing_mecab_for_trg_lang_default(monkeypatch: pytest.MonkeyPatch) -> None:
    # tokenize=None with trg_lang="ja" makes sacrebleu choose ja-mecab.
    monkeypatch.setitem(sys.modules, "sacrebleu.tokenizers.tokenizer_ja_mecab", None)
    with pytest.raises(MissingDependencyError, match=r"'ja-mecab'.*pip install 'simplification-metrics\[ja\]'"):
        BLEU(trg_lang="ja")


def test_config_is_frozen() -> None:
    config = BLEU(tokenize="intl").config
    assert config == BLEUConfig(tokenize="intl")
    with pytest.raises(AttributeError):
        config.tokenize = "13a"  # type: ignore[misc]


# ------------------------------------------------------------------ properties

_WORDS = ["the", "cat", "sat", "on", "a", "mat", "dog", "ran", "é", "über", ",", "."]
_sentence = st.lists(st.sampled_from(_WORDS), min_size=1, max_size=8).map(" ".join)
_long_sentence = st.lists(st.sampled_from(_WORDS), min_size=4, max_size=10).map(" ".join)
_PROPERTY_SETTINGS = settings(max_examples=50, deadline=None, database=None)


@_PROPERTY_SETTINGS
@given(corpus=st.lists(_long_sentence, min_size=1, max_size=5))
def test_identity_gives_perfect_scores(corpus: list[str]) -> None:
    assert BLEU().corpus_score(corpus, [corpus]).score == pytest.approx(100.0)
    assert CHRF().corpus_score(corpus, [corpus]).score == pytest.approx(100.0)
    assert CHRF(word_order=2).corpus_score(corpus, [corpus]).score == pytest.approx(100.0)
    assert TER().corpus_score(corpus, [corpus]).score == 0.0


@_PROPERTY_SETTINGS
@given(sentence=_sentence)
def test_sentence_identity_with_effective_order(sentence: str) -> None:
    assert BLEU(effective_order=True).sentence_score(sentence, [sentence]).score == pytest.approx(100.0)


@_PROPERTY_SETTINGS
@given(
    pairs=st.lists(st.tuples(_sentence, _sentence), min_size=1, max_size=6),
    seed=st.integers(min_value=0, max_value=2**32 - 1),
)
def test_bounds_and_permutation_invariance(pairs: list[tuple[str, str]], seed: int) -> None:
    hyps = [h for h, _ in pairs]
    refs = [r for _, r in pairs]
    order = np.random.default_rng(seed).permutation(len(pairs))
    hyps_perm = [hyps[i] for i in order]
    refs_perm = [refs[i] for i in order]
    for metric in (BLEU(), CHRF(), CHRF(word_order=2)):
        score = metric.corpus_score(hyps, [refs]).score
        assert 0.0 <= score <= 100.0 + 1e-9
        # Integer statistics: any summation order gives the same score, exactly.
        assert metric.corpus_score(hyps_perm, [refs_perm]).score == score
    ter = TER().corpus_score(hyps, [refs]).score
    assert ter >= 0.0
    assert TER().corpus_score(hyps_perm, [refs_perm]).score == pytest.approx(ter)


@pytest.mark.parametrize(("kind", "name"), [("bleu", "BLEU"), ("chrf", "chrF"), ("ter", "TER")])
def test_signature_key_table_is_sacrebleus(kind: str, name: str) -> None:
    """Signature.parse reads signatures without importing metrics, from simpeval's own table of
    keys; for the wrapped metrics that table must be sacrebleu's (keys, abbreviations, order)."""
    from simpeval.metrics import _sacrebleu
    from simpeval.metrics.signature import SIGNATURE_KEYS

    assert list(SIGNATURE_KEYS[name].items()) == list(_sacrebleu.signature_abbreviations(kind).items())


@pytest.mark.parametrize(
    ("options", "name"),
    [({}, "chrF2"), ({"beta": 3}, "chrF3"), ({"word_order": 2}, "chrF2++"), ({"beta": 1, "word_order": 1}, "chrF1+")],
)
def test_chrf_signature_names_beta_and_word_order(options: dict, name: str) -> None:
    """sacrebleu's chrF signature fields omit beta: CHRF(beta=3) printed the chrF2 signature."""
    from simpeval import CHRF

    signature = CHRF(**options).corpus_score(["a cat"], [["a cat"]]).signature
    assert signature.metric == name and str(signature).startswith(f"{name}|nrefs:1|")
    assert Signature.parse(str(signature)) == signature
    assert Signature.parse(signature.format(short=True)) == signature
