"""``simpeval meta-eval``: correlate metrics with human judgments (:func:`simpeval.metaeval.meta_evaluate`).

``simpeval meta-eval -t simplicity-da --references asset -m sari bleu`` reproduces the
meta-evaluation of Alva-Manchego, Scarton and Specia (2021): the ``simplicity-da`` entry carries
the authors' settings (:data:`simpeval.metaeval.PAPER_SETTINGS`) as its defaults, and per-metric
flags (``--sari-variant hf``) override them. ``-t asset-human-ratings`` analyses ASSET's ratings;
``--ratings FILE`` a CSV of one's own (columns named with ``--segment-column`` etc.) against
``--sources``/``--refs`` files.
"""

from __future__ import annotations

from typing import Any, Optional

import click

from .. import metaeval
from ..defaults import AGREEMENT_SAMPLES, DEFAULT_SEED
from ..io import read_lines
from ..report import available_formats
from ..report.metaeval import render_metaeval
from ..significance._resample import MAX_RESAMPLES
from ..testsets import load_testset
from .options import MultiValueCommand, MultiValueOption, build_metrics, metric_options, output_file
from .progress import Progress

__all__ = ["meta_eval"]


@click.command("meta-eval", cls=MultiValueCommand)
@click.option("--test-set", "-t", "ratings_set", type=click.Choice(sorted(metaeval.ASPECTS)), metavar="NAME",
              help=f"Registered human ratings ({', '.join(sorted(metaeval.ASPECTS))}).")
@click.option("--ratings", metavar="FILE", help="A CSV of one's own ratings instead of --test-set.")
@click.option("--references", "-r", "reference_set", metavar="NAME", default="asset", show_default=True,
              help="Reference set: asset or turk (or a registered corpus); with --ratings, see --refs.")
@click.option("--sources", "-s", metavar="FILE", help="With --ratings: the source sentences, one per line.")
@click.option("--refs", cls=MultiValueOption, metavar="FILE...", help="With --ratings: reference files.")
@click.option("--aspect", type=click.Choice(["simplicity", "fluency", "meaning"]), default="simplicity", show_default=True,
              help="The rated aspect of a registered set.")
@click.option("--raw", is_flag=True, help="Raw 0-100 ratings instead of z-scores (registered sets).")
@click.option("--segment-column", default="sent_id", show_default=True, help="--ratings: the segment id (1-based line).")
@click.option("--system-column", default="sys_name", show_default=True, help="--ratings: the system name.")
@click.option("--output-column", default="simp_sent", show_default=True, help="--ratings: the rated output.")
@click.option("--rating-column", default="rating", show_default=True, help="--ratings: the rating.")
@click.option("--metrics", "-m", cls=MultiValueOption, default=("sari", "bleu"), show_default=True, metavar="NAME...",
              help="Metrics to meta-evaluate.")
@metric_options
@click.option("--format", "-f", "fmt", type=click.Choice(available_formats()), default="text", show_default=True,
              help="Output format.")
@click.option("--width", "-w", type=click.IntRange(0, 20), default=3, show_default=True, help="Decimals of the figures.")
@click.option("--n-samples", type=click.IntRange(0, MAX_RESAMPLES), default=AGREEMENT_SAMPLES, show_default=True,
              help="Bootstrap resamples of segments for the intervals (0: none).")
@click.option("--seed", type=int, default=DEFAULT_SEED, show_default=True, help="Seed of the resampling.")
@click.option("--plot", metavar="FILE", callback=output_file(".png", ".svg", ".pdf"),
              help="Also write a bar chart of the correlations (.png, .svg, .pdf; needs simpeval[plots]).")
@click.option("--quiet", "-q", is_flag=True, help="No progress bar on stderr.")
@click.pass_context
def meta_eval(ctx: click.Context, /, **options: Any) -> None:
    """Correlate metrics with human judgments: segment and system level, CIs, Williams tests."""
    o = {k: v for k, v in options.items() if not k.startswith(("sari_", "bleu_", "chrf_", "ter_"))}
    metric_flags = {k: v for k, v in options.items() if k not in o}
    if (o["ratings_set"] is None) == (o["ratings"] is None):
        raise click.UsageError("give the ratings: --test-set NAME (registered) or --ratings FILE (a CSV), not both.")
    ratings, references, sources = _data(o)
    implied = dict(metaeval.PAPER_SETTINGS) if ratings.name == "simplicity-da" else {}
    metrics = build_metrics(ctx, o["metrics"], metric_flags, implied={k: dict(v) for k, v in implied.items()})
    with Progress(enabled=not o["quiet"]) as progress:
        progress("meta-evaluation", 0, None)
        result = metaeval.meta_evaluate(ratings, references, sources, metrics=metrics, settings={},
                                        reference_name=_reference_label(o), n_samples=o["n_samples"], seed=o["seed"])  # fmt: skip
    click.echo(render_metaeval(result, o["fmt"], width=o["width"]))
    if o["plot"]:
        from ..report.plots import save_metaeval_figure  # matplotlib is optional

        try:
            save_metaeval_figure(result, o["plot"])
        except OSError as err:
            raise click.ClickException(f"could not write the plot {o['plot']} ({err.strerror or err}).") from err


def _reference_label(o: dict[str, Any]) -> str:
    return ", ".join(o["refs"]) if o["ratings"] is not None and o["refs"] else str(o["reference_set"])


def _data(o: dict[str, Any]) -> tuple[metaeval.HumanRatings, list[list[str]], Optional[list[str]]]:
    """The ratings, the reference streams and the sources."""
    if o["ratings"] is not None:
        ratings = metaeval.from_csv(o["ratings"], segment=o["segment_column"], system=o["system_column"],
                                    output=o["output_column"], rating=o["rating_column"])  # fmt: skip
        if o["refs"]:
            sources = read_lines(o["sources"]) if o["sources"] else None
            return ratings, [read_lines(path) for path in o["refs"]], sources
    else:
        ratings = metaeval.from_registry(o["ratings_set"], o["aspect"], zscore=not o["raw"])
    corpus = load_testset(metaeval.reference_corpus(o["reference_set"]))
    return ratings, [list(stream) for stream in corpus.references], list(corpus.sources)
