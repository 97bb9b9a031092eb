"""``simpeval explain``: one segment's SARI or BLEU, n-gram by n-gram, or BERTScore, token by token
(:func:`simpeval.api.explain`)."""

from __future__ import annotations

import click

from .. import api
from .metric_group import MetricOptions, metric_choice_group
from .options import MultiValueCommand, MultiValueOption

__all__ = ["explain"]


@click.command(cls=MultiValueCommand)
@click.option("--source", "-s", metavar="TEXT", help="The source sentence (needed by SARI).")
@click.option("--prediction", "-p", required=True, metavar="TEXT", help="The system output to explain.")
@click.option(
    "--references",
    "-r",
    cls=MultiValueOption,
    required=True,
    metavar="TEXT...",
    help="The references, space-separated (quote each) or repeated.",
)
@metric_choice_group(("sari", "bleu", "bertscore"), "sari")
@click.option(
    "--format",
    "-f",
    "fmt",
    type=click.Choice(["text", "json", "html"]),
    default="text",
    show_default=True,
    help="text: aligned tables; json: every n-gram (token) and total as data; html: a fragment (BERTScore: a heat map).",
)
@click.pass_context
def explain(
    ctx: click.Context,
    /,
    source: str | None,
    prediction: str,
    references: tuple[str, ...],
    metric: MetricOptions,
    fmt: str,
) -> None:
    """Explain one segment's score: every n-gram, its counts, its contribution, and the totals
    (SARI, BLEU); every token, the token it matched, the cosine and its weight (BERTScore).

    \b
    simpeval explain --source "About 95 species are currently accepted ." \\
        --prediction "About 95 species are now agreed ." \\
        --references "About 95 species are currently known ." \\
                     "About 95 species are now accepted ." "95 species are now accepted ."
    simpeval explain -m bertscore --bertscore-model-type /models/MiniLM --bertscore-num-layers 6 \\
        -p "About 95 species are now agreed ." -r "About 95 species are currently known ." -f html
    """
    (resolved,) = metric.build()
    if resolved.requires_source and source is None:
        raise click.UsageError(f"{resolved.name} compares the prediction with the source: pass --source TEXT.")
    click.echo(api.explain(resolved, prediction, list(references), source=source).render(fmt))
