"""Parity of ``simpeval.significance`` with sacrebleu's own tests, on real data.

Provenance: TurkCorpus test outputs of ACCESS (baseline), Dress and PBMT-R against the 10
ASSET test references (``../shared/corpora``), seed 12345 (sacrebleu's default
``SACREBLEU_SEED``). sacrebleu is driven the way its CLI does it: metrics built with
``references=refs`` and ``PairedTest(named_systems, metrics, references=None, ...)`` for
``--paired-bs`` / ``--paired-ar``; ``metric.corpus_score(hyps, None, n_bootstrap=N)`` for
``--confidence``.

Two kinds of checks:

* *algorithm parity* (``==``): our functions with sacrebleu's own score function
  (``Metric._compute_score_from_stats``) and ``dtype=numpy.float32`` reproduce sacrebleu's
  p-values, means and ``±`` half-widths bit for bit, for BLEU, chrF and TER. This pins the
  draws, the float32 resampled sums, the interval positions, the mean and the p-value formula.
* *wrapper parity*: with simpeval's metrics (``score_from_stats``, float64 throughout) the
  p-values are equal and the means and half-widths agree to 1e-4 points. They are not
  bit-identical because sacrebleu's bootstrap rounds the statistics to float32
  (``np.array(stats, dtype='float32')`` in ``_bootstrap_resample`` and ``_paired_bs_test``),
  and under NumPy >= 2 (NEP 50) its score formulas then compute in float32 on those NumPy
  scalars: BLEU's n-gram precisions ``100. * correct / total``, and all of chrF and TER, whose
  resampled scores (and means and half-widths) are ``numpy.float32``. Float32 has about 7
  significant digits; 1e-4 on a 0-100 scale bounds the rounding of a few float32 operations
  and of a float32 mean of 1000 values. TER's statistics are not integers (mean reference
  lengths over 10 references), so there even the float32 sums are rounded. Approximate
  randomization never rounds to float32, so it is exact with simpeval's metrics too.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest
import sacrebleu
from sacrebleu.significance import PairedTest

import simpeval
from simpeval.significance import (
    bootstrap_ci,
    compare_to_baseline,
    half_width,
    paired_approximate_randomization,
    paired_bootstrap,
)

pytestmark = pytest.mark.slow

#: sacrebleu's TER shift search takes ~15 ms per segment with 10 references, and PairedTest
#: recomputes the statistics of every system; TER uses the first segments only.
TER_SEGMENTS = 30
#: Systems per metric: chrF and TER statistics are slow to extract (simpeval's and sacrebleu's),
#: so they compare ACCESS with Dress only; BLEU compares ACCESS with Dress and PBMT-R.
SYSTEMS = {"bleu": ("ACCESS", "Dress", "PBMT-R"), "chrf": ("ACCESS", "Dress"), "ter": ("ACCESS", "Dress")}
#: Agreement of simpeval's float64 means and half-widths with sacrebleu's float32 ones (points).
FLOAT32_TOLERANCE = 1e-4

OURS = {"bleu": simpeval.BLEU, "chrf": simpeval.CHRF, "ter": simpeval.TER}
THEIRS = {"bleu": sacrebleu.BLEU, "chrf": sacrebleu.CHRF, "ter": sacrebleu.TER}


@dataclass
class Setup:
    kind: str
    refs: list[list[str]]
    systems: dict[str, list[str]]
    metric: Any  # simpeval metric
    stats: dict[str, np.ndarray]
    cached: Any = None

    def sacrebleu_metric(self) -> Any:
        """sacrebleu's metric built as its CLI does (``references=refs``), shared by the tests."""
        if self.cached is None:
            self.cached = THEIRS[self.kind](references=self.refs)
        return self.cached

    def ours(self) -> Callable[[np.ndarray], float]:
        return lambda v: self.metric.score_from_stats(v).score

    def theirs(self) -> Callable[[np.ndarray], Any]:
        # sacrebleu's own scoring of a summed vector, as its significance code calls it.
        impl = THEIRS[self.kind]()
        return lambda v: impl._compute_score_from_stats(v).score


