"""meta_evaluate on a toy corpus: the figures, their provenance in statistics, presets, errors."""

from __future__ import annotations

import dataclasses
import json
import math

import numpy as np
import pytest
from scipy import stats

from simpeval import SARI, TER
from simpeval.exceptions import (
    InputLengthMismatchError,
    InvalidOptionError,
    InvalidValueError,
    MissingSourceError,
    UnknownMetricError,
)
from simpeval.metaeval import HumanRatings, meta_evaluate
from simpeval.metaeval.bootstrap import Resamples

from .conftest import OUTPUTS, REFERENCES, SOURCES, toy_ratings


def test_figures_of_a_toy_corpus(toy: HumanRatings) -> None:
    result = meta_evaluate(toy, REFERENCES, metrics=["chrf", "ter"], n_samples=50, seed=3)
    assert result.metrics == ["chrF2", "TER"] and result.systems == ("good", "mid", "bad")
    assert {(c.level, c.n) for c in result.correlations} == {("segment", 9), ("system", 3)}
    assert result.correlation("chrF2", "system", "pearson").value > 0.9
    assert result.correlation("TER", "system", "pearson").value < -0.9  # lower is better: reported as is
    williams = next(w for w in result.williams if w.level == "segment")
    assert williams.r_a > 0 and williams.r_b > 0  # oriented: TER negated
    assert [(r.accuracy, r.n_pairs) for r in result.ranking] == [(1.0, 3), (1.0, 3)]
    assert [(a.metric_a, a.metric_b, a.agreement) for a in result.agreement] == [("chrF2", "TER", 1.0)]
    for c in result.correlations:
        assert c.low <= c.high or math.isnan(c.low)


def test_segment_and_system_values_come_from_the_statistics(toy: HumanRatings) -> None:
    result = meta_evaluate(toy, REFERENCES, sources=SOURCES, metrics=["sari"], components=True, n_samples=0)
    assert result.metrics == ["SARI", "SARI-add", "SARI-keep", "SARI-delete"]
    sari = SARI()
    sentence = [
        sari.sentence_score(o, [r[s] for r in REFERENCES], source=SOURCES[s]) for o, s in zip(toy.outputs, toy.segments)
    ]
    corpus = {name: sari.corpus_score(outputs, REFERENCES, sources=SOURCES) for name, outputs in OUTPUTS.items()}
    human_means = [np.mean(toy.scores[3 * k : 3 * k + 3]) for k in range(3)]
    for column, get in (("SARI", lambda s: s.score), ("SARI-add", lambda s: s.components["add"])):
        expected = stats.pearsonr([get(s) for s in sentence], toy.scores)[0]
        assert result.correlation(column, "segment", "pearson").value == pytest.approx(expected, abs=1e-12)
        expected = stats.pearsonr([get(corpus[name]) for name in OUTPUTS], human_means)[0]
        assert result.correlation(column, "system", "pearson").value == pytest.approx(expected, abs=1e-12)


def test_resampled_system_scores_are_corpus_scores_of_the_resample(toy: HumanRatings) -> None:
    from simpeval.metaeval.scoring import Groups, align, score_columns

    resamples = Resamples.draw(toy.segments, 5, seed=9)
    groups = Groups.of(toy, resamples.weights)
    refs, srcs = align(toy, REFERENCES, SOURCES)
    column = score_columns(SARI(), "SARI", toy, refs, srcs, groups)[0]
    picked = np.repeat([0, 1, 2], resamples.weights[2, :3].astype(int))  # the segments of resample 2
    for k, name in enumerate(OUTPUTS):
        expected = (
            SARI()
            .corpus_score(
                [OUTPUTS[name][s] for s in picked],
                [[r[s] for s in picked] for r in REFERENCES],
                sources=[SOURCES[s] for s in picked],
            )
            .score
        )
        assert column.resampled[2, k] == pytest.approx(expected, abs=1e-9)


