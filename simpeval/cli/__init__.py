"""The ``simpeval`` command line: parse options, read files, call :mod:`simpeval.api`, render, echo.

One module per command, each a thin layer over one :mod:`simpeval.api` function:

* :mod:`.score`: ``simpeval score -s SRC -r REF1 REF2 -i SYS1 SYS2 [--metrics sari bleu chrf ter]``,
  or ``-t asset-test`` for a built-in test set instead of ``--sources/--references``;
* :mod:`.compare`: ``simpeval compare ...``: confidence intervals, paired tests, agreement;
* :mod:`.evaluate`: ``simpeval evaluate -t asset_test -i SYS [-m sari bleu fkgl] [--features]``: EASSE's one-liner;
* :mod:`.demo`: ``simpeval demo``: ``score`` on the demo data shipped with the package;
* :mod:`.explain`: ``simpeval explain --source S --prediction P --references R...``: one segment, n-gram by n-gram;
* :mod:`.metaeval`: ``simpeval meta-eval -t simplicity-da --references asset -m sari bleu``: correlation with human judgments;
* :mod:`.report`: ``simpeval report -t asset-test -i SYS... -o report.html``: one self-contained HTML report;
* :mod:`.testsets`: ``simpeval testsets list|download|cite|echo``;
* :mod:`.lessons`: ``simpeval lessons DIR``: the classroom notebooks, their solutions and README, written out.

Shared pieces: option groups that hand each command one frozen object (:mod:`.groups`: data,
output, confidence; :mod:`.metric_group`: metrics; :mod:`.engine`: ``--engine``; the comparison
group of :mod:`.compare`), :mod:`.options` (multi-value options, the metric flags), :mod:`.progress`
(the one progress indicator). Reading files is :mod:`simpeval.inputs`'s, computing on a cluster
:mod:`simpeval.distributed`'s. A new command is a new module registered in :data:`COMMANDS`,
imported when its command runs.

Every :class:`~simpeval.exceptions.SimpevalError` becomes a one-line error (exit code 1), and so
does a standard output that cannot be written (a full disk; a closed pipe exits quietly);
impossible option combinations are usage errors (exit code 2); library warnings are printed
on standard error as ``Warning: ...``.
"""

from __future__ import annotations

import warnings
from importlib import import_module
from types import ModuleType
from typing import Any

import click

from .._version import __version__
from ..exceptions import SimpevalError
from .options import MultiValueCommand, MultiValueOption
from .stdout import guarded_stdout

__all__ = ["COMMANDS", "MultiValueCommand", "MultiValueOption", "main"]

#: Each command's module and attribute: a module is imported only when its command runs (or
#: ``simpeval --help`` lists them all), so a command pays for its own imports only.
COMMANDS: dict[str, tuple[str, str]] = {
    "compare": ("compare", "compare"),
    "demo": ("demo", "demo"),
    "evaluate": ("evaluate", "evaluate"),
    "explain": ("explain", "explain"),
    "lessons": ("lessons", "lessons"),
    "meta-eval": ("metaeval", "meta_eval"),
    "report": ("report", "report"),
    "score": ("score", "score"),
    "testsets": ("testsets", "testsets"),
}


class _Group(click.Group):
    """Loads each command on first use; turns library errors into one-line click errors and
    library warnings into stderr lines."""

    def list_commands(self, ctx: click.Context) -> list[str]:
        return sorted({*super().list_commands(ctx), *COMMANDS})

    def get_command(self, ctx: click.Context, cmd_name: str) -> click.Command | None:
        if cmd_name in COMMANDS and cmd_name not in self.commands:
            module, attribute = COMMANDS[cmd_name]
            self.add_command(getattr(import_module(f".{module}", __name__), attribute), cmd_name)
        return super().get_command(ctx, cmd_name)

    def main(self, *args: Any, **kwargs: Any) -> Any:
        """Every command, ``--help`` and ``--version`` included, with a standard output whose failure
        (a full disk, a closed pipe) is one error line and exit code 1 (:mod:`.stdout`)."""
        with guarded_stdout():
            return super().main(*args, **kwargs)

    def invoke(self, ctx: click.Context) -> Any:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("default")
            try:
                return super().invoke(ctx)
            except SimpevalError as err:
                raise click.ClickException(" ".join(str(err).split())) from err
            finally:
                for warning in caught:
                    if not issubclass(warning.category, DeprecationWarning):
                        click.echo(f"Warning: {warning.message}", err=True)


@click.group(cls=_Group, context_settings={"help_option_names": ["-h", "--help"]})
@click.version_option(__version__, "--version", "-V", prog_name="simpeval")
def main() -> None:
    """Evaluate text simplification (SARI) and translation metrics (BLEU, chrF, TER) with signatures."""


def __getattr__(name: str) -> ModuleType:
    """``simpeval.cli.score`` and the other command modules, imported on first access."""
    if name in {module for module, _ in COMMANDS.values()}:
        return import_module(f".{name}", __name__)
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
