"""Scoring several systems with several metrics: corpus tables, streamed corpora, sentence level."""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence, Sized
from dataclasses import dataclass
from functools import partial
from typing import Any

from .._types import RefStreams, Sources
from .._validate import check_int
from ..alignment import iter_aligned_chunks, scoring_chunk
from ..defaults import CHUNK_SIZE, DEFAULT_METRICS
from ..engines import jit
from ..engines.pool import ordered_map, pickled
from ..engines.ranges import plan_ranges, ranged_results
from ..exceptions import InvalidValueError
from ..metrics import Metric, References, count_references
from ..metrics.score import Score
from ..report.table import ResultTable, SegmentScore, SegmentTable
from .common import MetricSpec, ProgressFn, StatisticsFn, announce_work, check_systems, columns, resolve_metrics

__all__ = ["evaluate_streams", "evaluate_systems", "sentence_level"]


def evaluate_systems(
    systems: Mapping[str, Sequence[str]],
    references: RefStreams,
    *,
    sources: Sources | None = None,
    metrics: Sequence[MetricSpec] = DEFAULT_METRICS,
    n_jobs: int | None = None,
) -> ResultTable:
    """Score every system with every metric (corpus level).

    Args:
        systems: system name -> its outputs, one per segment.
        references: reference streams, ``references[j][i]`` = reference ``j`` of segment ``i``;
            none (``[]`` or ``None``) when no metric needs references (FKGL).
        sources: the source sentences (required when a metric needs them, as SARI does).
        metrics: :class:`~simpeval.metrics.base.Metric` objects or registry names
            (``"sari"``, ``"bleu"``, ``"chrf"``, ``"ter"``), in column order.
        n_jobs: cores in all: worker processes extracting the statistics, their kernels on one
            thread each (1: this process, its kernels on one thread; 0: one per available core;
            ``None``: those of the :func:`simpeval.engines.pool.jobs` block around the call, else
            this process on every thread); the table is the same bits with any count.

    Returns:
        A table with one row per system and one column per metric. Columns are labelled
        with the score's metric name (``"SARI"``, ``"BLEU"``, ``"chrF2"``, ``"TER"``).

    Raises:
        SimpevalError: invalid input (lengths, layout, missing sources, ...), from the metrics.
    """
    check_systems(systems)
    resolved = resolve_metrics(metrics)
    with announce_work(systems, references, n_jobs):
        none = isinstance(references, Sized) and not isinstance(references, str) and not len(references)
        scores = [  # no references at all: None for the metrics that need none (FKGL); the others say what is wrong
            tuple(
                metric.corpus_score(
                    hypotheses, None if none and not metric.requires_references else references, sources=sources
                )
                for metric in resolved
            )
            for hypotheses in systems.values()
        ]
        return ResultTable(tuple(systems), columns([score.metric for score in scores[0]], resolved), tuple(scores))


