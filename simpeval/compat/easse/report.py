"""EASSE's ``easse.report``: its functions and arguments, simpeval's HTML report as the page.

``write_html_report(filepath, orig_sents, sys_sents, refs_sents, test_set, lowercase, tokenizer,
metrics)`` and ``write_multiple_systems_html_report(filepath, orig_sents, sys_sents_list,
refs_sents, system_names, test_set, lowercase, tokenizer, metrics)`` take EASSE's arguments and
write one self-contained page (:func:`simpeval.report.html_report.build_html_report`, the page of
``simpeval report``): the scores with 95% bootstrap intervals and, for several systems, paired
bootstrap tests against the first, charts, EASSE's quality-estimation features per system, and
every segment side by side with its sentence-level scores and the words changed from the source
marked. The metrics are computed as EASSE's report computes them (BLEU with ``force=True``,
SARI and FKGL with ``lowercase`` and ``tokenizer``); :func:`get_all_scores` returns EASSE's
dictionary of rounded scores.

What is not EASSE's page: the layout (no Bootstrap CSS, Plotly or other script fetched from a
CDN: the page works offline), the plots (simpeval's charts of the scores, not Plotly histograms
of the features), the "by sentence length" table and the qualitative samples sorted by SARI,
compression or splits (the segment table can be sorted by any score instead); the numbers of
the score table carry their signatures and intervals. ``samsa`` needs a UCCA parser and is not
computed (one line says so); ``bertscore`` is :mod:`simpeval.compat.easse.bertscore`, outside EASSE's report.
"""

from __future__ import annotations

import os
from collections import OrderedDict
from collections.abc import Mapping, Sequence
from typing import Any

from ... import api
from ...cache import atomic_write
from ...defaults import CONFIDENCE_SAMPLES, DEFAULT_SEED
from ...exceptions import InvalidInputError, InvalidOptionError, MissingDependencyError, SimpevalError
from ...features import FEATURES, compute
from ...metrics import Metric
from ...metrics.bleu import BLEU
from ...metrics.fkgl import FKGL
from ...metrics.sari import SARI
from ...report.html_report import ReportData, build_html_report
from ...testsets import get_testset
from .._layout import stated_streams
from .bleu import corpus_bleu
from .fkgl import corpus_fkgl
from .quality_estimation import corpus_quality_estimation
from .sari import corpus_sari
from .utils.constants import DEFAULT_METRICS

__all__ = [
    "get_all_scores",
    "get_html_report",
    "get_multiple_systems_html_report",
    "write_html_report",
    "write_multiple_systems_html_report",
]

#: The metrics of EASSE's report that simpeval computes, in EASSE's column order.
REPORT_METRICS = ("bleu", "sari", "fkgl")
SAMSA = "samsa needs a UCCA parser (TUPA) and is not part of simpeval: drop it from metrics (see the EASSE guide)."


def _check_metrics(metrics: Sequence[str]) -> list[str]:
    """The names of ``metrics`` that the report computes, in EASSE's order; ``samsa`` or an unknown name: one line."""
    names = [metrics] if isinstance(metrics, str) else list(metrics)
    if "samsa" in names:
        raise InvalidOptionError(SAMSA)
    unknown = [name for name in names if name not in REPORT_METRICS]
    if unknown:
        raise InvalidOptionError(
            f"EASSE's report computes {', '.join(REPORT_METRICS)}; got {', '.join(map(repr, unknown))}."
        )
    return [name for name in REPORT_METRICS if name in names]


def get_all_scores(
    orig_sents: Sequence[str],
    sys_sents: Sequence[str],
    refs_sents: Sequence[Sequence[str]],
    lowercase: bool = False,
    tokenizer: str = "13a",
    metrics: Sequence[str] = DEFAULT_METRICS,
) -> OrderedDict[str, float]:
    """EASSE's scores of one system: BLEU, SARI, FKGL (those in ``metrics``), then the mean of every
    quality-estimation feature, each rounded to 2 decimals as EASSE rounds them.

    Raises:
        InvalidOptionError: ``samsa`` (not computed) or a metric EASSE's report does not know.
        MissingDependencyError: the features need ``levenshtein`` (the ``features`` extra).
    """
    scores: OrderedDict[str, float] = OrderedDict()
    for name in _check_metrics(metrics):
        if name == "bleu":
            scores["BLEU"] = corpus_bleu(sys_sents, refs_sents, lowercase=lowercase, tokenizer=tokenizer)
        elif name == "sari":
            scores["SARI"] = corpus_sari(orig_sents, sys_sents, refs_sents, lowercase=lowercase, tokenizer=tokenizer)
        else:
            scores["FKGL"] = corpus_fkgl(sys_sents, tokenizer=tokenizer)
    scores.update(corpus_quality_estimation(orig_sents, sys_sents, lowercase=lowercase, tokenizer=tokenizer))
    return OrderedDict((key, round(value, 2)) for key, value in scores.items())


