"""``simpeval compare``: systems in one table, with confidence intervals and paired tests.

``simpeval compare -s SRC -r REFS... -i SYS... [--confidence] [--paired bs|ar] [--agreement]``
reads every file (:func:`simpeval.cli.inputs.read_inputs`), calls :func:`simpeval.api.compare`
and renders the table, then the metric agreement when asked for.
"""

from __future__ import annotations

from typing import Optional

import click

from .. import api
from ..defaults import PAIRED_SAMPLES
from ..report import ResultTable, agreement_document, render, table_document
from ..significance._resample import MAX_RESAMPLES
from .inputs import check_data_options, open_inputs, read_inputs, reference_streams
from .options import (
    MetricFlags,
    MultiValueCommand,
    MultiValueOption,
    build_metrics,
    check_one_document,
    confidence_options,
    data_options,
    input_option,
    metric_options,
    metrics_option,
    option_group,
    output_file,
    output_options,
    positional_references,
    reference_files,
    sacrebleu_metric_options,
    sacrebleu_options,
)
from .progress import Progress

__all__ = ["compare"]

#: The options of the comparison itself: intervals, paired tests, baseline, seed.
comparison_options = option_group(
    click.option(
        "--paired",
        type=click.Choice(["bs", "ar"]),
        help="Paired significance test against the baseline: bootstrap (bs) or approximate randomization (ar).",
    ),
    click.option(
        "--paired-n",
        type=click.IntRange(1, MAX_RESAMPLES),
        metavar="N",
        help=f"Resamples (bs, default {PAIRED_SAMPLES['bs']}) or trials (ar, default {PAIRED_SAMPLES['ar']}) "
        f"of --paired (at most {MAX_RESAMPLES:,}).",
    ),
    click.option("--all-pairs", is_flag=True, help="Test every pair of systems instead of each against the baseline."),
    click.option("--correction", type=click.Choice(["holm"]), help="Multiple-comparison correction of the p-values."),
    click.option("--baseline", metavar="NAME", help="Baseline system (default: the first)."),
    click.option(
        "--paired-jobs",
        type=click.IntRange(min=0),
        default=1,
        show_default=True,
        metavar="N",
        help="Metrics compared at once, on threads (0: one per CPU); results do not depend on it.",
    ),
)


def _check_options(
    all_pairs: bool, correction: Optional[str], paired: Optional[str], agreement: bool, fmt: str
) -> None:
    """Usage errors of the comparison options."""
    if (all_pairs or correction) and paired is None:
        raise click.UsageError("--all-pairs and --correction need --paired bs or --paired ar.")
    if agreement:
        check_one_document("--agreement", fmt, "simpeval.significance.agreement.metric_agreement", ("csv", "tsv"))


@click.command(cls=MultiValueCommand)
@data_options
@input_option("System output files, one per system.", required=True)
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
@comparison_options
@click.option("--deltas", is_flag=True, help="Show each system's difference to the baseline.")
@click.option(
    "--agreement",
    is_flag=True,
    help="Also correlate the metrics across systems (Pearson, Spearman, Kendall; bootstrap CIs).",
)
@click.option(
    "--plot",
    metavar="FILE",
    callback=output_file(".png", ".svg", ".pdf"),
    help="Also write a bar/scatter plot (.png, .svg, .pdf; needs simplification-metrics[plots]).",
)
@click.option("--quiet", "-q", is_flag=True, help="No progress bar on stderr (drawn only on a terminal anyway).")
@positional_references
@click.pass_context
def compare(
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
    paired: Optional[str],
    paired_n: Optional[int],
    all_pairs: bool,
    correction: Optional[str],
    baseline: Optional[str],
    paired_jobs: int,
    seed: int,
    deltas: bool,
    agreement: bool,
    plot: Optional[str],
    quiet: bool,
    metric_flags: MetricFlags,
) -> None:
    """Compare systems in one table: scores, confidence intervals, paired significance tests.

    References come from --references, a --test-set, or positionally as in sacrebleu
    (simpeval compare ref.txt -i baseline.txt system.txt --paired bs).
    """
    references = reference_files(references, positional_references)
    implied = sacrebleu_metric_options(lowercase, language_pair, tokenize)
    metric_objects = build_metrics(metrics, metric_flags, implied=implied)
    check_data_options(metric_objects, inputs, test_set, sources, references, num_refs)
    _check_options(all_pairs, correction, paired, agreement, fmt)
    with Progress(enabled=not quiet) as progress:
        data = read_inputs(
            open_inputs(
                inputs,
                test_set=test_set,
                sources=sources,
                references=references,
                num_refs=num_refs,
                names=names,
                progress=progress,
                max_line_length=max_line_length,
                encoding=encoding,
            )
        )
        table = data.tag(
            api.compare(
                data.systems,
                reference_streams(data),
                sources=data.sources,
                metrics=metric_objects,
                interval=api.Bootstrap(n=confidence_n) if confidence else None,
                test=api.paired_test(
                    paired, paired_n, pairs="all" if all_pairs else "baseline", correction=correction, baseline=baseline
                ),
                seed=seed,
                agreement=api.Agreement() if agreement else None,
                run=api.RunOptions(jobs=paired_jobs, progress=progress),
            )
        ).with_signature_fields(lang=language_pair)
    document = table_document(table, width=width, deltas=deltas, short=short)
    if table.correlations:  # one document: JSON {"scores": [...], "agreement": [...]}
        document += agreement_document(table.correlations)
    click.echo(render(document, fmt))  # the tables first: a failing plot cannot lose them
    _write_plot(table, plot)


def _write_plot(table: ResultTable, plot: Optional[str]) -> None:
    """The plot file, if asked for."""
    if plot:
        from ..report.plots import save_figure  # matplotlib is optional: imported only when asked for

        try:  # atomic: no half-written file
            save_figure(table, plot)
        except OSError as err:
            raise click.ClickException(f"could not write the plot {plot} ({err.strerror or err}).") from err
