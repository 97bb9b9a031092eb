"""Options shared by the commands, in groups, and the metrics they configure.

* :class:`MultiValueOption` / :class:`MultiValueCommand`: ``--references r1 r2`` (several
  space-separated values, and repeatable);
* :func:`option_group`: several click options as one decorator; :data:`metrics_option`
  (``--metrics``), :data:`metric_options` (``--sari-*``, ``--bleu-*``, ``--chrf-*``, ``--ter-*``),
  :data:`sacrebleu_options` (``-lc``, ``-tok``, ``-sh``, ``-e``, ``-l``);
* :func:`build_metrics`: the metrics named by ``--metrics`` with their per-metric options.

The groups that hand a command one frozen object each are in :mod:`.groups` (data, output,
confidence) and :mod:`.metric_group` (metrics).

Every default comes from :mod:`simpeval.defaults`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from typing import Any, Callable, Optional, Protocol, TypeVar

import click
from click.core import ParameterSource

from ..defaults import DEFAULT_METRICS
from ..exceptions import InvalidOptionError
from ..io import STDIN, check_encoding
from ..metrics import Metric, available_metrics, get_metric, metric_key
from ..metrics.sari import VARIANTS
from ..tokenizers import available_tokenizers

__all__ = [
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


class MultiValueCommand(click.Command):
    """A command whose :class:`MultiValueOption` options take several space-separated values."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        return super().parse_args(ctx, expand_multi_values(self.params, args, ctx))


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

#: Options of one metric each; the prefix before the first ``_`` is the metric's registry name
#: and the rest is the keyword argument of the metric's constructor.
metric_options: Decorator = option_group(
    click.option("--sari-variant", metavar="NAME", help=f"SARI preset ({', '.join(VARIANTS)}). Default: easse."),
    click.option(
        "--sari-tokenize",
        metavar="NAME",
        help=f"SARI tokenizer ({', '.join(available_tokenizers())}). Default: the preset's.",
    ),
    click.option("--sari-lowercase/--sari-no-lowercase", default=None, help="SARI: lowercase the input."),
    click.option(
        "--sari-aggregate",
        type=click.Choice(["corpus", "sentence"]),
        help="SARI: pool n-gram counts or average sentences.",
    ),
    click.option("--sari-deletion", type=click.Choice(["f1", "precision"]), help="SARI: deletion score."),
    click.option("--sari-average", type=click.Choice(["f1", "pr"]), help="SARI: F1 per order, or F1 of mean P and R."),
    click.option("--sari-zero-division", type=click.IntRange(0, 1), metavar="0|1", help="SARI: value of 0/0 (0 or 1)."),
    click.option("--sari-max-order", type=click.IntRange(min=1), metavar="N", help="SARI: highest n-gram order."),
    click.option(
        "--sari-normalize-source/--sari-raw-source",
        default=None,
        help="SARI: lowercase and tokenize the source like the output and references.",
    ),
    click.option(
        "--sari-split",
        type=click.Choice(["whitespace", "space"]),
        help="SARI: split tokens with str.split() or str.split(' ').",
    ),
    click.option(
        "--sari-precision",
        type=click.Choice(["pooled", "per-ngram"]),
        help="SARI: keep/deletion precision as pooled sums or averaged per n-gram.",
    ),
    click.option(
        "--sari-keep-recall",
        type=click.Choice(["pooled", "per-ngram"]),
        help="SARI: keep recall as pooled sums or averaged per n-gram.",
    ),
    click.option(
        "--sari-del-match",
        type=click.Choice(["min", "subtract"]),
        help="SARI: correct deletions per n-gram: min, or subtract (EASSE's).",
    ),
    click.option("--sari-ngrams", type=click.Choice(["counts", "binary"]), help="SARI: n-gram multisets or sets."),
    click.option(
        "--sari-ref-weight",
        type=click.Choice(["all", "nonempty"]),
        help="SARI: weigh source/output counts by all references or the non-empty ones.",
    ),
    click.option(
        "--bleu-tokenize",
        metavar="NAME",
        help="BLEU tokenizer: any registered name (13a, intl, zh, char, none, moses, ...). Default: 13a.",
    ),
    click.option("--bleu-lowercase", is_flag=True, help="BLEU: lowercase the input."),
    click.option(
        "--bleu-smooth-method",
        type=click.Choice(["exp", "floor", "add-k", "none"]),
        help="BLEU smoothing. Default: exp.",
    ),
    click.option("--bleu-smooth-value", type=float, metavar="X", help="BLEU: value of floor / add-k smoothing."),
    click.option("--bleu-effective-order", is_flag=True, help="BLEU: skip n-gram orders with no n-gram."),
    click.option(
        "--bleu-max-ngram-order",
        type=click.IntRange(min=1),
        metavar="N",
        help="BLEU: highest n-gram order. Default: 4.",
    ),
    click.option(
        "--chrf-char-order", type=click.IntRange(min=0), metavar="N", help="chrF: character n-gram order. Default: 6."
    ),
    click.option(
        "--chrf-word-order",
        type=click.IntRange(min=0),
        metavar="N",
        help="chrF: word n-gram order (2 = chrF++). Default: 0.",
    ),
    click.option("--chrf-beta", type=click.IntRange(min=0), metavar="N", help="chrF: weight of recall. Default: 2."),
    click.option("--chrf-lowercase", is_flag=True, help="chrF: lowercase the input."),
    click.option("--chrf-whitespace", is_flag=True, help="chrF: keep whitespace in character n-grams."),
    click.option("--chrf-eps-smoothing", is_flag=True, help="chrF: epsilon smoothing (chrF++.py, NLTK)."),
    click.option("--ter-case-sensitive", is_flag=True, help="TER: do not lowercase."),
    click.option("--ter-normalized", is_flag=True, help="TER: normalize punctuation and tokenize."),
    click.option("--ter-no-punct", is_flag=True, help="TER: remove punctuation."),
    click.option("--ter-asian-support", is_flag=True, help="TER: tokenize Asian characters."),
)


