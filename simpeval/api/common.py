"""What the orchestration functions share: resolving metrics, checking systems, column labels."""

from __future__ import annotations

import operator
from collections.abc import Callable, Iterator, Mapping, Sequence, Sized
from contextlib import contextmanager, nullcontext
from dataclasses import dataclass

from .._types import StatsArray
from .._validate import check_int
from ..engines.jit import job
from ..engines.pool import current_jobs, jobs, resolve_jobs
from ..exceptions import InvalidInputError, InvalidValueError, UnknownMetricError
from ..metrics import Metric, get_metric, metric_key
from ..report.table import MetricColumn

__all__ = [
    "MetricSpec",
    "ProgressFn",
    "RunOptions",
    "StatisticsFn",
    "announce_work",
    "check_systems",
    "columns",
    "labels",
    "resolve_metrics",
]

MetricSpec = Metric | str

#: ``progress(label, done, total)``: how the library reports progress (it never prints); the
#: total is ``None`` when unknown (inputs read lazily).
ProgressFn = Callable[[str, int, int | None], None]
#: ``statistics(metric, system, hypotheses)``: that system's statistics rows under ``metric``, as
#: ``metric.corpus_stats(hypotheses, references, sources=sources)`` gives them (computed elsewhere:
#: on a cluster, by ``simpeval score --engine dask|spark``).
StatisticsFn = Callable[[Metric, str, Sequence[str]], StatsArray]


@dataclass(frozen=True)
class RunOptions:
    """How :func:`~simpeval.api.compare` runs; the results never depend on it.

    Attributes:
        paired_jobs: metrics compared at once, on threads (the command line's ``--paired-jobs``,
            as in sacrebleu; 0: one per CPU).
        n_jobs: cores in all (the command line's ``--jobs``): worker processes extracting the
            statistics, on one thread each (:func:`simpeval.engines.pool.jobs`; 1: this process on
            one thread; 0: one per available core; ``None``: those of the block around the call,
            else this process on every thread); the numbers are the same bits with any count.
        progress: optional callback ``progress(label, done, total)``.
        statistics: ``statistics(metric, system, hypotheses)`` gives a system's statistics rows
            (by default ``metric.corpus_stats``; a cluster's for ``simpeval score --engine``):
            everything else, resampling included, is computed from those rows.

    Raises:
        InvalidOptionError: ``paired_jobs`` or ``n_jobs`` is not an integer >= 0.

    Examples:
        >>> RunOptions(paired_jobs=2, n_jobs=4)
        RunOptions(paired_jobs=2, progress=None, statistics=None, n_jobs=4)
    """

    paired_jobs: int = 1
    progress: ProgressFn | None = None
    statistics: StatisticsFn | None = None
    n_jobs: int | None = None

    def __post_init__(self) -> None:
        check_int(self.paired_jobs, "compare: paired_jobs", minimum=0, expected="an integer >= 0, 0 for one per CPU")
        if self.n_jobs is not None:
            resolve_jobs(self.n_jobs, "compare: n_jobs")


def resolve_metrics(metrics: Sequence[MetricSpec]) -> list[Metric]:
    if isinstance(metrics, (str, Metric)) or not isinstance(metrics, Sequence):
        raise InvalidInputError(
            f"evaluate_systems: metrics must be a list of Metric objects or registry names "
            f"(got {type(metrics).__name__}: {metrics!r:.60}). Wrap a single metric in a list."
        )
    if not metrics:
        raise InvalidValueError("evaluate_systems: metrics must name at least one metric (got an empty list).")
    resolved = []
    for metric in metrics:
        if isinstance(metric, str):
            resolved.append(get_metric(metric))
        elif isinstance(metric, Metric):
            resolved.append(metric)
        else:
            raise InvalidInputError(
                f"evaluate_systems: every metric must be a Metric or a registry name "
                f"(got {type(metric).__name__}: {metric!r:.60})."
            )
    return resolved


def check_systems(systems: Mapping[str, object]) -> None:
    if not isinstance(systems, Mapping):
        raise InvalidInputError(
            f"evaluate_systems: systems must be a mapping of system name -> hypotheses "
            f"(got {type(systems).__name__}). For one system pass {{'my-system': hypotheses}}."
        )
    if not systems:
        raise InvalidValueError("evaluate_systems: systems must contain at least one system (got none).")
    for name in systems:
        if not isinstance(name, str):
            raise InvalidInputError(
                f"evaluate_systems: system names must be strings (got {type(name).__name__}: {name!r})."
            )


def labels(names: Sequence[str]) -> list[str]:
    """Unique column labels: a repeated name gets `` (2)``, `` (3)``, ..."""
    labels: list[str] = []
    for name in names:
        label, n = name, 1
        while label in labels:
            n += 1
            label = f"{name} ({n})"
        labels.append(label)
    return labels


def columns(scores: Sequence[str], metrics: Sequence[Metric]) -> tuple[MetricColumn, ...]:
    """The table columns of ``metrics``, labelled with the scores' metric names made unique."""
    return tuple(
        MetricColumn(label, metric.higher_is_better, _registry_key(metric))
        for label, metric in zip(labels(scores), metrics)
    )


def _registry_key(metric: Metric) -> str:
    try:
        return metric_key(metric.name)
    except UnknownMetricError:  # a metric of the user's own, not in the registry
        return metric.name.lower()


@contextmanager
def announce_work(systems: Mapping[str, object], references: object, n_jobs: object = None) -> Iterator[int]:
    """The job of scoring ``systems`` (systems x segments x (references + 2) texts): the calls
    run inside it choose their engine by its size (:func:`simpeval.engines.jit.job`), so that a
    large one runs compiled from its first call, and extract statistics on ``n_jobs`` worker
    processes, on one thread each, or here on ``n_jobs`` threads (:func:`simpeval.engines.pool.jobs`;
    0: one per available core; ``None``: those of the block around the call, else 1). Yields the
    worker count.

    Raises:
        InvalidOptionError: ``n_jobs`` is not an integer >= 0.
    """
    # a system's length, or what it says it holds (PEP 424: a file opened by simpeval.inputs counts
    # its lines), so that the same texts in lists or in files run the same engine
    sizes = [operator.length_hint(hyps, 0) for hyps in systems.values()]
    streams = len(references) if isinstance(references, Sized) else 1
    workers = nullcontext(current_jobs()) if n_jobs is None else jobs(n_jobs)
    with workers as count, job(sum(sizes) * (streams + 2)):
        yield count
