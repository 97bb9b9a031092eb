"""``simpeval report``: one self-contained HTML file (:func:`simpeval.report.html_report.build_html_report`).

``simpeval report -t asset-test -i SYS1 SYS2 ... -o report.html`` (or ``-s``/``-r`` files): the
data, metric and comparison options of ``simpeval compare``, with EASSE's report's metrics by
default (SARI, BLEU, FKGL; TER, chrF and the others with ``-m``); the table always has 95%
bootstrap intervals and paired tests against the baseline (bootstrap unless ``--paired ar``),
then charts, EASSE's features (when there are sources and ``levenshtein`` is installed) and every
segment side by side, sortable by sentence-level scores (:func:`simpeval.api.sentence_level`).
The output path is checked before any work and the file is written atomically.
"""

from __future__ import annotations

import dataclasses
import os

import click

from .. import api
from ..cache import atomic_write
from ..defaults import DEFAULT_SEED
from ..exceptions import MissingDependencyError
from ..features import FEATURES, compute
from ..inputs import Inputs, check_outputs, read_inputs, reference_streams
from ..metrics import available_metrics
from ..report import ResultTable, SegmentTable
from ..report.html_report import ReportData, build_html_report
from ..testsets import get_testset
from .compare import ComparisonOptions, compare_table, comparison_group, data_files
from .evaluate import EASSE_METRICS
from .groups import (
    ConfidenceOptions,
    DataOptions,
    data_group,
    open_data,
    output_file,
    quiet_option,
    usage_errors,
)
from .metric_group import MetricOptions, given_sources, metrics_group
from .options import MultiValueCommand, sacrebleu_options
from .progress import Progress

__all__ = ["report"]

Features = dict[str, dict[str, list[float]]]


@click.command(cls=MultiValueCommand)
@data_group("System output files, one per system.", required=True)
@metrics_group(
    EASSE_METRICS, f"Metrics, in column order ({', '.join(available_metrics())}); EASSE's report's by default."
)
@sacrebleu_options
@comparison_group
@click.option("--seed", type=int, default=DEFAULT_SEED, show_default=True, help="Seed of every random draw.")
@click.option(
    "--output",
    "-o",
    required=True,
    metavar="FILE",
    callback=output_file(".html", ".htm"),
    help="The HTML file to write (checked before any work, written atomically).",
)
@quiet_option()
@click.pass_context
def report(
    ctx: click.Context,
    /,
    data: DataOptions,
    metrics: MetricOptions,
    short: bool,
    comparison: ComparisonOptions,
    seed: int,
    output: str,
    quiet: bool,
) -> None:
    """Write a standalone HTML report: table with CIs and paired tests, charts, features, segments side by side."""
    with usage_errors():  # before any work: the page would overwrite an input
        check_outputs({"--output": output}, data_files(data))
    metric_objects = metrics.build(metrics.sacrebleu_implied(), sources=given_sources(data))
    with Progress(enabled=not quiet) as progress:
        # the page shows a reference of every segment
        read = read_inputs(open_data(data, metric_objects, progress, needs_references=True))
        paired = dataclasses.replace(comparison, paired=_paired(comparison, read))
        confidence = ConfidenceOptions(True, None, seed)
        table = compare_table(read, metric_objects, paired, confidence, progress, n_jobs=metrics.jobs)
        table = table.with_signature_fields(lang=metrics.language_pair)
        segments = api.sentence_level(
            read.systems,
            reference_streams(read),
            sources=read.sources,
            metrics=metric_objects,
            progress=progress,
            n_jobs=metrics.jobs,
        )
    _write(output, _page(table, segments, read, metrics.language_pair, short))
    click.echo(f"wrote {output}", err=True)


def _page(
    table: ResultTable, segments: SegmentTable, data: Inputs[list[str]], language_pair: str | None, short: bool
) -> str:
    features, why_not = _features(data)
    return build_html_report(
        table,
        segments,
        ReportData(
            _title(data),
            _facts(data, language_pair),
            data.sources,
            data.references[0],
            data.systems,
            features,
            why_not,
            get_testset(data.test_set).citation if data.test_set else "",
            short,
        ),
    )


def _write(path: str, page: str) -> None:
    try:
        with atomic_write(path) as out:
            out.write(page.encode("utf-8"))
    except OSError as err:
        raise click.ClickException(f"could not write the report {path} ({err.strerror or err}).") from err


def _paired(comparison: ComparisonOptions, data: Inputs[list[str]]) -> str | None:
    """The paired test: ``--paired``, else a bootstrap; none for a report of one system."""
    if len(data.systems) > 1:
        return comparison.paired or "bs"
    asked = [
        flag
        for flag, given in (
            ("--paired", comparison.paired),
            ("--all-pairs", comparison.all_pairs),
            ("--baseline", comparison.baseline),
        )
        if given
    ]
    if asked:
        raise click.UsageError(f"{asked[0]} compares systems: give two or more files to --input (got one).")
    return None


def _title(data: Inputs[list[str]]) -> str:
    return f"simpeval report: {data.test_set}" if data.test_set else "simpeval report"


def _facts(data: Inputs[list[str]], language_pair: str | None) -> list[tuple[str, str]]:
    """The data, as (label, text) pairs: the test set (registry) or the files, counts, languages."""
    n_refs = len(data.references)
    names = [os.path.basename(name) or name for name in data.names]
    files = dict(zip(data.systems, names))
    facts = []
    if data.test_set:
        spec = get_testset(data.test_set)
        facts += [("Test set", f"{spec.name}: {spec.description}"), ("Notes", spec.notes), ("Licence", spec.licence)]
    else:
        facts += [
            ("Sources", names[-1] if data.sources is not None else "none given"),
            ("References", ", ".join(dict.fromkeys(names[len(files) : len(files) + n_refs]))),
        ]
    facts += [
        ("Segments", f"{len(data.references[0])}"),
        ("References per segment", f"{n_refs} (the Segments section shows the first)"),
        ("Languages", language_pair or ""),
        ("Systems", "; ".join(f"{system} ({file})" if system != file else system for system, file in files.items())),
    ]
    return [(label, text) for label, text in facts if text]


def _features(data: Inputs[list[str]]) -> tuple[Features, str]:
    """EASSE's features per segment (feature -> system -> values), or why there are none."""
    if data.sources is None:
        return {}, "No features: they compare each output with its source, and no sources were given (--sources)."
    try:
        per_system = {system: compute(data.sources, outputs).per_segment for system, outputs in data.systems.items()}
    except MissingDependencyError as err:
        return {}, f"No features: {err}."
    return {name: {s: [float(v) for v in per_system[s][name]] for s in per_system} for name in FEATURES}, ""
