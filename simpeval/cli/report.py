"""``simpeval report``: one self-contained HTML file (:func:`simpeval.report.html_report.build_html_report`).

``simpeval report -t asset-test -i SYS1 SYS2 ... -o report.html`` (or ``-s``/``-r`` files): the
systems table with 95% bootstrap intervals and paired bootstrap tests against the first system,
charts, EASSE's features when the ``levenshtein`` package is installed, and every segment side by
side. The output path is checked before any work and the file is written atomically.
"""

from __future__ import annotations

from typing import Any, Optional

import click

from .. import api
from ..cache import atomic_write
from ..defaults import PAIRED_SAMPLES
from ..metrics import References
from ..report.html_report import ReportData, build_html_report
from ..significance._resample import MAX_RESAMPLES
from ..testsets import get_testset
from .inputs import Inputs, check_data_options, open_inputs, read_inputs
from .options import (
    MultiValueCommand,
    MultiValueOption,
    build_metrics,
    data_options,
    input_option,
    metric_options,
    output_file,
)
from .progress import Progress

__all__ = ["report"]


@click.command(cls=MultiValueCommand)
@data_options
@input_option("System output files, one per system.", required=True)
@click.option("--names", "-n", cls=MultiValueOption, metavar="NAME...", help="System names, one per --input file.")
@click.option("--metrics", "-m", cls=MultiValueOption, default=("sari", "bleu", "fkgl"), show_default=True,
              metavar="NAME...", help="Metrics of the table (the first sorts the segments).")
@metric_options
@click.option("--output", "-o", required=True, metavar="FILE", callback=output_file(".html", ".htm"),
              help="The HTML file to write (checked before any work, written atomically).")
@click.option("--paired-n", type=click.IntRange(10, MAX_RESAMPLES), default=PAIRED_SAMPLES["bs"], show_default=True,
              help="Bootstrap resamples of the intervals and the paired tests.")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar on stderr.")
@click.pass_context
def report(ctx: click.Context, /, **options: Any) -> None:
    """Write a standalone HTML report: table with CIs and significance, charts, segments side by side."""
    o = {k: v for k, v in options.items() if not k.startswith(("sari_", "bleu_", "chrf_", "ter_"))}
    metrics = build_metrics(ctx, o["metrics"], {k: v for k, v in options.items() if k not in o})
    check_data_options(metrics, o["inputs"], o["test_set"], o["sources"], o["references"], o["num_refs"])
    with Progress(enabled=not o["quiet"]) as progress:
        data = read_inputs(open_inputs(o["inputs"], test_set=o["test_set"], sources=o["sources"],
                                       references=o["references"], num_refs=o["num_refs"], names=o["names"],
                                       max_line_length=o["max_line_length"], progress=progress))  # fmt: skip
        refs = References.from_streams(data.references)
        table = data.tag(api.compare(data.systems, refs, sources=data.sources, metrics=metrics, confidence=True,
                                     paired="bs", paired_samples=o["paired_n"], progress=progress))  # fmt: skip
        first = metrics[0]
        sentence = {s: list(first.sentence_scores(h, refs, sources=data.sources)) for s, h in data.systems.items()}
    document = build_html_report(table, ReportData(
        _title(o["test_set"]), _description(data, o["test_set"]), data.sources or [""] * len(data.references[0]),
        data.references[0], data.systems, sentence, table.metric_names[0], _features(data),
    ))  # fmt: skip
    with atomic_write(o["output"]) as out:
        out.write(document.encode("utf-8"))
    click.echo(f"wrote {o['output']}", err=True)


def _title(test_set: Optional[str]) -> str:
    return f"simpeval report: {test_set}" if test_set else "simpeval report"


def _description(data: Inputs[list[str]], test_set: Optional[str]) -> str:
    segments, refs = len(data.references[0]), len(data.references)
    about = f"{get_testset(test_set).description}. " if test_set else f"Files: {', '.join(dict.fromkeys(data.names))}. "
    return f"{about}{segments} segments, {refs} reference{'s' if refs != 1 else ''} per segment, {len(data.systems)} systems."


def _features(data: Inputs[list[str]]) -> dict[str, dict[str, list[float]]]:
    """EASSE's features per segment, when there are sources and ``levenshtein`` is installed."""
    if data.sources is None:
        return {}
    try:
        from ..features import compute
    except ImportError:  # pragma: no cover - features import lazily; compute raises below instead
        return {}
    from ..exceptions import MissingDependencyError

    out: dict[str, dict[str, list[float]]] = {}
    try:
        for system, outputs in data.systems.items():
            for name, values in compute(data.sources, outputs).per_segment.items():
                out.setdefault(name, {})[system] = [float(v) for v in values]
    except MissingDependencyError:
        return {}
    return out
