"""The orchestration entry points used by the CLI and by notebooks.

:func:`evaluate_systems` scores every system with every metric and returns a
:class:`~simpeval.report.table.ResultTable`; :func:`sentence_level` returns the score of
every segment as a :class:`~simpeval.report.table.SegmentTable`. Render either with
:func:`simpeval.report.render`.

Examples:
    >>> table = evaluate_systems(
    ...     {"copy": ["The cat sat on the mat ."], "simple": ["The cat sat ."]},
    ...     references=[["The cat sat ."]],
    ...     sources=["The cat sat on the mat ."],
    ...     metrics=["sari", "bleu"],
    ... )
    >>> table.metric_names, table.best("SARI")
    (('SARI', 'BLEU'), 'simple')
"""

from __future__ import annotations

from typing import Any, Callable, Iterable, Mapping, Optional, Sequence, Union

from ._types import RefStreams, Sources
from .defaults import AGREEMENT_SAMPLES, CHUNK_SIZE, CONFIDENCE_SAMPLES, DEFAULT_METRICS, DEFAULT_SEED, PAIRED_SAMPLES
from .exceptions import InvalidInputError
from .io import iter_aligned_chunks
from .metrics import Metric, count_references, get_metric
from .metrics.score import Score
from .report.table import MetricColumn, ResultTable, SegmentScore, SegmentTable

__all__ = ["DEFAULT_METRICS", "compare", "evaluate_streams", "evaluate_systems", "sentence_level"]

MetricSpec = Union[Metric, str]


def _resolve_metrics(metrics: Sequence[MetricSpec]) -> list[Metric]:
    if isinstance(metrics, (str, Metric)) or not isinstance(metrics, Sequence):
        raise InvalidInputError(
            f"evaluate_systems: metrics must be a list of Metric objects or registry names "
            f"(got {type(metrics).__name__}: {metrics!r:.60}). Wrap a single metric in a list."
        )
    if not metrics:
        raise InvalidInputError("evaluate_systems: metrics must name at least one metric (got an empty list).")
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


def _check_systems(systems: Mapping[str, Sequence[str]]) -> None:
    if not isinstance(systems, Mapping):
        raise InvalidInputError(
            f"evaluate_systems: systems must be a mapping of system name -> hypotheses "
            f"(got {type(systems).__name__}). For one system pass {{'my-system': hypotheses}}."
        )
    if not systems:
        raise InvalidInputError("evaluate_systems: systems must contain at least one system (got none).")
    for name in systems:
        if not isinstance(name, str):
            raise InvalidInputError(
                f"evaluate_systems: system names must be strings (got {type(name).__name__}: {name!r})."
            )


def _labels(names: Sequence[str]) -> list[str]:
    """Unique column labels: a repeated name gets `` (2)``, `` (3)``, ..."""
    labels: list[str] = []
    for name in names:
        label, n = name, 1
        while label in labels:
            n += 1
            label = f"{name} ({n})"
        labels.append(label)
    return labels


def evaluate_systems(
    systems: Mapping[str, Sequence[str]],
    references: RefStreams,
    *,
    sources: Optional[Sources] = None,
    metrics: Sequence[MetricSpec] = DEFAULT_METRICS,
) -> ResultTable:
    """Score every system with every metric (corpus level).

    Args:
        systems: system name -> its outputs, one per segment.
        references: reference streams, ``references[j][i]`` = reference ``j`` of segment ``i``.
        sources: the source sentences (required when a metric needs them, as SARI does).
        metrics: :class:`~simpeval.metrics.base.Metric` objects or registry names
            (``"sari"``, ``"bleu"``, ``"chrf"``, ``"ter"``), in column order.

    Returns:
        A table with one row per system and one column per metric. Columns are labelled
        with the score's metric name (``"SARI"``, ``"BLEU"``, ``"chrF2"``, ``"TER"``).

    Raises:
        SimpevalError: invalid input (lengths, layout, missing sources, ...), from the metrics.
    """
    _check_systems(systems)
    resolved = _resolve_metrics(metrics)
    scores = [
        tuple(metric.corpus_score(hypotheses, references, sources=sources) for metric in resolved)
        for hypotheses in systems.values()
    ]
    labels = _labels([score.metric for score in scores[0]])
    columns = tuple(MetricColumn(label, m.higher_is_better) for label, m in zip(labels, resolved))
    return ResultTable(tuple(systems), columns, tuple(scores))


