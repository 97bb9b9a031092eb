"""Comparing systems: corpus scores, bootstrap confidence intervals, paired tests, agreement.

What to compute is said with the frozen specs of :mod:`simpeval.significance.specs`
(:class:`~simpeval.significance.specs.Bootstrap`, :class:`~simpeval.significance.specs.PairedBootstrap`,
:class:`~simpeval.significance.specs.Randomization`, :class:`~simpeval.significance.specs.Agreement`);
how to run it with :class:`~simpeval.api.common.RunOptions`.
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Mapping, Sequence
from concurrent.futures import ThreadPoolExecutor
from contextvars import copy_context
from dataclasses import dataclass
from typing import TypeVar

from .._types import RefStreams, Sources, StatsArray
from ..defaults import CONFIDENCE_SAMPLES, DEFAULT_METRICS, DEFAULT_SEED
from ..exceptions import InvalidOptionError, InvalidValueError
from ..metrics import Metric, count_references
from ..metrics.score import Score
from ..report.table import MetricColumn, ResultTable
from ..significance import (
    ConfidenceInterval,
    Correlation,
    PairedResult,
    bootstrap_ci,
    compare_all_pairs,
    compare_to_baseline,
    metric_agreement,
    metric_scorer,
)
from ..significance.specs import Agreement, Bootstrap, PairedBootstrap, PairedTestSpec, Randomization
from .common import MetricSpec, ProgressFn, RunOptions, announce_work, check_systems, columns, resolve_metrics

__all__ = ["ProgressFn", "RunOptions", "compare"]

T = TypeVar("T")


def compare(
    systems: Mapping[str, Sequence[str]],
    references: RefStreams,
    *,
    sources: Sources | None = None,
    metrics: Sequence[MetricSpec] = DEFAULT_METRICS,
    interval: Bootstrap | None = None,
    test: PairedTestSpec | None = None,
    seed: int = DEFAULT_SEED,
    agreement: Agreement | None = None,
    run: RunOptions | None = None,
) -> ResultTable:
    """Compare systems: corpus scores, bootstrap confidence intervals and paired significance tests.

    Statistics are extracted once per (system, metric); every resample is a sum of those
    precomputed rows, so resampling costs the same for every metric.

    Args:
        systems: system name -> its outputs, one per segment.
        references: reference streams, ``references[j][i]`` = reference ``j`` of segment ``i``.
        sources: the source sentences (required by SARI).
        metrics: metrics or registry names, in column order.
        interval: ``Bootstrap(n=...)`` adds a 95% bootstrap percentile interval to every cell.
        test: ``PairedBootstrap(n=...)`` or ``Randomization(n=...)``, sacrebleu's paired tests,
            with the pairs (``pairs="baseline"`` or ``"all"``), the ``correction`` (``"holm"``)
            and the ``baseline`` (default: the first system).
        seed: seed of every random draw; recorded in the signatures.
        agreement: ``Agreement(n=...)`` also correlates the metrics across systems.
        run: worker processes (``n_jobs``), threads over the metrics (``paired_jobs``), progress
            callback and statistics source (:class:`RunOptions`; ``None``: its defaults).

    Returns:
        A :class:`~simpeval.report.table.ResultTable` with scores and, where asked for, intervals,
        paired tests and correlations. :attr:`~simpeval.report.table.ResultTable.tests` holds
        every paired test in both ``pairs`` modes, and ``paired_result(system, metric)`` gives
        a system's test against the baseline in both.

    Raises:
        InvalidOptionError: a baseline that is not a system, or a :class:`Bootstrap` ``n``
            different from a :class:`PairedBootstrap`'s (the signature's ``bs`` field records one).
        InvalidValueError: a paired test of fewer than two systems.
        TypeError: a spec of the wrong kind (``interval=True``, ``test="bs"``, ``run={...}``).

    Examples:
        >>> from simpeval.significance.specs import Randomization
        >>> table = compare({"a": ["the cat sat", "a dog"], "b": ["cat", "dog ran"], "c": ["the cat", "dog"]},
        ...                 [["the cat sat", "a dog ran"]], metrics=["bleu"], test=Randomization(n=50))
        >>> table.baseline, table.paired_result("b", "BLEU").test
        ('a', 'ar')
    """
    _check_specs(interval, test, agreement, run)
    run = RunOptions() if run is None else run
    check_systems(systems)
    resolved = resolve_metrics(metrics)
    names = list(systems)
    plan = _Plan(_interval_samples(interval, test), test, _baseline(names, test), seed)
    with announce_work(systems, references, run.n_jobs):
        n_refs = count_references([[r for r in segment if r is not None] for segment in zip(*references)])
        statistics = run.statistics

        def one(metric: Metric) -> _MetricResult:
            stats = {
                name: metric.corpus_stats(hyps, references, sources=sources)
                if statistics is None
                else statistics(metric, name, hyps)
                for name, hyps in systems.items()
            }
            return _compare_metric(metric, stats, n_refs, plan)

        done = _each_metric(one, resolved, _workers(run.paired_jobs, len(resolved)), run.progress)
        table_columns = columns([result.scores[0].metric for result in done], resolved)
        correlations: list[Correlation] = []
        if agreement is not None:
            correlations = _agreement(done, table_columns, resolved, agreement, seed, run.progress)
        return _table(tuple(names), table_columns, done, plan, tuple(correlations))


def _check_specs(interval: object, test: object, agreement: object, run: object) -> None:
    """One clear error for a keyword given something other than its spec (or ``None``)."""
    for name, value, kinds in (
        ("interval", interval, (Bootstrap,)),
        ("test", test, (PairedBootstrap, Randomization)),
        ("agreement", agreement, (Agreement,)),
        ("run", run, (RunOptions,)),
    ):
        if value is not None and not isinstance(value, kinds):
            spelling = " or ".join(f"{kind.__name__}(...)" for kind in kinds)
            raise TypeError(f"compare: {name} must be {spelling} or None (got {value!r:.60}).")


@dataclass(frozen=True)
class _Plan:
    """What :func:`compare` computes for every metric: intervals (their resamples, or ``None``),
    the paired test and its baseline, and the seed of every draw."""

    interval: int | None
    test: PairedTestSpec | None
    baseline: str
    seed: int


@dataclass(frozen=True)
class _MetricResult:
    """One metric's column: statistics, scores, intervals and paired results, system by system."""

    stats: dict[str, StatsArray]
    scores: tuple[Score, ...]
    intervals: tuple[ConfidenceInterval | None, ...]
    paired: tuple[PairedResult | None, ...]
    comparisons: tuple[PairedResult, ...]


