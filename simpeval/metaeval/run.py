"""Meta-evaluation: how well each metric agrees with human ratings (:func:`meta_evaluate`).

Every rated output is scored as a corpus of one against its segment's references (the
per-sentence scores of the meta-evaluation literature), from the metric's statistics rows; a
system's corpus score sums its rows. Then, with bootstrap intervals over segments (the systems
stay paired: one draw of segment ids serves every system and metric):

* segment level: Pearson, Spearman and Kendall between sentence scores and ratings;
* system level: the same between each system's corpus score and its mean rating;
* the Williams test between every two metrics (Pearson, segment and system level);
* pairwise system-ranking accuracy, and the metrics' agreement on the same pairs.
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from itertools import combinations
from typing import Any, Mapping, Optional, Sequence, Union

import numpy as np

from ..defaults import AGREEMENT_SAMPLES, DEFAULT_SEED
from ..exceptions import InvalidOptionError, InvalidValueError
from ..metrics import Metric, References, get_metric, metric_key
from ..report.metaeval import MetaCorrelation, MetaEvaluation, PairAgreement, RankingAccuracy, WilliamsTest
from ..significance._resample import check_count, interval_indices
from .ratings import HumanRatings
from .stats import METHODS, correlation, pair_signs, williams

__all__ = ["PAPER_SETTINGS", "REFERENCE_SETS", "meta_evaluate", "reference_corpus"]

#: Reference-set names of the meta-evaluation literature -> the registered corpus.
REFERENCE_SETS: Mapping[str, str] = {"asset": "asset-test", "turk": "turkcorpus-test"}


def reference_corpus(name: str) -> str:
    """The registered corpus of a reference-set name (``"asset"`` -> ``"asset-test"``; corpus names pass).

    Raises:
        InvalidOptionError: neither a reference-set name nor a registered corpus.
    """
    from ..testsets import available_testsets

    if name in REFERENCE_SETS:
        return REFERENCE_SETS[name]
    if name.replace("_", "-") in available_testsets(kind="corpus"):
        return name.replace("_", "-")
    raise InvalidOptionError(f"meta-evaluation: references must be one of {', '.join(REFERENCE_SETS)} or a corpus "
                             f"({', '.join(available_testsets(kind='corpus'))}) (got {name!r}).")  # fmt: skip

#: The settings of Alva-Manchego, Scarton and Specia (2021) for Simplicity-DA: Moses-tokenized,
#: case-sensitive text; EASSE's corpus SARI with deletion precision; sacrebleu 1.x's BLEU (floor
#: smoothing 0.0, effective order). With them the per-sentence values equal the authors'.
PAPER_SETTINGS: Mapping[str, Mapping[str, Any]] = {
    "sari": {"variant": "easse-delp", "tokenize": "moses", "lowercase": False},
    "bleu": {"tokenize": "moses", "smooth_method": "floor", "smooth_value": 0.0, "effective_order": True, "force": True},
}


@dataclass(frozen=True)
class _Scored:
    """One metric's statistics rows of every rating, and how to score sums of them."""

    name: str
    metric: Metric
    stats: np.ndarray


def _metrics(metrics: Sequence[Union[Metric, str]], settings: Mapping[str, Mapping[str, Any]]) -> list[Metric]:
    """Metric objects as given; registry names with ``settings[name]`` (the ratings' documented defaults)."""
    return [m if isinstance(m, Metric) else get_metric(m, **dict(settings.get(metric_key(m), {}))) for m in metrics]


