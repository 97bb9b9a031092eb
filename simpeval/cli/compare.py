"""``simpeval compare``: systems in one table, with confidence intervals and paired tests.

``simpeval compare -s SRC -r REFS... -i SYS... [--confidence] [--paired bs|ar] [--agreement]``
reads every file (:func:`simpeval.inputs.read_inputs`), calls :func:`simpeval.api.compare`
and renders the table, then the metric agreement when asked for.
"""

from __future__ import annotations

from dataclasses import dataclass

import click

from .. import api
from ..defaults import PAIRED_SAMPLES
from ..engines.resample import MAX_RESAMPLES
from ..inputs import Inputs, check_outputs, read_inputs, reference_streams
from ..metrics import Metric
from ..report import ResultTable, agreement_document, render, table_document
from .groups import (
    ConfidenceOptions,
    DataOptions,
    OutputOptions,
    check_data,
    check_one_document,
    keywords,
    open_checked,
    option_object,
    plot_option,
    quiet_option,
    usage_errors,
)
from .metric_group import MetricOptions, given_sources, scoring_groups
from .options import Decorator, MultiValueCommand, option_group
from .progress import Progress

__all__ = ["ComparisonOptions", "compare", "comparison_group", "comparison_options", "data_files"]

#: The options of the comparison itself: intervals, paired tests, baseline, seed.
comparison_options: Decorator = option_group(
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
        help="Metrics compared at once, on threads (0: one per CPU; worker processes are --jobs); results do not "
        "depend on it.",
    ),
)


@dataclass(frozen=True)
class ComparisonOptions:
    """The paired tests: ``--paired`` (``bs``, ``ar`` or none), ``--paired-n``, ``--all-pairs``,
    ``--correction``, ``--baseline`` and ``--paired-jobs``."""

    paired: str | None = None
    paired_n: int | None = None
    all_pairs: bool = False
    correction: str | None = None
    baseline: str | None = None
    paired_jobs: int = 1


#: ``comparison: ComparisonOptions``.
comparison_group: Decorator = option_object("comparison", keywords(ComparisonOptions), comparison_options)


def compare_table(
    data: Inputs[list[str]],
    metrics: list[Metric],
    comparison: ComparisonOptions,
    confidence: ConfidenceOptions,
    progress: Progress,
    agreement: bool = False,
    n_jobs: int = 1,
) -> ResultTable:
    """The one call of :func:`simpeval.api.compare` of the command line (``compare`` and ``report``):
    ``test:NAME`` in the signatures for a built-in test set; the statistics extracted by ``n_jobs``
    worker processes (``--jobs``), the metrics compared on ``--paired-jobs`` threads."""
    return data.tag(
        api.compare(
            data.systems,
            reference_streams(data),
            sources=data.sources,
            metrics=metrics,
            interval=api.Bootstrap(n=confidence.confidence_n) if confidence.confidence else None,
            test=api.paired_test(
                comparison.paired,
                comparison.paired_n,
                pairs="all" if comparison.all_pairs else "baseline",
                correction=comparison.correction,
                baseline=comparison.baseline,
            ),
            seed=confidence.seed,
            agreement=api.Agreement() if agreement else None,
            run=api.RunOptions(paired_jobs=comparison.paired_jobs, progress=progress, n_jobs=n_jobs),
        )
    )


def _check_options(comparison: ComparisonOptions, agreement: bool, fmt: str) -> None:
    """Usage errors of the comparison options."""
    if (comparison.all_pairs or comparison.correction) and comparison.paired is None:
        raise click.UsageError("--all-pairs and --correction need --paired bs or --paired ar.")
    if agreement:
        check_one_document("--agreement", fmt, "simpeval.significance.agreement.metric_agreement", ("csv", "tsv"))


@click.command(cls=MultiValueCommand)
@scoring_groups("System output files, one per system.", required=True)
@comparison_group
@click.option("--deltas", is_flag=True, help="Show each system's difference to the baseline.")
@click.option(
    "--agreement",
    is_flag=True,
    help="Also correlate the metrics across systems (Pearson, Spearman, Kendall; bootstrap CIs).",
)
@plot_option("write a bar/scatter plot")
@quiet_option()
@click.pass_context
def compare(
    ctx: click.Context,
    /,
    data: DataOptions,
    metrics: MetricOptions,
    output: OutputOptions,
    confidence: ConfidenceOptions,
    comparison: ComparisonOptions,
    deltas: bool,
    agreement: bool,
    plot: str | None,
    quiet: bool,
) -> None:
    """Compare systems in one table: scores, confidence intervals, paired significance tests.

    References come from --references, a --test-set, or positionally as in sacrebleu
    (simpeval compare ref.txt -i baseline.txt system.txt --paired bs).
    """
    with usage_errors():  # before any work: the figure would overwrite an input
        check_outputs({"--plot": plot}, data_files(data))
    metric_objects = metrics.build(metrics.sacrebleu_implied(), sources=given_sources(data))
    check_data(data, metric_objects)
    _check_options(comparison, agreement, output.fmt)
    with Progress(enabled=not quiet) as progress:
        opened = read_inputs(open_checked(data, progress))
        table = compare_table(opened, metric_objects, comparison, confidence, progress, agreement, metrics.jobs)
    table = table.with_signature_fields(lang=metrics.language_pair)
    document = table_document(table, width=output.width, deltas=deltas, short=output.short)
    if table.correlations:  # one document: JSON {"scores": [...], "agreement": [...]}
        document += agreement_document(table.correlations)
    click.echo(render(document, output.fmt))  # the tables first: a failing plot cannot lose them
    _write_plot(table, plot)


def data_files(data: DataOptions) -> dict[str, tuple[str | None, ...]]:
    """The files ``data`` reads, by option (for :func:`simpeval.inputs.check_outputs`)."""
    return {"--input": data.inputs, "--references": data.references, "--sources": (data.sources,)}


def _write_plot(table: ResultTable, plot: str | None) -> None:
    """The plot file, if asked for."""
    if plot:
        from ..report.plots import save_figure  # matplotlib is optional: imported only when asked for

        try:  # atomic: no half-written file
            save_figure(table, plot)
        except OSError as err:
            raise click.ClickException(f"could not write the plot {plot} ({err.strerror or err}).") from err
