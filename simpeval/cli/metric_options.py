"""The ``--<metric>-<option>`` flags, generated from the options every registered metric declares.

Interface (what a command uses):

* :func:`metric_options`: a decorator adding the flags of every registered metric (a plugin's
  too, registered before the command runs) and handing the command one keyword argument,
  ``metric_flags``: a frozen :class:`MetricFlags` of the flags given;
* :func:`build_metrics`: the metrics named by ``--metrics``, configured by those flags.

A flag is routed by the metric that declared it (a table kept with the flags), never by
splitting its name, so a hyphenated metric name (``--my-metric-order``) works. The command's
class must be a :class:`MetricFlagsCommand` (``MultiValueCommand`` is one).

A metric's flags are read from its class, so building them imports the metric's module. A
command line is parsed with the flags of the metrics it spells (an argument starting with
``--<metric>-``) only, so ``compare -m bleu chrf`` does not import SARI, TER or the teaching
metrics; ``--help`` (and shell completion) lists every metric's flags.
"""

from __future__ import annotations

import functools
import math
import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, TypeVar

import click

from .._types import FrozenDict
from ..exceptions import InvalidOptionError
from ..metrics import Metric, available_metrics, get_metric, metric_class, metric_key
from ..metrics.options import OptionSpec
from ..metrics.options import metric_options as declared_options

__all__ = ["MetricFlags", "MetricFlagsCommand", "build_metrics", "flag_spelling", "flag_table", "metric_options"]

F = TypeVar("F", bound=Callable[..., Any])
_MARK = "__simpeval_metric_flags__"
_METAVARS = {"int": "N", "float": "X", "str": "NAME", "floats": "X,X,..."}


class _Finite(click.FloatRange):
    """A ``float`` option's value: a finite number within the declared bounds (``nan`` and ``inf``
    are usage errors, as a number past a bound is)."""

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        number = super().convert(value, param, ctx)
        if not math.isfinite(number):
            self.fail(f"{value!r} is not a finite number.", param, ctx)
        return number


class _Numbers(click.ParamType):  # type: ignore[type-arg]  # generic from click 8.2 on
    """A ``floats`` option's value: numbers separated by commas (``0.5,0.5``), as a tuple."""

    name = "numbers"

    def convert(self, value: Any, param: click.Parameter | None, ctx: click.Context | None) -> Any:
        if isinstance(value, tuple):
            return value
        try:
            numbers = tuple(float(part) for part in str(value).split(","))
        except ValueError:
            self.fail(f"{value!r} is not numbers separated by commas, such as 0.5,0.5.", param, ctx)
        if not all(math.isfinite(number) for number in numbers):
            self.fail(f"{value!r} holds a number that is not finite.", param, ctx)
        return numbers


@dataclass(frozen=True)
class Flag:
    """One generated flag: the metric's registry name, its option, and the click parameter."""

    metric: str
    spec: OptionSpec
    parameter: click.Option


@dataclass(frozen=True)
class MetricFlags:
    """The ``--<metric>-<option>`` flags given on the command line: ``given`` holds the option
    values by registry name, then option name (``{"bleu": {"lowercase": True}}``); ``spelled``
    each given flag as typed, by ``(registry name, option)``, for messages."""

    given: Mapping[str, Mapping[str, Any]] = field(default_factory=FrozenDict)
    spelled: Mapping[tuple[str, str], str] = field(default_factory=FrozenDict)


def flag_spelling(metric: str, spec: OptionSpec) -> str:
    """The command line's flag of option ``spec`` of the metric registered as ``metric``
    (``--bleu-smooth-method``; a bool's with its off-switch: ``--sari-lowercase/--sari-no-lowercase``)."""
    dashed = f"--{metric}-{spec.name.replace('_', '-')}"
    if spec.kind != "bool":
        return dashed
    return f"{dashed}/--{metric}-{spec.negative or 'no-' + spec.name.replace('_', '-')}"


def _flag(metric: str, display: str, spec: OptionSpec) -> click.Option:
    """The click option of one declared option (``None`` by default: not given)."""
    name = "metric_" + re.sub(r"\W", "_", metric) + "__" + spec.name
    dashed = flag_spelling(metric, spec)
    text = f"{display}: {spec.help}" + ("" if spec.default in (None, "") else f" Default: {spec.default}.")
    if spec.kind == "bool":
        return click.Option([dashed, name], default=None, help=text)
    if spec.choices:
        choice = click.Choice([str(c) for c in spec.choices])
        return click.Option([dashed, name], type=choice, default=None, help=text)
    low, high = spec.minimum, spec.maximum
    kinds: dict[str, Any] = {
        "int": click.IntRange(min=None if low is None else int(low), max=None if high is None else int(high)),
        "float": _Finite(min=low, max=high),
        "floats": _Numbers(),
    }
    kind = kinds.get(spec.kind, click.STRING)
    return click.Option([dashed, name], type=kind, default=None, metavar=_METAVARS[spec.kind], help=text)


def flag_table(metrics: Sequence[str] | None = None) -> dict[str, Flag]:
    """Every generated flag by its click parameter name, for the metrics registered now (or
    for those of ``metrics``, registry names, only)."""
    table: dict[str, Flag] = {}
    for key in available_metrics() if metrics is None else metrics:
        try:
            cls = metric_class(key)
        except Exception:  # a broken plugin gets no flags; naming it in --metrics reports why
            continue
        for spec in declared_options(cls):
            if spec.cli:
                parameter = _flag(key, cls.name, spec)
                table[str(parameter.name)] = Flag(key, spec, parameter)
    return table


