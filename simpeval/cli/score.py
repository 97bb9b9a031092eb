"""``simpeval score``: corpus (or sentence-level) scores of system outputs.

``simpeval score -s SRC -r REF1 REF2 -i SYS1 SYS2 [--metrics sari bleu chrf ter]``, or
``simpeval score -t asset-test -i SYS1`` with a built-in test set. Files are streamed in
bounded memory (:func:`simpeval.api.evaluate_streams`); ``--sentence-level`` reads them and
scores every segment (:func:`simpeval.api.sentence_level`): ``--format tsv`` or ``jsonl`` then
gives one line per system and segment with every metric side by side.
"""

from __future__ import annotations

from collections.abc import Iterator

import click

from .. import api, distributed
from ..inputs import LINE_COUNT_MISMATCH, UNIT, Inputs, read_inputs, reference_streams
from ..metrics import Metric
from ..report import ResultTable, SegmentTable, render
from .engine import EngineOptions, engine_group
from .groups import (
    ConfidenceOptions,
    DataOptions,
    OutputOptions,
    check_data,
    open_checked,
    quiet_option,
    usage_errors,
)
from .metric_group import MetricOptions, given_sources, scoring_groups
from .options import MultiValueCommand
from .progress import Progress

__all__ = ["score"]


@click.command(cls=MultiValueCommand)
@scoring_groups("System output files, one per system (default: standard input).", stdin=True)
@engine_group
@click.option(
    "--score-only",
    "-b",
    is_flag=True,
    help="Print only the scores, one a line: a bare number for one system and one metric (as sacrebleu), "
    "else labelled: system (if several), metric (if several), tab-separated, the number last; with "
    "--confidence, sacrebleu's ' (μ = MEAN ± HALF-WIDTH)' after it.",
)
@click.option("--sentence-level", is_flag=True, help="Score every segment (one row per segment, system and metric).")
@quiet_option()
@click.pass_context
def score(
    ctx: click.Context,
    /,
    data: DataOptions,
    metrics: MetricOptions,
    output: OutputOptions,
    confidence: ConfidenceOptions,
    engine: EngineOptions,
    score_only: bool,
    sentence_level: bool,
    quiet: bool,
) -> None:
    """Score system outputs against references (and sources) with SARI, BLEU, chrF and TER.

    Without --metrics, SARI needs --sources or --test-set: without them it is skipped (one line on stderr).

    References come from --references, a --test-set, or positionally as in sacrebleu
    (simpeval score ref1.txt ref2.txt -i system.txt -m bleu).
    """
    sources = given_sources(data) or engine.shards is not None  # shards carry their sources, if any
    metric_objects = metrics.build(metrics.sacrebleu_implied(sentence_level), sources=sources)
    engine.check(ctx)
    if engine.shards is not None and data.positional_references:
        raise click.UsageError("--shards reads the references from the shards; do not also give reference files.")
    if score_only and output.fmt != "text":
        raise click.UsageError(f"--score-only prints bare numbers and cannot be combined with --format {output.fmt}.")
    if engine.shards is not None:  # a directory of shards, read by the cluster engine itself
        with usage_errors():  # not a directory of one kind of shard
            distributed.shard_files(engine.shards)
        with Progress(enabled=not quiet) as progress:
            table: ResultTable | SegmentTable = distributed.score_shards(
                engine.shards,
                metrics=metric_objects,
                cluster=engine.cluster(quiet),
                max_line_length=data.max_line_length,
                progress=progress,
            )
    else:
        table = _scores(data, metric_objects, confidence, engine, sentence_level, quiet, metrics.jobs)
    table = table.with_signature_fields(lang=metrics.language_pair)
    click.echo(render(table, output.fmt, width=output.width, score_only=score_only, short=output.short))


def _scores(
    data: DataOptions,
    metrics: list[Metric],
    confidence: ConfidenceOptions,
    engine: EngineOptions,
    sentence_level: bool,
    quiet: bool,
    jobs: int,
) -> ResultTable | SegmentTable:
    """The table of the files (or test set) of ``data``, checked first, its statistics extracted by
    ``jobs`` worker processes (``--jobs``)."""
    check_data(data, metrics)
    if confidence.confidence and sentence_level:
        raise click.UsageError(
            "--confidence gives intervals of corpus scores; it cannot be combined with --sentence-level."
        )
    with Progress(enabled=not quiet) as progress:
        opened = open_checked(data, progress)
        how = "sentence" if sentence_level else "confidence" if confidence.confidence else "stream"
        return _table(opened, metrics, how, confidence, progress, engine, quiet, jobs)


def _table(
    data: Inputs[Iterator[str]],
    metrics: list[Metric],
    how: str,
    confidence: ConfidenceOptions,
    progress: Progress,
    engine: EngineOptions,
    quiet: bool,
    jobs: int,
) -> ResultTable | SegmentTable:
    """Scores of every system: streamed (``how="stream"``), per segment, or with bootstrap intervals,
    here or on a cluster (``engine``); ``test:NAME`` in the signatures when the data is a built-in test set."""
    if how == "stream" and engine.local:  # files are read lazily, in chunks: memory does not grow with their length
        return data.tag(
            api.evaluate_streams(
                data.systems,
                data.references,
                sources=data.sources,
                metrics=metrics,
                input_names=data.names,
                mismatch_message=LINE_COUNT_MISMATCH,
                unit=UNIT,
                progress=progress,
                n_jobs=jobs,
            )
        )
    read = read_inputs(data)
    if not engine.local:  # the same table, computed on a cluster
        table = distributed.score_systems(
            read.systems,
            read.references,
            sources=read.sources,
            metrics=metrics,
            cluster=engine.cluster(quiet),
            how="corpus" if how == "stream" else how,
            confidence_samples=confidence.confidence_n,
            seed=confidence.seed,
            progress=progress,
        )
        return table.with_signature_fields(test=data.test_set) if data.test_set else table
    references = reference_streams(read)
    if how == "sentence":
        return data.tag(
            api.sentence_level(
                read.systems, references, sources=read.sources, metrics=metrics, progress=progress, n_jobs=jobs
            )
        )
    return data.tag(
        api.compare(
            read.systems,
            references,
            sources=read.sources,
            metrics=metrics,
            interval=api.Bootstrap(n=confidence.confidence_n),
            seed=confidence.seed,
            run=api.RunOptions(progress=progress, n_jobs=jobs),
        )
    )
