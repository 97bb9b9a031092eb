"""System-level metric agreement: correlations and their bootstrap intervals."""

from __future__ import annotations

import numpy as np
import pytest

from simpeval import BLEU, SARI
from simpeval.engines.resample import bootstrap_counts, draw_indices
from simpeval.exceptions import InputLengthMismatchError, InvalidOptionError, InvalidValueError
from simpeval.significance.agreement import kendall_tau_b, metric_agreement, pearson, spearman


def test_coefficients_on_hand_computed_examples() -> None:
    x = np.array([1.0, 2.0, 3.0, 4.0, 5.0])
    assert pearson(x, 2 * x + 1) == pytest.approx(1.0)
    assert spearman(x, x**3) == pytest.approx(1.0)
    assert kendall_tau_b(x, -x) == pytest.approx(-1.0)
    # ties: tau-b = (C - D) / sqrt((n0 - n1)(n0 - n2)); here C=5, D=0, tied pairs in y: 1
    assert kendall_tau_b(np.array([1, 2, 3, 4]), np.array([1, 2, 2, 3])) == pytest.approx(5 / np.sqrt(6 * 5))
    assert spearman(np.array([1, 2, 3]), np.array([3, 3, 1])) == pytest.approx(-0.8660254037844387)
    assert np.isnan(pearson(x, np.ones(5)))


def test_agreement_resamples_with_the_bootstrap_draws() -> None:
    """One resampler: the agreement intervals draw the same segments as bootstrap_ci for a seed."""
    counts = bootstrap_counts(1, 7, 50)
    assert counts.shape == (50, 7)
    assert (counts.sum(axis=1) == 7).all()
    indices = draw_indices(np.random.default_rng(1), 7, 50)
    np.testing.assert_array_equal(counts, [np.bincount(row, minlength=7) for row in indices])


def _systems() -> tuple[list[str], list[list[str]], dict[str, list[str]]]:
    sources = [
        f"The big {w} sat quietly on the old mat number {i} today ."
        for i, w in enumerate(["cat", "dog", "cow", "fox"] * 4)
    ]
    references = [[s.replace("big ", "").replace("quietly ", "") for s in sources]]
    systems = {
        "copy": sources,
        "drop-big": [s.replace("big ", "") for s in sources],
        "drop-both": references[0],
        "truncate": [" ".join(s.split()[:4]) for s in sources],
    }
    return sources, references, systems


@pytest.mark.slow
def test_metric_agreement_between_sari_and_bleu() -> None:
    sources, references, systems = _systems()
    metrics = {"SARI": SARI(), "BLEU": BLEU()}
    stats = {
        name: {s: m.corpus_stats(h, references, sources=sources) for s, h in systems.items()}
        for name, m in metrics.items()
    }
    fns = {name: (lambda v, m=m: m.score_from_stats(v).score) for name, m in metrics.items()}
    results = metric_agreement(stats, fns, n_samples=200, seed=7)
    assert [(r.metric_a, r.metric_b, r.method) for r in results] == [
        ("SARI", "BLEU", "pearson"),
        ("SARI", "BLEU", "spearman"),
        ("SARI", "BLEU", "kendall"),
    ]
    sari = [metrics["SARI"].corpus_score(h, references, sources=sources).score for h in systems.values()]
    bleu = [metrics["BLEU"].corpus_score(h, references).score for h in systems.values()]
    assert results[0].value == pytest.approx(pearson(np.array(sari), np.array(bleu)))
    for r in results:
        assert -1.0 <= r.low <= r.high <= 1.0 and r.n_systems == 4 and r.n_samples == 200
    assert metric_agreement(stats, fns, n_samples=200, seed=7) == results  # deterministic


def test_metric_agreement_errors() -> None:
    sources, references, systems = _systems()
    stats = {"SARI": {s: SARI().corpus_stats(h, references, sources=sources) for s, h in systems.items()}}
    fns = {"SARI": lambda v: SARI().score_from_stats(v).score}
    with pytest.raises(InvalidValueError, match="two metrics"):
        metric_agreement(stats, fns)
    two = {"A": stats["SARI"], "B": dict(list(stats["SARI"].items())[:2])}
    with pytest.raises(InvalidValueError, match="three systems"):
        metric_agreement({"A": two["B"], "B": two["B"]}, {"A": fns["SARI"], "B": fns["SARI"]})
    uneven = {"A": stats["SARI"], "B": {k: v[:-1] for k, v in stats["SARI"].items()}}
    with pytest.raises(InputLengthMismatchError):
        metric_agreement(uneven, {"A": fns["SARI"], "B": fns["SARI"]})
    with pytest.raises(InvalidOptionError, match="methods"):
        metric_agreement(stats | {"B": stats["SARI"]}, {"SARI": fns["SARI"], "B": fns["SARI"]}, methods=["tau"])