@functools.lru_cache(maxsize=8)
def _cached_table(metrics: tuple[str, ...]) -> dict[str, Flag]:
    return flag_table(metrics)


#: ``ctx.meta`` key: the arguments a command is parsing (:meth:`MetricFlagsCommand.parse_args`).
_ARGS = "simpeval.metric_flags.args"


def spelled_metrics(registry: Sequence[str], args: Sequence[str]) -> list[str]:
    """The metrics of ``registry`` whose flags ``args`` may give: those spelled ``--<metric>-...``.

    Examples:
        >>> spelled_metrics(["bleu", "nltk-bleu", "sari"], ["-m", "bleu", "--nltk-bleu-weights=1"])
        ['nltk-bleu']
    """
    return [key for key in registry if any(arg.startswith(f"--{key}-") for arg in args)]


def _current_table(ctx: click.Context | None = None) -> dict[str, Flag]:
    """The flags of every registered metric, or, while ``ctx`` parses a command line that asks for
    no help, of the metrics it spells (:func:`spelled_metrics`): the others' modules stay unimported."""
    registry = available_metrics()
    args = None if ctx is None or ctx.resilient_parsing else ctx.meta.get(_ARGS)
    if args is not None and not any(arg in ("--help", "-h") for arg in args):
        registry = spelled_metrics(registry, args)
    return _cached_table(tuple(registry))


class MetricFlagsCommand(click.Command):
    """A command whose parameters include the metric flags when its callback asks for them
    (:func:`metric_options`): computed when the command runs, so a metric registered after
    the command was defined has its flags. A command line is parsed with the flags of the
    metrics it spells only (:func:`_current_table`)."""

    def parse_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        ctx.meta[_ARGS] = tuple(args)
        return super().parse_args(ctx, self.rewrite_args(ctx, args))

    def rewrite_args(self, ctx: click.Context, args: list[str]) -> list[str]:
        """The arguments as click is to parse them (a subclass may regroup them); these as they are."""
        return args

    def get_params(self, ctx: click.Context) -> list[click.Parameter]:
        params = super().get_params(ctx)
        if not getattr(self.callback, _MARK, False):
            return params
        return params[:-1] + [flag.parameter for flag in _current_table(ctx).values()] + params[-1:]  # help last


def _value(spec: OptionSpec, value: Any) -> Any:
    """A flag's value as the option takes it (a choice typed back: ``--sari-zero-division 1`` is 1)."""
    if spec.choices and spec.kind != "bool":
        return next(choice for choice in spec.choices if str(choice) == value)
    return value


def metric_options(function: F) -> F:
    """Add every registered metric's ``--<metric>-<option>`` flags to a command and hand it
    ``metric_flags``: a :class:`MetricFlags` of those given."""

    @functools.wraps(function)
    def command(*args: Any, **kwargs: Any) -> Any:
        given: dict[str, dict[str, Any]] = {}
        spelled: dict[tuple[str, str], str] = {}
        for name, flag in _current_table(click.get_current_context(silent=True)).items():
            value = kwargs.pop(name, None)
            if value is not None:
                given.setdefault(flag.metric, {})[flag.spec.name] = _value(flag.spec, value)
                spelled[(flag.metric, flag.spec.name)] = flag.parameter.opts[0]
        frozen = FrozenDict({k: FrozenDict(v) for k, v in given.items()})
        return function(*args, metric_flags=MetricFlags(frozen, FrozenDict(spelled)), **kwargs)

    setattr(command, _MARK, True)
    return command  # type: ignore[return-value]


def build_metrics(
    names: Sequence[str],
    flags: MetricFlags = MetricFlags(),
    *,
    flag: str = "--metrics",
    implied: Mapping[str, Mapping[str, Any]] | None = None,
) -> list[Metric]:
    """Instantiate the metrics named in ``--metrics`` with the per-metric flags given.

    Args:
        names: the ``--metrics`` values, any spelling :func:`simpeval.metrics.metric_key` accepts.
        flags: the ``--<metric>-<option>`` flags given (:func:`metric_options`).
        flag: the option that names the metrics, for the error message.
        implied: options that other flags imply, by registry name (``-lc``: see
            ``sacrebleu_metric_options``); flags given take precedence.

    Raises:
        UnknownMetricError: a name is not a metric (the message lists the valid ones).
        click.UsageError: a flag of a metric that is not in ``names`` was given, a name is
            empty (``-m ''``), or the flags given make an invalid option value together
            (``--nltk-chrf-min-len 5 --nltk-chrf-max-len 2``).
    """
    names = list(dict.fromkeys(names))
    if not names or not all(name.strip() for name in names):  # -m '' named no metric: never the defaults
        raise click.UsageError(
            f"{flag} needs metric names ({', '.join(available_metrics())}); got {' '.join(map(repr, names)) or 'none'}."
        )
    keys = [metric_key(name) for name in names]
    for (key, _), spelled in flags.spelled.items():
        if key not in keys:
            raise click.UsageError(f"{spelled} was given but {key} is not in {flag} ({' '.join(names)}).")
    implied = implied or {}
    built = []
    for name, key in zip(names, keys):
        try:
            built.append(get_metric(name, **{**implied.get(key, {}), **flags.given.get(key, {})}))
        except InvalidOptionError as err:
            if key not in flags.given:  # no flag of this metric given: not the command line's fault
                raise
            raise click.UsageError(" ".join(str(err).split())) from err
    return built
