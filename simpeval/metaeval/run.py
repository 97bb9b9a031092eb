"""Meta-evaluation: how well each metric agrees with human ratings (:func:`meta_evaluate`).

Every rated output is scored against its own segment's references (:mod:`simpeval.metaeval.scoring`); then, with
bootstrap intervals over segments (:mod:`simpeval.metaeval.bootstrap`: one draw serves every system and metric):

* segment level: Pearson, Spearman and Kendall tau-b between the sentence-level scores and the
  ratings (:func:`~simpeval.metaeval.correlation.correlation`), over all rated outputs together (no grouping);
* system level: the same between each system's corpus-level score and its mean rating;
* the Williams test of every two metrics' Pearson correlations, at both levels (:func:`~simpeval.metaeval.williams.williams`);
* pairwise system-ranking accuracy, and the metrics' agreement on the same pairs (:mod:`.ranking`);
* where the ratings carry each annotator's rating and the simplification types (LENS's SimpEval
  sets), LENS's Kendall tau-like per type and over all types (:mod:`.taulike`), with intervals
  from the same resamples.

Examples:
    >>> from simpeval.metaeval import HumanRatings, meta_evaluate
    >>> ratings = HumanRatings("toy", "simplicity", (0, 1, 2, 0, 1, 2), ("a", "a", "a", "b", "b", "b"),
    ...                        ("a cat sat", "the dog ran", "it is big", "cat", "dog", "big"), (80, 70, 60, 20, 30, 10))
    >>> refs = [["a cat sat", "the dog ran", "it is big"]]
    >>> result = meta_evaluate(ratings, refs, metrics=["chrf"], n_samples=0)
    >>> round(result.correlation("chrF2", "segment", "pearson").value, 2), result.ranking[0].accuracy
    (0.93, 1.0)
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from contextlib import nullcontext
from dataclasses import dataclass
from itertools import combinations
from typing import Any

import numpy as np

from ..defaults import AGREEMENT_SAMPLES, DEFAULT_SEED
from ..engines.pool import jobs
from ..exceptions import InvalidOptionError
from ..metrics import Metric, get_metric, metric_key
from ..report.metaeval import MetaCorrelation, MetaEvaluation, PairAgreement, RankingAccuracy, TauLike, WilliamsTest
from .bootstrap import Resamples, percentile_interval
from .correlation import METHODS, MIN_ITEMS, correlation, correlation_rows, weighted_correlation_rows
from .presets import preset_for
from .ranking import decided_pairs, metric_agreement, ranking_accuracy
from .ratings import HumanRatings
from .scoring import Column, Groups, align, score_columns
from .taulike import DEFAULT_THRESHOLD, annotated_pairs, check_threshold, tau_like, tau_like_rows
from .williams import williams

__all__ = ["meta_evaluate"]


@dataclass(frozen=True)
class _Human:
    """The ratings at both levels: per output, per system, per system in each resample."""

    segment: np.ndarray
    system: np.ndarray
    resampled: np.ndarray


def _metrics(metrics: Sequence[Metric | str], settings: Mapping[str, Mapping[str, Any]]) -> list[Metric]:
    """Metric objects as given; registry names built with ``settings[name]``."""
    if isinstance(metrics, (str, Metric)) or not metrics:
        raise InvalidOptionError(
            f"meta_evaluate: metrics must be a non-empty list of metrics or names (got {metrics!r})."
        )
    return [m if isinstance(m, Metric) else get_metric(m, **dict(settings.get(metric_key(m), {}))) for m in metrics]


def _names(objects: Sequence[Metric]) -> list[str]:
    """Column names: each metric's signature name, numbered when two metrics share one."""
    names: list[str] = []
    for m in objects:
        base = m.get_signature().metric
        names.append(base if base not in names else f"{base}#{sum(n.split('#')[0] == base for n in names) + 1}")
    return names


