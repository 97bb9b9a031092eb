"""Comparing systems: corpus scores, bootstrap confidence intervals, paired tests, agreement."""

from __future__ import annotations

import os
from collections.abc import Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from typing import Any, Callable, Optional, TypeVar, Union, cast

from .._types import RefStreams, Sources, StatsArray
from ..defaults import AGREEMENT_SAMPLES, CONFIDENCE_SAMPLES, DEFAULT_METRICS, DEFAULT_SEED, PAIRED_SAMPLES
from ..exceptions import InvalidOptionError, InvalidValueError
from ..metrics import Metric, count_references
from ..metrics.score import Score
from ..report.table import ResultTable
from ..significance import (
    ConfidenceInterval,
    Correlation,
    PairedResult,
    bootstrap_ci,
    compare_all_pairs,
    compare_to_baseline,
    metric_agreement,
)
from ..significance.compare import Correction, TestName
from .common import MetricSpec, ProgressFn, StatisticsFn, announce_work, check_systems, columns, resolve_metrics

__all__ = ["ProgressFn", "compare"]

T = TypeVar("T")


def compare(
    systems: Mapping[str, Sequence[str]],
    references: RefStreams,
    *,
    sources: Optional[Sources] = None,
    metrics: Sequence[MetricSpec] = DEFAULT_METRICS,
    confidence: bool = False,
    confidence_samples: Optional[int] = None,
    paired: Optional[str] = None,
    paired_samples: Optional[int] = None,
    all_pairs: bool = False,
    correction: Optional[str] = None,
    baseline: Optional[str] = None,
    seed: int = DEFAULT_SEED,
    agreement: bool = False,
    agreement_samples: int = AGREEMENT_SAMPLES,
    progress: Optional[ProgressFn] = None,
    jobs: int = 1,
    statistics: Optional[StatisticsFn] = None,
) -> ResultTable:
    """Compare systems: corpus scores, bootstrap confidence intervals and paired significance tests.

    Statistics are extracted once per (system, metric); every resample is a sum of those
    precomputed rows, so resampling costs the same for every metric.

    Args:
        systems: system name -> its outputs, one per segment.
        references: reference streams, ``references[j][i]`` = reference ``j`` of segment ``i``.
        sources: the source sentences (required by SARI).
        metrics: metrics or registry names, in column order.
        confidence: add a 95% bootstrap percentile interval to every cell.
        confidence_samples: bootstrap resamples for the intervals (default 1000; with a paired
            bootstrap, its number of resamples, since the signature's one ``bs`` field records
            both: giving two different counts is an error).
        paired: ``"bs"`` (paired bootstrap resampling) or ``"ar"`` (approximate randomization)
            against the baseline, with sacrebleu's algorithms and defaults.
        paired_samples: resamples (bs, default 1000) or trials (ar, default 10000).
        all_pairs: test every pair of systems instead of each system against the baseline; the
            pairs with the baseline come first, the baseline as their baseline.
        correction: ``"holm"`` for Holm-Bonferroni adjusted p-values.
        baseline: the baseline system (default: the first).
        seed: seed of every random draw; recorded in the signatures.
        agreement: also correlate the metrics across systems (Pearson, Spearman, Kendall
            with bootstrap intervals over segments; needs two metrics and three systems).
        agreement_samples: bootstrap resamples for those intervals.
        progress: optional callback ``progress(label, done, total)``.
        jobs: metrics compared at once, on threads (sacrebleu's ``--paired-jobs``; 0: one per
            CPU). The results do not depend on it.
        statistics: ``statistics(metric, system, hypotheses)`` gives a system's statistics rows
            (by default ``metric.corpus_stats`` here; a cluster's for ``simpeval score --engine``):
            everything else, resampling included, is computed here from those rows.

    Returns:
        A :class:`~simpeval.report.table.ResultTable` with scores, and where requested
        intervals, paired results (``paired`` grid or ``comparisons`` for all pairs) and the baseline.

    Examples:
        >>> table = compare({"a": ["the cat sat", "a dog"], "b": ["cat", "dog ran"], "c": ["the cat", "dog"]},
        ...                 [["the cat sat", "a dog ran"]], metrics=["bleu"], paired="ar", paired_samples=50)
        >>> table.baseline, table.paired_result("b", "BLEU").test
        ('a', 'ar')
    """
    check_systems(systems)
    resolved = resolve_metrics(metrics)
    announce_work(systems, references)
    names = list(systems)
    base = _check_options(names, paired, correction, all_pairs, baseline)
    n_refs = count_references([[r for r in segment if r is not None] for segment in zip(*references)])
    n_confidence = _confidence_samples(confidence_samples, paired, paired_samples)
    options = _Options(confidence, n_confidence, paired, paired_samples, all_pairs, correction, base, seed)

    def one(metric: Metric) -> _MetricResult:
        stats = {
            name: metric.corpus_stats(hyps, references, sources=sources)
            if statistics is None
            else statistics(metric, name, hyps)
            for name, hyps in systems.items()
        }
        return _compare_metric(metric, stats, n_refs, options)

    done = _each_metric(one, resolved, _check_jobs(jobs, len(resolved)), progress)
    table_columns = columns([result.scores[0].metric for result in done], resolved)
    correlations: list[Correlation] = []
    if agreement:
        correlations = metric_agreement(
            {column.name: result.stats for column, result in zip(table_columns, done)},
            {column.name: m.resampling_scorer()[0] for column, m in zip(table_columns, resolved)},
            n_samples=agreement_samples,
            seed=seed,
            progress=None if progress is None else (lambda done, total: progress("agreement", done, total)),
        )

    def grid(field: str) -> Any:
        return tuple(zip(*(getattr(result, field) for result in done)))

    return ResultTable(
        tuple(names),
        table_columns,
        grid("scores"),
        intervals=grid("intervals") if confidence else None,
        paired=grid("paired") if paired is not None and not all_pairs else None,
        baseline=base if paired is not None else None,
        comparisons=tuple(r for result in done for r in result.comparisons),
        correlations=tuple(correlations),
    )


