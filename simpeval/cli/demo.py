"""``simpeval demo``: ``score`` on the demo data shipped in ``simpeval/data/demo``."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from importlib import resources

import click

from .. import api
from ..inputs import open_inputs, read_inputs
from ..metrics import References
from ..report import render
from .groups import OutputOptions, output_group

__all__ = ["DEMO_FILES", "demo"]

#: The demo files: the sources, the references, the systems.
DEMO_FILES = ("source.txt", ("reference.0.txt", "reference.1.txt", "reference.2.txt"), ("system-a.txt", "system-b.txt"))


@contextlib.contextmanager
def demo_paths() -> Iterator[tuple[str, list[str], list[str]]]:
    """Filesystem paths of the demo data: the sources, the references, the systems."""
    root = resources.files("simpeval").joinpath("data", "demo")
    source, references, systems = DEMO_FILES
    with contextlib.ExitStack() as stack:

        def path(name: str) -> str:
            return str(stack.enter_context(resources.as_file(root.joinpath(name))))

        yield path(source), [path(n) for n in references], [path(n) for n in systems]


@click.command()
@output_group()
def demo(output: OutputOptions) -> None:
    """Score two systems on the demo data shipped with simpeval (SARI, BLEU, chrF, TER)."""
    with demo_paths() as (source, references, systems):
        data = read_inputs(open_inputs(systems, sources=source, references=references))
    click.echo(
        render(
            api.evaluate_systems(data.systems, References.from_streams(data.references), sources=data.sources),
            output.fmt,
            width=output.width,
        )
    )
