"""``simpeval meta-eval``: correlate metrics with human judgments (:func:`simpeval.metaeval.meta_evaluate`).

``simpeval meta-eval -t simplicity-da --references asset -m sari bleu`` reproduces the
meta-evaluation of Alva-Manchego, Scarton and Specia (2021): the ``simplicity-da`` ratings come
with the authors' metric settings as their documented preset (:mod:`simpeval.metaeval.presets`);
the per-metric flags of ``simpeval score`` (``--sari-variant hf``, ``--bleu-tokenize 13a``)
override single settings and ``--no-preset`` drops them. ``-t asset-human-ratings`` analyses
ASSET's ratings (``--aspect``); ``--ratings FILE`` a CSV of one's own (columns named with
``--segment-column`` etc.) against ``--references NAME`` or ``--refs``/``--sources`` files.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import click
from click.core import ParameterSource

from .. import metaeval
from ..defaults import AGREEMENT_SAMPLES, DEFAULT_SEED
from ..engines.resample import MAX_RESAMPLES
from ..inputs import check_outputs
from ..io import read_lines
from ..report.metaeval import MetaEvaluation, render_metaeval
from .groups import OutputOptions, option_object, output_group, plot_option, quiet_option, usage_errors
from .metric_group import MetricOptions, metrics_group
from .options import Decorator, MultiValueCommand, MultiValueOption
from .progress import Progress

__all__ = ["RatingsOptions", "meta_eval", "ratings_group"]

_CSV_OPTIONS = ("segment_column", "system_column", "output_column", "rating_column", "zero_based", "refs", "sources")
_REGISTERED_OPTIONS = ("aspect", "raw")


@dataclass(frozen=True)
class RatingsOptions:
    """The human ratings and what they rate: a registered set (``--test-set``, ``--aspect``, ``--raw``)
    or a CSV file (``--ratings`` and its columns), against ``--references NAME`` or ``--refs`` files."""

    ratings_set: str | None
    ratings: str | None
    reference_set: str | None
    aspect: str | None
    raw: bool
    refs: tuple[str, ...]
    sources: str | None
    segment_column: str
    system_column: str
    output_column: str
    rating_column: str
    zero_based: bool

    def reference_label(self, ratings: metaeval.HumanRatings) -> str:
        """The reference files, or the reference set: given, else the one the ratings' segments count lines of."""
        return ", ".join(self.refs) if self.refs else self.reference_name(ratings)

    def reference_name(self, ratings: metaeval.HumanRatings) -> str:
        """``--references``, else the reference set of the ratings' corpus (``asset`` when they name none)."""
        return self.reference_set or metaeval.default_references(ratings)


def _build(ctx: click.Context, values: dict[str, Any]) -> RatingsOptions:
    return RatingsOptions(**{**values, "refs": tuple(values["refs"])})


#: ``ratings: RatingsOptions``.
ratings_group: Decorator = option_object(
    "ratings",
    _build,
    click.option(
        "--test-set",
        "-t",
        "ratings_set",
        type=click.Choice(sorted(metaeval.ASPECTS)),
        metavar="NAME",
        help=f"Registered human ratings: {', '.join(sorted(metaeval.ASPECTS))}.",
    ),
    click.option(
        "--ratings",
        metavar="FILE",
        help="A CSV file of one's own ratings instead of --test-set (a .tsv file: tab-separated).",
    ),
    click.option(
        "--references",
        "-r",
        "reference_set",
        metavar="NAME",
        help=f"Reference set: {', '.join(metaeval.REFERENCE_SETS)} or a registered corpus (their lines are "
        "what the segment ids count); with --ratings, or --refs files. Default: the corpus of the --test-set "
        "(simpeval-2022-refs for simpeval-2022, simpda-2022, simplikert-2022), else asset.",
    ),
    click.option(
        "--aspect",
        type=click.Choice(sorted({aspect for aspects in metaeval.ASPECTS.values() for aspect in aspects})),
        help="--test-set: the rated aspect (default: simplicity; overall for simpeval-2022 and simpeval-past; "
        "SimpDA/SimpLikert rate adequacy, not meaning).",
    ),
    click.option("--raw", is_flag=True, help="--test-set: the raw ratings (0-100, Likert) instead of z-scores."),
    click.option("--refs", cls=MultiValueOption, metavar="FILE...", help="--ratings: reference files, one per stream."),
    click.option(
        "--sources", "-s", metavar="FILE", help="--ratings with --refs: the source sentences (SARI needs them)."
    ),
    click.option("--segment-column", default="sent_id", show_default=True, help="--ratings: the segment id column."),
    click.option("--system-column", default="sys_name", show_default=True, help="--ratings: the system column."),
    click.option("--output-column", default="simp_sent", show_default=True, help="--ratings: the rated output column."),
    click.option("--rating-column", default="rating", show_default=True, help="--ratings: the rating column."),
    click.option("--zero-based", is_flag=True, help="--ratings: segment ids count lines from 0 (default: from 1)."),
)


