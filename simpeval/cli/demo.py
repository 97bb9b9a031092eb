"""``simpeval demo``: ``score`` on the demo data shipped in ``simpeval/data/demo``; ``--write DIR``
writes that data under the file names of the README's examples (``src.txt``, ``ref0.txt``, ...)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from importlib import resources
from pathlib import Path

import click

from .. import api
from ..inputs import open_inputs, read_inputs
from ..metrics import References
from ..report import render
from .groups import OutputOptions, output_group

__all__ = ["DEMO_FILES", "EXAMPLE_NAMES", "demo"]

#: The demo files: the sources, the references, the systems.
DEMO_FILES = ("source.txt", ("reference.0.txt", "reference.1.txt", "reference.2.txt"), ("system-a.txt", "system-b.txt"))
#: Each demo file's name in the README's and the guides' examples, which ``--write DIR`` gives it.
EXAMPLE_NAMES = {
    DEMO_FILES[0]: "src.txt",
    **{name: f"ref{j}.txt" for j, name in enumerate(DEMO_FILES[1])},
    **{name: f"sys{'AB'[k]}.txt" for k, name in enumerate(DEMO_FILES[2])},
}


@contextlib.contextmanager
def demo_paths() -> Iterator[tuple[str, list[str], list[str]]]:
    """Filesystem paths of the demo data: the sources, the references, the systems."""
    root = resources.files("simpeval").joinpath("data", "demo")
    source, references, systems = DEMO_FILES
    with contextlib.ExitStack() as stack:

        def path(name: str) -> str:
            return str(stack.enter_context(resources.as_file(root.joinpath(name))))

        yield path(source), [path(n) for n in references], [path(n) for n in systems]


def write_examples(folder: Path) -> None:
    """Write the demo data into ``folder`` as ``src.txt``, ``ref0.txt``... (never over a file there)."""
    if folder.exists() and not folder.is_dir():
        raise click.ClickException(f"demo --write: {str(folder)!r} is a file, not a folder. Name a folder.")
    clashes = [name for name in EXAMPLE_NAMES.values() if (folder / name).exists()]
    if clashes:
        raise click.ClickException(
            f"demo --write: {str(folder)!r} already holds {', '.join(clashes)}; it never overwrites a file. "
            "Name another folder, or remove them."
        )
    root = resources.files("simpeval").joinpath("data", "demo")
    try:
        folder.mkdir(parents=True, exist_ok=True)
        for packaged, name in EXAMPLE_NAMES.items():
            (folder / name).write_bytes(root.joinpath(packaged).read_bytes())
    except OSError as err:
        raise click.ClickException(f"demo --write: cannot write into {str(folder)!r} ({err.strerror or err}).") from err
    click.echo(f"{', '.join(EXAMPLE_NAMES.values())} in {folder}: the demo data, for the README's examples.")


@click.command()
@output_group()
@click.option(
    "--write",
    "folder",
    metavar="DIR",
    type=click.Path(path_type=Path),
    help="Instead of scoring, write the demo data into DIR as src.txt, ref0.txt-ref2.txt, sysA.txt and sysB.txt "
    "(the files of the README's examples); never overwrites a file.",
)
def demo(output: OutputOptions, folder: Path | None) -> None:
    """Score two systems on the demo data shipped with simpeval (SARI, BLEU, chrF, TER)."""
    if folder is not None:
        write_examples(folder)
        return
    with demo_paths() as (source, references, systems):
        data = read_inputs(open_inputs(systems, sources=source, references=references))
    click.echo(
        render(
            api.evaluate_systems(data.systems, References.from_streams(data.references), sources=data.sources),
            output.fmt,
            width=output.width,
        )
    )
