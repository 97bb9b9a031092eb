"""``simpeval score``: corpus (or sentence-level) scores of system outputs.

``simpeval score -s SRC -r REF1 REF2 -i SYS1 SYS2 [--metrics sari bleu chrf ter]``, or
``simpeval score -t asset-test -i SYS1`` with a built-in test set. Files are streamed in
bounded memory (:func:`simpeval.api.evaluate_streams`); ``--sentence-level`` reads them and
scores every segment (:func:`simpeval.api.sentence_level`): ``--format tsv`` or ``jsonl`` then
gives one line per system and segment with every metric side by side.
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Optional, Union

import click

from .. import api
from ..io import STDIN
from ..metrics import Metric
from ..report import ResultTable, SegmentTable, render
from .distributed import check_engine_usage, engine_options, score_on_engine, score_shards
from .inputs import LINE_COUNT_MISMATCH, UNIT, Inputs, check_data_options, open_inputs, read_inputs, reference_streams
from .options import (
    MetricFlags,
    MultiValueCommand,
    MultiValueOption,
    build_metrics,
    confidence_options,
    data_options,
    input_option,
    metric_options,
    metrics_option,
    output_options,
    positional_references,
    reference_files,
    sacrebleu_metric_options,
    sacrebleu_options,
)
from .progress import Progress

__all__ = ["score"]


@click.command(cls=MultiValueCommand)
@data_options
@input_option("System output files, one per system (default: standard input).")
@click.option(
    "--names",
    "-n",
    cls=MultiValueOption,
    metavar="NAME...",
    help="System names, one per --input file (default: the file names).",
)
@metrics_option
@metric_options
@sacrebleu_options
@output_options
@confidence_options
@engine_options
@click.option("--score-only", "-b", is_flag=True, help="Print only the scores, one per line.")
@click.option("--sentence-level", is_flag=True, help="Score every segment (one row per segment, system and metric).")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar on stderr (drawn only on a terminal anyway).")
@positional_references
@click.pass_context
def score(
    ctx: click.Context,
    /,
    test_set: Optional[str],
    sources: Optional[str],
    references: tuple[str, ...],
    num_refs: Optional[int],
    max_line_length: int,
    positional_references: tuple[str, ...],
    inputs: tuple[str, ...],
    names: tuple[str, ...],
    metrics: tuple[str, ...],
    lowercase: bool,
    tokenize: Optional[str],
    short: bool,
    encoding: str,
    language_pair: Optional[str],
    fmt: str,
    width: int,
    confidence: bool,
    confidence_n: Optional[int],
    seed: int,
    engine: str,
    scheduler: str,
    shards: Optional[str],
    score_only: bool,
    sentence_level: bool,
    quiet: bool,
    metric_flags: MetricFlags,
) -> None:
    """Score system outputs against references (and sources) with SARI, BLEU, chrF and TER.

    References come from --references, a --test-set, or positionally as in sacrebleu
    (simpeval score ref1.txt ref2.txt -i system.txt -m bleu).
    """
    references = reference_files(references, positional_references)
    inputs = inputs or (STDIN,)
    implied = sacrebleu_metric_options(lowercase, language_pair, tokenize, sentence_level)
    metric_objects = build_metrics(metrics, metric_flags, implied=implied)
    check_engine_usage(ctx, engine, scheduler, shards)
    if shards is not None and positional_references:
        raise click.UsageError("--shards reads the references from the shards; do not also give reference files.")
    if score_only and fmt != "text":
        raise click.UsageError(f"--score-only prints bare numbers and cannot be combined with --format {fmt}.")
    if shards is not None:  # a directory of shards, read by the cluster engine itself
        sharded = score_shards(shards, metric_objects, engine, scheduler, quiet, max_line_length)
        click.echo(
            render(
                sharded.with_signature_fields(lang=language_pair), fmt, width=width, score_only=score_only, short=short
            )
        )
        return
    check_data_options(metric_objects, inputs, test_set, sources, references, num_refs)
    if confidence and sentence_level:
        raise click.UsageError(
            "--confidence gives intervals of corpus scores; it cannot be combined with --sentence-level."
        )
    with Progress(enabled=not quiet) as progress:
        data = open_inputs(
            inputs,
            test_set=test_set,
            sources=sources,
            references=references,
            num_refs=num_refs,
            names=names,
            max_line_length=max_line_length,
            encoding=encoding,
            progress=progress,
        )
        how = "sentence" if sentence_level else "confidence" if confidence else "stream"
        table = _table(data, metric_objects, how, confidence_n, seed, progress, engine, scheduler)
    table = table.with_signature_fields(lang=language_pair)
    click.echo(render(table, fmt, width=width, score_only=score_only, short=short))


def _table(
    data: Inputs[Iterator[str]],
    metrics: list[Metric],
    how: str,
    confidence_n: Optional[int],
    seed: int,
    progress: Progress,
    engine: str = "local",
    scheduler: str = "local[2]",
) -> Union[ResultTable, SegmentTable]:
    """Scores of every system: streamed (``how="stream"``), per segment, or with bootstrap intervals,
    here or on a cluster (``engine``); ``test:NAME`` in the signatures when the data is a built-in test set."""
    if (
        how == "stream" and engine == "local"
    ):  # files are read lazily, in chunks: memory does not grow with their length
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
            )
        )
    read = read_inputs(data)
    if engine != "local":  # the same table, computed on a cluster
        return score_on_engine(
            engine,
            read,
            metrics,
            scheduler,
            "corpus" if how == "stream" else how,
            confidence_n,
            seed,
            quiet=not progress.enabled,
        )
    references = reference_streams(read)
    if how == "sentence":
        return data.tag(
            api.sentence_level(read.systems, references, sources=read.sources, metrics=metrics, progress=progress)
        )
    return data.tag(
        api.compare(
            read.systems,
            references,
            sources=read.sources,
            metrics=metrics,
            interval=api.Bootstrap(n=confidence_n),
            seed=seed,
            run=api.RunOptions(progress=progress),
        )
    )
