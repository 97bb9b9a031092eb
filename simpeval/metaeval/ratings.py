"""Human ratings as meta-evaluation needs them: one rating per (system, segment), with the output.

:class:`HumanRatings` comes from a registered set (:func:`from_registry`) or from a CSV file
(:func:`simpeval.metaeval.csvfile.from_csv`). What a rating is, per registered set:

* ``simplicity-da`` (Alva-Manchego, Scarton and Specia 2021; 6 systems x 100 segments): the
  published per-output values: by default the ``*_zscore`` column (the mean over the 15 raters
  of their standardised ratings, which the paper correlates metrics with), or with
  ``zscore=False`` the mean 0-100 rating.
* ``asset-human-ratings`` (Alva-Manchego et al. 2020; 100 outputs, each rated by 15 raters per
  aspect): the ratings are aggregated here. By default each rating is first standardised per
  rater and aspect (z-score over all the ratings that rater gave that aspect, population
  standard deviation, as the Simplicity-DA authors standardise theirs), then the 15 z-scores of
  an output are averaged; with ``zscore=False`` the 15 raw 0-100 ratings are averaged. The
  outputs come from several systems that the data does not name, so they count as one
  system: only segment-level figures are defined.
* LENS's SimpEval sets (Maddela et al. 2023): ``simpeval-2022``, ``simpeval-past`` (aspect
  ``overall``), ``simpda-2022``, ``simplikert-2022`` (``simplicity``, ``fluency``, ``adequacy``),
  with each annotator's rating (``rater_scores``) and SimpEval_2022's simplification types
  (``types``): see :mod:`simpeval.metaeval.lens_sets`.
"""

from __future__ import annotations

import math
import statistics
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from numbers import Real
from typing import Any

import numpy as np

from ..exceptions import InvalidOptionError, InvalidValueError
from ..testsets import load_asset_human_ratings, load_simplicity_da
from .lens_sets import LENS_ASPECTS, lens_fields

__all__ = ["ASPECTS", "ASSET_SYSTEM", "HumanRatings", "from_registry", "rater_zscores"]

#: The registered sets of ratings and the aspects each rates.
ASPECTS: dict[str, tuple[str, ...]] = {
    "simplicity-da": ("simplicity", "fluency", "meaning"),
    "asset-human-ratings": ("simplicity", "fluency", "meaning"),
    **LENS_ASPECTS,  # simpeval-2022, simpeval-past: overall; simpda-2022, simplikert-2022 (lens_sets.py)
}
#: The system name of ``asset-human-ratings``' outputs (their systems are not recorded).
ASSET_SYSTEM = "asset-rated-outputs"


@dataclass(frozen=True)
class HumanRatings:
    """Rated outputs: rating ``k`` is ``scores[k]`` for ``outputs[k]``, system ``systems[k]``'s
    output for segment ``segments[k]`` (the 0-based line of the corpus the references come from).

    Attributes:
        name: the set (``"simplicity-da"``) or the file the ratings come from.
        aspect: what was rated (``"simplicity_zscore"``, ``"fluency"``, a CSV column name).
        segments, systems, outputs, scores: one entry per rating.
        corpus: the registered corpus whose lines ``segments`` index, if known.
        note: how the ratings were obtained or aggregated (printed with the results).
        lines: the CSV line of each rating, when read from a file (for error messages).
        rater_scores: per output, each annotator's raw rating (for a registered set, whatever
            ``zscore``: the scale of the Kendall tau-like's threshold), when the set records
            them; empty otherwise.
        types: per output, its simplification type (``"Paraphrases"``; ``""`` if unknown), when
            the set records them; empty otherwise.

    Raises:
        InvalidValueError: entries of different lengths, no rating, a negative or non-integer
            segment, a score that is not a finite number, or two ratings of one output.
    """

    name: str
    aspect: str
    segments: tuple[int, ...]
    systems: tuple[str, ...]
    outputs: tuple[str, ...]
    scores: tuple[float, ...]
    corpus: str | None = None
    note: str = ""
    lines: tuple[int, ...] = ()
    rater_scores: tuple[tuple[float, ...], ...] = ()
    types: tuple[str, ...] = ()

    def __post_init__(self) -> None:
        for name in ("segments", "systems", "outputs", "scores", "lines", "types"):
            object.__setattr__(self, name, tuple(getattr(self, name)))  # lists, arrays and Series welcome
        object.__setattr__(self, "rater_scores", tuple(tuple(float(x) for x in r) for r in self.rater_scores))
        n = len(self.segments)
        sizes = [len(x) for x in (self.systems, self.outputs, self.scores)]
        if not n or any(size != n for size in sizes) or (self.lines and len(self.lines) != n):
            raise InvalidValueError(
                f"HumanRatings {self.name}: segments, systems, outputs and scores must have one entry per "
                f"rating, at least one (got {n}, {sizes[0]}, {sizes[1]}, {sizes[2]})."
            )
        for name in ("rater_scores", "types"):
            if getattr(self, name) and len(getattr(self, name)) != n:
                raise InvalidValueError(
                    f"HumanRatings {self.name}: {name} must be empty or have one entry per rating "
                    f"({n}; got {len(getattr(self, name))})."
                )
        for k, (segment, score, system, output) in enumerate(
            zip(self.segments, self.scores, self.systems, self.outputs)
        ):
            if isinstance(segment, (bool, np.bool_)) or not isinstance(segment, (int, np.integer)) or segment < 0:
                raise InvalidValueError(f"{self.where(k)}: segment must be a line index >= 0 (got {segment!r}).")
            if isinstance(score, (bool, np.bool_)) or not isinstance(score, Real) or not math.isfinite(score):
                raise InvalidValueError(f"{self.where(k)}: score must be a finite number (got {score!r}).")
            if not isinstance(system, str) or not isinstance(output, str):
                raise InvalidValueError(
                    f"{self.where(k)}: system and output must be strings (got {system!r}, {output!r})."
                )
        object.__setattr__(self, "segments", tuple(int(s) for s in self.segments))
        object.__setattr__(self, "scores", tuple(float(x) for x in self.scores))
        self._check_unique()

    def _check_unique(self) -> None:
        seen: dict[tuple[str, int], int] = {}
        for k, (system, segment) in enumerate(zip(self.systems, self.segments)):
            if (system, segment) in seen:
                raise InvalidValueError(
                    f"{self.where(k)}: system {system!r} has a second rating of segment {segment} (the first: "
                    f"{self.where(seen[system, segment])}); give one rating per output (average them first)."
                )
            seen[system, segment] = k

    def where(self, k: int) -> str:
        """Where rating ``k`` comes from, for messages (``"ratings file r.csv, line 5"``)."""
        return (
            f"ratings file {self.name}, line {self.lines[k]}" if self.lines else f"HumanRatings {self.name}, rating {k}"
        )

    @property
    def system_names(self) -> list[str]:
        """The systems, in order of first appearance."""
        return list(dict.fromkeys(self.systems))