def build_metrics(
    ctx: click.Context,
    names: Sequence[str],
    options: dict[str, Any],
    flag: str = "--metrics",
    implied: Optional[dict[str, dict[str, Any]]] = None,
) -> list[Metric]:
    """Instantiate the metrics named in ``--metrics`` with the per-metric options given.

    Args:
        ctx: the command's context (to tell options given on the command line from defaults).
        names: the ``--metrics`` values, any spelling :func:`simpeval.metrics.metric_key` accepts.
        options: the per-metric options (:data:`metric_options`) by parameter name.
        flag: the option that names the metrics, for the error message.
        implied: options that other flags imply, by registry name (``-lc``: see
            :func:`sacrebleu_metric_options`); given per-metric options take precedence.

    Raises:
        UnknownMetricError: a name is not a metric (the message lists the valid ones).
        click.UsageError: an option of a metric that is not in ``--metrics`` was given, or a
            name is empty (``-m ''``).
    """
    names = list(dict.fromkeys(names))
    if not names or not all(name.strip() for name in names):  # -m '' named no metric: never the defaults
        raise click.UsageError(
            f"{flag} needs metric names ({', '.join(available_metrics())}); got {' '.join(map(repr, names)) or 'none'}."
        )
    keys = [metric_key(name) for name in names]
    given = {k: v for k, v in options.items() if ctx.get_parameter_source(k) is ParameterSource.COMMANDLINE}
    for option in given:
        prefix = option.split("_", 1)[0]
        if prefix not in keys:
            raise click.UsageError(
                f"--{option.replace('_', '-')} was given but {prefix} is not in {flag} ({' '.join(names)})."
            )
    return [
        get_metric(
            name,
            **{
                **(implied or {}).get(key, {}),
                **{o.split("_", 1)[1]: v for o, v in given.items() if o.split("_", 1)[0] == key},
            },
        )
        for name, key in zip(names, keys)
    ]


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
