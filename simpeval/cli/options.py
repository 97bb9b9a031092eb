"""Options shared by the commands, in groups, and the metrics they configure.

* :class:`MultiValueOption` / :class:`MultiValueCommand`: ``--references r1 r2`` (several
  space-separated values, and repeatable);
* :func:`option_group`: several click options as one decorator; :data:`metrics_option`
  (``--metrics``), :func:`metric_options` (``--<metric>-<option>``, generated in :mod:`.metric_options`),
  :data:`sacrebleu_options` (``-lc``, ``-tok``, ``-sh``, ``-e``, ``-l``);
* :func:`build_metrics`: the metrics named by ``--metrics`` with their per-metric options.

The groups that hand a command one frozen object each are in :mod:`.groups` (data, output,
confidence) and :mod:`.metric_group` (metrics).

Every default comes from :mod:`simpeval.defaults`.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence
from typing import Any, Protocol, TypeVar

import click

from ..defaults import DEFAULT_METRICS
from ..exceptions import InvalidOptionError
from ..io import STDIN, check_encoding
from ..metrics import available_metrics
from .metric_options import MetricFlags, MetricFlagsCommand, build_metrics, metric_options

__all__ = [
    "MetricFlags",
    "MultiValueCommand",
    "MultiValueOption",
    "Decorator",
    "build_metrics",
    "expand_multi_values",
    "metric_options",
    "metrics_option",
    "option_group",
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
    params: Sequence[click.Parameter], args: Sequence[str], ctx: click.Context | None = None
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

    def rewrite_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        return expand_multi_values(self.get_params(ctx), args, ctx)


def option_group(*options: Decorator) -> Decorator:
    """One decorator applying ``options`` in the order given (as if stacked in that order)."""

    def decorate(function: F) -> F:
        for option in reversed(options):
            function = option(function)
        return function

    return decorate


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


def _check_language_pair(ctx: click.Context, param: click.Parameter, value: str | None) -> str | None:
    if value is not None and not re.fullmatch(r"[A-Za-z]{2,3}(_[A-Za-z]+)?-[A-Za-z]{2,3}(_[A-Za-z]+)?", value):
        raise click.BadParameter(f"expected SRC-TRG language codes such as en-de (got {value!r}).")
    return value


def _check_encoding(ctx: click.Context, param: click.Parameter, value: str) -> str:
    try:
        check_encoding("--encoding", value)
    except InvalidOptionError:
        raise click.BadParameter(
            f"{value!r} is not a text encoding Python knows (e.g. utf-8, latin-1, utf-16)."
        ) from None
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
    lowercase: bool, language_pair: str | None, tokenize: str | None = None, sentence_level: bool = False
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
