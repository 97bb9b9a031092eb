"""Options shared by the commands, in groups, and the metrics they configure.

* :class:`MultiValueOption` / :class:`MultiValueCommand`: ``--references r1 r2`` (several
  space-separated values, and repeatable);
* option groups, each a decorator: :data:`data_options` (``--test-set/--sources/--references/
  --num-refs``), :func:`input_option` (``--input``), :data:`metrics_option` (``--metrics``),
  :func:`metric_options` (``--<metric>-<option>``, generated in :mod:`.metric_options`),
  :data:`output_options` (``--format/--width``);
* :func:`build_metrics`: the metrics named by ``--metrics`` with their per-metric options.

Every default comes from :mod:`simpeval.defaults`.
"""

from __future__ import annotations

import os
import re
from collections.abc import Sequence
from typing import Any, Callable, Optional, Protocol, TypeVar

import click

from ..defaults import CONFIDENCE_LEVEL, CONFIDENCE_SAMPLES, DEFAULT_METRICS, DEFAULT_SEED, WIDTH
from ..exceptions import InvalidOptionError
from ..io import MAX_LINE_LENGTH, STDIN, check_encoding
from ..metrics import available_metrics
from ..report import available_formats
from ..significance._resample import MAX_RESAMPLES
from ..testsets import available_testsets
from .metric_options import MetricFlags, MetricFlagsCommand, build_metrics, metric_options

__all__ = [
    "DOCUMENT_FORMATS",
    "MetricFlags",
    "MultiValueCommand",
    "MultiValueOption",
    "build_metrics",
    "check_one_document",
    "confidence_options",
    "data_options",
    "expand_multi_values",
    "input_option",
    "metric_options",
    "metrics_option",
    "option_group",
    "output_file",
    "output_options",
    "positional_references",
    "reference_files",
    "sacrebleu_metric_options",
    "sacrebleu_options",
]

F = TypeVar("F", bound=Callable[..., Any])


class Decorator(Protocol):
    """What ``click.option(...)`` returns: a decorator giving back the function it decorates."""

    def __call__(self, function: F, /) -> F: ...


# ------------------------------------------------------------ multi-value options
class MultiValueOption(click.Option):
    """An option taking one or more space-separated values, and repeatable.

    ``--references r1 r2 --references r3`` gives ``("r1", "r2", "r3")``. Values run up to
    the next token that starts with ``-`` (a lone ``-`` is a value: standard input). Only
    works on a :class:`MultiValueCommand`, which regroups the arguments before click parses them.
    """

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        kwargs["multiple"] = True
        super().__init__(*args, **kwargs)


def expand_multi_values(
    params: Sequence[click.Parameter], args: Sequence[str], ctx: Optional[click.Context] = None
) -> list[str]:
    """Rewrite ``--opt a b`` as ``--opt a --opt b`` for every :class:`MultiValueOption`.

    Examples:
        >>> params = [MultiValueOption(["-r", "--references"]), click.Option(["--width"])]
        >>> expand_multi_values(params, ["-r", "a", "b", "--width", "2", "--references=c", "d"])
        ['-r', 'a', '-r', 'b', '--width', '2', '--references', 'c', '--references', 'd']
    """
    greedy = {opt for p in params if isinstance(p, MultiValueOption) for opt in p.opts}
    with_value = {
        opt: p.nargs for p in params if isinstance(p, click.Option) and not p.is_flag and not p.count for opt in p.opts
    }
    out: list[str] = []
    i = 0
    while i < len(args):
        token = args[i]
        if token == "--":
            return out + list(args[i:])
        if token.startswith("--"):
            name, eq, first = token.partition("=")
            values = [first] if eq else []
        else:  # short option, maybe with its value attached: -rfile
            name, values = token[:2], ([token[2:]] if len(token) > 2 else [])
        i += 1
        if name in greedy:
            while i < len(args) and (args[i] == STDIN or not args[i].startswith("-")):
                values.append(args[i])
                i += 1
            if not values:
                raise click.BadOptionUsage(name, f"Option '{name}' requires at least one value.", ctx)
            for value in values:
                out += [name, value]
        elif name in with_value and not values:  # keep this option's own value untouched
            out += list(args[i - 1 : i + with_value[name]])
            i += with_value[name]
        else:
            out.append(token)
    return out


class MultiValueCommand(MetricFlagsCommand):
    """A command whose :class:`MultiValueOption` options take several space-separated values
    (and whose callback may ask for the metric flags: :func:`~.metric_options.metric_options`)."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        return super().parse_args(ctx, expand_multi_values(self.get_params(ctx), args, ctx))


def option_group(*options: Decorator) -> Decorator:
    """One decorator applying ``options`` in the order given (as if stacked in that order)."""

    def decorate(function: F) -> F:
        for option in reversed(options):
            function = option(function)
        return function

    return decorate


# ------------------------------------------------------------ where the data comes from
class TestSetChoice(click.Choice):  # type: ignore[type-arg]
    """A built-in test set name, in any case, with hyphens or EASSE's underscores (``asset_test``)."""

    def convert(self, value: Any, param: Optional[click.Parameter], ctx: Optional[click.Context]) -> Any:
        return super().convert(value.replace("_", "-") if isinstance(value, str) else value, param, ctx)