def meta_evaluate(
    ratings: HumanRatings,
    references: Sequence[Sequence[str]],
    *,
    sources: Sequence[str] | None = None,
    metrics: Sequence[Metric | str] = ("sari", "bleu"),
    settings: Mapping[str, Mapping[str, Any]] | None = None,
    components: bool | None = None,
    reference_name: str = "references",
    n_samples: int = AGREEMENT_SAMPLES,
    seed: int = DEFAULT_SEED,
    n_jobs: int | None = None,
    tau_threshold: float = DEFAULT_THRESHOLD,
) -> MetaEvaluation:
    """Correlate metrics with human ratings.

    Args:
        ratings: the rated outputs (:func:`~simpeval.metaeval.from_registry`, :func:`~simpeval.metaeval.from_csv`).
        references: reference streams of the corpus whose lines ``ratings.segments`` index
            (``references[j][i]``: reference ``j`` of line ``i``).
        sources: that corpus's source lines (SARI needs them).
        metrics: metric objects (used as given) or registry names (built with ``settings``).
        settings: options per registry name; default: the ratings set's preset
            (:func:`~simpeval.metaeval.presets.preset_for`: the paper's for ``simplicity-da``).
        components: also correlate each metric's components (SARI's add, keep, delete);
            default: the preset's (on for ``simplicity-da``).
        reference_name: how the references are named in the result (``"asset"``).
        n_samples: bootstrap resamples of the segments (0: no intervals).
        seed: seed of the resampling.
        n_jobs: cores in all: worker processes extracting the metrics' statistics, on one thread
            each (1: this process on one thread; 0: one per available core; ``None``: those of the
            :func:`simpeval.engines.pool.jobs` block around the call, else this process on every
            thread); every figure is the same bits with any count.
        tau_threshold: the Kendall tau-like's threshold, in the annotators' rating points
            (LENS's 5, for 0-100 ratings); used where ``ratings`` carry ``rater_scores`` and ``types``.

    Returns:
        Every figure. System-level correlations need 3 systems (NaN below), the Williams test
        4 items, and the pairwise figures 2 systems (left out below).

    Raises:
        InvalidValueError: a rating's segment is not a line of the references.
        InputLengthMismatchError: the reference streams or the sources differ in length.
        InvalidOptionError: a bad ``n_samples``, ``seed``, metric name or metric option.
        MissingDependencyError: SciPy is not installed.
    """
    with nullcontext() if n_jobs is None else jobs(n_jobs):
        return _meta_evaluate(
            ratings, references, sources, metrics, settings, components, reference_name, n_samples, seed, tau_threshold
        )


def _meta_evaluate(
    ratings: HumanRatings,
    references: Sequence[Sequence[str]],
    sources: Sequence[str] | None,
    metrics: Sequence[Metric | str],
    settings: Mapping[str, Mapping[str, Any]] | None,
    components: bool | None,
    reference_name: str,
    n_samples: int,
    seed: int,
    tau_threshold: float = DEFAULT_THRESHOLD,
) -> MetaEvaluation:
    preset = preset_for(ratings.name)
    objects = _metrics(metrics, preset.settings if settings is None else settings)
    refs, srcs = align(ratings, references, sources)
    resamples = Resamples.draw(ratings.segments, n_samples, seed)
    distinct = len(set(ratings.segments))
    few: tuple[str, ...] = ()
    if resamples.n_samples and distinct < MIN_ITEMS:  # every resample (nearly) the same: no interval to trust
        resamples = Resamples.draw(ratings.segments, 0, seed)
        few = (
            f"no bootstrap intervals: the ratings cover {distinct} segment{'s' * (distinct != 1)}, and resampling "
            f"segments needs {MIN_ITEMS} or more",
        )
    groups = Groups.of(ratings, resamples.weights)
    with_components = preset.components if components is None else bool(components)
    columns = [
        column
        for metric, name in zip(objects, _names(objects))
        for column in score_columns(metric, name, ratings, refs, srcs, groups, with_components)
    ]
    scores = _overflow_safe(np.asarray(ratings.scores, dtype=np.float64))
    means = groups.means(scores)
    human = _Human(scores, means[0], means[1:])
    nrefs = sorted({len(r) for r in refs.segments()})
    extra = {"bs": resamples.n_samples, "seed": resamples.seed} if resamples.n_samples else {}
    applied = settings is None and bool(preset.settings) and any(not isinstance(m, Metric) for m in metrics)
    used = preset.name if applied else ("custom" if settings else "none")
    notes = tuple(n for n in (ratings.note, preset.description if applied else "") if n) + few
    return MetaEvaluation(
        ratings.name,
        ratings.aspect,
        reference_name,
        tuple(m.get_signature(nrefs[0] if len(nrefs) == 1 else "var", **extra).format() for m in objects),
        tuple(_correlations(columns, human, resamples)),
        tuple(_williams(columns, human)),
        tuple(_ranking(columns, human)),
        tuple(_agreement(columns, human)),
        resamples.n_samples,
        resamples.seed,
        used,
        notes,
        groups.names,
        tuple(_tau_like(columns, ratings, resamples, tau_threshold)),
        float(tau_threshold),
    )


