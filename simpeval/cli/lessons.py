"""``simpeval lessons DIR``: write the classroom notebooks, their solutions and README into DIR."""

from __future__ import annotations

from pathlib import Path

import click

from ..lessons import write_lessons

__all__ = ["lessons"]


@click.command()
@click.argument("folder", metavar="DIR", type=click.Path(path_type=Path))
@click.option("--force", is_flag=True, help="Overwrite lesson files already in DIR (other files are left alone).")
def lessons(folder: Path, force: bool) -> None:
    """Write the classroom notebooks, their solutions and README into DIR (created if missing).

    Open them with `jupyter lab DIR` in an environment with the notebooks extra; DIR/README.md
    says what each lesson teaches and where its data comes from.
    """
    written = write_lessons(folder, force=force)
    for path in written:
        click.echo(str(path))
    click.echo(f"{len(written)} files in {folder}: open them with `jupyter lab {folder}` (README.md says more).")
