"""``simpeval evaluate``: EASSE's one-liner, ``easse evaluate -t asset_test -i outputs.txt``.

The same data options as ``score`` (a built-in test set, in EASSE's spelling ``asset_test`` too,
or ``--sources/--references`` files), EASSE's default metrics (SARI, BLEU and FKGL, whichever are
registered), metric lists comma- or space-separated (``-m bleu,sari,fkgl``), system outputs from
``--input`` files or standard input, EASSE's ``--lowercase/--no-lowercase`` (on by default) and
``--tokenizer`` (13a by default) applied to every metric as ``easse evaluate`` applies them (BLEU
also with ``force=True``; per-metric flags such as ``--bleu-tokenize`` take precedence), and
EASSE's ``-q/--quality_estimation`` (also ``--features``) for its quality-estimation features
(:mod:`simpeval.features`), lowercased and tokenized as the metrics are. As in EASSE, ``-q`` means
quality estimation here; the progress bar is silenced with ``--quiet`` only. Every figure is
printed with its signature.
"""

from __future__ import annotations

import dataclasses
from typing import Any

import click

from .. import api
from ..inputs import Inputs, read_inputs, reference_streams
from ..io import STDIN
from ..metrics import Metric, available_metrics
from ..report import ResultTable, render, table_document
from ..report.document import Document
from .groups import (
    DataOptions,
    OutputOptions,
    TestSetChoice,
    check_data,
    check_one_document,
    data_group,
    keywords,
    open_checked,
    option_object,
    output_group,
)
from .metric_group import MetricOptions, given_sources, metrics_group
from .options import Decorator, MultiValueCommand
from .progress import Progress

__all__ = ["EASSE_METRICS", "EasseOptions", "easse_group", "easse_metric_options", "evaluate"]

#: EASSE's default metrics (``easse evaluate -m bleu,sari,fkgl``), in simpeval's column order.
EASSE_METRICS = ("sari", "bleu", "fkgl")


def _metric_names(values: tuple[str, ...]) -> tuple[str, ...]:
    """``-m`` values split on commas too (EASSE's ``-m bleu,sari``); EASSE's defaults when ``-m``
    is not given. A ``-m`` that names no metric (``-m ''``) is a usage error (:func:`build_metrics`)."""
    if not values:
        return tuple(name for name in EASSE_METRICS if name in available_metrics())
    names = tuple(name.strip() for value in values for name in value.split(","))
    return tuple(name for name in names if name) if any(names) else names


@dataclasses.dataclass(frozen=True)
class EasseOptions:
    """EASSE's spellings of the data options, and its ``-lc/--no-lc`` and ``--tokenizer``."""

    easse_test_set: str | None = None
    orig_sents_path: str | None = None
    refs_sents_paths: str | None = None
    sys_sents_path: str | None = None
    lowercase: bool = True
    tokenizer: str = "13a"

    def data(self, data: DataOptions) -> DataOptions:
        """``data`` with EASSE's spellings in (a usage error when one is given both ways), and
        standard input when no system output file is given."""
        test_set, sources, references, inputs = _easse_spellings(
            {
                "--test-set": data.test_set,
                "--sources": data.sources,
                "--references": data.references,
                "--input": data.inputs,
            },
            {
                "--test_set": self.easse_test_set,
                "--orig_sents_path": self.orig_sents_path,
                "--refs_sents_paths": self.refs_sents_paths,
                "--sys_sents_path": self.sys_sents_path,
            },
        ).values()
        return dataclasses.replace(
            data, test_set=test_set, sources=sources, references=references, inputs=inputs or (STDIN,)
        )


#: ``easse: EasseOptions``.
easse_group: Decorator = option_object(
    "easse",
    keywords(EasseOptions),
    click.option(
        "--test_set",
        "easse_test_set",
        type=TestSetChoice("corpus"),
        metavar="NAME",
        help="EASSE's spelling of --test-set.",
    ),
    click.option("--orig_sents_path", metavar="FILE", help="EASSE's spelling of --sources."),
    click.option("--refs_sents_paths", metavar="FILE,...", help="EASSE's spelling of --references (comma-separated)."),
    click.option("--sys_sents_path", metavar="FILE", help="EASSE's spelling of --input (one system)."),
    click.option(
        "--lowercase/--no-lowercase",
        "-lc/--no-lc",
        default=True,
        show_default=True,
        help="Case-insensitive scores for every metric (EASSE's default).",
    ),
    click.option(
        "--tokenizer",
        "-tok",
        default="13a",
        show_default=True,
        metavar="NAME",
        help="Tokenizer of every metric (any registered name; EASSE's: 13a, intl, moses, penn, none).",
    ),
)


