"""The WMT-style Kendall tau-like of LENS's meta-evaluation (Maddela et al., 2023).

Pairs are two outputs of the same source sentence with the same simplification type (outputs
of unknown type, ``""``, are never paired). Each annotator ``k`` judges a pair by the difference
of their two ratings: ``+1`` or ``-1`` when it exceeds ``threshold`` (strictly), else ``0``
(annotator ``k`` of one output is compared with annotator ``k`` of the other). A pair counts only
when one of ``+1`` and ``-1`` is a strict majority of the annotators' judgments; it is
*concordant* when the metric's difference has that sign and *discordant* otherwise (a metric tie
is discordant). Then ``tau = (C - D) / (C + D)``, 0 without a counted pair, per type and over all
types (``"All"``: the counts of every type pooled; pairs are still of one type). A metric where
lower is better (FKGL, TER) is oriented first, so that a higher tau is better for every metric.

Bootstrap intervals resample the source sentences (:class:`~simpeval.metaeval.bootstrap.Resamples`):
a pair counts as many times as its source is drawn.

Examples:
    >>> pairs = annotated_pairs([0, 0, 0], ["Deletions"] * 3, [(90, 80, 50), (70, 60, 50), (10, 20, 50)])
    >>> [(int(a), int(b), int(s)) for a, b, s in zip(pairs.first, pairs.second, pairs.sign)]
    [(0, 1, 1), (0, 2, 1), (1, 2, 1)]
    >>> [(t.type, t.concordant, t.discordant, t.tau) for t in tau_like(pairs, [3.0, 2.0, 2.0])]
    [('Deletions', 2, 1, 0.3333333333333333), ('All', 2, 1, 0.3333333333333333)]
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..exceptions import InvalidOptionError, InvalidValueError

__all__ = [
    "ALL_TYPES",
    "DEFAULT_THRESHOLD",
    "AnnotatedPairs",
    "TypeTau",
    "annotated_pairs",
    "check_threshold",
    "tau_like",
    "tau_like_rows",
]

#: LENS's threshold: annotators' rating differences of at most this many points are ties (0-100 ratings).
DEFAULT_THRESHOLD = 5.0
#: The name of the pooled row.
ALL_TYPES = "All"


@dataclass(frozen=True)
class AnnotatedPairs:
    """The pairs the annotators decide: ``first[p]`` and ``second[p]`` index outputs, ``sign[p]``
    is the majority's ``+1`` (the first rated higher) or ``-1``, ``type_of[p]`` indexes ``types``."""

    first: np.ndarray
    second: np.ndarray
    sign: np.ndarray
    type_of: np.ndarray
    types: tuple[str, ...]


@dataclass(frozen=True)
class TypeTau:
    """The tau-like of one type (or ``"All"``): concordant and discordant pair counts and tau."""

    type: str
    concordant: int
    discordant: int
    tau: float


def _check(segments: Sequence[int], types: Sequence[str], raters: Sequence[Sequence[float]], threshold: float) -> None:
    if not len(segments) == len(types) == len(raters):
        raise InvalidValueError(
            f"tau-like: segments, types and rater scores need one entry per output "
            f"(got {len(segments)}, {len(types)}, {len(raters)})."
        )
    check_threshold(threshold)


def check_threshold(threshold: float) -> None:
    """Raises :class:`~simpeval.exceptions.InvalidOptionError` unless ``threshold`` is a finite number >= 0."""
    if isinstance(threshold, bool) or not isinstance(threshold, (int, float)) or not np.isfinite(threshold):
        raise InvalidOptionError(f"tau-like: threshold must be a finite number of rating points (got {threshold!r}).")
    if threshold < 0:
        raise InvalidOptionError(f"tau-like: threshold must be >= 0 (got {threshold!r}).")


