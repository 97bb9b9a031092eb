"""Issue 13: the meta-evaluation of Alva-Manchego, Scarton and Specia (CL 47(4), 2021), reproduced.

simpeval's per-sentence SARI (and its add/keep/delete) and BLEU, with the authors' settings
(``simpeval.metaeval.PAPER_SETTINGS``), equal the authors' published per-sentence values
(``metrics_simplicity_DA.csv``) for the ASSET and TurkCorpus reference sets; the Pearson
correlations with ``simplicity_zscore`` computed by :func:`simpeval.metaeval.meta_evaluate` then
equal those of the authors' values.
"""

from __future__ import annotations

import csv
import os
from pathlib import Path

import numpy as np
import pytest
from scipy import stats

from simpeval.metaeval import PAPER_SETTINGS, from_csv, meta_evaluate
from simpeval.metrics import get_metric

SHARED = Path(__file__).resolve().parents[2].parent / "shared"
CORPORA = {"asset": ("corpora/asset/asset.test.orig", "corpora/asset/asset.test.simp.{}", 10),
           "turk": ("corpora/turkcorpus/test.truecase.detok.orig", "corpora/turkcorpus/test.truecase.detok.simp.{}", 8)}  # fmt: skip


def _shared() -> Path:
    if not (SHARED / "human_ratings" / "simplicity_DA.csv").is_file():
        message = f"shared data missing: {SHARED}"
        if os.environ.get("CI"):
            pytest.fail(message)
        pytest.skip(message)
    return SHARED


def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").split("\n")[:359]


def _corpus(name: str) -> tuple[list[str], list[list[str]]]:
    src, ref, k = CORPORA[name]
    root = _shared()
    return _lines(root / src), [_lines(root / ref.format(j)) for j in range(k)]


def _authors() -> dict[tuple[int, str, str], dict[str, str]]:
    with open(_shared() / "human_ratings" / "metrics_simplicity_DA.csv", encoding="utf-8", newline="") as handle:
        return {(int(r["sent_id"]), r["sys_name"], r["test_set"]): r for r in csv.DictReader(handle)}


@pytest.fixture(scope="module")
def ratings():  # type: ignore[no-untyped-def]
    return from_csv(_shared() / "human_ratings" / "simplicity_DA.csv", rating="simplicity_zscore")


@pytest.mark.parametrize("reference_set", sorted(CORPORA))
def test_per_sentence_values_equal_the_authors(ratings, reference_set: str) -> None:  # type: ignore[no-untyped-def]
    sources, references = _corpus(reference_set)
    authors = _authors()
    segs = list(ratings.segments)
    refs = [[stream[s] for s in segs] for stream in references]
    srcs = [sources[s] for s in segs]
    sari = get_metric("sari", **PAPER_SETTINGS["sari"])
    bleu = get_metric("bleu", **PAPER_SETTINGS["bleu"])
    sari_rows = sari.corpus_stats(list(ratings.outputs), refs, sources=srcs)
    bleu_scores = bleu.sentence_scores(list(ratings.outputs), refs)
    for k, (seg, system) in enumerate(zip(segs, ratings.systems)):
        theirs = authors[(seg + 1, system, reference_set)]
        score = sari.score_from_stats(sari_rows[k])
        assert score.score == pytest.approx(float(theirs["sari"]), abs=1e-6)
        assert score.components["add"] == pytest.approx(float(theirs["sari_add"]), abs=1e-6)
        assert score.components["keep"] == pytest.approx(float(theirs["sari_keep"]), abs=1e-6)
        assert score.components["delete"] == pytest.approx(float(theirs["sari_del"]), abs=1e-6)
        assert bleu_scores[k] == pytest.approx(float(theirs["bleu"]), abs=1e-6)


@pytest.mark.parametrize("reference_set", sorted(CORPORA))
def test_correlations_equal_those_of_the_authors_values(ratings, reference_set: str) -> None:  # type: ignore[no-untyped-def]
    sources, references = _corpus(reference_set)
    authors = _authors()
    result = meta_evaluate(ratings, references, sources, metrics=["sari", "bleu"], settings=PAPER_SETTINGS,
                           reference_name=reference_set, n_samples=100)  # fmt: skip
    human = np.array(ratings.scores)
    for metric, column in (("SARI", "sari"), ("BLEU", "bleu")):
        values = [float(authors[(s + 1, system, reference_set)][column]) for s, system in zip(ratings.segments, ratings.systems)]
        ours = result.correlation(metric, "segment", "pearson")
        assert ours.value == pytest.approx(stats.pearsonr(values, human)[0], abs=1e-9)
        assert ours.low < ours.value < ours.high and ours.n == 600
        assert result.correlation(metric, "segment", "kendall").value == pytest.approx(stats.kendalltau(values, human)[0], abs=1e-9)
    assert {w.level for w in result.williams} == {"segment", "system"}
    assert all(r.n_pairs == 15 for r in result.ranking)
