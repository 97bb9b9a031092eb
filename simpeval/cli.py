"""The ``simpeval`` command line: parse options, read files, call :mod:`simpeval.api`, render, echo.

Commands:

* ``simpeval score -s SRC -r REF1 REF2 -i SYS1 SYS2 [--metrics sari bleu chrf ter]``;
* ``simpeval score -t asset-test -i SYS1`` (and ``compare -t``): a built-in test set instead of
  ``--sources/--references``; ``simpeval testsets list|download|cite|echo`` manage them;
* ``simpeval demo``: the same on the demo data shipped with the package.

Every :class:`~simpeval.exceptions.SimpevalError` becomes a one-line error (exit code 1);
impossible option combinations are usage errors (exit code 2).
"""

from __future__ import annotations

import contextlib
import os
import sys
import warnings
from importlib import resources
from typing import Any, Callable, Iterator, Optional, Sequence, TypeVar

import click
from click.core import ParameterSource

from . import __version__, api
from .api import DEFAULT_METRICS
from .exceptions import SimpevalError
from .io import STDIN, check_same_length, display_name, iter_lines, iter_tsv_references, read_lines, read_tsv_references
from .metrics import Metric, available_metrics, get_metric, metric_class
from .report import available_formats, render
from .report.formatters import render_agreement
from .testsets import TestSet, available_testsets, check_system_outputs, load_testset
from .tokenizers import available_tokenizers

__all__ = ["MultiValueCommand", "MultiValueOption", "main"]

F = TypeVar("F", bound=Callable[..., Any])


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


# ------------------------------------------------------------ the group
class _Group(click.Group):
    """Turns library errors into one-line click errors and library warnings into stderr lines."""

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


# ------------------------------------------------------------ shared options
def _sari_variants() -> str:
    from .metrics.sari.config import VARIANTS

    return ", ".join(VARIANTS)


#: Options of one metric each; the prefix before the first ``_`` is the metric's registry name
#: and the rest is the keyword argument of the metric's constructor.
_METRIC_OPTIONS: list[Callable[[F], F]] = [
    click.option("--sari-variant", metavar="NAME", help=f"SARI preset ({_sari_variants()}). Default: easse."),
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
        "--bleu-tokenize", metavar="NAME", help="BLEU tokenizer (13a, intl, zh, char, none, ...). Default: 13a."
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
]

_OUTPUT_OPTIONS: list[Callable[[F], F]] = [
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
        "--width", "-w", type=click.IntRange(0, 20), default=1, show_default=True, help="Decimals of printed scores."
    ),
]


def _apply(options: list[Callable[[F], F]]) -> Callable[[F], F]:
    def decorate(function: F) -> F:
        for option in reversed(options):
            function = option(function)
        return function

    return decorate


# ------------------------------------------------------------ helpers
def _metric_key(name: str) -> str:
    """The registry name a metric option prefix refers to (``chrf++`` uses the ``chrf`` options)."""
    return name.lower().rstrip("+")


def _build_metrics(ctx: click.Context, names: Sequence[str], options: dict[str, Any]) -> list[Metric]:
    """Instantiate the metrics named in ``--metrics`` with the per-metric options given."""
    names = list(dict.fromkeys(names))
    for name in names:
        metric_class(name)  # unknown name -> UnknownMetricError listing the valid ones
    given = {k: v for k, v in options.items() if ctx.get_parameter_source(k) is ParameterSource.COMMANDLINE}
    selected = {_metric_key(name) for name in names}
    for key in given:
        prefix = key.split("_", 1)[0]
        if prefix not in selected:
            raise click.UsageError(
                f"--{key.replace('_', '-')} was given but {prefix} is not in --metrics ({' '.join(names)})."
            )
    return [
        get_metric(name, **{k.split("_", 1)[1]: v for k, v in given.items() if k.split("_", 1)[0] == _metric_key(name)})
        for name in names
    ]


def _system_names(paths: Sequence[str]) -> list[str]:
    """System names: file basenames, or the paths as given where basenames collide."""
    names = ["stdin" if p == STDIN else os.path.basename(p) or p for p in paths]
    if len(set(names)) < len(names):
        names = [display_name(p) for p in paths]
    if len(set(names)) < len(names):
        raise click.UsageError(f"--input lists the same file more than once: {' '.join(paths)}.")
    return names