def test_seeded(toy: HumanRatings) -> None:
    a = meta_evaluate(toy, REFERENCES, metrics=["chrf"], n_samples=40, seed=1)
    assert a == meta_evaluate(toy, REFERENCES, metrics=["chrf"], n_samples=40, seed=1)
    b = meta_evaluate(toy, REFERENCES, metrics=["chrf"], n_samples=40, seed=2)
    assert [c.value for c in a.correlations] == [c.value for c in b.correlations]  # other draws: test_bootstrap.py
    assert (a.seed, b.seed, a.n_samples) == (1, 2, 40)
    none = meta_evaluate(toy, REFERENCES, metrics=["chrf"], n_samples=0)
    assert none.n_samples == 0 and all(math.isnan(c.low) for c in none.correlations)
    assert "bs:" not in none.signatures[0] and "bs:40|seed:1" in a.signatures[0]


def test_presets(toy: HumanRatings) -> None:
    rated = dataclasses.replace(toy, name="simplicity-da")
    paper = meta_evaluate(rated, REFERENCES, sources=SOURCES, n_samples=0)
    assert paper.preset == "simplicity-da" and paper.metrics == ["SARI", "SARI-add", "SARI-keep", "SARI-delete", "BLEU"]
    assert (
        "del:prec" in paper.signatures[0]
        and "tok:moses" in paper.signatures[1]
        and "floor[0.00]" in paper.signatures[1]
    )
    assert any("Alva-Manchego" in note for note in paper.notes)
    plain = meta_evaluate(rated, REFERENCES, sources=SOURCES, settings={}, components=False, n_samples=0)
    assert plain.preset == "none" and plain.metrics == ["SARI", "BLEU"] and "tok:13a" in plain.signatures[1]
    custom = meta_evaluate(
        rated, REFERENCES, sources=SOURCES, metrics=["bleu"], settings={"bleu": {"tokenize": "char"}}, n_samples=0
    )
    assert custom.preset == "custom" and "tok:char" in custom.signatures[0]
    given = meta_evaluate(rated, REFERENCES, sources=SOURCES, metrics=[SARI()], components=False, n_samples=0)
    assert given.preset == "none" and "del:f1" in given.signatures[0]  # objects are used as given


def test_two_metrics_of_one_name_are_numbered(toy: HumanRatings) -> None:
    result = meta_evaluate(toy, REFERENCES, sources=SOURCES, metrics=[SARI(), SARI(variant="hf"), TER()], n_samples=0)
    assert result.metrics == ["SARI", "SARI#2", "TER"]


def test_too_few_systems(toy: HumanRatings) -> None:
    two = HumanRatings("two", "s", toy.segments[:6], toy.systems[:6], toy.outputs[:6], toy.scores[:6])
    result = meta_evaluate(two, REFERENCES, metrics=["chrf"], n_samples=10)
    assert math.isnan(result.correlation("chrF2", "system", "pearson").value)
    assert result.ranking[0].n_pairs == 1
    one = HumanRatings("one", "s", toy.segments[:3], toy.systems[:3], toy.outputs[:3], toy.scores[:3])
    result = meta_evaluate(one, REFERENCES, metrics=["chrf"], n_samples=10)
    assert result.ranking == () and result.agreement == ()


