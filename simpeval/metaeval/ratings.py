"""Human ratings as meta-evaluation needs them: one rating per (system, segment) and its output.

:class:`HumanRatings` comes from a registered set (:func:`from_registry`: ``simplicity-da``, one
of its aspects, z-scored or raw; ``asset-human-ratings``, the 15 raters of each output averaged,
raw or per-rater z-scores) or from a CSV file of one's own (:func:`from_csv`).
"""

from __future__ import annotations

import csv
import statistics
from collections import defaultdict
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Optional, Sequence, Union

from ..exceptions import InputFileError, InvalidOptionError
from ..testsets import load_asset_human_ratings, load_simplicity_da

__all__ = ["ASPECTS", "HumanRatings", "from_csv", "from_registry"]

#: The aspects each registered set rates.
ASPECTS = {"simplicity-da": ("simplicity", "fluency", "meaning"), "asset-human-ratings": ("simplicity", "fluency", "meaning")}


@dataclass(frozen=True)
class HumanRatings:
    """Rated outputs: ``segments[k]`` (0-based line of the test set), ``systems[k]``, ``outputs[k]``, ``scores[k]``.

    Attributes:
        name: where the ratings come from.
        aspect: what was rated (``"simplicity_zscore"``, ``"fluency"``, ...).
        corpus: the registered corpus whose lines ``segments`` index (``"asset-test"``), if known.
    """

    name: str
    aspect: str
    segments: tuple[int, ...]
    systems: tuple[str, ...]
    outputs: tuple[str, ...]
    scores: tuple[float, ...]
    corpus: Optional[str] = None

    def __post_init__(self) -> None:
        n = len(self.segments)
        if not n or any(len(x) != n for x in (self.systems, self.outputs, self.scores)):
            raise InvalidOptionError(f"HumanRatings {self.name}: segments, systems, outputs and scores need one entry each per rating (got {n}).")
        seen: set[tuple[str, int]] = set()
        for system, segment in zip(self.systems, self.segments):
            if (system, segment) in seen:
                raise InvalidOptionError(f"HumanRatings {self.name}: system {system!r} has two ratings of segment {segment}.")
            seen.add((system, segment))


def _check_aspect(name: str, aspect: str) -> str:
    if aspect not in ASPECTS[name]:
        raise InvalidOptionError(f"{name}: aspect must be one of {', '.join(ASPECTS[name])} (got {aspect!r}).")
    return aspect


def from_registry(name: str, aspect: str = "simplicity", zscore: bool = True, **load: Any) -> HumanRatings:
    """Ratings of a registered set.

    Args:
        name: ``"simplicity-da"`` (6 systems x 100 outputs; the means of 15 raters and their
            z-scores, as published) or ``"asset-human-ratings"`` (one output per source, 15
            raters each: averaged here, after z-scoring each rater's ratings when ``zscore``).
        aspect: ``"simplicity"``, ``"fluency"`` or ``"meaning"``.
        zscore: the z-scored ratings (Simplicity-DA's ``*_zscore`` columns, which the paper
            correlates with) instead of the raw 0-100 means.
        load: ``cache_dir`` and ``mirror`` of :func:`simpeval.testsets.load_human_ratings`.

    Raises:
        InvalidOptionError: an unknown set or aspect.
    """
    if name not in ASPECTS:
        raise InvalidOptionError(f"meta-evaluation: ratings must be one of {', '.join(ASPECTS)} or a CSV file (got {name!r}).")
    _check_aspect(name, aspect)
    label = f"{aspect}_zscore" if zscore else aspect
    if name == "simplicity-da":
        rows = load_simplicity_da(**load)
        return HumanRatings(name, label, tuple(r.sent_id - 1 for r in rows), tuple(r.sys_name for r in rows),
                            tuple(r.simp_sent for r in rows), tuple(float(getattr(r, label)) for r in rows), "asset-test")  # fmt: skip
    return _asset(aspect, label, zscore, load_asset_human_ratings(**load))


def _asset(aspect: str, label: str, zscore: bool, rows: Sequence[Any]) -> HumanRatings:
    """ASSET's ratings of ``aspect``: per output, the mean of its raters (each rater z-scored first if asked)."""
    by_worker: dict[int, list[float]] = defaultdict(list)
    for r in rows:
        by_worker[r.worker_id].append(float(r.rating))
    norms = {w: (statistics.fmean(v), statistics.pstdev(v) or 1.0) for w, v in by_worker.items()}
    per_output: dict[int, list[float]] = defaultdict(list)
    outputs: dict[int, str] = {}
    for r in rows:
        if r.aspect != aspect:
            continue
        mean, std = norms[r.worker_id]
        per_output[r.original_sentence_id].append((float(r.rating) - mean) / std if zscore else float(r.rating))
        outputs[r.original_sentence_id] = r.simplification
    ids = sorted(per_output)
    return HumanRatings("asset-human-ratings", label, tuple(ids), tuple("ASSET" for _ in ids),
                        tuple(outputs[i] for i in ids), tuple(statistics.fmean(per_output[i]) for i in ids), "asset-test")  # fmt: skip


def from_csv(
    path: Union[str, Path], *, segment: str = "sent_id", system: str = "sys_name", output: str = "simp_sent",
    rating: str = "rating", one_based: bool = True,
) -> HumanRatings:  # fmt: skip
    """Ratings from a CSV file with a header: a column each for segment id, system, output and rating.

    Args:
        path: the CSV file (UTF-8).
        segment, system, output, rating: the names of those columns.
        one_based: segment ids count lines from 1 (as Simplicity-DA's ``sent_id``), else from 0.

    Raises:
        InputFileError: the file is missing, a column is absent, or a value is not a number
            (the message names the file, the line and the column).
    """
    name = str(path)
    try:
        handle = open(path, encoding="utf-8", newline="")
    except OSError as err:
        raise InputFileError(f"ratings file {name} cannot be read ({err.strerror or err}).") from err
    with handle:
        reader = csv.DictReader(handle)
        missing = [c for c in (segment, system, output, rating) if c not in (reader.fieldnames or [])]
        if missing:
            raise InputFileError(f"ratings file {name}: no column {', '.join(map(repr, missing))} (columns: {reader.fieldnames}).")
        columns: tuple[list[int], list[str], list[str], list[float]] = ([], [], [], [])
        for line, row in enumerate(reader, start=2):
            try:
                columns[0].append(int(row[segment]) - (1 if one_based else 0))
                columns[3].append(float(row[rating]))
            except (TypeError, ValueError):
                raise InputFileError(f"ratings file {name}, line {line}: {segment!r} must be an integer and {rating!r} a number "
                                     f"(got {row[segment]!r}, {row[rating]!r}).") from None  # fmt: skip
            columns[1].append(row[system])
            columns[2].append(row[output])
    return HumanRatings(Path(name).name, rating, tuple(columns[0]), tuple(columns[1]), tuple(columns[2]), tuple(columns[3]))