def evaluate_streams(
    systems: Mapping[str, Iterable[str]],
    references: Sequence[Iterable[Optional[str]]],
    *,
    sources: Optional[Iterable[str]] = None,
    metrics: Sequence[MetricSpec] = DEFAULT_METRICS,
    chunk_size: int = CHUNK_SIZE,
    input_names: Optional[Sequence[str]] = None,
    mismatch_message: str = "inputs must have the same number of segments",
    unit: str = "",
) -> ResultTable:
    """:func:`evaluate_systems` for inputs of any size: every input is read once, lazily.

    All inputs (e.g. :func:`simpeval.io.iter_lines` of files) are walked in lockstep,
    ``chunk_size`` segments at a time; only the summed statistics of each (system, metric)
    are kept, so memory does not depend on the corpus length.

    Args:
        systems: system name -> iterable of its outputs.
        references: reference streams as iterables (``references[j]`` yields reference ``j``
            of every segment; ``None`` for a missing one).
        sources: iterable of source sentences (required by SARI).
        metrics: metrics or registry names, as in :func:`evaluate_systems`.
        chunk_size: segments per chunk.
        input_names: names of the inputs (systems, then references, then sources) used in
            the line-count error message; file names in the CLI.
        mismatch_message: the start of that error message.
        unit: what the error message counts (``"line"`` for files).

    Raises:
        InputLengthMismatchError: the inputs have different lengths (each is named with its length).
    """
    _check_systems(systems)
    resolved = _resolve_metrics(metrics)
    n_systems, n_refs = len(systems), len(references)
    default_names = [*systems, *(f"references[{j}]" for j in range(n_refs))] + (["sources"] if sources is not None else [])
    names = list(input_names) if input_names is not None else default_names
    iterables: list[Iterable[Any]] = [*systems.values(), *references] + ([sources] if sources is not None else [])
    totals: dict[tuple[int, int], Any] = {}
    ref_counts: set[int] = set()
    for columns in iter_aligned_chunks(list(zip(names, iterables)), chunk_size, mismatch_message, unit):
        refs = columns[n_systems : n_systems + n_refs]
        srcs = columns[-1] if sources is not None else None
        for s, hypotheses in enumerate(columns[:n_systems]):
            for k, metric in enumerate(resolved):
                chunk = metric.corpus_stats(hypotheses, refs, sources=srcs).sum(axis=0)
                totals[s, k] = chunk if (s, k) not in totals else totals[s, k] + chunk
        ref_counts.update(sum(ref is not None for ref in segment) for segment in zip(*refs))
    if not totals:
        raise InvalidInputError("evaluate_streams: the inputs contain no segment.")
    nrefs: Union[int, str] = ref_counts.pop() if len(ref_counts) == 1 else "var"
    scores = [
        tuple(metric.score_from_stats(totals[s, k], metric.get_signature(nrefs)) for k, metric in enumerate(resolved))
        for s in range(n_systems)
    ]
    labels = _labels([score.metric for score in scores[0]])
    columns_ = tuple(MetricColumn(label, m.higher_is_better) for label, m in zip(labels, resolved))
    return ResultTable(tuple(systems), columns_, tuple(scores))