@click.command("meta-eval", cls=MultiValueCommand)
@ratings_group
@metrics_group(("sari", "bleu"), "Metrics to meta-evaluate.", sacrebleu=False, device=False)
@click.option(
    "--no-preset",
    is_flag=True,
    help="Ignore the ratings set's documented metric settings (the paper's "
    "for simplicity-da): every metric with its own defaults and the flags given.",
)
@click.option(
    "--components/--no-components",
    default=None,
    help="Also correlate SARI's add/keep/delete (default: the preset's; on for simplicity-da).",
)
@output_group(3, "Decimals of the figures.")
@click.option(
    "--n-samples",
    type=click.IntRange(0, MAX_RESAMPLES),
    default=AGREEMENT_SAMPLES,
    show_default=True,
    help="Bootstrap resamples of the segments for the intervals (0: none).",
)
@click.option(
    "--seed", type=click.IntRange(min=0), default=DEFAULT_SEED, show_default=True, help="Seed of the resampling."
)
@plot_option("draw the Pearson correlations with their intervals")
@quiet_option("No progress line on stderr.")
@click.pass_context
def meta_eval(
    ctx: click.Context,
    /,
    ratings: RatingsOptions,
    metrics: MetricOptions,
    no_preset: bool,
    components: bool | None,
    output: OutputOptions,
    n_samples: int,
    seed: int,
    plot: str | None,
    quiet: bool,
) -> None:
    """Correlate metrics with human judgments: segment and system level, CIs, Williams tests, pairwise accuracy."""
    _check_usage(ctx, ratings)
    with usage_errors():  # before any work: the figure would overwrite an input
        check_outputs(
            {"--plot": plot}, {"--ratings": (ratings.ratings,), "--refs": ratings.refs, "--sources": (ratings.sources,)}
        )
    preset = metaeval.preset_for(ratings.ratings_set or "")  # a CSV file has no preset
    settings = _settings(metrics, no_preset, preset)
    with Progress(enabled=not quiet) as progress:
        progress("reading the ratings and references", 0, None)
        human, references, sources = _data(ratings)
        progress("scoring and resampling", 0, None)
        result = metaeval.meta_evaluate(
            human,
            references,
            sources=sources,
            metrics=list(dict.fromkeys(metrics.names)),
            settings=settings,
            components=components,
            reference_name=ratings.reference_label(human),
            n_samples=n_samples,
            seed=seed,
            n_jobs=metrics.jobs,
        )
    click.echo(
        render_metaeval(result, output.fmt, width=output.width)
    )  # the tables first: a failing plot cannot lose them
    if plot:
        _plot(result, plot)


def _given(ctx: click.Context, name: str) -> bool:
    return ctx.get_parameter_source(name) is ParameterSource.COMMANDLINE


def _check_usage(ctx: click.Context, o: RatingsOptions) -> None:
    """Impossible combinations of options: a usage error (exit 2) before any work."""
    if (o.ratings_set is None) == (o.ratings is None):
        raise click.UsageError("give the ratings: --test-set NAME (registered) or --ratings FILE (a CSV), not both.")
    if o.ratings_set is not None:
        aspects = metaeval.ASPECTS[o.ratings_set]
        if o.aspect is not None and o.aspect not in aspects:
            raise click.UsageError(f"--aspect: {o.ratings_set} rates {', '.join(aspects)} (got {o.aspect!r}).")
        wrong = [name for name in _CSV_OPTIONS if _given(ctx, name)]
        if wrong:
            raise click.UsageError(
                f"--{wrong[0].replace('_', '-')} goes with --ratings FILE; a registered set "
                "(--test-set) has its columns, and its references are --references NAME."
            )
    else:
        wrong = [name for name in _REGISTERED_OPTIONS if _given(ctx, name)]
        if wrong:
            raise click.UsageError(
                f"--{wrong[0]} goes with --test-set; with --ratings FILE, --rating-column names "
                "the column to correlate with."
            )
        if o.refs and _given(ctx, "reference_set"):
            raise click.UsageError("give the references once: --references NAME (registered) or --refs FILE...")
        if o.sources and not o.refs:
            raise click.UsageError("--sources goes with --refs FILE...; a registered --references set has its sources.")


def _settings(metrics: MetricOptions, no_preset: bool, preset: metaeval.Preset) -> dict[str, dict[str, Any]] | None:
    """The metric settings: ``None`` for the ratings set's preset as it is; else the preset (unless
    ``--no-preset``) with the per-metric flags given on top, checked by building the metrics."""
    implied = {} if no_preset else {k: dict(v) for k, v in preset.settings.items()}
    metrics.build(implied)  # a flag of a metric not in --metrics: usage error
    if not metrics.flags.given and not no_preset:
        return None
    for key, given in metrics.flags.given.items():
        implied.setdefault(key, {}).update(given)
    return implied


def _data(o: RatingsOptions) -> tuple[metaeval.HumanRatings, list[list[str]], list[str] | None]:
    """The ratings, the reference streams and the sources."""
    if o.ratings_set is not None:
        ratings = metaeval.from_registry(o.ratings_set, o.aspect, zscore=not o.raw)
    else:
        path = o.ratings or ""  # given: checked by _check_usage
        ratings = metaeval.from_csv(
            path,
            segment=o.segment_column,
            system=o.system_column,
            output=o.output_column,
            rating=o.rating_column,
            one_based=not o.zero_based,
            delimiter="\t" if path.lower().endswith(".tsv") else ",",
        )
        if o.refs:
            sources = read_lines(o.sources) if o.sources else None
            return ratings, [read_lines(path) for path in o.refs], sources
    sources, references = metaeval.load_references(o.reference_name(ratings))
    return ratings, references, sources


def _plot(result: MetaEvaluation, path: str) -> None:
    from ..report.plots import save_metaeval_figure  # matplotlib is optional: imported only when asked for

    try:  # atomic: no half-written file
        save_metaeval_figure(result, path)
    except OSError as err:
        raise click.ClickException(f"could not write the plot {path} ({err.strerror or err}).") from err
