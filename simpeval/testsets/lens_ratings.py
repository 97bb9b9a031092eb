"""Loaders of LENS's SimpEval judgments (Maddela et al., 2023): one per registered set.

Each is :func:`~simpeval.testsets.load_human_ratings` of its set: the rows of
:mod:`simpeval.testsets.lens_rows` in file order (downloaded and checksummed on first use), or
with ``as_frame=True`` a :class:`pandas.DataFrame` with one column per field. For the ratings as
meta-evaluation reads them (one score per output, segments, the annotators' ratings and the
simplification types), see :func:`simpeval.metaeval.from_registry`.
"""

from __future__ import annotations

from typing import Any

from ..cache import PathArg
from .ratings import load_human_ratings

__all__ = ["load_simpda_2022", "load_simpeval_2022", "load_simpeval_past", "load_simplikert_2022"]


def load_simpeval_2022(cache_dir: PathArg | None = None, mirror: str | None = None, *, as_frame: bool = False) -> Any:
    """SimpEval_2022's 360 rated outputs: ``load_human_ratings("simpeval-2022", ...)``.

    Returns:
        ``tuple[SimpEval2022Rating, ...]``, or a DataFrame with ``as_frame=True``.
    """
    return load_human_ratings("simpeval-2022", cache_dir, mirror, as_frame=as_frame)


def load_simpeval_past(cache_dir: PathArg | None = None, mirror: str | None = None, *, as_frame: bool = False) -> Any:
    """SimpEval_past's 2,400 rated outputs: ``load_human_ratings("simpeval-past", ...)``.

    Returns:
        ``tuple[SimpEvalPastRating, ...]``, or a DataFrame with ``as_frame=True``.
    """
    return load_human_ratings("simpeval-past", cache_dir, mirror, as_frame=as_frame)


def load_simpda_2022(cache_dir: PathArg | None = None, mirror: str | None = None, *, as_frame: bool = False) -> Any:
    """SimpDA_2022's 1,080 answers (360 outputs x 3 workers): ``load_human_ratings("simpda-2022", ...)``.

    Returns:
        ``tuple[SimpWorkerRating, ...]`` (0-100 answers), or a DataFrame with ``as_frame=True``.
    """
    return load_human_ratings("simpda-2022", cache_dir, mirror, as_frame=as_frame)


def load_simplikert_2022(cache_dir: PathArg | None = None, mirror: str | None = None, *, as_frame: bool = False) -> Any:
    """SimpLikert_2022's 1,080 answers: ``load_human_ratings("simplikert-2022", ...)``.

    Returns:
        ``tuple[SimpWorkerRating, ...]`` (adequacy and fluency 1-5, simplicity -2..2), or a
        DataFrame with ``as_frame=True``.
    """
    return load_human_ratings("simplikert-2022", cache_dir, mirror, as_frame=as_frame)
