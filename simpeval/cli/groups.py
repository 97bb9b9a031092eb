"""Option groups: click options that reach a command as one frozen object each.

A group is a decorator (:func:`option_object`): it declares its click options (help order as
stacked), and when the command runs it takes their values out of the keyword arguments and
passes one frozen dataclass instead, under one parameter name. So every command has one
style, a handful of parameters, and the rules of a group (defaults, cross-checks, how its
values become library calls) live with the group:

* :func:`data_group` -> ``data: DataOptions`` (``--input``, ``--names``, ``--test-set``,
  ``--sources``, ``--references`` and positional references, ``--num-refs``,
  ``--max-line-length``, and sacrebleu's ``--encoding`` when the command has it);
* :func:`output_group` -> ``output: OutputOptions`` (``--format``, ``--width``, sacrebleu's ``--short``);
* :data:`confidence_group` -> ``confidence: ConfidenceOptions`` (``--confidence``, ``--confidence-n``, ``--seed``);
* :func:`simpeval.cli.metric_group.metrics_group` -> ``metrics: MetricOptions``;
  :data:`simpeval.cli.engine.engine_group` -> ``engine: EngineOptions``;
  :data:`simpeval.cli.compare.comparison_group` -> ``comparison: ComparisonOptions``.

A group may also take values of options declared by another decorator (``takes``: sacrebleu's
``--encoding`` and ``--short``), when the command has them. Library errors of the data options
(:class:`~simpeval.exceptions.InvalidOptionError`) become usage errors here (:func:`usage_errors`).
"""

from __future__ import annotations

import contextlib
import functools
import os
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass
from typing import Any, TypeVar

import click

from ..defaults import CONFIDENCE_LEVEL, CONFIDENCE_SAMPLES, DEFAULT_SEED, WIDTH
from ..engines.resample import MAX_RESAMPLES
from ..exceptions import InvalidOptionError
from ..inputs import Inputs, check_data_options, open_inputs, system_names
from ..io import MAX_LINE_LENGTH, STDIN
from ..metrics import Metric
from ..report import available_formats
from .options import Decorator, MultiValueOption, option_group
from .progress import Progress
from .testset_choice import TestSetChoice, expand_output_sets

__all__ = [
    "DOCUMENT_FORMATS",
    "ConfidenceOptions",
    "DataOptions",
    "OutputOptions",
    "TestSetChoice",
    "check_one_document",
    "confidence_group",
    "check_data",
    "data_group",
    "data_options",
    "input_option",
    "keywords",
    "open_checked",
    "open_data",
    "option_object",
    "output_declarations",
    "output_file",
    "output_group",
    "param_names",
    "plot_option",
    "positional_references",
    "quiet_option",
    "reference_files",
    "usage_errors",
]

F = TypeVar("F", bound=Callable[..., Any])
#: How a group turns its values (by parameter name) into its object.
Build = Callable[[click.Context, dict[str, Any]], Any]


# ------------------------------------------------------------ the machinery
def param_names(*options: Decorator) -> tuple[str, ...]:
    """The parameter names the click ``options`` declare, in declaration order."""

    def probe() -> None: ...

    option_group(*options)(probe)
    return tuple(str(p.name) for p in reversed(getattr(probe, "__click_params__", [])))


def option_object(param: str, build: Build, *options: Decorator, takes: Sequence[str] = ()) -> Decorator:
    """A group: ``options`` declared on the command, their values handed over as ``param=build(ctx, values)``.

    ``values`` holds every option of the group by parameter name, plus those of ``takes`` (options
    declared by another decorator) that the command has.
    """
    own = param_names(*options)

    def decorate(function: F) -> F:
        @functools.wraps(function)
        def call(*args: Any, **kwargs: Any) -> Any:
            values = {name: kwargs.pop(name) for name in own}
            values.update({name: kwargs.pop(name) for name in takes if name in kwargs})
            kwargs[param] = build(click.get_current_context(), values)
            return function(*args, **kwargs)

        return option_group(*options)(call)  # type: ignore[return-value]

    return decorate


def keywords(cls: Callable[..., Any]) -> Build:
    """The build of a group whose frozen object takes the group's values as keyword arguments."""

    def build(ctx: click.Context, values: dict[str, Any]) -> Any:
        return cls(**values)

    return build


@contextlib.contextmanager
def usage_errors() -> Iterator[None]:
    """The library's :class:`~simpeval.exceptions.InvalidOptionError` as a usage error (exit code 2)."""
    try:
        yield
    except InvalidOptionError as err:
        raise click.UsageError(str(err)) from err


