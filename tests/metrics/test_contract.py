"""The contract every built-in metric honours, parametrized over the registry.

A new metric (one module and one registry line in ``simpeval/metrics/__init__.py``) is run by
every test here without editing this file: the metrics are read from the registry
(``tests/registry.py``), and what each is scored with follows its class attributes
(``requires_source``, ``requires_references``). The one test that spells the list out is
:func:`test_the_builtin_metrics`, the snapshot that fails when a built-in leaves the registry.
"""

from __future__ import annotations

import dataclasses
import doctest
import inspect
import re
from itertools import accumulate
from typing import Any

import numpy as np
import pytest

from simpeval import Signature, available_metrics, get_metric
from simpeval.exceptions import MissingSourceError, SimpevalError, UnknownMetricError
from simpeval.metrics import Metric, metric_class
from simpeval.metrics.options import METADATA_KEY, metric_options
from simpeval.metrics.signature import COMMON_ABBREVIATIONS

from ..registry import builtin_metric_params, builtin_metrics, scoring_inputs

SOURCES = ["The quick brown fox jumps over the lazy dog .", "It rained heavily in the city yesterday ."]
HYPOTHESES = ["The fast brown fox jumps over the dog .", "It rained a lot in the city ."]
REFERENCES = [
    ["The brown fox jumps over the lazy dog .", "Yesterday it rained a lot in the city ."],
    ["A quick fox jumps over the dog .", "It rained hard in the city ."],
]
#: Constructor arguments that say how to run, not what to compute: no option, no signature key.
RUNNING_ARGUMENTS = frozenset({"references", "engine"})
#: ``@type{key,`` then fields: the head of a BibTeX entry.
BIBTEX_HEAD = re.compile(r"@([A-Za-z]+)\s*\{\s*([^\s,{}]+)\s*,")


@pytest.fixture(params=builtin_metric_params())
def name(request: pytest.FixtureRequest) -> str:
    """The registry name of each built-in metric."""
    return str(request.param)


@pytest.fixture
def metric(name: str) -> Metric:
    return get_metric(name)


@pytest.fixture
def inputs(name: str) -> dict[str, Any]:
    """What ``name`` is scored with on the corpus above (its class attributes say which)."""
    return scoring_inputs(name, REFERENCES, SOURCES)


#: The one snapshot of the built-in metrics (every other test reads the registry).
BUILTINS_SNAPSHOT = ("bagofwords", "bertscore", "bleu", "chrf", "editdistance", "fkgl", "lens", "meteor", "nltk-bleu")
BUILTINS_SNAPSHOT += ("nltk-chrf", "pem", "sari", "ter", "wer")


def test_the_builtin_metrics() -> None:
    """No built-in metric leaves the registry or changes its name unnoticed; a new one joins it with one
    registry line and no edit here (every other test reads the registry and runs it already)."""
    missing = sorted(set(BUILTINS_SNAPSHOT) - set(available_metrics()))
    assert not missing, (
        f"built-in metrics {missing} left simpeval/metrics/__init__.py's registry: a user's scripts and "
        "saved signatures name them; when that is meant, take them out of BUILTINS_SNAPSHOT too"
    )
    assert set(builtin_metrics()) <= set(available_metrics())


def test_unknown_metric_lists_choices() -> None:
    with pytest.raises(UnknownMetricError) as error:
        get_metric("rouge")
    assert ", ".join(available_metrics()) in str(error.value)


def test_class_metadata(metric: Metric) -> None:
    cls = type(metric)
    assert isinstance(cls.name, str) and cls.name
    assert cls.higher_is_better in (True, False, None), "higher_is_better: True, False or None (a descriptive measure)"
    assert isinstance(cls.requires_source, bool) and isinstance(cls.requires_references, bool)
    assert metric_class(cls.name) is cls, "get_metric(<display name>) finds the class"


def bibtex_keys(text: str) -> list[str]:
    """The keys of the BibTeX entries ``text`` holds one after another (``@type{key, field = ...}``),
    each with balanced braces; ``ValueError`` saying where it is not so."""
    keys, rest = [], text.strip()
    while rest:
        head = BIBTEX_HEAD.match(rest)
        if head is None:
            raise ValueError(f"expected '@type{{key,' at {rest[:40]!r}")
        depths = list(accumulate({"{": 1, "}": -1}.get(char, 0) for char in rest))
        if 0 not in depths[head.end() :]:
            raise ValueError(f"the braces of @{head[1]}{{{head[2]}, ...}} do not close")
        end = depths.index(0, head.end()) + 1
        if not re.search(r"\btitle\s*=", rest[:end]):
            raise ValueError(f"@{head[1]}{{{head[2]}, ...}} has no title field")
        keys.append(head[2])
        rest = rest[end:].lstrip()
    return keys