def meta_evaluate(
    ratings: HumanRatings,
    references: Sequence[Sequence[str]],
    sources: Optional[Sequence[str]] = None,
    *,
    metrics: Sequence[Union[Metric, str]] = ("sari", "bleu"),
    settings: Optional[Mapping[str, Mapping[str, Any]]] = None,
    reference_name: str = "references",
    n_samples: int = AGREEMENT_SAMPLES,
    seed: int = DEFAULT_SEED,
) -> MetaEvaluation:
    """Correlate metrics with ``ratings``.

    Args:
        ratings: the rated outputs (:mod:`simpeval.metaeval.ratings`).
        references: reference streams of the corpus whose lines ``ratings.segments`` index.
        sources: that corpus's sources (SARI needs them).
        metrics: metric objects (used as given) or registry names (built with ``settings``).
        settings: options per registry name; default :data:`PAPER_SETTINGS` for Simplicity-DA
            and nothing otherwise.
        reference_name: how the references are named in the result (``"asset"``).
        n_samples: bootstrap resamples of segments (0: no intervals).
        seed: seed of the resampling.

    Returns:
        Every figure; the tests between metrics need two metrics, and system-level figures
        two systems (with fewer, they are left out or NaN).

    Raises:
        InvalidValueError: a rating's segment is not a line of the corpus.
        InvalidOptionError: a bad ``n_samples`` or metric option.
    """
    chosen = settings if settings is not None else (PAPER_SETTINGS if ratings.name == "simplicity-da" else {})
    objects = _metrics(metrics, chosen)
    streams = [list(stream) for stream in references]
    n_lines = len(streams[0]) if streams else 0
    bad = [s for s in ratings.segments if not 0 <= s < n_lines]
    if bad:
        raise InvalidValueError(f"meta-evaluation: segment {bad[0] + 1} of {ratings.name} is not a line of the references ({n_lines} lines).")
    segs = list(ratings.segments)
    refs = References.from_streams([[stream[s] for s in segs] for stream in streams])
    srcs = [sources[s] for s in segs] if sources is not None else None
    scored = [_Scored(m.get_signature().metric, m, m.corpus_stats(list(ratings.outputs), refs, sources=srcs)) for m in objects]
    n = 0 if n_samples == 0 else check_count(n_samples, "n_samples", "meta_evaluate")
    draws = _draws(ratings, n, seed)
    human = np.asarray(ratings.scores, dtype=np.float64)
    systems = sorted(set(ratings.systems), key=list(ratings.systems).index)
    signatures = tuple(m.get_signature(_nrefs(refs)).format() for m in objects)
    return MetaEvaluation(
        ratings.name, ratings.aspect, reference_name, signatures,
        tuple(_correlations(scored, human, ratings, systems, draws)),
        tuple(_williams(scored, human, ratings, systems)),
        tuple(_ranking(scored, human, ratings, systems, draws)),
        tuple(_agreement(scored, human, ratings, systems)), n, seed,
    )  # fmt: skip


def _nrefs(refs: References) -> Union[int, str]:
    counts = {len(r) for r in refs.segments()}
    return counts.pop() if len(counts) == 1 else "var"


def _draws(ratings: HumanRatings, n: int, seed: int) -> list[np.ndarray]:
    """For each resample, the rows of the ratings whose segments were drawn (systems stay paired)."""
    ids = sorted(set(ratings.segments))
    rows_of = {s: [k for k, x in enumerate(ratings.segments) if x == s] for s in ids}
    rng = np.random.default_rng(seed)
    draws = []
    for _ in range(n):
        picked = rng.integers(0, len(ids), len(ids))
        draws.append(np.array([k for p in picked for k in rows_of[ids[p]]], dtype=np.int64))
    return draws