def evaluate_streams(
    systems: Mapping[str, Iterable[str]],
    references: Sequence[Iterable[str | None]],
    *,
    sources: Iterable[str] | None = None,
    metrics: Sequence[MetricSpec] = DEFAULT_METRICS,
    chunk_size: int = CHUNK_SIZE,
    input_names: Sequence[str] | None = None,
    mismatch_message: str = "inputs must have the same number of segments",
    unit: str = "",
    progress: ProgressFn | None = None,
    n_jobs: int | None = None,
) -> ResultTable:
    """:func:`evaluate_systems` for inputs of any size: every input is read once, lazily.

    All inputs (e.g. :func:`simpeval.io.iter_lines` of files) are walked in lockstep,
    ``chunk_size`` segments at a time; only the summed statistics of each (system, metric)
    are kept, so memory does not depend on the corpus length.

    Args:
        systems: system name -> iterable of its outputs.
        references: reference streams as iterables (``references[j]`` yields reference ``j``
            of every segment; ``None`` for a missing one); none (``[]``) when no metric needs
            references (FKGL).
        sources: iterable of source sentences (required by SARI).
        metrics: metrics or registry names, as in :func:`evaluate_systems`.
        chunk_size: segments per chunk.
        input_names: names of the inputs (systems, then references, then sources) used in
            the line-count error message; file names in the CLI.
        mismatch_message: the start of that error message.
        unit: what the error message counts (``"line"`` for files).
        progress: optional callback ``progress("segments", done, None)``: 0 at the start, then
            after each system and metric of a chunk (the chunk's segments counted pro rata; after
            each chunk with several workers).
        n_jobs: worker processes computing the chunks' statistics while this process reads the
            next ones (as in :func:`evaluate_systems`; :func:`simpeval.engines.pool.ordered_map`):
            the chunks and their order stay, so the table is the same bits with any count. When
            every input is a regular UTF-8 file opened by :func:`simpeval.inputs.open_inputs` (or
            :func:`simpeval.engines.linefiles.file_lines`), the workers read their chunks' lines
            themselves and this process only scans for newlines (:mod:`simpeval.engines.ranges`);
            warnings and errors are the same as with one process.

    Raises:
        InputLengthMismatchError: the inputs have different lengths (each is named with its length).
        InvalidOptionError: ``chunk_size`` is not an integer >= 1.
    """
    check_systems(systems)
    check_int(chunk_size, "evaluate_streams: chunk_size")
    resolved = resolve_metrics(metrics)
    with announce_work(systems, references, n_jobs) as workers:
        n_systems, n_refs = len(systems), len(references)
        default_names = [*systems, *(f"references[{j}]" for j in range(n_refs))] + (
            ["sources"] if sources is not None else []
        )
        names = list(input_names) if input_names is not None else default_names
        iterables: list[Iterable[Any]] = [*systems.values(), *references] + ([sources] if sources is not None else [])
        work = _ChunkWork(tuple(resolved), n_systems, n_refs, sources is not None)
        named = list(zip(names, iterables))
        totals: list[Any] = []
        ref_counts: set[int] = set()
        done = 0
        if progress is not None:
            progress("segments", 0, None)
        for size, counts, chunk_totals in _results(
            work, named, chunk_size, (mismatch_message, unit), workers, progress
        ):
            totals = chunk_totals if not totals else [t + c for t, c in zip(totals, chunk_totals)]
            ref_counts |= counts
            done += size
            if progress is not None:
                progress("segments", done, None)
        if not totals:
            raise InvalidValueError("evaluate_streams: the inputs contain no segment.")
        nrefs: int | str = ref_counts.pop() if len(ref_counts) == 1 else "var"
        k = len(resolved)
        scores = [
            tuple(
                metric.score_from_stats(totals[s * k + m], metric.get_signature(nrefs))
                for m, metric in enumerate(resolved)
            )
            for s in range(n_systems)
        ]
        return ResultTable(tuple(systems), columns([score.metric for score in scores[0]], resolved), tuple(scores))


#: One chunk's result: its segments, their reference counts, the summed rows of every (system, metric).
_ChunkResult = tuple[int, set[int], list[Any]]


@dataclass(frozen=True)
class _ChunkWork:
    """The statistics of one chunk of aligned inputs (systems, reference streams, sources), here
    or in a worker process: the summed rows of every system under every metric, in that order."""

    metrics: tuple[Metric, ...]
    n_systems: int
    n_refs: int
    has_sources: bool

    def __call__(self, chunk: list[list[Any]], step: Callable[[int], None] | None = None) -> _ChunkResult:
        refs = chunk[self.n_systems : self.n_systems + self.n_refs]
        srcs = chunk[-1] if self.has_sources else None
        # streams by construction: never read per segment; none given: None for the metrics that need
        # none (FKGL), an empty list (refused with the layout error) for the others, as in evaluate_systems
        streams = References.from_streams(refs) if refs else None
        totals = []
        for hypotheses in chunk[: self.n_systems]:
            for metric in self.metrics:
                given: RefStreams | None = streams if streams is not None or not metric.requires_references else []
                totals.append(metric.sum_rows(metric.corpus_stats(hypotheses, given, sources=srcs)))
                if step is not None:
                    step(len(totals))
        counts = {sum(ref is not None for ref in segment) for segment in zip(*refs)}
        return len(chunk[0]), counts, totals


def _results(
    work: _ChunkWork,
    named: list[tuple[str, Iterable[Any]]],
    chunk_size: int,
    mismatch: tuple[str, str],
    workers: int,
    progress: ProgressFn | None,
) -> Iterator[_ChunkResult]:
    """Every chunk's result, in order. Inputs that are all regular UTF-8 files of the same length
    (:func:`~simpeval.engines.ranges.plan_ranges`) are read by the ``workers`` themselves, each its
    chunks' byte ranges (:func:`~simpeval.engines.ranges.ranged_results`); other inputs are read
    here in lockstep (:func:`~simpeval.alignment.iter_aligned_chunks`: the one length check)."""
    plan = plan_ranges([stream for _, stream in named], chunk_size) if workers > 1 else None
    if plan is not None and pickled(work, ", ".join(m.name for m in work.metrics)):
        return ranged_results(work, plan, workers, jit.job_texts())
    chunks = iter_aligned_chunks(named, chunk_size, *mismatch)
    return _chunk_results(work, chunks, 1 if plan is not None else workers, 0, progress)  # 1: not picklable, said


