"""LENS's Kendall tau-like (simpeval.metaeval.taulike): by hand, against the definition written
out again as a plain loop over every pair (on SimpEval_2022's real ratings), in meta_evaluate and
in ``simpeval meta-eval``."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

import numpy as np
import pytest
from click.testing import CliRunner

from simpeval import BLEU, FKGL, SARI
from simpeval.cli import main
from simpeval.exceptions import InvalidOptionError, InvalidValueError
from simpeval.metaeval import HumanRatings, from_registry, meta_evaluate, meta_evaluate_registered
from simpeval.metaeval.taulike import annotated_pairs, tau_like, tau_like_rows
from simpeval.testsets import load_testset

from .conftest import Upstream


def _definition(
    segments: Sequence[int],
    types: Sequence[str],
    raters: Sequence[Sequence[float]],
    scores: Sequence[float],
    threshold: float = 5.0,
) -> dict[str, tuple[int, int]]:
    """The published definition, pair by pair: (concordant, discordant) per type and "All"."""
    counts: dict[str, list[int]] = {}
    for a in range(len(segments)):
        for b in range(a + 1, len(segments)):
            if segments[a] != segments[b] or types[a] != types[b] or not types[a]:
                continue
            votes = [0 if abs(x - y) <= threshold else (1 if x > y else -1) for x, y in zip(raters[a], raters[b])]
            majority = [v for v, n in Counter(votes).items() if n > len(votes) // 2]
            if not majority or majority[0] == 0:
                continue
            concordant = (scores[a] - scores[b]) * majority[0] > 0
            for key in (types[a], "All"):
                pair = counts.setdefault(key, [0, 0])
                pair[0 if concordant else 1] += 1
    return {k: (c, d) for k, (c, d) in counts.items()}


def _module(segments, types, raters, scores, higher_is_better=True, threshold=5.0) -> dict[str, tuple[int, int]]:
    pairs = annotated_pairs(segments, types, raters, threshold)
    return {t.type: (t.concordant, t.discordant) for t in tau_like(pairs, scores, higher_is_better)}


def test_by_hand() -> None:
    # source 0: three Deletions (a, b, c) and one Paraphrase (d); source 1: two Deletions (e, f)
    segments = [0, 0, 0, 0, 1, 1]
    types = ["Deletions", "Deletions", "Deletions", "Paraphrases", "Deletions", "Deletions"]
    raters = [(90, 90, 10), (80, 50, 30), (85, 88, 90), (0, 0, 0), (50, 50, 50), (55, 45, 40)]
    # a-b: +10, +40, -20 -> +1 +1 -1: majority +1 (2 of 3)
    # a-c: +5 (not > 5: a tie), +2, -80 -> 0 0 -1: no majority of a sign: skipped
    # b-c: -5, -38, -60 -> 0 -1 -1: majority -1
    # e-f: -5, +5, +10 -> 0 0 +1: skipped.  d pairs with nobody (the only Paraphrase of source 0)
    scores = [2.0, 1.0, 1.0, 9.0, 0.0, 0.0]
    # a-b: metric +1 agrees (concordant); b-c: metric tie (discordant)
    assert _module(segments, types, raters, scores) == {"Deletions": (1, 1), "Paraphrases": (0, 0), "All": (1, 1)}
    taus = {t.type: t.tau for t in tau_like(annotated_pairs(segments, types, raters), scores)}
    assert taus == {"Deletions": 0.0, "Paraphrases": 0.0, "All": 0.0}
    # c scored above b, as the raters have it: both concordant; a lower-is-better metric reverses it
    better = [2.0, 1.0, 1.5, 9.0, 0.0, 0.0]
    assert _module(segments, types, raters, better)["All"] == (2, 0)
    assert _module(segments, types, raters, better, higher_is_better=False)["All"] == (0, 2)
    # a threshold of 1 makes a-c's +5 and +2 count (+1 +1 -1: majority +1), and e-f's -5 +5 +10 (-1 +1 +1)
    assert _module(segments, types, raters, better, threshold=1.0) == _definition(
        segments, types, raters, better, threshold=1.0
    ) | {"Paraphrases": (0, 0)}
    # an unknown type is never paired
    assert _module([0, 0], ["", ""], [(90,), (10,)], [1.0, 0.0]) == {"All": (0, 0)}


def test_a_strict_majority_of_an_even_number_of_annotators() -> None:
    raters = [(90, 90, 10, 10), (10, 10, 90, 90), (0, 0, 0, 0)]
    # 0-1: +1 +1 -1 -1: no strict majority; 0-2: +1 +1 +1 +1; 1-2: +1 +1 +1 +1
    assert _module([0, 0, 0], ["S"] * 3, raters, [3.0, 2.0, 1.0]) == {"S": (2, 0), "All": (2, 0)}


def test_bad_input_is_one_clear_error() -> None:
    with pytest.raises(InvalidValueError, match="one entry per output"):
        annotated_pairs([0, 0], ["S"], [(1,), (2,)])
    with pytest.raises(InvalidValueError, match="a pair needs the same annotators"):
        annotated_pairs([0, 0], ["S", "S"], [(1, 2), (2,)])
    for bad in (-1.0, float("nan"), "5", True):
        with pytest.raises(InvalidOptionError, match="threshold"):
            annotated_pairs([0], ["S"], [(1,)], bad)  # type: ignore[arg-type]


def test_bootstrap_rows_count_a_pair_as_often_as_its_source_is_drawn() -> None:
    segments, types = [0, 0, 1, 1], ["S"] * 4
    raters = [(90, 90, 90), (10, 10, 10), (90, 90, 90), (10, 10, 10)]
    pairs = annotated_pairs(segments, types, raters)
    scores = [1.0, 0.0, 0.0, 1.0]  # source 0 concordant, source 1 discordant
    weights = np.array([[2, 2, 1, 1], [0, 0, 3, 3], [1, 1, 1, 1]])
    rows = tau_like_rows(pairs, scores, weights)
    assert rows[:, -1].tolist() == [pytest.approx(1 / 3), -1.0, 0.0]
    assert np.isnan(tau_like_rows(pairs, scores, np.zeros((1, 4)))).all()


@pytest.mark.slow
def test_equals_the_definition_on_simpeval_2022(upstream: Upstream) -> None:
    ratings = from_registry("simpeval-2022")
    corpus = load_testset("simpeval-2022-refs")
    refs = [corpus.references[0][s] for s in ratings.segments]
    srcs = [corpus.sources[s] for s in ratings.segments]
    metrics = {"SARI": SARI(), "BLEU": BLEU(), "FKGL": FKGL()}
    for name, metric in metrics.items():
        scores = [metric.sentence_score(o, [r], source=s).score for o, r, s in zip(ratings.outputs, refs, srcs)]
        sign = 1.0 if metric.higher_is_better else -1.0
        expected = _definition(ratings.segments, ratings.types, ratings.rater_scores, [sign * x for x in scores])
        got = _module(ratings.segments, ratings.types, ratings.rater_scores, scores, metric.higher_is_better)
        assert got == expected, name
        assert set(got) == {"Deletions", "Paraphrases", "Splittings", "All"}
        assert sum(got["All"]) > 100  # the set decides many pairs: the comparison is not vacuous


@pytest.mark.slow
def test_meta_evaluate_reports_it_per_metric_and_type(upstream: Upstream) -> None:
    result = meta_evaluate_registered("simpeval-2022", metrics=["sari", "bleu", "fkgl"], n_samples=200)
    assert [(t.metric, t.type) for t in result.tau_like[:4]] == [
        ("SARI", "Deletions"),
        ("SARI", "Paraphrases"),
        ("SARI", "Splittings"),
        ("SARI", "All"),
    ]
    for t in result.tau_like:
        assert -1 <= t.low <= t.high <= 1 and t.concordant + t.discordant > 0, t
    again = meta_evaluate_registered("simpeval-2022", metrics=["sari", "bleu", "fkgl"], n_samples=200)
    assert again.tau_like == result.tau_like  # seeded
    records = [r for r in result.records() if r["table"] == "tau-like"]
    assert len(records) == 12 and records[3]["metric_b"] == "All"


def test_no_tau_like_without_annotators_or_types(toy: HumanRatings) -> None:
    refs = [["a cat sat on the mat", "the dog ran in the park", "it is a big house"]]
    result = meta_evaluate(toy, refs, metrics=["bleu"], n_samples=0)
    assert result.tau_like == ()
    close = replace(toy, rater_scores=[(3.0, 4.0, 5.0)] * 9, types=["Deletions"] * 9)  # 1-5: never 5 apart
    assert meta_evaluate(close, refs, metrics=["bleu"], n_samples=0).tau_like == ()
    told = meta_evaluate(close, refs, metrics=["bleu"], n_samples=0, tau_threshold=0.5)
    assert {t.type for t in told.tau_like} == set() and told.tau_threshold == 0.5  # equal ratings: still none
    apart = replace(close, rater_scores=[(x, x, x) for x in toy.scores])
    assert [t.type for t in meta_evaluate(apart, refs, metrics=["bleu"], n_samples=0).tau_like] == ["Deletions", "All"]
    with pytest.raises(InvalidOptionError, match="threshold"):
        meta_evaluate(toy, refs, metrics=["bleu"], n_samples=0, tau_threshold=-1)


@pytest.mark.slow
def test_cli_prints_lens_table(upstream: Upstream) -> None:
    run = CliRunner().invoke(
        main, ["meta-eval", "-t", "simpeval-2022", "-m", "sari", "bleu", "fkgl", "--n-samples", "100"]
    )
    assert run.exit_code == 0, run.output
    assert "Kendall tau-like" in run.output
    header = next(line for line in run.output.splitlines() if "Deletions (" in line)
    assert header.index("Deletions") < header.index("Paraphrases") < header.index("Splittings") < header.index("All")
    as_json = CliRunner().invoke(
        main, ["meta-eval", "-t", "simpeval-2022", "-m", "sari", "--n-samples", "0", "-f", "json"]
    )
    assert as_json.exit_code == 0, as_json.output
    assert {t["type"] for t in json.loads(as_json.output)["tau_like"]} == {
        "Deletions",
        "Paraphrases",
        "Splittings",
        "All",
    }