@pytest.fixture(scope="module")
def setups(asset_refs: list[list[str]], turk_systems: dict[str, list[str]]) -> Callable[[str], Setup]:
    cache: dict[str, Setup] = {}

    def get(kind: str) -> Setup:
        if kind not in cache:
            n = TER_SEGMENTS if kind == "ter" else len(asset_refs[0])
            names = SYSTEMS[kind]
            refs = [stream[:n] for stream in asset_refs]
            systems = {name: turk_systems[name][:n] for name in names}
            metric = OURS[kind]()
            stats = {name: metric.corpus_stats(hyps, refs) for name, hyps in systems.items()}
            cache[kind] = Setup(kind, refs, systems, metric, stats)
        return cache[kind]

    return get


@pytest.fixture(scope="module")
def sacrebleu_paired(setups: Callable[[str], Setup]) -> Callable[[str, str, int], tuple[Any, dict[str, Any]]]:
    """``(signature, {system: sacrebleu Result})`` of sacrebleu's PairedTest (cached)."""
    cache: dict[tuple[str, str, int], tuple[Any, dict[str, Any]]] = {}

    def run(kind: str, test: str, n: int) -> tuple[Any, dict[str, Any]]:
        if (kind, test, n) not in cache:
            setup = setups(kind)
            metric = setup.sacrebleu_metric()
            paired = PairedTest(
                list(setup.systems.items()), {kind.upper(): metric}, references=None, test_type=test, n_samples=n
            )
            signatures, columns = paired()
            (name,) = [key for key in columns if key != "System"]
            results = dict(zip(columns["System"][1:], columns[name][1:]))
            cache[kind, test, n] = (signatures[name], results)
        return cache[kind, test, n]

    return run


@pytest.fixture(scope="module")
def sacrebleu_confidence(setups: Callable[[str], Setup]) -> Callable[[str], Any]:
    """sacrebleu's ``--confidence`` score of Dress (``corpus_score(..., n_bootstrap=1000)``; cached).

    A metric of its own: ``corpus_score(n_bootstrap=...)`` writes bs/seed into its signature.
    """
    cache: dict[str, Any] = {}

    def run(kind: str) -> Any:
        if kind not in cache:
            setup = setups(kind)
            cache[kind] = THEIRS[kind](references=setup.refs).corpus_score(
                setup.systems["Dress"], None, n_bootstrap=1000
            )
        return cache[kind]

    return run


KINDS = ["bleu", "chrf", "ter"]


@pytest.mark.parametrize("kind", KINDS)
def test_paired_bootstrap_algorithm_is_sacrebleus(kind: str, setups: Any, sacrebleu_paired: Any) -> None:
    setup = setups(kind)
    _, expected = sacrebleu_paired(kind, "bs", 1000)
    base = setup.stats["ACCESS"]
    for name, theirs in expected.items():
        r = paired_bootstrap(base, setup.stats[name], setup.theirs(), n_samples=1000, seed=12345, dtype=np.float32)
        p, mean, ci = r.p_value, r.mean, r.ci
        assert ci is not None
        assert (p, mean, half_width(ci)) == (theirs.p_value, theirs.mean, theirs.ci), name


@pytest.mark.parametrize("kind", KINDS)
def test_paired_bootstrap_with_simpeval_metrics(kind: str, setups: Any, sacrebleu_paired: Any) -> None:
    setup = setups(kind)
    _, expected = sacrebleu_paired(kind, "bs", 1000)
    for name, theirs in expected.items():
        r = paired_bootstrap(setup.stats["ACCESS"], setup.stats[name], setup.ours(), n_samples=1000, seed=12345)
        p, mean, ci = r.p_value, r.mean, r.ci
        assert ci is not None and mean is not None
        assert p == theirs.p_value, name
        assert mean == pytest.approx(theirs.mean, abs=FLOAT32_TOLERANCE), name
        assert half_width(ci) == pytest.approx(theirs.ci, abs=FLOAT32_TOLERANCE), name
        assert ci.low <= mean <= ci.high


@pytest.mark.parametrize("kind", KINDS)
def test_paired_ar_with_simpeval_metrics_is_exact(kind: str, setups: Any, sacrebleu_paired: Any) -> None:
    setup = setups(kind)
    _, expected = sacrebleu_paired(kind, "ar", 1000)
    base = setup.stats["ACCESS"]
    for name, theirs in expected.items():
        for score_fn in (setup.ours(), setup.theirs()):
            assert (
                paired_approximate_randomization(base, setup.stats[name], score_fn, n_samples=1000, seed=12345).p_value
                == theirs.p_value
            )


