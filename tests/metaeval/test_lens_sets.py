"""LENS's SimpEval sets as HumanRatings: segments, systems, outputs, scores, each annotator's rating and the types."""

from __future__ import annotations

import statistics
from collections import Counter
from typing import Any

import pytest
from click.testing import CliRunner

from simpeval.cli import main
from simpeval.exceptions import InvalidOptionError, InvalidValueError
from simpeval.metaeval import ASPECTS, HumanRatings, default_references, from_registry, meta_evaluate_registered
from simpeval.metaeval.lens_sets import worker_zscores
from simpeval.testsets import load_simpda_2022, load_simpeval_2022, load_simpeval_past, load_testset

from .conftest import Upstream


def _means_of_raters(h: HumanRatings) -> None:
    """``rater_scores`` are the raw ratings always: the scores are their means for a raw aspect only."""
    means = [statistics.fmean(r) for r in h.rater_scores]
    if h.aspect.endswith("_zscore"):
        assert h.scores != pytest.approx(means, abs=1e-6)
    else:
        assert h.scores == pytest.approx(means, abs=1e-12)


@pytest.mark.parametrize("zscore", [True, False])
def test_simpeval_2022(upstream: Upstream, zscore: bool) -> None:
    h = from_registry("simpeval-2022", zscore=zscore)
    rows = load_simpeval_2022()
    suffix = "_zscore" if zscore else ""
    assert h.aspect == f"overall{suffix}" and h.corpus == "simpeval-2022-refs"
    assert len(h.scores) == 360 and len(set(h.systems)) == 6 and len(set(h.segments)) == 60
    assert h.outputs == tuple(r.generation for r in rows) and h.types == tuple(r.sentence_type for r in rows)
    assert h.rater_scores == tuple(tuple(getattr(r, f"rating_{k}") for k in (1, 2, 3)) for r in rows)  # raw always
    assert h.scores == pytest.approx(
        [statistics.fmean(getattr(r, f"rating_{k}{suffix}") for k in (1, 2, 3)) for r in rows], abs=1e-12
    )
    sources = load_testset("simpeval-2022-refs").sources
    assert all(sources[s] == r.original for s, r in zip(h.segments, rows))
    assert 52 in h.segments and 15 not in h.segments  # the repeated source: its last line, as LENS reads it


def test_simpeval_2022_raw_scores_are_means_of_the_0_100_ratings(upstream: Upstream) -> None:
    h = from_registry("simpeval-2022", zscore=False)
    assert h.scores[:2] == pytest.approx([80.0, (95 + 80 + 100) / 3])
    assert "0-100 ratings" in h.note


@pytest.mark.parametrize("zscore", [True, False])
def test_simpeval_past(upstream: Upstream, zscore: bool) -> None:
    h = from_registry("simpeval-past", "overall", zscore=zscore)
    rows = load_simpeval_past()
    assert h.corpus == "asset-test" and default_references(h) == "asset"
    assert len(h.scores) == 2400 and len(set(h.systems)) == 24 and len(set(h.segments)) == 100
    assert Counter(h.systems) == {s: 100 for s in set(h.systems)}
    assert h.outputs == tuple(r.processed_generation for r in rows) and h.types == ()
    assert {len(r) for r in h.rater_scores} == {5}
    _means_of_raters(h)
    sources = load_testset("asset-test").sources
    assert all(sources[s] == r.original for s, r in zip(h.segments, rows))


@pytest.mark.parametrize("name", ["simpda-2022", "simplikert-2022"])
@pytest.mark.parametrize("aspect", ["simplicity", "fluency", "adequacy"])
def test_worker_sets_are_one_rating_per_output(upstream: Upstream, name: str, aspect: str) -> None:
    raw = from_registry(name, aspect, zscore=False)
    assert raw.aspect == aspect and raw.corpus == "simpeval-2022-refs"
    assert len(raw.scores) == 360 and {len(r) for r in raw.rater_scores} == {3}
    _means_of_raters(raw)
    z = from_registry(name, aspect)
    assert z.aspect == f"{aspect}_zscore" and (z.segments, z.systems, z.outputs) == (
        raw.segments,
        raw.systems,
        raw.outputs,
    )
    _means_of_raters(z)


