"""The metrics group: ``--metrics`` and the per-metric flags, handed to a command as one :class:`MetricOptions`.

Every command that computes metrics builds them in one place, :meth:`MetricOptions.build`, the
one call of :func:`simpeval.cli.metric_options.build_metrics`: the names given, the per-metric flags
(``--sari-variant``, ``--bleu-tokenize``...) and what other flags imply (sacrebleu's ``-lc``,
``-tok``, ``-l``: :meth:`MetricOptions.sacrebleu_implied`; EASSE's ``-lc``/``--tokenizer``; a
meta-evaluation preset; ``--device``, the device of every metric that declares a ``device`` option).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import click
from click.core import ParameterSource

from ..defaults import DEFAULT_METRICS
from ..metrics import Metric, available_metrics, metric_class, metric_key
from ..metrics.options import metric_options as declared_options
from .groups import DataOptions, confidence_group, data_group, option_object, output_group
from .metric_options import MetricFlags, build_metrics, metric_options
from .options import Decorator, MultiValueOption, option_group, sacrebleu_metric_options, sacrebleu_options

__all__ = [
    "MetricOptions",
    "metric_choice_group",
    "given_sources",
    "metrics_group",
    "runnable_defaults",
    "scoring_groups",
]

#: Options of sacrebleu's command line that set metric options (declared by ``sacrebleu_options``).
_SACREBLEU = ("lowercase", "tokenize", "language_pair")


@dataclass(frozen=True)
class MetricOptions:
    """The metrics a command computes, as given on its command line.

    Attributes:
        names: the ``--metrics`` values, in column order.
        flags: the ``--<metric>-<option>`` flags given (:class:`~simpeval.cli.metric_options.MetricFlags`).
        lowercase, tokenize, language_pair: sacrebleu's ``-lc``, ``-tok`` and ``-l``, when the command has them.
        flag: the option that names the metrics, for messages (``--metrics``, ``--metric``).
        jobs: ``--jobs``: cores in all, worker processes extracting the statistics on one thread
            each (1: this process on one thread; 0: one per available core).
        device: ``--device``: the ``device`` of every metric that declares one (the learned
            metrics), unless its own flag (``--bertscore-device``) gives another; ``None``: their default.
        defaulted: ``--metrics`` was not given: :attr:`names` are the command's defaults, of which
            :meth:`build` keeps those the data given can feed (:func:`runnable_defaults`).
    """

    names: tuple[str, ...]
    flags: MetricFlags = field(default_factory=MetricFlags)
    lowercase: bool = False
    tokenize: str | None = None
    language_pair: str | None = None
    flag: str = "--metrics"
    jobs: int = 1
    device: str | None = None
    defaulted: bool = False

    def build(
        self,
        implied: dict[str, dict[str, Any]] | None = None,
        names: tuple[str, ...] | None = None,
        sources: bool = True,
    ) -> list[Metric]:
        """The metric objects (``names`` instead of :attr:`names` when given), with the flags given
        on top of ``implied`` (options other flags imply, by registry name).

        When the metrics are the command's defaults (:attr:`defaulted`) and no ``sources`` are
        given, those that need them are left out, in one line on stderr (:func:`runnable_defaults`);
        metrics named with ``--metrics`` are all built (and checked against the data later).

        Raises:
            UnknownMetricError: a name is not a metric.
            click.UsageError: a flag of a metric that is not named, or an empty name.
        """
        chosen = self.names if names is None else names
        if self.defaulted and not sources:
            chosen = runnable_defaults(chosen, self.flags)
        return build_metrics(chosen, self.flags, flag=self.flag, implied=self._with_device(chosen, implied))

    def _with_device(
        self, names: tuple[str, ...], implied: dict[str, dict[str, Any]] | None
    ) -> dict[str, dict[str, Any]] | None:
        """``implied`` with ``device`` (``--device``) for each metric of ``names`` that declares a
        ``device`` option; the flags given go on top (:func:`build_metrics`), so a metric's own wins."""
        if self.device is None:
            return implied
        merged = {key: dict(options) for key, options in (implied or {}).items()}
        for name in names:
            try:
                key = metric_key(name)
                specs = declared_options(metric_class(key))
            except Exception:  # an unknown name or a broken plugin: build_metrics says which, in one line
                continue
            if any(spec.name == "device" for spec in specs):
                merged.setdefault(key, {})["device"] = self.device
        return merged

    def sacrebleu_implied(self, sentence_level: bool = False) -> dict[str, dict[str, Any]]:
        """The metric options sacrebleu's ``-lc``, ``-tok`` and ``-l`` imply (and sentence-level BLEU's
        effective order), by registry name."""
        return sacrebleu_metric_options(self.lowercase, self.language_pair, self.tokenize, sentence_level)