def _interval_samples(interval: Bootstrap | None, test: PairedTestSpec | None) -> int | None:
    """The resamples of the confidence intervals: a paired bootstrap and the intervals share the
    signature's ``bs`` field, so they share the count."""
    if interval is None:
        return None
    if not isinstance(test, PairedBootstrap):
        return CONFIDENCE_SAMPLES if interval.n is None else interval.n
    if interval.n is not None and interval.n != test.n:
        raise InvalidOptionError(
            f"compare: interval=Bootstrap(n={interval.n}) and test=PairedBootstrap(n={test.n}) must have the same n: "
            "the signature's bs field records one number of bootstrap resamples for both."
        )
    return test.n


def _baseline(names: list[str], test: PairedTestSpec | None) -> str:
    """The baseline's name (the first system unless the test names one)."""
    if test is None:
        return names[0]
    if test.baseline is not None and test.baseline not in names:
        raise InvalidOptionError(f"compare: baseline must be one of the systems {names} (got {test.baseline!r}).")
    if len(names) < 2:
        raise InvalidValueError("compare: a paired test needs at least two systems.")
    return names[0] if test.baseline is None else test.baseline


def _table(
    names: tuple[str, ...],
    table_columns: tuple[MetricColumn, ...],
    done: list[_MetricResult],
    plan: _Plan,
    correlations: tuple[Correlation, ...],
) -> ResultTable:
    """The result table: rows are systems, columns metrics."""
    all_pairs = plan.test is not None and plan.test.pairs == "all"
    return ResultTable(
        names,
        table_columns,
        tuple(zip(*(result.scores for result in done))),
        intervals=tuple(zip(*(result.intervals for result in done))) if plan.interval is not None else None,
        paired=tuple(zip(*(result.paired for result in done))) if plan.test is not None and not all_pairs else None,
        baseline=plan.baseline if plan.test is not None else None,
        comparisons=tuple(r for result in done for r in result.comparisons),
        correlations=correlations,
    )