def _chunk_results(
    work: _ChunkWork, chunks: Iterator[list[list[Any]]], workers: int, done: int, progress: ProgressFn | None
) -> Iterator[_ChunkResult]:
    """Every chunk's result, in order: on ``workers`` processes, which compute while this one reads
    the next chunks (:func:`~simpeval.engines.pool.ordered_map`), when there are two chunks or more;
    else here, with progress pro rata within the chunk (a large chunk's rows may still be extracted
    by the workers, by :meth:`~simpeval.metrics.base.Metric.corpus_stats`)."""
    ahead = list(itertools.islice(chunks, 2))
    chunks = itertools.chain(ahead, chunks)
    if workers > 1 and len(ahead) > 1 and pickled(work, ", ".join(m.name for m in work.metrics)):
        yield from ordered_map(partial(_at_line, work), _numbered(chunks, done + 1), workers, jit.job_texts())
        return
    pairs = work.n_systems * len(work.metrics)
    for chunk in chunks:

        def step(finished: int, size: int = len(chunk[0]), start: int = done) -> None:
            if progress is not None and finished < pairs:  # within the chunk, pro rata
                progress("segments", start + size * finished // pairs, None)

        with scoring_chunk(done + 1):
            result = work(chunk, step)
        done += result[0]
        yield result


def _numbered(chunks: Iterable[list[list[Any]]], line: int) -> Iterator[tuple[int, list[list[Any]]]]:
    """Every chunk with the number (1-based) of its first line."""
    for chunk in chunks:
        yield line, chunk
        line += len(chunk[0])


def _at_line(work: _ChunkWork, numbered: tuple[int, list[list[Any]]]) -> _ChunkResult:
    """``work`` of a chunk, which starts at the given line (:func:`~simpeval.alignment.scoring_chunk`)."""
    with scoring_chunk(numbered[0]):
        return work(numbered[1])


def sentence_level(
    systems: Mapping[str, Sequence[str]],
    references: RefStreams,
    *,
    sources: Sources | None = None,
    metrics: Sequence[MetricSpec] = DEFAULT_METRICS,
    progress: ProgressFn | None = None,
    statistics: StatisticsFn | None = None,
    n_jobs: int | None = None,
) -> SegmentTable:
    """The score of every segment of every system under every metric.

    Each segment is scored as a corpus of one, from its own row of statistics; every
    segment score carries the metric's corpus signature.

    Args:
        systems: system name -> its outputs, one per segment.
        references: reference streams, ``references[j][i]`` = reference ``j`` of segment ``i``.
        sources: the source sentences (required by SARI).
        metrics: metrics or registry names, as in :func:`evaluate_systems`.
        progress: optional callback ``progress("systems x metrics", done, total)``.
        statistics: ``statistics(metric, system, hypotheses)`` gives a system's statistics rows
            (by default ``metric.corpus_stats`` here; a cluster's for ``simpeval score --engine``).
        n_jobs: worker processes extracting the statistics, as in :func:`evaluate_systems`.

    Returns:
        A :class:`SegmentTable` with rows ordered by system, then metric, then line.

    Examples:
        >>> rows = sentence_level({"s": ["a b", "c"]}, [["a b", "d"]], metrics=["bleu"]).rows
        >>> [(r.line, r.system, r.metric) for r in rows]
        [(1, 's', 'BLEU'), (2, 's', 'BLEU')]
    """
    check_systems(systems)
    resolved = resolve_metrics(metrics)
    with announce_work(systems, references, n_jobs):
        scored: list[tuple[str, int, list[Score]]] = []  # (system, metric index, segment scores)
        for system, hypotheses in systems.items():
            for k, metric in enumerate(resolved):
                stats = (
                    metric.corpus_stats(hypotheses, references, sources=sources)
                    if statistics is None  # validates the input
                    else statistics(metric, system, hypotheses)
                )
                per_segment = [[ref for s in references or () if (ref := s[i]) is not None] for i in range(len(stats))]
                signature = metric.get_signature(count_references(per_segment))
                scored.append((system, k, [metric.score_from_stats(row, signature) for row in stats]))
                if progress is not None:
                    progress("systems x metrics", len(scored), len(systems) * len(resolved))
        table_columns = columns([segments[0].metric for _, _, segments in scored[: len(resolved)]], resolved)
        rows = [
            SegmentScore(i + 1, system, table_columns[k].name, score)
            for system, k, segments in scored
            for i, score in enumerate(segments)
        ]
        return SegmentTable(tuple(systems), table_columns, tuple(rows))