def runnable_defaults(names: tuple[str, ...], flags: MetricFlags) -> tuple[str, ...]:
    """The default metrics ``names`` that can run without source sentences, the others named in one
    line on stderr (``SARI skipped: it needs the source sentences (--sources FILE or --test-set);
    computing BLEU, chrF, TER.``).

    A metric one of whose flags was given (``--sari-variant``) stays, and so do all of ``names`` when
    none could run: the data check then says what is missing. Unknown names stay for
    :func:`build_metrics` to report.

    Examples:
        >>> runnable_defaults(("bleu", "chrf"), MetricFlags())
        ('bleu', 'chrf')
    """
    skipped = tuple(name for name in names if _needs_source(name, flags))
    kept = tuple(name for name in names if name not in skipped)
    if not skipped or not kept:
        return names
    pronoun = "it needs" if len(skipped) == 1 else "they need"
    click.echo(
        f"{_shown(skipped)} skipped: {pronoun} the source sentences (--sources FILE or --test-set); "
        f"computing {_shown(kept)}.",
        err=True,
    )
    return kept


def given_sources(data: DataOptions) -> bool:
    """Whether ``data`` gives source sentences: ``--sources`` or a built-in ``--test-set``."""
    return data.sources is not None or data.test_set is not None


def _needs_source(name: str, flags: MetricFlags) -> bool:
    """Whether the metric ``name`` needs sources and none of its flags was given (an unknown name: no)."""
    try:
        key = metric_key(name)
        return metric_class(key).requires_source and key not in flags.given
    except Exception:  # an unknown name or a broken plugin: build_metrics says which, in one line
        return False


def _shown(names: tuple[str, ...]) -> str:
    """The display names of ``names`` (``chrF`` for ``chrf``; an unknown name as written), comma-separated."""
    return ", ".join(_display(name) for name in names)


def _display(name: str) -> str:
    try:
        return metric_class(metric_key(name)).name
    except Exception:  # build_metrics reports it, in one line
        return name


def _names_option(default: tuple[str, ...], help: str) -> Decorator:
    return click.option(
        "--metrics",
        "-m",
        "metrics",
        cls=MultiValueOption,
        default=default,
        show_default=bool(default),
        metavar="NAME...",
        help=help,
    )


def metrics_group(
    default: tuple[str, ...] = DEFAULT_METRICS,
    help: str = f"Metrics to compute ({', '.join(available_metrics())}).",
    sacrebleu: bool = True,
    device: bool = True,
) -> Decorator:
    """``metrics: MetricOptions``: ``--metrics/-m NAME...`` (default ``default``), ``--jobs``, with
    ``device`` ``--device``, and the per-metric flags; with ``sacrebleu``, also sacrebleu's ``-lc``,
    ``-tok`` and ``-l`` when the command has them."""
    takes = (*(_SACREBLEU if sacrebleu else ()), "metric_flags")

    def build(ctx: click.Context, values: dict[str, Any]) -> MetricOptions:
        flags = values.pop("metric_flags")
        defaulted = ctx.get_parameter_source("metrics") in (ParameterSource.DEFAULT, ParameterSource.DEFAULT_MAP)
        return MetricOptions(tuple(values.pop("metrics")), flags, defaulted=defaulted, **values)

    options = (_names_option(default, help), jobs_option, *((device_option,) if device else ()))
    return _with_flags(option_object("metrics", build, *options, takes=takes))


#: ``--jobs/-j N``: the cores of every command that scores, N worker processes on one thread each
#: (1: this process, its kernels on one thread; :mod:`simpeval.engines.pool`).
jobs_option: Decorator = click.option(
    "--jobs",
    "-j",
    type=click.IntRange(min=0),
    default=0,
    show_default=True,
    metavar="N",
    help="Cores in all (0: one per available core): N worker processes extracting the statistics, their "
    "compiled kernels on one thread each; 1: this process on one core, its kernels on one thread. The numbers "
    "are the same bits with any N.",
)

#: ``--device NAME``: where every learned metric of the run computes (a metric's own ``--<metric>-device`` wins).
device_option: Decorator = click.option(
    "--device",
    default=None,
    metavar="NAME",
    help="The device of every learned metric (BERTScore, LENS): cpu, cuda, cuda:N or mps (default: a CUDA GPU if "
    "there is one, else cpu); a metric's own flag (--bertscore-device) wins. Other metrics ignore it.",
)


def _with_flags(group: Decorator) -> Decorator:
    """``group`` below the generated metric flags, which hand it ``metric_flags``."""

    def decorate(function: Callable[..., Any]) -> Any:
        return metric_options(group(function))

    return decorate


def metric_choice_group(choices: tuple[str, ...], default: str) -> Decorator:
    """``metric: MetricOptions`` of one metric: ``--metric/-m NAME`` (one of ``choices``) and the per-metric flags."""

    def build(ctx: click.Context, values: dict[str, Any]) -> MetricOptions:
        return MetricOptions((values.pop("metric"),), values.pop("metric_flags"), flag="--metric")

    choice = click.option(
        "--metric",
        "-m",
        type=click.Choice(list(choices), case_sensitive=False),
        default=default,
        show_default=True,
        help="The metric to explain.",
    )
    return _with_flags(option_object("metric", build, choice, takes=("metric_flags",)))


def scoring_groups(input_help: str, **data: bool) -> Decorator:
    """What ``score`` and ``compare`` both read: the data (:func:`~simpeval.cli.groups.data_group` with ``data``),
    the metrics with sacrebleu's flags, the output and the confidence groups."""
    return option_group(
        data_group(input_help, **data), metrics_group(), sacrebleu_options, output_group(), confidence_group
    )