# ------------------------------------------------------------ where the data comes from
#: ``--test-set`` (a built-in corpus) or ``--sources/--references/--num-refs`` (files).
data_options: Decorator = option_group(
    click.option(
        "--test-set",
        "-t",
        type=TestSetChoice("corpus"),
        metavar="NAME",
        help="A built-in test set instead of --sources/--references (downloaded and "
        "verified on first use; see 'simpeval testsets list'). Signatures record test:NAME.",
    ),
    click.option("--sources", "-s", metavar="FILE", help="Source sentences, one per line (needed by SARI)."),
    click.option(
        "--references",
        "-r",
        cls=MultiValueOption,
        metavar="FILE...",
        help="Reference files, one reference per line; several space-separated or repeated.",
    ),
    click.option(
        "--num-refs",
        type=click.IntRange(min=1),
        metavar="N",
        help="Read N tab-separated references per line from one --references file.",
    ),
    click.option(
        "--max-line-length",
        type=click.IntRange(min=0),
        default=MAX_LINE_LENGTH,
        show_default=True,
        metavar="BYTES",
        help="Longest line read from any file, in bytes (0: no limit); a longer line "
        "is an error naming the file and line.",
    ),
)


#: ``[REFERENCE]...``: reference files given positionally, as sacrebleu's command line takes them
#: (``sacrebleu ref1 ref2 -i sys``); the same as ``--references`` (see :func:`reference_files`).
positional_references: Decorator = click.argument("positional_references", nargs=-1, metavar="[REFERENCE]...")


def reference_files(references: Sequence[str], positional: Sequence[str]) -> tuple[str, ...]:
    """The reference files, from ``--references`` or given positionally (not both: a usage error)."""
    if references and positional:
        raise click.UsageError(
            f"references were given both positionally ({' '.join(positional)}) and with --references "
            f"({' '.join(references)}); give them one way."
        )
    return tuple(references or positional)


def input_option(help: str, required: bool = False) -> Decorator:
    """``--input/--outputs/-i FILE...``: the system outputs, one file per system, or a registered set
    of system outputs by name (:func:`~simpeval.cli.testset_choice.expand_output_sets`)."""
    help += " A registered set of system outputs ('simpeval testsets list') gives each of its systems."
    return click.option(
        "--input", "--outputs", "-i", "inputs", cls=MultiValueOption, required=required, metavar="FILE...", help=help
    )


@dataclass(frozen=True)
class DataOptions:
    """Where the data comes from: system output files, and references and sources (files or a test set)."""

    inputs: tuple[str, ...]
    names: tuple[str, ...] = ()
    test_set: str | None = None
    sources: str | None = None
    references: tuple[str, ...] = ()
    positional_references: tuple[str, ...] = ()
    num_refs: int | None = None
    max_line_length: int = MAX_LINE_LENGTH
    encoding: str = "utf-8"


def data_group(input_help: str, *, required: bool = False, stdin: bool = False, positional: bool = True) -> Decorator:
    """``data: DataOptions``: the data options, ``--input`` (``stdin``: standard input when not given),
    ``--names``, and the positional references of sacrebleu's command line (``positional``)."""

    def build(ctx: click.Context, values: dict[str, Any]) -> DataOptions:
        given = tuple(values.pop("positional_references", ()))
        values["references"] = reference_files(values["references"], given)
        values["inputs"] = expand_output_sets(values["inputs"]) or ((STDIN,) if stdin else ())
        return DataOptions(positional_references=given, **values)

    names = click.option(
        "--names",
        "-n",
        cls=MultiValueOption,
        metavar="NAME...",
        help="System names, one per --input file (default: the file names).",
    )
    options = [
        data_options,
        input_option(input_help, required),
        names,
        *([positional_references] if positional else []),
    ]
    return option_object("data", build, *options, takes=("encoding",))


def open_data(
    data: DataOptions, metrics: Sequence[Metric], progress: Progress, needs_references: bool = False
) -> Inputs[Iterator[str]]:
    """The inputs of ``data``, opened lazily (:func:`simpeval.inputs.open_inputs`); the data options are
    checked first (:func:`check_data`)."""
    check_data(data, metrics, needs_references)
    return open_checked(data, progress)


def check_data(data: DataOptions, metrics: Sequence[Metric], needs_references: bool = False) -> None:
    """Usage errors for data options that cannot be read (:func:`simpeval.inputs.check_data_options`)."""
    with usage_errors():
        check_data_options(
            metrics, data.inputs, data.test_set, data.sources, data.references, data.num_refs, needs_references
        )


def open_checked(data: DataOptions, progress: Progress) -> Inputs[Iterator[str]]:
    """The inputs of ``data`` (already checked), opened lazily; a bad ``--names`` is a usage error."""
    with usage_errors():
        system_names(data.inputs, data.names)
    return open_inputs(
        data.inputs,
        test_set=data.test_set,
        sources=data.sources,
        references=data.references,
        num_refs=data.num_refs,
        names=data.names,
        progress=progress.download,
        max_line_length=data.max_line_length,
        encoding=data.encoding,
    )


# ------------------------------------------------------------ output
@dataclass(frozen=True)
class OutputOptions:
    """How the result is printed: ``--format``, ``--width`` and (sacrebleu's ``--short``) short signatures."""

    fmt: str = "text"
    width: int = WIDTH
    short: bool = False