def _check_usage(
    metrics: Sequence[Metric],
    sources: Optional[str],
    references: Sequence[str],
    num_refs: Optional[int],
    inputs: Sequence[str],
    fmt: str,
    score_only: bool,
) -> None:
    """Reject impossible option combinations before any file is read."""
    needing = [m.name for m in metrics if m.requires_source]
    if needing and sources is None:
        others = " ".join(name for name in available_metrics() if not metric_class(name).requires_source)
        raise click.UsageError(
            f"{', '.join(needing)} needs the source sentences: pass --sources FILE, or drop "
            f"{', '.join(n.lower() for n in needing)} from --metrics (e.g. --metrics {others})."
        )
    if num_refs is not None and num_refs > 1 and len(references) != 1:
        raise click.UsageError(
            f"--num-refs {num_refs} reads all references from one tab-separated file, but "
            f"{len(references)} files were given to --references."
        )
    if [sources, *references, *inputs].count(STDIN) > 1:
        raise click.UsageError("standard input ('-') can be used for one file only.")
    if inputs == (STDIN,) and sys.stdin.isatty():
        raise click.UsageError(
            "no --input given and standard input is a terminal: pass --input FILE... or pipe a file."
        )
    if score_only and fmt != "text":
        raise click.UsageError("--score-only prints bare numbers and cannot be combined with --format " + fmt + ".")


def _stream_inputs(
    inputs: Sequence[str], references: Sequence[str], num_refs: Optional[int], sources: Optional[str]
) -> tuple[dict[str, Iterator[str]], list[Iterator[str]], Optional[Iterator[str]], list[str]]:
    """Lazy readers of every file (read once, in lockstep, by simpeval.api.evaluate_streams)."""
    systems = {name: iter_lines(path) for name, path in zip(_system_names(inputs), inputs)}
    if num_refs is not None and num_refs > 1:
        refs = iter_tsv_references(references[0], num_refs)
        ref_names = [display_name(references[0])] * num_refs
    else:
        refs = [iter_lines(path) for path in references]
        ref_names = [display_name(path) for path in references]
    srcs = iter_lines(sources) if sources is not None else None
    names = [display_name(p) for p in inputs] + ref_names + ([display_name(sources)] if sources else [])
    return systems, refs, srcs, names


def _read_inputs(
    inputs: Sequence[str], references: Sequence[str], num_refs: Optional[int], sources: Optional[str]
) -> tuple[dict[str, list[str]], list[list[str]], Optional[list[str]]]:
    """Read every file strictly and check that all have the same number of lines."""
    named: dict[str, list[Any]] = {}
    srcs = None
    if sources is not None:
        srcs = named[display_name(sources)] = read_lines(sources)
    if num_refs is not None and num_refs > 1:
        refs = read_tsv_references(references[0], num_refs)
        named[display_name(references[0])] = refs[0]
    else:
        refs = [read_lines(path) for path in references]
        named.update((display_name(path), stream) for path, stream in zip(references, refs))
    systems = {name: read_lines(path) for name, path in zip(_system_names(inputs), inputs)}
    named.update((display_name(path), hyps) for path, hyps in zip(inputs, systems.values()))
    check_same_length(named)
    return systems, refs, srcs


def _test_set_option() -> Callable[[F], F]:
    return click.option(
        "--test-set",
        "-t",
        type=click.Choice(available_testsets(kind="corpus"), case_sensitive=False),
        metavar="NAME",
        help="A built-in test set instead of --sources/--references (downloaded and verified on first use; "
        "see 'simpeval testsets list'). Signatures record test:NAME.",
    )


def _check_test_set(test_set: Optional[str], sources: Optional[str], references: Sequence[str], num_refs: Any) -> None:
    """``--test-set`` replaces ``--sources/--references/--num-refs``; without it ``--references`` is required."""
    if test_set is None:
        if not references:
            raise click.UsageError("Missing option '--references' / '-r' (or give a built-in test set with --test-set).")
        return
    given = [opt for opt, value in (("--sources", sources), ("--references", references), ("--num-refs", num_refs)) if value]
    if given:
        raise click.UsageError(
            f"--test-set {test_set} provides the sources and references; do not also give {', '.join(given)}."
        )


def _test_set_streams(
    test_set: TestSet, inputs: Sequence[str]
) -> tuple[dict[str, Iterator[str]], list[Iterator[str]], Iterator[str], list[str]]:
    """Lazy readers of the system outputs, and the test set's streams, as :func:`_stream_inputs` returns them."""
    systems = {name: iter_lines(path) for name, path in zip(_system_names(inputs), inputs)}
    names = [display_name(p) for p in inputs] + [f"test set {test_set.name}"] * (test_set.n_references + 1)
    return systems, [iter(stream) for stream in test_set.references], iter(test_set.sources), names


