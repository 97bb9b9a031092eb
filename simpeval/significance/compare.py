"""Run paired tests over several systems: each against a baseline, or every pair.

These helpers run :func:`~simpeval.significance.paired_bootstrap` (each system resampled and
scored once for all its pairs) and
:func:`~simpeval.significance.paired_approximate_randomization` with
the metric's :meth:`~simpeval.metrics.base.Metric.resampling_scorer` (:func:`metric_scorer`) and package the results as
:class:`~simpeval.significance.PairedResult`. As in sacrebleu's ``PairedTest``, every
comparison draws from a fresh ``default_rng(seed)``, so all systems are tested on the same
resamples (or swaps).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import replace
from typing import TYPE_CHECKING, Any, Literal

import numpy as np
import numpy.typing as npt

from ..defaults import DEFAULT_SEED, PAIRED_SAMPLES
from ..engines.resample import ScoreFn, check_count, check_stats, make_rng, resample_dtype
from ..exceptions import InvalidInputError, InvalidOptionError, InvalidValueError
from .correction import holm_bonferroni
from .paired import check_pair, paired_approximate_randomization, paired_bootstraps
from .results import PairedResult

if TYPE_CHECKING:  # pragma: no cover
    from ..metrics.base import Metric

__all__ = ["compare_all_pairs", "compare_to_baseline", "metric_scorer"]

TestName = Literal["bs", "ar"]
Correction = Literal["holm"] | None


def compare_to_baseline(
    metric: Metric,
    stats_by_system: Mapping[str, npt.ArrayLike],
    baseline: str,
    test: TestName,
    *,
    n_samples: int | None = None,
    seed: int = DEFAULT_SEED,
    correction: Correction = None,
    dtype: npt.DTypeLike | None = None,
    metric_name: str | None = None,
) -> list[PairedResult]:
    """Test every system against ``baseline``, as sacrebleu's ``--paired-bs`` / ``--paired-ar``.

    Args:
        metric: the metric whose statistics are given; scores come from ``metric.score_from_stats``.
        stats_by_system: ``{system name: metric.corpus_stats(...)}``, in display order.
        baseline: the name of the baseline system (a key of ``stats_by_system``).
        test: ``"bs"`` (paired bootstrap) or ``"ar"`` (approximate randomization).
        n_samples: resamples (``bs``) or trials (``ar``); ``None`` takes sacrebleu's
            defaults, 1000 and 10000.
        seed: seed of the random draws (the same for every comparison); the signature
            fields are ``bs:N``/``ar:N`` and ``seed:S``.
        correction: ``"holm"`` adds Holm-adjusted p-values over the family of comparisons.
        dtype: precision of the bootstrap sums; ``None`` (default) takes the metric's
            (:meth:`~simpeval.metrics.base.Metric.resampling_scorer`: float32 for the sacrebleu
            wrappers, as sacrebleu resamples); unused by ``ar``.
        metric_name: the ``metric`` recorded in the results (a table's column label); by
            default the name on the metric's scores, e.g. ``"chrF2"``.

    Returns:
        One :class:`PairedResult` for every system except the baseline, in input order.

    Raises:
        InvalidOptionError: unknown ``test``, ``correction`` or ``baseline``, or a bad
            ``n_samples``/``seed``.
        InvalidInputError: fewer than two systems, or invalid statistics.
        InputLengthMismatchError: systems with different numbers of segments.

    Examples:
        >>> from simpeval import BLEU
        >>> bleu = BLEU()
        >>> refs = [["The cat sat on the mat.", "It is raining today.", "He left early."]]
        >>> outputs = {"base": ["A cat sat.", "Rain today.", "He went."],
        ...            "new": ["The cat sat on a mat.", "It is raining today.", "He left early."]}
        >>> stats = {name: bleu.corpus_stats(hyps, refs) for name, hyps in outputs.items()}
        >>> result = compare_to_baseline(bleu, stats, "base", "ar", n_samples=200)[0]
        >>> result.system, result.test, result.n_samples, result.seed, result.metric
        ('new', 'ar', 200, 12345, 'BLEU')
        >>> 1 / 201 <= result.p_value <= 1
        True
    """
    owner = "compare_to_baseline"
    systems = _check_systems(stats_by_system, owner)
    if not isinstance(baseline, str) or baseline not in systems:
        raise InvalidOptionError(
            f"{owner}: baseline must be one of the systems ({', '.join(map(repr, systems))}) (got {baseline!r})."
        )
    pairs = [(baseline, name) for name in systems if name != baseline]
    return _run(metric, systems, pairs, test, n_samples, seed, correction, dtype, metric_name, owner)


def compare_all_pairs(
    metric: Metric,
    stats_by_system: Mapping[str, npt.ArrayLike],
    test: TestName,
    *,
    n_samples: int | None = None,
    seed: int = DEFAULT_SEED,
    correction: Correction = None,
    dtype: npt.DTypeLike | None = None,
    metric_name: str | None = None,
) -> list[PairedResult]:
    """Test every unordered pair of systems once.

    Pairs come in system order: ``(s0, s1), (s0, s2), ..., (s1, s2), ...``; the earlier system
    of a pair is its ``baseline``. With ``correction="holm"`` the family is all the pairs.

    Args:
        metric: the metric whose statistics are given.
        stats_by_system: ``{system name: metric.corpus_stats(...)}``, in order.
        test: ``"bs"`` or ``"ar"``.
        n_samples: resamples or trials; ``None`` takes sacrebleu's defaults (1000, 10000).
        seed: seed of the random draws (the same for every pair).
        correction: ``None`` or ``"holm"``.
        dtype: precision of the bootstrap sums; ``None`` takes the metric's; unused by ``ar``.
        metric_name: the ``metric`` recorded in the results; by default the name on the metric's scores.

    Returns:
        One :class:`~simpeval.significance.PairedResult` per pair.

    Raises:
        InvalidOptionError: unknown ``test`` or ``correction``, or a bad ``n_samples``/``seed``.
        InvalidInputError: fewer than two systems, or invalid statistics.
        InputLengthMismatchError: systems with different numbers of segments.

    Examples:
        >>> from simpeval import CHRF
        >>> chrf = CHRF()
        >>> refs = [["a small cat", "the dog runs"]]
        >>> outputs = {"a": ["a cat", "dog"], "b": ["a small cat", "a dog runs"], "c": ["cat", "runs"]}
        >>> stats = {name: chrf.corpus_stats(hyps, refs) for name, hyps in outputs.items()}
        >>> results = compare_all_pairs(chrf, stats, "bs", n_samples=100, correction="holm")
        >>> [(r.baseline, r.system) for r in results]
        [('a', 'b'), ('a', 'c'), ('b', 'c')]
        >>> all(r.corrected_p_value >= r.p_value for r in results)
        True
    """
    owner = "compare_all_pairs"
    systems = _check_systems(stats_by_system, owner)
    names = list(systems)
    pairs = [(names[i], names[j]) for i in range(len(names)) for j in range(i + 1, len(names))]
    return _run(metric, systems, pairs, test, n_samples, seed, correction, dtype, metric_name, owner)


def _check_systems(stats_by_system: object, owner: str) -> dict[str, npt.NDArray[np.float64]]:
    if not isinstance(stats_by_system, Mapping):
        raise InvalidInputError(
            f"{owner}: stats_by_system must be a mapping {{system name: statistics}} "
            f"(got {type(stats_by_system).__name__})."
        )
    if len(stats_by_system) < 2:
        raise InvalidValueError(
            f"{owner}: stats_by_system must hold at least two systems (got {len(stats_by_system)}). "
            "A paired test compares systems; for one system use bootstrap_ci."
        )
    systems: dict[str, npt.NDArray[np.float64]] = {}
    for name, stats in stats_by_system.items():
        if not isinstance(name, str):
            raise InvalidInputError(f"{owner}: system names must be strings (got {name!r}).")
        systems[name] = check_stats(stats, f"stats_by_system[{name!r}]", owner)
    first = next(iter(systems))
    for name in systems:
        check_pair(systems[first], systems[name], owner, (f"stats_by_system[{first!r}]", f"stats_by_system[{name!r}]"))
    return systems


def _run(
    metric: Metric,
    systems: Mapping[str, npt.NDArray[np.float64]],
    pairs: list[tuple[str, str]],
    test: str,
    n_samples: int | None,
    seed: int,
    correction: str | None,
    dtype: npt.DTypeLike | None,
    metric_name: str | None,
    owner: str,
) -> list[PairedResult]:
    if test not in PAIRED_SAMPLES:
        raise InvalidOptionError(
            f"{owner}: test must be 'bs' (paired bootstrap) or 'ar' (approximate randomization) (got {test!r})."
        )
    if correction not in (None, "holm"):
        raise InvalidOptionError(f"{owner}: correction must be None or 'holm' (got {correction!r}).")
    n = PAIRED_SAMPLES[test] if n_samples is None else check_count(n_samples, "n_samples", owner)
    seed_value, _ = make_rng(seed, None, owner)
    score_fn, metric_dtype = metric_scorer(metric)
    precision = resample_dtype(metric_dtype if dtype is None else dtype, owner)

    if metric_name is not None and not isinstance(metric_name, str):
        raise InvalidInputError(f"{owner}: metric_name must be a string or None (got {metric_name!r}).")
    name = metric_name or metric.score_from_stats(metric.sum_rows(next(iter(systems.values())))).metric
    results: list[PairedResult] = []
    if test == "bs":  # every system resampled and scored once, whatever the number of pairs
        outcomes = paired_bootstraps(systems, pairs, score_fn, n, seed_value, dtype=precision)
        for (base, system), outcome in zip(pairs, outcomes):
            results.append(replace(outcome, system=system, baseline=base, metric=name))
    else:
        for base, system in pairs:
            results.append(
                paired_approximate_randomization(
                    systems[base],
                    systems[system],
                    score_fn,
                    n_samples=n,
                    seed=seed_value,
                    system=system,
                    baseline=base,
                    metric=name,
                )
            )
    if correction == "holm":
        adjusted = holm_bonferroni([result.p_value for result in results])
        results = [replace(r, corrected_p_value=a, correction="holm") for r, a in zip(results, adjusted)]
    return results


class _MetricScorer:
    """A metric's resampling score function that also carries its ``sum_rows`` (and its
    ``score_rows``, when the score function has one): see :func:`metric_scorer`."""

    def __init__(self, score_fn: Callable[[npt.NDArray[Any]], Any], metric: Any) -> None:
        self._score_fn = score_fn
        self.sum_rows = metric.sum_rows
        batch = getattr(score_fn, "score_rows", None)
        if batch is not None:
            self.score_rows = batch

    def __call__(self, vector: npt.NDArray[Any]) -> Any:
        return self._score_fn(vector)


def metric_scorer(metric: Any) -> tuple[ScoreFn, Any]:
    """``metric.resampling_scorer()``, its score function carrying ``metric.sum_rows``, so that the
    significance tests add a whole corpus's rows as :meth:`~simpeval.metrics.base.Metric.corpus_score`
    does (NLTK-chrF's F-score columns with Python's ``sum()``, see
    :func:`~simpeval.engines.resample.summed`)."""
    score_fn, dtype = metric.resampling_scorer()
    return _MetricScorer(score_fn, metric), dtype
