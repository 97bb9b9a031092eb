"""``simpeval testsets list|download|cite|echo``: the built-in test sets and human judgments.

Downloads draw their progress with the CLI's :class:`~simpeval.cli.progress.Progress`, through
the callback of :func:`simpeval.testsets.download`.
"""

from __future__ import annotations

from collections.abc import Sequence

import click

from ..testsets import (
    available_testsets,
    download,
    get_testset,
    is_cached,
    load_testset,
    resolve_cache_dir,
    testset_dir,
)
from ..testsets.download import mirror_url
from .progress import Progress

__all__ = ["testsets"]


@click.group("testsets")
def testsets() -> None:
    """Built-in test sets and human judgments: list, download, cite, print.

    Files are cached in $SIMPEVAL_CACHE (default: ~/.cache/simpeval) and fetched from
    $SIMPEVAL_MIRROR instead of https://raw.githubusercontent.com when it is set.
    """


@testsets.command("list")
def list_testsets() -> None:
    """List the registered test sets (and whether each is cached)."""
    header = ("NAME", "KIND", "SEGMENTS", "REFS", "CACHED", "DESCRIPTION")
    rows = [header] + [
        (s.name, s.kind, str(s.n_segments), str(s.n_references), "yes" if is_cached(s.name) else "no", s.description)
        for s in map(get_testset, available_testsets())
    ]
    widths = [max(len(row[k]) for row in rows) for k in range(len(header) - 1)]
    for row in rows:
        cells = [c.rjust(w) if k in (2, 3) else c.ljust(w) for k, (c, w) in enumerate(zip(row, widths))]
        click.echo("  ".join(cells + [row[-1]]))
    click.echo(f"\ncache: {resolve_cache_dir() / 'testsets'}")


@testsets.command("download")
@click.argument("names", nargs=-1, required=True, type=click.Choice(available_testsets(), case_sensitive=False))
@click.option("--urls", is_flag=True, help="Only print each file's URL, sha256 and cache path (to fetch them by hand).")
def download_testsets(names: tuple[str, ...], urls: bool) -> None:
    """Download and verify test sets NAME... into the cache; print their folders."""
    for name in names:
        if urls:
            folder = testset_dir(name)
            for remote in get_testset(name).all_files:
                click.echo(f"{mirror_url(remote.url)}  {remote.sha256}  {folder / remote.name}")
            continue
        with Progress() as progress:
            folder = download(name, progress=progress.download)
        click.echo(f"{name}: {folder}")


@testsets.command("cite")
@click.argument("name", type=click.Choice(available_testsets(), case_sensitive=False))
def cite_testset(name: str) -> None:
    """Print the BibTeX citation of test set NAME (and its licence)."""
    spec = get_testset(name)
    click.echo(spec.citation)
    click.echo(f"% {spec.name}: {spec.licence}")


@testsets.command("echo")
@click.argument("name", type=click.Choice(available_testsets(kind="corpus"), case_sensitive=False))
@click.argument("side", type=click.Choice(["src", "ref"]))
@click.option(
    "--ref-index",
    type=click.IntRange(min=0),
    metavar="I",
    help="Print only reference stream I (0-based); default: all references, tab-separated.",
)
def echo_testset(name: str, side: str, ref_index: int | None) -> None:
    """Print the sources (src) or references (ref) of test set NAME, one segment per line."""
    if side == "src" and ref_index is not None:
        raise click.UsageError("--ref-index selects a reference stream; it cannot be used with 'src'.")
    with Progress() as progress:
        data = load_testset(name, progress=progress.download)
    if ref_index is not None and ref_index >= data.n_references:
        raise click.BadParameter(
            f"{name} has {data.n_references} references (0-{data.n_references - 1}); got {ref_index}.",
            param_hint="'--ref-index'",
        )
    if side == "src":
        lines: Sequence[str] = data.sources
    elif ref_index is not None:
        lines = data.references[ref_index]
    else:
        lines = ["\t".join(segment) for segment in zip(*data.references)]
    click.echo("\n".join(lines))