def test_citation_is_bibtex(metric: Metric) -> None:
    """``citation``: the BibTeX entry of the paper defining the metric (``@type{key, title = ...}``;
    several entries one after another where several papers define it)."""
    cls = type(metric)
    try:
        keys = bibtex_keys(cls.citation)
    except ValueError as error:
        pytest.fail(f"{cls.__name__}.citation is no BibTeX: {error}")
    assert keys, f"{cls.__name__}.citation is empty: give the BibTeX entry of the paper that defines the metric"


def test_docstring_has_a_doctested_example(metric: Metric) -> None:
    """The class docstring's ``Examples:`` section holds a doctest (run by ``--doctest-modules``)."""
    cls = type(metric)
    doc = inspect.getdoc(cls) or ""
    assert "Examples:" in doc, f"{cls.__name__}'s docstring needs an 'Examples:' section with a doctest"
    examples = doctest.DocTestParser().get_examples(doc.split("Examples:", 1)[1])
    assert examples, f"{cls.__name__}'s 'Examples:' section holds no '>>> ' line"
    assert any(example.want for example in examples), f"{cls.__name__}'s example shows no result"


def test_options_are_declared(metric: Metric) -> None:
    """Every option is a field of ``config_class`` declared with ``option()`` (the CLI's flags,
    the signature keys and the docs' table read them from there)."""
    cls = type(metric)
    arguments = set(inspect.signature(cls).parameters) - RUNNING_ARGUMENTS - {"args", "options"}
    config = cls.config_class
    if config is None and not arguments:
        return  # a metric without options needs no config
    assert config is not None and dataclasses.is_dataclass(config), (
        f"{cls.__name__} takes options ({', '.join(sorted(arguments))}): declare them in a frozen dataclass "
        "of option() fields and name it config_class"
    )
    undeclared = [field.name for field in dataclasses.fields(config) if METADATA_KEY not in field.metadata]
    assert not undeclared, f"{config.__name__}: declare {', '.join(undeclared)} with option(default, help=...)"
    options = {spec.name for spec in metric_options(cls)}
    assert arguments <= options, f"{cls.__name__}: arguments {sorted(arguments - options)} are no declared option"
    assert all(spec.help for spec in metric_options(cls)), f"{cls.__name__}: every option has a help line"


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


def test_sentence_score_is_corpus_of_one(name: str, metric: Metric) -> None:
    source = SOURCES[0] if metric.requires_source else None
    one = metric.sentence_score(HYPOTHESES[0], [r[0] for r in REFERENCES], source=source)
    given = scoring_inputs(name, [r[:1] for r in REFERENCES], SOURCES[:1])
    corpus = metric.corpus_score(HYPOTHESES[:1], **given)
    assert one.score == corpus.score
    assert one.signature == corpus.signature


def test_corpus_score_is_score_of_summed_stats(metric: Metric, inputs: dict[str, Any]) -> None:
    stats = metric.corpus_stats(HYPOTHESES, **inputs)
    assert stats.dtype == np.float64 and stats.ndim == 2 and stats.shape[0] == len(HYPOTHESES)
    corpus = metric.corpus_score(HYPOTHESES, **inputs)
    assert metric.score_from_stats(metric.sum_rows(stats)).score == corpus.score
    assert Signature.parse(corpus.signature.format(short=True)) == corpus.signature


def test_sentence_scores_batch(metric: Metric, inputs: dict[str, Any]) -> None:
    batch = metric.sentence_scores(HYPOTHESES, **inputs)
    single = [
        metric.sentence_score(h, [r[i] for r in REFERENCES], source=s if metric.requires_source else None).score
        for i, (h, s) in enumerate(zip(HYPOTHESES, SOURCES))
    ]
    assert batch.tolist() == single


def test_what_it_requires_is_required(metric: Metric) -> None:
    """A metric scores without the inputs it does not require, and refuses to without those it does."""
    references = REFERENCES if metric.requires_references else None
    if metric.requires_source:
        with pytest.raises(MissingSourceError):
            metric.corpus_score(HYPOTHESES, references)
    else:
        metric.corpus_score(HYPOTHESES, references)
    if metric.requires_references:
        with pytest.raises(SimpevalError):
            metric.corpus_score(HYPOTHESES, None, sources=SOURCES)


def test_length_mismatch_raises(metric: Metric) -> None:
    sources = SOURCES if metric.requires_source else None
    with pytest.raises(SimpevalError):
        metric.corpus_score(HYPOTHESES, [r[:1] for r in REFERENCES], sources=sources)
    with pytest.raises(SimpevalError):
        metric.corpus_score(HYPOTHESES[:1], REFERENCES, sources=SOURCES[:1] if sources else None)
    with pytest.raises(SimpevalError):
        metric.corpus_score(HYPOTHESES, REFERENCES, sources=SOURCES[:1])


def test_score_is_frozen(metric: Metric, inputs: dict[str, Any]) -> None:
    score = metric.corpus_score(HYPOTHESES, **inputs)
    with pytest.raises(AttributeError):
        score.score = 1.0  # type: ignore[misc]
    with pytest.raises(TypeError):
        score.components["x"] = 1.0  # type: ignore[index]