def annotated_pairs(
    segments: Sequence[int],
    types: Sequence[str],
    raters: Sequence[Sequence[float]],
    threshold: float = DEFAULT_THRESHOLD,
) -> AnnotatedPairs:
    """Every pair of outputs of one source and one type that a strict majority of annotators decides.

    Args:
        segments: per output, its source sentence.
        types: per output, its simplification type (``""``: unknown, never paired).
        raters: per output, each annotator's rating (two outputs of a pair need as many).
        threshold: differences of at most this are ties.

    Raises:
        InvalidValueError: the sequences differ in length, or two outputs of a pair have
            different numbers of ratings.
        InvalidOptionError: a negative or non-finite threshold.
    """
    _check(segments, types, raters, threshold)
    groups: dict[tuple[int, str], list[int]] = defaultdict(list)
    for k, (segment, kind) in enumerate(zip(segments, types)):
        if kind:
            groups[int(segment), kind].append(k)
    names = tuple(sorted({kind for _, kind in groups}))
    found: list[tuple[int, int, float, int]] = []  # (first, second, sign, type)
    for (segment, kind), members in groups.items():
        for i, a in enumerate(members):
            for b in members[i + 1 :]:
                if len(raters[a]) != len(raters[b]):
                    raise InvalidValueError(
                        f"tau-like: outputs {a} and {b} of source {segment} have {len(raters[a])} and "
                        f"{len(raters[b])} ratings; a pair needs the same annotators."
                    )
                diff = np.asarray(raters[a], dtype=np.float64) - np.asarray(raters[b], dtype=np.float64)
                votes = np.where(np.abs(diff) > threshold, np.sign(diff), 0.0)
                found += [
                    (a, b, side, names.index(kind)) for side in (1.0, -1.0) if 2 * (votes == side).sum() > len(votes)
                ]
    columns = list(zip(*found)) or [(), (), (), ()]
    return AnnotatedPairs(
        np.asarray(columns[0], dtype=np.int64),
        np.asarray(columns[1], dtype=np.int64),
        np.asarray(columns[2], dtype=np.float64),
        np.asarray(columns[3], dtype=np.int64),
        names,
    )


def _agrees(pairs: AnnotatedPairs, scores: Sequence[float] | np.ndarray, higher_is_better: bool) -> np.ndarray:
    values = np.asarray(scores, dtype=np.float64) * (1.0 if higher_is_better else -1.0)
    agrees: np.ndarray = (values[pairs.first] - values[pairs.second]) * pairs.sign > 0
    return agrees


def tau_like(
    pairs: AnnotatedPairs, scores: Sequence[float] | np.ndarray, higher_is_better: bool = True
) -> list[TypeTau]:
    """The tau-like of ``scores`` (one per output) per type, then ``"All"``."""
    agrees = _agrees(pairs, scores, higher_is_better)
    out = []
    for k, name in [*enumerate(pairs.types), (-1, ALL_TYPES)]:
        mine = agrees if k < 0 else agrees[pairs.type_of == k]
        c, d = int(mine.sum()), int((~mine).sum())
        out.append(TypeTau(name, c, d, (c - d) / (c + d) if c + d else 0.0))
    return out


def tau_like_rows(
    pairs: AnnotatedPairs, scores: Sequence[float] | np.ndarray, weights: np.ndarray, higher_is_better: bool = True
) -> np.ndarray:
    """The tau-like per resample: ``weights`` ``(n_samples, n_outputs)`` counts each output's source
    draws (:class:`~simpeval.metaeval.bootstrap.Resamples`); returns ``(n_samples, n_types + 1)``
    (the last column ``"All"``), NaN where a resample has no counted pair of a type."""
    agrees = _agrees(pairs, scores, higher_is_better)
    w = np.asarray(weights, dtype=np.float64)[:, pairs.first]  # a pair's weight: its source's draws
    out = np.full((w.shape[0], len(pairs.types) + 1), np.nan)
    for k in range(len(pairs.types) + 1):
        mask = np.ones(len(agrees), dtype=bool) if k == len(pairs.types) else pairs.type_of == k
        c = w[:, mask & agrees].sum(axis=1)
        d = w[:, mask & ~agrees].sum(axis=1)
        with np.errstate(invalid="ignore", divide="ignore"):
            out[:, k] = np.where(c + d > 0, (c - d) / np.where(c + d > 0, c + d, 1.0), np.nan)
    return out
