"""Contract every registered metric must honour (evaluate-style, parametrized over the registry)."""

from __future__ import annotations

import numpy as np
import pytest

from simpeval import Signature, available_metrics, get_metric
from simpeval.exceptions import SimpevalError, UnknownMetricError
from simpeval.metrics import Metric, metric_class
from simpeval.metrics.signature import COMMON_ABBREVIATIONS

from ..needs import metric_params

SOURCES = ["The quick brown fox jumps over the lazy dog .", "It rained heavily in the city yesterday ."]
HYPOTHESES = ["The fast brown fox jumps over the dog .", "It rained a lot in the city ."]
REFERENCES = [
    ["The brown fox jumps over the lazy dog .", "Yesterday it rained a lot in the city ."],
    ["A quick fox jumps over the dog .", "It rained hard in the city ."],
]


@pytest.fixture(params=metric_params(available_metrics()))
def metric(request: pytest.FixtureRequest) -> Metric:
    return get_metric(request.param)


def test_registry_lists_every_metric() -> None:
    assert available_metrics() == [
        "bagofwords",
        "bleu",
        "chrf",
        "editdistance",
        "fkgl",
        "meteor",
        "nltk-bleu",
        "nltk-chrf",
        "pem",
        "sari",
        "ter",
        "wer",
    ]


def test_unknown_metric_lists_choices() -> None:
    with pytest.raises(UnknownMetricError, match="bagofwords, bleu, chrf, .*, ter, wer"):
        get_metric("rouge")


def test_class_metadata(metric: Metric) -> None:
    cls = type(metric)
    assert isinstance(cls.name, str) and cls.name
    assert cls.higher_is_better in (True, False, None)  # None: a descriptive measure, no best system
    assert isinstance(cls.requires_source, bool)
    assert cls.citation.lstrip().startswith("@")
    assert "Examples:" in (cls.__doc__ or ""), "every metric has a doctested example"
    assert metric_class(cls.name) is cls


def test_signature_before_scoring(metric: Metric) -> None:
    sig = metric.get_signature()
    assert sig.metric == metric.signature_name() and sig["version"]
    assert Signature.parse(sig.format()) == sig
    assert Signature.parse(sig.format(short=True)) == sig


def test_signature_keys_are_declared(metric: Metric) -> None:
    """Every own key is declared (derived from the options), and a reference-free metric has no nrefs."""
    sig = metric.get_signature(nrefs=2)
    own = [key for key in sig.to_dict() if key not in COMMON_ABBREVIATIONS]
    assert own == [key for key in type(metric).signature_abbreviations if key in own]
    assert ("nrefs" in sig.to_dict()) is type(metric).requires_references


def test_sentence_score_is_corpus_of_one(metric: Metric) -> None:
    one = metric.sentence_score(HYPOTHESES[0], [r[0] for r in REFERENCES], source=SOURCES[0])
    corpus = metric.corpus_score(HYPOTHESES[:1], [r[:1] for r in REFERENCES], sources=SOURCES[:1])
    assert one.score == corpus.score
    assert one.signature == corpus.signature


def test_corpus_score_is_score_of_summed_stats(metric: Metric) -> None:
    stats = metric.corpus_stats(HYPOTHESES, REFERENCES, sources=SOURCES)
    assert stats.dtype == np.float64 and stats.ndim == 2 and stats.shape[0] == len(HYPOTHESES)
    corpus = metric.corpus_score(HYPOTHESES, REFERENCES, sources=SOURCES)
    assert metric.score_from_stats(stats.sum(axis=0)).score == corpus.score
    assert Signature.parse(corpus.signature.format(short=True)) == corpus.signature


def test_sentence_scores_batch(metric: Metric) -> None:
    batch = metric.sentence_scores(HYPOTHESES, REFERENCES, sources=SOURCES)
    single = [
        metric.sentence_score(h, [r[i] for r in REFERENCES], source=s).score
        for i, (h, s) in enumerate(zip(HYPOTHESES, SOURCES))
    ]
    assert batch.tolist() == single


def test_length_mismatch_raises(metric: Metric) -> None:
    with pytest.raises(SimpevalError):
        metric.corpus_score(HYPOTHESES, [r[:1] for r in REFERENCES], sources=SOURCES)
    with pytest.raises(SimpevalError):
        metric.corpus_score(HYPOTHESES[:1], REFERENCES, sources=SOURCES[:1])


def test_score_is_frozen(metric: Metric) -> None:
    score = metric.corpus_score(HYPOTHESES, REFERENCES, sources=SOURCES)
    with pytest.raises(AttributeError):
        score.score = 1.0  # type: ignore[misc]
    with pytest.raises(TypeError):
        score.components["x"] = 1.0  # type: ignore[index]
