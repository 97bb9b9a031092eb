"""Human judgments of simplification quality, as typed rows, for meta-evaluation.

Three registered sets, each one CSV file upstream (and LENS's four SimpEval sets, whose rows
are in :mod:`simpeval.testsets.lens_rows`):

* ``simplicity-da`` (:class:`SimplicityDARating`): 600 system outputs (6 systems x 100
  sources of the ASSET/TurkCorpus test set) with fluency, meaning and simplicity scores,
  each the mean of 15 raters on 0-100, plus z-scores (Alva-Manchego et al., 2021);
* ``simplicity-da-metrics`` (:class:`SimplicityDAMetrics`): the per-sentence metric values the
  same authors computed for those outputs against four reference sets;
* ``asset-human-ratings`` (:class:`AssetHumanRating`): one rating per row, 100 outputs x 3
  aspects x 15 raters, 0-100 (Alva-Manchego et al., 2020).

Loaders return a tuple of frozen rows whose fields are the CSV's columns, typed, in file
order; with ``as_frame=True`` a :class:`pandas.DataFrame` with the same columns and dtypes
(``pip install 'simplification-metrics[pandas]'``).

Examples:
    >>> row = AssetHumanRating("A long one.", "A short one.", 7, "meaning", 3, 55)
    >>> row.rating, row.aspect
    (55, 'meaning')
    >>> [f.name for f in dataclasses.fields(SimplicityDARating)][:3]
    ['sent_id', 'sys_name', 'orig_sent']
"""

from __future__ import annotations

import csv
import dataclasses
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TypeVar

from ..cache import PathArg
from ..exceptions import InvalidOptionError, MissingDependencyError
from .download import ProgressFn, download
from .errors import TestSetFormatError
from .lens_rows import LENS_ROW_TYPES
from .registry import get_testset

__all__ = [
    "AssetHumanRating",
    "SimplicityDAMetrics",
    "SimplicityDARating",
    "load_asset_human_ratings",
    "load_human_ratings",
    "load_simplicity_da",
    "load_simplicity_da_metrics",
]

Row = TypeVar("Row")


@dataclass(frozen=True)
class SimplicityDARating:
    """One system output of Simplicity-DA with its mean human scores (``simplicity_DA.csv``).

    Attributes:
        sent_id: 1-based line of the source in ``asset-test`` / ``turkcorpus-test``.
        sys_name: the system (ACCESS, DMASS-DCSS, Dress-Ls, Hybrid, PBMT-R, SBMT-SARI).
        orig_sent: the source sentence.
        simp_sent: the system output.
        sys_type: the system family (``NeuralSeq2Seq``, ``PBMT``, ``SBMT``, ``Semantics+PBMT``).
        fluency: mean of 15 raters, 0-100.
        fluency_zscore: mean of the raters' z-scores.
        meaning: mean meaning preservation, 0-100.
        meaning_zscore: its z-score.
        simplicity: mean simplicity, 0-100.
        simplicity_zscore: its z-score (what the paper correlates metrics with).
    """

    sent_id: int
    sys_name: str
    orig_sent: str
    simp_sent: str
    sys_type: str
    fluency: float
    fluency_zscore: float
    meaning: float
    meaning_zscore: float
    simplicity: float
    simplicity_zscore: float


@dataclass(frozen=True)
class SimplicityDAMetrics:
    """Metric values the Simplicity-DA authors computed for one output and one reference set.

    ``metrics_simplicity_DA.csv``; every score column is a float. ``test_set`` is ``asset``
    (10 references), ``turk`` (8), ``hsplit`` or ``all``. See ``../shared/human_ratings``'
    README for how they were computed (Moses tokenization, EASSE SARI with deletion
    precision, sacrebleu 1.x BLEU).
    """

    sent_id: int
    sys_name: str
    test_set: str
    bleu: float
    sari: float
    sari_add: float
    sari_keep: float
    sari_del: float
    ibleu: float
    amean_bleu_sari: float
    gmean_bleu_sari: float
    fkgl: float
    fkbleu: float
    bertscore_P: float
    bertscore_R: float
    bertscore_F1: float
    samsa: float
    amean_bleu_samsa: float
    amean_sari_samsa: float
    amean_bleu_sari_samsa: float
    gmean_bleu_samsa: float
    gmean_sari_samsa: float
    gmean_bleu_sari_samsa: float


@dataclass(frozen=True)
class AssetHumanRating:
    """One rater's judgment of one ASSET output on one aspect (``human_ratings.csv``).

    Attributes:
        original: the source sentence (may differ from ``asset-test`` in casing and spacing).
        simplification: the rated output.
        original_sentence_id: 0-based line of the source in ``asset-test``.
        aspect: ``meaning``, ``fluency`` or ``simplicity``.
        worker_id: the (anonymized) rater.
        rating: 0-100.
    """

    original: str
    simplification: str
    original_sentence_id: int
    aspect: str
    worker_id: int
    rating: int


_ROW_TYPES: dict[str, type] = {
    "simplicity-da": SimplicityDARating,
    "simplicity-da-metrics": SimplicityDAMetrics,
    "asset-human-ratings": AssetHumanRating,
    **LENS_ROW_TYPES,  # simpeval-2022, simpeval-past, simpda-2022, simplikert-2022
}

# Field annotations are strings (``from __future__ import annotations``); these are all we use.
_CONVERTERS: dict[str, Callable[[str], Any]] = {"int": int, "float": float, "str": str}