def from_registry(name: str, aspect: str | None = None, zscore: bool = True, **load: Any) -> HumanRatings:
    """The ratings of a registered set (see the module docstring for what a rating is).

    Args:
        name: a key of :data:`ASPECTS`: ``"simplicity-da"``, ``"asset-human-ratings"``, or LENS's
            ``"simpeval-2022"``, ``"simpeval-past"``, ``"simpda-2022"``, ``"simplikert-2022"``
            (:mod:`simpeval.metaeval.lens_sets` says what their ratings are).
        aspect: one of the set's aspects (:data:`ASPECTS`): ``"simplicity"``, ``"fluency"`` or
            ``"meaning"``; ``"overall"`` for SimpEval; ``"adequacy"`` instead of ``"meaning"`` for
            SimpDA and SimpLikert. Default: the set's first (``"simplicity"``, or ``"overall"``).
        zscore: standardised ratings (the default) instead of the raw means.
        load: ``cache_dir`` and ``mirror`` of :func:`simpeval.testsets.load_human_ratings`.

    Raises:
        InvalidOptionError: an unknown set or aspect.
        DownloadError, ChecksumMismatchError: the download failed (see :func:`simpeval.testsets.download`).
    """
    if name not in ASPECTS:
        raise InvalidOptionError(
            f"meta-evaluation: ratings must be one of {', '.join(ASPECTS)} or a CSV file (got {name!r})."
        )
    aspect = ASPECTS[name][0] if aspect is None else aspect
    if aspect not in ASPECTS[name]:
        raise InvalidOptionError(f"{name}: aspect must be one of {', '.join(ASPECTS[name])} (got {aspect!r}).")
    label = f"{aspect}_zscore" if zscore else aspect
    if name in LENS_ASPECTS:
        return HumanRatings(name, **lens_fields(name, aspect, zscore, **load))
    if name == "asset-human-ratings":
        return _asset(aspect, zscore, load_asset_human_ratings(**load))
    rows = load_simplicity_da(**load)
    note = f"{label}: as published, the mean over 15 raters of their " + ("z-scores" if zscore else "0-100 ratings")
    return HumanRatings(
        name,
        label,
        tuple(r.sent_id - 1 for r in rows),
        tuple(r.sys_name for r in rows),
        tuple(r.simp_sent for r in rows),
        tuple(float(getattr(r, label)) for r in rows),
        "asset-test",
        note,
    )


def rater_zscores(rows: Sequence[Any]) -> list[float]:
    """Each rating standardised per (rater, aspect): ``(rating - mean) / std`` over all ratings
    of that rater for that aspect (population std; 0 when a rater always gives the same value).

    Examples:
        >>> from types import SimpleNamespace as R
        >>> rater_zscores([R(worker_id=1, aspect="a", rating=r) for r in (10, 20, 30)])
        [-1.224744871391589, 0.0, 1.224744871391589]
    """
    groups: dict[tuple[Any, str], list[float]] = defaultdict(list)
    for r in rows:
        groups[r.worker_id, r.aspect].append(float(r.rating))
    norms = {key: (statistics.fmean(v), statistics.pstdev(v)) for key, v in groups.items()}
    out = []
    for r in rows:
        mean, std = norms[r.worker_id, r.aspect]
        out.append((float(r.rating) - mean) / std if std > 0 else 0.0)
    return out


def _asset(aspect: str, zscore: bool, rows: Sequence[Any]) -> HumanRatings:
    """ASSET's ratings of ``aspect``: per output, the mean of its raters' (standardised) ratings."""
    values = rater_zscores(rows) if zscore else [float(r.rating) for r in rows]
    per_output: dict[int, list[float]] = defaultdict(list)
    outputs: dict[int, str] = {}
    for r, value in zip(rows, values):
        if r.aspect == aspect:
            per_output[r.original_sentence_id].append(value)
            outputs[r.original_sentence_id] = r.simplification
    ids = sorted(per_output)
    raters = sorted({len(v) for v in per_output.values()})
    how = "z-scores (standardised per rater and aspect)" if zscore else "0-100 ratings"
    note = f"{aspect}{'_zscore' if zscore else ''}: mean over {'/'.join(map(str, raters))} raters of their {how}"
    return HumanRatings(
        "asset-human-ratings",
        f"{aspect}_zscore" if zscore else aspect,
        tuple(ids),
        tuple(ASSET_SYSTEM for _ in ids),
        tuple(outputs[i] for i in ids),
        tuple(statistics.fmean(per_output[i]) for i in ids),
        "asset-test",
        note,
    )