def _test_set_inputs(
    test_set: TestSet, inputs: Sequence[str]
) -> tuple[dict[str, list[str]], list[list[str]], list[str]]:
    """Read the system outputs strictly; each must have one line per segment of the test set."""
    systems = {name: read_lines(path) for name, path in zip(_system_names(inputs), inputs)}
    check_system_outputs(test_set, {display_name(p): lines for p, lines in zip(inputs, systems.values())})
    return systems, [list(stream) for stream in test_set.references], list(test_set.sources)


#: Where the data comes from: a built-in test set, or sources and references files.
_DATA_OPTIONS: list[Callable[[F], F]] = [
    _test_set_option(),
    click.option("--sources", "-s", metavar="FILE", help="Source sentences, one per line (needed by SARI)."),
    click.option("--references", "-r", cls=MultiValueOption, metavar="FILE...",
                 help="Reference files, one reference per line; several space-separated or repeated."),
    click.option("--num-refs", type=click.IntRange(min=1), metavar="N",
                 help="Read N tab-separated references per line from one --references file."),
]  # fmt: skip

_METRICS_OPTION: Callable[[F], F] = click.option(
    "--metrics", "-m", cls=MultiValueOption, default=DEFAULT_METRICS, show_default=True, metavar="NAME...",
    help=f"Metrics to compute ({', '.join(available_metrics())}).",
)  # fmt: skip


# ------------------------------------------------------------ commands
@main.command(cls=MultiValueCommand)
@_apply(_DATA_OPTIONS)
@click.option(
    "--input",
    "--outputs",
    "-i",
    "inputs",
    cls=MultiValueOption,
    metavar="FILE...",
    help="System output files, one per system (default: standard input).",
)
@_apply([_METRICS_OPTION])
@_apply(_METRIC_OPTIONS)
@_apply(_OUTPUT_OPTIONS)
@click.option("--score-only", "-b", is_flag=True, help="Print only the scores, one per line.")
@click.option("--sentence-level", is_flag=True, help="Score every segment (one row per segment, system and metric).")
@click.pass_context
def score(
    ctx: click.Context,
    /,
    test_set: Optional[str],
    sources: Optional[str],
    references: tuple[str, ...],
    num_refs: Optional[int],
    inputs: tuple[str, ...],
    metrics: tuple[str, ...],
    fmt: str,
    width: int,
    score_only: bool,
    sentence_level: bool,
    **metric_options: Any,
) -> None:
    """Score system outputs against references (and sources) with SARI, BLEU, chrF and TER."""
    inputs = inputs or (STDIN,)
    metric_objects = _build_metrics(ctx, metrics, metric_options)
    _check_test_set(test_set, sources, references, num_refs)
    _check_usage(metric_objects, sources or test_set, references, num_refs, inputs, fmt, score_only)
    data = load_testset(test_set) if test_set else None
    if sentence_level:
        systems, refs, srcs = (
            _test_set_inputs(data, inputs) if data is not None else _read_inputs(inputs, references, num_refs, sources)
        )
        table: Any = api.sentence_level(systems, refs, sources=srcs, metrics=metric_objects)
    else:  # files are read lazily, in chunks: memory does not grow with their length
        streams, ref_streams, src_stream, names = (
            _test_set_streams(data, inputs) if data is not None else _stream_inputs(inputs, references, num_refs, sources)
        )
        table = api.evaluate_streams(
            streams, ref_streams, sources=src_stream, metrics=metric_objects, input_names=names,
            mismatch_message="input files must have the same number of lines, one per segment", unit="line",
        )
    if data is not None:
        table = table.with_signature_fields(test=data.name)
    click.echo(render(table, fmt, width=width, score_only=score_only))


class _Progress:
    """A one-line progress indicator on stderr, shown only on a terminal (``--quiet`` hides it)."""

    def __init__(self, enabled: bool) -> None:
        self.enabled = enabled and sys.stderr.isatty()
        self._shown = False

    def __call__(self, label: str, done: int, total: int) -> None:
        if not self.enabled:
            return
        width = 30
        filled = width * done // max(total, 1)
        click.echo(f"\r{label:<12} [{'#' * filled}{'.' * (width - filled)}] {done}/{total}", err=True, nl=False)
        self._shown = True

    def close(self) -> None:
        if self._shown:
            click.echo("\r" + " " * 60 + "\r", err=True, nl=False)