@dataclass(frozen=True)
class _Options:
    confidence: bool
    confidence_samples: int
    paired: Optional[str]
    paired_samples: Optional[int]
    all_pairs: bool
    correction: Optional[str]
    baseline: str
    seed: int


@dataclass(frozen=True)
class _MetricResult:
    """One metric's column: statistics, scores, intervals and paired results, system by system."""

    stats: dict[str, StatsArray]
    scores: tuple[Score, ...]
    intervals: tuple[Optional[ConfidenceInterval], ...]
    paired: tuple[Optional[PairedResult], ...]
    comparisons: tuple[PairedResult, ...]


def _confidence_samples(confidence: Optional[int], paired: Optional[str], paired_samples: Optional[int]) -> int:
    """The resamples of the confidence intervals: a paired bootstrap and the intervals share the
    signature's ``bs`` field, so they share the count (issue: ``bs:200`` on a 500-resample CI)."""
    if paired != "bs":
        return CONFIDENCE_SAMPLES if confidence is None else confidence
    n_paired = PAIRED_SAMPLES["bs"] if paired_samples is None else paired_samples
    if confidence is not None and confidence != n_paired:
        raise InvalidOptionError(
            f"compare: confidence_samples ({confidence}) and paired_samples ({n_paired}) must be equal with "
            "paired='bs': the signature's bs field records one number of bootstrap resamples for both."
        )
    return n_paired