@pytest.mark.parametrize("kind", KINDS)
def test_bootstrap_ci_is_sacrebleus_confidence(kind: str, setups: Any, sacrebleu_confidence: Any) -> None:
    setup = setups(kind)
    stats = setup.stats["Dress"]
    theirs = sacrebleu_confidence(kind)
    # Algorithm parity: sacrebleu's scorer on float32 sums gives its _mean and _ci exactly.
    exact = bootstrap_ci(stats, setup.theirs(), n_samples=1000, seed=12345, dtype=np.float32)
    assert (exact.mean, half_width(exact)) == (theirs._mean, theirs._ci)
    # simpeval's float64 metrics: within float32 rounding.
    ours = bootstrap_ci(stats, setup.ours(), n_samples=1000, seed=12345)
    assert ours.mean == pytest.approx(theirs._mean, abs=FLOAT32_TOLERANCE)
    assert half_width(ours) == pytest.approx(theirs._ci, abs=FLOAT32_TOLERANCE)
    assert (ours.n_samples, ours.seed, ours.level) == (1000, 12345, 0.95)


def test_default_ar_trials_match_sacrebleu_cli(setups: Any) -> None:
    """Full size: --paired-ar with its default 10000 trials, BLEU, ACCESS vs Dress."""
    setup = setups("bleu")
    metric = setup.sacrebleu_metric()
    named = [(name, setup.systems[name]) for name in ("ACCESS", "Dress")]
    signatures, columns = PairedTest(named, {"BLEU": metric}, references=None, test_type="ar", n_samples=0)()
    stats = {name: setup.stats[name] for name in ("ACCESS", "Dress")}
    (result,) = [r for r in compare_to_baseline(setup.metric, stats, "ACCESS", "ar") if r.system == "Dress"]
    assert result.p_value == columns["BLEU"][1].p_value
    info = signatures["BLEU"].info
    assert (result.n_samples, str(result.seed)) == (info["ar"], info["seed"]) == (10000, "12345")
    assert (result.test, result.baseline, result.metric, result.mean, result.ci) == ("ar", "ACCESS", "BLEU", None, None)


@pytest.mark.parametrize("kind", KINDS)
def test_wrapper_metrics_reproduce_sacrebleu_paired_bs_exactly(kind: str, setups: Any, sacrebleu_paired: Any) -> None:
    """Through simpeval's BLEU/CHRF/TER, whose resampling_scorer is sacrebleu's float32 scoring,
    --paired-bs p-values, means and intervals equal sacrebleu's bit for bit; with the defaults
    (no n_samples, no seed): sacrebleu's CLI's 1000 resamples and seed."""
    setup = setups(kind)
    signature, expected = sacrebleu_paired(kind, "bs", 1000)
    results = {r.system: r for r in compare_to_baseline(setup.metric, setup.stats, "ACCESS", "bs")}
    assert list(results) == list(expected)
    for name, theirs in expected.items():
        ours = results[name]
        assert ours.ci is not None and ours.ci.mean == ours.mean
        assert (ours.p_value, ours.mean, half_width(ours.ci)) == (theirs.p_value, theirs.mean, theirs.ci), name
        assert (ours.n_samples, str(ours.seed)) == (signature.info["bs"], signature.info["seed"])
        assert (ours.test, ours.baseline, ours.metric) == ("bs", "ACCESS", {"chrf": "chrF2"}.get(kind, kind.upper()))


@pytest.mark.parametrize("kind", KINDS)
def test_wrapper_metrics_reproduce_sacrebleu_confidence_exactly(
    kind: str, setups: Any, sacrebleu_confidence: Any
) -> None:
    setup = setups(kind)
    theirs = sacrebleu_confidence(kind)
    score_fn, dtype = setup.metric.resampling_scorer()
    ours = bootstrap_ci(setup.stats["Dress"], score_fn, n_samples=1000, seed=12345, dtype=dtype)
    assert (ours.mean, half_width(ours)) == (theirs._mean, theirs._ci)