@main.command(cls=MultiValueCommand)
@_apply(_DATA_OPTIONS)
@click.option("--input", "--outputs", "-i", "inputs", cls=MultiValueOption, required=True, metavar="FILE...",
              help="System output files, one per system.")
@click.option("--names", "-n", cls=MultiValueOption, metavar="NAME...",
              help="System names, one per --input file (default: the file names).")
@_apply([_METRICS_OPTION])
@_apply(_METRIC_OPTIONS)
@_apply(_OUTPUT_OPTIONS)
@click.option("--confidence", "--ci", is_flag=True, help="Add 95% bootstrap confidence intervals.")
@click.option("--confidence-n", type=click.IntRange(min=1), default=1000, show_default=True, metavar="N",
              help="Bootstrap resamples for --confidence.")
@click.option("--paired", type=click.Choice(["bs", "ar"]),
              help="Paired significance test against the baseline: bootstrap (bs) or approximate randomization (ar).")
@click.option("--paired-n", type=click.IntRange(min=1), metavar="N",
              help="Resamples (bs, default 1000) or trials (ar, default 10000) of --paired.")
@click.option("--all-pairs", is_flag=True, help="Test every pair of systems instead of each against the baseline.")
@click.option("--correction", type=click.Choice(["holm"]), help="Multiple-comparison correction of the p-values.")
@click.option("--baseline", metavar="NAME", help="Baseline system (default: the first).")
@click.option("--seed", type=int, default=12345, show_default=True, help="Seed of every random draw.")
@click.option("--deltas", is_flag=True, help="Show each system's difference to the baseline.")
@click.option("--agreement", is_flag=True,
              help="Also correlate the metrics across systems (Pearson, Spearman, Kendall; bootstrap CIs).")
@click.option("--plot", metavar="FILE", help="Also write a bar/scatter plot (.png, .svg, .pdf; needs simpeval[plots]).")
@click.option("--quiet", "-q", is_flag=True, help="No progress indicator on stderr.")
@click.pass_context
def compare(
    ctx: click.Context,
    /,
    test_set: Optional[str],
    sources: Optional[str],
    references: tuple[str, ...],
    num_refs: Optional[int],
    inputs: tuple[str, ...],
    names: tuple[str, ...],
    metrics: tuple[str, ...],
    fmt: str,
    width: int,
    confidence: bool,
    confidence_n: int,
    paired: Optional[str],
    paired_n: Optional[int],
    all_pairs: bool,
    correction: Optional[str],
    baseline: Optional[str],
    seed: int,
    deltas: bool,
    agreement: bool,
    plot: Optional[str],
    quiet: bool,
    **metric_options: Any,
) -> None:
    """Compare systems in one table: scores, confidence intervals, paired significance tests."""
    metric_objects = _build_metrics(ctx, metrics, metric_options)
    _check_test_set(test_set, sources, references, num_refs)
    _check_usage(metric_objects, sources or test_set, references, num_refs, inputs, fmt, False)
    if names and len(names) != len(inputs):
        raise click.UsageError(f"--names gives {len(names)} names for {len(inputs)} --input files.")
    if (all_pairs or correction) and paired is None:
        raise click.UsageError("--all-pairs and --correction need --paired bs or --paired ar.")
    if agreement and fmt in ("json", "csv"):
        raise click.UsageError(
            f"--agreement is printed after the table, which --format {fmt} cannot hold; use text, markdown, "
            "latex or html (or simpeval.significance.agreement.metric_agreement in Python)."
        )
    if test_set:
        outputs, refs, srcs = _test_set_inputs(load_testset(test_set, progress=False if quiet else None), inputs)
    else:
        outputs, refs, srcs = _read_inputs(inputs, references, num_refs, sources)
    if names:
        outputs = dict(zip(names, outputs.values()))
    progress = _Progress(enabled=not quiet)
    try:
        table = api.compare(
            outputs, refs, sources=srcs, metrics=metric_objects, confidence=confidence,
            confidence_samples=confidence_n, paired=paired, paired_samples=paired_n, all_pairs=all_pairs, correction=correction,
            baseline=baseline, seed=seed, agreement=agreement, progress=progress,
        )
    finally:
        progress.close()
    if test_set:
        table = table.with_signature_fields(test=test_set)
    if plot:
        from .report.plots import save_figure

        save_figure(table, plot)
    click.echo(render(table, fmt, width=width, deltas=deltas))
    if table.correlations:
        click.echo("\n" + render_agreement(table.correlations, fmt))


DEMO_FILES = ("source.txt", ("reference.0.txt", "reference.1.txt", "reference.2.txt"), ("system-a.txt", "system-b.txt"))