def _check_options(
    names: list[str], paired: Optional[str], correction: Optional[str], all_pairs: bool, baseline: Optional[str]
) -> str:
    """Validate the options of :func:`compare`; the baseline's name."""
    if paired not in (None, "bs", "ar"):
        raise InvalidOptionError(f"compare: paired must be 'bs', 'ar' or None (got {paired!r}).")
    if correction not in (None, "holm"):
        raise InvalidOptionError(f"compare: correction must be 'holm' or None (got {correction!r}).")
    if (all_pairs or correction) and paired is None:
        raise InvalidOptionError("compare: all_pairs and correction need a paired test (paired='bs' or 'ar').")
    if baseline is not None and baseline not in names:
        raise InvalidOptionError(f"compare: baseline must be one of the systems {names} (got {baseline!r}).")
    if paired is not None and len(names) < 2:
        raise InvalidValueError("compare: a paired test needs at least two systems.")
    return baseline if baseline is not None else names[0]


def _each_metric(
    one: Callable[[Metric], _MetricResult], metrics: list[Metric], workers: int, progress: Optional[ProgressFn]
) -> list[_MetricResult]:
    """``one(metric)`` for every metric, in order, on ``workers`` threads (metric objects are
    thread-safe; the compiled kernels release the GIL)."""
    if workers == 1:
        return [one(metric) for metric in _with_progress(metrics, progress)]
    with ThreadPoolExecutor(max_workers=workers) as pool:
        futures = [pool.submit(one, metric) for metric in metrics]
        return [future.result() for future in _with_progress(futures, progress)]


def _check_jobs(jobs: Any, n_metrics: int) -> int:
    """Threads for the metrics of a comparison: ``jobs`` (0: one per CPU), at most one per metric."""
    if isinstance(jobs, bool) or not isinstance(jobs, int) or jobs < 0:
        raise InvalidOptionError(f"compare: jobs must be an integer >= 0, 0 for one per CPU (got {jobs!r}).")
    return max(1, min(jobs or os.cpu_count() or 1, n_metrics))


def _with_progress(metrics: list[T], progress: Optional[ProgressFn]) -> Iterator[T]:
    if progress is not None:
        progress("metrics", 0, len(metrics))
    for k, metric in enumerate(metrics):
        yield metric
        if progress is not None:
            progress("metrics", k + 1, len(metrics))


def _compare_metric(
    metric: Metric, by_system: dict[str, StatsArray], n_refs: Union[int, str], options: _Options
) -> _MetricResult:
    """Scores, intervals and paired tests of every system under one metric, from its statistics."""
    extra: dict[str, Any] = {}
    if options.confidence:
        extra.update(bs=options.confidence_samples, seed=options.seed)
    if options.paired is not None:
        n_paired = options.paired_samples if options.paired_samples is not None else PAIRED_SAMPLES[options.paired]
        extra.update({options.paired: n_paired, "seed": options.seed})
    signature = metric.get_signature(n_refs, **extra)
    score_fn, dtype = metric.resampling_scorer()
    scores = tuple(metric.score_from_stats(stats.sum(axis=0), signature) for stats in by_system.values())
    intervals: tuple[Optional[ConfidenceInterval], ...] = tuple(
        bootstrap_ci(stats, score_fn, n_samples=options.confidence_samples, seed=options.seed, dtype=dtype)
        if options.confidence
        else None
        for stats in by_system.values()
    )
    results: list[PairedResult] = []
    if options.paired is not None:
        test = cast(TestName, options.paired)
        correction = cast(Correction, options.correction)
        common = dict(n_samples=options.paired_samples, seed=options.seed, metric_name=scores[0].metric)
        if options.all_pairs:  # the baseline first: its pairs come first, with it as their baseline
            ordered = {options.baseline: by_system[options.baseline], **by_system}
            results = compare_all_pairs(metric, ordered, test, correction=correction, **common)  # type: ignore[arg-type]
        else:
            results = compare_to_baseline(
                metric,
                by_system,
                options.baseline,
                test,
                correction=correction,
                **common,  # type: ignore[arg-type]
            )
    by_name = {result.system: result for result in results} if not options.all_pairs else {}
    return _MetricResult(
        stats=by_system,
        scores=scores,
        intervals=intervals,
        paired=tuple(by_name.get(name) for name in by_system),
        comparisons=tuple(results) if options.all_pairs else (),
    )