def _system_level(s: _Scored, human: np.ndarray, ratings: HumanRatings, systems: list[str], rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """Each system's corpus score and mean rating over ``rows``."""
    metric, people = _system_levels(s, human, ratings, systems, [rows])
    return metric[0], people[0]


def _system_levels(s: _Scored, human: np.ndarray, ratings: HumanRatings, systems: list[str],
                   draws: Sequence[np.ndarray]) -> tuple[np.ndarray, np.ndarray]:  # fmt: skip
    """Per draw and system: the corpus score (one vectorized scoring of every summed row) and the mean rating."""
    names = np.asarray(ratings.systems)
    sums = np.zeros((len(draws), len(systems), s.stats.shape[1]))
    people = np.full((len(draws), len(systems)), np.nan)
    for d, rows in enumerate(draws):
        for k, system in enumerate(systems):
            mine = rows[names[rows] == system]
            sums[d, k] = s.stats[mine].sum(axis=0)
            people[d, k] = human[mine].mean() if len(mine) else np.nan
    scores = s.metric.score_rows(sums.reshape(-1, sums.shape[2])).reshape(len(draws), len(systems))
    return scores, people


def _sentence(s: _Scored) -> np.ndarray:
    return s.metric.score_rows(s.stats)


def _interval(values: list[float]) -> tuple[float, float]:
    kept = sorted(v for v in values if not np.isnan(v))
    if not kept:
        return np.nan, np.nan
    low, high = interval_indices(len(kept), Fraction(95, 100))
    return kept[low], kept[high]


def _correlations(scored: list[_Scored], human: np.ndarray, ratings: HumanRatings, systems: list[str],
                  draws: list[np.ndarray]) -> list[MetaCorrelation]:  # fmt: skip
    out = []
    everything = np.arange(len(human))
    for s in scored:
        sentence = _sentence(s)
        for method in METHODS:
            value = correlation(sentence, human, method)
            low, high = _interval([correlation(sentence[d], human[d], method) for d in draws]) if draws else (np.nan, np.nan)
            out.append(MetaCorrelation(s.name, "segment", method, value, low, high, len(human)))
        metric_boot, people_boot = _system_levels(s, human, ratings, systems, draws) if draws else (None, None)
        for method in METHODS:
            value = correlation(*_system_level(s, human, ratings, systems, everything), method)
            low, high = (np.nan, np.nan)
            if metric_boot is not None and people_boot is not None:
                low, high = _interval([correlation(m, p, method) for m, p in zip(metric_boot, people_boot)])
            out.append(MetaCorrelation(s.name, "system", method, value, low, high, len(systems)))
    return out


def _williams(scored: list[_Scored], human: np.ndarray, ratings: HumanRatings, systems: list[str]) -> list[WilliamsTest]:
    out = []
    everything = np.arange(len(human))
    for a, b in combinations(scored, 2):
        for level in ("segment", "system"):
            if level == "segment":
                xa, xb, people = _sentence(a), _sentence(b), human
            else:
                xa, people = _system_level(a, human, ratings, systems, everything)
                xb, _ = _system_level(b, human, ratings, systems, everything)
            ra, rb, rab = (correlation(xa, people, "pearson"), correlation(xb, people, "pearson"), correlation(xa, xb, "pearson"))
            first, second, r1, r2 = (a, b, ra, rb) if not rb > ra else (b, a, rb, ra)  # test the better one against the other
            t, p = williams(r1, r2, rab, len(people))
            out.append(WilliamsTest(first.name, second.name, level, r1, r2, rab, t, p, len(people)))
    return out


def _pair_signs(s: _Scored, human: np.ndarray, ratings: HumanRatings, systems: list[str], rows: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    metric, people = _system_level(s, human, ratings, systems, rows)
    return pair_signs(metric, s.metric.higher_is_better), pair_signs(people)


def _ranking(scored: list[_Scored], human: np.ndarray, ratings: HumanRatings, systems: list[str],
             draws: list[np.ndarray]) -> list[RankingAccuracy]:  # fmt: skip
    if len(systems) < 2:
        return []

    def accuracy(s: _Scored, metric: np.ndarray, people: np.ndarray) -> float:
        ours, theirs = pair_signs(metric, s.metric.higher_is_better), pair_signs(people)
        decided = theirs != 0
        return float(np.mean(ours[decided] == theirs[decided])) if decided.any() else np.nan

    everything = np.arange(len(human))
    out = []
    for s in scored:
        low, high = (np.nan, np.nan)
        if draws:
            metric_boot, people_boot = _system_levels(s, human, ratings, systems, draws)
            low, high = _interval([accuracy(s, m, p) for m, p in zip(metric_boot, people_boot)])
        n_pairs = int(np.count_nonzero(_pair_signs(s, human, ratings, systems, everything)[1]))
        out.append(RankingAccuracy(s.name, accuracy(s, *_system_level(s, human, ratings, systems, everything)), low, high, n_pairs))
    return out


def _agreement(scored: list[_Scored], human: np.ndarray, ratings: HumanRatings, systems: list[str]) -> list[PairAgreement]:
    if len(systems) < 2:
        return []
    everything = np.arange(len(human))
    signs = {s.name: _pair_signs(s, human, ratings, systems, everything)[0] for s in scored}
    return [PairAgreement(a.name, b.name, float(np.mean(signs[a.name] == signs[b.name])), len(signs[a.name]))
            for a, b in combinations(scored, 2)]  # fmt: skip