#: The largest rating magnitude the figures are computed at (:func:`_overflow_safe`).
_SAFE_EXPONENT = 64


def _overflow_safe(scores: np.ndarray) -> np.ndarray:
    """``scores`` times a power of two that brings the largest magnitude to at most
    ``2**_SAFE_EXPONENT`` (ratings of 1e308 overflowed the sums of squares: NaN and NumPy
    warnings). Every figure is unchanged by a positive factor (correlations, ranks, which system
    mean is higher), and a power of two changes no bit of them unless the ratings span more
    than about 2**1000 in magnitude (the smallest then lose bits)."""
    top = float(np.max(np.abs(scores))) if scores.size else 0.0
    exponent = math.frexp(top)[1]
    return np.ldexp(scores, _SAFE_EXPONENT - exponent) if exponent > _SAFE_EXPONENT else scores


def _correlations(columns: Sequence[Column], human: _Human, resamples: Resamples) -> list[MetaCorrelation]:
    out = []
    for col in columns:
        for method in METHODS:
            low, high = percentile_interval(
                weighted_correlation_rows(col.segment, human.segment, resamples.weights, method)
            )
            value = correlation(col.segment, human.segment, method)
            out.append(MetaCorrelation(col.name, "segment", method, value, low, high, len(human.segment)))
        for method in METHODS:
            low, high = percentile_interval(correlation_rows(col.resampled, human.resampled, method))
            value = correlation(col.system, human.system, method)
            out.append(MetaCorrelation(col.name, "system", method, value, low, high, len(human.system)))
    return out


def _tau_like(
    columns: Sequence[Column], ratings: HumanRatings, resamples: Resamples, threshold: float
) -> list[TauLike]:
    """LENS's tau-like of every column per type and over all, where the ratings carry raters and types."""
    check_threshold(threshold)
    if not ratings.rater_scores or not any(ratings.types):
        return []
    pairs = annotated_pairs(ratings.segments, ratings.types, ratings.rater_scores, threshold)
    if not len(pairs.first):  # no pair told apart (ratings on a 1-5 scale with the 0-100 threshold): no table
        return []
    out = []
    for col in columns:
        boot = tau_like_rows(pairs, col.segment, resamples.weights, col.higher_is_better)
        for k, t in enumerate(tau_like(pairs, col.segment, col.higher_is_better)):
            low, high = percentile_interval(boot[:, k])
            out.append(TauLike(col.name, t.type, t.tau, low, high, t.concordant, t.discordant))
    return out


def _williams(columns: Sequence[Column], human: _Human) -> list[WilliamsTest]:
    """Every two columns at both levels, scores oriented so that higher is better, the better first."""
    out = []
    for level in ("segment", "system"):
        for a, b in combinations(columns, 2):
            people = human.segment if level == "segment" else human.system
            xa = getattr(a, level) * (1.0 if a.higher_is_better else -1.0)
            xb = getattr(b, level) * (1.0 if b.higher_is_better else -1.0)
            ra, rb, rab = (
                correlation(xa, people, "pearson"),
                correlation(xb, people, "pearson"),
                correlation(xa, xb, "pearson"),
            )
            first, second, r1, r2 = (b, a, rb, ra) if rb > ra else (a, b, ra, rb)
            t, p = williams(r1, r2, rab, len(people))
            out.append(WilliamsTest(first.name, second.name, level, r1, r2, rab, t, p, len(people)))
    return out


def _ranking(columns: Sequence[Column], human: _Human) -> list[RankingAccuracy]:
    if len(human.system) < 2:
        return []
    n_pairs = int(decided_pairs(human.system).sum())
    out = []
    for col in columns:
        value = float(ranking_accuracy(col.system, human.system, col.higher_is_better)[0])
        low, high = percentile_interval(ranking_accuracy(col.resampled, human.resampled, col.higher_is_better))
        out.append(RankingAccuracy(col.name, value, low, high, n_pairs))
    return out


def _agreement(columns: Sequence[Column], human: _Human) -> list[PairAgreement]:
    if len(human.system) < 2:
        return []
    n_pairs = int(decided_pairs(human.system).sum())
    out = []
    for a, b in combinations(columns, 2):
        value = float(metric_agreement(a.system, b.system, human.system, a.higher_is_better, b.higher_is_better)[0])
        boot = metric_agreement(a.resampled, b.resampled, human.resampled, a.higher_is_better, b.higher_is_better)
        low, high = percentile_interval(boot)
        out.append(PairAgreement(a.name, b.name, value, low, high, n_pairs))
    return out
