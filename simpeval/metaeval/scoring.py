"""Scoring the rated outputs: every output against its own segment's references.

:func:`align` picks, for each rating, its segment's references (and source) from the corpus the
segment ids index. :func:`score_columns` then computes each metric's statistics rows once
(:meth:`~simpeval.metrics.base.Metric.corpus_stats`: one additive row per rated output) and
derives everything from them: the sentence-level score of each output (its row scored alone, a
corpus of one, as in the meta-evaluation literature) and the corpus-level score of each system
(the sum of its rows, scored), on the full data and in every bootstrap resample. Nothing
averages finished scores. With ``components``, a metric's components (SARI's add, keep and
delete) become columns of their own, scored from the same sums.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np

from ..exceptions import InputLengthMismatchError, InvalidValueError
from ..metrics import Metric, References
from .ratings import HumanRatings

__all__ = ["Column", "Groups", "align", "score_columns"]


@dataclass(frozen=True)
class Column:
    """One column of a meta-evaluation: a metric's scores, or one of its components.

    Attributes:
        name: ``"SARI"``, ``"SARI-add"``, ``"BLEU"``, ...
        higher_is_better: the direction of the scores (TER's and FKGL's: lower is better).
        segment: ``(n_ratings,)`` sentence-level scores.
        system: ``(n_systems,)`` each system's corpus-level score.
        resampled: ``(n_samples, n_systems)`` the same in every resample (NaN where a system
            has no rating in it).
    """

    name: str
    higher_is_better: bool
    segment: np.ndarray
    system: np.ndarray
    resampled: np.ndarray


@dataclass(frozen=True)
class Groups:
    """The ratings grouped by system, full and resampled.

    Attributes:
        of_row: ``(n_ratings,)`` the system index of each rating.
        weights: ``(1 + n_samples, n_ratings)``: ones (the full data), then each resample's counts.
        names: the systems, in order of first appearance.
    """

    of_row: np.ndarray
    weights: np.ndarray
    names: tuple[str, ...]

    @classmethod
    def of(cls, ratings: HumanRatings, resample_weights: np.ndarray) -> Groups:
        """The systems of ``ratings`` with the full data and the resamples ``resample_weights``."""
        names = tuple(ratings.system_names)
        index = {name: k for k, name in enumerate(names)}
        of_row = np.array([index[s] for s in ratings.systems], dtype=np.int64)
        weights = np.vstack([np.ones((1, len(of_row))), resample_weights])
        return cls(of_row, weights, names)

    def sums(self, values: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
        """Per weighting and system: the weighted sum of the rows of ``values`` (``(n_ratings,
        ...)``), and how many ratings it holds."""
        flat = values.reshape(len(self.of_row), -1)
        sums = np.zeros((self.weights.shape[0], len(self.names), flat.shape[1]))
        counts = np.zeros((self.weights.shape[0], len(self.names)))
        for k in range(len(self.names)):
            mine = self.of_row == k
            sums[:, k] = self.weights[:, mine] @ flat[mine]
            counts[:, k] = self.weights[:, mine].sum(axis=1)
        return sums, counts

    def means(self, values: np.ndarray) -> np.ndarray:
        """``(1 + n_samples, n_systems)``: each system's mean of ``values`` (NaN where it has none)."""
        sums, counts = self.sums(values)
        with np.errstate(invalid="ignore", divide="ignore"):
            return np.where(counts > 0, sums[:, :, 0] / np.maximum(counts, 1), np.nan)


def align(
    ratings: HumanRatings, references: Sequence[Sequence[str]], sources: Sequence[str] | None
) -> tuple[References, list[str] | None]:
    """Each rating's references (and source): the lines ``ratings.segments`` of the corpus.

    Raises:
        InputLengthMismatchError: the reference streams (or the sources) differ in length.
        InvalidValueError: no reference stream, or a segment id past the corpus's last line.
    """
    streams = [list(stream) for stream in references]
    if not streams:
        raise InvalidValueError("meta_evaluate: references must hold at least one reference stream (got none).")
    n_lines = len(streams[0])
    lengths = [len(s) for s in streams] + ([len(sources)] if sources is not None else [])
    if any(n != n_lines for n in lengths):
        raise InputLengthMismatchError(
            f"meta_evaluate: every reference stream (and the sources) must have as many lines as the first "
            f"reference stream (got {', '.join(map(str, lengths))})."
        )
    for k, segment in enumerate(ratings.segments):
        if segment >= n_lines:
            base = 1 if ratings.lines else 0
            raise InvalidValueError(
                f"{ratings.where(k)}: segment {segment + base} is not a line of the references, which have {n_lines} "
                f"(segment ids count from {base}); give the references of the rated test set."
            )
    refs = References.from_streams([[stream[s] for s in ratings.segments] for stream in streams])
    return refs, ([sources[s] for s in ratings.segments] if sources is not None else None)


def score_columns(
    metric: Metric,
    name: str,
    ratings: HumanRatings,
    refs: References,
    srcs: list[str] | None,
    groups: Groups,
    components: bool = False,
) -> list[Column]:
    """The column of ``metric`` (named ``name``), then one per component if ``components``.

    Raises:
        SimpevalError: the metric refuses the data (e.g. SARI without sources).
    """
    stats = metric.corpus_stats(list(ratings.outputs), refs, sources=srcs)
    sums, counts = groups.sums(stats)
    flat = sums.reshape(-1, stats.shape[1])
    empty = (counts == 0).reshape(-1)
    flat[empty] = metric.sum_rows(stats)  # scored, then masked: a metric may refuse an all-zero row
    keys = list(metric.score_from_stats(stats[0]).components) if components else []
    values = {name: (metric.score_rows(stats), metric.score_rows(flat), metric.higher_is_better is not False)}
    if keys:
        per_row, per_sum = metric.component_rows(stats), metric.component_rows(flat)
        values.update({f"{name}-{key}": (per_row[key], per_sum[key], True) for key in keys})
    out = []
    for label, (segment, system, higher) in values.items():
        system = np.where(empty, np.nan, system).reshape(counts.shape)
        out.append(Column(label, higher, np.asarray(segment, dtype=np.float64), system[0], system[1:]))
    return out
