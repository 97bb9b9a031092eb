"""The public API is one consistent surface: exports, keyword-only sources, spelled-out options,
one spelling set per metric name, one result type per concept."""

from __future__ import annotations

import inspect
import re
import subprocess
import sys
import textwrap

import pytest

import simpeval
from simpeval import BLEU, CHRF, FKGL, SARI, TER, get_metric, metric_key, sentence_level
from simpeval.exceptions import InvalidOptionError, UnknownMetricError, UnknownSystemError

from ..needs import import_module

METRIC_CLASSES = [SARI, BLEU, CHRF, TER]


def test_every_export_resolves_and_is_listed_by_dir() -> None:
    for name in simpeval.__all__:
        assert getattr(simpeval, name) is not None, name
    assert set(simpeval.__all__) <= set(dir(simpeval))
    for name in ("ResultTable", "render", "PairedResult", "ConfidenceInterval", "compare", "SARI"):
        assert name in dir(simpeval)


def test_lazy_exports_are_typed_for_mypy(tmp_path) -> None:
    """mypy sees the lazily imported names (TYPE_CHECKING imports), not Any."""
    import_module("mypy")
    script = tmp_path / "use.py"
    script.write_text(
        textwrap.dedent("""
        import simpeval
        reveal_type(simpeval.SARI)
        reveal_type(simpeval.compare)
        reveal_type(simpeval.ResultTable)
    """)
    )
    result = subprocess.run(
        [sys.executable, "-m", "mypy", "--no-error-summary", "--follow-imports=silent", str(script)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    assert "simpeval.metrics.sari.metric.SARI" in result.stdout, result.stdout + result.stderr
    assert "def (systems:" in result.stdout and "simpeval.report.table.ResultTable" in result.stdout


@pytest.mark.parametrize("cls", METRIC_CLASSES)
def test_sources_is_keyword_only(cls: type) -> None:
    """sacrebleu's third positional argument is n_bootstrap: ported code must fail loudly."""
    for method in ("corpus_score", "corpus_stats", "sentence_scores", "corpus_score_iter"):
        parameter = inspect.signature(getattr(cls, method)).parameters["sources"]
        assert parameter.kind is inspect.Parameter.KEYWORD_ONLY, method
    assert inspect.signature(cls.sentence_score).parameters["source"].kind is inspect.Parameter.KEYWORD_ONLY
    with pytest.raises(TypeError):
        cls().corpus_score(["a"], [["a"]], ["a"])


def test_api_sources_is_keyword_only() -> None:
    for function in (simpeval.compare, simpeval.evaluate_systems, simpeval.evaluate_streams, simpeval.sentence_level):
        assert inspect.signature(function).parameters["sources"].kind is inspect.Parameter.KEYWORD_ONLY


def test_sari_options_are_spelled_out() -> None:
    parameters = inspect.signature(SARI).parameters
    assert not any(p.kind is inspect.Parameter.VAR_KEYWORD for p in parameters.values())
    from dataclasses import fields

    from simpeval.metrics.sari import SARIConfig

    assert {f.name for f in fields(SARIConfig)} <= set(parameters)


@pytest.mark.parametrize(
    ("spelling", "key"),
    [
        ("sari", "sari"),
        ("SARI", "sari"),
        ("Bleu", "bleu"),
        ("chrf", "chrf"),
        ("chrF", "chrf"),
        ("chrF2", "chrf"),
        ("chrF2++", "chrf"),
        ("chrf++", "chrf"),
        ("TER", "ter"),
    ],
)
def test_one_set_of_metric_spellings(spelling: str, key: str) -> None:
    assert metric_key(spelling) == key
    assert type(get_metric(spelling)).__name__ == {"sari": "SARI", "bleu": "BLEU", "chrf": "CHRF", "ter": "TER"}[key]


def test_table_lookup_accepts_the_same_spellings() -> None:
    table = simpeval.evaluate_systems({"a": ["the cat sat"]}, [["the cat sat down"]], metrics=["bleu", "chrf"])
    for spelling in ("chrF2", "chrf", "CHRF", "chrF"):
        assert table.cell("a", spelling) is table.cell("a", "chrF2")
    with pytest.raises(UnknownMetricError, match="chrF2"):
        table.cell("a", "meteor")
    with pytest.raises(UnknownSystemError, match="unknown system 'b'; systems: a"):
        table.cell("b", "BLEU")


def test_unknown_metric_and_option_errors() -> None:
    with pytest.raises(
        UnknownMetricError, match=re.escape(f"valid metrics: {', '.join(simpeval.available_metrics())}")
    ):
        get_metric("rouge")
    with pytest.raises(InvalidOptionError, match="smooth_methd.*valid options"):
        get_metric("bleu", smooth_methd="exp")


@pytest.mark.parametrize("cls", METRIC_CLASSES)
def test_components_and_breakdown_are_on_the_score_scale(cls: type) -> None:
    metric = cls()
    score = metric.corpus_score(
        ["the cat sat on a mat"], [["the cat sat on the mat"]], sources=["a cat sat on the mat"]
    )
    for value in score.components.values():
        assert 0.0 <= value <= 100.0
    for values in score.breakdown.values():
        assert all(0.0 <= value <= 100.0 for value in values)
    if cls is SARI:
        assert list(score.components) == ["add", "keep", "delete"]
        assert [k.split("_")[0] for k in score.breakdown][::3] == ["add", "keep", "delete"]


def test_any_ordered_iterable_of_strings_is_accepted() -> None:
    """Generators, tuples and NumPy string arrays are read once, like lists."""
    import numpy as np

    hyps, refs, srcs = ["the cat sat", "a dog ran"], [["the cat sat down", "a dog ran off"]], ["a cat sat", "dogs ran"]
    expected = SARI().corpus_score(hyps, refs, sources=srcs)
    assert SARI().corpus_score((h for h in hyps), (iter(r) for r in refs), sources=np.array(srcs)) == expected
    assert SARI().corpus_score(tuple(hyps), [tuple(refs[0])], sources=iter(srcs)) == expected
    assert BLEU().corpus_score(np.array(hyps), [np.array(refs[0])]).score == BLEU().corpus_score(hyps, refs).score


@pytest.mark.parametrize(
    ("hypotheses", "message"),
    [
        ("the cat sat", "must be a sequence or iterable of strings"),
        ({"a", "b"}, "got set"),
        (["a", 3], r"hypotheses\[1\] must be a string \(got int: 3\)"),
        ((x for x in ["a", None]), r"hypotheses\[1\]"),
    ],
)
def test_non_strings_are_refused_with_the_index(hypotheses: object, message: str) -> None:
    from simpeval.exceptions import InvalidInputError

    with pytest.raises(InvalidInputError, match=message):
        BLEU().corpus_score(hypotheses, [["a", "b"]])  # type: ignore[arg-type]


def test_value_problems_are_value_errors_from_every_layer() -> None:
    """Empty input, too few systems, bad statistics and bad option values are
    ValueErrors (InvalidValueError or InvalidOptionError), and one bad value gets one error type
    whether it reaches the API or the significance functions; wrong types stay TypeErrors."""
    import numpy as np

    from simpeval.exceptions import InvalidInputError, InvalidValueError
    from simpeval.significance import compare_to_baseline

    with pytest.raises(InvalidValueError) as empty:
        SARI().corpus_score([], [[]], sources=[])
    assert isinstance(empty.value, ValueError) and not isinstance(empty.value, TypeError)
    with pytest.raises(InvalidValueError, match="at least two systems"):
        compare_to_baseline(BLEU(), {"a": np.ones((2, 10))}, "a", "bs")
    with pytest.raises(InvalidValueError, match="at least two systems"):
        simpeval.compare({"a": ["x y"]}, [["x y"]], metrics=["bleu"], test=simpeval.PairedBootstrap())
    with pytest.raises(InvalidValueError, match="1-D vector"):
        BLEU().score_from_stats(np.ones((2, 10)))
    with pytest.raises(InvalidOptionError, match="name must be 'bs', 'ar' or None"):
        simpeval.api.paired_test("t-test")
    with pytest.raises(InvalidInputError) as wrong_type:
        BLEU().corpus_score("x y", [["x y"]])
    assert isinstance(wrong_type.value, TypeError)


def test_sentence_level_of_a_reference_free_metric_takes_no_references() -> None:
    """FKGL reads the outputs only: ``references=None`` scores every segment, as ``corpus_score`` does."""
    outputs = ["The cat sat on the mat.", "Photosynthesis converts light energy."]
    table = sentence_level({"s": outputs}, None, metrics=["fkgl"])
    assert [row.score.score for row in table.rows] == [FKGL().sentence_score(text, []).score for text in outputs]
    assert "nrefs" not in table.rows[0].score.signature.to_dict()
