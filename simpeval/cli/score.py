"""``simpeval score``: corpus (or sentence-level) scores of system outputs.

``simpeval score -s SRC -r REF1 REF2 -i SYS1 SYS2 [--metrics sari bleu chrf ter]``, or
``simpeval score -t asset-test -i SYS1`` with a built-in test set. Files are streamed in
bounded memory (:func:`simpeval.api.evaluate_streams`); ``--sentence-level`` reads them and
scores every segment (:func:`simpeval.api.sentence_level`): ``--format tsv`` or ``jsonl`` then
gives one line per system and segment with every metric side by side.
"""

from __future__ import annotations

from typing import Any, Optional, Union

import click

from .. import api
from ..io import STDIN
from ..metrics import References
from ..report import ResultTable, SegmentTable, render
from .inputs import LINE_COUNT_MISMATCH, UNIT, check_data_options, open_inputs, read_inputs
from .options import (
    MultiValueCommand,
    MultiValueOption,
    build_metrics,
    data_options,
    input_option,
    metric_options,
    metrics_option,
    output_options,
)
from .progress import Progress

__all__ = ["score"]


@click.command(cls=MultiValueCommand)
@data_options
@input_option("System output files, one per system (default: standard input).")
@click.option("--names", "-n", cls=MultiValueOption, metavar="NAME...",
              help="System names, one per --input file (default: the file names).")  # fmt: skip
@metrics_option
@metric_options
@output_options
@click.option("--score-only", "-b", is_flag=True, help="Print only the scores, one per line.")
@click.option("--sentence-level", is_flag=True, help="Score every segment (one row per segment, system and metric).")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar on stderr (drawn only on a terminal anyway).")
@click.pass_context
def score(
    ctx: click.Context,
    /,
    test_set: Optional[str],
    sources: Optional[str],
    references: tuple[str, ...],
    num_refs: Optional[int],
    max_line_length: int,
    inputs: tuple[str, ...],
    names: tuple[str, ...],
    metrics: tuple[str, ...],
    fmt: str,
    width: int,
    score_only: bool,
    sentence_level: bool,
    quiet: bool,
    **metric_options: Any,
) -> None:
    """Score system outputs against references (and sources) with SARI, BLEU, chrF and TER."""
    inputs = inputs or (STDIN,)
    metric_objects = build_metrics(ctx, metrics, metric_options)
    check_data_options(metric_objects, inputs, test_set, sources, references, num_refs)
    if score_only and fmt != "text":
        raise click.UsageError(f"--score-only prints bare numbers and cannot be combined with --format {fmt}.")
    table: Union[ResultTable, SegmentTable]
    with Progress(enabled=not quiet) as progress:
        data = open_inputs(
            inputs, test_set=test_set, sources=sources, references=references, num_refs=num_refs,
            names=names, max_line_length=max_line_length, progress=progress,
        )  # fmt: skip
        if sentence_level:
            read = read_inputs(data)
            table = data.tag(api.sentence_level(
                read.systems, References.from_streams(read.references), sources=read.sources,
                metrics=metric_objects, progress=progress,
            ))  # fmt: skip
        else:  # files are read lazily, in chunks: memory does not grow with their length
            table = data.tag(api.evaluate_streams(
                data.systems, data.references, sources=data.sources, metrics=metric_objects,
                input_names=data.names, mismatch_message=LINE_COUNT_MISMATCH, unit=UNIT, progress=progress,
            ))  # fmt: skip
    click.echo(render(table, fmt, width=width, score_only=score_only))