def test_worker_sets_share_simpeval_2022s_segments_and_types(upstream: Upstream) -> None:
    s22 = from_registry("simpeval-2022")
    key = {(sys, seg): t for sys, seg, t in zip(s22.systems, s22.segments, s22.types)}
    da = from_registry("simpda-2022")
    typed = [(sys, seg) for sys, seg, t in zip(da.systems, da.segments, da.types) if t]
    assert len(typed) == 359 and all(key[k] == t for k, t in zip(typed, (t for t in da.types if t)))
    rows = load_simpda_2022()
    untyped = [(sys, out) for sys, out, t in zip(da.systems, da.outputs, da.types) if not t]
    assert untyped == [("Muss", next(r.simplified for r in rows if (r.input_id, r.system) == (21, "Muss")))]
    assert set(zip(da.systems, da.segments)) == set(key)


def test_worker_z_scores_are_per_worker(upstream: Upstream) -> None:
    rows = load_simpda_2022()
    z = worker_zscores([r.worker_id for r in rows], [float(r.fluency) for r in rows])
    for worker in {r.worker_id for r in rows}:
        mine = [x for x, r in zip(z, rows) if r.worker_id == worker]
        assert statistics.fmean(mine) == pytest.approx(0.0, abs=1e-12)
        assert statistics.pstdev(mine) == pytest.approx(1.0 if worker not in (0, 1) else 0.0)
    # workers 0 and 1 gave fluency 100 to each of their 45 and 62 outputs: a z-score of 0 throughout
    assert {r.fluency for r in rows if r.worker_id in (0, 1)} == {100}
    h = from_registry("simpda-2022", "fluency")
    first = [k for k, r in enumerate(rows) if (r.input_id, r.system) == (rows[0].input_id, rows[0].system)]
    assert h.rater_scores[0] == pytest.approx([float(rows[k].fluency) for k in first])  # raw always
    assert h.scores[0] == pytest.approx(statistics.fmean(z[k] for k in first))


def test_worker_zscores_of_a_constant_rater_are_zero() -> None:
    assert worker_zscores(["a", "a", "b"], [5.0, 5.0, 1.0]) == [0.0, 0.0, 0.0]


def test_aspects_and_the_default_aspect(upstream: Upstream) -> None:
    assert ASPECTS["simpeval-2022"] == ("overall",) and ASPECTS["simpda-2022"][0] == "simplicity"
    assert from_registry("simpeval-past", zscore=False).aspect == "overall"
    with pytest.raises(InvalidOptionError, match="aspect must be one of simplicity, fluency, adequacy"):
        from_registry("simpda-2022", "meaning")
    with pytest.raises(InvalidOptionError, match="aspect must be one of overall"):
        from_registry("simpeval-2022", "simplicity")


def test_rater_scores_and_types_have_one_entry_per_rating() -> None:
    base: dict[str, Any] = dict(segments=(0, 1), systems=("a", "a"), outputs=("x", "y"), scores=(1.0, 2.0))
    ok = HumanRatings("t", "x", **base, rater_scores=[[1, 1], [2.0, 2.0]], types=["Deletions", ""])
    assert ok.rater_scores == ((1.0, 1.0), (2.0, 2.0)) and ok.types == ("Deletions", "")
    assert HumanRatings("t", "x", **base).rater_scores == () == HumanRatings("t", "x", **base).types
    with pytest.raises(InvalidValueError, match="rater_scores must be empty or have one entry per rating"):
        HumanRatings("t", "x", **base, rater_scores=((1.0,),))
    with pytest.raises(InvalidValueError, match="types must be empty or have one entry per rating"):
        HumanRatings("t", "x", **base, types=("Deletions", "", ""))


def test_meta_evaluate_registered_scores_simpeval_2022_against_its_references(upstream: Upstream) -> None:
    result = meta_evaluate_registered("simpeval-2022", metrics=["bleu"], n_samples=0)
    assert result.correlation("BLEU", "segment", "pearson").n == 360
    assert (result.ratings, result.references) == ("simpeval-2022", "simpeval-2022-refs")


@pytest.mark.slow
def test_cli_meta_eval_on_simpeval_sets(upstream: Upstream) -> None:
    runner = CliRunner()
    result = runner.invoke(main, ["meta-eval", "-t", "simpeval-2022", "-m", "bleu", "--n-samples", "0", "-q"])
    assert result.exit_code == 0, result.output
    assert "simpeval-2022: overall_zscore; references: simpeval-2022-refs" in result.output
    past = runner.invoke(main, ["meta-eval", "-t", "simpeval-past", "-m", "bleu", "--raw", "--n-samples", "0", "-q"])
    assert past.exit_code == 0 and "simpeval-past: overall; references: asset" in past.output
    bad = runner.invoke(main, ["meta-eval", "-t", "simpda-2022", "--aspect", "meaning", "-m", "bleu"])
    assert bad.exit_code == 2 and "simpda-2022 rates simplicity, fluency, adequacy" in bad.output