def test_errors(toy: HumanRatings) -> None:
    far = HumanRatings("mine.csv", "s", (0, 7), ("a", "a"), ("x", "y"), (1.0, 2.0), lines=(2, 3))
    with pytest.raises(
        InvalidValueError, match="mine.csv, line 3: segment 8 is not a line of the references, which have 3"
    ):
        meta_evaluate(far, REFERENCES, metrics=["bleu"], n_samples=0)
    with pytest.raises(InputLengthMismatchError, match="got 3, 2"):
        meta_evaluate(toy, [REFERENCES[0], REFERENCES[0][:2]], metrics=["bleu"], n_samples=0)
    with pytest.raises(InvalidValueError, match="at least one reference stream"):
        meta_evaluate(toy, [], metrics=["bleu"], n_samples=0)
    with pytest.raises(InvalidOptionError, match="metrics must be a non-empty list"):
        meta_evaluate(toy, REFERENCES, metrics="bleu", n_samples=0)
    with pytest.raises(UnknownMetricError):
        meta_evaluate(toy, REFERENCES, metrics=["blue"], n_samples=0)
    with pytest.raises(MissingSourceError):
        meta_evaluate(toy_ratings(), REFERENCES, metrics=["sari"], n_samples=0)
    with pytest.raises(InvalidOptionError, match="n_samples"):
        meta_evaluate(toy, REFERENCES, metrics=["bleu"], n_samples=-1)


# ------------------------------------------------------------------ degenerate inputs
def _figures(result) -> list:  # type: ignore[no-untyped-def]
    out = [(c.metric, c.level, c.method, c.value, c.low, c.high) for c in result.correlations]
    return (
        out
        + [(r.metric, r.accuracy, r.low, r.high) for r in result.ranking]
        + [tuple(w.__dict__.values()) for w in result.williams]
    )


def test_ratings_of_one_segment_get_no_interval(toy: HumanRatings) -> None:
    """All ratings on one segment: every resample was the same, and a zero-width "95%" interval
    was printed; now no interval (n/a) and a note."""
    from simpeval.report.metaeval import render_metaeval

    first = [k for k, segment in enumerate(toy.segments) if segment == 0]
    pick = lambda values: tuple(values[k] for k in first)  # noqa: E731
    one = HumanRatings("one", "s", pick(toy.segments), pick(toy.systems), pick(toy.outputs), pick(toy.scores))
    result = meta_evaluate(one, REFERENCES, metrics=["chrf"], n_samples=100)
    assert result.n_samples == 0 and not math.isnan(result.correlation("chrF2", "segment", "pearson").value)
    assert all(math.isnan(c.low) and math.isnan(c.high) for c in result.correlations)
    text = render_metaeval(result)
    assert "no bootstrap intervals: the ratings cover 1 segment, and resampling segments needs 3 or more" in text
    assert "95% bootstrap" not in text and "bs:" not in text


def test_fewer_than_three_rated_outputs_are_noted() -> None:
    from simpeval.report.metaeval import render_metaeval

    two = HumanRatings("two", "s", (0, 1), ("a", "a"), ("a cat sat", "the dog"), (80.0, 70.0))
    result = meta_evaluate(two, REFERENCES, metrics=["chrf"], n_samples=10)
    text = render_metaeval(result)
    note = "segment-level figures need 3 rated outputs or more (got 2): left out"
    assert note in text
    assert note in json.loads(render_metaeval(result, "json"))["notes"]  # the same notes in every format


def test_huge_ratings_give_the_figures_of_scaled_ones_without_warnings(toy: HumanRatings) -> None:
    """±1e308 ratings overflowed the sums of squares: NaN Pearson and leaked NumPy warnings.
    Correlations and rankings do not change under a positive factor: scaled by 2**-960, the
    same ratings give the same bits."""
    import warnings

    signs = [1.0, -1.0, 1.0, 1.0, -1.0, -1.0, 1.0, -1.0, 1.0]
    huge = tuple(sign * 1e308 * (0.5 + k / 20) for k, sign in enumerate(signs))
    small = tuple(float(np.ldexp(x, -960)) for x in huge)
    results = []
    for scores in (huge, small):
        ratings = HumanRatings("h", "s", toy.segments, toy.systems, toy.outputs, scores)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            results.append(meta_evaluate(ratings, REFERENCES, metrics=["chrf", "bleu"], n_samples=50))
    assert _figures(results[0]) == _figures(results[1])
    assert all(math.isfinite(c.value) for c in results[0].correlations if c.level == "segment")