def compare(
    systems: Mapping[str, Sequence[str]],
    references: RefStreams,
    *,
    sources: Optional[Sources] = None,
    metrics: Sequence[MetricSpec] = DEFAULT_METRICS,
    confidence: bool = False,
    confidence_samples: int = CONFIDENCE_SAMPLES,
    paired: Optional[str] = None,
    paired_samples: Optional[int] = None,
    all_pairs: bool = False,
    correction: Optional[str] = None,
    baseline: Optional[str] = None,
    seed: int = DEFAULT_SEED,
    agreement: bool = False,
    agreement_samples: int = AGREEMENT_SAMPLES,
    progress: Optional[Callable[[str, int, int], None]] = None,
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
        confidence_samples: bootstrap resamples for the intervals.
        paired: ``"bs"`` (paired bootstrap resampling) or ``"ar"`` (approximate randomization)
            against the baseline, with sacrebleu's algorithms and defaults.
        paired_samples: resamples (bs, default 1000) or trials (ar, default 10000).
        all_pairs: test every pair of systems instead of each system against the baseline.
        correction: ``"holm"`` for Holm-Bonferroni adjusted p-values.
        baseline: the baseline system (default: the first).
        seed: seed of every random draw; recorded in the signatures.
        agreement: also correlate the metrics across systems (Pearson, Spearman, Kendall
            with bootstrap intervals over segments; needs two metrics and three systems).
        agreement_samples: bootstrap resamples for those intervals.
        progress: optional callback ``progress(label, done, total)``.

    Returns:
        A :class:`~simpeval.report.table.ResultTable` with scores, and where requested
        intervals, paired results (``paired`` grid or ``comparisons`` for all pairs) and the baseline.

    Examples:
        >>> table = compare({"a": ["the cat sat", "a dog"], "b": ["cat", "dog ran"], "c": ["the cat", "dog"]},
        ...                 [["the cat sat", "a dog ran"]], metrics=["bleu"], paired="ar", paired_samples=50)
        >>> table.baseline, table.paired_result("b", "BLEU").test
        ('a', 'ar')
    """
    from . import significance

    _check_systems(systems)
    resolved = _resolve_metrics(metrics)
    names = list(systems)
    if paired not in (None, "bs", "ar"):
        raise InvalidInputError(f"compare: paired must be 'bs', 'ar' or None (got {paired!r}).")
    if correction not in (None, "holm"):
        raise InvalidInputError(f"compare: correction must be 'holm' or None (got {correction!r}).")
    if (all_pairs or correction) and paired is None:
        raise InvalidInputError("compare: all_pairs and correction need a paired test (paired='bs' or 'ar').")
    if baseline is not None and baseline not in systems:
        raise InvalidInputError(f"compare: baseline must be one of the systems {names} (got {baseline!r}).")
    base = baseline if baseline is not None else names[0]
    if paired is not None and len(names) < 2:
        raise InvalidInputError("compare: a paired test needs at least two systems.")

    stats: list[dict[str, Any]] = []  # per metric: system -> statistics
    scores: list[list[Score]] = [[] for _ in names]
    intervals: list[list[Any]] = [[] for _ in names]
    paired_grid: list[list[Any]] = [[None] * len(resolved) for _ in names]
    comparisons: list[Any] = []
    n_refs = count_references([[r for r in segment if r is not None] for segment in zip(*references)])
    for k, metric in enumerate(resolved):
        by_system = {name: metric.corpus_stats(hyps, references, sources=sources) for name, hyps in systems.items()}
        stats.append(by_system)
        extra: dict[str, Any] = {}
        if confidence:
            extra.update(bs=confidence_samples, seed=seed)
        if paired is not None:
            n_paired = paired_samples if paired_samples is not None else PAIRED_SAMPLES[paired]
            extra.update({paired: n_paired, "seed": seed})
        signature = metric.get_signature(n_refs, **extra)
        score_fn, dtype = metric.resampling_scorer()
        for i, name in enumerate(names):
            scores[i].append(metric.score_from_stats(by_system[name].sum(axis=0), signature))
            if confidence:
                intervals[i].append(
                    significance.bootstrap_ci(
                        by_system[name], score_fn, n_samples=confidence_samples, seed=seed, dtype=dtype
                    )
                )
            if progress is not None:
                progress("scoring", k * len(names) + i + 1, len(resolved) * len(names))
        if paired is not None:
            label = scores[0][k].metric
            if all_pairs:
                comparisons.extend(
                    significance.compare_all_pairs(
                        metric, by_system, test=paired, n_samples=paired_samples, seed=seed,
                        correction=correction, metric_name=label,
                    )
                )
            else:
                results = significance.compare_to_baseline(
                    metric, by_system, baseline=base, test=paired, n_samples=paired_samples, seed=seed,
                    correction=correction, metric_name=label,
                )
                by_name = {result.system: result for result in results}
                for i, name in enumerate(names):
                    paired_grid[i][k] = by_name.get(name)
            if progress is not None:
                progress("paired tests", k + 1, len(resolved))
    labels = _labels([score.metric for score in scores[0]])
    columns = tuple(MetricColumn(label, m.higher_is_better) for label, m in zip(labels, resolved))
    correlations: list[Any] = []
    if agreement:
        from .significance.agreement import metric_agreement

        correlations = metric_agreement(
            dict(zip(labels, stats)),
            {label: m.resampling_scorer()[0] for label, m in zip(labels, resolved)},
            n_samples=agreement_samples,
            seed=seed,
            progress=None if progress is None else (lambda done, total: progress("agreement", done, total)),
        )
    return ResultTable(
        tuple(names),
        columns,
        tuple(tuple(row) for row in scores),
        intervals=tuple(tuple(row) for row in intervals) if confidence else None,
        paired=tuple(tuple(row) for row in paired_grid) if paired is not None and not all_pairs else None,
        baseline=base if paired is not None else None,
        comparisons=tuple(comparisons),
        correlations=tuple(correlations),
    )


def sentence_level(
    systems: Mapping[str, Sequence[str]],
    references: RefStreams,
    *,
    sources: Optional[Sources] = None,
    metrics: Sequence[MetricSpec] = DEFAULT_METRICS,
) -> SegmentTable:
    """The score of every segment of every system under every metric.

    Each segment is scored as a corpus of one, from its own row of statistics; every
    segment score carries the metric's corpus signature.

    Args:
        systems: system name -> its outputs, one per segment.
        references: reference streams, ``references[j][i]`` = reference ``j`` of segment ``i``.
        sources: the source sentences (required by SARI).
        metrics: metrics or registry names, as in :func:`evaluate_systems`.

    Returns:
        A :class:`SegmentTable` with rows ordered by system, then metric, then line.

    Examples:
        >>> rows = sentence_level({"s": ["a b", "c"]}, [["a b", "d"]], metrics=["bleu"]).rows
        >>> [(r.line, r.system, r.metric) for r in rows]
        [(1, 's', 'BLEU'), (2, 's', 'BLEU')]
    """
    _check_systems(systems)
    resolved = _resolve_metrics(metrics)
    scored: list[tuple[str, int, list[Score]]] = []  # (system, metric index, segment scores)
    for system, hypotheses in systems.items():
        for k, metric in enumerate(resolved):
            stats = metric.corpus_stats(hypotheses, references, sources=sources)  # validates the input
            per_segment = [[ref for s in references if (ref := s[i]) is not None] for i in range(len(stats))]
            signature = metric.get_signature(count_references(per_segment))
            scored.append((system, k, [metric.score_from_stats(row, signature) for row in stats]))
    labels = _labels([segments[0].metric for _, _, segments in scored[: len(resolved)]])
    rows = [
        SegmentScore(i + 1, system, labels[k], score)
        for system, k, segments in scored
        for i, score in enumerate(segments)
    ]
    columns = tuple(MetricColumn(label, m.higher_is_better) for label, m in zip(labels, resolved))
    return SegmentTable(tuple(systems), columns, tuple(rows))