def _metric_objects(metrics: Sequence[str], lowercase: bool, tokenizer: str) -> list[Metric]:
    """The metrics of EASSE's report with its options (BLEU as ``corpus_bleu(..., force=True)``)."""
    made: dict[str, Metric] = {
        "bleu": BLEU(tokenize=tokenizer, lowercase=lowercase, force=True),
        "sari": SARI(tokenize=tokenizer, lowercase=lowercase),
        "fkgl": FKGL(tokenize=tokenizer),
    }
    return [made[name] for name in _check_metrics(metrics)]


def _registered(test_set: str) -> Any:
    """The registry's spec of ``test_set`` (EASSE's names too), or ``None`` (``custom``, or any other name)."""
    try:
        return get_testset(test_set)
    except SimpevalError:
        return None


def _facts(test_set: str, systems: Mapping[str, Sequence[str]], n_refs: int, spec: Any) -> list[tuple[str, str]]:
    facts = [("Test set", f"{spec.name}: {spec.description}" if spec is not None else str(test_set))]
    facts += [
        ("Segments", str(len(next(iter(systems.values()))))),
        ("References per segment", f"{n_refs} (the Segments section shows the first)"),
        ("Systems", "; ".join(systems)),
    ]
    return facts


def _features(orig_sents: Sequence[str], systems: Mapping[str, Sequence[str]]) -> tuple[dict[str, Any], str]:
    """EASSE's features per segment (feature -> system -> values), or why there are none."""
    try:
        per_system = {name: compute(list(orig_sents), list(outputs)).per_segment for name, outputs in systems.items()}
    except MissingDependencyError as err:
        return {}, f"No features: {err}."
    return {name: {s: [float(v) for v in per_system[s][name]] for s in per_system} for name in FEATURES}, ""


def get_multiple_systems_html_report(
    orig_sents: Sequence[str],
    sys_sents_list: Sequence[Sequence[str]],
    refs_sents: Sequence[Sequence[str]],
    system_names: Sequence[str],
    test_set: str,
    lowercase: bool = False,
    tokenizer: str = "13a",
    metrics: Sequence[str] = DEFAULT_METRICS,
) -> str:
    """simpeval's HTML report of several systems (EASSE's arguments): scores with intervals, paired
    bootstrap tests against the first system, charts, features and every segment.

    Raises:
        InvalidInputError: not one name per system, or two systems of the same name.
        InputLengthMismatchError: a system or a reference stream has not one sentence per source.
        InvalidOptionError: ``samsa`` or a metric EASSE's report does not know.
    """
    names = [str(name) for name in system_names]
    if len(names) != len(sys_sents_list) or len(set(names)) != len(names):
        raise InvalidInputError(
            f"report: one distinct name per system is needed (got {len(names)} names for {len(sys_sents_list)} systems)."
        )
    systems = {name: list(outputs) for name, outputs in zip(names, sys_sents_list)}
    objects = _metric_objects(metrics, lowercase, tokenizer)
    streams = [list(stream) for stream in refs_sents]
    sources = list(orig_sents)
    spec = _registered(test_set)
    table = api.compare(
        systems,
        stated_streams(streams),
        sources=sources,
        metrics=objects,
        interval=api.Bootstrap(n=CONFIDENCE_SAMPLES),
        test=api.PairedBootstrap() if len(systems) > 1 else None,
        seed=DEFAULT_SEED,
    )
    segments = api.sentence_level(systems, stated_streams(streams), sources=sources, metrics=objects)
    if spec is not None:
        table, segments = table.with_signature_fields(test=spec.name), segments.with_signature_fields(test=spec.name)
    features, why_not = _features(sources, systems)
    data = ReportData(
        f"EASSE report: {test_set}",
        _facts(test_set, systems, len(streams), spec),
        sources,
        streams[0],
        systems,
        features,
        why_not,
        spec.citation if spec is not None else "",
    )
    return build_html_report(table, segments, data)


def get_html_report(
    orig_sents: Sequence[str],
    sys_sents: Sequence[str],
    refs_sents: Sequence[Sequence[str]],
    test_set: str,
    lowercase: bool = False,
    tokenizer: str = "13a",
    metrics: Sequence[str] = DEFAULT_METRICS,
) -> str:
    """simpeval's HTML report of one system, named ``System output`` as in EASSE's score table."""
    return get_multiple_systems_html_report(
        orig_sents, [sys_sents], refs_sents, ["System output"], test_set, lowercase, tokenizer, metrics
    )


def _write(filepath: str | os.PathLike[str], page: str) -> None:
    """``page`` ending with a newline, as EASSE writes it, written atomically (a failed run leaves no half page)."""
    with atomic_write(os.fspath(filepath)) as out:
        out.write((page if page.endswith("\n") else page + "\n").encode("utf-8"))


def write_html_report(filepath: str | os.PathLike[str], *args: Any, **kwargs: Any) -> None:
    """Write :func:`get_html_report`'s page to ``filepath`` (EASSE's arguments after it)."""
    _write(filepath, get_html_report(*args, **kwargs))


def write_multiple_systems_html_report(filepath: str | os.PathLike[str], *args: Any, **kwargs: Any) -> None:
    """Write :func:`get_multiple_systems_html_report`'s page to ``filepath`` (EASSE's arguments after it)."""
    _write(filepath, get_multiple_systems_html_report(*args, **kwargs))