@click.command(cls=MultiValueCommand)
@data_group("System output files, one per system (default: standard input, as easse evaluate).", positional=False)
@metrics_group((), "Metrics, space- or comma-separated (default: sari bleu fkgl, EASSE's).", sacrebleu=False)
@easse_group
@click.option(
    "--features",
    "--quality-estimation",
    "--quality_estimation",
    "-q",
    "features",
    is_flag=True,
    help="Also EASSE's quality-estimation features (source vs output), lowercased as --lowercase says.",
)
@output_group()
@click.option(
    "--quiet",
    is_flag=True,
    help="No progress bar on stderr (drawn only on a terminal anyway; no -q: that is EASSE's --quality_estimation).",
)
@click.pass_context
def evaluate(
    ctx: click.Context,
    /,
    data: DataOptions,
    metrics: MetricOptions,
    easse: EasseOptions,
    features: bool,
    output: OutputOptions,
    quiet: bool,
) -> None:
    """Evaluate system outputs as EASSE does (SARI, BLEU, FKGL, --features), every score with its signature."""
    data = easse.data(data)
    implied = easse_metric_options(easse.lowercase, easse.tokenizer)
    metric_objects = metrics.build(implied, names=_metric_names(metrics.names), sources=given_sources(data))
    check_data(data, metric_objects)
    if features and data.sources is None and data.test_set is None:
        raise click.UsageError("--features compares outputs with their sources: pass --sources FILE or --test-set.")
    if features:  # JSON holds both tables in one document, JSON Lines one record a line; CSV and TSV cannot
        check_one_document("--features", output.fmt, "simpeval.features.compute", formats=("csv", "tsv"))
    with Progress(enabled=not quiet) as progress:
        read = read_inputs(open_checked(data, progress))
        table = _scores(read, metric_objects, metrics.jobs)
    if not features:
        click.echo(render(table, output.fmt, width=output.width))
        return
    document = table_document(table, width=output.width) + _features(read, easse)
    click.echo(render(document, output.fmt))  # JSON: {"scores": [...], "features": [...]}


def _features(data: Inputs[list[str]], easse: EasseOptions) -> Document:
    """EASSE's quality estimation, as easse evaluate calls it: the same --lowercase and tokenizer
    (imported when asked, for the Levenshtein package: simplification-metrics[features])."""
    from ..features import document_of

    assert data.sources is not None  # checked by evaluate
    return document_of(data.sources, data.systems, width=3, tokenize=easse.tokenizer, lowercase=easse.lowercase)


def _easse_spellings(ours: dict[str, Any], easse: dict[str, Any]) -> dict[str, Any]:
    """``ours`` (``--test-set``, ``--sources``, ``--references``, ``--input``), each replaced by its
    EASSE spelling (``--test_set``, ``--orig_sents_path``, ``--refs_sents_paths``, ``--sys_sents_path``)
    where that was given instead."""
    merged = dict(ours)
    for (name, value), (easse_name, easse_value) in zip(ours.items(), easse.items()):
        if easse_value is None:
            continue
        if value:
            raise click.UsageError(f"{easse_name} is EASSE's spelling of {name}: pass one of them.")
        if easse_name == "--refs_sents_paths":
            easse_value = tuple(path for path in easse_value.split(",") if path)
        merged[name] = (easse_value,) if easse_name == "--sys_sents_path" else easse_value
    return merged


def easse_metric_options(lowercase: bool, tokenizer: str) -> dict[str, dict[str, Any]]:
    """The options ``easse evaluate -lc -tok NAME`` gives each metric, by registry name."""
    return {
        "bleu": {"lowercase": lowercase, "tokenize": tokenizer, "force": True},
        "sari": {"lowercase": lowercase, "tokenize": tokenizer},
        "fkgl": {"tokenize": tokenizer},
    }


def _scores(data: Inputs[list[str]], metrics: list[Metric], jobs: int) -> ResultTable:
    """Every system under every metric, ``test:NAME`` in the signatures for a built-in test set, the
    statistics extracted by ``jobs`` worker processes (``--jobs``)."""
    references = reference_streams(data)
    return data.tag(api.evaluate_systems(data.systems, references, sources=data.sources, metrics=metrics, n_jobs=jobs))