def _read_rows(path: Path, row_type: type[Row], name: str) -> tuple[Row, ...]:
    fields = dataclasses.fields(row_type)  # type: ignore[arg-type]
    names = list(getattr(row_type, "CSV_COLUMNS", [f.name for f in fields]))  # columns no field name can spell
    converters = [_CONVERTERS[str(f.type)] for f in fields]
    with open(path, newline="", encoding="utf-8") as handle:
        reader = csv.reader(handle)
        header = next(reader, None)
        if header != names:
            raise TestSetFormatError(
                f"{name}: {path} must have the columns {','.join(names)} (got {header}). "
                "Its checksum is right, so this is a bug in simpeval; please report it."
            )
        rows: list[Row] = []
        for number, record in enumerate(reader, start=2):
            try:
                if len(record) != len(names):
                    raise ValueError(f"expected {len(names)} fields (got {len(record)})")
                rows.append(row_type(*(convert(value) for convert, value in zip(converters, record))))
            except ValueError as err:
                raise TestSetFormatError(f"{name}: {path}, record {number}: {err}") from err
    return tuple(rows)


def _pandas() -> Any:
    try:
        import pandas
    except ImportError as err:
        raise MissingDependencyError(
            f"as_frame=True: pandas must be installed (got {err}). Install it with: pip install 'simplification-metrics[pandas]', "
            "or leave as_frame=False for a tuple of typed rows."
        ) from err
    return pandas


def _frame(rows: tuple[Any, ...], row_type: Any) -> Any:
    pandas = _pandas()
    names = [f.name for f in dataclasses.fields(row_type)]
    columns = {name: [getattr(row, name) for row in rows] for name in names}
    dtypes = {
        f.name: {"int": "int64", "float": "float64", "str": object}[str(f.type)] for f in dataclasses.fields(row_type)
    }
    return pandas.DataFrame({name: pandas.Series(values, dtype=dtypes[name]) for name, values in columns.items()})


def load_human_ratings(
    name: str,
    cache_dir: PathArg | None = None,
    mirror: str | None = None,
    *,
    as_frame: bool = False,
    progress: bool | ProgressFn | None = None,
) -> Any:
    """Load a human-judgment set, downloading and verifying it on first use.

    Args:
        name: ``simplicity-da``, ``simplicity-da-metrics``, ``asset-human-ratings``, or one of
            LENS's SimpEval sets: ``simpeval-2022``, ``simpeval-past``, ``simpda-2022``,
            ``simplikert-2022`` (rows of :mod:`simpeval.testsets.lens_rows`).
        cache_dir: cache root; default ``$SIMPEVAL_CACHE``, else the per-user cache.
        mirror: replaces ``https://raw.githubusercontent.com``; default ``$SIMPEVAL_MIRROR``.
        as_frame: return a :class:`pandas.DataFrame` (one column per field) instead of rows.
        progress: as in :func:`~simpeval.testsets.download`.

    Returns:
        A tuple of frozen rows (:class:`SimplicityDARating`, :class:`SimplicityDAMetrics`,
        :class:`AssetHumanRating` or a SimpEval row type) in file order, or a DataFrame.

    Raises:
        UnknownTestSetError: no such set.
        InvalidOptionError: ``name`` is a corpus (use :func:`~simpeval.testsets.load_testset`).
        MissingDependencyError: ``as_frame=True`` without pandas.
        DownloadError, ChecksumMismatchError: see :func:`~simpeval.testsets.download`.
    """
    spec = get_testset(name)
    if spec.kind != "ratings":
        raise InvalidOptionError(
            f"load_human_ratings: name must be a set of human judgments ({', '.join(_ROW_TYPES)}) "
            f"(got {spec.name!r}, a corpus). Load it with simpeval.testsets.load_testset({spec.name!r})."
        )
    if as_frame:
        _pandas()  # fail before downloading anything
    folder = download(spec.name, cache_dir, mirror, progress=progress)
    row_type = _ROW_TYPES[spec.name]
    rows: tuple[Any, ...] = _read_rows(folder / spec.files["ratings"][0].name, row_type, spec.name)
    if len(rows) != spec.n_segments:
        raise TestSetFormatError(
            f"{spec.name}: expected {spec.n_segments} rows (got {len(rows)}). This is a bug in simpeval; please report it."
        )
    return _frame(rows, row_type) if as_frame else rows


def load_simplicity_da(cache_dir: PathArg | None = None, mirror: str | None = None, *, as_frame: bool = False) -> Any:
    """The 600 Simplicity-DA judgments: ``load_human_ratings("simplicity-da", ...)``.

    Returns:
        ``tuple[SimplicityDARating, ...]``, or a DataFrame with ``as_frame=True``.
    """
    return load_human_ratings("simplicity-da", cache_dir, mirror, as_frame=as_frame)


def load_simplicity_da_metrics(
    cache_dir: PathArg | None = None, mirror: str | None = None, *, as_frame: bool = False
) -> Any:
    """The authors' 2400 per-sentence metric values: ``load_human_ratings("simplicity-da-metrics", ...)``.

    Returns:
        ``tuple[SimplicityDAMetrics, ...]``, or a DataFrame with ``as_frame=True``.
    """
    return load_human_ratings("simplicity-da-metrics", cache_dir, mirror, as_frame=as_frame)


def load_asset_human_ratings(
    cache_dir: PathArg | None = None, mirror: str | None = None, *, as_frame: bool = False
) -> Any:
    """The 4500 ASSET ratings: ``load_human_ratings("asset-human-ratings", ...)``.

    Returns:
        ``tuple[AssetHumanRating, ...]``, or a DataFrame with ``as_frame=True``.
    """
    return load_human_ratings("asset-human-ratings", cache_dir, mirror, as_frame=as_frame)
