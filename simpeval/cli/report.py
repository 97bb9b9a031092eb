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

import os
from typing import Any, Optional, cast

import click

from .. import api
from ..cache import atomic_write
from ..defaults import DEFAULT_SEED
from ..exceptions import MissingDependencyError
from ..features import FEATURES, compute
from ..metrics import References, available_metrics
from ..report.html_report import ReportData, build_html_report
from ..testsets import get_testset
from .compare import comparison_options
from .evaluate import EASSE_METRICS
from .inputs import Inputs, check_data_options, open_inputs, read_inputs
from .options import (
    MetricFlags,
    MultiValueCommand,
    MultiValueOption,
    build_metrics,
    data_options,
    input_option,
    metric_options,
    output_file,
    positional_references,
    reference_files,
    sacrebleu_metric_options,
    sacrebleu_options,
)
from .progress import Progress

__all__ = ["report"]

Features = dict[str, dict[str, list[float]]]


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
@click.option(
    "--metrics",
    "-m",
    cls=MultiValueOption,
    default=EASSE_METRICS,
    show_default=True,
    metavar="NAME...",
    help=f"Metrics, in column order ({', '.join(available_metrics())}); EASSE's report's by default.",
)
@metric_options
@sacrebleu_options
@comparison_options
@click.option("--seed", type=int, default=DEFAULT_SEED, show_default=True, help="Seed of every random draw.")
@click.option(
    "--output",
    "-o",
    required=True,
    metavar="FILE",
    callback=output_file(".html", ".htm"),
    help="The HTML file to write (checked before any work, written atomically).",
)
@click.option("--quiet", "-q", is_flag=True, help="No progress bar on stderr (drawn only on a terminal anyway).")
@positional_references
@click.pass_context
def report(ctx: click.Context, /, metric_flags: MetricFlags, **options: Any) -> None:
    """Write a standalone HTML report: table with CIs and paired tests, charts, features, segments side by side."""
    o = options
    o["references"] = reference_files(o["references"], o.pop("positional_references"))
    implied = sacrebleu_metric_options(o["lowercase"], o["language_pair"], o["tokenize"])
    metrics = build_metrics(o["metrics"], metric_flags, implied=implied)
    check_data_options(
        metrics, o["inputs"], o["test_set"], o["sources"], o["references"], o["num_refs"], needs_references=True
    )  # the page shows a reference of every segment
    with Progress(enabled=not o["quiet"]) as progress:
        data = read_inputs(
            open_inputs(
                o["inputs"],
                test_set=o["test_set"],
                sources=o["sources"],
                references=o["references"],
                num_refs=o["num_refs"],
                names=o["names"],
                progress=progress,
                max_line_length=o["max_line_length"],
                encoding=o["encoding"],
            )
        )
        refs = References.from_streams(data.references)
        table = data.tag(
            api.compare(
                data.systems,
                refs,
                sources=data.sources,
                metrics=metrics,
                interval=api.Bootstrap(),
                test=api.paired_test(
                    _paired(o, data),
                    o["paired_n"],
                    pairs="all" if o["all_pairs"] else "baseline",
                    correction=o["correction"],
                    baseline=o["baseline"],
                ),
                seed=o["seed"],
                run=api.RunOptions(jobs=o["paired_jobs"], progress=progress),
            )
        ).with_signature_fields(lang=o["language_pair"])
        segments = api.sentence_level(data.systems, refs, sources=data.sources, metrics=metrics, progress=progress)
        features, why_not = _features(data)
    page = build_html_report(
        table,
        segments,
        ReportData(
            _title(data),
            _facts(data, o["language_pair"]),
            data.sources,
            data.references[0],
            data.systems,
            features,
            why_not,
            get_testset(data.test_set).citation if data.test_set else "",
            o["short"],
        ),
    )
    try:
        with atomic_write(o["output"]) as out:
            out.write(page.encode("utf-8"))
    except OSError as err:
        raise click.ClickException(f"could not write the report {o['output']} ({err.strerror or err}).") from err
    click.echo(f"wrote {o['output']}", err=True)


def _paired(o: dict[str, Any], data: Inputs[list[str]]) -> Optional[str]:
    """The paired test: ``--paired``, else a bootstrap; none for a report of one system."""
    if len(data.systems) > 1:
        return cast(Optional[str], o["paired"]) or "bs"
    asked = [
        flag
        for flag, key in (("--paired", "paired"), ("--all-pairs", "all_pairs"), ("--baseline", "baseline"))
        if o[key]
    ]
    if asked:
        raise click.UsageError(f"{asked[0]} compares systems: give two or more files to --input (got one).")
    return None


def _title(data: Inputs[list[str]]) -> str:
    return f"simpeval report: {data.test_set}" if data.test_set else "simpeval report"


def _facts(data: Inputs[list[str]], language_pair: Optional[str]) -> list[tuple[str, str]]:
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