@contextlib.contextmanager
def _demo_paths() -> Iterator[tuple[str, list[str], list[str]]]:
    """Filesystem paths of the demo data shipped in ``simpeval/data/demo``."""
    root = resources.files("simpeval").joinpath("data", "demo")
    source, references, systems = DEMO_FILES
    with contextlib.ExitStack() as stack:

        def path(name: str) -> str:
            return str(stack.enter_context(resources.as_file(root.joinpath(name))))

        yield path(source), [path(n) for n in references], [path(n) for n in systems]


@main.command()
@_apply(_OUTPUT_OPTIONS)
def demo(fmt: str, width: int) -> None:
    """Score two systems on the demo data shipped with simpeval (SARI, BLEU, chrF, TER)."""
    with _demo_paths() as (source, references, systems):
        outputs, refs, srcs = _read_inputs(systems, references, None, source)
    click.echo(render(api.evaluate_systems(outputs, refs, sources=srcs), fmt, width=width))


# ------------------------------------------------------------ test sets
@main.group("testsets")
def manage_testsets() -> None:
    """Built-in test sets and human judgments: list, download, cite, print.

    Files are cached in $SIMPEVAL_CACHE (default: ~/.cache/simpeval) and fetched from
    $SIMPEVAL_MIRROR instead of https://raw.githubusercontent.com when it is set.
    """


@manage_testsets.command("list")
def list_testsets() -> None:
    """List the registered test sets (and whether each is cached)."""
    from .testsets import get_testset, is_cached, resolve_cache_dir

    header = ("NAME", "KIND", "SEGMENTS", "REFS", "CACHED", "DESCRIPTION")
    rows = [header] + [
        (s.name, s.kind, str(s.n_segments), str(s.n_references), "yes" if is_cached(s.name) else "no", s.description)
        for s in map(get_testset, available_testsets())
    ]
    widths = [max(len(row[k]) for row in rows) for k in range(len(header) - 1)]
    for row in rows:
        cells = [c.rjust(w) if k in (2, 3) else c.ljust(w) for k, (c, w) in enumerate(zip(row, widths))]
        click.echo("  ".join(cells + [row[-1]]))
    click.echo(f"\ncache: {resolve_cache_dir() / 'testsets'}")


@manage_testsets.command("download")
@click.argument("names", nargs=-1, required=True, type=click.Choice(available_testsets(), case_sensitive=False))
@click.option("--urls", is_flag=True, help="Only print each file's URL, sha256 and cache path (to fetch them by hand).")
def download_testsets(names: tuple[str, ...], urls: bool) -> None:
    """Download and verify test sets NAME... into the cache; print their folders."""
    from .testsets import download, get_testset, testset_dir
    from .testsets.download import mirror_url

    for name in names:
        if urls:
            folder = testset_dir(name)
            for remote in get_testset(name).all_files:
                click.echo(f"{mirror_url(remote.url)}  {remote.sha256}  {folder / remote.name}")
            continue
        click.echo(f"{name}: {download(name)}")


@manage_testsets.command("cite")
@click.argument("name", type=click.Choice(available_testsets(), case_sensitive=False))
def cite_testset(name: str) -> None:
    """Print the BibTeX citation of test set NAME (and its licence)."""
    from .testsets import get_testset

    spec = get_testset(name)
    click.echo(spec.citation)
    click.echo(f"% {spec.name}: {spec.licence}")


@manage_testsets.command("echo")
@click.argument("name", type=click.Choice(available_testsets(kind="corpus"), case_sensitive=False))
@click.argument("side", type=click.Choice(["src", "ref"]))
@click.option("--ref-index", type=click.IntRange(min=0), metavar="I",
              help="Print only reference stream I (0-based); default: all references, tab-separated.")
def echo_testset(name: str, side: str, ref_index: Optional[int]) -> None:
    """Print the sources (src) or references (ref) of test set NAME, one segment per line."""
    if side == "src" and ref_index is not None:
        raise click.UsageError("--ref-index selects a reference stream; it cannot be used with 'src'.")
    data = load_testset(name)
    if ref_index is not None and ref_index >= data.n_references:
        raise click.BadParameter(
            f"{name} has {data.n_references} references (0-{data.n_references - 1}); got {ref_index}.",
            param_hint="'--ref-index'",
        )
    if side == "src":
        lines: Sequence[str] = data.sources
    elif ref_index is not None:
        lines = data.references[ref_index]
    else:
        lines = ["\t".join(segment) for segment in zip(*data.references)]
    click.echo("\n".join(lines))