def output_group(width: int = WIDTH, width_help: str = "Decimals of printed scores.") -> Decorator:
    """``output: OutputOptions``: ``--format/-f``, ``--width/-w`` (default ``width``), and ``--short``
    when the command has sacrebleu's flags."""
    return option_object(
        "output", lambda ctx, values: OutputOptions(**values), output_declarations(width, width_help), takes=("short",)
    )


# ------------------------------------------------------------ output
def output_declarations(width: int = WIDTH, width_help: str = "Decimals of printed scores.") -> Decorator:
    """``--format/-f`` and ``--width/-w`` (``width``: its default)."""
    return option_group(
        click.option(
            "--format",
            "-f",
            "fmt",
            type=click.Choice(available_formats()),
            default="text",
            show_default=True,
            help="Output format.",
        ),
        click.option(
            "--width",
            "-w",
            type=click.IntRange(0, 20),
            default=width,
            show_default=True,
            help=width_help,
        ),
    )


def output_file(*suffixes: str) -> Callable[[click.Context, click.Parameter, str | None], str | None]:
    """A click callback checking an output ``FILE`` before any work: a suffix in ``suffixes``,
    a parent folder that exists and is writable, not a folder itself (else a usage error, exit 2).
    """

    def check(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
        if value is None:
            return None
        fail = f"{value!r}: "
        parent = os.path.dirname(os.path.realpath(value))  # a symbolic link is written through (atomic_write)
        if not value.lower().endswith(suffixes):
            fail += f"the file must end in {', '.join(suffixes)}."
        elif os.path.isdir(value):
            fail += "this is a folder; give a file name."
        elif not os.path.isdir(parent):
            fail += f"the folder {parent} does not exist; create it or choose another path."
        elif not os.access(parent, os.W_OK | os.X_OK) or (os.path.exists(value) and not os.access(value, os.W_OK)):
            fail += f"cannot write in {parent} (permission denied); choose another path."
        else:
            return value
        raise click.BadParameter(fail, ctx=ctx, param=param)

    return check


#: Formats whose output is one machine-read document: a second table after it would break it.
DOCUMENT_FORMATS = ("json", "jsonl", "csv", "tsv")


def check_one_document(flag: str, fmt: str, in_python: str, formats: Sequence[str] = DOCUMENT_FORMATS) -> None:
    """A usage error when ``flag`` would print a second table after a ``--format`` document (one of ``formats``)."""
    if fmt in formats:
        raise click.UsageError(
            f"{flag} is printed after the table, which --format {fmt} cannot hold (it must stay one document); "
            f"use text, markdown, latex or html, or {in_python} in Python."
        )


# ------------------------------------------------------------ resampling
#: ``--confidence/--ci``, ``--confidence-n`` and ``--seed``: bootstrap intervals (``score``, ``compare``).
confidence_options: Decorator = option_group(
    click.option(
        "--confidence",
        "--ci",
        is_flag=True,
        help=f"Add {CONFIDENCE_LEVEL:.0%} bootstrap confidence intervals (sacrebleu's --confidence).",
    ),
    click.option(
        "--confidence-n",
        type=click.IntRange(1, MAX_RESAMPLES),
        metavar="N",
        help=f"Bootstrap resamples for --confidence (default {CONFIDENCE_SAMPLES}, at most {MAX_RESAMPLES:,}; "
        "with compare's --paired bs, --paired-n's: one bs field in the signature records both).",
    ),
    click.option("--seed", type=int, default=DEFAULT_SEED, show_default=True, help="Seed of every random draw."),
)


@dataclass(frozen=True)
class ConfidenceOptions:
    """Bootstrap intervals: ``--confidence``, ``--confidence-n`` (``None``: the default count), ``--seed``."""

    confidence: bool = False
    confidence_n: int | None = None
    seed: int = DEFAULT_SEED


#: ``confidence: ConfidenceOptions``.
confidence_group: Decorator = option_object(
    "confidence", lambda ctx, values: ConfidenceOptions(**values), confidence_options
)


# ------------------------------------------------------------ flags several commands share
def quiet_option(help: str = "No progress bar on stderr (drawn only on a terminal anyway).") -> Decorator:
    """``--quiet/-q``: no progress display."""
    return click.option("--quiet", "-q", is_flag=True, help=help)


def plot_option(what: str) -> Decorator:
    """``--plot FILE``: also write a figure of ``what`` (written atomically; the suffix picks the format).
    Checked before any work: the path, and matplotlib (else one error line naming the extra)."""
    check_path = output_file(".png", ".svg", ".pdf")

    def check(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
        if check_path(ctx, param, value) is not None:
            from ..report.plots import require_matplotlib

            require_matplotlib()
        return value

    return click.option(
        "--plot",
        metavar="FILE",
        callback=check,
        help=f"Also {what} (.png, .svg, .pdf; needs simplification-metrics[plots]).",
    )