#: ``--test-set`` (a built-in corpus) or ``--sources/--references/--num-refs`` (files).
data_options: Decorator = option_group(
    click.option(
        "--test-set",
        "-t",
        type=TestSetChoice(available_testsets(kind="corpus"), case_sensitive=False),
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
    """``--input/--outputs/-i FILE...``: the system outputs, one file per system."""
    return click.option(
        "--input", "--outputs", "-i", "inputs", cls=MultiValueOption, required=required, metavar="FILE...", help=help
    )


# ------------------------------------------------------------ metrics
#: ``--metrics NAME...``: the metrics to compute, in column order.
metrics_option: Decorator = click.option(
    "--metrics",
    "-m",
    cls=MultiValueOption,
    default=DEFAULT_METRICS,
    show_default=True,
    metavar="NAME...",
    help=f"Metrics to compute ({', '.join(available_metrics())}).",
)


# ------------------------------------------------------------ sacrebleu's flags
def _check_encoding(ctx: click.Context, param: click.Parameter, value: str) -> str:
    try:
        check_encoding("--encoding", value)
    except InvalidOptionError:
        raise click.BadParameter(
            f"{value!r} is not a text encoding Python knows (e.g. utf-8, latin-1, utf-16)."
        ) from None
    return value


def _check_language_pair(ctx: click.Context, param: click.Parameter, value: Optional[str]) -> Optional[str]:
    if value is not None and not re.fullmatch(r"[A-Za-z]{2,3}(_[A-Za-z]+)?-[A-Za-z]{2,3}(_[A-Za-z]+)?", value):
        raise click.BadParameter(f"expected SRC-TRG language codes such as en-de (got {value!r}).")
    return value


#: The flags sacrebleu users type, with sacrebleu's meaning: ``-lc``, ``-sh``, ``-e``, ``-l``.
sacrebleu_options: Decorator = option_group(
    click.option("--lowercase", "-lc", is_flag=True, help="BLEU: lowercase (sacrebleu's -lc)."),
    click.option(
        "--tokenize",
        "-tok",
        metavar="NAME",
        help="BLEU tokenizer (sacrebleu's -tok): the same as --bleu-tokenize, which wins if both are given.",
    ),
    click.option("--short", "-sh", is_flag=True, help="Print short signatures (sacrebleu's -sh)."),
    click.option(
        "--encoding",
        "-e",
        default="utf-8",
        show_default=True,
        callback=_check_encoding,
        help="Text encoding of the input files.",
    ),
    click.option(
        "--language-pair",
        "-l",
        metavar="SRC-TRG",
        callback=_check_language_pair,
        help="Language pair, recorded in signatures (lang:SRC-TRG); BLEU's default tokenizer follows "
        "the target language (zh, ja-mecab, ko-mecab), as in sacrebleu.",
    ),
)


def sacrebleu_metric_options(
    lowercase: bool, language_pair: Optional[str], tokenize: Optional[str] = None, sentence_level: bool = False
) -> dict[str, dict[str, Any]]:
    """The metric options sacrebleu's flags imply, by registry name (``{"bleu": {...}}``): ``-lc``,
    ``-tok`` and ``-l`` set BLEU's options, and sentence-level BLEU uses the effective order, as
    sacrebleu's command line does."""
    implied: dict[str, dict[str, Any]] = {"bleu": {}}
    if lowercase:  # BLEU's only, as in sacrebleu (chrF has --chrf-lowercase, TER --ter-case-sensitive)
        implied["bleu"]["lowercase"] = True
    if tokenize is not None:
        implied["bleu"]["tokenize"] = tokenize
    if sentence_level:
        implied["bleu"]["effective_order"] = True
    if language_pair:
        implied["bleu"]["trg_lang"] = language_pair.split("-")[1].split("_")[0].lower()
    return implied


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


# ------------------------------------------------------------ output
#: ``--format/-f`` and ``--width/-w``.
output_options: Decorator = option_group(
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
        default=WIDTH,
        show_default=True,
        help="Decimals of printed scores.",
    ),
)


def output_file(*suffixes: str) -> Callable[[click.Context, click.Parameter, Optional[str]], Optional[str]]:
    """A click callback checking an output ``FILE`` before any work: a suffix in ``suffixes``,
    a parent folder that exists and is writable, not a folder itself (else a usage error, exit 2).
    """

    def check(ctx: click.Context, param: click.Parameter, value: Optional[str]) -> Optional[str]:
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