def _agreement(
    done: list[_MetricResult],
    table_columns: tuple[MetricColumn, ...],
    metrics: list[Metric],
    agreement: Agreement,
    seed: int,
    progress: ProgressFn | None,
) -> list[Correlation]:
    """The correlations between the metrics, from every system's statistics."""
    return metric_agreement(
        {column.name: result.stats for column, result in zip(table_columns, done)},
        {column.name: metric_scorer(m)[0] for column, m in zip(table_columns, metrics)},
        n_samples=agreement.n,
        seed=seed,
        progress=None if progress is None else (lambda done, total: progress("agreement", done, total)),
    )


def _each_metric(
    one: Callable[[Metric], _MetricResult], metrics: list[Metric], workers: int, progress: ProgressFn | None
) -> list[_MetricResult]:
    """``one(metric)`` for every metric, in order, on ``workers`` threads (metric objects are
    thread-safe; the compiled kernels release the GIL)."""
    if workers == 1:
        return [one(metric) for metric in _with_progress(metrics, progress)]
    with ThreadPoolExecutor(max_workers=workers) as pool:
        # each thread runs in a copy of this context, so inside the job of the comparison (engines.jit.job)
        futures = [pool.submit(copy_context().run, one, metric) for metric in metrics]
        return [future.result() for future in _with_progress(futures, progress)]


def _workers(paired_jobs: int, n_metrics: int) -> int:
    """Threads for the metrics of a comparison: ``paired_jobs`` (0: one per CPU), at most one per metric."""
    return max(1, min(paired_jobs or os.cpu_count() or 1, n_metrics))


def _with_progress(metrics: list[T], progress: ProgressFn | None) -> Iterator[T]:
    if progress is not None:
        progress("metrics", 0, len(metrics))
    for k, metric in enumerate(metrics):
        yield metric
        if progress is not None:
            progress("metrics", k + 1, len(metrics))


def _compare_metric(metric: Metric, by_system: dict[str, StatsArray], n_refs: int | str, plan: _Plan) -> _MetricResult:
    """Scores, intervals and paired tests of every system under one metric, from its statistics."""
    fields: dict[str, int] = {}
    if plan.interval is not None:
        fields.update(bs=plan.interval, seed=plan.seed)
    if plan.test is not None:
        fields.update({plan.test.name: plan.test.n, "seed": plan.seed})
    signature = metric.get_signature(n_refs, **fields)
    score_fn, dtype = metric.resampling_scorer()
    scores = tuple(metric.score_from_stats(metric.sum_rows(stats), signature) for stats in by_system.values())
    intervals = tuple(
        None
        if plan.interval is None
        else bootstrap_ci(stats, score_fn, n_samples=plan.interval, seed=plan.seed, dtype=dtype)
        for stats in by_system.values()
    )
    results = _paired_tests(metric, by_system, plan, scores[0].metric)
    all_pairs = plan.test is not None and plan.test.pairs == "all"
    by_name = {} if all_pairs else {result.system: result for result in results}
    return _MetricResult(
        stats=by_system,
        scores=scores,
        intervals=intervals,
        paired=tuple(by_name.get(name) for name in by_system),
        comparisons=tuple(results) if all_pairs else (),
    )


def _paired_tests(metric: Metric, by_system: dict[str, StatsArray], plan: _Plan, label: str) -> list[PairedResult]:
    """The paired tests of ``plan`` under one metric (none without a test)."""
    test = plan.test
    if test is None:
        return []
    if test.pairs == "all":  # the baseline first: its pairs come first, with it as their baseline
        ordered = {plan.baseline: by_system[plan.baseline], **by_system}
        return compare_all_pairs(
            metric, ordered, test.name, n_samples=test.n, seed=plan.seed, correction=test.correction, metric_name=label
        )
    return compare_to_baseline(
        metric,
        by_system,
        plan.baseline,
        test.name,
        n_samples=test.n,
        seed=plan.seed,
        correction=test.correction,
        metric_name=label,
    )
